/**
 * Payroll documents (issue 29 item 4; DOMAIN-NOTES §1.2 "pay-run audit"):
 * - `pr-transaction` (`/payroll-transaction`, and `/adjustment` for Kind Adjustment): one employee's pay input
 *   for a pay date — lines of a payroll code, hours × rate within bounds (only an adjustment's hours may be negative); "Add approved time
 *   cards" (Alt+T) takes the employee's approved, unpaid time cards as lines (TimeCardNo). Entered → Prepared
 *   (by cheque preparation) | Cancelled. Only an Entered transaction may be changed.
 * - `pr-cheque` (`/cheque-cancellation`): the pay of one employee for one pay date as cheque preparation
 *   computed it — gross, every deduction (CPP, CPP2 or QPP/QPP2, EI, QPIP, federal and provincial tax, union
 *   dues, other deductions), net, the employer's costs, and the inputs used (the T4127 edition, YTD before the
 *   pay), so it can be reproduced after the tables change. Prepared → Paid (cheque printed or deposit filed by
 *   payment processing) → Posted (journal posting) | Cancelled (§ cheque cancellation: a posted cheque is
 *   reversed through the posting service; its figures leave the year-to-date). Written by the server only.
 */
import { isNegative } from '@erp/shared/decimal';
import { defineEntity, type RuleIssue } from '@erp/shared/entities/define';
import { editedWhile } from '@erp/shared/entities/posted-document';
import {
  CHEQUE_STATUSES,
  MAX_HOURS,
  options,
  PAYMENT_METHODS,
  PR,
  PR_APP,
  PR_HOURS,
  PR_MONEY,
  PR_RATE,
  PR_ROLES,
  PROVINCES,
  TRANSACTION_KINDS,
  TRANSACTION_SEQUENCE,
  TRANSACTION_STATUSES,
} from './common.ts';

const line = (name: string) => ({ labelKey: `pr:pr-transaction.fields.Lines.fields.${name}` });

/**
 * A line's rate is an hourly rate or, for a code paid by the unit (a bonus, retroactive pay, a deduction: 1 × the amount),
 * the amount of one unit — so up to 99,999.9999, ten times the highest hourly rate. Hours (at most a month's, 744) times
 * that rate stays a figure one payment carries; several such lines are refused by cheque preparation (payrun.ts).
 */
const MAX_LINE_RATE = '99999.9999';

/**
 * Negative hours take back what a pay gave (an overpayment): an adjustment's only (issue 39 item 4). A rule of the
 * definition, so the form says it as the user types and the server again at save.
 */
export function transactionRules(record: Readonly<Record<string, unknown>>): RuleIssue[] {
  if (record['Kind'] === 'Adjustment') return [];
  const lines = Array.isArray(record['Lines']) ? (record['Lines'] as Record<string, unknown>[]) : [];
  return lines.flatMap((row, index) => (typeof row['Hours'] === 'string' && isNegative(row['Hours']) ? [{ field: `Lines[${index}].Hours`, key: 'pr:rules.negativeHours' }] : []));
}

export const prTransaction = defineEntity({
  name: 'pr-transaction',
  namespace: PR,
  table: 'pr_transactions',
  key: 'TransactionId',
  keyKind: 'auto',
  application: PR_APP,
  fields: {
    TransactionId: { type: 'integer', readOnly: true },
    TransactionNo: { type: 'text', maxLength: 20, readOnly: true },
    EmployeeId: { type: 'lookup', entity: 'pr-employee', uppercase: true, maxLength: 10, required: true, where: { Status: 'Active' } },
    PayDate: { type: 'date', required: true },
    Kind: { type: 'enum', required: true, defaultValue: 'Regular', options: options(TRANSACTION_KINDS, 'transactionKinds') },
    Status: { type: 'enum', required: true, defaultValue: 'Entered', options: options(TRANSACTION_STATUSES, 'transactionStatuses') },
    ChequeId: { type: 'integer', readOnly: true },
    Notes: { type: 'text', maxLength: 200 },
    Gross: { ...PR_MONEY, readOnly: true },
    Lines: {
      type: 'children',
      lines: true,
      labelKey: 'pr:pr-transaction.fields.Lines.label',
      table: 'pr_transaction_lines',
      parentColumn: 'transaction_id',
      key: 'LineId',
      maxItems: 50,
      fields: {
        LineId: { type: 'integer', ...line('LineId') },
        CodeId: { type: 'lookup', entity: 'pr-code', uppercase: true, required: true, maxLength: 10, activeOnly: true, ...line('CodeId') },
        Hours: { ...PR_HOURS, required: true, min: `-${MAX_HOURS}`, max: MAX_HOURS, defaultValue: '0.0000', ...line('Hours') },
        Rate: { ...PR_RATE, required: true, min: '0', max: MAX_LINE_RATE, ...line('Rate') },
        Amount: { ...PR_MONEY, readOnly: true, ...line('Amount') },
        // The approved time card this line pays (issue 29 item 6: approved time is payroll input).
        TimeCardNo: { type: 'text', maxLength: 20, uppercase: true, ...line('TimeCardNo') },
      },
      // The employee's approved time cards not yet paid (modules/pr/server/labour/payroll-input.ts).
      sources: [
        { id: 'time-cards', labelKey: 'pr:pr-transaction.sources.timeCards', hotkey: 'Alt+T', field: 'EmployeeId', path: 'pr/time-card-lines', quantity: 'Hours', unique: 'TimeCardNo' },
      ],
    },
  },
  computed: {
    'Lines.Amount': { op: 'mul', args: ['Hours', 'Rate'] },
    Gross: { op: 'sum', collection: 'Lines', field: 'Amount' },
  },
  rules: [transactionRules],
  numbering: { sequence: TRANSACTION_SEQUENCE, field: 'TransactionNo', prefix: 'PT' },
  states: editedWhile('Entered', [{ action: 'cancel', labelKey: 'pr:pr-transaction.actions.cancel', from: ['Entered'], to: 'Cancelled', irreversible: true, voids: true, confirmKey: 'pr:pr-transaction.confirm.cancel' }]),
  listColumns: [{ field: 'TransactionId', visible: false }, 'TransactionNo', 'EmployeeId', 'PayDate', 'Kind', 'Status', 'Gross', 'ChequeId', 'Notes'],
  defaultSort: [{ field: 'PayDate', descending: true }, { field: 'TransactionNo' }],
  filters: [
    { field: 'Status', op: 'eq' },
    { field: 'Kind', op: 'eq' },
    { field: 'EmployeeId', op: 'eq' },
    { field: 'PayDate', op: 'range' },
  ],
  search: ['TransactionNo', 'EmployeeId'],
  indexes: [['PayDate', 'Status'], ['EmployeeId', 'PayDate']],
  roles: PR_ROLES,
  attachments: false,
  routeViews: {
    kind: {
      Adjustment: { filters: { 'filter.Kind': 'Adjustment' }, defaults: { Kind: 'Adjustment' }, titleKey: 'pr:pr-transaction.screen.adjustmentTitle' },
    },
  },
  formLayout: { sections: [{ rows: [['TransactionNo', 'Status', 'Kind'], ['EmployeeId', 'PayDate', 'Gross'], ['Notes']] }] },
});

const AMOUNT = { ...PR_MONEY, readOnly: true };

export const prCheque = defineEntity({
  name: 'pr-cheque',
  namespace: PR,
  table: 'pr_cheques',
  key: 'ChequeId',
  keyKind: 'auto',
  numberField: 'ChequeNo',
  application: PR_APP,
  fields: {
    ChequeId: { type: 'integer', readOnly: true },
    EmployeeId: { type: 'lookup', entity: 'pr-employee', uppercase: true, maxLength: 10, readOnly: true },
    EmployeeName: { type: 'text', maxLength: 90, readOnly: true },
    PayDate: { type: 'date', readOnly: true },
    Province: { type: 'enum', readOnly: true, options: options(PROVINCES, 'provinces') },
    Status: { type: 'enum', required: true, defaultValue: 'Prepared', options: options(CHEQUE_STATUSES, 'chequeStatuses') },
    PaymentMethod: { type: 'enum', readOnly: true, options: options(PAYMENT_METHODS, 'paymentMethods') },
    BankAccountId: { type: 'text', maxLength: 20, readOnly: true },
    ChequeNo: { type: 'integer', readOnly: true },
    Hours: { ...PR_HOURS, readOnly: true },
    InsurableHours: { ...PR_HOURS, readOnly: true },
    Gross: AMOUNT,
    Taxable: AMOUNT,
    Pensionable: AMOUNT,
    Insurable: AMOUNT,
    Cpp: AMOUNT,
    Cpp2: AMOUNT,
    Qpp: AMOUNT,
    Qpp2: AMOUNT,
    Ei: AMOUNT,
    Qpip: AMOUNT,
    FederalTax: AMOUNT,
    ProvincialTax: AMOUNT,
    UnionDues: AMOUNT,
    OtherDeductions: AMOUNT,
    Rpp: AMOUNT,
    Net: AMOUNT,
    EmployerCpp: AMOUNT,
    EmployerEi: AMOUNT,
    EmployerQpip: AMOUNT,
    EmployerWsib: AMOUNT,
    EmployerUnion: AMOUNT,
    WsibInsurable: AMOUNT,
    // The annual income the pay's non-periodic earnings added (B − F5B, T4127's bonus method); the year's sum is
    // the next bonus's B1.
    NonPeriodic: AMOUNT,
    Edition: { type: 'date', readOnly: true },
    // The posting's G/L batch: the ledger finds the posting by this document's number (issue 40 item 3).
    JournalId: { type: 'integer', readOnly: true, internal: true },
    DepositFileId: { type: 'integer', readOnly: true },
    Inputs: { type: 'text', maxLength: 4000, readOnly: true, format: 'multiline' },
  },
  states: {
    field: 'Status',
    initial: 'Prepared',
    editable: [],
    deletable: [],
    transitions: [
      { action: 'cancel', labelKey: 'pr:pr-cheque.actions.cancel', from: ['Prepared', 'Paid', 'Posted'], to: 'Cancelled', irreversible: true, voids: true, confirmKey: 'pr:pr-cheque.confirm.cancel', primary: true },
    ],
  },
  listColumns: [
    { field: 'ChequeId', visible: false },
    'PayDate',
    'EmployeeId',
    { field: 'EmployeeName', width: 200 },
    'Status',
    'PaymentMethod',
    'ChequeNo',
    'Gross',
    'Cpp',
    'Cpp2',
    'Qpp',
    'Ei',
    'Qpip',
    'FederalTax',
    'ProvincialTax',
    'UnionDues',
    'Net',
    'JournalId',
  ],
  defaultSort: [{ field: 'PayDate', descending: true }, { field: 'EmployeeId' }],
  filters: [
    { field: 'Status', op: 'eq' },
    { field: 'EmployeeId', op: 'eq' },
    { field: 'PayDate', op: 'range' },
    { field: 'ChequeNo', op: 'eq' },
  ],
  search: ['EmployeeId', 'EmployeeName'],
  indexes: [['PayDate', 'Status'], ['EmployeeId', 'PayDate']],
  // A cheque number is issued once per bank account (issue 39: numbers under a unique constraint).
  uniques: [['BankAccountId', 'ChequeNo']],
  roles: PR_ROLES,
  attachments: false,
  formLayout: {
    sections: [
      { rows: [['ChequeId', 'Status', 'PayDate'], ['EmployeeId', 'EmployeeName', 'Province'], ['PaymentMethod', 'BankAccountId', 'ChequeNo'], ['Hours', 'InsurableHours', 'Edition']] },
      { titleKey: 'pr:pr-cheque.sections.earnings', rows: [['Gross', 'Taxable'], ['Pensionable', 'Insurable'], ['NonPeriodic']] },
      { titleKey: 'pr:pr-cheque.sections.deductions', rows: [['Cpp', 'Cpp2', 'Qpp', 'Qpp2'], ['Ei', 'Qpip', 'Rpp'], ['FederalTax', 'ProvincialTax'], ['UnionDues', 'OtherDeductions', 'Net']] },
      { titleKey: 'pr:pr-cheque.sections.employer', rows: [['EmployerCpp', 'EmployerEi', 'EmployerQpip'], ['EmployerWsib', 'WsibInsurable', 'EmployerUnion'], ['JournalId'], ['Inputs']] },
    ],
  },
});
