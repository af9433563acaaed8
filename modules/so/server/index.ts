/**
 * Sales orders on the server (issue 26): the order's hooks and actions (orders.ts, pricing.ts, fulfilment.ts),
 * the line preview call (routes.ts), the shipping and invoicing queues (queues.ts), the sales reports (reports.ts), the portal's hand-off
 * (portal.ts, called by modules/portal/server/service.ts), the demo data and the module's part of the large-data
 * generator.
 */
import { combineParts } from '@erp/server/modules/part';
import { soModule } from '../definitions/index.ts';
import { catalog } from './catalog.ts';
import { driverCashInHooks } from './cash-in.ts';
import { commissionRunHooks } from './commissions.ts';
import { salesOrderHooks } from '../documents/sales-order/server/orders.ts';
// Side effect: the order's shipments among its related documents.
import '../documents/sales-order/server/shipments.ts';
import { productReturnHooks } from './returns.ts';
import { soRoutes } from './routes.ts';
import { SO_SERVER_PROCESSES } from './queues.ts';
import { SO_SERVER_REPORTS } from './reports.ts';
import { seedSalesOrders } from './seed.ts';

export const serverModule = combineParts(soModule, [{ hooks: { 'sales-order': salesOrderHooks, 'driver-cash-in': driverCashInHooks, 'product-return': productReturnHooks, 'commission-run': commissionRunHooks }, seed: seedSalesOrders }], {
  catalog,
  reports: SO_SERVER_REPORTS,
  processes: SO_SERVER_PROCESSES,
  routes: soRoutes,
  large: {
    option: '--so',
    counts: 'sales order lines',
    max: 2_000_000,
    progress: 'sales order lines',
    summary: 'so',
    run: async (database, count, onProgress) => (await import('./seed-large.ts')).insertSalesOrders(database, { ...(count === undefined ? {} : { lines: count }), onProgress }),
  },
});
