/**
 * Issue 74: what the request path keeps instead of working out again per request — a statement compiled once
 * (db/read.ts compiledOnce), a field access and the search's guard kept beside the cached rules lists
 * (entities/access.ts accessOf, search.ts) and a record answered without a copy when nothing of it is hidden — and
 * still: a statement never runs with another call's value, a rights change applies to the next search, and cached
 * rights never cross users (interleaved searches of users with different roles). A plain list's page and count are
 * compiled once per shape (entities/paging.ts plainShape), never for a restricted user's list.
 */
import { DefaultQueryCompiler, Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compiledOnce, PLACEHOLDER, withValues } from '../src/db/read.ts';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { engine } from './helpers/database.ts';
import { call } from './helpers/entities.ts';
import { kyselySqlite, openSqlite } from '../src/db/sqlite.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type App = TestServer['app'];

describe('a statement compiled once (db/read.ts)', () => {
  interface Db {
    firm: { id: string; kind: string };
  }
  const db = new Kysely<Db>({ dialect: new SqliteDialect({ database: kyselySqlite(openSqlite(':memory:'), (row) => row) }) });
  afterAll(async () => db.destroy());

  it('is kept when its parameters are the placeholders only, and runs with each call\'s values', async () => {
    await db.schema.createTable('firm').addColumn('id', 'text').addColumn('kind', 'text').execute();
    await db.insertInto('firm').values([{ id: 'A', kind: 'x' }, { id: 'B', kind: 'y' }]).execute();
    const owner = {};
    let built = 0;
    const build = () => {
      built += 1;
      return db.selectFrom('firm').select(['id', 'kind']).where('id', '=', PLACEHOLDER);
    };
    const first = compiledOnce(owner, 'by id', 1, build);
    expect(compiledOnce(owner, 'by id', 1, build)).toBe(first);
    expect(built).toBe(1);
    expect((await db.executeQuery(withValues(first, ['A']))).rows).toEqual([{ id: 'A', kind: 'x' }]);
    expect((await db.executeQuery(withValues(first, ['B']))).rows).toEqual([{ id: 'B', kind: 'y' }]);
    // Another owner or key: its own statement.
    compiledOnce({}, 'by id', 1, build);
    expect(built).toBe(2);
  });

  it('is compiled again each call when the builder put a value of its own among the parameters', async () => {
    const owner = {};
    let built = 0;
    const build = () => {
      built += 1;
      return db.selectFrom('firm').select('id').where('id', '=', PLACEHOLDER).where('kind', '=', 'x');
    };
    compiledOnce(owner, 'with a constant', 1, build);
    const again = compiledOnce(owner, 'with a constant', 1, build);
    expect(built).toBe(2);
    // The builder's own value stays in its place; the call's value takes the placeholder's.
    expect((await db.executeQuery(withValues(again, ['A']))).rows).toEqual([{ id: 'A' }]);
    expect((await db.executeQuery(withValues(again, ['B']))).rows).toEqual([]);
    expect(() => withValues(again, ['A', 'B'])).toThrow(/2 values for 1 placeholders/);
  });
});

/** Creates a staff user with `roles` through the user screen's API (as `admin`); answers the user's access token. */
async function newUser(app: App, admin: string, id: string, roles: string[]): Promise<string> {
  const created = await call(app, 'POST', '/api/data/user', admin, { UserId: id, DisplayName: `User ${id}`, Email: `${id}@example.com`, Roles: roles, InitialPassword: 'Capacity-74-pass!' });
  expect(created.statusCode, created.body).toBe(201);
  return (await signIn(app, id, 'Capacity-74-pass!')).access_token;
}

/** `newUser` with more of the user screen's fields. */
async function newUserWith(app: App, admin: string, id: string, fields: Json): Promise<string> {
  const created = await call(app, 'POST', '/api/data/user', admin, { UserId: id, DisplayName: `User ${id}`, Email: `${id}@example.com`, InitialPassword: 'Capacity-74-pass!', ...fields });
  expect(created.statusCode, created.body).toBe(201);
  return (await signIn(app, id, 'Capacity-74-pass!')).access_token;
}

describe(`the request path's kept rights (${engine})`, () => {
  let server: TestServer;
  let admin: string;
  let clerk: string;
  let both: string;

  beforeAll(async () => {
    server = await startServer();
    admin = (await signIn(server.app, 'admin', 'admin')).access_token;
    clerk = await newUser(server.app, admin, 'path-clerk', ['CLERK']);
    both = await newUser(server.app, admin, 'path-both', ['CLERK', 'ADMIN']);
  }, 120_000);
  afterAll(async () => server?.stop());

  /** The name the global search answers for firm B100 when searched by its name. */
  const foundName = async (token: string): Promise<string | undefined> => {
    const response = await call(server.app, 'GET', '/api/search?Search=Northshore', token);
    expect(response.statusCode, response.body).toBe(200);
    return ((response.json().List ?? []) as Json[]).find((hit) => hit.Entity === 'firm' && hit.Id === 'B100')?.Name as string | undefined;
  };

  it('applies a rule to the next search, and never answers one role set\'s rights to another', async () => {
    expect(await foundName(clerk)).toBe('Northshore Metals Ltd.');
    const made = await call(server.app, 'POST', '/api/data/form-widgets-security', admin, { RoleId: 'CLERK', Entity: 'firm', FieldName: 'Name', Access: 'hidden' });
    expect(made.statusCode, made.body).toBe(201);
    const key = made.json().Data.WidgetKey as number;
    try {
      // Interleaved and repeated: every search after the first of each comes from the kept rights.
      for (let round = 0; round < 3; round++) {
        // The name hidden from CLERK: found by its name no more (§6: a hidden field never decides what is found).
        expect(await foundName(clerk)).toBeUndefined();
        expect(await foundName(admin)).toBe('Northshore Metals Ltd.');
        // CLERK + ADMIN: ADMIN has no rule, the least restrictive wins.
        expect(await foundName(both)).toBe('Northshore Metals Ltd.');
      }
    } finally {
      const current = await call(server.app, 'GET', `/api/data/form-widgets-security/${key}`, admin);
      const removed = await call(server.app, 'DELETE', `/api/data/form-widgets-security/${key}?Version=${current.json().Data.Version}`, admin);
      expect(removed.statusCode, removed.body).toBe(200);
    }
    expect(await foundName(clerk)).toBe('Northshore Metals Ltd.');
  });

  it('compiles a plain list page and its count once per shape, runs them with each page\'s values, and never for a restricted user', async () => {
    const restricted = await newUserWith(server.app, admin, 'path-restricted', { Roles: ['ADMIN'], RestrictedToAssignedCustomers: true, AssignedCustomers: ['B100'] });
    const list = async (token: string, query: string) => {
      const response = await call(server.app, 'GET', `/api/data/firm?${query}`, token);
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json() as Json;
      return { total: answer['TotalCount'] as number, ids: ((answer['List'] ?? []) as Json[]).map((row) => row['FirmId'] as string) };
    };
    const all = await list(admin, 'PageSize=4&SortFields=FirmId');
    expect(all.ids.length).toBe(4);
    const compiles = vi.spyOn(DefaultQueryCompiler.prototype, 'compileQuery');
    // The list's own statements (the page, the count) among what was compiled.
    const compiledLists = () => compiles.mock.results.map((result) => (result.value as CompiledQuery).sql).filter((text) => /from "firms"/.test(text) && /count\(|limit/.test(text));
    try {
      // The shape is kept: another page (PageSize and Page are values) compiles nothing, and answers its own rows.
      const first = await list(admin, 'PageSize=2&Page=1&SortFields=FirmId');
      const second = await list(admin, 'PageSize=2&Page=2&SortFields=FirmId');
      compiles.mockClear();
      expect(await list(admin, 'PageSize=2&Page=1&SortFields=FirmId')).toEqual(first);
      expect(await list(admin, 'PageSize=2&Page=2&SortFields=FirmId')).toEqual(second);
      expect(await list(admin, 'PageSize=4&Page=1&SortFields=FirmId')).toEqual(all);
      expect(compiledLists()).toEqual([]);
      expect([...first.ids, ...second.ids]).toEqual(all.ids);
      // §6: the restricted user's scope is their own statement — their firm only, never the kept shape's answer.
      for (let round = 0; round < 2; round++) {
        const theirs = await list(restricted, 'PageSize=2&Page=1&SortFields=FirmId');
        expect(theirs.ids).toContain('B100');
        expect(theirs.ids).not.toContain('B200');
        expect(theirs.total).toBeLessThan(all.total);
        expect((await list(admin, 'PageSize=2&Page=1&SortFields=FirmId')).total).toBe(all.total);
      }
      expect(compiledLists().length).toBeGreaterThan(0);
    } finally {
      compiles.mockRestore();
    }
  });

  it('answers a record read without a copy the same as with one: hidden and write-only fields left out', async () => {
    const made = await call(server.app, 'POST', '/api/data/form-widgets-security', admin, { RoleId: 'CLERK', Entity: 'firm', FieldName: 'Phone', Access: 'hidden' });
    expect(made.statusCode, made.body).toBe(201);
    const key = made.json().Data.WidgetKey as number;
    try {
      for (let round = 0; round < 2; round++) {
        const asClerk = (await call(server.app, 'GET', '/api/data/firm/B100', clerk)).json().Data as Json;
        const asAdmin = (await call(server.app, 'GET', '/api/data/firm/B100', admin)).json().Data as Json;
        expect(Object.hasOwn(asClerk, 'Phone')).toBe(false);
        expect(asAdmin['Phone']).toBe('905-555-0142');
        expect({ ...asClerk, Phone: asAdmin['Phone'] }).toEqual(asAdmin);
      }
    } finally {
      const current = await call(server.app, 'GET', `/api/data/form-widgets-security/${key}`, admin);
      await call(server.app, 'DELETE', `/api/data/form-widgets-security/${key}?Version=${current.json().Data.Version}`, admin);
    }
    // A user's InitialPassword is write-only: never in a record read, whoever reads it.
    const user = (await call(server.app, 'GET', '/api/data/user/path-clerk', admin)).json().Data as Json;
    expect(user['UserId']).toBe('path-clerk');
    expect(Object.hasOwn(user, 'InitialPassword')).toBe(false);
  });
});
