#!/usr/bin/env node
/**
 * Fails when a built browser module imports a bare specifier that the import map does not map — the page
 * would throw "Failed to resolve module specifier" at run time.
 *
 * Scans every `.js`/`.mjs` file under the built folders that exist (default: vendor/dist, shared/dist,
 * shell-elements/dist, apps/<x>/dist, root-config/dist; or the folders given as arguments, relative to the
 * repository root) for static imports, `export … from`, and `import('…')` with a literal specifier.
 * Relative (`./`, `../`) and absolute (`/`) URLs and full URLs are fine; anything else must be an import-map
 * key (or start with a key ending in `/`, the import-map prefix rule).
 *
 *   node vendor/scripts/check-import-map.mjs [folder …]
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { imports } = JSON.parse(readFileSync(join(root, 'import-map.json'), 'utf8'));
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

/** Is the specifier a URL the browser resolves without the import map? */
const isUrlLike = (s) => /^(\.{0,2}\/|[a-z][a-z0-9+.-]*:)/i.test(s);
const isMapped = (s) => keys.some((key) => key === s || (key.endsWith('/') && s.startsWith(key)));

/** Every specifier the module imports: static imports, re-exports, literal dynamic imports. */
function specifiersOf(file, code) {
  const { module, errors } = parseSync(file, code, { sourceType: 'module' });
  if (errors.length) throw new Error(`${relative(root, file)}: cannot parse: ${errors[0].message}`);
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
let scanned = 0;
for (const folder of folders) {
  const dir = resolve(root, folder);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) continue;
  for (const file of moduleFiles(dir)) {
    scanned += 1;
    for (const specifier of new Set(specifiersOf(file, readFileSync(file, 'utf8')))) {
      if (!isUrlLike(specifier) && !isMapped(specifier)) problems.push({ file: relative(root, file), specifier });
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
  process.exit(1);
}
console.log(`check-import-map: ${scanned} module(s) in ${folders.join(', ')} — every bare import is mapped`);
