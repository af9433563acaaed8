/**
 * Issue 71 item 2 on the order desk (SQLite and PostgreSQL): the lot picker of a sales order line and the warehouse
 * that has the goods.
 * - GET /api/so/lots offers the line product's lots in the order's warehouse with what is free of each (on hand
 *   less what other committed orders name) and its heat, and what the line still needs of each;
 * - the save refuses a lot of another warehouse or product, or more than is free of it (§5, in the user's
 *   language), and keeps each lot's heat; the commit checks again; shipping moves the very lots;
 * - a new order's warehouse is the customer's last one, else the one holding the most stock; a line the order's
 *   warehouse cannot fill gets a note naming the warehouses that can (the line preview and the save alike).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../../server/test/helpers/app.ts';
import { apiAs, signedInServer } from '../../../../server/test/helpers/api.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let admin: string;
const YEAR = 2045;
const D = (md: string) => `${YEAR}-${md}`;
const SO = '/api/data/sales-order';
const { get, post, put, json, db, created } = apiAs(() => server, () => admin);

const order = (lines: Json[], extra: Json = {}): Json => ({ OrderDate: D('03-01'), BillToId: 'LC1', WarehouseId: 'TOR-02', Lines: lines, ...extra });
const lots = async (values: Json) => json(await get(`/api/so/lots?Values=${encodeURIComponent(JSON.stringify(values))}`));

async function act(record: Json, name: string): Promise<Json> {
  const response = await post(`${SO}/${record.OrderKey}/actions/${name}`, { Version: record.Version });
  expect(response.statusCode, JSON.stringify(response.json())).toBe(200);
  return json(response).Data;
}

/** Receives `lines` into `warehouse` through a posted purchase receipt. */
async function receive(warehouse: string, lines: Json[]): Promise<void> {
  const po = await created('/api/data/purchase-order', { OrderDate: D('02-01'), VendorId: 'LV1', ShipToId: warehouse, Lines: lines.map((line) => ({ ProductId: line.ProductId, QuantityOrdered: line.QuantityReceived, UnitPrice: '3.0000' })) });
  const receipt = await created('/api/data/po-receipt', { PoId: po.PoId, ReceiptDate: D('02-10'), Lines: lines });
  expect((await post(`/api/data/po-receipt/${receipt.ReceiptId}/actions/post`, { Version: receipt.Version })).statusCode).toBe(200);
}

beforeAll(async () => {
  ({ server, tokens: { admin } } = await signedInServer('admin'));
  expect((await post('/api/data/accounting-period/fiscal-years', { FiscalYear: YEAR })).statusCode).toBe(201);
  await created('/api/data/firm', { FirmId: 'LV1', Name: 'Lot test mill', FirmTypes: ['vendor'] });
  await created('/api/data/firm', { FirmId: 'LC1', Name: 'Lot test customer', FirmTypes: ['bill-to', 'ship-to'], ProvinceCode: 'ON', CreditLimit: '100000.00' });
  await created('/api/data/product-class', { ClassId: 'TLO', Description: 'Lot test class', InventoryAccount: 'INVENTORY-STEEL' });
  const product = { ClassId: 'TLO', KitType: 'None', TrackInventory: true, UnitOfMeasure: 'EA' };
  await created('/api/data/product', { ProductId: 'LO-WIRE', Description: 'Lot wire', TrackLot: true, ...product });
  await created('/api/data/product', { ProductId: 'LO-ROD', Description: 'Lot rod', TrackLot: true, ...product });
  await created('/api/data/product', { ProductId: 'LO-BOLT', Description: 'Plain bolt', ...product });
  for (const id of ['LO-WIRE', 'LO-ROD', 'LO-BOLT']) await created('/api/data/product-price', { ProductId: id, PriceTable: 'LIST', PriceType: 'Each', FromQuantity: '0.0000', Price: '20.0000', Currency: 'CAD' });
  await created('/api/data/heat-number', { HeatNo: 'LH-1', Mill: 'Lot test mill' });
  // TOR-02: wire in lots LW-1 (6, heat LH-1) and LW-2 (4), rod in LR-1 (5), 100 bolts; TOR-01: wire lot LW-9 (3).
  await receive('TOR-02', [
    { ProductId: 'LO-WIRE', QuantityReceived: '10.0000', Lots: [{ LotNo: 'LW-1', Quantity: '6.0000', HeatNo: 'LH-1' }, { LotNo: 'LW-2', Quantity: '4.0000' }] },
    { ProductId: 'LO-ROD', QuantityReceived: '5.0000', Lots: [{ LotNo: 'LR-1', Quantity: '5.0000' }] },
    { ProductId: 'LO-BOLT', QuantityReceived: '100.0000', Lots: [] },
  ]);
  await receive('TOR-01', [{ ProductId: 'LO-WIRE', QuantityReceived: '3.0000', Lots: [{ LotNo: 'LW-9', Quantity: '3.0000' }] }]);
});

afterAll(() => server?.stop());

describe('the lot picker of a sales order line (issue 71 item 2)', () => {
  it("offers the product's lots in the order's warehouse with what is free, their heat and what the line needs", async () => {
    const offered = await lots({ ProductId: 'LO-WIRE', WarehouseId: 'TOR-02', Quantity: '5.0000' });
    expect(offered.List).toEqual([
      { Value: 'LW-1', Label: '6.0000 free', Detail: 'heat LH-1', Fill: { Quantity: '5.0000', HeatNo: 'LH-1' } },
      { Value: 'LW-2', Label: '4.0000 free', Detail: null, Fill: { Quantity: '4.0000', HeatNo: null } },
    ]);
    expect((await lots({ ProductId: 'LO-WIRE', WarehouseId: 'TOR-01' })).List.map((lot: Json) => lot.Value)).toEqual(['LW-9']);
    expect((await lots({ ProductId: 'LO-WIRE', WarehouseId: 'TOR-02' })).List.map((lot: Json) => lot.Value)).toEqual(['LW-1', 'LW-2']);
    const typed = json(await get(`/api/so/lots?Search=lw-2&Values=${encodeURIComponent(JSON.stringify({ ProductId: 'LO-WIRE', WarehouseId: 'TOR-02' }))}`));
    expect(typed.List.map((lot: Json) => lot.Value)).toEqual(['LW-2']);
    const none = await lots({ ProductId: 'LO-BOLT', WarehouseId: 'TOR-02' });
    expect([none.List, none.Message]).toEqual([[], 'No lot of LO-BOLT is free in warehouse TOR-02.']);
    expect((await get('/api/so/lots?Values=nope')).statusCode).toBe(400);
  });

  it("refuses another warehouse's or product's lot and more than is free (§5, in the user's language); keeps the heat", async () => {
    const refusals: [Json, Json, string, string][] = [
      [{ ProductId: 'LO-WIRE', Quantity: '3.0000', Lots: [{ LotNo: 'LW-9', Quantity: '3.0000' }] }, {}, 'Lot LW-9 is not a lot of LO-WIRE in warehouse TOR-02.', 'Lines[0].Lots[0].LotNo'],
      [{ ProductId: 'LO-WIRE', Quantity: '2.0000', Lots: [{ LotNo: 'LR-1', Quantity: '2.0000' }] }, {}, 'Lot LR-1 is not a lot of LO-WIRE in warehouse TOR-02.', 'Lines[0].Lots[0].LotNo'],
      [{ ProductId: 'LO-WIRE', Quantity: '7.0000', Lots: [{ LotNo: 'LW-2', Quantity: '1.0000' }, { LotNo: 'LW-1', Quantity: '6.0000' }] }, { WarehouseId: 'TOR-01' }, 'Lot LW-2 is not a lot of LO-WIRE in warehouse TOR-01.', 'Lines[0].Lots[0].LotNo'],
      [{ ProductId: 'LO-WIRE', Quantity: '7.0000', Lots: [{ LotNo: 'LW-1', Quantity: '7.0000' }] }, {}, 'Lot LW-1 has 6.0000 of LO-WIRE free; 7.0000 cannot be taken from it.', 'Lines[0].Lots[0].LotNo'],
    ];
    for (const [line, extra, message, field] of refusals) {
      const refused = await post(SO, order([line], extra));
      expect([refused.statusCode >= 400 && refused.statusCode < 500, json(refused).Message, json(refused).Data?.Errors?.[0]?.field ?? json(refused).Data?.Field]).toEqual([true, message, field]);
    }
    const { language } = await db().selectFrom('users').select('language').where('user_id', '=', 'admin').executeTakeFirstOrThrow();
    await db().updateTable('users').set({ language: 'fr-CA' }).where('user_id', '=', 'admin').execute();
    try {
      const french = await post(SO, order([{ ProductId: 'LO-WIRE', Quantity: '7.0000', Lots: [{ LotNo: 'LW-1', Quantity: '7.0000' }] }]));
      expect(json(french).Message).toBe('Le lot LW-1 n’a que 6,0000 de LO-WIRE de libre ; 7,0000 ne peut pas y être pris.');
    } finally {
      await db().updateTable('users').set({ language }).where('user_id', '=', 'admin').execute();
    }
    const saved = await created(SO, order([{ ProductId: 'LO-WIRE', Quantity: '5.0000', Lots: [{ LotNo: 'lw-1', Quantity: '5.0000' }] }]));
    expect(saved.Lines[0].Lots.map((lot: Json) => [lot.LotNo, lot.Quantity, lot.HeatNo])).toEqual([['LW-1', '5.0000', 'LH-1']]);
  });

  it('a committed order holds its lots: another order is refused what is left, the commit checks again, shipping moves the lots', async () => {
    const first = await created(SO, order([{ ProductId: 'LO-WIRE', Quantity: '5.0000', Lots: [{ LotNo: 'LW-1', Quantity: '5.0000' }] }]));
    const second = await created(SO, order([{ ProductId: 'LO-WIRE', Quantity: '2.0000', Lots: [{ LotNo: 'LW-1', Quantity: '2.0000' }] }]));
    const committed = await act(first, 'commit');
    // LW-1 now has 1 free: the picker says so, a new save and the other order's commit are refused.
    expect((await lots({ ProductId: 'LO-WIRE', WarehouseId: 'TOR-02', Quantity: '2.0000' })).List.map((lot: Json) => [lot.Value, lot.Fill.Quantity])).toEqual([['LW-1', '1.0000'], ['LW-2', '2.0000']]);
    const late = await post(`${SO}/${second.OrderKey}/actions/commit`, { Version: second.Version });
    expect([late.statusCode, json(late).Message]).toEqual([409, 'Lot LW-1 has 1.0000 of LO-WIRE free; 2.0000 cannot be taken from it.']);
    // The committed order itself is saved again with its own lots.
    const again = json(await put(`${SO}/${committed.OrderKey}`, { Version: committed.Version, Notes: 'Deliver before noon' }));
    expect(again.ResultStatus, JSON.stringify(again)).toBe(1);
    const shipped = await act(again.Data, 'ship');
    expect(shipped.Status).toBe('Shipped');
    const left = await db().selectFrom('stock_lot_balances').select(['lot_no', 'on_hand']).where('product_id', '=', 'LO-WIRE').where('warehouse_id', '=', 'TOR-02').orderBy('lot_no').execute();
    expect(left.map((row: Json) => [row.lot_no, Number(row.on_hand) / (server.app.erp.database.engine === 'sqlite' ? 10_000 : 1)])).toEqual([['LW-1', 1], ['LW-2', 4]]);
  });
});

describe('the warehouse that has the goods (issue 71 item 2)', () => {
  it("notes a line the order's warehouse cannot fill, naming the warehouses that can, as typed and once saved", async () => {
    const preview = async (warehouse: string, quantity: string) =>
      json(await post('/api/so/line-preview', { Header: { BillToId: 'LC1', WarehouseId: warehouse, OrderDate: D('03-01') }, Line: { ProductId: 'LO-BOLT', Quantity: quantity } })).Data;
    expect((await preview('TOR-02', '40.0000')).StockNote).toBeNull();
    expect((await preview('TOR-01', '40.0000')).StockNote).toBe('Only 0.0000 free in TOR-01; TOR-02 has 100.0000.');
    expect((await preview('TOR-02', '400.0000')).StockNote).toBe('Only 100.0000 free in TOR-02, and no warehouse has enough.');
    const saved = await created(SO, order([{ ProductId: 'LO-BOLT', Quantity: '40.0000' }], { WarehouseId: 'MTL-01' }));
    expect(saved.Lines[0].StockNote).toBe('Only 0.0000 free in MTL-01; TOR-02 has 100.0000.');
  });

  it("defaults a new order's warehouse to the customer's last one, else the one holding the most stock", async () => {
    const warehouseFor = async (billTo: string) => json(await post('/api/defaults/sales-order', { Field: 'BillToId', Values: { BillToId: billTo } })).Data.WarehouseId;
    expect(await warehouseFor('LC1')).toBe('MTL-01');
    await created('/api/data/firm', { FirmId: 'LC2', Name: 'New customer', FirmTypes: ['bill-to', 'ship-to'], ProvinceCode: 'ON' });
    const values = (await db().selectFrom('stock_balances').select(['warehouse_id', 'value']).execute()) as Json[];
    const byWarehouse = new Map<string, number>();
    for (const row of values) byWarehouse.set(row.warehouse_id, (byWarehouse.get(row.warehouse_id) ?? 0) + Number(row.value));
    const most = [...byWarehouse].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
    expect(await warehouseFor('LC2')).toBe(most);
  });
});
