/**
 * The tab host's DOM side (§2 "each open screen is kept alive per path", §4 menu tabs): every open tab
 * that has been shown owns one container `<div data-tab-path="/novus-gl/gl-chart" hidden>` in the content
 * area and one mounted screen parcel. Switching tabs toggles `hidden` — a screen is never re-mounted while
 * its tab is open, across application tabs too. Closing a tab asks the screen's close guard, unmounts the
 * parcel, removes the container and drops every reference, so the screen's memory is freed.
 *
 * Parcels are mounted with the workspace application's own `mountParcel` (single-spa props), not
 * `mountRootParcel`: single-spa 6 never deletes a root parcel from its registry after unmount (the owner
 * of root parcels has no name), so every closed root parcel — with its props and DOM element — would stay
 * reachable. Application-owned parcels are deleted from their owner on unmount.
 *
 * Loading a screen (its module through the import map, then its parcel's mount) raises the §4 loading
 * counter. A module missing from the import map, or an export that is not a parcel, shows "This screen is
 * not available in this release."; a failed load shows an error with Try again (status-view.ts).
 */
import type { Parcel, ParcelConfig } from 'single-spa';
import {
  beginLoading,
  isScreenParcel,
  onceUntilFailure,
  parseComponent,
  parseRouteJson,
  type CloseGuard,
  type ScreenProps,
} from '@erp/shared';
import { StatusView, type StatusKind } from './status-view.ts';
import type { ScreenLifecycle, ScreenTab } from './workspace-model.ts';

/** single-spa's mountParcel (the workspace application's, bound to it). */
export type MountParcel = (config: ParcelConfig, props: ScreenProps & { domElement: HTMLElement }) => Parcel;

export interface ScreenHostOptions {
  /** The content area holding the tab containers. */
  area: HTMLElement;
  /** The page's import map (`imports`): a module outside it is not in this release. */
  imports: Record<string, string>;
  mountParcel: MountParcel;
  /** Loads a module through the import map (default: `import()`). */
  loadModule?(specifier: string): Promise<Record<string, unknown>>;
  /** ScreenProps.close: the screen asks to close its tab. */
  closeTab(tab: ScreenTab): void;
  /** The screen registered (true) or removed (false) its close guard: it holds unsaved changes or not. */
  dirtyChanged?(tab: ScreenTab, dirty: boolean): void;
  /** Issue 21 item 7: the screen's heading (its title, in the user's language) was shown or changed. */
  titleChanged?(tab: ScreenTab, title: string): void;
}

/** A screen's title: its records title, else its first level-2 heading (the screen kinds' headings). */
function headingOf(container: HTMLElement): string {
  const heading = container.querySelector('.records-title') ?? container.querySelector('h2');
  return heading?.textContent?.trim() ?? '';
}

interface HostedScreen {
  tab: ScreenTab;
  container: HTMLDivElement;
  parcel: Parcel | null;
  guard: CloseGuard | null;
  status: StatusView | null;
  /** Settles when the screen has loaded (or failed to). */
  ready: Promise<void>;
  /** True once `ready` has settled. */
  loaded: boolean;
  destroyed: boolean;
  /** Watches the heading for the tab's title (titleChanged). */
  titles: MutationObserver | null;
}

/**
 * A screen module's import, once while it succeeds (tabs and the screen dialog): a screen of a module already
 * loaded mounts in the same task as its route (issue 44), where a new `import()` would wait for a task of the
 * browser's module loader — after a frame.
 */
const modules = new Map<string, () => Promise<Record<string, unknown>>>();
export function importScreenModule(specifier: string): Promise<Record<string, unknown>> {
  let load = modules.get(specifier);
  if (!load) {
    load = onceUntilFailure(() => import(/* @vite-ignore */ specifier) as Promise<Record<string, unknown>>);
    modules.set(specifier, load);
  }
  return load();
}

export class ScreenHost implements ScreenLifecycle {
  private readonly screens = new Map<string, HostedScreen>();
  private shownId: string | null = null;

  constructor(private readonly options: ScreenHostOptions) {}

  /** True when the tab's screen has been created (mounted, or showing its status). */
  has(id: string): boolean {
    return this.screens.has(id);
  }

  /** True when the tab's screen has loaded (mounted, or showing why it could not). */
  isReady(id: string): boolean {
    return this.screens.get(id)?.loaded === true;
  }

  /** Number of live screens (containers) — for diagnostics and tests. */
  get size(): number {
    return this.screens.size;
  }

  /** The id of the tab whose container is visible. */
  get shown(): string | null {
    return this.shownId;
  }

  /**
   * Creates the tab's container and mounts its screen unless that was done; settles when the screen has
   * loaded (or shows why it could not).
   */
  ensure(tab: ScreenTab): Promise<void> {
    const existing = this.screens.get(tab.id);
    if (existing) return existing.ready;
    const container = document.createElement('div');
    container.className = 'erp-tab-screen';
    container.dataset['tabPath'] = tab.path;
    container.dataset['tabId'] = tab.id;
    container.hidden = true;
    container.tabIndex = -1; // focusable by script: focus moves here when tabs switch under it
    this.options.area.append(container);
    const screen: HostedScreen = {
      tab,
      container,
      parcel: null,
      guard: null,
      status: null,
      ready: Promise.resolve(),
      loaded: false,
      destroyed: false,
      titles: null,
    };
    // One name per screen (issue 21 item 7): the tab's title is the heading the screen shows, in its language.
    const titleChanged = this.options.titleChanged;
    if (titleChanged && typeof MutationObserver === 'function') {
      let title = '';
      screen.titles = new MutationObserver(() => {
        const next = headingOf(container);
        if (next && next !== title) {
          title = next;
          titleChanged(tab, next);
        }
      });
      screen.titles.observe(container, { childList: true, subtree: true, characterData: true });
    }
    this.screens.set(tab.id, screen);
    screen.ready = this.load(screen);
    return screen.ready;
  }

  /**
   * Shows one tab's container and hides every other one (null hides all). When the focus was in the screen
   * being hidden, it moves to the screen shown (its container), instead of being lost to the page body.
   */
  show(id: string | null): void {
    const previous = this.shownId ? this.screens.get(this.shownId) : undefined;
    const focused = globalThis.document?.activeElement;
    const hadFocus = !!previous && !!focused && previous.container.contains(focused);
    this.shownId = id && this.screens.has(id) ? id : null;
    for (const [screenId, screen] of this.screens) {
      const visible = screenId === this.shownId;
      if (screen.container.hidden === visible) screen.container.hidden = !visible;
      // Shown once: from now on hidden keeps its layout (shell.css), so coming back is cheap.
      if (visible && !('kept' in screen.container.dataset)) screen.container.dataset['kept'] = '';
    }
    const next = this.shownId ? this.screens.get(this.shownId) : undefined;
    if (hadFocus && next && next !== previous) next.container.focus({ preventScroll: true });
  }

  async canClose(tab: ScreenTab): Promise<boolean> {
    const screen = this.screens.get(tab.id);
    if (!screen) return true; // never shown: nothing to lose
    await screen.ready;
    const guard = screen.guard;
    return guard ? (await guard()) === true : true;
  }

  async destroy(tab: ScreenTab): Promise<void> {
    const screen = this.screens.get(tab.id);
    if (!screen) return;
    this.screens.delete(tab.id);
    if (this.shownId === tab.id) this.shownId = null;
    screen.destroyed = true;
    screen.titles?.disconnect();
    screen.titles = null;
    await screen.ready;
    await this.unmount(screen);
    screen.status?.dispose();
    screen.container.remove();
    screen.status = null;
    if (screen.guard) this.options.dirtyChanged?.(tab, false);
    screen.guard = null;
  }

  private async unmount(screen: HostedScreen): Promise<void> {
    const parcel = screen.parcel;
    screen.parcel = null;
    if (!parcel) return;
    try {
      await parcel.mountPromise;
    } catch {
      // a parcel that failed to mount is not mounted
    }
    if (parcel.getStatus() !== 'MOUNTED') return;
    try {
      await parcel.unmount();
    } catch (error) {
      console.error(`The screen of ${screen.tab.path} failed to unmount`, error);
    }
  }

  private async load(screen: HostedScreen): Promise<void> {
    const { tab } = screen;
    const done = beginLoading();
    try {
      const { module, exportName } = parseComponent(tab.component);
      if (!Object.hasOwn(this.options.imports, module)) return this.showStatus(screen, 'unavailable');
      let exports: Record<string, unknown>;
      try {
        exports = await (this.options.loadModule ?? importScreenModule)(module);
      } catch (error) {
        console.error(`The module ${module} could not be loaded`, error);
        return this.showStatus(screen, 'failed');
      }
      if (screen.destroyed) return;
      const config = exports[exportName];
      if (!isScreenParcel(config)) return this.showStatus(screen, 'unavailable');

      const element = document.createElement('div');
      element.className = 'erp-tab-screen__parcel';
      screen.container.append(element);
      const props: ScreenProps & { domElement: HTMLElement } = {
        domElement: element,
        path: tab.path,
        application: tab.application,
        menuId: tab.menuId,
        routeProps: parseRouteJson(tab.routeProps),
        meta: parseRouteJson(tab.meta),
        setCanClose: (guard) => {
          if (screen.destroyed) return;
          const was = screen.guard !== null;
          screen.guard = guard;
          if (was !== (guard !== null)) this.options.dirtyChanged?.(screen.tab, guard !== null);
        },
        close: () => {
          if (!screen.destroyed) this.options.closeTab(screen.tab);
        },
      };
      const parcel = this.options.mountParcel(config as unknown as ParcelConfig, props);
      screen.parcel = parcel;
      try {
        await parcel.mountPromise;
      } catch (error) {
        console.error(`The screen ${tab.component} failed to mount`, error);
        await this.unmount(screen);
        element.remove();
        this.showStatus(screen, 'failed');
      }
    } finally {
      screen.loaded = true;
      done();
    }
  }

  private showStatus(screen: HostedScreen, kind: StatusKind): void {
    if (screen.destroyed) return;
    screen.status?.dispose();
    const retry = () => {
      if (screen.destroyed) return;
      screen.status?.dispose();
      screen.status = null;
      screen.loaded = false;
      screen.ready = this.load(screen);
    };
    screen.status = new StatusView(screen.container, kind, screen.tab.label, retry);
  }
}
