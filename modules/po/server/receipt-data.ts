/**
 * What a receipt's rules read (issue 23 item 2): its purchase order with the lines' ordered and received
 * quantities and prices, the products of its lines (lot-tracked, coil or sheet, weight), the over-receipt
 * tolerance — and the rules themselves, one function for the save and the post (`receiptIssues`):
 * - each receipt line names a product of the order's lines (§5; the order line is found by product, one line
 *   per product);
 * - over-receipt: what posted receipts took plus this receipt's quantity is at most the ordered quantity plus
 *   the tolerance (configuration `PO_OVER_RECEIPT_PERCENT`, a percent of the ordered quantity; 0 when absent);
 * - lots (§5 Coil and receipt, Tickets and lots): a product that does not track lots takes none; at posting a
 *   lot-tracked product's line needs lots adding up to its quantity (the definition's sumEquals checks lines
 *   that have lots, so the save still lets the clerk fill the lots later);
 * - coil or sheet product (a product with a material type, §3 "Coil or sheet product"): each lot needs its
 *   manufacturer coil number, a heat number and its coil weight (the bounds — gauge ≥ 0, weight ≥ 1,
 *   diameters ≥ 0 — are the definition's; the heat's existence the lookup's, §8 "Heat number {0} cannot be
 *   found.").
 */
import { add, cmp, mul, round, type Decimal } from '@erp/shared/decimal';
import type { RuleIssue } from '@erp/shared/entities/define';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { engineOf } from '@erp/server/db/decimal-codec';
import type { Kysely } from 'kysely';
import { RECEIVABLE_STATUSES, type PoStatus } from '../definitions/common.ts';
import type { PoDatabase } from './tables.generated.ts';
import type { WireRecord } from '@erp/server/entities/hooks';

/** Purchasing's view of a connection or transaction. */
type Db = Kysely<PoDatabase>;

export const OVER_RECEIPT_CONTROL = 'PO_OVER_RECEIPT_PERCENT';

export interface OrderLine {
  lineId: number;
  productId: string;
  ordered: Decimal;
  received: Decimal;
  price: Decimal;
}

export interface Order {
  poId: number;
  poNo: string;
  vendorId: string;
  warehouseId: string;
  status: PoStatus;
  version: number;
  lines: OrderLine[];
}

export interface ProductInfo {
  trackLot: boolean;
  coil: boolean;
  /** Theoretical weight per unit of measure (kg), for the landed cost's allocation. */
  weightPerUnit: Decimal;
}

export function truthy(raw: unknown): boolean {
  return raw === true || raw === 1 || raw === '1' || raw === 't' || raw === 'true';
}

/** The order with its lines, or null. `lock`: the order's row is locked on PostgreSQL (posting). */
export async function loadOrder(db: Db, poId: number, lock = false): Promise<Order | null> {
  let query = db.selectFrom('purchase_orders').select(['po_id', 'po_no', 'vendor_id', 'ship_to_id', 'status', 'version']).where('po_id', '=', poId);
  if (lock && engineOf(db) === 'postgres') query = query.forUpdate();
  const head = await query.executeTakeFirst();
  if (!head) return null;
  const rows = await db
    .selectFrom('purchase_order_lines')
    .select(['line_id', 'product_id', 'quantity_ordered', 'quantity_received', 'unit_price'])
    .where('po_id', '=', poId)
    .orderBy('line_id')
    .execute();
  return {
    poId,
    poNo: head.po_no ?? '',
    vendorId: head.vendor_id ?? '',
    warehouseId: head.ship_to_id ?? '',
    status: String(head.status) as PoStatus,
    version: Number(head.version),
    lines: rows.map((row) => ({
      lineId: row.line_id,
      productId: String(row.product_id),
      ordered: decimalFromDb(db, row.quantity_ordered, 4) ?? '0.0000',
      received: decimalFromDb(db, row.quantity_received, 4) ?? '0.0000',
      price: decimalFromDb(db, row.unit_price, 4) ?? '0.0000',
    })),
  };
}

export function isReceivable(order: Order): boolean {
  return RECEIVABLE_STATUSES.includes(order.status);
}

export async function loadProducts(db: Db, ids: readonly string[]): Promise<Map<string, ProductInfo>> {
  const wanted = [...new Set(ids.filter((id) => id !== ''))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('products').select(['product_id', 'track_lot', 'material_type', 'weight_per_unit']).where('product_id', 'in', wanted).execute();
  return new Map(
    rows.map((row) => [
      row.product_id,
      { trackLot: truthy(row.track_lot), coil: String(row.material_type ?? '') !== '', weightPerUnit: decimalFromDb(db, row.weight_per_unit, 4) ?? '0.0000' },
    ]),
  );
}

/** The over-receipt tolerance in percent of the ordered quantity (0 when not configured or not a number). */
export async function overReceiptPercent(db: Db): Promise<Decimal> {
  const row = await db.selectFrom('configurations').select('control_value').where('control_id', '=', OVER_RECEIPT_CONTROL).executeTakeFirst();
  const text = String(row?.control_value ?? '').trim();
  return /^\d{1,3}(\.\d{1,2})?$/.test(text) ? round(text, 2) : '0.00';
}

/** The most an order line may have received in all: ordered × (1 + tolerance ÷ 100). */
export function receivableLimit(line: OrderLine, tolerancePercent: Decimal): Decimal {
  return round(add(line.ordered, mul(line.ordered, mul(tolerancePercent, '0.01', 6), 8)), 4);
}

function linesOf(record: WireRecord): WireRecord[] {
  return Array.isArray(record['Lines']) ? (record['Lines'] as WireRecord[]) : [];
}

function blank(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** The rules of the module header on a receipt in wire form; `posting` adds the lots a posting needs. */
export function receiptIssues(order: Order, products: ReadonlyMap<string, ProductInfo>, tolerance: Decimal, record: WireRecord, posting: boolean): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const byProduct = new Map(order.lines.map((line) => [line.productId, line]));
  linesOf(record).forEach((line, index) => {
    const productId = String(line['ProductId'] ?? '');
    const orderLine = byProduct.get(productId);
    if (!orderLine) {
      issues.push({ field: `Lines[${index}].ProductId`, key: 'po:po-receipt.rules.productNotOrdered', params: { value: productId, order: order.poNo } });
      return;
    }
    const quantity = String(line['QuantityReceived'] ?? '0');
    const limit = receivableLimit(orderLine, tolerance);
    if (cmp(add(orderLine.received, quantity), limit) > 0) {
      issues.push({
        field: `Lines[${index}].QuantityReceived`,
        key: 'po:po-receipt.rules.overReceipt',
        params: { quantity: round(quantity, 4), product: productId, ordered: orderLine.ordered, received: orderLine.received, tolerance },
      });
    }
    const product = products.get(productId);
    const lots = Array.isArray(line['Lots']) ? (line['Lots'] as WireRecord[]) : [];
    if (product && !product.trackLot && lots.length > 0) issues.push({ field: `Lines[${index}].Lots`, key: 'po:po-receipt.rules.lotsNotTracked', params: { product: productId } });
    if (posting && product?.trackLot && lots.length === 0) {
      issues.push({ field: `Lines[${index}].Lots`, key: 'po:po-receipt.rules.lotsSum', params: { sum: '0.0000', expected: round(quantity, 4) } });
    }
    if (!product?.coil) return;
    lots.forEach((lot, lotIndex) => {
      const at = `Lines[${index}].Lots[${lotIndex}]`;
      if (blank(lot['ManufacturerCoilNo']) || blank(lot['HeatNo'])) issues.push({ field: `${at}.${blank(lot['ManufacturerCoilNo']) ? 'ManufacturerCoilNo' : 'HeatNo'}`, key: 'po:po-receipt.rules.coilIdentity' });
      if (blank(lot['CoilWeight'])) issues.push({ field: `${at}.CoilWeight`, key: 'po:po-receipt.rules.coilWeight' });
    });
  });
  return issues;
}
