/**
 * Stock reports (issue 15 item 7; SCREENS.md IC-12, IC-13, IC-14) as report definitions
 * (shared/src/reports/define.ts): grid, .xlsx and PDF from the report framework. Queries:
 * modules/ic/server/stock/reports.ts; strings: `ic:reports.…` (modules/ic/locales/<lng>/ic.json).
 *
 * - `ic-stock-status` (IC-13, `/Stock-Status`): per product × warehouse the quantity on hand, committed
 *   (allocated by committed tickets), available (on hand − committed), the value at moving average cost.
 *   Optional warehouse and product class filters. No column totals: quantities of different units of
 *   measure do not add up, and a SUM over every balance would cost the first page its speed (≤ 100 ms at
 *   250,000 balances; the inventory value is the trial balance's inventory accounts).
 * - `ic-product-cost` (IC-14, `/Product-Cost`): per product × warehouse the moving average cost and the last
 *   receipt cost (§9 valuation average or last), the quantity and value on hand, the last receipt date.
 * - `ic-product-inquiry` (IC-12, `/product-inquiry` under IC, and under OE by Order Entry's contribution): one
 *   product's movements per warehouse over a date range (at most one year, §9), each warehouse opening with its
 *   quantity on hand before the range and closing with the quantity after it (running balance).
 */
import { defineReport, type ReportColumnInput, type ReportDefinition } from '@erp/shared/reports/define';
import { groupedBy, ONE_YEAR_RANGE, reportParts } from '@erp/shared/reports/parts';

const IC = 'NOVUS-IC';

const { cost, date, dateRange, integer, lookup, money, quantity: qty, text } = reportParts('ic:reports');

const WAREHOUSE = lookup('WarehouseId', 'warehouse', 10);
const CLASS = lookup('ClassId', 'product-class', 10);

const PRODUCT_COLUMNS: readonly ReportColumnInput[] = [text('ProductId'), text('Description', { width: 2 }), text('WarehouseId', { width: 0.8 }), text('UnitOfMeasure', { width: 0.5 })];

export const stockStatus: ReportDefinition = defineReport({
  name: 'ic-stock-status',
  application: IC,
  routes: [{ application: IC, path: '/Stock-Status' }],
  titleKey: 'ic:reports.stockStatus.title',
  parameters: [WAREHOUSE, CLASS],
  rules: [],
  columns: [...PRODUCT_COLUMNS, qty('OnHand'), qty('Committed'), qty('Available'), cost('AverageCost'), money('Value')],
  defaultSort: [{ field: 'ProductId' }, { field: 'WarehouseId' }],
  orientation: 'landscape',
});

export const productCost: ReportDefinition = defineReport({
  name: 'ic-product-cost',
  application: IC,
  routes: [{ application: IC, path: '/Product-Cost' }],
  titleKey: 'ic:reports.productCost.title',
  parameters: [lookup('ProductId', 'product', 30), WAREHOUSE, CLASS],
  rules: [],
  columns: [...PRODUCT_COLUMNS, qty('OnHand'), cost('AverageCost'), cost('LastCost'), money('Value'), date('LastReceiptDate')],
  defaultSort: [{ field: 'ProductId' }, { field: 'WarehouseId' }],
  orientation: 'landscape',
});

export const productInquiry: ReportDefinition = defineReport({
  name: 'ic-product-inquiry',
  application: IC,
  routes: [{ application: IC, path: '/product-inquiry' }],
  titleKey: 'ic:reports.productInquiry.title',
  parameters: [lookup('ProductId', 'product', 30, { required: true }), WAREHOUSE, ...dateRange()],
  rules: [ONE_YEAR_RANGE],
  columns: [
    text('WarehouseId'),
    text('WarehouseName', { hidden: true }),
    date('MovementDate'),
    text('VoucherNo'),
    text('VoucherType'),
    text('LotNo', { width: 0.8 }),
    qty('Quantity', { total: true }),
    cost('UnitCost'),
    money('Value', { total: true }),
    qty('Balance', { running: { of: 'Quantity' } }),
    integer('EntryId', { hidden: true }),
  ],
  ...groupedBy('WarehouseId', ['WarehouseId', 'WarehouseName'], ['MovementDate', 'EntryId'], { opening: true }),
  orientation: 'landscape',
});

export const IC_STOCK_REPORTS: readonly ReportDefinition[] = [stockStatus, productCost, productInquiry];
