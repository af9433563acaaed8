/**
 * The tab model (§4 application tabs, menu tabs) — pure: no DOM, no single-spa; the screens are reached
 * through `ScreenLifecycle` (the tab host in screen-host.ts; a fake in the unit tests).
 *
 * - Application tabs in order, HOME first. HOME is always present and cannot be closed.
 * - Each application tab has its initial page (the application root path: a kept-alive screen like any
 *   other) and its menu tabs in opening order; one of them is the application tab's active tab.
 * - A menu tab opens once per MenuId (a declared route no menu names: once per path). It is marked new
 *   until its screen has loaded.
 * - Closing a menu tab asks its screen (`canClose`, may be async); when it agrees the tab is removed, its
 *   screen torn down, and — when it was the application tab's active tab — the neighbouring tab (the next,
 *   else the previous) becomes active, or the application's initial page if none remains.
 * - Closing an application tab asks and closes each of its menu tabs in order, then its initial page; the
 *   first refusal stops it there (that tab becomes active). It answers the route to go to: the neighbouring
 *   application tab's active path (the next tab, else the previous, HOME at worst) when it was active.
 *
 * Why one file of ~420 lines: it is one state machine — the rules above all read and change the same
 * application tabs and their active tabs, and the unit tests drive it as one (workspace-model.test.ts).
 */
import { HOME_APPLICATION, menusVisible, normalizeRouterPath, type OpenApplicationTab, type UserProfile } from '@erp/shared';

export type ScreenTabKind = 'home' | 'application' | 'menu' | 'route';

/** One open screen: an application's initial page, a menu tab, or a declared route's tab. */
export interface ScreenTab {
  readonly id: string;
  readonly kind: ScreenTabKind;
  /** Name of the application tab that holds it (`HOME` for the home page and routes outside applications). */
  readonly application: string;
  /** Canonical hash path, e.g. `/novus-gl/gl-chart`. */
  readonly path: string;
  readonly label: string;
  readonly menuId: string | null;
  /** Route Component `<module>#<export>`. */
  readonly component: string;
  /** Route Props and Meta (JSON text). */
  readonly routeProps: string | null;
  readonly meta: string | null;
  /** §4: marked new until its screen has loaded. */
  isNew: boolean;
}

export interface ApplicationTab {
  readonly application: string;
  readonly routerPath: string;
  readonly label: string;
  /** The initial page (application root path). */
  readonly page: ScreenTab;
  readonly menuTabs: ScreenTab[];
  /** Id of the tab shown when this application tab is active. */
  activeId: string;
}

/** The screens behind the tabs. */
export interface ScreenLifecycle {
  /** Asks the tab's screen whether it may close (true when it has no guard or was never mounted). */
  canClose(tab: ScreenTab): Promise<boolean>;
  /** Unmounts the tab's screen and frees its container (no-op when it was never mounted). */
  destroy(tab: ScreenTab): Promise<void>;
}

export interface CloseOutcome {
  closed: boolean;
  /** Where to go now (the neighbour, or the tab that refused), or null to stay. */
  navigateTo: string | null;
}

/** What a screen tab is made of (the model sets id, kind and isNew). */
export interface ScreenTabInit {
  path: string;
  label: string;
  component: string;
  routeProps?: string | null;
  meta?: string | null;
}

export interface ApplicationTabInit {
  application: string;
  routerPath: string;
  label: string;
  page: ScreenTabInit;
}

const upper = (value: string) => value.toUpperCase();
const pathKey = (path: string) => normalizeRouterPath(path).toLowerCase();

export function pageTabId(application: string): string {
  return `page:${upper(application)}`;
}

export function menuTabId(menuId: string): string {
  return `menu:${menuId}`;
}

export function routeTabId(path: string): string {
  return `route:${pathKey(path)}`;
}

function makeTab(
  id: string,
  kind: ScreenTabKind,
  application: string,
  init: ScreenTabInit,
  menuId: string | null,
  isNew: boolean,
): ScreenTab {
  return {
    id,
    kind,
    application,
    path: normalizeRouterPath(init.path),
    label: init.label,
    menuId,
    component: init.component,
    routeProps: init.routeProps ?? null,
    meta: init.meta ?? null,
    isNew,
  };
}

/**
 * §2, §5: the menu area shows the active application's menus — never for HOME (it has none), and not at
 * all when the profile says showMenus false.
 */
export function showsMenuArea(application: string, profile: Pick<UserProfile, 'showMenus'> | null | undefined): boolean {
  return upper(application) !== HOME_APPLICATION && menusVisible(profile);
}

const NOT_CLOSED: CloseOutcome = { closed: false, navigateTo: null };

export class WorkspaceModel {
  private readonly tabs: ApplicationTab[];
  private active: string = HOME_APPLICATION;
  private readonly listeners = new Set<() => void>();
  /** Tabs and application tabs being closed (a second close request meanwhile is ignored). */
  private readonly closing = new Set<string>();

  constructor(
    private readonly screens: ScreenLifecycle,
    home: Omit<ScreenTabInit, 'path'>,
  ) {
    const page = makeTab(pageTabId(HOME_APPLICATION), 'home', HOME_APPLICATION, { ...home, path: '/' }, null, false);
    this.tabs = [{ application: HOME_APPLICATION, routerPath: '/', label: home.label, page, menuTabs: [], activeId: page.id }];
  }

  // ---- reading ---------------------------------------------------------------------------------------

  /** Application tabs in order, HOME first. */
  get applications(): readonly ApplicationTab[] {
    return this.tabs;
  }

  get home(): ApplicationTab {
    return this.tabs[0]!;
  }

  get activeApplication(): ApplicationTab {
    return this.findApplication(this.active) ?? this.home;
  }

  /** The tab shown now: the active application tab's active tab. */
  get activeTab(): ScreenTab {
    const app = this.activeApplication;
    return this.tabsOf(app).find((tab) => tab.id === app.activeId) ?? app.page;
  }

  findApplication(application: string): ApplicationTab | null {
    return this.tabs.find((tab) => upper(tab.application) === upper(application)) ?? null;
  }

  /** The initial page and the menu tabs of an application tab, in order. */
  tabsOf(app: ApplicationTab): ScreenTab[] {
    return [app.page, ...app.menuTabs];
  }

  /** Every open screen tab, application by application. */
  allTabs(): ScreenTab[] {
    return this.tabs.flatMap((app) => this.tabsOf(app));
  }

  find(id: string): ScreenTab | null {
    return this.allTabs().find((tab) => tab.id === id) ?? null;
  }

  findByPath(path: string): ScreenTab | null {
    const key = pathKey(path);
    return this.allTabs().find((tab) => pathKey(tab.path) === key) ?? null;
  }

  ownerOf(id: string): ApplicationTab | null {
    return this.tabs.find((app) => this.tabsOf(app).some((tab) => tab.id === id)) ?? null;
  }

  /** Where selecting an application tab goes: its active tab's path. */
  pathOf(app: ApplicationTab): string {
    return (this.tabsOf(app).find((tab) => tab.id === app.activeId) ?? app.page).path;
  }

  /** The tab `step` places after (1) or before (-1) the active one in the active application tab, cyclic. */
  adjacent(step: 1 | -1): ScreenTab | null {
    const app = this.activeApplication;
    const list = this.tabsOf(app);
    if (list.length < 2) return null;
    const index = Math.max(0, list.findIndex((tab) => tab.id === app.activeId));
    return list[(index + step + list.length) % list.length] ?? null;
  }

  /** The application tab `step` places after or before the active one, cyclic. */
  adjacentApplication(step: 1 | -1): ApplicationTab | null {
    if (this.tabs.length < 2) return null;
    const index = Math.max(0, this.tabs.indexOf(this.activeApplication));
    return this.tabs[(index + step + this.tabs.length) % this.tabs.length] ?? null;
  }

  /** The tabs as `bus.tabs$` publishes them. */
  toOpenTabs(): OpenApplicationTab[] {
    return this.tabs.map((app) => ({
      application: app.application,
      routerPath: app.routerPath,
      menuTabs: app.menuTabs.map((tab) => ({
        menuId: tab.menuId ?? tab.path,
        title: tab.label,
        path: tab.path,
        isNew: tab.isNew,
      })),
    }));
  }

  /**
   * Issue 16 item 3: new tab titles after a language change. `labelOf` answers a tab's title in the new
   * language, or null to keep it; listeners hear of it only when a title changed.
   */
  relabel(labelOf: (tab: ScreenTab) => string | null): void {
    let changed = false;
    for (const app of this.tabs) {
      for (const tab of this.tabsOf(app)) {
        const label = labelOf(tab);
        if (label === null || label === tab.label) continue;
        // Titles are read-only to everyone else; only a relabel writes them.
        (tab as { label: string }).label = label;
        if (tab === app.page) (app as { label: string }).label = label;
        changed = true;
      }
    }
    if (changed) this.notify();
  }

  /** Called after every change. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ---- opening and activating ----------------------------------------------------------------------

  /** Adds the application's tab (at the end) unless it is open; answers the tab. Does not activate it. */
  openApplication(init: ApplicationTabInit): ApplicationTab {
    const existing = this.findApplication(init.application);
    if (existing) return existing;
    if (upper(init.application) === HOME_APPLICATION) return this.home;
    const page = makeTab(pageTabId(init.application), 'application', init.application, init.page, null, false);
    const app: ApplicationTab = {
      application: init.application,
      routerPath: normalizeRouterPath(init.routerPath),
      label: init.label,
      page,
      menuTabs: [],
      activeId: page.id,
    };
    this.tabs.push(app);
    this.notify();
    return app;
  }

  /**
   * Adds a menu tab (once per MenuId) or a route tab (once per path) to an open application tab; answers
   * the tab and whether it is new. A new tab is marked new and is not active yet (§4: it is activated once
   * its screen has loaded); a restored one (`restored`) is not marked new.
   */
  openTab(
    application: string,
    init: ScreenTabInit & { menuId?: string | null; restored?: boolean },
  ): { tab: ScreenTab; created: boolean } {
    const app = this.findApplication(application);
    if (!app) throw new Error(`openTab: the application tab ${application} is not open`);
    const menuId = init.menuId ?? null;
    const id = menuId ? menuTabId(menuId) : routeTabId(init.path);
    const existing = this.find(id) ?? this.findByPath(init.path);
    if (existing) return { tab: existing, created: false };
    // A tab restored after a reload is not new: it was opened in an earlier visit.
    const tab = makeTab(id, menuId ? 'menu' : 'route', app.application, init, menuId, !init.restored);
    app.menuTabs.push(tab);
    this.notify();
    return { tab, created: true };
  }

  /** Makes the application tab active (its active tab is shown). */
  activateApplication(application: string): void {
    const app = this.findApplication(application);
    if (!app || app.application === this.active) return;
    this.active = app.application;
    this.notify();
  }

  /** Makes a tab the active one of its application tab, and that application tab the active one. */
  activate(id: string): void {
    const app = this.ownerOf(id);
    if (!app) return;
    if (app.activeId === id && this.active === app.application) return;
    app.activeId = id;
    this.active = app.application;
    this.notify();
  }

  /** §4: the tab's screen has loaded; it is no longer new. */
  markLoaded(id: string): void {
    const tab = this.find(id);
    if (!tab || !tab.isNew) return;
    tab.isNew = false;
    this.notify();
  }

  // ---- closing ---------------------------------------------------------------------------------------

  /** Closes a menu or route tab (see the module header). Initial pages close with their application tab. */
  async closeTab(id: string): Promise<CloseOutcome> {
    const tab = this.find(id);
    if (!tab || tab.kind === 'home' || tab.kind === 'application' || this.closing.has(id)) return NOT_CLOSED;
    this.closing.add(id);
    try {
      if (!(await this.ask(tab))) return NOT_CLOSED;
      const app = this.ownerOf(id);
      if (!app) return { closed: true, navigateTo: null }; // closed meanwhile with its application tab
      const wasShown = this.activeTab.id === id;
      const neighbour = this.remove(app, tab);
      this.notify();
      await this.destroy(tab);
      return { closed: true, navigateTo: wasShown && neighbour ? neighbour.path : null };
    } finally {
      this.closing.delete(id);
    }
  }

  /** Closes an application tab and its menu tabs (see the module header). HOME never closes. */
  async closeApplication(application: string): Promise<CloseOutcome> {
    const app = this.findApplication(application);
    const key = `app:${upper(application)}`;
    if (!app || app === this.home || this.closing.has(key)) return NOT_CLOSED;
    this.closing.add(key);
    try {
      for (const tab of [...app.menuTabs]) {
        if (!app.menuTabs.includes(tab)) continue; // closed meanwhile
        if (!(await this.ask(tab))) return this.refused(app, tab);
        if (!app.menuTabs.includes(tab)) continue;
        this.remove(app, tab);
        this.notify();
        await this.destroy(tab);
      }
      if (!(await this.ask(app.page))) return this.refused(app, app.page);
      const index = this.tabs.indexOf(app);
      if (index < 0) return { closed: true, navigateTo: null };
      const wasActive = this.active === app.application;
      // A menu tab opened while the page was being asked closes with it (it was not asked: it is brand new).
      const late = [...app.menuTabs];
      this.tabs.splice(index, 1);
      const neighbour = this.tabs[index] ?? this.tabs[index - 1] ?? this.home;
      if (wasActive) this.active = neighbour.application;
      this.notify();
      for (const tab of late) await this.destroy(tab);
      await this.destroy(app.page);
      return { closed: true, navigateTo: wasActive ? this.pathOf(neighbour) : null };
    } finally {
      this.closing.delete(key);
    }
  }

  /** Removes a menu tab from its application tab; answers the application tab's active tab afterwards. */
  private remove(app: ApplicationTab, tab: ScreenTab): ScreenTab | null {
    const index = app.menuTabs.indexOf(tab);
    if (index < 0) return null;
    app.menuTabs.splice(index, 1);
    if (app.activeId === tab.id) {
      const neighbour = app.menuTabs[index] ?? app.menuTabs[index - 1] ?? app.page;
      app.activeId = neighbour.id;
      return neighbour;
    }
    return this.tabsOf(app).find((other) => other.id === app.activeId) ?? app.page;
  }

  private refused(app: ApplicationTab, tab: ScreenTab): CloseOutcome {
    if (this.tabs.includes(app)) {
      app.activeId = tab.id;
      this.active = app.application;
      this.notify();
    }
    return { closed: false, navigateTo: tab.path };
  }

  private async ask(tab: ScreenTab): Promise<boolean> {
    try {
      return (await this.screens.canClose(tab)) === true;
    } catch (error) {
      // A guard that fails keeps the tab: closing could lose the user's work.
      console.error(`The close guard of ${tab.path} failed`, error);
      return false;
    }
  }

  private async destroy(tab: ScreenTab): Promise<void> {
    try {
      await this.screens.destroy(tab);
    } catch (error) {
      console.error(`The screen of ${tab.path} could not be torn down`, error);
    }
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
