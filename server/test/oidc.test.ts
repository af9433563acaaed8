/** The embedded OpenID Connect provider: discovery, login page, sign-in, tokens, refresh, logout. */
import { createHash, randomBytes, scryptSync } from 'node:crypto';
import { PASSWORD_COST, usePasswordHashing, verifyPassword } from '../src/auth/password.ts';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { parseCsp } from '../src/security/csp.ts';
import {
  API_AUDIENCE,
  CLIENT_ID,
  CookieJar,
  PUBLIC_URL,
  REDIRECT_URI,
  apiGet,
  browserGet,
  browserPostForm,
  jwtClaims,
  openLoginPage,
  refresh,
  signIn,
  startServer,
  submitLogin,
  tokenRequest,
  type TestServer,
} from './helpers/app.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

/** Moves the first use of every consumed refresh token `seconds` into the past (the reuse interval is 30 s). */
async function ageConsumedRefreshTokens(seconds: number): Promise<void> {
  await server.app.erp.database.db
    .updateTable('oidc_payloads')
    .set({ consumed_at: new Date(Date.now() - seconds * 1000).toISOString() })
    .where('kind', '=', 'RefreshToken')
    .where('consumed_at', 'is not', null)
    .execute();
}

describe('discovery', () => {
  it('serves the OpenID configuration with the /oidc issuer', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect(response.statusCode).toBe(200);
    const discovery = response.json();
    expect(discovery.issuer).toBe(`${PUBLIC_URL}/oidc`);
    expect(discovery.authorization_endpoint).toBe(`${PUBLIC_URL}/oidc/auth`);
    expect(discovery.token_endpoint).toBe(`${PUBLIC_URL}/oidc/token`);
    expect(discovery.end_session_endpoint).toBe(`${PUBLIC_URL}/oidc/session/end`);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.response_types_supported).toEqual(['code']);
  });

  it('publishes only public keys', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/oidc/jwks' });
    expect(response.statusCode).toBe(200);
    const { keys } = response.json() as { keys: Record<string, unknown>[] };
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key.d).toBeUndefined();
  });
});

describe('login page', () => {
  it('is a self-contained accessible form with Username, Password and Sign in', async () => {
    const { loginPage, loginUrl } = await openLoginPage(server.app);
    const html = loginPage.body;
    expect(loginPage.headers['content-type']).toMatch(/text\/html/);
    expect(html).toMatch(/<title>[^<]*Sign in[^<]*<\/title>/);
    expect(html).toContain('<label for="username">Username</label>');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toMatch(/<input id="username"[^>]*name="username"/);
    expect(html).toMatch(/<input id="password"[^>]*type="password"/);
    expect(html).toMatch(/<button type="submit">Sign in<\/button>/);
    expect(html).toMatch(new RegExp(`<form method="post" action="${loginUrl.replace(/[/.]/g, '\\$&')}"`));
    // No script of any kind, nothing loaded from elsewhere.
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/https?:\/\//);
    expect(String(loginPage.headers['content-security-policy'])).toContain("default-src 'none'");
  });

  it('carries a strict policy: no script, a hashed style, forms to this origin only, never framed', async () => {
    const { loginPage } = await openLoginPage(server.app);
    const header = String(loginPage.headers['content-security-policy']);
    const csp = parseCsp(header);
    const style = /<style>(.*?)<\/style>/s.exec(loginPage.body)?.[1] ?? '';
    expect(csp.get('style-src')).toEqual([`'sha256-${createHash('sha256').update(style).digest('base64')}'`]);
    expect(csp.has('script-src')).toBe(false);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(header).not.toMatch(/unsafe/);
    expect(loginPage.headers['x-content-type-options']).toBe('nosniff');
    expect(loginPage.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('refuses a wrong password: the page again with the error, no code, no session', async () => {
    const attempt = await openLoginPage(server.app);
    const { code, response } = await submitLogin(server.app, attempt, 'admin', 'wrong');
    expect(code).toBeNull();
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Invalid username or password.');
    expect(response.body).toContain('role="alert"');
    expect(response.body).toContain('value="admin"');
    expect(attempt.jar.has('_session')).toBe(false);
  });

  it('refuses an unknown user with the same message', async () => {
    const attempt = await openLoginPage(server.app);
    const { code, response } = await submitLogin(server.app, attempt, 'nobody', 'nobody');
    expect(code).toBeNull();
    expect(response.body).toContain('Invalid username or password.');
  });

  it('refuses an inactive user', async () => {
    await server.app.erp.database.db.updateTable('users').set({ is_active: 0 }).where('user_id', '=', 'steel').execute();
    try {
      const attempt = await openLoginPage(server.app);
      const { code, response } = await submitLogin(server.app, attempt, 'steel', 'steel');
      expect(code).toBeNull();
      expect(response.body).toContain('Invalid username or password.');
    } finally {
      await server.app.erp.database.db.updateTable('users').set({ is_active: 1 }).where('user_id', '=', 'steel').execute();
    }
  });

  it('can still sign in after a wrong attempt on the same page', async () => {
    const attempt = await openLoginPage(server.app);
    expect((await submitLogin(server.app, attempt, 'clerk', 'nope')).code).toBeNull();
    const second = await submitLogin(server.app, attempt, 'clerk', 'clerk');
    expect(second.code).toBeTruthy();
    expect(second.callback?.searchParams.get('iss')).toBe(`${PUBLIC_URL}/oidc`);
  });

  it('goes from the form straight to the client: the login carries the consent of a first-party client', async () => {
    const attempt = await openLoginPage(server.app);
    const posted = await browserPostForm(server.app, attempt.jar, attempt.loginUrl, { username: 'clerk', password: 'clerk' });
    expect(posted.statusCode).toBe(303);
    expect(String(posted.headers['server-timing'])).toMatch(/^password;dur=\d+(\.\d)?$/);
    const resumed = await browserGet(server.app, attempt.jar, String(posted.headers.location));
    expect(resumed.statusCode).toBeGreaterThanOrEqual(300);
    expect(resumed.statusCode).toBeLessThan(400);
    // No consent interaction between: the provider answers the client with its code at once.
    const callback = new URL(String(resumed.headers.location));
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe(attempt.state);
    const tokens = await tokenRequest(server.app, {
      grant_type: 'authorization_code',
      code: String(callback.searchParams.get('code')),
      redirect_uri: REDIRECT_URI,
      client_id: CLIENT_ID,
      code_verifier: attempt.verifier,
    });
    expect(tokens.statusCode).toBe(200);
    const body = tokens.json() as { access_token: string; refresh_token?: string; scope: string };
    // What the consent step granted before: the API's scopes, and a refresh token.
    expect(body.scope.split(' ').sort()).toEqual(['erp.api', 'erp.shell']);
    expect(body.refresh_token).toBeTruthy();
    expect(jwtClaims(body.access_token).aud).toBe(API_AUDIENCE);
  });

  it('stores a hash made with older scrypt parameters again with the current ones at the next sign-in', async () => {
    // The production cost, which this test is about (the suite's servers hash at a trivial one: helpers/app.ts).
    usePasswordHashing('owasp');
    onTestFinished(() => usePasswordHashing(server.config.oidc.passwordHashing));
    const { db } = server.app.erp.database;
    const salt = randomBytes(16);
    const key = scryptSync('clerk', salt, 64, { N: 2 ** 14, r: 8, p: 1 });
    const old = ['scrypt', 2 ** 14, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    await db.updateTable('users').set({ password_hash: old }).where('user_id', '=', 'clerk').execute();

    const wrong = await submitLogin(server.app, await openLoginPage(server.app), 'clerk', 'not-clerk');
    expect(wrong.code).toBeNull();
    // A wrong password changes nothing.
    expect((await db.selectFrom('users').select('password_hash').where('user_id', '=', 'clerk').executeTakeFirstOrThrow()).password_hash).toBe(old);

    const attempt = await openLoginPage(server.app);
    const posted = await browserPostForm(server.app, attempt.jar, attempt.loginUrl, { username: 'clerk', password: 'clerk' });
    expect(posted.statusCode).toBe(303);
    expect(String(posted.headers['server-timing'])).toMatch(/rehash;dur=/);
    const stored = (await db.selectFrom('users').select('password_hash').where('user_id', '=', 'clerk').executeTakeFirstOrThrow()).password_hash;
    expect(stored.split('$').slice(0, 4)).toEqual(['scrypt', String(PASSWORD_COST.N), String(PASSWORD_COST.r), String(PASSWORD_COST.p)]);
    expect(await verifyPassword('clerk', stored)).toBe(true);
    // One of OWASP's equally strong minimum settings (Password Storage Cheat Sheet, scrypt).
    const owasp = [[2 ** 17, 8, 1], [2 ** 16, 8, 2], [2 ** 15, 8, 3], [2 ** 14, 8, 5], [2 ** 13, 8, 10]];
    expect(owasp).toContainEqual([PASSWORD_COST.N, PASSWORD_COST.r, PASSWORD_COST.p]);
    // And the new hash signs in, without another re-hash.
    const again = await openLoginPage(server.app);
    const second = await browserPostForm(server.app, again.jar, again.loginUrl, { username: 'clerk', password: 'clerk' });
    expect(second.statusCode).toBe(303);
    expect(String(second.headers['server-timing'])).not.toMatch(/rehash/);
  });

  it('answers an unknown interaction with an error page, not a crash', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/oidc/interaction/does-not-exist' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Sign-in problem');
  });
});

describe('tokens', () => {
  it('issues a JWT access token for the API, a refresh token and an ID token with the profile claims', async () => {
    const tokens = await signIn(server.app, 'admin', 'admin');
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.expires_in).toBeLessThanOrEqual(600);

    const access = jwtClaims(tokens.access_token);
    expect(access.iss).toBe(`${PUBLIC_URL}/oidc`);
    expect(access.aud).toBe(API_AUDIENCE);
    expect(access.sub).toBe('admin');
    expect(String(access.scope).split(' ')).toEqual(expect.arrayContaining(['erp.shell', 'erp.api']));

    const id = jwtClaims(tokens.id_token);
    expect(id.aud).toBe(CLIENT_ID);
    expect(id.sub).toBe('admin');
    expect(id.preferred_username).toBe('admin');
    expect(typeof id.name).toBe('string');
    expect(String(id.email)).toContain('@');
  });

  it('refreshes: a new JWT access token for the API, a rotated refresh token, the old one refused', async () => {
    const tokens = await signIn(server.app, 'clerk', 'clerk');
    const first = await refresh(server.app, tokens.refresh_token);
    expect(first.statusCode).toBe(200);
    const renewed = first.json();
    expect(renewed.refresh_token).toBeTruthy();
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);
    expect(jwtClaims(renewed.access_token).aud).toBe(API_AUDIENCE);
    expect((await apiGet(server.app, '/api/shell/applications', renewed.access_token)).statusCode).toBe(200);

    const second = await refresh(server.app, renewed.refresh_token);
    expect(second.statusCode).toBe(200);

    // Replaying a rotated refresh token after the reuse interval is refused, and ends the grant.
    await ageConsumedRefreshTokens(31);
    const replay = await refresh(server.app, tokens.refresh_token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('invalid_grant');
    expect((await refresh(server.app, second.json().refresh_token)).statusCode).toBe(400);
  });

  it('keeps a rotated refresh token usable for the reuse interval (a tab closed while its renewal was in flight)', async () => {
    const tokens = await signIn(server.app, 'clerk', 'clerk');
    const lost = await refresh(server.app, tokens.refresh_token); // the answer the closed tab never stored
    expect(lost.statusCode).toBe(200);
    // The next tab still holds the old token: within the interval it is answered, with another new token.
    const again = await refresh(server.app, tokens.refresh_token);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().refresh_token).not.toBe(lost.json().refresh_token);
    expect((await refresh(server.app, again.json().refresh_token)).statusCode).toBe(200);
    // Using it again does not extend the interval: once it has passed, the replay is refused.
    await ageConsumedRefreshTokens(31);
    expect((await refresh(server.app, tokens.refresh_token)).statusCode).toBe(400);
  });

  it('refreshes when the client sends back the scope of the token response (oidc-client-ts does)', async () => {
    const tokens = await signIn(server.app, 'admin', 'admin');
    // The token response names the access token's scopes: the API's.
    expect(tokens.scope.split(' ').sort()).toEqual(['erp.api', 'erp.shell']);
    for (const scope of [tokens.scope, 'openid profile erp.shell erp.api']) {
      const current = await signIn(server.app, 'admin', 'admin');
      const response = await tokenRequest(server.app, {
        grant_type: 'refresh_token',
        refresh_token: current.refresh_token,
        client_id: CLIENT_ID,
        scope,
      });
      expect(response.statusCode, response.body).toBe(200);
      const access = jwtClaims(response.json().access_token);
      expect(access.aud).toBe(API_AUDIENCE);
      expect(String(access.scope).split(' ')).toEqual(expect.arrayContaining(['erp.shell', 'erp.api']));
    }
  });

  it('refuses a code exchange without the PKCE verifier', async () => {
    const attempt = await openLoginPage(server.app);
    const { code } = await submitLogin(server.app, attempt, 'admin', 'admin');
    const response = await server.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'authorization_code', code: code!, redirect_uri: REDIRECT_URI, client_id: CLIENT_ID }).toString(),
    });
    expect(response.statusCode).toBe(400);
  });

  it('requires PKCE at the authorization endpoint', async () => {
    const query = new URLSearchParams({ client_id: CLIENT_ID, response_type: 'code', scope: 'openid', redirect_uri: REDIRECT_URI });
    const response = await browserGet(server.app, new CookieJar(), `/oidc/auth?${query}`);
    expect(response.statusCode).toBe(303);
    expect(String(response.headers.location)).toContain('error=invalid_request');
  });
});

describe('logout', () => {
  it('ends the session at once when the id_token_hint names the signed-in user', async () => {
    const tokens = await signIn(server.app, 'portal', 'portal');
    expect(tokens.jar.has('_session')).toBe(true);
    const query = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: `${PUBLIC_URL}/`,
      state: 'bye',
    });
    const response = await browserGet(server.app, tokens.jar, `/oidc/session/end?${query}`);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${PUBLIC_URL}/?state=bye`);
    expect(tokens.jar.has('_session')).toBe(false);
    // The session's grant is revoked: its refresh token no longer works.
    expect((await refresh(server.app, tokens.refresh_token)).statusCode).toBe(400);
    // A new authorization request needs a new login.
    const again = await openLoginPage(server.app, tokens.jar);
    expect(again.loginPage.body).toContain('Sign in');
  });

  it('asks for confirmation when the id_token_hint names someone else than the signed-in user', async () => {
    const other = await signIn(server.app, 'clerk', 'clerk');
    const tokens = await signIn(server.app, 'admin', 'admin');
    const query = new URLSearchParams({ id_token_hint: other.id_token, post_logout_redirect_uri: `${PUBLIC_URL}/` });
    const page = await browserGet(server.app, tokens.jar, `/oidc/session/end?${query}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('>Log out</button>');
    expect(tokens.jar.has('_session')).toBe(true);
  });

  it('refuses a forged id_token_hint', async () => {
    const tokens = await signIn(server.app, 'admin', 'admin');
    const [header, payload] = tokens.id_token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(342)}`;
    const query = new URLSearchParams({ id_token_hint: forged, post_logout_redirect_uri: `${PUBLIC_URL}/` });
    const response = await browserGet(server.app, tokens.jar, `/oidc/session/end?${query}`);
    expect(response.statusCode).toBe(400);
    expect(tokens.jar.has('_session')).toBe(true);
  });

  it('asks with a plain form (no script) when there is no id_token_hint', async () => {
    const tokens = await signIn(server.app, 'admin', 'admin');
    const query = new URLSearchParams({ client_id: CLIENT_ID, post_logout_redirect_uri: `${PUBLIC_URL}/` });
    const page = await browserGet(server.app, tokens.jar, `/oidc/session/end?${query}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<button type="submit" form="op.logoutForm" name="logout" value="yes">Log out<\/button>/);
    expect(page.body).not.toMatch(/<script/i);
    // The confirmation form posts to this origin, which the page's form-action allows.
    expect(parseCsp(String(page.headers['content-security-policy'])).get('form-action')).toEqual(["'self'"]);
    expect(page.body).toMatch(new RegExp(`<form[^>]*action="${PUBLIC_URL}/oidc/session/end/confirm"`));
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1];
    expect(xsrf).toBeTruthy();
    const confirm = await server.app.inject({
      method: 'POST',
      url: '/oidc/session/end/confirm',
      headers: { cookie: tokens.jar.header('/oidc/session/end/confirm'), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
    });
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe(`${PUBLIC_URL}/`);
  });
});
