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
import { IC_ACCOUNTING_ROLES } from '../masters/common.ts';
import { defineReport, type ReportColumn, type ReportColumnInput, type ReportDefinition } from '@erp/shared/reports/define';

const IC = 'NOVUS-IC';
const QTY = 4;

export const billOfMaterialsReport: ReportDefinition = defineReport({
  name: 'ic-bill-of-materials',
  application: IC,
  routes: [{ application: IC, path: '/bill-of-materials-report' }],
  titleKey: 'ic:bill-of-materials-report.title',
  parameters: [
    { name: 'ProductId', type: 'lookup', entity: 'product', maxLength: 30 },
    { name: 'ComponentId', type: 'lookup', entity: 'product', maxLength: 30 },
  ],
  rules: [],
  columns: [
    { field: 'ProductId', type: 'text', hidden: true },
    { field: 'ProductDescription', type: 'text', hidden: true },
    { field: 'KitType', type: 'text', hidden: true },
    { field: 'LineNo', type: 'integer', width: 0.5 },
    { field: 'ComponentId', type: 'text' },
    { field: 'ComponentDescription', type: 'text', width: 2 },
    { field: 'UnitOfMeasure', type: 'text', width: 0.6 },
    { field: 'Factor', type: 'decimal', scale: QTY },
    { field: 'OnHand', type: 'decimal', scale: QTY },
    { field: 'StockValue', type: 'decimal', scale: 2 },
  ],
  group: { field: 'ProductId', headingFields: ['ProductId', 'ProductDescription', 'KitType'] },
  defaultSort: [{ field: 'ProductId' }, { field: 'LineNo' }],
});

const qty = (field: string, extra: Partial<ReportColumn> = {}): ReportColumnInput => ({ field, type: 'decimal', scale: QTY, ...extra });
export const productionWorkOrderReport: ReportDefinition = defineReport({
  name: 'ic-production-work-orders',
  application: IC,
  routes: [{ application: IC, path: '/production-work-order-report' }],
  titleKey: 'ic:production-work-order-report.title',
  parameters: [
    { name: 'StartDate', type: 'date', required: true, defaultValue: 'yearStart' },
    { name: 'EndDate', type: 'date', required: true, defaultValue: 'today' },
    {
      name: 'Status',
      type: 'enum',
      options: ['Pending', 'Committed', 'Closed'].map((value) => ({ value, labelKey: `ic:production-work-order.statuses.${value}` })),
    },
    { name: 'ProductId', type: 'lookup', entity: 'product', maxLength: 30 },
  ],
  // §9: report date range up to one year.
  rules: [{ kind: 'dateRange', start: 'StartDate', end: 'EndDate', maxYears: 1 }],
  columns: [
    { field: 'WorkOrderNo', type: 'text' },
    { field: 'DateRequired', type: 'date' },
    { field: 'ProductId', type: 'text' },
    { field: 'Description', type: 'text', width: 2 },
    { field: 'WarehouseId', type: 'text', width: 0.7 },
    { field: 'Status', type: 'text', width: 0.8 },
    qty('QuantityToProduce', { total: true }),
    qty('ProducedToDate', { total: true }),
    qty('Remaining', { total: true }),
    { field: 'ProducedValue', type: 'decimal', scale: 2, total: true },
    { field: 'ClosedDate', type: 'date' },
    { field: 'ClosingReason', type: 'text', width: 1.5 },
    { field: 'WorkOrderId', type: 'integer', labelKey: 'ic:production-work-order-report.columns.WorkOrderNo', hidden: true },
  ],
  defaultSort: [{ field: 'DateRequired' }, { field: 'WorkOrderId' }],
  orientation: 'landscape',
});

export const DEMAND_BASES = ['inventory', 'fulfilment', 'consumption'] as const;
const daQty = (field: string, extra: Partial<ReportColumn> = {}): ReportColumnInput => ({ field, type: 'decimal', scale: QTY, ...extra });
export const demandActionReport: ReportDefinition = defineReport({
  name: 'ic-demand-action',
  application: IC,
  routes: [{ application: IC, path: '/Demand-Action-Report' }],
  titleKey: 'ic:demand-action-report.title',
  parameters: [
    {
      name: 'ReportBy',
      type: 'enum',
      required: true,
      defaultValue: 'inventory',
      options: DEMAND_BASES.map((value) => ({ value, labelKey: `ic:demand-action-report.bases.${value}` })),
    },
    { name: 'StartDate', type: 'date', required: true, defaultValue: 'yearStart' },
    { name: 'EndDate', type: 'date', required: true, defaultValue: 'today' },
    { name: 'WarehouseId', type: 'lookup', entity: 'warehouse', maxLength: 10 },
    {
      name: 'Show',
      type: 'enum',
      required: true,
      defaultValue: 'actions',
      options: ['actions', 'all'].map((value) => ({ value, labelKey: `ic:demand-action-report.show.${value}` })),
    },
  ],
  rules: [{ kind: 'dateRange', start: 'StartDate', end: 'EndDate', maxYears: 1 }],
  columns: [
    { field: 'ProductId', type: 'text' },
    { field: 'Description', type: 'text', width: 2 },
    daQty('MinLevel'),
    daQty('MaxLevel'),
    daQty('OnHand', { total: true }),
    daQty('Committed', { total: true }),
    daQty('Available', { total: true }),
    daQty('Consumption', { total: true }),
    daQty('Demand'),
    daQty('Suggested', { total: true }),
    { field: 'Action', type: 'text' },
  ],
  defaultSort: [{ field: 'ProductId' }],
  orientation: 'landscape',
});

export const inventoryYearEnd: ProcessDefinition = defineProcess({
  name: 'ic-inventory-year-end',
  application: IC,
  routes: [{ application: IC, path: '/inventory-year-end' }],
  titleKey: 'ic:inventory-year-end.title',
  parameters: [
    // §5: fiscal year greater than 1000 and less than 9999.
    { name: 'FiscalYear', type: 'integer', required: true, min: 1001, max: 9998, rangeKey: 'ic:inventory-year-end.rules.fiscalYear' },
  ],
  rules: [],
  columns: [
    { field: 'FiscalYear', type: 'integer' },
    { field: 'State', type: 'text' },
    { field: 'YearEndDate', type: 'date' },
    { field: 'Balances', type: 'integer' },
    { field: 'Quantity', type: 'decimal', scale: QTY },
    { field: 'Value', type: 'decimal', scale: 2 },
  ],
  itemKey: 'FiscalYear',
  itemLabel: 'FiscalYear',
  maxItems: 1,
  confirmKey: 'ic:inventory-year-end.confirm',
  // Irreversible (issue 22 item 12): an accounting right — who keeps the GL masters — not the order desk's.
  roles: IC_ACCOUNTING_ROLES,
});
