/**
 * Issue #11 item 2: password guessing at the embedded provider's sign-in form is throttled by user name
 * and address, by address, and by user name across addresses — without locking the real user out from
 * another address or from an address they signed in from before; every attempt is in the sign-in log,
 * which administrators (only) read through the generic entity routes (/shell/sign-in-log).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_FAILURES, ADDRESS_FAILURES, PAIR_FAILURES, WINDOW_MS, type SignInGuard } from '../src/security/sign-in-guard.ts';
import { CookieJar, openLoginPage, pathOf, REDIRECT_URI, signIn, type TestServer, startServer } from './helpers/app.ts';
import { call } from './helpers/entities.ts';

let server: TestServer;
let guard: SignInGuard;
let now = Date.now();

beforeAll(async () => {
  server = await startServer();
  guard = server.app.erp.oidc!.signInGuard;
  guard.setClock(() => now);
});
afterAll(async () => server?.stop());
// Each test starts after every earlier window has passed.
beforeEach(() => {
  now += WINDOW_MS * 2;
});

/**
 * Wrong passwords posted again and again to ONE login page (as a guessing script would: the interaction
 * stays open after a refusal), each from its own address; answers the statuses.
 */
async function guess(app: FastifyInstance, username: string, count: number, addressOf: (i: number) => string): Promise<number[]> {
  const login = await openLoginPage(app, new CookieJar());
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await app.inject({
      method: 'POST',
      url: pathOf(login.loginUrl),
      remoteAddress: addressOf(i),
      headers: { cookie: login.jar.header(login.loginUrl), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username, password: `guess-${i}` }).toString(),
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

/** One sign-in form post from `address`; answers the status, whether it reached the client, and the page. */
async function attempt(app: FastifyInstance, username: string, password: string, address: string, language = 'en-CA') {
  const login = await openLoginPage(app, new CookieJar());
  let response = await app.inject({
    method: 'POST',
    url: pathOf(login.loginUrl),
    remoteAddress: address,
    headers: { cookie: login.jar.header(login.loginUrl), 'content-type': 'application/x-www-form-urlencoded', 'accept-language': language },
    payload: new URLSearchParams({ username, password }).toString(),
  });
  login.jar.update(response);
  for (let hops = 0; hops < 8 && response.statusCode >= 300 && response.statusCode < 400; hops++) {
    const location = String(response.headers.location);
    if (location.startsWith(REDIRECT_URI)) return { status: 302, signedIn: true, body: '' };
    response = await app.inject({ method: 'GET', url: pathOf(location), remoteAddress: address, headers: { cookie: login.jar.header(location) } });
    login.jar.update(response);
  }
  return { status: response.statusCode, signedIn: false, body: response.body, retryAfter: response.headers['retry-after'] };
}

describe('sign-in throttling', () => {
  it('locks one user name on one address after a few wrong passwords, even for the right one; other addresses still sign in', async () => {
    for (let i = 0; i < PAIR_FAILURES; i++) {
      const wrong = await attempt(server.app, 'clerk', `guess-${i}`, '10.0.0.1');
      expect(wrong.status).toBe(200);
      expect(wrong.body).toContain('Invalid username or password.');
    }
    const locked = await attempt(server.app, 'clerk', 'clerk', '10.0.0.1');
    expect(locked.status).toBe(429);
    expect(locked.signedIn).toBe(false);
    expect(locked.body).toContain('Too many sign-in attempts');
    expect(Number(locked.retryAfter)).toBeGreaterThan(0);
    // The real user, elsewhere, is not locked out.
    expect((await attempt(server.app, 'clerk', 'clerk', '10.0.0.2')).signedIn).toBe(true);
    // After the wait, the first address may try again.
    now += WINDOW_MS + 1000;
    expect((await attempt(server.app, 'clerk', 'clerk', '10.0.0.1')).signedIn).toBe(true);
  });

  it('locks an address that guesses many user names, not the users', { timeout: 120_000 }, async () => {
    for (let i = 0; i < ADDRESS_FAILURES; i++) expect((await guess(server.app, `nobody${i}`, 1, () => '10.0.1.1'))[0]).toBe(200);
    const locked = await attempt(server.app, 'admin', 'admin', '10.0.1.1');
    expect(locked.status).toBe(429);
    expect((await attempt(server.app, 'admin', 'admin', '10.0.1.2')).signedIn).toBe(true);
  });

  it('slows guessing spread over many addresses, but never from an address the user signed in from', { timeout: 120_000 }, async () => {
    expect((await attempt(server.app, 'steel', 'steel', '10.0.2.250')).signedIn).toBe(true);
    expect(await guess(server.app, 'steel', ACCOUNT_FAILURES, (i) => `10.0.3.${i}`)).toEqual(Array(ACCOUNT_FAILURES).fill(200));
    expect((await attempt(server.app, 'steel', 'steel', '10.0.4.1')).status).toBe(429);
    expect((await attempt(server.app, 'steel', 'steel', '10.0.2.250')).signedIn).toBe(true);
  });

  it('says so in the browser’s language', async () => {
    for (let i = 0; i < PAIR_FAILURES; i++) await attempt(server.app, 'portal', `guess-${i}`, '10.0.5.1');
    expect((await attempt(server.app, 'portal', 'portal', '10.0.5.1', 'fr-CA,fr;q=0.9')).body).toContain('Trop de tentatives de connexion');
    expect((await attempt(server.app, 'portal', 'portal', '10.0.5.1', 'zh-CN')).body).toContain('登录尝试次数过多');
    expect((await attempt(server.app, 'portal', 'portal', '10.0.5.1', 'zh-TW')).body).toContain('登入嘗試次數過多');
  });

  it('counts parallel guesses before the slow password check', async () => {
    const answers = await Promise.all(Array.from({ length: PAIR_FAILURES * 3 }, (_, i) => attempt(server.app, 'admin', `parallel-${i}`, '10.0.6.1')));
    expect(answers.filter((answer) => answer.status === 429).length).toBeGreaterThanOrEqual(PAIR_FAILURES * 2);
  });
});

describe('sign-in log', () => {
  it('records failed, throttled and successful sign-ins with user, time and address, for administrators only', async () => {
    const before = new Date(now).toISOString();
    await attempt(server.app, 'clerk', 'wrong', '10.0.7.1');
    await attempt(server.app, 'clerk', 'clerk', '10.0.7.1');
    const admin = (await signIn(server.app, 'admin', 'admin')).access_token;
    const list = await call(server.app, 'GET', '/api/data/sign-in?filter.Address=10.0.7.&SortFields=SignInKey', admin);
    expect(list.statusCode).toBe(200);
    const rows = list.json().List as { UserName: string; Outcome: string; Address: string; AttemptedOn: string }[];
    expect(rows.map((row) => [row.UserName, row.Outcome, row.Address])).toEqual([
      ['clerk', 'failure', '10.0.7.1'],
      ['clerk', 'success', '10.0.7.1'],
    ]);
    for (const row of rows) expect(row.AttemptedOn >= before).toBe(true);
    const throttled = await call(server.app, 'GET', '/api/data/sign-in?filter.Outcome=throttled', admin);
    expect(throttled.json().TotalCount).toBeGreaterThan(0);

    // Nobody writes it through the API, not even an administrator; others cannot read it.
    const key = (list.json().List as { SignInKey?: number }[])[0];
    expect((await call(server.app, 'POST', '/api/data/sign-in', admin, { UserName: 'x', Outcome: 'success', Address: '1', AttemptedOn: before })).statusCode).toBe(403);
    expect((await call(server.app, 'DELETE', `/api/data/sign-in/1?Version=1`, admin)).statusCode).toBe(403);
    expect(key).toBeDefined();
    const clerk = (await signIn(server.app, 'clerk', 'clerk')).access_token;
    expect((await call(server.app, 'GET', '/api/data/sign-in', clerk)).statusCode).toBe(403);
    // A locked-out guesser cannot flood the log: one 'throttled' row per address and minute.
    expect(await guess(server.app, 'flooder', PAIR_FAILURES + 4, () => '10.0.8.1')).toEqual([...Array(PAIR_FAILURES).fill(200), 429, 429, 429, 429]);
    const flood = await call(server.app, 'GET', '/api/data/sign-in?filter.Address=10.0.8.1&filter.Outcome=throttled', admin);
    expect(flood.json().TotalCount).toBe(1);
    const menus = (await call(server.app, 'GET', '/api/shell/routes', admin)).json() as { Path: string; Component: string }[];
    expect(menus.find((route) => route.Path === '/shell/sign-in-log')?.Component).toBe('@erp/records#EntityScreen');
  });
});
