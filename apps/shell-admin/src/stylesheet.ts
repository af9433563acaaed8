/**
 * This module's styles live in `admin.css` beside `shell-admin.js` (no inline styles: the shell page has a
 * strict Content-Security-Policy). The first screen to load links it once.
 */
const STYLESHEET = 'admin.css';
const MARK = 'data-erp-shell-admin-styles';

export function ensureStylesheet(): void {
  if (typeof document === 'undefined' || document.querySelector(`link[${MARK}]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  // A variable, not a literal: the bundler must not inline the file; it is served beside this module.
  link.href = new URL(STYLESHEET, import.meta.url).href;
  link.setAttribute(MARK, '');
  document.head.append(link);
}
