/**
 * Waste Disposal on the server (issue 27): the quote and service-order rules, the scheduling and invoicing
 * processes, the reports, the demo data, the module's part of the large-data generator (`--wd`), and its
 * invoices' publishing source (publishing.ts).
 */
import { combineParts } from '@erp/server/modules/part';
import { wdModule } from '../definitions/index.ts';
import { catalog } from './catalog.ts';
import { orderHooks, quoteHooks } from './documents.ts';
import { WD_PROCESSES } from './processes.ts';
// Its invoices in invoice publishing (a publishing source, registered on load).
import './publishing.ts';
import { WD_SERVER_REPORTS } from './reports.ts';
import { seedWasteDisposal } from './seed.ts';

export const serverModule = combineParts(wdModule, [{ hooks: { 'wd-quote': quoteHooks, 'wd-order': orderHooks }, seed: seedWasteDisposal }], {
  catalog,
  reports: WD_SERVER_REPORTS,
  processes: WD_PROCESSES,
  large: {
    option: '--wd',
    counts: 'service orders',
    max: 2_000_000,
    progress: 'service orders',
    summary: 'wd',
    run: async (database, count, onProgress) => (await import('./seed-large.ts')).insertServiceOrders(database, { ...(count === undefined ? {} : { orders: count }), onProgress }),
  },
});
