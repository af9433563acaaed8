/**
 * Payment runs (`ap-payment-batch`, SCREENS.md AP-02 "Payments queue", route `/novus-ap/ap-payments-queue`;
 * issue 24 item 2; DOMAIN-NOTES §4.2, §4.6). Tables `ap_payment_batches`, `ap_payment_batch_lines`.
 *
 * - Header: the bank paid from, the method (cheques, or one CPA 005 EFT file), the pay-through date (invoices
 *   due by then are offered), the payment date (its period must be open for A/P), optionally one vendor.
 * - `select` (Open): fills the lines with every Posted document due by the pay-through date — or whose
 *   discount is still available on the payment date — of the bank's currency, not on hold and not in another
 *   open run, discount-eligible first; each line pays the balance less the discount available on the payment
 *   date. Lines may be removed or lowered (partial payments).
 * - §5 "Payment plus discount cannot exceed the balance." on every save and again when paid; the discount
 *   cannot exceed what the terms allow on the payment date.
 * - `approve` (Open → Approved), `reopen` (Approved → Open); `print` (Approved → Printed): one payment per
 *   vendor — cheques numbered from the bank's next cheque number (the action's StartingChequeNo may name
 *   another; a used number answers §8 "Cheque number has been used."), or one EFT file with the next file
 *   creation number — each posted Dr A/P / Cr bank / Cr discounts taken (modules/ap/documents/payment/server/payments.ts).
 *   The cheques' PDF and the EFT file are downloaded from the run (modules/ap/server/routes.ts); the paid run's
 *   remittance advice prints and, for a run of one vendor, is e-mailed to it (issue 71 item 2).
 */
import { MONEY } from '@erp/shared/entities/common';
import { defineEntity, type RuleIssue } from '@erp/shared/entities/define';
import { editedWhile } from '@erp/shared/entities/posted-document';
import { AP, AP_BATCH_STATES, AP_ROLES, PAYMENT_METHODS } from '../../definitions/common.ts';

const NAME = 'ap-payment-batch';
const key = (part: string) => `${AP}:${NAME}.${part}`;
const lineLabel = (field: string) => key(`fields.Lines.fields.${field}`);

/**
 * What a payment line shows of the invoice it pays and takes of it (a run's line, a manual cheque's line):
 * `label` names each field as the entity's line labels do.
 */
export function invoicePaymentFields(label: (field: string) => string) {
  return {
    DocumentNo: { type: 'text', maxLength: 30, readOnly: true, labelKey: label('DocumentNo') },
    VendorDocNo: { type: 'text', maxLength: 30, readOnly: true, labelKey: label('VendorDocNo') },
    DueDate: { type: 'date', readOnly: true, labelKey: label('DueDate') },
    Balance: { ...MONEY, readOnly: true, labelKey: label('Balance') },
    Discount: { ...MONEY, min: '0', minKey: 'entities:validation.negative', labelKey: label('Discount') },
    Payment: { ...MONEY, required: true, min: '0', minKey: 'entities:validation.negative', labelKey: label('Payment') },
  } as const;
}

/** §5 "Payment plus discount cannot exceed the balance." per line (browser and server). */
export function paymentLineRules(record: Readonly<Record<string, unknown>>): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const lines = Array.isArray(record['Lines']) ? (record['Lines'] as Record<string, unknown>[]) : [];
  lines.forEach((line, index) => {
    const balance = Number(line['Balance'] ?? 'NaN');
    const paid = Number(line['Payment'] ?? 0) + Number(line['Discount'] ?? 0);
    // Cents as integers: no binary rounding decides a refusal.
    if (Number.isFinite(balance) && Math.round(paid * 100) > Math.round(balance * 100)) {
      issues.push({ field: `Lines[${index}].Payment`, key: key('rules.paymentPlusDiscount'), params: { balance: String(line['Balance']) } });
    }
  });
  return issues;
}

export const apPaymentBatch = defineEntity({
  name: NAME,
  namespace: AP,
  table: 'ap_payment_batches',
  key: 'BatchId',
  keyKind: 'auto',
  numberField: 'BatchNo',
  // Issue 40 item 4: the documents made from this one, and the screen that opens it (the Related panel).
  related: [{ entity: 'ap-cheque', field: 'BatchId' }],
  screen: '/novus-ap/ap-payments-queue',
  application: 'NOVUS-AP',
  fields: {
    BatchId: { type: 'integer', readOnly: true },
    BatchNo: { type: 'text', maxLength: 20, readOnly: true },
    Status: { type: 'enum', readOnly: true, defaultValue: 'Open', options: AP_BATCH_STATES.map((value) => ({ value, labelKey: key(`statuses.${value}`) })) },
    BankAccountId: { type: 'lookup', entity: 'bank-account', required: true, maxLength: 20, uppercase: true },
    PaymentMethod: { type: 'enum', required: true, defaultValue: 'Cheque', options: PAYMENT_METHODS.map((value) => ({ value, labelKey: key(`methods.${value}`) })) },
    PayThroughDate: { type: 'date', required: true },
    PaymentDate: { type: 'date', required: true },
    VendorId: { type: 'lookup', entity: 'firm', maxLength: 20, uppercase: true, where: { FirmTypes: 'vendor' }, whereKeys: { FirmTypes: `${AP}:ap-invoice.rules.notVendor` } },
    Total: { ...MONEY, readOnly: true },
    DiscountTotal: { ...MONEY, readOnly: true },
    FirstChequeNo: { type: 'integer', readOnly: true },
    LastChequeNo: { type: 'integer', readOnly: true },
    EftFileNo: { type: 'integer', readOnly: true },
    Lines: {
      type: 'children',
      lines: true,
      labelKey: key('fields.Lines.label'),
      table: 'ap_payment_batch_lines',
      parentColumn: 'batch_id',
      key: 'LineId',
      maxItems: 5000,
      fields: {
        LineId: { type: 'integer', labelKey: lineLabel('LineId') },
        InvoiceId: { type: 'integer', required: true, internal: true, labelKey: lineLabel('InvoiceId') },
        VendorId: { type: 'text', maxLength: 20, readOnly: true, labelKey: lineLabel('VendorId') },
        ...invoicePaymentFields(lineLabel),
      },
    },
  },
  listColumns: ['BatchNo', 'Status', 'BankAccountId', 'PaymentMethod', 'PayThroughDate', 'PaymentDate', { field: 'Total', total: 'sum' }, { field: 'DiscountTotal', visible: false }, { field: 'FirstChequeNo', visible: false }],
  defaultSort: [{ field: 'BatchId', descending: true }],
  filters: [
    { field: 'Status', op: 'eq' },
    { field: 'BankAccountId', op: 'eq' },
    { field: 'PaymentDate', op: 'range' },
  ],
  // Issue 40 item 5: a new run's bank (the only one) and dates (today): modules/ap/documents/payment/server/payments.ts `defaults`.
  defaults: { new: ['BankAccountId', 'PaymentDate', 'PayThroughDate'] },
  search: ['BatchNo'],
  roles: AP_ROLES,
  attachments: false,
  // Issue 71 item 2: once paid, the run's remittance advice (each payment's, reports.ts `ap-remittance-advice` by
  // BatchId) prints (Ctrl+P) and is e-mailed (Ctrl+Shift+E) from the run itself — to its vendor, a run for one vendor.
  print: { report: 'ap-remittance-advice', parameter: 'BatchId', states: ['Printed'] },
  email: { template: 'REMITTANCE', to: 'VendorId', values: { PaymentNo: 'FirstChequeNo', DocumentDate: 'PaymentDate', Amount: 'Total' } },
  formLayout: {
    sections: [
      { rows: [['BatchNo', 'Status'], ['BankAccountId', 'PaymentMethod'], ['PayThroughDate', 'PaymentDate', 'VendorId']] },
      { titleKey: key('sections.totals'), afterLines: true, rows: [['Total', 'DiscountTotal'], ['FirstChequeNo', 'LastChequeNo', 'EftFileNo']] },
    ],
  },
  states: editedWhile('Open', [
    // Issue 40 item 6: every step of the run has its key (select, approve, pay), so the day is done by keyboard.
    { action: 'select', labelKey: key('actions.select'), from: ['Open'], to: null, hotkey: 'Alt+S' },
    { action: 'approve', labelKey: key('actions.approve'), from: ['Open'], to: 'Approved', irreversible: true, confirmKey: key('confirm.approve'), primary: true, hotkey: 'Alt+A' },
    { action: 'reopen', labelKey: key('actions.reopen'), from: ['Approved'], to: 'Open' },
    { action: 'print', labelKey: key('actions.print'), from: ['Approved'], to: 'Printed', irreversible: true, confirmKey: key('confirm.print'), primary: true, hotkey: 'Alt+P' },
  ]),
  rules: [paymentLineRules],
  // Issue 71 item 2: the totals the save computes (checkLines) follow the lines as they are edited or removed.
  derived: {
    Total: { op: 'sum', collection: 'Lines', field: 'Payment' },
    DiscountTotal: { op: 'sum', collection: 'Lines', field: 'Discount' },
  },
});
