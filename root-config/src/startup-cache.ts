/**
 * The start-up answers kept per user in the browser (issue 44, "start-up data before network"): the §7 calls'
 * answers (applications, routes, tenant, languages, profile) of the last boot, so the next boot shows HOME from
 * them at once and revalidates them in the background (stale-while-revalidate; root-config.ts applies a changed
 * answer to the screen).
 *
 * Contract:
 * - An entry belongs to one user of one sign-in configuration: its key is the provider (authority), the client
 *   and the user's subject. `read` answers only the entry of the user asked for; another user's entry is never
 *   answered, and writing one user's entry deletes every other entry (the browser keeps one user's data).
 * - `clear` deletes every entry: sign-out, a session that ends (another tab signed out), a refused session.
 * - Never throws and never blocks the boot: without IndexedDB (a private mode refusing it), or on any storage
 *   error, `read` answers null (the boot waits for the network as before) and `write`/`clear` do nothing;
 *   an IndexedDB that takes longer than `READ_TIMEOUT_MS` to open is not waited for.
 * - Only what the user's own token was answered is stored; tokens are not (they stay in the session store).
 * - `indexedDbStore` opens the database once per page, shared through a global symbol: the page's inline boot
 *   loader (boot/loader.ts) opens it as it adds the boot modules, so the boot does not wait for IndexedDB to open.
 */

/** One key-value store (IndexedDB in the browser; a Map in unit tests). */
export interface EntryStore {
  get(key: string): Promise<unknown>;
  put(key: string, value: unknown): Promise<void>;
  keys(): Promise<string[]>;
  delete(key: string): Promise<void>;
}

/** What is kept for a user: the answers and when they were received. */
interface Entry<T> {
  savedAt: string;
  data: T;
}

/** Who the answers belong to. */
export interface CacheOwner {
  authority: string;
  clientId: string;
  subject: string;
}

const DATABASE = 'erp-startup';
const STORE = 'answers';
/** The longest a boot waits for the store to open and answer before it takes the network's way. */
const READ_TIMEOUT_MS = 250;

export function cacheKey(owner: CacheOwner): string {
  return JSON.stringify([owner.authority, owner.clientId, owner.subject]);
}

export class StartupCache<T> {
  constructor(private readonly store: () => Promise<EntryStore | null>) {}

  /** The user's answers of an earlier boot, or null (none, unreadable, or the store too slow). */
  async read(owner: CacheOwner): Promise<T | null> {
    const reading = (async () => {
      const store = await this.store();
      const entry = (await store?.get(cacheKey(owner))) as Entry<T> | undefined;
      return entry && typeof entry === 'object' && 'data' in entry ? entry.data : null;
    })().catch(() => null);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), READ_TIMEOUT_MS)));
    try {
      return await Promise.race([reading, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Keeps the user's answers; every other entry (another user's) is deleted. */
  async write(owner: CacheOwner, data: T): Promise<void> {
    try {
      const store = await this.store();
      if (!store) return;
      const key = cacheKey(owner);
      const entry: Entry<T> = { savedAt: new Date().toISOString(), data };
      await store.put(key, entry);
      for (const other of await store.keys()) if (other !== key) await store.delete(other);
    } catch {
      // Not kept: the next boot waits for the network.
    }
  }

  /** Deletes every entry. */
  async clear(): Promise<void> {
    try {
      const store = await this.store();
      if (!store) return;
      for (const key of await store.keys()) await store.delete(key);
    } catch {
      // Nothing readable to clear.
    }
  }
}

/** An in-memory store (unit tests; and the fallback shape of the IndexedDB one). */
export function memoryStore(map = new Map<string, unknown>()): EntryStore {
  return {
    get: async (key) => structuredClone(map.get(key)),
    put: async (key, value) => void map.set(key, structuredClone(value)),
    keys: async () => [...map.keys()],
    delete: async (key) => void map.delete(key),
  };
}

/** Resolves when the transaction commits (a write is then visible to every tab), with the request's result. */
function run<R>(db: IDBDatabase, mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<R>): Promise<R> {
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = action(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

/** Where the page keeps the opening store: one for the boot loader's copy of this module and root-config's. */
const OPENED = Symbol.for('erp.startup-store');

/** The browser's store (opened once per page), or null without IndexedDB. */
export function indexedDbStore(): Promise<EntryStore | null> {
  const page = globalThis as { [OPENED]?: Promise<EntryStore | null> };
  page[OPENED] ??= new Promise<IDBDatabase | null>((resolve) => {
    if (typeof indexedDB === 'undefined') {
      resolve(null);
      return;
    }
    try {
      const opening = indexedDB.open(DATABASE, 1);
      opening.onupgradeneeded = () => opening.result.createObjectStore(STORE);
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => resolve(null);
      opening.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  }).then((db) =>
    db
      ? {
          get: (key) => run(db, 'readonly', (store) => store.get(key)),
          put: (key, value) => run(db, 'readwrite', (store) => store.put(value, key)).then(() => undefined),
          keys: () => run(db, 'readonly', (store) => store.getAllKeys()).then((keys) => keys.map(String)),
          delete: (key) => run(db, 'readwrite', (store) => store.delete(key)).then(() => undefined),
        }
      : null,
  );
  return page[OPENED];
}
