/**
 * Order Entry on the server (issue 25): the pricing service and its calls (./pricing/), demo data, the
 * price reports and maintenance processes, migration 0014 (the override audit; the portal moves its stand-in
 * prices onto price tables in its own 0014), its part of `npm run seed:large`.
 */
import type { ServerModule } from '@erp/server/modules/part';
import { seedIntegration } from '@erp/modules/gl/server/api';
import { oeModule } from '../definitions/index.ts';
import { catalog } from './catalog.ts';
import { m0014_oe_pricing } from './pricing/migration.ts';
import { importRoutes } from './maintenance/routes.ts';
import { pricingRoutes } from './pricing/routes.ts';
import { OE_SERVER_PROCESSES } from './reports/processes.ts';
import { OE_SERVER_REPORTS } from './reports/index.ts';
import { seedOe } from './seed.ts';
// Issue 40 item 4: documents e-mailed from their screens take these templates.
import './email-templates.ts';

export const serverModule: ServerModule = {
  definitions: oeModule,
  catalog,
  hooks: {},
  async seed(db) {
    await seedIntegration(db, 'OE', [
      ['SALES-STEEL', 'Steel and metals sales', '4100'],
      ['SALES-ELECTRICAL', 'Electrical supplies sales', '4200'],
      ['COGS-STEEL', 'Cost of steel and metals sold', '5100'],
      ['COGS-ELECTRICAL', 'Cost of electrical supplies sold', '5200'],
      // The fallbacks of a product class without a family account (issue 40 item 1: the portal's own class).
      ['COGS', 'Cost of goods sold, classes without their own account', '5100'],
      ['SALES', 'Sales, classes without their own account', '4100'],
    ]);
    await seedOe(db);
  },
  async routes(app, deps) {
    await pricingRoutes(app, deps);
    await importRoutes(app, deps);
  },
  reports: OE_SERVER_REPORTS,
  processes: OE_SERVER_PROCESSES,
  large: {
    option: '--oe',
    counts: 'customer price tables',
    max: 100_000,
    progress: 'price tables',
    summary: 'oe',
    run: async (database, count, onProgress) => (await import('./seed-large.ts')).insertOePrices(database, count ?? 10_000, onProgress),
  },
  migrations: { '0014_oe_pricing': m0014_oe_pricing },
};
