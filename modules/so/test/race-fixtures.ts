/**
 * Race fixtures of Sales Orders (server/test/race.test.ts, helpers/race.ts). The processes run first: the invoice
 * queue invoices the demo's shipped orders and the count freezes its stocked warehouses (nothing ships from them);
 * the demo's cash-in is posted and its return credited. So the actions get an order of their own for the first demo
 * customer (B100: B200, of the demo's open orders, is on hold), of a product bought for it (not lot-tracked: a
 * return needs no lot), taken as far as the action needs through the order's own actions.
 */
import { actOn, createRecord, firstKey, firstKeyIn, updateRecord, type RaceApi, type RaceFixtures } from '../../../server/test/helpers/race.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** November 2026: the demo fiscal year's open month with no demo activity. */
const DATE = '2026-11-16';
const WAREHOUSE = 'TOR-02';

/**
 * 10 units of the first product (by id) the demo orders sell that tracks stock without lots, bought into TOR-02
 * through a purchase order and its posted receipt: the processes froze the demo's stocked warehouses for their
 * counts (TOR-01, MTL-01), where nothing moves.
 */
async function stockedProduct(api: RaceApi): Promise<string> {
  const rows = (await api.db
    .selectFrom('so_lines as l')
    .innerJoin('products as p', 'p.product_id', 'l.product_id')
    .select(['p.product_id as product_id', 'p.track_lot as track_lot', 'p.track_inventory as track_inventory', 'p.is_active as is_active'])
    .distinct()
    .orderBy('p.product_id')
    .execute()) as Json[];
  const found = rows.find((row) => Boolean(row.is_active) && Boolean(row.track_inventory) && !row.track_lot);
  if (!found) throw new Error('no demo product sold that tracks stock without lots');
  const productId = String(found.product_id);
  const order = await createRecord(api, 'purchase-order', { OrderDate: DATE, VendorId: 'V400', ShipToId: WAREHOUSE, Lines: [{ ProductId: productId, QuantityOrdered: '10.0000', UnitPrice: '5.0000' }] });
  const receipt = await createRecord(api, 'po-receipt', { PoId: order.PoId, ReceiptDate: DATE, Lines: [{ ProductId: productId, QuantityReceived: '10.0000', Lots: [] }] });
  await actOn(api, 'po-receipt', receipt.ReceiptId, 'post');
  return productId;
}

/** A new order of 2 units of a stocked product for B100 (not on hold), from TOR-02 (not frozen). */
async function newOrder(api: RaceApi): Promise<Json> {
  const productId = await stockedProduct(api);
  return createRecord(api, 'sales-order', {
    OrderDate: DATE,
    BillToId: 'B100',
    ShipToId: 'S101',
    WarehouseId: WAREHOUSE,
    DeliveryDate: DATE,
    CustomerPo: 'RACE',
    Lines: [{ ProductId: productId, Quantity: '2.0000' }],
  });
}

async function committedOrder(api: RaceApi): Promise<Json> {
  return actOn(api, 'sales-order', (await newOrder(api)).OrderKey, 'commit');
}

/** An order of 2 units committed and shipped. */
async function shippedOrder(api: RaceApi): Promise<Json> {
  return actOn(api, 'sales-order', (await committedOrder(api)).OrderKey, 'ship', { Date: DATE });
}

/** A unit of an invoiced order of its own, to be received back. */
async function productReturn(api: RaceApi): Promise<Json> {
  const order = await invoicedOrder(api);
  const line = (order.Lines as Json[])[0]!;
  return createRecord(api, 'product-return', { ReturnDate: DATE, OrderKey: order.OrderKey, Reason: 'Race: damaged in transit', Lines: [{ ProductId: line.ProductId, Quantity: '1.0000' }] });
}

async function invoicedOrder(api: RaceApi): Promise<Json> {
  const shipped = await shippedOrder(api);
  return actOn(api, 'sales-order', shipped.OrderKey, 'invoice', { Date: DATE });
}

export const raceFixtures: RaceFixtures = {
  processes: {
    'so-invoice-publishing': { prepare: async (api) => ({ TemplateId: await firstKey(api, 'email-template') }) },
    'so-edit-lots-shipped': { pending: 'needs a shipped order line of a lot-tracked product in the demo data' },
  },
  actions: {
    'sales-order commit': async (api) => (await newOrder(api)).OrderKey,
    'sales-order ship': async (api) => ({ key: (await committedOrder(api)).OrderKey, body: { Date: DATE } }),
    'sales-order invoice': async (api) => (await shippedOrder(api)).OrderKey,
    'driver-cash-in post': async (api) => {
      const order = await invoicedOrder(api);
      return (await createRecord(api, 'driver-cash-in', { CashInDate: DATE, Driver: 'Race driver', BankAccountId: 'OPERATING', Lines: [{ OrderKey: order.OrderKey, AmountPaid: '10.00' }] })).CashInId;
    },
    // A unit of the order received back: the credit note is the raced step.
    'product-return receive': async (api) => (await productReturn(api)).ReturnId,
    'product-return credit': async (api) => (await actOn(api, 'product-return', (await productReturn(api)).ReturnId, 'receive')).ReturnId,
    // The demo's calculated run, given the bank its vouchers are paid from.
    'commission-run post': async (api) => {
      const id = await firstKeyIn(api, 'commission-run', ['Calculated']);
      await updateRecord(api, 'commission-run', id, { BankAccountId: 'OPERATING' });
      return id;
    },
  },
};
