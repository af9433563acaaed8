/**
 * React bindings to the shell's shared state: bus channels, the hash route and i18n. Every micro-app uses
 * these instead of its own copies, so one bus, one router and one i18n instance serve the whole page.
 */
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { hashPath, i18n, onOpenIntent, recordOfHash, takeOpenIntent, tellRecordAddress, translate, type OpenIntent } from '@erp/shared';

/** Anything with a current value and subscribe (an RxJS BehaviorSubject). */
export interface ValueSource<T> {
  readonly value: T;
  subscribe(next: (value: T) => void): { unsubscribe(): void };
}

/** The current value of a bus state channel; re-renders when it changes. */
export function useBusValue<T>(source: ValueSource<T>): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = source.subscribe(() => onChange());
      return () => subscription.unsubscribe();
    },
    [source],
  );
  return useSyncExternalStore(subscribe, () => source.value);
}

const ROUTING_EVENTS = ['hashchange', 'popstate', 'single-spa:routing-event'] as const;

function subscribeToRoute(onChange: () => void): () => void {
  for (const name of ROUTING_EVENTS) window.addEventListener(name, onChange);
  return () => {
    for (const name of ROUTING_EVENTS) window.removeEventListener(name, onChange);
  };
}

/** The current hash route path (`/novus-gl/gl-chart`); re-renders on navigation. */
export function useHashPath(): string {
  return useSyncExternalStore(subscribeToRoute, () => hashPath(window.location.hash));
}

// i18n: one listener on the instance feeds every component through a version counter.
let i18nVersion = 0;
const i18nListeners = new Set<() => void>();
let i18nWired = false;

function subscribeToI18n(onChange: () => void): () => void {
  if (!i18nWired) {
    i18nWired = true;
    const bump = () => {
      i18nVersion += 1;
      for (const listener of i18nListeners) listener();
    };
    i18n.on('initialized', bump);
    i18n.on('languageChanged', bump);
    i18n.on('loaded', bump);
  }
  i18nListeners.add(onChange);
  return () => {
    i18nListeners.delete(onChange);
  };
}

export type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * Translations of one namespace (default `apps`, from `locales/<lng>/apps.json`) on `@erp/shared`'s i18n
 * instance. Loads the namespace when needed and re-renders on language change.
 */
export function useTranslation(namespace = 'apps'): { t: Translate; language: string } {
  const version = useSyncExternalStore(subscribeToI18n, () => i18nVersion);
  useEffect(() => {
    if (i18n.isInitialized && !i18n.hasLoadedNamespace(namespace)) void i18n.loadNamespaces(namespace);
  }, [namespace, version]);
  const language = i18n.language ?? 'en-CA';
  const t = useMemo<Translate>(
    () => (key, values) => translate(`${namespace}:${key}`, key, values),
    // A new function after each language change or load, so memoized children re-render too.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [namespace, version],
  );
  return { t, language };
}

/** What a screen's `useOpenIntent` answers: tells the address which record the screen now shows (issue 71 item 1). */
export type TellRecord = (recordId: string | null | undefined, push?: boolean) => void;

const tokenOf = (recordId: string | null | undefined) => (recordId === undefined ? '' : recordId === null ? '\u0000new' : `#${recordId}`);

/**
 * A screen's side of `openDocument` (@erp/shared open-document.ts: a Related link, a palette hit) and of its record
 * address (issue 71 item 1): `open` receives every intent left for the screen at hash path `path`, when it mounts or
 * at once when it is already open, and — when no intent was left — the record the address names (a new browser tab,
 * a bookmark, an e-mail's link, Back/Forward). `list` is called when the address comes back to the screen's own path
 * (Back from a record to the list). The answer tells the address what the screen shows after the user's own moves
 * (a row opened, previous / next, New, the list again; `push` false: the same history entry, a new record saved).
 * `followAddress` false: intents only — the address is another pane's of the same screen (RecordPane).
 */
export function useOpenIntent(path: string, open: (intent: OpenIntent) => void, list?: () => void, followAddress = true): TellRecord {
  const latest = useRef({ open, list });
  useEffect(() => {
    latest.current = { open, list };
  });
  /** The record the screen shows as the address last said it (token), so an address already shown does nothing. */
  const shown = useRef<string>('');
  useEffect(() => {
    if (path === '') return;
    const deliver = (intent: OpenIntent) => {
      shown.current = tokenOf(intent.recordId);
      latest.current.open(intent);
    };
    const listener = () => {
      const intent = takeOpenIntent(path);
      if (intent) deliver(intent);
    };
    const follow = () => {
      if (!followAddress || !sameScreen(path)) return;
      const recordId = recordOfHash(path);
      const token = tokenOf(recordId);
      if (token === shown.current) return;
      if (recordId === undefined) {
        shown.current = token;
        latest.current.list?.();
        return;
      }
      deliver({ recordId });
    };
    const intent = takeOpenIntent(path);
    if (intent) deliver(intent);
    else if (followAddress && recordOfHash(path) !== undefined) follow();
    const stop = onOpenIntent(path, listener);
    window.addEventListener('hashchange', follow);
    window.addEventListener('popstate', follow);
    return () => {
      stop();
      window.removeEventListener('hashchange', follow);
      window.removeEventListener('popstate', follow);
    };
  }, [path, followAddress]);
  return useCallback(
    (recordId: string | null | undefined, push = true) => {
      shown.current = tokenOf(recordId);
      if (followAddress) tellRecordAddress(path, recordId, push);
    },
    [path, followAddress],
  );
}

/** True when the location shows the screen at `path` (its list or one of its records). */
function sameScreen(path: string): boolean {
  return hashPath().toLowerCase() === path.replace(/\/+$/, '').toLowerCase();
}
