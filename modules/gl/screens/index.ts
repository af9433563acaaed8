/**
 * The General Ledger's screens (issue 12, 13; SCREENS.md WP1): parcel configs bundled into `@erp/accounting`
 * (module.json `app`); each export is the Component name the route catalog uses (`@erp/accounting#GlChart` …),
 * and the modules above whose menus show some re-export them (their module.json `shows`). Loading them registers the
 * GL's definitions into the page's one entity registry; their strings (namespace `gl`) load with the first
 * GL screen mounted.
 */
import { registerModule } from '@erp/shared/entities/index';
import { documentScreen, entityScreen, processScreen, reportScreen } from '@erp/records';
import { screen } from '@erp/ui';
import manifest from '../module.json';
import { glModule } from '../definitions/index.ts';
import { fxRevaluation } from '../definitions/fx-revaluation.ts';
import { accountEnquiry, detailedLedger, glJournalPrinting, trialBalance } from '../definitions/reports/index.ts';
import { financialStatement } from '../definitions/reports/financial-statement.ts';
import { postDraftEntries } from '../definitions/reports/post-drafts.ts';
import { glYearEnd } from '../definitions/year-end.ts';
import { BankReconciliation as BankReconciliationScreen } from './bank-reconciliation/BankReconciliation.tsx';
import { FiscalYearTool } from './FiscalYearTool.tsx';
import { SetupCheck as SetupCheckScreen } from './SetupCheck.tsx';

registerModule(glModule);

/** Every GL screen: its micro-app, with the GL strings. */
const GL = { module: `@erp/${manifest.app}`, namespaces: [manifest.namespace] } as const;

// Masters: GL-01 chart, GL-02 control, GL-03 integration, GL-07 FX rates, GL-08 bank accounts.
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

// Accounting periods and journals, GL journal entry: document screens (states, actions, line grid).
export const AccountingPeriods = documentScreen('accounting-period', { ...GL, tools: FiscalYearTool });
export const Periods = AccountingPeriods;
export const AccountingJournals = documentScreen('accounting-journal', GL);
export const Journals = AccountingJournals;
export const GlJournalEntry = documentScreen('gl-journal-entry', GL);

// Reports GL-10 … GL-13 and the batch-post process (route /novus-gl/post-journal-entries).
export const AccountEnquiry = reportScreen(accountEnquiry, GL);
export const TrialBalance = reportScreen(trialBalance, GL);
export const DetailedLedger = reportScreen(detailedLedger, GL);
export const GlJournalPrinting = reportScreen(glJournalPrinting, GL);
export const PostJournalEntries = processScreen(postDraftEntries, GL);
// FS-01 bank reconciliation (/novus-gl/bank-reconciliation).
export const BankReconciliation = screen(BankReconciliationScreen, GL);
// Issue 40 item 1: the set-up check (/novus-gl/setup-check).
export const SetupCheck = screen(SetupCheckScreen, GL);

// FS-02 foreign exchange revaluation and FS-03 year end: process screens.
export const ForeignExchangeRevaluation = processScreen(fxRevaluation, GL);
export const GlYearEnd = processScreen(glYearEnd, GL);
export const YearEnd = GlYearEnd;

// Financial statements: FS-04 … FS-07 format masters, FS-08 the statement run.
export const FinancialStatementRow = entityScreen('financial-statement-row', GL);
export const FinancialStatementRowDetail = entityScreen('financial-statement-row-detail', GL);
export const FinancialStatementColumn = entityScreen('financial-statement-column', GL);
export const FinancialStatementColumnDetail = entityScreen('financial-statement-column-detail', GL);
export const FinancialStatement = reportScreen(financialStatement, GL);
