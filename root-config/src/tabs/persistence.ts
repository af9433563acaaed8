/**
 * Per-user memory in localStorage (key per user id):
 * - `erp.tabs.<userId>` — the open tabs (application tabs with their menu tabs, in order) and the active
 *   path, restored after a reload. Restoring is lazy: the tabs come back, but a screen mounts only when its
 *   tab is first shown. A stored tab whose application or declared route is gone is dropped.
 * - `erp.recent.<userId>` — the recently opened screens (newest first, at most 12), published on
 *   `bus.recent$` for the application pages and Home.
 */
import {
  applicationForPath,
  findRoute,
  normalizeRouterPath,
  type Application,
  type RecentScreen,
  type RouteDefinition,
} from '@erp/shared';
import { applicationTabInit, routeTabInit } from './tab-inits.ts';
import type { ScreenTab, WorkspaceModel } from './workspace-model.ts';

/** The part of the Storage interface used here (localStorage, or a Map-backed fake in tests). */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface StoredTab {
  application: string;
  kind: 'application' | 'menu' | 'route';
  path: string;
  label: string;
  menuId: string | null;
}

export interface StoredTabs {
  version: 1;
  tabs: StoredTab[];
  /** Path of the tab that was shown. */
  active: string;
}

export const RECENT_LIMIT = 12;

export function tabsKey(userId: string): string {
  return `erp.tabs.${userId}`;
}

export function recentKey(userId: string): string {
  return `erp.recent.${userId}`;
}

function readJson(store: KeyValueStore, key: string): unknown {
  try {
    const text = store.getItem(key);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

function writeJson(store: KeyValueStore, key: string, value: unknown): void {
  try {
    store.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused (private mode): the tabs simply are not remembered.
  }
}

/** What to remember of the model's tabs (HOME's initial page is always there and is not stored). */
export function snapshotTabs(model: WorkspaceModel): StoredTabs {
  const tabs: StoredTab[] = [];
  const entry = (tab: ScreenTab, kind: StoredTab['kind']): StoredTab => ({
    application: tab.application,
    kind,
    path: tab.path,
    label: tab.label,
    menuId: tab.menuId,
  });
  for (const app of model.applications) {
    if (app !== model.home) tabs.push(entry(app.page, 'application'));
    for (const tab of app.menuTabs) tabs.push(entry(tab, tab.kind === 'menu' ? 'menu' : 'route'));
  }
  return { version: 1, tabs, active: model.activeTab.path };
}

function isStoredTab(value: unknown): value is StoredTab {
  const tab = value as Partial<StoredTab> | null;
  return (
    !!tab &&
    typeof tab.application === 'string' &&
    (tab.kind === 'application' || tab.kind === 'menu' || tab.kind === 'route') &&
    typeof tab.path === 'string' &&
    typeof tab.label === 'string' &&
    (tab.menuId === null || typeof tab.menuId === 'string')
  );
}

export function readStoredTabs(store: KeyValueStore, userId: string): StoredTabs | null {
  const value = readJson(store, tabsKey(userId)) as Partial<StoredTabs> | null;
  if (!value || value.version !== 1 || !Array.isArray(value.tabs)) return null;
  return { version: 1, tabs: value.tabs.filter(isStoredTab), active: typeof value.active === 'string' ? value.active : '/' };
}

export function writeStoredTabs(store: KeyValueStore, userId: string, tabs: StoredTabs): void {
  writeJson(store, tabsKey(userId), tabs);
}

/**
 * Re-opens stored tabs in the model, without mounting anything. Each tab is checked against what the user
 * may open now: its application must be listed and its path a declared route (the application root needs
 * no route). Answers the stored active path when it was restored, else null.
 */
export function restoreTabs(
  model: WorkspaceModel,
  stored: StoredTabs,
  context: { applications: readonly Application[]; routes: readonly RouteDefinition[] },
): string | null {
  const restored = new Set<string>(['/']);
  for (const entry of stored.tabs) {
    const application = applicationForPath(context.applications, entry.path);
    if (entry.kind === 'application') {
      if (!application) continue;
      const tab = model.openApplication(applicationTabInit(application, context.routes));
      restored.add(tab.page.path.toLowerCase());
      continue;
    }
    const route = findRoute(context.routes, entry.path);
    if (!route) continue;
    const owner = application ? model.openApplication(applicationTabInit(application, context.routes)) : model.home;
    const { tab } = model.openTab(owner.application, {
      ...routeTabInit(normalizeRouterPath(entry.path), route, entry.label),
      menuId: entry.kind === 'menu' ? entry.menuId : null,
      restored: true,
    });
    restored.add(tab.path.toLowerCase());
  }
  const active = normalizeRouterPath(stored.active);
  return restored.has(active.toLowerCase()) ? active : null;
}

// ---- recently opened screens -------------------------------------------------------------------------

function isRecent(value: unknown): value is RecentScreen {
  const entry = value as Partial<RecentScreen> | null;
  return (
    !!entry &&
    typeof entry.path === 'string' &&
    typeof entry.application === 'string' &&
    typeof entry.label === 'string' &&
    typeof entry.openedAt === 'string' &&
    (entry.menuId === null || typeof entry.menuId === 'string')
  );
}

export function readRecent(store: KeyValueStore, userId: string): RecentScreen[] {
  const value = readJson(store, recentKey(userId));
  return Array.isArray(value) ? value.filter(isRecent).slice(0, RECENT_LIMIT) : [];
}

export function writeRecent(store: KeyValueStore, userId: string, list: readonly RecentScreen[]): void {
  writeJson(store, recentKey(userId), list);
}

/** The list with `entry` first (once per path), at most `limit` long. */
export function addRecent(list: readonly RecentScreen[], entry: RecentScreen, limit = RECENT_LIMIT): RecentScreen[] {
  const key = entry.path.toLowerCase();
  return [entry, ...list.filter((other) => other.path.toLowerCase() !== key)].slice(0, limit);
}
