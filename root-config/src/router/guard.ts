/**
 * Moving between hash routes. The §2 routing rules themselves (which path shows what, and the redirects)
 * are in router/resolve.ts; the workspace (tabs/workspace.ts) applies them on every hash change.
 */
import { isPortalLanding, normalizeRouterPath } from '@erp/shared';
import { navigateToUrl } from 'single-spa';

/** `../#/portal` → `/portal`; `#/x` → `/x`; `/x` → `/x` (§4 first navigation, step 5). */
export function landingPath(landingPage: string): string {
  const stripped = landingPage.trim().replace(/^\.\.\/#\//, '/').replace(/^#/, '');
  return normalizeRouterPath(stripped);
}

/** The portal application's root path and its first screen (§2: both are the order page titled Home). */
export const PORTAL_ROOT = '/portal';
export const PORTAL_FIRST_SCREEN = '/portal/order';

/**
 * The path a session's first navigation opens (§4 first navigation, step 5): `firstPath` (the address's), or the
 * landing page on arrival at the home page. Issue 69 item 3 (credentials to the first screen): a portal customer bound
 * for the portal's root goes straight to its first screen — the root is the generic application page, which only sent
 * the customer on (portal-chrome.ts) after loading @erp/home's code: three module round trips and a redirect.
 */
export function firstNavigation(firstPath: string, landingPage: string | null | undefined): string {
  const path = landingPage && firstPath === '/' ? landingPath(landingPage) : firstPath;
  return isPortalLanding(landingPage) && path.toLowerCase() === PORTAL_ROOT ? PORTAL_FIRST_SCREEN : path;
}

/** Replaces the current history entry's hash with a path (a redirect: no new history entry). */
export function replacePath(path: string): void {
  window.history.replaceState(window.history.state, '', `#${normalizeRouterPath(path)}`);
}

/** Goes to a hash path through single-spa (one history entry). */
export function go(path: string): void {
  const target = `#${normalizeRouterPath(path)}`;
  if (window.location.hash !== target) navigateToUrl(target);
}
