/**
 * Purchasing reports (issue 23 item 3; SCREENS.md PO-03 … PO-06) as report definitions: grid, .xlsx and PDF
 * from the report framework. Queries: modules/po/server/reports.ts; strings `po:reports.…`.
 *
 * - `po-open-orders` (PO-03, `/novus-po/open-orders-report`): every line still to receive of the orders that
 *   may be received (Open, Partially received): ordered, received, outstanding and its value at the order
 *   price; by vendor, warehouse or product.
 * - `po-purchase-analysis` (PO-04, `/novus-po/purchase-analysis-report`): what posted receipts took in over a
 *   date range of at most one year (§5, §9), per vendor with subtotals: quantities and cost.
 * - `po-purchase-order-list` (PO-05, `/purchase-order-list` under Order Entry and legacy NOVUS): the orders of
 *   a date range (at most one year) with their state, vendor, dates and totals.
 * - `po-lot-tracking` (PO-06, `/lot-number-tracking` under Purchase Order and Order Entry): lot ↔ heat ↔
 *   receipt — every stock movement of the lots received (by heat, lot or product), so the shipments of a lot
 *   appear once sales issue lots through the stock ledger.
 * - `po-purchase-order-print` (PO-01's Print, issue 23 item 1): one purchase order as the vendor receives it —
 *   the letterhead, the vendor's address, the order's number, date, ship-to, dates, terms and carrier, its lines,
 *   its totals and its notes (`group.document`). Not a menu screen: the order form prints it (`print`), with the
 *   rights of the applications whose menus open the order.
 * Another module's menu that shows one of them (Order Entry, the legacy menu, Payables' order entry) says so
 * itself (`SHOWN_ELSEWHERE` in its definitions/extensions.ts, issue 73 item 4): these name only Purchasing's.
 */
import { defineReport, type ReportDefinition } from '@erp/shared/reports/define';
import { groupedBy, ONE_YEAR_RANGE, reportParts } from '@erp/shared/reports/parts';
import { PO_STATUSES } from './common.ts';

const PO_APP = 'NOVUS-PO';
const { cost, date, dateRange, integer, lookup, money, quantity: qty, text } = reportParts('po:reports');

const VENDOR = lookup('VendorId', 'firm', 20);
const WAREHOUSE = lookup('WarehouseId', 'warehouse', 10);
const PRODUCT = lookup('ProductId', 'product', 30);
/** The documents that move lots through the stock ledger (stock_ledger.voucher_type), by their labels. */
// Sales orders' shipments and product returns (issue 26) move lots too.
const VOUCHER_TYPES = ['po-receipt', 'inventory-ticket', 'production-work-order', 'sales-order', 'product-return'].map((value) => ({ value, labelKey: `po:reports.voucherTypes.${value}` }));
const STATUS_OPTIONS = PO_STATUSES.map((value) => ({ value, labelKey: `po:purchase-order.statuses.${value}` }));

export const openOrders: ReportDefinition = defineReport({
  name: 'po-open-orders',
  application: PO_APP,
  routes: [{ application: PO_APP, path: '/open-orders-report' }],
  titleKey: 'po:reports.openOrders.title',
  parameters: [VENDOR, WAREHOUSE, PRODUCT],
  rules: [],
  columns: [
    text('PoNo'),
    date('OrderDate'),
    date('Eta'),
    text('VendorId'),
    text('VendorName', { width: 1.6 }),
    text('WarehouseId', { width: 0.8 }),
    text('ProductId', { width: 1.3 }),
    qty('QuantityOrdered'),
    qty('QuantityReceived'),
    qty('QuantityOutstanding'),
    cost('UnitPrice'),
    money('OutstandingValue', { total: true }),
    integer('LineId', { hidden: true }),
  ],
  defaultSort: [{ field: 'PoNo' }, { field: 'LineId' }],
  orientation: 'landscape',
});

export const purchaseAnalysis: ReportDefinition = defineReport({
  name: 'po-purchase-analysis',
  application: PO_APP,
  routes: [{ application: PO_APP, path: '/purchase-analysis-report' }],
  titleKey: 'po:reports.purchaseAnalysis.title',
  parameters: [...dateRange(), VENDOR, PRODUCT],
  rules: [ONE_YEAR_RANGE],
  columns: [
    text('VendorId'),
    text('VendorName', { hidden: true }),
    date('ReceiptDate'),
    text('ReceiptNo'),
    text('PoNo'),
    text('ProductId', { width: 1.3 }),
    text('Description', { width: 2 }),
    qty('QuantityReceived', { total: true }),
    cost('UnitCost'),
    money('ExtendedCost', { total: true }),
    integer('LineId', { hidden: true }),
  ],
  ...groupedBy('VendorId', ['VendorId', 'VendorName'], ['ReceiptDate', 'ReceiptNo', 'LineId']),
  orientation: 'landscape',
});

export const purchaseOrderList: ReportDefinition = defineReport({
  name: 'po-purchase-order-list',
  application: PO_APP,
  // Not on its own menu: Order Entry's and the legacy menus show it, their contributions.
  routes: [],
  titleKey: 'po:reports.purchaseOrderList.title',
  parameters: [...dateRange(), VENDOR, { name: 'Status', type: 'enum', options: STATUS_OPTIONS, labelKey: 'po:reports.parameters.Status' }],
  rules: [ONE_YEAR_RANGE],
  columns: [
    text('PoNo'),
    date('OrderDate'),
    text('Status', { options: STATUS_OPTIONS }),
    text('VendorId'),
    text('VendorName', { width: 1.8 }),
    text('WarehouseId', { width: 0.8 }),
    date('Eta'),
    money('SubTotal', { total: true }),
    money('Total', { total: true }),
    integer('PoId', { hidden: true }),
  ],
  defaultSort: [{ field: 'OrderDate' }, { field: 'PoId' }],
  orientation: 'landscape',
});

export const lotTracking: ReportDefinition = defineReport({
  name: 'po-lot-tracking',
  application: PO_APP,
  routes: [{ application: PO_APP, path: '/lot-number-tracking' }],
  titleKey: 'po:reports.lotTracking.title',
  parameters: [lookup('HeatNo', 'heat-number', 30), { name: 'LotNo', type: 'text', maxLength: 30, labelKey: 'po:reports.parameters.LotNo' }, PRODUCT],
  rules: [],
  columns: [
    text('LotNo'),
    text('HeatNo'),
    text('ProductId', { width: 1.3 }),
    date('MovementDate'),
    text('VoucherType', { width: 0.9, options: VOUCHER_TYPES }),
    text('VoucherNo'),
    text('PoNo'),
    text('VendorId'),
    text('WarehouseId', { width: 0.8 }),
    qty('Quantity'),
    integer('EntryId', { hidden: true }),
  ],
  defaultSort: [{ field: 'LotNo' }, { field: 'EntryId' }],
  orientation: 'landscape',
});

export const PO_REPORTS: readonly ReportDefinition[] = [openOrders, purchaseAnalysis, purchaseOrderList, lotTracking];

/** The document's own fields (one value per order), hidden from the grid: its heading, details and totals. */
const ORDER_FIELDS = {
  address: ['VendorName', 'VendorAddress', 'VendorCityLine'],
  details: ['VendorId', 'ShipTo', 'ShipToAddress', 'ShipDate', 'Eta', 'Terms', 'ShipVia', 'Container'],
  totals: ['SubTotal', 'DiscountAmount', 'Surcharge', 'Shipping', 'Total'],
} as const;

export const purchaseOrderPrint: ReportDefinition = defineReport({
  name: 'po-purchase-order-print',
  application: PO_APP,
  routes: [{ application: PO_APP, path: '/purchase-order-entry' }],
  titleKey: 'po:reports.purchaseOrderPrint.title',
  parameters: [{ name: 'PoNo', type: 'text', required: true, maxLength: 20, labelKey: 'po:reports.parameters.PoNo' }],
  rules: [],
  columns: [
    text('PoNo', { hidden: true }),
    date('OrderDate', { hidden: true }),
    ...ORDER_FIELDS.address.map((field) => text(field, { hidden: true })),
    text('VendorId', { hidden: true }),
    text('ShipTo', { hidden: true }),
    text('ShipToAddress', { hidden: true }),
    date('ShipDate', { hidden: true }),
    date('Eta', { hidden: true }),
    text('Terms', { hidden: true }),
    text('ShipVia', { hidden: true }),
    text('Container', { hidden: true }),
    text('Notes', { hidden: true }),
    ...ORDER_FIELDS.totals.map((field) => money(field, { hidden: true })),
    integer('LineNo', { width: 0.4 }),
    text('ProductId', { width: 1.3 }),
    text('Description', { width: 2.6 }),
    qty('QuantityOrdered'),
    text('Unit', { width: 0.5 }),
    cost('UnitPrice'),
    money('Amount'),
  ],
  ...groupedBy('PoNo', ['PoNo', 'OrderDate', ...ORDER_FIELDS.address, ...ORDER_FIELDS.details, 'Notes', ...ORDER_FIELDS.totals], ['LineNo'], {
    document: {
      addressFields: ORDER_FIELDS.address,
      recipientLabelKey: 'po:reports.purchaseOrderPrint.vendor',
      keyLabelKey: 'po:reports.purchaseOrderPrint.number',
      dateField: 'OrderDate',
      dateLabelKey: 'po:reports.columns.OrderDate',
      infoFields: ORDER_FIELDS.details,
      summaryFields: ORDER_FIELDS.totals,
      summaryLabelKey: 'po:reports.purchaseOrderPrint.totals',
      notesField: 'Notes',
    },
  }),
});
