/**
 * The General Ledger reports (issue 12, SCREENS.md GL-10 … GL-13) as report definitions
 * (`shared/src/reports/define.ts`). Their queries are in modules/gl/server/reports/; their strings in
 * the module's namespace under `reports.` (`gl:reports.…`, modules/gl/locales/<lng>/gl.json).
 *
 * - `gl-account-enquiry` (GL-10): one account's activity over a date range, opening and closing balance.
 * - `gl-trial-balance` (GL-11): every account's activity and closing balance, by fiscal year and period or by
 *   date range; debits = credits.
 * - `gl-detailed-ledger` (GL-12): per account: opening balance, entries, closing balance.
 * - `gl-journal-printing` (GL-13): the G/L source's journals with their lines; `journalPrinting(...)` is the
 *   same report for another module's source (A/R's and A/P's journal printing, defined in their modules).
 */
import { defineReport, type ReportColumnInput, type ReportDefinition } from '@erp/shared/reports/define';
import { groupedBy, ONE_YEAR_RANGE, reportParts } from '@erp/shared/reports/parts';
import { JOURNAL_SOURCE_OPTIONS } from '../accounting-journal.ts';
import { ACCOUNT_TYPES } from '../gl-account.ts';

const GL = 'NOVUS-GL';

const { columnKey, date, dateRange, integer, lookup, money, text } = reportParts('gl:reports');
const p = (name: string) => `gl:reports.parameters.${name}`;

/** The entry columns shared by the account enquiry and the detailed ledger, grouped by account. */
const ENTRY_COLUMNS: readonly ReportColumnInput[] = [
  text('AccountId', { hidden: true }),
  text('AccountDescription', { hidden: true }),
  date('EntryDate'),
  text('JournalId'),
  text('DocumentNo'),
  text('Source', { width: 0.6, options: JOURNAL_SOURCE_OPTIONS }),
  text('Description', { width: 2 }),
  money('Debit', { total: true }),
  money('Credit', { total: true }),
  money('Amount', { hidden: true, total: true }),
  money('Balance', { running: { of: 'Amount' } }),
  integer('EntryId', { hidden: true }),
];
const BY_ACCOUNT = groupedBy('AccountId', ['AccountId', 'AccountDescription'], ['EntryDate', 'EntryId'], { opening: true });
const account = (name: string) => lookup(name, 'gl-account', 20);

export const accountEnquiry: ReportDefinition = defineReport({
  name: 'gl-account-enquiry',
  application: GL,
  routes: [
    // Also on the A/P and A/R menus (SCREENS.md GL-10): those modules say so (`SHOWN_ELSEWHERE`).
    { application: GL, path: '/account-enquiry' },
  ],
  titleKey: 'gl:reports.accountEnquiry.title',
  parameters: [lookup('AccountId', 'gl-account', 20, { required: true }), ...dateRange()],
  rules: [ONE_YEAR_RANGE],
  columns: ENTRY_COLUMNS,
  ...BY_ACCOUNT,
});

export const detailedLedger: ReportDefinition = defineReport({
  name: 'gl-detailed-ledger',
  application: GL,
  routes: [
    // Also on the legacy NOVUS menus (Sales Orders' contribution).
    { application: GL, path: '/detailed-ledger' },
  ],
  titleKey: 'gl:reports.detailedLedger.title',
  parameters: [...dateRange(), account('AccountFrom'), account('AccountTo')],
  rules: [ONE_YEAR_RANGE],
  columns: ENTRY_COLUMNS,
  ...BY_ACCOUNT,
  orientation: 'landscape',
});

export const trialBalance: ReportDefinition = defineReport({
  name: 'gl-trial-balance',
  application: GL,
  routes: [
    // Also on the legacy NOVUS menus (Sales Orders' contribution).
    { application: GL, path: '/trial-balance' },
  ],
  titleKey: 'gl:reports.trialBalance.title',
  parameters: [
    // §5 Accounting: fiscal year greater than 1000 and less than 9999.
    // Issue 21 item 3: the current fiscal year and period first (else this month's dates).
    { name: 'FiscalYear', type: 'integer', labelKey: p('FiscalYear'), min: 1001, max: 9998, rangeKey: 'gl:reports.validation.fiscalYear', defaultValue: 'fiscalYear' },
    { name: 'PeriodNo', type: 'integer', labelKey: p('PeriodNo'), min: 1, max: 13, defaultValue: 'fiscalPeriod' },
    { name: 'StartDate', type: 'date', labelKey: p('StartDate') },
    { name: 'EndDate', type: 'date', labelKey: p('EndDate') },
  ],
  rules: [
    // §5 Accounting: "Fiscal year and period, or start and end date, are required."
    { kind: 'oneOf', alternatives: [['FiscalYear', 'PeriodNo'], ['StartDate', 'EndDate']], messageKey: 'gl:reports.validation.periodOrDates' },
    ONE_YEAR_RANGE,
  ],
  columns: [
    text('AccountId'),
    text('Description', { labelKey: columnKey('AccountDescription'), width: 2 }),
    // Issue 21 item 4: the account type by its label in the user's language ("Actif"), as on the chart of accounts.
    text('AccountType', { options: ACCOUNT_TYPES.map((value) => ({ value, labelKey: `gl:gl-account.options.${value}` })) }),
    money('PeriodDebit', { total: true }),
    money('PeriodCredit', { total: true }),
    money('Debit', { total: true }),
    money('Credit', { total: true }),
  ],
  defaultSort: [{ field: 'AccountId' }],
});

/**
 * GL-13: the journals of journal source `source` (fixed) over a date range with their lines, at `path` of
 * `application`, titled `titleKey`; its columns and parameters keep the G/L's labels (the `gl` namespace).
 */
export function journalPrinting(name: string, source: string, application: string, path: string, titleKey: string): ReportDefinition {
  return defineReport({
    name,
    application,
    routes: [{ application, path }],
    titleKey,
    parameters: [{ name: 'Source', type: 'text', labelKey: p('Source'), fixed: source }, ...dateRange()],
    rules: [ONE_YEAR_RANGE],
    columns: [
      text('JournalId', { hidden: true }),
      date('JournalDate', { hidden: true }),
      text('DocumentNo'),
      integer('LineNo', { width: 0.5 }),
      date('EntryDate'),
      text('AccountId'),
      text('AccountDescription', { width: 1.5 }),
      text('Description', { width: 1.5 }),
      money('Debit', { total: true }),
      money('Credit', { total: true }),
      integer('EntryId', { hidden: true }),
    ],
    ...groupedBy('JournalId', ['JournalId', 'JournalDate'], ['DocumentNo', 'LineNo', 'EntryId']),
    orientation: 'landscape',
  });
}

export const glJournalPrinting = journalPrinting('gl-journal-printing', 'GL', GL, '/gl-journal-printing', 'gl:reports.journalPrinting.titleGL');

export const GL_REPORTS: readonly ReportDefinition[] = [
  accountEnquiry,
  trialBalance,
  detailedLedger,
  glJournalPrinting,
];
