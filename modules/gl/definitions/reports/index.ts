/**
 * The General Ledger reports (issue 12, SCREENS.md GL-10 … GL-13) as report definitions
 * (`shared/src/reports/define.ts`). Their queries are in modules/gl/server/reports/; their strings in
 * the module's namespace under `reports.` (`gl:reports.…`, modules/gl/locales/<lng>/gl.json).
 *
 * - `gl-account-enquiry` (GL-10): one account's activity over a date range, opening and closing balance.
 * - `gl-trial-balance` (GL-11): every account's activity and closing balance, by fiscal year and period or by
 *   date range; debits = credits.
 * - `gl-detailed-ledger` (GL-12): per account: opening balance, entries, closing balance.
 * - `gl-journal-printing`, `ar-journal-printing`, `ap-journal-printing` (GL-13): the journals of one source
 *   with their lines (one definition per source variant, the source fixed).
 */
import { defineReport, type ReportColumn, type ReportDefinition, type ReportParameter, type ReportRule } from '@erp/shared/reports/define';

const MONEY = 2;
const GL = 'NOVUS-GL';
const AP = 'NOVUS-AP';
const AR = 'NOVUS-AR';

const p = (name: string) => `gl:reports.parameters.${name}`;
const c = (field: string) => `gl:reports.columns.${field}`;

const START: ReportParameter = { name: 'StartDate', type: 'date', labelKey: p('StartDate'), required: true, defaultValue: 'yearStart' };
const END: ReportParameter = { name: 'EndDate', type: 'date', labelKey: p('EndDate'), required: true, defaultValue: 'today' };
/** §5: "Reports need a start date and an end date"; §9: report date range up to one year. */
const ONE_YEAR: ReportRule = { kind: 'dateRange', start: 'StartDate', end: 'EndDate', maxYears: 1 };

const money = (field: string, extra: Partial<ReportColumn> = {}): ReportColumn => ({
  field,
  type: 'decimal',
  scale: MONEY,
  labelKey: c(field),
  ...extra,
});

/** The entry columns shared by the account enquiry and the detailed ledger. */
const ENTRY_COLUMNS: readonly ReportColumn[] = [
  { field: 'AccountId', type: 'text', labelKey: c('AccountId'), hidden: true },
  { field: 'AccountDescription', type: 'text', labelKey: c('AccountDescription'), hidden: true },
  { field: 'EntryDate', type: 'date', labelKey: c('EntryDate') },
  { field: 'JournalId', type: 'text', labelKey: c('JournalId') },
  { field: 'DocumentNo', type: 'text', labelKey: c('DocumentNo') },
  { field: 'Source', type: 'text', labelKey: c('Source'), width: 0.6 },
  { field: 'Description', type: 'text', labelKey: c('Description'), width: 2 },
  money('Debit', { total: true }),
  money('Credit', { total: true }),
  money('Amount', { hidden: true, total: true }),
  money('Balance', { running: { of: 'Amount' } }),
  { field: 'EntryId', type: 'integer', labelKey: c('EntryId'), hidden: true },
];

export const accountEnquiry: ReportDefinition = defineReport({
  name: 'gl-account-enquiry',
  application: GL,
  routes: [
    { application: GL, path: '/account-enquiry' },
    { application: AP, path: '/account-enquiry' },
    { application: AR, path: '/account-enquiry' },
  ],
  titleKey: 'gl:reports.accountEnquiry.title',
  parameters: [{ name: 'AccountId', type: 'lookup', entity: 'gl-account', labelKey: p('AccountId'), required: true, maxLength: 20 }, START, END],
  rules: [ONE_YEAR],
  columns: ENTRY_COLUMNS,
  group: { field: 'AccountId', headingFields: ['AccountId', 'AccountDescription'], opening: true },
  defaultSort: [{ field: 'AccountId' }, { field: 'EntryDate' }, { field: 'EntryId' }],
});

export const detailedLedger: ReportDefinition = defineReport({
  name: 'gl-detailed-ledger',
  application: GL,
  routes: [
    { application: GL, path: '/detailed-ledger' },
    { application: 'NOVUS', path: '/detailed-ledger' },
  ],
  titleKey: 'gl:reports.detailedLedger.title',
  parameters: [
    START,
    END,
    { name: 'AccountFrom', type: 'lookup', entity: 'gl-account', labelKey: p('AccountFrom'), maxLength: 20 },
    { name: 'AccountTo', type: 'lookup', entity: 'gl-account', labelKey: p('AccountTo'), maxLength: 20 },
  ],
  rules: [ONE_YEAR],
  columns: ENTRY_COLUMNS,
  group: { field: 'AccountId', headingFields: ['AccountId', 'AccountDescription'], opening: true },
  defaultSort: [{ field: 'AccountId' }, { field: 'EntryDate' }, { field: 'EntryId' }],
  orientation: 'landscape',
});

export const trialBalance: ReportDefinition = defineReport({
  name: 'gl-trial-balance',
  application: GL,
  routes: [
    { application: GL, path: '/trial-balance' },
    { application: 'NOVUS', path: '/trial-balance' },
  ],
  titleKey: 'gl:reports.trialBalance.title',
  parameters: [
    // §5 Accounting: fiscal year greater than 1000 and less than 9999.
    { name: 'FiscalYear', type: 'integer', labelKey: p('FiscalYear'), min: 1001, max: 9998, rangeKey: 'gl:reports.validation.fiscalYear' },
    { name: 'PeriodNo', type: 'integer', labelKey: p('PeriodNo'), min: 1, max: 13 },
    { name: 'StartDate', type: 'date', labelKey: p('StartDate') },
    { name: 'EndDate', type: 'date', labelKey: p('EndDate') },
  ],
  rules: [
    // §5 Accounting: "Fiscal year and period, or start and end date, are required."
    { kind: 'oneOf', alternatives: [['FiscalYear', 'PeriodNo'], ['StartDate', 'EndDate']], messageKey: 'gl:reports.validation.periodOrDates' },
    ONE_YEAR,
  ],
  columns: [
    { field: 'AccountId', type: 'text', labelKey: c('AccountId') },
    { field: 'Description', type: 'text', labelKey: c('AccountDescription'), width: 2 },
    { field: 'AccountType', type: 'text', labelKey: c('AccountType') },
    money('PeriodDebit', { total: true }),
    money('PeriodCredit', { total: true }),
    money('Debit', { total: true }),
    money('Credit', { total: true }),
  ],
  defaultSort: [{ field: 'AccountId' }],
});

function journalPrinting(name: string, source: 'GL' | 'AR' | 'AP', application: string, path: string): ReportDefinition {
  return defineReport({
    name,
    application,
    routes: [{ application, path }],
    titleKey: `gl:reports.journalPrinting.title${source}`,
    parameters: [{ name: 'Source', type: 'text', labelKey: p('Source'), fixed: source }, START, END],
    rules: [ONE_YEAR],
    columns: [
      { field: 'JournalId', type: 'text', labelKey: c('JournalId'), hidden: true },
      { field: 'JournalDate', type: 'date', labelKey: c('JournalDate'), hidden: true },
      { field: 'DocumentNo', type: 'text', labelKey: c('DocumentNo') },
      { field: 'LineNo', type: 'integer', labelKey: c('LineNo'), width: 0.5 },
      { field: 'EntryDate', type: 'date', labelKey: c('EntryDate') },
      { field: 'AccountId', type: 'text', labelKey: c('AccountId') },
      { field: 'AccountDescription', type: 'text', labelKey: c('AccountDescription'), width: 1.5 },
      { field: 'Description', type: 'text', labelKey: c('Description'), width: 1.5 },
      money('Debit', { total: true }),
      money('Credit', { total: true }),
      { field: 'EntryId', type: 'integer', labelKey: c('EntryId'), hidden: true },
    ],
    group: { field: 'JournalId', headingFields: ['JournalId', 'JournalDate'] },
    defaultSort: [{ field: 'JournalId' }, { field: 'DocumentNo' }, { field: 'LineNo' }, { field: 'EntryId' }],
    orientation: 'landscape',
  });
}

export const glJournalPrinting = journalPrinting('gl-journal-printing', 'GL', GL, '/gl-journal-printing');
export const arJournalPrinting = journalPrinting('ar-journal-printing', 'AR', AR, '/AR-Journal-Printing');
export const apJournalPrinting = journalPrinting('ap-journal-printing', 'AP', AP, '/ap-journal-printing');

export const GL_REPORTS: readonly ReportDefinition[] = [
  accountEnquiry,
  trialBalance,
  detailedLedger,
  glJournalPrinting,
  arJournalPrinting,
  apJournalPrinting,
];
