/**
 * Opening a record on its screen, as a tab (issue 40 item 4: a Related link, Receive, Enter vendor invoice; issue
 * 42 item 1: a record chosen in the command palette), and the record's address (issue 71 item 1).
 *
 * **Address.** A record is at its screen's hash route plus `?record=<key>` (`new`: a new record), e.g.
 * `#/novus-ar/ar-invoice-entry?record=1234`. The router reads the path only (`hashPath` drops the query), so the
 * spec's routes (§2) and their refusals are unchanged; the query goes through sign-in (the return state keeps the
 * whole hash) and the tab host keeps it when it canonicalizes the path.
 *
 * `openDocument(screen, intent)` leaves the intent for the screen at that hash path and goes to the record's address
 * (`bus.navigate$` → a history entry: Back/Forward step through the records visited); the screen's pane
 * (RecordPane of @erp/records, `useOpenIntent` of @erp/ui) takes it when it mounts, or at once when its tab is
 * already open. A pane mounted on an address with no intent left (a new browser tab, a bookmark, an e-mail's link,
 * Back/Forward) opens the record the address names. An intent opens a saved record (`recordId`) or a new one with
 * `values`. Here in @erp/shared (one copy per page) so the chrome — which imports no micro-app — opens records as
 * the screens do.
 */
import { bus } from './bus.ts';
import { hashPath, normalizeRouterPath } from './navigation.ts';

export interface OpenIntent {
  /** The record to open; null: a new record. */
  recordId: string | null;
  /** A new record's values (field → wire value). */
  values?: Readonly<Record<string, unknown>>;
}

/** The query parameter of a record address, and its value for a new record. */
export const RECORD_PARAM = 'record';
export const NEW_RECORD = 'new';

const pending = new Map<string, OpenIntent>();
const listeners = new Map<string, Set<() => void>>();
const keyOf = (path: string) => normalizeRouterPath(path.split('?')[0] ?? '').toLowerCase();

/**
 * The hash path of a record: `/novus-ar/ar-invoice-entry?record=1234`; null → `?record=new`; undefined → the
 * screen alone (its list).
 */
export function recordPath(screen: string, recordId: string | null | undefined): string {
  const path = normalizeRouterPath(screen.split('?')[0] ?? '');
  if (recordId === undefined) return path;
  return `${path}?${RECORD_PARAM}=${encodeURIComponent(recordId ?? NEW_RECORD)}`;
}

/** The absolute address of a record (Copy link, e-mails): `<origin>/#/novus-ar/ar-invoice-entry?record=1234`. */
export function recordUrl(origin: string, screen: string, recordId: string | null): string {
  return `${origin.replace(/\/+$/, '')}/#${recordPath(screen, recordId)}`;
}

/**
 * The record a location hash names for the screen at `screen`: its key, null for a new record, undefined when the
 * hash is another screen's or names no record.
 */
export function recordOfHash(screen: string, hash: string = globalThis.location?.hash ?? ''): string | null | undefined {
  if (keyOf(hashPath(hash)) !== keyOf(screen)) return undefined;
  const query = hash.replace(/^#/, '').split('?').slice(1).join('?');
  const value = new URLSearchParams(query).get(RECORD_PARAM);
  if (value === null || value.trim() === '') return undefined;
  return value === NEW_RECORD ? null : value;
}

/** The intent left for the screen at `path`, taken (once). */
export function takeOpenIntent(path: string): OpenIntent | undefined {
  const key = keyOf(path);
  const intent = pending.get(key);
  pending.delete(key);
  return intent;
}

/** Opens `intent` on the screen at hash path `screen` (its tab opened, or shown) and goes to the record's address. */
export function openDocument(screen: string, intent: OpenIntent): void {
  const key = keyOf(screen);
  pending.set(key, intent);
  for (const listener of listeners.get(key) ?? []) listener();
  bus.navigate$.next(recordPath(screen, intent.recordId));
}

/** Calls `listener` whenever an intent is left for the screen at `path`; answers the unsubscribe. */
export function onOpenIntent(path: string, listener: () => void): () => void {
  const key = keyOf(path);
  const set = listeners.get(key) ?? new Set();
  set.add(listener);
  listeners.set(key, set);
  return () => {
    set.delete(listener);
  };
}

/**
 * Tells the address which record the screen at `screen` shows (a list row opened, previous / next, New, back to the
 * list, a new record saved), only while that screen is the one shown: `push` adds a history entry (a record
 * visited), else the current entry is replaced (the new record saved has its key now). Answers the hash path written.
 */
export function tellRecordAddress(screen: string, recordId: string | null | undefined, push: boolean): string | null {
  const location = globalThis.location;
  if (!location || keyOf(hashPath()) !== keyOf(screen)) return null;
  const path = recordPath(screen, recordId);
  // The screen's own spelling as shown (the tab host made it canonical).
  const target = `#${hashPath()}${path.slice(normalizeRouterPath(screen.split('?')[0] ?? '').length)}`;
  if (location.hash === target) return path;
  // A hash change: a history entry the tab host follows (it keeps the tab's address) like Back / Forward.
  if (push) location.hash = target;
  else globalThis.history.replaceState(globalThis.history.state, '', target);
  return path;
}
