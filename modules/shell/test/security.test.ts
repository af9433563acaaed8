/**
 * §6 through the generic routes: entity roles (a clerk cannot read or write users and roles), form
 * widgets security (hidden and read-only fields per role, in answers and on write), menu access (the
 * shell's applications, menus and routes follow it at once), users (created with an initial password,
 * signing in at once, changes effective at once) and user securables (§3 bill-to securable rules).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Application, Menu, RouteDefinition } from '@erp/shared/types';
import { apiGet, signIn, type TestServer } from '../../../server/test/helpers/app.ts';
import { signedInServer } from '../../../server/test/helpers/api.ts';
import { icModule } from '@erp/modules/ic/definitions/index';
import { call } from '../../../server/test/helpers/entities.ts';

let server: TestServer;
let admin: string;
let clerk: string;

beforeAll(async () => { ({ server, tokens: { admin, clerk } } = await signedInServer('admin', 'clerk')); });
afterAll(() => server?.stop());

describe('entity roles', () => {
  it('keeps a clerk from reading or writing users and roles, whatever the route', async () => {
    const attempts: [Parameters<typeof call>[1], string, unknown?][] = [
      ['GET', '/api/data/user'],
      ['GET', '/api/data/user/admin'],
      ['GET', '/api/data/user/admin/audit'],
      ['POST', '/api/data/user', { UserId: 'x', DisplayName: 'X', InitialPassword: 'Secret-2025-x' }],
      ['PUT', '/api/data/user/admin', { DisplayName: 'Owned', Version: 1 }],
      ['DELETE', '/api/data/user/admin?Version=1'],
      ['GET', '/api/data/role'],
      ['PUT', '/api/data/role/ADMIN', { Name: 'x', Version: 1 }],
      ['POST', '/api/data/user/export', {}],
      ['GET', '/api/entities/user'],
      ['GET', '/api/data/menu-access'],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await call(server.app, method, url, clerk, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toMatchObject({ ResultStatus: 2, ResultCode: 'forbidden', Message: 'You do not have sufficient permissions.' });
    }
    expect((await call(server.app, 'GET', '/api/data/user/admin', admin)).json().Data.DisplayName).toBe('Dana Whitfield');
    const listed = (await call(server.app, 'GET', '/api/entities', clerk)).json() as { Entity: string; CanWrite: boolean }[];
    // §6 least privilege (issue 39 item 4.3): the clerk's applications are Order Entry and Inventory Control, so it
    // writes firms, the Inventory Control entities (a warehouse's count is written by the count processes only), the
    // order desk's price and setup masters, and the sales orders, drivers' cash-ins, product returns and commission
    // runs of the order desk (issue 26) — nothing of another application (server/test/clerk-rights.test.ts).
    const writable = listed.filter((entity) => entity.CanWrite).map((entity) => entity.Entity);
    const inventory = icModule.entities.map((entity) => entity.name).filter((name) => name !== 'warehouse-count');
    const orderDesk = ['price-table', 'discount-table', 'customer-sku', 'tariff', 'holiday', 'delivery-route', 'email-template', 'portal-notification'];
    const sales = ['sales-order', 'driver-cash-in', 'product-return', 'commission-run'];
    expect(writable.sort()).toEqual(['firm', ...inventory, ...orderDesk, ...sales].sort());
    expect(listed.map((entity) => entity.Entity)).not.toContain('user');
  });

  it('answers 401 without a token', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/data/firm' })).statusCode).toBe(401);
  });
});

describe('form widgets security', () => {
  it('hides a field from a role in list, get, export and audit answers, and refuses writing it', async () => {
    const rule = await call(server.app, 'POST', '/api/data/form-widgets-security', admin, { RoleId: 'clerk', Entity: 'firm', FieldName: 'CreditLimit', Access: 'hidden' });
    expect(rule.statusCode).toBe(201);
    const list = (await call(server.app, 'GET', '/api/data/firm', clerk)).json();
    expect(list.List[0]).not.toHaveProperty('CreditLimit');
    const one = (await call(server.app, 'GET', '/api/data/firm/B100', clerk)).json();
    expect(one.Data).not.toHaveProperty('CreditLimit');
    expect((await call(server.app, 'GET', '/api/data/firm/B100', admin)).json().Data.CreditLimit).toBe('250000.00');
    expect((await call(server.app, 'GET', '/api/entities/firm', clerk)).json()).toMatchObject({ Hidden: ['CreditLimit'], ReadOnly: [] });

    const write = await call(server.app, 'PUT', '/api/data/firm/B100', clerk, { CreditLimit: '1.00', Version: one.Data.Version });
    expect(write.statusCode).toBe(400);
    expect(write.json().Message).toBe('Unknown field: CreditLimit.');
    expect((await call(server.app, 'GET', '/api/data/firm?SortFields=CreditLimit', clerk)).statusCode).toBe(400);
    expect((await call(server.app, 'GET', '/api/data/firm?filter.CreditLimit.from=1', clerk)).statusCode).toBe(400);
    expect((await call(server.app, 'POST', '/api/data/firm/export', clerk, { Columns: ['CreditLimit'] })).statusCode).toBe(400);

    // Changes by the administrator show in the audit log, but not the hidden column's rows to the clerk.
    await call(server.app, 'PUT', '/api/data/firm/B100', admin, { CreditLimit: '300000.00', Version: one.Data.Version });
    const audit = (await call(server.app, 'GET', '/api/data/firm/B100/audit', clerk)).json();
    expect(audit.List.some((row: { ColumnName: string }) => row.ColumnName === 'credit_limit')).toBe(false);
    expect((await call(server.app, 'GET', '/api/data/firm/B100/audit', admin)).json().List[0].ColumnName).toBe('credit_limit');
  });

  it('makes a field read-only for a role: shown, but a change is refused', async () => {
    await call(server.app, 'POST', '/api/data/form-widgets-security', admin, { RoleId: 'CLERK', Entity: 'firm', FieldName: 'SalesRep', Access: 'read-only' });
    const firm = (await call(server.app, 'GET', '/api/data/firm/B200', clerk)).json().Data;
    expect(firm.SalesRep).toBe('SR02');
    const change = await call(server.app, 'PUT', '/api/data/firm/B200', clerk, { SalesRep: 'SR09', Version: firm.Version });
    expect(change.statusCode).toBe(400);
    expect(change.json().Message).toBe('Sales rep cannot be changed.');
    const unchanged = await call(server.app, 'PUT', '/api/data/firm/B200', clerk, { SalesRep: 'SR02', Phone: '450-555-0100', Version: firm.Version });
    expect(unchanged.statusCode).toBe(200);
  });

  it('checks its own rows: the screen, the field, never the key', async () => {
    const errors = async (payload: Record<string, unknown>) =>
      (await call(server.app, 'POST', '/api/data/form-widgets-security', admin, payload)).json().Message as string;
    expect(await errors({ RoleId: 'CLERK', Entity: 'spaceship', FieldName: 'Name' })).toBe('There is no such screen.');
    expect(await errors({ RoleId: 'CLERK', Entity: 'firm', FieldName: 'Shoe' })).toBe('The field is not a field of that screen.');
    expect(await errors({ RoleId: 'CLERK', Entity: 'firm', FieldName: 'FirmId' })).toBe('The key field of a screen cannot be hidden or read-only.');
    expect(await errors({ RoleId: 'NOPE', Entity: 'firm', FieldName: 'Name' })).toBe('Role is not valid.');
  });
});

describe('menu access', () => {
  const applicationsOf = async (token: string) =>
    ((await apiGet(server.app, '/api/shell/applications', token)).json() as Application[]).map((a) => a.Application).sort();

  it('removes an application from the clerk at once, and limits menus', async () => {
    expect(await applicationsOf(clerk)).toEqual(['NOVUS-IC', 'NOVUS-OE']);
    const rows = (await call(server.app, 'GET', '/api/data/menu-access?filter.RoleId=CLERK', admin)).json();
    const ic = rows.List.find((row: { Application: string }) => row.Application === 'NOVUS-IC');
    expect((await call(server.app, 'DELETE', `/api/data/menu-access/${ic.AccessKey}?Version=${ic.Version}`, admin)).statusCode).toBe(200);
    expect(await applicationsOf(clerk)).toEqual(['NOVUS-OE']);
    expect((await apiGet(server.app, '/api/shell/menus?application=NOVUS-IC', clerk)).statusCode).toBe(403);

    // Menu level: the clerk keeps only Firm Maintenance (OE0107) in Order Entry.
    const all = (await apiGet(server.app, '/api/shell/menus?application=NOVUS-OE', clerk)).json() as Menu[];
    expect(all.length).toBeGreaterThan(10);
    const menuRow = await call(server.app, 'POST', '/api/data/menu-access', admin, { RoleId: 'CLERK', Application: 'NOVUS-OE', MenuId: 'OE0107' });
    expect(menuRow.statusCode).toBe(201);
    const oe = rows.List.find((row: { Application: string }) => row.Application === 'NOVUS-OE');
    await call(server.app, 'DELETE', `/api/data/menu-access/${oe.AccessKey}?Version=${oe.Version}`, admin);
    const limited = (await apiGet(server.app, '/api/shell/menus?application=NOVUS-OE', clerk)).json() as Menu[];
    expect(limited.map((m) => m.MenuId).sort()).toEqual(['OE0006', 'OE0107']);
    const routes = (await apiGet(server.app, '/api/shell/routes', clerk)).json() as RouteDefinition[];
    expect(routes.some((r) => r.Path === '/novus-oe/firm-maintenance')).toBe(true);
    expect(routes.some((r) => r.Path === '/novus-oe/sales-order-entry')).toBe(false);
    expect(await applicationsOf(clerk)).toEqual(['NOVUS-OE']);
    // The administrator is untouched.
    expect((await apiGet(server.app, '/api/shell/menus?application=NOVUS-OE', admin)).json()).toHaveLength(all.length);

    const badMenu = await call(server.app, 'POST', '/api/data/menu-access', admin, { RoleId: 'CLERK', Application: 'NOVUS-OE', MenuId: 'GL0101' });
    expect(badMenu.json().Message).toBe('The menu is not a menu of that application.');
    const twice = await call(server.app, 'POST', '/api/data/menu-access', admin, { RoleId: 'CLERK', Application: 'NOVUS-OE', MenuId: 'OE0107' });
    expect(twice.statusCode).toBe(400);
  });
});

describe('users', () => {
  it('creates a portal user who signs in at once; changes apply at once; the password is never answered', async () => {
    const created = await call(server.app, 'POST', '/api/data/user', admin, {
      UserId: 'jmorin',
      DisplayName: 'Julie Morin',
      Email: 'julie.morin@laurentian-electrical.example',
      Domain: 'laurentian-electrical.example',
      LandingPage: '/portal',
      ShowMenus: false,
      Language: 'fr-CA',
      Roles: ['PORTAL'],
      DefaultShipToId: 's201',
      InitialPassword: 'Bienvenue-2025',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().Data).toMatchObject({ UserId: 'jmorin', Roles: ['PORTAL'], DefaultShipToId: 'S201', Language: 'fr-CA' });
    expect(JSON.stringify(created.json())).not.toMatch(/Bienvenue|scrypt|InitialPassword/);
    const audit = await server.app.erp.database.db.selectFrom('audit_log').selectAll().where('id_value', '=', 'jmorin').execute();
    expect(JSON.stringify(audit)).not.toContain('Bienvenue');

    const tokens = await signIn(server.app, 'jmorin', 'Bienvenue-2025');
    const profile = (await apiGet(server.app, '/api/shell/profile', tokens.access_token)).json();
    expect(profile).toMatchObject({ landingPage: '/portal', showMenus: false, language: 'fr-CA', defaultShipToId: 'S201' });
    expect(((await apiGet(server.app, '/api/shell/applications', tokens.access_token)).json() as Application[]).map((a) => a.Application)).toEqual(['PORTAL']);

    const user = created.json().Data;
    const changed = await call(server.app, 'PUT', '/api/data/user/jmorin', admin, { ShowMenus: true, Roles: ['PORTAL', 'CLERK'], Version: user.Version });
    expect(changed.statusCode).toBe(200);
    expect((await apiGet(server.app, '/api/shell/profile', tokens.access_token)).json().showMenus).toBe(true);
    // The clerk role opens Order Entry only by now (menu-access test above).
    const opened = ((await apiGet(server.app, '/api/shell/applications', tokens.access_token)).json() as Application[]).map((a) => a.Application);
    expect(opened.sort()).toEqual(['NOVUS-OE', 'PORTAL']);
    await call(server.app, 'PUT', '/api/data/user/jmorin', admin, { IsActive: false, Version: user.Version + 1 });
    expect((await apiGet(server.app, '/api/shell/profile', tokens.access_token)).statusCode).toBe(401);
    await expect(signIn(server.app, 'jmorin', 'Bienvenue-2025')).rejects.toThrow();
  });

  it('creates a user without an email or a domain, and clears them again (stored as empty)', async () => {
    const created = await call(server.app, 'POST', '/api/data/user', admin, {
      UserId: 'nomail',
      DisplayName: 'No Mail',
      Email: '',
      InitialPassword: 'Bienvenue-2025-x',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().Data).toMatchObject({ UserId: 'nomail' });
    const withMail = await call(server.app, 'PUT', '/api/data/user/nomail', admin, { Email: 'no.mail@example.com', Domain: 'example.com', Version: 1 });
    expect(withMail.statusCode, withMail.body).toBe(200);
    const cleared = await call(server.app, 'PUT', '/api/data/user/nomail', admin, { Email: '', Domain: '', Version: 2 });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const row = await server.app.erp.database.db.selectFrom('users').select(['email', 'domain']).where('user_id', '=', 'nomail').executeTakeFirstOrThrow();
    expect(row).toEqual({ email: '', domain: '' });
  });

  it('needs an initial password that meets the policy, checks roles, refuses deleting oneself', async () => {
    const noPassword = await call(server.app, 'POST', '/api/data/user', admin, { UserId: 'x1', DisplayName: 'X' });
    expect(noPassword.json().Message).toBe('An initial password is required for a new user.');
    const weak = await call(server.app, 'POST', '/api/data/user', admin, { UserId: 'x1', DisplayName: 'X', InitialPassword: 'short' });
    expect(weak.json().Message).toMatch(/^The initial password does not meet the password policy: /);
    const role = await call(server.app, 'POST', '/api/data/user', admin, { UserId: 'x1', DisplayName: 'X', InitialPassword: 'Long-enough-1', Roles: ['NOPE'] });
    expect(role.json().Data.Errors[0]).toMatchObject({ field: 'Roles', message: 'Roles is not valid.' });
    const self = await call(server.app, 'DELETE', '/api/data/user/admin?Version=1', admin);
    expect(self.statusCode).toBe(409);
    expect(self.json().Message).toBe('You cannot delete your own user.');
  });

  it('resets a password with InitialPassword on update', async () => {
    const steel = (await call(server.app, 'GET', '/api/data/user/steel', admin)).json().Data;
    expect((await call(server.app, 'PUT', '/api/data/user/steel', admin, { InitialPassword: 'Reset-pass-2025', Version: steel.Version })).statusCode).toBe(200);
    await expect(signIn(server.app, 'steel', 'steel')).rejects.toThrow();
    expect((await signIn(server.app, 'steel', 'Reset-pass-2025')).access_token).toBeTruthy();
  });
});

describe('user securables', () => {
  const post = (identifier: string) =>
    call(server.app, 'POST', '/api/data/user-securables', admin, { UserId: 'portal', Identifier: identifier });

  it('accepts a bill-to followed by its active ship-tos', async () => {
    const response = await post('b300,s301');
    expect(response.statusCode).toBe(201);
    expect(response.json().Data.Identifier).toBe('B300,S301');
  });

  it("answers 'Bill-to and ship-to id invalid.' for anything else", async () => {
    for (const identifier of ['S101,S102', 'B100,S201', 'B100,NOPE', 'NOPE', 'B100,S101,S101', 'B100,,S101']) {
      const response = await post(identifier);
      expect(response.statusCode, identifier).toBe(400);
      expect(response.json().Message, identifier).toBe('Bill-to and ship-to id invalid.');
    }
    const firm = (await call(server.app, 'GET', '/api/data/firm/S102', admin)).json().Data;
    await call(server.app, 'PUT', '/api/data/firm/S102', admin, { IsActive: false, Version: firm.Version });
    expect((await post('B100,S102')).json().Message).toBe('Bill-to and ship-to id invalid.');
  });
});
