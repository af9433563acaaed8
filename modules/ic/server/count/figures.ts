/**
 * A count line's figures, recomputed in SQL by one statement for any set of lines (one line after an entry or
 * a posted tag, every uncounted line of a count when they are set to 0), so the freeze, the entries and the
 * reports read the same stored values (issue 23 item 4):
 *   TotalCounted = CountedQty (entered; NULL = not entered) + TagQty (posted tags);
 *   IsCounted    = an entry exists or a tag was posted;
 *   VarianceQty  = TotalCounted − FrozenQty, and VarianceValue = round(VarianceQty × UnitCost, 2) half away from
 *                  zero (shared/src/decimal.ts `mul`), both NULL while the line is not counted.
 * Exact on both engines: PostgreSQL NUMERIC; SQLite integer units (quantities and costs of scale 4, so a
 * product is in units of 10⁻⁸ and the cents are that ÷ 10⁶, rounded away from zero by hand).
 */
import { sql, type RawBuilder, type Transaction } from 'kysely';
import { engineOf, type Connection } from '@erp/server/db/decimal-codec';
import { icDb } from '../tables.generated.ts';

/** A decimal as the engine stores it (a `StoredDecimal` column's value: NUMERIC on PostgreSQL, integer units on SQLite). */
export type StoredValue = string | number | bigint;

/** round(qty × cost, 2) of two scale-4 column expressions, in the engine's storage of money (scale 2). */
export function moneyOf(trx: Connection, qty: RawBuilder<unknown>, cost: RawBuilder<unknown>): RawBuilder<StoredValue> {
  if (engineOf(trx) === 'postgres') return sql<StoredValue>`round((${qty}) * (${cost}), 2)`;
  return sql<StoredValue>`(((${qty}) * (${cost})) + (case when ((${qty}) * (${cost})) < 0 then -500000 else 500000 end)) / 1000000`;
}

/**
 * A boolean literal as the engine stores booleans (PostgreSQL boolean, SQLite 0/1), typed as what a `Flag` column
 * takes: a literal in SQL, where PostgreSQL would not turn a bound 0/1 inside a CASE into a boolean.
 */
export function boolLit(trx: Connection, value: boolean): RawBuilder<0 | 1> {
  if (engineOf(trx) === 'postgres') return value ? sql`true` : sql`false`;
  return value ? sql.lit(1) : sql.lit(0);
}

/** Recomputes the figures of the count lines whose `column` is one of `ids` (see the header). Any module's transaction. */
export async function refreshLines<D>(engineTrx: Transaction<D>, column: 'line_id' | 'count_id', ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const trx = icDb(engineTrx);
  const total = sql<StoredValue>`(coalesce(counted_qty, 0) + tag_qty)`;
  const counted = sql`(counted_qty is not null or exists (select 1 from count_tags t where t.count_id = count_lines.count_id and t.product_id = count_lines.product_id and t.lot_no = count_lines.lot_no and t.status = 'Posted'))`;
  const variance = sql`(${total} - frozen_qty)`;
  await trx
    .updateTable('count_lines')
    .set({
      total_counted: total,
      is_counted: sql<0 | 1>`case when ${counted} then ${boolLit(trx, true)} else ${boolLit(trx, false)} end`,
      variance_qty: sql<StoredValue | null>`case when ${counted} then ${variance} else null end`,
      variance_value: sql<StoredValue | null>`case when ${counted} then ${moneyOf(trx, variance, sql`unit_cost`)} else null end`,
    })
    .where(column, 'in', [...ids])
    .execute();
}
