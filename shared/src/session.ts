/**
 * Sign-in (§4 first navigation, §7, §9) on oidc-client-ts: authorization code + PKCE, silent renewal with
 * the refresh token, no session monitoring. The user is stored in IndexedDB, mirrored to localStorage
 * (user-store.ts), so every browser tab of the shell shares one sign-in; renewals are serialized across tabs
 * with the Web Locks API, because the provider rotates refresh tokens and a second tab renewing with the old
 * one would be refused.
 *
 * The session is published on `bus.session$` (token, expired flag and the §3 profile).
 */
import { User, UserManager, WebStorageStateStore, type SigninSilentArgs } from 'oidc-client-ts';
import { ConsistentUserStore } from './user-store.ts';
import { api } from './api.ts';
import { bus, type Session } from './bus.ts';
import type { ShellConfig, UserProfile } from './types.ts';

/** Name of the Web Lock that serializes token renewals across the tabs of one browser. */
export const RENEWAL_LOCK = 'erp-token-renewal';
/** Longest wait of a live session's background renewal for the shell's first page (ms). */
const RENEWAL_DEFER_MS = 2000;
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

/**
 * A UserManager whose renewals (also the automatic ones) take the cross-tab renewal lock. Without the Web
 * Locks API (an insecure context) renewals are still serialized within the tab.
 */
class SharedUserManager extends UserManager {
  private queue: Promise<unknown> = Promise.resolve();

  override async signinSilent(args?: SigninSilentArgs): Promise<User | null> {
    const seen = (await this.getUser())?.refresh_token;
    const renew = async (): Promise<User | null> => {
      // Another renewal finished while this one waited: its tokens are in the shared store; use them.
      const stored = await this.getUser();
      if (stored && !stored.expired && stored.refresh_token && stored.refresh_token !== seen) {
        return this.getUser(true);
      }
      return super.signinSilent(args);
    };
    return this.exclusive(renew);
  }

  /**
   * Reloads the page once no renewal of this browser is running, and stops this tab's automatic renewals
   * first. A page unloaded while its renewal is in flight loses the rotated refresh token the provider has
   * just issued: the next renewal would replay the old one and the provider would revoke the whole grant.
   * The lock is held until the page unloads.
   */
  reloadWhenNoRenewal(): void {
    this.stopSilentRenew();
    void this.exclusive(() => new Promise<never>(() => window.location.reload()));
  }

  /** Runs `task` holding the cross-tab renewal lock (or, without Web Locks, after this tab's earlier tasks). */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const locks = globalThis.navigator?.locks;
    if (locks) return locks.request(RENEWAL_LOCK, task) as Promise<T>;
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

function isReturnState(value: unknown): value is ReturnState {
  return typeof value === 'object' && value !== null && typeof (value as ReturnState).hash === 'string';
}

/** A profile from the ID token's claims, for when `GET api/shell/profile` fails. */
export function fallbackProfile(user: User): UserProfile {
  const claims = user.profile;
  const displayName = claims.name ?? claims.preferred_username ?? claims.email ?? claims.sub;
  return {
    shellSub: { displayName, subjectId: claims.sub },
    domain: '',
    landingPage: null,
    cssFiles: [],
    environmentLabel: null,
    environment: null,
    defaultShipToId: null,
    language: null,
  };
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
  private readonly firstPage = new Promise<void>((resolve) => (this.markFirstPageShown = resolve));

  constructor(readonly config: ShellConfig) {
    this.origin = window.location.origin;
    this.redirectPath = config.oidc.redirectPath || '/auth/callback';
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
    });
    this.wireEvents();
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
      const text = window.localStorage.getItem(`oidc.user:${this.config.oidc.authority}:${this.config.oidc.clientId}`);
      return text ? User.fromStorageString(text) : null;
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

  /**
   * The shell has shown its first page. The background renewal of a live session waits for it (or for
   * RENEWAL_DEFER_MS at most), so the provider round trip and its token rotation stay off the boot's path.
   */
  firstPageShown(): void {
    this.markFirstPageShown();
  }

  /** §4 step 2 for a session that has not expired; step 3 when the provider refuses it. */
  private renewInBackground(): void {
    const longestWait = new Promise<void>((resolve) => window.setTimeout(resolve, RENEWAL_DEFER_MS));
    void Promise.race([this.firstPage, longestWait])
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
    // Another tab renewed the tokens or signed out: the user store is shared.
    window.addEventListener('storage', (event) => {
      if (event.storageArea !== window.localStorage || !event.key?.includes(`user:${this.config.oidc.authority}`)) return;
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
