/**
 * Count entries through the generic data routes (issue 23 item 4; §4 "Inputting counts needs Frozen", §5 count
 * product rules, "A tag number is required."; SCREENS.md PC-03 … PC-06):
 *
 * count-line
 * - create = "add found products" (PC-06): the warehouse must be Frozen (§8 stage message), the product or lot
 *   not yet in its open count (§8 "Product already added."); afterWrite completes the line from the stock:
 *   the open count, description, class, book quantity now (0 for a product the freeze did not hold — nothing
 *   moves while counting), the unit cost (moving average, else the last cost, else 0), IsFound.
 * - update = count input by class or by product (PC-03, PC-04): only CountedQty may change (the line's warehouse,
 *   product and lot are its identity), the line must be of the open count and the warehouse Frozen; blank
 *   CountedQty = not entered. The figures are recomputed (figures.ts).
 * - delete: only a found line, while Frozen (a frozen line is the snapshot; set its count to 0 instead).
 * count-tag (PC-05)
 * - create and update while Frozen (the line's count is the warehouse's open count), TagNo unique per count.
 * - post: Open → Posted while Frozen; the tag's product and lot must be a line of the count (else "add found
 *   products" first); the quantity adds to the line's TagQty.
 */
import { BusinessError, callResult, messageIn } from '@erp/server/entities/call-result';
import { decimalFromDb, decimalToDb, engineOf } from '@erp/server/db/decimal-codec';
import { add } from '@erp/shared/decimal';
import type { Transaction } from 'kysely';
import type { EntityHooks } from '@erp/server/entities/hooks';
import { boolLit, refreshLines } from './figures.ts';
import { assertStage, lockWarehouse, openCount, type OpenCount } from './stage.ts';
import { icDb, type IcDatabase } from '../tables.generated.ts';

type IcTransaction = Transaction<IcDatabase>;

const IDENTITY = ['WarehouseId', 'ProductId', 'LotNo'];

const lotOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The open count of a Frozen warehouse (locked); the stage refusal otherwise. */
async function frozenCount(trx: IcTransaction, warehouseId: string, field: string): Promise<OpenCount> {
  assertStage(await lockWarehouse(trx, warehouseId, field), 'Frozen', field);
  const count = await openCount(trx, warehouseId);
  if (!count) throw BusinessError.of(409, 'no_count', 'ic:count.rules.noOpenCount', { warehouse: warehouseId }, field);
  return count;
}

/** Book quantity and unit cost of a product (and lot) in a warehouse now. */
async function stockNow(trx: IcTransaction, productId: string, warehouseId: string, lotNo: string): Promise<{ qty: string; cost: string }> {
  const balance = await trx.selectFrom('stock_balances').select(['on_hand', 'average_cost', 'last_cost']).where('product_id', '=', productId).where('warehouse_id', '=', warehouseId).executeTakeFirst();
  const average = decimalFromDb(trx, balance?.average_cost ?? 0, 4) ?? '0.0000';
  const cost = average !== '0.0000' ? average : (decimalFromDb(trx, balance?.last_cost ?? 0, 4) ?? '0.0000');
  let qty = '0.0000';
  if (lotNo) {
    const lot = await trx.selectFrom('stock_lot_balances').select('on_hand').where('product_id', '=', productId).where('warehouse_id', '=', warehouseId).where('lot_no', '=', lotNo).executeTakeFirst();
    qty = decimalFromDb(trx, lot?.on_hand ?? 0, 4) ?? qty;
  } else if (balance) {
    const lots = await trx.selectFrom('stock_lot_balances').select((eb) => eb.fn.sum('on_hand').as('s')).where('product_id', '=', productId).where('warehouse_id', '=', warehouseId).executeTakeFirst();
    const inLots = decimalFromDb(trx, lots?.s ?? 0, 4) ?? '0.0000';
    qty = add(decimalFromDb(trx, balance.on_hand, 4) ?? '0.0000', inLots.startsWith('-') ? inLots.slice(1) : `-${inLots}`);
  }
  return { qty, cost };
}

export const countLineHooks: EntityHooks = {
  async validate(_ctx, change) {
    if (change.mode !== 'update') return [];
    return IDENTITY.filter((field) => change.changed.has(field)).map((field) => ({ field, key: 'ic:count.rules.lineFixed' }));
  },
  async beforeWrite(_ctx, engineTrx, change) {
    const trx = icDb(engineTrx);
    const warehouseId = String(change.next['WarehouseId'] ?? '');
    const count = await frozenCount(trx, warehouseId, change.mode === 'create' ? 'WarehouseId' : 'CountedQty');
    if (change.mode === 'update') {
      if (Number(change.current?.['CountId']) !== count.countId) throw BusinessError.of(409, 'count_closed', 'ic:count.rules.lineClosed', {}, 'CountedQty');
      return;
    }
    const productId = String(change.next['ProductId'] ?? '');
    const lotNo = lotOf(change.next['LotNo']);
    const taken = await trx.selectFrom('count_lines').select('line_id').where('count_id', '=', count.countId).where('product_id', '=', productId).where('lot_no', '=', lotNo).executeTakeFirst();
    // §8 "Product already added."
    if (taken) throw BusinessError.of(409, 'product_added', 'ic:count.rules.productAdded', { product: productId, lot: lotNo }, 'ProductId');
  },
  async afterWrite(_ctx, engineTrx, change) {
    const trx = icDb(engineTrx);
    const lineId = Number(change.id);
    if (change.mode === 'create') {
      const warehouseId = String(change.next['WarehouseId']);
      const productId = String(change.next['ProductId']);
      const lotNo = lotOf(change.next['LotNo']);
      const count = (await openCount(trx, warehouseId))!;
      const product = await trx.selectFrom('products').select(['description', 'class_id']).where('product_id', '=', productId).executeTakeFirstOrThrow();
      const stock = await stockNow(trx, productId, warehouseId, lotNo);
      const engine = engineOf(trx);
      await trx
        .updateTable('count_lines')
        .set({
          count_id: count.countId,
          lot_no: lotNo,
          description: product.description,
          class_id: product.class_id,
          frozen_qty: decimalToDb(engine, stock.qty, 4),
          unit_cost: decimalToDb(engine, stock.cost, 4),
          tag_qty: decimalToDb(engine, '0.0000', 4),
          is_found: boolLit(trx, true),
          is_open: boolLit(trx, true),
        })
        .where('line_id', '=', lineId)
        .execute();
      await trx.updateTable('warehouse_counts').set((eb) => ({ products: eb('products', '+', 1) })).where('count_id', '=', count.countId).execute();
    }
    await refreshLines(trx, 'line_id', [lineId]);
    return [];
  },
  async beforeDelete(ctx, record) {
    const stage = await lockWarehouse(icDb(ctx.db), String(record['WarehouseId']));
    if (record['IsFound'] === true && record['IsOpen'] === true && stage === 'Frozen') return null;
    return { status: 409, body: callResult(2, 'line_not_deletable', messageIn(ctx.user.row.language, 'ic:count.rules.lineNotDeletable')) };
  },
};

export const countTagHooks: EntityHooks = {
  async beforeWrite(_ctx, engineTrx, change) {
    const trx = icDb(engineTrx);
    const warehouseId = String(change.next['WarehouseId'] ?? '');
    const count = await frozenCount(trx, warehouseId, 'WarehouseId');
    if (change.mode === 'update' && Number(change.current?.['CountId']) !== count.countId) throw BusinessError.of(409, 'count_closed', 'ic:count.rules.lineClosed', {}, 'TagNo');
    const tagNo = String(change.next['TagNo'] ?? '');
    let query = trx.selectFrom('count_tags').select('tag_id').where('count_id', '=', count.countId).where('tag_no', '=', tagNo);
    if (change.id !== null) query = query.where('tag_id', '<>', Number(change.id));
    if (await query.executeTakeFirst()) throw BusinessError.of(409, 'tag_added', 'ic:count.rules.tagAdded', { tag: tagNo }, 'TagNo');
  },
  async afterWrite(_ctx, engineTrx, change) {
    const trx = icDb(engineTrx);
    const count = (await openCount(trx, String(change.next['WarehouseId'])))!;
    await trx
      .updateTable('count_tags')
      .set({ count_id: count.countId, lot_no: lotOf(change.next['LotNo']), is_open: boolLit(trx, true) })
      .where('tag_id', '=', Number(change.id))
      .execute();
    return [];
  },
  actions: {
    post: {
      async effect(_ctx, run) {
        const trx = icDb(run.trx);
        const warehouseId = String(run.record['WarehouseId']);
        const count = await frozenCount(trx, warehouseId, 'WarehouseId');
        if (Number(run.record['CountId']) !== count.countId) throw BusinessError.of(409, 'count_closed', 'ic:count.rules.lineClosed', {}, 'TagNo');
        const productId = String(run.record['ProductId']);
        const lotNo = lotOf(run.record['LotNo']);
        const line = await trx
          .selectFrom('count_lines')
          .select(['line_id', 'tag_qty'])
          .where('count_id', '=', count.countId)
          .where('product_id', '=', productId)
          .where('lot_no', '=', lotNo)
          .executeTakeFirst();
        if (!line) throw BusinessError.of(409, 'not_in_freeze', 'ic:count.rules.notInFreeze', { product: productId, lot: lotNo, warehouse: warehouseId }, 'ProductId');
        const tagQty = add(decimalFromDb(trx, line.tag_qty, 4) ?? '0.0000', String(run.record['Quantity']));
        await trx.updateTable('count_lines').set({ tag_qty: decimalToDb(engineOf(trx), tagQty, 4) }).where('line_id', '=', line.line_id).execute();
        // The tag is Posted by the action after this effect; the line counts it now (figures.ts reads posted tags).
        await trx.updateTable('count_tags').set({ status: 'Posted' }).where('tag_id', '=', Number(run.record['TagId'])).execute();
        await refreshLines(trx, 'line_id', [line.line_id]);
        return { touched: ['count_lines', 'count_tags'] };
      },
    },
  },
};
