/**
 * Issue 72 item 2, on SQLite and PostgreSQL (TEST_DATABASE=postgres): machine clients. An administrator registers
 * a client through the `api-client` entity (the /shell/api-clients screen's API); a program gets a token with OAuth
 * 2.0 client credentials (a secret, or private_key_jwt) and calls the API as the client's service user, within the
 * client's scopes and §6 customers, at most its rate, and the §3 trail names the client.
 */
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, json } from './helpers/api.ts';
import { jwtClaims, signIn, startServer, tokenRequest, type TestServer } from './helpers/app.ts';
import { call, salesOrderBody as order } from './helpers/entities.ts';
import { snippet } from './helpers/snippets.ts';
import { RateLimiter } from '../src/security/api-clients.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any


let server: TestServer;
let admin: string;
const api = apiAs(() => server, () => admin);

/** Registers a client as the administrator; answers the saved record (with its one-time secret). */
async function register(values: Json): Promise<Json> {
  return api.created('/api/data/api-client', { Roles: ['CLERK'], ...values });
}

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/** The client-credentials token request with HTTP Basic authentication (RFC 6749 §4.4). */
function requestToken(id: string, secret: string) {
  return server.app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(id, secret) },
    payload: 'grant_type=client_credentials&scope=erp.api',
  });
}

async function tokenOf(id: string, secret: string): Promise<string> {
  const response = await requestToken(id, secret);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Json).access_token as string;
}

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
});
afterAll(async () => server?.stop());

describe('API clients (issue 72 item 2)', () => {
  it('are kept on their screen under Security in /shell', async () => {
    const menu = await api.db().selectFrom('menus').select(['menu_id', 'parent_id', 'router_path']).where('menu_id', '=', 'SH0118').executeTakeFirst();
    expect(menu).toMatchObject({ parent_id: 'SH0002' });
    expect(String(menu.router_path)).toMatch(/\/api-clients$/);
  });

  it('answers the secret once, at creation, and stores only its hash', async () => {
    const client = await register({ ClientId: 'once', Name: 'Secret once', WriteApplications: ['NOVUS-OE'] });
    expect(client.ClientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(client).not.toHaveProperty('SecretHash');
    const again = json(await api.get('/api/data/api-client/once')).Data;
    expect(again.ClientSecret).toBeNull();
    const row = await api.db().selectFrom('api_clients').select('secret_hash').where('client_id', '=', 'once').executeTakeFirst();
    expect(row.secret_hash).toMatch(/^sha256\$[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(client.ClientSecret);
    // A new secret on request replaces the old one.
    const renewed = json(await api.put('/api/data/api-client/once', { ...again, NewSecret: true })).Data;
    expect(renewed.ClientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await requestToken('once', client.ClientSecret)).statusCode).toBe(401);
    await tokenOf('once', renewed.ClientSecret);
  });

  it('refuses an id a person already has, and a private key where the public one belongs', async () => {
    const taken = await api.post('/api/data/api-client', { ClientId: 'clerk', Name: 'Not a person', Roles: [] });
    expect(taken.statusCode).toBe(400);
    expect(JSON.stringify(json(taken))).toContain('A user already has this ID');
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const leaked = await api.post('/api/data/api-client', { ClientId: 'leaky', Name: 'Leaky', AuthMethod: 'private_key_jwt', PublicJwk: JSON.stringify(await exportJWK(privateKey)) });
    expect(leaked.statusCode).toBe(400);
  });

  it('gives a script a short-lived API token, with which it creates a sales order named after the client in the trail', async () => {
    const client = await register({ ClientId: 'steel-reseller', Name: 'Steel re-seller system', WriteApplications: ['NOVUS-OE'] });
    const response = await requestToken('steel-reseller', client.ClientSecret);
    expect(response.statusCode).toBe(200);
    const tokens = response.json() as Json;
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.expires_in).toBeLessThanOrEqual(300);
    expect(tokens).not.toHaveProperty('refresh_token');
    expect(jwtClaims(tokens.access_token)).toMatchObject({ sub: 'steel-reseller', client_id: 'steel-reseller', erp_client: true, aud: server.config.apiAudience, scope: 'erp.api' });

    const created = await call(server.app, 'POST', '/api/data/sales-order', tokens.access_token, order('B100', 'S101'));
    expect(created.statusCode, created.body).toBe(201);
    const key = json(created).Data.OrderKey;
    const trail = await api.db().selectFrom('audit_log').select('action_by').where('table_name', '=', 'sales_orders').where('id_value', '=', String(key)).execute();
    expect(trail.length).toBeGreaterThan(0);
    for (const row of trail) expect(row.action_by).toBe('steel-reseller');
    const user = await api.db().selectFrom('users').select(['display_name', 'password_hash']).where('user_id', '=', 'steel-reseller').executeTakeFirst();
    expect(user.display_name).toBe('Steel re-seller system');
    // The service user cannot sign in with a password.
    expect(user.password_hash).not.toMatch(/^scrypt\$/);
  });

  it('refuses a wrong secret, and a deactivated client its token and its calls', async () => {
    const client = await register({ ClientId: 'gone-soon', Name: 'Gone soon', ReadApplications: ['NOVUS-OE'] });
    expect((await requestToken('gone-soon', 'not-the-secret')).statusCode).toBe(401);
    const token = await tokenOf('gone-soon', client.ClientSecret);
    expect((await call(server.app, 'GET', '/api/data/sales-order?PageSize=1', token)).statusCode).toBe(200);
    const current = json(await api.get('/api/data/api-client/gone-soon')).Data;
    expect((await api.put('/api/data/api-client/gone-soon', { ...current, IsActive: false })).statusCode).toBe(200);
    expect((await requestToken('gone-soon', client.ClientSecret)).statusCode).toBe(401);
    expect((await call(server.app, 'GET', '/api/data/sales-order?PageSize=1', token)).statusCode).toBe(401);
  });

  it('deletes a client: no token, no call, and its service user is kept inactive so the trail still names it', async () => {
    const client = await register({ ClientId: 'retired', Name: 'Retired partner', ReadApplications: ['NOVUS-OE'] });
    const token = await tokenOf('retired', client.ClientSecret);
    const current = json(await api.get('/api/data/api-client/retired')).Data;
    expect((await api.del(`/api/data/api-client/retired?Version=${current.Version}`)).statusCode).toBe(200);
    expect((await requestToken('retired', client.ClientSecret)).statusCode).toBe(401);
    expect((await call(server.app, 'GET', '/api/data/sales-order?PageSize=1', token)).statusCode).toBe(401);
    const user = await api.db().selectFrom('users').select(['display_name', 'is_active']).where('user_id', '=', 'retired').executeTakeFirst();
    expect(user.display_name).toBe('Retired partner');
    expect(user.is_active === true || user.is_active === 1).toBe(false);
    expect(await api.db().selectFrom('user_roles').select('role_id').where('user_id', '=', 'retired').execute()).toEqual([]);
  });

  it('lets a read-only client read and answers its write 403', async () => {
    const client = await register({ ClientId: 'reader', Name: 'Accountant tools', ReadApplications: ['NOVUS-OE'] });
    const token = await tokenOf('reader', client.ClientSecret);
    expect((await call(server.app, 'GET', '/api/data/sales-order?PageSize=5', token)).statusCode).toBe(200);
    const write = await call(server.app, 'POST', '/api/data/sales-order', token, order('B100', 'S101'));
    expect(write.statusCode).toBe(403);
    // An application in neither list is closed to it, whatever its roles open.
    expect((await call(server.app, 'GET', '/api/data/ar-invoice?PageSize=1', token)).statusCode).toBe(403);
  });

  it('shows a client limited to B100 nothing of B200, in the list or by its key', async () => {
    const other = await api.created('/api/data/sales-order', order('B200', 'S201'));
    await api.created('/api/data/sales-order', order('B100', 'S101'));
    const client = await register({ ClientId: 'b100-only', Name: 'Northshore purchasing', ReadApplications: ['NOVUS-OE'], RestrictedToAssignedCustomers: true, AssignedCustomers: ['B100'] });
    const token = await tokenOf('b100-only', client.ClientSecret);
    const list = json(await call(server.app, 'GET', '/api/data/sales-order?PageSize=1000', token)).List as Json[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((row) => row.BillToId === 'B100')).toBe(true);
    const record = await call(server.app, 'GET', `/api/data/sales-order/${other.OrderKey}`, token);
    expect(record.statusCode).toBe(403);
    expect(json(record).ResultCode).toBe('not_assigned');
  });

  it('answers 429 with Retry-After beyond the client\'s rate, in the caller\'s language', async () => {
    const client = await register({ ClientId: 'hasty', Name: 'Hasty poller', ReadApplications: ['NOVUS-OE'], RateLimitPerMinute: 2 });
    const token = await tokenOf('hasty', client.ClientSecret);
    const url = '/api/data/sales-order?PageSize=1';
    expect((await call(server.app, 'GET', url, token)).statusCode).toBe(200);
    expect((await call(server.app, 'GET', url, token)).statusCode).toBe(200);
    const limited = await server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, 'accept-language': 'fr-CA' } });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(json(limited)).toMatchObject({ ResultCode: 'rate_limited' });
    expect(json(limited).Message).toContain('Trop d’appels');
    // Another client is not slowed by it.
    expect((await call(server.app, 'GET', url, await tokenOf('reader2', (await register({ ClientId: 'reader2', Name: 'Other', ReadApplications: ['NOVUS-OE'] })).ClientSecret))).statusCode).toBe(200);
  });

  it('binds a client\'s token to its key when it proves one (DPoP, RFC 9449): usable only with a proof', async () => {
    const client = await register({ ClientId: 'prover', Name: 'Prover', ReadApplications: ['NOVUS-OE'] });
    const { publicKey, privateKey } = await generateKeyPair('ES256');
    const jwk = await exportJWK(publicKey);
    const proof = (htm: string, htu: string, extra: Record<string, unknown> = {}) =>
      new SignJWT({ htm, htu, jti: randomUUID(), iat: Math.floor(Date.now() / 1000), ...extra }).setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk }).sign(privateKey);
    const response = await server.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic('prover', client.ClientSecret), dpop: await proof('POST', `${server.config.publicUrl}/oidc/token`) },
      payload: 'grant_type=client_credentials&scope=erp.api',
    });
    expect(response.statusCode, response.body).toBe(200);
    const tokens = response.json() as Json;
    expect(tokens.token_type).toBe('DPoP');
    expect(jwtClaims(tokens.access_token)).toMatchObject({ erp_client: true, cnf: { jkt: await calculateJwkThumbprint(jwk, 'sha256') } });
    const url = '/api/data/sales-order?PageSize=1';
    const ath = createHash('sha256').update(tokens.access_token).digest('base64url');
    const bound = await server.app.inject({ method: 'GET', url, headers: { authorization: `DPoP ${tokens.access_token}`, dpop: await proof('GET', `${server.config.publicUrl}/api/data/sales-order`, { ath }) } });
    expect(bound.statusCode, bound.body).toBe(200);
    expect((await call(server.app, 'GET', url, tokens.access_token)).statusCode).toBe(401);
  });

  it('authenticates a client by private_key_jwt (RFC 7523) with the public key registered', async () => {
    const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
    await register({ ClientId: 'carrier', Name: 'Carrier', AuthMethod: 'private_key_jwt', PublicJwk: JSON.stringify(await exportJWK(publicKey)), ReadApplications: ['NOVUS-OE'] });
    const assertion = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256' })
      .setIssuer('carrier')
      .setSubject('carrier')
      .setAudience(`${server.config.publicUrl}/oidc/token`)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(privateKey);
    const response = await tokenRequest(server.app, {
      grant_type: 'client_credentials',
      client_id: 'carrier',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
    });
    expect(response.statusCode, response.body).toBe(200);
    const token = (response.json() as Json).access_token as string;
    expect((await call(server.app, 'GET', '/api/data/sales-order?PageSize=1', token)).statusCode).toBe(200);
  });
});

describe('the client rate limit (a token bucket)', () => {
  it('allows a minute\'s calls at once, then one per 60/rate seconds, and says how long to wait', () => {
    const limiter = new RateLimiter();
    expect(limiter.take('a', 2, 0)).toBe(0);
    expect(limiter.take('a', 2, 0)).toBe(0);
    expect(limiter.take('a', 2, 0)).toBe(30);
    expect(limiter.take('b', 2, 0)).toBe(0);
    expect(limiter.take('a', 2, 10_000)).toBe(20);
    expect(limiter.take('a', 2, 30_000)).toBe(0);
    expect(limiter.take('a', 2, 30_000)).toBe(30);
  });
});

describe('docs/public-api.md: get a client, call the API — the snippets as written, against a running server', () => {
  it('gets a token with curl and creates a sales order with the script', async () => {
    const client = await register({ ClientId: 'readme-partner', Name: 'README partner', WriteApplications: ['NOVUS-OE'] });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const env = { ...process.env, ERP_URL: `http://127.0.0.1:${port}`, CLIENT_ID: 'readme-partner', CLIENT_SECRET: client.ClientSecret as string };
    const run = promisify(execFile);

    const curl = await run('sh', ['-c', snippet('api-client-token')], { env });
    const tokens = JSON.parse(curl.stdout) as Json;
    expect(tokens).toMatchObject({ token_type: 'Bearer', scope: 'erp.api' });
    expect(jwtClaims(tokens.access_token)).toMatchObject({ sub: 'readme-partner', erp_client: true });

    const script = await run(process.execPath, ['--input-type=module', '-e', snippet('api-client-script')], { env });
    const [status, number] = script.stdout.trim().split(' ');
    expect(status).toBe('201');
    const saved = await api.db().selectFrom('sales_orders').select(['bill_to_id', 'created_by']).where('order_no', '=', number).executeTakeFirst();
    expect(saved).toMatchObject({ bill_to_id: 'B100', created_by: 'readme-partner' });
  });
});
