#!/usr/bin/env node
/**
 * Fails when a built browser module imports a bare specifier that the import map does not map — the page
 * would throw "Failed to resolve module specifier" at run time — or imports a file the import map points at
 * by its relative or absolute URL: the page loads import-map targets as `<url>?v=<content version>`
 * (server/src/static/routes.ts), so a plain URL would load and run a second copy of that module.
 *
 * Scans every `.js`/`.mjs` file under the built folders that exist (default: vendor/dist, shared/dist,
 * shell-elements/dist, apps/<x>/dist, root-config/dist; or the folders given as arguments, relative to the
 * repository root) for static imports, `export … from`, and `import('…')` with a literal specifier.
 * Relative (`./`, `../`) and absolute (`/`) URLs and full URLs are fine unless they name an import-map
 * target (chunks are); anything else must be an import-map key (or start with a key ending in `/`, the
 * import-map prefix rule). Every name a module imports from an import-map key must be exported by the built file
 * the key maps to: a missing one is a SyntaxError at run time, and some vendor files export only the names the
 * product imports (vendor/scripts/build.mjs, USED_NAMES_ONLY).
 *
 *   node vendor/scripts/check-import-map.mjs [folder …]
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'vite';
import { readImportMap } from '../../modules/manifests.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// import-map.json with the modules' micro-apps (modules/manifests.ts), as the server answers it.
const { imports } = readImportMap(root);
const keys = Object.keys(imports);

function defaultFolders() {
  const folders = ['vendor/dist', 'shared/dist', 'shell-elements/dist', 'root-config/dist'];
  const apps = join(root, 'apps');
  if (existsSync(apps)) {
    for (const app of readdirSync(apps).sort()) folders.push(`apps/${app}/dist`);
  }
  return folders;
}

function* moduleFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* moduleFiles(path);
    else if (/\.m?js$/.test(entry.name)) yield path;
  }
}

/** URL prefix → built folder (ARCHITECTURE.md "Server URL layout"); `/apps/<x>/` is apps/<x>/dist. */
const servedFrom = [
  ['/vendor/', 'vendor/dist'],
  ['/shared/', 'shared/dist'],
  ['/elements/', 'shell-elements/dist'],
  ['/root-config/', 'root-config/dist'],
];

/** The built file a same-origin URL path names, or undefined. */
function fileOfUrl(url) {
  const apps = /^\/apps\/([a-z0-9][a-z0-9-]*)\/(.+)$/.exec(url);
  if (apps) return join(root, 'apps', apps[1], 'dist', apps[2]);
  for (const [prefix, dir] of servedFrom) {
    if (url.startsWith(prefix)) return join(root, dir, url.slice(prefix.length));
  }
  return undefined;
}

/** Built file → the import-map URL that loads it (with `?v=` on the page). */
const targets = new Map();
for (const url of Object.values(imports)) {
  const file = typeof url === 'string' && url.startsWith('/') ? fileOfUrl(url.split(/[?#]/, 1)[0]) : undefined;
  if (file) targets.set(file, url);
}

/** The built file a relative or same-origin absolute specifier of `file` names, or undefined. */
function fileOfSpecifier(file, specifier) {
  const path = specifier.split(/[?#]/, 1)[0];
  if (/^\.{1,2}\//.test(path)) return resolve(dirname(file), path);
  if (path.startsWith('/') && !path.startsWith('//')) return fileOfUrl(path);
  return undefined;
}

/** Is the specifier a URL the browser resolves without the import map? */
const isUrlLike = (s) => /^(\.{0,2}\/|[a-z][a-z0-9+.-]*:)/i.test(s);
const isMapped = (s) => keys.some((key) => key === s || (key.endsWith('/') && s.startsWith(key)));

function parsed(file, code) {
  const { module, errors } = parseSync(file, code, { sourceType: 'module' });
  if (errors.length) throw new Error(`${relative(root, file)}: cannot parse: ${errors[0].message}`);
  return module;
}

/** The names a built file exports, through its `export * from` files; cached by file. */
const exportsByFile = new Map();
function exportedNames(file) {
  if (exportsByFile.has(file)) return exportsByFile.get(file);
  const names = new Set();
  exportsByFile.set(file, names);
  for (const entry of parsed(file, readFileSync(file, 'utf8')).staticExports) {
    for (const item of entry.entries) {
      if (item.exportName.kind === 'Name') names.add(item.exportName.name);
      else if (item.importName.kind === 'AllButDefault' || item.importName.kind === 'All') {
        const from = fileOfSpecifier(file, item.moduleRequest.value);
        if (from && existsSync(from)) for (const name of exportedNames(from)) if (name !== 'default') names.add(name);
      }
    }
  }
  return names;
}

/** The built file an import-map key names (a same-origin URL), or undefined. */
function fileOfKey(specifier) {
  const url = imports[specifier];
  const file = typeof url === 'string' && url.startsWith('/') ? fileOfUrl(url.split(/[?#]/, 1)[0]) : undefined;
  return file && existsSync(file) ? file : undefined;
}

/** The names the module imports or re-exports by name from import-map keys: [specifier, name][]. */
function namedImportsOf(module) {
  const found = [];
  for (const entry of module.staticImports) {
    for (const item of entry.entries) if (item.importName.kind === 'Name') found.push([entry.moduleRequest.value, item.importName.name]);
  }
  for (const entry of module.staticExports) {
    for (const item of entry.entries) if (item.moduleRequest && item.importName.kind === 'Name') found.push([item.moduleRequest.value, item.importName.name]);
  }
  return found.filter(([specifier]) => !isUrlLike(specifier));
}

/** Every specifier the module imports: static imports, re-exports, literal dynamic imports. */
function specifiersOf(module, code) {
  const found = [];
  for (const entry of module.staticImports) found.push(entry.moduleRequest.value);
  for (const entry of module.staticExports) {
    for (const item of entry.entries) if (item.moduleRequest) found.push(item.moduleRequest.value);
  }
  for (const entry of module.dynamicImports) {
    const text = code.slice(entry.moduleRequest.start, entry.moduleRequest.end);
    const literal = /^(['"`])([^'"`$\\]*)\1$/.exec(text);
    if (literal) found.push(literal[2]);
  }
  return found;
}

const folders = process.argv.length > 2 ? process.argv.slice(2) : defaultFolders();
const problems = [];
const duplicates = [];
const missingNames = [];
let scanned = 0;
for (const folder of folders) {
  const dir = resolve(root, folder);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) continue;
  for (const file of moduleFiles(dir)) {
    scanned += 1;
    const code = readFileSync(file, 'utf8');
    const module = parsed(file, code);
    for (const [specifier, name] of namedImportsOf(module)) {
      const target = fileOfKey(specifier);
      if (target && !exportedNames(target).has(name)) missingNames.push({ file: relative(root, file), specifier, name });
    }
    for (const specifier of new Set(specifiersOf(module, code))) {
      if (!isUrlLike(specifier)) {
        if (!isMapped(specifier)) problems.push({ file: relative(root, file), specifier });
        continue;
      }
      const target = targets.get(fileOfSpecifier(file, specifier));
      if (target) duplicates.push({ file: relative(root, file), specifier, target });
    }
  }
}

if (problems.length) {
  console.error(`\ncheck-import-map: ${problems.length} bare import(s) not in import-map.json:`);
  for (const { file, specifier } of problems) console.error(`  ${file}: '${specifier}'`);
  console.error(
    'Map each one in import-map.json (and build it), or bundle it into the package that uses it ' +
      '(libraryConfig({ bundle: [...] }) in vite.library.ts).',
  );
}
if (duplicates.length) {
  console.error(`\ncheck-import-map: ${duplicates.length} import(s) of an import-map target by URL:`);
  for (const { file, specifier, target } of duplicates) console.error(`  ${file}: '${specifier}' (import-map URL ${target})`);
  console.error(
    'The page loads import-map targets with ?v=<version>, so this URL would run a second copy. Import the ' +
      'bare specifier instead, or move the shared code into a chunk (chunks/[name]-[hash].js).',
  );
}
if (missingNames.length) {
  console.error(`\ncheck-import-map: ${missingNames.length} import(s) of a name the mapped file does not export:`);
  for (const { file, specifier, name } of missingNames) console.error(`  ${file}: ${name} from '${specifier}'`);
  console.error('Rebuild the vendor files (npm run build -w vendor reads the names the sources import), or fix the import.');
}
if (problems.length || duplicates.length || missingNames.length) process.exit(1);
console.log(
  `check-import-map: ${scanned} module(s) in ${folders.join(', ')} — every bare import is mapped and exports what is ` +
    'imported from it, no import-map target is imported by URL',
);
