/**
 * Sign-in (§4 first navigation, §7, §9) on oidc-client-ts: authorization code + PKCE, silent renewal with
 * the refresh token, no session monitoring. The user is stored in IndexedDB, mirrored to localStorage
 * (user-store.ts), so every browser tab of the shell shares one sign-in; renewals are serialized across tabs
 * with the Web Locks API, because the provider rotates refresh tokens and a second tab renewing with the old
 * one would be refused (session-tokens.ts, with the DPoP key store).
 *
 * The session is published on `bus.session$` (token, expired flag and the §3 profile).
 *
 * Sender-constrained tokens (issue 11 item 6, RFC 9449), when `ShellConfig.oidc.dpop` is true: the browser
 * keeps one non-extractable P-256 key pair in IndexedDB (oidc-client-ts's store; the private key can sign
 * but never be read out, not even by a script of this origin). The authorization code is bound to it
 * (`dpop_jkt`), the token requests prove it, so the provider binds the access and refresh tokens to it; every
 * API call then carries a proof of the key (api.ts `authorizedFetch`, through `setProofSigner`). A token
 * read out of storage is useless in another browser. The key pair is made once per sign-in and shared by the
 * tabs (same IndexedDB); it is read from IndexedDB once per page and then kept in memory.
 */
import { User, WebStorageStateStore } from 'oidc-client-ts';
import { ConsistentUserStore, storedUserKey } from './user-store.ts';
import { CachedDPoPStore, SharedUserManager, isKeyBoundJwt } from './session-tokens.ts';
import { api, setProofSigner } from './api.ts';
import { bus, type Session } from './bus.ts';
import type { ShellConfig, UserProfile } from './types.ts';

export { CachedDPoPStore, isKeyBoundJwt, RENEWAL_LOCK } from './session-tokens.ts';

/** Longest wait for the shell's first page of what stays off the boot's path (afterFirstPage), in ms. */
const FIRST_PAGE_WAIT_MS = 2000;
/** sessionStorage key remembering a reload done after an expired session was renewed (no reload loops). */
const RELOAD_MARK = 'erp.session.reloaded-after-renewal';

/** What the state passed through the sign-in redirect carries: where the user was. */
interface ReturnState {
  hash: string;
}

export type SignInOutcome =
  | { status: 'signed-in'; user: User }
  /** The browser is leaving for the identity provider (or reloading). */
  | { status: 'redirecting' }
  /** Sign-in is not possible now (provider unreachable, callback refused); the shell shows Log in. */
  | { status: 'signed-out'; error?: unknown };

function isReturnState(value: unknown): value is ReturnState {
  return typeof value === 'object' && value !== null && typeof (value as ReturnState).hash === 'string';
}

/**
 * A profile with nothing set beyond the user: no landing page, style sheets, environment label, default
 * ship-to or language, menus shown (§5's defaults).
 */
export function plainProfile(subjectId: string, displayName: string, domain = ''): UserProfile {
  return {
    shellSub: { displayName, subjectId },
    domain,
    landingPage: null,
    cssFiles: [],
    environmentLabel: null,
    environment: null,
    defaultShipToId: null,
    language: null,
  };
}

/** A profile from the ID token's claims, for when `GET api/shell/profile` fails. */
export function fallbackProfile(user: User): UserProfile {
  const claims = user.profile;
  return plainProfile(claims.sub, claims.name ?? claims.preferred_username ?? claims.email ?? claims.sub);
}

/** The sign-in of this page. Create one with `createSession(config)`. */
export class ShellSession {
  readonly manager: SharedUserManager;
  private profile: UserProfile | null = null;
  /** The user of the last sign-in or renewal of this page. */
  private latest: User | null = null;
  private readonly origin: string;
  private readonly redirectPath: string;
  private markFirstPageShown: () => void = () => undefined;
  /** The first page shown, or FIRST_PAGE_WAIT_MS after it was first asked for (afterFirstPage). */
  private firstPageOrLater: Promise<void> | null = null;
  private readonly firstPage = new Promise<void>((resolve) => (this.markFirstPageShown = resolve));
  /** The DPoP key store, when the shell proves a key (ShellConfig.oidc.dpop). */
  readonly dpopStore: CachedDPoPStore | null;
  /** token_type of the access tokens this page has seen (a few), to tell DPoP-bound tokens from bearer ones. */
  private readonly tokenTypes = new Map<string, string>();

  constructor(readonly config: ShellConfig) {
    this.origin = window.location.origin;
    this.redirectPath = config.oidc.redirectPath || '/auth/callback';
    this.dpopStore = config.oidc.dpop ? new CachedDPoPStore() : null;
    this.manager = new SharedUserManager({
      authority: config.oidc.authority,
      client_id: config.oidc.clientId,
      scope: config.oidc.scope,
      response_type: 'code',
      redirect_uri: new URL(this.redirectPath, `${this.origin}/`).href,
      post_logout_redirect_uri: new URL(config.oidc.postLogoutRedirectPath || '/', `${this.origin}/`).href,
      automaticSilentRenew: true,
      monitorSession: false,
      loadUserInfo: false,
      userStore: new ConsistentUserStore(),
      stateStore: new WebStorageStateStore({ store: window.localStorage }),
      // Issue 11 item 6: bind the code (dpop_jkt) and so the tokens to this browser's key.
      ...(this.dpopStore ? { dpop: { bind_authorization_code: true, store: this.dpopStore } } : {}),
    });
    this.wireEvents();
    if (this.dpopStore) {
      const store = this.dpopStore;
      setProofSigner({ proof: (request) => this.proof(request) });
      // Read the key pair now, while the page boots, so the first API call only signs.
      void store.get(config.oidc.clientId).catch(() => undefined);
    }
  }

  /** Remembers the token type of a user's access token (the proof signer asks it). */
  private noteUser(user: User | null): void {
    if (!user?.access_token) return;
    this.tokenTypes.delete(user.access_token);
    this.tokenTypes.set(user.access_token, user.token_type);
    // A handful is enough: the stored token, the renewed one, and one more a tab may still be using.
    for (const key of this.tokenTypes.keys()) {
      if (this.tokenTypes.size <= 4) break;
      this.tokenTypes.delete(key);
    }
  }

  /**
   * A DPoP proof for one API request with `token`, or null when the token is a plain bearer token (e.g. one
   * issued before DPoP was switched on). `htu` is the URL without query and fragment (RFC 9449 §4.2).
   */
  private async proof(request: { url: string; method: string; token: string }): Promise<string | null> {
    const type = this.tokenTypes.get(request.token);
    const bound = type !== undefined ? type.toLowerCase() === 'dpop' : isKeyBoundJwt(request.token);
    if (!bound) return null;
    const target = new URL(request.url, `${this.origin}/`);
    target.search = '';
    target.hash = '';
    const proof = await this.manager.dpopProof(target.href, { access_token: request.token } as User, request.method);
    return proof ?? null;
  }

  /** True on the sign-in callback page. */
  isCallback(location: Location = window.location): boolean {
    const strip = (path: string) => path.replace(/\/+$/, '') || '/';
    return strip(location.pathname) === strip(new URL(this.redirectPath, `${this.origin}/`).pathname);
  }

  /**
   * §4 first navigation. Resolves with the signed-in user, or tells that the browser is leaving for the
   * provider, or that sign-in is impossible for now.
   */
  async start(): Promise<SignInOutcome> {
    if (this.isCallback()) {
      const outcome = await this.completeCallback();
      if (outcome.status !== 'signed-out') return outcome;
      // A refused or replayed callback: keep a stored sign-in that still works, but never go back to the
      // provider from here (that could loop).
      const stored = await this.resume(false);
      return stored.status === 'signed-in' ? stored : outcome;
    }
    return this.resume(true);
  }

  /**
   * The stored user as the localStorage mirror has it, read at once (user-store.ts; IndexedDB, the source of
   * truth, takes a round trip to open). Good for its access token and expiry; the refresh token is only ever
   * taken from the source of truth, by the renewal. Null when there is none or it is unreadable.
   */
  peekStoredUser(): User | null {
    try {
      const text = window.localStorage.getItem(storedUserKey(this.config.oidc.authority, this.config.oidc.clientId));
      const user = text ? User.fromStorageString(text) : null;
      this.noteUser(user);
      return user;
    } catch {
      return null;
    }
  }

  /** Steps 1–4 of §4 first navigation on the stored user. */
  private async resume(mayRedirect: boolean): Promise<SignInOutcome> {
    const signIn = (): Promise<SignInOutcome> =>
      mayRedirect ? this.redirectToSignIn() : Promise.resolve({ status: 'signed-out' });
    // A session that has not expired starts with its access token at once; the renewal (step 2) runs in the
    // background on the source of truth, and a refused renewal still goes to sign-in (step 3).
    const live = mayRedirect ? this.peekStoredUser() : null;
    if (live && live.expired === false && live.refresh_token) {
      this.renewInBackground();
      sessionStorage.removeItem(RELOAD_MARK);
      return { status: 'signed-in', user: live };
    }
    let user: User | null;
    try {
      user = await this.manager.getUser();
      this.noteUser(user);
    } catch (error) {
      return { status: 'signed-out', error };
    }
    // 1. No user, or an expired one that cannot be renewed: sign in.
    if (!user || (user.expired && !user.refresh_token)) return signIn();
    // 2. A refresh token and not coming from the callback: renew silently.
    if (user.refresh_token) {
      const wasExpired = user.expired === true;
      try {
        const renewed = await this.manager.signinSilent();
        if (!renewed) return signIn();
        user = renewed;
      } catch {
        // 3. Renewal failed: sign in.
        return signIn();
      }
      // 4. The user had been expired and the renewal succeeded: reload (once).
      if (wasExpired && !sessionStorage.getItem(RELOAD_MARK)) {
        sessionStorage.setItem(RELOAD_MARK, String(Date.now()));
        this.manager.reloadWhenNoRenewal();
        return { status: 'redirecting' };
      }
    }
    sessionStorage.removeItem(RELOAD_MARK);
    return { status: 'signed-in', user };
  }

  /** The shell has shown its first page (afterFirstPage). */
  firstPageShown(): void {
    this.markFirstPageShown();
  }

  /**
   * Settles once the shell has shown its first page, or FIRST_PAGE_WAIT_MS at most: what stays off the boot's path
   * waits for it — a live session's background renewal (the provider round trip and its token rotation) and the
   * revalidation of kept start-up answers (root-config, issue 74).
   */
  afterFirstPage(): Promise<void> {
    return (this.firstPageOrLater ??= Promise.race([
      this.firstPage,
      new Promise<void>((resolve) => window.setTimeout(resolve, FIRST_PAGE_WAIT_MS)),
    ]));
  }

  /** §4 step 2 for a session that has not expired; step 3 when the provider refuses it. */
  private renewInBackground(): void {
    void this.afterFirstPage()
      .then(() => this.manager.signinSilent())
      .then(
        (renewed) => {
          if (!renewed) void this.redirectToSignIn();
        },
        () => void this.redirectToSignIn(),
      );
  }

  /** Finishes the code flow on the callback page and puts the user back where they were (hash). */
  private async completeCallback(): Promise<SignInOutcome> {
    try {
      const user = await this.manager.signinRedirectCallback(window.location.href);
      const hash = isReturnState(user.state) && user.state.hash.startsWith('#/') ? user.state.hash : '#/';
      window.history.replaceState(null, '', `/${hash}`);
      return { status: 'signed-in', user };
    } catch (error) {
      // Never loop back to the provider from a refused callback: show the shell with Log in.
      window.history.replaceState(null, '', '/#/');
      return { status: 'signed-out', error };
    }
  }

  private async redirectToSignIn(): Promise<SignInOutcome> {
    try {
      await this.login();
      return { status: 'redirecting' };
    } catch (error) {
      return { status: 'signed-out', error };
    }
  }

  /** Goes to the provider's sign-in page; the current hash comes back through the state. */
  async login(): Promise<void> {
    const hash = window.location.hash.startsWith('#/') ? window.location.hash : '#/';
    const state: ReturnState = { hash };
    await this.manager.signinRedirect({ state });
  }

  /** Signs out at the provider, which sends the browser back to the site root. */
  async logout(): Promise<void> {
    this.profile = null;
    try {
      await this.manager.signoutRedirect();
    } catch {
      // Provider unreachable: forget the user locally at least.
      await this.manager.removeUser();
      window.location.assign(this.manager.settings.post_logout_redirect_uri ?? '/');
    }
  }

  /** `GET api/shell/profile` with the given token (the session is not on the bus yet). */
  async loadProfile(user: User): Promise<UserProfile> {
    try {
      return await api.get<UserProfile>('shell/profile', undefined, { token: user.access_token });
    } catch {
      return fallbackProfile(user);
    }
  }

  /** Publishes the session on the bus; later token renewals update it. */
  publish(user: User, profile: UserProfile): void {
    this.profile = profile;
    // A renewal that finished before the session was published has the newer token of the same user.
    const newest = this.latest && this.latest.profile.sub === user.profile.sub ? this.latest : user;
    bus.session$.next(toSession(newest, profile));
  }

  /** The current access token (the bus has the same one once published). */
  get accessToken(): string | null {
    return bus.session$.value?.accessToken ?? null;
  }

  private wireEvents(): void {
    const events = this.manager.events;
    events.addUserLoaded((user) => {
      this.noteUser(user);
      this.latest = user;
      if (this.profile) bus.session$.next(toSession(user, this.profile));
    });
    events.addUserUnloaded(() => {
      this.profile = null;
      this.latest = null;
      bus.session$.next(null);
    });
    // §8 session expired: the expired flag is published; the shell shows "Your session has expired.
    // Please log out and log in again." in a banner for as long as it lasts (root-config chrome/banners.ts).
    events.addAccessTokenExpired(() => {
      const current = bus.session$.value;
      if (!current || current.expired) return;
      bus.session$.next({ ...current, expired: true });
    });
    // §8: a sign-in failure during silent renewal redirects to the sign-in page.
    events.addSilentRenewError(() => {
      void this.redirectToSignIn();
    });
    // Issue 70: the provider session ended elsewhere (a page embedding the elements signed out): forget the user;
    // its tokens were revoked with the session. The shell shows Log in, as after a sign-out in another tab.
    bus.sessionEnded$.subscribe(() => {
      this.dpopStore?.forget();
      void this.manager.removeUser();
    });
    // Another tab renewed the tokens or signed out: the user store is shared.
    window.addEventListener('storage', (event) => {
      if (event.storageArea !== window.localStorage || !event.key?.includes(`user:${this.config.oidc.authority}`)) return;
      // The other tab may have signed in again with a new key pair: read it again.
      this.dpopStore?.forget();
      if (event.newValue) void this.manager.getUser(true);
      else if (bus.session$.value) {
        this.profile = null;
        bus.session$.next(null);
      }
    });
  }
}

function toSession(user: User, profile: UserProfile): Session {
  return { accessToken: user.access_token, expired: user.expired === true, profile };
}

let current: ShellSession | null = null;

/** Creates the page's session (once) from the shell configuration. */
export function createSession(config: ShellConfig): ShellSession {
  current ??= new ShellSession(config);
  return current;
}

/** The page's session, once created. */
export function currentSession(): ShellSession | null {
  return current;
}
