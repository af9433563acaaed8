/**
 * Cash disbursements (`ap-disbursement`, SCREENS.md AP-05, route `/novus-ap/cash-disbursements`; issue 24
 * item 2): a manual payment to one vendor — a hand-written cheque or a bank payment — applied to its open
 * documents. Tables `ap_disbursements`, `ap_disbursement_lines`.
 *
 * - Header: the vendor, the bank, the payment date (open for A/P), the amount paid, optionally the cheque
 *   number used (default: the bank's next; §8 "Cheque number has been used."), a reference.
 * - Lines: an open document of the vendor (its number, due date and balance are the server's), the payment and
 *   the discount taken — §5 "Payment plus discount cannot exceed the balance.".
 * - Remaining To Apply = Amount − Σ payments; §5 "Remaining To Apply must be zero." to post.
 * - States: Draft → Posted (asks first): the payment is written like a run's (a cheque in AP-04, cancellable;
 *   Dr A/P / Cr bank / Cr discounts taken; the documents' balances; modules/ap/server/disbursements.ts).
 */
import { MONEY } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';
import { editedWhile } from '@erp/shared/entities/posted-document';
import { AP, AP_ROLES, vendorLookup } from './common.ts';
import { invoicePaymentFields, paymentLineRules } from '../documents/payment/definition.ts';

const NAME = 'ap-disbursement';
const key = (part: string) => `${AP}:${NAME}.${part}`;
const lineLabel = (field: string) => `${AP}:ap-payment-batch.fields.Lines.fields.${field}`;

export const apDisbursement = defineEntity({
  name: NAME,
  namespace: AP,
  table: 'ap_disbursements',
  key: 'DisbursementId',
  keyKind: 'auto',
  numberField: 'DocumentNo',
  application: 'NOVUS-AP',
  fields: {
    DisbursementId: { type: 'integer', readOnly: true },
    DocumentNo: { type: 'text', maxLength: 30, readOnly: true },
    Status: { type: 'enum', readOnly: true, defaultValue: 'Draft', options: ['Draft', 'Posted'].map((value) => ({ value, labelKey: key(`statuses.${value}`) })) },
    VendorId: vendorLookup(),
    BankAccountId: { type: 'lookup', entity: 'bank-account', required: true, maxLength: 20, uppercase: true },
    PaymentDate: { type: 'date', required: true },
    Amount: { ...MONEY, required: true, min: '0', minKey: 'entities:validation.negative' },
    ChequeNo: { type: 'integer', min: 1, max: 99999999 },
    Reference: { type: 'text', maxLength: 30 },
    Applied: { ...MONEY, readOnly: true },
    RemainingToApply: { ...MONEY, readOnly: true },
    // Shown by the payment's number, never its key (issue 40 item 3).
    ChequeId: { type: 'lookup', entity: 'ap-cheque', valueType: 'integer', readOnly: true },
    Lines: {
      type: 'children',
      lines: true,
      labelKey: key('fields.Lines.label'),
      table: 'ap_disbursement_lines',
      parentColumn: 'disbursement_id',
      key: 'LineId',
      maxItems: 500,
      fields: {
        LineId: { type: 'integer', labelKey: lineLabel('LineId') },
        // The vendor's document, typed and shown by its number (the lookup's Number), stored by its key (issue 71 item 2).
        InvoiceId: { type: 'lookup', entity: 'ap-invoice', valueType: 'integer', whereFrom: { VendorId: 'VendorId' }, required: true, labelKey: lineLabel('InvoiceId') },
        ...invoicePaymentFields(lineLabel),
      },
    },
  },
  listColumns: ['DocumentNo', 'Status', 'PaymentDate', 'VendorId', 'BankAccountId', 'ChequeNo', { field: 'Amount', total: 'sum' }, { field: 'RemainingToApply', visible: false }, { field: 'Reference', visible: false }],
  defaultSort: [{ field: 'DisbursementId', descending: true }],
  filters: [
    { field: 'Status', op: 'eq' },
    { field: 'VendorId', op: 'eq' },
    { field: 'PaymentDate', op: 'range' },
  ],
  search: ['DocumentNo', 'VendorId', 'Reference'],
  roles: AP_ROLES,
  attachments: false,
  formLayout: {
    sections: [
      { rows: [['DocumentNo', 'Status'], ['VendorId', 'BankAccountId'], ['PaymentDate', 'Amount', 'ChequeNo'], ['Reference']] },
      { titleKey: key('sections.application'), rows: [['Applied', 'RemainingToApply', 'ChequeId']] },
    ],
  },
  states: editedWhile('Draft', [{ action: 'post', labelKey: key('actions.post'), from: ['Draft'], to: 'Posted', irreversible: true, confirmKey: key('confirm.post'), primary: true, hotkey: 'Alt+P' }]),
  rules: [paymentLineRules],
});
