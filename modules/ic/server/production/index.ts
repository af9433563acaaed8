/**
 * Production work orders — server side, owned by h15d (issue 15): entity hooks (rules that need the database,
 * the actions commit / produce / close / reopen: rules.ts, production.ts) and demo data (seed.ts) of this part.
 * The module's index (../index.ts) runs every part.
 */
import type { ModulePart } from '@erp/server/modules/part';
import { workOrderHooks } from './rules.ts';
import { seedProduction } from './seed.ts';

export const IC_PRODUCTION_PART: ModulePart = {
  hooks: { 'production-work-order': workOrderHooks },
  seed: seedProduction,
};
