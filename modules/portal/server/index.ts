/**
 * The customer portal on the server (issue 41: a module like the others, out of the core): its calls
 * (routes.ts lists them), its tables (migrations 0004, 0009), its application PORTAL (catalog.ts) and its demo
 * data. It orders from the product master (IC), prices through the order desk (OE) and hands each submitted
 * order to Sales Orders (SO): the modules its manifest requires.
 */
import type { ServerModule } from '@erp/server/modules/part';
import { portalModule } from '../definitions/index.ts';
import { catalog } from './catalog.ts';
import { m0004_portal } from './m0004-portal.ts';
import { m0009_portal_products } from './m0009-products.ts';
import { registerPortalRoutes } from './routes.ts';
import { portalSearchAudience } from './access.ts';
import { seedPortal } from './seed.ts';

export const serverModule: ServerModule = {
  definitions: portalModule,
  catalog,
  searchAudience: portalSearchAudience,
  hooks: {},
  async routes(app, deps) {
    registerPortalRoutes(app, deps);
  },
  migrations: { '0004_portal': m0004_portal, '0009_portal_products': m0009_portal_products },
  // After every module's demo, as before the move: the portal adopts its products into the master only where
  // no module's demo already has them (issue 15 item 8).
  async seedAfter(db) {
    await seedPortal(db);
  },
};
