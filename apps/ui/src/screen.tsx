/**
 * Screens as single-spa parcels (the screen contract of `@erp/shared` screen.ts).
 *
 * - `screen(Component, options)` answers a parcel config `{ bootstrap, mount, unmount, update }` built with
 *   single-spa-react. It sets no `name`, so single-spa names every mount `parcel-<id>` and one config can be
 *   mounted many times at once (the same application page in two application tabs). Mounting waits for the
 *   screen's i18n namespaces, so the first render is already translated.
 * - Inside, `useScreen()` answers the tab's ScreenProps (path, application, menuId, routeProps, meta,
 *   setCanClose, close), with safe defaults for props a host left out (a parcel mounted by hand).
 * - `useCloseGuard(guard)` registers the screen's close guard while the component is mounted (one guard
 *   per screen: the last registered wins) and removes it on unmount. The guard may be async and ask the
 *   user with `confirmUnsavedChanges()` (Save / Discard / Stay in the shell's dialog).
 * - Mounting a screen starts the page's focus keeper (focus-keeper.ts): after any dialog, or a deleted line, the
 *   focus comes back into the screen, never to the page body.
 */
import * as React from 'react';
import { createContext, useContext, useEffect, useMemo, useRef, type ComponentType } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { askUser, bus, i18n, toScreenProps, translate, type CloseGuard, type ScreenProps } from '@erp/shared';
import { useBusValue } from './hooks.ts';
import { ErrorFallback } from './ErrorFallback.tsx';
import { keepScreenFocus } from './focus-keeper.ts';

/** What single-spa hands a screen parcel's lifecycles: the host's ScreenProps plus single-spa's own. */
export type ScreenParcelProps = Partial<ScreenProps> & { domElement?: HTMLElement; name?: string };

/** A single-spa parcel config: what a route Component `@erp/<module>#<Export>` names. */
export interface ScreenParcel {
  bootstrap(props: ScreenParcelProps): Promise<unknown>;
  mount(props: ScreenParcelProps): Promise<unknown>;
  unmount(props: ScreenParcelProps): Promise<unknown>;
  update(props: ScreenParcelProps): Promise<unknown>;
}

export interface ScreenOptions {
  /** The module exporting the screen, e.g. `@erp/accounting`: written as `data-micro-app` on the screen root. */
  module?: string;
  /** i18n namespaces the screen needs before its first render (default: `apps`). */
  namespaces?: readonly string[];
  /** The package's stylesheets (`linkStylesheet`'s promises), applied before the first render: nothing moves when they arrive. */
  stylesheets?: () => readonly Promise<void>[];
}

const ScreenContext = createContext<ScreenProps | null>(null);

/** The ScreenProps of the screen this component is rendered in. */
export function useScreen(): ScreenProps {
  const screen = useContext(ScreenContext);
  if (!screen) throw new Error('useScreen() is only available inside a screen parcel (see screen() in @erp/ui)');
  return screen;
}

/** The ScreenProps of the enclosing screen, or null outside a screen parcel. */
export function useOptionalScreen(): ScreenProps | null {
  return useContext(ScreenContext);
}

/**
 * Registers the screen's close guard while the calling component is mounted. Pass null/undefined/false when
 * there is nothing to guard (the tab may close). The latest guard function is always the one asked, so it
 * may read the component's current state without re-registering on every render.
 */
export function useCloseGuard(guard: CloseGuard | null | undefined | false): void {
  const { setCanClose } = useScreen();
  const latest = useRef<CloseGuard | null>(guard || null);
  useEffect(() => {
    latest.current = guard || null;
  });
  const active = Boolean(guard);
  useEffect(() => {
    if (!active) return undefined;
    setCanClose(() => (latest.current ? latest.current() : true));
    return () => setCanClose(null);
  }, [active, setCanClose]);
}

/** The answer of the unsaved-changes question. */
export type UnsavedChangesAnswer = 'save' | 'discard' | 'stay';

/**
 * §8 "Unsaved changes revert confirmation" as Save / Discard / Stay in the shell's dialog. Dismissing the
 * dialog (Escape) answers 'stay'.
 */
export async function confirmUnsavedChanges(options: { heading?: string; message?: string } = {}): Promise<UnsavedChangesAnswer> {
  const answer = await askUser({
    heading: options.heading ?? translate('apps:unsaved.heading', 'Unsaved changes'),
    message:
      options.message ??
      translate('apps:unsaved.message', 'This screen has changes that are not saved. Save them before closing?'),
    actions: [
      { id: 'save', label: translate('apps:unsaved.save', 'Save'), variant: 'primary' },
      { id: 'discard', label: translate('apps:unsaved.discard', 'Discard'), variant: 'danger' },
      { id: 'stay', label: translate('apps:unsaved.stay', 'Stay'), variant: 'default' },
    ],
  });
  return answer === 'save' || answer === 'discard' ? answer : 'stay';
}

/**
 * createRoot with a distinct `identifierPrefix` per mounted screen: several screens live on one page at once
 * (kept-alive tabs), and `useId()` must not hand two of them the same ids (a label's `for` would point at
 * another tab's input).
 */
let rootCount = 0;
const prefixedReactDOM = {
  createRoot(container: Element | DocumentFragment, options?: ReactDOMClient.RootOptions) {
    rootCount += 1;
    return ReactDOMClient.createRoot(container, { ...options, identifierPrefix: `erp-s${rootCount}-` });
  },
};

/** Loads the namespaces on the page's i18n instance (once initialised); failures leave the keys' defaults. */
async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  if (!i18n.isInitialized) return;
  const missing = namespaces.filter((namespace) => !i18n.hasLoadedNamespace(namespace));
  if (missing.length === 0) return;
  try {
    await i18n.loadNamespaces(missing);
  } catch {
    // The screen still renders; untranslated keys show their defaults.
  }
}

/** Wraps a React component as a screen parcel config (see the module header). */
export function screen(Component: ComponentType, options: ScreenOptions = {}): ScreenParcel {
  const namespaces = options.namespaces ?? ['apps'];

  function ScreenRoot(props: ScreenParcelProps) {
    // Issue 40 item 9: a language change renders the screen again, so text a screen translates as it renders
    // (`translate(...)` outside a hook: its heading, hence its tab's title) follows the language too.
    const language = useBusValue(bus.language$);
    // A new object only when a prop changed, so context consumers do not re-render for nothing.
    const value = useMemo(
      () => toScreenProps(props),
      // eslint-disable-next-line react-hooks/exhaustive-deps
      [props.path, props.application, props.menuId, props.routeProps, props.meta, props.setCanClose, props.close],
    );
    return (
      <ScreenContext.Provider value={value}>
        <div className="erp-screen" data-micro-app={options.module} data-screen-path={value.path} lang={language}>
          <Component />
        </div>
      </ScreenContext.Provider>
    );
  }
  ScreenRoot.displayName = `Screen(${Component.displayName ?? Component.name ?? 'anonymous'})`;

  const lifecycles = singleSpaReact<ScreenParcelProps>({
    React,
    ReactDOMClient: prefixedReactDOM,
    rootComponent: ScreenRoot,
    errorBoundary: (error) => <ErrorFallback error={error} />,
  });
  type Lifecycle = typeof lifecycles.mount;
  const call = (fn: Lifecycle | undefined, props: ScreenParcelProps) =>
    fn ? fn(props as Parameters<Lifecycle>[0]) : Promise.resolve();

  return {
    bootstrap: (props) => call(lifecycles.bootstrap, props),
    mount: async (props) => {
      // Issue 71 item 2: the focus comes back into the screen after any dialog (focus-keeper.ts).
      keepScreenFocus();
      await Promise.all([loadNamespaces(namespaces), ...(options.stylesheets?.() ?? [])]);
      return call(lifecycles.mount, props);
    },
    unmount: (props) => call(lifecycles.unmount, props),
    update: (props) => call(lifecycles.update, props),
  };
}
