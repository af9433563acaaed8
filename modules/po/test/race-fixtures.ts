/** Race fixtures of Purchasing (server/test/race.test.ts, helpers/race.ts). */
import { createRecord, productsWithoutLots, type RaceFixtures } from '../../../server/test/helpers/race.ts';

/** November 2026: the demo fiscal year's open month with no demo activity. */
const DATE = '2026-11-16';

export const raceFixtures: RaceFixtures = {
  processes: {},
  actions: {
    // The demo's open receipt is for TOR-01, which the count processes froze: a receipt of its own into TOR-02 (not
    // counted) of the first active product that tracks stock without lots, on a purchase order of its own.
    'po-receipt post': async (api) => {
      const [productId] = await productsWithoutLots(api);
      if (!productId) throw new Error('no demo product that tracks stock without lots');
      const lines = [{ ProductId: productId, QuantityOrdered: '4.0000', UnitPrice: '5.0000' }];
      const order = await createRecord(api, 'purchase-order', { OrderDate: DATE, VendorId: 'V400', ShipToId: 'TOR-02', Lines: lines });
      return (await createRecord(api, 'po-receipt', { PoId: order.PoId, ReceiptDate: DATE, Lines: [{ ProductId: productId, QuantityReceived: '4.0000', Lots: [] }] })).ReceiptId;
    },
  },
};
