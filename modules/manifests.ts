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
 *
 * Plain Node (no TypeScript-only runtime needs): read by the server, the Vite builds of the micro-apps and the
 * test configurations.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
  /** The micro-app (`@erp/<app>`, folder `apps/<app>`) that bundles `screens/index.ts`. */
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

/** A module's folder. */
export function moduleDir(name: string): string {
  return join(MODULES_DIR, name);
}

/** Every module's manifest, dependencies first (ties by name), checked. */
export function moduleManifests(): ModuleManifest[] {
  const found = new Map<string, ModuleManifest>();
  for (const name of readdirSync(MODULES_DIR).sort()) {
    const file = join(MODULES_DIR, name, 'module.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as ModuleManifest;
    if (manifest.name !== name) throw new Error(`modules/${name}/module.json names "${manifest.name}"`);
    found.set(name, manifest);
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
  return [join(repoRoot, 'locales'), ...folders.map((name) => join(modules, name, 'locales')).filter((dir) => existsSync(dir))];
}
