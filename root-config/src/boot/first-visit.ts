/**
 * Issue 69 item 3, fast first visit: a visitor with no stored sign-in is sent to the provider's authorization
 * endpoint by the page's inline boot script (loader.ts), before any module of the import map loads — the whole
 * shell (≈390 KiB) used to load first, only to find nobody signed in and redirect.
 *
 * The request is the one oidc-client-ts's `signinRedirect` (shared/src/session.ts `login`) would make, so its
 * `signinRedirectCallback` on /auth/callback accepts the answer unchanged:
 * - the sign-in state in localStorage under `oidc.<state id>` (its WebStorageStateStore), the JSON of its
 *   `SigninState`: id, data (the return hash, `{ hash }`), created (epoch seconds), request_type `si:r`,
 *   code_verifier, authority, client_id, redirect_uri, scope;
 * - PKCE S256: `code_challenge` = base64url(SHA-256(code_verifier));
 * - with DPoP (`ShellConfig.oidc.dpop`), the code bound to the browser's key (`dpop_jkt`, RFC 9449 §10): the key
 *   pair oidc-client-ts's IndexedDbDPoPStore keeps (database `oidc`, store `dpop`, key = client id, value
 *   `{ keys }`: a non-extractable P-256 ECDSA pair), reused when there is one, made otherwise; the thumbprint is
 *   RFC 7638's over the public key's crv, kty, x, y.
 *
 * `firstVisitOf` decides (unit-tested): only on a page other than the callback, with no stored user
 * (`oidc.user:<authority>:<client>`, user-store.ts's mirror) and an authorization endpoint in the shell
 * configuration (the server names the embedded provider's; with an external one the shell discovers it as before).
 * Anything that fails before the redirect leaves the shell to boot as without this.
 */

/** The shell configuration's sign-in part as far as the first visit needs it. */
interface FirstVisitConfig {
  authority: string;
  clientId: string;
  scope: string;
  redirectPath?: string;
  dpop?: boolean;
  authorizationEndpoint?: string | null;
}

export interface FirstVisit {
  authority: string;
  clientId: string;
  scope: string;
  redirectUri: string;
  authorizationEndpoint: string;
  dpop: boolean;
  /** Where the user was (comes back through the state, as `login()` sends it). */
  hash: string;
}

export interface FirstVisitInput {
  shellConfig: string | null;
  origin: string;
  pathname: string;
  hash: string;
  read: (key: string) => string | null;
}

const strip = (path: string) => path.replace(/\/+$/, '') || '/';

/** The sign-in request to send a visitor without a stored user, or null when the shell decides. */
export function firstVisitOf(input: FirstVisitInput): FirstVisit | null {
  let oidc: FirstVisitConfig | undefined;
  try {
    oidc = (JSON.parse(input.shellConfig ?? 'null') as { oidc?: FirstVisitConfig } | null)?.oidc;
  } catch {
    return null;
  }
  if (!oidc || typeof oidc.authority !== 'string' || typeof oidc.clientId !== 'string' || typeof oidc.scope !== 'string') return null;
  if (typeof oidc.authorizationEndpoint !== 'string' || !oidc.authorizationEndpoint) return null;
  const redirectUri = new URL(oidc.redirectPath || '/auth/callback', `${input.origin}/`);
  // The callback page belongs to oidc-client-ts (a refused callback must never loop back to the provider).
  if (strip(input.pathname) === strip(redirectUri.pathname)) return null;
  // A stored user, live or not: the shell resumes, renews or signs in (§4 first navigation).
  if (input.read(`oidc.user:${oidc.authority}:${oidc.clientId}`) !== null) return null;
  return {
    authority: oidc.authority,
    clientId: oidc.clientId,
    scope: oidc.scope,
    redirectUri: redirectUri.href,
    authorizationEndpoint: oidc.authorizationEndpoint,
    dpop: oidc.dpop === true,
    hash: input.hash.startsWith('#/') ? input.hash : '#/',
  };
}

function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** `count` random bytes as hex (oidc-client-ts's ids are 32 hex digits, its verifiers 96). */
function randomHex(count: number): string {
  return [...crypto.getRandomValues(new Uint8Array(count))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

function settle<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** The browser's DPoP key pair for `clientId` from oidc-client-ts's store, made and kept there when missing. */
async function dpopKeys(clientId: string): Promise<CryptoKeyPair> {
  return (await openDpopKeys(clientId, true))!;
}

/** The browser's DPoP key pair for `clientId` in oidc-client-ts's store, or null when it has none (callback.ts). */
export function storedDpopKeys(clientId: string): Promise<CryptoKeyPair | null> {
  return openDpopKeys(clientId, false);
}

async function openDpopKeys(clientId: string, create: boolean): Promise<CryptoKeyPair | null> {
  const opening = indexedDB.open('oidc');
  opening.onupgradeneeded = () => opening.result.createObjectStore('dpop');
  const db = await settle(opening);
  try {
    const found = (await settle(db.transaction('dpop', 'readonly').objectStore('dpop').get(clientId))) as { keys?: CryptoKeyPair } | undefined;
    if (found?.keys?.publicKey && found.keys.privateKey) return found.keys;
    if (!create) return null;
    const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
    const writing = db.transaction('dpop', 'readwrite');
    writing.objectStore('dpop').put({ keys }, clientId);
    await new Promise<void>((resolve, reject) => {
      writing.oncomplete = () => resolve();
      writing.onerror = writing.onabort = () => reject(writing.error);
    });
    return keys;
  } finally {
    db.close();
  }
}

/** RFC 7638 thumbprint of an EC public key (the members in lexicographic order). */
async function thumbprint(publicKey: CryptoKey): Promise<string> {
  const jwk = await crypto.subtle.exportKey('jwk', publicKey);
  return base64url(await sha256(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y })));
}

/**
 * Stores the sign-in state (and the DPoP key) as oidc-client-ts does and answers the authorization URL to go to.
 * `now` in epoch seconds.
 */
export async function prepareSignIn(visit: FirstVisit, store: Pick<Storage, 'setItem'>, now: number): Promise<string> {
  const id = randomHex(16);
  const codeVerifier = randomHex(48);
  const [challenge, jkt] = await Promise.all([
    sha256(codeVerifier).then(base64url),
    visit.dpop ? dpopKeys(visit.clientId).then((keys) => thumbprint(keys.publicKey)) : Promise.resolve(null),
  ]);
  store.setItem(
    `oidc.${id}`,
    JSON.stringify({
      id,
      data: { hash: visit.hash },
      created: now,
      request_type: 'si:r',
      code_verifier: codeVerifier,
      authority: visit.authority,
      client_id: visit.clientId,
      redirect_uri: visit.redirectUri,
      scope: visit.scope,
    }),
  );
  const url = new URL(visit.authorizationEndpoint);
  url.searchParams.append('client_id', visit.clientId);
  url.searchParams.append('redirect_uri', visit.redirectUri);
  url.searchParams.append('response_type', 'code');
  url.searchParams.append('scope', visit.scope);
  if (jkt) url.searchParams.append('dpop_jkt', jkt);
  url.searchParams.append('state', id);
  url.searchParams.append('code_challenge', challenge);
  url.searchParams.append('code_challenge_method', 'S256');
  return url.href;
}
