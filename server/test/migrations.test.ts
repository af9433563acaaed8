/**
 * Migration 0002_frame_routes on a database seeded before the frame routes existed: rows still as the
 * old seed wrote them become frames; rows an administrator changed are left alone. Migration 0048_menu_windows
 * (modules/shell): the route of RESTEEL0002 as the old seed wrote it gets its window (§2 resteelWin) in its Meta.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrations.ts';
import { serverMigrations } from '../src/modules/index.ts';
import { seedDatabase } from '../src/db/seed.ts';
import { testConfig } from './helpers/app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';

let testDb: TestDatabase;
let database: Database;

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = await openDatabase(testConfig(testDb.environment).database, { migrations: await serverMigrations() });
  await seedDatabase(database.db, { steelDomain: 'resteel.example' });
});

afterAll(async () => {
  await database?.close();
  await testDb?.drop();
});

async function route(path: string) {
  return database.db
    .selectFrom('routes')
    .select(['component', 'props', 'version', 'updated_by'])
    .where('path', '=', path)
    .executeTakeFirstOrThrow();
}

describe('0002_frame_routes', () => {
  it('turns the old seed rows into frames and keeps rows an administrator changed', async () => {
    const { db } = database;
    // The database as the first seed left it, with one route edited by an administrator.
    const old: [string, string][] = [
      ['/resteel-oe/resteel', '@erp/steel#Resteel'],
      ['/novus/sales-order-entry', '@erp/legacy#SalesOrderEntry'],
      ['/novus/order-summary', '@erp/legacy#OrderSummary'],
      ['/novus/load-sheet', '@erp/custom#LoadSheet'],
    ];
    for (const [path, component] of old) {
      await db.updateTable('routes').set({ component, props: null, version: 1, updated_by: 'seed' }).where('path', '=', path).execute();
    }
    await db.deleteFrom('kysely_migration' as never).where('name' as never, '=', '0002_frame_routes' as never).execute();

    expect(await migrate(db, await serverMigrations())).toEqual(['0002_frame_routes']);

    expect(await route('/resteel-oe/resteel')).toEqual({
      component: '@erp/frames#SteelFrame',
      props: null,
      version: 2,
      updated_by: 'migration',
    });
    expect(await route('/novus/sales-order-entry')).toEqual({
      component: '@erp/frames#Frame',
      props: '{"src":"/novus/index.html#/sales-order-entry"}',
      version: 2,
      updated_by: 'migration',
    });
    expect((await route('/novus/order-summary')).component).toBe('@erp/frames#Frame');
    expect(await route('/novus/load-sheet')).toEqual({
      component: '@erp/custom#LoadSheet',
      props: null,
      version: 1,
      updated_by: 'seed',
    });
  });

  it('leaves a freshly seeded database as the seed wrote it', async () => {
    const fresh = await createTestDatabase();
    const other = await openDatabase(testConfig(fresh.environment).database, { migrations: await serverMigrations() });
    try {
      await seedDatabase(other.db, { steelDomain: 'resteel.example' });
      const row = await other.db.selectFrom('routes').select(['component', 'version']).where('path', '=', '/novus/load-sheet').executeTakeFirstOrThrow();
      expect(row).toEqual({ component: '@erp/frames#Frame', version: 1 });
    } finally {
      await other.close();
      await fresh.drop();
    }
  });
});

describe('0048_menu_windows', () => {
  const PATH = '/resteel-oe/resteel';
  const meta = async () => (await database.db.selectFrom('routes').select(['meta', 'version', 'updated_by']).where('path', '=', PATH).executeTakeFirstOrThrow());

  it('seeds the window into a new database, and adds it to a route still as the old seed wrote it', async () => {
    const { db } = database;
    expect(JSON.parse((await meta()).meta!)).toEqual({ title: 'ReSteel Order Entry', window: { name: 'resteelWin' } });

    await db.updateTable('routes').set({ meta: '{"title":"ReSteel Order Entry"}', version: 1, updated_by: 'seed' }).where('path', '=', PATH).execute();
    await db.deleteFrom('kysely_migration' as never).where('name' as never, '=', '0048_menu_windows' as never).execute();
    expect(await migrate(db, await serverMigrations())).toEqual(['0048_menu_windows']);
    const migrated = await meta();
    expect(JSON.parse(migrated.meta!)).toEqual({ title: 'ReSteel Order Entry', window: { name: 'resteelWin' } });
    expect(migrated).toMatchObject({ version: 2, updated_by: 'migration' });
  });

  it('keeps a Meta an administrator changed', async () => {
    const { db } = database;
    await db.updateTable('routes').set({ meta: '{"title":"Steel desk"}', version: 1, updated_by: 'admin' }).where('path', '=', PATH).execute();
    await db.deleteFrom('kysely_migration' as never).where('name' as never, '=', '0048_menu_windows' as never).execute();
    expect(await migrate(db, await serverMigrations())).toEqual(['0048_menu_windows']);
    expect(await meta()).toEqual({ meta: '{"title":"Steel desk"}', version: 1, updated_by: 'admin' });
  });
});
