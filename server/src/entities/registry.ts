/**
 * The server side of the entity registry: each definition (shared/src/entities) with its hooks
 * (`<name>/rules.ts`). An entity without hooks is served by the generic routes alone. A business module's
 * hooks (server/src/modules/<module>/) are added with `registerEntityHooks` when the server registers its
 * modules at start (server/src/modules/index.ts).
 */
import type { AnyEntity } from '@erp/shared/entities/define';
import { entityByName } from '@erp/shared/entities/index';
import { cityHooks } from './city/rules.ts';
import { companyHooks } from './company/rules.ts';
import { firmHooks } from './firm/rules.ts';
import { formWidgetsSecurityHooks } from './form-widgets-security/rules.ts';
import type { EntityHooks } from './hooks.ts';
import { menuAccessHooks } from './menu-access/rules.ts';
import { userSecurablesHooks } from './user-securables/rules.ts';
import { userHooks } from './user/rules.ts';

const HOOKS: Record<string, EntityHooks> = {
  city: cityHooks,
  company: companyHooks,
  firm: firmHooks,
  'form-widgets-security': formWidgetsSecurityHooks,
  'menu-access': menuAccessHooks,
  user: userHooks,
  'user-securables': userSecurablesHooks,
};

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
