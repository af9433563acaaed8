/**
 * The shell page's inline boot script (issue 44, paint before script). Built into dist/boot-loader.js as one
 * classic script (vite.config.ts) and inlined by the server under a CSP hash (server/src/static/routes.ts).
 *
 * 1. Before the first frame: nothing but asking for that frame. The first frame is the page's own markup — the
 *    chrome's shape (top bar, tab strip) and a HOME skeleton, no text — drawn at a plain page's time: the user's
 *    kept HOME in that frame held it by its reading of localStorage (a round trip to the browser process) and the
 *    first layout of its text (the font lookups), 35-50 ms on a two-core machine (BENCHMARKS.md).
 * 2. In the task after the first frame: the user's kept HOME (kept-home.ts) replaces the HOME skeleton — real
 *    tiles, links that work before any module runs (the shell routes to the hash it finds).
 * 3. In the task after the next frame (the kept HOME's): the boot modules (the page's
 *    `<template id="erp-boot-modules">`: the modulepreloads and root-config.js) join the page, then the kept
 *    start-up answers' database starts opening (startup-cache.ts): it is open before the boot reads it. The modules'
 *    fetch and streamed compile, started earlier, shared the two cores with the frame's style, layout and raster
 *    (in a trace: a frame of 10 ms of work took 50 ms). Opened in step 2, IndexedDB held the kept HOME's frame by
 *    its first binding to the database (7 ms of that task's 25 in a trace, 2026-11-27).
 * A hidden page (no frames) does it all at once; a frame that has not come within 100 ms is not waited for.
 * At a portal address, step 3 adds the portal's first screen's modules too (`<template id="erp-portal-modules">`), and
 * so does a portal customer's sign-in callback page (the server marks that template `data-start`).
 *
 * Issue 69 item 3, first visit: in step 2's task, before the kept HOME, a visitor with no stored sign-in leaves for
 * the provider's sign-in page (first-visit.ts): no module of the shell loads. Should that fail, the page boots.
 *
 * Issue 69 item 3, issue 71 item 3, the sign-in callback page: at once, the code's exchange for tokens starts
 * (callback.ts, handed to the shell's own sign-in), and the boot modules as soon as its token request has left (ahead
 * of them in the browser's connections) — no frame is waited for: the page shows nothing the user has not seen (no
 * kept HOME there), and every module and answer is on the way to the first screen.
 */
import { indexedDbStore } from '../startup-cache.ts';
import { callbackExchangeOf, exchangeEarly, handOver, publishCallbackAccessToken } from './callback.ts';
import { firstVisitOf, prepareSignIn } from './first-visit.ts';
import { keptHomeOf } from './kept-home.ts';

const BOOT_MODULES = 'erp-boot-modules';
const PORTAL_MODULES = 'erp-portal-modules';

function showKeptHome(): void {
  const skeleton = document.querySelector('#erp-content > .erp-boot-home');
  if (!skeleton) return;
  const kept = keptHomeOf(
    {
      shellConfig: document.getElementById('erp-shell-config')?.textContent ?? null,
      importMap: document.querySelector('script[type="importmap"]')?.textContent ?? null,
      pathname: window.location.pathname,
      hash: window.location.hash,
      read: (key) => window.localStorage.getItem(key),
    },
    Date.now() / 1000,
  );
  if (!kept) return;
  const home = document.createElement('div');
  home.className = 'erp-boot-home erp-boot-home--kept';
  home.innerHTML = kept.html;
  skeleton.replaceWith(home);
  if (kept.lang) document.documentElement.lang = kept.lang;
  // Real content, not a placeholder: assistive technology may read it (the shell's HOME replaces it in place).
  document.getElementById('erp-content')?.removeAttribute('aria-busy');
}

/** Adds the template's links and scripts to the page, once; `leaveOut`: a selector of those left out. */
function addTemplate(id: string, leaveOut?: string): void {
  const template = document.getElementById(id);
  if (!(template instanceof HTMLTemplateElement) || template.dataset['started'] !== undefined) return;
  template.dataset['started'] = '';
  const content = document.importNode(template.content, true);
  if (leaveOut) for (const element of content.querySelectorAll(leaveOut)) element.remove();
  document.head.append(content);
}

/**
 * A portal page: a portal address (#/portal…: a portal customer's, or rarely staff looking at the portal), or the
 * sign-in callback of a portal customer (the server marks its template `data-start`: server/src/static/portal-sign-in.ts).
 */
const portalPage = (): boolean =>
  /^#\/portal(?:[/?]|$)/i.test(window.location.hash) || document.getElementById(PORTAL_MODULES)?.hasAttribute('data-start') === true;

/**
 * The boot modules; on a portal page, the portal's first screen's modules with them (issue 69
 * item 3): on a phone's link, waiting for root-config to learn the session is a customer's before asking for React
 * and the screens added a chain of round trips before the first content.
 */
function startModules(): void {
  if (!portalPage()) {
    addTemplate(BOOT_MODULES);
    return;
  }
  // A portal customer never sees HOME: its modules (`data-staff`, vite.config.ts `staffOnly`) are not fetched.
  // The portal's modules in the next task: each link starts its fetch in the task that adds it, and the ~30 of
  // both templates at once made one long task (50-80 ms on a busy two-core machine, 4 × that under Lighthouse's
  // CPU slowdown).
  addTemplate(BOOT_MODULES, '[data-staff]');
  const channel = new MessageChannel();
  channel.port1.onmessage = () => addTemplate(PORTAL_MODULES);
  channel.port2.postMessage(null);
}

/**
 * `step`, once, in the task after the next frame's main-thread work (a message posted from its animation step), or
 * after 100 ms if no frame comes (the page hidden meanwhile).
 */
function afterNextFrame(step: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    step();
  };
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = once;
    channel.port2.postMessage(null);
  });
  window.setTimeout(once, 100);
}

/** Step 2: the kept HOME. */
function showKept(): void {
  try {
    showKeptHome();
  } catch {
    // The skeleton stays; the shell starts as without a kept HOME.
  }
}

/** Step 3: the boot modules, then the kept answers' database. */
function startBoot(): void {
  startModules();
  void indexedDbStore();
}

/**
 * Before step 2: a visitor without a stored user leaves for the provider's sign-in page; answers whether it does. Run in
 * the task after the first frame, with the kept HOME's reading of localStorage: read before that frame, the
 * storage's first access (a round trip to the browser process) would hold it for everyone.
 */
function leaveForSignIn(): boolean {
  let visit: ReturnType<typeof firstVisitOf> = null;
  try {
    visit = firstVisitOf({
      shellConfig: document.getElementById('erp-shell-config')?.textContent ?? null,
      origin: window.location.origin,
      pathname: window.location.pathname,
      hash: window.location.hash,
      read: (key) => window.localStorage.getItem(key),
    });
  } catch {
    return false;
  }
  if (!visit) return false;
  // Should the request not be made (no Web Crypto, IndexedDB refused), the shell boots and signs in itself.
  prepareSignIn(visit, window.localStorage, Math.floor(Date.now() / 1000)).then(
    (url) => window.location.assign(url),
    () => {
      showKept();
      startBoot();
    },
  );
  return true;
}

/**
 * On the sign-in callback page: the early exchange, answered to the shell's own requests; null when it did not start,
 * else a promise that settles once its token request has left.
 */
function startCallbackExchange(): Promise<void> | null {
  try {
    const exchange = callbackExchangeOf({
      shellConfig: document.getElementById('erp-shell-config')?.textContent ?? null,
      href: window.location.href,
      read: (key) => window.localStorage.getItem(key),
    });
    if (!exchange) return null;
    const pageFetch = window.fetch;
    const bound = pageFetch.bind(window);
    const early = exchangeEarly(exchange, bound);
    const handing = handOver(exchange, early, bound, () => {
      if (window.fetch === handing) window.fetch = pageFetch;
    });
    window.fetch = handing;
    publishCallbackAccessToken(early.accessToken);
    return early.sent;
  } catch {
    return null;
  }
}

/**
 * The callback page's modules wait for the token request to leave (callback.ts `sent`: ahead of them in the browser's
 * six connections), for `TOKEN_FIRST_MS` at most: the provider's metadata and the key's reading take a few ms.
 */
const TOKEN_FIRST_MS = 250;
function startBootAfter(tokenSent: Promise<void>): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    startBoot();
  };
  void tokenSent.then(once, once);
  window.setTimeout(once, TOKEN_FIRST_MS);
}

/**
 * Issue 69 item 3 (CLS), space reservation only: a portal page (`portalPage`) holds the portal chrome's place
 * (shell.css `.erp-shell__top--portal`) from the first frame, before the session says who the user is (root-config
 * keeps it for a portal customer, drops it for anyone else). The address and the page alone: no storage read before
 * that frame.
 */
function reservePortalChrome(): void {
  if (portalPage()) document.getElementById('erp-top')?.classList.add('erp-shell__top--portal');
}

reservePortalChrome();
const tokenSent = startCallbackExchange();
if (tokenSent) {
  startBootAfter(tokenSent);
} else if (document.visibilityState === 'visible') {
  afterNextFrame(() => {
    if (leaveForSignIn()) return;
    showKept();
    afterNextFrame(startBoot);
  });
} else if (!leaveForSignIn()) {
  showKept();
  startBoot();
}
