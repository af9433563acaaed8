/**
 * OIDC_AUTHORITY pointing elsewhere (Keycloak, Entra ID …): the embedded provider is not mounted, the
 * browser is told the external authority, and the API verifies tokens with the keys named by the
 * authority's discovery document.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, apiPost, startServer, type TestServer } from './helpers/app.ts';

let idp: Server;
let issuer: string;
let privateKey: CryptoKey;
let server: TestServer;
const AUDIENCE = 'api://erp';

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'idp-key', alg: 'RS256', use: 'sig' };
  idp = createServer((request, response) => {
    const body =
      request.url === '/realms/erp/.well-known/openid-configuration'
        ? { issuer, jwks_uri: `${issuer}/protocol/openid-connect/certs` }
        : request.url === '/realms/erp/protocol/openid-connect/certs'
          ? { keys: [jwk] }
          : undefined;
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body ?? {}));
  });
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}/realms/erp`;
  server = await startServer({
    OIDC_AUTHORITY: issuer,
    OIDC_CLIENT_ID: 'erp-web',
    API_AUDIENCE: AUDIENCE,
    OIDC_ACCOUNT_URL: `${issuer}/account`,
  });
});

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => idp?.close(resolve));
});

function token(claims: { sub: string; aud?: string; key?: CryptoKey }) {
  return new SignJWT({ scope: 'erp.shell erp.api' })
    .setProtectedHeader({ alg: 'RS256', kid: 'idp-key' })
    .setIssuer(issuer)
    .setAudience(claims.aud ?? AUDIENCE)
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(claims.key ?? privateKey);
}

describe('external identity provider', () => {
  it('does not mount the embedded provider', async () => {
    expect(server.app.erp.oidc).toBeUndefined();
    const response = await server.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect(response.statusCode).toBe(404);
  });

  it('tells the browser the external authority and client, and its account page', async () => {
    const config = (await server.app.inject({ method: 'GET', url: '/shell-config.json' })).json();
    expect(config.oidc).toMatchObject({ authority: issuer, clientId: 'erp-web' });
    expect(config.accountUrl).toBe(`${issuer}/account`);
    expect(config.embeddedProvider).toBe(false);
  });

  it('refuses to change passwords it does not manage: 409 external_provider with the account page', async () => {
    const response = await apiPost(server.app, '/api/shell/change-password', await token({ sub: 'clerk' }), {
      currentPassword: 'clerk',
      newPassword: 'Clerk-12345',
      confirmPassword: 'Clerk-12345',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      ResultStatus: 2,
      ResultCode: 'external_provider',
      Exception: null,
      Data: { accountUrl: `${issuer}/account` },
    });
  });

  it('accepts the authority’s tokens for the configured audience', async () => {
    const response = await apiGet(server.app, '/api/shell/applications', await token({ sub: 'clerk' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(2);
  });

  it('refuses other audiences and other keys', async () => {
    expect((await apiGet(server.app, '/api/shell/applications', await token({ sub: 'clerk', aud: 'other' }))).statusCode).toBe(401);
    const { privateKey: other } = await generateKeyPair('RS256');
    expect((await apiGet(server.app, '/api/shell/applications', await token({ sub: 'clerk', key: other }))).statusCode).toBe(401);
  });
});
