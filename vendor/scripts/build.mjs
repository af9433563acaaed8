#!/usr/bin/env node
/**
 * Builds `vendor/dist/`: one ES module per `/vendor/…` URL of the import map, so the page loads exactly one
 * copy of each shared library. The import map is the single source of truth: every specifier mapped to
 * `/vendor/<name>.js` becomes part of the output `<name>.js` (several specifiers may share one file — the
 * lit superset module).
 *
 * Steps
 * 1. Probe: resolve each specifier with Vite's own resolver (browser + production conditions, rxjs's es2015
 *    build) and learn its export names. CommonJS packages (React) get their names from `require()` at build
 *    time, because an ES re-export of CommonJS yields only a default export.
 * 2. Build: one Vite (Rolldown) build with one generated entry module per output file. Each entry imports its
 *    own package by absolute file path; every other vendor specifier stays a bare external import (the import
 *    map resolves it at run time). `esmExternalRequirePlugin` turns React's internal `require('react')` into
 *    an `import` of that external.
 * 3. Verify: every import-map `/vendor/` URL exists; no bundled library module is reachable from two output
 *    files; every output exports what its specifiers export; finally the bare imports are checked against the
 *    import map (scripts/check-import-map.mjs).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, esmExternalRequirePlugin, parseSync } from 'vite';

const vendorDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = join(vendorDir, '..');
const outDir = join(vendorDir, 'dist');
const VENDOR_URL = '/vendor/';
/** Browser build of every package; rxjs's es2015 build rather than its ES5 one. */
const CONDITIONS = ['es2015', 'module', 'browser', 'production'];
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

process.env.NODE_ENV = 'production';

/** @type {Record<string, string>} */
const importMap = JSON.parse(readFileSync(join(repoRoot, 'import-map.json'), 'utf8')).imports;

/** Output name (file name without `.js`) → the specifiers it provides, in import-map order. */
const outputs = new Map();
for (const [specifier, url] of Object.entries(importMap)) {
  if (!url.startsWith(VENDOR_URL)) continue;
  const name = url.slice(VENDOR_URL.length).replace(/\.js$/, '');
  if (!name || name.includes('/')) fail(`import-map URL ${url} must be /vendor/<name>.js`);
  outputs.set(name, [...(outputs.get(name) ?? []), specifier]);
}
const vendorSpecifiers = [...outputs.values()].flat();

function fail(message) {
  console.error(`\nvendor build: ${message}`);
  process.exit(1);
}

const requireFromVendor = createRequire(join(vendorDir, 'package.json'));

/**
 * Libraries on the boot path whose whole export list costs far more than what the product uses (issue 44: the
 * boot's JavaScript): their file exports only the names some source of the repository imports from them, read
 * from the sources at each build (rxjs: 7 names of ~170, 15.1 → about 5 kB gzip). After every build,
 * check-import-map.mjs fails when a built module imports a name its mapped file does not export.
 */
const USED_NAMES_ONLY = new Set(['rxjs']);
/** Folders never read for imports. */
const NOT_SOURCES = new Set(['node_modules', 'dist', 'coverage', 'test-results']);

/** The sources of every workspace (package.json `workspaces`): TypeScript and JavaScript files. */
function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || NOT_SOURCES.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(tsx?|m?js)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

/** Specifier → the names the repository's sources import from it by name (type-only imports aside). */
function namesImportedFromSources(specifiers) {
  const names = new Map(specifiers.map((specifier) => [specifier, new Set()]));
  const workspaces = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).workspaces;
  for (const workspace of workspaces) {
    for (const file of sourceFiles(join(repoRoot, workspace))) {
      const code = readFileSync(file, 'utf8');
      if (!specifiers.some((specifier) => code.includes(specifier))) continue;
      const { module } = parseSync(file, code, { sourceType: 'module' });
      const entries = [
        ...module.staticImports.flatMap((entry) => entry.entries.map((item) => [entry.moduleRequest.value, item])),
        ...module.staticExports.flatMap((entry) => entry.entries.filter((item) => item.moduleRequest).map((item) => [item.moduleRequest.value, item])),
      ];
      for (const [specifier, item] of entries) {
        if (!names.has(specifier) || item.isType) continue;
        if (item.importName.kind !== 'Name') fail(`${relative(repoRoot, file)} imports all of ${specifier}: import its names (its vendor file exports only those)`);
        names.get(specifier).add(item.importName.name);
      }
    }
  }
  return names;
}

/** Keeps, of the USED_NAMES_ONLY libraries' exports, the names the sources import. */
function keepUsedNames(resolved) {
  const trimmed = [...resolved.keys()].filter((specifier) => USED_NAMES_ONLY.has(specifier));
  for (const [specifier, used] of namesImportedFromSources(trimmed)) {
    const entry = resolved.get(specifier);
    const unknown = [...used].filter((name) => !entry.exports.includes(name));
    if (unknown.length) fail(`the sources import from ${specifier} names it does not export: ${unknown.join(', ')}`);
    resolved.set(specifier, { ...entry, exports: entry.exports.filter((name) => used.has(name)) });
  }
  return resolved;
}

// ---------------------------------------------------------------------------------------------------------
// 1. Probe
// ---------------------------------------------------------------------------------------------------------

/**
 * @typedef {{ id: string; commonjs: boolean; exports: string[] }} Resolved
 * @returns {Promise<Map<string, Resolved>>}
 */
async function probe() {
  /** @type {Map<string, string>} */
  const ids = new Map();
  /** Specifiers whose module declares a default export (`export *` never carries one). */
  const withDefault = new Set();
  // Phase a: resolve every specifier to a file (inside a plugin hook, so Vite's resolver decides).
  await build({
    configFile: false,
    root: vendorDir,
    logLevel: 'warn',
    resolve: { conditions: CONDITIONS },
    plugins: [
      {
        name: 'vendor-resolve-probe',
        resolveId: (id) => (id === 'vendor-probe' ? '\0vendor-probe' : undefined),
        async load(id) {
          if (id !== '\0vendor-probe') return undefined;
          for (const specifier of vendorSpecifiers) {
            const resolved = await this.resolve(specifier, join(vendorDir, 'package.json'));
            if (!resolved || resolved.external) fail(`cannot resolve ${specifier} from vendor/`);
            ids.set(specifier, resolved.id);
            const info = await this.load({ id: resolved.id });
            if (info.exports?.includes('default')) withDefault.add(specifier);
          }
          return 'export {};';
        },
      },
    ],
    build: { write: false, minify: false, rollupOptions: { input: 'vendor-probe' } },
  });

  /** @type {Map<string, Resolved>} */
  const result = new Map();
  const esm = [];
  for (const [specifier, id] of ids) {
    const { module } = parseSync(id, readFileSync(id, 'utf8'));
    if (module.hasModuleSyntax) {
      esm.push(specifier);
      continue;
    }
    // CommonJS: the export names are the keys of what require() returns in production mode.
    const exported = Object.keys(requireFromVendor(specifier));
    const bad = exported.filter((name) => !IDENTIFIER.test(name) || name === 'default');
    if (bad.length) fail(`${specifier} exports names that cannot be re-exported: ${bad.join(', ')}`);
    result.set(specifier, { id, commonjs: true, exports: exported.sort() });
  }

  // Phase b: ES packages — bundle each alone (others external) and read the chunk's export list, which
  // Rolldown computes through every `export *`.
  const entries = Object.fromEntries(esm.map((specifier, i) => [`e${i}`, specifier]));
  const bundle = await build({
    configFile: false,
    root: vendorDir,
    logLevel: 'warn',
    resolve: { conditions: CONDITIONS },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [
      {
        name: 'vendor-export-probe',
        resolveId: (id) => (id.startsWith('vendor-probe:') ? `\0${id}` : undefined),
        load(id) {
          if (!id.startsWith('\0vendor-probe:')) return undefined;
          const specifier = id.slice('\0vendor-probe:'.length);
          const file = JSON.stringify(ids.get(specifier));
          return `export * from ${file};\n${withDefault.has(specifier) ? `export { default } from ${file};\n` : ''}`;
        },
      },
    ],
    build: {
      write: false,
      minify: false,
      rollupOptions: {
        input: Object.fromEntries(Object.entries(entries).map(([key, s]) => [key, `vendor-probe:${s}`])),
        preserveEntrySignatures: 'strict',
        external: (id) => vendorSpecifiers.includes(id),
      },
    },
  });
  for (const chunk of (Array.isArray(bundle) ? bundle[0] : bundle).output) {
    if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
    const specifier = entries[chunk.name];
    result.set(specifier, { id: ids.get(specifier), commonjs: false, exports: [...chunk.exports].sort() });
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// 2. Build
// ---------------------------------------------------------------------------------------------------------

/** The generated entry module of one output file. */
function entrySource(name, specifiers, resolved) {
  const lines = [`// Generated by vendor/scripts/build.mjs: ${specifiers.join(', ')}`];
  const taken = new Map();
  let hasDefault = false;
  specifiers.forEach((specifier, i) => {
    const { id, commonjs, exports: names } = resolved.get(specifier);
    const file = JSON.stringify(id);
    const fresh = names.filter((n) => n !== 'default' && !taken.has(n));
    for (const n of names) {
      if (n !== 'default' && taken.has(n) && taken.get(n) !== specifier) {
        console.warn(`  ${name}.js: ${n} of ${specifier} already comes from ${taken.get(n)} (same lit binding)`);
      }
    }
    fresh.forEach((n) => taken.set(n, specifier));
    if (commonjs) {
      // module.exports is the default export; the names are read from it once, at module evaluation.
      lines.push(`import m${i} from ${file};`);
      if (!hasDefault) lines.push(`export default m${i};`);
      hasDefault = true;
      if (fresh.length) lines.push(`export const { ${fresh.join(', ')} } = m${i};`);
    } else {
      if (fresh.length) lines.push(`export { ${fresh.join(', ')} } from ${file};`);
      if (names.includes('default') && !hasDefault) {
        lines.push(`export { default } from ${file};`);
        hasDefault = true;
      } else if (!fresh.length) {
        // Nothing left to re-export (a Shoelace component: its default is taken): still run its module,
        // which registers the element.
        lines.push(`import ${file};`);
      }
    }
  });
  return `${lines.join('\n')}\n`;
}

async function buildVendor(resolved) {
  const sources = new Map([...outputs].map(([name, specifiers]) => [name, entrySource(name, specifiers, resolved)]));
  const bundle = await build({
    configFile: false,
    root: vendorDir,
    logLevel: 'warn',
    resolve: { conditions: CONDITIONS },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [
      {
        name: 'vendor-entries',
        resolveId: (id) => (id.startsWith('vendor-entry:') ? `\0${id}` : undefined),
        load: (id) => (id.startsWith('\0vendor-entry:') ? sources.get(id.slice('\0vendor-entry:'.length)) : undefined),
      },
      // Every vendor specifier other than the entry's own file (imported by path) is external; CommonJS
      // require() of one becomes an ES import of the shared copy.
      esmExternalRequirePlugin({ external: vendorSpecifiers }),
    ],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      minify: true,
      sourcemap: true,
      reportCompressedSize: false,
      rollupOptions: {
        input: Object.fromEntries([...outputs.keys()].map((name) => [name, `vendor-entry:${name}`])),
        preserveEntrySignatures: 'strict',
        output: {
          format: 'es',
          entryFileNames: '[name].js',
          // Like every package (vite.library.ts): the server answers chunks/ as immutable, since the name
          // carries the content hash; entries are versioned by the page's `?v=` instead.
          chunkFileNames: 'chunks/[name]-[hash].js',
        },
      },
    },
  });
  return { output: (Array.isArray(bundle) ? bundle[0] : bundle).output, sources };
}

// ---------------------------------------------------------------------------------------------------------
// 3. Verify
// ---------------------------------------------------------------------------------------------------------

/** A bundled module that belongs to a library (not Rolldown's runtime or a generated facade). */
const isLibraryModule = (id) => !id.startsWith('\0') && !id.startsWith('builtin:') && id.includes('node_modules');

function verify(output, resolved) {
  const chunks = new Map(output.filter((c) => c.type === 'chunk').map((c) => [c.fileName, c]));
  const problems = [];

  // Every /vendor/ URL of the import map was written.
  for (const name of outputs.keys()) {
    if (!chunks.has(`${name}.js`)) problems.push(`${VENDOR_URL}${name}.js was not built`);
  }

  // One copy: every library module is in exactly one emitted file. Outputs may share a chunk (the Shoelace
  // components share Shoelace's base class and popup; lit.js and lit-static-html.js share lit-html): the
  // browser loads a chunk once per URL, so a module in a shared chunk still runs once per page.
  const owner = new Map();
  for (const [fileName, chunk] of chunks) {
    for (const id of chunk.moduleIds) {
      if (!isLibraryModule(id)) continue;
      if (owner.has(id)) problems.push(`${relative(repoRoot, id)} is bundled into both ${owner.get(id)} and ${fileName}`);
      owner.set(id, fileName);
    }
  }

  // Every output exports every name its specifiers export (and React's CommonJS names explicitly).
  for (const [name, specifiers] of outputs) {
    const chunk = chunks.get(`${name}.js`);
    if (!chunk) continue;
    for (const specifier of specifiers) {
      const missing = resolved.get(specifier).exports.filter((n) => !chunk.exports.includes(n));
      if (missing.length) problems.push(`${name}.js lacks exports of ${specifier}: ${missing.join(', ')}`);
    }
    // A vendor output may import other vendor libraries only through bare specifiers or its own chunks.
    const foreign = chunk.imports.filter((i) => !chunks.has(i) && !vendorSpecifiers.includes(i));
    if (foreign.length) problems.push(`${name}.js imports unmapped ${foreign.join(', ')}`);
  }

  if (problems.length) fail(`verification failed:\n  ${problems.join('\n  ')}`);
  return chunks;
}

function report(chunks) {
  const rows = [...outputs].map(([name, specifiers]) => {
    // The file and the chunks it loads, and the bare specifiers any of them imports.
    const files = new Set();
    const external = new Set();
    const walk = (fileName) => {
      if (files.has(fileName)) return;
      files.add(fileName);
      for (const i of chunks.get(fileName).imports) if (chunks.has(i)) walk(i); else external.add(i);
    };
    walk(`${name}.js`);
    const bytes = [...files].map((f) => readFileSync(join(outDir, f)));
    return {
      file: `${name}.js`,
      raw: bytes.reduce((n, b) => n + b.length, 0),
      gzip: bytes.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0),
      imports: [...external].join(' ') || '—',
      specifiers: specifiers.join(' '),
    };
  });
  const kb = (n) => `${(n / 1024).toFixed(1)} kB`.padStart(9);
  console.log('\nvendor/dist                raw      gzip   imports (external)            provides');
  for (const r of rows) {
    console.log(`${r.file.padEnd(22)} ${kb(r.raw)} ${kb(r.gzip)}   ${r.imports.padEnd(29)} ${r.specifiers}`);
  }
  const extra = [...chunks.keys()].filter((f) => !rows.some((r) => r.file === f));
  if (extra.length) console.log(`shared chunks: ${extra.join(', ')}`);
  const total = [...chunks.keys()].reduce((n, f) => n + gzipSync(readFileSync(join(outDir, f)), { level: 9 }).length, 0);
  console.log(`total gzip ${(total / 1024).toFixed(1)} kB (level 9; each row includes the chunks it loads; sourcemaps beside each file)`);
}

/**
 * Shoelace's "system" icons (close, check, chevrons …) are SVG strings in its JS, resolved to `data:` URLs that
 * sl-icon then fetch()es — which the shell's CSP (`connect-src 'self'`) refuses. They are written here as
 * files, `vendor/dist/shoelace-icons/<name>.svg`, and shell-elements re-registers the `system` library to
 * fetch them from this server (shell-elements/src/shoelace/setup.ts). The default (Bootstrap) library is
 * never used: no icon is loaded from anywhere else, nor from a CDN.
 */
async function writeShoelaceIcons() {
  const chunksDir = join(dirname(requireFromVendor.resolve('@shoelace-style/shoelace/dist/shoelace.js')), 'chunks');
  const file = readdirSync(chunksDir)
    .map((name) => join(chunksDir, name))
    .find((path) => readFileSync(path, 'utf8').includes('src/components/icon/library.system.ts'));
  if (!file) fail('Shoelace system icon library not found');
  const source = readFileSync(file, 'utf8');
  const names = [...source.matchAll(/^ {2}"?([a-z][a-z0-9-]*)"?: `/gm)].map((m) => m[1]);
  const module = await import(pathToFileURL(file).href);
  const library = Object.values(module).find((value) => value?.name === 'system' && typeof value.resolver === 'function');
  if (!library || !names.length) fail('Shoelace system icons not readable');
  const target = join(outDir, 'shoelace-icons');
  mkdirSync(target, { recursive: true });
  for (const name of names) {
    const url = library.resolver(name);
    const svg = decodeURIComponent(url.slice(url.indexOf(',') + 1));
    if (!svg.includes('<svg')) fail(`Shoelace system icon ${name} is not an SVG`);
    writeFileSync(join(target, `${name}.svg`), svg.trim() + '\n');
  }
  // import-map-overrides (development only, served by the server outside production): a classic script
  // that must run before any module, so it is copied as it is, not turned into an ES module.
  copyFileSync(
    join(dirname(requireFromVendor.resolve('import-map-overrides')), 'import-map-overrides.js'),
    join(outDir, 'import-map-overrides.js'),
  );
  return names.length;
}

const started = Date.now();
const resolved = keepUsedNames(await probe());
const { output } = await buildVendor(resolved);
const chunks = verify(output, resolved);
report(chunks);
console.log(`shoelace-icons: ${await writeShoelaceIcons()} system icons written`);

const check = spawnSync(process.execPath, [join(vendorDir, 'scripts', 'check-import-map.mjs'), 'vendor/dist'], {
  cwd: repoRoot,
  stdio: 'inherit',
});
if (check.status !== 0) process.exit(check.status ?? 1);
console.log(`vendor build done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
