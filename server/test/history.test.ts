/**
 * Issue 42 item 4, a record as it was (server/src/entities/history.ts), on SQLite and PostgreSQL
 * (TEST_DATABASE=postgres):
 * - a firm changed on three days: as of each day its name of that day, before the first "did not exist yet";
 *   History answers one entry per save, newest first, paged on the server;
 * - a purchase order whose line is changed, one removed and one added: History names the lines by position,
 *   as of the first day the removed line is back and the added one is gone;
 * - rights: a user who may not read the entity gets 403 as for the record; bad dates, time zones and pages are
 *   400s in the caller's language;
 * - the payroll role: an employee's pay rate and SIN changes never reach a user without it, in History or as of;
 *   the SIN stays masked even for payroll.
 * Days are made by dating the rows a save wrote (audit `action_on`, the record's `created_on`): the server reads
 * nothing else to tell the days apart.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { call } from './helpers/entities.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let db: Kysely<any>;
let admin: string;
let clerk: string;
let desk: string;

const get = async (token: string, url: string, headers: Record<string, string> = {}) => {
  const response = await server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...headers } });
  return { status: response.statusCode, body: response.json() as Json, raw: response.body };
};

async function write(method: 'POST' | 'PUT', url: string, body: Json): Promise<Json> {
  const response = await call(server.app, method, url, admin, body);
  expect(response.statusCode, response.body).toBe(method === 'POST' ? 201 : 200);
  return response.json().Data;
}

/** The last audit key written so far. */
async function lastKey(): Promise<number> {
  const row = await db.selectFrom('audit_log').select((eb) => eb.fn.max('audit_key').as('k')).executeTakeFirst();
  return Number(row?.k ?? 0);
}

/** Dates the audit rows written after `since` at `at` (and, given, the record's creation), as if saved then. */
async function dated(since: number, at: string, created?: { table: string; column: string; id: string | number }) {
  await db.updateTable('audit_log').set({ action_on: at }).where('audit_key', '>', since).execute();
  if (created) await db.updateTable(created.table).set({ created_on: at, updated_on: at }).where(created.column, '=', created.id).execute();
}

/** A staff user with these roles (a copy of admin's row). */
async function user(id: string, roles: string[]) {
  const row = await db.selectFrom('users').selectAll().where('user_id', '=', 'admin').executeTakeFirstOrThrow();
  await db.insertInto('users').values({ ...row, user_id: id, display_name: `User ${id}` }).execute();
  for (const role of roles) await db.insertInto('user_roles').values({ user_id: id, role_id: role }).execute();
}

beforeAll(async () => {
  server = await startServer();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db = server.app.erp.database.db as unknown as Kysely<any>;
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  clerk = (await signIn(server.app, 'clerk', 'clerk')).access_token;
  // The desk: every application of the administrator's role, not the payroll role.
  await user('desk', ['ADMIN']);
  desk = (await signIn(server.app, 'desk', 'admin')).access_token;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('a firm changed on three days', () => {
  beforeAll(async () => {
    let since = await lastKey();
    await write('POST', '/api/data/firm', { FirmId: 'HZ100', Name: 'Alpha Metals', FirmTypes: ['bill-to'] });
    await dated(since, '2041-03-01T15:00:00.000Z', { table: 'firms', column: 'firm_id', id: 'HZ100' });
    since = await lastKey();
    await write('PUT', '/api/data/firm/HZ100', { Name: 'Beta Metals', Version: 1 });
    await dated(since, '2041-03-02T15:00:00.000Z');
    since = await lastKey();
    await write('PUT', '/api/data/firm/HZ100', { Name: 'Gamma Metals', FirmTypes: ['bill-to', 'vendor'], Version: 2 });
    await dated(since, '2041-03-03T15:00:00.000Z');
  });

  it('as of each day gives that day\'s values; before the first, it did not exist yet', async () => {
    const asOf = (date: string) => get(admin, `/api/data/firm/HZ100/as-of?Date=${date}`);
    const day1 = await asOf('2041-03-01');
    expect(day1.status, day1.raw).toBe(200);
    expect(day1.body.Data).toMatchObject({ FirmId: 'HZ100', Name: 'Alpha Metals', FirmTypes: ['bill-to'] });
    expect(day1.body.Changed).toEqual(expect.arrayContaining(['Name', 'FirmTypes']));
    expect(day1.body.Data).not.toHaveProperty('Version');
    expect(day1.body.LastChange).toMatchObject({ On: '2041-03-01T15:00:00.000Z', By: 'admin' });
    const day2 = await asOf('2041-03-02');
    expect(day2.body.Data).toMatchObject({ Name: 'Beta Metals', FirmTypes: ['bill-to'] });
    const day3 = await asOf('2041-03-03');
    expect(day3.body.Data).toMatchObject({ Name: 'Gamma Metals', FirmTypes: ['bill-to', 'vendor'] });
    expect(day3.body.Changed).toEqual([]);
    const before = await asOf('2041-02-28');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ ResultStatus: 4, ResultCode: 'not_yet_created' });
    expect(before.body.Message).toMatch(/did not exist yet/);
    expect(before.body.Data).toBeUndefined();
  });

  it('takes the end of the day in the caller\'s time zone', async () => {
    // 15:00 UTC on 1 March is already 2 March in Tokyo: as of 1 March there, the firm was not made yet.
    const tokyo = await get(admin, '/api/data/firm/HZ100/as-of?Date=2041-03-01', { 'x-time-zone': 'Asia/Tokyo' });
    expect(tokyo.body.ResultCode).toBe('not_yet_created');
    const toronto = await get(admin, '/api/data/firm/HZ100/as-of?Date=2041-03-01', { 'x-time-zone': 'America/Toronto' });
    expect(toronto.body.Data.Name).toBe('Alpha Metals');
  });

  it('History: one entry per save, newest first, field by field, paged on the server', async () => {
    const page = await get(admin, '/api/data/firm/HZ100/history');
    expect(page.status, page.raw).toBe(200);
    expect(page.body.TotalCount).toBe(3);
    const [last, middle, first] = page.body.List as [Json, Json, Json];
    expect(last).toMatchObject({ On: '2041-03-03T15:00:00.000Z', By: 'admin', Created: false });
    expect(last.ByName).toBeTruthy();
    expect(last.Changes).toEqual(
      expect.arrayContaining([
        { Kind: 'field', Field: 'Name', Old: 'Beta Metals', New: 'Gamma Metals' },
        { Kind: 'set', Field: 'FirmTypes', Added: ['vendor'], Removed: [] },
      ]),
    );
    expect(middle.Changes).toEqual([{ Kind: 'field', Field: 'Name', Old: 'Alpha Metals', New: 'Beta Metals' }]);
    expect(first.Created).toBe(true);
    expect(first.Changes).toEqual(expect.arrayContaining([expect.objectContaining({ Kind: 'field', Field: 'Name', Old: null, New: 'Alpha Metals' })]));
    const second = await get(admin, '/api/data/firm/HZ100/history?Page=2&PageSize=1');
    expect(second.body).toMatchObject({ Page: 2, PageSize: 1, TotalCount: 3 });
    expect(second.body.List).toHaveLength(1);
    expect(second.body.List[0].Changes).toEqual(middle.Changes);
  });

  it('refuses bad input with a 400 in the caller\'s language, never a 500', async () => {
    for (const date of ['2041-02-30', '41-03-01', 'yesterday', '', '2041-3-1']) {
      const answer = await get(admin, `/api/data/firm/HZ100/as-of?Date=${encodeURIComponent(date)}`);
      expect(answer.status, date).toBe(400);
      expect(answer.body.ResultCode).toBe('bad_date');
    }
    expect((await get(admin, '/api/data/firm/HZ100/as-of')).status).toBe(400);
    const french = await get(admin, '/api/data/firm/HZ100/as-of?Date=2041-13-01', { 'accept-language': 'fr-CA' });
    expect(french.status).toBe(400);
    expect(french.body.Message).toMatch(/AAAA-MM-JJ/);
    const zone = await get(admin, '/api/data/firm/HZ100/as-of?Date=2041-03-01', { 'x-time-zone': 'Mars/Olympus' });
    expect(zone.status).toBe(400);
    expect(zone.body.ResultCode).toBe('bad_time_zone');
    for (const query of ['Page=0', 'PageSize=101', 'Page=x', 'Page=1&Page=2']) {
      expect((await get(admin, `/api/data/firm/HZ100/history?${query}`)).status, query).toBe(400);
    }
    expect((await get(admin, '/api/data/firm/NOPE42/history')).status).toBe(404);
    expect((await get(admin, '/api/data/firm/NOPE42/as-of?Date=2041-03-01')).status).toBe(404);
    expect((await get(admin, '/api/data/no-such-entity/1/history')).status).toBe(404);
  });
});

describe('a document whose lines change', () => {
  let order: Json;
  let lines: Json[];

  beforeAll(async () => {
    let since = await lastKey();
    await write('POST', '/api/data/firm', { FirmId: 'HZV1', Name: 'History Mill', FirmTypes: ['vendor'] });
    await write('POST', '/api/data/product-class', { ClassId: 'THZ', Description: 'History class', InventoryAccount: 'INVENTORY-STEEL' });
    for (const id of ['HZ-A', 'HZ-B', 'HZ-C']) await write('POST', '/api/data/product', { ProductId: id, Description: `Part ${id}`, ClassId: 'THZ', KitType: 'None', TrackInventory: true });
    order = await write('POST', '/api/data/purchase-order', {
      OrderDate: '2041-04-01',
      VendorId: 'HZV1',
      ShipToId: 'TOR-02',
      Lines: [
        { ProductId: 'HZ-A', QuantityOrdered: '4.0000', UnitPrice: '2.0000' },
        { ProductId: 'HZ-B', QuantityOrdered: '5.0000', UnitPrice: '3.0000' },
      ],
    });
    lines = order.Lines as Json[];
    await dated(since, '2041-04-01T15:00:00.000Z', { table: 'purchase_orders', column: 'po_id', id: order.PoId });
    since = await lastKey();
    // Day 2: line 1's quantity 4 → 6, line 2 removed, a line of HZ-C added.
    await write('PUT', `/api/data/purchase-order/${order.PoId}`, {
      Version: order.Version,
      Lines: [
        { ...lines[0], QuantityOrdered: '6.0000' },
        { ProductId: 'HZ-C', QuantityOrdered: '1.0000', UnitPrice: '7.0000' },
      ],
    });
    await dated(since, '2041-04-02T15:00:00.000Z');
  });

  it('as of the first day: the removed line is back, the added one gone, the quantity as it was', async () => {
    const day1 = await get(admin, `/api/data/purchase-order/${order.PoId}/as-of?Date=2041-04-01`);
    expect(day1.status, day1.raw).toBe(200);
    const then = day1.body.Data.Lines as Json[];
    expect(then.map((line) => [line.ProductId, line.QuantityOrdered])).toEqual([
      ['HZ-A', '4.0000'],
      ['HZ-B', '5.0000'],
    ]);
    const now = (await get(admin, `/api/data/purchase-order/${order.PoId}`)).body.Data.Lines as Json[];
    const added = now.find((line) => line.ProductId === 'HZ-C')!;
    expect(day1.body.Lines.Lines).toEqual({ Added: [added.LineId], Removed: [lines[1]!.LineId], Changed: { [String(lines[0]!.LineId)]: expect.arrayContaining(['QuantityOrdered']) } });
    expect(day1.body.Changed).toContain('Lines');
    // Looked-up names come with the values ("where cheap"): the products' descriptions.
    expect(day1.body.Names['Lines.ProductId']).toMatchObject({ 'HZ-A': 'Part HZ-A', 'HZ-B': 'Part HZ-B' });
    const day2 = await get(admin, `/api/data/purchase-order/${order.PoId}/as-of?Date=2041-04-02`);
    expect((day2.body.Data.Lines as Json[]).map((line) => [line.ProductId, line.QuantityOrdered])).toEqual([
      ['HZ-A', '6.0000'],
      ['HZ-C', '1.0000'],
    ]);
  });

  it('History names the lines by position: changed, removed and added', async () => {
    const page = await get(admin, `/api/data/purchase-order/${order.PoId}/history`);
    expect(page.status, page.raw).toBe(200);
    const latest = page.body.List[0] as Json;
    const changes = (latest.Changes as Json[]).filter((change) => change.Kind === 'line');
    expect(changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Kind: 'line', Field: 'Lines', Line: 1, Action: 'update', Changes: expect.arrayContaining([{ Kind: 'field', Field: 'QuantityOrdered', Old: '4.0000', New: '6.0000' }]) }),
        expect.objectContaining({ Kind: 'line', Field: 'Lines', Line: 2, Action: 'delete', LineKey: lines[1]!.LineId }),
        expect.objectContaining({ Kind: 'line', Field: 'Lines', Line: 2, Action: 'insert' }),
      ]),
    );
    const removed = changes.find((change) => change.Action === 'delete')!;
    expect(removed.Changes).toEqual(expect.arrayContaining([expect.objectContaining({ Field: 'ProductId', Old: 'HZ-B', OldName: 'Part HZ-B', New: null })]));
    const insert = changes.find((change) => change.Action === 'insert')!;
    expect(insert.Changes).toEqual(expect.arrayContaining([expect.objectContaining({ Field: 'ProductId', New: 'HZ-C', NewName: 'Part HZ-C' })]));
  });

  it('is read with the record\'s own read right: the clerk, who does not open purchasing, gets 403', async () => {
    expect((await get(clerk, `/api/data/purchase-order/${order.PoId}`)).status).toBe(403);
    expect((await get(clerk, `/api/data/purchase-order/${order.PoId}/history`)).status).toBe(403);
    expect((await get(clerk, `/api/data/purchase-order/${order.PoId}/as-of?Date=2041-04-01`)).status).toBe(403);
  });
});

describe('payroll-protected fields (issue 29 readRoles) stay with the payroll role', () => {
  let rate: string;
  let sin: string;

  beforeAll(async () => {
    const employee = (await get(admin, '/api/data/pr-employee/E1001')).body.Data as Json;
    rate = '987.6543';
    // Two valid SINs (the check digit holds): whichever the demo employee does not have.
    sin = employee.Sin === '046454286' ? '130692544' : '046454286';
    const since = await lastKey();
    await write('PUT', '/api/data/pr-employee/E1001', { Version: employee.Version, HourlyRate: rate, Sin: sin, Occupation: 'Welder lead' });
    await dated(since, '2041-05-02T15:00:00.000Z');
  });

  it('History shows the desk the occupation, never the rate nor the SIN', async () => {
    const page = await get(desk, '/api/data/pr-employee/E1001/history');
    expect(page.status, page.raw).toBe(200);
    const fields = (page.body.List as Json[]).flatMap((entry) => (entry.Changes as Json[]).map((change) => change.Field));
    expect(fields).toContain('Occupation');
    for (const hidden of ['HourlyRate', 'Sin']) expect(fields).not.toContain(hidden);
    expect(page.raw).not.toContain(rate);
    expect(page.raw).not.toContain(sin);
    expect(page.raw).not.toContain('hourly_rate');
  });

  it('as of a day leaves the rate and the SIN out for the desk, and the entry counts hold only what it may see', async () => {
    const answer = await get(desk, '/api/data/pr-employee/E1001/as-of?Date=2041-05-01');
    expect(answer.status, answer.raw).toBe(200);
    expect(answer.body.Data).not.toHaveProperty('HourlyRate');
    expect(answer.body.Data).not.toHaveProperty('Sin');
    expect(answer.body.Changed).not.toContain('HourlyRate');
    expect(answer.body.Changed).toContain('Occupation');
    expect(answer.raw).not.toContain(rate);
  });

  it('payroll staff see the rate change; the SIN stays masked for everyone', async () => {
    const page = await get(admin, '/api/data/pr-employee/E1001/history');
    const changes = (page.body.List[0].Changes as Json[]);
    expect(changes).toEqual(expect.arrayContaining([expect.objectContaining({ Field: 'HourlyRate', New: rate })]));
    expect(changes.find((change) => change.Field === 'Sin')).toMatchObject({ Masked: true, Old: null, New: null });
    expect(page.raw).not.toContain(sin);
    const answer = await get(admin, '/api/data/pr-employee/E1001/as-of?Date=2041-05-01');
    expect(answer.body.Changed).toContain('HourlyRate');
    expect(answer.body.Data.HourlyRate).not.toBe(rate);
    expect(answer.body.Unknown).toContain('Sin');
  });

  it('the clerk, who does not open payroll, gets 403', async () => {
    expect((await get(clerk, '/api/data/pr-employee/E1001/history')).status).toBe(403);
    expect((await get(clerk, '/api/data/pr-employee/E1001/as-of?Date=2041-05-01')).status).toBe(403);
  });
});
