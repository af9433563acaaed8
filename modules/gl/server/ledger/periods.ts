/**
 * Accounting periods as the ledger sees them (§4 Accounting period and journal; §8 texts).
 *
 * - `findPeriod(trx, date, lock)`: the period whose start..end holds the date (periods 1–12 before the
 *   13th adjustment period), or null. `lock` takes a row lock on PostgreSQL (`share`: postings, which must
 *   not interleave with a close; `update`: the close itself); SQLite's write transaction already
 *   serializes writers.
 * - `assertPeriodOpen(trx, date, subLedger)`: the period, or a BusinessError with the §8 text
 *   "Accounting period does not exist." / "Period is closed (G/L)" (A/R, A/P, payroll).
 * Every check runs inside the caller's transaction.
 */
import { BusinessError } from '@erp/server/entities/call-result';
import { engineOf } from '@erp/server/db/decimal-codec';
import { entityByName } from '@erp/shared/entities/index';
import type { Kysely, Transaction } from 'kysely';
import { periodFlags, type PeriodFlag } from '../../definitions/ledger-sources.ts';
import { glDb } from '../tables.generated.ts';
import type { PeriodRow, SubLedger } from './types.ts';

/** The declared period flag of `subLedger` (a posting naming an undeclared one is a programming error). */
function periodFlag(subLedger: SubLedger): PeriodFlag & { source: string } {
  const found = periodFlags().find((flag) => flag.code === subLedger);
  if (!found) throw new Error(`no period flag ${subLedger} is declared`);
  return found;
}

/** The fiscal_periods column of a period flag (its field's, as the accounting period's definition stores it). */
export function flagColumn(subLedger: SubLedger): string {
  return entityByName('accounting-period')?.fields[periodFlag(subLedger).field]?.column ?? `closed_${subLedger}`;
}

function flag(raw: unknown): boolean {
  return raw === true || raw === 1 || raw === '1' || raw === 't';
}

/**
 * A fiscal_periods row (all its columns) as a PeriodRow. The flags other modules declare are their extensions'
 * columns, named by the definitions at run time: read by name from the row, not from the G/L's own table type.
 */
export function periodOf(row: Record<string, unknown>): PeriodRow {
  return {
    periodId: Number(row['period_id']),
    fiscalYear: Number(row['fiscal_year']),
    periodNo: Number(row['period_no']),
    startDate: String(row['start_date']),
    endDate: String(row['end_date']),
    closed: Object.fromEntries(periodFlags().map(({ code }) => [code, flag(row[flagColumn(code)])])),
  };
}

/** Every function here takes any module's transaction (its typed view) and reads the G/L's rows through `glDb`. */
export async function findPeriod<D>(trx: Transaction<D>, date: string, lock: 'none' | 'share' | 'update' = 'none'): Promise<PeriodRow | null> {
  let query = glDb(trx)
    .selectFrom('fiscal_periods')
    .selectAll()
    .where('start_date', '<=', date)
    .where('end_date', '>=', date)
    .orderBy('period_no')
    .limit(1);
  if (lock !== 'none' && engineOf(trx) === 'postgres') query = lock === 'share' ? query.forShare() : query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? periodOf(row) : null;
}

/** The §8 key of "Period is closed (<sub-ledger>)": the flag's own (its module's strings). */
export function periodClosedKey(subLedger: SubLedger): string {
  return periodFlag(subLedger).closedKey;
}

/** The parameters naming the closed period in that message (issue 21 item 6: a refusal names its record). */
export function periodParams(period: { fiscalYear: number; periodNo: number; startDate: string; endDate: string }): Record<string, unknown> {
  return { year: period.fiscalYear, period: period.periodNo, start: period.startDate, end: period.endDate };
}

/**
 * The open period of `date` for `subLedger`, or a 400 BusinessError with the §8 text (field `field`).
 * Issue 22: open means open for the sub-ledger AND for the G/L (a closed G/L period takes no posting from any
 * source), in a fiscal year whose year end is neither run nor locked (`assertYearOpen`).
 */
/** §8 "Accounting period does not exist." for the date in `field` (every module that looks a period up says it so). */
export function periodMissing(field = 'EntryDate'): BusinessError {
  return BusinessError.of(400, 'period_missing', 'gl:rules.periodMissing', {}, field);
}

export async function assertPeriodOpen<D>(trx: Transaction<D>, date: string, subLedger: SubLedger, field = 'EntryDate'): Promise<PeriodRow> {
  const period = await findPeriod(trx, date, 'share');
  if (!period) throw periodMissing(field);
  if (period.closed[periodFlag(subLedger).code]) throw BusinessError.of(400, 'period_closed', periodClosedKey(subLedger), periodParams(period), field);
  if (period.closed.gl) throw BusinessError.of(400, 'period_closed', periodClosedKey('gl'), periodParams(period), field);
  await assertYearOpen(trx, period.fiscalYear, field);
  return period;
}

/**
 * §4, issue 22: a locked fiscal year is final and a closed one (its year end run) takes no posting, whatever
 * the source — `yearEndClosing` lets the year end's own undo post into a Closed (never a Locked) year.
 */
export async function assertYearOpen<D>(trx: Transaction<D>, year: number, field = 'EntryDate', yearEndClosing = false): Promise<void> {
  const state = await yearState(trx, year);
  if (state === 'Locked') throw BusinessError.of(400, 'year_locked', 'gl:rules.yearLocked', { year }, field);
  if (state === 'Closed' && !yearEndClosing) throw BusinessError.of(400, 'year_closed', 'gl:rules.yearClosed', { year }, field);
}

/** A fiscal year's year-end state (table year_end_runs; no row: Open). */
export type YearState = 'Open' | 'Closed' | 'Locked';

/** Any module's connection or transaction (overloaded as `glDb`: a transaction's schema is inferred from it). */
export function yearState<D>(db: Transaction<D>, year: number): Promise<YearState>;
export function yearState<D>(db: Kysely<D>, year: number): Promise<YearState>;
export async function yearState<D>(db: Kysely<D>, year: number): Promise<YearState> {
  const row = await glDb(db).selectFrom('year_end_runs').select('state').where('fiscal_year', '=', year).executeTakeFirst();
  return row?.state ?? 'Open';
}
