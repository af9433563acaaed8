/**
 * Change password (POST api/shell/change-password, GET api/shell/password-policy) against the embedded
 * provider's users: every rule's failure code, the rate limit, the record trail and audit row, and
 * sign-in with the new password. This file has its own database: the demo passwords changed here stay
 * valid in every other test file.
 */
import type { CallResult } from '@erp/shared/types';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { AttemptLimiter } from '../src/auth/attempt-limiter.ts';
import { PASSWORD_COST, hashPassword, usePasswordHashing, verifyPassword } from '../src/auth/password.ts';
import { PASSWORD_POLICY, brokenRules } from '../src/auth/password-policy.ts';
import type { AuthenticatedUser } from '../src/auth/plugin.ts';
import { changePassword, createChangePasswordLimiter } from '../src/shell/password.ts';
import { apiGet, apiPost, openLoginPage, signIn, startServer, submitLogin, type TestServer } from './helpers/app.ts';

const URL_ = '/api/shell/change-password';
let server: TestServer;
const tokens: Record<string, string> = {};

/** Extra users with passwords that already satisfy the policy (the demo passwords are too short). */
const EXTRA_USERS = { 'warehouse-lead1': 'Initial-pass1', 'parallel-user': 'Parallel-pass2', 'conflict-user': 'Conflict-pass3' };

beforeAll(async () => {
  server = await startServer();
  const db = server.app.erp.database.db;
  const now = new Date().toISOString();
  for (const [userId, password] of Object.entries(EXTRA_USERS)) {
    await db
      .insertInto('users')
      .values({
        user_id: userId,
        password_hash: await hashPassword(password),
        display_name: userId,
        email: `${userId}@novus.example`,
        domain: 'novus.example',
        landing_page: null,
        show_menus: 1,
        css_files: '[]',
        environment_label: null,
        environment: null,
        default_ship_to_id: null,
        language: 'en-CA',
        is_active: 1,
        created_by: 'test',
        created_on: now,
        updated_by: 'test',
        updated_on: now,
        version: 1,
      })
      .execute();
    await db.insertInto('user_roles').values({ user_id: userId, role_id: 'CLERK' }).execute();
  }
  for (const [user, password] of [['admin', 'admin'], ['clerk', 'clerk'], ['portal', 'portal'], ['steel', 'steel'], ...Object.entries(EXTRA_USERS)] as const) {
    tokens[user] = (await signIn(server.app, user, password)).access_token;
  }
});

afterAll(async () => {
  await server?.stop();
});

function body(currentPassword: string, newPassword: string, confirmPassword = newPassword) {
  return { currentPassword, newPassword, confirmPassword };
}

async function userRow(userId: string) {
  return server.app.erp.database.db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
}

async function passwordAudits(userId: string) {
  return server.app.erp.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('table_name', '=', 'users')
    .where('id_value', '=', userId)
    .where('column_name', '=', 'password_hash')
    .execute();
}

/** True when the login form accepts the credentials. */
async function canSignIn(user: string, password: string): Promise<boolean> {
  const attempt = await openLoginPage(server.app);
  const { code } = await submitLogin(server.app, attempt, user, password);
  return code !== null;
}

describe('GET /api/shell/password-policy', () => {
  it('answers the rules as data', async () => {
    const response = await apiGet(server.app, '/api/shell/password-policy', tokens.clerk);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      minLength: 10,
      maxLength: 256,
      requireLetter: true,
      requireDigit: true,
      notUsername: true,
      notCurrent: true,
    });
  });

  it('needs a token', async () => {
    expect((await apiGet(server.app, '/api/shell/password-policy')).statusCode).toBe(401);
  });
});

describe('POST /api/shell/change-password: input', () => {
  it('needs a token (401 before the body is even read)', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: URL_,
      headers: { 'content-type': 'application/json' },
      payload: body('clerk', 'Clerk-12345'),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ ResultStatus: 2, ResultCode: 'unauthorized' });
  });

  const badBodies: [string, unknown][] = [
    ['an unknown field', { ...body('clerk', 'Clerk-12345'), extra: 1 }],
    ['a missing confirmation', { currentPassword: 'clerk', newPassword: 'Clerk-12345' }],
    ['a number', body('clerk', 1234567890 as unknown as string)],
    ['null', { currentPassword: null, newPassword: 'Clerk-12345', confirmPassword: 'Clerk-12345' }],
    ['an array', { currentPassword: ['clerk'], newPassword: 'Clerk-12345', confirmPassword: 'Clerk-12345' }],
    ['a password longer than 256', body('clerk', `A1${'x'.repeat(255)}`)],
    ['a JSON array body', [body('clerk', 'Clerk-12345')]],
    ['malformed JSON', '{"currentPassword": "clerk"'],
  ];
  for (const [what, payload] of badBodies) {
    it(`answers 400 bad_request for ${what}`, async () => {
      const response = await apiPost(server.app, URL_, tokens.clerk!, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ ResultStatus: 2, ResultCode: 'bad_request', Exception: null });
    });
  }

  it('refuses query parameters', async () => {
    const response = await apiPost(server.app, `${URL_}?x=1`, tokens.clerk!, body('clerk', 'Clerk-12345'));
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/shell/change-password: rules', () => {
  it('answers current_password_invalid for a wrong current password', async () => {
    const response = await apiPost(server.app, URL_, tokens.clerk!, body('wrong', 'Clerk-12345'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ResultStatus: 2, ResultCode: 'current_password_invalid', EntityId: null });
    expect(response.json().Message).toMatch(/current password/i);
  });

  it('answers password_mismatch when the confirmation differs', async () => {
    const response = await apiPost(server.app, URL_, tokens.clerk!, body('clerk', 'Clerk-12345', 'Clerk-12346'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ResultCode: 'password_mismatch' });
  });

  const policyCases: [string, string, string, string, string[]][] = [
    ['too short', 'clerk', 'clerk', 'Short1', ['minLength']],
    ['without a digit', 'clerk', 'clerk', 'abcdefghijkl', ['requireDigit']],
    ['without a letter', 'clerk', 'clerk', '12345678901', ['requireLetter']],
    ['breaking several rules', 'clerk', 'clerk', 'abc', ['minLength', 'requireDigit']],
    ['equal to the user id (any case)', 'warehouse-lead1', 'Initial-pass1', 'Warehouse-Lead1', ['notUsername']],
    ['equal to the current password', 'warehouse-lead1', 'Initial-pass1', 'Initial-pass1', ['notCurrent']],
  ];
  for (const [what, user, current, next, rules] of policyCases) {
    it(`answers password_policy for a new password ${what}, naming the rule`, async () => {
      const response = await apiPost(server.app, URL_, tokens[user]!, body(current, next));
      expect(response.statusCode).toBe(400);
      const result = response.json() as CallResult<{ rule: string; rules: string[] }>;
      expect(result).toMatchObject({ ResultStatus: 2, ResultCode: 'password_policy', Exception: null });
      expect(result.Data).toEqual({ rule: rules[0], rules });
      expect(typeof result.Message).toBe('string');
    });
  }

  it('names the broken rule in the English message', async () => {
    const messages: Record<string, RegExp> = {
      Short1: /at least 10 characters/,
      abcdefghijkl: /digit/,
      '12345678901': /letter/,
    };
    for (const [next, message] of Object.entries(messages)) {
      const result = (await apiPost(server.app, URL_, tokens.clerk!, body('clerk', next))).json() as CallResult;
      expect(result.Message).toMatch(message);
    }
  });

  it('changed nothing after the failures', async () => {
    expect(await canSignIn('clerk', 'clerk')).toBe(true);
    expect(await canSignIn('warehouse-lead1', 'Initial-pass1')).toBe(true);
    expect((await userRow('clerk')).version).toBe(1);
    expect(await passwordAudits('clerk')).toEqual([]);
    expect(await passwordAudits('warehouse-lead1')).toEqual([]);
  });
});

describe('POST /api/shell/change-password: success', () => {
  it('stores a new scrypt hash, bumps the version, writes an audit row and answers a CallResult', async () => {
    // The production cost, which this test checks (the suite's servers hash at a trivial one: helpers/app.ts).
    usePasswordHashing('owasp');
    onTestFinished(() => usePasswordHashing(server.config.oidc.passwordHashing));
    const before = await userRow('admin');
    const response = await apiPost(server.app, URL_, tokens.admin!, body('admin', 'Admin-pass-2024'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ResultStatus: 1, ResultCode: 'ok', EntityId: 'admin', Exception: null });
    expect(response.headers['cache-control']).toBe('no-store');

    const after = await userRow('admin');
    expect(after.version).toBe(before.version + 1);
    expect(after.updated_by).toBe('admin');
    expect(after.updated_on > before.updated_on).toBe(true);
    expect(after.password_hash).not.toBe(before.password_hash);
    // Today's parameters (auth/password.ts, OWASP's N=2^14, r=8, p=5).
    expect(after.password_hash.split('$').slice(0, 4)).toEqual(['scrypt', String(PASSWORD_COST.N), String(PASSWORD_COST.r), String(PASSWORD_COST.p)]);
    expect(await verifyPassword('Admin-pass-2024', after.password_hash)).toBe(true);
    expect(await verifyPassword('admin', after.password_hash)).toBe(false);

    const audits = await passwordAudits('admin');
    expect(audits).toEqual([
      expect.objectContaining({ id_name: 'user_id', old_value: null, new_value: null, action_by: 'admin' }),
    ]);
  });

  it('lets the user sign in with the new password, and no longer with the old one', async () => {
    const tokensAfter = await signIn(server.app, 'admin', 'Admin-pass-2024');
    expect((await apiGet(server.app, '/api/shell/profile', tokensAfter.access_token)).statusCode).toBe(200);
    expect(await canSignIn('admin', 'admin')).toBe(false);
  });

  it('keeps the session that changed the password signed in', async () => {
    expect((await apiGet(server.app, '/api/shell/profile', tokens.admin)).statusCode).toBe(200);
  });

  it('lets a portal user change their own password', async () => {
    const response = await apiPost(server.app, URL_, tokens.portal!, body('portal', 'Portal-Order-7'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ResultStatus: 1, EntityId: 'portal' });
    expect(await canSignIn('portal', 'Portal-Order-7')).toBe(true);
    expect(await canSignIn('portal', 'portal')).toBe(false);
    // Nobody else's password changed.
    expect(await canSignIn('clerk', 'clerk')).toBe(true);
  });

  it('refuses a second change from a request that read an older record version (409 conflict)', async () => {
    const db = server.app.erp.database.db;
    const row = await userRow('conflict-user');
    const stale: AuthenticatedUser = { row, userId: row.user_id, roles: ['CLERK'], applications: { names: new Set(['NOVUS-OE', 'NOVUS-IC']), paths: new Set(['/novus-oe', '/novus-ic']) }, token: {} };
    // Another change lands between reading the user and writing the password.
    await db.updateTable('users').set({ version: row.version + 1 }).where('user_id', '=', row.user_id).execute();
    const answer = await changePassword(db, stale, body('Conflict-pass3', 'Conflict-pass4'), createChangePasswordLimiter(db));
    expect(answer).toEqual({ kind: 'conflict' });
    expect(await canSignIn('conflict-user', 'Conflict-pass3')).toBe(true);
  });
});

describe('POST /api/shell/change-password: rate limit', () => {
  it('answers 429 too_many_attempts after 5 wrong current passwords, even for the right one', async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await apiPost(server.app, URL_, tokens.steel!, body(`wrong-${attempt}`, 'Steel-order-9'));
      expect(response.statusCode, `attempt ${attempt}`).toBe(400);
      expect(response.json().ResultCode).toBe('current_password_invalid');
    }
    const blocked = await apiPost(server.app, URL_, tokens.steel!, body('steel', 'Steel-order-9'));
    expect(blocked.statusCode).toBe(429);
    const result = blocked.json() as CallResult<{ retryAfterSeconds: number }>;
    expect(result).toMatchObject({ ResultStatus: 2, ResultCode: 'too_many_attempts' });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(result.Data?.retryAfterSeconds).toBe(retryAfter);
    expect(await canSignIn('steel', 'steel')).toBe(true);
  });

  it('counts per user: others are not blocked', async () => {
    const response = await apiPost(server.app, URL_, tokens.clerk!, body('clerk', 'Clerk-order-10'));
    expect(response.statusCode).toBe(200);
  });

  it('counts parallel attempts too: no more than 5 get checked', async () => {
    const responses = await Promise.all(
      Array.from({ length: 9 }, (_, index) => apiPost(server.app, URL_, tokens['parallel-user']!, body(`wrong-${index}`, 'Parallel-pass3'))),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
  });
});

describe('attempt limiter', () => {
  it('blocks after maxFailures within the window and frees the key as failures age out', () => {
    let now = 1_000_000;
    const limiter = new AttemptLimiter({ maxFailures: 3, windowMs: 60_000, now: () => now });
    for (let i = 0; i < 3; i++) {
      expect(limiter.begin('u')).toEqual({ blocked: false });
      now += 10_000;
    }
    // Failures at 0 s, 10 s and 20 s; now is 30 s: the oldest ages out at 60 s.
    expect(limiter.begin('u')).toEqual({ blocked: true, retryAfterSeconds: 30 });
    expect(limiter.check('other')).toEqual({ blocked: false });
    now += 30_000;
    expect(limiter.check('u')).toEqual({ blocked: false });
  });

  it('takes a right attempt back (forgive) and forgets a key (reset)', () => {
    const limiter = new AttemptLimiter({ maxFailures: 2, windowMs: 60_000 });
    limiter.begin('u');
    limiter.forgive('u');
    limiter.begin('u');
    expect(limiter.check('u')).toEqual({ blocked: false });
    limiter.begin('u');
    expect(limiter.check('u').blocked).toBe(true);
    limiter.reset('u');
    expect(limiter.check('u')).toEqual({ blocked: false });
  });
});

describe('password policy', () => {
  it('knows Unicode letters and digits', () => {
    const context = { userId: 'u', currentPassword: 'x' };
    expect(brokenRules('密码密码密码密码密码1', PASSWORD_POLICY, context)).toEqual([]);
    expect(brokenRules('éééééééééé٣', PASSWORD_POLICY, context)).toEqual([]);
    expect(brokenRules('----------', PASSWORD_POLICY, context)).toEqual(['requireLetter', 'requireDigit']);
    expect(brokenRules('x'.repeat(PASSWORD_POLICY.maxLength) + '1', PASSWORD_POLICY, context)).toEqual(['maxLength']);
  });
});
