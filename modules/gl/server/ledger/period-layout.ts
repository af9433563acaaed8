/**
 * How the periods of a fiscal year lie against each other (issue 22 item 4; §4 Accounting period and journal):
 * ONE rule, used by the fiscal-year generator (routes.ts) and by every save and delete of the period screen
 * (ledger.ts), so that a date belongs to exactly one period and every posting finds its period.
 *
 * `yearLayoutIssue(periods)` → null when the year's periods tile it, else the first issue:
 * - the regular periods are numbered 1, 2, … without a gap (a year is built from its first period on);
 * - each regular period starts the day after the previous one ends (no gap, no overlap), and ends on or
 *   after its start;
 * - from the first period's start to the last one's end at most MAX_YEAR_DAYS days (a 53-week year);
 * - period 13, the adjustment period, is the last day of period 12 and exists only after it (it shares that
 *   day with period 12, which the posting service chooses: ledger/periods.ts).
 * `overlappingPeriod(db, year, start, end)`: a period of ANOTHER fiscal year overlapping start..end, if any —
 * years never overlap.
 */
import type { Kysely, Transaction } from 'kysely';
import type { GlDatabase } from '../tables.generated.ts';
import { serialize } from './locks.ts';

export const ADJUSTMENT_PERIOD = 13;
/** Longest fiscal year: 53 weeks. */
export const MAX_YEAR_DAYS = 371;

export interface PeriodSpan {
  periodNo: number;
  start: string;
  end: string;
}

export interface LayoutIssue {
  key: string;
  params: Record<string, unknown>;
  field: string;
}

const DAY = 86_400_000;
const time = (date: string) => Date.parse(`${date}T00:00:00Z`);

export function dayAfter(date: string): string {
  return new Date(time(date) + DAY).toISOString().slice(0, 10);
}

export function yearLayoutIssue(periods: readonly PeriodSpan[]): LayoutIssue | null {
  const sorted = [...periods].sort((a, b) => a.periodNo - b.periodNo);
  const regular = sorted.filter((p) => p.periodNo !== ADJUSTMENT_PERIOD);
  for (const [index, period] of regular.entries()) {
    if (period.periodNo !== index + 1) return { key: 'gl:rules.periodsNumbered', params: { period: index + 1 }, field: 'PeriodNo' };
    if (period.end < period.start) return { key: 'gl:rules.endBeforeStart', params: {}, field: 'EndDate' };
    const previous = regular[index - 1];
    if (previous && period.start !== dayAfter(previous.end)) {
      return { key: 'gl:rules.periodsContiguous', params: { period: period.periodNo, previous: previous.periodNo, date: dayAfter(previous.end) }, field: 'StartDate' };
    }
  }
  const first = regular[0];
  const last = regular.at(-1);
  if (first && last && (time(last.end) - time(first.start)) / DAY + 1 > MAX_YEAR_DAYS) {
    return { key: 'gl:rules.yearTooLong', params: { days: MAX_YEAR_DAYS }, field: 'EndDate' };
  }
  const adjustment = sorted.find((p) => p.periodNo === ADJUSTMENT_PERIOD);
  if (adjustment) {
    const twelfth = regular.find((p) => p.periodNo === 12);
    if (!twelfth || regular.length !== 12 || adjustment.start !== twelfth.end || adjustment.end !== twelfth.end) {
      return { key: 'gl:rules.adjustmentPeriod', params: {}, field: 'PeriodNo' };
    }
  }
  return null;
}

/**
 * Serializes every change of the periods' layout (PostgreSQL: an advisory lock; ledger/locks.ts), so two
 * parallel saves cannot each pass the overlap check against a table the other is changing. Call it before
 * reading the layout, in the saving transaction.
 */
export function lockLayout(trx: Transaction<GlDatabase>): Promise<void> {
  return serialize(trx, 'gl:period-layout');
}

/** A period of another fiscal year that overlaps start..end, or null. */
export async function overlappingPeriod(db: Kysely<GlDatabase>, year: number, start: string, end: string): Promise<{ fiscalYear: number; periodNo: number } | null> {
  const row = await db
    .selectFrom('fiscal_periods')
    .select(['fiscal_year', 'period_no'])
    .where('fiscal_year', '<>', year)
    .where('start_date', '<=', end)
    .where('end_date', '>=', start)
    .orderBy('start_date')
    .limit(1)
    .executeTakeFirst();
  return row ? { fiscalYear: Number(row.fiscal_year), periodNo: Number(row.period_no) } : null;
}

/** The stored periods of a fiscal year as spans, in `db` (the caller's transaction). */
export async function yearSpans(db: Kysely<GlDatabase>, year: number): Promise<(PeriodSpan & { periodId: number })[]> {
  const rows = await db
    .selectFrom('fiscal_periods')
    .select(['period_id', 'period_no', 'start_date', 'end_date'])
    .where('fiscal_year', '=', year)
    .orderBy('period_no')
    .execute();
  return rows.map((row) => ({ periodId: row.period_id, periodNo: Number(row.period_no), start: String(row.start_date), end: String(row.end_date) }));
}
