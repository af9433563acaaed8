/**
 * @erp/order-entry — Order Entry and POLO (/novus-oe, /novus-pt). The route catalog (server/src/seed/catalog.ts) names this module for the screens of
 * Order Entry and POLO; a screen the module shares with another application is re-exported from the module that builds it
 * (SCREENS.md §3.0 "Shared setup screens are exported under each app's name from one implementation"), so the
 * catalog's Component works with no route migration. Screens not exported here are not in this release: the
 * shell says so in their tabs.
 *
 * General Ledger screens (issue 12, SCREENS.md WP1), one line each, grouped by owner:
 */
export { UserCodes } from '@erp/accounting';
// h14b: AR account inquiry (AR-06) under Order Entry.
export { ArAccountInquiry } from '@erp/accounting';
// h14a (issue 14): AR setup screens shared with Order Entry and POLO (AR-01, AR-02, AR-03).
export { AccountTerms } from '@erp/accounting';
export { SalesTaxes } from '@erp/accounting';
export { SalesRep } from '@erp/accounting';
// h15a: product maintenance and product classes (IC-07, IC-01), built by @erp/inventory.
export { ProductMaintenance } from '@erp/inventory';
export { ProductClass } from '@erp/inventory';
// h15c: product inquiry (IC-12), built by @erp/inventory.
export { ProductInquiry } from '@erp/inventory';
