/**
 * Posting a purchase receipt (issue 23 item 2; SCREENS.md WP4 "Cross-module postings"; DOMAIN-NOTES §6.1, §6.2),
 * the `post` action's effect and the demo data's, all in the caller's transaction:
 * 1. the order is read and locked; it must still be receivable, and the receipt's rules hold with the lots a
 *    posting needs (receipt-data.ts `receiptIssues`);
 * 2. freight (the receipt's landed cost) is allocated to the lines by weight (landed-cost.ts);
 * 3. the stock comes in through Inventory's stock ledger (`recordMovements`, modules/ic): one movement per lot
 *    (or per line without lots) into the order's warehouse at the landed unit cost —
 *    round((round(quantity × order price, 2) + freight share) ÷ quantity, 4) — which moves the moving average,
 *    the last cost, the balances and lot balances; the ledger leaves the G/L to this step (`post: false`);
 * 4. one IC journal through the posting service: Dr each inventory account the value the stock ledger took
 *    (so the inventory accounts equal the stock ledger's value), Cr GRNI (PO integration RECEIPT-ACCRUAL) the
 *    lines' round(quantity × order price, 2) (so GRNI equals received-not-invoiced quantity × order price),
 *    Cr accrued freight (FREIGHT-ACCRUAL) the freight, and the cents the unit-cost rounding leaves to
 *    RECEIPT-VARIANCE (DOMAIN-NOTES §6.1 "post any leftover value difference to a variance account");
 * 5. a coil or sheet product's lots become coils (modules/ic `coils`: CoilNo = the lot, its heat, mill coil
 *    number, dimensions and weight, the warehouse, the receipt date, Available); an existing coil is updated
 *    only in a status that allows it (§4 "A coil with certain statuses cannot be updated");
 * 6. the order lines' received quantities grow and the order becomes Partially received, or Received when
 *    every line has its ordered quantity (then no further receipt is taken); its version moves on, so an
 *    order form opened before the receipt reloads before it saves.
 * Missing integration rows refuse the posting (§8-like "The G/L integration account {{type}} for purchasing is
 * missing."), as the stock ledger does for its own.
 */
import { add, cmp, div, isZero, mul, neg, round, sub, type Decimal } from '@erp/shared/decimal';
import { COIL_EDITABLE } from '@erp/modules/ic/definitions/index';
import { inventoryAccounts, recordMovements, type StockMovement } from '@erp/modules/ic/server/api';
import { post, integrationAccount } from '@erp/modules/gl/server/api';
import { decimalToDb } from '@erp/server/db/decimal-codec';
import { BusinessError } from '@erp/server/entities/call-result';
import type { Transaction } from 'kysely';
import { freightShares } from './landed-cost.ts';
import { isReceivable, loadOrder, loadProducts, overReceiptPercent, receiptIssues, type Order } from './receipt-data.ts';
import type { PoDatabase } from './tables.generated.ts';
import type { WireRecord } from '@erp/server/entities/hooks';

type PoTransaction = Transaction<PoDatabase>;

/** PO integration transaction types (gl_integration, SubLedger 'PO'). */
export const GRNI = 'RECEIPT-ACCRUAL';
export const FREIGHT_ACCRUAL = 'FREIGHT-ACCRUAL';
export const RECEIPT_VARIANCE = 'RECEIPT-VARIANCE';

export const POSTING_TOUCHES = ['stock_balances', 'stock_ledger', 'stock_lot_balances', 'gl_entries', 'gl_journals', 'gl_balances', 'coils', 'purchase_orders', 'purchase_order_lines'];

/** A lot's coil dimensions as the receipt line's lot gives them (wire form). */
type LotDimensions = Record<'Gauge' | 'Width' | 'Length' | 'InsideDiameter' | 'OutsideDiameter', unknown>;

interface Lot {
  lotNo: string;
  quantity: Decimal;
  heatNo: string | null;
  manufacturerCoilNo: string | null;
  dims: LotDimensions;
  weight: Decimal | null;
}

function lotsOf(line: WireRecord): Lot[] {
  return (Array.isArray(line['Lots']) ? (line['Lots'] as WireRecord[]) : []).map((lot) => ({
    lotNo: String(lot['LotNo']),
    quantity: String(lot['Quantity']),
    heatNo: (lot['HeatNo'] as string | null) ?? null,
    manufacturerCoilNo: (lot['ManufacturerCoilNo'] as string | null) ?? null,
    dims: { Gauge: lot['Gauge'] ?? null, Width: lot['Width'] ?? null, Length: lot['Length'] ?? null, InsideDiameter: lot['InsideDiameter'] ?? null, OutsideDiameter: lot['OutsideDiameter'] ?? null },
    weight: (lot['CoilWeight'] as string | null) ?? null,
  }));
}

async function poAccount(trx: PoTransaction, type: string): Promise<string> {
  const account = await integrationAccount(trx, 'PO', type);
  if (account === null) throw BusinessError.of(400, 'integration_missing', 'po:po-receipt.rules.integrationMissing', { type }, 'Status');
  return account;
}

/** Step 5: the coils of a coil or sheet product's lots. */
async function receiveCoils(trx: PoTransaction, productId: string, order: Order, date: string, lots: readonly Lot[], userId: string, now: string): Promise<void> {
  for (const lot of lots) {
    const existing = await trx.selectFrom('coils').select(['coil_no', 'coil_status']).where('coil_no', '=', lot.lotNo).executeTakeFirst();
    const status = existing ? String(existing.coil_status) : null;
    if (status && !(COIL_EDITABLE as readonly string[]).includes(status)) {
      throw BusinessError.of(409, 'coil_locked', 'po:po-receipt.rules.coilLocked', { coil: lot.lotNo, status }, 'Lines');
    }
    const dim = (value: unknown) => (typeof value === 'string' ? decimalToDb(trx, value, 4) : null);
    const values = {
      product_id: productId,
      heat_no: lot.heatNo,
      manufacturer_coil_no: lot.manufacturerCoilNo,
      warehouse_id: order.warehouseId,
      received_date: date,
      gauge: dim(lot.dims['Gauge']),
      width: dim(lot.dims['Width']),
      length: dim(lot.dims['Length']),
      inside_diameter: dim(lot.dims['InsideDiameter']),
      outside_diameter: dim(lot.dims['OutsideDiameter']),
      coil_weight: dim(lot.weight),
      updated_by: userId,
      updated_on: now,
    };
    if (existing) {
      await trx.updateTable('coils').set((eb) => ({ ...values, version: eb('version', '+', 1) })).where('coil_no', '=', lot.lotNo).execute();
    } else {
      await trx
        .insertInto('coils')
        .values({ coil_no: lot.lotNo, coil_status: 'Available', measurement: 'Metric', ...values, created_by: userId, created_on: now, version: 1 })
        .execute();
    }
  }
}

/** Step 6: the order's received quantities and state. */
async function receiveOnOrder(trx: PoTransaction, order: Order, received: ReadonlyMap<number, Decimal>, userId: string, now: string): Promise<void> {
  let complete = true;
  for (const line of order.lines) {
    const quantity = received.get(line.lineId);
    const after = quantity ? add(line.received, quantity) : line.received;
    if (cmp(after, line.ordered) < 0) complete = false;
    if (quantity) {
      await trx.updateTable('purchase_order_lines').set({ quantity_received: decimalToDb(trx, round(after, 4), 4) }).where('line_id', '=', line.lineId).execute();
    }
  }
  await trx
    .updateTable('purchase_orders')
    .set((eb) => ({ status: complete ? 'Received' : 'PartiallyReceived', receivable: complete ? 0 : 1, updated_by: userId, updated_on: now, version: eb('version', '+', 1) }))
    .where('po_id', '=', order.poId)
    .execute();
}

/** Posts a receipt in wire form (ReceiptId, ReceiptNo, PoId, ReceiptDate, Freight, Lines with Lots); answers the journal. */
export async function postReceipt(trx: PoTransaction, record: WireRecord, userId: string): Promise<{ journalId: number | null }> {
  const order = await loadOrder(trx, Number(record['PoId']), true);
  if (!order) throw BusinessError.of(400, 'order_missing', 'po:po-receipt.rules.orderMissing', {}, 'PoId');
  if (!isReceivable(order)) throw BusinessError.of(409, 'order_not_receivable', 'po:po-receipt.rules.orderNotReceivable', {}, 'PoId');
  const lines = Array.isArray(record['Lines']) ? (record['Lines'] as WireRecord[]) : [];
  if (lines.length === 0) throw BusinessError.of(400, 'no_lines', 'po:po-receipt.rules.needsLine', {}, 'Lines');
  const products = await loadProducts(trx, lines.map((line) => String(line['ProductId'])));
  const issues = receiptIssues(order, products, await overReceiptPercent(trx), record, true);
  if (issues.length > 0) throw new BusinessError(400, 'validation_failed', issues.map((issue) => ({ field: issue.field, key: issue.key, params: issue.params ?? {} })));

  const byProduct = new Map(order.lines.map((line) => [line.productId, line]));
  const date = String(record['ReceiptDate']);
  const receiptNo = String(record['ReceiptNo'] ?? record['ReceiptId']);
  const now = new Date().toISOString();
  const details = lines.map((line) => {
    const orderLine = byProduct.get(String(line['ProductId']))!;
    const quantity = round(String(line['QuantityReceived']), 4);
    const lots = lotsOf(line);
    const product = products.get(orderLine.productId)!;
    const lotWeight = product.coil && lots.length > 0 && lots.every((lot) => lot.weight) ? lots.reduce<Decimal>((sum, lot) => add(sum, lot.weight!), '0') : null;
    return { line, orderLine, quantity, lots, product, cost: mul(quantity, orderLine.price, 2), lotWeight };
  });
  const freight = round(String(record['Freight'] ?? '0'), 2);
  const shares = freightShares(freight, details.map((d) => ({ quantity: d.quantity, cost: d.cost, lotWeight: d.lotWeight, weightPerUnit: d.product.weightPerUnit })));

  // Step 3: the stock ledger, at the landed unit cost.
  const movements: StockMovement[] = [];
  details.forEach((detail, index) => {
    const unitCost = div(add(detail.cost, shares[index]!), detail.quantity, 4);
    const lineNo = Number(detail.line['LineId'] ?? index + 1);
    const parts = detail.lots.length > 0 ? detail.lots.map((lot) => ({ lotNo: lot.lotNo, quantity: lot.quantity })) : [{ lotNo: '', quantity: detail.quantity }];
    for (const part of parts) movements.push({ productId: detail.orderLine.productId, warehouseId: order.warehouseId, lotNo: part.lotNo, quantity: part.quantity, unitCost, line: lineNo });
  });
  const description = `${receiptNo} ${order.poNo} ${order.vendorId}`;
  const results = await recordMovements(trx, { date, documentNo: receiptNo, origin: { type: 'po-receipt', id: String(record['ReceiptId']) }, userId, description, post: false }, movements);

  // Step 4: one balanced IC journal.
  const accounts = await inventoryAccounts(trx, movements.map((m) => m.productId));
  const debits = new Map<string, Decimal>();
  let stockValue: Decimal = '0.00';
  movements.forEach((movement, index) => {
    const account = accounts.get(movement.productId)!;
    debits.set(account, add(debits.get(account) ?? '0.00', results[index]!.value));
    stockValue = add(stockValue, results[index]!.value);
  });
  const grni = details.reduce<Decimal>((sum, d) => add(sum, d.cost), '0.00');
  const variance = sub(sub(stockValue, grni), freight);
  const postingLines = [...debits].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([accountId, amount]) => ({ accountId, amount: round(amount, 2) }));
  if (!isZero(grni)) postingLines.push({ accountId: await poAccount(trx, GRNI), amount: round(neg(grni), 2) });
  if (!isZero(freight)) postingLines.push({ accountId: await poAccount(trx, FREIGHT_ACCRUAL), amount: round(neg(freight), 2) });
  if (!isZero(variance)) postingLines.push({ accountId: await poAccount(trx, RECEIPT_VARIANCE), amount: round(neg(variance), 2) });
  let journalId: number | null = null;
  if (postingLines.some((line) => !isZero(line.amount))) {
    const posted = await post(trx, { source: 'IC', subLedger: 'gl', dataType: 'Actual', date, documentNo: receiptNo, description, origin: { type: 'po-receipt', id: String(record['ReceiptId']) }, lines: postingLines, reversalOf: null, userId });
    journalId = posted.journalId;
  }

  // Steps 5 and 6.
  for (const detail of details) if (detail.product.coil && detail.lots.length > 0) await receiveCoils(trx, detail.orderLine.productId, order, date, detail.lots, userId, now);
  await receiveOnOrder(trx, order, new Map(details.map((d) => [d.orderLine.lineId, d.quantity])), userId, now);
  return { journalId };
}
