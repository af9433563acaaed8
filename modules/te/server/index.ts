/**
 * Trades and contracting on the server (issue 28): the masters' rules, inspection requests, contract, option,
 * progress and holdback billing (invoiced through Receivables), the processes, reports and demo data.
 */
import { combineParts } from '@erp/server/modules/part';
import { teModule } from '../definitions/index.ts';
import { catalog } from './catalog.ts';
import { contractBillingHooks, holdbackBillingHooks, optionBillingHooks, progressBillingHooks } from './billing.ts';
import { inspectionHooks } from './inspections.ts';
import { lotHooks, lotOptionHooks, modelPriceHooks } from './masters.ts';
import { TE_PROCESSES } from './processes.ts';
import { TE_SERVER_REPORTS } from './reports.ts';
import { seedTrades } from './seed.ts';

export const serverModule = combineParts(
  teModule,
  [
    {
      hooks: {
        'te-lot': lotHooks,
        'lot-option': lotOptionHooks,
        'model-contract-price': modelPriceHooks,
        'inspection-request': inspectionHooks,
        'contract-billing': contractBillingHooks,
        'option-billing': optionBillingHooks,
        'progress-billing': progressBillingHooks,
        'holdback-billing': holdbackBillingHooks,
      },
      seed: seedTrades,
    },
  ],
  {
    catalog,
    reports: TE_SERVER_REPORTS,
    processes: TE_PROCESSES,
    large: {
      option: '--te',
      counts: 'lots',
      max: 1_000_000,
      progress: 'lots',
      summary: 'te',
      run: async (database, count, onProgress) => (await import('./seed-large.ts')).insertLots(database, { ...(count === undefined ? {} : { lots: count }), onProgress }),
    },
  },
);
