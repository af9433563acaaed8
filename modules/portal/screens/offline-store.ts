/**
 * Issue 69 item 4, the portal on a weak signal: what the page keeps in IndexedDB (`PORTAL_OFFLINE_DB`,
 * `@erp/shared` portal.ts), kept here in the page after the API answered — never in the service worker, which
 * sees no DPoP-bound token and caches only the shell's static files (root-config/src/sw/).
 *
 * Stores (every record carries its owner `<user>|<bill-to>`, and a key that starts with it):
 * - `answers`  the portal's GET answers (catalogue pages, the cart, My Orders, an order) by request: read when
 *              the API cannot be reached (`cachedAnswer`), so the catalogue, the customer's prices and the
 *              recent orders stay readable offline;
 * - `cart`     lines added while offline (with the product as the catalogue showed it), sent to the server
 *              cart when the connection returns;
 * - `outbox`   orders placed while offline, each with its Idempotency-Key, shown as "waiting to send" and sent
 *              once when the connection returns (`flushOutbox`); the server's exactly-once answers a second send
 *              of a key with the same order, so a send whose answer was lost is harmless.
 * One user at a time: the `meta` record names the user whose records the database holds; another user's first
 * write empties it. The owner includes the bill-to, so an answer of one account never shows for another; an
 * account switch (`cartCleared$`) forgets the answers and offline cart lines, sign-out (root-config) deletes the
 * database (`forgetPortalOffline`).
 */
import { BehaviorSubject, Subject } from 'rxjs';
import { ApiError, bus, cartCleared$, PORTAL_OFFLINE_DB } from '@erp/shared';
import { add, mul, round } from '@erp/shared/decimal';
import type { Cart, CartLine, Order, Product } from '@erp/shared/portal-types';

const STORES = ['answers', 'cart', 'outbox', 'meta'] as const;
type Store = (typeof STORES)[number];

/** An order placed offline, waiting for the connection. */
export interface QueuedOrder {
  /** Its Idempotency-Key (also the record's key). */
  key: string;
  owner: string;
  /** When it was placed (ISO). */
  placedAt: string;
  order: { BillToId: string; ShipToId: string; DeliveryDate: string | null; Notes: string; Lines: { ProductId: string; Quantity: number }[] };
  /** The lines and total as the customer reviewed them (display only; the server prices the order). */
  lines: CartLine[];
  total: number;
  /** The server refused it (a 4xx): its message; it is not sent again. */
  refused?: string;
}

let opening: Promise<IDBDatabase> | null = null;
/**
 * Sign-out deleted the database (`versionchange` to no version): this page opens it no more. An answer arriving
 * between the deletion and the page leaving would otherwise create it again, keeping the user's data.
 */
let deleted = false;

function open(): Promise<IDBDatabase> {
  if (deleted) return Promise.reject(new Error('signed out'));
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(PORTAL_OFFLINE_DB, 1);
    request.onupgradeneeded = () => {
      for (const store of STORES) if (!request.result.objectStoreNames.contains(store)) request.result.createObjectStore(store);
    };
    request.onsuccess = () => {
      const db = request.result;
      // Sign-out deletes the database: let it go (the only other version change would be a newer page's upgrade).
      db.onversionchange = (event) => {
        db.close();
        opening = null;
        if (event.newVersion === null) deleted = true;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error('indexedDB'));
    };
  });
  return opening;
}

function run<T>(stores: Store[], mode: IDBTransactionMode, work: (tx: IDBTransaction) => IDBRequest<T> | void): Promise<T | undefined> {
  return open().then(
    (db) =>
      new Promise<T | undefined>((resolve, reject) => {
        const tx = db.transaction(stores, mode);
        const request = work(tx);
        tx.oncomplete = () => resolve(request ? request.result : undefined);
        tx.onerror = () => reject(tx.error ?? new Error('indexedDB'));
        tx.onabort = () => reject(tx.error ?? new Error('indexedDB'));
      }),
  );
}

/** The signed-in user, or null (nothing is kept or read without one). */
function currentUser(): string | null {
  return bus.session$.value?.profile.shellSub.subjectId ?? null;
}

export function ownerOf(billToId: string): string | null {
  const user = currentUser();
  return user ? `${user}|${billToId.toUpperCase()}` : null;
}

/** Deletes every record whose key starts with `prefix` (all of them for ''), in the given stores. */
function deletePrefixed(tx: IDBTransaction, stores: readonly Store[], prefix: string): void {
  for (const store of stores) {
    if (!prefix) {
      tx.objectStore(store).clear();
      continue;
    }
    tx.objectStore(store).delete(IDBKeyRange.bound(prefix, `${prefix}\uffff`));
  }
}

/** Before a write: a database that holds another user's records is emptied first (one user at a time). */
async function claimFor(user: string): Promise<void> {
  const holder = await run<unknown>(['meta'], 'readonly', (tx) => tx.objectStore('meta').get('user'));
  if (holder === user) return;
  await run(['answers', 'cart', 'outbox', 'meta'], 'readwrite', (tx) => {
    deletePrefixed(tx, ['answers', 'cart', 'outbox'], '');
    tx.objectStore('meta').put(user, 'user');
  });
}

/** A network failure (no answer at all): the one case where a kept answer stands in. */
export function isOffline(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/**
 * The answer of `request` for the bill-to: the network's (kept for later), or — when the API cannot be reached —
 * the one kept last for this user and bill-to. Any other failure, or nothing kept, rejects as the network did.
 */
export async function cachedAnswer<T>(billToId: string, request: string, load: () => Promise<T>): Promise<T> {
  const owner = ownerOf(billToId);
  try {
    const answer = await load();
    if (owner) void remember(owner, request, answer).catch(() => undefined);
    return answer;
  } catch (error) {
    if (!owner || !isOffline(error)) throw error;
    const kept = await run<{ value: T } | undefined>(['answers'], 'readonly', (tx) => tx.objectStore('answers').get(`${owner}|${request}`)).catch(() => undefined);
    if (!kept) throw error;
    return kept.value;
  }
}

async function remember(owner: string, request: string, value: unknown): Promise<void> {
  await claimFor(owner.split('|')[0]!);
  await run(['answers'], 'readwrite', (tx) => {
    tx.objectStore('answers').put({ value }, `${owner}|${request}`);
  });
}

/** The cart request's name in `answers` (the Cart screen and the offline cart share it). */
export const CART_REQUEST = 'PortalCart';

/** A product added while offline: kept as a cart line priced as the catalogue showed it. */
export async function addOffline(billToId: string, products: { product: Product; quantity: number }[]): Promise<void> {
  const owner = ownerOf(billToId);
  if (!owner) throw new Error('not signed in');
  await claimFor(owner.split('|')[0]!);
  const lines = (await offlineLines(billToId)).slice();
  for (const { product, quantity } of products) {
    const existing = lines.findIndex((line) => line.ProductId === product.ProductId);
    const total = (existing >= 0 ? lines[existing]!.Quantity : 0) + quantity;
    const line: CartLine = {
      // Negative ids: never one of the server's lines.
      CartLineId: existing >= 0 ? lines[existing]!.CartLineId : -(lines.length + 1),
      ProductId: product.ProductId,
      Description: product.Description,
      Unit: product.Unit,
      Price: product.Price,
      Quantity: total,
      Amount: Number(round(mul(String(product.Price), String(total), 2), 2)),
    };
    if (existing >= 0) lines[existing] = line;
    else lines.push(line);
  }
  await run(['cart'], 'readwrite', (tx) => {
    tx.objectStore('cart').put(lines, owner);
  });
  offlineChanged$.next();
}

/** The lines added offline for the bill-to (not yet on the server). */
export async function offlineLines(billToId: string): Promise<CartLine[]> {
  const owner = ownerOf(billToId);
  if (!owner) return [];
  return ((await run<CartLine[]>(['cart'], 'readonly', (tx) => tx.objectStore('cart').get(owner)).catch(() => undefined)) ?? []);
}

/** The cart as shown: the server's (or the one kept) with the lines added offline merged in. */
export function mergedCart(billToId: string, server: Cart | null, extra: readonly CartLine[]): Cart {
  const lines = (server?.Lines ?? []).map((line) => ({ ...line }));
  for (const line of extra) {
    const same = lines.find((candidate) => candidate.ProductId === line.ProductId);
    if (same) {
      same.Quantity += line.Quantity;
      same.Amount = Number(round(mul(String(same.Price), String(same.Quantity), 2), 2));
    } else lines.push({ ...line });
  }
  const total = lines.reduce((sum, line) => add(sum, String(line.Amount)), '0');
  return { BillToId: server?.BillToId ?? billToId, Lines: lines, LineCount: lines.length, Total: Number(round(total, 2)) };
}

/** Keeps an order placed offline; the cart it came from is then empty (the server empties its own on send). */
export async function queueOrder(billToId: string, queued: Omit<QueuedOrder, 'owner' | 'placedAt'>): Promise<void> {
  const owner = ownerOf(billToId);
  if (!owner) throw new Error('not signed in');
  await claimFor(owner.split('|')[0]!);
  const record: QueuedOrder = { ...queued, owner, placedAt: new Date().toISOString() };
  await run(['outbox', 'cart', 'answers'], 'readwrite', (tx) => {
    tx.objectStore('outbox').put(record, `${owner}|${queued.key}`);
    tx.objectStore('cart').delete(owner);
    tx.objectStore('answers').put({ value: { BillToId: billToId, Lines: [], LineCount: 0, Total: 0 } satisfies Cart }, `${owner}|${CART_REQUEST}`);
  });
  offlineChanged$.next();
}

/** The orders of the bill-to waiting to be sent, oldest first. */
export async function queuedOrders(billToId: string): Promise<QueuedOrder[]> {
  const owner = ownerOf(billToId);
  if (!owner) return [];
  const all =
    (await run<QueuedOrder[]>(['outbox'], 'readonly', (tx) => tx.objectStore('outbox').getAll(IDBKeyRange.bound(`${owner}|`, `${owner}|\uffff`))).catch(
      () => undefined,
    )) ?? [];
  return all.sort((a, b) => a.placedAt.localeCompare(b.placedAt));
}

/** Something kept changed (a line added offline, an order queued or sent): screens read again. */
export const offlineChanged$ = new Subject<void>();
/** An order of the outbox the server accepted: the screens show it with its number. */
export const orderSent$ = new BehaviorSubject<{ key: string; order: Order } | null>(null);

let flushing: Promise<void> | null = null;

/**
 * Sends what waits for the connection, once per call at a time: the queued orders (each with its own key; a
 * network failure stops and leaves it for the next time, a refusal marks it refused), then the lines added
 * offline to the server's cart. `send` and `pushLines` are portal-api.ts's calls (kept out to avoid a cycle).
 */
export function flushOutbox(
  billToId: string,
  send: (key: string, order: QueuedOrder['order']) => Promise<Order>,
  pushLines: (lines: { ProductId: string; Quantity: number }[]) => Promise<unknown>,
): Promise<void> {
  flushing ??= (async () => {
    const owner = ownerOf(billToId);
    if (!owner) return;
    for (const queued of await queuedOrders(billToId)) {
      if (queued.refused) continue;
      try {
        const order = await send(queued.key, queued.order);
        await run(['outbox'], 'readwrite', (tx) => {
          tx.objectStore('outbox').delete(`${owner}|${queued.key}`);
        });
        orderSent$.next({ key: queued.key, order });
      } catch (error) {
        if (isOffline(error)) return;
        const body = error instanceof ApiError ? (error.body as { Message?: unknown } | null) : null;
        const refused = typeof body?.Message === 'string' && body.Message ? body.Message : error instanceof Error ? error.message : String(error);
        await run(['outbox'], 'readwrite', (tx) => {
          tx.objectStore('outbox').put({ ...queued, refused }, `${owner}|${queued.key}`);
        });
      } finally {
        offlineChanged$.next();
      }
    }
    const lines = await offlineLines(billToId);
    if (lines.length > 0) {
      try {
        await pushLines(lines.map((line) => ({ ProductId: line.ProductId, Quantity: line.Quantity })));
        await run(['cart'], 'readwrite', (tx) => {
          tx.objectStore('cart').delete(owner);
        });
        offlineChanged$.next();
      } catch {
        // kept for the next time the connection returns
      }
    }
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** Removes a queued order the server refused (the customer has seen why). */
export async function dropQueued(billToId: string, key: string): Promise<void> {
  const owner = ownerOf(billToId);
  if (!owner) return;
  await run(['outbox'], 'readwrite', (tx) => {
    tx.objectStore('outbox').delete(`${owner}|${key}`);
  });
  offlineChanged$.next();
}

// An account switch: nothing kept for the accounts survives it (the outbox is sent before: a switch needs the
// connection, and the queued orders carry their own bill-to).
cartCleared$.subscribe(() => {
  const user = currentUser();
  if (!user) return;
  void run(['answers', 'cart'], 'readwrite', (tx) => deletePrefixed(tx, ['answers', 'cart'], `${user}|`)).catch(() => undefined);
});
