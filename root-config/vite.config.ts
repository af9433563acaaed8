import { existsSync, readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import { libraryConfig } from '../vite.library.ts';

/** Where the server serves this package's build. */
const SERVED_AT = '/root-config/';
const PRELOAD_MARKER = '<!-- root-config-chunks -->';

/**
 * index.html, shell.css and the favicon go to dist/ beside root-config.js (the server serves / and
 * /root-config/). The chunks root-config.js imports statically are preloaded by the page, so the browser
 * fetches them with the entry instead of after parsing it.
 */
function emitPageFiles(): Plugin {
  const files: Record<string, string> = {
    'index.html': './index.html',
    'shell.css': './src/shell.css',
    'favicon.svg': './src/favicon.svg',
    // The reference page of the boot benchmark: same server, no script.
    'blank.html': './src/blank.html',
  };
  return {
    name: 'erp-root-config-page',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((output) => output.type === 'chunk' && output.isEntry);
      // Externals (the import map's bare specifiers) are listed too: keep this build's own files.
      const chunkImports = entry?.type === 'chunk' ? entry.imports.filter((file) => file in bundle) : [];
      const preloads = chunkImports.map((file) => `<link rel="modulepreload" href="${SERVED_AT}${file}" />`).join('\n    ');
      for (const [fileName, source] of Object.entries(files)) {
        let text = readFileSync(new URL(source, import.meta.url), 'utf8');
        if (fileName === 'index.html') text = text.replace(PRELOAD_MARKER, preloads);
        this.emitFile({ type: 'asset', fileName, source: text });
      }
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
