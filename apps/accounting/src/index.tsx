/**
 * @erp/accounting — Accounting: general ledger, receivables, payables (/novus-gl, /novus-ar, /novus-ap).
 * Screens as parcels for the shell's tab host (screen contract, `@erp/shared` screen.ts); each export is the
 * Component name the route catalog already uses (server/src/seed/catalog.ts: `@erp/accounting#GlChart` …), so
 * existing databases need no route migration. The same export serves the route under every application
 * whose menu lists it (GL, AP, AR; legacy `/novus` through `@erp/legacy`, which re-exports these).
 *
 * Loading this module registers the General Ledger's definitions (`shared/src/modules/gl`) into the one
 * entity registry of the page; their strings (namespace `gl`) load with the first GL screen mounted.
 * Nothing of the GL is loaded at the shell's boot.
 *
 * Exports are one line each, grouped by owner (issue 12: h12c masters, h12a periods/journals/journal entry,
 * h12b reports), so the three branches merge without conflicts.
 */
import { registerModule } from '@erp/shared/entities/index';
import { glModule } from '@erp/shared/modules/gl/index';
import { arModule } from '@erp/shared/modules/ar/index';
import { documentScreen, entityScreen, processScreen, reportScreen } from '@erp/records';
import { accountEnquiry, apJournalPrinting, arJournalPrinting, detailedLedger, glJournalPrinting, trialBalance } from '@erp/shared/modules/gl/reports/index';
import { postDraftEntries } from '@erp/shared/modules/gl/reports/post-drafts';
import { fxRevaluation } from '@erp/shared/modules/gl/fx-revaluation';
import { glYearEnd } from '@erp/shared/modules/gl/year-end';

import { financialStatement } from '@erp/shared/modules/gl/reports/financial-statement';
import * as arReports from '@erp/shared/modules/ar/reports/index';
import { ApplicationHome as ApplicationHomePage, screen } from '@erp/ui';
import { FiscalYearTool } from './FiscalYearTool.tsx';
import { BankReconciliation as BankReconciliationScreen } from './bank-reconciliation/BankReconciliation.tsx';
import { CashReceipts as CashReceiptsScreen } from './cash-receipts/CashReceipts.tsx';

registerModule(glModule);
registerModule(arModule);

const MODULE = '@erp/accounting';
/** Screens of GL masters: the generic entity screen plus the module's strings. */
const GL = { module: MODULE, namespaces: ['gl'] } as const;

export const ApplicationHome = screen(ApplicationHomePage, { module: MODULE });

// GL masters (h12c): GL-01 chart, GL-02 control, GL-03 integration, GL-07 FX rates, GL-08 bank accounts.
export const GlChart = entityScreen('gl-account', GL);
export const GlControl = entityScreen('gl-control', GL);
export const GlIntegration = entityScreen('gl-integration', GL);
export const ForeignExchange = entityScreen('foreign-exchange', GL);
export const BankAccount = entityScreen('bank-account', GL);
// GL-09 user codes: the code index of the tab's application (a code with no application is everyone's).
export const UserCodes = entityScreen('code-index', {
  ...GL,
  titleKey: 'gl:user-codes.title',
  routeProps: (tab) => ({ 'filter.Application': tab.application }),
});

// Accounting periods and journals, GL journal entry (h12a): document screens (states, actions, line grid).
export const AccountingPeriods = documentScreen('accounting-period', { ...GL, tools: FiscalYearTool });
export const Periods = AccountingPeriods;
export const AccountingJournals = documentScreen('accounting-journal', GL);
export const Journals = AccountingJournals;
export const GlJournalEntry = documentScreen('gl-journal-entry', GL);

// GL reports (h12b): AccountEnquiry, TrialBalance, DetailedLedger, GlJournalPrinting, ArJournalPrinting,
// ApJournalPrinting; the batch-post process PostJournalEntries (route /novus-gl/post-journal-entries).
const REPORTS = { module: MODULE, namespaces: ['gl'] } as const;
export const AccountEnquiry = reportScreen(accountEnquiry, REPORTS);
export const TrialBalance = reportScreen(trialBalance, REPORTS);
export const DetailedLedger = reportScreen(detailedLedger, REPORTS);
export const GlJournalPrinting = reportScreen(glJournalPrinting, REPORTS);
export const ArJournalPrinting = reportScreen(arJournalPrinting, REPORTS);
export const ApJournalPrinting = reportScreen(apJournalPrinting, REPORTS);
export const PostJournalEntries = processScreen(postDraftEntries, REPORTS);
// Bank reconciliation (w2-13a, issue 13 item 1): FS-01, /novus-gl/bank-reconciliation.
export const BankReconciliation = screen(BankReconciliationScreen, { module: MODULE, namespaces: ['gl'] });

// Issue 13 (w2-13b): foreign exchange revaluation and year end, process screens (FS-02, FS-03).
export const ForeignExchangeRevaluation = processScreen(fxRevaluation, REPORTS);
export const GlYearEnd = processScreen(glYearEnd, REPORTS);
export const YearEnd = GlYearEnd;


// Financial statements (w2-13c): FS-04 … FS-07 format masters, FS-08 the statement run.
export const FinancialStatementRow = entityScreen('financial-statement-row', GL);
export const FinancialStatementRowDetail = entityScreen('financial-statement-row-detail', GL);
export const FinancialStatementColumn = entityScreen('financial-statement-column', GL);
export const FinancialStatementColumnDetail = entityScreen('financial-statement-column-detail', GL);
export const FinancialStatement = reportScreen(financialStatement, REPORTS);

// Accounts Receivable reports (h14b, issue 14 items 4–5): AR-06 … AR-13 as report screens; re-exported by
// @erp/order-entry, @erp/trades, @erp/steel and @erp/legacy where their menus list them.
const AR_REPORTS = { module: MODULE, namespaces: ['ar'] } as const;
export const ArAccountInquiry = reportScreen(arReports.arAccountInquiry, AR_REPORTS);
export const AgedTrialBalance = reportScreen(arReports.arAgedTrialBalance, AR_REPORTS);
export const AccountStatement = reportScreen(arReports.arAccountStatement, AR_REPORTS);
export const ArOverdueAccounts = reportScreen(arReports.arOverdueAccounts, AR_REPORTS);
export const UnappliedCreditsReport = reportScreen(arReports.arUnappliedCredits, AR_REPORTS);
export const SalesJournal = reportScreen(arReports.arSalesJournal, AR_REPORTS);
export const CustomerList = reportScreen(arReports.arCustomerList, AR_REPORTS);
export const NewCustomerList = reportScreen(arReports.arNewCustomerList, AR_REPORTS);
export const InactiveCustomerList = reportScreen(arReports.arInactiveCustomerList, AR_REPORTS);
export const CustomerLists = reportScreen(arReports.arCustomerLists, AR_REPORTS);
export const ContactList = reportScreen(arReports.arContactList, AR_REPORTS);
// Accounts Receivable setup and invoices (h14a, issue 14; SCREENS.md AR-01, AR-02, AR-03, AR-05).
const AR_SCREENS = { module: MODULE, namespaces: ['ar', 'gl'] } as const;
export const AccountTerms = entityScreen('account-terms', AR_SCREENS);
export const SalesTaxes = entityScreen(['sales-tax-rate', 'sales-tax-authority', 'sales-tax-group'], { ...AR_SCREENS, titleKey: 'ar:sales-taxes.title' });
export const SalesRep = entityScreen('sales-rep', AR_SCREENS);
export const ArSalesOrderEntry = documentScreen('ar-invoice', AR_SCREENS);

// Cash receipts (h14c, issue 14 item 3, AR-04): receipts and the later application of unapplied credits.
export const CashReceipts = screen(CashReceiptsScreen, { module: MODULE, namespaces: ['records', 'forms', 'entities', 'errors', 'apps', 'gl', 'ar'] });
