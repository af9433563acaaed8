/**
 * Issue 68 items 1 and 3 on SQLite and PostgreSQL (TEST_DATABASE=postgres): a field the caller may not see never
 * decides what they find, and History shows what the user may see now.
 *
 * - The reported cases: with firm City and Name hidden from the clerk's role (§6 form widgets security), the global
 *   search for "Saskatoon" finds no firm and "B300 <prefix>" typed letter by letter reads nothing out; the same with
 *   a hidden vendor SKU and a hidden sales-order number; the rules apply at once, both ways (no stale cache).
 * - An order moved from customer B200 to B100: a user restricted to B100 sees in its History, audit log and as-of
 *   none of the B200 version's values (name, province, prices), the administrator sees them all.
 * - GENERATED from every registered definition (one app, batched requests):
 *   search — each field the index reads (number, name, words), hidden alone, no longer finds its record, not even
 *     with a readable word beside it and letter by letter, where the same text found it before;
 *   every field hidden at once — no sort key, filter or export column naming one is accepted (the answer a field
 *     that does not exist gets), no list search or lookup finds a record by one, History, the audit log and as-of
 *     answer none of their values (synthetic audit rows of every column, line and link table), and record events
 *     carry no field values at all.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEntity } from '@erp/shared/entities/define';
import { allEntities } from '@erp/shared/entities/index';
import { foldText } from '../src/db/fold.ts';
import type { EventHub, RecordEvent } from '../src/events/hub.ts';
import { searchFields, syncSearchIndex } from '../src/search/index-sync.ts';
import { searchWords } from '../src/search/search.ts';
import { keyColumn } from '../src/entities/wire.ts';
import type { AuthenticatedUser } from '../src/auth/plugin.ts';
import { fieldAccess } from '../src/entities/access.ts';
import { parseListQuery } from '../src/entities/query.ts';
import { registeredReports, type ReportContext } from '../src/reports/engine.ts';
import { withFieldRights } from '../src/reports/field-rights.ts';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { call } from './helpers/entities.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let db: Kysely<any>;
let admin: string;
let clerk: string;
let restricted: string;
let spy: string;

const NOW = new Date().toISOString();
const trail = { created_by: 'test', created_on: NOW, updated_by: 'test', updated_on: NOW, version: 1 };

const get = (token: string, url: string) => call(server.app, 'GET', url, token);
const search = async (token: string, text: string): Promise<Json[]> => {
  const response = await get(token, `/api/search?Search=${encodeURIComponent(text)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().List as Json[];
};
const found = (hits: Json[], entity: string, id: string) => hits.some((hit) => hit.Entity === entity && hit.Id === id);

/** Hides fields (entity → fields) from `roles` (the table form widgets security writes), in batches. */
async function hideAll(fields: readonly [string, readonly string[]][], roles: readonly string[]) {
  const rows = fields.flatMap(([entity, names]) => names.flatMap((field) => roles.map((role) => ({ role_id: role, entity, field_name: field, access: 'hidden', ...trail }))));
  for (let at = 0; at < rows.length; at += 200) await db.insertInto('form_widget_security').values(rows.slice(at, at + 200)).execute();
}
const hide = (entity: string, fields: readonly string[], roles: readonly string[]) => hideAll([[entity, fields]], roles);
const unhideAll = () => db.deleteFrom('form_widget_security').execute();

/** A staff user with these roles (a copy of admin's row), restricted to one customer when given (§6). */
async function user(id: string, roles: string[], restrictedTo?: string): Promise<string> {
  const row = await db.selectFrom('users').selectAll().where('user_id', '=', 'admin').executeTakeFirstOrThrow();
  const flag = server.database.engine === 'postgres' ? restrictedTo !== undefined : restrictedTo !== undefined ? 1 : 0;
  await db.insertInto('users').values({ ...row, user_id: id, display_name: `User ${id}`, restricted_to_customers: flag }).execute();
  for (const role of roles) await db.insertInto('user_roles').values({ user_id: id, role_id: role }).execute();
  if (restrictedTo) await db.insertInto('user_customers').values({ user_id: id, firm_id: restrictedTo }).execute();
  // Signing in with admin's password: the row is a copy of admin's.
  return (await signIn(server.app, id, 'admin')).access_token;
}

async function created(url: string, body: Json): Promise<Json> {
  const response = await call(server.app, 'POST', url, admin, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().Data;
}

let order: Json;

beforeAll(async () => {
  server = await startServer();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db = server.app.erp.database.db as unknown as Kysely<any>;
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  clerk = (await signIn(server.app, 'clerk', 'clerk')).access_token;
  restricted = await user('b100-only', ['ADMIN'], 'B100');
  // The generated part's reader: every entity (ADMIN opens every application, PAYROLL the payroll ones).
  spy = await user('spy', ['ADMIN', 'PAYROLL']);
  await created('/api/data/product-class', { ClassId: 'THF', Description: 'Hidden fields class', InventoryAccount: 'INVENTORY-STEEL' });
  await created('/api/data/product', { ProductId: 'HF-BOLT', Description: 'Hexagonal bolt', ClassId: 'THF', KitType: 'None', TrackInventory: true, VendorSku: 'QXVSKU9' });
  await created('/api/data/product-price', { ProductId: 'HF-BOLT', PriceTable: 'LIST', PriceType: 'Each', FromQuantity: '0.0000', Price: '20.0000', Currency: 'CAD' });
  // B200's own price (its price table): what the B200 version of the order shows.
  await created('/api/data/price-table', { PriceTableId: 'T-HF200', Description: 'Hidden fields B200', CustomerId: 'B200', Ranges: [{ ProductId: 'HF-BOLT', PriceType: 'Each', FromQuantity: '1.0000', Price: '17.3500' }] });
  order = await created('/api/data/sales-order', {
    OrderDate: '2026-01-10',
    BillToId: 'B200',
    ShipToId: 'S201',
    WarehouseId: 'TOR-02',
    DeliveryDate: '2026-01-15',
    Lines: [{ ProductId: 'HF-BOLT', Quantity: '3.0000' }],
  });
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe('the reported cases (issue 68 item 1)', () => {
  it('a hidden firm city and name find nothing: "Saskatoon", and "B300 <prefix>" letter by letter', async () => {
    expect(found(await search(clerk, 'Saskatoon'), 'firm', 'B300')).toBe(true);
    await hide('firm', ['City', 'Name'], ['CLERK']);
    try {
      expect(found(await search(admin, 'Saskatoon'), 'firm', 'B300')).toBe(true);
      expect((await search(clerk, 'Saskatoon')).filter((hit) => hit.Entity === 'firm')).toEqual([]);
      for (const word of ['saskatoon', 'prairie', 'steel', 'fabricators']) {
        for (let length = 1; length <= word.length; length++) {
          const text = `B300 ${word.slice(0, length)}`;
          expect(found(await search(clerk, text), 'firm', 'B300'), text).toBe(false);
        }
      }
      // By its number (a readable field) the firm is still found, its hidden name blank.
      expect((await search(clerk, 'B300')).find((hit) => hit.Entity === 'firm' && hit.Id === 'B300')).toMatchObject({ Number: 'B300', Name: '' });
    } finally {
      await unhideAll();
    }
    // The rules apply at once, both ways.
    expect(found(await search(clerk, 'Saskatoon'), 'firm', 'B300')).toBe(true);
  });

  it('a hidden vendor SKU finds no product', async () => {
    expect(found(await search(clerk, 'QXVSKU9'), 'product', 'HF-BOLT')).toBe(true);
    await hide('product', ['VendorSku'], ['CLERK']);
    try {
      for (const text of ['QXVSKU9', 'q', 'qxv', 'HF-BOLT qxvs', 'hexagonal qxv']) expect(found(await search(clerk, text), 'product', 'HF-BOLT'), text).toBe(false);
      expect(found(await search(clerk, 'hexagonal'), 'product', 'HF-BOLT')).toBe(true);
      expect(found(await search(admin, 'QXVSKU9'), 'product', 'HF-BOLT')).toBe(true);
    } finally {
      await unhideAll();
    }
  });

  it('a hidden sales-order number finds no order, and orders nothing', async () => {
    const number = String(order.OrderNo);
    const id = String(order.OrderKey);
    const digits = number.replace(/^\D+/, '');
    expect(found(await search(clerk, number), 'sales-order', id)).toBe(true);
    await hide('sales-order', ['OrderNo'], ['CLERK']);
    try {
      for (const text of [number, number.slice(0, 4), digits, `laurentian ${digits}`]) expect(found(await search(clerk, text), 'sales-order', id), text).toBe(false);
      // By the customer's name it is found, its number blank.
      const byName = (await search(clerk, 'Laurentian')).find((hit) => hit.Entity === 'sales-order' && hit.Id === id);
      expect(byName).toMatchObject({ Number: '', Name: 'Laurentian Electrical Contractors Inc.' });
      expect(found(await search(admin, number), 'sales-order', id)).toBe(true);
    } finally {
      await unhideAll();
    }
  });
});

describe('reports (issue 68 item 1)', () => {
  it("a hidden sales-order customer name is masked in the order summary's grid and .xlsx; totals of a hidden amount are gone", async () => {
    const body = { Parameters: { StartDate: '2026-01-01', EndDate: '2026-12-31', BillToId: 'B200' } };
    const run = async (token: string) => {
      const answer = await call(server.app, 'POST', '/api/reports/so-order-summary/run', token, body);
      expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
      return answer.json() as Json;
    };
    const before = await run(clerk);
    expect(before.List.find((row: Json) => row.OrderNo === order.OrderNo)).toMatchObject({ CustomerName: 'Laurentian Electrical Contractors Inc.' });
    await hide('sales-order', ['CustomerName', 'Total'], ['CLERK']);
    try {
      const after = await run(clerk);
      const row = after.List.find((item: Json) => item.OrderNo === order.OrderNo);
      expect(row.CustomerName).toBeNull();
      expect(row.Total).toBeNull();
      expect(after.Totals ?? {}).not.toHaveProperty('Total');
      expect(JSON.stringify(after)).not.toContain('Laurentian');
      const xlsx = await call(server.app, 'POST', '/api/reports/so-order-summary/xlsx', clerk, body);
      expect(xlsx.statusCode).toBe(200);
      const ExcelJS = (await import('exceljs')).default;
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const cells: string[] = [];
      workbook.eachSheet((sheet) => sheet.eachRow((line) => line.eachCell((cell) => void cells.push(String(cell.value)))));
      expect(cells.join(' ')).toContain(String(order.OrderNo));
      expect(cells.join(' ')).not.toContain('Laurentian');
      // The administrator's report is whole.
      expect(JSON.stringify(await run(admin))).toContain('Laurentian');
    } finally {
      await unhideAll();
    }
  });
});

describe('hidden values do not crowd the search (issue 68 item 1)', () => {
  it('a one-letter prefix matching 3,000 firms only through a hidden City still answers the readable matches', async () => {
    const model = await db.selectFrom('firms').selectAll().where('firm_id', '=', 'B300').executeTakeFirstOrThrow();
    const copy = (id: string, name: string, city: string) => ({ ...model, firm_id: id, name, city });
    // Inserted first: in FTS5's rowid order and in the b-tree's word order ("xanadu" < "xylo") the hidden values lead.
    const hiddenOnes = Array.from({ length: 3000 }, (_, i) => copy(`HC${String(i).padStart(4, '0')}`, `Quarry ${i}`, 'Xanadu'));
    const readable = Array.from({ length: 10 }, (_, i) => copy(`HR${String(i).padStart(2, '0')}`, `Xylo Supply ${i}`, 'Regina'));
    for (let at = 0; at < hiddenOnes.length; at += 100) await db.insertInto('firms').values(hiddenOnes.slice(at, at + 100)).execute();
    await db.insertInto('firms').values(readable).execute();
    await hide('firm', ['City'], ['CLERK']);
    try {
      for (const text of ['x', 'xy']) {
        const firms = (await search(clerk, text)).filter((hit) => hit.Entity === 'firm');
        expect(firms.length, text).toBe(8);
        expect(firms.every((hit) => String(hit.Id).startsWith('HR')), text).toBe(true);
      }
      // Two words: the readable name's words, never the hidden city's.
      expect((await search(clerk, 'xylo s')).filter((hit) => hit.Entity === 'firm').length).toBe(8);
      expect((await search(clerk, 'quarry x')).filter((hit) => hit.Entity === 'firm')).toEqual([]);
    } finally {
      await unhideAll();
      await db.deleteFrom('firms').where('firm_id', 'in', [...hiddenOnes, ...readable].map((firm) => firm.firm_id)).execute();
    }
  });

  it("a database indexed before the field slots rebuilds its rows at start (the layout is in each entity's signature)", async () => {
    // A signature as recorded before 0073_search_fields (no layout), and its rows gone: the next sync rebuilds them.
    const recorded = await db.selectFrom('search_sources').select('signature').where('entity', '=', 'firm').executeTakeFirstOrThrow();
    const { layout: _layout, ...former } = JSON.parse(String(recorded.signature)) as Json;
    await db.updateTable('search_sources').set({ signature: JSON.stringify(former) }).where('entity', '=', 'firm').execute();
    await db.deleteFrom('search_index').where('entity', '=', 'firm').execute();
    expect(found(await search(clerk, 'Saskatoon'), 'firm', 'B300')).toBe(false);
    await syncSearchIndex(db, allEntities());
    expect(found(await search(clerk, 'Saskatoon'), 'firm', 'B300')).toBe(true);
    expect((await db.selectFrom('search_sources').select('signature').where('entity', '=', 'firm').executeTakeFirstOrThrow()).signature).toBe(recorded.signature);
  });
});

describe('reports sort and computed columns, process previews (issue 68 item 1)', () => {
  it('a report sorted by a hidden column answers in the order of its other keys', async () => {
    // Two B300 orders whose dates run against their keys: by date (desc) the older key comes first.
    const older = await created('/api/data/sales-order', { OrderDate: '2026-05-20', BillToId: 'B300', WarehouseId: 'TOR-02', DeliveryDate: '2026-05-25', Lines: [{ ProductId: 'HF-BOLT', Quantity: '1.0000' }] });
    const newer = await created('/api/data/sales-order', { OrderDate: '2026-05-10', BillToId: 'B300', WarehouseId: 'TOR-02', DeliveryDate: '2026-05-25', Lines: [{ ProductId: 'HF-BOLT', Quantity: '1.0000' }] });
    const body = { Parameters: { StartDate: '2026-05-01', EndDate: '2026-05-31', BillToId: 'B300' } };
    const keys = async (token: string) => {
      const answer = await call(server.app, 'POST', '/api/reports/so-order-summary/run', token, body);
      expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
      return (answer.json().List as Json[]).map((row) => row.OrderKey).filter((key) => key === older.OrderKey || key === newer.OrderKey);
    };
    expect(await keys(clerk)).toEqual([older.OrderKey, newer.OrderKey]);
    await hide('sales-order', ['OrderDate'], ['CLERK']);
    try {
      // OrderDate (desc) leaves the sort: OrderKey (desc) alone orders the rows.
      expect(await keys(clerk)).toEqual([newer.OrderKey, older.OrderKey]);
      expect(await keys(admin)).toEqual([older.OrderKey, newer.OrderKey]);
    } finally {
      await unhideAll();
    }
  });

  it('a computed report column over a hidden field is masked', async () => {
    const user = { userId: 'clerk', roles: ['CLERK'], row: { language: 'en-CA' }, applications: { names: new Set(), paths: new Set() }, token: {} } as unknown as AuthenticatedUser;
    const ctx: ReportContext = { database: server.app.erp.database, db: server.app.erp.database.db as never, params: {}, user, state: {} };
    const report = registeredReports().find((candidate) => candidate.def.name === 'so-order-summary')!;
    // The same report with a sum and an expression over sales_orders.total, and one over a readable column.
    const computed = {
      ...report,
      def: { ...report.def, columns: [...report.def.columns, { ...report.def.columns.find((column) => column.field === 'Total')!, field: 'Doubled' }, { ...report.def.columns.find((column) => column.field === 'OrderNo')!, field: 'Upper' }] },
      rows: () =>
        (server.app.erp.database.db as unknown as Kysely<any>) // eslint-disable-line @typescript-eslint/no-explicit-any
          .selectFrom('sales_orders as o')
          .select(['o.order_no as OrderNo', 'o.total as Total', sql<string>`${sql.ref('o.total')} * 2`.as('Doubled'), sql<string>`upper(${sql.ref('o.order_no')})`.as('Upper')]),
    } as typeof report;
    await hide('sales-order', ['Total'], ['CLERK']);
    try {
      const shown = await withFieldRights(ctx, computed);
      const hiddenOnes = shown.def.columns.filter((column) => column.hidden && !report.def.columns.find((own) => own.field === column.field)?.hidden).map((column) => column.field);
      expect(hiddenOnes.sort()).toEqual(['Doubled', 'Total']);
    } finally {
      await unhideAll();
    }
  });

  it("a process preview masks a hidden field, and its run's Seen check still holds", async () => {
    // An order in the shipping queue (Committed: set directly, the queue reads the table).
    const queued = await created('/api/data/sales-order', { OrderDate: '2026-06-01', BillToId: 'B300', WarehouseId: 'TOR-02', DeliveryDate: '2026-06-05', Lines: [{ ProductId: 'HF-BOLT', Quantity: '1.0000' }] });
    await db.updateTable('sales_orders').set({ status: 'Committed' }).where('order_key', '=', queued.OrderKey).execute();
    const committed = await db.selectFrom('sales_orders').select(['order_key', 'customer_name', 'warehouse_id']).where('order_key', '=', queued.OrderKey).executeTakeFirstOrThrow();
    const body = { Parameters: { WarehouseId: committed.warehouse_id } };
    const preview = async (token: string) => {
      const answer = await call(server.app, 'POST', '/api/processes/so-shipping-queue/preview', token, body);
      expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
      return answer.json() as Json;
    };
    const before = await preview(clerk);
    const row = (before.List as Json[]).find((item) => item.OrderKey === Number(committed.order_key))!;
    expect(row.CustomerName).toBe(committed.customer_name);
    await hide('sales-order', ['CustomerName'], ['CLERK']);
    try {
      const after = await preview(clerk);
      const masked = (after.List as Json[]).find((item) => item.OrderKey === Number(committed.order_key))!;
      expect(masked.CustomerName).toBeNull();
      expect(masked.OrderNo).toBe(row.OrderNo);
      expect(JSON.stringify(after.List)).not.toContain(String(committed.customer_name));
      // Seen is the digest of the whole row, as the run computes it: an unchanged item is still sent as seen.
      expect(after.Seen[String(committed.order_key)]).toBe(before.Seen[String(committed.order_key)]);
    } finally {
      await unhideAll();
    }
  });
});

describe('History shows what the user may see now (issue 68 item 3)', () => {
  it('an order moved from B200 to B100 shows a B100-only user nothing of its B200 version', async () => {
    const id = String(order.OrderKey);
    // The order was entered (for B200) on 2026-01-10, then moved to B100 today.
    await db.updateTable('audit_log').set({ action_on: '2026-01-10T15:00:00.000Z' }).where('root_table', '=', 'sales_orders').where('root_id', '=', id).execute();
    await db.updateTable('audit_log').set({ action_on: '2026-01-10T15:00:00.000Z' }).where('table_name', '=', 'sales_orders').where('id_value', '=', id).execute();
    await db.updateTable('sales_orders').set({ created_on: '2026-01-10T15:00:00.000Z' }).where('order_key', '=', order.OrderKey).execute();
    const now = (await get(admin, `/api/data/sales-order/${id}`)).json().Data;
    const moved = await call(server.app, 'PUT', `/api/data/sales-order/${id}`, admin, { Version: now.Version, BillToId: 'B100', ShipToId: 'S101' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().Data.CustomerName).toBe('Northshore Metals Ltd.');

    const secrets = ['B200', 'S201', 'Laurentian', '17.35', '"QC"'];
    const leaks = (body: string) => secrets.filter((secret) => body.includes(secret));
    const history = await get(restricted, `/api/data/sales-order/${id}/history`);
    expect(history.statusCode, history.body).toBe(200);
    expect(leaks(history.body)).toEqual([]);
    const entries = history.json().List as Json[];
    expect(entries).toHaveLength(2);
    const move = entries[0]!.Changes.find((change: Json) => change.Field === 'BillToId');
    expect(move).toMatchObject({ Old: null, New: 'B100', Masked: true, Withheld: true });
    expect(entries[1]!.Created).toBe(true);
    // The entry of the B200 version: every value blank.
    for (const change of entries[1]!.Changes as Json[]) {
      for (const value of [change.New, ...((change.Changes as Json[] | undefined) ?? []).map((inner) => inner.New)]) expect(value ?? null).toBeNull();
    }
    const audit = await get(restricted, `/api/data/sales-order/${id}/audit`);
    expect(audit.statusCode).toBe(200);
    expect(leaks(audit.body)).toEqual([]);
    // As of the day it was B200's, the order is refused as B200's order is; today it answers.
    const asOf = await get(restricted, `/api/data/sales-order/${id}/as-of?Date=2026-01-10`);
    expect(asOf.statusCode).toBe(403);
    expect(leaks(asOf.body)).toEqual([]);
    expect((await get(restricted, `/api/data/sales-order/${id}/as-of?Date=2099-01-01`)).statusCode).toBe(200);

    // The administrator sees it all.
    const full = await get(admin, `/api/data/sales-order/${id}/history`);
    expect(full.body).toContain('Laurentian');
    expect(full.json().List[0].Changes.find((change: Json) => change.Field === 'BillToId')).toMatchObject({ Old: 'B200', New: 'B100' });
    expect((await get(admin, `/api/data/sales-order/${id}/as-of?Date=2026-01-10`)).json().Data).toMatchObject({ BillToId: 'B200', CustomerName: 'Laurentian Electrical Contractors Inc.' });
    expect((await get(admin, `/api/data/sales-order/${id}/audit`)).body).toContain('Laurentian');
  });
});

// ---------------------------------------------------------------------------------------------------------
// Generated from every registered definition

const SPY_ROLES = ['ADMIN', 'PAYROLL'];

/** Words the way both engines' tokenizers cut them (letters and digits, folded). */
const wordsOf = (value: unknown) => (value === null || value === undefined ? [] : foldText(String(value)).split(/[^\p{L}\p{N}]+/u).filter(Boolean));
const NUMBER_PREFIX = /^[A-Za-z\-_/# ]+/;

describe('generated: a field hidden from a role leaves its search (issue 68 item 1)', () => {
  it('every field the index reads, hidden alone, finds its record no more — even beside a readable word, letter by letter', async () => {
    const tested: string[] = [];
    for (const def of allEntities()) {
      const fields = searchFields(def);
      if (!fields) continue;
      const sourceFields = [...new Set([fields.number, ...fields.label, ...fields.words])];
      const columns = sourceFields.map((field) => (def.fields[field] as { column: string }).column);
      const rows = (await db
        .selectFrom(def.table)
        .select([`${keyColumn(def)} as k`, ...columns.map((column, index) => `${column} as c${index}`)])
        .limit(200)
        .execute()) as Json[];
      for (const [index, field] of sourceFields.entries()) {
        if (field === def.key) continue;
        // A record with a word in this field that no other field of it begins, and a readable word beside it.
        const candidate = rows
          .map((row) => {
            const others = sourceFields.flatMap((other, at) => (at === index ? [] : [...wordsOf(row[`c${at}`]), ...(other === fields.number ? wordsOf(String(row[`c${at}`] ?? '').replace(NUMBER_PREFIX, '')) : [])]));
            const own = [...wordsOf(row[`c${index}`]), ...(field === fields.number ? wordsOf(String(row[`c${index}`] ?? '').replace(NUMBER_PREFIX, '')) : [])];
            const word = own.find((w) => w.length >= 3 && !others.some((o) => o.startsWith(w.slice(0, 1))));
            return word ? { id: String(row['k']), word, anchor: others.find((o) => o.length >= 2) ?? null, others } : null;
          })
          .find((value) => value !== null);
        if (!candidate) continue;
        const text = (prefix: string) => (candidate.anchor ? `${candidate.anchor} ${prefix}` : prefix);
        expect(found(await search(spy, text(candidate.word)), def.name, candidate.id), `${def.name}.${field} found before hiding`).toBe(true);
        await hide(def.name, [field], SPY_ROLES);
        try {
          for (let length = 1; length <= candidate.word.length; length++) {
            const typed = text(candidate.word.slice(0, length));
            expect(found(await search(spy, typed), def.name, candidate.id), `${def.name}.${field} hidden: "${typed}"`).toBe(false);
          }
          if (candidate.anchor) expect(found(await search(spy, candidate.anchor), def.name, candidate.id), `${def.name} by a readable word`).toBe(true);
        } finally {
          await unhideAll();
        }
        tested.push(`${def.name}.${field}`);
      }
    }
    // The reported kinds are among those generated (the demo data has records of these).
    expect(tested).toEqual(expect.arrayContaining(['firm.Name', 'firm.City', 'product.VendorSku', 'sales-order.OrderNo', 'sales-order.CustomerName']));
  });
});

describe('generated: a lookup storing a hidden field suggests nothing (issue 68 item 1)', () => {
  it("every lookup field storing another field of its target (`targetField`), that field hidden alone: no suggestion", async () => {
    let checked = 0;
    for (const def of allEntities()) {
      for (const [name, field] of Object.entries(def.fields)) {
        if (field.type !== 'lookup' || !field.targetField) continue;
        const url = `/api/lookup/${field.entity}?From=${def.name}&Field=${name}`;
        const before = await get(spy, url);
        if (before.statusCode !== 200 || (before.json().List as Json[]).length === 0) continue;
        await hide(field.entity, [field.targetField], SPY_ROLES);
        try {
          const answer = await get(spy, url);
          expect(answer.statusCode, url).toBe(200);
          expect(answer.json().List, url).toEqual([]);
        } finally {
          await unhideAll();
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});

/** Every own field of `def` but the key (which is never hidden). */
const ownFields = (def: AnyEntity) => Object.keys(def.fields).filter((name) => name !== def.key);

describe('generated: every field hidden at once (issue 68 items 1 and 3)', () => {
  const sample = new Map<string, Json>();

  beforeAll(async () => {
    // One record of each entity that has one, read before the rules (its values are what must not come out).
    for (const def of allEntities()) {
      const row = await db.selectFrom(def.table).selectAll().limit(1).executeTakeFirst();
      if (row) sample.set(def.name, row as Json);
    }
    // Synthetic audit rows of every column, flag, link and line table of each sample record: `LEAK<n>`.
    let n = 0;
    const rows: Json[] = [];
    for (const def of allEntities()) {
      const row = sample.get(def.name);
      if (!row) continue;
      const id = String(row[keyColumn(def)]);
      const base = { id_name: keyColumn(def), action_by: 'admin', action_on: '2099-12-31T00:00:00.000Z', action: 'update' };
      for (const name of ownFields(def)) {
        const field = def.fields[name]!;
        if (field.type === 'set') {
          if (field.storage.kind === 'flags') {
            for (const column of Object.values(field.storage.columns)) rows.push({ ...base, table_name: def.table, id_value: id, column_name: column, old_value: `LEAK${++n}`, new_value: `LEAK${++n}`, root_table: null, root_id: null });
          } else {
            rows.push({ ...base, table_name: field.storage.table, id_value: id, column_name: 'value', old_value: null, new_value: `LEAK${++n}`, action: 'insert', root_table: def.table, root_id: id });
          }
        } else if (field.type === 'children') {
          const child = Object.entries(field.fields).find(([childName]) => childName !== field.key);
          if (child) rows.push({ ...base, table_name: field.table, id_value: '987654321', column_name: child[1].column ?? child[0], old_value: `LEAK${++n}`, new_value: `LEAK${++n}`, root_table: def.table, root_id: id });
        } else if (field.column && !field.virtual) {
          rows.push({ ...base, table_name: def.table, id_value: id, column_name: field.column, old_value: `LEAK${++n}`, new_value: `LEAK${++n}`, root_table: null, root_id: null });
        }
      }
    }
    for (let at = 0; at < rows.length; at += 200) await db.insertInto('audit_log').values(rows.slice(at, at + 200)).execute();
    await hideAll(allEntities().map((def) => [def.name, ownFields(def)] as const), SPY_ROLES);
  }, 120_000);

  afterAll(async () => {
    await unhideAll();
  });

  it('no sort key, filter or export column naming a hidden field is accepted: the answer an unknown field gets', async () => {
    // Every field through the parser with the access the rules give now (no request each: the CI budget); then
    // one request per entity and kind through the routes (list and export) to show they answer what the parser says.
    const reader = { roles: SPY_ROLES } as unknown as AuthenticatedUser;
    let checked = 0;
    for (const def of allEntities()) {
      const { hidden } = await fieldAccess(server.app.erp.database, def, reader);
      expect([...hidden].sort(), def.name).toEqual(ownFields(def).sort());
      const refusal = (params: Json) => {
        const parsed = parseListQuery(def, params, hidden, true);
        return parsed.ok ? null : parsed.message;
      };
      const sortable = def.listColumns.filter((column) => column.sortable && column.field !== def.key).map((column) => column.field);
      for (const field of sortable) expect(refusal({ SortFields: field })).toBe(refusal({ SortFields: 'NoSuchField' })!.replace('NoSuchField', field));
      const filters = def.filters.filter((filter) => filter.field !== def.key).map((filter) => (filter.op === 'range' ? `filter.${filter.field}.from` : `filter.${filter.field}`));
      for (const name of filters) expect(refusal({ [name]: '1' })).toBe(refusal({ 'filter.NoSuchField': '1' })!.replace('filter.NoSuchField', name));
      for (const field of ownFields(def)) expect(refusal({ Columns: field })).toBe(refusal({ Columns: 'NoSuchField' })!.replace('NoSuchField', field));
      checked += sortable.length + filters.length + ownFields(def).length;
      const routes: [string, string, Json | undefined][] = [
        ...(sortable[0] ? [['GET', `/api/data/${def.name}?SortFields=${sortable[0]}&PageSize=1`, undefined] as [string, string, undefined]] : []),
        ...(filters[0] ? [['GET', `/api/data/${def.name}?${filters[0]}=1`, undefined] as [string, string, undefined]] : []),
        ['POST', `/api/data/${def.name}/export`, { Columns: [ownFields(def)[0]] }],
      ];
      for (const [method, url, body] of routes) {
        const answer = await call(server.app, method as 'GET' | 'POST', url, spy, body);
        expect(answer.statusCode, `${method} ${url}`).toBe(400);
        expect(answer.json().Message).toMatch(/^Bad request: (Cannot sort by|Unknown query parameter: filter\.|Columns: unknown field)/);
      }
    }
    expect(checked).toBeGreaterThan(2000);
    // In the caller's language, as every answer.
    await db.updateTable('users').set({ language: 'fr-CA' }).where('user_id', '=', 'spy').execute();
    try {
      const french = await get(spy, '/api/data/firm?SortFields=Name');
      expect(french.statusCode).toBe(400);
      expect(french.json().Message).toBe('Requête invalide : Impossible de trier par Name');
      expect((await get(spy, '/api/data/firm?filter.FirmTypes=vendor')).json().Message).toBe('Requête invalide : Paramètre de requête inconnu : filter.FirmTypes');
    } finally {
      await db.updateTable('users').set({ language: 'en-CA' }).where('user_id', '=', 'spy').execute();
    }
  });

  it('no list search, lookup or global search finds a record by a hidden field', async () => {
    for (const def of allEntities()) {
      const row = sample.get(def.name);
      if (!row) continue;
      const key = String(row[keyColumn(def)]);
      const keyWords = foldText(key);
      for (const name of new Set([...def.search, def.numberField, def.displayField])) {
        const field = def.fields[name];
        if (name === def.key || !field || field.type === 'set' || field.type === 'children' || field.virtual) continue;
        const value = row[field.column];
        if (typeof value !== 'string' || value.trim().length < 3 || keyWords.includes(foldText(value.trim()))) continue;
        const text = value.trim().slice(0, 60);
        if (def.search.includes(name)) {
          const list = await get(spy, `/api/data/${def.name}?Search=${encodeURIComponent(text)}&PageSize=1000`);
          expect(list.statusCode, `${def.name} list search`).toBe(200);
          const listed = (list.json().List as Json[]).map((record) => String(record[def.key]));
          expect(listed.includes(key) && !foldText(key).includes(foldText(text)), `${def.name}: list Search by hidden ${name}`).toBe(false);
        }
        const lookup = await get(spy, `/api/lookup/${def.name}?Search=${encodeURIComponent(text)}`);
        if (lookup.statusCode === 200) {
          const values = (lookup.json().List as Json[]).map((item) => String(item.Value));
          expect(values.includes(key) && !foldText(key).includes(foldText(text)), `${def.name}: lookup by hidden ${name}`).toBe(false);
          expect(lookup.body.includes(JSON.stringify(text).slice(1, -1)) && !key.includes(text), `${def.name}: lookup answers hidden ${name}`).toBe(false);
        }
        if (def.globalSearch && searchWords(text).length > 0) {
          expect(found(await search(spy, text), def.name, key) && !searchWords(text).every((word) => wordsOf(key).some((own) => own.startsWith(word))), `${def.name}: global search by hidden ${name}`).toBe(false);
        }
      }
    }
  });

  it("every report column copied from a stored entity field is masked when that field is hidden (traced from each report's query)", async () => {
    const reader = (await server.app.inject({ method: 'GET', url: '/api/reports', headers: { authorization: `Bearer ${spy}` } })).statusCode;
    expect(reader).toBe(200);
    const user = { userId: 'spy', roles: SPY_ROLES, row: { language: 'en-CA' }, applications: { names: new Set(), paths: new Set() }, token: {} } as unknown as AuthenticatedUser;
    let masked = 0;
    let reports = 0;
    for (const report of registeredReports()) {
      const params = Object.fromEntries(report.def.parameters.map((parameter) => [parameter.name, parameter.type === 'date' ? '2026-01-01' : parameter.type === 'integer' ? 1 : '']));
      const ctx: ReportContext = { database: server.app.erp.database, db: server.app.erp.database.db as never, params, user, state: {} };
      // Parameters a report's own checks refuse leave its query unbuilt: those are run by the route only after them.
      if (report.prepare && (await report.prepare(ctx)).length > 0) continue;
      let shown: typeof report;
      try {
        shown = await withFieldRights(ctx, report);
      } catch {
        continue;
      }
      const newly = shown.def.columns.filter((column, index) => column.hidden && !report.def.columns[index]!.hidden).length;
      // A report showing a stored column of a definition (most) masks it: nothing copied from a hidden field shows.
      if (newly > 0) reports++;
      masked += newly;
    }
    expect(reports, `${reports} of ${registeredReports().length} reports`).toBeGreaterThan(registeredReports().length / 2);
    expect(masked).toBeGreaterThan(100);
  });

  it('History, the audit log and as-of answer no value of a hidden field', async () => {
    let checked = 0;
    for (const def of allEntities()) {
      const row = sample.get(def.name);
      if (!row) continue;
      const id = encodeURIComponent(String(row[keyColumn(def)]));
      for (const url of [`/api/data/${def.name}/${id}/history?PageSize=100`, `/api/data/${def.name}/${id}/audit`, `/api/data/${def.name}/${id}/as-of?Date=2099-12-30`]) {
        const answer = await get(spy, url);
        expect(answer.statusCode, `${url}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
        expect(answer.body.match(/LEAK\d+/)?.[0] ?? null, url).toBeNull();
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(150);
  });

  it('record events carry no field values', async () => {
    const hub: EventHub = server.app.erp.events;
    const sent: RecordEvent[] = [];
    const stream = hub.openStream('spy', { send: (event, data) => void (event === 'records' && sent.push(...(data as { Events: RecordEvent[] }).Events)) }, null);
    try {
      const touched: string[] = [];
      const firm = allEntities().find((def) => def.table === 'firms')!;
      for (const def of allEntities()) {
        const row = sample.get(def.name);
        if (!row || !('version' in row) || def.table === firm.table) continue;
        await db.updateTable(def.table).set({ version: sql`version + 1` }).where(keyColumn(def), '=', row[keyColumn(def)]).execute();
        touched.push(def.name);
      }
      // The firm is written last, alone: once its event is in, every earlier change has been sent (events.test.ts).
      await db.updateTable(firm.table).set({ version: sql`version + 1` }).where(keyColumn(firm), '=', 'B100').execute();
      await expect.poll(() => sent.some((event) => event.Entity === firm.name && event.Id === 'B100'), { timeout: 10_000 }).toBe(true);
      expect(new Set(sent.map((event) => event.Entity)).size).toBeGreaterThan(touched.length / 2);
      for (const event of sent) expect(Object.keys(event).sort()).toEqual(['At', 'By', 'ByName', 'Entity', 'Id', 'Kind']);
    } finally {
      hub.closeStream(stream);
    }
  });
});
