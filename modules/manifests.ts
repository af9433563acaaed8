/**
 * The module manifests: every folder `modules/<name>/` with a `module.json` is a module — the shell's own
 * entities (`shell`, which every other module requires) and the business modules — and every registry reads
 * this one list: no central list is edited to add a module or a screen (issue 20).
 *
 * A module folder holds, by convention:
 *   module.json            this manifest (below): name, namespace, dependencies, micro-app bundle
 *   definitions/index.ts   browser-safe definitions; exports the `ModuleDefinition` (entities) of the module
 *   server/index.ts        server side; exports `serverModule: ServerModule` (server/src/modules/part.ts):
 *                          hooks, reports, processes, routes, migrations, demo data
 *   server/catalog.ts      its applications, their §2 menus and routes, and their names' translations
 *   screens/index.ts       the screen exports (parcel configs) bundled into the micro-app `@erp/<app>`
 *   locales/<lng>/<namespace>.json   the module's strings in the four locales
 *   test/*.test.ts         server tests (SQLite and PostgreSQL); e2e/*.spec.ts end-to-end tests
 *   documents/<doc>/       a rule-heavy document in one folder (issue 73 item 5): definition.ts (browser-safe, listed
 *                          by definitions/index.ts), server/ (hooks, routes, posting; loaded by server/index.ts),
 *                          screen/ (bundled through screens/index.ts), its *.test.ts and *.spec.ts beside them
 *
 * Plain Node (no TypeScript-only runtime needs): read by the server, the Vite builds of the micro-apps and the
 * test configurations.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ModuleManifest {
  /** Folder name and module id, e.g. `gl`. */
  name: string;
  /** English name, for people reading the manifest and for messages. */
  title: string;
  /** The i18next namespace of the module's strings (`locales/<lng>/<namespace>.json`). */
  namespace: string;
  /** Modules whose entities, ledger or data this one uses: registered, migrated and seeded first. */
  requires: readonly string[];
  /**
   * The micro-app `@erp/<app>` that bundles `screens/index.ts`: a package `apps/<app>/` when it has code of its own,
   * else built from the manifests alone (`derivedApps`); either way in the import map by this name.
   */
  app: string;
  /**
   * Its own screens another application's micro-app names in its route catalog: `@erp/<other>` re-exports them from
   * `@erp/<app>`, so the page holds one copy and existing routes need no migration. Never an application of a
   * module above it: that module asks for them with `shows` (issue 73 item 4).
   */
  alsoIn?: Readonly<Record<string, readonly string[]>>;
  /**
   * Screens of modules it requires that an application's micro-app re-exports for its menus, by application and
   * module (`{ "order-entry": { "ic": ["ProductMaintenance"] } }`): the module above says what it shows, the
   * module below never names it (issue 73 item 4).
   */
  shows?: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;
}

/** The folder holding every module. */
export const MODULES_DIR = fileURLToPath(new URL('.', import.meta.url));

/**
 * Tests only: `EXTRA_MODULE_DIRS` (folders separated like PATH) holding more module folders, read as if they were
 * under modules/ — a fixture module proves a module is one folder (tests/fixtures/modules/fx). Refused with
 * NODE_ENV=production: a production server runs the modules of its clone and no other.
 */
export function extraModuleDirs(): string[] {
  const dirs = (process.env['EXTRA_MODULE_DIRS'] ?? '').split(delimiter).filter(Boolean).map((dir) => resolve(dir));
  if (dirs.length > 0 && process.env['NODE_ENV'] === 'production') throw new Error('EXTRA_MODULE_DIRS is for tests and is refused with NODE_ENV=production');
  return dirs;
}

/** Every folder holding module folders: modules/, then the extra ones. */
function moduleRoots(): string[] {
  return [MODULES_DIR, ...extraModuleDirs()];
}

/** A module's folder. */
export function moduleDir(name: string): string {
  return moduleRoots().map((root) => join(root, name)).find((dir) => existsSync(join(dir, 'module.json'))) ?? join(MODULES_DIR, name);
}

/** Every module's manifest, dependencies first (ties by name), checked. */
export function moduleManifests(): ModuleManifest[] {
  const found = new Map<string, ModuleManifest>();
  for (const root of moduleRoots()) {
    for (const name of readdirSync(root).sort()) {
      const file = join(root, name, 'module.json');
      if (!existsSync(file)) continue;
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as ModuleManifest;
      if (manifest.name !== name) throw new Error(`${file} names "${manifest.name}"`);
      if (found.has(name)) throw new Error(`two modules are named ${name}`);
      found.set(name, manifest);
    }
  }
  const ordered: ModuleManifest[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, from: string) => {
    const manifest = found.get(name);
    if (!manifest) throw new Error(`module ${from} requires unknown module ${name}`);
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') throw new Error(`modules require each other: ${from} → ${name}`);
    state.set(name, 'visiting');
    for (const required of manifest.requires) visit(required, name);
    state.set(name, 'done');
    ordered.push(manifest);
  };
  for (const name of found.keys()) visit(name, name);
  return ordered;
}

/** What a micro-app `@erp/<app>` is built from (`moduleApp` in vite.library.ts; read by the route tests too). */
export interface AppSources {
  /** The app's own `src/index.ts(x)`, then the `screens/index.ts` of every module whose `app` it is. */
  files: string[];
  /** Screens other modules' `alsoIn` and `shows` list for this app, re-exported from their own micro-app. */
  reexports: { from: string; names: readonly string[] }[];
  /**
   * Every module's `definitions/extensions.ts` (what it adds to other modules' entities and registries, issue
   * 41): each bundle registers them all, so an extended entity looks the same whichever bundle shows it.
   */
  extensions: { module: string; namespace: string; file: string }[];
}

export function appSources(repoRoot: string, app: string): AppSources {
  const own = ['src/index.tsx', 'src/index.ts'].map((file) => join(repoRoot, 'apps', app, file)).filter((file) => existsSync(file));
  const files = [...own];
  const reexports: AppSources['reexports'] = [];
  const extensions: AppSources['extensions'] = [];
  const manifests = moduleManifests();
  for (const manifest of manifests) {
    if (manifest.app === app) files.push(join(moduleDir(manifest.name), 'screens', 'index.ts'));
    else if (manifest.alsoIn?.[app]?.length) reexports.push({ from: `@erp/${manifest.app}`, names: manifest.alsoIn[app]! });
    for (const [module, names] of Object.entries(manifest.shows?.[app] ?? {})) {
      const shown = manifests.find((m) => m.name === module);
      if (!shown) throw new Error(`modules/${manifest.name}/module.json shows screens of unknown module ${module}`);
      if (names.length > 0) reexports.push({ from: `@erp/${shown.app}`, names });
    }
    const file = join(moduleDir(manifest.name), 'definitions', 'extensions.ts');
    if (existsSync(file)) extensions.push({ module: manifest.name, namespace: manifest.namespace, file });
  }
  return { files, reexports, extensions };
}

/**
 * The folders holding locale files (`<lng>/<namespace>.json` in each) under a repository root: the shell's
 * `locales/`, then each module's `modules/<name>/locales/` by name. A namespace lives in one folder only.
 */
export function localeRoots(repoRoot: string): string[] {
  const modules = join(repoRoot, 'modules');
  const folders = existsSync(modules) ? readdirSync(modules).sort() : [];
  const extra = extraModuleDirs().flatMap((root) => readdirSync(root).sort().map((name) => join(root, name, 'locales')));
  return [join(repoRoot, 'locales'), ...folders.map((name) => join(modules, name, 'locales')), ...extra].filter((dir, i) => i === 0 || existsSync(dir));
}

/**
 * Every micro-app a module names — its `app`, and the applications of its `alsoIn` and `shows` — sorted. Each is
 * `@erp/<app>` at `/apps/<app>/<app>.js` in the import map without being written there (`readImportMap`).
 */
export function moduleApps(): string[] {
  const apps = new Set<string>();
  for (const manifest of moduleManifests()) {
    apps.add(manifest.app);
    for (const app of Object.keys(manifest.alsoIn ?? {})) apps.add(app);
    for (const app of Object.keys(manifest.shows ?? {})) apps.add(app);
  }
  return [...apps].sort();
}

/**
 * The micro-apps built from the manifests alone (issue 73 item 4): a module names them and they have no package
 * `apps/<app>/package.json` of their own. scripts/build-module-apps.mjs builds them with `moduleApp(app)`.
 */
export function derivedApps(repoRoot: string): string[] {
  return moduleApps().filter((app) => !existsSync(join(repoRoot, 'apps', app, 'package.json')));
}

/**
 * The folders a built micro-app is served from, first found first: `apps/<app>/dist` (its package's build, or
 * build-module-apps.mjs's), then `<extra dir>/dist/<app>` for a module of an `EXTRA_MODULE_DIRS` folder.
 */
export function appBuildDirs(repoRoot: string, app: string): string[] {
  return [join(repoRoot, 'apps', app, 'dist'), ...extraModuleDirs().map((root) => join(root, 'dist', app))];
}

/** The import-map entries of the modules' micro-apps: `@erp/<app>` → `/apps/<app>/<app>.js`. */
export function moduleAppImports(): Record<string, string> {
  return Object.fromEntries(moduleApps().map((app) => [`@erp/${app}`, `/apps/${app}/${app}.js`]));
}

/**
 * The import map as the page gets it: import-map.json (the shared libraries and the shell's own packages) with
 * the modules' micro-apps added (`moduleAppImports`). A micro-app import-map.json names as well keeps its URL
 * there. `json` is the text of import-map.json; the answer is JSON text.
 */
export function withModuleApps(json: string, imports: Record<string, string> = moduleAppImports()): string {
  const map = JSON.parse(json) as { imports?: Record<string, string> };
  const written = map.imports ?? {};
  const added = Object.entries(imports).filter(([specifier]) => !(specifier in written));
  return JSON.stringify({ ...map, imports: { ...written, ...Object.fromEntries(added) } }, null, 2);
}

/** The import map (`withModuleApps` of `<repoRoot>/import-map.json`), parsed. */
export function readImportMap(repoRoot: string): { imports: Record<string, string> } {
  return JSON.parse(withModuleApps(readFileSync(join(repoRoot, 'import-map.json'), 'utf8'))) as { imports: Record<string, string> };
}
