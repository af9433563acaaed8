/** /api/* authentication: bearer JWT checked for signature, issuer, audience, expiry and an active user. */
import { SignJWT, generateKeyPair, importJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireApplication } from '../src/auth/plugin.ts';
import { API_AUDIENCE, PUBLIC_URL, apiGet, signIn, startServer, type TestServer } from './helpers/app.ts';

const UNAUTHORIZED = { ResultStatus: 2, ResultCode: 'unauthorized', Message: 'Unauthorized', EntityId: null, Exception: null };
const ISSUER = `${PUBLIC_URL}/oidc`;

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

/** Signs a token with the provider's real signing key (what only the provider can do). */
async function signWithProviderKey(claims: Record<string, unknown>, options: { exp: number | string; aud?: string; iss?: string }) {
  const jwk = server.app.erp.oidc!.keys.signing[0]!;
  const key = await importJWK(jwk, 'RS256');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
    .setIssuer(options.iss ?? ISSUER)
    .setAudience(options.aud ?? API_AUDIENCE)
    .setSubject(String(claims.sub ?? 'admin'))
    .setIssuedAt()
    .setExpirationTime(options.exp)
    .sign(key);
}

async function expectUnauthorized(token?: string, headers?: Record<string, string>) {
  const response = headers
    ? await server.app.inject({ method: 'GET', url: '/api/shell/applications', headers })
    : await apiGet(server.app, '/api/shell/applications', token);
  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual(UNAUTHORIZED);
}

describe('API authentication', () => {
  it('refuses a call without a token', async () => {
    await expectUnauthorized();
  });

  it('refuses a malformed header and a garbage token', async () => {
    await expectUnauthorized(undefined, { authorization: 'Basic YWRtaW46YWRtaW4=' });
    await expectUnauthorized('garbage');
    await expectUnauthorized('aaa.bbb.ccc');
  });

  it('refuses a token signed by another key, even with the right kid, issuer and audience', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const kid = server.app.erp.oidc!.keys.signing[0]!.kid;
    const forged = await new SignJWT({ scope: 'erp.shell erp.api' })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(ISSUER)
      .setAudience(API_AUDIENCE)
      .setSubject('admin')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    await expectUnauthorized(forged);
  });

  it('refuses an HMAC token and an unsigned token', async () => {
    const hmac = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(API_AUDIENCE)
      .setSubject('admin')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('x'.repeat(32)));
    await expectUnauthorized(hmac);
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ iss: ISSUER, aud: API_AUDIENCE, sub: 'admin', exp: 9999999999 })).toString('base64url');
    await expectUnauthorized(`${header}.${body}.`);
  });

  it('refuses an expired token', async () => {
    const expired = await signWithProviderKey({ sub: 'admin' }, { exp: Math.floor(Date.now() / 1000) - 120 });
    await expectUnauthorized(expired);
  });

  it('refuses a token for another audience or from another issuer', async () => {
    await expectUnauthorized(await signWithProviderKey({ sub: 'admin' }, { exp: '5m', aud: 'http://elsewhere/api' }));
    await expectUnauthorized(await signWithProviderKey({ sub: 'admin' }, { exp: '5m', iss: 'http://elsewhere/oidc' }));
  });

  it('refuses the ID token (its audience is the client, not the API)', async () => {
    const tokens = await signIn(server.app, 'admin', 'admin');
    await expectUnauthorized(tokens.id_token);
  });

  it('refuses a valid token of an unknown user or of a deactivated user', async () => {
    await expectUnauthorized(await signWithProviderKey({ sub: 'ghost' }, { exp: '5m' }));
    const tokens = await signIn(server.app, 'steel', 'steel');
    expect((await apiGet(server.app, '/api/shell/applications', tokens.access_token)).statusCode).toBe(200);
    const db = server.app.erp.database.db;
    await db.updateTable('users').set({ is_active: 0 }).where('user_id', '=', 'steel').execute();
    try {
      await expectUnauthorized(tokens.access_token);
    } finally {
      await db.updateTable('users').set({ is_active: 1 }).where('user_id', '=', 'steel').execute();
    }
  });

  it('accepts a real access token', async () => {
    const tokens = await signIn(server.app, 'admin', 'admin');
    const response = await apiGet(server.app, '/api/shell/applications', tokens.access_token);
    expect(response.statusCode).toBe(200);
  });

  it('protects unknown /api paths too (401 before 404)', async () => {
    const anonymous = await apiGet(server.app, '/api/nothing-here');
    expect(anonymous.statusCode).toBe(401);
    const tokens = await signIn(server.app, 'admin', 'admin');
    const signedIn = await apiGet(server.app, '/api/nothing-here', tokens.access_token);
    expect(signedIn.statusCode).toBe(404);
    expect(signedIn.json()).toMatchObject({ ResultStatus: 2, ResultCode: 'not_found' });
  });
});

describe('requireApplication', () => {
  /** Runs the preHandler with a stub reply; answers the status it sent (200 when it let the call through). */
  async function statusFor(user: FastifyRequest['user'], application: string): Promise<number> {
    let status = 200;
    const reply = {
      code(value: number) {
        status = value;
        return reply;
      },
      header: () => reply,
      send: () => reply,
    } as unknown as FastifyReply;
    const request = { user, server: server.app } as unknown as FastifyRequest;
    await requireApplication(application).call(server.app, request, reply);
    return status;
  }

  function user(roles: string[]): FastifyRequest['user'] {
    return { row: {} as never, userId: 'x', roles, applications: { names: new Set(), paths: new Set() }, token: {} };
  }

  it('lets a role that opens the application through and answers 403 otherwise', async () => {
    expect(await statusFor(user(['CLERK']), 'NOVUS-OE')).toBe(200);
    expect(await statusFor(user(['CLERK']), 'NOVUS-GL')).toBe(403);
    expect(await statusFor(user(['ADMIN']), 'NOVUS-GL')).toBe(200);
    expect(await statusFor(user([]), 'NOVUS-OE')).toBe(403);
    expect(await statusFor(null, 'NOVUS-OE')).toBe(401);
  });
});
