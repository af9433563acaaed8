/**
 * The customer portal on the server (issue 41: a module like the others, out of the core): its calls
 * (routes.ts lists them), its tables (migrations 0004, 0009, 0014), its application PORTAL (catalog.ts) and its demo
 * data. It orders from the product master (IC), prices through the order desk (OE) and hands each submitted
 * order to Sales Orders (SO): the modules its manifest requires. Its tables are written by it alone: what the order
 * desk's work does to them (a sales order's stage on its portal order, an account's hold, a published invoice's
 * notice) it registers in those modules' registries at load (sales-orders.ts).
 */
import type { ServerModule } from '@erp/server/modules/part';
import { portalModule } from '../definitions/index.ts';
import { catalog } from './catalog.ts';
import { m0004_portal } from './m0004-portal.ts';
import { m0009_portal_products } from './m0009-products.ts';
import { m0014_portal_price_tables } from './m0014-price-tables.ts';
import { registerPortalRoutes } from './routes.ts';
import { portalSearchAudience } from './access.ts';
import { seedPortal } from './seed.ts';
import { portalNotificationOutlet, portalOrderFollower } from './sales-orders.ts';
import { followSalesOrders } from '@erp/modules/so/server/api';
import { registerPublishingOutlet } from '@erp/modules/oe/server/api';
import { portalDb } from './schema.ts';

followSalesOrders(portalOrderFollower);
registerPublishingOutlet(portalNotificationOutlet);

export const serverModule: ServerModule = {
  definitions: portalModule,
  catalog,
  searchAudience: portalSearchAudience,
  hooks: {},
  async routes(app, deps) {
    registerPortalRoutes(app, deps);
  },
  migrations: { '0004_portal': m0004_portal, '0009_portal_products': m0009_portal_products, '0014_portal_price_tables': m0014_portal_price_tables },
  // After every module's demo, as before the move: the portal adopts its products into the master only where
  // no module's demo already has them (issue 15 item 8).
  async seedAfter(db) {
    await seedPortal(portalDb(db));
  },
};
