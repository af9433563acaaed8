/**
 * Firm maintenance (§3 Firm, §5 Firm and general, §6 assigned customers) on the generic routes: each §5
 * rule's message, firm types as accounts (unchecking asks for confirmation, then deletes the account),
 * contacts as a child collection, the lookup, and users restricted to assigned customers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../server/test/helpers/app.ts';
import { signedInServer } from '../../../server/test/helpers/api.ts';
import { call } from '../../../server/test/helpers/entities.ts';

let server: TestServer;
let admin: string;
let clerk: string;

beforeAll(async () => { ({ server, tokens: { admin, clerk } } = await signedInServer('admin', 'clerk')); });
afterAll(() => server?.stop());

const base = { FirmId: 'B700', Name: 'Gatineau Copper Works', FirmTypes: ['bill-to'] };

async function firstError(payload: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST', url = '/api/data/firm') {
  const response = await call(server.app, method, url, admin, payload);
  expect(response.statusCode, JSON.stringify(payload)).toBe(400);
  const body = response.json();
  expect(body).toMatchObject({ ResultStatus: 2, ResultCode: 'validation_failed', Exception: null });
  return { field: body.Data.Errors[0].field as string, message: body.Message as string };
}

describe('§5 Firm and general', () => {
  it('Firm ID cannot be blank.', async () => {
    expect(await firstError({ ...base, FirmId: '' })).toEqual({ field: 'FirmId', message: 'Firm ID cannot be blank.' });
    expect(await firstError({ ...base, FirmId: '   ' })).toEqual({ field: 'FirmId', message: 'Firm ID cannot be blank.' });
    const { FirmId: _omitted, ...withoutId } = base;
    expect(await firstError(withoutId)).toEqual({ field: 'FirmId', message: 'Firm ID cannot be blank.' });
  });

  it('Select at least one firm type.', async () => {
    expect(await firstError({ ...base, FirmTypes: [] })).toEqual({ field: 'FirmTypes', message: 'Select at least one firm type.' });
  });

  it('Bill To Id and Jobber Firm ID must be valid.', async () => {
    expect(await firstError({ ...base, FirmTypes: ['ship-to'], BillToId: 'NOPE' })).toEqual({ field: 'BillToId', message: 'Bill To Id must be valid.' });
    // A ship-to is not a bill-to.
    expect(await firstError({ ...base, FirmTypes: ['ship-to'], BillToId: 'S101' })).toEqual({ field: 'BillToId', message: 'Bill To Id must be valid.' });
    expect(await firstError({ ...base, JobberFirmId: 'NOPE' })).toEqual({ field: 'JobberFirmId', message: 'Jobber Firm ID must be valid.' });
    expect(await firstError({ ...base, JobberFirmId: 'B700' })).toEqual({ field: 'JobberFirmId', message: 'Jobber Firm ID must be valid.' });
  });

  it('AP firm id and commission percent cannot be negative.', async () => {
    expect(await firstError({ ...base, ApFirmId: -5 })).toEqual({ field: 'ApFirmId', message: 'AP firm id cannot be negative.' });
    expect(await firstError({ ...base, CommissionPercent: '-1' })).toEqual({ field: 'CommissionPercent', message: 'Commission percent cannot be negative.' });
  });

  it('Bill-to and ship-to ids must be active.', async () => {
    const inactive = await call(server.app, 'POST', '/api/data/firm', admin, { FirmId: 'B799', Name: 'Closed Account Inc.', FirmTypes: ['bill-to'], IsActive: false });
    expect(inactive.statusCode).toBe(201);
    expect(await firstError({ ...base, FirmTypes: ['ship-to'], BillToId: 'B799' })).toEqual({ field: 'BillToId', message: 'Bill-to and ship-to ids must be active.' });
    // A bill-to that active ship-tos name cannot be deactivated.
    const b100 = (await call(server.app, 'GET', '/api/data/firm/B100', admin)).json().Data;
    expect(await firstError({ IsActive: false, Version: b100.Version }, 'PUT', '/api/data/firm/B100')).toEqual({
      field: 'IsActive',
      message: 'Bill-to and ship-to ids must be active.',
    });
  });

  it('the lookup browses: blank lists the first page by name, any part of id or name, ignoring case and accents (issue 40 item 7)', async () => {
    const names = (body: { List: { Name: string }[] }) => body.List.map((row) => row.Name);
    const byName = (list: string[]) => [...list].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const blank = await call(server.app, 'GET', '/api/firm/lookup', clerk);
    expect(blank.statusCode).toBe(200);
    expect(blank.json().List.length).toBeGreaterThan(3);
    expect(names(blank.json())).toEqual(byName(names(blank.json())));
    expect((await call(server.app, 'GET', '/api/firm/lookup?FirmId=&Name=%20', clerk)).json().List).toEqual(blank.json().List);
    const found = await call(server.app, 'GET', '/api/firm/lookup?FirmId=s1', clerk);
    expect(found.json()).toMatchObject({ ResultStatus: 1 });
    expect(found.json().List.map((f: { FirmId: string }) => f.FirmId).sort()).toEqual(['S101', 'S102']);
    const named = (await call(server.app, 'GET', '/api/firm/lookup?Name=laurentian', clerk)).json();
    expect(named.List.map((f: { FirmId: string }) => f.FirmId).sort()).toEqual(['B200', 'S201']);
    expect((await call(server.app, 'GET', '/api/firm/lookup?Name=zzz', clerk)).json()).toMatchObject({ ResultStatus: 6, List: [] });
    // One letter finds every firm holding it in its id, name or city; an accented name is found without accents and in other case.
    const created = await call(server.app, 'POST', '/api/data/firm', admin, { FirmId: 'B791', Name: 'Société Générale Québec', City: 'Montréal', FirmTypes: ['bill-to'] });
    expect(created.statusCode, JSON.stringify(created.json())).toBe(201);
    for (const search of ['generale', 'GÉNÉRALE', 'quebec', 'MONTREAL', 'b79']) {
      const answer = (await call(server.app, 'GET', `/api/firm/lookup?Search=${encodeURIComponent(search)}`, clerk)).json();
      expect(answer.List.map((f: { FirmId: string }) => f.FirmId), search).toContain('B791');
    }
    const a = (await call(server.app, 'GET', '/api/firm/lookup?Search=a', clerk)).json();
    expect(a.List.length).toBeGreaterThan(3);
    expect(a.List.every((f: { FirmId: string; Name: string; City: string | null }) => `${f.FirmId} ${f.Name} ${f.City ?? ''}`.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').includes('a'))).toBe(true);
    // The id typed exactly comes first; pages follow one another without overlap.
    expect((await call(server.app, 'GET', '/api/firm/lookup?Search=b100', clerk)).json().List[0].FirmId).toBe('B100');
    const total = (blank.json().List as unknown[]).length + (blank.json().More ? 1 : 0);
    expect(total).toBeGreaterThan(0);
  });
});

describe('firm types are accounts', () => {
  it('creates the accounts, and deleting one by unchecking needs a confirmation', async () => {
    const created = await call(server.app, 'POST', '/api/data/firm', clerk, {
      FirmId: 'v810',
      Name: 'Shawinigan Alloys',
      FirmTypes: ['vendor', 'bill-to'],
      ApFirmId: 8810,
      CommissionPercent: '1.25',
      Contacts: [{ Name: 'Élise Gagnon', Email: 'elise@shawinigan-alloys.example', IsPrimary: true }],
    });
    expect(created.statusCode).toBe(201);
    const firm = created.json().Data;
    expect(firm).toMatchObject({ FirmId: 'V810', FirmTypes: ['bill-to', 'vendor'], CommissionPercent: '1.25' });
    const db = server.app.erp.database.db;
    const accounts = async () =>
      (await db.selectFrom('firm_accounts').select('account_type').where('firm_id', '=', 'V810').orderBy('account_type').execute()).map((r) => r.account_type);
    expect(await accounts()).toEqual(['bill-to', 'vendor']);

    const ask = await call(server.app, 'PUT', '/api/data/firm/V810', clerk, { FirmTypes: ['bill-to'], Version: firm.Version });
    expect(ask.statusCode).toBe(200);
    expect(ask.json()).toMatchObject({ ResultStatus: 3, ResultCode: 'confirm_delete_accounts', Data: { Accounts: ['vendor'] } });
    expect(ask.json().Message).toContain('vendor');
    expect(await accounts()).toEqual(['bill-to', 'vendor']);
    expect((await call(server.app, 'GET', '/api/data/firm/V810', clerk)).json().Data.Version).toBe(firm.Version);

    const confirmed = await call(server.app, 'PUT', '/api/data/firm/V810', clerk, { FirmTypes: ['bill-to'], Version: firm.Version, ConfirmDeleteAccounts: true });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().Data.FirmTypes).toEqual(['bill-to']);
    expect(await accounts()).toEqual(['bill-to']);
    const audit = (await call(server.app, 'GET', '/api/data/firm/V810/audit', clerk)).json();
    expect(audit.List.some((row: Record<string, unknown>) => row['TableName'] === 'firm_accounts' && row['Action'] === 'delete' && row['OldValue'] === 'vendor')).toBe(true);
    expect(audit.List.some((row: Record<string, unknown>) => row['ColumnName'] === 'is_vendor' && row['OldValue'] === 'true' && row['NewValue'] === 'false')).toBe(true);

    const wrongFlag = await call(server.app, 'PUT', '/api/data/firm/V810', clerk, { Name: 'X', Version: firm.Version + 1, ConfirmDeleteAccounts: 'yes' });
    expect(wrongFlag.statusCode).toBe(400);
  });

  it('keeps contacts as a child list: add, change and remove in one save, each audited on the firm', async () => {
    const firm = (await call(server.app, 'GET', '/api/data/firm/B200', admin)).json().Data;
    const [luc] = firm.Contacts;
    const saved = await call(server.app, 'PUT', '/api/data/firm/B200', admin, {
      Contacts: [{ ...luc, Title: 'Directeur de projets' }, { Name: 'Annie Roy', Phone: '450-555-0113' }],
      Version: firm.Version,
    });
    expect(saved.statusCode).toBe(200);
    const contacts = saved.json().Data.Contacts;
    expect(contacts.map((c: { Name: string; Title: string | null }) => [c.Name, c.Title])).toEqual([
      ['Luc Bergeron', 'Directeur de projets'],
      ['Annie Roy', null],
    ]);
    const removed = await call(server.app, 'PUT', '/api/data/firm/B200', admin, { Contacts: [contacts[1]], Version: firm.Version + 1 });
    expect(removed.json().Data.Contacts.map((c: { Name: string }) => c.Name)).toEqual(['Annie Roy']);
    const foreign = await call(server.app, 'PUT', '/api/data/firm/B200', admin, { Contacts: [{ ContactKey: 999999, Name: 'X' }], Version: firm.Version + 2 });
    expect(foreign.statusCode).toBe(400);
    const audit = (await call(server.app, 'GET', '/api/data/firm/B200/audit', admin)).json();
    const fields = audit.List.map((row: { FieldName: string | null; Action: string }) => `${row.Action} ${row.FieldName}`);
    expect(fields).toEqual(expect.arrayContaining(['update Contacts.Title', 'insert Contacts.Name', 'delete Contacts.Name']));
  });
});

describe('users restricted to assigned customers (§6)', () => {
  it('see only their customers and get the §6 message for any other firm', async () => {
    const clerkRow = (await call(server.app, 'GET', '/api/data/user/clerk', admin)).json().Data;
    const restricted = await call(server.app, 'PUT', '/api/data/user/clerk', admin, {
      RestrictedToAssignedCustomers: true,
      AssignedCustomers: ['B100'],
      Version: clerkRow.Version,
    });
    expect(restricted.statusCode).toBe(200);

    const other = await call(server.app, 'GET', '/api/data/firm/B200', clerk);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({
      ResultStatus: 2,
      ResultCode: 'not_assigned',
      Message: 'Sorry, this Firm cannot be viewed. You are not assigned to this customer.',
    });
    expect((await call(server.app, 'PUT', '/api/data/firm/B200', clerk, { Name: 'x', Version: 1 })).statusCode).toBe(403);
    expect((await call(server.app, 'GET', '/api/data/firm/B100', clerk)).statusCode).toBe(200);
    expect((await call(server.app, 'GET', '/api/data/firm/S102', clerk)).statusCode).toBe(200);
    const list = (await call(server.app, 'GET', '/api/data/firm', clerk)).json();
    expect(list.List.map((f: { FirmId: string }) => f.FirmId)).toEqual(['B100', 'S101', 'S102']);
    expect(list.TotalCount).toBe(3);
    const lookup = (await call(server.app, 'GET', '/api/firm/lookup?Name=a', clerk)).json();
    expect(lookup.List.every((f: { FirmId: string }) => ['B100', 'S101', 'S102'].includes(f.FirmId))).toBe(true);

    const back = (await call(server.app, 'GET', '/api/data/user/clerk', admin)).json().Data;
    expect(back.AssignedCustomers).toEqual(['B100']);
    await call(server.app, 'PUT', '/api/data/user/clerk', admin, { RestrictedToAssignedCustomers: false, AssignedCustomers: [], Version: back.Version });
    expect((await call(server.app, 'GET', '/api/data/firm/B200', clerk)).statusCode).toBe(200);
  });
});

describe('the firm widget lookup serves a field, with the generic lookup rights (issue 21 items 5, 11)', () => {
  const firms = async (query: string, token = clerk) => {
    const response = await call(server.app, 'GET', `/api/firm/lookup?${query}`, token);
    return { status: response.statusCode, ids: ((response.json().List ?? []) as { FirmId: string }[]).map((row) => row.FirmId) };
  };

  it("answers with the screen's rights: a field hidden from the caller is refused, a field that is no firm lookup is a 400", async () => {
    expect(await firms('FirmId=B1&From=firm&Field=JobberFirmId')).toMatchObject({ status: 200, ids: expect.arrayContaining(['B100']) });
    expect((await firms('FirmId=B1&From=inventory-ticket&Field=WarehouseId')).status).toBe(400);
    expect((await firms('FirmId=B1&From=firm')).status).toBe(400);
    expect((await firms('FirmId=B1&From=no-such-screen&Field=JobberFirmId')).status).toBe(404);
    const rule = await call(server.app, 'POST', '/api/data/form-widgets-security', admin, { RoleId: 'CLERK', Entity: 'firm', FieldName: 'JobberFirmId', Access: 'hidden' });
    expect(rule.statusCode, JSON.stringify(rule.json())).toBe(201);
    try {
      // The field's rights, not the firm maintenance right (which the clerk still has).
      expect((await firms('FirmId=B1&From=firm&Field=JobberFirmId')).status).toBe(403);
      expect((await firms('FirmId=B1')).status).toBe(200);
    } finally {
      const key = rule.json().EntityId;
      const row = (await call(server.app, 'GET', `/api/data/form-widgets-security/${key}`, admin)).json().Data;
      await call(server.app, 'DELETE', `/api/data/form-widgets-security/${key}?Version=${row.Version}`, admin);
    }
  });

  it('offers only what the field accepts: an inactive firm is left out where an active one is required', async () => {
    const created = await call(server.app, 'POST', '/api/data/firm', admin, { FirmId: 'S790', Name: 'Closed ship-to', FirmTypes: ['ship-to'], IsActive: false });
    expect(created.statusCode, JSON.stringify(created.json())).toBe(201);
    expect((await firms('FirmId=S790', admin)).ids).toEqual(['S790']);
    // user.DefaultShipToId is activeOnly.
    expect(await firms('FirmId=S790&From=user&Field=DefaultShipToId', admin)).toEqual({ status: 200, ids: [] });
    expect((await firms('FirmId=S790&From=user&Field=DefaultShipToId')).status).toBe(403);
  });
});
