/**
 * Trades labour on the payroll's employees (issue 29 item 6; SCREENS.md WP9 milestone 9b, §3 Job, §5 Jobs). Here,
 * in Payroll, because it needs both the employees (Payroll) and the lots, models and options (Trades): Payroll
 * requires Trades, never the reverse. The screens are the Trades application's (`@erp/trades`, module.json
 * `alsoIn`); strings `pr:work-code.…`, `pr:labour.…`.
 *
 * - `work-code` (TE-12 `/work-code`): a kind of labour (framing, rough-in …) and the payroll code its time is
 *   paid under (default REG).
 * - `labour-budget` (TE-13 `/model-labour-budget`): a model's budgeted hours and budget rate per work code. The
 *   budget rate is an estimate, not anyone's wage.
 * - `work-order` (TE-25 `/work_order`, TE-26 `/service_work_order` with Kind Service): the job (§3 Job) on a
 *   lot — job no (the work order number), date, service type (§5: lot, date and service type required), crew
 *   leader, scope, and its job ledger's creation date (`LedgerCreatedOn`; §5: time before it is excluded from
 *   job costing). Lines: work code (§5 "A work order line needs a work code."), option (§5 "A duplicate work
 *   code needs an option.": a work code on several lines needs a different option on each), budget hours.
 *   Open → Completed. Deleting a job whose ledger has transactions (time cards) is refused (§5).
 * - `time-card` (TE-24 `/time_card`): an employee's hours on a job under a work code, at a rate; Open → Approved
 *   (Alt+A). Only an Open card may be changed or deleted. Approved time is job cost (job costing) and payroll
 *   input (a payroll transaction's "Add approved time cards").
 *
 * Wages stay with the payroll role (§6, issue 29 item 1): a time card's `Rate` and `Amount` carry
 * `readRoles: ['PAYROLL']`, so the desks (ADMIN, CLERK) enter hours and never see, send or export the rate —
 * the server fills it from the employee's gross labour rate (else the hourly rate). The reports with money
 * (job costing, labour budget) are for the payroll role; the time sheet and workday reports show hours only.
 */
import { defineEntity, type RuleIssue } from '@erp/shared/entities/define';
import { editedWhile } from '@erp/shared/entities/posted-document';
import { options, PAYROLL_ONLY, PAYROLL_ROLE, PR, PR_BUDGET_HOURS, PR_HOURLY_RATE, PR_HOURS, PR_MONEY, prCode } from './common.ts';

/** The trades desk and payroll staff keep labour (the rate itself: payroll only). */
const LABOUR_ROLES = { read: ['ADMIN', 'CLERK', PAYROLL_ROLE], write: ['ADMIN', 'CLERK', PAYROLL_ROLE] } as const;
const TE_APP = 'NOVUS-TE';
const WAGE = { readRoles: PAYROLL_ONLY } as const;

export const WORK_ORDER_KINDS = ['Construction', 'Service'] as const;
export const SERVICE_TYPES = ['Construction', 'Service', 'Warranty', 'Deficiency'] as const;
/** §4 work order: Open → Completed. */
export const WORK_ORDER_STATUSES = ['Open', 'Completed'] as const;
/** §4 time card: Open → Approved. */
export const TIME_CARD_STATUSES = ['Open', 'Approved'] as const;
export const WORK_ORDER_SEQUENCE = 'TE-WORK-ORDER';
export const TIME_CARD_SEQUENCE = 'TE-TIME-CARD';
/** The payroll code of time whose work code names none. */
export const DEFAULT_PAY_CODE = 'REG';

/** §5 "A job ledger cannot be deleted when transactions reference it." */
export const LEDGER_IN_USE = 'pr:labour.rules.ledgerInUse';

/** A work code, required: `requiredKey` says whose (§5 "A work order line needs a work code." on a work order line). */
const workCodeLookup = (requiredKey: string, labelKey?: string) => ({
  type: 'lookup' as const,
  entity: 'work-code',
  maxLength: 10,
  uppercase: true,
  activeOnly: true,
  required: true,
  requiredKey,
  ...(labelKey ? { labelKey } : {}),
});
const WORK_CODE_REQUIRED = 'pr:labour.rules.workCodeNeeded';

export const workCode = defineEntity({
  name: 'work-code',
  namespace: PR,
  table: 'pr_work_codes',
  key: 'WorkCodeId',
  application: TE_APP,
  fields: {
    WorkCodeId: prCode(10, { required: true }),
    Description: { type: 'text', required: true, maxLength: 60, requiredKey: 'pr:labour.rules.nameRequired' },
    Phase: { type: 'text', maxLength: 30 },
    PayCodeId: { type: 'lookup', entity: 'pr-code', maxLength: 10, uppercase: true, activeOnly: true },
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['WorkCodeId', { field: 'Description', width: 260 }, 'Phase', 'PayCodeId', 'IsActive'],
  defaultSort: [{ field: 'WorkCodeId' }],
  filters: [{ field: 'IsActive', op: 'eq' }],
  search: ['WorkCodeId', 'Description'],
  roles: LABOUR_ROLES,
  activeField: 'IsActive',
  displayField: 'Description',
  attachments: false,
  formLayout: { sections: [{ rows: [['WorkCodeId', 'Description'], ['Phase', 'PayCodeId', 'IsActive']] }] },
});

export const labourBudget = defineEntity({
  name: 'labour-budget',
  namespace: PR,
  table: 'pr_labour_budgets',
  key: 'BudgetId',
  keyKind: 'auto',
  application: TE_APP,
  fields: {
    BudgetId: { type: 'integer' },
    // §6: a model's budget is its builder's (issue 68 item 2).
    ModelId: { type: 'lookup', entity: 'te-model', required: true, maxLength: 12, uppercase: true, invalidKey: 'te:rules.notFound', customer: true },
    WorkCodeId: workCodeLookup(WORK_CODE_REQUIRED),
    Hours: { ...PR_BUDGET_HOURS, required: true },
    Rate: { ...PR_HOURLY_RATE, required: true },
    Amount: { ...PR_MONEY, readOnly: true },
  },
  computed: { Amount: { op: 'mul', args: ['Hours', 'Rate'] } },
  listColumns: ['ModelId', 'WorkCodeId', { field: 'Hours', total: 'sum' }, 'Rate', { field: 'Amount', total: 'sum' }],
  defaultSort: [{ field: 'ModelId' }, { field: 'WorkCodeId' }],
  filters: [{ field: 'ModelId', op: 'eq' }, { field: 'WorkCodeId', op: 'eq' }],
  uniques: [['ModelId', 'WorkCodeId']],
  roles: LABOUR_ROLES,
  displayField: 'ModelId',
  attachments: false,
  formLayout: { sections: [{ rows: [['ModelId', 'WorkCodeId'], ['Hours', 'Rate', 'Amount']] }] },
});

const woLine = (name: string) => `pr:work-order.fields.Lines.fields.${name}`;

/** §5 Jobs: a work code on several lines needs an option on each, and never the same option twice (browser and server). */
export function workOrderRules(record: Readonly<Record<string, unknown>>): RuleIssue[] {
  const lines = Array.isArray(record['Lines']) ? (record['Lines'] as Record<string, unknown>[]) : [];
  const text = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : '');
  const count = new Map<string, number>();
  for (const line of lines) count.set(text(line['WorkCodeId']), (count.get(text(line['WorkCodeId'])) ?? 0) + 1);
  const seen = new Set<string>();
  const issues: RuleIssue[] = [];
  lines.forEach((line, index) => {
    const code = text(line['WorkCodeId']);
    if (code === '' || (count.get(code) ?? 0) < 2) return;
    const pair = `${code} ${text(line['OptionId'])}`;
    if (text(line['OptionId']) === '' || seen.has(pair)) issues.push({ field: `Lines[${index}].OptionId`, key: 'pr:labour.rules.duplicateWorkCode', params: { code } });
    seen.add(pair);
  });
  return issues;
}

export const workOrder = defineEntity({
  name: 'work-order',
  namespace: PR,
  table: 'pr_work_orders',
  key: 'WorkOrderId',
  keyKind: 'auto',
  application: TE_APP,
  fields: {
    WorkOrderId: { type: 'integer', readOnly: true },
    WorkOrderNo: { type: 'text', maxLength: 20, readOnly: true },
    Kind: { type: 'enum', required: true, defaultValue: 'Construction', options: options(WORK_ORDER_KINDS, 'labour.kinds') },
    // §6: a work order is its lot's builder's (issue 68 item 2).
    LotId: { type: 'lookup', entity: 'te-lot', required: true, maxLength: 20, uppercase: true, requiredKey: 'pr:labour.rules.lotRequired', invalidKey: 'te:rules.notFound', inactiveKey: 'te:rules.notFound', customer: true },
    SiteId: { type: 'text', maxLength: 10, readOnly: true },
    OrderDate: { type: 'date', required: true, requiredKey: 'pr:labour.rules.dateRequired' },
    ServiceType: { type: 'enum', required: true, defaultValue: 'Construction', requiredKey: 'pr:labour.rules.serviceTypeRequired', options: options(SERVICE_TYPES, 'labour.serviceTypes') },
    CrewLeaderId: { type: 'lookup', entity: 'pr-employee', maxLength: 10, uppercase: true, where: { Status: 'Active' } },
    CostType: { type: 'enum', required: true, defaultValue: 'Variable', options: options(['Fixed', 'Variable'], 'labour.costTypes') },
    Scope: { type: 'text', maxLength: 500, format: 'multiline' },
    LedgerCreatedOn: { type: 'date' },
    Status: { type: 'enum', required: true, defaultValue: 'Open', options: options(WORK_ORDER_STATUSES, 'labour.workOrderStatuses') },
    BudgetHours: { ...PR_HOURS, readOnly: true },
    Lines: {
      type: 'children',
      lines: true,
      labelKey: 'pr:work-order.fields.Lines.label',
      table: 'pr_work_order_lines',
      parentColumn: 'work_order_id',
      key: 'LineId',
      maxItems: 100,
      fields: {
        LineId: { type: 'integer', labelKey: woLine('LineId') },
        WorkCodeId: workCodeLookup('pr:labour.rules.workCodeRequired', woLine('WorkCodeId')),
        OptionId: { type: 'lookup', entity: 'te-option', maxLength: 12, uppercase: true, labelKey: woLine('OptionId') },
        Description: { type: 'text', maxLength: 100, labelKey: woLine('Description') },
        BudgetHours: { ...PR_BUDGET_HOURS, defaultValue: '0.0000', labelKey: woLine('BudgetHours') },
      },
    },
  },
  computed: { BudgetHours: { op: 'sum', collection: 'Lines', field: 'BudgetHours' } },
  rules: [workOrderRules],
  numbering: { sequence: WORK_ORDER_SEQUENCE, field: 'WorkOrderNo', prefix: 'JB' },
  states: editedWhile('Open', [
    { action: 'complete', labelKey: 'pr:work-order.actions.complete', from: ['Open'], to: 'Completed', primary: true, hotkey: 'Alt+C' },
    { action: 'reopen', labelKey: 'pr:work-order.actions.reopen', from: ['Completed'], to: 'Open' },
  ]),
  listColumns: [{ field: 'WorkOrderId', visible: false }, 'WorkOrderNo', 'Kind', 'LotId', 'SiteId', 'OrderDate', 'ServiceType', 'CrewLeaderId', 'Status', { field: 'BudgetHours', total: 'sum' }, { field: 'LedgerCreatedOn', visible: false }],
  defaultSort: [{ field: 'WorkOrderId', descending: true }],
  filters: [
    { field: 'Status', op: 'eq' },
    { field: 'Kind', op: 'eq' },
    { field: 'LotId', op: 'eq' },
    { field: 'OrderDate', op: 'range' },
  ],
  search: ['WorkOrderNo', 'LotId'],
  indexes: [['LotId', 'Kind'], ['Status', 'OrderDate']],
  roles: LABOUR_ROLES,
  displayField: 'WorkOrderNo',
  attachments: false,
  routeViews: {
    kind: {
      Service: { filters: { 'filter.Kind': 'Service' }, defaults: { Kind: 'Service', ServiceType: 'Service' }, titleKey: 'pr:work-order.screen.serviceTitle' },
    },
  },
  formLayout: {
    sections: [
      { rows: [['WorkOrderNo', 'Status', 'Kind'], ['LotId', 'SiteId', 'OrderDate'], ['ServiceType', 'CostType', 'CrewLeaderId'], ['LedgerCreatedOn', 'BudgetHours'], ['Scope']] },
    ],
  },
});

export const timeCard = defineEntity({
  name: 'time-card',
  namespace: PR,
  table: 'pr_time_cards',
  key: 'TimeCardId',
  keyKind: 'auto',
  application: TE_APP,
  fields: {
    TimeCardId: { type: 'integer', readOnly: true },
    TimeCardNo: { type: 'text', maxLength: 20, readOnly: true },
    EmployeeId: { type: 'lookup', entity: 'pr-employee', required: true, maxLength: 10, uppercase: true, where: { Status: 'Active' } },
    // An employee's hours on a job: payroll's record, not the builder's (§6 issue 68 item 2).
    WorkOrderNo: { type: 'lookup', entity: 'work-order', targetField: 'WorkOrderNo', required: true, maxLength: 20, uppercase: true, invalidKey: 'pr:labour.rules.jobNotFound', customer: false },
    WorkCodeId: workCodeLookup(WORK_CODE_REQUIRED),
    WorkDate: { type: 'date', required: true },
    Hours: { ...PR_HOURS, required: true, min: '0.01', max: '24' },
    Rate: { ...PR_HOURLY_RATE, ...WAGE },
    Amount: { ...PR_MONEY, readOnly: true, ...WAGE },
    Status: { type: 'enum', required: true, defaultValue: 'Open', options: options(TIME_CARD_STATUSES, 'labour.timeCardStatuses') },
    LotId: { type: 'text', maxLength: 20, readOnly: true },
    Notes: { type: 'text', maxLength: 200 },
  },
  computed: { Amount: { op: 'mul', args: ['Hours', 'Rate'] } },
  numbering: { sequence: TIME_CARD_SEQUENCE, field: 'TimeCardNo', prefix: 'TC' },
  states: editedWhile('Open', [{ action: 'approve', labelKey: 'pr:time-card.actions.approve', from: ['Open'], to: 'Approved', irreversible: true, confirmKey: 'pr:time-card.confirm.approve', primary: true, hotkey: 'Alt+A' }]),
  listColumns: [
    { field: 'TimeCardId', visible: false },
    'TimeCardNo',
    'WorkDate',
    'EmployeeId',
    'WorkOrderNo',
    'LotId',
    'WorkCodeId',
    { field: 'Hours', total: 'sum' },
    'Rate',
    { field: 'Amount', total: 'sum' },
    'Status',
  ],
  defaultSort: [{ field: 'WorkDate', descending: true }, { field: 'TimeCardNo' }],
  filters: [
    { field: 'Status', op: 'eq' },
    { field: 'EmployeeId', op: 'eq' },
    { field: 'WorkOrderNo', op: 'eq' },
    { field: 'WorkDate', op: 'range' },
  ],
  search: ['TimeCardNo', 'EmployeeId', 'WorkOrderNo'],
  indexes: [['EmployeeId', 'WorkDate'], ['WorkOrderNo', 'WorkDate'], ['Status', 'WorkDate']],
  roles: LABOUR_ROLES,
  displayField: 'TimeCardNo',
  attachments: false,
  formLayout: { sections: [{ rows: [['TimeCardNo', 'Status', 'WorkDate'], ['EmployeeId', 'WorkOrderNo', 'LotId'], ['WorkCodeId', 'Hours', 'Rate', 'Amount'], ['Notes']] }] },
});
