/**
 * @erp/legacy — Legacy screens (/novus). The route catalog (server/src/seed/catalog.ts) names this module for the screens of
 * the legacy NOVUS application; a screen the module shares with another application is re-exported from the module that builds it
 * (SCREENS.md §3.0 "Shared setup screens are exported under each app's name from one implementation"), so the
 * catalog's Component works with no route migration. Screens not exported here are not in this release: the
 * shell says so in their tabs.
 *
 * General Ledger screens (issue 12, SCREENS.md WP1), one line each, grouped by owner:
 */
export { UserCodes } from '@erp/accounting';
export { BankAccount } from '@erp/accounting';
export { ForeignExchange } from '@erp/accounting';
export { GlChart } from '@erp/accounting';
export { GlControl } from '@erp/accounting';
// h12a: accounting periods and journals.
export { AccountingPeriods } from '@erp/accounting';
export { Journals } from '@erp/accounting';
// h12b: trial balance and detailed ledger.
export { TrialBalance } from '@erp/accounting';
export { DetailedLedger } from '@erp/accounting';
// w2-13b: year end (FS-03), the GL year-end process screen.
export { YearEnd } from '@erp/accounting';
// h14b: the legacy customer lists (AR-12), one screen with the list chosen in the form.
export { CustomerLists } from '@erp/accounting';
// h14a (issue 14): AR setup screens under legacy /novus (AR-01, AR-02, AR-03).
export { AccountTerms } from '@erp/accounting';
export { SalesTaxes } from '@erp/accounting';
export { SalesRep } from '@erp/accounting';
// h15a: product classes (IC-01), built by @erp/inventory.
export { ProductClass } from '@erp/inventory';
