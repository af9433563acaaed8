/**
 * Issue 74 item 2 (acceptance): the signed-in user's roles, the applications they open and the form-widget rules are
 * kept per instance (auth/access-cache.ts) — and still:
 * - on one instance (both engines): a change applies to the very next request; cached rights never cross users
 *   (two users with different roles read the same record, interleaved, each with their own field rights);
 * - on two instances on one PostgreSQL database: a form-widget rule, a role's menu access and a user's roles
 *   changed through one apply on the other within 1 s (polled against a deadline); a deactivated user is refused at
 *   once on both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { createTestDatabase, engine, type TestDatabase } from './helpers/database.ts';
import { call } from './helpers/entities.ts';
import { startInstance, type Instance } from './helpers/instances.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type App = TestServer['app'];

/** Creates a staff user with `roles` through the user screen's API (as `admin`); answers the user's access token. */
async function newUser(app: App, admin: string, id: string, roles: string[], signInOn: App = app): Promise<string> {
  const created = await call(app, 'POST', '/api/data/user', admin, { UserId: id, DisplayName: `User ${id}`, Email: `${id}@example.com`, Roles: roles, InitialPassword: 'Capacity-74-pass!' });
  expect(created.statusCode, created.body).toBe(201);
  return (await signIn(signInOn, id, 'Capacity-74-pass!')).access_token;
}

/** Saves `changes` on a record through the API (its current version). */
async function save(app: App, token: string, url: string, changes: Json): Promise<void> {
  const before = await call(app, 'GET', url, token);
  expect(before.statusCode, before.body).toBe(200);
  const saved = await call(app, 'PUT', url, token, { ...changes, Version: before.json().Data.Version });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** Deletes a record through the API (at its current version). */
async function remove(app: App, token: string, url: string): Promise<void> {
  const before = await call(app, 'GET', url, token);
  expect(before.statusCode, before.body).toBe(200);
  const deleted = await call(app, 'DELETE', `${url}?Version=${before.json().Data.Version}`, token);
  expect(deleted.statusCode, deleted.body).toBe(200);
}

/** A form-widget rule made through its screen's API; answers its key. */
async function rule(app: App, admin: string, role: string, entity: string, field: string): Promise<number> {
  const response = await call(app, 'POST', '/api/data/form-widgets-security', admin, { RoleId: role, Entity: entity, FieldName: field, Access: 'hidden' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().Data.WidgetKey as number;
}

/** Whether the record answered to `token` shows `field`. */
async function shows(app: App, token: string, url: string, field: string): Promise<boolean> {
  const response = await call(app, 'GET', url, token);
  expect(response.statusCode, response.body).toBe(200);
  return Object.hasOwn(response.json().Data as Json, field);
}

/**
 * Asks `probe` until it answers true, at most `ms` after the call (each try is a real request: no sleeping); answers
 * the time it took. Fails when the deadline passes.
 */
async function within(ms: number, probe: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await probe()) return performance.now() - started;
    if (performance.now() - started > ms) throw new Error(`not applied within ${ms} ms`);
  }
}

describe(`access cache on one instance (${engine})`, () => {
  let server: TestServer;
  let admin: string;
  let clerk: string;
  let both: string;

  beforeAll(async () => {
    server = await startServer();
    admin = (await signIn(server.app, 'admin', 'admin')).access_token;
    clerk = await newUser(server.app, admin, 'cache-clerk', ['CLERK']);
    both = await newUser(server.app, admin, 'cache-both', ['CLERK', 'ADMIN']);
  }, 120_000);
  afterAll(async () => server?.stop());

  it('never crosses users: each reads the same record with the field rights of their own roles', async () => {
    const key = await rule(server.app, admin, 'CLERK', 'firm', 'Phone');
    try {
      // Interleaved and repeated, so that every read after the first of each comes from the cache.
      for (let round = 0; round < 3; round++) {
        expect(await shows(server.app, clerk, '/api/data/firm/B100', 'Phone')).toBe(false);
        expect(await shows(server.app, admin, '/api/data/firm/B100', 'Phone')).toBe(true);
        // CLERK + ADMIN: ADMIN has no rule, the least restrictive wins.
        expect(await shows(server.app, both, '/api/data/firm/B100', 'Phone')).toBe(true);
      }
    } finally {
      await remove(server.app, admin, `/api/data/form-widgets-security/${key}`);
    }
    // Removed: the next read shows it again.
    expect(await shows(server.app, clerk, '/api/data/firm/B100', 'Phone')).toBe(true);
  });

  it('applies a rule, a menu grant and a user\'s roles to the very next request', async () => {
    expect(await shows(server.app, clerk, '/api/data/firm/B100', 'Email')).toBe(true);
    const key = await rule(server.app, admin, 'CLERK', 'firm', 'Email');
    expect(await shows(server.app, clerk, '/api/data/firm/B100', 'Email')).toBe(false);
    await remove(server.app, admin, `/api/data/form-widgets-security/${key}`);

    const apps = async () => ((await call(server.app, 'GET', '/api/shell/applications', clerk)).json() as Json[]).map((app) => app.Application as string);
    expect(await apps()).not.toContain('NOVUS-AR');
    const grant = await call(server.app, 'POST', '/api/data/menu-access', admin, { RoleId: 'CLERK', Application: 'NOVUS-AR' });
    expect(grant.statusCode, grant.body).toBe(201);
    expect(await apps()).toContain('NOVUS-AR');
    await remove(server.app, admin, `/api/data/menu-access/${grant.json().Data.AccessKey}`);
    expect(await apps()).not.toContain('NOVUS-AR');

    expect((await call(server.app, 'GET', '/api/data/role', clerk)).statusCode).toBe(403);
    await save(server.app, admin, '/api/data/user/cache-clerk', { Roles: ['CLERK', 'ADMIN'] });
    expect((await call(server.app, 'GET', '/api/data/role', clerk)).statusCode).toBe(200);
    await save(server.app, admin, '/api/data/user/cache-clerk', { Roles: ['CLERK'] });
    expect((await call(server.app, 'GET', '/api/data/role', clerk)).statusCode).toBe(403);
  });

  it('refuses a deactivated user at once', async () => {
    const token = await newUser(server.app, admin, 'cache-gone', ['CLERK']);
    expect((await call(server.app, 'GET', '/api/data/firm/B100', token)).statusCode).toBe(200);
    await save(server.app, admin, '/api/data/user/cache-gone', { IsActive: false });
    expect((await call(server.app, 'GET', '/api/data/firm/B100', token)).statusCode).toBe(401);
  });
});

describe.skipIf(engine !== 'postgres')('access cache on two instances on one PostgreSQL database', () => {
  let database: TestDatabase;
  let a: Instance;
  let b: Instance;
  let admin: string;
  let clerk: string;

  beforeAll(async () => {
    database = await createTestDatabase({ template: 'core' });
    [a, b] = await Promise.all([startInstance(database.environment), startInstance(database.environment)]);
    admin = (await signIn(a.app, 'admin', 'admin')).access_token;
    clerk = await newUser(a.app, admin, 'two-clerk', ['CLERK'], b.app);
    // Two processes each compile the server at start: more than a test file's usual minute on a loaded machine.
  }, 240_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  it('applies a form-widget rule made on one instance to the other within 1 s', async () => {
    // B has the clerk's rules of firm cached.
    expect(await shows(b.app, clerk, '/api/data/firm/B100', 'Phone')).toBe(true);
    const key = await rule(a.app, admin, 'CLERK', 'firm', 'Phone');
    await within(1000, async () => !(await shows(b.app, clerk, '/api/data/firm/B100', 'Phone')));
    await remove(a.app, admin, `/api/data/form-widgets-security/${key}`);
    await within(1000, () => shows(b.app, clerk, '/api/data/firm/B100', 'Phone'));
  });

  it("applies a role's menu access and a user's roles changed on one instance to the other within 1 s", async () => {
    const apps = async () => ((await call(b.app, 'GET', '/api/shell/applications', clerk)).json() as Json[]).map((app) => app.Application as string);
    expect(await apps()).not.toContain('NOVUS-AR');
    const grant = await call(a.app, 'POST', '/api/data/menu-access', admin, { RoleId: 'CLERK', Application: 'NOVUS-AR' });
    expect(grant.statusCode, grant.body).toBe(201);
    await within(1000, async () => (await apps()).includes('NOVUS-AR'));
    await remove(a.app, admin, `/api/data/menu-access/${grant.json().Data.AccessKey}`);
    await within(1000, async () => !(await apps()).includes('NOVUS-AR'));

    expect((await call(b.app, 'GET', '/api/data/role', clerk)).statusCode).toBe(403);
    await save(a.app, admin, '/api/data/user/two-clerk', { Roles: ['CLERK', 'ADMIN'] });
    await within(1000, async () => (await call(b.app, 'GET', '/api/data/role', clerk)).statusCode === 200);
    await save(a.app, admin, '/api/data/user/two-clerk', { Roles: ['CLERK'] });
    await within(1000, async () => (await call(b.app, 'GET', '/api/data/role', clerk)).statusCode === 403);
  });

  it('refuses a user deactivated on one instance at once on both', async () => {
    const token = await newUser(a.app, admin, 'two-gone', ['CLERK'], b.app);
    expect((await call(a.app, 'GET', '/api/data/firm/B100', token)).statusCode).toBe(200);
    expect((await call(b.app, 'GET', '/api/data/firm/B100', token)).statusCode).toBe(200);
    await save(a.app, admin, '/api/data/user/two-gone', { IsActive: false });
    // No waiting: the very next request on either instance.
    expect((await call(b.app, 'GET', '/api/data/firm/B100', token)).statusCode).toBe(401);
    expect((await call(a.app, 'GET', '/api/data/firm/B100', token)).statusCode).toBe(401);
  });
});
