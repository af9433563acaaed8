/**
 * AR commercial setup: account terms, sales taxes, sales reps — server side, owned by h14a (issue 14): entity hooks (rules that need the database) and demo data of
 * this part. The module's index (../index.ts) runs every part.
 * The masters' rules are all shape rules of their definitions (modules/ar/definitions/setup: §5 sales rep id
 * and name, commission not negative; tax rates keyed by effective date) plus the generic lookup checks (a
 * rate's authority and payable account must exist); no database hook is needed.
 */
import type { ModulePart } from '@erp/server/modules/part';
import { seedArSetup } from './seed.ts';

export const AR_SETUP_PART: ModulePart = {
  hooks: {},
  async seed(db) {
    await seedArSetup(db);
  },
};
