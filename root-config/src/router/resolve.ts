/**
 * Route resolution (§2 routing rules, §4 later navigation) — pure, so every rule is unit-tested:
 * - '/' is HOME;
 * - the first segment selects the application, case-insensitively (against each application's RouterPath);
 *   an unknown application redirects to '/' — unless the whole path is a declared route outside every
 *   application;
 * - the application root path shows the application's initial page;
 * - the second segment selects the menu item, case-insensitively, among the application's active menu
 *   items; an unknown (or inactive) menu redirects to the application root;
 * - the full path must be a declared route (`api/shell/routes`); otherwise it redirects to the application
 *   root. Below an application the only declared routes no menu item needs to name are pages other screens
 *   open with props (Meta `receivesProps: true`, the portal's `/portal/orderdetails`): they open as tabs
 *   of their own. When the menus cannot be loaded, the declared route alone decides.
 * - a declared route outside every application opens as a tab of HOME.
 * Resolved paths are canonical: the application's and the menu's own spelling (`/NOVUS-GL/GL-Chart` →
 * `/novus-gl/gl-chart`), so one screen has one path.
 */
import {
  HOME_APPLICATION,
  applicationForPath,
  findRoute,
  menuForSegment,
  menuPath,
  normalizeRouterPath,
  pathSegments,
  type Application,
  type Menu,
  type RouteDefinition,
  type RouteWindow,
} from '@erp/shared';

/** Component of the home page when no route declares `/` (signed out: no server routes). */
export const DEFAULT_HOME_COMPONENT = '@erp/home#Home';
/** Component of an application's initial page when its root path has no route of its own. */
export const DEFAULT_APPLICATION_HOME_COMPONENT = '@erp/home#ApplicationHome';

export type Resolution =
  | { kind: 'home'; path: '/'; route: RouteDefinition | null }
  /**
   * `refused`: the path asked for, when the user may not open it (unknown, or not granted to their roles);
   * issue 16 item 4: the shell says so instead of silently landing elsewhere.
   */
  | { kind: 'redirect'; to: string; refused?: string }
  | { kind: 'application'; path: string; application: Application; route: RouteDefinition | null }
  | { kind: 'menu'; path: string; application: Application; menu: Menu; route: RouteDefinition }
  /** A declared route no menu item names; `application` is null outside every application (HOME's). */
  | { kind: 'route'; path: string; application: Application | null; route: RouteDefinition };

export interface ResolveContext {
  applications: readonly Application[];
  routes: readonly RouteDefinition[];
  /** The application's menus; may reject (then only declared routes decide). */
  menusOf(application: Application): Promise<readonly Menu[]>;
}

/** The root path of an application, e.g. `/novus-gl`. */
export function applicationPath(application: Application): string {
  return normalizeRouterPath(application.RouterPath);
}

/** True when the application is a real application (not the HOME entry some servers list). */
function isApplication(application: Application | null): application is Application {
  return !!application && application.Application.toUpperCase() !== HOME_APPLICATION;
}

/** The sync part: everything that needs no menus. Answers null when the menus must decide. */
export function resolveWithoutMenus(
  path: string,
  { applications, routes }: Pick<ResolveContext, 'applications' | 'routes'>,
): Resolution | null {
  const segments = pathSegments(path);
  if (segments.length === 0) return { kind: 'home', path: '/', route: findRoute(routes, '/') };
  const application = applicationForPath(applications, path);
  if (!isApplication(application)) {
    const route = findRoute(routes, path);
    return route
      ? { kind: 'route', path: normalizeRouterPath(route.Path), application: null, route }
      : { kind: 'redirect', to: '/', refused: path };
  }
  const root = applicationPath(application);
  if (segments.length === 1) {
    return { kind: 'application', path: root, application, route: findRoute(routes, root) };
  }
  if (!findRoute(routes, path)) return { kind: 'redirect', to: root, refused: path };
  return null;
}

/** Resolves a route path (see the module header). */
export async function resolvePath(path: string, context: ResolveContext): Promise<Resolution> {
  const early = resolveWithoutMenus(path, context);
  if (early) return early;
  // Below an application, and the full path is a declared route: the menus decide.
  const application = applicationForPath(context.applications, path)!;
  const root = applicationPath(application);
  const route = findRoute(context.routes, path)!;
  const segments = pathSegments(path);
  let menus: readonly Menu[] | null;
  try {
    menus = await context.menusOf(application);
  } catch {
    menus = null; // the menus could not be loaded: the declared route alone decides
  }
  if (menus) {
    const menu = menuForSegment(menus, segments[1]);
    if (menu && segments.length === 2) {
      return { kind: 'menu', path: menuPath(application.RouterPath, menu), application, menu, route };
    }
    // No active menu item names it (unknown, inactive, or not granted to the user's roles): only a page
    // that other screens open with props stands without a menu item.
    if (!menu && receivesProps(route)) {
      return { kind: 'route', path: normalizeRouterPath(route.Path), application, route };
    }
    return { kind: 'redirect', to: root, refused: path };
  }
  // The menus could not be loaded: the declared route alone decides.
  return { kind: 'route', path: normalizeRouterPath(route.Path), application, route };
}

/** Meta `{"receivesProps": true}`: a page other screens open (the portal's order details), not a menu item. */
export function receivesProps(route: RouteDefinition): boolean {
  try {
    const meta = JSON.parse(route.Meta ?? 'null') as { receivesProps?: unknown } | null;
    return meta?.receivesProps === true;
  } catch {
    return false;
  }
}

/** Meta `{"window": {"name": …, "url"?: …}}`: the route's menu opens in that named window (§2), else null. */
export function routeWindow(route: RouteDefinition | null): RouteWindow | null {
  try {
    const meta = JSON.parse(route?.Meta ?? 'null') as { window?: { name?: unknown; url?: unknown } } | null;
    const name = meta?.window?.name;
    if (typeof name !== 'string' || !name.trim()) return null;
    const url = meta!.window!.url;
    return typeof url === 'string' && url.trim() ? { name: name.trim(), url: url.trim() } : { name: name.trim() };
  } catch {
    return null;
  }
}

/** The tab label of a declared route: its Meta title, else its Name. */
export function routeTitle(route: RouteDefinition): string {
  try {
    const meta = JSON.parse(route.Meta ?? 'null') as { title?: unknown } | null;
    if (meta && typeof meta.title === 'string' && meta.title.trim()) return meta.title.trim();
  } catch {
    // no usable Meta
  }
  return route.Name;
}
