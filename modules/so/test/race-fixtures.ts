/** Race fixtures of Sales Orders (server/test/race.test.ts, helpers/race.ts). */
import { firstKey, type RaceFixtures } from '../../../server/test/helpers/race.ts';

export const raceFixtures: RaceFixtures = {
  processes: {
    'so-invoice-publishing': { prepare: async (api) => ({ TemplateId: await firstKey(api, 'email-template') }) },
    'so-edit-lots-shipped': { pending: 'needs a shipped order line of a lot-tracked product in the demo data' },
  },
};
