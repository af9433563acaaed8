/**
 * Test servers and real sign-ins through `app.inject`.
 *
 * `startServer()` builds the app on a fresh test database with PUBLIC_URL http://localhost (the host
 * `inject` uses). `signIn(app, user, password)` drives the real authorization-code + PKCE flow of the
 * embedded provider — authorize, login page, login form, automatic consent, callback, token exchange —
 * carrying cookies between requests like a browser, and answers the token response.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type ServerConfig } from '../../src/config.ts';
import { createTestDatabase, seedFor, type TestDatabase } from './database.ts';

export const PUBLIC_URL = 'http://localhost';
export const CLIENT_ID = 'erp-shell';
export const REDIRECT_URI = `${PUBLIC_URL}/auth/callback`;
export const SCOPES = 'openid profile offline_access erp.shell erp.api';
export const API_AUDIENCE = `${PUBLIC_URL}/api`;

export function testConfig(environment: Record<string, string>): ServerConfig {
  // Tests count the core seed's firms: no generated demo firms unless a test asks for them; no demo ledger
  // activity either (a second on SQLite per server) unless a test asks for it (DEMO_LEDGER: '1'). A test's database
  // is thrown away: no disk sync at each commit (SQLite; PostgreSQL's are made so in helpers/database.ts), and its
  // passwords are hashed at a trivial cost (auth/password.ts; the tests of the cost itself ask for `owasp`).
  return loadConfig({
    PUBLIC_URL,
    LOG_LEVEL: 'silent',
    DEMO_FIRMS: '0',
    DEMO_LEDGER: '0',
    SQLITE_SYNCHRONOUS: 'normal',
    PASSWORD_HASHING: 'fast',
    ...environment,
  });
}

export interface TestServer {
  app: FastifyInstance;
  database: TestDatabase;
  config: ServerConfig;
  /** Closes the app and drops the database. */
  stop(): Promise<void>;
}

export async function startServer(extraEnvironment: Record<string, string> = {}): Promise<TestServer> {
  const database = await createTestDatabase({ template: seedFor(extraEnvironment) });
  const config = testConfig({ ...database.environment, ...extraEnvironment });
  const app = await buildApp(config, { logger: false });
  return {
    app,
    database,
    config,
    async stop() {
      await app.close();
      await database.drop();
    },
  };
}

/** A minimal cookie jar like a browser's for one host: name + path → value, sent by path prefix. */
export class CookieJar {
  private readonly cookies = new Map<string, { name: string; value: string; path: string }>();

  update(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as { name: string; value: string; path?: string; expires?: Date; maxAge?: number }[]) {
      const path = cookie.path ?? '/';
      const key = `${cookie.name} ${path}`;
      const expired =
        cookie.value === '' ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now()) ||
        (cookie.maxAge !== undefined && cookie.maxAge <= 0);
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { name: cookie.name, value: cookie.value, path });
    }
  }

  has(name: string): boolean {
    return [...this.cookies.values()].some((c) => c.name === name);
  }

  /** The Cookie header a browser would send to `url`. */
  header(url = '/'): string {
    const path = new URL(url, PUBLIC_URL).pathname;
    return [...this.cookies.values()]
      .filter((c) => path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }
}

/** Path + query of a Location header (absolute or relative). */
export function pathOf(location: string): string {
  const url = new URL(location, PUBLIC_URL);
  return url.pathname + url.search;
}

export async function browserGet(app: FastifyInstance, jar: CookieJar, url: string) {
  const response = await app.inject({ method: 'GET', url: pathOf(url), headers: { cookie: jar.header(url) } });
  jar.update(response);
  return response;
}

export async function browserPostForm(app: FastifyInstance, jar: CookieJar, url: string, form: Record<string, string>) {
  const response = await app.inject({
    method: 'POST',
    url: pathOf(url),
    headers: { cookie: jar.header(url), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
  jar.update(response);
  return response;
}

export interface TokenSet {
  access_token: string;
  refresh_token: string;
  id_token: string;
  expires_in: number;
  scope: string;
  token_type: string;
}

/** A public client of the provider: its id and the redirect URI a sign-in uses. */
export interface OidcClient {
  id: string;
  redirectUri: string;
}

/** The shell's client. */
export const SHELL_CLIENT: OidcClient = { id: CLIENT_ID, redirectUri: REDIRECT_URI };

export interface LoginAttempt {
  client: OidcClient;
  jar: CookieJar;
  verifier: string;
  state: string;
  /** The login page's URL and response. */
  loginUrl: string;
  loginPage: LightMyRequestResponse;
}

/** Starts an authorization request and follows it to the login page. */
export async function openLoginPage(app: FastifyInstance, jar = new CookieJar(), client = SHELL_CLIENT): Promise<LoginAttempt> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const state = randomBytes(8).toString('hex');
  const query = new URLSearchParams({
    client_id: client.id,
    response_type: 'code',
    scope: SCOPES,
    redirect_uri: client.redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    nonce: randomBytes(8).toString('hex'),
  });
  let response = await browserGet(app, jar, `/oidc/auth?${query}`);
  let url = `/oidc/auth?${query}`;
  for (let hops = 0; hops < 5 && response.statusCode >= 300 && response.statusCode < 400; hops++) {
    url = String(response.headers.location);
    response = await browserGet(app, jar, url);
  }
  if (response.statusCode !== 200 || !url.includes('/oidc/interaction/')) {
    throw new Error(`expected the login page, got ${response.statusCode} at ${url}: ${response.body.slice(0, 300)}`);
  }
  return { client, jar, verifier, state, loginUrl: url, loginPage: response };
}

/** Posts credentials and follows redirects to the client callback; answers the code (or the last page). */
export async function submitLogin(app: FastifyInstance, attempt: LoginAttempt, username: string, password: string) {
  let response = await browserPostForm(app, attempt.jar, attempt.loginUrl, { username, password });
  for (let hops = 0; hops < 8 && response.statusCode >= 300 && response.statusCode < 400; hops++) {
    const location = String(response.headers.location);
    if (location.startsWith(attempt.client.redirectUri)) {
      const callback = new URL(location);
      return { code: callback.searchParams.get('code'), callback, response };
    }
    response = await browserGet(app, attempt.jar, location);
  }
  return { code: null, callback: null, response };
}

export async function tokenRequest(app: FastifyInstance, form: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

/** The whole sign-in; throws when it does not end with tokens. */
export async function signIn(app: FastifyInstance, username: string, password: string): Promise<TokenSet & { jar: CookieJar }> {
  const attempt = await openLoginPage(app);
  const { code, callback } = await submitLogin(app, attempt, username, password);
  if (!code || !callback) throw new Error(`sign-in of ${username} did not reach the callback`);
  if (callback.searchParams.get('state') !== attempt.state) throw new Error('state mismatch');
  const response = await tokenRequest(app, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    client_id: CLIENT_ID,
    code_verifier: attempt.verifier,
  });
  if (response.statusCode !== 200) throw new Error(`token exchange failed: ${response.statusCode} ${response.body}`);
  return { ...(response.json() as TokenSet), jar: attempt.jar };
}

export async function refresh(app: FastifyInstance, refreshToken: string) {
  return tokenRequest(app, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: CLIENT_ID });
}

/** GET an API path with a bearer token. */
export async function apiGet(app: FastifyInstance, url: string, token?: string) {
  return app.inject({
    method: 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

export async function apiPost(app: FastifyInstance, url: string, token: string, payload: unknown) {
  return app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

/** Decodes a JWT's payload without verifying it (for assertions). */
export function jwtClaims(token: string): Record<string, unknown> {
  const [, payload] = token.split('.');
  return JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}
