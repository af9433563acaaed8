/**
 * Open items as of a date and their aging (DOMAIN-NOTES 4.3, §9), for the reports of every side declared with
 * the sub-ledger engine (engine.ts) — the A/R and A/P aged trial balances, statements, item reports.
 *
 * - `movementsAsOf(db, side, asOf, restrict)`: the movements whose sum per item is its open balance as of D —
 *   "an aged report run for a past date must ignore later payments": the open balance cache of the open items
 *   dated ≤ D (the side's covering index on status and date), plus back what the applications dated after D
 *   took — an invoice gets back their amount and discount, a credit gives back (more negative) their amount.
 *   It reads the open items and the later applications only, not the whole history. Rows: item_id, firm_id,
 *   due_date, document_date, amount. `restrict` applies the caller's firm restriction to each part.
 * - `agingLimits(asOf, days)`: bucket k (1 … 8) holds ages (D − date, in days) from (k−1)·days + 1 to k·days,
 *   bucket 8 everything older; `limits[k]` = D − k·days, so bucket k is `limits[k] ≤ date < limits[k−1]`
 *   (limits[0] = D: current is `date ≥ D`, not yet due). Text comparison of YYYY-MM-DD: no engine-specific date
 *   arithmetic.
 * - `agingBuckets(basis, asOf, days, amount, total)`: the nine columns Current, Period1 … Period8 — each the
 *   `amount` when `basis` (a date column) falls in the bucket, summed when `total`.
 */
import { sql, type AliasedRawBuilder, type Kysely, type RawBuilder } from 'kysely';
import { AGING_BUCKETS, AGING_PERIODS } from '@erp/shared/reports/parts';
import { dynamicDb, type DynamicSelect } from '@erp/server/db/dynamic-db';
import type { SubLedgerSide } from './engine.ts';

/** `date` minus `days` days (`YYYY-MM-DD`). */
export function daysBefore(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

export function agingLimits(asOf: string, days: number): string[] {
  return Array.from({ length: AGING_PERIODS }, (_, k) => daysBefore(asOf, k * days));
}

export function agingBuckets(basis: string, asOf: string, days: number, amount: string, total: boolean): AliasedRawBuilder<unknown, string>[] {
  const limits = agingLimits(asOf, days);
  const date = sql.ref(basis);
  const value = sql.ref(amount);
  return AGING_BUCKETS.map((name, k) => {
    const when =
      k === 0 ? sql`${date} >= ${asOf}` : k === AGING_PERIODS ? sql`${date} < ${limits[k - 1]!}` : sql`${date} >= ${limits[k]!} and ${date} < ${limits[k - 1]!}`;
    const cell = sql<unknown>`case when ${when} then ${value} else 0 end`;
    return (total ? sql<unknown>`sum(${cell})` : cell).as(name);
  });
}

/** Any module's connection: the side's tables are named at run time (`side.items`), read through the dynamic view. */
export function movementsAsOf<D>(typed: Kysely<D>, side: Pick<SubLedgerSide, 'items' | 'applications'>, asOf: string, restrict: <Q extends DynamicSelect>(query: Q, firmColumn: string) => Q): DynamicSelect {
  const db = dynamicDb(typed);
  const item = ['i.item_id as item_id', 'i.firm_id as firm_id', 'i.due_date as due_date', 'i.document_date as document_date'] as const;
  const open = restrict(db.selectFrom(`${side.items} as i`).select([...item, 'i.open_balance as amount']).where('i.status', '=', 'Open').where('i.document_date', '<=', asOf), 'i.firm_id');
  const later = (end: 'to_item_id' | 'from_item_id', amount: RawBuilder<unknown>, nonZero: 'a.amount' | 'a.discount') =>
    restrict(
      db
        .selectFrom(`${side.applications} as a`)
        // CROSS JOIN: SQLite keeps this order (the few applications after the date by their date index, then
        // their item by key) instead of walking every item dated before it; PostgreSQL plans it as any join.
        .crossJoin(`${side.items} as i`)
        .whereRef('i.item_id', '=', `a.${end}`)
        .select([...item, amount.as('amount')])
        .where('a.application_date', '>', asOf)
        .where(nonZero, '<>', 0)
        .where('i.document_date', '<=', asOf),
      'i.firm_id',
    );
  return (
    open
      // An invoice gets back the amount and the discount applied to it after the date …
      .unionAll(later('to_item_id', sql`a.amount`, 'a.amount'))
      .unionAll(later('to_item_id', sql`a.discount`, 'a.discount'))
      // … a credit gets back (more negative) the amount it gave after the date.
      .unionAll(later('from_item_id', sql`-a.amount`, 'a.amount'))
  );
}
