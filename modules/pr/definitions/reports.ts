/**
 * Payroll processes and reports (issue 29 items 4–5; queries and runs in modules/pr/server/processes.ts and
 * reports.ts; strings `pr:reports.…`). Every one is the payroll role's only (`roles`), whoever else opens the
 * application.
 *
 * Processes (the pay run, in order):
 * - `pr-cheque-preparation` (`/cheque-preparation`): the employees with Entered transactions on the pay date;
 *   the run computes each one's pay (every deduction) into a Prepared cheque.
 * - `pr-payment-processing` (`/payment-processing`): the Prepared cheques of the pay date — one row per employee
 *   with gross, every deduction and net (the preview of the run); the run numbers the cheques and writes the
 *   direct deposits' CPA-005 file.
 * - `pr-journal-posting` (`/journal-posting`): the pay dates with Paid cheques; the run posts each as one journal.
 * - `pr-hourly-rate-update` (`/hourly-rate-update`): hourly employees (of a union level, or all); the run raises
 *   each rate by a percentage and/or an amount.
 * - `pr-year-end` (`/year-end`): the year's figures; the run closes the payroll year (after the T4s).
 * Reports: employee inquiry, year-to-date list, compensation, journal printing, T4 report, T4 slips (PDF per
 * employee and the summary), ROE (insurable earnings and hours by pay period).
 */
import { defineProcess, type ProcessDefinition } from '@erp/shared/processes/define';
import { defineReport, type ReportDefinition } from '@erp/shared/reports/define';
import { groupedBy, ONE_YEAR_RANGE, reportParts } from '@erp/shared/reports/parts';
import { CHEQUE_STATUSES, options, PAYROLL_ONLY, PR_APP } from './common.ts';

const { date, dateRange, integer, lookup, money, quantity, text } = reportParts('pr:reports');
const route = (path: string) => [{ application: PR_APP, path }];
const PAY_DATE = { name: 'PayDate', type: 'date' as const, required: true, defaultValue: 'today', labelKey: 'pr:reports.parameters.PayDate' };
const YEAR = { name: 'Year', type: 'integer' as const, required: true, min: 2000, max: 2100, defaultValue: 'fiscalYear' as const, labelKey: 'pr:reports.parameters.Year' };
const EMPLOYEE = lookup('EmployeeId', 'pr-employee', 10);
const STATUS = options(CHEQUE_STATUSES, 'chequeStatuses');

/** Gross, every deduction and net: the columns of a pay (payment processing's preview, the inquiry). */
const PAY_COLUMNS = [
  money('Gross', { total: true }),
  money('Cpp', { total: true }),
  money('Cpp2', { total: true }),
  money('Qpp', { total: true }),
  money('Qpp2', { total: true }),
  money('Ei', { total: true }),
  money('Qpip', { total: true }),
  money('FederalTax', { total: true }),
  money('ProvincialTax', { total: true }),
  money('UnionDues', { total: true }),
  money('OtherDeductions', { total: true }),
  money('Net', { total: true }),
];

export const chequePreparation: ProcessDefinition = defineProcess({
  name: 'pr-cheque-preparation',
  application: PR_APP,
  routes: route('/cheque-preparation'),
  titleKey: 'pr:reports.chequePreparation.title',
  parameters: [PAY_DATE],
  rules: [],
  columns: [text('EmployeeId'), text('EmployeeName', { width: 1.6 }), text('TaxProvince'), integer('Transactions'), quantity('Hours', { total: true }), money('Gross', { total: true })],
  itemKey: 'EmployeeId',
  itemLabel: 'EmployeeName',
  maxItems: 5000,
  confirmKey: 'pr:reports.chequePreparation.confirm',
  roles: PAYROLL_ONLY,
  bulk: true,
});

export const paymentProcessing: ProcessDefinition = defineProcess({
  name: 'pr-payment-processing',
  application: PR_APP,
  routes: route('/payment-processing'),
  titleKey: 'pr:reports.paymentProcessing.title',
  parameters: [
    PAY_DATE,
    { name: 'BankAccountId', type: 'lookup', entity: 'bank-account', required: true, maxLength: 20, labelKey: 'pr:reports.parameters.BankAccountId' },
    { name: 'FirstChequeNo', type: 'integer', required: true, min: 1, max: 99999999, labelKey: 'pr:reports.parameters.FirstChequeNo' },
  ],
  rules: [],
  columns: [integer('ChequeId', { hidden: true }), text('EmployeeId'), text('EmployeeName', { width: 1.6 }), text('PaymentMethod'), ...PAY_COLUMNS],
  itemKey: 'ChequeId',
  itemLabel: 'EmployeeName',
  maxItems: 5000,
  confirmKey: 'pr:reports.paymentProcessing.confirm',
  roles: PAYROLL_ONLY,
  bulk: true,
});

export const journalPosting: ProcessDefinition = defineProcess({
  name: 'pr-journal-posting',
  application: PR_APP,
  routes: route('/journal-posting'),
  titleKey: 'pr:reports.journalPosting.title',
  parameters: [{ ...PAY_DATE, name: 'PayDateTo', labelKey: 'pr:reports.parameters.PayDateTo' }],
  rules: [],
  columns: [date('PayDate'), integer('Cheques'), money('Gross', { total: true }), money('Net', { total: true })],
  itemKey: 'PayDate',
  itemLabel: 'PayDate',
  maxItems: 500,
  confirmKey: 'pr:reports.journalPosting.confirm',
  roles: PAYROLL_ONLY,
});

export const hourlyRateUpdate: ProcessDefinition = defineProcess({
  name: 'pr-hourly-rate-update',
  application: PR_APP,
  routes: route('/hourly-rate-update'),
  titleKey: 'pr:reports.hourlyRateUpdate.title',
  parameters: [
    lookup('UnionLevelId', 'pr-union-level', 12),
    { name: 'Percent', type: 'text', maxLength: 12, labelKey: 'pr:reports.parameters.Percent' },
    { name: 'Amount', type: 'text', maxLength: 12, labelKey: 'pr:reports.parameters.Amount' },
  ],
  rules: [],
  columns: [text('EmployeeId'), text('EmployeeName', { width: 1.6 }), text('UnionLevelId'), money('HourlyRate')],
  itemKey: 'EmployeeId',
  itemLabel: 'EmployeeName',
  maxItems: 5000,
  confirmKey: 'pr:reports.hourlyRateUpdate.confirm',
  roles: PAYROLL_ONLY,
});

export const yearEnd: ProcessDefinition = defineProcess({
  name: 'pr-year-end',
  application: PR_APP,
  routes: route('/year-end'),
  titleKey: 'pr:reports.yearEnd.title',
  parameters: [YEAR],
  rules: [],
  columns: [integer('Year'), integer('Cheques'), integer('Unposted'), money('Gross', { total: true })],
  itemKey: 'Year',
  itemLabel: 'Year',
  maxItems: 1,
  confirmKey: 'pr:reports.yearEnd.confirm',
  roles: PAYROLL_ONLY,
});

export const PR_PROCESS_DEFINITIONS: readonly ProcessDefinition[] = [chequePreparation, paymentProcessing, journalPosting, hourlyRateUpdate, yearEnd];

export const employeeInquiry: ReportDefinition = defineReport({
  name: 'pr-employee-inquiry',
  application: PR_APP,
  routes: route('/employee-inquiry'),
  titleKey: 'pr:reports.employeeInquiry.title',
  parameters: [{ ...EMPLOYEE, required: true }, ...dateRange()],
  rules: [ONE_YEAR_RANGE],
  columns: [date('PayDate'), integer('ChequeNo'), text('Status', { options: STATUS }), quantity('Hours', { total: true }), ...PAY_COLUMNS, integer('ChequeId', { hidden: true })],
  defaultSort: [{ field: 'PayDate' }, { field: 'ChequeId' }],
  orientation: 'landscape',
  roles: PAYROLL_ONLY,
});

export const yearToDateList: ReportDefinition = defineReport({
  name: 'pr-year-to-date',
  application: PR_APP,
  routes: route('/year-to-date-list'),
  titleKey: 'pr:reports.yearToDate.title',
  parameters: [YEAR],
  rules: [],
  columns: [text('EmployeeId'), text('EmployeeName', { width: 1.6 }), text('Province'), integer('Cheques'), ...PAY_COLUMNS],
  defaultSort: [{ field: 'EmployeeId' }],
  orientation: 'landscape',
  roles: PAYROLL_ONLY,
});

export const compensationReport: ReportDefinition = defineReport({
  name: 'pr-compensation',
  application: PR_APP,
  routes: route('/compensation-report'),
  titleKey: 'pr:reports.compensation.title',
  parameters: [...dateRange()],
  rules: [ONE_YEAR_RANGE],
  columns: [
    text('EmployeeId'),
    text('EmployeeName', { width: 1.6 }),
    quantity('Hours', { total: true }),
    money('Gross', { total: true }),
    money('EmployerCpp', { total: true }),
    money('EmployerEi', { total: true }),
    money('EmployerQpip', { total: true }),
    money('EmployerWsib', { total: true }),
    money('EmployerUnion', { total: true }),
    money('TotalCost', { total: true }),
  ],
  defaultSort: [{ field: 'EmployeeId' }],
  orientation: 'landscape',
  roles: PAYROLL_ONLY,
});

export const journalPrinting: ReportDefinition = defineReport({
  name: 'pr-journal',
  application: PR_APP,
  routes: route('/journal-printing'),
  titleKey: 'pr:reports.journal.title',
  parameters: [...dateRange()],
  rules: [ONE_YEAR_RANGE],
  columns: [integer('JournalId'), date('EntryDate'), text('DocumentNo'), text('AccountId'), text('AccountName', { width: 1.6 }), money('Debit', { total: true }), money('Credit', { total: true }), integer('EntryId', { hidden: true })],
  ...groupedBy('JournalId', ['JournalId'], ['EntryId']),
  roles: PAYROLL_ONLY,
});

/** The T4 boxes (DOMAIN-NOTES §1.7) as report columns. */
const T4_COLUMNS = [
  money('Box14', { total: true }),
  money('Box16', { total: true }),
  money('Box16A', { total: true }),
  money('Box17', { total: true }),
  money('Box17A', { total: true }),
  money('Box18', { total: true }),
  money('Box20', { total: true }),
  money('Box22', { total: true }),
  money('Box24', { total: true }),
  money('Box26', { total: true }),
  money('Box44', { total: true }),
  money('Box55', { total: true }),
  money('Box56', { total: true }),
  money('Box74', { total: true }),
  money('Box75', { total: true }),
];

export const t4Report: ReportDefinition = defineReport({
  name: 'pr-t4',
  application: PR_APP,
  routes: route('/t4-report'),
  titleKey: 'pr:reports.t4.title',
  parameters: [YEAR],
  rules: [],
  columns: [text('EmployeeId'), text('EmployeeName', { width: 1.6 }), text('Sin'), text('Province'), ...T4_COLUMNS, money('EmployerCpp', { total: true }), money('EmployerEi', { total: true })],
  defaultSort: [{ field: 'EmployeeId' }],
  orientation: 'landscape',
  roles: PAYROLL_ONLY,
});

/** The boxes printed on a slip, in order (24 and 26 always, 0 when none: DOMAIN-NOTES §1.7). */
export const SLIP_BOXES = ['14', '16', '16A', '17', '17A', '18', '20', '22', '24', '26', '44', '55', '56', '74', '75'] as const;
/** The boxes a slip prints even at 0 (24 and 26 must be filled in, DOMAIN-NOTES §1.7; 14 and 22 its totals); the others only with an amount. */
export const SLIP_ALWAYS: readonly string[] = ['14', '22', '24', '26'];

/** The slip's address block and details (heading fields of each employee's document). */
const SLIP_FIELDS = { address: ['EmployeeName', 'Address', 'CityLine'], info: ['Sin', 'Province', 'Year'], totals: ['Box14', 'Box22'] };

export const t4Slips: ReportDefinition = defineReport({
  name: 'pr-t4-slips',
  application: PR_APP,
  routes: route('/t4-slips'),
  titleKey: 'pr:reports.t4Slips.title',
  parameters: [YEAR, { ...EMPLOYEE }],
  rules: [],
  columns: [
    text('EmployeeId', { hidden: true }),
    ...SLIP_FIELDS.address.map((field) => text(field, { hidden: true })),
    text('Sin', { hidden: true }),
    text('Province', { hidden: true }),
    text('Year', { hidden: true }),
    date('SlipDate', { hidden: true }),
    money('Box14', { hidden: true }),
    money('Box22', { hidden: true }),
    text('Box', { width: 0.5 }),
    text('Description', { width: 3, options: SLIP_BOXES.map((box) => ({ value: box, labelKey: `pr:t4BoxNames.${box}` })) }),
    money('Amount'),
    integer('Line', { hidden: true }),
  ],
  ...groupedBy('EmployeeId', ['EmployeeId', ...SLIP_FIELDS.address, ...SLIP_FIELDS.info, 'SlipDate', ...SLIP_FIELDS.totals], ['Line'], {
    document: {
      addressFields: SLIP_FIELDS.address,
      recipientLabelKey: 'pr:reports.t4Slips.employee',
      keyLabelKey: 'pr:reports.t4Slips.number',
      dateField: 'SlipDate',
      dateLabelKey: 'pr:reports.t4Slips.date',
      infoFields: SLIP_FIELDS.info,
      summaryFields: SLIP_FIELDS.totals,
      summaryLabelKey: 'pr:reports.t4Slips.summary',
    },
  }),
  roles: PAYROLL_ONLY,
});

export const roeReport: ReportDefinition = defineReport({
  name: 'pr-roe',
  application: PR_APP,
  routes: route('/roe'),
  titleKey: 'pr:reports.roe.title',
  parameters: [{ ...EMPLOYEE, required: true }, { name: 'LastDay', type: 'date', required: true, defaultValue: 'today', labelKey: 'pr:reports.parameters.LastDay' }],
  rules: [],
  columns: [integer('PayPeriod'), date('PayDate'), quantity('InsurableHours', { total: true }), money('InsurableEarnings', { total: true }), money('Gross', { total: true })],
  defaultSort: [{ field: 'PayPeriod' }],
  roles: PAYROLL_ONLY,
});

export const PR_REPORT_DEFINITIONS: readonly ReportDefinition[] = [employeeInquiry, yearToDateList, compensationReport, journalPrinting, t4Report, t4Slips, roeReport];
