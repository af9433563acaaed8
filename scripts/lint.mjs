#!/usr/bin/env node
/**
 * `npm run lint`: ESLint over the repository (eslint.config.mjs) and the import rules over the browser code, the
 * no-cycle rule over the server code too, and the module-surface rules over everything that imports a module, tests
 * and scripts included (dependency-cruiser, .dependency-cruiser.cjs), the `any` ratchet (issue 73 item 1,
 * scripts/any-ceiling.json) and the type check (tsc over tsconfig.json, one check). Prints every problem; exits 1 when
 * there is one.
 *
 * `--report <file>` writes the counts for scripts/test-all.mjs: one check per linted file (failed when ESLint
 * reports an error in it) and one per import rule (failed when any import breaks it), as `{ passed, failed, skipped }`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reportAt = process.argv.indexOf('--report');
const reportFile = reportAt > 0 ? process.argv[reportAt + 1] : undefined;
const started = Date.now();

// The type check (tsc over tsconfig.json: every package, the server, the tests), on the other core while ESLint runs:
// a type error in a test passed ESLint, and the suites run TypeScript through esbuild, which checks no types.
const typecheck = new Promise((resolve) => {
  const child = spawn(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--pretty', 'false'], { cwd: root });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  child.on('close', (code) => resolve({ code, output }));
});

// ESLint, in this process.
const eslint = new ESLint({ cwd: root });
const results = await eslint.lintFiles(['.']);
const withErrors = results.filter((r) => r.errorCount > 0 || r.fatalErrorCount > 0);
const output = await (await eslint.loadFormatter('stylish')).format(results);
if (output) console.log(output);
console.log(`eslint: ${results.length} files, ${withErrors.length} with errors`);

// The import rules, on the code that goes into browser bundles.
const folders = (parent, child) =>
  readdirSync(join(root, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, parent, entry.name, child)))
    .map((entry) => `${parent}/${entry.name}/${child}`);
const browserRoots = [
  'shared/src',
  'root-config/src',
  'shell-elements/src',
  ...folders('apps', 'src'),
  ...folders('modules', 'definitions'),
  ...folders('modules', 'screens'),
  // Issue 73 item 5: a rule-heavy document's folder (definition, screen, server code and tests together); the rules
  // tell its browser files from its server/ and tests by path (.dependency-cruiser.cjs `DOCUMENT`).
  ...folders('modules', 'documents'),
];
/**
 * Issue 41: a module's code imports only the modules its manifest requires (modules/<m>/module.json `requires`,
 * and what those require): the load order and the "Adding a module" contract rest on it. Its tests may read others'.
 */
const MODULE_RULE = 'module-imports-only-what-it-requires';
function unrequiredImports(modules) {
  const manifests = new Map(
    readdirSync(join(root, 'modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(root, 'modules', entry.name, 'module.json')))
      .map((entry) => [entry.name, JSON.parse(readFileSync(join(root, 'modules', entry.name, 'module.json'), 'utf8'))]),
  );
  const required = (name, seen = new Set()) => {
    for (const next of manifests.get(name)?.requires ?? []) if (!seen.has(next)) required(next, seen.add(next));
    return seen;
  };
  const moduleOf = (path) => /^modules\/([^/]+)\//.exec(path)?.[1];
  return modules.flatMap((file) => {
    const from = moduleOf(file.source);
    if (!from || /\.test\.tsx?$/.test(file.source)) return [];
    const allowed = required(from);
    return file.dependencies
      .filter((dependency) => {
        const to = moduleOf(dependency.resolved);
        return to !== undefined && to !== from && !allowed.has(to);
      })
      .map((dependency) => ({ rule: { name: MODULE_RULE, severity: 'error' }, from: file.source, to: dependency.resolved }));
  });
}

// The server code, for the rule that holds everywhere (no runtime import cycle); the other rules name browser paths.
const serverRoots = ['server/src', ...folders('modules', 'server')];
// The tests and scripts, for the module-surface rules (issue 73): they import modules as much as the modules do.
const testRoots = ['server/test', 'tests', 'scripts', ...folders('modules', 'test'), ...folders('modules', 'e2e')];
const cruise = spawnSync(
  process.execPath,
  [join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), '--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...browserRoots, ...serverRoots, ...testRoots],
  { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
);
let rules = [];
let violations = [];
let cruised = 0;
try {
  const { summary, modules } = JSON.parse(cruise.stdout);
  rules = [...summary.ruleSetUsed.forbidden.map((rule) => rule.name), MODULE_RULE];
  violations = [...summary.violations.filter((v) => v.rule.severity === 'error'), ...unrequiredImports(modules)];
  cruised = summary.totalCruised;
} catch (error) {
  console.log(`!! dependency-cruiser gave no report (exit ${cruise.status}): ${error.message}\n${cruise.stderr}`);
}
for (const v of violations) console.log(`  error ${v.rule.name}: ${v.from} → ${v.to}`);
const brokenRules = new Set(violations.map((v) => v.rule.name));
console.log(`import rules: ${rules.length} rules over ${cruised} browser, server and test modules, ${violations.length} violations`);

/**
 * Issue 73 item 1, a ratchet: `Kysely<any>` and `no-explicit-any` disables outside tests and generated code may not
 * grow past the ceiling committed in scripts/any-ceiling.json (lower it as they go; the goal is 0). Queries are
 * typed by the generated table types (modules/<m>/server/tables.generated.ts), migrations and seeds by
 * `MigrationDb` / `SeedDb` (server/src/db/migration-db.ts).
 * A third count, of files: those reading through the engine's dynamic db (`DynamicDb` …; the untyped aliases `AnyDb`,
 * `AnyTransaction`, `AnySelect`, `ctx.any` that came before it are gone but still counted should they return) outside the
 * generic engine (server/src entities, reports, search, documents-flow, and db where the types live): module code
 * names its tables through its typed view `<m>Db(ctx.db)`, so this falls module by module and may not grow.
 */
const ANY_PATTERNS = {
  kyselyAny: /\bKysely<any>/g,
  noExplicitAnyDisables: /eslint-disable[^\n]*no-explicit-any/g,
  // An untyped bag standing in for a table row or a record (`type Row = Record<string, unknown>`): rows keep their
  // generated type, records their entity's or `WireRecord` (issue 73: "records typed at module borders").
  rowBags: /\btype Row\s*=\s*Record<string,\s*unknown>/g,
};
const UNTYPED_DB = /\b(AnyDb|AnyTransaction|AnySelect|LedgerTransaction|DynamicDb|DynamicTransaction|DynamicSelect|dynamicDb)\b|\.any\b(?!\s*\()/;
const GENERIC_ENGINE = /^server\/src\/(entities|reports|search|documents-flow|db)\//;
/** Server code only: browser code's `t('filters.any')` is no database. */
const SERVER_CODE = /^(server\/src|modules\/[^/]+\/server|modules\/[^/]+\/documents\/[^/]+\/server)\//;
function anyCounts() {
  const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const files = listed.stdout
    .split('\n')
    .filter((file) => /\.(ts|tsx|mts|mjs|js|cjs)$/.test(file) && !/(^|\/)(test|tests|e2e|node_modules|dist)\//.test(file) && !/\.(test|spec|generated)\.[a-z]+$/.test(file))
    .filter((file) => existsSync(join(root, file)));
  const found = { kyselyAny: [], noExplicitAnyDisables: [], rowBags: [], untypedDbFiles: [] };
  for (const file of files) {
    if (file === 'scripts/lint.mjs') continue;
    const text = readFileSync(join(root, file), 'utf8');
    for (const [name, pattern] of Object.entries(ANY_PATTERNS)) found[name].push(...[...text.matchAll(pattern)].map(() => file));
    if (SERVER_CODE.test(file) && !GENERIC_ENGINE.test(file) && UNTYPED_DB.test(text)) found.untypedDbFiles.push(file);
  }
  return found;
}
const ceiling = JSON.parse(readFileSync(join(root, 'scripts/any-ceiling.json'), 'utf8'));
const anyFound = anyCounts();
const overCeiling = Object.keys(anyFound).filter((name) => anyFound[name].length > ceiling[name]);
for (const [name, files] of Object.entries(anyFound)) {
  const over = overCeiling.includes(name);
  const where = name === 'untypedDbFiles' ? 'files on the untyped db outside the generic engine' : 'outside tests and generated code';
  console.log(`${over ? '  error ' : ''}${name}: ${files.length} ${where} (ceiling ${ceiling[name]})${over ? ` — in ${[...new Set(files)].join(', ')}` : ''}`);
  if (files.length < ceiling[name]) console.log(`  ${name} is below its ceiling: lower it to ${files.length} in scripts/any-ceiling.json`);
}

const typed = await typecheck;
if (typed.output.trim()) console.log(typed.output.trimEnd());
const typeErrors = (typed.output.match(/error TS\d+/g) ?? []).length;
console.log(`typecheck: ${typed.code === 0 ? 'no type errors' : typeErrors === 1 ? '1 type error' : `${typeErrors || 'some'} type errors`}`);

const counts = {
  passed: results.length - withErrors.length + rules.filter((rule) => !brokenRules.has(rule)).length + Object.keys(anyFound).length - overCeiling.length + (typed.code === 0 ? 1 : 0),
  failed: withErrors.length + brokenRules.size + (rules.length === 0 ? 1 : 0) + overCeiling.length + (typed.code === 0 ? 0 : 1),
  skipped: 0,
};
console.log(`lint: ${counts.passed} checks passed, ${counts.failed} failed in ${((Date.now() - started) / 1000).toFixed(1)}s`);
if (reportFile) writeFileSync(reportFile, JSON.stringify(counts));
if (withErrors.length) console.log(`files with errors: ${withErrors.map((r) => relative(root, r.filePath)).join(', ')}`);
process.exit(counts.failed === 0 ? 0 : 1);
