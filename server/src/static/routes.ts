/**
 * The built front end (ARCHITECTURE.md "Server URL layout"):
 *   /, /auth/callback   root-config/dist/index.html with import-map.json inlined at `<!-- import-map -->`,
 *                       followed by the ShellConfig as a JSON data block (#erp-shell-config)
 *   /import-map.json    the import map itself (with the same versioned URLs as the page)
 *   /shell-config.json  ShellConfig from the server configuration (unauthenticated)
 *   /elements/release.json  the elements' current release: pinned standalone URL, SRI integrity (issue 70 item 3)
 *   /vendor/ /shared/ /elements/ /apps/<name>/ /root-config/ /locales/   the packages' build output
 * Each sent compressed when the browser accepts it (compression.ts).
 *
 * The shell page carries the strict Content-Security-Policy of security/csp.ts: its inline scripts and styles —
 * the import map and the page's `data-inline` files (the boot loader and the stylesheets, issue 44), inlined
 * here — are allowed by the SHA-256 hashes of the exact texts inserted (`renderShellPage` answers both), so a
 * changed file changes the hash on the next request. The
 * ShellConfig block is `type="application/json"`, a data block the browser never runs, so CSP does not
 * apply to it.
 *
 * Caching: a returning user's boot revalidates no static file.
 * - index.html, the import map and the shell config are read per request and never cached, so a rebuild
 *   or a configuration change shows on the next reload.
 * - Every import-map URL and every `href="/…"`/`src="/…"` of index.html that names a built file gets
 *   `?v=<content version>` (versions.ts; the same string in both places, so a modulepreload and the
 *   import it preloads are one fetch). A file asked for with the `v` of the bytes it is served with is
 *   `immutable` for a year; without `v`, or with another one, it is `no-cache` (ETag revalidation), so a
 *   wrong file is never pinned.
 * - Files under a `chunks/` folder are named by Vite after their content hash: always immutable.
 * - /locales/…?v=<ShellConfig.localesVersion> is immutable when the file is the one that version covered.
 * Without a build, `/` answers 503 with a plain message.
 *
 * Issue 69 item 4: /sw.js is the shell's service worker (root-config/src/sw/sw.ts, scope `/`), never cached by the
 * browser's HTTP cache, with `self.ERP_SHELL = { version, urls }` before it (`serviceWorkerScript`): the page's
 * versioned files as the page names them now; any change of them, of the page or of the worker changes the script,
 * so the browser installs the new version (it takes over at the next start).
 */
import { clearPortalSignIn, hasPortalSignIn, markPortalSignIn } from './portal-sign-in.ts';
import fastifyStatic from '@fastify/static';
import type { ShellConfig } from '@erp/shared/types';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync, type Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, posix, relative, resolve, sep } from 'node:path';
import type { ServerConfig } from '../config.ts';
import { appBuildDirs, localeRoots, moduleAppImports, moduleApps, withModuleApps } from '@erp/modules/manifests';
import { sha256Source } from '../security/csp.ts';
import { shellPageHeaders } from '../security/headers.ts';
import { FileTexts, FileVersions, TreeVersions } from './versions.ts';
import { compressStaticFiles, sendCompressed } from './compression.ts';
import { STEEL_FRAME_COMPONENT } from '../shell/frames.ts';
import {
  applyOverrides,
  cspWithOverrides,
  refuseOverridesInProduction,
  requestedOverrides,
} from './import-map-overrides.ts';

const IMPORT_MAP_MARKER = '<!-- import-map -->';
const NOT_BUILT = 'Front end not built: run npm run build';
/** The id of the ShellConfig data block in the shell page (`inlineShellConfig` in @erp/shared reads it). */
export const SHELL_CONFIG_ELEMENT_ID = 'erp-shell-config';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * The browser configuration: §9 sign-in settings, the partner frames (component, route, origin, domain, page URL),
 * the newer-version front end's origins, where passwords are changed, and the version of the locale files.
 */
export function shellConfigOf(config: ServerConfig, localesVersion: string): ShellConfig {
  return {
    oidc: {
      authority: config.oidc.authority,
      clientId: config.oidc.clientId,
      scope: config.oidc.scopes,
      redirectPath: config.oidc.redirectPath,
      postLogoutRedirectPath: config.oidc.postLogoutRedirectPath,
      // Issue 11 item 6: the shell proves a key whenever the provider may bind tokens to it.
      dpop: config.oidc.dpop !== 'off',
      // Issue 69 item 3: the embedded provider's authorization endpoint (oidc-provider's `/auth` route), for the
      // boot loader's first-visit redirect; an external provider's is discovered by the shell.
      authorizationEndpoint: config.oidc.embedded ? `${config.oidc.authority}/auth` : null,
    },
    apiBase: '/api/',
    // The deployment's partner frames (§2): the shell's contract names none; the frame screen finds its entry.
    partnerFrames: [
      { component: STEEL_FRAME_COMPONENT, origin: config.steel.origin, domain: config.steel.domain, path: config.steel.path, frameUrl: config.steel.frameUrl },
    ],
    frames: config.frames.origins.map((origin) => ({ origin })),
    accountUrl: config.oidc.accountUrl,
    embeddedProvider: config.oidc.embedded,
    localesVersion,
  };
}

/** JSON as the text of a script element: compact, `<` escaped so it cannot close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The import map as the exact text of its inline script: compact JSON, `<` escaped so it cannot close the element. */
export function importMapScriptText(importMapJson: string): string {
  return scriptJson(JSON.parse(importMapJson));
}

interface ImportMapJson {
  imports?: Record<string, unknown>;
  scopes?: Record<string, Record<string, unknown>>;
}

/** `url?v=<version>` when `versions` knows the URL, else the URL unchanged. */
export function versionedUrl(url: string, versions: ReadonlyMap<string, string>): string {
  const version = versions.get(url);
  return version ? `${url}?v=${version}` : url;
}

function mapValues(
  entries: Record<string, unknown> | undefined,
  change: (url: string) => string,
): Record<string, unknown> | undefined {
  if (!entries || typeof entries !== 'object') return entries;
  return Object.fromEntries(Object.entries(entries).map(([key, url]) => [key, typeof url === 'string' ? change(url) : url]));
}

/** The import map with every URL that `versions` knows versioned (imports and scopes), as JSON text. */
export function versionImportMap(importMapJson: string, versions: ReadonlyMap<string, string>): string {
  const map = JSON.parse(importMapJson) as ImportMapJson;
  const change = (url: string) => versionedUrl(url, versions);
  const versioned: ImportMapJson = { ...map, imports: mapValues(map.imports, change) };
  if (map.scopes && typeof map.scopes === 'object') {
    versioned.scopes = Object.fromEntries(
      Object.entries(map.scopes).map(([scope, entries]) => [scope, mapValues(entries, change) ?? entries]),
    );
  }
  if (!map.imports) delete versioned.imports;
  return JSON.stringify(versioned, null, 2);
}

/** A file (URL or path) inside a package's `chunks/` folder: Vite names those after their content. */
function isChunk(url: string): boolean {
  return url.split(/[?#]/, 1)[0]!.split('/').slice(0, -1).includes('chunks');
}

/** `href="/…"` and `src="/…"` (same-origin absolute paths without query or fragment). */
const PAGE_URL_ATTRIBUTE = /(\s(?:href|src)=)(["'])(\/(?!\/)[^"'?#\s]*)\2/gi;

/** The URLs of the import map and of the page's href/src attributes that may name a built file. */
export function shellPageUrls(html: string, importMapJson: string): string[] {
  const urls = new Set<string>();
  const map = JSON.parse(importMapJson) as ImportMapJson;
  const add = (entries: Record<string, unknown> | undefined) => {
    for (const url of Object.values(entries ?? {})) if (typeof url === 'string' && url.startsWith('/')) urls.add(url);
  };
  add(map.imports);
  for (const entries of Object.values(map.scopes ?? {})) add(entries);
  for (const match of html.matchAll(PAGE_URL_ATTRIBUTE)) urls.add(match[3]!);
  // A chunk is imported by its plain URL, relative to the module that imports it; `?v` on its preload would
  // make the preload and the import two fetches. Its name carries its content hash, so it is immutable anyway.
  return [...urls].filter((url) => !isChunk(url));
}

export interface ShellPage {
  html: string;
  /** CSP hash sources of the inline scripts inserted (the import map, the inlined scripts). */
  scriptHashes: string[];
  /** CSP hash sources of the inline styles inserted (the inlined stylesheets). */
  styleHashes: string[];
}

/**
 * Page files the server inlines (issue 44: the first frame waits for no file): `<script src="/…" data-inline>
 * </script>` (a classic script) and `<link rel="stylesheet" href="/…" data-inline />` (a stylesheet without
 * relative `url()`s; it becomes `<style data-href="/…">`, which @erp/ui's `linkStylesheet` counts as linked), and
 * `<link rel="icon" href="/…" type="image/svg+xml" data-inline />` (it becomes a `data:` URL: the page asks for no
 * icon, a request fewer at every boot and none left in flight when the boot loader sends a visitor to sign-in).
 */
const INLINE_FILE =
  /<script src="(\/(?!\/)[^"?#\s]*)" data-inline><\/script>|<link rel="stylesheet" href="(\/(?!\/)[^"?#\s]*)" data-inline \/>|<link rel="icon" href="(\/(?!\/)[^"?#\s]*)" type="image\/svg\+xml" data-inline \/>/g;

/** The URLs of the page's files marked `data-inline`. */
export function inlineFileUrls(html: string): string[] {
  return [...html.matchAll(INLINE_FILE)].map((match) => (match[1] ?? match[2] ?? match[3])!);
}

/** A file's text as the content of an inline `<script>` or `<style>`: `</script`, `</style` cannot close it early. */
function inlineText(source: string): string {
  return source.replace(/<\/(script|style)/gi, '<\\/$1').trimEnd();
}

export interface ShellPageOptions {
  /** URL → content version: those URLs get `?v=<version>` in the import map and in href/src attributes. */
  versions?: ReadonlyMap<string, string>;
  /** Inserted after the import map as the JSON data block #erp-shell-config. */
  shellConfig?: ShellConfig;
  /** URL → text of the `data-inline` files (`inlineFileUrls`); one missing stays an external file. */
  inlineFiles?: ReadonlyMap<string, string>;
}

/**
 * Inlines the import map (and the shell config after it), versions the page's static URLs, and answers the
 * page with the hash of the script text it inserted.
 */
export function renderShellPage(html: string, importMapJson: string, options: ShellPageOptions = {}): ShellPage {
  const versions = options.versions ?? new Map<string, string>();
  const text = importMapScriptText(versionImportMap(importMapJson, versions));
  let element = `<script type="importmap">${text}</script>`;
  if (options.shellConfig) {
    element += `\n<script type="application/json" id="${SHELL_CONFIG_ELEMENT_ID}">${scriptJson(options.shellConfig)}</script>`;
  }
  // Issue 44: the boot loader and the first frame's styles, without a round trip to the cache.
  const scriptHashes = [sha256Source(text)];
  const styleHashes: string[] = [];
  const inlined = html.replace(INLINE_FILE, (whole, scriptUrl: string | undefined, styleUrl: string | undefined, iconUrl: string | undefined) => {
    const source = options.inlineFiles?.get((scriptUrl ?? styleUrl ?? iconUrl)!);
    if (source === undefined) return whole;
    // The CSP's img-src allows data: (security/csp.ts).
    if (iconUrl) return `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(source.trim())}" type="image/svg+xml" />`;
    const content = inlineText(source);
    if (scriptUrl) {
      scriptHashes.push(sha256Source(content));
      return `<script>${content}</script>`;
    }
    styleHashes.push(sha256Source(content));
    return `<style data-href="${styleUrl}">${content}</style>`;
  });
  // Versioned before the insertion, so only the page's own attributes are touched.
  const versioned = inlined.replace(
    PAGE_URL_ATTRIBUTE,
    (whole, name: string, quote: string, url: string) =>
      versions.has(url) ? `${name}${quote}${versionedUrl(url, versions)}${quote}` : whole,
  );
  const page = versioned.includes(IMPORT_MAP_MARKER)
    ? versioned.replace(IMPORT_MAP_MARKER, () => element)
    : // Without the marker the map must still come before any module script: put it first in <head>.
      versioned.replace(/<head[^>]*>/i, (head) => `${head}\n${element}`);
  return { html: page, scriptHashes, styleHashes };
}

/** Inlines the import map (see `renderShellPage`, which also answers the script's hash). */
export function inlineImportMap(html: string, importMapJson: string): string {
  return renderShellPage(html, importMapJson).html;
}

/**
 * The URLs the service worker precaches: the page's files and the import map's modules outside `/apps/` — the
 * shell's chrome and what it loads on first use (a menu's Shoelace component, a dialog), so it opens offline too.
 * The screens' modules (`/apps/…`) are kept as they are used, not all at install: a customer's phone downloads
 * no staff screen.
 */
export function serviceWorkerUrls(html: string, importMapJson: string): string[] {
  const page = new Set(shellPageUrls(html, '{}'));
  return shellPageUrls(html, importMapJson).filter((url) => page.has(url) || !url.startsWith('/apps/'));
}

/** A module's relative imports, static or dynamic (`./chunks/…`: its own parts). */
const RELATIVE_IMPORT = /\bimport\s*\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)|(?:^|[;}\s])(?:import|export)\s*(?:[^'"`;()]*?from\s*)?["'](\.{1,2}\/[^"']+)["']/g;

/** `urls` and, followed through each module's text (`read`), every module they import by a relative URL. */
export function withRelativeImports(urls: readonly string[], read: (url: string) => string | null): string[] {
  const all = new Set(urls);
  const queue = [...urls];
  while (queue.length > 0) {
    const url = queue.pop()!;
    if (!url.endsWith('.js')) continue;
    for (const match of (read(url) ?? '').matchAll(RELATIVE_IMPORT)) {
      const imported = posix.join(posix.dirname(url), (match[1] ?? match[2])!);
      if (!all.has(imported)) {
        all.add(imported);
        queue.push(imported);
      }
    }
  }
  return [...all];
}

/**
 * The service worker as served: `self.ERP_SHELL = { version, urls }` (`urls`: those with a content version as
 * `url?v=<version>`, and the content-named chunks as they are; sorted; `version` covers them, the page, the import
 * map and the worker), then the worker.
 */
export function serviceWorkerScript(worker: string, html: string, importMapJson: string, versions: ReadonlyMap<string, string>, urlsToKeep: readonly string[]): string {
  const urls = [...new Set(urlsToKeep)]
    .filter((url) => versions.has(url) || isChunk(url))
    // A chunk is imported by its plain URL (see shellPageUrls), and the cache matches the URL exactly.
    .map((url) => (isChunk(url) ? url : versionedUrl(url, versions)))
    .sort();
  const version = createHash('sha256').update(JSON.stringify([urls, html, importMapJson, worker])).digest('hex').slice(0, 12);
  return `self.ERP_SHELL=${scriptJson({ version, urls })};\n${worker}`;
}

function noCache(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-cache, no-store, must-revalidate');
}

function directoryExists(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

interface Mount {
  prefix: string;
  /** Folders served as one, searched in order (the locales: the shell's, then each module's). */
  dirs: readonly string[];
  /** The folder version whose `v` also makes this mount's files immutable (the locales). */
  tree?: TreeVersions;
}

/** The file a URL path names inside a mount, or null: outside every mount, malformed, or escaping it. */
function fileOfUrl(mounts: readonly Mount[], url: string): { mount: Mount; file: string } | null {
  const mount = mounts.find(({ prefix }) => url.startsWith(prefix));
  if (!mount) return null;
  let rest: string;
  try {
    rest = decodeURIComponent(url.slice(mount.prefix.length).split(/[?#]/, 1)[0]!);
  } catch {
    return null;
  }
  if (!rest || rest.includes('\0') || rest.includes('\\') || rest.split('/').some((part) => part === '..' || part === '.')) {
    return null;
  }
  const files = mount.dirs.map((dir) => resolve(dir, rest)).filter((file, i) => file.startsWith(mount.dirs[i]! + sep));
  if (files.length === 0) return null;
  return { mount, file: files.find((file) => existsSync(file)) ?? files[0]! };
}

/** A file's name inside its mount with `/` separators. */
function nameIn(mount: Mount, file: string): string {
  const dir = mount.dirs.find((d) => file.startsWith(d + sep)) ?? mount.dirs[0]!;
  return relative(dir, file).split(sep).join('/');
}

/** The single `v` query parameter of a request, if any. */
function versionParam(request: FastifyRequest): string | null {
  const v = (request.query as Record<string, unknown> | undefined)?.v;
  return typeof v === 'string' && v !== '' ? v : null;
}

export async function registerStaticRoutes(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const root = config.repoRoot;
  const importMapFile = join(root, 'import-map.json');
  const indexFile = join(root, 'root-config', 'dist', 'index.html');
  const files = new FileVersions();
  const texts = new FileTexts();
  const localeDirs = localeRoots(root);
  const locales = new TreeVersions(localeDirs, files);

  const mounts: Mount[] = [
    { prefix: '/vendor/', dirs: [join(root, 'vendor', 'dist')] },
    { prefix: '/shared/', dirs: [join(root, 'shared', 'dist')] },
    { prefix: '/elements/', dirs: [join(root, 'shell-elements', 'dist')] },
    { prefix: '/root-config/', dirs: [join(root, 'root-config', 'dist')] },
    { prefix: '/locales/', dirs: localeDirs, tree: locales },
  ];
  const appsDir = join(root, 'apps');
  const appNames = new Set(moduleApps());
  if (directoryExists(appsDir)) {
    for (const name of readdirSync(appsDir)) if (directoryExists(join(appsDir, name))) appNames.add(name);
  }
  for (const name of [...appNames].sort()) {
    if (/^[a-z0-9][a-z0-9-]*$/.test(name)) mounts.push({ prefix: `/apps/${name}/`, dirs: appBuildDirs(root, name) });
  }
  // The modules' micro-apps join import-map.json's entries (issue 73 item 4); the module set is fixed per process.
  const moduleImports = moduleAppImports();
  let importMapCache: { text: string; map: string } | undefined;
  const importMapText = (): string | null => {
    const text = texts.text(importMapFile);
    if (text === null) return null;
    if (importMapCache?.text !== text) importMapCache = { text, map: withModuleApps(text, moduleImports) };
    return importMapCache.map;
  };

  /** URL → content version of each URL that names a built file (a stat each; reads only changed files). */
  async function versionsOf(urls: readonly string[]): Promise<Map<string, string>> {
    const found = await Promise.all(
      urls.map(async (url) => {
        const target = fileOfUrl(mounts, url);
        return [url, target ? await files.version(target.file) : null] as const;
      }),
    );
    return new Map(found.filter((entry): entry is readonly [string, string] => entry[1] !== null));
  }

  /** URL → text of each URL that names a built file (the page's inlined files); unreadable ones are left out. */
  function sourcesOf(urls: readonly string[]): Map<string, string> {
    const found = urls.map((url) => {
      const target = fileOfUrl(mounts, url);
      return [url, target ? texts.text(target.file) : null] as const;
    });
    return new Map(found.filter((entry): entry is readonly [string, string] => entry[1] !== null));
  }

  async function currentShellConfig(): Promise<ShellConfig> {
    return shellConfigOf(config, await locales.version());
  }

  // Issue 16: import-map-overrides in development only (import-map-overrides.ts).
  refuseOverridesInProduction(app);

  async function sendShell(request: FastifyRequest, reply: FastifyReply) {
    const html = texts.text(indexFile);
    const mapped = importMapText();
    if (html === null || mapped === null) return noCache(reply).code(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
    const overrides = requestedOverrides(request.headers.cookie, mapped, request.protocol);
    const importMap = applyOverrides(mapped, overrides);
    const [versions, shellConfig] = await Promise.all([versionsOf(shellPageUrls(html, importMap)), currentShellConfig()]);
    const inlineFiles = sourcesOf(inlineFileUrls(html));
    // Issue 69 item 3: a portal customer's sign-in callback fetches the portal's screens with the boot (portal-sign-in.ts).
    const portalSignIn = request.routeOptions.url === '/auth/callback' && hasPortalSignIn(request.headers.cookie);
    const page = renderShellPage(portalSignIn ? markPortalSignIn(html) : html, importMap, { versions, shellConfig, inlineFiles });
    const headers = shellPageHeaders(config, page);
    headers['content-security-policy'] = cspWithOverrides(headers['content-security-policy']!, overrides);
    if (portalSignIn) reply.header('set-cookie', clearPortalSignIn(config.publicUrl));
    return sendCompressed(request, noCache(reply).headers(headers).type('text/html; charset=utf-8'), page.html);
  }

  app.get('/', sendShell);
  app.get('/index.html', sendShell);
  app.get('/auth/callback', sendShell);

  app.get('/import-map.json', async (_request, reply) => {
    const importMap = importMapText();
    if (importMap === null) return noCache(reply).code(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
    const versions = await versionsOf(shellPageUrls('', importMap));
    return noCache(reply).type('application/importmap+json; charset=utf-8').send(versionImportMap(importMap, versions));
  });

  const workerFile = join(root, 'root-config', 'dist', 'sw.js');
  app.get('/sw.js', async (request, reply) => {
    const html = texts.text(indexFile);
    const importMap = importMapText();
    const worker = texts.text(workerFile);
    if (html === null || importMap === null || worker === null) return noCache(reply).code(404).type('text/plain; charset=utf-8').send(NOT_BUILT);
    // Each module with its own chunks (a Shoelace component's parts, root-config's lazy pieces): all open offline.
    const urls = withRelativeImports(serviceWorkerUrls(html, importMap), (url) => {
      const target = fileOfUrl(mounts, url);
      return target ? texts.text(target.file) : null;
    });
    const script = serviceWorkerScript(worker, html, importMap, await versionsOf(urls), urls);
    return sendCompressed(request, noCache(reply).header('content-security-policy', "default-src 'self'").type('text/javascript; charset=utf-8'), script);
  });

  app.get('/shell-config.json', async (_request, reply) => noCache(reply).send(await currentShellConfig()));

  /**
   * Issue 70 item 3: the elements' current release, for a page of another site that pins it (shell-elements
   * README, "Pinned version"): `standalone` is the URL answered `immutable` for a year (`?v=` the file's content
   * version; its chunks are content-named), `integrity` the file's SRI hash. Itself never cached; 503 unbuilt.
   */
  const elementsDir = join(root, 'shell-elements', 'dist');
  const standaloneFile = join(elementsDir, 'shell-elements.standalone.js');
  const integrities = new Map<string, string>();
  app.get('/elements/release.json', async (_request, reply) => {
    const version = await files.version(standaloneFile);
    const packageJson = texts.text(join(elementsDir, 'package.json'));
    if (!version || packageJson === null) return noCache(reply).code(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
    let integrity = integrities.get(version);
    if (!integrity) {
      integrity = `sha384-${createHash('sha384').update(await readFile(standaloneFile)).digest('base64')}`;
      // Checked against the version once more: a build between the two reads would pair the wrong hash.
      if ((await files.version(standaloneFile)) !== version) return noCache(reply).code(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
      integrities.set(version, integrity);
    }
    const manifestVersion = await files.version(join(elementsDir, 'custom-elements.json'));
    const { name, version: packageVersion } = JSON.parse(packageJson) as { name: string; version: string };
    return noCache(reply).send({
      name,
      version: packageVersion,
      standalone: `/elements/shell-elements.standalone.js?v=${version}`,
      integrity,
      manifest: manifestVersion ? `/elements/custom-elements.json?v=${manifestVersion}` : null,
    });
  });

  /**
   * Immutable only for the exact bytes being sent (`stats` is the served file's): a chunk, a file whose
   * version is `v`, or a locale file that folder version `v` covered.
   */
  function isImmutable(request: FastifyRequest, mount: Mount, path: string, stats: Stats): boolean {
    const name = nameIn(mount, path);
    // Vite names chunks after their content; their source maps are not covered by that hash.
    if (isChunk(name) && !name.endsWith('.map')) return true;
    const v = versionParam(request);
    if (!v) return false;
    const version = files.known(path, stats);
    if (!version) return false;
    return v === version || (mount.tree?.includes(v, name, version) ?? false);
  }

  await app.register(async (scope) => {
    // Issue 69 item 3: sent compressed (compression.ts).
    compressStaticFiles(scope);
    // Before a versioned file is sent: make sure its version (and a locale folder version) is known, so the
    // synchronous check in setHeaders can vouch for it — after a restart, or when a file changed since the
    // page was rendered.
    scope.addHook('onRequest', async (request) => {
      const v = versionParam(request);
      if (!v) return;
      const target = fileOfUrl(mounts, request.url);
      if (!target) return;
      await files.version(target.file);
      if (target.mount.tree && !target.mount.tree.knows(v)) await target.mount.tree.version();
    });

    for (const mount of mounts) {
      await scope.register(fastifyStatic, {
        root: mount.dirs.length === 1 ? mount.dirs[0]! : [...mount.dirs],
        prefix: mount.prefix,
        // Only one registration may decorate the reply; none needs sendFile here.
        decorateReply: false,
        // A package that is not built yet is normal during development: no warning.
        suppressWarning: true,
        index: false,
        list: false,
        dotfiles: 'deny',
        cacheControl: false,
        setHeaders(reply, path, stats) {
          reply.header('cache-control', isImmutable(reply.request, mount, path, stats) ? IMMUTABLE : REVALIDATE);
        },
      });
    }
  });
}
