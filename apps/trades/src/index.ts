/**
 * @erp/trades — Trades and contracting (/novus-te). The route catalog (server/src/seed/catalog.ts) names this module for the screens of
 * Trades and contracting; a screen the module shares with another application is re-exported from the module that builds it
 * (SCREENS.md §3.0 "Shared setup screens are exported under each app's name from one implementation"), so the
 * catalog's Component works with no route migration. Screens not exported here are not in this release: the
 * shell says so in their tabs.
 *
 * General Ledger screens (issue 12, SCREENS.md WP1), one line each, grouped by owner:
 */
export { UserCodes } from '@erp/accounting';
// h14b: AR account inquiry (AR-06) under Trades.
export { ArAccountInquiry } from '@erp/accounting';
