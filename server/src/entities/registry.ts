/**
 * The server side of the entity registry: each definition (`@erp/shared/entities/index`, filled by the modules)
 * with its hooks. A module's hooks (`serverModule.hooks`, modules/<m>/server/ — the shell's own entities are
 * the `shell` module's) are added with `registerEntityHooks` when the server registers its modules at start
 * (idempotent: tests build many apps in one process); its own calls are its `serverModule.routes`, registered by
 * routes.ts after the generic routes. Entries are keyed by the definition's name, so generic code never names
 * an entity; an entity without hooks is served by the generic routes alone.
 */
import type { AnyEntity } from '@erp/shared/entities/define';
import { entityByName } from '@erp/shared/entities/index';
import type { EntityHooks } from './hooks.ts';

const HOOKS: Record<string, EntityHooks> = {};

/** Adds the hooks of a module's entities (the same hooks object again is a no-op). */
export function registerEntityHooks(hooks: Readonly<Record<string, EntityHooks>>): void {
  for (const [name, entityHooks] of Object.entries(hooks)) {
    if (HOOKS[name] && HOOKS[name] !== entityHooks) throw new Error(`entity ${name} already has hooks`);
    HOOKS[name] = entityHooks;
  }
}

export interface RegisteredEntity {
  def: AnyEntity;
  hooks: EntityHooks;
}

/** The entity named in a URL, with its hooks; undefined for an unknown name. */
export function registeredEntity(name: string): RegisteredEntity | undefined {
  const def = entityByName(name);
  return def ? { def, hooks: HOOKS[name] ?? {} } : undefined;
}
