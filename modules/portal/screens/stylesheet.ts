import { linkStylesheet } from '@erp/ui';

/** This module's styles, in `portal.css` beside its .js (strict CSP: no inline styles). */
const STYLESHEET = 'portal.css';

export function ensureStylesheet(): Promise<void> {
  return linkStylesheet(new URL(STYLESHEET, import.meta.url));
}
