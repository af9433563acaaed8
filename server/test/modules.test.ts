/**
 * Issue 20: every module's manifest (modules/<m>/module.json and its conventional entries) is read by every
 * registry — the entity registry and hooks, reports, processes, routes, migrations, locale files and the
 * micro-app builds. Adding a module adds a folder; this test fails if any registry misses a module's part.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitiesForRoute, entityByName } from '@erp/shared/entities/index';
import { SHOWN_ELSEWHERE, type ShownElsewhere } from '@erp/shared/reports/define';
import { appSources, moduleDir, moduleManifests } from '@erp/modules/manifests';
import { repoRoot } from '../src/config.ts';
import { localeFile } from '../src/i18n/locale-files.ts';
import { routes as catalogRoutes } from '../src/seed/catalog.ts';
import { loadServerModules, serverMigrations, type ServerModule } from '../src/modules/index.ts';
import { registeredProcess } from '../src/processes/engine.ts';
import { registeredReport } from '../src/reports/engine.ts';
import { registeredEntity } from '../src/entities/registry.ts';
import { hasCustomer } from '../src/entities/customers.ts';
import { startServer, type TestServer } from './helpers/app.ts';
import { exportsOf } from './helpers/module-exports.ts';

const LOCALES = ['en-CA', 'fr-CA', 'zh-CN', 'zh-TW'];
const manifests = moduleManifests();

let server: TestServer;
let modules: readonly ServerModule[];
beforeAll(async () => {
  server = await startServer();
  modules = await loadServerModules();
});
afterAll(async () => server?.stop());

/** The method and path of every route a module's `routes` registers, read by registering them on a bare app. */
async function routesOf(module: ServerModule): Promise<{ method: string; url: string }[]> {
  const bare = Fastify();
  const found: { method: string; url: string }[] = [];
  bare.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') found.push({ method, url: route.url });
  });
  await module.routes?.(bare, { database: server.app.erp.database, contextOf: async () => null, contextFor: async () => null, lookupContextOf: async () => null });
  await bare.close();
  return found;
}

describe('module manifests', () => {
  it('finds the modules in dependency order, each with its conventional entries', () => {
    expect(manifests.map((m) => m.name)).toEqual(expect.arrayContaining(['shell', 'gl', 'ar', 'ic']));
    // Every module builds on the shell's entities (firms, users …): registered, migrated and seeded first.
    expect(manifests[0]!.name).toBe('shell');
    const seen = new Set<string>();
    for (const manifest of manifests) {
      for (const required of manifest.requires) expect(seen.has(required), `${manifest.name} after ${required}`).toBe(true);
      seen.add(manifest.name);
      for (const entry of ['definitions/index.ts', 'server/index.ts', 'screens/index.ts']) {
        expect(existsSync(join(moduleDir(manifest.name), entry)), `modules/${manifest.name}/${entry}`).toBe(true);
      }
    }
    expect(modules.map((m) => m.definitions.name)).toEqual(manifests.map((m) => m.name));
  });

  describe.each(manifests)('module $name', (manifest) => {
    const module = () => modules.find((m) => m.definitions.name === manifest.name)!;

    it('has its entities and their hooks in the registry', async () => {
      const { definitions, hooks } = module();
      expect(definitions.namespace).toBe(manifest.namespace);
      // The portal keeps its records in tables of its own, served by its own calls (issue 41): no entity.
      expect(definitions.entities.length + (definitions.entities.length ? 0 : (await routesOf(module())).length)).toBeGreaterThan(0);
      for (const entity of definitions.entities) {
        expect(entityByName(entity.name), entity.name).toBe(entity);
        expect(registeredEntity(entity.name)?.def, entity.name).toBe(entity);
      }
      const addedTo = new Set(modules.flatMap((other) => Object.keys(other.hooks).filter((name) => !other.definitions.entities.some((entity) => entity.name === name))));
      for (const [name, entityHooks] of Object.entries(hooks)) {
        const registered = registeredEntity(name)!;
        // Issue 68 item 2: an entity with a customer has the engine's §6 hooks composed before the module's; hooks a
        // module adds to a required module's entity are composed after the owner's (issue 73: A/P's on the purchase order).
        if (!hasCustomer(registered.def) && !addedTo.has(name)) expect(registered.hooks, name).toBe(entityHooks);
        else for (const [id, handler] of Object.entries(entityHooks.actions ?? {})) expect(registered.hooks.actions?.[id], `${name} ${id}`).toBe(handler);
      }
    });

    it('has its reports and processes in their registries', () => {
      // The shell module has entity screens only, the portal its own screens and calls.
      if (manifest.name !== 'shell' && manifest.name !== 'portal') expect((module().reports?.length ?? 0) + (module().processes?.length ?? 0)).toBeGreaterThan(0);
      // A report or process whose rows are records of an entity (`records`) is registered with the §6 row rule (issue 68 item 2).
      for (const report of module().reports ?? []) {
        if (report.def.records) expect(registeredReport(report.def.name)?.def, report.def.name).toBe(report.def);
        else expect(registeredReport(report.def.name), report.def.name).toBe(report);
      }
      for (const process of module().processes ?? []) {
        if (process.def.records) expect(registeredProcess(process.def.name)?.def, process.def.name).toBe(process.def);
        else expect(registeredProcess(process.def.name), process.def.name).toBe(process);
      }
    });

    it('has its own calls served by the app', async () => {
      for (const route of await routesOf(module())) {
        expect(server.app.hasRoute({ method: route.method as 'GET', url: route.url }), `${route.method} ${route.url}`).toBe(true);
      }
    });

    it('has its migrations in the one list', async () => {
      const all = await serverMigrations();
      for (const [name, migration] of Object.entries(module().migrations ?? {})) expect(all[name], name).toBe(migration);
    });

    it('has its strings in the four locales', () => {
      for (const locale of LOCALES) {
        const file = join(moduleDir(manifest.name), 'locales', locale, `${manifest.namespace}.json`);
        expect(existsSync(file), file).toBe(true);
      }
    });

    it('has its screens in its micro-app and its alsoIn re-exports in the others', () => {
      const own = exportsOf(`@erp/${manifest.app}`);
      expect(own.size, `@erp/${manifest.app}`).toBeGreaterThan(0);
      for (const [app, names] of Object.entries(manifest.alsoIn ?? {})) {
        for (const name of names) {
          expect(own.has(name), `${name} (alsoIn ${app}) is not a screen of @erp/${manifest.app}`).toBe(true);
          expect(exportsOf(`@erp/${app}`).has(name), `@erp/${app} re-exports ${name}`).toBe(true);
        }
      }
      // What it shows of the modules it requires (issue 73 item 4), re-exported by the application it names.
      for (const [app, byModule] of Object.entries(manifest.shows ?? {})) {
        for (const [module, names] of Object.entries(byModule)) {
          const theirs = exportsOf(`@erp/${manifests.find((m) => m.name === module)!.app}`);
          for (const name of names) {
            expect(theirs.has(name), `${name} (shows ${app} ${module}) is not a screen of ${module}`).toBe(true);
            expect(exportsOf(`@erp/${app}`).has(name), `@erp/${app} re-exports ${name}`).toBe(true);
          }
        }
      }
    });
  });
});

/**
 * The shell module (issue 20): the shell's own entities are a module like any other — no registry keeps a list of
 * them beside the manifests. Each registry sees it through its manifest alone.
 */
describe('the shell module', () => {
  const shell = () => modules.find((m) => m.definitions.name === 'shell')!;

  it('comes first, and every other module builds on it', () => {
    expect(manifests[0]!.name).toBe('shell');
    const requiresShell = (name: string): boolean => {
      const manifest = manifests.find((m) => m.name === name)!;
      return manifest.requires.includes('shell') || manifest.requires.some(requiresShell);
    };
    for (const manifest of manifests.slice(1)) expect(requiresShell(manifest.name), manifest.name).toBe(true);
  });

  it('gives the entity registry its entities and their hooks (the §6 parameter refusal of the firm included)', () => {
    for (const name of ['country', 'state', 'city', 'company', 'firm', 'user', 'user-securables', 'menu-access', 'form-widgets-security', 'sign-in']) {
      expect(shell().definitions.entities.some((entity) => entity.name === name), name).toBe(true);
      expect(registeredEntity(name)?.def, name).toBe(entityByName(name));
    }
    expect(registeredEntity('firm')?.hooks).toBe(shell().hooks['firm']);
    expect(registeredEntity('firm')?.hooks.parameterRefusal).toBeTypeOf('function');
  });

  it('serves its own calls through its routes: the firm lookup, the company logo and the §7 calls', async () => {
    const urls = (await routesOf(shell())).map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/firm/lookup',
        'POST /api/data/:entity/:id/logo',
        'GET /api/Company/GetDefaultCompany',
        'GET /api/Configuration/GetConfigurationByControlId',
      ]),
    );
  });

  it('seeds its demo data at start: the company, the administration rows, the firms', async () => {
    // Tables named by the shell's definitions, read untyped as the generic routes read them.
    const db = server.app.erp.database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    for (const table of ['companies', 'countries', 'configurations', 'firms']) {
      const { n } = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(n), table).toBeGreaterThan(0);
    }
  });

  it('keeps its strings in its own folder and its screens in @erp/records, which the catalog routes its paths to', () => {
    expect(localeFile('en-CA', 'entities')).toBe(join(moduleDir('shell'), 'locales', 'en-CA', 'entities.json'));
    expect(appSources(repoRoot, 'records').files).toContain(join(moduleDir('shell'), 'screens', 'index.ts'));
    for (const path of ['/shell/company', '/shell/country-state-city', '/novus-ap/firm-maintenance']) {
      expect(entitiesForRoute(path).length, path).toBeGreaterThan(0);
      expect(catalogRoutes.find((route) => route.Path === path)?.Component, path).toBe('@erp/records#EntityScreen');
    }
  });
});

/**
 * Issue 73 item 4: higher modules contribute, lower modules never name them. A module that adds a screen, a menu
 * route or a posting to a lower module's registry says so from its own files; the lower module, and the ground
 * floor (shared/, the generic screens of apps/records), name no module above them.
 */
describe('higher modules contribute, lower modules never name them', () => {
  /** A module and every module it requires, directly or not. */
  const below = (name: string): Set<string> => {
    const found = new Set<string>([name]);
    for (const required of manifests.find((m) => m.name === name)!.requires) for (const lower of below(required)) found.add(lower);
    return found;
  };
  /** The non-test source files under `dir` (relative to the repository). */
  const sources = (dir: string): string[] =>
    (readdirSync(join(repoRoot, dir), { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file) && !/\.(test|spec)\.tsx?$/.test(file))
      .map((file) => join(repoRoot, dir, file));

  it("the report form's fiscal defaults are the G/L's contribution: the ground floor calls no module's entity", () => {
    const moduleEntities = modules.filter((m) => m.definitions.name !== 'shell').flatMap((m) => m.definitions.entities.map((entity) => entity.name));
    const called = new RegExp(`data/(${moduleEntities.join('|')})\\b`);
    for (const file of [...sources('shared/src'), ...sources('apps/records/src')]) expect(readFileSync(file, 'utf8').match(called)?.[0], file).toBeUndefined();
  });

  it("a module's screens in another micro-app are asked for by the module above that shows them, never offered to it", () => {
    let shown = 0;
    for (const manifest of manifests) {
      // alsoIn: its own screens in an application none of whose modules requires it.
      for (const app of Object.keys(manifest.alsoIn ?? {})) {
        const above = manifests.filter((m) => m.app === app && m.name !== manifest.name && below(m.name).has(manifest.name)).map((m) => m.name);
        expect(above, `modules/${manifest.name}/module.json alsoIn ${app}`).toEqual([]);
      }
      // shows: screens of modules it requires.
      for (const byModule of Object.values(manifest.shows ?? {})) {
        for (const module of Object.keys(byModule)) {
          expect(module !== manifest.name && below(manifest.name).has(module), `modules/${manifest.name}/module.json shows ${module}'s screens`).toBe(true);
          shown += 1;
        }
      }
    }
    expect(shown).toBeGreaterThan(0);
  });

  it("a control account's other posters are registered by the module that adds the posting, never by the owner naming a module above it", () => {
    const registration = /registerControlAccountPoster\(\{\s*owner:\s*'(\w+)',\s*source:\s*'(\w+)'\s*\}\)/g;
    let seen = 0;
    for (const manifest of manifests) {
      // Its server code, and a document folder's (documents/<doc>/server/, issue 73 item 5).
      const dirs = [join('modules', manifest.name, 'server'), join('modules', manifest.name, 'documents')].filter((dir) => existsSync(join(repoRoot, dir)));
      for (const file of dirs.flatMap(sources)) {
        for (const [, owner, source] of readFileSync(file, 'utf8').matchAll(registration)) {
          seen += 1;
          // Sources are the modules' journal codes (PO, IC, AP …): a module names only itself and what it requires.
          for (const named of [owner!, source!]) expect(below(manifest.name).has(named.toLowerCase()), `${file} names ${named}`).toBe(true);
        }
      }
    }
    // Purchasing's receipts post GRNI under IC; Payables' matching clears it.
    expect(seen).toBeGreaterThanOrEqual(2);
  });

  it("a report's or process's own applications name only its module and those it requires: a module above shows it with shownElsewhere", () => {
    const owner = new Map(modules.flatMap((module) => (module.catalog?.applications ?? []).map(({ app }) => [app.Application, module.definitions.name] as const)));
    const named: string[] = [];
    const defined = new Set(modules.flatMap((module) => [...(module.reports ?? []), ...(module.processes ?? [])].map(({ def }) => def.name)));
    const routerPath = new Map(modules.flatMap((module) => (module.catalog?.applications ?? []).map(({ app }) => [app.Application, app.RouterPath] as const)));
    const menuPaths = new Set(catalogRoutes.map((route) => route.Path.toLowerCase()));
    for (const module of modules) {
      const name = module.definitions.name;
      for (const { def } of [...(module.reports ?? []), ...(module.processes ?? [])]) {
        // `def.routes`: the owner's own list (routesOf adds the contributions).
        for (const application of [def.application, ...def.routes.map((route) => route.application)]) {
          const by = owner.get(application);
          if (by !== undefined && !below(name).has(by)) named.push(`${def.name} (${name}) names ${application} of ${by}`);
        }
      }
      const elsewhere = (module.definitions.contributes?.[SHOWN_ELSEWHERE] ?? []) as readonly ShownElsewhere[];
      for (const entry of elsewhere) {
        if (owner.get(entry.application) !== name) named.push(`${name} shows ${entry.report} in ${entry.application}, not its own`);
        // A misspelt name would drop the route from the menu's report without a word (routesOf matches by name).
        if (!defined.has(entry.report)) named.push(`${name} shows ${entry.report}, which no module defines`);
        if (!menuPaths.has(`${routerPath.get(entry.application)}${entry.path}`.toLowerCase())) named.push(`${name} shows ${entry.report} at ${entry.application} ${entry.path}, not on its menu`);
      }
    }
    // Issue 73 item 4: a report of a lower module on a higher menu is that module's `shownElsewhere`.
    expect(named.sort()).toEqual([]);
  });

  it("an entity's applications, routes, makes and related documents name only its module and those it requires: a module above adds its own", () => {
    // Application code and router path → the module whose catalog declares it.
    const owner = new Map<string, string>();
    for (const module of modules) {
      for (const { app } of module.catalog?.applications ?? []) {
        owner.set(app.Application, module.definitions.name);
        owner.set(app.RouterPath.toLowerCase(), module.definitions.name);
      }
    }
    const ownerOfRoute = (route: string) => owner.get(`/${route.split('/')[1]!.toLowerCase()}`);
    const ownerOfEntity = new Map(modules.flatMap((module) => module.definitions.entities.map((entity) => [entity.name, module.definitions.name] as const)));
    /** What the modules' extensions added to each entity (the registry applies them in place). */
    const added = new Map<string, { applications: Set<string>; routes: Set<string>; makes: Set<string>; related: Set<string> }>();
    let contributed = 0;
    for (const module of modules) {
      const name = module.definitions.name;
      for (const extension of module.definitions.extends ?? []) {
        const entry = added.get(extension.entity) ?? { applications: new Set(), routes: new Set(), makes: new Set(), related: new Set() };
        added.set(extension.entity, entry);
        // It extends an entity of a module it requires, with its own applications, routes and documents.
        expect(below(name).has(ownerOfEntity.get(extension.entity) ?? '?'), `${name} extends ${extension.entity}`).toBe(true);
        for (const application of [...(extension.shownIn ?? []), ...(extension.application ? [extension.application] : [])]) {
          expect(owner.get(application), `${name} shows ${extension.entity} in ${application}`).toBe(name);
          entry.applications.add(application);
          contributed += 1;
        }
        for (const route of extension.routes ?? []) {
          expect(ownerOfRoute(route), `${name} mounts ${extension.entity} at ${route}`).toBe(name);
          entry.routes.add(route);
          contributed += 1;
        }
        for (const make of extension.makes ?? []) {
          expect(ownerOfEntity.get(make.entity), `${name} makes ${make.entity} from ${extension.entity}`).toBe(name);
          entry.makes.add(make.id);
          contributed += 1;
        }
        for (const relation of extension.related ?? []) {
          expect(ownerOfEntity.get(relation.entity), `${name} relates ${relation.entity} to ${extension.entity}`).toBe(name);
          entry.related.add(`${relation.entity} ${relation.field}`);
          contributed += 1;
        }
      }
    }
    expect(contributed).toBeGreaterThan(0);
    // Trades shows the sales order, Payables makes the vendor invoice from Purchasing's receipt, Order Entry is the
    // firm's home (issue 73 item 4): said by them.
    expect(added.get('sales-order')?.applications.has('NOVUS-TE')).toBe(true);
    expect(added.get('po-receipt')?.makes.has('enter-invoice')).toBe(true);
    expect(added.get('firm')?.applications.has('NOVUS-OE')).toBe(true);
    const named: string[] = [];
    for (const module of modules) {
      const name = module.definitions.name;
      for (const entity of module.definitions.entities) {
        const extra = added.get(entity.name);
        const own = [
          ...[entity.application, ...entity.shownIn].filter((application) => !extra?.applications.has(application)).map((application) => [application, owner.get(application)] as const),
          ...entity.routes.filter((route) => !extra?.routes.has(route)).map((route) => [route, ownerOfRoute(route)] as const),
          ...entity.makes.filter((make) => !extra?.makes.has(make.id)).map((make) => [`makes ${make.entity}`, ownerOfEntity.get(make.entity)] as const),
          ...entity.related.filter((relation) => !extra?.related.has(`${relation.entity} ${relation.field}`)).map((relation) => [`related ${relation.entity}`, ownerOfEntity.get(relation.entity)] as const),
        ];
        // Only its own module and the modules it requires: whatever else shows or makes it is that module's to add.
        for (const [what, by] of own) if (by !== undefined && !below(name).has(by)) named.push(`${entity.name} (${name}) names ${what} of ${by}`);
      }
    }
    expect(named).toEqual([]);
  });
});
