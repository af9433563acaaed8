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
 * - `ic-product-inquiry` (IC-12, `/product-inquiry` under IC and OE): one product's movements per warehouse
 *   over a date range (at most one year, §9), each warehouse opening with its quantity on hand before the
 *   range and closing with the quantity after it (running balance).
 */
import { defineReport, type ReportColumn, type ReportDefinition, type ReportParameter } from '@erp/shared/reports/define';

const IC = 'NOVUS-IC';
const OE = 'NOVUS-OE';

const p = (name: string) => `ic:reports.parameters.${name}`;
const c = (field: string) => `ic:reports.columns.${field}`;

const qty = (field: string, extra: Partial<ReportColumn> = {}): ReportColumn => ({ field, type: 'decimal', scale: 4, labelKey: c(field), ...extra });
const cost = (field: string, extra: Partial<ReportColumn> = {}): ReportColumn => ({ field, type: 'decimal', scale: 4, labelKey: c(field), ...extra });
const money = (field: string, extra: Partial<ReportColumn> = {}): ReportColumn => ({ field, type: 'decimal', scale: 2, labelKey: c(field), ...extra });

const WAREHOUSE: ReportParameter = { name: 'WarehouseId', type: 'lookup', entity: 'warehouse', labelKey: p('WarehouseId'), maxLength: 10 };
const CLASS: ReportParameter = { name: 'ClassId', type: 'lookup', entity: 'product-class', labelKey: p('ClassId'), maxLength: 10 };

const PRODUCT_COLUMNS: readonly ReportColumn[] = [
  { field: 'ProductId', type: 'text', labelKey: c('ProductId') },
  { field: 'Description', type: 'text', labelKey: c('Description'), width: 2 },
  { field: 'WarehouseId', type: 'text', labelKey: c('WarehouseId'), width: 0.8 },
  { field: 'UnitOfMeasure', type: 'text', labelKey: c('UnitOfMeasure'), width: 0.5 },
];

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
  parameters: [{ name: 'ProductId', type: 'lookup', entity: 'product', labelKey: p('ProductId'), maxLength: 30 }, WAREHOUSE, CLASS],
  rules: [],
  columns: [...PRODUCT_COLUMNS, qty('OnHand'), cost('AverageCost'), cost('LastCost'), money('Value'), { field: 'LastReceiptDate', type: 'date', labelKey: c('LastReceiptDate') }],
  defaultSort: [{ field: 'ProductId' }, { field: 'WarehouseId' }],
  orientation: 'landscape',
});

export const productInquiry: ReportDefinition = defineReport({
  name: 'ic-product-inquiry',
  application: IC,
  routes: [
    { application: IC, path: '/product-inquiry' },
    { application: OE, path: '/product-inquiry' },
  ],
  titleKey: 'ic:reports.productInquiry.title',
  parameters: [
    { name: 'ProductId', type: 'lookup', entity: 'product', labelKey: p('ProductId'), required: true, maxLength: 30 },
    WAREHOUSE,
    { name: 'StartDate', type: 'date', labelKey: p('StartDate'), required: true, defaultValue: 'yearStart' },
    { name: 'EndDate', type: 'date', labelKey: p('EndDate'), required: true, defaultValue: 'today' },
  ],
  rules: [{ kind: 'dateRange', start: 'StartDate', end: 'EndDate', maxYears: 1 }],
  columns: [
    { field: 'WarehouseId', type: 'text', labelKey: c('WarehouseId') },
    { field: 'WarehouseName', type: 'text', labelKey: c('WarehouseName'), hidden: true },
    { field: 'MovementDate', type: 'date', labelKey: c('MovementDate') },
    { field: 'VoucherNo', type: 'text', labelKey: c('VoucherNo') },
    { field: 'VoucherType', type: 'text', labelKey: c('VoucherType') },
    { field: 'LotNo', type: 'text', labelKey: c('LotNo'), width: 0.8 },
    qty('Quantity', { total: true }),
    cost('UnitCost'),
    money('Value', { total: true }),
    qty('Balance', { running: { of: 'Quantity' } }),
    { field: 'EntryId', type: 'integer', labelKey: c('EntryId'), hidden: true },
  ],
  group: { field: 'WarehouseId', headingFields: ['WarehouseId', 'WarehouseName'], opening: true },
  defaultSort: [{ field: 'WarehouseId' }, { field: 'MovementDate' }, { field: 'EntryId' }],
  orientation: 'landscape',
});

export const IC_STOCK_REPORTS: readonly ReportDefinition[] = [stockStatus, productCost, productInquiry];
