/**
 * @erp/steel — the steel re-seller application (/resteel-oe, RESTEEL-OE). The route catalog
 * (server/src/seed/catalog.ts) names this module for the application's screens; the embedded steel
 * order-entry system itself (RESTEEL0002 `/resteel-oe/resteel`) is the frame `@erp/frames#SteelFrame`, not
 * this module. The Accounts Receivable screens its menu lists (§2: ar-account-inquiry, ar-overdue-accounts,
 * aged-trial-balance, Account-statement; SCREENS.md RS0102 … RS0105) are re-exported from the module that
 * builds them (SCREENS.md §3.0 "Shared setup screens are exported under each app's name from one
 * implementation"), so the catalog's Component works with no route migration.
 *
 * Accounts Receivable reports (issue 14, h14b):
 */
export { ArAccountInquiry } from '@erp/accounting';
export { ArOverdueAccounts } from '@erp/accounting';
export { AgedTrialBalance } from '@erp/accounting';
export { AccountStatement } from '@erp/accounting';
