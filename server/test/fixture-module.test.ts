/**
 * Issue 73 acceptance: a module is one folder plus its manifest. The fixture module tests/fixtures/modules/fx —
 * seen only through EXTRA_MODULE_DIRS — is run by the real server (a child process: the suite's workers share one
 * module graph, which must not gain the fixture) on a fresh database: its entity's table is made by schema sync,
 * its extension of the shell's firm is a field the firm API keeps, its application, menus and routes are in the
 * catalog, and the import map names its micro-app built from module.json alone. The browser side:
 * tests/e2e/fixture-module.spec.ts.
 */
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derivedApps, extraModuleDirs, moduleAppImports, moduleApps, withModuleApps } from '@erp/modules/manifests';
import { createTestDatabase, engine, type TestDatabase } from './helpers/database.ts';
import { openSqlite } from '../src/db/sqlite.ts';
import { exited, freePort, httpSignIn, REPO_ROOT, spawnServer, type RunningServer } from './helpers/http.ts';

const FIXTURE_MODULES = join(REPO_ROOT, 'tests', 'fixtures', 'modules');
// A first start migrates and seeds an empty database: on a loaded 2-core machine that can take a minute or more.
const START_BUDGET_MS = 170_000;

let testDb: TestDatabase;
let running: RunningServer | undefined;
let token = '';

beforeAll(async () => {
  // Empty, not the run's template: the catalog (applications, menus, routes) is seeded into empty tables only.
  testDb = await createTestDatabase();
  const publicUrl = `http://localhost:${await freePort()}`;
  running = await spawnServer(publicUrl, { ...testDb.environment, EXTRA_MODULE_DIRS: FIXTURE_MODULES }, START_BUDGET_MS);
  token = await httpSignIn(running.base, publicUrl, 'admin', 'admin');
}, START_BUDGET_MS + 30_000);

afterAll(async () => {
  running?.child.kill('SIGKILL');
  if (running) await exited(running.child);
  await testDb?.drop();
});

async function api(method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> & unknown[] }> {
  const response = await fetch(`${running!.base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> & unknown[] };
}

/** The columns of `table` in the server's database. */
async function columnsOf(table: string): Promise<string[]> {
  if (engine === 'sqlite') {
    const db = openSqlite(join(testDb.environment['DATA_DIR']!, 'erp.sqlite'), { readOnly: true });
    try {
      return (db.prepare(`select name from pragma_table_info(?)`).all(table) as { name: string }[]).map((row) => row.name);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: testDb.environment['DATABASE_URL'] });
  await client.connect();
  try {
    const { rows } = await client.query<{ column_name: string }>('select column_name from information_schema.columns where table_name = $1', [table]);
    return rows.map((row) => row.column_name);
  } finally {
    await client.end();
  }
}

describe('a fixture module added as one folder', () => {
  it('has its entity table, made by schema sync, and its records through the generic API', async () => {
    expect(await columnsOf('fx_gadgets')).toEqual(expect.arrayContaining(['gadget_id', 'name']));
    const made = await api('POST', '/api/data/fx-gadget', { GadgetId: 'G1', Name: 'First gadget' });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const read = await api('GET', '/api/data/fx-gadget/G1');
    expect(read.status).toBe(200);
    expect(read.json['Data']).toMatchObject({ GadgetId: 'G1', Name: 'First gadget' });
  });

  it('extends the shell’s firm with its field', async () => {
    expect(await columnsOf('firms')).toContain('fx_preferred');
    const made = await api('POST', '/api/data/firm', { FirmId: 'FXFIRM', Name: 'Fixture firm', FirmTypes: ['bill-to'], FxPreferred: true });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const read = await api('GET', '/api/data/firm/FXFIRM');
    expect(read.json['Data']).toMatchObject({ FirmId: 'FXFIRM', FxPreferred: true });
  });

  it('lists its application, menus and routes, and names its micro-app in the import map', async () => {
    const applications = (await api('GET', '/api/shell/applications')).json as { Application: string }[];
    expect(applications.map((application) => application.Application)).toContain('NOVUS-FX');
    const menus = (await api('GET', '/api/shell/menus?application=NOVUS-FX')).json as { MenuId: string }[];
    expect(menus.map((menu) => menu.MenuId)).toEqual(expect.arrayContaining(['FX0001', 'FX0101', 'FX0102']));
    const routes = (await api('GET', '/api/shell/routes')).json as { Path: string; Component: string }[];
    expect(routes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Path: '/novus-fx/gadgets', Component: '@erp/fx#Gadgets' }),
        expect.objectContaining({ Path: '/novus-fx/firm-maintenance', Component: '@erp/records#EntityScreen' }),
      ]),
    );
    const importMap = (await (await fetch(`${running!.base}/import-map.json`)).json()) as { imports: Record<string, string> };
    expect(importMap.imports['@erp/fx']).toMatch(/^\/apps\/fx\/fx\.js(\?v=|$)/);
    expect(importMap.imports['@erp/payroll']).toMatch(/^\/apps\/payroll\/payroll\.js(\?v=|$)/);
  });
});

describe('micro-apps from the manifests (issue 73 item 4)', () => {
  it('builds every micro-app a module names that has no package of its own, and names each in the import map', () => {
    // apps/records, accounting and inventory hold code of their own (the generic screens, the applications' pages).
    expect(derivedApps(REPO_ROOT)).toEqual(['legacy', 'order-entry', 'payroll', 'portal', 'purchasing', 'steel', 'trades', 'waste']);
    const imports = moduleAppImports();
    for (const app of moduleApps()) expect(imports[`@erp/${app}`]).toBe(`/apps/${app}/${app}.js`);
    // An entry import-map.json writes keeps its URL; the others are added.
    const map = JSON.parse(withModuleApps(JSON.stringify({ imports: { '@erp/payroll': '/elsewhere/payroll.js' } }))) as { imports: Record<string, string> };
    expect(map.imports['@erp/payroll']).toBe('/elsewhere/payroll.js');
    expect(map.imports['@erp/waste']).toBe('/apps/waste/waste.js');
  });

  it('refuses EXTRA_MODULE_DIRS in production', () => {
    const saved = { dirs: process.env['EXTRA_MODULE_DIRS'], env: process.env['NODE_ENV'] };
    process.env['EXTRA_MODULE_DIRS'] = FIXTURE_MODULES;
    process.env['NODE_ENV'] = 'production';
    try {
      expect(() => extraModuleDirs()).toThrow(/refused with NODE_ENV=production/);
      process.env['NODE_ENV'] = 'test';
      expect(extraModuleDirs()).toEqual([FIXTURE_MODULES]);
    } finally {
      for (const [key, value] of [['EXTRA_MODULE_DIRS', saved.dirs], ['NODE_ENV', saved.env]] as const) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });
});
