/** Database: migrations and seed are idempotent on both engines; passwords are hashed. */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { PASSWORD_COST, hashPassword, needsRehash, usePasswordHashing, verifyPassword } from '../src/auth/password.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrations.ts';
import { serverMigrations } from '../src/modules/index.ts';
import { seedDatabase } from '../src/db/seed.ts';
import { applications, demoUsers, firms, languages, menus, roles, routes } from '../src/seed/catalog.ts';
import { testConfig } from './helpers/app.ts';
import { createTestDatabase, engine, type TestDatabase } from './helpers/database.ts';

let testDb: TestDatabase;
let database: Database;

const TABLES = [
  'applications',
  'menus',
  'routes',
  'languages',
  'roles',
  'role_applications',
  'firms',
  'users',
  'user_roles',
  'user_securables',
  'audit_log',
] as const;

async function counts(): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    result[table] = Number(row.n);
  }
  return result;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = await openDatabase(testConfig(testDb.environment).database, { migrations: await serverMigrations() });
});

afterAll(async () => {
  await database?.close();
  await testDb?.drop();
});

describe('migrations', () => {
  it(`opened the ${engine} engine`, () => {
    expect(database.engine).toBe(engine);
  });

  it('ran every migration once; running them again is a no-op', async () => {
    const applied = await database.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    const migrations = await serverMigrations();
    expect(applied.length).toBe(Object.keys(migrations).length);
    expect(await migrate(database.db, migrations)).toEqual([]);
    expect(await migrate(database.db, migrations)).toEqual([]);
  });
});

describe('seed', () => {
  it('fills an empty database from the catalog', async () => {
    const filled = await seedDatabase(database.db, { steelDomain: 'steel.example' });
    expect(filled.sort()).toEqual(['applications', 'firms', 'languages', 'menus', 'roles', 'routes', 'users'].sort());
    const n = await counts();
    expect(n.applications).toBe(applications.filter((a) => a.Application !== 'HOME').length);
    expect(n.menus).toBe(menus.length);
    expect(n.routes).toBe(routes.length);
    expect(n.languages).toBe(languages.length);
    expect(n.roles).toBe(roles.length);
    expect(n.firms).toBe(firms.length);
    expect(n.users).toBe(demoUsers({ steelDomain: 'x' }).length);
    expect(n.user_securables).toBe(demoUsers({ steelDomain: 'x' }).reduce((sum, u) => sum + u.Securables.length, 0));
  });

  it('is idempotent: a second run changes nothing', async () => {
    const before = await counts();
    expect(await seedDatabase(database.db, { steelDomain: 'steel.example' })).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('stores scrypt hashes, never the demo passwords', async () => {
    const users = await database.db.selectFrom('users').select(['user_id', 'password_hash', 'domain']).execute();
    for (const user of users) {
      expect(user.password_hash.startsWith('scrypt$')).toBe(true);
      expect(user.password_hash).not.toContain(user.user_id);
      expect(await verifyPassword(user.user_id, user.password_hash)).toBe(true);
    }
    expect(users.find((u) => u.user_id === 'steel')?.domain).toBe('steel.example');
  });

  it('enforces foreign keys', async () => {
    await expect(
      database.db.insertInto('user_roles').values({ user_id: 'nobody', role_id: 'ADMIN' }).execute(),
    ).rejects.toThrow();
  });
});

describe('password hashing', () => {
  it('salts every hash and verifies only the right password', async () => {
    const a = await hashPassword('secret');
    const b = await hashPassword('secret');
    expect(a).not.toBe(b);
    expect(await verifyPassword('secret', a)).toBe(true);
    expect(await verifyPassword('Secret', a)).toBe(false);
    expect(await verifyPassword('secret', 'not-a-hash')).toBe(false);
    expect(await verifyPassword('secret', 'scrypt$0$0$0$x$y')).toBe(false);
  });

  it("hashes at OWASP's cost, or at a trivial one for test suites (PASSWORD_HASHING), each hash verifying under either", async () => {
    onTestFinished(() => usePasswordHashing('fast'));
    usePasswordHashing('owasp');
    const owasp = await hashPassword('secret');
    usePasswordHashing('fast');
    const fast = await hashPassword('secret');
    expect(owasp.split('$').slice(0, 4)).toEqual(['scrypt', String(PASSWORD_COST.N), String(PASSWORD_COST.r), String(PASSWORD_COST.p)]);
    expect(Number(fast.split('$')[1]) * Number(fast.split('$')[3])).toBeLessThan(PASSWORD_COST.N * PASSWORD_COST.p);
    expect(await verifyPassword('secret', owasp)).toBe(true);
    expect(await verifyPassword('secret', fast)).toBe(true);
    expect(needsRehash(owasp)).toBe(true);
    expect(loadConfig({}).oidc.passwordHashing).toBe('owasp');
    expect(loadConfig({ PASSWORD_HASHING: 'fast' }).oidc.passwordHashing).toBe('fast');
    expect(() => loadConfig({ PASSWORD_HASHING: 'cheap' })).toThrow(/PASSWORD_HASHING must be owasp or fast/);
  });
});

// PostgreSQL only: on SQLite the server is one instance by design (ARCHITECTURE.md "Instances").
describe.skipIf(engine !== 'postgres')('start-up turn', () => {
  // Two instances starting together on one new database (a deployment's rolling start): each migrates and seeds in
  // its turn, the second finding the first's rows — before, both inserted the seed and one stopped on a duplicate key.
  it('opens one new database twice at once: the seeds run one after the other and both succeed', async () => {
    const fresh = await createTestDatabase();
    const spans: { start: number; end: number }[] = [];
    const opened: Database[] = [];
    try {
      const migrations = await serverMigrations();
      const open = () =>
        openDatabase(testConfig(fresh.environment).database, {
          migrations,
          prepare: async ({ db }) => {
            const span = { start: performance.now(), end: Number.POSITIVE_INFINITY };
            spans.push(span);
            await seedDatabase(db, { steelDomain: 'steel.example' });
            span.end = performance.now();
          },
        });
      opened.push(...(await Promise.all([open(), open()])));
      expect(spans).toHaveLength(2);
      const [first, second] = [...spans].sort((a, b) => a.start - b.start);
      expect(second!.start).toBeGreaterThanOrEqual(first!.end);
      const users = await opened[0]!.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      expect(Number(users.n)).toBe(demoUsers({ steelDomain: 'x' }).length);
    } finally {
      for (const database of opened) await database.close();
      await fresh.drop();
    }
  });
});
