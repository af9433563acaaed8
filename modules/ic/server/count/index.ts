/**
 * The physical count cycle on the server (issue 23 item 4; §4 Warehouse count stage): hooks of the count
 * records (entries.ts), the processes and reports (processes.ts, reports.ts), the transitions (cycle.ts), the
 * stage checks and the stock ledger's block on counted warehouses (stage.ts), demo data (seed.ts).
 */
import type { ModulePart } from '@erp/server/modules/part';
import { countLineHooks, countTagHooks } from './entries.ts';
import { seedCount } from './seed.ts';

export { IC_COUNT_SERVER_PROCESSES } from './processes.ts';
export { IC_COUNT_SERVER_REPORTS } from './reports.ts';

export const IC_COUNT_PART: ModulePart = {
  hooks: { 'count-line': countLineHooks, 'count-tag': countTagHooks },
  async seed(db, config) {
    if (config.demoLedger) await seedCount(db);
  },
};
