/**
 * GET /api/lookup/:entity — a lookup's suggestions answered by the server from its registry (every module's
 * definitions), so a form suggests records of an entity whose module the page has not loaded (the firm form's
 * AR account terms and sales reps, issue 14). Value is the key, Label the definition's displayField (''
 * when it is the key or hidden from the caller); the list's rights and search apply.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { call } from './helpers/entities.ts';

let server: TestServer;
let admin: string;
let clerk: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  clerk = (await signIn(server.app, 'clerk', 'clerk')).access_token;
});

afterAll(async () => {
  await server?.stop();
});

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
