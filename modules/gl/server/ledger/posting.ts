/**
 * The one posting service (issue 12, CONTRACT-12): every module writes the General Ledger only through
 * `post(trx, request)`, inside its own transaction.
 *
 * `post(trx, { source, subLedger, dataType, date, documentNo, description, origin, lines, confirmations,
 * reversalOf, userId })` → `{ journalId, entryIds, fiscalYear, periodNo }`. In order, all in `trx`:
 * 1. `assertPeriodOpen(trx, date, subLedger)` (periods.ts): the period exists and the sub-ledger's flag and
 *    the G/L flag are open (§8 "Accounting period does not exist." / "Period is closed (G/L)"), and the fiscal
 *    year is neither closed nor locked (issue 22: whatever the source); on PostgreSQL the period row
 *    is share-locked, so a close waits for running postings and postings wait for a running close;
 * 2. the lines: at least one, exact decimals with at most 2 decimals, summing to exactly zero (§5 "G/L
 *    distribution must sum to zero."); amounts are never JS numbers;
 * 3. the accounts: each exists, is active and postable (§8 "An account entered is not valid.", field
 *    `Lines[i].AccountId`), and a control account only takes postings from the sub-ledger that owns it
 *    (control-accounts.ts: data the owning modules register; issue 22), whatever the source;
 * 4. the journal (journals.ts): the open journal of source, data type and date, or a new one; a closed
 *    journal in the period refuses (§8 "Accounting journal for the period is closed, choose another date.");
 * 5. writes the gl_entries (append-only) and, for an Actual posting only, adds each account's debit and
 *    credit to gl_balances for the period (one multi-row upsert adding to the stored figures: no
 *    read-modify-write, so parallel postings lose nothing). gl_balances hold Actual figures only, as the
 *    reports read Actual entries only: a Budget posting never changes them, so a report's balances (from
 *    gl_balances) and its entries (gl_entries of data type Actual) cannot disagree. Budget figures are read
 *    from gl_entries (data_type 'Budget').
 * Failures throw BusinessError (entities/call-result.ts) and so roll back the caller's transaction.
 * `postMany(trx, requests)`: many postings in one pass (shared checks, multi-row writes); `checkPosting(trx,
 * request)`: steps 1–3 alone, for a batch that reports each document's refusal on its own.
 */
import { abs, add, isNegative, isZero, parseDecimal } from '@erp/shared/decimal';
import { sql, type Transaction } from 'kysely';
import { BusinessError, type BusinessIssue } from '@erp/server/entities/call-result';
import { decimalToDb, engineOf } from '@erp/server/db/decimal-codec';
import { controlOwners } from './control-accounts.ts';
import { journalFor } from './journals.ts';
import { assertPeriodOpen, assertYearOpen, findPeriod, periodMissing } from './periods.ts';
import type { JournalSource, PeriodRow, PostingRequest, PostingResult } from './types.ts';
import { perTransaction } from '@erp/server/db/per-transaction';
import { glDb, type GlDatabase } from '../tables.generated.ts';

type GlTransaction = Transaction<GlDatabase>;

export type { PostingLine, PostingRequest, PostingResult, SubLedger } from './types.ts';
export { assertPeriodOpen } from './periods.ts';
export { registerControlAccountPoster, registerControlAccounts, type ControlAccountClaim, type ControlAccountPoster } from './control-accounts.ts';

/** Most lines one posting may carry. */
export const MAX_POSTING_LINES = 5000;

/** The refusal of a control account posted by another source or typed by a user (issue 22), for modules' tests. */
export const CONTROL_ACCOUNT_KEY = 'gl:rules.controlAccount';

// Rows per INSERT: 16 columns × 1000 = 16,000 bound values, under SQLite's 32,766 and PostgreSQL's 65,535;
// a 1,000-line posting is one statement (issue 12 performance: ≤ 300 ms).
const INSERT_BATCH = 1000;
const BALANCE_BATCH = 2000;

function flag(raw: unknown): boolean {
  return raw === true || raw === 1 || raw === '1' || raw === 't';
}

/** The lines' amounts as normalized decimals, or BusinessErrors naming the line. */
function checkLines(request: PostingRequest): string[] {
  if (request.lines.length === 0) throw BusinessError.of(400, 'no_lines', 'entities:validation.noLines', {}, 'Lines');
  if (request.lines.length > MAX_POSTING_LINES) {
    throw BusinessError.of(400, 'too_many_lines', 'entities:validation.maxItems', { max: MAX_POSTING_LINES, label: 'Lines' }, 'Lines');
  }
  const issues: BusinessIssue[] = [];
  const amounts = request.lines.map((line, index) => {
    const parsed = parseDecimal(line.amount, { precision: 15, scale: 2 });
    if (!parsed.ok) {
      issues.push({ field: `Lines[${index}].Amount`, key: parsed.key, params: { label: 'Amount', ...(parsed.params ?? {}) } });
      return '0.00';
    }
    return parsed.value;
  });
  if (issues.length > 0) throw new BusinessError(400, 'validation_failed', issues);
  let total = '0.00';
  for (const amount of amounts) total = add(total, amount);
  if (!isZero(total)) throw BusinessError.of(400, 'not_balanced', 'gl:rules.notBalanced', { difference: total }, 'Lines');
  return amounts;
}

async function checkAccounts(trx: GlTransaction, request: PostingRequest): Promise<void> {
  const ids = [...new Set(request.lines.map((line) => line.accountId))];
  // Once per transaction and set of accounts: a batch posts many documents to the same accounts.
  const rows = await perTransaction(trx, `gl:accounts:${[...ids].sort().join(',')}`, () =>
    trx
      .selectFrom('gl_accounts')
      .select(['account_id', 'is_postable', 'is_control', 'is_active'])
      .where('account_id', 'in', ids.length > 0 ? ids : [''])
      .execute(),
  );
  const byId = new Map(rows.map((row) => [row.account_id, row]));
  const flagged = new Set(rows.filter((row) => flag(row.is_control)).map((row) => row.account_id));
  // Issue 22: a control account takes postings from its own sub-ledger only, whatever the source.
  const owners = await controlOwners(trx, ids, flagged);
  const issues: BusinessIssue[] = [];
  request.lines.forEach((line, index) => {
    const row = byId.get(line.accountId);
    const field = `Lines[${index}].AccountId`;
    if (!row || !flag(row.is_active) || !flag(row.is_postable)) {
      issues.push({ field, key: 'gl:rules.accountInvalid', params: { account: line.accountId } });
      return;
    }
    const owner = owners.get(line.accountId);
    if (owner && (!owner.has(request.source) || line.enteredAccount === true)) {
      const sources = [...owner].sort().join(', ');
      issues.push({ field, key: sources ? CONTROL_ACCOUNT_KEY : 'gl:rules.controlAccountUnowned', params: { account: line.accountId, sources } });
    }
  });
  if (issues.length > 0) throw new BusinessError(400, 'account_invalid', issues);
}

/**
 * The period of a year-end closing (`yearEndClosing`, additive option): source YE, dated the last day of the
 * fiscal year's last period; that period may be closed. Anything else is refused as an ordinary posting is.
 */
async function yearEndPeriod(trx: GlTransaction, request: PostingRequest): Promise<PeriodRow> {
  if (request.source !== 'YE') return assertPeriodOpen(trx, request.date, request.subLedger);
  const period = await findPeriod(trx, request.date, 'share');
  if (!period) throw periodMissing('EntryDate');
  const last = await trx
    .selectFrom('fiscal_periods')
    .select(sql<number | string>`max(period_no)`.as('last'))
    .where('fiscal_year', '=', period.fiscalYear)
    .executeTakeFirst();
  if (Number(last?.last) !== period.periodNo || period.endDate !== request.date) return assertPeriodOpen(trx, request.date, request.subLedger);
  await assertYearOpen(trx, period.fiscalYear, 'EntryDate', true);
  return period;
}

/**
 * The checks of `post` without the writes (steps 1–3): a caller posting many documents with `postMany` checks
 * each first, so a refusal names its own document and the others still post. The period and account reads are
 * shared per transaction; `postMany` checks again.
 */
export async function checkPosting<D>(typed: Transaction<D>, request: PostingRequest): Promise<void> {
  // Every entry point takes any module's transaction (its typed view) and reads the ledger through `glDb`.
  const trx = glDb(typed);
  if (request.yearEndClosing) await yearEndPeriod(trx, request);
  // The period once per date in the transaction (a refusal is not remembered): it is share-locked until the end.
  else await perTransaction(trx, `gl:period-open:${request.date}|${request.subLedger}`, () => assertPeriodOpen(trx, request.date, request.subLedger));
  checkLines(request);
  await checkAccounts(trx, request);
}

export async function post<D>(trx: Transaction<D>, request: PostingRequest): Promise<PostingResult> {
  return (await postMany(trx, [request]))[0]!;
}

/**
 * Several postings at once, each exactly as `post` makes it (its own lines, document, origin and entry ids),
 * with the checks and writes they share done once: the period of each distinct date, the accounts of each
 * source, the journal of each source and date, the entries in multi-row inserts and the balances summed per
 * account and period (a payment run's cheques: one posting each, issue 24). Answers the results in order.
 */
export async function postMany<D>(typed: Transaction<D>, requests: readonly PostingRequest[]): Promise<PostingResult[]> {
  const trx = glDb(typed);
  const periods = new Map<string, PeriodRow>();
  const journals = new Map<string, number>();
  const prepared: { request: PostingRequest; amounts: string[]; period: PeriodRow; journalId: number }[] = [];
  for (const request of requests) {
    const periodKey = `${request.date}|${request.subLedger}|${request.yearEndClosing ? `YE:${request.source}` : ''}`;
    let period = periods.get(periodKey);
    if (!period) {
      period = request.yearEndClosing ? await yearEndPeriod(trx, request) : await assertPeriodOpen(trx, request.date, request.subLedger);
      periods.set(periodKey, period);
    }
    prepared.push({ request, amounts: checkLines(request), period, journalId: 0 });
  }
  // The accounts of each source in one check; a refusal is reported on the posting (and line) it concerns.
  const bySource = new Map<string, PostingRequest[]>();
  for (const { request } of prepared) bySource.set(request.source, [...(bySource.get(request.source) ?? []), request]);
  for (const group of bySource.values()) {
    if (group.length === 1) await checkAccounts(trx, group[0]!);
    else {
      try {
        await checkAccounts(trx, { ...group[0]!, lines: group.flatMap((request) => request.lines) });
      } catch (error) {
        for (const request of group) await checkAccounts(trx, request);
        throw error;
      }
    }
  }
  for (const entry of prepared) {
    const { request, period } = entry;
    const journalKey = `${request.source}|${request.dataType}|${request.date}`;
    let journalId = journals.get(journalKey);
    if (journalId === undefined) {
      journalId = await journalFor(trx, { source: request.source as JournalSource, dataType: request.dataType, date: request.date, userId: request.userId, period });
      journals.set(journalKey, journalId);
    }
    entry.journalId = journalId;
  }

  const engine = engineOf(trx);
  const now = new Date().toISOString();
  const rows = prepared.flatMap(({ request, amounts, period, journalId }) =>
    request.lines.map((line, index) => ({
      journal_id: journalId,
      document_no: request.documentNo,
      line_no: index + 1,
      account_id: line.accountId,
      entry_date: request.date,
      fiscal_year: period.fiscalYear,
      period_no: period.periodNo,
      source: request.source,
      data_type: request.dataType,
      amount: decimalToDb(engine, amounts[index]!, 2),
      description: line.description ?? request.description ?? null,
      origin_type: request.origin.type,
      origin_id: request.origin.id,
      reversal_of: request.reversalOf ?? null,
      created_by: request.userId,
      created_on: now,
    })),
  );
  const entryIds: number[] = [];
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const inserted = await trx
      .insertInto('gl_entries')
      .values(rows.slice(start, start + INSERT_BATCH))
      .returning('entry_id')
      .execute();
    for (const row of inserted) entryIds.push(Number(row.entry_id));
  }

  // Per account and period: the debits and the credits of these postings (both ≥ 0), exact.
  const perAccount = new Map<string, { accountId: string; fiscalYear: number; periodNo: number; debit: string; credit: string }>();
  for (const { request, amounts, period } of prepared) {
    if (request.dataType !== 'Actual') continue;
    request.lines.forEach((line, index) => {
      const amount = amounts[index]!;
      const key = `${line.accountId}|${period.fiscalYear}|${period.periodNo}`;
      const figures = perAccount.get(key) ?? { accountId: line.accountId, fiscalYear: period.fiscalYear, periodNo: period.periodNo, debit: '0.00', credit: '0.00' };
      if (isNegative(amount)) figures.credit = add(figures.credit, abs(amount));
      else figures.debit = add(figures.debit, amount);
      perAccount.set(key, figures);
    });
  }
  // Sorted by account: parallel postings lock balance rows in one order (no deadlock on PostgreSQL).
  const balances = [...perAccount.values()]
    .sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : a.fiscalYear - b.fiscalYear || a.periodNo - b.periodNo))
    .map((figures) => ({
      account_id: figures.accountId,
      fiscal_year: figures.fiscalYear,
      period_no: figures.periodNo,
      debit: decimalToDb(engine, figures.debit, 2),
      credit: decimalToDb(engine, figures.credit, 2),
    }));
  for (let start = 0; start < balances.length; start += BALANCE_BATCH) {
    await trx
      .insertInto('gl_balances')
      .values(balances.slice(start, start + BALANCE_BATCH))
      .onConflict((conflict) =>
        conflict.columns(['account_id', 'fiscal_year', 'period_no']).doUpdateSet({
          // A running SUM of the stored figures (exact on both engines: NUMERIC, integer cents).
          debit: sql`gl_balances.debit + excluded.debit`,
          credit: sql`gl_balances.credit + excluded.credit`,
        }),
      )
      .execute();
  }
  let next = 0;
  return prepared.map(({ request, journalId, period }) => {
    const ids = entryIds.slice(next, next + request.lines.length);
    next += request.lines.length;
    return { journalId, entryIds: ids, fiscalYear: period.fiscalYear, periodNo: period.periodNo };
  });
}
