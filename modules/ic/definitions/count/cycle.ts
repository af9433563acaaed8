/**
 * The count cycle's processes and reports (issue 23 item 4; SCREENS.md WP4 PC-01, PC-02, PC-07 … PC-10), as
 * process and report definitions. Servers: modules/ic/server/count/processes.ts and reports.ts. Strings:
 * `ic:<name>.*` per screen, `ic:count.*` shared.
 *
 * Processes (items = warehouses; each asks its §5 question through the process engine's per-item confirmation):
 * - `ic-count-freeze` (`/count-freeze`, PC-01): Clear → Frozen with a snapshot dated CountDate; a Frozen
 *   warehouse again only after "freeze again" is confirmed (the open count is discarded with its counts).
 * - `ic-count-upgrade` (`/upgrade-count-stage`, PC-08): Frozen → Counted; refused with unposted tags; products
 *   not counted are asked about (set to 0).
 * - `ic-count-post` (`/post-count-to-inventory`, PC-09): Counted → Clear, the variances to the stock ledger and
 *   the General Ledger dated the count date.
 * Reports (grid, .xlsx, PDF):
 * - `ic-count-sheets` (`/print-count`, PC-02): count sheets (product, lot, location, a blank to write the
 *   count) or tags (one numbered tag per line) of a frozen warehouse; the book quantity only when asked.
 * - `ic-count-not-counted` (`/products-not-counted-report`, PC-07): lines of the open count not counted yet.
 * - `ic-count-discrepancy` (`/count-discrepancy`, PC-10): per line frozen, counted, variance and its value at
 *   the snapshot cost, of the warehouse's open count or of a posted one (CountNo).
 */
import { defineProcess, type ProcessDefinition } from '@erp/shared/processes/define';
import { defineReport, type ReportDefinition } from '@erp/shared/reports/define';
import { reportParts } from '@erp/shared/reports/parts';
import { IC_ACCOUNTING_ROLES } from '../masters/common.ts';

const IC = 'NOVUS-IC';
const { cost, integer, lookup, money, quantity: qty, text, date } = reportParts('ic:count');

const WAREHOUSE = lookup('WarehouseId', 'warehouse', 10);
const STAGES = ['Clear', 'Frozen', 'Counted'].map((value) => ({ value, labelKey: `entities:warehouse.options.${value}` }));

/** Roles that freeze and upgrade: the stock desk (IC_ROLES' writers); posting is accounting's (it posts to the G/L). */
const COUNT_PROCESS_ROLES = ['ADMIN', 'CLERK'];

const stageColumns = [text('WarehouseId'), text('Name', { width: 2 }), text('CountStage', { options: STAGES }), date('CountDate'), text('CountNo')];

export const countFreeze: ProcessDefinition = defineProcess({
  name: 'ic-count-freeze',
  application: IC,
  routes: [{ application: IC, path: '/count-freeze' }],
  titleKey: 'ic:count-freeze.title',
  parameters: [WAREHOUSE, { name: 'CountDate', type: 'date', required: true, defaultValue: 'today', labelKey: 'ic:count.parameters.CountDate' }],
  rules: [],
  columns: [...stageColumns, integer('Products')],
  itemKey: 'WarehouseId',
  itemLabel: 'WarehouseId',
  maxItems: 50,
  confirmKey: 'ic:count-freeze.confirm',
  roles: COUNT_PROCESS_ROLES,
});

export const countUpgrade: ProcessDefinition = defineProcess({
  name: 'ic-count-upgrade',
  application: IC,
  routes: [{ application: IC, path: '/upgrade-count-stage' }],
  titleKey: 'ic:upgrade-count-stage.title',
  parameters: [WAREHOUSE],
  rules: [],
  columns: [...stageColumns, integer('Products'), integer('Counted'), integer('NotCounted'), integer('OpenTags')],
  itemKey: 'WarehouseId',
  itemLabel: 'WarehouseId',
  maxItems: 50,
  confirmKey: 'ic:upgrade-count-stage.confirm',
  roles: COUNT_PROCESS_ROLES,
});

export const countPost: ProcessDefinition = defineProcess({
  name: 'ic-count-post',
  application: IC,
  routes: [{ application: IC, path: '/post-count-to-inventory' }],
  titleKey: 'ic:post-count-to-inventory.title',
  parameters: [WAREHOUSE],
  rules: [],
  columns: [...stageColumns, integer('Products'), integer('OpenTags'), money('VarianceValue')],
  itemKey: 'WarehouseId',
  itemLabel: 'WarehouseId',
  maxItems: 50,
  confirmKey: 'ic:post-count-to-inventory.confirm',
  // It posts to the General Ledger and cannot be undone but by another count: accounting's right, as the year end.
  roles: IC_ACCOUNTING_ROLES,
});

const LINE_COLUMNS = [text('ProductId'), text('Description', { width: 2 }), text('LotNo', { width: 0.8 }), text('ClassId', { width: 0.7 })];

export const COUNT_SHEET_LAYOUTS = ['sheets', 'tags'] as const;

export const countSheets: ReportDefinition = defineReport({
  name: 'ic-count-sheets',
  application: IC,
  routes: [{ application: IC, path: '/print-count' }],
  titleKey: 'ic:print-count.title',
  parameters: [
    { ...WAREHOUSE, required: true },
    lookup('ClassId', 'product-class', 10),
    { name: 'Layout', type: 'enum', required: true, defaultValue: 'sheets', labelKey: 'ic:count.parameters.Layout', options: COUNT_SHEET_LAYOUTS.map((value) => ({ value, labelKey: `ic:print-count.layouts.${value}` })) },
    { name: 'ShowBook', type: 'enum', required: true, defaultValue: 'no', labelKey: 'ic:count.parameters.ShowBook', options: ['no', 'yes'].map((value) => ({ value, labelKey: `ic:count.yesNo.${value}` })) },
  ],
  rules: [],
  columns: [
    text('TagNo', { width: 0.7 }),
    ...LINE_COLUMNS,
    text('Location', { width: 0.8 }),
    text('UnitOfMeasure', { width: 0.5 }),
    text('BookQty', { width: 0.9 }),
    text('CountBlank', { width: 1.2 }),
  ],
  defaultSort: [{ field: 'ClassId' }, { field: 'ProductId' }, { field: 'LotNo' }],
});

export const productsNotCounted: ReportDefinition = defineReport({
  name: 'ic-count-not-counted',
  application: IC,
  routes: [{ application: IC, path: '/products-not-counted-report' }],
  titleKey: 'ic:products-not-counted-report.title',
  parameters: [{ ...WAREHOUSE, required: true }, lookup('ClassId', 'product-class', 10)],
  rules: [],
  columns: [...LINE_COLUMNS, qty('FrozenQty', { total: true }), cost('UnitCost'), money('FrozenValue', { total: true })],
  defaultSort: [{ field: 'ProductId' }, { field: 'LotNo' }],
});

export const countDiscrepancy: ReportDefinition = defineReport({
  name: 'ic-count-discrepancy',
  application: IC,
  routes: [{ application: IC, path: '/count-discrepancy' }],
  titleKey: 'ic:count-discrepancy.title',
  parameters: [
    { ...WAREHOUSE, required: true },
    { name: 'CountNo', type: 'text', maxLength: 20, labelKey: 'ic:count.parameters.CountNo' },
    { name: 'Show', type: 'enum', required: true, defaultValue: 'variances', labelKey: 'ic:count.parameters.Show', options: ['variances', 'all'].map((value) => ({ value, labelKey: `ic:count-discrepancy.show.${value}` })) },
  ],
  rules: [],
  columns: [
    ...LINE_COLUMNS,
    qty('FrozenQty'),
    qty('TotalCounted'),
    qty('VarianceQty'),
    cost('UnitCost'),
    money('VarianceValue', { total: true }),
  ],
  defaultSort: [{ field: 'ProductId' }, { field: 'LotNo' }],
  orientation: 'landscape',
});

export const IC_COUNT_PROCESSES: readonly ProcessDefinition[] = [countFreeze, countUpgrade, countPost];
export const IC_COUNT_REPORTS: readonly ReportDefinition[] = [countSheets, productsNotCounted, countDiscrepancy];
