/** Race fixtures of Trades' model processes and billings (server/test/race.test.ts, helpers/race.ts). */
import { createRecord, firstKey, firstKeyIn, updateRecord, type RaceApi, type RaceFixtures } from '../../../server/test/helpers/race.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** November 2026: the demo fiscal year's open month with no demo activity. */
const DATE = '2026-11-16';

/** The first lot (by id) `query` keeps. */
async function firstLot(api: RaceApi, query: (db: RaceApi['db']) => Promise<Json | undefined>, what: string): Promise<string> {
  const row = await query(api.db);
  if (!row) throw new Error(`no demo lot ${what}`);
  return String(row.lot_id);
}

export const raceFixtures: RaceFixtures = {
  processes: {
    'te-copy-model': { prepare: async (api) => ({ FromModelId: await firstKey(api, 'te-model'), ToModelId: 'RACECOPY' }) },
    'te-change-model-prices': { prepare: async (api) => ({ ModelId: await firstKey(api, 'te-model'), Method: 'Percent', Change: '2' }) },
  },
  actions: {
    // The demo bills only closed lots' contracts: a draft for the first lot with contract price left to bill (all of it).
    'contract-billing invoice': async (api) => {
      const lotId = await firstLot(api, (db) => db.selectFrom('te_lots').select('lot_id').whereRef('contract_price', '>', 'billed_amount').orderBy('lot_id').limit(1).executeTakeFirst(), 'with a contract price to bill');
      return (await createRecord(api, 'contract-billing', { LotId: lotId, BillingDate: DATE })).BillingId;
    },
    // The first request, given the date (its requested day) and the first inspector the schedule needs.
    'inspection-request schedule': async (api) => {
      const id = await firstKeyIn(api, 'inspection-request', ['Requested']);
      const request = (await api.get(`/api/data/inspection-request/${id}`)).json.Data as Json;
      await updateRecord(api, 'inspection-request', id, { ScheduledDate: request.RequestedDate, InspectorId: await firstKey(api, 'inspector') });
      return id;
    },
    // The first retained holdback, its certificate published more than the 60-day lien period before the release (DOMAIN-NOTES §8.1).
    'holdback-billing release': async (api) => {
      const id = await firstKeyIn(api, 'holdback-billing', ['Retained']);
      await updateRecord(api, 'holdback-billing', id, { PublishedOn: '2026-09-01', ReleaseDate: DATE, LienPreserved: false });
      return id;
    },
    // A draft without lines takes the lot's options not yet billed.
    'option-billing invoice': async (api) => {
      const lotId = await firstLot(api, (db) => db.selectFrom('te_lot_options').select('lot_id').where('billing_no', 'is', null).orderBy('lot_id').limit(1).executeTakeFirst(), 'with an option to bill');
      return (await createRecord(api, 'option-billing', { LotId: lotId, BillingDate: DATE })).BillingId;
    },
  },
};
