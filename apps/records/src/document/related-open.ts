/**
 * Opening a document on another screen, as a tab (issue 40 item 4: a Related link, Receive, Enter vendor invoice).
 * `openDocument(screen, intent)` leaves the intent for the screen at that hash path and goes there
 * (`bus.navigate$`, the shell's tab host); the screen's pane (RecordPane, `useOpenIntent`) takes it when it mounts, or
 * at once when its tab is already open. An intent opens a saved record (`recordId`) or a new one with `values`
 * (the new vendor invoice of a receipt). `@erp/records` is one copy per page, so every micro-app shares this.
 */
import { useEffect, useRef } from 'react';
import { bus } from '@erp/shared';

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
function take(path: string): OpenIntent | undefined {
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

/** A pane's side: `open` receives every intent left for the screen at `path`. */
export function useOpenIntent(path: string, open: (intent: OpenIntent) => void): void {
  const latest = useRef(open);
  useEffect(() => {
    latest.current = open;
  });
  useEffect(() => {
    if (path === '') return;
    const key = keyOf(path);
    const listener = () => {
      const intent = take(path);
      if (intent) latest.current(intent);
    };
    listener();
    const set = listeners.get(key) ?? new Set();
    set.add(listener);
    listeners.set(key, set);
    return () => {
      set.delete(listener);
    };
  }, [path]);
}
