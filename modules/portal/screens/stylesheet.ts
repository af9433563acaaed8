import { linkStylesheet } from '@erp/ui';

/** This module's styles, in `portal.css` beside its .js (strict CSP: no inline styles). */
const STYLESHEET = 'portal.css';

/**
 * Issue 69 item 3: a portal page fetches portal.css with the boot (`<link rel="preload" as="style">` of the page's
 * portal template, root-config vite.config.ts `portalGraph`), under its versioned URL; linked by that URL, the
 * stylesheet is the preloaded answer instead of a second request made once this module has run.
 */
function stylesheetUrl(): string {
  const own = new URL(STYLESHEET, import.meta.url);
  if (typeof document === 'undefined') return own.href;
  const preloaded = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')].find(
    (link) => link.href !== '' && new URL(link.href).pathname === own.pathname,
  );
  return preloaded?.href ?? own.href;
}

export function ensureStylesheet(): Promise<void> {
  return linkStylesheet(stylesheetUrl());
}
