/**
 * The shell page's inline boot script (issue 44, paint before script). Built into dist/boot-loader.js as one
 * classic script (vite.config.ts) and inlined by the server under a CSP hash (server/src/static/routes.ts).
 *
 * 1. While the page is parsed: the user's kept HOME (kept-home.ts) replaces the HOME skeleton, so the first frame
 *    shows the real tiles — links that work before any module runs (the shell routes to the hash it finds).
 * 2. The kept start-up answers' database starts opening (startup-cache.ts): the boot reads them without waiting
 *    for IndexedDB to open.
 * 3. Right after the first frame's main-thread work: the boot modules (the page's `<template id="erp-boot-modules">`:
 *    the modulepreloads and root-config.js) join the page. Compiling and running them before the first frame would
 *    hold the page's paint for the whole boot, and starting them in its animation step had their fetch and
 *    off-thread compile share the two cores with the frame's own style, layout and raster; a hidden page (no
 *    frames) starts them at once.
 */
import { indexedDbStore } from '../startup-cache.ts';
import { keptHomeOf } from './kept-home.ts';

const BOOT_MODULES = 'erp-boot-modules';

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

function startModules(): void {
  const template = document.getElementById(BOOT_MODULES);
  if (!(template instanceof HTMLTemplateElement) || template.dataset['started'] !== undefined) return;
  template.dataset['started'] = '';
  document.head.append(document.importNode(template.content, true));
}

try {
  showKeptHome();
} catch {
  // The skeleton stays; the shell starts as without a kept HOME.
}
void indexedDbStore();
if (document.visibilityState === 'visible') {
  // Asked for in the task after the first frame's (a message posted from its animation step runs once the frame's
  // style, layout and paint are done): started in the animation step itself, the modules' streamed compile ran on
  // the worker threads while that frame was laid out (in a trace: 50 ms of wall time for 10 ms of work, issue 44).
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = startModules;
    channel.port2.postMessage(null);
  });
  // A frame that never comes (the page hidden meanwhile) does not hold the start.
  window.setTimeout(startModules, 100);
} else {
  startModules();
}
