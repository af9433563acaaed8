import { linkStylesheet } from '@erp/ui';

/** This module's styles, in `frames.css` beside its .js (strict CSP: no inline styles). */
const STYLESHEET = 'frames.css';

export function ensureStylesheet(): void {
  linkStylesheet(new URL(STYLESHEET, import.meta.url));
}
