/**
 * The set-up check (issue 40 item 1) on SQLite and PostgreSQL: on the fresh demo database every module's
 * processes and documents find what they need configured (nothing listed); every registered process is declared
 * by its module (a need's `usedBy` or `setupFree`), and every name a need gives is a registered process or a
 * document; a removed integration row is listed — in the caller's language — with the screen that fixes it,
 * and that screen is a route of the catalog; only users who may read the G/L integration may ask.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityByName } from '@erp/shared/entities/index';
import { loadServerModules } from '@erp/server/modules/index';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { call } from '../../../server/test/helpers/entities.ts';
import { moduleSetups } from '../server/setup-check/check.ts';
import { SETUP_CHECK_API, type SetupGap } from '../definitions/setup-check.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let admin: string;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const db = () => server.app.erp.database.db as any;
const gaps = async (token = admin, language?: string): Promise<SetupGap[]> => {
  const response = await server.app.inject({ method: 'GET', url: SETUP_CHECK_API, headers: { authorization: `Bearer ${token}`, ...(language ? { 'accept-language': language } : {}) } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Json).List as SetupGap[];
};

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
});

afterAll(async () => {
  await server?.stop();
});

describe('set-up check (issue 40 item 1)', () => {
  it('lists nothing missing on the fresh demo database', async () => {
    expect(await gaps()).toEqual([]);
  });

  it('declares every registered process, and names only registered processes and documents', async () => {
    // The modules' own processes (other test files register test processes in the shared registry).
    const processes = (await loadServerModules()).flatMap((module) => module.processes ?? []).map((process) => process.def.name);
    const declared = new Set<string>();
    for (const { module, setup } of await moduleSetups()) {
      for (const name of [...setup.setupNeeds.flatMap((need) => need.usedBy), ...(setup.setupFree ?? [])]) {
        expect(processes.includes(name) || entityByName(name) !== undefined, `${module}: ${name}`).toBe(true);
        declared.add(name);
      }
    }
    const undeclared = processes.filter((name) => !declared.has(name));
    expect(undeclared).toEqual([]);
  });

  it('lists a removed integration account with the screen that fixes it, in the caller language', async () => {
    const removed = await db().selectFrom('gl_integration').selectAll().where('sub_ledger', '=', 'OE').where('transaction_type', 'in', ['COGS-STEEL', 'COGS']).execute();
    expect(removed).toHaveLength(2);
    await db().deleteFrom('gl_integration').where('sub_ledger', '=', 'OE').where('transaction_type', 'in', ['COGS-STEEL', 'COGS']).execute();
    try {
      const listed = await gaps();
      // The steel family's account and the fallback of the portal's class, which names no family.
      const gap = (type: string) => ({ Module: 'so', UsedBy: expect.stringContaining('Shipping Queue'), Item: `G/L integration account OE ${type}`, Fix: '/novus-gl/gl-integration' });
      expect(listed).toEqual([gap('COGS'), gap('COGS-STEEL')]);
      const routes = (await call(server.app, 'GET', '/api/shell/routes', admin)).json() as Json[];
      expect(routes.map((route) => String(route.Path).toLowerCase())).toContain(listed[0]!.Fix);
      await db().updateTable('users').set({ language: 'fr-CA' }).where('user_id', '=', 'admin').execute();
      expect((await gaps())[1]!.Item).toBe('Compte d’intégration du G/L OE COGS-STEEL');
    } finally {
      await db().updateTable('users').set({ language: 'en-CA' }).where('user_id', '=', 'admin').execute();
      await db().insertInto('gl_integration').values(removed).execute();
    }
    expect(await gaps()).toEqual([]);
  });

  it('lists a product class without an inventory account in Inventory\'s words, fixed on its product class screen', async () => {
    const removed = await db().selectFrom('gl_integration').selectAll().where('sub_ledger', '=', 'IC').where('transaction_type', 'like', 'INVENTORY%').execute();
    expect(removed.length).toBeGreaterThan(0);
    await db().deleteFrom('gl_integration').where('sub_ledger', '=', 'IC').where('transaction_type', 'like', 'INVENTORY%').execute();
    try {
      const classGaps = (await gaps()).filter((gap) => gap.Fix === '/novus-ic/product-class');
      expect(classGaps.length).toBeGreaterThan(0);
      for (const gap of classGaps) {
        expect(gap).toMatchObject({ Module: 'ic', Item: expect.stringMatching(/^Inventory account of product class \S+ \(G\/L integration IC INVENTORY/) });
      }
    } finally {
      await db().insertInto('gl_integration').values(removed).execute();
    }
    expect(await gaps()).toEqual([]);
  });

  it('refuses a user who may not read the G/L integration', async () => {
    const clerk = (await signIn(server.app, 'clerk', 'clerk')).access_token;
    const response = await server.app.inject({ method: 'GET', url: SETUP_CHECK_API, headers: { authorization: `Bearer ${clerk}` } });
    expect(response.statusCode).toBe(403);
  });
});
