/**
 * Hash routes (§2 routing rules): the first path segment selects the application (case-insensitive), the
 * second the menu item. Pure helpers shared by the root config's router guard and the micro-apps.
 */
import { HOME_APPLICATION, type Application, type RouteDefinition } from './types.ts';

/** The route path of a location hash: `#/novus-gl/gl-chart?x=1` → `/novus-gl/gl-chart`; '' or '#' → '/'. */
export function hashPath(hash: string = globalThis.location?.hash ?? ''): string {
  const path = hash.replace(/^#/, '').split('?')[0] ?? '';
  const clean = `/${path.replace(/^\/+/, '')}`.replace(/\/+$/, '');
  return clean === '' ? '/' : clean;
}

/** The query of a location hash, with its `?`: `#/novus-ar/ar-invoice-entry?record=7` → `?record=7`; none → ''. */
export function hashQuery(hash: string = globalThis.location?.hash ?? ''): string {
  const at = hash.indexOf('?');
  return at < 0 || at === hash.length - 1 ? '' : hash.slice(at);
}

/** The path segments: `/novus-gl/gl-chart` → ['novus-gl', 'gl-chart']. */
export function pathSegments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** `novus-gl`, `/novus-gl`, `/novus-gl/` → `/novus-gl`. */
export function normalizeRouterPath(routerPath: string): string {
  const segments = pathSegments(routerPath);
  return segments.length ? `/${segments.join('/')}` : '/';
}

/** The application whose router path is the path's first segment (case-insensitive), or null. */
export function applicationForPath(applications: readonly Application[], path: string): Application | null {
  const first = pathSegments(path)[0]?.toLowerCase();
  if (!first) return null;
  return (
    applications.find(
      (app) => app.Application !== HOME_APPLICATION && pathSegments(app.RouterPath)[0]?.toLowerCase() === first,
    ) ?? null
  );
}

/** The application name of a path: HOME on '/', the application's name, or null when unknown. */
export function applicationNameForPath(applications: readonly Application[], path: string): string | null {
  if (pathSegments(path).length === 0) return HOME_APPLICATION;
  return applicationForPath(applications, path)?.Application ?? null;
}

/** `@erp/accounting#GlChart` → { module: '@erp/accounting', exportName: 'GlChart' }. */
export function parseComponent(component: string): { module: string; exportName: string } {
  const hashAt = component.lastIndexOf('#');
  if (hashAt <= 0) return { module: component.trim(), exportName: 'default' };
  return { module: component.slice(0, hashAt).trim(), exportName: component.slice(hashAt + 1).trim() || 'default' };
}

/** The declared route whose Path equals the path (case-insensitive, trailing slashes ignored). */
export function findRoute(routes: readonly RouteDefinition[], path: string): RouteDefinition | null {
  const wanted = normalizeRouterPath(path).toLowerCase();
  return routes.find((route) => normalizeRouterPath(route.Path).toLowerCase() === wanted) ?? null;
}

/** Goes to a hash path, e.g. `navigate('/novus-gl')`. */
export function navigate(path: string): void {
  const target = path.startsWith('#') ? path : `#${normalizeRouterPath(path)}`;
  if (globalThis.location && globalThis.location.hash !== target) globalThis.location.hash = target;
}
