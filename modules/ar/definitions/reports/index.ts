/**
 * The Accounts Receivable reports (issue 14 items 4–5, SCREENS.md WP2 AR-06 … AR-13) as report definitions
 * (`shared/src/reports/define.ts`). Their queries are in modules/ar/server/reports/ (they only READ the AR
 * subledger: ar_items, ar_applications — CONTRACT-14); their strings under `ar:reports.`
 * (modules/ar/locales/<lng>/ar.json). Every report that shows customers honours §6 (users restricted to assigned
 * customers) on the server.
 *
 * - `ar-account-inquiry` (AR-06): one customer's items (open items, or the whole history over a date range)
 *   with the applications under each item.
 * - `ar-aged-trial-balance` (AR-07): open balances as of a date per customer in current + 8 periods (§9),
 *   aged by due date or document date, period length in days (DOMAIN-NOTES 4.3); its total equals the
 *   receivables control account at that date.
 * - `ar-account-statement` (AR-08): open-item statement per customer (one customer, or every customer with
 *   a balance: the batch), each customer on its own PDF page.
 * - `ar-overdue-accounts` (AR-09), `ar-unapplied-credits` (AR-10), `ar-sales-journal` (AR-11).
 * - `ar-customer-list`, `ar-new-customer-list`, `ar-inactive-customer-list` and the legacy
 *   `ar-customer-lists` (AR-12: one query, the variant a parameter, fixed by the route or chosen).
 * - `ar-contact-list` (AR-13).
 * - `ar-invoice-print`: the printed invoice or credit note of the AR invoice screen (its Print, Ctrl+P).
 */
import { defineReport, type ReportColumnInput, type ReportDefinition, type ReportParameter, type ReportRoute } from '@erp/shared/reports/define';
import { AGING_BUCKETS, agingLabel, agingParameters, ONE_YEAR_RANGE, reportParts } from '@erp/shared/reports/parts';
import { journalPrinting } from '@erp/modules/gl/definitions/index';
import { invoicePrint } from './invoice-print.ts';

const AR = 'NOVUS-AR';
const STEEL = 'RESTEEL-OE';

/**
 * Issue 21 item 4: an item's type and status are enumerations, shown by their labels ("Facture", never
 * "Invoice"); an invoice closed by payments shows as Paid (the inquiry's Status, modules/ar/server/reports/).
 */
export const AR_ITEM_TYPES = ['Invoice', 'CreditNote', 'Receipt', 'WriteOff'] as const;
export const AR_ITEM_STATUSES = ['Open', 'Paid', 'Closed'] as const;
const ITEM_TYPE_OPTIONS = AR_ITEM_TYPES.map((value) => ({ value, labelKey: `ar:reports.itemTypes.${value}` }));
const ITEM_STATUS_OPTIONS = AR_ITEM_STATUSES.map((value) => ({ value, labelKey: `ar:reports.itemStatuses.${value}` }));

export { AGING_BUCKETS, AGING_PERIODS } from '@erp/shared/reports/parts';

/** GL-13 for A/R's journal source, under A/R's menu (its rows limited to the assigned customers', server/reports). */
export const arJournalPrinting = journalPrinting('ar-journal-printing', 'AR', AR, '/AR-Journal-Printing', 'ar:reports.journalPrinting.title');

const p = (name: string) => `ar:reports.parameters.${name}`;

const { choice, date, dateRange, integer, lookup, money, text } = reportParts('ar:reports');

const customer = (name: string) => lookup(name, 'firm', 20);
const CUSTOMER = customer('CustomerId');
const CUSTOMER_REQUIRED = { ...CUSTOMER, required: true };
const AS_OF: ReportParameter = { name: 'AsOfDate', type: 'date', labelKey: p('AsOfDate'), required: true, defaultValue: 'today' };
const [START, END] = dateRange();

const routes = (path: string, applications: readonly string[]): ReportRoute[] => applications.map((application) => ({ application, path }));

/**
 * AR-06: the customer's items and, under each, the applications that touched it. Order Entry's and Trades' menus
 * show it too: their contribution (`SHOWN_ELSEWHERE`, issue 73 item 4).
 */
export const arAccountInquiry: ReportDefinition = defineReport({
  name: 'ar-account-inquiry',
  application: AR,
  routes: routes('/ar-account-inquiry', [AR, STEEL]),
  titleKey: 'ar:reports.accountInquiry.title',
  parameters: [
    CUSTOMER_REQUIRED,
    choice('Show', ['open', 'all']),
    // The history's date range (Show = all); open items are every open item whatever its date.
    { ...START, required: false },
    { ...END, required: false },
  ],
  rules: [{ kind: 'dateRange', start: 'StartDate', end: 'EndDate' }],
  columns: [
    text('FirmId', { hidden: true }),
    text('FirmName', { hidden: true }),
    // The item's date: an application's row sorts under its item (its own date is DocumentDate).
    date('ItemDate', { hidden: true }),
    date('DocumentDate'),
    text('ItemType', { width: 0.9, options: ITEM_TYPE_OPTIONS }),
    text('DocumentNo'),
    date('DueDate'),
    text('Description', { width: 1.6 }),
    money('Amount', { total: true }),
    money('Applied'),
    money('Discount'),
    money('OpenBalance', { total: true }),
    text('Status', { width: 0.7, options: ITEM_STATUS_OPTIONS }),
    integer('ItemId', { hidden: true }),
    integer('Seq', { hidden: true }),
  ],
  group: { field: 'FirmId', headingFields: ['FirmId', 'FirmName'] },
  defaultSort: [{ field: 'FirmId' }, { field: 'ItemDate' }, { field: 'ItemId' }, { field: 'Seq' }],
  orientation: 'landscape',
});

/** AR-07: current + 8 periods (§9) per customer as of a date. */
export const arAgedTrialBalance: ReportDefinition = defineReport({
  name: 'ar-aged-trial-balance',
  application: AR,
  routes: routes('/aged-trial-balance', [AR, STEEL]),
  titleKey: 'ar:reports.agedTrialBalance.title',
  parameters: [
    AS_OF,
    ...agingParameters('ar:reports'),
    CUSTOMER,
  ],
  rules: [],
  columns: [
    text('FirmId', { width: 0.8 }),
    text('FirmName', { width: 1.8 }),
    ...AGING_BUCKETS.map((bucket) => money(bucket, { total: true, ...agingLabel(bucket) })),
    money('Total', { total: true }),
  ],
  defaultSort: [{ field: 'FirmId' }],
  orientation: 'landscape',
});

/** The statement's aging: periods of this many days by due date (the aged trial balance's defaults). */
export const STATEMENT_PERIOD_DAYS = 30;

/** AR-08: open-item statements, one customer or every customer with a balance (the batch). */
export const arAccountStatement: ReportDefinition = defineReport({
  name: 'ar-account-statement',
  application: AR,
  routes: routes('/Account-statement', [AR, STEEL]),
  titleKey: 'ar:reports.accountStatement.title',
  parameters: [
    { ...AS_OF, name: 'StatementDate', labelKey: p('StatementDate') },
    CUSTOMER,
    // The batch over a range of customers (blank: every customer with a balance).
    customer('CustomerFrom'),
    customer('CustomerTo'),
  ],
  rules: [],
  columns: [
    text('FirmId', { hidden: true }),
    text('FirmName', { hidden: true }),
    text('Address', { hidden: true }),
    text('CityLine', { hidden: true }),
    date('DocumentDate'),
    text('ItemType', { options: ITEM_TYPE_OPTIONS }),
    text('DocumentNo'),
    date('DueDate'),
    money('Amount'),
    money('OpenBalance', { total: true }),
    money('Balance', { running: { of: 'OpenBalance' } }),
    integer('ItemId', { hidden: true }),
    // Each item's open balance in its aging bucket (by due date, STATEMENT_PERIOD_DAYS): the group's
    // subtotals are the customer's aging summary on the PDF.
    ...AGING_BUCKETS.map((bucket) => money(bucket, { hidden: true, total: true, ...agingLabel(bucket, STATEMENT_PERIOD_DAYS) })),
  ],
  group: {
    field: 'FirmId',
    headingFields: ['FirmId', 'FirmName', 'Address', 'CityLine'],
    pageBreak: true,
    // Ready to mail (issue 21 item 10): bill-to address, aging summary, remittance stub.
    document: {
      addressFields: ['FirmName', 'Address', 'CityLine'],
      summaryFields: [...AGING_BUCKETS],
      summaryLabelKey: 'ar:reports.accountStatement.agingSummary',
      amountDueField: 'OpenBalance',
      dateParameter: 'StatementDate',
      dateLabelKey: p('StatementDate'),
    },
  },
  defaultSort: [{ field: 'FirmId' }, { field: 'DocumentDate' }, { field: 'ItemId' }],
  // Issue 40 item 4: one customer's statement e-mailed to its contact (template STATEMENT, in the firm's language).
  email: { template: 'STATEMENT', to: 'CustomerId', values: { DocumentDate: 'StatementDate' }, numberKey: 'ar:reports.accountStatement.number' },
});

/** AR-09: open invoices past due by more than a number of days, per customer. */
export const arOverdueAccounts: ReportDefinition = defineReport({
  name: 'ar-overdue-accounts',
  application: AR,
  routes: routes('/ar-overdue-accounts', [AR, STEEL]),
  titleKey: 'ar:reports.overdueAccounts.title',
  parameters: [AS_OF, { name: 'DaysOverdue', type: 'integer', labelKey: p('DaysOverdue'), required: true, defaultValue: 1, min: 1, max: 3650 }, CUSTOMER],
  rules: [],
  columns: [
    text('FirmId', { hidden: true }),
    text('FirmName', { hidden: true }),
    text('Phone', { hidden: true }),
    text('DocumentNo'),
    date('DocumentDate'),
    date('DueDate'),
    integer('DaysOverdue', { width: 0.7 }),
    money('Amount'),
    money('OpenBalance', { total: true }),
    integer('ItemId', { hidden: true }),
  ],
  group: { field: 'FirmId', headingFields: ['FirmId', 'FirmName', 'Phone'] },
  defaultSort: [{ field: 'FirmId' }, { field: 'DueDate' }, { field: 'ItemId' }],
});

/** AR-10: receipts and credit notes with a remaining open credit as of a date. */
export const arUnappliedCredits: ReportDefinition = defineReport({
  name: 'ar-unapplied-credits',
  application: AR,
  routes: routes('/Unapplied-Credits-Report', [AR]),
  titleKey: 'ar:reports.unappliedCredits.title',
  parameters: [AS_OF, CUSTOMER],
  rules: [],
  columns: [
    text('FirmId'),
    text('FirmName', { width: 1.8 }),
    text('ItemType', { options: ITEM_TYPE_OPTIONS }),
    text('DocumentNo'),
    date('DocumentDate'),
    money('Amount'),
    money('Unapplied', { total: true }),
    integer('ItemId', { hidden: true }),
  ],
  defaultSort: [{ field: 'FirmId' }, { field: 'DocumentDate' }, { field: 'ItemId' }],
});

/** AR-11: the AR invoice register (invoices and credit notes) over a date range (§9: up to one year). */
export const arSalesJournal: ReportDefinition = defineReport({
  name: 'ar-sales-journal',
  application: AR,
  routes: routes('/sales-journal', [AR]),
  titleKey: 'ar:reports.salesJournal.title',
  parameters: [START, END, CUSTOMER],
  rules: [ONE_YEAR_RANGE],
  columns: [
    date('DocumentDate'),
    text('DocumentNo'),
    text('ItemType', { options: ITEM_TYPE_OPTIONS }),
    text('FirmId'),
    text('FirmName', { width: 1.8 }),
    date('DueDate'),
    text('Currency', { width: 0.6 }),
    money('Amount', { total: true }),
    integer('ItemId', { hidden: true }),
  ],
  defaultSort: [{ field: 'DocumentDate' }, { field: 'DocumentNo' }, { field: 'ItemId' }],
  orientation: 'landscape',
});

/** AR-12 variants: all customers, new (created from a date), inactive. */
export const CUSTOMER_LIST_VARIANTS = ['all', 'new', 'inactive'] as const;
export type CustomerListVariant = (typeof CUSTOMER_LIST_VARIANTS)[number];

const CUSTOMER_LIST_COLUMNS: readonly ReportColumnInput[] = [
  text('FirmId'),
  text('FirmName', { width: 2 }),
  text('City'),
  text('ProvinceCode', { width: 0.5 }),
  text('Phone'),
  text('Email', { width: 1.5 }),
  text('SalesRep', { width: 0.7 }),
  text('AccountTerms', { width: 0.7 }),
  money('CreditLimit'),
  date('CreatedOn'),
];

function customerList(name: string, titleKey: string, variant: CustomerListVariant | null, reportRoutes: ReportRoute[]): ReportDefinition {
  return defineReport({
    name,
    application: AR,
    routes: reportRoutes,
    titleKey,
    parameters: [
      {
        name: 'List',
        type: 'enum',
        labelKey: p('List'),
        required: true,
        defaultValue: 'all',
        options: CUSTOMER_LIST_VARIANTS.map((value) => ({ value, labelKey: `ar:reports.options.${value}Customers` })),
        ...(variant ? { fixed: variant } : {}),
      },
      // New customers: created on or after this date.
      { name: 'CreatedFrom', type: 'date', labelKey: p('CreatedFrom'), defaultValue: 'yearStart' },
    ],
    rules: [],
    columns: CUSTOMER_LIST_COLUMNS,
    defaultSort: [{ field: 'FirmId' }],
    orientation: 'landscape',
  });
}

export const arCustomerList = customerList('ar-customer-list', 'ar:reports.customerList.title', 'all', routes('/Customer-List', [AR]));
export const arNewCustomerList = customerList('ar-new-customer-list', 'ar:reports.customerList.titleNew', 'new', routes('/NewCustomer-List', [AR]));
export const arInactiveCustomerList = customerList(
  'ar-inactive-customer-list',
  'ar:reports.customerList.titleInactive',
  'inactive',
  routes('/InactiveCustomer-List', [AR]),
);
/**
 * The legacy `/novus/customer-lists`: one screen, the list chosen in the form. Only the legacy menu shows it: Sales
 * Orders' contribution (`SHOWN_ELSEWHERE`, issue 73 item 4), so it has no route of its own.
 */
export const arCustomerLists = customerList('ar-customer-lists', 'ar:reports.customerList.titleLegacy', null, []);

/** AR-13: the customers' contacts. */
export const arContactList: ReportDefinition = defineReport({
  name: 'ar-contact-list',
  application: AR,
  routes: routes('/Contact-List', [AR]),
  titleKey: 'ar:reports.contactList.title',
  parameters: [CUSTOMER],
  rules: [],
  columns: [
    text('FirmId'),
    text('FirmName', { width: 1.8 }),
    text('ContactName', { width: 1.5 }),
    text('Title'),
    text('Phone'),
    text('Email', { width: 1.5 }),
    integer('ContactKey', { hidden: true }),
  ],
  defaultSort: [{ field: 'FirmId' }, { field: 'ContactName' }, { field: 'ContactKey' }],
  orientation: 'landscape',
});

export const AR_REPORTS: readonly ReportDefinition[] = [
  arAccountInquiry,
  arAgedTrialBalance,
  arAccountStatement,
  arOverdueAccounts,
  arUnappliedCredits,
  arSalesJournal,
  arCustomerList,
  arNewCustomerList,
  arInactiveCustomerList,
  arCustomerLists,
  arContactList,
];

/** The AR invoice screen's Print (invoice-print.ts). */
export const arInvoicePrint: ReportDefinition = invoicePrint('ar-invoice-print', routes('/ar-sales-order-entry', [AR]));
