/**
 * Issue #11 item 6 (server half): DPoP sender-constrained tokens (RFC 9449). The embedded provider binds
 * access and refresh tokens to the key a client proves at the token endpoint; the API accepts a bound
 * token only with a fresh, single-use proof of that key for that request, so a token copied out of a
 * browser is refused anywhere else. Refresh tokens stay rotated, bound to the same key, within an
 * absolute lifetime. OIDC_DPOP=required refuses unbound tokens; OIDC_DPOP=off refuses the DPoP scheme.
 */
import { randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { accessTokenHash } from '../src/auth/dpop.ts';
import { refreshTokenTtl } from '../src/oidc/provider.ts';
import { CLIENT_ID, jwtClaims, openLoginPage, PUBLIC_URL, REDIRECT_URI, signIn, startServer, submitLogin, type TestServer } from './helpers/app.ts';

interface Holder {
  privateKey: CryptoKey;
  jwk: JWK;
  jkt: string;
}

async function newHolder(): Promise<Holder> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = await exportJWK(publicKey);
  return { privateKey: privateKey as CryptoKey, jwk, jkt: await calculateJwkThumbprint(jwk, 'sha256') };
}

async function proof(holder: Holder, htm: string, htu: string, extra: Record<string, unknown> = {}, header: Record<string, unknown> = {}) {
  return new SignJWT({ htm, htu, jti: randomUUID(), iat: Math.floor(Date.now() / 1000), ...extra })
    .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: holder.jwk, ...header })
    .sign(holder.privateKey);
}

const TOKEN_URL = `${PUBLIC_URL}/oidc/token`;

/** The whole sign-in with the token exchange proving `holder`'s key. */
async function signInWithDpop(server: TestServer, holder: Holder, user = 'admin') {
  const attempt = await openLoginPage(server.app);
  const { code } = await submitLogin(server.app, attempt, user, user);
  const response = await server.app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', dpop: await proof(holder, 'POST', TOKEN_URL) },
    payload: new URLSearchParams({ grant_type: 'authorization_code', code: code!, redirect_uri: REDIRECT_URI, client_id: CLIENT_ID, code_verifier: attempt.verifier }).toString(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { access_token: string; refresh_token: string; token_type: string };
}

async function refreshWith(server: TestServer, refreshToken: string, dpop?: string) {
  return server.app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(dpop ? { dpop } : {}) },
    payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: CLIENT_ID }).toString(),
  });
}

async function apiCall(server: TestServer, token: string, options: { scheme?: string; dpop?: string | string[]; method?: 'GET' | 'POST'; url?: string } = {}) {
  return server.app.inject({
    method: options.method ?? 'GET',
    url: options.url ?? '/api/tenant',
    headers: { authorization: `${options.scheme ?? 'DPoP'} ${token}`, ...(options.dpop === undefined ? {} : { dpop: options.dpop }) },
  });
}

describe('DPoP-bound tokens (OIDC_DPOP=on, the default)', () => {
  let server: TestServer;
  let holder: Holder;
  let tokens: { access_token: string; refresh_token: string; token_type: string };
  const TENANT = `${PUBLIC_URL}/api/tenant`;

  beforeAll(async () => {
    server = await startServer();
    holder = await newHolder();
    tokens = await signInWithDpop(server, holder);
  });
  afterAll(async () => server?.stop());

  it('tells the shell to prove a key (ShellConfig.oidc.dpop), in /shell-config.json and in the page', async () => {
    const config = await server.app.inject({ method: 'GET', url: '/shell-config.json' });
    expect(config.statusCode).toBe(200);
    expect((config.json() as { oidc: { dpop?: boolean } }).oidc.dpop).toBe(true);
  });

  it('binds the access token to the proven key', () => {
    expect(tokens.token_type).toBe('DPoP');
    expect((jwtClaims(tokens.access_token)['cnf'] as { jkt: string }).jkt).toBe(holder.jkt);
  });

  it('accepts the token with a fresh proof of the key for this request', async () => {
    const ath = accessTokenHash(tokens.access_token);
    expect((await apiCall(server, tokens.access_token, { dpop: await proof(holder, 'GET', TENANT, { ath }) })).statusCode).toBe(200);
    // The query string is not part of htu.
    const url = '/api/data/firm?Page=1';
    expect((await apiCall(server, tokens.access_token, { url, dpop: await proof(holder, 'GET', `${PUBLIC_URL}/api/data/firm`, { ath }) })).statusCode).toBe(200);
  });

  it('refuses a copied token without the key, and every malformed or replayed proof', async () => {
    const ath = accessTokenHash(tokens.access_token);
    const stranger = await newHolder();
    const now = Math.floor(Date.now() / 1000);
    const replayed = await proof(holder, 'GET', TENANT, { ath });
    expect((await apiCall(server, tokens.access_token, { dpop: replayed })).statusCode).toBe(200);
    const cases: [string, { scheme?: string; dpop?: string | string[] }][] = [
      ['as a bearer token', { scheme: 'Bearer' }],
      ['as a bearer token with a proof', { scheme: 'Bearer', dpop: await proof(holder, 'GET', TENANT, { ath }) }],
      ['without a proof', {}],
      ['with a proof of another key', { dpop: await proof(stranger, 'GET', TENANT, { ath }) }],
      ['with another key claiming the bound jwk', { dpop: await proof(stranger, 'GET', TENANT, { ath }, { jwk: holder.jwk }) }],
      ['replayed', { dpop: replayed }],
      ['for another method', { dpop: await proof(holder, 'POST', TENANT, { ath }) }],
      ['for another path', { dpop: await proof(holder, 'GET', `${PUBLIC_URL}/api/shell/profile`, { ath }) }],
      ['for another origin', { dpop: await proof(holder, 'GET', 'https://evil.example/api/tenant', { ath }) }],
      ['too old', { dpop: await proof(holder, 'GET', TENANT, { ath, iat: now - 600 }) }],
      ['from the future', { dpop: await proof(holder, 'GET', TENANT, { ath, iat: now + 600 }) }],
      ['without ath', { dpop: await proof(holder, 'GET', TENANT) }],
      ['for another token', { dpop: await proof(holder, 'GET', TENANT, { ath: accessTokenHash('x.y.z') }) }],
      ['without jti', { dpop: await proof(holder, 'GET', TENANT, { ath, jti: undefined }) }],
      ['with the wrong typ', { dpop: await proof(holder, 'GET', TENANT, { ath }, { typ: 'JWT' }) }],
      ['twice', { dpop: [await proof(holder, 'GET', TENANT, { ath }), await proof(holder, 'GET', TENANT, { ath })] }],
      ['not a JWS', { dpop: 'not-a-proof' }],
    ];
    for (const [name, options] of cases) {
      const response = await apiCall(server, tokens.access_token, options);
      expect(response.statusCode, name).toBe(401);
      expect(response.json()).toMatchObject({ ResultStatus: 2, ResultCode: 'unauthorized' });
    }
  });

  it('rotates the bound refresh token only with a proof of the same key', async () => {
    expect((await refreshWith(server, tokens.refresh_token)).statusCode).toBe(400);
    const stranger = await newHolder();
    expect((await refreshWith(server, tokens.refresh_token, await proof(stranger, 'POST', TOKEN_URL))).statusCode).toBe(400);
    const renewed = await refreshWith(server, tokens.refresh_token, await proof(holder, 'POST', TOKEN_URL));
    expect(renewed.statusCode, renewed.body).toBe(200);
    const next = renewed.json() as { access_token: string; refresh_token: string };
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect((jwtClaims(next.access_token)['cnf'] as { jkt: string }).jkt).toBe(holder.jkt);
    const ath = accessTokenHash(next.access_token);
    expect((await apiCall(server, next.access_token, { dpop: await proof(holder, 'GET', TENANT, { ath }) })).statusCode).toBe(200);
  });

  it('still accepts plain bearer tokens of clients without DPoP', async () => {
    const plain = await signIn(server.app, 'clerk', 'clerk');
    expect(jwtClaims(plain.access_token)['cnf']).toBeUndefined();
    expect((await apiCall(server, plain.access_token, { scheme: 'Bearer' })).statusCode).toBe(200);
    expect((await apiCall(server, plain.access_token, { scheme: 'DPoP', dpop: await proof(holder, 'GET', TENANT) })).statusCode).toBe(401);
  });
});

describe('the replay cache survives a restart (issue 22 item 12)', () => {
  it('refuses a proof used before the restart, within its lifetime, and two servers on one database share it', async () => {
    const server = await startServer();
    let restarted: FastifyInstance | undefined;
    let twin: FastifyInstance | undefined;
    try {
      const holder = await newHolder();
      const tokens = await signInWithDpop(server, holder);
      const ath = accessTokenHash(tokens.access_token);
      const TENANT = `${PUBLIC_URL}/api/tenant`;
      const used = await proof(holder, 'GET', TENANT, { ath });
      expect((await apiCall(server, tokens.access_token, { dpop: used })).statusCode).toBe(200);
      await server.app.close();
      restarted = await buildApp(server.config, { logger: false });
      const after = { ...server, app: restarted };
      const replayed = await apiCall(after, tokens.access_token, { dpop: used });
      expect(replayed.statusCode).toBe(401);
      expect(replayed.headers['www-authenticate']).toMatch(/invalid_dpop_proof/);
      // The token itself is still good with a fresh proof.
      expect((await apiCall(after, tokens.access_token, { dpop: await proof(holder, 'GET', TENANT, { ath }) })).statusCode).toBe(200);
      // A second server on the same database: a proof the first accepted is refused by the second.
      twin = await buildApp(server.config, { logger: false });
      const once = await proof(holder, 'GET', TENANT, { ath });
      expect((await apiCall(after, tokens.access_token, { dpop: once })).statusCode).toBe(200);
      expect((await apiCall({ ...server, app: twin }, tokens.access_token, { dpop: once })).statusCode).toBe(401);
    } finally {
      await twin?.close();
      await restarted?.close();
      await server.database.drop();
    }
  });
});

describe('OIDC_DPOP=required and off', () => {
  it('required: refuses tokens that are not bound', async () => {
    const server = await startServer({ OIDC_DPOP: 'required' });
    try {
      const plain = await signIn(server.app, 'clerk', 'clerk');
      expect((await apiCall(server, plain.access_token, { scheme: 'Bearer' })).statusCode).toBe(401);
      const holder = await newHolder();
      const bound = await signInWithDpop(server, holder, 'clerk');
      const ath = accessTokenHash(bound.access_token);
      expect((await apiCall(server, bound.access_token, { dpop: await proof(holder, 'GET', `${PUBLIC_URL}/api/tenant`, { ath }) })).statusCode).toBe(200);
      const config = await server.app.inject({ method: 'GET', url: '/shell-config.json' });
      expect((config.json() as { oidc: { dpop?: boolean } }).oidc.dpop).toBe(true);
    } finally {
      await server.stop();
    }
  });

  it('off: issues plain tokens and refuses the DPoP scheme', async () => {
    const server = await startServer({ OIDC_DPOP: 'off' });
    try {
      const plain = await signIn(server.app, 'clerk', 'clerk');
      expect((await apiCall(server, plain.access_token, { scheme: 'Bearer' })).statusCode).toBe(200);
      expect((await apiCall(server, plain.access_token, { scheme: 'DPoP', dpop: 'x' })).statusCode).toBe(401);
      // An external provider without DPoP: the shell must not prove a key (its tokens would not be bound).
      const config = await server.app.inject({ method: 'GET', url: '/shell-config.json' });
      expect((config.json() as { oidc: { dpop?: boolean } }).oidc.dpop).toBe(false);
    } finally {
      await server.stop();
    }
  });
});

describe('refresh-token lifetime', () => {
  it('slides with each rotation but never past the chain’s absolute end', () => {
    const day = 86400;
    expect(refreshTokenTtl(1000, 1000, 14 * day, 30 * day)).toBe(14 * day);
    expect(refreshTokenTtl(1000 + 20 * day, 1000, 14 * day, 30 * day)).toBe(10 * day);
    expect(refreshTokenTtl(1000 + 30 * day, 1000, 14 * day, 30 * day)).toBe(1);
    expect(refreshTokenTtl(1000 + 90 * day, 1000, 14 * day, 30 * day)).toBe(1);
    expect(refreshTokenTtl(5000, undefined, 14 * day, 30 * day)).toBe(14 * day);
  });
});
