// Newer-version front end (partner demo): one page per screen path, shown by the shell in one frame per
// registered path (§1). The path comes in the hash (`/novus/index.html#/sales-order-entry`) or, failing
// that, in the `path` query parameter.
//
// Contract (element ids, for people and tests):
// - #path     the path the page was opened with ('/' when none), updated on hashchange;
// - #query    the query string ('' when none);
// - #instance a random id made when this page loaded, and #loaded-at the time: a frame kept alive by the
//             shell keeps both when its tab is hidden and shown again, a reloaded frame gets new ones;
// - #note     a text input, to show that typed work survives tab switches.
'use strict';

function currentPath() {
  const fromHash = decodeURIComponent(location.hash.replace(/^#/, ''));
  if (fromHash) return fromHash;
  return new URLSearchParams(location.search).get('path') || '/';
}

function render() {
  const path = currentPath();
  document.getElementById('path').textContent = path;
  document.getElementById('query').textContent = location.search;
  document.title = `${path} – Newer-version front end (partner demo)`;
}

const instance =
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Math.random().toString(36).slice(2);
document.getElementById('instance').textContent = instance;
const loadedAt = document.getElementById('loaded-at');
const now = new Date();
loadedAt.textContent = now.toLocaleTimeString();
loadedAt.setAttribute('datetime', now.toISOString());

window.addEventListener('hashchange', render);
render();
