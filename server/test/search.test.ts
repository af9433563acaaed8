/**
 * Issue 42 item 1, the global search's server side, on SQLite and PostgreSQL (TEST_DATABASE=postgres):
 * - documents by number (prefix, the digits alone, and those without leading zeros: issue 71 item 2), firms and products by any word of their name, accents and
 *   case ignored, number prefixes first, grouped by kind with the screen that opens each;
 * - rights: a clerk finds no employee nor A/P document (payroll role, applications), a user restricted to assigned
 *   customers (§6) finds only those firms, a portal customer finds nothing of the staff's and, of the kinds declared
 *   for the portal, only their own accounts' records (an invoice by its number, never another customer's);
 * - the index changes in the write's transaction: a rolled-back write leaves no row, an update and a delete follow.
 */
import { allEntities } from '@erp/shared/entities/index';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { call } from './helpers/entities.ts';
import { prefixEnd } from '../src/search/search.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let admin: string;
let clerk: string;
let portal: string;
let order: Json;

const search = async (token: string, text: string): Promise<Json[]> => {
  const response = await call(server.app, 'GET', `/api/search?Search=${encodeURIComponent(text)}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().List as Json[];
};
const ids = (hits: Json[], entity: string) => hits.filter((hit) => hit.Entity === entity).map((hit) => hit.Number);

async function created(url: string, body: Json): Promise<Json> {
  const response = await call(server.app, 'POST', url, admin, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().Data;
}

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  clerk = (await signIn(server.app, 'clerk', 'clerk')).access_token;
  portal = (await signIn(server.app, 'portal', 'portal')).access_token;
  await created('/api/data/firm', { FirmId: 'QZ100', Name: 'Société Québécoise Zéphyr', FirmTypes: ['bill-to'] });
  await created('/api/data/firm', { FirmId: 'QZ200', Name: 'Zephyrine Metals', FirmTypes: ['bill-to'] });
  await created('/api/data/firm', { FirmId: 'QZV1', Name: 'Quartz Mill Inc.', FirmTypes: ['vendor'] });
  await created('/api/data/product-class', { ClassId: 'TQZ', Description: 'Search test class', InventoryAccount: 'INVENTORY-STEEL' });
  await created('/api/data/product', { ProductId: 'QZ-BOLT', Description: 'Hexagonal bolt', ClassId: 'TQZ', KitType: 'None', TrackInventory: true });
  order = await created('/api/data/purchase-order', {
    OrderDate: '2043-02-01',
    VendorId: 'QZV1',
    ShipToId: 'TOR-02',
    Lines: [{ ProductId: 'QZ-BOLT', QuantityOrdered: '4.0000', UnitPrice: '2.0000' }],
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('global search (issue 42 item 1)', () => {
  it('every searchable entity opens on a screen: its declared one or a route', () => {
    const searchable = allEntities().filter((def) => def.globalSearch);
    expect(searchable.map((def) => def.name)).toEqual(expect.arrayContaining(['firm', 'product', 'pr-employee', 'ar-invoice', 'sales-order', 'purchase-order', 'ap-invoice', 'ap-cheque', 'gl-journal-entry', 'wd-order']));
    expect(searchable.filter((def) => !def.screen && def.routes.length === 0).map((def) => def.name)).toEqual([]);
  });

  it('finds a firm by any word of its name, ignoring accents and case, with its kind and screen', async () => {
    const hits = await search(admin, 'QUEBECOISE');
    const firm = hits.find((hit) => hit.Entity === 'firm' && hit.Id === 'QZ100');
    expect(firm).toMatchObject({ Number: 'QZ100', Name: 'Société Québécoise Zéphyr' });
    expect(firm!.Application.length).toBeGreaterThan(0);
    expect(firm!.Kind).toBe('Firm');
    expect(firm!.Screen).toMatch(/^\/[a-z-]+\/[a-z-]+/);
    // A word's beginning finds both; "zéph" and "ZEPH" alike.
    expect(ids(await search(admin, 'zéph'), 'firm').sort()).toEqual(['QZ100', 'QZ200']);
    expect(ids(await search(admin, 'ZEPH'), 'firm').sort()).toEqual(['QZ100', 'QZ200']);
    // Every word must match.
    expect(ids(await search(admin, 'zeph metals'), 'firm')).toEqual(['QZ200']);
  });

  it('finds a document by its number, the number prefix first, and by the digits of its number', async () => {
    const number = String(order.PoNo);
    const hits = await search(admin, number);
    expect(hits[0]).toMatchObject({ Entity: 'purchase-order', Id: String(order.PoId), Number: number, Name: 'Quartz Mill Inc.', Screen: '/novus-po/purchase-order-entry' });
    const prefix = await search(admin, number.slice(0, -1).toLowerCase());
    expect(ids(prefix, 'purchase-order')).toContain(number);
    // A number typed comes before the names that start with it (the vendor's firm code QZV1 is a number too).
    expect(ids(await search(admin, 'quartz'), 'purchase-order')).toContain(number);
    const digits = number.replace(/^[A-Za-z-]+/, '');
    expect(ids(await search(admin, digits), 'purchase-order')).toContain(number);
  });

  it('finds a number by its digits without their leading zeros: "312" finds AR000312 (issue 71 item 2)', async () => {
    await created('/api/data/firm', { FirmId: 'QZ000777', Name: 'Leading Zero Supply', FirmTypes: ['bill-to'] });
    expect(ids(await search(admin, '777'), 'firm')).toContain('QZ000777');
    // The zeros typed, and the whole number, still find it.
    expect(ids(await search(admin, '000777'), 'firm')).toContain('QZ000777');
    expect(ids(await search(admin, 'qz000777'), 'firm')).toContain('QZ000777');
    // A digit inside the number is not a word's beginning.
    expect(ids(await search(admin, '77'), 'firm')).toContain('QZ000777');
    expect(ids(await search(admin, '07'), 'firm')).not.toContain('QZ000777');
  });

  it('answers a name starting with the text before one holding it further on, accents and case folded on both engines', async () => {
    await created('/api/data/firm', { FirmId: 'QZ300', Name: 'Nordwerk Ölmühle', FirmTypes: ['bill-to'] });
    await created('/api/data/firm', { FirmId: 'QZ310', Name: 'Ölmühle Nordwerk', FirmTypes: ['bill-to'] });
    expect(ids(await search(admin, 'OLMU'), 'firm')).toEqual(['QZ310', 'QZ300']);
    expect(ids(await search(admin, 'nördw'), 'firm')).toEqual(['QZ300', 'QZ310']);
  });

  it('reads a prefix as the range of texts below its end (PostgreSQL\'s b-tree ranges: one plan for every keystroke)', () => {
    expect(prefixEnd('steel')).toBe('steem');
    expect(prefixEnd('zé')).toBe('zê');
    // The end of a prefix ending in the last code point is that of the prefix before it; none for that alone.
    expect(prefixEnd('a\u{10ffff}')).toBe('b');
    expect(prefixEnd('\u{10ffff}')).toBeNull();
    expect(prefixEnd('')).toBeNull();
    // Surrogates are not code points: the one before them is followed by the first after them.
    expect(prefixEnd('a\ud7ff')).toBe('a\ue000');
    expect(prefixEnd('𝔸')).toBe('𝔹');
  });

  it('groups the hits by kind', async () => {
    const hits = await search(admin, 'z');
    const kinds = hits.map((hit) => hit.Entity);
    // Once a kind ends, it never comes back.
    expect(kinds.filter((kind, at) => at === 0 || kinds[at - 1] !== kind).length).toBe(new Set(kinds).size);
  });

  it('answers employees to payroll staff only, and nothing of what a clerk cannot open', async () => {
    const [employee] = (await server.app.erp.database.db.selectFrom('pr_employees' as never).select(['employee_id' as never, 'last_name' as never]).limit(1).execute()) as Json[];
    expect(employee, 'the demo data holds employees').toBeDefined();
    expect(ids(await search(admin, String(employee!.last_name)), 'pr-employee')).toContain(String(employee!.employee_id));
    expect(ids(await search(clerk, String(employee!.last_name)), 'pr-employee')).toEqual([]);
    expect(ids(await search(clerk, String(employee!.employee_id)), 'pr-employee')).toEqual([]);
    expect(ids(await search(clerk, 'zephyrine'), 'firm')).toEqual(['QZ200']);
    // The clerk opens Order Entry and Inventory: firms and products yes, purchase orders no.
    expect(ids(await search(clerk, 'hexagonal'), 'product')).toEqual(['QZ-BOLT']);
    expect(ids(await search(clerk, String(order.PoNo)), 'purchase-order')).toEqual([]);
  });

  it('answers a user restricted to assigned customers (§6) only those', async () => {
    const db = server.app.erp.database.db;
    const flag = (server.app.erp.database.engine === 'postgres' ? true : 1) as 1;
    await db.updateTable('users').set({ restricted_to_customers: flag }).where('user_id', '=', 'clerk').execute();
    await db.insertInto('user_customers').values({ user_id: 'clerk', firm_id: 'QZ100' }).execute();
    try {
      expect(ids(await search(clerk, 'zeph'), 'firm')).toEqual(['QZ100']);
    } finally {
      await db.updateTable('users').set({ restricted_to_customers: (server.app.erp.database.engine === 'postgres' ? false : 0) as 0 }).where('user_id', '=', 'clerk').execute();
      await db.deleteFrom('user_customers').where('user_id', '=', 'clerk').execute();
    }
  });

  it('answers a portal customer nothing of the staff\'s', async () => {
    expect(await search(portal, 'zeph')).toEqual([]);
    expect(await search(portal, String(order.PoNo))).toEqual([]);
  });

  it('opens a portal customer\'s own order on the portal\'s order page, by its portal order; a desk order is not theirs to open', async () => {
    expect((await call(server.app, 'POST', '/api/PortalOrder/account-switch', portal, { BillToId: 'B100' })).statusCode).toBe(200);
    const submitted = await server.app.inject({
      method: 'POST',
      url: '/api/PortalOrder/submit',
      headers: { authorization: `Bearer ${portal}`, 'content-type': 'application/json', 'idempotency-key': 'search-portal-order-1' },
      payload: JSON.stringify({ BillToId: 'B100', ShipToId: 'S101', DeliveryDate: '2099-03-01', Lines: [{ ProductId: 'AL-6061-SH125', Quantity: 1 }] }),
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const db = server.app.erp.database.db as unknown as Kysely<Json>;
    const placed = await db.selectFrom('sales_orders').select(['order_key', 'order_no', 'portal_order_key']).where('portal_order_key', 'is not', null).where('bill_to_id', '=', 'B100').orderBy('order_key', 'desc').executeTakeFirstOrThrow();
    const hit = (await search(portal, String(placed.order_no))).find((found) => found.Entity === 'sales-order' && found.Number === placed.order_no);
    expect(hit).toMatchObject({ Id: String(placed.portal_order_key), Application: 'PORTAL', Screen: '/portal/orderdetails' });
    // The staff open the same order by its own key on their screen.
    const staff = (await search(admin, String(placed.order_no))).find((found) => found.Entity === 'sales-order' && found.Number === placed.order_no);
    expect(staff).toMatchObject({ Id: String(placed.order_key) });
    expect(staff!.Screen).not.toMatch(/portal/);
    // An order the desk entered for the same bill-to has no portal page: the portal customer does not find it.
    const today = new Date().toISOString().slice(0, 10);
    const desk = await created('/api/data/sales-order', { OrderDate: today, BillToId: 'B100', ShipToId: 'S101', WarehouseId: 'TOR-01', DeliveryDate: today, Lines: [{ ProductId: 'AL-6061-SH125', Quantity: '1.0000' }] });
    expect(desk.PortalOrderKey ?? null).toBeNull();
    expect(ids(await search(admin, String(desk.OrderNo)), 'sales-order')).toContain(desk.OrderNo);
    expect(ids(await search(portal, String(desk.OrderNo)), 'sales-order')).not.toContain(desk.OrderNo);
  });

  it('answers a portal customer their own accounts\' invoices, never another customer\'s', async () => {
    // The portal user's securables name the bill-tos B100 and B200; B300 is nobody's (seed/catalog.ts).
    await created('/api/data/accounting-period/fiscal-years', { FiscalYear: 2044 });
    const invoice = async (BillToId: string) =>
      created('/api/data/ar-invoice', { InvoiceDate: '2044-02-01', BillToId, Description: 'Wolframite sheet', Lines: [{ Description: 'Sheet', AccountId: '4100', Quantity: '1', UnitPrice: '10' }] });
    const drafts = [await invoice('B100'), await invoice('B200'), await invoice('B300')];
    for (const made of drafts) expect(String(made.DocumentNo)).toMatch(/\d/);
    // A draft is the office's: the customer finds it once it is posted (globalSearch.portal.states).
    expect(ids(await search(portal, String(drafts[0]!.DocumentNo)), 'ar-invoice')).toEqual([]);
    const post = async (draft: Json): Promise<Json> => {
      const response = await call(server.app, 'POST', `/api/data/ar-invoice/${draft.InvoiceId}/actions/post`, admin, { Version: draft.Version });
      expect(response.statusCode, response.body).toBe(200);
      return draft;
    };
    const [own, second, other] = [await post(drafts[0]!), await post(drafts[1]!), await post(drafts[2]!)] as [Json, Json, Json];
    const found = await search(portal, String(own.DocumentNo));
    expect(found.find((hit) => hit.Id === String(own.InvoiceId))).toMatchObject({ Entity: 'ar-invoice', Number: own.DocumentNo, Name: 'Wolframite sheet', Application: 'PORTAL', Screen: '/portal/invoice' });
    expect(ids(found, 'ar-invoice')).not.toContain(other.DocumentNo);
    expect(ids(await search(portal, String(other.DocumentNo)), 'ar-invoice')).toEqual([]);
    // By a word of the three, and by the number's prefix: both of their accounts', never B300's.
    expect(ids(await search(portal, 'wolframite'), 'ar-invoice').sort()).toEqual([own.DocumentNo, second.DocumentNo].sort());
    const prefix = ids(await search(portal, String(own.DocumentNo).slice(0, 2)), 'ar-invoice');
    expect(prefix).toEqual(expect.arrayContaining([own.DocumentNo, second.DocumentNo]));
    expect(prefix).not.toContain(other.DocumentNo);
    // The staff find all three; a portal customer only the kinds declared for the portal, on the portal's screens.
    expect(ids(await search(admin, 'wolframite'), 'ar-invoice')).toHaveLength(3);
    for (const hit of await search(portal, 'a')) expect(hit).toMatchObject({ Entity: expect.stringMatching(/^(ar-invoice|sales-order)$/), Application: 'PORTAL' });
    // Securables are read on every call: without them, nothing.
    const db = server.app.erp.database.db;
    const securables = await db.selectFrom('user_securables').selectAll().where('user_id', '=', 'portal').execute();
    await db.deleteFrom('user_securables').where('user_id', '=', 'portal').execute();
    try {
      expect(await search(portal, 'wolframite')).toEqual([]);
    } finally {
      await db.insertInto('user_securables').values(securables.map(({ securable_key: _key, ...row }) => row)).execute();
    }
  });

  it('refuses a text over 100 characters and answers no records for punctuation alone', async () => {
    const long = await call(server.app, 'GET', `/api/search?Search=${'a'.repeat(101)}`, admin);
    expect(long.statusCode).toBe(400);
    const empty = await call(server.app, 'GET', '/api/search?Search=%25%25', admin);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ ResultStatus: 6, List: [] });
  });

  it('indexes in the write\'s transaction: a rolled-back write leaves no row; an update and a delete follow', async () => {
    const db = server.app.erp.database.db;
    const now = new Date().toISOString();
    const firmRow = { firm_id: 'QZ900', name: 'Rollback Xylophone', created_by: 'test', created_on: now, updated_by: 'test', updated_on: now, version: 1 };
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('firms').values(firmRow as never).execute();
        // Seen inside the transaction…
        const inside = await sql<{ n: number }>`select count(*) as n from search_index where entity = 'firm' and record_id = 'QZ900'`.execute(trx);
        expect(Number(inside.rows[0]!.n)).toBe(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // …and gone with it.
    expect(ids(await search(admin, 'xylophone'), 'firm')).toEqual([]);
    // Through the API: create, rename, delete.
    const firm = await created('/api/data/firm', { FirmId: 'QZ901', Name: 'Xylophone Supply', FirmTypes: ['bill-to'] });
    expect(ids(await search(admin, 'xyloph'), 'firm')).toEqual(['QZ901']);
    const renamed = await call(server.app, 'PUT', '/api/data/firm/QZ901', admin, { Name: 'Marimba Supply', Version: firm.Version });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(ids(await search(admin, 'xyloph'), 'firm')).toEqual([]);
    expect(ids(await search(admin, 'marimba'), 'firm')).toEqual(['QZ901']);
    const deleted = await call(server.app, 'DELETE', `/api/data/firm/QZ901?Version=${renamed.json().Data.Version}`, admin);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(ids(await search(admin, 'marimba'), 'firm')).toEqual([]);
  });
});
