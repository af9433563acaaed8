/**
 * The registry of entity definitions: what the generic data routes (server) and the generic list and
 * form screens (browser) look entities up in. Import from `@erp/shared/entities/index`.
 *
 * It holds what the modules register with `registerModule()` (issue 12 "One place per screen", issue 20: a
 * module's definitions live in `modules/<module>/definitions/`), the shell's own entities included (the
 * `shell` module, registered by `@erp/records`, which every entity screen loads). The browser gets one copy of
 * this file through the import map (`/shared/entities.js`), so the micro-app that loads a module's definitions
 * (e.g. `@erp/accounting`) and the generic screens of `@erp/records` see the same registry; nothing here is
 * loaded at the shell's boot. The server registers every module at start (`server/src/modules/index.ts`).
 *
 * So in the browser a module's definitions may be absent (a screen of another bundle opened first): nothing
 * in the browser may need the definition of an entity it only refers to. A lookup to such an entity (the
 * shell's firm form → the AR `account-terms`, `sales-rep`) asks the server for its suggestions, key and label
 * (GET /api/lookup/<entity>, apps/records/src/form/fields/Lookup.tsx); the screens of an entity are mounted
 * by the bundle that registers its module.
 */
import type { AnyEntity } from './define.ts';

/**
 * A business module's definitions, as its folder `modules/<name>/definitions/index.ts` exports them.
 * `namespace` is the i18n namespace of its strings (`locales/<lng>/<namespace>.json`).
 */
export interface ModuleDefinition {
  name: string;
  namespace: string;
  /** In dependency order (a lookup's target before the entity using it). */
  entities: readonly AnyEntity[];
}

const registered: AnyEntity[] = [];
const byName = new Map<string, AnyEntity>();
const modules = new Map<string, ModuleDefinition>();

/**
 * Adds a module's definitions to the registry. Registering the same module object again does nothing (a
 * micro-app module may be evaluated once per page, the server once per process); another definition under a
 * name already taken is a programming error.
 */
export function registerModule(module: ModuleDefinition): void {
  const known = modules.get(module.name);
  if (known === module) return;
  if (known) throw new Error(`module ${module.name} is registered twice`);
  for (const entity of module.entities) {
    if (byName.has(entity.name)) throw new Error(`entity ${entity.name} of module ${module.name} is already registered`);
  }
  modules.set(module.name, module);
  for (const entity of module.entities) {
    registered.push(entity);
    byName.set(entity.name, entity);
  }
}

/** The registered modules, in registration order. */
export function registeredModules(): ModuleDefinition[] {
  return [...modules.values()];
}

/** Every registered entity, module by module in registration order (the shell's first: every module requires it). */
export function allEntities(): readonly AnyEntity[] {
  return registered;
}

/** The definition named `name` (as in /api/data/<name>), or undefined. */
export function entityByName(name: string): AnyEntity | undefined {
  return byName.get(name);
}

/** The entities whose generic screens the shell route `path` mounts (e.g. /shell/country-state-city → 3). */
export function entitiesForRoute(path: string): AnyEntity[] {
  const wanted = path.toLowerCase();
  return registered.filter((entity) => entity.routes.some((route) => route.toLowerCase() === wanted));
}
