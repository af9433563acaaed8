/**
 * The server side of the entity registry: each definition (`@erp/shared/entities/index`, filled by the modules)
 * with its hooks. A module's hooks (`serverModule.hooks`, modules/<m>/server/ — the shell's own entities are
 * the `shell` module's) are added with `registerEntityHooks` when the server registers its modules at start
 * (idempotent: tests build many apps in one process); its own calls are its `serverModule.routes`, registered by
 * routes.ts after the generic routes. Entries are keyed by the definition's name, so generic code never names
 * an entity; an entity without hooks is served by the generic routes alone.
 *
 * Issue 41: a module may also give hooks of an entity of a module it requires (the rules of the fields its
 * `EntityExtension` adds, e.g. Receivables' on the shell's firm): they are composed after the owner's
 * (`composeHooks`, hooks.ts), in registration order — dependencies first, so the owner's come first. An entity
 * still has one owner's hooks object; a second one of the owner is a programming error.
 *
 * Issue 68 item 2: the engine's own hooks come first — §6 assigned customers of an entity whose definition names
 * a customer (`customerHooks`, customers.ts) — so no module writes, or forgets, that rule.
 */
import type { AnyEntity } from '@erp/shared/entities/define';
import { entityByName } from '@erp/shared/entities/index';
import { customerHooks } from './customers.ts';
import { composeHooks, type EntityHooks } from './hooks.ts';

interface Entry {
  owner?: EntityHooks;
  added: EntityHooks[];
  composed?: EntityHooks;
}

const HOOKS = new Map<string, Entry>();

/**
 * Adds the hooks of a module's entities (the same hooks object again is a no-op). Hooks of an entity not in `own`
 * (the module's own entity names; absent: all are its own) are added to that entity's owner's.
 */
export function registerEntityHooks(hooks: Readonly<Record<string, EntityHooks>>, own?: ReadonlySet<string>): void {
  for (const [name, entityHooks] of Object.entries(hooks)) {
    const entry = HOOKS.get(name) ?? { added: [] };
    HOOKS.set(name, entry);
    if (entry.owner === entityHooks || entry.added.includes(entityHooks)) continue;
    if (own === undefined || own.has(name)) {
      if (entry.owner) throw new Error(`entity ${name} already has hooks`);
      entry.owner = entityHooks;
    } else entry.added.push(entityHooks);
    delete entry.composed;
  }
}

export interface RegisteredEntity {
  def: AnyEntity;
  hooks: EntityHooks;
}

/** The entity named in a URL, with its hooks; undefined for an unknown name. */
export function registeredEntity(name: string): RegisteredEntity | undefined {
  const def = entityByName(name);
  return def ? { def, hooks: entityHooks(name) } : undefined;
}

/** The hooks of entity `name`: the engine's (§6 assigned customers), its owner's, then those other modules added (composed once). */
export function entityHooks(name: string): EntityHooks {
  const def = entityByName(name);
  const known = HOOKS.get(name);
  if (!known && !def) return {};
  const entry = known ?? { added: [] };
  HOOKS.set(name, entry);
  if (entry.composed) return entry.composed;
  const engine = def ? customerHooks(def) : null;
  const all = [...(engine ? [engine] : []), ...(entry.owner ? [entry.owner] : []), ...entry.added];
  const [first = {}, ...rest] = all;
  entry.composed = composeHooks(first, rest);
  return entry.composed;
}
