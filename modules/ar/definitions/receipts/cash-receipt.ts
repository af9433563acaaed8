/**
 * Cash receipts (`cash-receipt`, screen AR-04, route `cash-receipts` → `@erp/accounting#CashReceipts`): money
 * received from a customer into a bank account, applied to the customer's open invoices; what is not applied
 * is recorded explicitly as the receipt's unapplied credit. Draft → Posted (immutable).
 *
 * - Header: customer (an active bill-to firm, §5 "Bill To is invalid."), bank account (GL-08), date,
 *   currency (the bank account's, set by the server; §8 "Not allowed to change bank due to different
 *   currency." when a draft's bank is changed to one in another currency), amount, reference, unapplied.
 * - Lines: modules/ar/definitions/receipts/lines.ts (invoice, payment, discount taken).
 * - Computed (shared evaluator): AppliedTotal, DiscountTotal, RemainingToApply = Amount − AppliedTotal −
 *   Unapplied. §5 "Remaining To Apply must be zero." to post.
 * - Actions (modules/ar/server/receipts/): `auto-apply` (draft: fills the lines with the customer's open
 *   invoices, oldest due first, with the discount still available, up to the amount), `post` (Dr bank,
 *   Dr sales discounts, Cr receivables through the posting service with the A/R period flag; the receipt
 *   becomes an AR item, each line an application; the unapplied amount stays as the receipt's open credit).
 * - §6: users restricted to assigned customers see and post only their customers' receipts.
 */
import { MONEY, RATE } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';
import { postedDocument } from '@erp/shared/entities/posted-document';
import { CURRENCY } from '@erp/modules/gl/definitions/index';
import { APPLIED_TOTALS, AR_NS, BILL_TO_FIELD, applicationLines } from './lines.ts';

const NAME = 'cash-receipt';

export const CASH_RECEIPT_SEQUENCE = 'AR-RECEIPT';
/**
 * Who keeps receipts: administrators and the order desk's clerks, who take customers' payments at the counter
 * (invoices stay with administrators: setup/common.ts). Clerks may be restricted to assigned customers (§6).
 */
export const AR_RECEIPT_ROLES = { read: ['ADMIN', 'CLERK'], write: ['ADMIN', 'CLERK'] } as const;

/** Numbered Draft → Posted: the posted-document preset. */
const POSTED = postedDocument({ namespace: AR_NS, name: NAME, sequence: CASH_RECEIPT_SEQUENCE, prefix: 'RC', draftActions: [{ action: 'auto-apply', labelKey: `${AR_NS}:${NAME}.actions.autoApply`, from: ['Draft'], to: null }] });

export const cashReceipt = defineEntity({
  name: NAME,
  namespace: AR_NS,
  labelKey: `${AR_NS}:${NAME}.title`,
  table: 'ar_cash_receipts',
  key: 'ReceiptId',
  keyKind: 'auto',
  screen: '/novus-ar/cash-receipts',
  application: 'NOVUS-AR',
  fields: {
    ReceiptId: { type: 'integer' },
    ...POSTED.fields,
    FirmId: BILL_TO_FIELD,
    BankAccountId: {
      type: 'lookup',
      entity: 'bank-account',
      required: true,
      maxLength: 20,
      uppercase: true,
      invalidKey: `${AR_NS}:receipts.rules.bankInvalid`,
    },
    ReceiptDate: { type: 'date', required: true },
    CurrencyCode: { ...CURRENCY, readOnly: true },
    Amount: { ...MONEY, required: true, min: '0.01', minKey: `${AR_NS}:receipts.rules.amountPositive` },
    // Issue 22 item 8: the rate into the home currency on the receipt date and the amount it posts (server).
    ExchangeRate: { ...RATE, readOnly: true },
    HomeAmount: { ...MONEY, readOnly: true },
    Reference: { type: 'text', maxLength: 30 },
    Description: { type: 'text', maxLength: 100 },
    Unapplied: { ...MONEY, min: '0', minKey: `${AR_NS}:receipts.rules.notNegative`, defaultValue: '0.00' },
    AppliedTotal: { ...MONEY, readOnly: true },
    DiscountTotal: { ...MONEY, readOnly: true },
    RemainingToApply: { ...MONEY, readOnly: true },
    OpenCredit: { ...MONEY, readOnly: true },
    ArItemId: { type: 'integer', readOnly: true },
    Lines: applicationLines(NAME, 'ar_cash_receipt_lines', 'receipt_id'),
  },
  listColumns: [
    'DocumentNo',
    'ReceiptDate',
    'FirmId',
    'BankAccountId',
    'CurrencyCode',
    { field: 'Amount', total: 'sum' },
    { field: 'Unapplied', total: 'sum' },
    { field: 'OpenCredit', total: 'sum' },
    'Reference',
    'Status',
    { field: 'JournalId', visible: false },
  ],
  defaultSort: [{ field: 'ReceiptId', descending: true }],
  filters: [
    { field: 'ReceiptDate', op: 'range' },
    { field: 'FirmId', op: 'eq' },
    { field: 'Status', op: 'eq' },
    { field: 'DocumentNo', op: 'startsWith' },
  ],
  indexes: [['FirmId', 'ReceiptDate']],
  // Issue 71 item 2: a new receipt's bank (the user's last, else the company's deposit bank) and date (receipt.ts).
  defaults: { new: ['BankAccountId', 'ReceiptDate'] },
  search: ['DocumentNo', 'FirmId', 'Reference'],
  roles: AR_RECEIPT_ROLES,
  attachments: false,
  formLayout: {
    sections: [
      { rows: [['DocumentNo', 'Status'], ['FirmId', 'ReceiptDate'], ['BankAccountId', 'CurrencyCode'], ['Amount', 'Reference'], ['ExchangeRate', 'HomeAmount'], ['Description']] },
      {
        titleKey: `${AR_NS}:${NAME}.sections.application`,
        rows: [['AppliedTotal', 'DiscountTotal'], ['Unapplied', 'RemainingToApply'], ['OpenCredit', 'JournalId']],
      },
    ],
  },
  numbering: POSTED.numbering,
  computed: {
    ...APPLIED_TOTALS,
    RemainingToApply: { op: 'sub', args: ['Amount', 'AppliedTotal', 'Unapplied'] },
  },
  states: POSTED.states,
});
