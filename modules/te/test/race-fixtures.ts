/** Race fixtures of Trades' model processes (server/test/race.test.ts, helpers/race.ts). */
import { firstKey, type RaceFixtures } from '../../../server/test/helpers/race.ts';

export const raceFixtures: RaceFixtures = {
  processes: {
    'te-copy-model': { prepare: async (api) => ({ FromModelId: await firstKey(api, 'te-model'), ToModelId: 'RACECOPY' }) },
    'te-change-model-prices': { prepare: async (api) => ({ ModelId: await firstKey(api, 'te-model'), Method: 'Percent', Change: '2' }) },
  },
};
