/**
 * Queries of the purchasing reports (definitions: modules/po/definitions/reports.ts; engine:
 * server/src/reports/engine.ts).
 *
 * - po-open-orders: order lines of receivable orders (`purchase_orders.receivable`, kept by the receipts and
 *   the order's actions) whose received quantity is below the ordered one; outstanding = ordered − received and
 *   its value at the order price — differences and a product of stored decimals, exact on both engines (SQLite
 *   integer units: the value's units are quantity units × price units ÷ 10^6, rounded half up by the query).
 *   The first page is read in PO number order from that number's unique index (`window`); the count and the
 *   outstanding total read the receivable orders.
 * - po-purchase-analysis: posted receipts' lines in the date range (receipt_date index), with the vendor.
 * - po-purchase-order-list: the orders of the date range (order_date index), optionally one vendor or state.
 * - po-purchase-order-print: one order's lines with the order's own fields on each (the document's heading):
 *   the vendor's address, the ship-to warehouse by name, the terms by their description.
 * - po-lot-tracking: stock ledger rows of lots received on posted receipts (lot ↔ heat ↔ receipt), with every
 *   later movement of the same product and lot (issues, transfers, and shipments once sales issue lots).
 * A lookup parameter naming nothing: the framework's lookup message (`prepare`).
 */
import { sql } from 'kysely';
import type { ReportParameterError } from '@erp/shared/reports/define';
import { readFirst } from '@erp/server/db/read';
import type { ReportContext, ServerReport } from '@erp/server/reports/engine';
import { lotTracking, openOrders, purchaseAnalysis, purchaseOrderList, purchaseOrderPrint } from '../definitions/reports.ts';
import { poDb, type PurchaseOrderRow } from './tables.generated.ts';

/** Lookup parameters that name nothing. */
async function checkLookups(ctx: ReportContext): Promise<ReportParameterError[]> {
  const db = poDb(ctx.db);
  // The row a parameter names, or undefined.
  const lookups: Readonly<Record<string, (value: string) => Promise<unknown>>> = {
    VendorId: (value) => readFirst(ctx.database, db.selectFrom('firms').select('firm_id').where('firm_id', '=', value).limit(1)),
    WarehouseId: (value) => readFirst(ctx.database, db.selectFrom('warehouses').select('warehouse_id').where('warehouse_id', '=', value).limit(1)),
    ProductId: (value) => readFirst(ctx.database, db.selectFrom('products').select('product_id').where('product_id', '=', value).limit(1)),
    HeatNo: (value) => readFirst(ctx.database, db.selectFrom('heat_numbers').select('heat_no').where('heat_no', '=', value).limit(1)),
  };
  const errors: ReportParameterError[] = [];
  for (const [field, lookup] of Object.entries(lookups)) {
    const value = ctx.params[field];
    if (typeof value !== 'string') continue;
    if (!(await lookup(value))) errors.push({ field, key: 'po:reports.validation.notFound', params: { value } });
  }
  return errors;
}

function text(ctx: ReportContext, name: string): string | null {
  const value = ctx.params[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** quantity × price of two stored decimals (scale 4 each) as money: exact on PostgreSQL, rounded units on SQLite. */
function extended(ctx: ReportContext, quantity: string, price: string) {
  return ctx.database.engine === 'postgres'
    ? sql<unknown>`round(${sql.ref(quantity)} * ${sql.ref(price)}, 2)`
    : sql<unknown>`(${sql.ref(quantity)} * ${sql.ref(price)} + 500000) / 1000000`;
}

export const openOrdersServerReport: ServerReport = {
  def: openOrders,
  prepare: checkLookups,
  // The first pages in the report's order straight from the orders' number index (module header).
  window: (ctx, count) => openOrderRows(ctx).orderBy('o.po_no').orderBy('l.line_id').limit(count),
  rows: (ctx) => openOrderRows(ctx),
};

function openOrderRows(ctx: ReportContext) {
  let query = poDb(ctx.db)
    .selectFrom('purchase_orders as o')
    .innerJoin('purchase_order_lines as l', 'l.po_id', 'o.po_id')
    .leftJoin('firms as f', 'f.firm_id', 'o.vendor_id')
    .where('o.receivable', '=', ctx.database.engine === 'postgres' ? true : 1)
    .whereRef('l.quantity_received', '<', 'l.quantity_ordered');
  const vendor = text(ctx, 'VendorId');
  const warehouse = text(ctx, 'WarehouseId');
  const product = text(ctx, 'ProductId');
  if (vendor) query = query.where('o.vendor_id', '=', vendor);
  if (warehouse) query = query.where('o.ship_to_id', '=', warehouse);
  if (product) query = query.where('l.product_id', '=', product);
  const outstanding = sql<unknown>`l.quantity_ordered - l.quantity_received`;
  return query.select([
    'o.po_no as PoNo',
    'o.order_date as OrderDate',
    'o.eta as Eta',
    'o.vendor_id as VendorId',
    'f.name as VendorName',
    'o.ship_to_id as WarehouseId',
    'l.product_id as ProductId',
    'l.quantity_ordered as QuantityOrdered',
    'l.quantity_received as QuantityReceived',
    outstanding.as('QuantityOutstanding'),
    'l.unit_price as UnitPrice',
    (ctx.database.engine === 'postgres'
      ? sql<unknown>`round((l.quantity_ordered - l.quantity_received) * l.unit_price, 2)`
      : sql<unknown>`((l.quantity_ordered - l.quantity_received) * l.unit_price + 500000) / 1000000`
    ).as('OutstandingValue'),
    'l.line_id as LineId',
  ]);
}

export const purchaseAnalysisServerReport: ServerReport = {
  def: purchaseAnalysis,
  prepare: checkLookups,
  rows(ctx) {
    let query = poDb(ctx.db)
      .selectFrom('po_receipts as r')
      .innerJoin('po_receipt_lines as l', 'l.receipt_id', 'r.receipt_id')
      .leftJoin('firms as f', 'f.firm_id', 'r.vendor_id')
      .leftJoin('products as p', 'p.product_id', 'l.product_id')
      .where('r.status', '=', 'Posted')
      .where('r.receipt_date', '>=', String(ctx.params['StartDate']))
      .where('r.receipt_date', '<=', String(ctx.params['EndDate']));
    const vendor = text(ctx, 'VendorId');
    const product = text(ctx, 'ProductId');
    if (vendor) query = query.where('r.vendor_id', '=', vendor);
    if (product) query = query.where('l.product_id', '=', product);
    return query.select([
      'r.vendor_id as VendorId',
      'f.name as VendorName',
      'r.receipt_date as ReceiptDate',
      'r.receipt_no as ReceiptNo',
      'r.po_no as PoNo',
      'l.product_id as ProductId',
      'p.description as Description',
      'l.quantity_received as QuantityReceived',
      'l.unit_cost as UnitCost',
      extended(ctx, 'l.quantity_received', 'l.unit_cost').as('ExtendedCost'),
      'l.line_id as LineId',
    ]);
  },
};

export const purchaseOrderListServerReport: ServerReport = {
  def: purchaseOrderList,
  prepare: checkLookups,
  rows(ctx) {
    let query = poDb(ctx.db)
      .selectFrom('purchase_orders as o')
      .leftJoin('firms as f', 'f.firm_id', 'o.vendor_id')
      .where('o.order_date', '>=', String(ctx.params['StartDate']))
      .where('o.order_date', '<=', String(ctx.params['EndDate']));
    const vendor = text(ctx, 'VendorId');
    const status = text(ctx, 'Status');
    if (vendor) query = query.where('o.vendor_id', '=', vendor);
    // An option of the report's Status parameter, which the engine validated.
    if (status) query = query.where('o.status', '=', status as PurchaseOrderRow['status']);
    return query.select([
      'o.po_no as PoNo',
      'o.order_date as OrderDate',
      'o.status as Status',
      'o.vendor_id as VendorId',
      'f.name as VendorName',
      'o.ship_to_id as WarehouseId',
      'o.eta as Eta',
      'o.sub_total as SubTotal',
      'o.total as Total',
      'o.po_id as PoId',
    ]);
  },
};

export const lotTrackingServerReport: ServerReport = {
  def: lotTracking,
  prepare: checkLookups,
  rows(ctx) {
    // The lots received on posted receipts, with their heat, order and vendor.
    const db = poDb(ctx.db);
    let received = db
      .selectFrom('po_receipt_lots as t')
      .innerJoin('po_receipt_lines as l', 'l.line_id', 't.line_id')
      .innerJoin('po_receipts as r', 'r.receipt_id', 'l.receipt_id')
      .where('r.status', '=', 'Posted')
      .distinct()
      .select(['t.lot_no as lot_no', 'l.product_id as product_id', 't.heat_no as heat_no', 'r.po_no as po_no', 'r.vendor_id as vendor_id']);
    const heat = text(ctx, 'HeatNo');
    const lot = text(ctx, 'LotNo');
    const product = text(ctx, 'ProductId');
    if (heat) received = received.where('t.heat_no', '=', heat);
    if (lot) received = received.where('t.lot_no', '=', lot.toUpperCase());
    if (product) received = received.where('l.product_id', '=', product);
    return db
      .selectFrom(received.as('x'))
      .innerJoin('stock_ledger as s', (join) => join.onRef('s.lot_no', '=', 'x.lot_no').onRef('s.product_id', '=', 'x.product_id'))
      .select([
        's.lot_no as LotNo',
        'x.heat_no as HeatNo',
        's.product_id as ProductId',
        's.movement_date as MovementDate',
        's.voucher_type as VoucherType',
        's.voucher_no as VoucherNo',
        'x.po_no as PoNo',
        'x.vendor_id as VendorId',
        's.warehouse_id as WarehouseId',
        's.quantity as Quantity',
        's.entry_id as EntryId',
      ]);
  },
};

export const purchaseOrderPrintServerReport: ServerReport = {
  def: purchaseOrderPrint,
  rows(ctx) {
    const place = (table: string) =>
      sql<string>`trim(coalesce(${sql.ref(`${table}.city`)}, '') || ' ' || coalesce(${sql.ref(`${table}.province_code`)}, '') || ' ' || coalesce(${sql.ref(`${table}.postal_code`)}, ''))`;
    return poDb(ctx.db)
      .selectFrom('purchase_orders as o')
      .innerJoin('purchase_order_lines as l', 'l.po_id', 'o.po_id')
      .leftJoin('firms as f', 'f.firm_id', 'o.vendor_id')
      .leftJoin('warehouses as w', 'w.warehouse_id', 'o.ship_to_id')
      .leftJoin('ar_account_terms as t', 't.terms_code', 'o.terms_code')
      .leftJoin('products as p', 'p.product_id', 'l.product_id')
      .where('o.po_no', '=', String(ctx.params['PoNo']))
      .select([
        'o.po_no as PoNo',
        'o.order_date as OrderDate',
        'o.vendor_id as VendorId',
        sql<string>`coalesce(f.name, o.vendor_id)`.as('VendorName'),
        'f.address as VendorAddress',
        place('f').as('VendorCityLine'),
        sql<string>`coalesce(w.name, o.ship_to_id)`.as('ShipTo'),
        sql<string>`nullif(trim(coalesce(w.address, '') || ' ' || ${place('w')}), '')`.as('ShipToAddress'),
        'o.ship_date as ShipDate',
        'o.eta as Eta',
        sql<string>`coalesce(t.description, o.terms_code)`.as('Terms'),
        'o.ship_via as ShipVia',
        'o.container as Container',
        'o.notes as Notes',
        'o.sub_total as SubTotal',
        'o.discount_amount as DiscountAmount',
        'o.surcharge as Surcharge',
        'o.shipping as Shipping',
        'o.total as Total',
        sql<number>`row_number() over (partition by o.po_id order by l.line_id)`.as('LineNo'),
        'l.product_id as ProductId',
        // The line's own description for the vendor (expanded line window), the vendor's item number after it.
        sql<string>`trim(coalesce(nullif(l.description, ''), p.description, '') || coalesce(' · ' || nullif(l.vendor_item_no, ''), ''))`.as('Description'),
        'l.quantity_ordered as QuantityOrdered',
        'p.unit_of_measure as Unit',
        'l.unit_price as UnitPrice',
        'l.amount as Amount',
      ]);
  },
};

export const PO_SERVER_REPORTS: readonly ServerReport[] = [
  openOrdersServerReport,
  purchaseAnalysisServerReport,
  purchaseOrderListServerReport,
  lotTrackingServerReport,
  purchaseOrderPrintServerReport,
];
