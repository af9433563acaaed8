/**
 * Issue 72 item 2: API clients at the embedded provider — OAuth 2.0 client credentials (RFC 6749 §4.4) for the
 * partners' programs, registered by administrators as `api-client` records (modules/shell/definitions/api-client.ts).
 *
 * Contract:
 * - The client id is the record's ClientId. The provider's `Client` adapter (`apiClientAdapter`, composed with the
 *   embedding clients' in provider.ts) answers its metadata while the record is active, read on every token request:
 *   a client deactivated or deleted gets no new token (and its tokens stop at the API, security/api-clients.ts).
 * - Confidential client, grant `client_credentials` only (no redirect, no refresh token, no user): authentication
 *   `client_secret_basic` (HTTP Basic with the client id and secret), or `private_key_jwt` (RFC 7523) signed by the
 *   private key of the record's public JWK.
 * - The secret: 32 random bytes (base64url), answered once; kept as `sha256$<hex>` (`hashClientSecret`). A fast
 *   hash is right here: the secret is a 256-bit random value, not a password — no dictionary to try, and a token
 *   request costs no scrypt. The provider's secret comparison is replaced to compare hashes (`compareClientSecret`).
 * - Tokens: JWT access tokens for the API audience, scope `erp.api`, 5 minutes (provider.ts `getResourceServerInfo`),
 *   carrying `erp_client: true` and `sub` = client id; bearer, or DPoP-bound when the client proves a key.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Adapter, AdapterPayload, ClientMetadata } from 'oidc-provider';
import type { Kysely } from 'kysely';
import type { ShellDatabase } from '@erp/modules/shell/server/tables.generated';
import { API_CLIENTS_TABLE } from '../security/api-clients.ts';

/** The API scope of machine clients (no `erp.shell`: they have no screen). */
export const CLIENT_SCOPE = 'erp.api';

/** Seconds a client-credentials access token lives. */
export const CLIENT_TOKEN_SECONDS = 5 * 60;

const HASH_PREFIX = 'sha256$';

/** A new client secret (answered once). */
export function newClientSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** How a client secret is stored (module header). */
export function hashClientSecret(secret: string): string {
  return HASH_PREFIX + createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Whether `actual` is the secret whose stored form is `stored`; false for anything not a stored hash. */
export function secretMatches(stored: string | undefined, actual: string): boolean {
  if (!stored?.startsWith(HASH_PREFIX)) return false;
  const expected = Buffer.from(stored.slice(HASH_PREFIX.length), 'hex');
  const given = createHash('sha256').update(actual, 'utf8').digest();
  return expected.length === given.length && timingSafeEqual(expected, given);
}

interface ClientRow {
  client_id: string;
  name: string | null;
  auth_method: string | null;
  public_jwk: string | null;
  secret_hash: string | null;
  is_active: unknown;
}

/** The provider metadata of an API client record, or null when it cannot authenticate (no secret, no key). */
export function apiClientMetadata(row: ClientRow): ClientMetadata | null {
  const common: ClientMetadata = {
    client_id: row.client_id,
    ...(row.name ? { client_name: row.name } : {}),
    grant_types: ['client_credentials'],
    response_types: [],
    redirect_uris: [],
  };
  if (row.auth_method === 'private_key_jwt') {
    if (!row.public_jwk) return null;
    try {
      return { ...common, token_endpoint_auth_method: 'private_key_jwt', jwks: { keys: [JSON.parse(row.public_jwk)] } };
    } catch {
      return null;
    }
  }
  if (!row.secret_hash) return null;
  return { ...common, token_endpoint_auth_method: 'client_secret_basic', client_secret: row.secret_hash };
}

/** The `Client` adapter answering active API clients from the database, and `next` for any other id. */
export function apiClientAdapter(next: Adapter, db: Kysely<ShellDatabase>): Adapter {
  return {
    async find(id: string): Promise<AdapterPayload | undefined> {
      const row: ClientRow | undefined = await db
        .selectFrom(API_CLIENTS_TABLE)
        .select(['client_id', 'name', 'auth_method', 'public_jwk', 'secret_hash', 'is_active'])
        .where('client_id', '=', id)
        .executeTakeFirst();
      if (!row) return (await next.find(id)) ?? undefined;
      if (!(row.is_active === true || row.is_active === 1)) return undefined;
      return (apiClientMetadata(row) as AdapterPayload | null) ?? undefined;
    },
    upsert: (id, payload, expiresIn) => next.upsert(id, payload, expiresIn),
    findByUserCode: (code) => next.findByUserCode(code),
    findByUid: (uid) => next.findByUid(uid),
    consume: (id) => next.consume(id),
    destroy: (id) => next.destroy(id),
    revokeByGrantId: (grantId) => next.revokeByGrantId(grantId),
  };
}
