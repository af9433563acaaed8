/**
 * The trades labour reports and process (issue 29 item 6; SCREENS.md TE-16, TE-32 … TE-34, TE-36). Queries and
 * runs: modules/pr/server/labour/; strings `pr:labour.reports.…`. Screens in `@erp/trades` (and Order Entry's
 * jobs costing).
 *
 * - `pr-job-costing` (TE-32, `/job-costing` in Trades and `/jobs-costing` in Order Entry): each job's ledger —
 *   its approved time, hours × rate, dated from the ledger's creation date on (§5: earlier transactions are
 *   excluded). Money made of wages: the payroll role only.
 * - `pr-labour-budget-report` (TE-33): per job and work code, the lot's model budget (hours, amount) against the
 *   approved time (hours × rate) and the variance. Payroll role only.
 * - `pr-time-sheet` (TE-34): time cards of a period (start and end date required), by employee; hours only.
 * - `pr-employee-workday` (TE-36): per employee and day, the jobs worked and the hours; hours only.
 * - `pr-generate-work-orders` (TE-16): a work order for each lot of a site that has a model and no work order of
 *   the kind yet, its lines the model's labour budget (§5: lot, date and service type required).
 */
import { defineProcess, type ProcessDefinition } from '@erp/shared/processes/define';
import { defineReport, type ReportDefinition } from '@erp/shared/reports/define';
import { groupedBy, ONE_YEAR_RANGE, reportParts } from '@erp/shared/reports/parts';
import { options, PAYROLL_ONLY } from './common.ts';
import { SERVICE_TYPES, TIME_CARD_STATUSES } from './labour.ts';

const { date, dateRange, integer, lookup, money, quantity, text } = reportParts('pr:labour.reports');
const TE_APP = 'NOVUS-TE';
const route = (path: string) => [{ application: TE_APP, path }];
const EMPLOYEE = lookup('EmployeeId', 'pr-employee', 10);
const JOB = lookup('WorkOrderNo', 'work-order', 20);
const STATUS = text('Status', { options: options(TIME_CARD_STATUSES, 'labour.timeCardStatuses') });

export const jobCosting: ReportDefinition = defineReport({
  name: 'pr-job-costing',
  // §6: a user restricted to assigned customers gets the rows of records they may see (issue 68 item 2).
  records: { entity: 'te-lot', field: 'LotId' },
  application: TE_APP,
  routes: [...route('/job-costing'), { application: 'NOVUS-OE', path: '/jobs-costing' }],
  titleKey: 'pr:labour.reports.jobCosting.title',
  parameters: [...dateRange(), JOB, lookup('SiteId', 'job-site', 10)],
  rules: [ONE_YEAR_RANGE],
  columns: [
    text('WorkOrderNo'),
    text('LotId'),
    date('LedgerCreatedOn'),
    date('WorkDate'),
    text('TimeCardNo'),
    text('EmployeeId'),
    text('EmployeeName', { width: 2 }),
    text('WorkCodeId'),
    quantity('Hours', { total: true }),
    quantity('Rate'),
    money('Amount', { total: true }),
  ],
  ...groupedBy('WorkOrderNo', ['WorkOrderNo', 'LotId', 'LedgerCreatedOn'], ['WorkDate', 'TimeCardNo']),
  orientation: 'landscape',
  roles: PAYROLL_ONLY,
});

export const labourBudgetReport: ReportDefinition = defineReport({
  name: 'pr-labour-budget-report',
  // §6: a user restricted to assigned customers gets the rows of records they may see (issue 68 item 2).
  records: { entity: 'te-lot', field: 'LotId' },
  application: TE_APP,
  routes: route('/labour-budget-report'),
  titleKey: 'pr:labour.reports.labourBudget.title',
  parameters: [lookup('SiteId', 'job-site', 10), JOB],
  rules: [],
  columns: [
    text('WorkOrderNo'),
    text('LotId'),
    text('ModelId'),
    text('WorkCodeId'),
    quantity('BudgetHours', { total: true }),
    money('BudgetAmount', { total: true }),
    quantity('ActualHours', { total: true }),
    money('ActualAmount', { total: true }),
    quantity('HoursVariance', { total: true }),
    money('AmountVariance', { total: true }),
  ],
  ...groupedBy('WorkOrderNo', ['WorkOrderNo', 'LotId', 'ModelId'], ['WorkCodeId']),
  orientation: 'landscape',
  roles: PAYROLL_ONLY,
});

export const timeSheetReport: ReportDefinition = defineReport({
  name: 'pr-time-sheet',
  application: TE_APP,
  routes: route('/time-sheet-report'),
  titleKey: 'pr:labour.reports.timeSheet.title',
  parameters: [...dateRange(), EMPLOYEE],
  rules: [ONE_YEAR_RANGE],
  columns: [
    text('EmployeeId'),
    text('EmployeeName', { width: 2 }),
    date('WorkDate'),
    text('TimeCardNo'),
    text('WorkOrderNo'),
    text('LotId'),
    text('WorkCodeId'),
    quantity('Hours', { total: true }),
    STATUS,
  ],
  ...groupedBy('EmployeeId', ['EmployeeId', 'EmployeeName'], ['WorkDate', 'TimeCardNo']),
});

export const employeeWorkdayReport: ReportDefinition = defineReport({
  name: 'pr-employee-workday',
  application: TE_APP,
  routes: route('/employee-workday-report'),
  titleKey: 'pr:labour.reports.employeeWorkday.title',
  parameters: [...dateRange(), EMPLOYEE],
  rules: [ONE_YEAR_RANGE],
  columns: [text('EmployeeId'), text('EmployeeName', { width: 2 }), date('WorkDate'), integer('Jobs'), integer('Cards'), quantity('Hours', { total: true })],
  ...groupedBy('EmployeeId', ['EmployeeId', 'EmployeeName'], ['WorkDate']),
});

export const generateWorkOrders: ProcessDefinition = defineProcess({
  name: 'pr-generate-work-orders',
  // §6: a user restricted to assigned customers gets the rows of records they may see (issue 68 item 2).
  records: { entity: 'te-lot', field: 'LotId' },
  application: TE_APP,
  routes: route('/generate-work-order'),
  titleKey: 'pr:labour.reports.generateWorkOrders.title',
  parameters: [
    lookup('SiteId', 'job-site', 10, { required: true }),
    lookup('ModelId', 'te-model', 12),
    { name: 'OrderDate', type: 'date', required: true, defaultValue: 'today', labelKey: 'pr:labour.reports.parameters.OrderDate' },
    { name: 'ServiceType', type: 'enum', required: true, defaultValue: 'Construction', options: options(SERVICE_TYPES, 'labour.serviceTypes'), labelKey: 'pr:labour.reports.parameters.ServiceType' },
  ],
  rules: [],
  columns: [text('LotId'), text('SiteId'), text('ModelId'), integer('Lines'), quantity('BudgetHours')],
  itemKey: 'LotId',
  itemLabel: 'LotId',
  maxItems: 1000,
  confirmKey: 'pr:labour.reports.generateWorkOrders.confirm',
});
