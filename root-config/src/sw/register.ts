/**
 * Issue 69 item 4: registers the shell's service worker (`/sw.js`, scope `/`; src/sw/sw.ts) for a portal
 * customer's session — the customer on a phone with a weak signal — and links the web app manifest (index.html's
 * `<template id="erp-manifest">`: the page is installable from then on). Staff pages are left without either. A
 * failure (an insecure origin, a browser without service workers) leaves the page as it was: it only loses the
 * offline start.
 */
export function registerServiceWorker(): void {
  const manifest = document.getElementById('erp-manifest');
  if (manifest instanceof HTMLTemplateElement && !document.querySelector('link[rel="manifest"]')) document.head.append(manifest.content.cloneNode(true));
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const register = () =>
    void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.warn('Service worker not registered', error));
  // Its install downloads the shell's files: not while the first screen is being drawn.
  if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 5000 });
  else register();
}
