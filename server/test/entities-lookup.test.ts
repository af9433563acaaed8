/**
 * GET /api/lookup/:entity — a lookup's suggestions answered by the server from its registry (every module's
 * definitions), so a form suggests records of an entity whose module the page has not loaded (the firm form's
 * AR account terms and sales reps, issue 14). Value is the key, Label the definition's displayField (''
 * when it is the key or hidden from the caller); the list's rights and search apply. A call that names the
 * field it serves (From, Field) has the rights of that field's screen and offers only what the field accepts
 * (issue 21 items 5 and 11).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './helpers/app.ts';
import { signedInServer } from './helpers/api.ts';
import { call } from './helpers/entities.ts';
import { entityByName } from '@erp/shared/entities/index';
import { translatorIn } from '../src/entities/call-result.ts';
import { optionIssues } from '../src/entities/checks.ts';
import type { Change } from '../src/entities/hooks.ts';

let server: TestServer;
let admin: string;
let clerk: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => { ({ server, tokens: { admin, clerk } } = await signedInServer('admin', 'clerk')); });
afterAll(() => server?.stop());

const lookup = async (url: string, token = admin) => {
  const response = await call(server.app, 'GET', url, token);
  return { status: response.statusCode, body: response.json() as Json };
};

describe('lookup suggestions', () => {
  it('answers the key and the display label of matching records of a module entity', async () => {
    const { status, body } = await lookup('/api/lookup/account-terms?Search=net3');
    expect(status).toBe(200);
    expect(body).toMatchObject({ ResultStatus: 1, ResultCode: 'ok' });
    expect(body.List).toContainEqual({ Value: 'NET30', Label: 'Net 30 days' });
    for (const option of body.List as Json[]) expect(Object.keys(option).sort()).toEqual(['Label', 'Value']);

    const reps = await lookup('/api/lookup/sales-rep?Search=SR01');
    expect(reps.body.List[0]).toMatchObject({ Value: 'SR01', Label: expect.any(String) });
    expect(reps.body.List[0].Label).not.toBe('');
  });

  it('answers at most 20, and No records. when nothing matches', async () => {
    const all = await lookup('/api/lookup/sales-rep');
    expect(all.body.List.length).toBe(20);
    const none = await lookup('/api/lookup/account-terms?Search=zz-no-such-terms');
    expect(none.body).toMatchObject({ ResultStatus: 6, ResultCode: 'no_records', Message: 'No records.', List: [] });
  });

  it('browses by name page by page, and searches any part of code and name ignoring case and accents (issue 40 item 7)', async () => {
    const first = await lookup('/api/lookup/gl-account');
    const second = await lookup('/api/lookup/gl-account?Page=2');
    expect(first.body.More).toBe(true);
    const labels = [...(first.body.List as Json[]), ...(second.body.List as Json[])].map((option) => option.Label as string);
    expect(labels).toEqual([...labels].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const values = [...(first.body.List as Json[]), ...(second.body.List as Json[])].map((option) => option.Value);
    expect(new Set(values).size).toBe(values.length);
    const created = await call(server.app, 'POST', '/api/data/warehouse', admin, { WarehouseId: 'QC-ENT', Name: 'Entrepôt Île-Bizard', BranchId: 'TOR' });
    expect(created.statusCode, JSON.stringify(created.json())).toBe(201);
    for (const search of ['entrepot', 'ILE-BIZ', 'ÎLE', 'qc-e', 'ent']) {
      const found = await lookup(`/api/lookup/warehouse?From=inventory-ticket&Field=WarehouseId&Search=${encodeURIComponent(search)}`);
      expect((found.body.List as Json[]).map((option) => option.Value), search).toContain('QC-ENT');
    }
    // The code typed exactly comes first, whatever its name.
    expect((await lookup('/api/lookup/warehouse?Search=qc-ent')).body.List[0].Value).toBe('QC-ENT');
    expect((await lookup('/api/lookup/warehouse?Search=%25')).body).toMatchObject({ ResultStatus: 6, List: [] });
  });

  it('gives an empty label when the display field is the key', async () => {
    const { status, body } = await lookup('/api/lookup/configuration');
    expect(status).toBe(200);
    expect(body.List.length).toBeGreaterThan(0);
    for (const option of body.List as Json[]) expect(option).toEqual({ Value: expect.any(String), Label: '' });
  });

  it('keeps the rights of the list: 403 for an entity the caller cannot read, 404 for an unknown one, 400 for another parameter', async () => {
    expect((await lookup('/api/lookup/user', clerk)).status).toBe(403);
    expect((await lookup('/api/lookup/no-such-entity')).status).toBe(404);
    expect((await lookup('/api/lookup/account-terms?PageSize=500')).status).toBe(400);
  });

  it('leaves out a display field hidden from the caller', async () => {
    const rule = await call(server.app, 'POST', '/api/data/form-widgets-security', admin, { RoleId: 'clerk', Entity: 'account-terms', FieldName: 'Description', Access: 'hidden' });
    expect(rule.statusCode, JSON.stringify(rule.json())).toBe(201);
    const { status, body } = await lookup('/api/lookup/account-terms?Search=NET30', clerk);
    expect(status).toBe(200);
    expect(body.List).toContainEqual({ Value: 'NET30', Label: '' });
    expect((await lookup('/api/lookup/account-terms?Search=NET30')).body.List).toContainEqual({ Value: 'NET30', Label: 'Net 30 days' });
  });
});

describe('a lookup named by the field it serves (issue 21 item 11)', () => {
  const ticketWarehouse = '/api/lookup/warehouse?From=inventory-ticket&Field=WarehouseId';

  it("lets the clerk look up warehouses from the inventory ticket, not list them or read them alone", async () => {
    const { status, body } = await lookup(ticketWarehouse, clerk);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.List).toContainEqual({ Value: 'TOR-01', Label: 'Toronto main warehouse' });
    // The maintenance screen's routes stay closed.
    expect((await lookup('/api/lookup/warehouse', clerk)).status).toBe(403);
    expect((await call(server.app, 'GET', '/api/data/warehouse', clerk)).statusCode).toBe(403);
    expect((await call(server.app, 'GET', '/api/data/warehouse/TOR-01', clerk)).statusCode).toBe(403);
  });

  it('refuses a field of a screen the caller cannot use, a field that looks up something else, or a hidden field', async () => {
    // The clerk has no General Ledger: a journal line's account is not theirs to look up.
    expect((await lookup('/api/lookup/gl-account?From=gl-journal-entry&Field=Lines.AccountId', clerk)).status).toBe(403);
    expect((await lookup('/api/lookup/gl-account?From=gl-journal-entry&Field=Lines.AccountId')).status).toBe(200);
    // Warehouses only through a field that looks them up.
    expect((await lookup('/api/lookup/warehouse?From=inventory-ticket&Field=Lines.ProductId', clerk)).status).toBe(400);
    expect((await lookup('/api/lookup/warehouse?From=inventory-ticket&Field=TicketType', clerk)).status).toBe(400);
    expect((await lookup('/api/lookup/warehouse?From=gl-journal-entry&Field=Lines.AccountId', clerk)).status).toBe(400);
    expect((await lookup('/api/lookup/warehouse?From=inventory-ticket&Field=No.Such.Path', clerk)).status).toBe(400);
    expect((await lookup('/api/lookup/warehouse?From=inventory-ticket', clerk)).status).toBe(400);
    expect((await lookup('/api/lookup/warehouse?From=no-such-entity&Field=WarehouseId', clerk)).status).toBe(404);
    const rule = await call(server.app, 'POST', '/api/data/form-widgets-security', admin, { RoleId: 'CLERK', Entity: 'inventory-ticket', FieldName: 'WarehouseId', Access: 'hidden' });
    expect(rule.statusCode, JSON.stringify(rule.json())).toBe(201);
    try {
      expect((await lookup(ticketWarehouse, clerk)).status).toBe(403);
      expect((await lookup('/api/lookup/warehouse?From=inventory-ticket&Field=ToWarehouseId', clerk)).status).toBe(200);
    } finally {
      const key = rule.json().EntityId;
      const row = (await call(server.app, 'GET', `/api/data/form-widgets-security/${key}`, admin)).json().Data;
      await call(server.app, 'DELETE', `/api/data/form-widgets-security/${key}?Version=${row.Version}`, admin);
    }
    expect((await lookup(ticketWarehouse, clerk)).status).toBe(200);
  });

  it('keeps the §6 row filters of the target: a restricted user is offered only assigned customers', async () => {
    const before = (await call(server.app, 'GET', '/api/data/user/clerk', admin)).json().Data;
    const restricted = await call(server.app, 'PUT', '/api/data/user/clerk', admin, { RestrictedToAssignedCustomers: true, AssignedCustomers: ['B100'], Version: before.Version });
    expect(restricted.statusCode).toBe(200);
    try {
      const { status, body } = await lookup('/api/lookup/firm?From=firm&Field=JobberFirmId', clerk);
      expect(status).toBe(200);
      expect((body.List as Json[]).map((option) => option.Value).sort()).toEqual(['B100', 'S101', 'S102']);
    } finally {
      const back = (await call(server.app, 'GET', '/api/data/user/clerk', admin)).json().Data;
      await call(server.app, 'PUT', '/api/data/user/clerk', admin, { RestrictedToAssignedCustomers: false, AssignedCustomers: [], Version: back.Version });
    }
    expect((await lookup('/api/lookup/firm?From=firm&Field=JobberFirmId&Search=B200', clerk)).body.List).toContainEqual(expect.objectContaining({ Value: 'B200' }));
  });
});

describe('a lookup offers only what its field accepts (issue 21 item 5)', () => {
  it('offers inactive records nowhere an active one is required, and the save refuses them', async () => {
    const created = await call(server.app, 'POST', '/api/data/warehouse', admin, { WarehouseId: 'ZZ-OLD', Name: 'Closed warehouse', BranchId: 'TOR', IsActive: false });
    expect(created.statusCode, JSON.stringify(created.json())).toBe(201);
    expect((await lookup('/api/lookup/warehouse?Search=ZZ-OLD')).body.List).toContainEqual(expect.objectContaining({ Value: 'ZZ-OLD' }));
    expect((await lookup('/api/lookup/warehouse?From=inventory-ticket&Field=WarehouseId&Search=ZZ-OLD')).body).toMatchObject({ ResultStatus: 6, List: [] });
  });

  it("offers on a journal line only postable, active, non-control accounts — what the line's save accepts", async () => {
    const offered = async (search: string) =>
      ((await lookup(`/api/lookup/gl-account?From=gl-journal-entry&Field=Lines.AccountId&Search=${search}`)).body.List as Json[]).map((option) => option.Value);
    // 1100 Accounts receivable is a control account, 1900 a heading; 1000 an ordinary postable account.
    expect(await offered('1100')).not.toContain('1100');
    expect(await offered('1900')).not.toContain('1900');
    expect(await offered('1000')).toContain('1000');
    // The account maintenance lookup (no field) still finds them all.
    expect((await lookup('/api/lookup/gl-account?Search=1100')).body.List).toContainEqual(expect.objectContaining({ Value: '1100' }));

    const entry = (account: string) => ({ EntryDate: '2026-06-16', Lines: [{ AccountId: account, Debit: '5.00' }, { AccountId: '1000', Credit: '5.00' }] });
    const refused = await call(server.app, 'POST', '/api/data/gl-journal-entry', admin, entry('1100'));
    expect(refused.statusCode).toBe(400);
    // Issue 21 item 6: the `where` condition it fails has its own message (whereKeys), the posting service's.
    expect(refused.json()).toMatchObject({ Message: 'Account 1100 is a control account: it is posted through its sub-ledger only.' });
    expect(refused.json().Data.Errors[0].field).toBe('Lines[0].AccountId');
    // A heading (not postable) keeps the field's invalidKey.
    const heading = await call(server.app, 'POST', '/api/data/gl-journal-entry', admin, entry('1900'));
    expect(heading.json()).toMatchObject({ Message: 'An account entered is not valid.' });
    const saved = await call(server.app, 'POST', '/api/data/gl-journal-entry', admin, entry(String((await offered('6'))[0])));
    expect(saved.statusCode, JSON.stringify(saved.json())).toBe(201);
  });
});

describe("a report's lookup parameter (issue 21 items 5, 11)", () => {
  it('answers with the rights of whoever may run the report, for its lookup parameters only', async () => {
    const stock = await lookup('/api/lookup/warehouse?Report=ic-stock-status&Field=WarehouseId&Search=TOR', clerk);
    expect(stock.status, JSON.stringify(stock.body)).toBe(200);
    expect(stock.body.List).toContainEqual({ Value: 'TOR-01', Label: 'Toronto main warehouse' });
    // The clerk has no General Ledger: its reports' account parameters are not theirs.
    expect((await lookup('/api/lookup/gl-account?Report=gl-account-enquiry&Field=AccountId', clerk)).status).toBe(403);
    expect((await lookup('/api/lookup/gl-account?Report=gl-account-enquiry&Field=AccountId&Search=1100')).body.List).toContainEqual(expect.objectContaining({ Value: '1100' }));
    // Only a lookup parameter naming this entity; From and Report are one or the other.
    expect((await lookup('/api/lookup/warehouse?Report=ic-stock-status&Field=ProductId', clerk)).status).toBe(400);
    expect((await lookup('/api/lookup/warehouse?Report=ic-stock-status&From=inventory-ticket&Field=WarehouseId', clerk)).status).toBe(400);
    expect((await lookup('/api/lookup/warehouse?Report=no-such-report&Field=WarehouseId', clerk)).status).toBe(404);
  });
});

describe('lookup marks (issue 21 item 5)', () => {
  it('marks lot-tracked products in the product lookup of a ticket line, by the field label in the caller\'s language', async () => {
    const options = async (search: string) =>
      (await lookup(`/api/lookup/product?From=inventory-ticket&Field=Lines.ProductId&Search=${search}`, clerk)).body.List as Json[];
    expect((await options('HRS-12GA-48X96')).find((option) => option.Value === 'HRS-12GA-48X96')).toMatchObject({ Marks: ['Track lot number'], MarkFields: ['TrackLot'] });
    expect((await options('BAR-FL-A36-250X2')).find((option) => option.Value === 'BAR-FL-A36-250X2')).not.toHaveProperty('Marks');
  });
});

describe("an option's when (issue 21 item 5)", () => {
  it("refuses a sub type of another type once, with the ticket's own message", async () => {
    const ticket = { TicketDate: '2026-11-20', WarehouseId: 'TOR-01', TicketType: 'Adjustment', SubType: 'Purchase', Lines: [{ ProductId: 'BAR-FL-A36-250X2', Quantity: '1' }] };
    const refused = await call(server.app, 'POST', '/api/data/inventory-ticket', clerk, ticket);
    expect(refused.statusCode).toBe(400);
    const errors = refused.json().Data.Errors as Json[];
    expect(errors.filter((error) => error.field === 'SubType')).toHaveLength(1);
    // The refusal speaks the caller's language, as the field checks do (issue 21 item 7: no English on French screens).
    expect((await call(server.app, 'POST', '/api/shell_init/locale', clerk, { locale: 'fr-CA' })).statusCode).toBe(200);
    try {
      const french = (await call(server.app, 'POST', '/api/data/inventory-ticket', clerk, ticket)).json();
      const issue = (french.Data.Errors as Json[]).find((error) => error.field === 'SubType')!;
      expect(issue.message).toBe(translatorIn('fr-CA')(issue.key, '', { label: 'Sous-type', ...issue.params }));
      expect(issue.message).not.toBe(errors.find((error) => error.field === 'SubType')!.message);
    } finally {
      await call(server.app, 'POST', '/api/shell_init/locale', clerk, { locale: 'en-CA' });
    }
    const saved = await call(server.app, 'POST', '/api/data/inventory-ticket', clerk, { ...ticket, SubType: 'Count' });
    expect(saved.statusCode, JSON.stringify(saved.json())).toBe(201);
    // The generic check on its own (the ticket's rule says the same first): the type changed under a stored
    // sub type it does not allow is refused; an unchanged old choice is not.
    const def = entityByName('inventory-ticket')!;
    const current = { TicketType: 'Adjustment', SubType: 'Count' };
    const change = (value: Json): Change => ({ mode: 'update', id: 1, value, changed: new Set(Object.keys(value)), current, next: { ...current, ...value }, body: value });
    expect(optionIssues({ def }, change({ TicketType: 'Receipt' }))).toEqual([{ field: 'SubType', key: 'entities:validation.option', params: { value: 'Count' } }]);
    expect(optionIssues({ def }, change({ TicketType: 'Adjustment', SubType: 'Correction' }))).toEqual([]);
    const stale: Change = { mode: 'update', id: 1, value: { Notes: 'x' }, changed: new Set(['Notes']), current: { TicketType: 'Receipt', SubType: 'Count' }, next: { TicketType: 'Receipt', SubType: 'Count', Notes: 'x' }, body: {} };
    expect(optionIssues({ def }, stale)).toEqual([]);
  });
});
