/**
 * Generic data routes (/api/data/:entity): §3 shapes of list / get / create / update / delete, paging,
 * multi-column sort with SortDescending (§5), filters and search, validation (unknown fields 400),
 * optimistic concurrency, 'No changes made.', and audit rows written in the same transaction.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedList } from '@erp/shared/types';
import type { TestServer } from './helpers/app.ts';
import { signedInServer } from './helpers/api.ts';
import { engine } from './helpers/database.ts';
import { call } from './helpers/entities.ts';

let server: TestServer;
let admin: string;

beforeAll(async () => { ({ server, tokens: { admin } } = await signedInServer('admin')); });
afterAll(() => server?.stop());

const get = (url: string) => call(server.app, 'GET', url, admin);

interface Paged extends PagedList<Record<string, unknown>> {
  ResultStatus: number;
  ResultCode: string;
  Message: string | null;
}

describe('GET /api/data/:entity (list)', () => {
  it('answers a CallResult that is also a §3 paged list, 250 a page by default, sorted by the default sort', async () => {
    const response = await get('/api/data/state');
    expect(response.statusCode).toBe(200);
    const body = response.json() as Paged;
    expect(body).toMatchObject({ ResultStatus: 1, ResultCode: 'ok', Message: null, EntityId: null, Exception: null, Page: 1, PageSize: 250 });
    expect(body.TotalCount).toBe(16);
    expect(body.List).toHaveLength(16);
    expect(body.SortFields).toEqual(['CountryCode', 'Name']);
    expect(body.SortDescending).toEqual([]);
    expect(body.List[0]).toMatchObject({ CountryCode: 'CA', StateCode: 'AB', Name: 'Alberta', IsActive: true, Version: 1 });
    // A list row: the key, the visible columns, Version (the trail is on the record: GET /:id).
    expect(Object.keys(body.List[0]!).sort()).toEqual(['CountryCode', 'IsActive', 'Name', 'StateCode', 'StateKey', 'Version']);
  });

  it('answers column totals over every matching row, not just the page', async () => {
    const all = (await get('/api/data/firm?PageSize=1')).json();
    expect(all.Totals).toEqual({ CreditLimit: '490000.00' });
    expect((await get('/api/data/firm?PageSize=1&Search=laval')).json().Totals).toEqual({ CreditLimit: '150000.00' });
    expect((await get('/api/data/firm?Columns=Name')).json()).not.toHaveProperty('Totals');
  });

  it('answers the columns asked for (Columns), never a hidden or unknown one', async () => {
    const body = (await get('/api/data/firm?Columns=Name,Email&PageSize=1')).json() as Paged;
    expect(Object.keys(body.List[0]!).sort()).toEqual(['Email', 'FirmId', 'FirmTypes', 'Name', 'Version']);
    expect((await get('/api/data/firm?Columns=Nope')).statusCode).toBe(400);
    expect((await get('/api/data/firm?Columns=Contacts')).statusCode).toBe(400);
  });

  it('pages: Page and PageSize, TotalCount of every match, Page beyond the end → empty List with ResultStatus 6', async () => {
    const first = (await get('/api/data/state?PageSize=5')).json() as Paged;
    const second = (await get('/api/data/state?PageSize=5&Page=2')).json() as Paged;
    expect(first.List).toHaveLength(5);
    expect(second.List).toHaveLength(5);
    expect(second.Page).toBe(2);
    expect(new Set([...first.List, ...second.List].map((row) => row['StateKey'])).size).toBe(10);
    const beyond = (await get('/api/data/state?PageSize=5&Page=9')).json() as Paged;
    expect(beyond).toMatchObject({ ResultStatus: 6, ResultCode: 'no_records', Message: 'No records.', Page: 9, TotalCount: 16, List: [] });
  });

  it('sorts by several fields, SortDescending naming the descending ones', async () => {
    const body = (await get('/api/data/state?SortFields=CountryCode,StateCode&SortDescending=CountryCode')).json() as Paged;
    expect(body.SortFields).toEqual(['CountryCode', 'StateCode']);
    expect(body.SortDescending).toEqual(['CountryCode']);
    const codes = body.List.map((row) => `${row['CountryCode']}-${row['StateCode']}`);
    expect(codes.slice(0, 4)).toEqual(['US-MI', 'US-NY', 'US-WA', 'CA-AB']);
    const repeated = (await get('/api/data/state?SortFields=Name&SortFields=StateCode&SortDescending=Name')).json() as Paged;
    expect(repeated.SortFields).toEqual(['Name', 'StateCode']);
    expect(repeated.List[0]!['Name']).toBe('Yukon');
  });

  it('filters (eq, contains, startsWith, in, range) and searches', async () => {
    expect(((await get('/api/data/state?filter.CountryCode=US')).json() as Paged).TotalCount).toBe(3);
    expect(((await get('/api/data/state?filter.CountryCode=us')).json() as Paged).TotalCount).toBe(3);
    expect(((await get('/api/data/firm?filter.Name=northshore')).json() as Paged).TotalCount).toBe(3);
    expect(((await get('/api/data/firm?filter.City=Sask')).json() as Paged).TotalCount).toBe(2);
    expect(((await get('/api/data/firm?filter.CreditLimit.from=100000')).json() as Paged).List.map((r) => r['FirmId'])).toEqual(['B100', 'B200']);
    expect(((await get('/api/data/firm?filter.CreditLimit.from=100000&filter.CreditLimit.to=200000')).json() as Paged).TotalCount).toBe(1);
    expect(((await get('/api/data/firm?filter.FirmTypes=ship-to')).json() as Paged).TotalCount).toBe(4);
    expect(((await get('/api/data/warehouse?filter.CountStage=Clear,Frozen')).json() as Paged).TotalCount).toBe(5);
    expect(((await get('/api/data/firm?Search=laval')).json() as Paged).List.map((r) => r['FirmId'])).toEqual(['B200', 'S201']);
    expect(((await get('/api/data/firm?Search=100%25')).json() as Paged).TotalCount).toBe(0);
    // The one inactive demo firm: purchasing's closed vendor.
    expect(((await get('/api/data/firm?filter.IsActive=false')).json() as Paged).List.map((r) => r['FirmId'])).toEqual(['V900']);
    expect(((await get('/api/data/firm?filter.IsActive=false&filter.Name=northshore')).json() as Paged)).toMatchObject({ ResultStatus: 6, TotalCount: 0 });
  });

  it('refuses bad paging, sorting and filters with a 400 CallResult naming the problem', async () => {
    const cases: [string, string][] = [
      ['Page=0', 'Page'],
      ['Page=abc', 'Page'],
      ['PageSize=1001', 'PageSize'],
      ['PageSize=2147483647', 'PageSize'],
      ['SortFields=Nope', 'Cannot sort by Nope'],
      ['SortFields=Name&SortDescending=StateCode', 'SortDescending'],
      ['SortFields=Name,Name', 'twice'],
      ['filter.Nope=1', 'Unknown query parameter'],
      ['filter.IsActive=maybe', 'true or false'],
      ['colour=red', 'Unknown query parameter: colour'],
      ['Page=1&Page=2', 'more than once'],
    ];
    for (const [query, words] of cases) {
      const response = await get(`/api/data/state?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ ResultStatus: 2, ResultCode: 'bad_request', Exception: null });
      expect(response.json().Message, query).toContain(words);
    }
  });

  it('answers 404 for an unknown entity', async () => {
    const response = await get('/api/data/spaceship');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ ResultStatus: 2, ResultCode: 'not_found', Message: 'Not Found' });
  });
});

describe('GET /api/data/:entity/:id', () => {
  it('answers the record with its trail, sets and children', async () => {
    const response = await get('/api/data/firm/B100');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ ResultStatus: 1, EntityId: 'B100', Data: { FirmId: 'B100', FirmTypes: ['bill-to'], City: 'Hamilton', Version: 1 } });
    expect(body.Data.Contacts.map((c: { Name: string }) => c.Name)).toEqual(['Priya Sandhu', 'Tom Kowalski']);
    expect(body.Data).toHaveProperty('CreatedBy', 'seed');
  });

  it('answers a 404 CallResult with ResultStatus 5 when absent, 400 for an id that cannot be one', async () => {
    const missing = await get('/api/data/firm/NOPE');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ ResultStatus: 5, ResultCode: 'not_found', Message: 'Not Found' });
    expect((await get('/api/data/state/abc')).statusCode).toBe(400);
    expect((await get('/api/data/state/99999999999')).statusCode).toBe(400);
    expect((await get('/api/data/state/4242')).statusCode).toBe(404);
  });

  it('never answers a password', async () => {
    const body = (await get('/api/data/user/admin')).json();
    expect(JSON.stringify(body)).not.toMatch(/password|scrypt/i);
  });
});

describe('create, update, delete', () => {
  it('creates with defaults and audit rows, and refuses a duplicate key and unknown fields', async () => {
    const created = await call(server.app, 'POST', '/api/data/code-index', admin, { CodeType: 'ship-via', Code: 'rail', Description: 'Rail car' });
    expect(created.statusCode).toBe(201);
    const data = created.json().Data;
    expect(created.json()).toMatchObject({ ResultStatus: 1, ResultCode: 'created', Message: 'Saved.' });
    expect(data).toMatchObject({ CodeType: 'SHIP-VIA', Code: 'RAIL', Sequence: 0, IsActive: true, Version: 1, CreatedBy: 'admin' });
    const audit = (await get(`/api/data/code-index/${data.CodeKey}/audit`)).json() as Paged;
    expect(audit.List.every((row) => row['Action'] === 'insert' && row['ActionBy'] === 'admin')).toBe(true);
    expect(audit.List.map((row) => row['ColumnName'])).toEqual(expect.arrayContaining(['code_type', 'code', 'description']));

    const duplicate = await call(server.app, 'POST', '/api/data/code-index', admin, { CodeType: 'SHIP-VIA', Code: 'RAIL', Description: 'Again' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().Data.Errors[0]).toMatchObject({ field: 'Code', key: 'entities:validation.duplicate', message: 'Code already exists.' });

    const unknown = await call(server.app, 'POST', '/api/data/code-index', admin, { CodeType: 'X', Code: 'Y', Description: 'Z', Colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ ResultStatus: 2, ResultCode: 'validation_failed', Message: 'Unknown field: Colour.' });

    const naturalDuplicate = await call(server.app, 'POST', '/api/data/branch', admin, { BranchId: 'tor', Name: 'Again', CompanyId: 'NOVUS' });
    expect(naturalDuplicate.json().Data.Errors[0]).toMatchObject({ field: 'BranchId', message: 'Branch ID already exists.' });
  });

  it('checks lookups: the target must exist (and be active when required)', async () => {
    const response = await call(server.app, 'POST', '/api/data/warehouse', admin, { WarehouseId: 'X-1', Name: 'X', BranchId: 'NOPE' });
    expect(response.statusCode).toBe(400);
    expect(response.json().Data.Errors[0]).toMatchObject({ field: 'BranchId', message: 'Branch is not valid.' });
  });

  it('updates with the version read: stale → 409 and nothing written; no change → "No changes made."', async () => {
    const before = (await get('/api/data/branch/VAN')).json().Data;
    const saved = await call(server.app, 'PUT', '/api/data/branch/VAN', admin, { Phone: '604-555-0199', Version: before.Version });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ ResultStatus: 1, ResultCode: 'updated', Data: { Phone: '604-555-0199', Version: before.Version + 1, UpdatedBy: 'admin' } });

    const stale = await call(server.app, 'PUT', '/api/data/branch/VAN', admin, { Phone: '604-555-0000', Version: before.Version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      ResultStatus: 2,
      ResultCode: 'version_conflict',
      Message: 'The record was changed by someone else. Reload it to see the changes.',
      Data: { CurrentVersion: before.Version + 1 },
    });
    expect((await get('/api/data/branch/VAN')).json().Data.Phone).toBe('604-555-0199');

    const same = await call(server.app, 'PUT', '/api/data/branch/VAN', admin, { ...saved.json().Data });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ ResultStatus: 3, ResultCode: 'no_changes', Message: 'No changes made.' });
    expect((await get('/api/data/branch/VAN')).json().Data.Version).toBe(before.Version + 1);

    const audit = (await get('/api/data/branch/VAN/audit')).json() as Paged;
    expect(audit.List).toHaveLength(1);
    expect(audit.List[0]).toMatchObject({
      TableName: 'branches',
      IdName: 'branch_id',
      IdValue: 'VAN',
      ColumnName: 'phone',
      FieldName: 'Phone',
      Action: 'update',
      OldValue: '604-555-0103',
      NewValue: '604-555-0199',
      ActionBy: 'admin',
    });
  });

  it('needs the Version and refuses changing the key', async () => {
    const noVersion = await call(server.app, 'PUT', '/api/data/branch/TOR', admin, { Name: 'T' });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().Data.Errors[0].field).toBe('Version');
    const key = await call(server.app, 'PUT', '/api/data/branch/TOR', admin, { BranchId: 'TOX', Version: 1 });
    expect(key.statusCode).toBe(400);
    expect(key.json().Message).toBe('Branch ID cannot be changed.');
  });

  it('deletes with the version; a record in use is refused', async () => {
    const inUse = await call(server.app, 'DELETE', '/api/data/branch/TOR?Version=1', admin);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ ResultCode: 'in_use', Message: 'The record is in use and cannot be deleted.' });
    const created = (await call(server.app, 'POST', '/api/data/country', admin, { CountryCode: 'mx', Name: 'Mexico' })).json().Data;
    expect((await call(server.app, 'DELETE', '/api/data/country/MX?Version=7', admin)).statusCode).toBe(409);
    expect((await call(server.app, 'DELETE', '/api/data/country/MX', admin)).statusCode).toBe(400);
    const deleted = await call(server.app, 'DELETE', `/api/data/country/MX?Version=${created.Version}`, admin);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ ResultStatus: 1, ResultCode: 'deleted' });
    expect((await get('/api/data/country/MX')).statusCode).toBe(404);
    const rows = await server.app.erp.database.db.selectFrom('audit_log').selectAll().where('table_name', '=', 'countries').where('id_value', '=', 'MX').execute();
    expect(rows.filter((row) => row.action === 'delete').map((row) => row.column_name).sort()).toEqual(['country_code', 'is_active', 'name']);
  });

  it('writes audit rows in the same transaction: a write that fails leaves no row and no audit row', async () => {
    const db = server.app.erp.database.db;
    if (engine === 'sqlite') {
      await sql`CREATE TRIGGER fail_contact BEFORE INSERT ON firm_contacts WHEN NEW.name = 'Boom' BEGIN SELECT RAISE(ABORT, 'boom'); END`.execute(db);
    } else {
      await sql`CREATE FUNCTION fail_contact() RETURNS trigger AS $$ BEGIN IF NEW.name = 'Boom' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`.execute(db);
      await sql`CREATE TRIGGER fail_contact BEFORE INSERT ON firm_contacts FOR EACH ROW EXECUTE FUNCTION fail_contact()`.execute(db);
    }
    const auditBefore = await db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const firm = (await get('/api/data/firm/B300')).json().Data;
    const response = await call(server.app, 'PUT', '/api/data/firm/B300', admin, {
      Name: 'Prairie Steel Renamed',
      Contacts: [...firm.Contacts, { Name: 'Boom' }],
      Version: firm.Version,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.json().ResultStatus).toBe(2);
    const after = (await get('/api/data/firm/B300')).json().Data;
    expect(after.Name).toBe(firm.Name);
    expect(after.Version).toBe(firm.Version);
    expect(after.Contacts).toEqual(firm.Contacts);
    const auditAfter = await db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(auditAfter.n)).toBe(Number(auditBefore.n));
    await sql`DROP TRIGGER fail_contact${sql.raw(engine === 'postgres' ? ' ON firm_contacts' : '')}`.execute(db);
  });

  it('remembers the list columns a user chose', async () => {
    expect((await get('/api/entities/firm')).json()).toMatchObject({ Entity: 'firm', CanWrite: true, Hidden: [], ReadOnly: [], Preferences: null });
    const saved = await call(server.app, 'PUT', '/api/entities/firm/preferences', admin, { Columns: ['FirmId', 'Name', 'Email'] });
    expect(saved.statusCode).toBe(200);
    expect((await get('/api/entities/firm')).json().Preferences).toEqual({ Columns: ['FirmId', 'Name', 'Email'] });
    expect((await call(server.app, 'PUT', '/api/entities/firm/preferences', admin, { Columns: ['Nope'] })).statusCode).toBe(400);
    const listed = (await get('/api/entities')).json() as { Entity: string }[];
    expect(listed.map((e) => e.Entity)).toEqual(expect.arrayContaining(['firm', 'user', 'country']));
  });

  it('remembers the column widths a user gave, and keeps them when only the columns change (issue 16 item 5)', async () => {
    const put = (body: unknown) => call(server.app, 'PUT', '/api/entities/firm/preferences', admin, body);
    expect((await put({ Columns: ['FirmId', 'Name'], Widths: { Name: 420, FirmId: 90 } })).statusCode).toBe(200);
    expect((await get('/api/entities/firm')).json().Preferences).toEqual({ Columns: ['FirmId', 'Name'], Widths: { Name: 420, FirmId: 90 } });
    expect((await put({ Columns: ['FirmId', 'Name', 'City'] })).statusCode).toBe(200);
    expect((await get('/api/entities/firm')).json().Preferences).toEqual({ Columns: ['FirmId', 'Name', 'City'], Widths: { Name: 420, FirmId: 90 } });
    for (const Widths of [{ Name: 10 }, { Name: 300.5 }, { Nope: 100 }, { Name: '300' }, [300]]) {
      expect((await put({ Columns: ['FirmId'], Widths })).statusCode, JSON.stringify(Widths)).toBe(400);
    }
    expect((await get('/api/entities/firm')).json().Preferences.Widths).toEqual({ Name: 420, FirmId: 90 });
  });
});
