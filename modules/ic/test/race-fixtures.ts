/** Race fixtures of Inventory Control (server/test/race.test.ts, helpers/race.ts). */
import { createRecord, type RaceFixtures } from '../../../server/test/helpers/race.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const raceFixtures: RaceFixtures = {
  processes: {
    // A year end closes what later steps would move: after every other step.
    'ic-inventory-year-end': { last: true, prepare: async () => ({ FiscalYear: 2025 }) },
  },
  actions: {
    // The demo's only tag is posted: a new one in the first warehouse whose count is still frozen, of a product
    // without lots the freeze holds (posting adds it to that line).
    'count-tag post': async (api) => {
      const line = (await api.db
        .selectFrom('count_lines as l')
        .innerJoin('warehouse_counts as c', 'c.count_id', 'l.count_id')
        .select(['l.warehouse_id as warehouse_id', 'l.product_id as product_id'])
        .where('c.status', '=', 'Frozen')
        .where((eb) => eb.or([eb('l.lot_no', '=', ''), eb('l.lot_no', 'is', null)]))
        .orderBy('l.warehouse_id')
        .orderBy('l.product_id')
        .limit(1)
        .executeTakeFirst()) as Json | undefined;
      if (!line) throw new Error('no frozen warehouse with a count line to tag');
      return (await createRecord(api, 'count-tag', { TagNo: 'RACE-T1', WarehouseId: line.warehouse_id, ProductId: line.product_id, Quantity: '1.0000' })).TagId;
    },
  },
};
