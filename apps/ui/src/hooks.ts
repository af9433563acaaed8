/**
 * React bindings to the shell's shared state: bus channels, the hash route and i18n. Every micro-app uses
 * these instead of its own copies, so one bus, one router and one i18n instance serve the whole page.
 */
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { hashPath, i18n, onOpenIntent, takeOpenIntent, translate, type OpenIntent } from '@erp/shared';

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

/**
 * A screen's side of `openDocument` (@erp/shared open-document.ts: a Related link, a palette hit): `open` receives
 * every intent left for the screen at hash path `path`, when it mounts or at once when it is already open.
 */
export function useOpenIntent(path: string, open: (intent: OpenIntent) => void): void {
  const latest = useRef(open);
  useEffect(() => {
    latest.current = open;
  });
  useEffect(() => {
    if (path === '') return;
    const listener = () => {
      const intent = takeOpenIntent(path);
      if (intent) latest.current(intent);
    };
    listener();
    return onOpenIntent(path, listener);
  }, [path]);
}
