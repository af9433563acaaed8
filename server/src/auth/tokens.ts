/**
 * Access-token verification for the API (jose `jwtVerify`): signature, issuer = OIDC_AUTHORITY,
 * audience = API_AUDIENCE, expiry (with a small clock tolerance).
 *
 * Keys: with the embedded provider, its own public key set (no HTTP round trip); with an external
 * authority, the `jwks_uri` from its discovery document, fetched lazily and cached by jose's remote set.
 * Contract: `createTokenVerifier(...)` answers a function that resolves the token's payload or rejects.
 */
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';

export type TokenVerifier = (token: string) => Promise<JWTPayload & { sub: string }>;

export interface VerifierOptions {
  issuer: string;
  audience: string;
  /** Embedded provider: its public JWKS. Absent: discover the authority's jwks_uri. */
  localJwks?: JSONWebKeySet;
  /**
   * Embedded provider: reads the key set again (from the database) when a token names a key this process does not
   * know — one added by another instance (issue 43) — at most once per RELOAD_MS.
   */
  reloadLocalJwks?: () => Promise<JSONWebKeySet>;
}

const RELOAD_MS = 10_000;

/** A local key set that is read again, at most every RELOAD_MS, when a token's key is not in it. */
function reloadingKeySet(first: JSONWebKeySet, reload: () => Promise<JSONWebKeySet>): JWTVerifyGetKey {
  let current = createLocalJWKSet(first);
  let lastReload = 0;
  return async (header, token) => {
    try {
      return await current(header, token);
    } catch (error) {
      if ((error as { code?: string }).code !== 'ERR_JWKS_NO_MATCHING_KEY' || Date.now() - lastReload < RELOAD_MS) throw error;
      lastReload = Date.now();
      current = createLocalJWKSet(await reload());
      return current(header, token);
    }
  };
}

/** Asymmetric algorithms only: an HMAC or `none` token must never pass as signed by the issuer. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

function discoveredKeySet(issuer: string): JWTVerifyGetKey {
  let keySet: Promise<JWTVerifyGetKey> | undefined;
  const load = async () => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`OIDC discovery failed: ${response.status}`);
    const discovery = (await response.json()) as { jwks_uri?: string };
    if (!discovery.jwks_uri) throw new Error('OIDC discovery has no jwks_uri');
    return createRemoteJWKSet(new URL(discovery.jwks_uri));
  };
  return async (header, token) => {
    keySet ??= load().catch((error: unknown) => {
      // Retry discovery on the next request instead of failing forever.
      keySet = undefined;
      throw error;
    });
    const getKey = await keySet;
    return getKey(header, token);
  };
}

export function createTokenVerifier(options: VerifierOptions): TokenVerifier {
  const getKey = options.localJwks
    ? options.reloadLocalJwks
      ? reloadingKeySet(options.localJwks, options.reloadLocalJwks)
      : createLocalJWKSet(options.localJwks)
    : discoveredKeySet(options.issuer);
  return async (token) => {
    const { payload } = await jwtVerify(token, getKey, {
      // Some providers spell their issuer with a trailing slash; accept exactly these two forms.
      issuer: [options.issuer, `${options.issuer}/`],
      audience: options.audience,
      algorithms: ALGORITHMS,
      clockTolerance: 5,
      requiredClaims: ['exp', 'sub'],
    });
    if (typeof payload.sub !== 'string' || payload.sub.length === 0) throw new Error('token has no subject');
    return payload as JWTPayload & { sub: string };
  };
}
