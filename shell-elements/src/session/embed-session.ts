/**
 * Issue 70 item 2: the elements signed in on a page of another origin. `connect()` (and `<erp-session>`, which calls
 * it) signs the page's user in with the product's identity provider and feeds the elements what the shell feeds
 * them: the user's name, their applications, the portal's badge numbers — live over the event stream.
 *
 * Contract:
 * - The page's origin must be on the server's embedding allow-list (EMBED_ORIGINS, or Shell › Security › Embedding
 *   Origins). Its client is `embed:<page origin>` (server/src/oidc/embed-clients.ts): authorization code + PKCE
 *   (S256), a redirect to the provider's sign-in page and back to this very page (`signIn()`), tokens bound to a
 *   non-extractable P-256 key by DPoP (RFC 9449) when the provider binds them; refresh tokens renew the access token
 *   before it expires (silent renew, no frame).
 * - Kept per page origin and server: the key pair in IndexedDB (`erp-elements`), the tokens in sessionStorage — the
 *   tab's life, like the shell's session; nothing in localStorage or cookies of the page.
 * - `state` is the session as the elements show it; every change fires `change` on the session (and on `document`,
 *   `erp-session-change`, with `state` as detail).
 * - Calls: `api(path, init)` → the server's `/api/<path>` with the token and its proof (a JSON answer, or throws).
 * - Sign-out: `signOut()` forgets the tokens and ends the provider session (a navigation to its end-session page,
 *   which comes back to this page), which ends the shell's session in this browser too; a sign-out in the shell ends
 *   this one: the server's event stream sends `signed-out` (server/src/events/hub.ts `endSession`).
 */
import type { Application } from '@erp/shared/types';

/** What the elements show of the session. */
export interface EmbedSessionState {
  signedIn: boolean;
  /** The user's display name ('' when signed out). */
  userName: string;
  /** The applications the user's roles open (`/api/shell/applications`): links into the shell at `#<RouterPath>`. */
  applications: Application[];
  /**
   * A portal customer's counts (§7 GetBadgeNumbers: unread notifications, cart lines) of the account they last chose
   * in the portal, else their first; zeros for staff.
   */
  badges: { notifications: number; cart: number };
  /** True for a portal customer (landing page /portal). */
  portal: boolean;
}

export interface ConnectOptions {
  /** The product's address, e.g. `https://erp.example`; default: the origin the elements' bundle came from. */
  server?: string;
}

interface Tokens {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  token_type: string;
  /** When the access token expires (epoch ms). */
  expires_at: number;
}

interface Pending {
  state: string;
  verifier: string;
  redirectUri: string;
}

const SCOPES = 'openid profile offline_access erp.shell erp.api';
/** Renew this long before the access token expires. */
const RENEW_EARLY_MS = 60_000;
const SIGNED_OUT: EmbedSessionState = { signedIn: false, userName: '', applications: [], badges: { notifications: 0, cart: 0 }, portal: false };

const b64url = (bytes: ArrayBuffer | Uint8Array): string =>
  btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const utf8 = (text: string) => new TextEncoder().encode(text);
const random = (size = 32) => b64url(crypto.getRandomValues(new Uint8Array(size)));
const sha256 = async (text: string) => b64url(await crypto.subtle.digest('SHA-256', utf8(text)));

/** The page's address without the sign-in answer's parameters (where the provider sends the browser back). */
function pageAddress(): string {
  const url = new URL(window.location.href);
  for (const name of ['code', 'state', 'iss', 'session_state', 'error', 'error_description']) url.searchParams.delete(name);
  url.hash = '';
  return url.href;
}

// ---- the DPoP key: one per page origin and server, non-extractable, kept in IndexedDB ---------------------------

function keyStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open('erp-elements', 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore('keys');
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const database = opening.result;
      const request = work(database.transaction('keys', mode).objectStore('keys'));
      request.onsuccess = () => {
        resolve(request.result);
        database.close();
      };
      request.onerror = () => {
        reject(request.error);
        database.close();
      };
    };
  });
}

/** A DPoP proof signer (RFC 9449 §4) for one key pair. */
class ProofKey {
  private constructor(
    private readonly keys: CryptoKeyPair,
    private readonly jwk: JsonWebKey,
  ) {}

  static async load(name: string, create: boolean): Promise<ProofKey | null> {
    let keys = (await keyStore<CryptoKeyPair | undefined>('readonly', (store) => store.get(name)).catch(() => undefined)) ?? null;
    if (!keys && create) {
      keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])) as CryptoKeyPair;
      await keyStore('readwrite', (store) => store.put(keys, name));
    }
    if (!keys) return null;
    const { kty, crv, x, y } = await crypto.subtle.exportKey('jwk', keys.publicKey);
    return new ProofKey(keys, { kty, crv, x, y });
  }

  static forget(name: string): Promise<unknown> {
    return keyStore('readwrite', (store) => store.delete(name)).catch(() => undefined);
  }

  /** RFC 7638 thumbprint: the authorization request's `dpop_jkt`. */
  thumbprint(): Promise<string> {
    const { crv, kty, x, y } = this.jwk;
    return sha256(JSON.stringify({ crv, kty, x, y }));
  }

  async proof(method: string, url: string, accessToken?: string): Promise<string> {
    const target = new URL(url);
    const header = { typ: 'dpop+jwt', alg: 'ES256', jwk: this.jwk };
    const payload = {
      jti: random(16),
      htm: method.toUpperCase(),
      htu: `${target.origin}${target.pathname}`,
      iat: Math.floor(Date.now() / 1000),
      ...(accessToken ? { ath: await sha256(accessToken) } : {}),
    };
    const input = `${b64url(utf8(JSON.stringify(header)))}.${b64url(utf8(JSON.stringify(payload)))}`;
    const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, this.keys.privateKey, utf8(input));
    return `${input}.${b64url(signature)}`;
  }
}

// ---- the session ---------------------------------------------------------------------------------------------

/** The provider's endpoints (its discovery document). */
interface Endpoints {
  authorization_endpoint: string;
  token_endpoint: string;
  end_session_endpoint: string;
}

export class EmbedSession extends EventTarget {
  /** The session as the elements show it. */
  state: EmbedSessionState = SIGNED_OUT;

  private tokens: Tokens | null = null;
  private key: ProofKey | null = null;
  private endpoints: Endpoints | null = null;
  private renewTimer: ReturnType<typeof setTimeout> | null = null;
  private events: EventSource | null = null;
  private billToId: string | null = null;

  constructor(
    /** The product's origin, e.g. `https://erp.example`. */
    readonly server: string,
  ) {
    super();
  }

  /** The client id of this page's origin at the product's provider. */
  get clientId(): string {
    return `embed:${window.location.origin}`;
  }

  private get storageKey(): string {
    return `erp-elements:${this.server}`;
  }

  /** Goes to the provider's sign-in page; the browser comes back to this page signed in. */
  async signIn(): Promise<void> {
    const endpoints = await this.discover();
    this.key = await ProofKey.load(this.storageKey, true);
    const verifier = random();
    const pending: Pending = { state: random(16), verifier, redirectUri: pageAddress() };
    sessionStorage.setItem(`${this.storageKey}:pending`, JSON.stringify(pending));
    const query = new URLSearchParams({
      client_id: this.clientId,
      response_type: 'code',
      scope: SCOPES,
      redirect_uri: pending.redirectUri,
      code_challenge: await sha256(verifier),
      code_challenge_method: 'S256',
      state: pending.state,
      dpop_jkt: await this.key!.thumbprint(),
    });
    window.location.assign(`${endpoints.authorization_endpoint}?${query}`);
  }

  /** Forgets the user here and ends the provider session (this browser's shell too); comes back to this page. */
  async signOut(): Promise<void> {
    const idToken = this.tokens?.id_token;
    this.end();
    const endpoints = await this.discover();
    const query = new URLSearchParams({ client_id: this.clientId, post_logout_redirect_uri: pageAddress(), ...(idToken ? { id_token_hint: idToken } : {}) });
    window.location.assign(`${endpoints.end_session_endpoint}?${query}`);
  }

  /** A JSON call of the product's API (`path` below `/api/`) with the user's token. */
  async api<T>(path: string, init: RequestInit = {}): Promise<T> {
    const tokens = await this.currentTokens();
    if (!tokens) throw new Error('not signed in');
    const url = `${this.server}/api/${path.replace(/^\/+/, '')}`;
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    headers.set('accept-language', document.documentElement.lang || navigator.language);
    if (tokens.token_type.toLowerCase() === 'dpop' && this.key) {
      headers.set('authorization', `DPoP ${tokens.access_token}`);
      headers.set('dpop', await this.key.proof(method, url, tokens.access_token));
    } else {
      headers.set('authorization', `Bearer ${tokens.access_token}`);
    }
    const response = await fetch(url, { ...init, method, headers });
    if (!response.ok) throw new Error(`${response.status} ${url}`);
    return (await response.json()) as T;
  }

  /** Takes the sign-in answer on this page's address, or the tab's tokens; then loads what the elements show. */
  async start(): Promise<void> {
    const url = new URL(window.location.href);
    const raw = sessionStorage.getItem(`${this.storageKey}:pending`);
    const pending = raw ? (JSON.parse(raw) as Pending) : null;
    if (pending && url.searchParams.get('state') === pending.state) {
      sessionStorage.removeItem(`${this.storageKey}:pending`);
      window.history.replaceState(window.history.state, '', pageAddress());
      const code = url.searchParams.get('code');
      // The key the code was bound to (`dpop_jkt`) proves the exchange.
      this.key = await ProofKey.load(this.storageKey, false);
      if (code) await this.exchange({ grant_type: 'authorization_code', code, redirect_uri: pending.redirectUri, code_verifier: pending.verifier });
    } else {
      const kept = sessionStorage.getItem(this.storageKey);
      this.tokens = kept ? (JSON.parse(kept) as Tokens) : null;
      if (this.tokens) this.key = await ProofKey.load(this.storageKey, false);
    }
    if (await this.currentTokens()) await this.load();
    else this.publish(SIGNED_OUT);
  }

  /** Forgets the user on this page (tokens, key, stream) without a navigation. */
  end(): void {
    this.tokens = null;
    sessionStorage.removeItem(this.storageKey);
    void ProofKey.forget(this.storageKey);
    this.key = null;
    if (this.renewTimer) clearTimeout(this.renewTimer);
    this.renewTimer = null;
    this.events?.close();
    this.events = null;
    this.publish(SIGNED_OUT);
  }

  private async discover(): Promise<Endpoints> {
    if (!this.endpoints) {
      const response = await fetch(`${this.server}/oidc/.well-known/openid-configuration`);
      this.endpoints = (await response.json()) as Endpoints;
    }
    return this.endpoints;
  }

  /** The tokens, renewed first when the access token has (nearly) expired; null when signed out. */
  private async currentTokens(): Promise<Tokens | null> {
    if (this.tokens && this.tokens.expires_at - Date.now() < RENEW_EARLY_MS) await this.renew();
    return this.tokens;
  }

  private async renew(): Promise<void> {
    const refreshToken = this.tokens?.refresh_token;
    if (!refreshToken) return this.end();
    await this.exchange({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  /** A token request; the tokens on success, signed out on refusal. */
  private async exchange(form: Record<string, string>): Promise<void> {
    const endpoints = await this.discover();
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (this.key) headers['dpop'] = await this.key.proof('POST', endpoints.token_endpoint);
    const response = await fetch(endpoints.token_endpoint, { method: 'POST', headers, body: new URLSearchParams({ ...form, client_id: this.clientId }) }).catch(() => null);
    if (!response?.ok) return this.end();
    const answer = (await response.json()) as Omit<Tokens, 'expires_at'> & { expires_in: number };
    const previous = this.tokens;
    this.tokens = {
      access_token: answer.access_token,
      refresh_token: answer.refresh_token ?? previous?.refresh_token,
      id_token: answer.id_token ?? previous?.id_token,
      token_type: answer.token_type,
      expires_at: Date.now() + answer.expires_in * 1000,
    };
    sessionStorage.setItem(this.storageKey, JSON.stringify(this.tokens));
    if (this.renewTimer) clearTimeout(this.renewTimer);
    this.renewTimer = setTimeout(() => void this.renew(), Math.max(1000, this.tokens.expires_at - Date.now() - RENEW_EARLY_MS));
  }

  /** The user's name, applications and (portal customers) badge numbers; then the live stream. */
  private async load(): Promise<void> {
    try {
      const [profile, applications] = await Promise.all([
        this.api<{ shellSub: { displayName: string }; landingPage: string | null }>('shell/profile'),
        this.api<Application[]>('shell/applications'),
      ]);
      const portal = (profile.landingPage ?? '').toLowerCase() === '/portal';
      this.publish({ ...SIGNED_OUT, signedIn: true, userName: profile.shellSub.displayName, applications, portal });
      if (portal) {
        // The account the customer last switched to in the portal, else their first (§3 securables: BILLTO,SHIPTO…).
        const accounts = (await this.api<{ Data?: { SelectedBillToId?: string | null; Securables?: { Identifier: string }[] } }>('PortalOrder/securables')).Data;
        this.billToId = accounts?.SelectedBillToId ?? accounts?.Securables?.[0]?.Identifier.split(',')[0] ?? null;
        await this.loadBadges();
      }
      await this.listen();
    } catch {
      this.end();
    }
  }

  private async loadBadges(): Promise<void> {
    if (!this.billToId || !this.state.signedIn) return;
    const numbers = await this.api<unknown>(`PortalNotification/GetBadgeNumbers?billToId=${encodeURIComponent(this.billToId)}`).catch(() => null);
    if (!Array.isArray(numbers)) return;
    const [notifications, cart] = numbers.map((value) => (typeof value === 'number' && Number.isFinite(value) ? value : 0));
    this.publish({ ...this.state, badges: { notifications: notifications ?? 0, cart: cart ?? 0 } });
  }

  /** The server's event stream: badges follow the user's orders and notifications; `signed-out` ends the session. */
  private async listen(): Promise<void> {
    const answer = await this.api<{ Data: { Ticket: string } }>('events/ticket', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const source = new EventSource(`${this.server}/api/events/stream?ticket=${encodeURIComponent(answer.Data.Ticket)}`);
    this.events = source;
    source.addEventListener('records', (event) => {
      const events = (JSON.parse((event as MessageEvent<string>).data) as { Events: { Entity: string }[] }).Events;
      if (events.some((change) => change.Entity === 'PortalNotification' || change.Entity === 'PortalOrder')) void this.loadBadges();
    });
    source.addEventListener('reset', () => void this.loadBadges());
    source.addEventListener('signed-out', () => this.end());
    source.addEventListener('error', () => {
      if (this.events !== source) return;
      // The stream is gone (server restart, network): a new ticket in a while, while still signed in.
      source.close();
      this.events = null;
      setTimeout(() => {
        if (this.state.signedIn && !this.events) void this.listen().catch(() => undefined);
      }, 5000);
    });
  }

  private publish(state: EmbedSessionState): void {
    this.state = state;
    this.dispatchEvent(new Event('change'));
    document.dispatchEvent(new CustomEvent('erp-session-change', { detail: state }));
  }
}

let connected: Promise<EmbedSession> | null = null;

/**
 * Connects the page's elements to the product: one session per page (a second call answers the same one). Takes the
 * sign-in answer when the provider has just sent the browser back here.
 */
export function connect(options: ConnectOptions = {}): Promise<EmbedSession> {
  connected ??= (async () => {
    const server = (options.server ?? new URL(import.meta.url).origin).replace(/\/+$/, '');
    const session = new EmbedSession(server);
    await session.start();
    return session;
  })();
  return connected;
}
