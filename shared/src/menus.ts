/**
 * Application menus (§3 Menu, §7 GET api/shell/menus): loading (once per application and page) and the
 * menu tree (children nested by ParentId, ROOT items at the top, inactive items left out, ordered by
 * Sequence).
 */
import { api } from './api.ts';
import { HOME_APPLICATION, ROOT_MENU_ID, type Menu, type UserProfile } from './types.ts';

export interface MenuNode {
  menu: Menu;
  children: MenuNode[];
}

const bySequence = (a: Menu, b: Menu) => a.Sequence - b.Sequence || a.MenuName.localeCompare(b.MenuName);

/**
 * The menu tree of one application. Items whose parent is missing or inactive are left out, like their
 * parent; cycles are broken.
 */
export function menuTree(menus: readonly Menu[]): MenuNode[] {
  const active = menus.filter((menu) => menu.IsActive);
  const children = new Map<string, Menu[]>();
  for (const menu of active) {
    const siblings = children.get(menu.ParentId) ?? [];
    siblings.push(menu);
    children.set(menu.ParentId, siblings);
  }
  const visited = new Set<string>();
  const build = (parentId: string): MenuNode[] =>
    (children.get(parentId) ?? [])
      .slice()
      .sort(bySequence)
      .filter((menu) => !visited.has(menu.MenuId))
      .map((menu) => {
        visited.add(menu.MenuId);
        return { menu, children: build(menu.MenuId) };
      });
  return build(ROOT_MENU_ID);
}

/** A group is a menu without a router path of its own: it only holds items. */
export function isMenuGroup(menu: Menu): boolean {
  return menu.RouterPath.trim() === '';
}

/** The route path of a menu item: the application router path plus the menu's router path (§2). */
export function menuPath(applicationRouterPath: string, menu: Menu): string {
  const app = applicationRouterPath.replace(/^\/+|\/+$/g, '');
  const item = menu.RouterPath.trim().replace(/^\/+|\/+$/g, '');
  return `/${[app, item].filter((part) => part !== '').join('/')}`;
}

/** The hash of a menu item: `#` + `menuPath` (§2). */
export function menuHref(applicationRouterPath: string, menu: Menu): string {
  return `#${menuPath(applicationRouterPath, menu)}`;
}

/** §5: menu items are shown only if the profile does not hide menus (showMenus absent or true). */
export function menusVisible(profile: Pick<UserProfile, 'showMenus'> | null | undefined): boolean {
  return profile?.showMenus !== false;
}

/**
 * The menu item a path segment selects (§2: the second segment selects the menu item), compared
 * case-insensitively with the menu's router path. Inactive items and groups are never selected.
 */
export function menuForSegment(menus: readonly Menu[], segment: string | undefined): Menu | null {
  if (!segment) return null;
  const wanted = segment.toLowerCase();
  return (
    menus.find(
      (menu) =>
        menu.IsActive && !isMenuGroup(menu) && menu.RouterPath.trim().replace(/^\/+|\/+$/g, '').toLowerCase() === wanted,
    ) ?? null
  );
}

const cache = new Map<string, Promise<Menu[]>>();

/**
 * The menus of an application, fetched once per page (§4: loaded when the application changes). HOME has
 * no menus and is never requested (§7). A failed load is forgotten so the next call tries again.
 */
export function loadMenus(application: string): Promise<Menu[]> {
  if (!application || application === HOME_APPLICATION) return Promise.resolve([]);
  const key = application.toUpperCase();
  let pending = cache.get(key);
  if (!pending) {
    pending = api.get<Menu[]>('shell/menus', { application }).then((menus) => (Array.isArray(menus) ? menus : []));
    pending.catch(() => cache.delete(key));
    cache.set(key, pending);
  }
  return pending;
}

/** Forgets loaded menus (after sign-in as another user, or when menu access changed). */
export function clearMenuCache(): void {
  cache.clear();
}
