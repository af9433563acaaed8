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

  it('no line grid shows another record\'s internal key: such a line field is a lookup (shown by number) or internal', () => {
    const shown: string[] = [];
    for (const def of allEntities()) {
      for (const [name, field] of Object.entries(def.fields)) {
        if (field.type !== 'children' || !field.lines) continue;
        for (const [child, line] of Object.entries(field.fields)) {
          if (child !== field.key && line.type === 'integer' && /Id$/.test(child) && !line.internal) shown.push(`${def.name}.${name}.${child}`);
        }
      }
    }
    // Issue 71 item 2: none left ("AR item 479" on a receipt's applied line was the last class of them).
    expect(shown).toEqual([]);
    expect(allEntities().find((def) => def.name === 'po-receipt')?.fields['Lines']).toMatchObject({ fields: { PoLineId: { internal: true } } });
  });

  it("no document heading shows another record's internal key: such a header field is a lookup (shown by number) or internal", () => {
    // "COGS journal: 528" — a journal is known by its number, and a key whose number sits beside it is not shown.
    const shown: string[] = [];
    for (const def of allEntities()) {
      if (!def.states || !def.formLayout) continue;
      const laidOut = new Set(def.formLayout.sections.flatMap((section) => section.rows.flat()));
      for (const [name, field] of Object.entries(def.fields)) {
        if (name !== def.key && laidOut.has(name) && field.type === 'integer' && /Id$/.test(name) && !field.internal) shown.push(`${def.name}.${name}`);
      }
    }
    expect(shown).toEqual([]);
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

describe('related documents, both ways (issue 40 item 4)', () => {
  it('every declared relation names a field of the other entity and every document screen is a route', async () => {
    const routes = new Set(((await get('/api/shell/routes')).json() as Json[]).map((route) => String(route.Path).toLowerCase()));
    for (const def of allEntities()) {
      if (def.screen) expect(routes.has(def.screen.toLowerCase()), `${def.name} screen ${def.screen}`).toBe(true);
      for (const spec of def.related) {
        const other = allEntities().find((candidate) => candidate.name === spec.entity);
        expect(other, `${def.name} relates ${spec.entity}`).toBeDefined();
        const [name, child] = spec.field.split('.');
        const field = other!.fields[name!] as Json;
        expect(child === undefined ? field : field?.fields?.[child], `${spec.entity}.${spec.field}`).toBeDefined();
      }
    }
  });

  it('a purchase order lists its receipts, a receipt its order and vendor invoices, an invoice its receipt', async () => {
    const po = await created('/api/data/purchase-order', {
      OrderDate: `${YEAR}-03-01`,
      VendorId: 'FV1',
      ShipToId: 'TOR-02',
      Lines: [{ ProductId: 'FL-BOLT', QuantityOrdered: '10.0000', UnitPrice: '3.0000' }],
    });
    const draft = await created('/api/data/po-receipt', { PoId: po.PoId, ReceiptDate: `${YEAR}-03-02` });
    const posted = await postJson(`/api/data/po-receipt/${draft.ReceiptId}/actions/post`, { Version: draft.Version, Confirmations: [] });
    expect(posted.statusCode, posted.body).toBe(200);
    const invoice = await created('/api/data/ap-invoice', {
      VendorId: 'FV1',
      TermsCode: '2N30',
      ShipToState: 'ON',
      BankAccountId: 'OPERATING',
      TransactionDate: `${YEAR}-03-05`,
      DocDate: `${YEAR}-03-05`,
      VendorDocNo: 'FL-1',
      Amount: '33.90',
      ReceiptId: draft.ReceiptId,
      Lines: [],
    });
    const related = async (entity: string, id: unknown) => {
      const answer = await get(`/api/data/${entity}/${id}/related`);
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json().List as Json[]).map((group) => [group.Entity, group.Direction, group.Items.map((item: Json) => item.Number)]);
    };
    expect(await related('purchase-order', po.PoId)).toEqual([['po-receipt', 'down', [draft.ReceiptNo]]]);
    expect(await related('po-receipt', draft.ReceiptId)).toEqual([
      ['purchase-order', 'up', [po.PoNo]],
      ['ap-invoice', 'down', [invoice.DocumentNo]],
    ]);
    expect(await related('ap-invoice', invoice.InvoiceId)).toEqual([['po-receipt', 'up', [draft.ReceiptNo]]]);
    // The screen that opens each, and a record the caller may not read is not there (403 for the record itself).
    const group = ((await get(`/api/data/purchase-order/${po.PoId}/related`)).json().List as Json[])[0]!;
    expect([group.Screen, group.Items[0].Id, group.Items[0].State]).toEqual(['/novus-po/purchase-order-receipt-entry', String(draft.ReceiptId), 'Posted']);
    expect((await get('/api/data/purchase-order/999999/related')).statusCode).toBe(404);
  });
});

describe('each document flows into the next (issue 40 item 4)', () => {
  it('an order offers Receive: the receipt it makes holds the open lines at their remaining quantities; a posted receipt offers Enter vendor invoice', async () => {
    const po = await created('/api/data/purchase-order', {
      OrderDate: `${YEAR}-04-01`,
      VendorId: 'FV1',
      ShipToId: 'TOR-02',
      Lines: [{ ProductId: 'FL-BOLT', QuantityOrdered: '10.0000', UnitPrice: '3.0000' }],
    });
    const makes = async (entity: string, id: unknown) => (await get(`/api/data/${entity}/${id}/related`)).json().Makes as Json[];
    const [receive] = await makes('purchase-order', po.PoId);
    expect(receive).toEqual({ Id: 'receive', Entity: 'po-receipt', LabelKey: 'po:purchase-order.makes.receive', Screen: '/novus-po/purchase-order-receipt-entry', Create: true, Values: { PoId: po.PoId, ReceiptDate: '$today' }, Hotkey: 'Alt+G' });
    // A first receipt of 4, posted: the order's next Receive brings the 6 still open.
    const first = await created('/api/data/po-receipt', { PoId: po.PoId, ReceiptDate: `${YEAR}-04-02`, Lines: [{ ProductId: 'FL-BOLT', QuantityReceived: '4.0000' }] });
    expect((await postJson(`/api/data/po-receipt/${first.ReceiptId}/actions/post`, { Version: first.Version, Confirmations: [] })).statusCode).toBe(200);
    const again = await makes('purchase-order', po.PoId);
    expect(again.map((make) => make.Id)).toEqual(['receive']);
    const made = await created('/api/data/po-receipt', { ...again[0]!.Values, ReceiptDate: `${YEAR}-04-03` });
    expect(made.Lines.map((line: Json) => [line.ProductId, line.QuantityReceived])).toEqual([['FL-BOLT', '6.0000']]);
    // An open receipt offers nothing yet; once posted, Enter vendor invoice with the receipt and its vendor.
    expect(await makes('po-receipt', made.ReceiptId)).toEqual([]);
    expect((await postJson(`/api/data/po-receipt/${made.ReceiptId}/actions/post`, { Version: made.Version, Confirmations: [] })).statusCode).toBe(200);
    expect(await makes('po-receipt', made.ReceiptId)).toEqual([
      expect.objectContaining({ Id: 'enter-invoice', Entity: 'ap-invoice', Screen: '/novus-ap/purchase-journal', Create: false, Values: { ReceiptId: made.ReceiptId, VendorId: 'FV1', TransactionDate: '$today', DocDate: '$today' } }),
    ]);
    // A fully received order offers no Receive.
    expect(await makes('purchase-order', po.PoId)).toEqual([]);
  });
});

