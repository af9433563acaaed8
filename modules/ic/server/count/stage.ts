/**
 * The warehouse count stage (§4 "Warehouse count stage: Clear, Frozen, Counted") and the checks every step of
 * the count cycle shares (issue 23 item 4). The stage lives on `warehouses.count_stage` (shell's warehouse
 * definition, shown on `/shell/warehouse`); the open count of a warehouse is its `warehouse_counts` row in
 * Frozen or Counted.
 *
 * Messages (§8): "The warehouse does not exist."; "The count stage is {0} but must be …" — one key per stage
 * and allowed set (`ic:count.stage.<allowed>.<stage>`: the stage is a word of the sentence, so each language
 * writes it in place), `{{stage}}` still given; "The warehouse is not valid for posting (count stage not frozen,
 * or posting tags not 1)."; "Count date is not in a valid accounting period.".
 *
 * Stock movements while a count is open: BLOCKED (SCREENS.md 4.2 asks to block or exclude them). A movement in
 * or out of a Frozen or Counted warehouse is refused by the stock ledger (`assertNotCounting`, called by
 * ledger.ts recordMovements) — except the count's own posting. Why block rather than exclude: the freeze's book
 * quantity and the shelf must describe the same moment; with movements allowed, nobody can tell whether a
 * counted pallet was counted before or after a receipt, so an "excluded" variance would still be wrong. The
 * variance is therefore counted − frozen, valued at the snapshot cost (the moving average at the freeze, which
 * nothing can change while movements are blocked), dated the count date.
 */
import { BusinessError } from '@erp/server/entities/call-result';
import { engineOf } from '@erp/server/db/decimal-codec';
import { findPeriod, yearState } from '@erp/modules/gl/server/api';
import type { Kysely, Transaction } from 'kysely';
import type { IcDatabase } from '../tables.generated.ts';

type IcTransaction = Transaction<IcDatabase>;

export type CountStage = 'Clear' | 'Frozen' | 'Counted';
/** The stages a step accepts, as the message keys name them. */
export type StageSet = 'Frozen' | 'ClearOrFrozen' | 'Counted' | 'FrozenOrCounted';

/** The stock ledger's origin type of a count's posting: the one movement a counted warehouse takes. */
export const COUNT_ORIGIN = 'warehouse-count';

export interface OpenCount {
  countId: number;
  countNo: string;
  warehouseId: string;
  countDate: string;
  status: 'Frozen' | 'Counted';
}

/** The count stage of a warehouse, its row locked on PostgreSQL (steps of one warehouse queue); §8 when missing. */
export async function lockWarehouse(trx: Kysely<IcDatabase>, warehouseId: string, field = 'WarehouseId'): Promise<CountStage> {
  let query = trx.selectFrom('warehouses').select('count_stage').where('warehouse_id', '=', warehouseId);
  if (engineOf(trx) === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw BusinessError.of(404, 'warehouse_missing', 'ic:count.rules.warehouseMissing', { warehouse: warehouseId }, field);
  return row.count_stage ?? 'Clear';
}

/** §8 "The count stage is {0} but must be …" as a refusal. */
export function stageRefusal(stage: CountStage, allowed: StageSet, field = 'WarehouseId'): BusinessError {
  return BusinessError.of(409, 'count_stage', `ic:count.stage.${allowed}.${stage}`, { stage }, field);
}

export function assertStage(stage: CountStage, allowed: StageSet, field = 'WarehouseId'): void {
  const ok = { Frozen: ['Frozen'], ClearOrFrozen: ['Clear', 'Frozen'], Counted: ['Counted'], FrozenOrCounted: ['Frozen', 'Counted'] }[allowed];
  if (!ok.includes(stage)) throw stageRefusal(stage, allowed, field);
}

export async function setStage(trx: IcTransaction, warehouseId: string, stage: CountStage, userId: string, now: string): Promise<void> {
  await trx
    .updateTable('warehouses')
    .set((eb) => ({ count_stage: stage, updated_by: userId, updated_on: now, version: eb('version', '+', 1) }))
    .where('warehouse_id', '=', warehouseId)
    .execute();
}

/** The warehouse's open count (Frozen or Counted), or null. */
export async function openCount(db: Kysely<IcDatabase>, warehouseId: string): Promise<OpenCount | null> {
  const row = await db
    .selectFrom('warehouse_counts')
    .select(['count_id', 'count_no', 'warehouse_id', 'count_date', 'status'])
    .where('warehouse_id', '=', warehouseId)
    .where('status', 'in', ['Frozen', 'Counted'])
    .orderBy('count_id', 'desc')
    .executeTakeFirst();
  if (!row || (row.status !== 'Frozen' && row.status !== 'Counted')) return null;
  return { countId: row.count_id, countNo: String(row.count_no), warehouseId: String(row.warehouse_id), countDate: String(row.count_date).slice(0, 10), status: row.status };
}

/** §8 "Count date is not in a valid accounting period.": the date's period exists, its G/L flag is open, its year is open. */
export async function assertCountDate(trx: IcTransaction, date: string, field = 'CountDate'): Promise<void> {
  const period = /^\d{4}-\d{2}-\d{2}$/.test(date) ? await findPeriod(trx, date) : null;
  if (!period || period.closed.gl || (await yearState(trx, period.fiscalYear)) !== 'Open') {
    throw BusinessError.of(400, 'count_date_invalid', 'ic:count.rules.countDateInvalid', { date }, field);
  }
}

/**
 * Refuses a stock movement in or out of a warehouse whose count is open (see the header: movements are
 * blocked while counting). The stock ledger calls it for every movement set but the count's own posting.
 */
export async function assertNotCounting(trx: IcTransaction, warehouseIds: readonly string[]): Promise<void> {
  const ids = [...new Set(warehouseIds)];
  if (ids.length === 0) return;
  // PostgreSQL: the warehouse rows are share-locked, so a freeze (FOR UPDATE) waits for this movement to commit
  // and its snapshot sees it — or the movement waits for the freeze and is refused. SQLite serializes writers.
  let query = trx.selectFrom('warehouses').select(['warehouse_id', 'count_stage']).where('warehouse_id', 'in', ids).orderBy('warehouse_id');
  if (engineOf(trx) === 'postgres') query = query.forShare();
  const rows = await query.execute();
  const counting = rows.find((row) => row.count_stage === 'Frozen' || row.count_stage === 'Counted');
  if (counting) {
    throw BusinessError.of(409, 'warehouse_counting', `ic:count.rules.movementBlocked.${counting.count_stage}`, { warehouse: counting.warehouse_id, stage: counting.count_stage }, 'WarehouseId');
  }
}

/** §3 Product "last count": the count date of the product's last posted count, or null. */
export async function lastCountDate(db: Kysely<IcDatabase>, productId: string): Promise<string | null> {
  const row = await db
    .selectFrom('count_lines as l')
    .innerJoin('warehouse_counts as c', 'c.count_id', 'l.count_id')
    .select((eb) => eb.fn.max('c.count_date').as('date'))
    .where('l.product_id', '=', productId)
    .where('c.status', '=', 'Posted')
    .executeTakeFirst();
  return row?.date ? String(row.date).slice(0, 10) : null;
}
