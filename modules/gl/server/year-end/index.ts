/**
 * GL year end on the server (definition and the rules in words: modules/gl/definitions/year-end.ts; issue 13
 * item 3, SCREENS.md FS-03 and 4.1; state table year_end_runs, migration 0006_year_end).
 *
 * - close: every period of the fiscal year must be closed for the G/L (refused otherwise, with the number
 *   still open). Each revenue and expense account's balance as of the year's last day (gl_balances summed
 *   over every period up to the year's end — cumulative, as the GL reports read them) is brought to zero by
 *   ONE entry, source YE, dated the last day of the year, whose last line puts the sum on retained earnings
 *   (GL control). Balances being cumulative, the next year opens with P&L accounts at 0 and retained earnings
 *   up by the net income, in every report, with no carry-forward copy to keep in step.
 * - close is refused while an earlier year's revenue and expense are not closed (issue 22: years close in
 *   order, so a year's closing never sweeps in an earlier year's profit).
 * - undo: allowed while the year is Closed (not Locked) and the next year has no closing; posts the exact
 *   reversal of the closing entry (source YE, same date, reversal_of) and sets the year Open again.
 * - lock: Closed → Locked; a locked year can never be undone (nor closed again).
 * Posting into the year's closed last period: the posting service's additive `yearEndClosing` option
 * (ledger/posting.ts), honoured for source YE on the last day of a fiscal year's last period only — the
 * closed-period check stays for every other posting.
 * Each action runs in one transaction, serialized with every other year-end action (ledger/locks.ts: an
 * advisory lock on PostgreSQL, since a year never closed has no row to lock — issue 22); the state is read
 * again inside it, so two concurrent closes cannot both post.
 */
import { add, isZero, neg, type Decimal } from '@erp/shared/decimal';
import { glYearEnd } from '../../definitions/year-end.ts';
import type { ReportParameterError } from '@erp/shared/reports/define';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { decimalFromDb, decimalToDb, engineOf } from '@erp/server/db/decimal-codec';
import { BusinessError, messageIn } from '@erp/server/entities/call-result';
import { post, type PostingLine } from '../ledger/posting.ts';
import { serialize } from '../ledger/locks.ts';
import type { ProcessContext, ServerProcess } from '@erp/server/processes/engine';
import { glDb, type GlDatabase } from '../tables.generated.ts';

type Db = Kysely<GlDatabase>;
type State = GlDatabase['year_end_runs']['state'];

interface YearRun {
  state: State;
  closingDocument: string | null;
  netIncome: Decimal | null;
}

interface YearFigures {
  year: number;
  action: 'close' | 'undo' | 'lock';
  run: YearRun;
  yearEndDate: string;
  openPeriods: number;
  retainedEarnings: string;
  netIncome: Decimal;
}

const FIELD = 'FiscalYear';
/** Every year-end action of every year runs alone: an action reads other years' states (undo, earlier years). */
const YEAR_END_LOCK = 'gl:year-end';

async function yearRun(db: Db, year: number, lock = false): Promise<YearRun> {
  let query = db.selectFrom('year_end_runs').selectAll().where('fiscal_year', '=', year);
  if (lock && engineOf(db) === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) return { state: 'Open', closingDocument: null, netIncome: null };
  return { state: row.state, closingDocument: row.closing_document, netIncome: decimalFromDb(db, row.net_income, 2) };
}

/** Each revenue and expense account's balance (debit +) as of the end of `year`, non-zero ones only. */
async function profitAndLoss(db: Db, year: number): Promise<{ accountId: string; balance: Decimal }[]> {
  const rows = await db
    .selectFrom('gl_balances as b')
    .innerJoin('gl_accounts as a', 'a.account_id', 'b.account_id')
    .select(['b.account_id', sql<unknown>`sum(b.debit) - sum(b.credit)`.as('balance')])
    .where('a.account_type', 'in', ['revenue', 'expense'])
    .where('b.fiscal_year', '<=', year)
    .groupBy('b.account_id')
    .orderBy('b.account_id')
    .execute();
  return rows
    .map((row) => ({ accountId: row.account_id, balance: decimalFromDb(db, row.balance, 2) ?? '0.00' }))
    .filter((row) => !isZero(row.balance));
}

/**
 * Issue 22 item 11: the earliest fiscal year before `year` whose revenue and expense are not closed, or null.
 * The closing sums P&L balances cumulatively, so it would otherwise sweep an earlier unclosed year's profit
 * into this year's closing: years close in order.
 */
async function earlierYearOpen(db: Db, year: number): Promise<number | null> {
  if ((await profitAndLoss(db, year - 1)).length === 0) return null;
  const rows = await db
    .selectFrom('gl_balances as b')
    .innerJoin('gl_accounts as a', 'a.account_id', 'b.account_id')
    .leftJoin('year_end_runs as r', 'r.fiscal_year', 'b.fiscal_year')
    .select('b.fiscal_year')
    .distinct()
    .where('a.account_type', 'in', ['revenue', 'expense'])
    .where('b.fiscal_year', '<', year)
    .where((eb) => eb.or([eb('r.state', 'is', null), eb('r.state', '=', 'Open')]))
    .orderBy('b.fiscal_year')
    .limit(1)
    .execute();
  return rows[0] ? rows[0].fiscal_year : year - 1;
}

async function figures(db: Db, year: number, action: YearFigures['action']): Promise<YearFigures | ReportParameterError[]> {
  const periods = await db.selectFrom('fiscal_periods').select(['end_date', 'closed_gl']).where('fiscal_year', '=', year).execute();
  if (periods.length === 0) return [{ field: FIELD, key: 'gl:rules.periodMissing' }];
  const closed = (raw: unknown) => raw === true || raw === 1 || raw === '1' || raw === 't';
  const openPeriods = periods.filter((p) => !closed(p.closed_gl)).length;
  const yearEndDate = periods.map((p) => String(p.end_date)).sort().at(-1)!;
  const control = await db.selectFrom('gl_control').select('retained_earnings_account').limit(1).executeTakeFirst();
  const retainedEarnings = control?.retained_earnings_account ?? '';
  const run = await yearRun(db, year);
  let netIncome: Decimal = '0.00';
  if (run.state === 'Open') for (const row of await profitAndLoss(db, year)) netIncome = add(netIncome, neg(row.balance));
  else netIncome = run.netIncome ?? '0.00';
  return { year, action, run, yearEndDate, openPeriods, retainedEarnings, netIncome };
}

/** The action's refusal in the state found, or null. */
async function refusal(db: Db, f: YearFigures): Promise<ReportParameterError | null> {
  const params = { year: f.year };
  if (f.run.state === 'Locked') return { field: FIELD, key: 'gl:year-end.locked', params };
  if (f.action === 'close') {
    if (f.run.state === 'Closed') return { field: FIELD, key: 'gl:year-end.alreadyClosed', params };
    if (f.openPeriods > 0) return { field: FIELD, key: 'gl:year-end.periodsOpen', params: { ...params, count: f.openPeriods } };
    if (!f.retainedEarnings) return { field: FIELD, key: 'gl:year-end.noRetainedEarnings', params };
    const earlier = await earlierYearOpen(db, f.year);
    if (earlier !== null) return { field: FIELD, key: 'gl:year-end.earlierYearOpen', params: { ...params, earlier } };
    return null;
  }
  if (f.run.state !== 'Closed') return { field: FIELD, key: 'gl:year-end.notClosed', params };
  if (f.action === 'undo') {
    const next = await yearRun(db, f.year + 1);
    if (next.state !== 'Open') return { field: FIELD, key: 'gl:year-end.nextYearClosed', params: { year: f.year + 1 } };
  }
  return null;
}

async function prepare(ctx: ProcessContext): Promise<ReportParameterError[]> {
  const db = glDb(ctx.db);
  const found = await figures(db, Number(ctx.params[FIELD]), String(ctx.params['Action']) as YearFigures['action']);
  if (Array.isArray(found)) return found;
  const refused = await refusal(db, found);
  if (refused) return [refused];
  ctx.state['yearEnd'] = found;
  return [];
}

function preview(ctx: ProcessContext) {
  const f = ctx.state['yearEnd'] as YearFigures | undefined;
  const engine = engineOf(ctx.db);
  // One row: the year (a literal select, so the process engine can count and filter it like any preview).
  const state = f ? messageIn(ctx.locale, `gl:year-end.states.${f.run.state}`) : null;
  const columns = sql.join([
    sql`${f ? f.year : null} as ${sql.ref('FiscalYear')}`,
    sql`${state} as ${sql.ref('State')}`,
    sql`${f?.yearEndDate ?? null} as ${sql.ref('YearEndDate')}`,
    sql`${f ? f.openPeriods : null} as ${sql.ref('OpenPeriods')}`,
    sql`${f?.retainedEarnings ?? null} as ${sql.ref('RetainedEarnings')}`,
    sql`${f ? decimalToDb(engine, f.netIncome, 2) : null} as ${sql.ref('NetIncome')}`,
    sql`${f?.run.closingDocument ?? null} as ${sql.ref('ClosingDocument')}`,
  ]);
  // PostgreSQL: the bound year is text unless cast (the run filters FiscalYear against integers).
  const body = f ? sql`select ${columns}` : sql`select ${columns} where 1 = 0`;
  // The literal row's columns (raw values: the engine reads them as the definition's columns).
  const row = sql<{ FiscalYear: unknown; State: string | null; YearEndDate: string | null; OpenPeriods: unknown; RetainedEarnings: string | null; NetIncome: unknown; ClosingDocument: string | null }>`(${body})`;
  return glDb(ctx.db)
    .selectFrom(row.as('ye'))
    .select([sql<number>`cast(${sql.ref('ye.FiscalYear')} as integer)`.as('FiscalYear'), 'ye.State', 'ye.YearEndDate', sql<number>`cast(${sql.ref('ye.OpenPeriods')} as integer)`.as('OpenPeriods'), 'ye.RetainedEarnings', 'ye.NetIncome', 'ye.ClosingDocument']);
}

type RunValues = Omit<Insertable<GlDatabase['year_end_runs']>, 'fiscal_year' | 'updated_by' | 'updated_on'>;

/** Inserts the year's run or updates the columns given (the others kept). */
async function saveRun(db: Db, year: number, values: RunValues, userId: string): Promise<void> {
  const row = { ...values, updated_by: userId, updated_on: new Date().toISOString() };
  await db
    .insertInto('year_end_runs')
    .values({ fiscal_year: year, ...row })
    .onConflict((c) => c.column('fiscal_year').doUpdateSet(row))
    .execute();
}

async function close(trx: Transaction<GlDatabase>, ctx: ProcessContext, f: YearFigures): Promise<string | null> {
  const balances = await profitAndLoss(trx, f.year);
  let total: Decimal = '0.00';
  const lines: PostingLine[] = balances.map((row) => {
    total = add(total, row.balance);
    return { accountId: row.accountId, amount: neg(row.balance) };
  });
  let documentNo: string | null = null;
  if (lines.length > 0) {
    if (!isZero(total)) lines.push({ accountId: f.retainedEarnings, amount: total });
    const earlier = await trx
      .selectFrom('gl_entries')
      .select(sql<number | string>`count(distinct document_no)`.as('n'))
      .where('source', '=', 'YE')
      .where('fiscal_year', '=', f.year)
      .where('reversal_of', 'is', null)
      .executeTakeFirst();
    const n = Number(earlier?.n ?? 0);
    documentNo = n === 0 ? `YE${f.year}` : `YE${f.year}-${n + 1}`;
    await post(trx, {
      source: 'YE',
      subLedger: 'gl',
      dataType: 'Actual',
      date: f.yearEndDate,
      documentNo,
      description: messageIn(ctx.locale, 'gl:year-end.entryDescription', { year: f.year }),
      origin: { type: 'year-end', id: String(f.year) },
      lines,
      userId: ctx.user.userId,
      yearEndClosing: true,
    });
  }
  const netIncome = neg(total);
  await saveRun(trx, f.year, { state: 'Closed', closing_document: documentNo, reversal_document: null, net_income: decimalToDb(engineOf(trx), netIncome, 2) }, ctx.user.userId);
  return documentNo;
}

async function undo(trx: Transaction<GlDatabase>, ctx: ProcessContext, f: YearFigures): Promise<string | null> {
  let reversal: string | null = null;
  if (f.run.closingDocument) {
    const entries = await trx.selectFrom('gl_entries').select(['account_id', 'amount']).where('document_no', '=', f.run.closingDocument).orderBy('line_no').execute();
    reversal = `${f.run.closingDocument}-R`;
    await post(trx, {
      source: 'YE',
      subLedger: 'gl',
      dataType: 'Actual',
      date: f.yearEndDate,
      documentNo: reversal,
      description: messageIn(ctx.locale, 'gl:year-end.undoDescription', { document: f.run.closingDocument }),
      origin: { type: 'year-end', id: String(f.year) },
      lines: entries.map((e) => ({ accountId: e.account_id, amount: neg(decimalFromDb(trx, e.amount, 2) ?? '0.00') })),
      reversalOf: f.run.closingDocument,
      userId: ctx.user.userId,
      yearEndClosing: true,
    });
  }
  await saveRun(trx, f.year, { state: 'Open', reversal_document: reversal }, ctx.user.userId);
  return reversal;
}

export const yearEndProcess: ServerProcess = {
  def: glYearEnd,
  prepare,
  preview,
  async runItem(ctx) {
    const asked = ctx.state['yearEnd'] as YearFigures;
    try {
      const document = await glDb(ctx.db).transaction().execute(async (trx) => {
        // Issue 22: year-end runs one at a time (a year never closed has no run row to lock), and the state
        // is read again after the lock, so a concurrent run finds the year closed and is refused.
        await serialize(trx, YEAR_END_LOCK);
        await yearRun(trx, asked.year, true);
        const found = await figures(trx, asked.year, asked.action);
        if (Array.isArray(found)) throw new BusinessError(400, 'refused', found.map((e) => ({ field: e.field ?? FIELD, key: e.key, params: e.params ?? {} })));
        const refused = await refusal(trx, found);
        if (refused) throw BusinessError.of(409, 'refused', refused.key, refused.params ?? {}, FIELD);
        if (found.action === 'close') return close(trx, ctx, found);
        if (found.action === 'undo') return undo(trx, ctx, found);
        await saveRun(trx, found.year, { state: 'Locked' }, ctx.user.userId);
        return null;
      });
      const key = `gl:year-end.done.${asked.action}`;
      return { ResultStatus: 1, ResultCode: asked.action, Message: messageIn(ctx.locale, key, { year: asked.year, document: document ?? '' }), EntityId: document ?? asked.year };
    } catch (error) {
      if (!(error instanceof BusinessError)) throw error;
      const issue = error.issues[0];
      return { ResultStatus: 2, ResultCode: error.code, Message: issue ? messageIn(ctx.locale, issue.key, issue.params ?? {}) : error.code, EntityId: asked.year };
    }
  },
};
