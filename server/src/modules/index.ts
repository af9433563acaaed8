/**
 * The business modules the server serves (issue 20): every `modules/<name>/` with a `module.json`
 * (`@erp/modules/manifests`), in dependency order. `loadServerModules()` imports each module's
 * `server/index.ts` once; buildApp awaits it first and hands their migrations to the database (`serverMigrations`), and every registry then reads
 * `serverModules()` — entities and hooks (`registerServerModules`), demo data (`seedServerModules`),
 * reports, processes, routes and migrations. Adding a module adds its folder; no list here changes.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { allEntities, registerModule, unappliedExtensions } from '@erp/shared/entities/index';
import { moduleDir, moduleManifests } from '@erp/modules/manifests';
import { checkCustomerDeclarations } from '../entities/customers.ts';
import { registerEntityHooks } from '../entities/registry.ts';
import type { SeedConfig, ServerModule } from './part.ts';
import type { SeedDb } from '../db/migration-db.ts';
import { allMigrations, type Migrations } from '../db/migrations.ts';

export type { ServerModule } from './part.ts';

let loading: Promise<readonly ServerModule[]> | undefined;
let loaded: readonly ServerModule[] | undefined;

/** Imports every module's server side (once per process), in dependency order. */
export function loadServerModules(): Promise<readonly ServerModule[]> {
  loading ??= Promise.all(
    moduleManifests().map(async (manifest) => {
      const entry = pathToFileURL(join(moduleDir(manifest.name), 'server', 'index.ts')).href;
      const { serverModule } = (await import(entry)) as { serverModule?: ServerModule };
      if (!serverModule) throw new Error(`modules/${manifest.name}/server/index.ts exports no serverModule`);
      if (serverModule.definitions.name !== manifest.name) throw new Error(`modules/${manifest.name} defines module "${serverModule.definitions.name}"`);
      return serverModule;
    }),
  ).then((modules) => (loaded = modules));
  return loading;
}

/** The loaded modules; `loadServerModules()` must have finished (buildApp and migrate await it). */
export function serverModules(): readonly ServerModule[] {
  if (!loaded) throw new Error('server modules are not loaded yet: await loadServerModules() first');
  return loaded;
}

/** Runs every module's demo data, in module order, then the parts that settle what all of them wrote. */
export async function seedServerModules(db: SeedDb, config: SeedConfig): Promise<void> {
  const modules = await loadServerModules();
  for (const module of modules) await module.seed?.(db, config);
  for (const module of modules) await module.seedAfter?.(db, config);
}

/** Registers every module's entities and hooks (idempotent: tests build many apps in one process). */
export async function registerServerModules(): Promise<void> {
  for (const module of await loadServerModules()) {
    registerModule(module.definitions);
    // Hooks of entities of the modules it requires are composed after their owner's (issue 41).
    registerEntityHooks(module.hooks, new Set(module.definitions.entities.map((entity) => entity.name)));
  }
  // Every module is in: an extension still waiting names an entity or a placement no module has (a typo).
  const unapplied = unappliedExtensions();
  if (unapplied.length > 0) throw new Error(`entity extensions not applied: ${unapplied.join('; ')}`);
  // An entity without an application of its own (the shell's firm) is given one by a module above (issue 73 item 4).
  const homeless = allEntities().filter((entity) => entity.application === '');
  if (homeless.length > 0) throw new Error(`no module gives an application to: ${homeless.map((entity) => entity.name).join(', ')}`);
  // §6: every `customer` field names a customer, or a record that has one (issue 68 item 2).
  checkCustomerDeclarations(allEntities());
}

/**
 * The core's migrations and every module's, for `openDatabase` / `migrate`: the modules are loaded here, above the db
 * layer, which names none of them (issue 73 item 4). The ground floor is the module every other requires (the shell).
 */
export async function serverMigrations(): Promise<Migrations> {
  const modules = await loadServerModules();
  const ground = modules.filter((module) => moduleManifests().find((manifest) => manifest.name === module.definitions.name)?.requires.length === 0);
  if (ground.length !== 1) throw new Error(`one module requires none, not ${ground.length}`);
  return allMigrations({
    groundEntities: ground.flatMap((module) => module.definitions.entities),
    modules: modules.map((module) => ({ name: module.definitions.name, migrations: module.migrations })),
  });
}
