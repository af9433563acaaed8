/**
 * The tokens' keeping for session.ts: renewals serialized across the browser's tabs (the provider rotates
 * refresh tokens, so a second tab renewing with the old one would be refused), the DPoP key pair kept in
 * memory after its first read, and whether an access token is bound to a key (RFC 9449).
 */
import { IndexedDbDPoPStore, UserManager, type DPoPState, type SigninSilentArgs, type User, type UserManagerSettings } from 'oidc-client-ts';

/** Name of the Web Lock that serializes token renewals across the tabs of one browser. */
export const RENEWAL_LOCK = 'erp-token-renewal';

/**
 * A UserManager whose renewals (also the automatic ones) take the cross-tab renewal lock. Without the Web
 * Locks API (an insecure context) renewals are still serialized within the tab.
 */
export class SharedUserManager extends UserManager {
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

/** oidc-client-ts's key store contract (the package does not export the interface by name). */
type DPoPStore = NonNullable<UserManagerSettings['dpop']>['store'];

/**
 * The DPoP key store: oidc-client-ts's IndexedDB store, with each key pair kept in memory after its first
 * read so that a proof costs one signature and no IndexedDB round trip. Only found keys are cached (another
 * tab may create the key later); `forget()` drops the cache when another tab changed the sign-in.
 */
export class CachedDPoPStore implements DPoPStore {
  private readonly cache = new Map<string, Promise<DPoPState>>();

  constructor(private readonly backing: DPoPStore = new IndexedDbDPoPStore()) {}

  async set(key: string, value: DPoPState): Promise<void> {
    this.cache.delete(key);
    await this.backing.set(key, value);
    this.cache.set(key, Promise.resolve(value));
  }

  get(key: string): Promise<DPoPState> {
    const cached = this.cache.get(key);
    if (cached) return cached;
    const read = this.backing.get(key);
    this.cache.set(key, read);
    // Missing (undefined) or unreadable: not cached, the next call reads again.
    read.then(
      (state) => {
        if (!state && this.cache.get(key) === read) this.cache.delete(key);
      },
      () => {
        if (this.cache.get(key) === read) this.cache.delete(key);
      },
    );
    return read;
  }

  async remove(key: string): Promise<DPoPState> {
    this.cache.delete(key);
    return this.backing.remove(key);
  }

  getAllKeys(): Promise<string[]> {
    return this.backing.getAllKeys();
  }

  forget(): void {
    this.cache.clear();
  }
}

/** True when a JWT access token is bound to a key (`cnf.jkt`, RFC 9449 §6.1); false for anything else. */
export function isKeyBoundJwt(token: string): boolean {
  const payload = token.split('.')[1];
  if (!payload) return false;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const claims = JSON.parse(json) as { cnf?: { jkt?: unknown } } | null;
    return typeof claims?.cnf?.jkt === 'string';
  } catch {
    return false;
  }
}
