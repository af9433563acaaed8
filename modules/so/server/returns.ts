/**
 * Product returns on the server (issue 26 item 4; definition modules/so/definitions/product-return.ts):
 * - beforeWrite (in the save's transaction): the order exists and is Invoiced (§8 "Sales order does not exist."),
 *   of a customer the user may see (§6); the order's number, bill-to and warehouse are copied; each line is a
 *   line of the order (its price and shipping cost copied, the amount computed) and, with the order's other
 *   returns, returns at most what was shipped;
 * - `receive` (Open → Received): a lot-tracked line needs its lots; the stock comes back into the order's
 *   warehouse through Inventory's stock ledger at the unit cost it left at (`post: false`), and one IC journal
 *   through the posting service: Dr each inventory account the value taken back, Cr cost of goods sold (the
 *   same OE COGS accounts the shipment debited);
 * - `credit` (Received → Credited; the action's Date, default the return date): an AR credit note through
 *   Receivables (`createPostedInvoice`, CreditNote: the order's prices, the ship-to province's taxes, Dr sales /
 *   Dr taxes / Cr AR), applied to what is still open of the order's invoice (what remains is an unapplied credit).
 */
import { add, cmp, isZero, mul, neg, round, type Decimal } from '@erp/shared/decimal';
import { isValidDate } from '@erp/shared/entities/field-value';
import { createPostedInvoice, applyArItem, arItem } from '@erp/modules/ar/server/api';
import { post } from '@erp/modules/gl/server/api';
import { inventoryAccounts, recordMovements, type StockMovement } from '@erp/modules/ic/server/api';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { BusinessError } from '@erp/server/entities/call-result';
import type { EntityHooks, WireRecord } from '@erp/server/entities/hooks';
import type { Transaction } from 'kysely';
import { familyAccount, productFacts } from '../documents/sales-order/server/fulfilment.ts';
import { linesOf } from './pricing.ts';
import { setField } from '@erp/server/entities/hooks';
import { soDb, type SoDatabase } from './tables.generated.ts';

type SoTransaction = Transaction<SoDatabase>;

const lineError = (index: number, field: string, key: string, params: Record<string, unknown> = {}) => new BusinessError(400, 'validation_failed', [{ field: `Lines[${index}].${field}`, key, params }]);

interface OrderFacts {
  orderKey: number;
  orderNo: string;
  billToId: string;
  shipToId: string | null;
  warehouseId: string;
  invoiceId: number | null;
  lines: Map<string, { price: Decimal; cost: Decimal | null; shipped: Decimal; description: string }>;
}

async function orderFacts(trx: SoTransaction, orderKey: number): Promise<OrderFacts | null> {
  const head = await trx.selectFrom('sales_orders').selectAll().where('order_key', '=', orderKey).executeTakeFirst();
  if (!head || head.status !== 'Invoiced') return null;
  const rows = await trx.selectFrom('so_lines').selectAll().where('order_key', '=', orderKey).execute();
  return {
    orderKey,
    orderNo: String(head.order_no),
    billToId: String(head.bill_to_id),
    shipToId: head.ship_to_id ?? null,
    warehouseId: String(head.warehouse_id),
    invoiceId: head.invoice_id ?? null,
    lines: new Map(
      rows.map((row) => [
        String(row.product_id),
        {
          price: decimalFromDb(trx, row.unit_price, 4) ?? '0.0000',
          cost: decimalFromDb(trx, row.unit_cost, 4),
          shipped: decimalFromDb(trx, row.quantity_shipped, 4) ?? '0.0000',
          description: String(row.description ?? ''),
        },
      ]),
    ),
  };
}

/** What the order's other returns took back of a product. */
async function returnedBefore(trx: SoTransaction, orderKey: number, productId: string, returnId: number | null): Promise<Decimal> {
  const rows = await trx
    .selectFrom('so_return_lines as l')
    .innerJoin('so_returns as r', 'r.return_id', 'l.return_id')
    .select('l.quantity')
    .where('r.order_key', '=', orderKey)
    .where('l.product_id', '=', productId)
    .where('r.return_id', '<>', returnId ?? -1)
    .execute();
  return rows.reduce<Decimal>((sum, row) => add(sum, decimalFromDb(trx, row.quantity, 4) ?? '0'), '0.0000');
}

/** `receive`'s effect (module header), also the demo data's: answers the action's outcome. */
export async function receiveReturn(trx: SoTransaction, record: WireRecord, userId: string) {
  const lines = linesOf(record);
  if (lines.length === 0) throw BusinessError.of(400, 'no_lines', 'so:sales-order.rules.needsLine', {}, 'Lines');
  const warehouseId = String(record['WarehouseId']);
  const facts = await productFacts(trx, lines.map((line) => String(line['ProductId'])));
  const movements: StockMovement[] = [];
  for (const [index, line] of lines.entries()) {
    const productId = String(line['ProductId']);
    const fact = facts.get(productId);
    if (!fact?.trackInventory) continue;
    const lots = Array.isArray(line['Lots']) ? (line['Lots'] as WireRecord[]) : [];
    if (fact.trackLot && lots.length === 0) throw lineError(index, 'Lots', 'so:product-return.rules.lotsNeeded', { product: productId });
    const unitCost = line['UnitCost'] == null ? null : String(line['UnitCost']);
    const parts = lots.length > 0 ? lots.map((lot) => ({ lotNo: String(lot['LotNo']), quantity: round(String(lot['Quantity']), 4) })) : [{ lotNo: '', quantity: round(String(line['Quantity']), 4) }];
    for (const part of parts) movements.push({ productId, warehouseId, lotNo: part.lotNo, quantity: part.quantity, unitCost, line: index + 1 });
  }
  const returnNo = String(record['ReturnNo']);
  const origin = { type: 'product-return', id: String(record['ReturnId']) };
  const description = `${returnNo} ${String(record['OrderNo'])} ${String(record['BillToId'])}`;
  const date = String(record['ReturnDate']);
  let journalId: number | null = null;
  if (movements.length > 0) {
    const results = await recordMovements(trx, { date, documentNo: returnNo, origin, userId, description, post: false }, movements);
    const accounts = await inventoryAccounts(trx, movements.map((m) => m.productId));
    const memo = new Map<string, string>();
    const amounts = new Map<string, Decimal>();
    for (const [index, movement] of movements.entries()) {
      const value = results[index]!.value;
      const inventory = accounts.get(movement.productId)!;
      const cogs = await familyAccount(trx, 'COGS', facts.get(movement.productId)!.family, memo);
      amounts.set(inventory, add(amounts.get(inventory) ?? '0.00', value));
      amounts.set(cogs, add(amounts.get(cogs) ?? '0.00', neg(value)));
    }
    const postingLines = [...amounts].filter(([, amount]) => !isZero(amount)).map(([accountId, amount]) => ({ accountId, amount: round(amount, 2) }));
    if (postingLines.length > 0) {
      journalId = (await post(trx, { source: 'IC', subLedger: 'gl', dataType: 'Actual', date, documentNo: returnNo, description, origin, lines: postingLines, reversalOf: null, userId })).journalId;
    }
  }
  return { set: { JournalId: journalId }, touched: ['stock_balances', 'stock_ledger', 'stock_lot_balances', 'gl_entries', 'gl_journals', 'gl_balances'], messageKey: 'so:product-return.result.received', messageParams: { number: returnNo } };
}

/** `credit`'s effect (module header), also the demo data's; `asked` is the action's Date. */
export async function creditReturn(trx: SoTransaction, record: WireRecord, asked: unknown, userId: string) {
  if (asked !== undefined && (typeof asked !== 'string' || !isValidDate(asked))) throw BusinessError.of(400, 'validation_failed', 'entities:validation.date', { label: 'Date' }, 'Date');
  const date = typeof asked === 'string' ? asked : String(record['ReturnDate']);
  const order = await orderFacts(trx, Number(record['OrderKey']));
  if (!order) throw BusinessError.of(400, 'validation_failed', 'so:sales-order.rules.salesOrderMissing', {}, 'OrderKey');
  const lines = linesOf(record);
  const facts = await productFacts(trx, lines.map((line) => String(line['ProductId'])));
  const memo = new Map<string, string>();
  const creditLines = [];
  for (const line of lines) {
    const productId = String(line['ProductId']);
    creditLines.push({
      Description: `${productId} ${order.lines.get(productId)?.description ?? ''}`.trim().slice(0, 100),
      AccountId: await familyAccount(trx, 'SALES', facts.get(productId)?.family ?? '', memo),
      Quantity: round(String(line['Quantity']), 4),
      UnitPrice: round(String(line['UnitPrice']), 4),
    });
  }
  // The invoice's AR item is locked first, as Receivables' own credit does (no deadlock with a receipt).
  const invoiceItem = order.invoiceId === null
    ? undefined
    : await trx.selectFrom('ar_items').select('item_id').where('origin_type', '=', 'ar-invoice').where('origin_id', '=', String(order.invoiceId)).executeTakeFirst();
  const item = invoiceItem ? await arItem(trx, invoiceItem.item_id, true) : undefined;
  const created = await createPostedInvoice(
    trx,
    { documentType: 'CreditNote', date, billToId: order.billToId, shipToId: order.shipToId, reference: String(record['ReturnNo']), description: `${String(record['ReturnNo'])} ${order.orderNo}`.slice(0, 100), lines: creditLines },
    userId,
  );
  if (item && item.status === 'Open' && !isZero(item.openBalance)) {
    const amount = cmp(item.openBalance, created.total) < 0 ? item.openBalance : created.total;
    if (cmp(amount, '0') > 0) {
      await applyArItem(trx, { fromItemId: created.itemId, toItemId: item.itemId, date, amount, discount: '0.00', origin: { type: 'product-return', id: String(record['ReturnId']) }, userId });
    }
  }
  return {
    set: { CreditNoteId: created.invoiceId, CreditNoteNo: created.documentNo },
    touched: ['ar_invoices', 'ar_invoice_lines', 'ar_items', 'ar_applications', 'gl_entries', 'gl_journals', 'gl_balances'],
    messageKey: 'so:product-return.result.credited',
    messageParams: { number: record['ReturnNo'], credit: created.documentNo },
    data: { CreditNoteId: created.invoiceId, CreditNoteNo: created.documentNo },
  };
}

export const productReturnHooks: EntityHooks = {
  async beforeWrite(_ctx, engineTrx, change) {
    const trx = soDb(engineTrx);
    const order = await orderFacts(trx, Number(change.next['OrderKey']));
    if (!order) throw BusinessError.of(400, 'validation_failed', 'so:sales-order.rules.salesOrderMissing', {}, 'OrderKey');
    // §6: the order's customer is the user's — the engine's check of the definition's `customer` OrderKey.
    setField(change, 'OrderNo', order.orderNo);
    setField(change, 'BillToId', order.billToId);
    setField(change, 'WarehouseId', order.warehouseId);
    const returnId = change.current ? Number(change.current['ReturnId']) : null;
    let total: Decimal = '0.00';
    const lines: WireRecord[] = [];
    for (const [index, line] of linesOf(change.next).entries()) {
      const productId = String(line['ProductId'] ?? '').toUpperCase();
      const ordered = order.lines.get(productId);
      if (!ordered) throw lineError(index, 'ProductId', 'so:product-return.rules.notOnOrder');
      const quantity = String(line['Quantity'] ?? '0');
      const before = await returnedBefore(trx, order.orderKey, productId, returnId);
      if (cmp(add(before, quantity), ordered.shipped) > 0) throw lineError(index, 'Quantity', 'so:product-return.rules.overReturn', { shipped: ordered.shipped, returned: before });
      const amount = mul(quantity, ordered.price, 2);
      total = add(total, amount);
      lines.push({ ...line, ProductId: productId, UnitPrice: ordered.price, UnitCost: ordered.cost, Amount: amount });
    }
    setField(change, 'Lines', lines);
    setField(change, 'Total', total);
  },
  actions: {
    receive: {
      effect: (ctx, run) => receiveReturn(soDb(run.trx), run.record, ctx.user.userId),
    },
    credit: {
      effect: (ctx, run) => creditReturn(soDb(run.trx), run.record, run.body['Date'], ctx.user.userId),
    },
  },
};
