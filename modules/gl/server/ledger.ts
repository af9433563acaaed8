/**
 * Server rules of the General Ledger's periods, journals and journal entries (issue 12, §4 Accounting
 * period and journal, §5 Accounting, §8). Every rule that reads other tables runs inside the save's or
 * the action's transaction (EntityHooks.beforeWrite / actions), so a period cannot close between the check
 * and the write.
 *
 * accounting-period
 * - create: fiscal year + period gives calendar-month dates (period 13: the last day of the year, for
 *   adjustments); start + end date gives the fiscal year and period of the start;
 * - closing a sub-ledger flag (the G/L's, or one a module declared: definitions/ledger-sources.ts) is refused
 *   while a journal of that source dated in the period is open (§4); closing the G/L flag then closes every journal of the period (any source);
 *   reopening changes no journal;
 * - a period with journals cannot be deleted.
 * - issue 22: the periods of a fiscal year tile it (ledger/period-layout.ts, the rule the fiscal-year generator
 *   uses too: numbered from 1, contiguous, at most 53 weeks, no overlap with another year); a closed period and
 *   a period holding entries or journals keep their year, number and dates; only a year's last period can be
 *   deleted; a locked year's periods never change (none reopens); a closed year's periods neither reopen nor
 *   move (undo the year end first).
 * accounting-journal
 * - the date needs an existing period, whose flag for the journal's source is open ("Selected date is in a
 *   closed period.");
 * - an open journal with the same source, data type and date asks for confirmation (§5; ResultStatus 3,
 *   question id `duplicate-journal`);
 * - a journal with entries cannot be deleted.
 * gl-journal-entry
 * - save: the date's period exists and its G/L flag is open; lines' accounts exist (in the transaction);
 * - post: the posting service (modules/gl/server/ledger/posting.ts) with source GL: balance = 0, accounts valid and
 *   postable and not control accounts, period open, journal open; the entry becomes Posted (immutable);
 * - reverse: a new posted entry with the lines swapped, numbered from the same sequence, posted through
 *   the posting service on the original's date, linked both ways (ReversalOf / ReversedBy).
 */
import { neg, sub } from '@erp/shared/decimal';
import { glJournalEntry } from '../definitions/gl-journal-entry.ts';
import { sql, type Kysely, type Transaction } from 'kysely';
import { BusinessError, ConfirmationNeeded, localeOf, messageIn, callResult } from '@erp/server/entities/call-result';
import { formatCalendarDate } from '@erp/shared/format';
import type { EntityContext, EntityHooks } from '@erp/server/entities/hooks';
import { nextNumber } from '@erp/server/entities/numbering';
import { tableChanged } from '@erp/server/entities/paging';
import { decimalToDb, engineOf } from '@erp/server/db/decimal-codec';
import { lockLayout, overlappingPeriod, yearLayoutIssue, yearSpans, type PeriodSpan } from './ledger/period-layout.ts';
import { assertPeriodOpen, assertYearOpen, findPeriod, flagColumn, periodClosedKey, yearState } from './ledger/periods.ts';
import { post } from './ledger/posting.ts';
import type { JournalSource, SubLedger } from './ledger/types.ts';
import { glDb, type GlDatabase } from './tables.generated.ts';

type GlTransaction = Transaction<GlDatabase>;
import { setField } from '@erp/server/entities/hooks';
import { GL_FLAG, periodFlagOf, periodFlags } from '../definitions/ledger-sources.ts';

/** The sub-ledger whose period flag governs a journal source (the GL flag for a source without its own). */
export function subLedgerOf(source: string): SubLedger {
  return periodFlagOf(source).code;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** Calendar-month dates of fiscal period `periodNo` of `year` (13: the year's last day). */
export function calendarPeriod(year: number, periodNo: number): { start: string; end: string } {
  if (periodNo === 13) return { start: `${year}-12-31`, end: `${year}-12-31` };
  const last = new Date(Date.UTC(year, periodNo, 0)).getUTCDate();
  return { start: `${year}-${pad(periodNo)}-01`, end: `${year}-${pad(periodNo)}-${pad(last)}` };
}

async function openJournalsIn(trx: Kysely<GlDatabase>, start: string, end: string, source: JournalSource | null, openOnly = true): Promise<number> {
  let query = trx
    .selectFrom('gl_journals')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('journal_date', '>=', start)
    .where('journal_date', '<=', end);
  if (openOnly) query = query.where('status', '=', 'Open');
  if (source) query = query.where('source', '=', source);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The fields that place a period in time: fixed once the period is closed or holds entries (issue 22). */
const PLACE_FIELDS = ['FiscalYear', 'PeriodNo', 'StartDate', 'EndDate'] as const;
/** The period's flag fields, the G/L's and the declared ones (read at each save: modules register at start). */
const flagFields = () => periodFlags().map((flag) => flag.field);

const isSet = (raw: unknown) => raw === true || raw === 1 || raw === '1' || raw === 't';

/** Whether entries are posted in the period, or journals dated in it. */
async function periodInUse(trx: Kysely<GlDatabase>, record: Record<string, unknown>): Promise<boolean> {
  const entry = await trx
    .selectFrom('gl_entries')
    .select('entry_id')
    .where('fiscal_year', '=', Number(record['FiscalYear']))
    .where('period_no', '=', Number(record['PeriodNo']))
    .limit(1)
    .executeTakeFirst();
  if (entry) return true;
  return (await openJournalsIn(trx, String(record['StartDate']), String(record['EndDate']), null, false)) > 0;
}

/**
 * The one layout rule (ledger/period-layout.ts) on the year(s) a save touches: the year with the period as it
 * will be, and — when it moves to another year — the year it leaves; and no overlap with another year.
 */
async function assertLayout(trx: GlTransaction, id: number | null, next: Record<string, unknown>, current: Record<string, unknown> | null): Promise<void> {
  await lockLayout(trx);
  const year = Number(next['FiscalYear']);
  const span: PeriodSpan = { periodNo: Number(next['PeriodNo']), start: String(next['StartDate']), end: String(next['EndDate']) };
  const others = (await yearSpans(trx, year)).filter((p) => p.periodId !== id);
  const issue = yearLayoutIssue([...others, span]);
  if (issue) throw BusinessError.of(400, 'validation_failed', issue.key, issue.params, issue.field);
  if (current && Number(current['FiscalYear']) !== year) {
    const left = (await yearSpans(trx, Number(current['FiscalYear']))).filter((p) => p.periodId !== id);
    const leftIssue = yearLayoutIssue(left);
    if (leftIssue) throw BusinessError.of(400, 'validation_failed', leftIssue.key, leftIssue.params, 'FiscalYear');
  }
  const overlap = await overlappingPeriod(trx, year, span.start, span.end);
  if (overlap) throw BusinessError.of(400, 'validation_failed', 'gl:rules.periodOverlap', {}, 'StartDate');
}

/** §4, issue 22: a locked year's periods never change; a closed year's periods do not reopen nor move. */
async function assertYearAllows(trx: GlTransaction, year: number, reopens: boolean, moves: boolean, field: string): Promise<void> {
  const state = await yearState(trx, year);
  if (state === 'Locked') throw BusinessError.of(409, 'year_locked', 'gl:rules.yearLocked', { year }, field);
  if (state === 'Closed' && (reopens || moves)) throw BusinessError.of(409, 'year_closed', 'gl:rules.yearClosed', { year }, field);
}

/** The question id of closing a period whose journals are open (§4, issue 21 item 6). */
const CLOSE_JOURNALS = 'close-open-journals';

interface OpenJournal {
  id: number;
  source: string;
  date: string;
}

/** The open journals dated start..end, of `sources` (null: any), oldest first. */
async function openJournalList(trx: GlTransaction, start: string, end: string, sources: readonly JournalSource[] | null): Promise<OpenJournal[]> {
  let query = trx
    .selectFrom('gl_journals')
    .select(['journal_id', 'source', 'journal_date'])
    .where('journal_date', '>=', start)
    .where('journal_date', '<=', end)
    .where('status', '=', 'Open');
  if (sources) query = query.where('source', 'in', [...sources]);
  const rows = await query.orderBy('journal_date').orderBy('journal_id').execute();
  return rows.map((row) => ({ id: row.journal_id, source: String(row.source), date: String(row.journal_date) }));
}

async function closeJournals(trx: GlTransaction, userId: EntityContext['user']['userId'], ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('gl_journals')
    .set({ status: 'Closed', updated_by: userId, updated_on: new Date().toISOString(), version: sql`version + 1` })
    .where('journal_id', 'in', [...ids])
    .where('status', '=', 'Open')
    .execute();
  tableChanged('gl_journals');
}

const periodHooks: EntityHooks = {
  inputKeys: ['Confirmations'],
  async beforeWrite(ctx, engineTrx, change, confirmations) {
    const trx = glDb(engineTrx);
    const next = change.next;
    if (change.mode === 'create') {
      const year = next['FiscalYear'] as number | null;
      const periodNo = next['PeriodNo'] as number | null;
      if ((next['StartDate'] == null || next['EndDate'] == null) && year != null && periodNo != null) {
        const dates = calendarPeriod(year, periodNo);
        setField(change, 'StartDate', dates.start);
        setField(change, 'EndDate', dates.end);
      } else if ((year == null || periodNo == null) && typeof next['StartDate'] === 'string') {
        const start = next['StartDate'];
        setField(change, 'FiscalYear', Number(start.slice(0, 4)));
        setField(change, 'PeriodNo', Number(start.slice(5, 7)));
      }
      const duplicate = await trx
        .selectFrom('fiscal_periods')
        .select('period_id')
        .where('fiscal_year', '=', change.next['FiscalYear'] as number)
        .where('period_no', '=', change.next['PeriodNo'] as number)
        .executeTakeFirst();
      if (duplicate) throw BusinessError.of(400, 'validation_failed', 'gl:rules.periodExists', {}, 'PeriodNo');
      await assertYearAllows(trx, Number(change.next['FiscalYear']), false, true, 'FiscalYear');
      await assertLayout(trx, null, change.next, null);
      return;
    }
    const current = change.current!;
    const start = String(next['StartDate']);
    const end = String(next['EndDate']);
    if (engineOf(trx) === 'postgres') {
      // The close waits for running postings into the period (they share-lock the row) and blocks new ones.
      await sql`select period_id from fiscal_periods where period_id = ${change.id} for update`.execute(trx);
    }
    const moves = PLACE_FIELDS.some((field) => String(next[field]) !== String(current[field]));
    const reopens = flagFields().some((field) => isSet(current[field]) && !isSet(next[field]));
    const flagsChange = flagFields().some((field) => isSet(current[field]) !== isSet(next[field]));
    if (moves || flagsChange) await assertYearAllows(trx, Number(current['FiscalYear']), reopens, moves, reopens ? 'ClosedGl' : 'StartDate');
    if (moves) {
      // Issue 22: a closed period, or one holding entries or journals, stays where it is.
      if (flagFields().some((field) => isSet(current[field]))) throw BusinessError.of(400, 'validation_failed', 'gl:rules.closedPeriodFixed', {}, 'StartDate');
      if (await periodInUse(trx, current)) throw BusinessError.of(400, 'validation_failed', 'gl:rules.periodInUseFixed', {}, 'StartDate');
      if (Number(next['FiscalYear']) !== Number(current['FiscalYear'])) await assertYearAllows(trx, Number(next['FiscalYear']), false, true, 'FiscalYear');
      await assertLayout(trx, change.id as number, next, current);
    }
    let closesGl = false;
    const closingSources: JournalSource[] = [];
    for (const { field, source } of periodFlags()) {
      const closing = next[field] === true && current[field] !== true;
      if (!closing) continue;
      closingSources.push(source as JournalSource);
      if (field === GL_FLAG.field) closesGl = true;
    }
    // §4: closing a flag needs that source's journals of the period closed. Issue 21 item 6: the save asks
    // (naming them) and, answered Yes, closes them here, in the period's own transaction.
    const waiting = closingSources.length > 0 ? await openJournalList(trx, String(current['StartDate']), String(current['EndDate']), closingSources) : [];
    if (waiting.length > 0) {
      if (!confirmations.has(CLOSE_JOURNALS)) {
        const locale = localeOf(ctx.user.row.language);
        const journals = waiting.map((journal) => `${journal.source} ${journal.id} (${formatCalendarDate(journal.date, locale)})`).join(', ');
        throw new ConfirmationNeeded(CLOSE_JOURNALS, 'gl:accounting-period.confirm.closeJournals', { journals, count: waiting.length });
      }
      await closeJournals(trx, ctx.user.userId, waiting.map((journal) => journal.id));
    }
    if (closesGl) {
      // §4: closing the G/L period closes all its journals (reopening leaves them closed).
      await closeJournals(trx, ctx.user.userId, (await openJournalList(trx, start, end, null)).map((journal) => journal.id));
    }
  },
  async beforeDelete(ctx, record) {
    const language = ctx.user.row.language;
    const refuse = (code: string, key: string, params: Record<string, unknown> = {}) => ({ status: 409, body: callResult(2, code, messageIn(language, key, params)) });
    const db = glDb(ctx.db);
    const row = await db
      .selectFrom('gl_journals')
      .select('journal_id')
      .where('journal_date', '>=', String(record['StartDate']))
      .where('journal_date', '<=', String(record['EndDate']))
      .limit(1)
      .executeTakeFirst();
    if (row) return refuse('in_use', 'gl:rules.periodHasJournals');
    if (await periodInUse(db, record)) return refuse('in_use', 'gl:rules.periodHasJournals');
    const year = Number(record['FiscalYear']);
    const state = await yearState(db, year);
    if (state !== 'Open') return refuse(state === 'Locked' ? 'year_locked' : 'year_closed', state === 'Locked' ? 'gl:rules.yearLocked' : 'gl:rules.yearClosed', { year });
    if (flagFields().some((field) => isSet(record[field]))) return refuse('closed', 'gl:rules.closedPeriodFixed');
    // Issue 22: only the year's last period goes (a gap in the middle would leave dates without a period).
    const left = (await yearSpans(db, year)).filter((p) => p.periodId !== Number(record['PeriodId']));
    const issue = yearLayoutIssue(left);
    if (issue) return refuse('layout', 'gl:rules.periodNotLast');
    return null;
  },
};

const journalHooks: EntityHooks = {
  inputKeys: ['Confirmations'],
  async beforeWrite(_ctx, engineTrx, change, confirmations) {
    const trx = glDb(engineTrx);
    const next = change.next;
    if (!['JournalDate', 'Source', 'DataType'].some((field) => change.changed.has(field))) return;
    const date = String(next['JournalDate']);
    // The definition's choices: the stored codes the column type lists.
    const source = String(next['Source']) as JournalSource;
    const dataType = next['DataType'] === 'Budget' ? 'Budget' : 'Actual';
    const period = await findPeriod(trx, date, 'share');
    if (!period) throw BusinessError.of(400, 'period_missing', 'gl:rules.periodMissing', {}, 'JournalDate');
    if (period.closed[subLedgerOf(source)] || period.closed.gl) throw BusinessError.of(400, 'period_closed', 'gl:rules.dateInClosedPeriod', {}, 'JournalDate');
    await assertYearOpen(trx, period.fiscalYear, 'JournalDate');
    let query = trx
      .selectFrom('gl_journals')
      .select('journal_id')
      .where('source', '=', source)
      .where('data_type', '=', dataType)
      .where('journal_date', '=', date)
      .where('status', '=', 'Open');
    if (change.id !== null) query = query.where('journal_id', '!=', Number(change.id));
    const twin = await query.executeTakeFirst();
    // §5: an open journal with the same source, data type and date asks for confirmation.
    if (twin && !confirmations.has('duplicate-journal')) {
      throw new ConfirmationNeeded('duplicate-journal', 'gl:accounting-journal.confirm.duplicate', { journal: Number(twin.journal_id), source, date });
    }
  },
  async beforeDelete(ctx, record) {
    const entry = await glDb(ctx.db).selectFrom('gl_entries').select('entry_id').where('journal_id', '=', Number(record['JournalId'])).limit(1).executeTakeFirst();
    if (!entry) return null;
    return { status: 409, body: callResult(2, 'in_use', messageIn(ctx.user.row.language, 'gl:rules.journalHasEntries')) };
  },
};

interface Line {
  AccountId: string;
  Description: string | null;
  Debit: string | null;
  Credit: string | null;
}

function linesOf(record: Record<string, unknown>): Line[] {
  return Array.isArray(record['Lines']) ? (record['Lines'] as Line[]) : [];
}

async function postEntry(ctx: EntityContext, trx: GlTransaction, record: Record<string, unknown>, lines: Line[], reversalOf: string | null) {
  return post(trx, {
    source: 'GL',
    subLedger: 'gl',
    dataType: 'Actual',
    date: String(record['EntryDate']),
    documentNo: String(record['DocumentNo']),
    description: (record['Description'] as string | null) ?? null,
    origin: { type: glJournalEntry.name, id: String(record['EntryId']) },
    lines: lines.map((line) => ({ accountId: line.AccountId, amount: sub(line.Debit ?? '0', line.Credit ?? '0'), description: line.Description, enteredAccount: true })),
    reversalOf,
    userId: ctx.user.userId,
  });
}

const entryHooks: EntityHooks = {
  async beforeWrite(_ctx, trx, change) {
    // The period check takes any transaction (ledger/periods.ts): the engine's is handed on as it is.
    if (change.changed.has('EntryDate')) await assertPeriodOpen(trx, String(change.next['EntryDate']), 'gl', 'EntryDate');
  },
  actions: {
    post: {
      async guard(_ctx, run) {
        if (linesOf(run.record).length === 0) throw BusinessError.of(400, 'no_lines', 'entities:validation.noLines', {}, 'Lines');
      },
      async effect(ctx, run) {
        const result = await postEntry(ctx, glDb(run.trx), run.record, linesOf(run.record), null);
        return {
          set: { JournalId: result.journalId },
          touched: ['gl_entries', 'gl_balances', 'gl_journals'],
          messageKey: 'gl:gl-journal-entry.result.posted',
          messageParams: { document: run.record['DocumentNo'] },
        };
      },
    },
    reverse: {
      async guard(_ctx, run) {
        if (run.record['ReversedBy'] != null) throw BusinessError.of(409, 'already_reversed', 'gl:rules.alreadyReversed', { document: run.record['ReversedBy'] });
        if (run.record['ReversalOf'] != null) throw BusinessError.of(409, 'is_reversal', 'gl:rules.reversalOfReversal');
      },
      async effect(ctx, run) {
        const { record, now } = run;
        const trx = glDb(run.trx);
        const engine = engineOf(trx);
        const documentNo = await nextNumber(trx, glJournalEntry.numbering!.sequence, { prefix: glJournalEntry.numbering!.prefix ?? '' });
        const swapped = linesOf(record).map((line) => ({ ...line, Debit: line.Credit, Credit: line.Debit }));
        const userId = ctx.user.userId;
        const money = (value: unknown) => (value == null ? null : decimalToDb(engine, String(value), 2));
        const inserted = await trx
          .insertInto('gl_journal_entries')
          .values({
            document_no: documentNo,
            entry_date: String(record['EntryDate']),
            description: record['Description'] == null ? null : String(record['Description']),
            status: 'Posted',
            reversal_of: String(record['DocumentNo']),
            reversed_by: null,
            total_debit: money(record['TotalCredit']),
            total_credit: money(record['TotalDebit']),
            balance: money(neg(String(record['Balance'] ?? '0.00'))),
            created_by: userId,
            created_on: now,
            updated_by: userId,
            updated_on: now,
            version: 1,
          })
          .returning('entry_id')
          .executeTakeFirstOrThrow();
        const entryId = inserted.entry_id;
        if (swapped.length > 0) {
          await trx
            .insertInto('gl_journal_entry_lines')
            .values(
              swapped.map((line) => ({
                entry_id: entryId,
                account_id: line.AccountId,
                description: line.Description,
                debit: money(line.Debit),
                credit: money(line.Credit),
                amount: money(sub(line.Debit ?? '0', line.Credit ?? '0')),
              })),
            )
            .execute();
        }
        const reversal = { ...record, EntryId: entryId, DocumentNo: documentNo };
        const result = await postEntry(ctx, trx, reversal, swapped, String(record['DocumentNo']));
        await trx.updateTable('gl_journal_entries').set({ journal_id: result.journalId }).where('entry_id', '=', entryId).execute();
        return {
          set: { ReversedBy: documentNo },
          audit: [{ table: 'gl_journal_entries', idName: 'entry_id', idValue: entryId, column: 'entry_id', old: null, new: entryId, action: 'insert' }],
          touched: ['gl_entries', 'gl_balances', 'gl_journals', 'gl_journal_entry_lines'],
          messageKey: 'gl:gl-journal-entry.result.reversed',
          messageParams: { document: documentNo },
          data: { EntryId: entryId, DocumentNo: documentNo },
        };
      },
    },
  },
};

/** The hooks of the ledger's entities, by entity name (registered with the GL module). */
export const glLedgerHooks: Readonly<Record<string, EntityHooks>> = {
  'accounting-period': periodHooks,
  'accounting-journal': journalHooks,
  'gl-journal-entry': entryHooks,
};

export { periodClosedKey, flagColumn };
