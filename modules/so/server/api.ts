/**
 * The Sales Orders module's server contract: what other modules' server code, the API host (server/src), the
 * scripts and the tests may import of modules/so/server/ — nothing else (.dependency-cruiser.cjs
 * `module-deep-import`, ARCHITECTURE.md "Module contract"). The loader's entry stays ./index.ts.
 */
export { followSalesOrders } from '../documents/sales-order/server/followers.ts';
export type { SalesOrderFollower } from '../documents/sales-order/server/followers.ts';
export { createPortalSalesOrder } from './portal.ts';
