/**
 * Accounts Receivable's screens (issue 14; SCREENS.md WP2): parcel configs bundled into `@erp/accounting`
 * (module.json `app`), re-exported under Order Entry, Purchasing, Trades, Steel and legacy NOVUS where their
 * menus list them (their module.json `shows`; Steel's by this module.json's `alsoIn`). Loading them registers the AR definitions.
 */
import { registerModule } from '@erp/shared/entities/index';
import { documentScreen, entityScreen, reportScreen } from '@erp/records';
import { screen } from '@erp/ui';
import manifest from '../module.json';
import { arModule } from '../definitions/index.ts';
import * as arReports from '../definitions/reports/index.ts';
import { CashReceipts as CashReceiptsScreen } from './cash-receipts/CashReceipts.tsx';

registerModule(arModule);

const MODULE = `@erp/${manifest.app}`;
// AR screens show GL accounts (lookups, integration) beside their own strings.
const AR = { module: MODULE, namespaces: [manifest.namespace, 'gl'] } as const;

// Reports AR-06 … AR-13.
export const ArAccountInquiry = reportScreen(arReports.arAccountInquiry, AR);
export const AgedTrialBalance = reportScreen(arReports.arAgedTrialBalance, AR);
export const AccountStatement = reportScreen(arReports.arAccountStatement, AR);
export const ArOverdueAccounts = reportScreen(arReports.arOverdueAccounts, AR);
export const UnappliedCreditsReport = reportScreen(arReports.arUnappliedCredits, AR);
export const SalesJournal = reportScreen(arReports.arSalesJournal, AR);
export const CustomerList = reportScreen(arReports.arCustomerList, AR);
export const NewCustomerList = reportScreen(arReports.arNewCustomerList, AR);
export const InactiveCustomerList = reportScreen(arReports.arInactiveCustomerList, AR);
export const CustomerLists = reportScreen(arReports.arCustomerLists, AR);
export const ContactList = reportScreen(arReports.arContactList, AR);
// GL-13 for A/R's source.
export const ArJournalPrinting = reportScreen(arReports.arJournalPrinting, AR);

// Setup AR-01 … AR-03 and invoices AR-05.
export const AccountTerms = entityScreen('account-terms', AR);
export const SalesTaxes = entityScreen(['sales-tax-rate', 'sales-tax-authority', 'sales-tax-group'], { ...AR, titleKey: 'ar:sales-taxes.title' });
export const SalesRep = entityScreen('sales-rep', AR);
export const ArSalesOrderEntry = documentScreen('ar-invoice', AR);

// AR-04 cash receipts: receipts and the later application of unapplied credits.
export const CashReceipts = screen(CashReceiptsScreen, { module: MODULE, namespaces: ['records', 'forms', 'entities', 'errors', 'apps', 'gl', 'ar'] });
