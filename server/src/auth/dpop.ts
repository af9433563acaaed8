/**
 * DPoP proof verification for the API (RFC 9449 §4.3, §7): a DPoP-bound access token (claim
 * `cnf.jkt`) is accepted only as `Authorization: DPoP <token>` with exactly one `DPoP` header holding a
 * proof JWT that
 * - is typed `dpop+jwt`, signed with an asymmetric algorithm by the PUBLIC key in its own `jwk` header;
 * - names this request: `htm` = the method, `htu` = PUBLIC_URL + the request path (no query, no fragment);
 * - is fresh: `iat` within MAX_AGE_SECONDS of now (and at most CLOCK_SKEW_SECONDS ahead), `jti` never seen
 *   before within that time (replay cache: the database's when given — `replay`, auth/dpop-replay.ts, which a
 *   restart does not empty — else one in memory, bounded);
 * - belongs to the token: `ath` = base64url(SHA-256(access token)) and the key's thumbprint = `cnf.jkt`.
 * So a token read out of the browser's storage is useless elsewhere: the private key never leaves the
 * browser (non-extractable WebCrypto key), and every proof is bound to one request.
 *
 * Contract: `createDpopVerifier({ publicUrl, replay? })` answers `verify(input)` resolving when valid and rejecting
 * with a DpopError (its message says what was wrong; the API answers 401 without telling the caller).
 */
import { createHash } from 'node:crypto';
import { calculateJwkThumbprint, decodeProtectedHeader, EmbeddedJWK, jwtVerify, type JWK } from 'jose';
import type { ReplayStore } from './dpop-replay.ts';

export const MAX_AGE_SECONDS = 60;
export const CLOCK_SKEW_SECONDS = 5;
const MAX_REPLAY_ENTRIES = 100_000;
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

export class DpopError extends Error {}

export interface DpopInput {
  /** The `DPoP` header(s) as received. */
  proof: string | string[] | undefined;
  method: string;
  /** The request target as received (path and query). */
  url: string;
  accessToken: string;
  /** The token's `cnf.jkt`. */
  jkt: string;
}

export type DpopVerifier = (input: DpopInput) => Promise<void>;

export function accessTokenHash(token: string): string {
  return createHash('sha256').update(token, 'ascii').digest('base64url');
}

/** A replay cache in this process's memory (a restart forgets it: servers pass the database's). */
export function memoryReplayStore(): ReplayStore {
  /** key → when it may be forgotten (ms). */
  const seen = new Map<string, number>();
  return {
    async remember(key, untilMs, nowMs) {
      if (seen.size >= MAX_REPLAY_ENTRIES) {
        for (const [old, until] of seen) if (until <= nowMs) seen.delete(old);
        // Still full of live entries: refuse rather than forget one (a replay must never pass).
        if (seen.size >= MAX_REPLAY_ENTRIES) return false;
      }
      const until = seen.get(key);
      if (until !== undefined && until > nowMs) return false;
      seen.set(key, untilMs);
      return true;
    },
  };
}

export function createDpopVerifier(options: { publicUrl: string; now?: () => number; replay?: ReplayStore }): DpopVerifier {
  const now = options.now ?? (() => Date.now());
  const base = new URL(options.publicUrl);
  const replay = options.replay ?? memoryReplayStore();

  /** Remembers the proof until it can no longer be fresh (its iat + the age allowed + the skew, + 1 s). */
  function remember(key: string, at: number): Promise<boolean> {
    return replay.remember(key, (at + MAX_AGE_SECONDS + CLOCK_SKEW_SECONDS) * 1000 + 1000, now());
  }

  return async (input) => {
    if (typeof input.proof !== 'string' || input.proof.length === 0 || input.proof.length > 8192) {
      throw new DpopError('exactly one DPoP proof is required');
    }
    let header: ReturnType<typeof decodeProtectedHeader>;
    try {
      header = decodeProtectedHeader(input.proof);
    } catch {
      throw new DpopError('the DPoP proof is not a JWS');
    }
    const jwk = header.jwk as JWK | undefined;
    if (header.typ !== 'dpop+jwt' || !jwk || typeof header.alg !== 'string' || !ALGORITHMS.includes(header.alg)) {
      throw new DpopError('the DPoP proof header is not a dpop+jwt with an asymmetric alg and a jwk');
    }
    if ('d' in jwk || 'k' in jwk || 'p' in jwk) throw new DpopError('the DPoP proof carries a private or symmetric key');
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(input.proof, EmbeddedJWK, { typ: 'dpop+jwt', algorithms: ALGORITHMS }));
    } catch {
      throw new DpopError('the DPoP proof signature is not valid');
    }
    if (payload['htm'] !== input.method) throw new DpopError('htm does not match the request method');
    const target = new URL(input.url, base);
    let htu: URL;
    try {
      htu = new URL(String(payload['htu']));
    } catch {
      throw new DpopError('htu is not a URL');
    }
    if (htu.origin !== base.origin || htu.pathname !== target.pathname) throw new DpopError('htu does not match the request URL');
    const iat = payload['iat'];
    const nowSeconds = now() / 1000;
    if (typeof iat !== 'number' || !Number.isFinite(iat) || iat > nowSeconds + CLOCK_SKEW_SECONDS || iat < nowSeconds - MAX_AGE_SECONDS) {
      throw new DpopError('the DPoP proof is not fresh');
    }
    const jti = payload['jti'];
    if (typeof jti !== 'string' || jti.length < 8 || jti.length > 256) throw new DpopError('jti is missing');
    if (payload['ath'] !== accessTokenHash(input.accessToken)) throw new DpopError('ath does not match the access token');
    if ((await calculateJwkThumbprint(jwk, 'sha256')) !== input.jkt) throw new DpopError('the proof key is not the key the token is bound to');
    if (!(await remember(`${input.jkt}:${jti}`, iat))) throw new DpopError('the DPoP proof was used before');
  };
}
