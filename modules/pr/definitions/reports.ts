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
 * employee and the summary), RL-1 report and slips (Québec employment), ROE (insurable earnings and hours by
 * pay period).
 */
import { defineProcess, type ProcessDefinition } from '@erp/shared/processes/define';
import { defineReport, type ReportColumnInput, type ReportDefinition } from '@erp/shared/reports/define';
import { groupedBy, ONE_YEAR_RANGE, reportParts } from '@erp/shared/reports/parts';
import { CHEQUE_STATUSES, options, PAYMENT_METHODS, PAYROLL_ONLY, PR_APP } from './common.ts';
import { ROE_REASON_CODES } from './roe.ts';

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

/** The pay run's steps work on the same transactions and cheques: one step at a time (issue 39). */
const PAY_RUN_LOCK = { scope: 'pr-pay-run' };

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
  lock: PAY_RUN_LOCK,
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
  columns: [integer('ChequeId', { hidden: true }), text('EmployeeId'), text('EmployeeName', { width: 1.6 }), text('PaymentMethod', { options: options(PAYMENT_METHODS, 'paymentMethods') }), ...PAY_COLUMNS],
  itemKey: 'ChequeId',
  itemLabel: 'EmployeeName',
  maxItems: 5000,
  confirmKey: 'pr:reports.paymentProcessing.confirm',
  roles: PAYROLL_ONLY,
  lock: PAY_RUN_LOCK,
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
  lock: PAY_RUN_LOCK,
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

/** The remitter types of the CRA (modules/pr/server/remitting.ts, which owns the periods and due dates). */
export const REMITTER_TYPES = ['Quarterly', 'Regular', 'Threshold1', 'Threshold2'] as const;

/**
 * Source-deduction remittance (issue 45 item 4, the PD7A's figures): one row per remitting period of the year for
 * the remitter type — its due date, the employees paid, gross payroll, what goes to the CRA (CPP and EI with the
 * employer's shares, income tax: federal, and the province's outside Québec) and to Revenu Québec (QPP with the
 * employer's share, QPIP both shares, Québec income tax), against what the payroll journals credited to the
 * liability accounts (G/L integration PR PENSION-, EI-, QPIP- and TAX-PAYABLE) in the period: a difference is a
 * pay not yet posted. Paid and posted cheques count, by pay date.
 */
export const remittanceReport: ReportDefinition = defineReport({
  name: 'pr-remittance',
  application: PR_APP,
  routes: route('/source-deductions-remittance'),
  titleKey: 'pr:reports.remittance.title',
  parameters: [
    YEAR,
    {
      name: 'RemitterType',
      type: 'enum',
      required: true,
      defaultValue: 'Regular',
      options: REMITTER_TYPES.map((value) => ({ value, labelKey: `pr:remitterTypes.${value}` })),
      labelKey: 'pr:reports.parameters.RemitterType',
    },
  ],
  rules: [],
  columns: [
    date('PeriodStart'),
    date('PeriodEnd'),
    date('DueDate'),
    integer('Employees'),
    money('Gross', { total: true }),
    money('Cpp', { total: true }),
    money('CppEmployer', { total: true }),
    money('Ei', { total: true }),
    money('EmployerEi', { total: true }),
    money('IncomeTax', { total: true }),
    money('CraTotal', { total: true }),
    money('QppTotal', { total: true }),
    money('QpipTotal', { total: true }),
    money('QuebecTax', { total: true }),
    money('RqTotal', { total: true }),
    money('Posted', { total: true }),
    money('Difference', { total: true }),
  ],
  defaultSort: [{ field: 'PeriodStart' }],
  orientation: 'landscape',
  roles: PAYROLL_ONLY,
});

/** The boxes printed on a slip, in order (24 and 26 always, 0 when none: DOMAIN-NOTES §1.7). */
export const SLIP_BOXES = ['14', '16', '16A', '17', '17A', '18', '20', '22', '24', '26', '44', '55', '56', '74', '75'] as const;
/** The boxes a slip prints even at 0 (24 and 26 must be filled in, DOMAIN-NOTES §1.7; 14 and 22 its totals); the others only with an amount. */
export const SLIP_ALWAYS: readonly string[] = ['14', '22', '24', '26'];
/** The boxes a slip's summary shows: its income and tax. */
export const SLIP_TOTALS: readonly string[] = ['14', '22'];

/**
 * The RL-1 (Revenu Québec's slip for Québec employment, DOMAIN-NOTES §1.10): A employment income, B.A QPP
 * (base and first additional), B.B QPP second additional, C EI, D RPP, E Québec income tax, F union dues, G QPP
 * pensionable salary, H QPIP premiums, I QPIP eligible salary (0 when none).
 */
export const RL1_BOXES = ['A', 'B.A', 'B.B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'] as const;
export const RL1_ALWAYS: readonly string[] = ['A', 'E', 'G', 'I'];
export const RL1_TOTALS: readonly string[] = ['A', 'E'];
/** A box's report column: `Box14`, `BoxBA`. */
export const boxField = (box: string) => `Box${box.replace('.', '')}`;

/**
 * A year's slip boxes, one row per employee (the T4 and RL-1 reports): the employee's id, name and SIN, then
 * `columns`.
 */
function yearSummary(name: string, path: string, title: string, columns: ReportColumnInput[]): ReportDefinition {
  return defineReport({
    name,
    application: PR_APP,
    routes: route(path),
    titleKey: `pr:reports.${title}.title`,
    parameters: [YEAR],
    rules: [],
    columns: [text('EmployeeId'), text('EmployeeName', { width: 1.6 }), text('Sin'), ...columns],
    defaultSort: [{ field: 'EmployeeId' }],
    orientation: 'landscape',
    roles: PAYROLL_ONLY,
  });
}

export const t4Report = yearSummary('pr-t4', '/t4-report', 't4', [
  text('Province'),
  ...SLIP_BOXES.map((box) => money(boxField(box), { total: true })),
  money('EmployerCpp', { total: true }),
  money('EmployerEi', { total: true }),
]);

/** The slip's address block and details (heading fields of each employee's document). */
const SLIP_ADDRESS = ['EmployeeName', 'Address', 'CityLine'];
const SLIP_INFO = ['Sin', 'Province', 'Year'];

/**
 * A year's slips, one document per employee (PDF per employee): its boxes with an amount, those `always` even at
 * 0; `totals`, the two boxes its summary shows (income, tax). Strings under `pr:reports.<labels>` and
 * `pr:<names>.<box>`.
 */
function slipsReport(name: string, path: string, labels: string, names: string, boxes: readonly string[], totals: readonly string[]): ReportDefinition {
  const totalFields = totals.map(boxField);
  return defineReport({
    name,
    application: PR_APP,
    routes: route(path),
    titleKey: `pr:reports.${labels}.title`,
    parameters: [YEAR, { ...EMPLOYEE }],
    rules: [],
    columns: [
      text('EmployeeId', { hidden: true }),
      ...SLIP_ADDRESS.map((field) => text(field, { hidden: true })),
      ...SLIP_INFO.map((field) => text(field, { hidden: true })),
      date('SlipDate', { hidden: true }),
      ...totalFields.map((field) => money(field, { hidden: true })),
      text('Box', { width: 0.5 }),
      text('Description', { width: 3, options: boxes.map((box) => ({ value: box, labelKey: `pr:${names}.${box}` })) }),
      money('Amount'),
      integer('Line', { hidden: true }),
    ],
    ...groupedBy('EmployeeId', ['EmployeeId', ...SLIP_ADDRESS, ...SLIP_INFO, 'SlipDate', ...totalFields], ['Line'], {
      document: {
        addressFields: SLIP_ADDRESS,
        recipientLabelKey: `pr:reports.${labels}.employee`,
        keyLabelKey: `pr:reports.${labels}.number`,
        dateField: 'SlipDate',
        dateLabelKey: `pr:reports.${labels}.date`,
        infoFields: SLIP_INFO,
        summaryFields: totalFields,
        summaryLabelKey: `pr:reports.${labels}.summary`,
      },
    }),
    roles: PAYROLL_ONLY,
  });
}

/** The T4 slips screen also writes the year's T4 return as CRA XML (issue 45; server/t4-file.ts). */
export const t4Slips: ReportDefinition = {
  ...slipsReport('pr-t4-slips', '/t4-slips', 't4Slips', 't4BoxNames', SLIP_BOXES, SLIP_TOTALS),
  files: [{ path: 'pr/t4-file', labelKey: 'pr:t4File.download', fileName: 'T4.xml' }],
};

export const rl1Report = yearSummary('pr-rl1', '/rl1-report', 'rl1', [
  ...RL1_BOXES.map((box) => money(boxField(box), { total: true })),
  money('EmployerQpp', { total: true }),
  money('EmployerQpip', { total: true }),
]);

/**
 * The RL-1 slips screen also writes the year's RL-1 slips as Revenu Québec XML (issue 45 item 2; server/rl1-file.ts)
 * and prints the RLZ-1.S summary of the slips filed (issue 68 item 8; server/rl1-summary.ts).
 */
export const rl1Slips: ReportDefinition = {
  ...slipsReport('pr-rl1-slips', '/rl1-slips', 'rl1Slips', 'rl1BoxNames', RL1_BOXES, RL1_TOTALS),
  files: [
    { path: 'pr/rl1-file', labelKey: 'pr:rl1File.download', fileName: 'RL-1.xml' },
    { path: 'pr/rl1-summary', labelKey: 'pr:rl1File.downloadSummary', fileName: 'RLZ-1.S.pdf' },
  ],
};

/**
 * The ROE screen: insurable hours and earnings by pay period (block 15C) up to the last day for which paid; it also
 * writes the Record of Employment as ROE Web payroll-extract XML (issue 45 item 3; server/roe-file.ts) with the
 * reason for issuing it (block 16), comments (18), the expected date of recall (14) and the serial of an ROE it
 * amends (2).
 */
export const roeReport: ReportDefinition = {
  ...defineReport({
    name: 'pr-roe',
    application: PR_APP,
    routes: route('/roe'),
    titleKey: 'pr:reports.roe.title',
    parameters: [
      { ...EMPLOYEE, required: true },
      { name: 'LastDay', type: 'date', required: true, defaultValue: 'today', labelKey: 'pr:reports.parameters.LastDay' },
      { name: 'ReasonCode', type: 'enum', required: true, defaultValue: 'A00', options: options(ROE_REASON_CODES, 'roeReasons'), labelKey: 'pr:reports.parameters.ReasonCode' },
      { name: 'RecallDate', type: 'date', labelKey: 'pr:reports.parameters.RecallDate' },
      { name: 'Comments', type: 'text', maxLength: 160, labelKey: 'pr:reports.parameters.Comments' },
      { name: 'AmendedSerial', type: 'text', maxLength: 9, labelKey: 'pr:reports.parameters.AmendedSerial' },
    ],
    rules: [],
    columns: [integer('PayPeriod'), date('PayDate'), quantity('InsurableHours', { total: true }), money('InsurableEarnings', { total: true }), money('Gross', { total: true })],
    defaultSort: [{ field: 'PayPeriod' }],
    roles: PAYROLL_ONLY,
  }),
  files: [{ path: 'pr/roe-file', labelKey: 'pr:roeFile.download', fileName: 'ROE.xml' }],
};

export const PR_REPORT_DEFINITIONS: readonly ReportDefinition[] = [employeeInquiry, yearToDateList, compensationReport, journalPrinting, t4Report, t4Slips, rl1Report, rl1Slips, roeReport];
