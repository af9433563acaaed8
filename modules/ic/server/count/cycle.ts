/**
 * The count cycle's transitions (§4 Warehouse count stage; SCREENS.md WP4 PC-01, PC-08, PC-09), each in the
 * caller's transaction with the warehouse row locked:
 *
 * - `freezeWarehouse` Clear → Frozen. A Frozen warehouse is frozen again only when the question
 *   `refreeze:<warehouse>` was answered Yes: the open count is Discarded with every count and tag entered
 *   (§4 "Freezing is irreversible and discards entered counts"). Counted: refused (Clear or Frozen). The count
 *   date must be in an open period. The snapshot (count_lines) is written by two INSERT … SELECT statements:
 *   one line per lot with stock, and one line per product for the quantity no lot holds (or for a product with
 *   a balance row and no lot stock, so it is counted too) — book quantity and the moving average cost at the
 *   freeze. Stock-tracked products only.
 * - `upgradeWarehouse` Frozen → Counted. Unposted tags refuse it ("Tags must be posted first"); lines not
 *   counted are asked about (`zero-fill:<count>`: set them to 0) — §4.
 * - `postWarehouseCount` Counted → Clear: refused unless Counted with no unposted tags (§8 "The warehouse is not
 *   valid for posting …"; a Frozen count must be upgraded first), the count date in an open period (§8). Every
 *   line with a variance moves the stock ledger by (counted − frozen) — in at the snapshot cost, out at the
 *   moving average, which is the snapshot cost as movements were blocked — and the ledger posts the value to
 *   the inventory accounts against the IC integration account COUNT (else ADJUSTMENT) through the posting
 *   service. A line's stored variance value is replaced by what the ledger wrote when they differ (an issue
 *   that empties a balance takes its whole value). Lines and tags leave the open set; the count is Posted.
 */
import { isZero, add, type Decimal } from '@erp/shared/decimal';
import { sql, type SelectQueryBuilder, type Transaction } from 'kysely';
import { BusinessError, ConfirmationNeeded } from '@erp/server/entities/call-result';
import { decimalFromDb, decimalToDb, engineOf } from '@erp/server/db/decimal-codec';
import { nextNumber } from '@erp/server/entities/numbering';
import { COUNT_SEQUENCE, warehouseCount } from '../../definitions/count/entities.ts';
import { recordMovements, type StockMovement } from '../stock/ledger.ts';
import { boolLit, refreshLines } from './figures.ts';
import { assertCountDate, assertStage, COUNT_ORIGIN, lockWarehouse, openCount, setStage, type OpenCount } from './stage.ts';
import { integrationAccount } from '@erp/modules/gl/server/api';
import type { IcDatabase } from '../tables.generated.ts';

type IcTransaction = Transaction<IcDatabase>;

/** Movements per stock-ledger call when posting a count (keeps each statement under the engines' parameter limits). */
const POST_BATCH = 5000;

export interface CycleRequest {
  warehouseId: string;
  userId: string;
  confirmations: ReadonlySet<string>;
  now?: string;
}

async function discard(trx: IcTransaction, count: OpenCount, status: 'Discarded' | 'Posted', now: string, userId: string): Promise<void> {
  await trx.updateTable('warehouse_counts').set((eb) => ({ status, updated_by: userId, updated_on: now, version: eb('version', '+', 1) })).where('count_id', '=', count.countId).execute();
  await trx.updateTable('count_lines').set({ is_open: boolLit(trx, false) }).where('count_id', '=', count.countId).execute();
  await trx.updateTable('count_tags').set({ is_open: boolLit(trx, false) }).where('count_id', '=', count.countId).execute();
}

async function countFigure<TB extends keyof IcDatabase, O>(query: SelectQueryBuilder<IcDatabase, TB, O>): Promise<number> {
  const row = await query.select(sql<number | string>`count(*)`.as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Writes the snapshot of `count` (see the header); answers the number of lines. */
async function snapshot(trx: IcTransaction, countId: number, warehouseId: string, userId: string, now: string): Promise<number> {
  const yes = boolLit(trx, true);
  const no = boolLit(trx, false);
  const tracked = engineOf(trx) === 'postgres' ? sql`p.track_inventory = true` : sql`p.track_inventory = 1`;
  const trail = sql`cast(${userId} as text), cast(${now} as text), cast(${userId} as text), cast(${now} as text), 1`;
  const id = sql`cast(${countId} as integer)`;
  const columns = sql`(count_id, warehouse_id, product_id, lot_no, description, class_id, frozen_qty, unit_cost, tag_qty, total_counted, is_counted, is_found, is_open, created_by, created_on, updated_by, updated_on, version)`;
  // Lots with stock.
  await sql`insert into count_lines ${columns}
    select ${id}, l.warehouse_id, l.product_id, l.lot_no, p.description, p.class_id, l.on_hand, b.average_cost, 0, 0, ${no}, ${no}, ${yes}, ${trail}
    from stock_lot_balances l
    join stock_balances b on b.product_id = l.product_id and b.warehouse_id = l.warehouse_id
    join products p on p.product_id = l.product_id
    where l.warehouse_id = cast(${warehouseId} as text) and l.on_hand <> 0 and ${tracked}`.execute(trx);
  // What no lot holds, and products without lot stock.
  await sql`insert into count_lines ${columns}
    select ${id}, b.warehouse_id, b.product_id, '', p.description, p.class_id, b.on_hand - coalesce(s.lots, 0), b.average_cost, 0, 0, ${no}, ${no}, ${yes}, ${trail}
    from stock_balances b
    join products p on p.product_id = b.product_id
    left join (select product_id, sum(on_hand) as lots from stock_lot_balances where warehouse_id = cast(${warehouseId} as text) and on_hand <> 0 group by product_id) s on s.product_id = b.product_id
    where b.warehouse_id = cast(${warehouseId} as text) and ${tracked} and (b.on_hand - coalesce(s.lots, 0) <> 0 or s.lots is null)`.execute(trx);
  return countFigure(trx.selectFrom('count_lines').where('count_id', '=', countId));
}

/** §4 Clear → Frozen (see the header). Answers the new count. */
export async function freezeWarehouse(trx: IcTransaction, request: CycleRequest & { countDate: string }): Promise<OpenCount & { lines: number }> {
  const { warehouseId, userId } = request;
  const now = request.now ?? new Date().toISOString();
  const stage = await lockWarehouse(trx, warehouseId);
  assertStage(stage, 'ClearOrFrozen');
  await assertCountDate(trx, request.countDate);
  const current = await openCount(trx, warehouseId);
  if (stage === 'Frozen' && current) {
    const question = `refreeze:${warehouseId}`;
    if (!request.confirmations.has(question)) {
      const entered = await countFigure(trx.selectFrom('count_lines').where('count_id', '=', current.countId).where('is_counted', '=', boolLit(trx, true)));
      const tags = await countFigure(trx.selectFrom('count_tags').where('count_id', '=', current.countId));
      throw new ConfirmationNeeded(question, 'ic:count-freeze.refreeze', { warehouse: warehouseId, count: entered, tags, countNo: current.countNo });
    }
    await discard(trx, current, 'Discarded', now, userId);
  }
  const countNo = await nextNumber(trx, COUNT_SEQUENCE, { prefix: 'CNT', description: warehouseCount.name });
  const inserted = await trx
    .insertInto('warehouse_counts')
    .values({ count_no: countNo, warehouse_id: warehouseId, count_date: request.countDate, status: 'Frozen', products: 0, frozen_by: userId, frozen_on: now, created_by: userId, created_on: now, updated_by: userId, updated_on: now, version: 1 })
    .returning('count_id')
    .executeTakeFirstOrThrow();
  const countId = Number(inserted.count_id);
  const lines = await snapshot(trx, countId, warehouseId, userId, now);
  const value = await trx
    .selectFrom('stock_balances')
    .select(sql<unknown>`coalesce(sum(value), 0)`.as('v'))
    .where('warehouse_id', '=', warehouseId)
    .executeTakeFirst();
  await trx
    .updateTable('warehouse_counts')
    .set({ products: lines, frozen_value: decimalToDb(engineOf(trx), decimalFromDb(trx, value?.v ?? 0, 2) ?? '0.00', 2) })
    .where('count_id', '=', countId)
    .execute();
  await setStage(trx, warehouseId, 'Frozen', userId, now);
  return { countId, countNo, warehouseId, countDate: request.countDate, status: 'Frozen', lines };
}

/** Lines of the count not counted, and tags not posted. */
export async function openFigures(trx: IcTransaction, countId: number): Promise<{ notCounted: number; openTags: number }> {
  const notCounted = await countFigure(trx.selectFrom('count_lines').where('count_id', '=', countId).where('is_counted', '=', boolLit(trx, false)));
  const openTags = await countFigure(trx.selectFrom('count_tags').where('count_id', '=', countId).where('status', '=', 'Open'));
  return { notCounted, openTags };
}

/** §4 Frozen → Counted (see the header). */
export async function upgradeWarehouse(trx: IcTransaction, request: CycleRequest): Promise<OpenCount & { zeroFilled: number }> {
  const { warehouseId, userId } = request;
  const now = request.now ?? new Date().toISOString();
  assertStage(await lockWarehouse(trx, warehouseId), 'Frozen');
  const count = await openCount(trx, warehouseId);
  if (!count) throw BusinessError.of(409, 'no_count', 'ic:count.rules.noOpenCount', { warehouse: warehouseId }, 'WarehouseId');
  const { notCounted, openTags } = await openFigures(trx, count.countId);
  if (openTags > 0) throw BusinessError.of(409, 'tags_not_posted', 'ic:count.rules.tagsNotPosted', { count: openTags, warehouse: warehouseId });
  if (notCounted > 0) {
    const question = `zero-fill:${count.countId}`;
    if (!request.confirmations.has(question)) throw new ConfirmationNeeded(question, 'ic:upgrade-count-stage.zeroFill', { count: notCounted, warehouse: warehouseId });
    await trx
      .updateTable('count_lines')
      .set({ counted_qty: decimalToDb(engineOf(trx), '0.0000', 4), updated_by: userId, updated_on: now })
      .where('count_id', '=', count.countId)
      .where('is_counted', '=', boolLit(trx, false))
      .execute();
    await refreshLines(trx, 'count_id', [count.countId]);
  }
  await trx.updateTable('warehouse_counts').set((eb) => ({ status: 'Counted', updated_by: userId, updated_on: now, version: eb('version', '+', 1) })).where('count_id', '=', count.countId).execute();
  await setStage(trx, warehouseId, 'Counted', userId, now);
  return { ...count, status: 'Counted', zeroFilled: notCounted };
}

async function offsetAccount(trx: IcTransaction): Promise<string> {
  return (await integrationAccount(trx, 'IC', 'COUNT')) !== null ? 'COUNT' : 'ADJUSTMENT';
}

/** §4 Counted → posted → Clear (see the header). Answers the count and the value posted. */
export async function postWarehouseCount(trx: IcTransaction, request: CycleRequest): Promise<OpenCount & { lines: number; value: Decimal }> {
  const { warehouseId, userId } = request;
  const now = request.now ?? new Date().toISOString();
  const stage = await lockWarehouse(trx, warehouseId);
  const count = await openCount(trx, warehouseId);
  const openTags = count ? (await openFigures(trx, count.countId)).openTags : 0;
  // §8: nothing to post (Clear), or tags still open.
  if (stage === 'Clear' || !count || openTags > 0) throw BusinessError.of(409, 'not_valid_for_posting', 'ic:count.rules.notValidForPosting', { warehouse: warehouseId, stage, tags: openTags }, 'WarehouseId');
  assertStage(stage, 'Counted');
  await assertCountDate(trx, count.countDate);
  const rows = await trx
    .selectFrom('count_lines')
    .select(['line_id', 'product_id', 'lot_no', 'variance_qty', 'unit_cost', 'variance_value'])
    .where('count_id', '=', count.countId)
    .where('variance_qty', '<>', 0)
    .orderBy('product_id')
    .orderBy('lot_no')
    .execute();
  const offset = await offsetAccount(trx);
  let value = '0.00';
  const corrections: { lineId: number; value: Decimal }[] = [];
  for (let start = 0; start < rows.length; start += POST_BATCH) {
    const batch = rows.slice(start, start + POST_BATCH);
    const movements: StockMovement[] = batch.map((row) => ({
      productId: String(row.product_id),
      warehouseId,
      lotNo: row.lot_no ?? '',
      quantity: decimalFromDb(trx, row.variance_qty, 4)!,
      unitCost: decimalFromDb(trx, row.unit_cost, 4),
      line: row.line_id,
    }));
    const results = await recordMovements(
      trx,
      { date: count.countDate, documentNo: count.countNo, origin: { type: COUNT_ORIGIN, id: String(count.countId) }, userId, offsetAccount: offset, description: `${count.countNo} ${warehouseId}` },
      movements,
    );
    results.forEach((result, index) => {
      value = add(value, result.value);
      const stored = decimalFromDb(trx, batch[index]!.variance_value, 2);
      if (stored !== result.value) corrections.push({ lineId: batch[index]!.line_id, value: result.value });
    });
  }
  for (const correction of corrections) {
    await trx.updateTable('count_lines').set({ variance_value: decimalToDb(engineOf(trx), correction.value, 2) }).where('line_id', '=', correction.lineId).execute();
  }
  await discard(trx, count, 'Posted', now, userId);
  await trx
    .updateTable('warehouse_counts')
    .set({ posted_value: decimalToDb(engineOf(trx), isZero(value) ? '0.00' : value, 2), posted_on: now })
    .where('count_id', '=', count.countId)
    .execute();
  await setStage(trx, warehouseId, 'Clear', userId, now);
  return { ...count, lines: rows.length, value };
}
