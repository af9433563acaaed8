/**
 * The Inventory Control module's server contract: what other modules' server code, the API host (server/src), the
 * scripts and the tests may import of modules/ic/server/ — nothing else (.dependency-cruiser.cjs
 * `module-deep-import`, ARCHITECTURE.md "Module contract"). The loader's entry stays ./index.ts.
 */
export { refreshLines } from './count/figures.ts';
export { DEMO_PRODUCTS } from './products/seed-data.ts';
export { adjustCommitted, assertStockYearOpen, inventoryAccounts, recordMovements } from './stock/ledger.ts';
export type { StockMovement } from './stock/ledger.ts';
