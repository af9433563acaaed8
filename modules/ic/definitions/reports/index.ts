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
import { KIT_TYPES } from '../products/product.ts';
import { defineReport, type ReportDefinition } from '@erp/shared/reports/define';
import { groupedBy, ONE_YEAR_RANGE, reportParts } from '@erp/shared/reports/parts';

const IC = 'NOVUS-IC';
// The label keys are derived from each report's title key (`ic:<report>.columns.<Field>`).
const { dateRange, lookup, money, quantity: qty } = reportParts();

export const billOfMaterialsReport: ReportDefinition = defineReport({
  name: 'ic-bill-of-materials',
  application: IC,
  routes: [{ application: IC, path: '/bill-of-materials-report' }],
  titleKey: 'ic:bill-of-materials-report.title',
  parameters: [lookup('ProductId', 'product', 30), lookup('ComponentId', 'product', 30)],
  rules: [],
  columns: [
    { field: 'ProductId', type: 'text', hidden: true },
    { field: 'ProductDescription', type: 'text', hidden: true },
    // The group's heading says "Kit" or "Assembly" in the user's language, as the product form does.
    { field: 'KitType', type: 'text', hidden: true, options: KIT_TYPES.map((value) => ({ value, labelKey: `ic:product.kitTypes.${value}` })) },
    { field: 'LineNo', type: 'integer', width: 0.5 },
    { field: 'ComponentId', type: 'text' },
    { field: 'ComponentDescription', type: 'text', width: 2 },
    { field: 'UnitOfMeasure', type: 'text', width: 0.6 },
    qty('Factor'),
    qty('OnHand'),
    money('StockValue'),
  ],
  ...groupedBy('ProductId', ['ProductId', 'ProductDescription', 'KitType'], ['LineNo']),
});

export const productionWorkOrderReport: ReportDefinition = defineReport({
  name: 'ic-production-work-orders',
  application: IC,
  routes: [{ application: IC, path: '/production-work-order-report' }],
  titleKey: 'ic:production-work-order-report.title',
  parameters: [
    ...dateRange(),
    {
      name: 'Status',
      type: 'enum',
      options: ['Pending', 'Committed', 'Closed'].map((value) => ({ value, labelKey: `ic:production-work-order.statuses.${value}` })),
    },
    lookup('ProductId', 'product', 30),
  ],
  rules: [ONE_YEAR_RANGE],
  columns: [
    { field: 'WorkOrderNo', type: 'text' },
    { field: 'DateRequired', type: 'date' },
    { field: 'ProductId', type: 'text' },
    { field: 'Description', type: 'text', width: 2 },
    { field: 'WarehouseId', type: 'text', width: 0.7 },
    { field: 'Status', type: 'text', width: 0.8, options: ['Pending', 'Committed', 'Closed'].map((value) => ({ value, labelKey: `ic:production-work-order.statuses.${value}` })) },
    qty('QuantityToProduce', { total: true }),
    qty('ProducedToDate', { total: true }),
    qty('Remaining', { total: true }),
    money('ProducedValue', { total: true }),
    { field: 'ClosedDate', type: 'date' },
    { field: 'ClosingReason', type: 'text', width: 1.5 },
    { field: 'WorkOrderId', type: 'integer', labelKey: 'ic:production-work-order-report.columns.WorkOrderNo', hidden: true },
  ],
  defaultSort: [{ field: 'DateRequired' }, { field: 'WorkOrderId' }],
  orientation: 'landscape',
});

export const DEMAND_BASES = ['inventory', 'fulfilment', 'consumption'] as const;
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
    ...dateRange(),
    lookup('WarehouseId', 'warehouse', 10),
    {
      name: 'Show',
      type: 'enum',
      required: true,
      defaultValue: 'actions',
      options: ['actions', 'all'].map((value) => ({ value, labelKey: `ic:demand-action-report.show.${value}` })),
    },
  ],
  rules: [ONE_YEAR_RANGE],
  columns: [
    { field: 'ProductId', type: 'text' },
    { field: 'Description', type: 'text', width: 2 },
    qty('MinLevel'),
    qty('MaxLevel'),
    qty('OnHand', { total: true }),
    qty('Committed', { total: true }),
    qty('Available', { total: true }),
    qty('Consumption', { total: true }),
    qty('Demand'),
    qty('Suggested', { total: true }),
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
    qty('Quantity'),
    money('Value'),
  ],
  itemKey: 'FiscalYear',
  itemLabel: 'FiscalYear',
  maxItems: 1,
  confirmKey: 'ic:inventory-year-end.confirm',
  // Irreversible (issue 22 item 12): an accounting right — who keeps the GL masters — not the order desk's.
  roles: IC_ACCOUNTING_ROLES,
});
