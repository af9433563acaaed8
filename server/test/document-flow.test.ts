/**
 * Issue 40 items 3 and 4: documents are named by their business numbers and flow into each other, on SQLite
 * and PostgreSQL (TEST_DATABASE=postgres).
 * - Every document whose key is internal (an auto key) names its business number (definition `numberField`),
 *   so headings and action messages never show the key (AP000039, not 39).
 * - A field that stores another document's internal key (a receipt's PoId) is shown by that document's number:
 *   the lookup answers `Number` beside the key, `Key=` finds the document a field holds (even one its `where` no
 *   longer offers), and a typed number finds the document whose key the field then stores.
 */
import { allEntities } from '@erp/shared/entities/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { call } from './helpers/entities.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let admin: string;
const YEAR = 2043;

const get = (url: string) => call(server.app, 'GET', url, admin);
const postJson = (url: string, body: unknown) => call(server.app, 'POST', url, admin, body);

async function created(url: string, body: Json): Promise<Json> {
  const response = await postJson(url, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().Data;
}

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  expect((await postJson('/api/data/accounting-period/fiscal-years', { FiscalYear: YEAR })).statusCode).toBe(201);
  await created('/api/data/firm', { FirmId: 'FV1', Name: 'Flow Mill Inc.', FirmTypes: ['vendor'] });
  await created('/api/data/product-class', { ClassId: 'TFL', Description: 'Flow test class', InventoryAccount: 'INVENTORY-STEEL' });
  await created('/api/data/product', { ProductId: 'FL-BOLT', Description: 'Bolt', ClassId: 'TFL', KitType: 'None', TrackInventory: true });
});

afterAll(async () => {
  await server?.stop();
});

describe('business numbers (issue 40 item 3)', () => {
  it('every document with an internal key names a business number other than its key', () => {
    // A G/L journal's id is the number users know it by (journal 528): the one document without another.
    const ownNumber = new Set(['accounting-journal']);
    const unnamed = allEntities()
      .filter((def) => def.states && def.keyKind === 'auto' && !ownNumber.has(def.name))
      .filter((def) => def.numberField === def.key)
      .map((def) => def.name);
    expect(unnamed).toEqual([]);
    expect(allEntities().find((def) => def.name === 'ap-invoice')?.numberField).toBe('DocumentNo');
    expect(allEntities().find((def) => def.name === 'ap-payment-batch')?.numberField).toBe('BatchNo');
  });

  it('a field holding a purchase order by its key shows and resolves the order by its number', async () => {
    const po = await created('/api/data/purchase-order', {
      OrderDate: `${YEAR}-02-01`,
      VendorId: 'FV1',
      ShipToId: 'TOR-02',
      Lines: [{ ProductId: 'FL-BOLT', QuantityOrdered: '4.0000', UnitPrice: '2.0000' }],
    });
    expect(po.PoNo).toMatch(/^PO\d+$/);
    const via = 'From=po-receipt&Field=PoId';
    // The number of the order the field holds (Key), not the key itself.
    const held = (await get(`/api/lookup/purchase-order?${via}&Key=${po.PoId}`)).json();
    expect(held.List).toEqual([expect.objectContaining({ Value: String(po.PoId), Number: po.PoNo })]);
    // Typing the number finds the order: its key is what the field stores.
    const typed = (await get(`/api/lookup/purchase-order?${via}&Search=${po.PoNo}`)).json();
    expect(typed.List.find((row: Json) => row.Number === po.PoNo)?.Value).toBe(String(po.PoId));
    // An order the field no longer offers (cancelled: not receivable) still shows its number where it is held.
    const cancelled = await postJson(`/api/data/purchase-order/${po.PoId}/actions/cancel`, { Version: po.Version, Confirmations: [] });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await get(`/api/lookup/purchase-order?${via}&Search=${po.PoNo}`)).json().List ?? []).toEqual([]);
    expect((await get(`/api/lookup/purchase-order?${via}&Key=${po.PoId}`)).json().List).toEqual([expect.objectContaining({ Number: po.PoNo })]);
    // A key that is no number finds nothing (no error).
    const nonsense = await get(`/api/lookup/purchase-order?${via}&Key=PO1`);
    expect(nonsense.statusCode).toBe(200);
    expect(nonsense.json().List).toEqual([]);
  });
});
