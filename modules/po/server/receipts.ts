/**
 * Purchase receipts on the server (issue 23 item 2; spec §4 Purchase receipt, §5 Coil and receipt; definition
 * modules/po/definitions/po-receipt.ts). The generic document routes serve the receipt; these hooks add:
 * - beforeWrite (in the save's transaction, so its refusals speak the caller's language): the rules that read
 *   the order and the products (receipt-data.ts `receiptIssues`, without the lots only a posting needs); the receipt date is not in a closed stock year (§8 "Selected date
 *   is in a closed period."); the order's number, vendor and warehouse are copied onto the receipt; a receipt
 *   with lines keeps its order; a new receipt saved without lines gets every line still to receive (the
 *   outstanding quantity, lots to enter); each line takes its order line and price (UnitCost), whatever the
 *   client sends, and the totals follow;
 * - action `post` (Open → Posted, asked first by the screen): receipt-posting.ts.
 */
import { add, cmp, mul, sub, type Decimal } from '@erp/shared/decimal';
import { computeRecord } from '@erp/shared/entities/compute';
import { assertStockYearOpen } from '@erp/modules/ic/server/api';
import { BusinessError } from '@erp/server/entities/call-result';
import type { Transaction } from 'kysely';
import type { Change, EntityHooks, WireRecord } from '@erp/server/entities/hooks';
import { poReceipt } from '../definitions/po-receipt.ts';
import { isReceivable, loadOrder, loadProducts, overReceiptPercent, receiptIssues, type Order } from './receipt-data.ts';
import { POSTING_TOUCHES, postReceipt } from './receipt-posting.ts';
import { setField } from '@erp/server/entities/hooks';
import { poDb, type PoDatabase } from './tables.generated.ts';

/** The lines still to receive on the order (outstanding > 0), as new receipt lines. */
function outstandingLines(order: Order): WireRecord[] {
  return order.lines
    .map((line) => ({ line, outstanding: sub(line.ordered, line.received) }))
    .filter(({ outstanding }) => cmp(outstanding, '0') > 0)
    .map(({ line, outstanding }) => ({ LineId: null, ProductId: line.productId, QuantityReceived: outstanding, UnitCost: line.price, ExtendedCost: null, PoLineId: line.lineId, Lots: [] }));
}

/** Sets each line's ExtendedCost (quantity × the order price, to the cent) and answers their total (TotalCost). */
export function costLines(lines: readonly WireRecord[]): Decimal {
  let total: Decimal = '0.00';
  for (const line of lines) {
    line['ExtendedCost'] = line['UnitCost'] === null || line['UnitCost'] === undefined ? null : mul(String(line['QuantityReceived'] ?? '0'), String(line['UnitCost']), 2);
    total = add(total, String(line['ExtendedCost'] ?? '0.00'));
  }
  return total;
}

/** Copies the order's figures onto the receipt being written (module header). */
async function fromOrder(trx: Transaction<PoDatabase>, change: Change): Promise<void> {
  const poId = Number(change.next['PoId']);
  const storedLines = Array.isArray(change.current?.['Lines']) ? (change.current!['Lines'] as WireRecord[]) : [];
  if (change.mode === 'update' && change.changed.has('PoId') && storedLines.length > 0 && !change.changed.has('Lines')) {
    throw BusinessError.of(400, 'order_change', 'po:po-receipt.rules.orderChange', {}, 'PoId');
  }
  const order = await loadOrder(trx, poId);
  if (!order) throw BusinessError.of(400, 'order_missing', 'po:po-receipt.rules.orderMissing', {}, 'PoId');
  if (!isReceivable(order)) throw BusinessError.of(409, 'order_not_receivable', 'po:po-receipt.rules.orderNotReceivable', {}, 'PoId');
  if (change.mode === 'create' || change.changed.has('PoId')) {
    setField(change, 'PoNo', order.poNo);
    setField(change, 'VendorId', order.vendorId);
    setField(change, 'WarehouseId', order.warehouseId);
  }
  if (!Array.isArray(change.value['Lines'])) return;
  let lines = change.value['Lines'] as WireRecord[];
  if (change.mode === 'create' && lines.length === 0) {
    lines = outstandingLines(order);
    setField(change, 'Lines', lines);
  }
  const byProduct = new Map(order.lines.map((line) => [line.productId, line]));
  for (const line of lines) {
    const orderLine = byProduct.get(String(line['ProductId']));
    line['PoLineId'] = orderLine?.lineId ?? null;
    line['UnitCost'] = orderLine?.price ?? null;
  }
  setField(change, 'TotalQuantity', computeRecord(poReceipt, { Lines: lines })['TotalQuantity']);
  setField(change, 'TotalCost', costLines(lines));
}

export const poReceiptHooks: EntityHooks = {
  // In the transaction (not `validate`): a BusinessError answers in the caller's language.
  async beforeWrite(_ctx, engineTrx, change) {
    const trx = poDb(engineTrx);
    const date = change.next['ReceiptDate'];
    if (typeof date === 'string' && date !== '') await assertStockYearOpen(trx, date, 'ReceiptDate');
    if (change.changed.has('Lines') || change.changed.has('PoId')) {
      const order = await loadOrder(trx, Number(change.next['PoId']));
      const lines = Array.isArray(change.next['Lines']) ? (change.next['Lines'] as WireRecord[]) : [];
      const products = await loadProducts(trx, lines.map((line) => String(line['ProductId'] ?? '')));
      const issues = order ? receiptIssues(order, products, await overReceiptPercent(trx), change.next, false) : [];
      if (issues.length > 0) throw new BusinessError(400, 'validation_failed', issues.map((issue) => ({ field: issue.field, key: issue.key, params: issue.params ?? {} })));
    }
    await fromOrder(trx, change);
  },
  actions: {
    post: {
      async effect(ctx, run) {
        const { journalId } = await postReceipt(poDb(run.trx), run.record, ctx.user.userId);
        // Issue 68 item 5: the answer says what the posting did ("Receipt PRC005020 posted: 3 lines received into TOR-01").
        const lines = Array.isArray(run.record['Lines']) ? run.record['Lines'].length : 0;
        return { set: { JournalId: journalId }, touched: POSTING_TOUCHES, messageKey: 'po:po-receipt.result.posted', messageParams: { count: lines, warehouse: run.record['WarehouseId'] ?? '' } };
      },
    },
  },
};
