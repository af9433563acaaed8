/**
 * The screen contract between the shell's tab host (root-config) and the micro-apps.
 *
 * A route definition's Component `@erp/<module>#<Export>` names an export of a micro-app module; that export
 * is a single-spa parcel config (`{ bootstrap, mount, unmount, update? }`);
 * `parseComponent` in navigation.ts splits the Component. The tab host mounts one parcel
 * per open tab with `mountParcel(config, { domElement, ...ScreenProps })` (its single-spa application's
 * mountParcel: single-spa 6 never frees root parcels), hides and shows its container when tabs switch (never
 * re-mounts: §2 "each open screen is kept alive per path"), and unmounts it when the tab closes — after
 * asking the screen's close guard (§4 "Closing a menu tab is allowed only if that screen agrees it can
 * close"). React screens are built with `screen(Component)` of @erp/ui (`useScreen()`, `useCloseGuard()`).
 *
 * A guard may ask the user with `askUser` below (the shell shows it in its dialog); `ScreenProps.close()`
 * asks the shell to close the screen's tab (the guard is still asked).
 */

import { bus, type ConfirmAction } from './bus.ts';
import { hashPath } from './navigation.ts';
import { onceUntilFailure } from './once.ts';

/** Answer of a close guard: may the tab close now? (May ask the user: Save / Discard / Stay.) */
export type CloseGuard = () => boolean | Promise<boolean>;

/** Custom props the tab host passes to every screen parcel. */
export interface ScreenProps {
  /** Full hash path of the tab, e.g. `/novus-gl/gl-chart`. */
  path: string;
  /** Application name, e.g. `NOVUS-GL` (`HOME` for the home page). */
  application: string;
  /** Menu id of the tab, or null for an application's initial page. */
  menuId: string | null;
  /** The route definition's Props, parsed (§3: JSON text). */
  routeProps: Record<string, unknown>;
  /** The route definition's Meta, parsed. */
  meta: Record<string, unknown>;
  /**
   * Registers (or, with null, removes) the screen's close guard. A screen has a guard exactly while it holds
   * unsaved changes: the shell marks its tab meanwhile (`bus.dirtyTabs$`).
   */
  setCanClose(guard: CloseGuard | null): void;
  /**
   * Asks the shell to close this screen's tab, as the tab's close button does (the close guard is asked
   * first). Optional: a parcel mounted outside the tab host has no tab to close.
   */
  close?(): void;
}

/** A single-spa parcel config: what a route Component names. */
export interface ScreenParcelConfig {
  bootstrap: unknown;
  mount: unknown;
  unmount: unknown;
  update?: unknown;
}

const isLifecycle = (value: unknown) =>
  typeof value === 'function' || (Array.isArray(value) && value.every((fn) => typeof fn === 'function'));

/** True for a value single-spa can mount as a parcel (bootstrap, mount and unmount lifecycles). */
export function isScreenParcel(value: unknown): value is ScreenParcelConfig {
  if (!value || (typeof value !== 'object' && typeof value !== 'function')) return false;
  const config = value as Record<string, unknown>;
  return isLifecycle(config['bootstrap']) && isLifecycle(config['mount']) && isLifecycle(config['unmount']);
}

const noGuard = (_guard: CloseGuard | null): void => {};

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * The ScreenProps inside the props single-spa hands a parcel's lifecycles, with safe defaults for what a
 * host left out (a parcel mounted by hand): the current hash path, empty routeProps and meta, a no-op
 * setCanClose.
 */
export function toScreenProps(props: Partial<ScreenProps> | null | undefined): ScreenProps {
  const source = props ?? {};
  const screen: ScreenProps = {
    path: typeof source.path === 'string' && source.path ? source.path : hashPath(),
    application: typeof source.application === 'string' ? source.application : '',
    menuId: typeof source.menuId === 'string' ? source.menuId : null,
    routeProps: asRecord(source.routeProps),
    meta: asRecord(source.meta),
    setCanClose: typeof source.setCanClose === 'function' ? source.setCanClose : noGuard,
  };
  if (typeof source.close === 'function') screen.close = source.close;
  return screen;
}

/** A question for `askUser`. */
export interface Question {
  heading: string;
  message: string;
  /** The buttons, the default one first. Escape (and closing the dialog) answers 'cancel'. */
  actions: ConfirmAction[];
}

/**
 * Asks the user a question in the shell's dialog (`bus.confirm$`) and answers the id of the chosen action,
 * or 'cancel' when the dialog was dismissed. Screens use it from their close guards (Save / Discard / Stay).
 * Without a shell listening (a page with no root config) the browser's own confirm() stands in: OK answers
 * the first action, Cancel answers 'cancel'.
 */
export function askUser(question: Question): Promise<string> {
  if (!bus.confirm$.observed) {
    const ok = typeof globalThis.confirm === 'function' && globalThis.confirm(`${question.heading}\n\n${question.message}`);
    return Promise.resolve(ok ? (question.actions[0]?.id ?? 'cancel') : 'cancel');
  }
  return new Promise((resolve) => {
    let answered = false;
    bus.confirm$.next({
      ...question,
      resolve(actionId) {
        if (answered) return;
        answered = true;
        resolve(actionId);
      },
    });
  });
}

/** Parses a route definition's JSON text field; null, empty or invalid text gives an empty object. */
export function parseRouteJson(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

type Lifecycle = (props: unknown) => Promise<unknown>;

/** Runs a single-spa lifecycle, which may be one function or an array run in order. */
async function runLifecycle(lifecycle: unknown, props: unknown): Promise<void> {
  const steps = (Array.isArray(lifecycle) ? lifecycle : lifecycle ? [lifecycle] : []) as Lifecycle[];
  for (const step of steps) await step(props);
}

/**
 * A screen parcel whose real config is loaded on its first bootstrap, so a module can export a light screen
 * (the home page, at boot) beside heavy ones (React) without loading them together. A failed load is
 * forgotten: the tab host's Try again loads it anew.
 */
export function lazyScreen(load: () => Promise<ScreenParcelConfig>): ScreenParcelConfig {
  const config = onceUntilFailure(load);
  const delegate =
    (name: keyof ScreenParcelConfig) =>
    async (props: unknown): Promise<void> => {
      await runLifecycle((await config())[name], props);
    };
  return { bootstrap: delegate('bootstrap'), mount: delegate('mount'), unmount: delegate('unmount'), update: delegate('update') };
}
