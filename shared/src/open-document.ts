/**
 * Opening a record on its screen, as a tab (issue 40 item 4: a Related link, Receive, Enter vendor invoice; issue
 * 42 item 1: a record chosen in the command palette). `openDocument(screen, intent)` leaves the intent for the
 * screen at that hash path and goes there (`bus.navigate$`, the shell's tab host); the screen's pane (RecordPane of
 * @erp/records, `takeOpenIntent` / `onOpenIntent`) takes it when it mounts, or at once when its tab is already open.
 * An intent opens a saved record (`recordId`) or a new one with `values`. Here in @erp/shared (one copy per page)
 * so the chrome — which imports no micro-app — opens records as the screens do.
 */
import { bus } from './bus.ts';

export interface OpenIntent {
  /** The record to open; null: a new record. */
  recordId: string | null;
  /** A new record's values (field → wire value). */
  values?: Readonly<Record<string, unknown>>;
}

const pending = new Map<string, OpenIntent>();
const listeners = new Map<string, Set<() => void>>();
const keyOf = (path: string) => path.replace(/\/+$/, '').toLowerCase();

/** The intent left for the screen at `path`, taken (once). */
export function takeOpenIntent(path: string): OpenIntent | undefined {
  const key = keyOf(path);
  const intent = pending.get(key);
  pending.delete(key);
  return intent;
}

/** Opens `intent` on the screen at hash path `screen` (its tab opened, or shown). */
export function openDocument(screen: string, intent: OpenIntent): void {
  const key = keyOf(screen);
  pending.set(key, intent);
  for (const listener of listeners.get(key) ?? []) listener();
  bus.navigate$.next(screen);
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
