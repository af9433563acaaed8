import { existsSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as bundle } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { readImportMap } from '../modules/manifests.ts';
import { libraryConfig } from '../vite.library.ts';

/** Where the server serves this package's build. */
const SERVED_AT = '/root-config/';
const PRELOAD_MARKER = '<!-- boot-modulepreload -->';
const PORTAL_MARKER = '<!-- portal-modulepreload -->';
/**
 * The modules the first screen needs besides root-config's own: HOME's page (route `/`, `@erp/home`), which the
 * workspace imports as soon as it starts, and the staff chrome's elements (menu bar, tab bar: root-config imports
 * them at once on a page that is not a portal page; issue 69 item 3).
 */
const FIRST_SCREEN = ['@erp/home', '@erp/shell-elements/staff'];

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
/** The folder each served URL prefix comes from (server/src/static/routes.ts; ARCHITECTURE.md "Server URL layout"). */
const SERVED_FROM: [string, (rest: string) => string][] = [
  ['/vendor/', (rest) => `vendor/dist/${rest}`],
  ['/shared/', (rest) => `shared/dist/${rest}`],
  ['/elements/', (rest) => `shell-elements/dist/${rest}`],
  ['/apps/', (rest) => `apps/${rest.replace('/', '/dist/')}`],
];

/** The static imports of built ES module code (`import … from "x"`, `import "x"`, `export … from "x"`), not `import()`. */
function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[^'"`;()]*?from\s*)?["']([^"']+)["']/g)].map((match) => match[1]!);
}

/**
 * Issue 69 item 3: what a portal customer's first screen needs besides the boot graph — React, @erp/ui and the
 * portal's screens (`@erp/portal`, every portal route's module), with their static imports. A page opened at a
 * portal address (#/portal…) fetches them with the boot modules (boot/loader.ts) instead of after the session is
 * known, and root-config's portal chrome chunk (a dynamic import) with them.
 */
const PORTAL_SCREEN = ['@erp/portal', '@erp/ui', 'react', 'react/jsx-runtime', 'react-dom/client', 'single-spa-react'];

/**
 * The URLs reached from `seeds` by static imports (`import … from "x"`, not `import()`): a seed is an import-map
 * specifier or a URL on this server; each module's static imports are followed through the import map and the
 * built files (never a hand-kept list). Every package before root-config in the build order is built by then.
 */
function moduleGraph(seeds: string[]): string[] {
  const imports = importMapOnDisk();
  const urls = new Set<string>();
  const visit = (url: string) => {
    if (urls.has(url)) return;
    urls.add(url);
    const served = SERVED_FROM.find(([prefix]) => url.startsWith(prefix));
    if (!served) return;
    const file = `${repoRoot}${served[1](url.slice(served[0].length))}`;
    if (!existsSync(file)) throw new Error(`boot module ${url} is not built (${file})`);
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) follow(specifier, url);
  };
  const follow = (specifier: string, from: string) => {
    if (specifier.startsWith('.')) visit(posix.join(posix.dirname(from), specifier));
    else if (imports[specifier]) visit(imports[specifier]);
    else throw new Error(`boot module ${from} imports ${specifier}, which the import map does not name`);
  };
  for (const seed of seeds) {
    if (seed.startsWith('/')) visit(seed);
    else follow(seed, SERVED_AT);
  }
  return [...urls];
}

/**
 * Issue 44, less to compile: the URLs of the boot graph — the entry's static imports (its chunks and the import
 * map's modules) with theirs, and the first screen's modules with theirs.
 */
function bootGraph(entryImports: string[], chunkUrl: (file: string) => string): string[] {
  const imports = importMapOnDisk();
  // A chunk of this build is not on disk yet: it is a URL of the graph (its own imports are the entry's).
  const chunks = entryImports.filter((specifier) => !imports[specifier]).map(chunkUrl);
  return [...new Set([...chunks, ...moduleGraph([...entryImports.filter((specifier) => imports[specifier]), ...FIRST_SCREEN])])];
}

/**
 * Issue 69 item 3: the boot graph's URLs only staff's first screen (HOME and the staff elements, `FIRST_SCREEN`) needs
 * — not reached from the entry. A portal page leaves them out (boot/loader.ts): a portal customer never sees HOME, a
 * menu bar or a tab bar.
 */
function staffOnly(entryImports: string[]): Set<string> {
  const imports = importMapOnDisk();
  const shell = new Set(moduleGraph(entryImports.filter((specifier) => imports[specifier])));
  return new Set(moduleGraph(FIRST_SCREEN).filter((url) => !shell.has(url)));
}

/**
 * Issue 69 item 3: the portal app's stylesheet (`portal.css` beside `@erp/portal`'s module), fetched with a portal
 * page's boot — preloaded, not applied (applied early, the returning Home shifted); the screens link it by the
 * preload's URL (modules/portal/screens/stylesheet.ts).
 */
function portalStylesheet(): string | null {
  const module = importMapOnDisk()['@erp/portal'];
  if (!module) return null;
  const url = posix.join(posix.dirname(module), 'portal.css');
  const served = SERVED_FROM.find(([prefix]) => url.startsWith(prefix));
  return served && existsSync(`${repoRoot}${served[1](url.slice(served[0].length))}`) ? url : null;
}

/**
 * Issue 69 item 3: the portal's first screen's modules not in the boot graph (`boot`): the portal chrome chunk
 * (`chunk`, with the chunks it imports), and through the import map its libraries and `PORTAL_SCREEN`'s modules.
 */
function portalGraph(chunk: string, chunkImports: string[], chunkUrl: (file: string) => string, boot: Set<string>): string[] {
  const imports = importMapOnDisk();
  const chunks = [chunk, ...chunkImports.filter((specifier) => !imports[specifier]).map(chunkUrl)];
  const graph = moduleGraph([...chunkImports.filter((specifier) => imports[specifier]), ...PORTAL_SCREEN]);
  return [...new Set([...chunks, ...graph])].filter((url) => !boot.has(url));
}

/** The repository's import map (import-map.json). */
function importMapOnDisk(): Record<string, string> {
  // The file's entries and the micro-apps derived from the module manifests (issue 73 item 4).
  return readImportMap(repoRoot).imports;
}

/**
 * A classic script, no imports left, minified: the page's inline boot script (src/boot/loader.ts — the server
 * inlines it under a CSP hash, and it runs while the page is parsed) and the service worker (src/sw/sw.ts).
 */
async function classicScript(source: string): Promise<string> {
  const built = await bundle({
    input: fileURLToPath(new URL(source, import.meta.url)),
    write: false,
    output: { format: 'iife', minify: true },
  });
  const chunk = built.output.find((output) => output.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error(`root-config: ${source} did not build`);
  return chunk.code;
}

/**
 * index.html, shell.css, the boot loader and the favicon go to dist/ beside root-config.js (the server serves /
 * and /root-config/). The page's boot modules (`bootGraph`: modulepreloads, then the entry) wait in a template
 * for the loader, which adds them in the page's first frame; then the browser fetches and compiles every module
 * of the boot in parallel with the entry instead of discovering them import by import.
 */
function emitPageFiles(): Plugin {
  const files: Record<string, string> = {
    'index.html': './index.html',
    'shell.css': './src/shell.css',
    'favicon.svg': './src/favicon.svg',
    // Issue 69 item 4: the web app manifest (the page links it; served as application/manifest+json).
    'manifest.webmanifest': './src/sw/manifest.webmanifest',
    // The reference page of the boot benchmark: same server, no script.
    'blank.html': './src/blank.html',
  };
  return {
    name: 'erp-root-config-page',
    async generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((output) => output.type === 'chunk' && output.isEntry);
      if (entry?.type !== 'chunk') throw new Error('root-config: no entry chunk');
      const graph = [`${SERVED_AT}${entry.fileName}`, ...bootGraph(entry.imports, (file) => `${SERVED_AT}${file}`)];
      const staff = staffOnly(entry.imports);
      // `data-staff`: left out on a portal page (boot/loader.ts).
      const preloads = graph
        .map((url) => `<link rel="modulepreload" href="${url}"${staff.has(url) ? ' data-staff' : ''} />`)
        .join('\n      ');
      const portalChrome = Object.values(bundle).find(
        (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith('/src/portal/portal-chrome.ts') === true,
      );
      if (portalChrome?.type !== 'chunk') throw new Error('root-config: no portal chrome chunk');
      const portal = portalGraph(
        `${SERVED_AT}${portalChrome.fileName}`,
        portalChrome.imports,
        (file) => `${SERVED_AT}${file}`,
        // What a portal page takes of the boot graph (not HOME's own modules).
        new Set(graph.filter((url) => !staff.has(url))),
      );
      // portal.css preloaded, not linked: linked here too, the returning portal's Home shifted (CLS 0.065 in 2 of 8
      // loads, its delivery panel): the screens link it themselves (linkStylesheet, by the preload's URL) and wait for it.
      const stylesheet = portalStylesheet();
      const portalPreloads = [
        ...portal.map((url) => `<link rel="modulepreload" href="${url}" />`),
        ...(stylesheet ? [`<link rel="preload" as="style" href="${stylesheet}" />`] : []),
      ].join('\n      ');
      for (const [fileName, source] of Object.entries(files)) {
        let text = readFileSync(new URL(source, import.meta.url), 'utf8');
        if (fileName === 'index.html') {
          if (!text.includes(PRELOAD_MARKER)) throw new Error(`index.html has no ${PRELOAD_MARKER}`);
          text = text.replace(PRELOAD_MARKER, preloads);
          if (!text.includes(PORTAL_MARKER)) throw new Error(`index.html has no ${PORTAL_MARKER}`);
          text = text.replace(PORTAL_MARKER, portalPreloads);
        }
        this.emitFile({ type: 'asset', fileName, source: text });
      }
      this.emitFile({ type: 'asset', fileName: 'boot-loader.js', source: await classicScript('./src/boot/loader.ts') });
      // Issue 69 item 4: the service worker, served at /sw.js with the page's versioned files before it (routes.ts).
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: await classicScript('./src/sw/sw.ts') });
    },
  };
}

interface PackageJson {
  name?: string;
  version?: string;
  workspaces?: string[];
}

function readPackage(url: URL): PackageJson | null {
  if (!existsSync(url)) return null;
  try {
    return JSON.parse(readFileSync(url, 'utf8')) as PackageJson;
  } catch {
    return null;
  }
}

/** Libraries shared through the import map whose versions About lists. */
const LIBRARIES = ['react', 'react-dom', 'single-spa', 'single-spa-layout', 'single-spa-react', 'lit', 'rxjs', 'i18next', 'oidc-client-ts'];

/**
 * About's component versions, read at build time: the product (root package.json), every workspace
 * package, and the shared libraries as installed.
 */
function componentVersions(): { name: string; version: string }[] {
  const root = new URL('../', import.meta.url);
  const versions: { name: string; version: string }[] = [];
  const product = readPackage(new URL('package.json', root));
  if (product?.name && product.version) versions.push({ name: product.name, version: product.version });
  for (const folder of product?.workspaces ?? []) {
    const pkg = readPackage(new URL(`${folder}/package.json`, root));
    if (pkg?.name && pkg.version && pkg.name !== '@erp/tests') versions.push({ name: pkg.name, version: pkg.version });
  }
  for (const library of LIBRARIES) {
    const pkg = readPackage(new URL(`node_modules/${library}/package.json`, root));
    if (pkg?.version) versions.push({ name: library, version: pkg.version });
  }
  return versions;
}

// root-config/dist/root-config.js — single-spa, single-spa-layout, rxjs, @erp/shared and @erp/shell-elements
// stay external (import map).
const config = libraryConfig({ entries: { 'root-config': 'src/root-config.ts' }, plugins: [emitPageFiles()] });
export default defineConfig({
  ...config,
  define: { ...config.define, __ERP_VERSIONS__: JSON.stringify(componentVersions()) },
});
