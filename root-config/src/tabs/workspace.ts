/**
 * The workspace: the tab host the layout mounts as its one single-spa application (active on every route).
 * It owns the menu bar, the tab bar and the content area, and follows the route:
 *
 * Hash changes (links, back/forward, typed URLs, `go()`) drive it. For each path (§2, §4):
 * 1. resolve the application from the first segment (router/resolve.ts); unknown → '/' (replaceState);
 * 2. add the application tab and activate it (top bar, menu bar), then load its menus (never for HOME);
 * 3. resolve the menu item from the second segment; unknown → the application root (replaceState); the full
 *    path must be a declared route;
 * 4. open the tab (once per MenuId), mount its screen (loading counter up), mark it loaded, then activate it
 *    — unless the user went elsewhere meanwhile (the tab stays open, in the background).
 * Paths are made canonical with replaceState (`/NOVUS-GL` → `/novus-gl`).
 *
 * Also: application tab / menu tab selection and closing (tab-model rules in workspace-model.ts), the menu
 * bar (§5: no menu area when the profile's showMenus is false; HOME has none), menus whose route opens in a named
 * window of its own (route Meta `window`, §2), open tabs remembered per user and restored lazily after a reload, and the recently
 * opened screens (`bus.recent$`, workspace-memory.ts). The bars' DOM is workspace-view.ts.
 *
 * Why one file of ~450 lines: following a route and the tab commands (select, open, close, cycle) share the
 * follow's state — the serial that makes a late follow change nothing visible, the tab being loaded while
 * the previous screen stays up, the menus being loaded — and each step above reads it; split, that state
 * would have to be passed between files.
 */
import {
  HOME_APPLICATION,
  applicationForPath,
  bus,
  findRoute,
  hashPath,
  hashQuery,
  loadMenus,
  parseComponent,
  partnerFrameAt,
  translate,
  type Application,
  type Menu,
  type RouteWindow,
  type ShellConfig,
} from '@erp/shared';
import { onElement } from '../chrome/elements.ts';
import { go, replacePath } from '../router/guard.ts';
import { resolvePath, resolveWithoutMenus, routeTitle, routeWindow, type Resolution } from '../router/resolve.ts';
import type { KeyValueStore } from './persistence.ts';
import { ScreenHost, importScreenModule, type MountParcel } from './screen-host.ts';
import { applicationTabInit, homeTabInit, routeTabInit } from './tab-inits.ts';
import { WorkspaceMemory } from './workspace-memory.ts';
import { WorkspaceView } from './workspace-view.ts';
import {
  WorkspaceModel,
  type ApplicationTab,
  type ScreenLifecycle,
  type ScreenTab,
} from './workspace-model.ts';

export interface WorkspaceOptions {
  /** The page's import map entries. */
  imports: Record<string, string>;
  /** Where tabs and recent screens are remembered (localStorage), or null. */
  storage: KeyValueStore | null;
  config: ShellConfig | null;
  /** Loads a module through the import map (tests may replace it). */
  loadModule?(specifier: string): Promise<Record<string, unknown>>;
}

export class Workspace {
  readonly model: WorkspaceModel;
  private host: ScreenHost | null = null;
  private mountParcel: MountParcel | null = null;
  private view: WorkspaceView | null = null;
  private readonly cleanups: (() => void)[] = [];
  /** Open tabs and recent screens remembered per user. */
  private readonly memory: WorkspaceMemory;
  /** Increases with every route followed; an older follow that finishes late changes nothing visible. */
  private serial = 0;
  private lastPath: string | null = null;
  /** A tab being loaded to be shown: the previous screen stays visible meanwhile. */
  private pending: string | null = null;
  private menusFor: string | null = null;
  private menusFailed = false;
  /** The windows menus opened by name (route Meta `window`), while the user keeps them open. */
  private readonly namedWindows = new Map<string, Window>();
  /** What was last published on `bus.tabs$` (a switch between open tabs changes nothing there). */
  private lastOpenTabsJson: string | null = null;
  private markFirstScreenShown: () => void = () => undefined;
  /** Tab id → path of the tabs whose screen holds unsaved changes. */
  private readonly dirty = new Map<string, string>();
  /**
   * Issue 71 item 1: the address each screen path was last shown at (its record: `?record=<key>`), by lower-case
   * path, so going back to a tab (tab bar, keys, menu, palette) shows the record it shows, not its list.
   */
  private readonly addresses = new Map<string, string>();
  /** The heading each screen tab's screen shows (its title), by tab id (issue 21 item 7). */
  private readonly screenTitles = new Map<string, string>();
  /** Settles when the first screen has been activated and rendered (work left for later waits for it). */
  readonly firstScreenShown = new Promise<void>((resolve) => (this.markFirstScreenShown = resolve));

  constructor(private readonly options: WorkspaceOptions) {
    // The screens are reached through the host once the workspace is mounted.
    const screens: ScreenLifecycle = {
      canClose: (tab) => this.host?.canClose(tab) ?? Promise.resolve(true),
      destroy: (tab) => {
        this.screenTitles.delete(tab.id);
        return this.host?.destroy(tab) ?? Promise.resolve();
      },
    };
    this.model = new WorkspaceModel(screens, homeTabInit(bus.routes$.value, translate('shell:tabs.home', 'HOME')));
    this.model.subscribe(() => this.render());
    this.memory = new WorkspaceMemory(options.storage, this.model);
  }

  // ---- mounting (single-spa application lifecycles, workspace-app.ts) -----------------------------------

  /** The workspace application's mountParcel once mounted (for screens shown outside tabs). */
  get parcelMounter(): MountParcel | null {
    return this.mountParcel;
  }

  attach(element: HTMLElement, mountParcel: MountParcel): void {
    if (this.view) return;
    this.mountParcel = mountParcel;
    this.view = new WorkspaceView(element);
    const { menuBar, tabBar, area } = this.view;
    this.host = new ScreenHost({
      area,
      imports: this.options.imports,
      mountParcel,
      ...(this.options.loadModule ? { loadModule: this.options.loadModule } : {}),
      // ScreenProps.close(): an application page closes its application tab, like its keyboard shortcut.
      closeTab: (tab) => void (tab.kind === 'application' ? this.closeApplication(tab.application) : this.closeTab(tab.id)),
      // Issue 16: a tab whose screen holds unsaved changes is marked (tab bar here, top bar via the bus).
      dirtyChanged: (tab, dirty) => {
        if (dirty) this.dirty.set(tab.id, tab.path);
        else this.dirty.delete(tab.id);
        bus.dirtyTabs$.next(new Set(this.dirty.values()));
        this.render();
      },
      // Issue 21 item 7: a screen tab is titled as its screen's heading (application pages keep their name).
      titleChanged: (tab, title) => {
        if (tab.kind === 'home' || tab.kind === 'application') return;
        this.screenTitles.set(tab.id, title);
        this.retitle();
      },
    });

    this.cleanups.push(
      onElement(menuBar, 'erp-menu-select', ({ menu, path }) => this.openMenu(menu, path)),
      onElement(tabBar, 'erp-menu-tab-select', ({ id }) => this.selectTab(id)),
      onElement(tabBar, 'erp-menu-tab-close', ({ id }) => void this.closeTab(id)),
    );
    let namesRead = false;
    const subscriptions = [
      bus.menus$.subscribe((menus) => {
        menuBar.menus = menus;
        this.retitle();
      }),
      // Issue 16 item 3: after a language change (locale.ts) the names are read again in the new language:
      // the open tabs take the new titles and the active application's menus are loaded again.
      bus.routes$.subscribe(() => {
        if (!namesRead) return void (namesRead = true);
        this.retitle();
        this.loadActiveMenus(true);
      }),
      bus.session$.subscribe(() => this.render()),
      bus.menuSelect$.subscribe(({ menu, path }) => this.openMenu(menu, path)),
      bus.navigate$.subscribe((path) => this.goTo(path)),
      // §7 recovery: the API is back — load what failed meanwhile, without a reload.
      bus.apiReachable$.subscribe((reachable) => {
        if (reachable && this.menusFailed) this.loadActiveMenus(true);
      }),
    ];
    this.cleanups.push(() => subscriptions.forEach((subscription) => subscription.unsubscribe()));

    this.memory.restore();
    const follow = () => this.onLocation();
    window.addEventListener('hashchange', follow);
    window.addEventListener('popstate', follow);
    // The page going away (reload, close, another tab in front) writes what is still waiting.
    const flush = () => this.memory.flush();
    const flushWhenHidden = () => {
      if (document.visibilityState === 'hidden') this.memory.flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', flushWhenHidden);
    this.cleanups.push(() => {
      window.removeEventListener('hashchange', follow);
      window.removeEventListener('popstate', follow);
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', flushWhenHidden);
      this.memory.flush();
    });
    this.render();
    this.onLocation();
  }

  /** Tears every screen down (the layout never unmounts the workspace; this is for completeness). */
  async detach(): Promise<void> {
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    const host = this.host;
    if (host) for (const tab of this.model.allTabs()) await host.destroy(tab);
    this.view?.root.remove();
    this.view = null;
    this.host = null;
    this.mountParcel = null;
    this.lastPath = null;
    this.lastOpenTabsJson = null;
  }

  // ---- following the route ------------------------------------------------------------------------------

  private onLocation(): void {
    const path = hashPath();
    this.addresses.set(path.toLowerCase(), `${path}${hashQuery()}`);
    if (path === this.lastPath) return;
    this.lastPath = path;
    void this.follow(path).catch((error: unknown) => console.error(`Could not open ${path}`, error));
  }

  /** Applies a route path (see the module header). */
  async follow(path: string): Promise<void> {
    const token = ++this.serial;
    const context = {
      applications: bus.applications$.value,
      routes: bus.routes$.value,
      menusOf: (application: Application) => loadMenus(application.Application),
    };
    let resolution: Resolution | null = resolveWithoutMenus(path, context);
    if (!resolution) {
      // §4: the application tab is added and activated first; then its menus load and decide the menu item.
      const application = applicationForPath(context.applications, path);
      if (application) this.model.activateApplication(this.openApplication(application).application);
      // Issue 69 item 3: the declared route's screen module is read and run while the menus travel (a portal
      // page's first screen waited for the menus' round trip before its module was even imported).
      this.warmScreenModule(path);
      resolution = await resolvePath(path, context);
      if (token !== this.serial) return;
    }
    switch (resolution.kind) {
      case 'redirect':
        // Issue 16 item 4: a link the user may not open says so — not while signed out, nor when the routes
        // could not be read (§8: the shell then starts without them and cannot tell).
        if (resolution.refused && bus.session$.value && bus.routes$.value.length > 0) {
          bus.alert$.next({
            kind: 'warning',
            message: translate('apps:workspace.refused', 'You cannot open {{path}}: it does not exist or is not available to you.', {
              path: resolution.refused,
            }),
          });
        }
        this.redirect(resolution.to);
        return;
      case 'home':
        this.canonicalize('/');
        this.model.activateApplication(HOME_APPLICATION);
        await this.show(this.model.home.page, token);
        return;
      case 'application': {
        const app = this.openApplication(resolution.application);
        this.canonicalize(resolution.path);
        this.model.activateApplication(app.application);
        await this.show(app.page, token);
        return;
      }
      case 'menu': {
        const app = this.openApplication(resolution.application);
        this.canonicalize(resolution.path);
        this.model.activateApplication(app.application);
        const { tab, created } = this.model.openTab(app.application, {
          ...routeTabInit(resolution.path, resolution.route, resolution.menu.MenuName),
          menuId: resolution.menu.MenuId,
        });
        if (created) this.memory.remember(tab);
        await this.show(tab, token);
        return;
      }
      case 'route': {
        const owner = resolution.application ? this.openApplication(resolution.application) : this.model.home;
        this.canonicalize(resolution.path);
        this.model.activateApplication(owner.application);
        const { tab, created } = this.model.openTab(owner.application, routeTabInit(resolution.path, resolution.route));
        if (created) this.memory.remember(tab);
        await this.show(tab, token);
        return;
      }
    }
  }

  /** Starts the import of the module of `path`'s declared route (the screen host's import, kept for its load). */
  private warmScreenModule(path: string): void {
    if (this.options.loadModule) return;
    const component = findRoute(bus.routes$.value, path)?.Component;
    if (!component) return;
    const { module } = parseComponent(component);
    if (Object.hasOwn(this.options.imports, module)) void importScreenModule(module).catch(() => undefined);
  }

  /** §2 redirects replace the history entry (the popstate single-spa fires follows the new path). */
  private redirect(to: string): void {
    replacePath(to);
    this.onLocation();
  }

  /** Puts the canonical spelling of the path in the address bar (same history entry). */
  private canonicalize(path: string): void {
    if (hashPath() === path) return;
    this.lastPath = path;
    // The record the address names stays (issue 71: `?record=<key>`).
    const query = hashQuery();
    replacePath(`${path}${query}`);
    this.addresses.set(path.toLowerCase(), `${path}${query}`);
  }

  /** Goes to a screen's path — at the address it was last shown at (its record) — or to a full address. */
  private goTo(path: string): void {
    go(path.includes('?') ? path : (this.addresses.get(path.replace(/\/+$/, '').toLowerCase()) ?? path));
  }

  private openApplication(application: Application): ApplicationTab {
    return this.model.openApplication(applicationTabInit(application, bus.routes$.value));
  }

  /** Mounts the tab's screen if needed (§4: marked new until loaded), then activates it. */
  private async show(tab: ScreenTab, token: number): Promise<void> {
    const host = this.host;
    if (!host) return;
    if (!host.isReady(tab.id)) {
      this.pending = tab.id;
      this.render();
      await host.ensure(tab);
      if (this.pending === tab.id) this.pending = null;
      this.model.markLoaded(tab.id);
      if (token !== this.serial || !this.model.find(tab.id)) {
        this.render();
        return; // the user went elsewhere meanwhile, or closed it: it stays in the background
      }
    } else if (this.pending !== null) {
      this.pending = null;
    }
    this.model.activate(tab.id);
    this.render();
    this.markFirstScreenShown();
  }

  // ---- user actions -------------------------------------------------------------------------------------

  /** Top bar: an application tab was chosen (the active one again: its initial page). */
  selectApplication(application: string): void {
    const app = this.model.findApplication(application);
    if (!app || app === this.model.home) {
      go('/');
      return;
    }
    this.goTo(app === this.model.activeApplication ? app.page.path : this.model.pathOf(app));
  }

  /** Tab bar: a menu tab was chosen (§4: activating it navigates to the application path plus the menu path). */
  selectTab(id: string): void {
    const tab = this.model.find(id);
    if (tab) this.goTo(tab.path);
  }

  /**
   * Menu bar, launchpad or palette: a menu item was chosen. Its route decides (data, not menu ids): a route whose
   * Meta names a window opens there (§2), any other as a tab.
   */
  openMenu(_menu: Pick<Menu, 'MenuId'>, path: string): void {
    const target = routeWindow(findRoute(bus.routes$.value, path));
    if (target) this.openWindow(target, path);
    else this.goTo(path);
  }

  /** §2: opens the window of that name if it is not open, and focuses it otherwise. */
  openWindow(target: RouteWindow, path: string): void {
    const open = this.namedWindows.get(target.name);
    if (open && !open.closed) {
      open.focus();
      return;
    }
    const url = target.url || partnerFrameAt(this.options.config, path)?.frameUrl || new URL(`/#${path}`, window.location.origin).href;
    const opened = window.open(url, target.name);
    if (opened) this.namedWindows.set(target.name, opened);
    else this.namedWindows.delete(target.name);
  }

  /** Closes a menu tab (asking its screen); goes to the neighbour when it was shown. */
  async closeTab(id: string): Promise<void> {
    const tab = this.model.find(id);
    if (!tab) return;
    const outcome = await this.model.closeTab(id);
    if (outcome.closed) this.closed([tab]);
    if (outcome.navigateTo) this.goTo(outcome.navigateTo);
  }

  /** Top bar: closes an application tab and its menu tabs (each asked); goes to the route the close answers. */
  async closeApplication(application: string): Promise<void> {
    const app = this.model.findApplication(application);
    if (!app) return;
    const tabs = this.model.tabsOf(app);
    const outcome = await this.model.closeApplication(application);
    this.closed(tabs.filter((tab) => !this.model.find(tab.id)));
    if (outcome.navigateTo) this.goTo(outcome.navigateTo);
  }

  /** Keyboard: closes the tab shown (an initial page closes its application tab; HOME never closes). */
  closeActiveTab(): void {
    const tab = this.model.activeTab;
    if (tab.kind === 'menu' || tab.kind === 'route') void this.closeTab(tab.id);
    else if (tab.kind === 'application') void this.closeApplication(tab.application);
  }

  /** Keyboard: the next / previous tab of the active application tab. */
  cycleTab(step: 1 | -1): void {
    const tab = this.model.adjacent(step);
    if (tab) this.goTo(tab.path);
  }

  /** Keyboard: the next / previous application tab. */
  cycleApplication(step: 1 | -1): void {
    const app = this.model.adjacentApplication(step);
    if (app) this.goTo(this.model.pathOf(app));
  }

  /** Announces torn-down menu tabs on `bus.tabClosed$`. */
  private closed(tabs: readonly ScreenTab[]): void {
    for (const tab of tabs) {
      if (this.pending === tab.id) this.pending = null;
      this.addresses.delete(tab.path.toLowerCase());
      if (tab.kind === 'menu' || tab.kind === 'route') {
        bus.tabClosed$.next({ application: tab.application, menuId: tab.menuId ?? tab.path });
      }
    }
  }

  // ---- rendering --------------------------------------------------------------------------------------

  private render(): void {
    const app = this.model.activeApplication;
    const active = this.model.activeTab;
    const openTabs = this.model.toOpenTabs();
    const openTabsJson = JSON.stringify(openTabs);
    if (openTabsJson !== this.lastOpenTabsJson) {
      this.lastOpenTabsJson = openTabsJson;
      bus.tabs$.next(openTabs);
    }
    if (bus.activeApplication$.value !== app.application) bus.activeApplication$.next(app.application);
    this.loadActiveMenus(false);
    this.memory.tabsChanged();

    if (!this.view) return;
    this.view.update(app, active, this.dirty);

    // The previous screen stays visible while the next one loads.
    const host = this.host;
    if (host && this.pending === null && host.isReady(active.id)) host.show(active.id);
  }

  /** Tab titles from the names last read (menus of the active application, route titles, Descriptions). */
  private retitle(): void {
    const applications = bus.applications$.value;
    const routes = bus.routes$.value;
    const menus = bus.menus$.value;
    this.model.relabel((tab) => {
      if (tab.kind === 'home') return translate('shell:tabs.home', 'HOME');
      if (tab.kind === 'application') {
        const app = applications.find((a) => a.Application.toUpperCase() === tab.application.toUpperCase());
        return app ? app.Description || app.Application : null;
      }
      // The heading its screen shows, once shown: one name per screen (issue 21 item 7).
      const shown = this.screenTitles.get(tab.id);
      if (shown) return shown;
      const menu = tab.menuId ? menus.find((m) => m.MenuId === tab.menuId) : undefined;
      if (menu) return menu.MenuName;
      const route = findRoute(routes, tab.path);
      return route ? routeTitle(route) : null;
    });
    // The recent screens (HOME, the palette) by the same names: an open screen's heading, else its route's title.
    const headings = new Map(this.model.allTabs().flatMap((tab) => {
      const title = this.screenTitles.get(tab.id);
      return title ? [[tab.path, title] as const] : [];
    }));
    this.memory.relabelRecent((path) => {
      const heading = headings.get(path);
      if (heading) return heading;
      const route = findRoute(routes, path);
      return route ? routeTitle(route) : null;
    });
  }

  /** §4: the active application's menus are loaded when the application changes; HOME has none. */
  private loadActiveMenus(force: boolean): void {
    const application = this.model.activeApplication.application;
    if (!force && this.menusFor === application) return;
    this.menusFor = application;
    this.menusFailed = false;
    if (application === HOME_APPLICATION) {
      if (bus.menus$.value.length) bus.menus$.next([]);
      return;
    }
    loadMenus(application).then(
      (menus) => {
        if (this.menusFor === application) bus.menus$.next(menus);
      },
      () => {
        if (this.menusFor !== application) return;
        bus.menus$.next([]);
        this.menusFailed = true;
      },
    );
  }
}
