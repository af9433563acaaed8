/**
 * Producing a batch of a production work order (issue 15 item 6: "Producing consumes components and adds the
 * finished product at cost"; SCREENS.md WP3 "Work-order close: Dr finished-goods inventory / Cr component
 * inventory"). Runs inside the work order action's transaction:
 * 1. each component line issues round(factor × batch quantity, 4) from the work order's warehouse at its moving
 *    average cost (the stock ledger refuses an issue above the quantity on hand);
 * 2. the finished product is received in the same warehouse at the consumed value (unit cost = value ÷
 *    quantity, 4 decimals; a rounding difference goes to the IC ADJUSTMENT account) — both in ONE `recordMovements` call (modules/ic/server/stock/ledger.ts), so the
 *    stock ledger and its IC journal entry are written together: inventory of the product debited, inventory
 *    of the components credited, balanced;
 * 3. the lines' UsedToDate, the order's ProducedToDate / ProducedValue / Remaining are brought up to date, the
 *    batch is recorded in production_batches and the batch fields are cleared.
 * The batch's stock document number is `<WorkOrderNo>-<batch no>`.
 */
import { abs, add, cmp, div, mul, neg, round, sub, type Decimal } from '@erp/shared/decimal';
import { productionWorkOrder } from '../../definitions/production/index.ts';
import { sql, type Transaction } from 'kysely';
import { decimalFromDb, decimalToDb, engineOf } from '@erp/server/db/decimal-codec';
import { recordMovements, type StockMovement } from '../stock/ledger.ts';
import { linesOf } from './lines.ts';
import type { IcDatabase } from '../tables.generated.ts';

type IcTransaction = Transaction<IcDatabase>;

/** The GL integration transaction type (sub-ledger IC) of a production batch's residual (rounding) line. */
export const PRODUCTION_OFFSET_ACCOUNT = 'ADJUSTMENT';

/** Today's date (UTC), `YYYY-MM-DD`. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** On hand, value and average cost of each component in the warehouse (zero when it has no balance). */
async function componentBalances(trx: IcTransaction, warehouseId: string, productIds: readonly string[]) {
  const rows = await trx
    .selectFrom('stock_balances')
    .select(['product_id', 'on_hand', 'value', 'average_cost'])
    .where('warehouse_id', '=', warehouseId)
    .where('product_id', 'in', productIds.length > 0 ? [...new Set(productIds)] : [''])
    .execute();
  return new Map(
    rows.map((row) => [
      row.product_id,
      {
        onHand: decimalFromDb(trx, row.on_hand, 4) ?? '0.0000',
        value: decimalFromDb(trx, row.value, 2) ?? '0.00',
        averageCost: decimalFromDb(trx, row.average_cost, 4) ?? '0.0000',
      },
    ]),
  );
}

export interface BatchOutcome {
  quantity: Decimal;
  documentNo: string;
  set: Record<string, unknown>;
  touched: string[];
}

/**
 * Produces `quantity` of work order `record` (wire form, with its Components) in `trx` as `userId`; answers the
 * order's fields to set. The caller writes them (the action's generic update, or the demo seed).
 */
export async function produceBatch(trx: IcTransaction, by: { userId: string; now: string }, record: Record<string, unknown>, quantity: Decimal): Promise<BatchOutcome> {
  const engine = engineOf(trx);
  const workOrderId = Number(record['WorkOrderId']);
  const productId = String(record['ProductId']);
  const warehouseId = String(record['WarehouseId']);
  const date = (record['BatchDate'] as string | null) ?? today();
  const previous = await trx
    .selectFrom('production_batches')
    .select(sql<number | string>`count(*)`.as('n'))
    .where('work_order_id', '=', workOrderId)
    .executeTakeFirst();
  const batchNo = Number(previous?.n ?? 0) + 1;
  const documentNo = `${String(record['WorkOrderNo'])}-${batchNo}`;
  const lines = linesOf(record);

  // Issues at moving average: what each will be valued at, read from the balances (the same rule as the stock
  // ledger: round(|quantity| × average, 2), or the whole value when the issue empties the balance), so that the
  // receipt's unit cost is known and the whole batch is ONE movement set and ONE IC journal entry. The ledger
  // values the issues itself; any difference of rounding goes to the offset account, still balanced.
  const issues: StockMovement[] = lines.map((line, index) => ({
    productId: line.ComponentId,
    warehouseId,
    quantity: neg(mul(line.Factor, quantity, 4)),
    line: index + 1,
  }));
  const balances = await componentBalances(trx, warehouseId, lines.map((line) => line.ComponentId));
  let consumed: Decimal = '0.00';
  for (const issue of issues) {
    const balance = balances.get(issue.productId) ?? { onHand: '0.0000', value: '0.00', averageCost: '0.0000' };
    const taken = abs(issue.quantity);
    const value = cmp(taken, balance.onHand) === 0 ? balance.value : round(mul(taken, balance.averageCost, 6), 2);
    consumed = add(consumed, value);
    // Later lines of the same component see what this one left.
    const onHand = sub(balance.onHand, taken);
    balances.set(issue.productId, { onHand, value: sub(balance.value, value), averageCost: balance.averageCost });
  }
  const unitCost = div(consumed, quantity, 4);
  const origin = { type: productionWorkOrder.name, id: String(workOrderId) };
  const results = await recordMovements(
    trx,
    { date, documentNo, origin, userId: by.userId, offsetAccount: PRODUCTION_OFFSET_ACCOUNT, description: `${String(record['WorkOrderNo'])} ${productId}` },
    [...issues, { productId, warehouseId, quantity, unitCost, line: lines.length + 1 }],
  );
  const received = results.at(-1)!.value;

  // Used to date per line, produced to date and value on the order.
  for (const [index, line] of lines.entries()) {
    const used = add(line.UsedToDate ?? '0.0000', neg(issues[index]!.quantity));
    await trx
      .updateTable('production_work_order_components')
      .set({ used_to_date: decimalToDb(engine, used, 4) })
      .where('line_id', '=', line.LineId)
      .where('work_order_id', '=', workOrderId)
      .execute();
  }
  const produced = add(String(record['ProducedToDate'] ?? '0.0000'), quantity);
  const value = add(String(record['ProducedValue'] ?? '0.00'), received);
  await trx
    .insertInto('production_batches')
    .values({
      work_order_id: workOrderId,
      batch_no: batchNo,
      batch_date: date,
      quantity: decimalToDb(engine, quantity, 4),
      value: decimalToDb(engine, received, 2),
      document_no: documentNo,
      created_by: by.userId,
      created_on: by.now,
    })
    .execute();
  return {
    quantity,
    documentNo,
    set: {
      ProducedToDate: produced,
      ProducedValue: value,
      Remaining: sub(String(record['QuantityToProduce']), produced),
      BatchQuantity: null,
      BatchDate: null,
    },
    touched: ['stock_ledger', 'stock_balances', 'production_batches', 'production_work_order_components', 'gl_entries', 'gl_balances', 'gl_journals'],
  };
}
