/** Race fixtures of Inventory Control (server/test/race.test.ts, helpers/race.ts). */
import type { RaceFixtures } from '../../../server/test/helpers/race.ts';

export const raceFixtures: RaceFixtures = {
  processes: {
    // A year end closes what later steps would move: after every other step.
    'ic-inventory-year-end': { last: true, prepare: async () => ({ FiscalYear: 2025 }) },
  },
};
