/**
 * A restart on the same DATA_DIR (SQLite) or database (PostgreSQL) signs nobody out: keys, sessions,
 * grants and refresh tokens are in the database. Users are intact and nothing is seeded twice.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { apiGet, openLoginPage, refresh, signIn, testConfig } from './helpers/app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';

let testDb: TestDatabase;
let second: FastifyInstance | undefined;

beforeAll(async () => {
  testDb = await createTestDatabase();
});

afterAll(async () => {
  await second?.close();
  await testDb?.drop();
});

describe('restart', () => {
  it('keeps tokens, sessions and users valid across a restart', async () => {
    const config = testConfig(testDb.environment);
    const first = await buildApp(config, { logger: false });
    const tokens = await signIn(first, 'clerk', 'clerk');
    await first.inject({
      method: 'POST',
      url: '/api/shell_init/locale',
      headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' },
      payload: { locale: 'zh-CN' },
    });
    const usersBefore = await first.erp.database.db.selectFrom('users').select(['user_id', 'password_hash', 'language']).orderBy('user_id').execute();
    const menusBefore = await first.erp.database.db.selectFrom('menus').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    await first.close();

    second = await buildApp(config, { logger: false });

    // The old access token still verifies (same signing key) and its user is still there.
    const applications = await apiGet(second, '/api/shell/applications', tokens.access_token);
    expect(applications.statusCode).toBe(200);
    expect(applications.json()).toHaveLength(2);

    // The old refresh token still works, and rotates.
    const renewed = await refresh(second, tokens.refresh_token);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().refresh_token).not.toBe(tokens.refresh_token);
    expect((await apiGet(second, '/api/shell/profile', renewed.json().access_token)).json().language).toBe('zh-CN');

    // The browser session survives: a new authorization request needs no login.
    const query = new URLSearchParams({
      client_id: 'erp-shell',
      response_type: 'code',
      scope: 'openid profile offline_access erp.shell erp.api',
      redirect_uri: 'http://localhost/auth/callback',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const authorize = await second.inject({ method: 'GET', url: `/oidc/auth?${query}`, headers: { cookie: tokens.jar.header('/oidc/auth') } });
    expect(authorize.statusCode).toBe(303);
    expect(String(authorize.headers.location)).toMatch(/^http:\/\/localhost\/auth\/callback\?code=/);

    // Users are intact; nothing was seeded twice.
    const usersAfter = await second.erp.database.db.selectFrom('users').select(['user_id', 'password_hash', 'language']).orderBy('user_id').execute();
    expect(usersAfter).toEqual(usersBefore);
    const menusAfter = await second.erp.database.db.selectFrom('menus').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(menusAfter.n)).toBe(Number(menusBefore.n));

    // And new sign-ins work as before.
    const fresh = await openLoginPage(second);
    expect(fresh.loginPage.statusCode).toBe(200);
  });
});
