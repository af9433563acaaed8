/**
 * Race fixtures of Inventory Control (server/test/race.test.ts, helpers/race.ts). The count processes run first
 * and freeze the demo's stocked warehouses (TOR-01, MTL-01), where nothing moves: the ticket and work order
 * actions get documents of their own in TOR-02, not counted, of products without lots.
 */
import { actOn, createRecord, productsWithoutLots, updateRecord, type RaceApi, type RaceFixtures } from '../../../server/test/helpers/race.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** November 2026: the demo fiscal year's open month with no demo activity. */
const DATE = '2026-11-16';
const WAREHOUSE = 'TOR-02';

/** A committed receipt ticket (found stock, 5.00 a unit) of `quantity` of each product into TOR-02. */
async function committedReceipt(api: RaceApi, productIds: readonly string[], quantity: string): Promise<Json> {
  const lines = productIds.map((productId) => ({ ProductId: productId, Quantity: quantity, UnitCost: '5.0000' }));
  const ticket = await createRecord(api, 'inventory-ticket', { TicketDate: DATE, WarehouseId: WAREHOUSE, TicketType: 'Receipt', SubType: 'Found', Lines: lines });
  return actOn(api, 'inventory-ticket', ticket.TicketId, 'commit');
}

/**
 * A committed work order of 2 units in TOR-02 of the first assembly (by id) whose components all track stock
 * without lots, the components for both units received there first.
 */
async function committedWorkOrder(api: RaceApi): Promise<Json> {
  const plain = new Set(await productsWithoutLots(api));
  const assemblies = (await api.db.selectFrom('products').select('product_id').where('kit_type', '=', 'Assembly').orderBy('product_id').execute()) as Json[];
  for (const { product_id: productId } of assemblies) {
    const components = (await api.db.selectFrom('product_components').select('component_id').where('product_id', '=', productId).execute()) as Json[];
    const ids = [...new Set(components.map((row) => String(row.component_id)))];
    if (ids.length === 0 || !ids.every((id) => plain.has(id))) continue;
    // 1,000 of each component: more than any demo bill of materials needs for 2 units.
    await actOn(api, 'inventory-ticket', (await committedReceipt(api, ids, '1000.0000')).TicketId, 'close');
    const order = await createRecord(api, 'production-work-order', { ProductId: productId, WarehouseId: WAREHOUSE, QuantityToProduce: '2.0000', DateRequired: DATE });
    return actOn(api, 'production-work-order', order.WorkOrderId, 'commit');
  }
  throw new Error('no demo assembly whose components all track stock without lots');
}

export const raceFixtures: RaceFixtures = {
  processes: {
    // A year end closes what later steps would move: after every other step.
    'ic-inventory-year-end': { last: true, prepare: async () => ({ FiscalYear: 2025 }) },
  },
  actions: {
    'inventory-ticket close': async (api) => {
      const [productId] = await productsWithoutLots(api);
      if (!productId) throw new Error('no demo product that tracks stock without lots');
      return (await committedReceipt(api, [productId], '3.0000')).TicketId;
    },
    // One unit of the two produced: the batch is the order's own field (§4 "Work order actions").
    'production-work-order produce': async (api) => {
      const order = await committedWorkOrder(api);
      return (await updateRecord(api, 'production-work-order', order.WorkOrderId, { BatchQuantity: '1.0000', BatchDate: DATE })).WorkOrderId;
    },
    // Closed with nothing produced: §4 a closing reason is then required.
    'production-work-order close': async (api) => {
      const order = await committedWorkOrder(api);
      return (await updateRecord(api, 'production-work-order', order.WorkOrderId, { ClosingReason: 'Race: customer cancelled', BatchDate: DATE })).WorkOrderId;
    },
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
