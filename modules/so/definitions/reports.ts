/**
 * Sales-order processes and reports (issue 26 items 2, 3, 5; SCREENS.md OE-22 … OE-37): grid, .xlsx and PDF from
 * the report framework, processes from the process framework. Queries: modules/so/server/queues.ts and
 * reports.ts; strings `so:reports.…`.
 *
 * Processes:
 * - `so-shipping-queue` (OE-25 `/orders-shipping-queue`): Committed orders (by warehouse, route, delivery date) →
 *   each shipped through the order's `ship` action (lots allocated, stock out, Dr COGS / Cr inventory).
 * - `so-invoice-queue` (OE-26 `/orders-invoices-queue` under Order Entry and POLO; OE-27
 *   `/jobbers-invoicing-queue`: the same queue for the bill-tos of one jobber) → each Shipped order invoiced
 *   through its `invoice` action; the result per order is the §3 order-invoice result: ItemId = OrderKey,
 *   Label = OrderNo, EntityId = InvoiceId, and Data { OrderKey, OrderNo, InvoiceId, InvoiceNo }.
 * - `so-invoice-publishing` (OE-29 `/invoice-publishing` under POLO and Waste Disposal): invoiced orders not yet
 *   published → each published to the customer's portal with an email template (modules/so/server/publishing.ts).
 * - `so-edit-lots-shipped` (OE-33 `/edit-lot-numbers-shipped`): the lots a shipped order's lines left with → each
 *   picked lot's quantity moved to the right lot (modules/so/server/lot-edit.ts).
 * Reports:
 * - `so-order-summary` (OE-22 `/order-summary`): the orders of a date range with state, customer, channel, totals.
 * - `so-orders-call-list` (OE-24 `/orders-call-list` under Order Entry and legacy NOVUS): orders still to
 *   deliver (Entered, Committed) by delivery date and route, with the customer's phone.
 * - `so-order-status` (OE-37 `/order-status-report`): order lines with ordered, shipped quantity and state.
 * - `so-sales-register` (OE-34 `/sales-register-report` under Order Entry and POLO, `/te-sales-register-report`
 *   under Trades): invoiced orders of a date range with invoice, subtotal, taxes and total.
 * - `so-sales-analysis` (OE-35 `/sales-analysis` under Order Entry and POLO): shipped and invoiced lines per
 *   product: quantity, sales, cost (at shipping) and margin.
 * - `so-load-sheet` (OE-23 `/load-sheet`): the committed orders' lines to load, per route (the truck's), with their
 *   weights (quantity × the product's weight per unit) — printed from the report's PDF.
 * - `so-credit-sales` (OE-36 `/credit-sales-report`): invoices of orders sold on account (terms other than COD),
 *   with what is still open on each.
 * - `so-sales-documents` (OE-30 `/sales-documents`): the orders of a date range by customer, order number,
 *   customer PO or invoice number (search), for reprinting.
 * - `so-sales-commission` (OE-38 `/sales-commission` under Order Entry and legacy NOVUS) and
 *   `so-mf-sales-commission` (OE-39 `/mf-sales-commission`: manufactured products only): invoiced lines per
 *   sales rep at the customer's commission percent, else the rep's: round(sales × percent ÷ 100, 2).
 * - `so-product-class` (OE-43 `/product-class-report`): shipped and invoiced lines per product class.
 * - `so-edi-not-transmitted` (OE-41 `/edi-not-transmitted`): the invoices not yet sent to their customers (not
 *   published), with the address they would go to.
 * - `so-cdc` (OE-42 `/cdc-report`; the spec leaves it open, §2.3 item 4 — decided here as the cash, debit and
 *   credit-card collections): the posted drivers' cash-ins of a date range per kind of payment (the forms of
 *   payment's Cash, Cheque, Card, Transfer; blank when none was given), with the receipts they made.
 * - `so-product-discount` (OE-44 `/product-discount-report`): the discount tables' lines (a product, a class or
 *   every product, the percent off) with how many customers each table serves.
 * - `so-invoice-printing` (OE-28 `/invoice-printing`): the AR invoices of sales orders, one mailed document per
 *   invoice in the PDF (bill-to address, lines, amount and taxes, the amount due).
 */
import { defineProcess, type ProcessDefinition } from '@erp/shared/processes/define';
import { defineReport, type ReportDefinition } from '@erp/shared/reports/define';
import { groupedBy, ONE_YEAR_RANGE, reportParts } from '@erp/shared/reports/parts';
import { PAYMENT_KINDS } from '@erp/modules/oe/definitions/index';
import { SO, SO_APP, SO_STATUSES, SO_TYPES } from './common.ts';

/** An order's type by its label in the user's language ("Régulière", never "Regular"). */
const ORDER_TYPE_OPTIONS = SO_TYPES.map((value) => ({ value, labelKey: `${SO}:sales-order.types.${value}` }));

const { date, dateRange, integer, lookup, money, quantity: qty, cost, text } = reportParts(`${SO}:reports`);

const CUSTOMER = lookup('BillToId', 'firm', 20);
const WAREHOUSE = lookup('WarehouseId', 'warehouse', 10);
const ROUTE = lookup('RouteId', 'delivery-route', 10);
const PRODUCT = lookup('ProductId', 'product', 30);
const STATUS_OPTIONS = SO_STATUSES.map((value) => ({ value, labelKey: `${SO}:sales-order.statuses.${value}` }));
const STATUS = { name: 'Status', type: 'enum', options: STATUS_OPTIONS, labelKey: `${SO}:reports.parameters.Status` } as const;

export const shippingQueue: ProcessDefinition = defineProcess({
  name: 'so-shipping-queue',
  application: SO_APP,
  routes: [{ application: SO_APP, path: '/orders-shipping-queue' }],
  titleKey: `${SO}:reports.shippingQueue.title`,
  parameters: [WAREHOUSE, ROUTE, { name: 'DeliveryDate', type: 'date', labelKey: `${SO}:reports.parameters.DeliveryDate` }, { name: 'ShipDate', type: 'date', defaultValue: 'today', labelKey: `${SO}:reports.parameters.ShipDate` }],
  rules: [],
  columns: [
    integer('OrderKey', { hidden: true }),
    text('OrderNo'),
    date('OrderDate'),
    date('DeliveryDate'),
    text('RouteId'),
    text('BillToId'),
    text('CustomerName', { width: 1.8 }),
    text('WarehouseId'),
    money('Total'),
    integer('Version', { hidden: true }),
  ],
  itemKey: 'OrderKey',
  itemLabel: 'OrderNo',
  maxItems: 1000,
  confirmKey: `${SO}:reports.shippingQueue.confirm`,
  live: ['sales-order'],
});

export const invoiceQueue: ProcessDefinition = defineProcess({
  name: 'so-invoice-queue',
  application: SO_APP,
  routes: [
    { application: SO_APP, path: '/orders-invoices-queue' },
    { application: SO_APP, path: '/jobbers-invoicing-queue' },
    { application: 'NOVUS-PT', path: '/orders-invoices-queue' },
  ],
  titleKey: `${SO}:reports.invoiceQueue.title`,
  parameters: [CUSTOMER, lookup('JobberFirmId', 'firm', 20), { name: 'InvoiceDate', type: 'date', defaultValue: 'today', labelKey: `${SO}:reports.parameters.InvoiceDate` }],
  rules: [],
  columns: [
    integer('OrderKey', { hidden: true }),
    text('OrderNo'),
    date('ShipDate'),
    text('BillToId'),
    text('CustomerName', { width: 1.8 }),
    text('OrderType', { options: ORDER_TYPE_OPTIONS }),
    money('SubTotal'),
    money('TaxTotal'),
    money('Total'),
    integer('Version', { hidden: true }),
  ],
  itemKey: 'OrderKey',
  itemLabel: 'OrderNo',
  maxItems: 1000,
  confirmKey: `${SO}:reports.invoiceQueue.confirm`,
  live: ['sales-order'],
});

export const editLotsShipped: ProcessDefinition = defineProcess({
  name: 'so-edit-lots-shipped',
  application: SO_APP,
  routes: [{ application: SO_APP, path: '/edit-lot-numbers-shipped' }],
  titleKey: `${SO}:reports.editLots.title`,
  parameters: [
    { name: 'OrderKey', type: 'lookup', entity: 'sales-order', required: true, maxLength: 20, labelKey: `${SO}:reports.parameters.OrderKey` },
    PRODUCT,
    { name: 'NewLotNo', type: 'text', required: true, maxLength: 30, labelKey: `${SO}:reports.parameters.NewLotNo` },
  ],
  rules: [],
  columns: [integer('LotId', { hidden: true }), text('OrderNo'), text('ProductId', { width: 1.3 }), text('LotNo'), text('HeatNo'), qty('Quantity')],
  itemKey: 'LotId',
  itemLabel: 'LotNo',
  maxItems: 200,
  confirmKey: `${SO}:reports.editLots.confirm`,
});

export const invoicePublishing: ProcessDefinition = defineProcess({
  name: 'so-invoice-publishing',
  application: 'NOVUS-PT',
  // Waste Disposal's menu shows it too: its contribution (issue 73 item 4).
  routes: [{ application: 'NOVUS-PT', path: '/invoice-publishing' }],
  titleKey: `${SO}:reports.invoicePublishing.title`,
  parameters: [{ name: 'TemplateId', type: 'lookup', entity: 'email-template', required: true, maxLength: 20, labelKey: `${SO}:reports.parameters.TemplateId` }, CUSTOMER],
  rules: [],
  // ItemKey: `<source>:<key>` (modules/oe/server/publishing/sources.ts): sales orders and waste-disposal orders.
  columns: [text('ItemKey', { hidden: true }), text('OrderNo'), text('InvoiceNo'), date('InvoiceDate'), text('BillToId'), text('CustomerName', { width: 1.8 }), money('Total')],
  itemKey: 'ItemKey',
  itemLabel: 'InvoiceNo',
  maxItems: 1000,
  confirmKey: `${SO}:reports.invoicePublishing.confirm`,
});

export const orderSummary: ReportDefinition = defineReport({
  name: 'so-order-summary',
  application: SO_APP,
  routes: [{ application: SO_APP, path: '/order-summary' }],
  titleKey: `${SO}:reports.orderSummary.title`,
  parameters: [...dateRange(), CUSTOMER, STATUS],
  rules: [ONE_YEAR_RANGE],
  columns: [
    text('OrderNo'),
    date('OrderDate'),
    text('Status', { options: STATUS_OPTIONS }),
    text('Channel'),
    text('BillToId'),
    text('CustomerName', { width: 1.8 }),
    text('ShipToId'),
    date('DeliveryDate'),
    text('InvoiceNo'),
    money('SubTotal', { total: true }),
    money('Total', { total: true }),
    integer('OrderKey', { hidden: true }),
  ],
  defaultSort: [{ field: 'OrderDate', descending: true }, { field: 'OrderKey', descending: true }],
  orientation: 'landscape',
});

export const ordersCallList: ReportDefinition = defineReport({
  name: 'so-orders-call-list',
  application: SO_APP,
  routes: [
    { application: SO_APP, path: '/orders-call-list' },
    { application: 'NOVUS', path: '/orders-call-list' },
  ],
  titleKey: `${SO}:reports.ordersCallList.title`,
  parameters: [ROUTE, CUSTOMER],
  rules: [],
  columns: [
    date('DeliveryDate'),
    text('RouteId'),
    text('OrderNo'),
    text('Status', { options: STATUS_OPTIONS }),
    text('BillToId'),
    text('CustomerName', { width: 1.8 }),
    text('Phone'),
    money('Total', { total: true }),
    integer('OrderKey', { hidden: true }),
  ],
  defaultSort: [{ field: 'DeliveryDate' }, { field: 'RouteId' }, { field: 'OrderKey' }],
  orientation: 'landscape',
});

export const orderStatus: ReportDefinition = defineReport({
  name: 'so-order-status',
  application: SO_APP,
  routes: [{ application: SO_APP, path: '/order-status-report' }],
  titleKey: `${SO}:reports.orderStatus.title`,
  parameters: [...dateRange(), CUSTOMER, STATUS, PRODUCT],
  rules: [ONE_YEAR_RANGE],
  columns: [
    text('OrderNo'),
    date('OrderDate'),
    text('Status', { options: STATUS_OPTIONS }),
    text('BillToId'),
    text('ProductId', { width: 1.3 }),
    qty('Quantity'),
    qty('QuantityShipped'),
    cost('UnitPrice'),
    money('Amount', { total: true }),
    integer('LineId', { hidden: true }),
  ],
  defaultSort: [{ field: 'OrderNo' }, { field: 'LineId' }],
  orientation: 'landscape',
});

/** The sales register (OE-34), or its variant of one order type fixed by the route (TE-22's register: issue 28). */
function salesRegisterOf(variant: { name: string; routes: { application: string; path: string }[]; titleKey: string; orderType?: string }): ReportDefinition {
  return defineReport({
  name: variant.name,
  application: SO_APP,
  routes: variant.routes,
  titleKey: variant.titleKey,
  parameters: [...dateRange(), CUSTOMER, ...(variant.orderType ? [{ name: 'OrderType', type: 'text', fixed: variant.orderType, labelKey: `${SO}:reports.parameters.OrderType` } as const] : [])],
  rules: [ONE_YEAR_RANGE],
  columns: [
    date('InvoiceDate'),
    text('InvoiceNo'),
    text('OrderNo'),
    text('OrderType', { options: ORDER_TYPE_OPTIONS }),
    text('BillToId'),
    text('CustomerName', { width: 1.8 }),
    money('SubTotal', { total: true }),
    money('TaxTotal', { total: true }),
    money('Total', { total: true }),
    integer('OrderKey', { hidden: true }),
  ],
  defaultSort: [{ field: 'InvoiceDate' }, { field: 'InvoiceNo' }],
  orientation: 'landscape',
});
}

export const salesRegister = salesRegisterOf({
  name: 'so-sales-register',
  routes: [
    { application: SO_APP, path: '/sales-register-report' },
    { application: 'NOVUS-PT', path: '/sales-register-report' },
  ],
  titleKey: `${SO}:reports.salesRegister.title`,
});
// TE orders' register: shown on Trades' menu at /te-sales-register-report, which Trades says (its
// definitions/extensions.ts, issue 73 item 4); no menu of this module shows it.
export const teSalesRegister = salesRegisterOf({
  name: 'so-te-sales-register',
  routes: [],
  titleKey: `${SO}:reports.teSalesRegister.title`,
  orderType: 'TE',
});

export const salesAnalysis: ReportDefinition = defineReport({
  name: 'so-sales-analysis',
  application: SO_APP,
  routes: [
    { application: SO_APP, path: '/sales-analysis' },
    { application: 'NOVUS-PT', path: '/sales-analysis' },
  ],
  titleKey: `${SO}:reports.salesAnalysis.title`,
  parameters: [...dateRange(), CUSTOMER, PRODUCT],
  rules: [ONE_YEAR_RANGE],
  columns: [
    text('ProductId', { width: 1.3 }),
    text('Description', { hidden: true }),
    date('ShipDate'),
    text('OrderNo'),
    text('BillToId'),
    qty('Quantity', { total: true }),
    money('Sales', { total: true }),
    money('Cost', { total: true }),
    money('Margin', { total: true }),
    integer('LineId', { hidden: true }),
  ],
  ...groupedBy('ProductId', ['ProductId', 'Description'], ['ShipDate', 'LineId']),
  orientation: 'landscape',
});

export const loadSheet: ReportDefinition = defineReport({
  name: 'so-load-sheet',
  application: SO_APP,
  routes: [{ application: SO_APP, path: '/load-sheet' }],
  titleKey: `${SO}:reports.loadSheet.title`,
  parameters: [ROUTE, WAREHOUSE, { name: 'DeliveryDate', type: 'date', labelKey: `${SO}:reports.parameters.DeliveryDate` }],
  rules: [],
  columns: [
    text('RouteId'),
    text('Description', { hidden: true }),
    date('DeliveryDate'),
    text('OrderNo'),
    text('CustomerName', { width: 1.6 }),
    text('ShipToId'),
    text('ProductId', { width: 1.3 }),
    qty('Quantity', { total: true }),
    qty('Weight', { total: true }),
    integer('LineId', { hidden: true }),
  ],
  ...groupedBy('RouteId', ['RouteId', 'Description'], ['DeliveryDate', 'OrderNo', 'LineId']),
  orientation: 'landscape',
});

export const creditSales: ReportDefinition = defineReport({
  name: 'so-credit-sales',
  application: SO_APP,
  routes: [{ application: SO_APP, path: '/credit-sales-report' }],
  titleKey: `${SO}:reports.creditSales.title`,
  parameters: [...dateRange(), CUSTOMER],
  rules: [ONE_YEAR_RANGE],
  columns: [
    date('InvoiceDate'),
    text('InvoiceNo'),
    text('OrderNo'),
    text('BillToId'),
    text('CustomerName', { width: 1.8 }),
    text('TermsCode'),
    date('DueDate'),
    money('Total', { total: true }),
    money('OpenBalance', { total: true }),
    integer('OrderKey', { hidden: true }),
  ],
  defaultSort: [{ field: 'InvoiceDate' }, { field: 'InvoiceNo' }],
  orientation: 'landscape',
});

export const salesDocuments: ReportDefinition = defineReport({
  name: 'so-sales-documents',
  application: SO_APP,
  routes: [{ application: SO_APP, path: '/sales-documents' }],
  titleKey: `${SO}:reports.salesDocuments.title`,
  parameters: [...dateRange(), CUSTOMER, { name: 'Search', type: 'text', maxLength: 30, labelKey: `${SO}:reports.parameters.Search` }],
  rules: [ONE_YEAR_RANGE],
  columns: [
    text('OrderNo'),
    date('OrderDate'),
    text('Status', { options: STATUS_OPTIONS }),
    text('BillToId'),
    text('CustomerName', { width: 1.6 }),
    text('CustomerPo'),
    text('InvoiceNo'),
    date('ShipDate'),
    money('Total', { total: true }),
    integer('OrderKey', { hidden: true }),
  ],
  defaultSort: [{ field: 'OrderDate', descending: true }, { field: 'OrderKey', descending: true }],
  orientation: 'landscape',
});

const commissionColumns = [
  text('SalesRep'),
  text('SalesRepName', { hidden: true }),
  date('InvoiceDate'),
  text('InvoiceNo'),
  text('OrderNo'),
  text('BillToId'),
  money('Sales', { total: true }),
  money('CommissionPercent'),
  money('Commission', { total: true }),
  integer('LineId', { hidden: true }),
];

export const salesCommission: ReportDefinition = defineReport({
  name: 'so-sales-commission',
  application: SO_APP,
  routes: [
    { application: SO_APP, path: '/sales-commission' },
    { application: 'NOVUS', path: '/sales-commission' },
  ],
  titleKey: `${SO}:reports.salesCommission.title`,
  parameters: [...dateRange(), lookup('SalesRep', 'sales-rep', 20)],
  rules: [ONE_YEAR_RANGE],
  columns: commissionColumns,
  ...groupedBy('SalesRep', ['SalesRep', 'SalesRepName'], ['InvoiceDate', 'InvoiceNo', 'LineId']),
  orientation: 'landscape',
});

export const mfSalesCommission: ReportDefinition = defineReport({
  name: 'so-mf-sales-commission',
  application: SO_APP,
  routes: [{ application: SO_APP, path: '/mf-sales-commission' }],
  titleKey: `${SO}:reports.mfSalesCommission.title`,
  parameters: [...dateRange(), lookup('SalesRep', 'sales-rep', 20)],
  rules: [ONE_YEAR_RANGE],
  columns: commissionColumns,
  ...groupedBy('SalesRep', ['SalesRep', 'SalesRepName'], ['InvoiceDate', 'InvoiceNo', 'LineId']),
  orientation: 'landscape',
});

export const productClassReport: ReportDefinition = defineReport({
  name: 'so-product-class',
  application: SO_APP,
  routes: [{ application: SO_APP, path: '/product-class-report' }],
  titleKey: `${SO}:reports.productClass.title`,
  parameters: [...dateRange(), CUSTOMER],
  rules: [ONE_YEAR_RANGE],
  columns: [
    text('ClassId'),
    text('ClassName', { hidden: true }),
    text('ProductId', { width: 1.3 }),
    date('ShipDate'),
    text('OrderNo'),
    qty('Quantity', { total: true }),
    money('Sales', { total: true }),
    integer('LineId', { hidden: true }),
  ],
  ...groupedBy('ClassId', ['ClassId', 'ClassName'], ['ProductId', 'ShipDate', 'LineId']),
  orientation: 'landscape',
});

export const invoicePrinting: ReportDefinition = defineReport({
  name: 'so-invoice-printing',
  application: SO_APP,
  routes: [{ application: SO_APP, path: '/invoice-printing' }],
  titleKey: `${SO}:reports.invoicePrinting.title`,
  parameters: [...dateRange(), CUSTOMER, { name: 'InvoiceNo', type: 'text', maxLength: 30, labelKey: `${SO}:reports.parameters.InvoiceNo` }, { name: 'PrintDate', type: 'date', required: true, defaultValue: 'today', labelKey: `${SO}:reports.parameters.PrintDate` }],
  rules: [ONE_YEAR_RANGE],
  columns: [
    text('InvoiceNo'),
    text('CustomerName', { hidden: true }),
    text('Address', { hidden: true }),
    text('CityLine', { hidden: true }),
    date('InvoiceDate'),
    text('OrderNo'),
    text('Description', { width: 2.2 }),
    qty('Quantity'),
    cost('UnitPrice'),
    money('Amount', { total: true }),
    money('TaxAmount', { total: true }),
    money('LineTotal', { total: true, hidden: true }),
    integer('LineId', { hidden: true }),
  ],
  group: {
    field: 'InvoiceNo',
    headingFields: ['InvoiceNo', 'CustomerName', 'Address', 'CityLine'],
    pageBreak: true,
    // Ready to mail: the bill-to's address, the amount and the taxes, the amount due.
    document: {
      addressFields: ['CustomerName', 'Address', 'CityLine'],
      summaryFields: ['Amount', 'TaxAmount'],
      summaryLabelKey: `${SO}:reports.invoicePrinting.summary`,
      amountDueField: 'LineTotal',
      dateParameter: 'PrintDate',
      dateLabelKey: `${SO}:reports.parameters.PrintDate`,
    },
  },
  defaultSort: [{ field: 'InvoiceNo' }, { field: 'LineId' }],
  orientation: 'portrait',
});

export const productDiscount: ReportDefinition = defineReport({
  name: 'so-product-discount',
  application: SO_APP,
  routes: [{ application: SO_APP, path: '/product-discount-report' }],
  titleKey: `${SO}:reports.productDiscount.title`,
  parameters: [lookup('DiscountTableId', 'discount-table', 20), PRODUCT],
  rules: [],
  columns: [
    text('DiscountTableId'),
    text('Description', { hidden: true }),
    text('ProductId', { width: 1.3 }),
    text('ClassId'),
    cost('Percent'),
    integer('Customers'),
    integer('LineId', { hidden: true }),
  ],
  ...groupedBy('DiscountTableId', ['DiscountTableId', 'Description'], ['ProductId', 'ClassId', 'LineId']),
});

export const ediNotTransmitted: ReportDefinition = defineReport({
  name: 'so-edi-not-transmitted',
  application: SO_APP,
  routes: [{ application: SO_APP, path: '/edi-not-transmitted' }],
  titleKey: `${SO}:reports.ediNotTransmitted.title`,
  parameters: [CUSTOMER],
  rules: [],
  columns: [date('InvoiceDate'), text('InvoiceNo'), text('OrderNo'), text('BillToId'), text('CustomerName', { width: 1.8 }), text('Email', { width: 1.6 }), money('Total', { total: true }), integer('OrderKey', { hidden: true })],
  defaultSort: [{ field: 'InvoiceDate' }, { field: 'OrderKey' }],
  orientation: 'landscape',
});

export const cdcReport: ReportDefinition = defineReport({
  name: 'so-cdc',
  application: SO_APP,
  routes: [{ application: SO_APP, path: '/cdc-report' }],
  titleKey: `${SO}:reports.cdc.title`,
  parameters: [...dateRange(), ROUTE],
  rules: [ONE_YEAR_RANGE],
  columns: [
    // The forms of payment's kinds by their labels in the user's language ("Comptant", never "Cash").
    text('Kind', { options: PAYMENT_KINDS.map((value) => ({ value, labelKey: `oe:form-of-payment.kinds.${value}` })) }),
    date('CashInDate'),
    text('CashInNo'),
    text('Driver'),
    text('PaymentId'),
    text('OrderNo'),
    text('BillToId'),
    text('ReceiptNo'),
    money('AmountPaid', { total: true }),
    integer('LineId', { hidden: true }),
  ],
  ...groupedBy('Kind', ['Kind'], ['CashInDate', 'CashInNo', 'LineId']),
  orientation: 'landscape',
});

export const SO_REPORTS: readonly ReportDefinition[] = [
  cdcReport,
  ediNotTransmitted,
  productDiscount,
  invoicePrinting,
  orderSummary,
  ordersCallList,
  orderStatus,
  salesRegister,
  teSalesRegister,
  salesAnalysis,
  loadSheet,
  creditSales,
  salesDocuments,
  salesCommission,
  mfSalesCommission,
  productClassReport,
];
export const SO_PROCESSES: readonly ProcessDefinition[] = [shippingQueue, invoiceQueue, editLotsShipped, invoicePublishing];
