/**
 * Each browser package keeps its styles in a .css file beside its .js (no inline styles: the shell page has
 * a strict Content-Security-Policy; `stylesheet` in vite.library.ts emits the file). The first component
 * of a package to load links it once.
 *
 * `linkStylesheet(new URL('ui.css', import.meta.url))` — the URL must be built from a variable file name in
 * the calling module, so the bundler does not inline the file.
 */
export function linkStylesheet(href: URL | string): void {
  if (typeof document === 'undefined') return;
  const url = String(href);
  // The page may link it already, with a version query (`/apps/ui/ui.css?v=…`), or carry it inline (the shell
  // page: `<style data-href="/apps/ui/ui.css">`, issue 44).
  const path = new URL(url, document.baseURI).pathname;
  const linked =
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some(
      (link) => link.href !== '' && new URL(link.href).pathname === path,
    ) || [...document.querySelectorAll<HTMLStyleElement>('style[data-href]')].some((style) => style.dataset['href'] === path);
  if (linked) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = url;
  link.dataset.erpStyles = '';
  document.head.append(link);
}

const STYLESHEET = 'ui.css';

/** Links @erp/ui's own ui.css. */
export function ensureStylesheet(): void {
  linkStylesheet(new URL(STYLESHEET, import.meta.url));
}
