/**
 * Persistent keys of the embedded OpenID Connect provider (`oidc_keys` table): the JWKS that signs ID
 * tokens and JWT access tokens, and the secrets that sign its cookies.
 *
 * Contract: `loadProviderKeys(db)` answers the stored keys, generating and storing them on the first
 * start only. Because they survive restarts, a restart on the same database signs nobody out: old
 * tokens still verify and old cookies still validate. Two servers starting together on one empty
 * database both try to insert; the loser's insert is ignored and both then read the same rows.
 */
import { createHash, generateKeyPairSync, randomBytes, type JsonWebKey } from 'node:crypto';
import type { JSONWebKeySet, JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** A private signing key as a JWK, with kid, alg and use filled in. */
export interface SigningJwk extends JsonWebKey {
  kid: string;
  alg: 'RS256';
  use: 'sig';
  kty: 'RSA';
}

export interface ProviderKeys {
  signing: SigningJwk[];
  cookies: string[];
  /** The public half of the signing keys (what /oidc/jwks publishes and the API verifies with). */
  publicJwks: JSONWebKeySet;
}

function newSigningKey(): SigningJwk {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  // RFC 7638-style thumbprint over the public members makes a stable, unique kid.
  const kid = createHash('sha256')
    .update(JSON.stringify({ e: jwk.e, kty: 'RSA', n: jwk.n }))
    .digest('base64url');
  return { ...jwk, kty: 'RSA', kid, alg: 'RS256', use: 'sig' };
}

function publicPart(jwk: SigningJwk): JWK {
  return { kty: jwk.kty, n: jwk.n, e: jwk.e, kid: jwk.kid, alg: jwk.alg, use: jwk.use };
}

async function readKeys(db: Kysely<DB>) {
  return db.selectFrom('oidc_keys').selectAll().orderBy('created_on', 'desc').orderBy('key_id').execute();
}

export async function loadProviderKeys(db: Kysely<DB>): Promise<ProviderKeys> {
  let rows = await readKeys(db);
  const now = new Date().toISOString();
  const missing: { key_id: string; purpose: string; material: string; created_on: string }[] = [];
  if (!rows.some((r) => r.purpose === 'signing')) {
    const key = newSigningKey();
    missing.push({ key_id: key.kid, purpose: 'signing', material: JSON.stringify(key), created_on: now });
  }
  if (!rows.some((r) => r.purpose === 'cookie')) {
    missing.push({
      key_id: `cookie-${randomBytes(8).toString('hex')}`,
      purpose: 'cookie',
      material: randomBytes(32).toString('base64url'),
      created_on: now,
    });
  }
  if (missing.length > 0) {
    await db
      .insertInto('oidc_keys')
      .values(missing)
      .onConflict((oc) => oc.column('key_id').doNothing())
      .execute();
    rows = await readKeys(db);
  }
  // Newest first: oidc-provider signs with the first key and verifies with all of them, so a key
  // added later (rotation) takes over while tokens signed by older keys stay valid.
  const signing = rows.filter((r) => r.purpose === 'signing').map((r) => JSON.parse(r.material) as SigningJwk);
  const cookies = rows.filter((r) => r.purpose === 'cookie').map((r) => r.material);
  return { signing, cookies, publicJwks: { keys: signing.map(publicPart) } };
}
