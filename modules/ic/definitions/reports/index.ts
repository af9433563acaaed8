/**
 * Inventory Control reports and the inventory year end — owned by h15d (issue 15 item 7, SCREENS.md IC-15,
 * IC-16, IC-18, IC-19), as report and process definitions (`shared/src/reports/define.ts`,
 * `shared/src/processes/define.ts`). Queries: modules/ic/server/reports/. Strings: namespace `ic`, one
 * top-level key per report (`ic:bill-of-materials-report.*` …).
 *
 * - `ic-bill-of-materials` (IC-16, `/bill-of-materials-report`): every kit or assembly (or one product) with
 *   its components, factor, unit, the component's quantity on hand and stock value; grouped by product.
 * - `ic-production-work-orders` (IC-18, `/production-work-order-report`): the work orders whose date required
 *   falls in a date range (§9 up to one year), optionally of one state: quantities to produce, produced to
 *   date, remaining, value produced, closing.
 * - `ic-demand-action` (IC-15, `/Demand-Action-Report`): per product (all warehouses or one), §9 "reports by
 *   consumption, fulfilment, inventory": the demand is, by inventory, the product's minimum level; by
 *   fulfilment, the quantity committed to open documents; by consumption, the quantity issued over the date
 *   range. Available = on hand − committed; when available is below the demand the suggested action is to
 *   order up to the maximum level (or the demand when no maximum is set); above the maximum level, excess.
 * - `ic-inventory-year-end` (IC-19, `/inventory-year-end`, a process): closes a stock year — a snapshot of
 *   quantity and value per product × warehouse at the year's last day and the closed stock year, after which
 *   the stock ledger refuses movements dated in it (§8 "Selected date is in a closed period.").
 */
import { defineProcess, type ProcessDefinition } from '@erp/shared/processes/define';
import { defineReport, type ReportColumn, type ReportDefinition } from '@erp/shared/reports/define';

const IC = 'NOVUS-IC';
const QTY = 4;

function keys(report: string) {
  return {
    p: (name: string) => `ic:${report}.parameters.${name}`,
    c: (field: string) => `ic:${report}.columns.${field}`,
  };
}

const bom = keys('bill-of-materials-report');
export const billOfMaterialsReport: ReportDefinition = defineReport({
  name: 'ic-bill-of-materials',
  application: IC,
  routes: [{ application: IC, path: '/bill-of-materials-report' }],
  titleKey: 'ic:bill-of-materials-report.title',
  parameters: [
    { name: 'ProductId', type: 'lookup', entity: 'product', labelKey: bom.p('ProductId'), maxLength: 30 },
    { name: 'ComponentId', type: 'lookup', entity: 'product', labelKey: bom.p('ComponentId'), maxLength: 30 },
  ],
  rules: [],
  columns: [
    { field: 'ProductId', type: 'text', labelKey: bom.c('ProductId'), hidden: true },
    { field: 'ProductDescription', type: 'text', labelKey: bom.c('ProductDescription'), hidden: true },
    { field: 'KitType', type: 'text', labelKey: bom.c('KitType'), hidden: true },
    { field: 'LineNo', type: 'integer', labelKey: bom.c('LineNo'), width: 0.5 },
    { field: 'ComponentId', type: 'text', labelKey: bom.c('ComponentId') },
    { field: 'ComponentDescription', type: 'text', labelKey: bom.c('ComponentDescription'), width: 2 },
    { field: 'UnitOfMeasure', type: 'text', labelKey: bom.c('UnitOfMeasure'), width: 0.6 },
    { field: 'Factor', type: 'decimal', scale: QTY, labelKey: bom.c('Factor') },
    { field: 'OnHand', type: 'decimal', scale: QTY, labelKey: bom.c('OnHand') },
    { field: 'StockValue', type: 'decimal', scale: 2, labelKey: bom.c('StockValue') },
  ],
  group: { field: 'ProductId', headingFields: ['ProductId', 'ProductDescription', 'KitType'] },
  defaultSort: [{ field: 'ProductId' }, { field: 'LineNo' }],
});

const wo = keys('production-work-order-report');
const qty = (field: string, extra: Partial<ReportColumn> = {}): ReportColumn => ({ field, type: 'decimal', scale: QTY, labelKey: wo.c(field), ...extra });
export const productionWorkOrderReport: ReportDefinition = defineReport({
  name: 'ic-production-work-orders',
  application: IC,
  routes: [{ application: IC, path: '/production-work-order-report' }],
  titleKey: 'ic:production-work-order-report.title',
  parameters: [
    { name: 'StartDate', type: 'date', labelKey: wo.p('StartDate'), required: true, defaultValue: 'yearStart' },
    { name: 'EndDate', type: 'date', labelKey: wo.p('EndDate'), required: true, defaultValue: 'today' },
    {
      name: 'Status',
      type: 'enum',
      labelKey: wo.p('Status'),
      options: ['Pending', 'Committed', 'Closed'].map((value) => ({ value, labelKey: `ic:production-work-order.statuses.${value}` })),
    },
    { name: 'ProductId', type: 'lookup', entity: 'product', labelKey: wo.p('ProductId'), maxLength: 30 },
  ],
  // §9: report date range up to one year.
  rules: [{ kind: 'dateRange', start: 'StartDate', end: 'EndDate', maxYears: 1 }],
  columns: [
    { field: 'WorkOrderNo', type: 'text', labelKey: wo.c('WorkOrderNo') },
    { field: 'DateRequired', type: 'date', labelKey: wo.c('DateRequired') },
    { field: 'ProductId', type: 'text', labelKey: wo.c('ProductId') },
    { field: 'Description', type: 'text', labelKey: wo.c('Description'), width: 2 },
    { field: 'WarehouseId', type: 'text', labelKey: wo.c('WarehouseId'), width: 0.7 },
    { field: 'Status', type: 'text', labelKey: wo.c('Status'), width: 0.8 },
    qty('QuantityToProduce', { total: true }),
    qty('ProducedToDate', { total: true }),
    qty('Remaining', { total: true }),
    { field: 'ProducedValue', type: 'decimal', scale: 2, labelKey: wo.c('ProducedValue'), total: true },
    { field: 'ClosedDate', type: 'date', labelKey: wo.c('ClosedDate') },
    { field: 'ClosingReason', type: 'text', labelKey: wo.c('ClosingReason'), width: 1.5 },
    { field: 'WorkOrderId', type: 'integer', labelKey: wo.c('WorkOrderNo'), hidden: true },
  ],
  defaultSort: [{ field: 'DateRequired' }, { field: 'WorkOrderId' }],
  orientation: 'landscape',
});

export const DEMAND_BASES = ['inventory', 'fulfilment', 'consumption'] as const;
const da = keys('demand-action-report');
const daQty = (field: string, extra: Partial<ReportColumn> = {}): ReportColumn => ({ field, type: 'decimal', scale: QTY, labelKey: da.c(field), ...extra });
export const demandActionReport: ReportDefinition = defineReport({
  name: 'ic-demand-action',
  application: IC,
  routes: [{ application: IC, path: '/Demand-Action-Report' }],
  titleKey: 'ic:demand-action-report.title',
  parameters: [
    {
      name: 'ReportBy',
      type: 'enum',
      labelKey: da.p('ReportBy'),
      required: true,
      defaultValue: 'inventory',
      options: DEMAND_BASES.map((value) => ({ value, labelKey: `ic:demand-action-report.bases.${value}` })),
    },
    { name: 'StartDate', type: 'date', labelKey: da.p('StartDate'), required: true, defaultValue: 'yearStart' },
    { name: 'EndDate', type: 'date', labelKey: da.p('EndDate'), required: true, defaultValue: 'today' },
    { name: 'WarehouseId', type: 'lookup', entity: 'warehouse', labelKey: da.p('WarehouseId'), maxLength: 10 },
    {
      name: 'Show',
      type: 'enum',
      labelKey: da.p('Show'),
      required: true,
      defaultValue: 'actions',
      options: ['actions', 'all'].map((value) => ({ value, labelKey: `ic:demand-action-report.show.${value}` })),
    },
  ],
  rules: [{ kind: 'dateRange', start: 'StartDate', end: 'EndDate', maxYears: 1 }],
  columns: [
    { field: 'ProductId', type: 'text', labelKey: da.c('ProductId') },
    { field: 'Description', type: 'text', labelKey: da.c('Description'), width: 2 },
    daQty('MinLevel'),
    daQty('MaxLevel'),
    daQty('OnHand', { total: true }),
    daQty('Committed', { total: true }),
    daQty('Available', { total: true }),
    daQty('Consumption', { total: true }),
    daQty('Demand'),
    daQty('Suggested', { total: true }),
    { field: 'Action', type: 'text', labelKey: da.c('Action') },
  ],
  defaultSort: [{ field: 'ProductId' }],
  orientation: 'landscape',
});

const ye = keys('inventory-year-end');
export const inventoryYearEnd: ProcessDefinition = defineProcess({
  name: 'ic-inventory-year-end',
  application: IC,
  routes: [{ application: IC, path: '/inventory-year-end' }],
  titleKey: 'ic:inventory-year-end.title',
  parameters: [
    // §5: fiscal year greater than 1000 and less than 9999.
    { name: 'FiscalYear', type: 'integer', labelKey: ye.p('FiscalYear'), required: true, min: 1001, max: 9998, rangeKey: 'ic:inventory-year-end.rules.fiscalYear' },
  ],
  rules: [],
  columns: [
    { field: 'FiscalYear', type: 'integer', labelKey: ye.c('FiscalYear') },
    { field: 'State', type: 'text', labelKey: ye.c('State') },
    { field: 'YearEndDate', type: 'date', labelKey: ye.c('YearEndDate') },
    { field: 'Balances', type: 'integer', labelKey: ye.c('Balances') },
    { field: 'Quantity', type: 'decimal', scale: QTY, labelKey: ye.c('Quantity') },
    { field: 'Value', type: 'decimal', scale: 2, labelKey: ye.c('Value') },
  ],
  itemKey: 'FiscalYear',
  itemLabel: 'FiscalYear',
  maxItems: 1,
  confirmKey: 'ic:inventory-year-end.confirm',
});
