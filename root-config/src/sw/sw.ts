/**
 * The shell's service worker (issue 69 item 4: installable and offline-tolerant). Built into dist/sw.js as one
 * classic script (vite.config.ts) and served by the server at `/sw.js` (scope `/`, server/src/static/routes.ts),
 * which puts `self.ERP_SHELL = { version, urls }` before it: the shell page's versioned files (`…?v=<hash>`: the
 * boot modules, the manifest, the favicon) and the import map's modules outside `/apps/` (the chrome and what it
 * loads on first use), as the page being served names them.
 *
 * - install: the page (`/`) and every listed file go into the cache `erp-shell-<version>`, all or nothing.
 * - A new version waits (no skipWaiting): it takes over at the next start, when no page of the old one is open;
 *   activate then deletes every other version's cache. A page therefore runs on one version's files only (its
 *   import map names each file by its content version, and a version's cache holds that version's files).
 * - fetch, same origin and GET only:
 *   - a navigation: the network first (the server's page, never cached by the browser); without an answer, the
 *     page of this version from the cache;
 *   - a versioned file (`?v=`) or a content-named chunk (`/chunks/`): the cache first, else the network, kept in
 *     this version's cache (immutable: the same URL is always the same bytes) — the screens' modules and the
 *     locale files are kept so, as they are used;
 *   - anything else (the API, sign-in, the import map, the shell config) is not touched: the API's answers are
 *     the user's and are bound to their DPoP key; the portal keeps what it needs in the page
 *     (modules/portal/screens/offline-store.ts) and sign-out deletes it.
 * Nothing user-specific is ever put in Cache Storage, so nothing here can reach another user.
 */

interface ShellFiles {
  version: string;
  urls: string[];
}

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}

interface WorkerScope {
  ERP_SHELL?: ShellFiles;
  location: Location;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  clients: { claim(): Promise<void> };
}

const scope = self as unknown as WorkerScope;
const shell: ShellFiles = scope.ERP_SHELL ?? { version: 'none', urls: [] };
const PREFIX = 'erp-shell-';
const CACHE = `${PREFIX}${shell.version}`;
/** The page offline navigations fall back to. */
const PAGE = '/';

function isVersioned(url: URL): boolean {
  return url.searchParams.has('v') || url.pathname.split('/').slice(0, -1).includes('chunks');
}

scope.addEventListener('install', (event) => {
  // `cache: 'reload'`: the files themselves, never a copy the browser's HTTP cache holds.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([PAGE, ...shell.urls].map((url) => new Request(url, { cache: 'reload' })))));
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name))))
      // The pages without a worker (the first visit's) are taken now, so the screens they load next are kept. A
      // new version is only activated once no page of the old one is left, so this never takes a page of another
      // version.
      .then(() => scope.clients.claim()),
  );
});

async function fromCacheOrNetwork(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok && answer.type === 'basic') void cache.put(request, answer.clone());
  return answer;
}

async function pageOrKept(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await (await caches.open(CACHE)).match(PAGE);
    if (kept) return kept;
    throw error;
  }
}

scope.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== scope.location.origin) return;
  if (request.mode === 'navigate') {
    // The shell's own pages only (`/`, `/index.html`, the sign-in callback): never the API, the provider, a PDF.
    if (url.pathname === '/' || url.pathname === '/index.html') event.respondWith(pageOrKept(request));
    return;
  }
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/oidc/')) return;
  if (isVersioned(url)) event.respondWith(fromCacheOrNetwork(request));
});
