/**
 * The portal session (§3 Portal session state, §4 Portal, §7 portal calls, §8 Portal) shared by the shell's
 * portal chrome (root-config/src/portal) and the portal screens (apps/portal). One copy per page: @erp/shared
 * is loaded once through the import map.
 *
 * State:
 * - `bus.portal$` (bus.ts): accountOnHold (starts true until the server says otherwise), selectedBillToId,
 *   selectedShipToId, deliveryDate;
 * - `portalAccounts$` here: the bill-to securables, the firms that exist, and billToList (the dropdown shows
 *   FirmId). Replacing the bill-to list clears the selected bill-to and ship-to (§4).
 * - pending cart requests: every cart call goes through `trackCartRequest`; an account switch aborts them
 *   and waits until they are settled before it posts, so a line can never land in another account's cart
 *   (the server also refuses cart writes for an account other than the switched one).
 *
 * Calls (paths relative to the API base):
 * - `loadBadgeNumbers(billToId)`: GET PortalNotification/GetBadgeNumbers → { notifications, cart }, or null on
 *   any error (§8: ignored);
 * - `switchAccount(billToId)`: POST PortalOrder/account-switch {BillToId} → on ResultStatus 1 stores the
 *   bill-to and DefaultShipToId, empties the cart (`cartCleared$`), reloads the badges and the on-hold flag;
 *   otherwise a modal titled Error shows the server's Message; the loading overlay is cleared either way;
 *   a transport error (no answer) is rethrown to the caller. Before it, when the selected account's cart has
 *   lines, the customer is asked whether to empty it (issue 16 item 7: never a surprise).
 */
import { BehaviorSubject, Subject } from 'rxjs';
import { ApiError, api } from './api.ts';
import { beginLoading, bus, type PortalState } from './bus.ts';
import { translate } from './i18n.ts';
import { askUser } from './screen.ts';
import { securableFirmIds } from './securables.ts';

/** §3 Firm. */
export interface PortalFirm {
  FirmId: string;
  Name: string;
}

export interface PortalAccounts {
  /** §3 Bill-to securable identifiers: `BILLTO,SHIPTO,…`. */
  securables: string[];
  /** Firms that exist (the server answers only existing, active ones). */
  firms: PortalFirm[];
  /** §4: the firms whose id is the first item of some securable. */
  billToList: PortalFirm[];
}

/** §3 Account switch response. */
export interface AccountSwitchResponse {
  ResultStatus: number;
  Message: string | null;
  DefaultShipToId: string | null;
}

export interface PortalAccountDetails {
  BillToId: string;
  Name: string;
  OnHold: boolean;
  HoldReason: string | null;
  DefaultShipToId: string | null;
  ShipTos: PortalFirm[];
}

export interface BadgeNumbers {
  notifications: number;
  cart: number;
}

/**
 * Issue 69 item 4: the IndexedDB database where the portal screens keep their answers, the cart lines added
 * offline and the orders waiting to be sent (modules/portal/screens/offline-store.ts). It goes with the session.
 */
export const PORTAL_OFFLINE_DB = 'erp-portal-offline';

/**
 * The orders placed offline and not sent yet (the `outbox` store; 0 without the database): sign-out asks before it
 * deletes them (`confirmSignOutLosingOrders`).
 */
export async function waitingPortalOrders(): Promise<number> {
  if (typeof indexedDB === 'undefined' || !(await indexedDB.databases?.().catch(() => []))?.some((db) => db.name === PORTAL_OFFLINE_DB)) return 0;
  return new Promise((resolve) => {
    const opened = indexedDB.open(PORTAL_OFFLINE_DB);
    opened.onerror = () => resolve(0);
    opened.onsuccess = () => {
      const db = opened.result;
      if (!db.objectStoreNames.contains('outbox')) {
        db.close();
        return resolve(0);
      }
      const count = db.transaction('outbox', 'readonly').objectStore('outbox').count();
      count.onsuccess = () => {
        db.close();
        resolve(count.result);
      };
      count.onerror = () => {
        db.close();
        resolve(0);
      };
    };
  });
}

/** Answers true to sign out: nothing is waiting to be sent, or the customer agreed to lose it. */
export async function confirmSignOutLosingOrders(): Promise<boolean> {
  const waiting = await waitingPortalOrders();
  if (waiting === 0) return true;
  const answer = await askUser({
    heading: translate('portal:offline.signOutHeading', 'Orders not sent'),
    message: translate('portal:offline.signOutMessage', '{{count}} order(s) placed without a connection have not been sent. Signing out deletes them.', { count: waiting }),
    actions: [
      { id: 'stay', label: translate('portal:offline.signOutStay', 'Stay signed in'), variant: 'primary' },
      { id: 'out', label: translate('portal:offline.signOutAnyway', 'Sign out and delete them'), variant: 'danger' },
    ],
  });
  return answer === 'out';
}

/** Deletes the portal's offline database (sign-out, a session ending): nothing kept survives the user. */
export function forgetPortalOffline(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve();
    // An open connection closes itself on `versionchange` (offline-store.ts), so the deletion is not blocked long.
    const request = indexedDB.deleteDatabase(PORTAL_OFFLINE_DB);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
  });
}

export const portalAccounts$ = new BehaviorSubject<PortalAccounts>({ securables: [], firms: [], billToList: [] });
/** The cart was emptied (account switch, order submitted): screens showing it reload. */
export const cartCleared$ = new Subject<void>();
/** The hold reason of the selected account (null when not on hold or unknown). */
export const holdReason$ = new BehaviorSubject<string | null>(null);

/** §4: the bill-to list is the firms whose id matches the first item of some securable. */
export function computeBillToList(securables: readonly string[], firms: readonly PortalFirm[]): PortalFirm[] {
  const firsts = new Set(securables.map((identifier) => securableFirmIds(identifier)[0]).filter((id): id is string => !!id));
  return firms.filter((firm) => firsts.has(firm.FirmId.toUpperCase()));
}

/** §4: the ship-to list is the remaining items of the selected bill-to's securable, keeping only firms that exist. */
export function computeShipToList(securables: readonly string[], firms: readonly PortalFirm[], billToId: string | null): PortalFirm[] {
  if (!billToId) return [];
  const wanted = billToId.toUpperCase();
  const byId = new Map(firms.map((firm) => [firm.FirmId.toUpperCase(), firm]));
  const result: PortalFirm[] = [];
  for (const identifier of securables) {
    const [first, ...rest] = securableFirmIds(identifier);
    if (first !== wanted) continue;
    for (const id of rest) {
      const firm = byId.get(id);
      if (firm && !result.includes(firm)) result.push(firm);
    }
  }
  return result;
}

/** Patches the portal state on the bus. */
export function updatePortal(patch: Partial<PortalState>): void {
  bus.portal$.next({ ...bus.portal$.value, ...patch });
}

/** Replaces the securables and firms; §4: changing the bill-to list clears the selected bill-to and ship-to. */
export function setPortalAccounts(securables: string[], firms: PortalFirm[]): void {
  portalAccounts$.next({ securables, firms, billToList: computeBillToList(securables, firms) });
  updatePortal({ selectedBillToId: null, selectedShipToId: null });
}

/** The ship-to list of the selected bill-to. */
export function currentShipToList(): PortalFirm[] {
  const { securables, firms } = portalAccounts$.value;
  return computeShipToList(securables, firms, bus.portal$.value.selectedBillToId);
}

// --- pending cart requests ---------------------------------------------------------------------------

const pending = new Set<{ controller: AbortController; settled: Promise<unknown> }>();

/**
 * Runs a cart request so that an account switch can cancel it: `run` receives the AbortSignal to pass to
 * the API call. The answer is discarded (the promise rejects with an AbortError) when the account changed
 * in between.
 */
export function trackCartRequest<T>(run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const billToId = bus.portal$.value.selectedBillToId;
  const promise = run(controller.signal).then((value) => {
    if (controller.signal.aborted || bus.portal$.value.selectedBillToId !== billToId) {
      throw new DOMException('The account changed', 'AbortError');
    }
    return value;
  });
  const entry = { controller, settled: promise.catch(() => undefined) };
  pending.add(entry);
  void entry.settled.then(() => pending.delete(entry));
  return promise;
}

/** Number of cart requests in flight (for tests and the cart screen). */
export function pendingCartRequests(): number {
  return pending.size;
}

/** Aborts every pending cart request and waits until each has settled. */
export async function cancelPendingCartRequests(): Promise<void> {
  const entries = [...pending];
  for (const entry of entries) entry.controller.abort();
  await Promise.all(entries.map((entry) => entry.settled));
}

// --- calls -------------------------------------------------------------------------------------------

/** §7 GetBadgeNumbers; null on any failure (§8: badge failures are ignored). */
export async function loadBadgeNumbers(billToId: string | null): Promise<BadgeNumbers | null> {
  if (!billToId) return null;
  try {
    const answer = await api.get<unknown>('PortalNotification/GetBadgeNumbers', { billToId }, { quiet: true, background: true });
    if (!Array.isArray(answer)) return null;
    const [notifications, cart] = answer.map((value) => (typeof value === 'number' && Number.isFinite(value) ? value : 0));
    return { notifications: notifications ?? 0, cart: cart ?? 0 };
  } catch {
    return null;
  }
}

/** Reads the account details and publishes the on-hold flag (it stays true when the call fails). */
export async function loadAccountDetails(billToId: string): Promise<PortalAccountDetails | null> {
  try {
    const answer = await api.get<{ Data?: PortalAccountDetails }>('PortalOrder/account', { billToId }, { quiet: true });
    const details = answer.Data ?? null;
    if (details && bus.portal$.value.selectedBillToId === billToId) {
      updatePortal({ accountOnHold: details.OnHold });
      holdReason$.next(details.OnHold ? details.HoldReason : null);
    }
    return details;
  } catch {
    return null;
  }
}

/** §8: the modal titled Error with the server's message. */
export function showPortalError(message: string): Promise<string> {
  return askUser({
    heading: translate('portal:error.heading', 'Error'),
    message,
    actions: [{ id: 'ok', label: translate('portal:error.ok', 'OK'), variant: 'primary' }],
  });
}

/**
 * Issue 16 item 7: a switch empties the cart, so it asks first when the cart of the selected account has
 * lines. Answers true to go on (nothing selected, an empty cart, or the customer agreed).
 */
export async function confirmEmptyingCart(): Promise<boolean> {
  const current = bus.portal$.value.selectedBillToId;
  if (!current) return true;
  const lines = (await loadBadgeNumbers(current))?.cart ?? 0;
  if (lines <= 0) return true;
  const answer = await askUser({
    heading: translate('portal:switcher.confirmHeading', 'Switch account?'),
    message: translate('portal:switcher.confirmMessage', 'Your cart has {{count}} line(s). Switching the account empties it.', { count: lines }),
    actions: [
      { id: 'switch', label: translate('portal:switcher.confirmSwitch', 'Switch and empty the cart'), variant: 'danger' },
      { id: 'cancel', label: translate('portal:switcher.confirmKeep', 'Keep my cart') },
    ],
  });
  return answer === 'switch';
}

/**
 * §4/§7 Bill-to account switch. Answers true when the server accepted it, false when it refused or the
 * customer chose to keep a non-empty cart (`confirmEmptyingCart`, unless `confirm: false`). Transport errors
 * (no answer) are rethrown; any other failure shows the Error modal.
 */
export async function switchAccount(
  billToId: string,
  options: { showError?: (message: string) => unknown; confirm?: boolean } = {},
): Promise<boolean> {
  const showError = options.showError ?? showPortalError;
  if (options.confirm !== false && !(await confirmEmptyingCart())) return false;
  const done = beginLoading();
  try {
    await cancelPendingCartRequests();
    let answer: AccountSwitchResponse;
    try {
      answer = await api.post<AccountSwitchResponse>('PortalOrder/account-switch', { BillToId: billToId }, { quiet: true });
    } catch (error) {
      if (error instanceof ApiError && error.status !== 0) {
        const body = error.body as { Message?: unknown } | null;
        done();
        void showError(typeof body?.Message === 'string' && body.Message ? body.Message : translate('errors:generic.unknown', 'Unknown error on {{target}}', { target: error.path }));
        return false;
      }
      throw error;
    }
    if (answer?.ResultStatus !== 1) {
      done();
      void showError(answer?.Message || translate('errors:generic.unknown', 'Unknown error on {{target}}', { target: 'PortalOrder/account-switch' }));
      return false;
    }
    // §4: the on-hold flag is true until the server says otherwise.
    updatePortal({ selectedBillToId: billToId.toUpperCase(), selectedShipToId: answer.DefaultShipToId ?? null, accountOnHold: true });
    holdReason$.next(null);
    cartCleared$.next();
    bus.badgesReload$.next();
    await loadAccountDetails(billToId.toUpperCase());
    return true;
  } finally {
    // §8: the loading overlay is cleared either way.
    done();
  }
}

/**
 * Start-up of a portal session: reads the securables and firms (which clears the selection, §4), then
 * selects the account the server remembers, or switches to the first bill-to. Errors leave the lists empty.
 */
export async function startPortalSession(): Promise<void> {
  let data: { Securables: { Identifier: string }[]; Firms: PortalFirm[]; SelectedBillToId: string | null } | undefined;
  try {
    data = (await api.get<{ Data?: typeof data }>('PortalOrder/securables', {}, { quiet: true })).Data;
  } catch {
    data = undefined;
  }
  if (!data) {
    setPortalAccounts([], []);
    return;
  }
  setPortalAccounts(
    data.Securables.map((s) => s.Identifier),
    data.Firms,
  );
  const list = portalAccounts$.value.billToList;
  const remembered = data.SelectedBillToId && list.some((firm) => firm.FirmId === data.SelectedBillToId) ? data.SelectedBillToId : null;
  if (remembered) {
    updatePortal({ selectedBillToId: remembered, accountOnHold: true });
    const details = await loadAccountDetails(remembered);
    updatePortal({ selectedShipToId: details?.DefaultShipToId ?? currentShipToList()[0]?.FirmId ?? null });
    bus.badgesReload$.next();
  } else if (list[0]) {
    await switchAccount(list[0].FirmId, { confirm: false }).catch(() => false);
  }
}

/** Chooses a ship-to of the selected bill-to (no server call: only a bill-to switch is posted). */
export function selectShipTo(shipToId: string | null): void {
  const allowed = currentShipToList().some((firm) => firm.FirmId === shipToId);
  updatePortal({ selectedShipToId: allowed ? shipToId : null });
}

export function setDeliveryDate(date: string | null): void {
  updatePortal({ deliveryDate: date });
}
