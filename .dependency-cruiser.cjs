/**
 * The import rules (ARCHITECTURE.md, "Business modules" › "Import rules"), checked on resolved paths: a
 * specifier (`@erp/modules/gl/server/…`, `@erp/server/…`, `../../server/…`) is resolved the way TypeScript and
 * Vite resolve it (tsconfig.json `paths`, the workspaces) and the rule looks at the file it lands on.
 * `npm run lint` runs it on the browser code and, for the cycle rule, the server code (scripts/lint.mjs, which
 * counts the result for the test run).
 */

/**
 * Issue 73 item 5: a rule-heavy document's folder, `modules/<m>/documents/<doc>/` — its `definition.ts` (and any other
 * top-level file, `rules.ts` …) and `screen/` are browser code; its `server/` and its tests beside them
 * (`*.test.ts` server tests, `*.spec.ts` end-to-end) are server-only. Private to its module like the rest.
 */
const DOCUMENT = '^modules/[^/]+/documents/[^/]+/';
/** Code that ends up in a browser bundle: a document folder's files that are neither server/ nor tests. */
const BROWSER = `^(shared/src|apps/[^/]+/src|root-config/src|shell-elements/src|modules/[^/]+/(definitions|screens))/|${DOCUMENT}(?!server/)(?![^/]*\\.(test|spec)\\.tsx?$)`;
/** Server-only code: the API host, a module's rules, queries, migrations and seeds, and tests. */
const SERVER_ONLY = `^(server/|modules/[^/]+/(server|test|e2e)/)|${DOCUMENT}(server/|[^/]*\\.(test|spec)\\.tsx?$)`;
const TEST_FILE = '\\.(test|spec)\\.tsx?$';
/**
 * Issue 73: a module's public surface, one file per side — `definitions/index.ts` (browser-safe), `server/api.ts`
 * (server code, scripts, tests) — plus what the shell loads by path: the micro-app bundle (`screens/index.ts`),
 * `module.json`, the locales and `modules/manifests.ts` — and its generated table types (`server/tables.generated.ts`,
 * issue 73 item 1: a module's `<M>Database` joins the tables of the modules it requires).
 */
// A module's large-data generator (npm run seed:large, the benchmarks): a surface for scripts and tests only, kept out of
// server/api.ts so that a server start does not load it.
const LARGE_DATA = '^modules/[^/]+/server/seed-large\\.ts$';
const MODULE_SURFACE = '^modules/(?:[^/]+/(?:definitions/index\\.ts|server/api\\.ts|server/tables\\.generated\\.ts|screens/index\\.tsx?|module\\.json|locales/)|manifests\\.ts$)';
/** The test folders outside the modules, which may also read a module's test fixtures (`test/*-fixture(s).ts`). */
const TEST_ROOT = '^(server/test|tests)/';

module.exports = {
  forbidden: [
    {
      name: 'browser-imports-server',
      comment:
        'Browser code (shared, the micro-apps, root-config, shell-elements, module definitions and screens) never ' +
        'imports the server, a module\'s server/ folder, or test and e2e folders: they would end up in a bundle.',
      severity: 'error',
      from: { path: BROWSER },
      to: { path: SERVER_ONLY },
    },
    {
      name: 'shared-imports-upper-floor',
      comment:
        '@erp/shared is the ground floor: it imports no micro-app, no root-config, no shell-elements and no module. ' +
        'Its tests may read module definitions as fixtures.',
      severity: 'error',
      from: { path: '^shared/src/', pathNot: TEST_FILE },
      to: { path: '^(apps/|root-config/|shell-elements/|modules/)' },
    },
    {
      name: 'shared-test-imports-upper-floor',
      comment:
        'A test of @erp/shared may read module definitions (fixtures) and the module manifests (their locale ' +
        'folders), nothing else above the ground floor.',
      severity: 'error',
      from: { path: `^shared/src/.*${TEST_FILE}` },
      to: { path: '^(apps/|root-config/|shell-elements/|modules/)', pathNot: '^modules/([^/]+/definitions/|manifests\\.ts$)' },
    },
    {
      name: 'micro-app-imports-other-micro-app',
      comment:
        'A micro-app imports no file of another micro-app; they share code through import-map specifiers ' +
        '(\'@erp/records\', \'@erp/ui\'), which the build leaves external.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/([^/]+)/', pathNot: '^apps/$1/', dependencyTypesNot: ['aliased'] },
    },
    {
      name: 'micro-app-imports-other-micro-app-deep',
      comment: 'Through a specifier, only another micro-app\'s entry (its import-map entry), never a file inside it.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/([^/]+)/', pathNot: ['^apps/$1/', '^apps/[^/]+/src/index\\.tsx?$'] },
    },
    {
      name: 'browser-imports-node',
      comment: 'Browser code imports no Node.js built-in module (its tests may).',
      severity: 'error',
      from: { path: BROWSER, pathNot: TEST_FILE },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'definitions-import-screens',
      comment:
        'Module definitions are read by the server too: they import no screens, no micro-app and no shell code. A ' +
        'document folder\'s definition (its files outside server/ and screen/, tests aside) is a definition too, and a ' +
        'document\'s screen/ is a screen.',
      severity: 'error',
      from: { path: [`^modules/[^/]+/definitions/`, `${DOCUMENT}(?!server/|screen/)(?![^/]*\\.(test|spec)\\.tsx?$)`] },
      to: { path: `^(modules/[^/]+/screens/|apps/|root-config/|shell-elements/)|${DOCUMENT}screen/` },
    },
    {
      // Issue 41: a cycle of imports that survive compilation decides module evaluation order by accident (a
      // binding read before its module ran). Type-only imports vanish at build time and may go both ways.
      name: 'no-runtime-cycle',
      comment: 'Browser and server code alike: no cycle of runtime imports (type-only imports do not count).',
      severity: 'error',
      from: { pathNot: TEST_FILE },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'module-deep-import',
      comment:
        'One module imports another only through its public surface (definitions/index.ts, server/api.ts): the ' +
        'rest of a module is private to it. Type-only imports too; the importing module keeps relative imports inside.',
      severity: 'error',
      from: { path: '^modules/([^/]+)/' },
      to: { path: '^modules/[^/]+/', pathNot: ['^modules/$1/', MODULE_SURFACE] },
    },
    {
      name: 'module-deep-import-outside',
      comment: 'The API host, the micro-apps, shared, the shell and the scripts import a module only through its public surface.',
      severity: 'error',
      from: { pathNot: ['^modules/[^/]+/', TEST_ROOT] },
      to: { path: '^modules/[^/]+/', pathNot: [MODULE_SURFACE, LARGE_DATA] },
    },
    {
      name: 'large-data-scripts-only',
      comment: 'The API host and the browser never load a large-data generator; its module imports it when the command runs.',
      severity: 'error',
      from: { path: '^(server/src|apps|shared)/' },
      to: { path: LARGE_DATA },
    },
    {
      name: 'module-deep-import-tests',
      comment: 'The server and end-to-end tests import a module through its public surface, or a fixture of its test folder.',
      severity: 'error',
      from: { path: TEST_ROOT },
      to: { path: '^modules/[^/]+/', pathNot: [MODULE_SURFACE, LARGE_DATA, '^modules/[^/]+/test/[^/]*-fixtures?\\.ts$'] },
    },
    {
      // Issue 73 item 4: the server core was one knot of 48 files (auth, db, entities, http, events, oidc …, type
      // imports included); untied, each floor imports only the floors below it. Type-only imports count here: a
      // type knot makes every file of it change with every other.
      name: 'server-core-no-cycle',
      comment: 'No cycle of imports inside server/src, type-only imports included (leaf type files: auth/user.ts, entities/hooks.ts).',
      severity: 'error',
      from: { path: '^server/src/', pathNot: TEST_FILE },
      to: { circular: true, viaOnly: { path: '^server/src/' } },
    },
    {
      // Issue 73 item 4: the app loads the modules, then migrates; the db layer is a floor below every module.
      name: 'db-imports-no-module',
      comment:
        'server/src/db names no module and not the module loader (type-only imports too): the caller loads the modules ' +
        'and hands their migrations and the ground floor\'s entities to migrate (modules/index.ts serverMigrations).',
      severity: 'error',
      from: { path: '^server/src/db/' },
      to: { path: '^(modules/|server/src/modules/)' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that does not resolve cannot be checked.',
      severity: 'error',
      from: { path: BROWSER },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'browser', 'default'],
      mainFields: ['module', 'browser', 'main', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json', '.d.ts'],
    },
    skipAnalysisNotInRules: true,
  },
};
