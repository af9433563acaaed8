/**
 * Cheques and EFT payments (`ap-cheque`, SCREENS.md AP-04 "Cheque cancellation", route
 * `/novus-ap/cheque-cancellation`; spec §4 Cheque; issue 24 item 3). Table `ap_cheques`, written only by
 * payment runs (modules/ap/documents/payment/server/payments.ts): the screen lists them and cancels.
 *
 * §4: only an Open cheque can be cancelled — not one the bank reconciliation cleared (its bank entry marked
 * cleared: Cleared) — with a cancel date (in an open A/P period, not before the cheque) and a reason, both
 * required; the number stays used. Cancelling posts Dr bank / Cr A/P in the cancel date's period and reopens
 * the invoices it paid (modules/ap/server/cheques.ts). CancelDate and CancelReason are the only fields a user
 * writes, and only while the cheque is Open.
 *
 * Its remittance advice (issue 40 item 4) prints (Ctrl+P) and is e-mailed to the vendor (Ctrl+Shift+E) from its form.
 */
import { MONEY } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';
import { AP, AP_ROLES, CHEQUE_STATES, PAYMENT_METHODS } from './common.ts';

const NAME = 'ap-cheque';
const key = (part: string) => `${AP}:${NAME}.${part}`;

export const apCheque = defineEntity({
  name: NAME,
  namespace: AP,
  table: 'ap_cheques',
  key: 'ChequeId',
  // Issue 42 item 1: found by the command palette's global search.
  globalSearch: { name: ['VendorName'] },
  keyKind: 'auto',
  numberField: 'ChequeNo',
  screen: '/novus-ap/cheque-cancellation',
  application: 'NOVUS-AP',
  fields: {
    ChequeId: { type: 'integer', readOnly: true },
    BankAccountId: { type: 'text', maxLength: 20, readOnly: true },
    ChequeNo: { type: 'integer', readOnly: true },
    PaymentMethod: { type: 'enum', readOnly: true, defaultValue: 'Cheque', options: PAYMENT_METHODS.map((value) => ({ value, labelKey: `${AP}:ap-payment-batch.methods.${value}` })) },
    Status: { type: 'enum', readOnly: true, defaultValue: 'Open', options: CHEQUE_STATES.map((value) => ({ value, labelKey: key(`statuses.${value}`) })) },
    PaymentDate: { type: 'date', readOnly: true },
    // A lookup so the payment's remittance finds its vendor's contact (issue 40 item 4).
    VendorId: { type: 'lookup', entity: 'firm', maxLength: 20, readOnly: true, customer: false },
    VendorName: { type: 'text', maxLength: 100, readOnly: true },
    Amount: { ...MONEY, readOnly: true },
    Discount: { ...MONEY, readOnly: true },
    // Shown by the run's number (PAY000002), never its key (issue 40 item 3).
    BatchId: { type: 'lookup', entity: 'ap-payment-batch', valueType: 'integer', readOnly: true },
    EftFileNo: { type: 'integer', readOnly: true },
    CancelDate: { type: 'date' },
    CancelReason: { type: 'text', maxLength: 200 },
    // The posting's G/L batch: the ledger finds the posting by this document's number (issue 40 item 3).
    JournalId: { type: 'integer', readOnly: true, internal: true },
    CancelJournalId: { type: 'integer', readOnly: true, internal: true },
  },
  listColumns: ['BankAccountId', 'ChequeNo', 'PaymentMethod', 'PaymentDate', 'VendorId', 'VendorName', { field: 'Amount', total: 'sum' }, 'Status', { field: 'CancelDate', visible: false }, { field: 'CancelReason', visible: false }],
  defaultSort: [{ field: 'ChequeId', descending: true }],
  filters: [
    { field: 'Status', op: 'eq' },
    { field: 'BankAccountId', op: 'eq' },
    { field: 'VendorId', op: 'eq' },
    { field: 'PaymentDate', op: 'range' },
  ],
  search: ['VendorId', 'VendorName'],
  // A run's cheques (its PDF, its payments) by the run.
  indexes: [['BankAccountId', 'ChequeNo'], ['BatchId', 'ChequeNo']],
  roles: AP_ROLES,
  attachments: false,
  // Issue 40 item 4: the payment's remittance advice (reports.ts `ap-remittance-advice`), printed and e-mailed to
  // the vendor's contact while the payment stands.
  print: { report: 'ap-remittance-advice', parameter: 'ChequeId', states: CHEQUE_STATES.filter((state) => state !== 'Cancelled') },
  email: { template: 'REMITTANCE', to: 'VendorId', values: { PaymentNo: 'ChequeNo', DocumentDate: 'PaymentDate', Amount: 'Amount' } },
  formLayout: {
    sections: [
      { rows: [['BankAccountId', 'ChequeNo', 'PaymentMethod'], ['VendorId', 'VendorName'], ['PaymentDate', 'Amount', 'Discount'], ['Status', 'BatchId', 'EftFileNo'], ['JournalId', 'CancelJournalId']] },
      { titleKey: key('sections.cancel'), rows: [['CancelDate', 'CancelReason']] },
    ],
  },
  states: {
    field: 'Status',
    initial: 'Open',
    editable: ['Open'],
    deletable: [],
    transitions: [{ action: 'cancel', labelKey: key('actions.cancel'), from: ['Open'], to: 'Cancelled', irreversible: true, voids: true, confirmKey: key('confirm.cancel'), primary: true }],
  },
});
