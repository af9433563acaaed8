/**
 * @erp/purchasing — Purchase Order (/novus-po). The route catalog (server/src/seed/catalog.ts) names this module for the screens of
 * Purchase Order; a screen the module shares with another application is re-exported from the module that builds it
 * (SCREENS.md §3.0 "Shared setup screens are exported under each app's name from one implementation"), so the
 * catalog's Component works with no route migration. Screens not exported here are not in this release: the
 * shell says so in their tabs.
 *
 * General Ledger screens (issue 12, SCREENS.md WP1), one line each, grouped by owner:
 */
export { UserCodes } from '@erp/accounting';
// h14a (issue 14): AR setup screens shared with Purchase Order (AR-01, AR-02).
export { AccountTerms } from '@erp/accounting';
export { SalesTaxes } from '@erp/accounting';
// h15a: product maintenance and product classes (IC-07, IC-01), built by @erp/inventory.
export { ProductMaintenance } from '@erp/inventory';
export { ProductClass } from '@erp/inventory';
