/**
 * Issue 70 item 1, on SQLite and PostgreSQL (TEST_DATABASE=postgres): the allow-list of embedding origins —
 * EMBED_ORIGINS and the administrators' `embed-origin` records — drives CORS and Cross-Origin-Resource-Policy for
 * the elements, their locales and the API; any other origin gets no CORS header, no preflight and no API answer.
 * Item 2's provider side: each allowed origin has a public client `embed:<origin>` returning to any of its pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { apiAs, json } from './helpers/api.ts';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import { browserGet, CookieJar, openLoginPage, signIn, startServer, submitLogin, type TestServer } from './helpers/app.ts';

const LISTED = 'http://intranet.example:9000';
const ADDED = 'https://wiki.example';
const OTHER = 'https://evil.example';

describe('EMBED_ORIGINS', () => {
  it('is a list of normalized origins, empty by default', () => {
    expect(loadConfig({}).embed.origins).toEqual([]);
    expect(loadConfig({ EMBED_ORIGINS: 'HTTP://Intranet.Example:9000/, https://wiki.example:443' }).embed.origins).toEqual([LISTED, ADDED]);
  });

  it('refuses anything but origins', () => {
    expect(() => loadConfig({ EMBED_ORIGINS: 'https://wiki.example/path' })).toThrow(ConfigError);
    expect(() => loadConfig({ EMBED_ORIGINS: '*' })).toThrow(/EMBED_ORIGINS/);
  });
});

describe('embedding origins', () => {
  let server: TestServer;
  let admin: string;
  const api = apiAs(() => server, () => admin);
  const fromOrigin = (origin: string, url: string, extra: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers: { origin, authorization: `Bearer ${admin}`, ...extra } });
  const preflight = (origin: string, url: string) =>
    server.app.inject({
      method: 'OPTIONS',
      url,
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, dpop, content-type, x-secret' },
    });

  beforeAll(async () => {
    server = await startServer({ EMBED_ORIGINS: LISTED });
    admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  });
  afterAll(async () => server?.stop());

  it('answers a listed origin with its own CORS headers on the locales and the API, never credentials', async () => {
    for (const url of ['/locales/fr-CA/shell.json', '/api/shell/applications']) {
      const response = await fromOrigin(LISTED, url);
      expect(response.headers['access-control-allow-origin'], url).toBe(LISTED);
      expect(response.headers['access-control-allow-credentials'], url).toBeUndefined();
      expect(String(response.headers.vary), url).toMatch(/Origin/);
      expect(response.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
    }
    const answer = await fromOrigin(LISTED, '/locales/fr-CA/shell.json');
    expect(answer.statusCode).toBe(200);
  });

  it('answers a listed origin\'s preflight with the methods and only the request headers the API reads', async () => {
    const response = await preflight(LISTED, '/api/data/firm');
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(LISTED);
    expect(String(response.headers['access-control-allow-methods'])).toMatch(/POST/);
    expect(String(response.headers['access-control-allow-headers']).split(', ')).toEqual(['authorization', 'dpop', 'content-type']);
  });

  it('gives another origin no CORS header, no preflight and no API answer, in the caller\'s language', async () => {
    const locales = await fromOrigin(OTHER, '/locales/fr-CA/shell.json');
    expect(locales.headers['access-control-allow-origin']).toBeUndefined();
    expect(locales.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect((await preflight(OTHER, '/api/data/firm')).statusCode).toBe(403);
    expect((await preflight(OTHER, '/api/data/firm')).headers['access-control-allow-origin']).toBeUndefined();
    const data = await fromOrigin(OTHER, '/api/data/firm/B100', { 'accept-language': 'fr-CA' });
    expect(data.statusCode).toBe(403);
    expect(data.headers['access-control-allow-origin']).toBeUndefined();
    expect(json(data).ResultCode).toBe('origin_not_allowed');
    expect(json(data).Message).toContain('Origines d’intégration');
    expect(JSON.stringify(json(data))).not.toContain('B100');
  });

  it('leaves the shell\'s own origin and calls without an Origin as they were', async () => {
    const own = await fromOrigin('http://localhost', '/api/data/firm/B100');
    expect(own.statusCode).toBe(200);
    expect(own.headers['access-control-allow-origin']).toBeUndefined();
    expect(own.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect((await api.get('/api/data/firm/B100')).statusCode).toBe(200);
  });

  it('follows the administrators\' list at once: added, deactivated, refused when not an origin', async () => {
    expect((await fromOrigin(ADDED, '/api/data/firm/B100')).statusCode).toBe(403);
    const created = await api.created('/api/data/embed-origin', { Origin: ADDED, Description: 'Wiki', IsActive: true });
    const allowed = await fromOrigin(ADDED, '/api/data/firm/B100');
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe(ADDED);

    const off = await api.put(`/api/data/embed-origin/${encodeURIComponent(ADDED)}`, { ...created, IsActive: false });
    expect(off.statusCode, JSON.stringify(json(off))).toBe(200);
    expect((await fromOrigin(ADDED, '/api/data/firm/B100')).statusCode).toBe(403);

    const bad = await api.post('/api/data/embed-origin', { Origin: 'https://wiki.example/path', Description: 'Path' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(json(bad))).toContain('without a path');
  });
});

describe('the embedding origins\' sign-in clients', () => {
  let server: TestServer;
  const client = (origin: string, page = '/intranet/team.html?tab=1') => ({ id: `embed:${origin}`, redirectUri: `${origin}${page}` });
  const tokenFrom = (origin: string, form: Record<string, string>) =>
    server.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });

  beforeAll(async () => {
    server = await startServer({ EMBED_ORIGINS: LISTED });
  });
  afterAll(async () => server?.stop());

  it('signs a user in on any page of an allowed origin and answers that origin\'s token request by CORS', async () => {
    const attempt = await openLoginPage(server.app, new CookieJar(), client(LISTED));
    const { code, callback } = await submitLogin(server.app, attempt, 'clerk', 'clerk');
    expect(callback?.origin).toBe(LISTED);
    expect(callback?.pathname).toBe('/intranet/team.html');
    const exchange = { grant_type: 'authorization_code', code: code!, redirect_uri: client(LISTED).redirectUri, client_id: client(LISTED).id, code_verifier: attempt.verifier };
    const response = await tokenFrom(LISTED, exchange);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(LISTED);
    const tokens = response.json() as { access_token: string; refresh_token: string };
    const profile = await server.app.inject({ method: 'GET', url: '/api/shell/profile', headers: { origin: LISTED, authorization: `Bearer ${tokens.access_token}` } });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['access-control-allow-origin']).toBe(LISTED);

    // Another origin cannot read the answer of the same client's token endpoint.
    const renewed = await tokenFrom(OTHER, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client(LISTED).id });
    expect(renewed.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets the login form end on the embedding page (CSP form-action), and only for that client', async () => {
    const formAction = (csp: unknown) => /form-action ([^;]*)/.exec(String(csp))?.[1]?.split(' ');
    const embedded = await openLoginPage(server.app, new CookieJar(), client(LISTED));
    expect(formAction(embedded.loginPage.headers['content-security-policy'])).toEqual(["'self'", LISTED]);
    const shell = await openLoginPage(server.app);
    expect(formAction(shell.loginPage.headers['content-security-policy'])).toEqual(["'self'"]);
  });

  it('returns only to pages of the client\'s own origin, and knows no client of an origin not on the list', async () => {
    await expect(openLoginPage(server.app, new CookieJar(), { id: client(LISTED).id, redirectUri: `${OTHER}/steal` })).rejects.toThrow(/expected the login page/);
    await expect(openLoginPage(server.app, new CookieJar(), { id: client(LISTED).id, redirectUri: `${LISTED}/page#fragment` })).rejects.toThrow(/expected the login page/);
    await expect(openLoginPage(server.app, new CookieJar(), client(OTHER))).rejects.toThrow(/expected the login page/);
  });
});

describe('a sign-out on either side (issue 70 item 2)', () => {
  let server: TestServer;
  const page = `${LISTED}/intranet/`;

  beforeAll(async () => {
    server = await startServer({ EMBED_ORIGINS: LISTED });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => server?.stop());

  /** The embedding client's sign-in in the browser that holds `jar` (signed in already: no login page). */
  async function embedTokens(jar: CookieJar): Promise<{ access_token: string }> {
    const verifier = randomBytes(32).toString('base64url');
    const query = new URLSearchParams({
      client_id: `embed:${LISTED}`,
      response_type: 'code',
      scope: 'openid profile offline_access erp.shell erp.api',
      redirect_uri: page,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 's',
    });
    let location = `/oidc/auth?${query}`;
    for (let hops = 0; hops < 8 && !location.startsWith(page); hops++) location = String((await browserGet(server.app, jar, location)).headers.location);
    const code = new URL(location).searchParams.get('code')!;
    const response = await server.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { origin: LISTED, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: page, client_id: `embed:${LISTED}`, code_verifier: verifier }).toString(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { access_token: string };
  }

  const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { sid?: string };

  /** Opens the event stream of `token` from the embedding page's origin; answers its headers and a promise of all it sent. */
  async function stream(token: string) {
    const ticket = await server.app.inject({ method: 'POST', url: '/api/events/ticket', headers: { origin: LISTED, authorization: `Bearer ${token}` }, payload: {} });
    const { port } = server.app.server.address() as AddressInfo;
    return new Promise<{ headers: Record<string, unknown>; ended: Promise<string> }>((resolve, reject) => {
      const request = httpRequest({ host: '127.0.0.1', port, path: `/api/events/stream?ticket=${ticket.json().Data.Ticket}`, headers: { origin: LISTED } }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        resolve({ headers: response.headers, ended: new Promise((done) => response.on('end', () => done(text))) });
      });
      request.on('error', reject);
      request.end();
    });
  }

  it('ends the event streams of the provider session, the embedding page\'s and the shell\'s, with signed-out', async () => {
    const shell = await signIn(server.app, 'clerk', 'clerk');
    const embedded = await embedTokens(shell.jar);
    // One provider session: both tokens name it.
    expect(claims(embedded.access_token).sid).toBeTruthy();
    expect(claims(embedded.access_token).sid).toBe(claims(shell.access_token).sid);

    const onPage = await stream(embedded.access_token);
    expect(onPage.headers['access-control-allow-origin']).toBe(LISTED);
    const inShell = await stream(shell.access_token);
    // Another sign-in (another browser) of the same user keeps its stream.
    const elsewhere = await stream((await signIn(server.app, 'clerk', 'clerk')).access_token);

    const end = await browserGet(server.app, shell.jar, `/oidc/session/end?${new URLSearchParams({ id_token_hint: shell.id_token, client_id: 'erp-shell' })}`);
    expect(end.statusCode).toBe(303);
    expect(await onPage.ended).toContain('event: signed-out');
    expect(await inShell.ended).toContain('event: signed-out');
    expect(elsewhere.headers['content-type']).toContain('text/event-stream');
    expect(server.app.erp.events.streamCount).toBe(1);
  });
});
