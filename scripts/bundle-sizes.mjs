#!/usr/bin/env node
/**
 * After `npm run build`: checks that every import-map target was built (the build fails otherwise). With
 * `--write` (`npm run bench -- bundles`) it also measures the gzip size of every built bundle (one per package;
 * one per library for vendor) and rewrites the "Bundle sizes" section of BENCHMARKS.md with the date and the
 * machine. The build itself writes nothing tracked (issue 44): a clone stays clean after `npm start`.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { readImportMap } from '../modules/manifests.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const importMap = readImportMap(root).imports;

/** Directory served at a URL prefix (ARCHITECTURE.md "Server URL layout"). */
const servedFrom = [
  ['/vendor/', 'vendor/dist/'],
  ['/shared/', 'shared/dist/'],
  ['/elements/', 'shell-elements/dist/'],
  ['/apps/', 'apps/'],
  ['/root-config/', 'root-config/dist/'],
];
function fileOf(url) {
  for (const [prefix, dir] of servedFrom) {
    if (!url.startsWith(prefix)) continue;
    const rest = url.slice(prefix.length);
    return prefix === '/apps/' ? join(root, dir, rest.replace('/', '/dist/')) : join(root, dir, rest);
  }
  return undefined;
}

/**
 * Also count the chunks a module imports statically (they load with it): `./chunks/…` from an entry, `./…`
 * between chunks, `../…` from a chunk back up.
 */
function withChunks(file, seen = new Set()) {
  if (seen.has(file) || !existsSync(file)) return seen;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  for (const [, spec] of code.matchAll(/(?:import|export)\s*(?:[^'"]*?from\s*)?["'](\.{1,2}\/[^"']+)["']/g)) {
    withChunks(join(dirname(file), spec), seen);
  }
  return seen;
}

const rows = [];
const missing = [];
for (const url of new Set(Object.values(importMap))) {
  const file = fileOf(url);
  if (!file || !existsSync(file)) {
    missing.push(url);
    continue;
  }
  const files = [...withChunks(file)];
  const raw = files.reduce((n, f) => n + statSync(f).size, 0);
  const gzip = files.reduce((n, f) => n + gzipSync(readFileSync(f), { level: 9 }).length, 0);
  rows.push({ url, file: relative(root, file), raw, gzip, chunks: files.length - 1, files });
}
rows.sort((a, b) => a.url.localeCompare(b.url));
if (missing.length) {
  console.error(`Import-map targets not built: ${missing.join(', ')}`);
  process.exit(1);
}

if (!process.argv.includes('--write')) process.exit(0);

const kb = (n) => (n / 1024).toFixed(1);
// The total counts each file once: chunks shared by several entries load once per page.
const allFiles = new Set(rows.flatMap((r) => r.files));
const total = [...allFiles].reduce((n, f) => n + gzipSync(readFileSync(f), { level: 9 }).length, 0);
const machine = `${cpus().length} × ${cpus()[0]?.model?.trim() ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const date = new Date().toISOString().slice(0, 10);
const table = [
  '## Bundle sizes',
  '',
  `Written by \`npm run bench -- bundles\` (scripts/bundle-sizes.mjs) on ${date}; machine: ${machine}.`,
  'One bundle per import-map entry; gzip level 9, statically imported chunks included.',
  '',
  '| import-map URL | file | raw kB | gzip kB |',
  '|---|---|---:|---:|',
  ...rows.map((r) => `| \`${r.url}\` | ${r.file}${r.chunks ? ` (+${r.chunks} chunk${r.chunks > 1 ? 's' : ''})` : ''} | ${kb(r.raw)} | ${kb(r.gzip)} |`),
  `| **all, each file once** | | | **${kb(total)}** |`,
  '',
].join('\n');

const benchPath = join(root, 'BENCHMARKS.md');
const current = existsSync(benchPath) ? readFileSync(benchPath, 'utf8') : '# Benchmarks\n\n';
const section = /## Bundle sizes\n[\s\S]*?(?=\n## |$)/;
const next = section.test(current) ? current.replace(section, table) : `${current.trimEnd()}\n\n${table}`;
writeFileSync(benchPath, next);
console.log(table);
