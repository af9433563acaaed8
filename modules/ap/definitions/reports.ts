/**
 * The Accounts Payable reports (issue 24 item 5; SCREENS.md AP-06 … AP-11) as report definitions; their
 * queries read the A/P sub-ledger (ap_items, ap_applications) and the cheques (modules/ap/server/reports.ts);
 * strings under `ap:reports.`.
 *
 * - `ap-account-inquiry` (AP-06, also under Purchase Order): one vendor's documents and payments, open ones
 *   or the whole history, with their open balances.
 * - `ap-aged-trial-balance` (AP-07): what is owed to each vendor as of a date, current + 8 periods (§9) by
 *   due date or document date; applications dated after the date are ignored, so its total equals the A/P
 *   control account at that date (test: modules/ap/documents/payment/payment.test.ts).
 * - `ap-unapplied-debits` (AP-08): credit notes and payments not (fully) applied.
 * - `ap-vendor-list` (AP-09), `ap-payments-report` (AP-10: cheques and EFT payments over a date range),
 *   `ap-top-accounts` (AP-11: the vendors with the most purchases over a date range).
 */
import { defineReport, type ReportDefinition, type ReportParameter, type ReportRoute } from '@erp/shared/reports/define';
import { AGING_BUCKETS, agingLabel, agingParameters, ONE_YEAR_RANGE, reportParts } from '@erp/shared/reports/parts';
import { journalPrinting } from '@erp/modules/gl/definitions/index';

const AP_APP = 'NOVUS-AP';
const PO_APP = 'NOVUS-PO';

export const AP_ITEM_TYPES = ['Invoice', 'DebitNote', 'CreditNote', 'Payment', 'Reversal'] as const;
const ITEM_TYPE_OPTIONS = AP_ITEM_TYPES.map((value) => ({ value, labelKey: `ap:reports.itemTypes.${value}` }));
const ITEM_STATUS_OPTIONS = ['Open', 'Paid', 'Closed'].map((value) => ({ value, labelKey: `ap:reports.itemStatuses.${value}` }));
const CHEQUE_STATUS_OPTIONS = ['Open', 'Cleared', 'Reconciled', 'Cancelled'].map((value) => ({ value, labelKey: `ap:ap-cheque.statuses.${value}` }));
const METHOD_OPTIONS = ['Cheque', 'EFT'].map((value) => ({ value, labelKey: `ap:ap-payment-batch.methods.${value}` }));


const p = (name: string) => `ap:reports.parameters.${name}`;
const { choice, date, dateRange, integer, lookup, money, text } = reportParts('ap:reports');

const VENDOR = lookup('VendorId', 'firm', 20);
const AS_OF: ReportParameter = { name: 'AsOfDate', type: 'date', labelKey: p('AsOfDate'), required: true, defaultValue: 'today' };
const [START, END] = dateRange();
const routes = (path: string, applications: readonly string[]): ReportRoute[] => applications.map((application) => ({ application, path }));

/** GL-13 for A/P's journal source, under A/P's menu. */
export const apJournalPrinting = journalPrinting('ap-journal-printing', 'AP', AP_APP, '/ap-journal-printing', 'ap:reports.journalPrinting.title');

export const apAccountInquiry: ReportDefinition = defineReport({
  name: 'ap-account-inquiry',
  application: AP_APP,
  routes: routes('/ap-account-inquiry', [AP_APP, PO_APP]),
  titleKey: 'ap:reports.accountInquiry.title',
  parameters: [
    { ...VENDOR, required: true },
    choice('Show', ['open', 'all']),
  ],
  rules: [],
  columns: [
    text('FirmId', { hidden: true }),
    text('FirmName', { hidden: true }),
    date('DocumentDate'),
    text('ItemType', { width: 0.9, options: ITEM_TYPE_OPTIONS }),
    text('DocumentNo'),
    text('VendorDocNo'),
    date('DueDate'),
    money('Amount', { total: true }),
    money('OpenBalance', { total: true }),
    text('Status', { width: 0.7, options: ITEM_STATUS_OPTIONS }),
    integer('ItemId', { hidden: true }),
  ],
  group: { field: 'FirmId', headingFields: ['FirmId', 'FirmName'] },
  defaultSort: [{ field: 'FirmId' }, { field: 'DocumentDate' }, { field: 'ItemId' }],
  orientation: 'landscape',
});

export const apAgedTrialBalance: ReportDefinition = defineReport({
  name: 'ap-aged-trial-balance',
  application: AP_APP,
  routes: routes('/ap-aged-trial-balance', [AP_APP]),
  titleKey: 'ap:reports.agedTrialBalance.title',
  parameters: [
    AS_OF,
    ...agingParameters('ap:reports'),
    VENDOR,
  ],
  rules: [],
  columns: [text('FirmId', { width: 0.8 }), text('FirmName', { width: 1.8 }), ...AGING_BUCKETS.map((bucket) => money(bucket, { total: true, ...agingLabel(bucket) })), money('Total', { total: true })],
  defaultSort: [{ field: 'FirmId' }],
  orientation: 'landscape',
});

export const apUnappliedDebits: ReportDefinition = defineReport({
  name: 'ap-unapplied-debits',
  application: AP_APP,
  routes: routes('/Unapplied-Debit-report', [AP_APP]),
  titleKey: 'ap:reports.unappliedDebits.title',
  parameters: [VENDOR],
  rules: [],
  columns: [text('FirmId'), text('FirmName', { width: 1.6 }), date('DocumentDate'), text('ItemType', { options: ITEM_TYPE_OPTIONS }), text('DocumentNo'), money('Amount', { total: true }), money('OpenBalance', { total: true }), integer('ItemId', { hidden: true })],
  defaultSort: [{ field: 'FirmId' }, { field: 'DocumentDate' }, { field: 'ItemId' }],
});

export const apVendorList: ReportDefinition = defineReport({
  name: 'ap-vendor-list',
  application: AP_APP,
  routes: routes('/vendor-list', [AP_APP]),
  titleKey: 'ap:reports.vendorList.title',
  parameters: [
    {
      name: 'Active',
      type: 'enum',
      labelKey: p('Active'),
      required: true,
      defaultValue: 'active',
      options: [
        { value: 'active', labelKey: 'ap:reports.options.active' },
        { value: 'all', labelKey: 'ap:reports.options.allVendors' },
      ],
    },
  ],
  rules: [],
  columns: [text('FirmId'), text('FirmName', { width: 2 }), text('City'), text('ProvinceCode', { width: 0.5 }), text('TermsCode', { width: 0.7 }), money('Balance', { total: true })],
  defaultSort: [{ field: 'FirmId' }],
});

export const apPaymentsReport: ReportDefinition = defineReport({
  name: 'ap-payments-report',
  application: AP_APP,
  routes: routes('/payments-report', [AP_APP]),
  titleKey: 'ap:reports.payments.title',
  parameters: [START, END, VENDOR, lookup('BankAccountId', 'bank-account', 20)],
  rules: [ONE_YEAR_RANGE],
  columns: [
    date('PaymentDate'),
    text('BankAccountId'),
    integer('ChequeNo'),
    text('PaymentMethod', { options: METHOD_OPTIONS }),
    text('FirmId'),
    text('FirmName', { width: 1.6 }),
    money('Amount', { total: true }),
    money('Discount', { total: true }),
    text('Status', { options: CHEQUE_STATUS_OPTIONS }),
    integer('ChequeId', { hidden: true }),
  ],
  defaultSort: [{ field: 'PaymentDate' }, { field: 'ChequeId' }],
  orientation: 'landscape',
});

export const apTopAccounts: ReportDefinition = defineReport({
  name: 'ap-top-accounts',
  application: AP_APP,
  routes: routes('/top-accounts', [AP_APP]),
  titleKey: 'ap:reports.topAccounts.title',
  parameters: [START, END, { name: 'Top', type: 'integer', labelKey: p('Top'), required: true, defaultValue: 20, min: 1, max: 1000 }],
  rules: [ONE_YEAR_RANGE],
  columns: [text('FirmId'), text('FirmName', { width: 2 }), integer('Documents'), money('Purchases', { total: true })],
  defaultSort: [{ field: 'Purchases', descending: true }, { field: 'FirmId' }],
});

/** The remittance advice's own fields (one value per payment), hidden from the grid. */
const REMITTANCE_FIELDS = {
  address: ['VendorName', 'VendorAddress', 'VendorCityLine'],
  details: ['VendorId', 'BankAccountId', 'PaymentMethod'],
} as const;

/**
 * Issue 40 item 4: the remittance advice of one payment (a cheque or EFT payment, `ap-cheque`): the vendor's
 * address, the payment's number and date, and the documents it paid with the discount taken — what the vendor
 * needs to apply it. Not a menu screen: the payment's form prints and e-mails it (`print`, `email`), and so does the
 * payment run's (issue 71 item 2: its standing payments, one document each).
 */
export const apRemittanceAdvice: ReportDefinition = defineReport({
  name: 'ap-remittance-advice',
  application: AP_APP,
  routes: routes('/cheque-cancellation', [AP_APP]),
  titleKey: 'ap:reports.remittanceAdvice.title',
  // One payment (Cheque Cancellation's form, by its key: the files print its number, `entity`), or every standing
  // payment of a run (the run's form); issue 71 item 2.
  parameters: [
    { name: 'ChequeId', type: 'integer', entity: 'ap-cheque', labelKey: 'ap:reports.remittanceAdvice.number', min: 1, max: 2_147_483_647 },
    { name: 'BatchId', type: 'integer', entity: 'ap-payment-batch', labelKey: 'ap:reports.columns.BatchId', min: 1, max: 2_147_483_647 },
  ],
  rules: [{ kind: 'oneOf', alternatives: [['ChequeId'], ['BatchId']], messageKey: 'ap:reports.remittanceAdvice.chequeOrRun' }],
  columns: [
    integer('ChequeNo', { hidden: true }),
    date('PaymentDate', { hidden: true }),
    ...REMITTANCE_FIELDS.address.map((field) => text(field, { hidden: true })),
    text('VendorId', { hidden: true }),
    text('BankAccountId', { hidden: true }),
    text('PaymentMethod', { hidden: true, options: METHOD_OPTIONS }),
    text('DocumentNo'),
    text('VendorDocNo'),
    date('DocumentDate'),
    money('Amount'),
    money('Discount', { total: true }),
    money('Paid', { total: true }),
    integer('ItemId', { hidden: true }),
  ],
  group: {
    field: 'ChequeNo',
    headingFields: ['ChequeNo', 'PaymentDate', ...REMITTANCE_FIELDS.address, ...REMITTANCE_FIELDS.details],
    document: {
      addressFields: REMITTANCE_FIELDS.address,
      recipientLabelKey: 'ap:reports.remittanceAdvice.vendor',
      keyLabelKey: 'ap:reports.remittanceAdvice.number',
      dateField: 'PaymentDate',
      dateLabelKey: 'ap:reports.columns.PaymentDate',
      infoFields: REMITTANCE_FIELDS.details,
      summaryFields: ['Discount', 'Paid'],
      summaryLabelKey: 'ap:reports.remittanceAdvice.totals',
    },
  },
  defaultSort: [{ field: 'ChequeNo' }, { field: 'DocumentDate' }, { field: 'ItemId' }],
});

export const AP_REPORTS = [apAccountInquiry, apAgedTrialBalance, apUnappliedDebits, apVendorList, apPaymentsReport, apTopAccounts, apRemittanceAdvice] as const;
