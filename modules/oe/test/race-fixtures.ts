/** Race fixtures of Order Entry's pricing processes (server/test/race.test.ts, helpers/race.ts). */
import { firstKey, type RaceFixtures } from '../../../server/test/helpers/race.ts';

export const raceFixtures: RaceFixtures = {
  processes: {
    'oe-price-adjustments': { prepare: async (api) => ({ PriceTableId: await firstKey(api, 'price-table'), Method: 'Percent', Change: '2' }) },
    'oe-renew-price-table': {
      prepare: async (api) => ({ PriceTableId: await firstKey(api, 'price-table'), NewPriceTableId: 'RACE-RENEW', EffectiveDate: '2027-01-01', Change: '1' }),
    },
    'oe-new-products-pricing': { prepare: async (api) => ({ PriceTableId: await firstKey(api, 'price-table'), Change: '10' }) },
  },
};
