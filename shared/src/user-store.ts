/**
 * Where oidc-client-ts keeps the signed-in user: IndexedDB as the source of truth, mirrored to localStorage.
 *
 * Why not localStorage alone: the provider rotates refresh tokens, so the tabs of one browser take turns
 * renewing (a Web Lock, session.ts) and each uses the tokens the previous one stored. Chromium gives each
 * renderer process its own cached copy of localStorage and syncs the copies asynchronously: a tab that
 * takes the lock right after another tab's renewal can still read the old refresh token there, replay it,
 * and the provider then revokes the whole grant (every tab signed out). IndexedDB is one store for the
 * origin: a write committed before the lock is released is what the next lock holder reads.
 *
 * The localStorage mirror keeps what relies on it working: the `storage` event that tells other tabs about a
 * sign-in or sign-out, and tools that read the user from there. Without IndexedDB (a private mode that
 * refuses it) the store falls back to localStorage only.
 */
import type { StateStore } from 'oidc-client-ts';

const DATABASE = 'erp-session';
const STORE = 'users';

function request<T>(run: (store: IDBObjectStore) => IDBRequest<T>, mode: IDBTransactionMode, db: IDBDatabase): Promise<T> {
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const pending = run(transaction.objectStore(STORE));
    // Resolve on commit, not on the request's success: only then is the write visible to every tab.
    transaction.oncomplete = () => resolve(pending.result);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

/**
 * The localStorage key of the mirrored signed-in user (oidc-client-ts names it `user:<authority>:<client>` under
 * the store's `oidc.` prefix): read at once by the session's start and by the shell page's boot loader.
 */
export function storedUserKey(authority: string, clientId: string): string {
  return `oidc.user:${authority}:${clientId}`;
}

export class ConsistentUserStore implements StateStore {
  private database: Promise<IDBDatabase | null> | null = null;

  constructor(
    private readonly prefix = 'oidc.',
    private readonly mirror: Storage = window.localStorage,
  ) {}

  private open(): Promise<IDBDatabase | null> {
    this.database ??= new Promise((resolve) => {
      if (typeof indexedDB === 'undefined') {
        resolve(null);
        return;
      }
      const opening = indexedDB.open(DATABASE, 1);
      opening.onupgradeneeded = () => opening.result.createObjectStore(STORE);
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => resolve(null);
      opening.onblocked = () => resolve(null);
    });
    return this.database;
  }

  async set(key: string, value: string): Promise<void> {
    const db = await this.open();
    if (db) await request((store) => store.put(value, this.prefix + key), 'readwrite', db);
    this.mirror.setItem(this.prefix + key, value);
  }

  async get(key: string): Promise<string | null> {
    const db = await this.open();
    if (db) {
      const value = await request<unknown>((store) => store.get(this.prefix + key), 'readonly', db);
      if (typeof value === 'string') return value;
    }
    // A session stored before this store existed, or no IndexedDB.
    return this.mirror.getItem(this.prefix + key);
  }

  async remove(key: string): Promise<string | null> {
    const previous = await this.get(key);
    const db = await this.open();
    if (db) await request((store) => store.delete(this.prefix + key), 'readwrite', db);
    this.mirror.removeItem(this.prefix + key);
    return previous;
  }

  async getAllKeys(): Promise<string[]> {
    const keys = new Set<string>();
    const db = await this.open();
    if (db) {
      for (const key of await request((store) => store.getAllKeys(), 'readonly', db)) {
        if (typeof key === 'string' && key.startsWith(this.prefix)) keys.add(key.slice(this.prefix.length));
      }
    }
    for (let i = 0; i < this.mirror.length; i++) {
      const key = this.mirror.key(i);
      if (key?.startsWith(this.prefix)) keys.add(key.slice(this.prefix.length));
    }
    return [...keys];
  }
}
