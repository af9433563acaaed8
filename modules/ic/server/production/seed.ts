/**
 * Demo production work orders (issue 15 item 9, CONTRACT-15 "Demo data rule"): only when `config.demoLedger` is
 * on, no work order exists yet and the demo catalogue's assemblies exist (h15a's seed runs before this part):
 * - one Committed order: 40 × ASSY-BRACKET-A in TOR-01, required 2026-11-27, nothing produced yet (its
 *   components allocated, as the commit action does);
 * - one Closed order: 20 × ASSY-BASEPLATE-12 in TOR-01, a batch of 12 produced on 2026-10-20 (components
 *   issued at moving average, the assembly received at their value — the same produceBatch as the action,
 *   so the stock ledger and its IC journal are written as in use), closed with a reason for the 8 not made.
 * When the warehouse lacks a component for that batch, the shortfall is received first (stock ledger receipt
 * at the product's list price, document WO-DEMO-STOCK, offset the IC ADJUSTMENT account), so the demo never
 * depends on the order other parts' demo stock comes in.
 */
import { cmp, isNegative, mul, sub } from '@erp/shared/decimal';
import { WORK_ORDER_SEQUENCE, productionWorkOrder } from '../../definitions/production/index.ts';
import { decimalFromDb, decimalToDb, engineOf } from '@erp/server/db/decimal-codec';
import { nextNumber } from '@erp/server/entities/numbering';
import type { SeedConfig } from '@erp/server/modules/part';
import { adjustCommitted, recordMovements } from '../stock/ledger.ts';
import { produceBatch } from './production.ts';
import { productBom } from './rules.ts';
import { icDb } from '../tables.generated.ts';
import type { SeedDb } from '@erp/server/db/migration-db';

const WAREHOUSE = 'TOR-01';
const WHO = 'seed';

interface DemoOrder {
  product: string;
  quantity: string;
  required: string;
  notes: string;
  batch?: { quantity: string; date: string; reason: string };
}

const ORDERS: readonly DemoOrder[] = [
  { product: 'ASSY-BRACKET-A', quantity: '40.0000', required: '2026-11-27', notes: 'Wall brackets for the Hamilton warehouse racking job.' },
  {
    product: 'ASSY-BASEPLATE-12',
    quantity: '20.0000',
    required: '2026-10-23',
    notes: 'Column base plates, mezzanine order.',
    batch: { quantity: '12.0000', date: '2026-10-20', reason: 'Customer reduced the order to 12.' },
  },
];

async function onHand(db: SeedDb, productId: string): Promise<string> {
  const row = (await db.selectFrom('stock_balances').select('on_hand').where('product_id', '=', productId).where('warehouse_id', '=', WAREHOUSE).executeTakeFirst()) as { on_hand?: unknown } | undefined;
  return decimalFromDb(db, row?.on_hand ?? 0, 4) ?? '0.0000';
}

async function listPrice(db: SeedDb, productId: string): Promise<string> {
  const row = (await db.selectFrom('product_prices').select('price').where('product_id', '=', productId).orderBy('price').limit(1).executeTakeFirst()) as { price?: unknown } | undefined;
  return decimalFromDb(db, row?.price ?? 100, 4) ?? '1.0000';
}

export async function seedProduction(db: SeedDb, config: SeedConfig): Promise<void> {
  if (!config.demoLedger) return;
  const any = await db.selectFrom('production_work_orders').select('work_order_id').limit(1).executeTakeFirst();
  if (any) return;
  const products = (await db.selectFrom('products').select('product_id').where('product_id', 'in', ORDERS.map((o) => o.product)).execute()) as { product_id: string }[];
  if (products.length !== ORDERS.length) return;
  const engine = engineOf(db);
  const q = (value: string) => decimalToDb(engine, value, 4);
  await db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    for (const order of ORDERS) {
      const bom = await productBom(icDb(trx), order.product);
      const workOrderNo = await nextNumber(trx, WORK_ORDER_SEQUENCE, { prefix: productionWorkOrder.numbering!.prefix ?? '', description: productionWorkOrder.name });
      const inserted = (await trx
        .insertInto('production_work_orders')
        .values({
          work_order_no: workOrderNo,
          status: 'Committed',
          product_id: order.product,
          warehouse_id: WAREHOUSE,
          quantity_to_produce: q(order.quantity),
          date_required: order.required,
          produced_to_date: q('0.0000'),
          remaining: q(order.quantity),
          produced_value: decimalToDb(engine, '0.00', 2),
          notes: order.notes,
          created_by: WHO,
          created_on: now,
          updated_by: WHO,
          updated_on: now,
          version: 1,
        })
        .returning('work_order_id')
        .executeTakeFirstOrThrow()) as { work_order_id: number | string };
      const workOrderId = Number(inserted.work_order_id);
      const lines = [];
      for (const line of bom) {
        const row = (await trx
          .insertInto('production_work_order_components')
          .values({ work_order_id: workOrderId, component_id: line.ComponentId, factor: q(line.Factor), quantity: q(mul(line.Factor, order.quantity, 4)), used_to_date: q('0.0000') })
          .returning('line_id')
          .executeTakeFirstOrThrow()) as { line_id: number | string };
        lines.push({ LineId: Number(row.line_id), ComponentId: line.ComponentId, Factor: line.Factor, Quantity: mul(line.Factor, order.quantity, 4), UsedToDate: '0.0000' });
      }
      if (!order.batch) {
        // A Committed order allocates its components (as the commit action does).
        for (const line of lines) await adjustCommitted(trx, line.ComponentId, WAREHOUSE, line.Quantity);
        continue;
      }
      // Components short in the warehouse are received first (see the header).
      const receipts = [];
      for (const [index, line] of lines.entries()) {
        const short = sub(mul(line.Factor, order.batch.quantity, 4), await onHand(trx, line.ComponentId));
        if (!isNegative(short) && cmp(short, '0') > 0) {
          receipts.push({ productId: line.ComponentId, warehouseId: WAREHOUSE, quantity: short, unitCost: await listPrice(trx, line.ComponentId), line: index + 1 });
        }
      }
      if (receipts.length > 0) {
        await recordMovements(trx, { date: order.batch.date, documentNo: 'WO-DEMO-STOCK', origin: { type: 'seed', id: workOrderNo }, userId: WHO, description: 'Demo stock for production' }, receipts);
      }
      const record = {
        WorkOrderId: workOrderId,
        WorkOrderNo: workOrderNo,
        ProductId: order.product,
        WarehouseId: WAREHOUSE,
        QuantityToProduce: order.quantity,
        ProducedToDate: '0.0000',
        ProducedValue: '0.00',
        BatchDate: order.batch.date,
        Components: lines,
      };
      const batch = await produceBatch(icDb(trx), { userId: WHO, now }, record, order.batch.quantity);
      await trx
        .updateTable('production_work_orders')
        .set({
          status: 'Closed',
          produced_to_date: q(String(batch.set['ProducedToDate'])),
          remaining: q(String(batch.set['Remaining'])),
          produced_value: decimalToDb(engine, String(batch.set['ProducedValue']), 2),
          closing_reason: order.batch.reason,
          closed_date: order.batch.date,
        })
        .where('work_order_id', '=', workOrderId)
        .execute();
    }
  });
}
