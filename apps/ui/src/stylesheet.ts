/**
 * Each browser package keeps its styles in a .css file beside its .js (no inline styles: the shell page has
 * a strict Content-Security-Policy; `stylesheet` in vite.library.ts emits the file). The first component
 * of a package to load links it once.
 *
 * `linkStylesheet(new URL('ui.css', import.meta.url))` — the URL must be built from a variable file name in
 * the calling module, so the bundler does not inline the file. It answers when the sheet applies (loaded, or
 * failed: the screen shows unstyled rather than never), so a screen can wait for it before its first render
 * (`screen()`'s `stylesheets`): a linked sheet does not hold the page's rendering as the page's own do, and a
 * screen drawn before it arrives moves when it does (issue 69: the portal's layout shift on a phone).
 */
const loading = new Map<string, Promise<void>>();
/** A sheet that never answers does not hold a screen longer than this. */
const LOAD_WAIT_MS = 5000;

function loaded(link: HTMLLinkElement): Promise<void> {
  if (link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, LOAD_WAIT_MS);
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', done, { once: true });
  });
}

export function linkStylesheet(href: URL | string): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  const url = String(href);
  // The page may link it already, with a version query (`/apps/ui/ui.css?v=…`), or carry it inline (the shell
  // page: `<style data-href="/apps/ui/ui.css">`, issue 44).
  const path = new URL(url, document.baseURI).pathname;
  const pending = loading.get(path);
  if (pending) return pending;
  if ([...document.querySelectorAll<HTMLStyleElement>('style[data-href]')].some((style) => style.dataset['href'] === path)) return Promise.resolve();
  let link = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find(
    (candidate) => candidate.href !== '' && new URL(candidate.href).pathname === path,
  );
  if (!link) {
    link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = url;
    link.dataset.erpStyles = '';
    document.head.append(link);
  }
  const ready = loaded(link);
  loading.set(path, ready);
  return ready;
}

const STYLESHEET = 'ui.css';

/** Links @erp/ui's own ui.css. */
export function ensureStylesheet(): Promise<void> {
  return linkStylesheet(new URL(STYLESHEET, import.meta.url));
}
