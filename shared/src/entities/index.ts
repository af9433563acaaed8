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
 * firm's Account terms and Sales rep, Receivables' extension of the shell's firm → its `account-terms`,
 * `sales-rep`, when a bundle without the AR definitions shows the firm) asks the server for its suggestions, key and label
 * (GET /api/lookup/<entity>, apps/records/src/form/fields/Lookup.tsx); the screens of an entity are mounted
 * by the bundle that registers its module.
 */
import { extendEntity, missingAnchor, type AnyEntity, type EntityExtension } from './define.ts';

export type { EntityExtension } from './define.ts';

/**
 * A business module's definitions, as its folder `modules/<name>/definitions/index.ts` exports them.
 * `namespace` is the i18n namespace of its strings (`locales/<lng>/<namespace>.json`).
 */
export interface ModuleDefinition {
  name: string;
  namespace: string;
  /** In dependency order (a lookup's target before the entity using it). */
  entities: readonly AnyEntity[];
  /**
   * What it adds to entities of the modules it requires (`EntityExtension`, define.ts: fields, choices, list columns
   * and filters, indexes, form rows and fields, each placed beside a named one; message defaults).
   */
  extends?: readonly EntityExtension[];
  /**
   * Its entries in registries other modules own, by registry name (`gl.ledgerSources`: the journal sources
   * and period flags of the ledger): the owner reads them with `contributions(name)`, never names the module.
   */
  contributes?: Readonly<Record<string, readonly unknown[]>>;
}

/** The part of a module's definitions that reaches other modules' entities and registries. */
export type ModuleExtensions = Pick<ModuleDefinition, 'extends' | 'contributes'>;

/** One module's extensions from several parts (its ledger source, its fields on the firm …): lists joined per registry. */
export function combineExtensions(...parts: readonly ModuleExtensions[]): ModuleExtensions {
  const contributes: Record<string, unknown[]> = {};
  for (const part of parts) for (const [registry, entries] of Object.entries(part.contributes ?? {})) (contributes[registry] ??= []).push(...entries);
  return { extends: parts.flatMap((part) => part.extends ?? []), contributes };
}

const registered: AnyEntity[] = [];
const byName = new Map<string, AnyEntity>();
const modules = new Map<string, ModuleDefinition>();
/** Modules whose extensions are in (once per module name: every micro-app bundle carries them, see below). */
const extended = new Set<string>();
/** Extensions waiting for their entity (in the browser, a bundle may bring them before the owner's). */
const pending = new Map<string, { extension: EntityExtension; namespace: string }[]>();
/** The namespaces of an entity's strings beside its own: those of the modules extending it. */
const extraNamespaces = new Map<string, Set<string>>();
const contributed = new Map<string, unknown[]>();

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
    for (const { extension, namespace } of pending.get(entity.name) ?? []) apply(entity, extension, namespace);
    pending.delete(entity.name);
  }
  registerExtensions(module.name, module.namespace, module);
}

/**
 * Extensions of a registered entity waiting for what another module's extension places (issue 41: Order Entry's
 * discount table goes beside Receivables' sales rep). A bundle registers the modules it carries before the others
 * (its screens register their module first), so an extension may come before the one it is placed beside.
 */
const waiting = new Map<string, { extension: EntityExtension; namespace: string }[]>();

/** Applies `extension` to `entity`, or keeps it waiting for its anchors; then whatever waited and now can. */
function apply(entity: AnyEntity, extension: EntityExtension, namespace: string): void {
  const queue = waiting.get(entity.name) ?? [];
  waiting.set(entity.name, queue);
  queue.push({ extension, namespace });
  for (let index = 0; index < queue.length; ) {
    const next = queue[index]!;
    if (missingAnchor(entity, next.extension) !== null) {
      index += 1;
      continue;
    }
    queue.splice(index, 1);
    extendEntity(entity, next.extension, next.namespace);
    if (next.namespace !== entity.namespace) extraNamespaces.set(entity.name, (extraNamespaces.get(entity.name) ?? new Set()).add(next.namespace));
    index = 0;
  }
}

/**
 * The extensions not applied: those of entities never registered, and those whose anchors no extension placed
 * (`entity: what is missing`). The server refuses to start with any (server/src/modules/index.ts).
 */
export function unappliedExtensions(): string[] {
  const pendingOnes = [...pending.keys()].map((entity) => `${entity}: the entity is not registered`);
  const waitingOnes = [...waiting.entries()].flatMap(([entity, queue]) =>
    queue.map(({ extension }) => `${entity}: ${missingAnchor(byName.get(entity)!, extension) ?? 'waiting'}`),
  );
  return [...pendingOnes, ...waitingOnes];
}

/**
 * Adds module `name`'s extensions and contributions, once whoever brings them: on the server with its
 * definitions; in the browser with its definitions and from every micro-app's entry (`moduleApp` in
 * vite.library.ts imports each module's `definitions/extensions.ts`), so an extended entity's screen shows the
 * extension whichever bundle opened it. An extension of an entity not registered yet waits for it.
 */
export function registerExtensions(name: string, namespace: string, extensions: ModuleExtensions): void {
  if (extended.has(name)) return;
  extended.add(name);
  for (const extension of extensions.extends ?? []) {
    const entity = byName.get(extension.entity);
    if (entity) apply(entity, extension, namespace);
    else pending.set(extension.entity, [...(pending.get(extension.entity) ?? []), { extension, namespace }]);
  }
  for (const [registry, entries] of Object.entries(extensions.contributes ?? {})) contributed.set(registry, [...(contributed.get(registry) ?? []), ...entries]);
}

/** The entries modules contributed to registry `name`, in registration order (dependencies first). */
export function contributions<T>(name: string): readonly T[] {
  return (contributed.get(name) ?? []) as T[];
}

/** The i18n namespaces an entity's strings live in: its own, then those of the modules extending it. */
export function entityNamespaces(entity: AnyEntity): string[] {
  return [entity.namespace, ...(extraNamespaces.get(entity.name) ?? [])];
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
