/**
 * Issue 69 item 3, issue 71 item 3 (credentials to the first screen ≤ 1 s): on the sign-in callback page the code is
 * exchanged for tokens by the page's inline boot script (loader.ts), while the shell's modules load — before, the
 * exchange waited for every boot module to load and run, then for the provider's metadata, in series.
 *
 * oidc-client-ts stays in charge of the sign-in: the early requests are exactly the ones its `signinRedirectCallback`
 * makes (the provider's metadata, then the token request with the stored state's PKCE verifier and, with DPoP, a
 * proof of the browser's key), and their answers are handed to its own requests (`handOver`: the page's `fetch`
 * answers the same request — same URL, method and code — with the early answer, once each). It validates them as it
 * validates any answer (state, issuer, ID token), and a refused or failed early request is not handed over: its own
 * request then goes to the provider as before. The code is never sent twice with success: the provider accepts one
 * exchange per code.
 *
 * `callbackExchangeOf` decides (unit-tested): only on the callback path, with `code` and `state` in the query and no
 * `error`, and the stored sign-in state of that id (oidc-client-ts's `oidc.<state>` in localStorage) made for this
 * shell (authority, client, redirect URI) with a PKCE verifier. Anything else: null, and nothing changes.
 */
import { storedDpopKeys } from './first-visit.ts';

export interface CallbackExchange {
  metadataUrl: string;
  clientId: string;
  redirectUri: string;
  code: string;
  codeVerifier: string;
  dpop: boolean;
}

export interface CallbackInput {
  shellConfig: string | null;
  href: string;
  read: (key: string) => string | null;
}

const strip = (path: string) => path.replace(/\/+$/, '') || '/';

/** The early exchange of this callback page, or null when the shell's own sign-in handles it alone. */
export function callbackExchangeOf(input: CallbackInput): CallbackExchange | null {
  let oidc: { authority?: unknown; clientId?: unknown; redirectPath?: unknown; dpop?: unknown } | undefined;
  try {
    oidc = (JSON.parse(input.shellConfig ?? 'null') as { oidc?: typeof oidc } | null)?.oidc;
  } catch {
    return null;
  }
  if (!oidc || typeof oidc.authority !== 'string' || typeof oidc.clientId !== 'string') return null;
  const url = new URL(input.href);
  const redirect = new URL(typeof oidc.redirectPath === 'string' && oidc.redirectPath ? oidc.redirectPath : '/auth/callback', url.origin);
  if (strip(url.pathname) !== strip(redirect.pathname)) return null;
  const code = url.searchParams.get('code');
  const stateId = url.searchParams.get('state');
  if (!code || !stateId || url.searchParams.has('error')) return null;
  let state: Record<string, unknown> | null = null;
  try {
    state = JSON.parse(input.read(`oidc.${stateId}`) ?? 'null') as Record<string, unknown> | null;
  } catch {
    return null;
  }
  if (!state || state['authority'] !== oidc.authority || state['client_id'] !== oidc.clientId) return null;
  if (state['redirect_uri'] !== redirect.href || typeof state['code_verifier'] !== 'string' || !state['code_verifier']) return null;
  return {
    metadataUrl: `${oidc.authority.replace(/\/?$/, '/')}.well-known/openid-configuration`,
    clientId: oidc.clientId,
    redirectUri: redirect.href,
    code,
    codeVerifier: state['code_verifier'],
    dpop: oidc.dpop === true,
  };
}

function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const encodeJson = (value: unknown) => base64url(new TextEncoder().encode(JSON.stringify(value)));

/** An RFC 9449 proof for the token request, as oidc-client-ts makes it (ES256, the public key in the header). */
async function dpopProof(keys: CryptoKeyPair, url: string): Promise<string> {
  const jwk = await crypto.subtle.exportKey('jwk', keys.publicKey);
  const header = encodeJson({ alg: 'ES256', typ: 'dpop+jwt', jwk: { crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y } });
  const payload = encodeJson({ jti: crypto.randomUUID(), htm: 'POST', htu: url, iat: Math.floor(Date.now() / 1000) });
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, keys.privateKey, new TextEncoder().encode(`${header}.${payload}`));
  return `${header}.${payload}.${base64url(new Uint8Array(signature))}`;
}

/** The early answers: the metadata and the token request's, each null when it failed or was refused. */
export interface EarlyAnswers {
  metadata: Promise<Response | null>;
  tokenUrl: Promise<string | null>;
  token: Promise<Response | null>;
  /**
   * Settles once the token request has left (or will not be made): the page holds its modules until then (loader.ts).
   * Over HTTP/1.1 a browser opens 6 connections to a host; the ~30 boot and portal modules asked for first queued the
   * token request behind them — it was answered with the last module (BENCHMARKS.md "First visit and sign-in"), and the
   * start-up calls wait for it.
   */
  sent: Promise<void>;
  /** The access token of the early answer (read before the shell reads the answer), or null. */
  accessToken: Promise<string | null>;
}

const okOrNull = (response: Response) => (response.ok ? response : null);

/** Starts the metadata and token requests of `exchange` with `fetchImpl` (the page's own fetch). */
export function exchangeEarly(exchange: CallbackExchange, fetchImpl: typeof fetch): EarlyAnswers {
  const metadata = fetchImpl(exchange.metadataUrl, { method: 'GET', headers: { Accept: 'application/json' } }).then(okOrNull, () => null);
  const keys = exchange.dpop ? storedDpopKeys(exchange.clientId).catch(() => null) : Promise.resolve(null);
  const tokenUrl = metadata.then((response) => response?.clone().json().then((body: { token_endpoint?: unknown }) => (typeof body.token_endpoint === 'string' ? body.token_endpoint : null), () => null) ?? null);
  let markSent = () => {};
  const sent = new Promise<void>((resolve) => (markSent = resolve));
  const token = Promise.all([tokenUrl, keys]).then(async ([url, pair]) => {
    // A code bound to a key (dpop_jkt) is only exchanged with that key: without it, oidc-client-ts decides.
    if (!url || (exchange.dpop && !pair)) return null;
    const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' };
    if (pair) headers['DPoP'] = await dpopProof(pair, url);
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      redirect_uri: exchange.redirectUri,
      code: exchange.code,
      code_verifier: exchange.codeVerifier,
      client_id: exchange.clientId,
    });
    const answer = fetchImpl(url, { method: 'POST', headers, body });
    markSent();
    return answer.then(okOrNull, () => null);
  }).catch(() => null);
  void token.finally(markSent);
  // Read from a copy made before handOver gives the answer to oidc-client-ts (which reads its body).
  const accessToken = token
    .then((response) => response?.clone().json() ?? null)
    .then((body: { access_token?: unknown } | null) => (typeof body?.access_token === 'string' ? body.access_token : null))
    .catch(() => null);
  return { metadata, tokenUrl, token, sent, accessToken };
}

/** The `code` of a token request's body (oidc-client-ts sends URLSearchParams), or null. */
function codeOf(body: BodyInit | null | undefined): string | null {
  if (body instanceof URLSearchParams) return body.get('code');
  if (typeof body === 'string') return new URLSearchParams(body).get('code');
  return null;
}

/**
 * A `fetch` that answers the first GET of the metadata URL and the first POST of `exchange.code` to the token URL with
 * the early answers, when they succeeded; every other request, and those when the early one failed, go to `fetchImpl`.
 * `done` is called once both were asked for (the page's fetch can be put back).
 */
export function handOver(exchange: CallbackExchange, early: EarlyAnswers, fetchImpl: typeof fetch, done: () => void): typeof fetch {
  let metadataTaken = false;
  let tokenTaken = false;
  const settle = () => {
    if (metadataTaken && tokenTaken) done();
  };
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (!metadataTaken && method === 'GET' && url === exchange.metadataUrl) {
      metadataTaken = true;
      settle();
      const answer = await early.metadata;
      if (answer) return answer;
    } else if (!tokenTaken && method === 'POST' && codeOf(init?.body) === exchange.code && url === (await early.tokenUrl)) {
      tokenTaken = true;
      settle();
      const answer = await early.token;
      if (answer) return answer;
    }
    return fetchImpl(input, init);
  };
}

/**
 * The early exchange's access token, for the shell's start-up calls (root-config.ts): they leave as the token comes,
 * not after the modules have loaded and oidc-client-ts has handled the callback. Used only when oidc-client-ts signs
 * in with that same token.
 */
declare global {
  interface Window {
    erpCallbackAccessToken?: Promise<string | null>;
  }
}

export function publishCallbackAccessToken(token: Promise<string | null>): void {
  window.erpCallbackAccessToken = token;
}

/** The callback page's early access token (once: taken away), or null. */
export function takeCallbackAccessToken(): Promise<string | null> | null {
  const token = window.erpCallbackAccessToken ?? null;
  delete window.erpCallbackAccessToken;
  return token;
}
