/**
 * The components' styles live in `ui.css` next to `ui.js` (no inline styles: the page has a strict CSP).
 * The first component module to load links it once.
 */
const STYLESHEET = 'ui.css';
const MARK = 'data-erp-ui-styles';

export function ensureStylesheet(): void {
  if (typeof document === 'undefined' || document.querySelector(`link[${MARK}]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  // A variable, not a literal: the bundler must not inline the file; it is served beside this module.
  link.href = new URL(STYLESHEET, import.meta.url).href;
  link.setAttribute(MARK, '');
  document.head.append(link);
}
