/**
 * Moving between hash routes. The §2 routing rules themselves (which path shows what, and the redirects)
 * are in router/resolve.ts; the workspace (tabs/workspace.ts) applies them on every hash change.
 */
import { normalizeRouterPath } from '@erp/shared';
import { navigateToUrl } from 'single-spa';

/** `../#/portal` → `/portal`; `#/x` → `/x`; `/x` → `/x` (§4 first navigation, step 5). */
export function landingPath(landingPage: string): string {
  const stripped = landingPage.trim().replace(/^\.\.\/#\//, '/').replace(/^#/, '');
  return normalizeRouterPath(stripped);
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
