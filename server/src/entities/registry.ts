/**
 * The server side of the entity registry: each definition (shared/src/entities) with what its folder here
 * adds — its hooks (`<name>/rules.ts`, hooks.ts) and its own calls beyond the generic routes
 * (`<name>/routes.ts`, special-routes.ts). An entity with neither is served by the generic routes alone.
 * Entries are keyed by the definition's name, so generic code never names an entity.
 *
 * A business module's hooks (`serverModule.hooks`, modules/<m>/server/) are added with `registerEntityHooks`
 * when the server registers its modules at start (idempotent: tests build many apps in one process); its own
 * calls are its `serverModule.routes`, registered by routes.ts after these.
 */
import type { AnyEntity } from '@erp/shared/entities/define';
import { city } from '@erp/modules/shell/definitions/city';
import { company } from '@erp/modules/shell/definitions/company';
import { configuration } from '@erp/modules/shell/definitions/configuration';
import { firm } from '@erp/modules/shell/definitions/firm';
import { formWidgetsSecurity } from '@erp/modules/shell/definitions/form-widgets-security';
import { entityByName } from '@erp/shared/entities/index';
import { menuAccess } from '@erp/modules/shell/definitions/menu-access';
import { user } from '@erp/modules/shell/definitions/user';
import { userSecurables } from '@erp/modules/shell/definitions/user-securables';
import { cityHooks } from './city/rules.ts';
import { companyRoutes } from './company/routes.ts';
import { companyHooks } from './company/rules.ts';
import { configurationRoutes } from './configuration/routes.ts';
import { firmRoutes } from './firm/routes.ts';
import { firmHooks } from './firm/rules.ts';
import { formWidgetsSecurityHooks } from './form-widgets-security/rules.ts';
import type { EntityHooks } from './hooks.ts';
import { menuAccessHooks } from './menu-access/rules.ts';
import type { EntityRoutes } from './special-routes.ts';
import { userSecurablesHooks } from './user-securables/rules.ts';
import { userHooks } from './user/rules.ts';

/** What an entity's folder gives the server. */
interface EntityServerPart {
  def: AnyEntity;
  hooks?: EntityHooks;
  routes?: EntityRoutes;
}

/** The shell's own entities with server code (routes are registered in this order). */
const SHELL_PARTS: readonly EntityServerPart[] = [
  { def: firm, hooks: firmHooks, routes: firmRoutes },
  { def: company, hooks: companyHooks, routes: companyRoutes },
  { def: configuration, routes: configurationRoutes },
  { def: city, hooks: cityHooks },
  { def: formWidgetsSecurity, hooks: formWidgetsSecurityHooks },
  { def: menuAccess, hooks: menuAccessHooks },
  { def: user, hooks: userHooks },
  { def: userSecurables, hooks: userSecurablesHooks },
];

const HOOKS: Record<string, EntityHooks> = Object.fromEntries(
  SHELL_PARTS.flatMap((part) => (part.hooks ? [[part.def.name, part.hooks] as const] : [])),
);

const ROUTES: readonly EntityRoutes[] = SHELL_PARTS.flatMap((part) => (part.routes ? [part.routes] : []));

/** Adds the hooks of a module's entities (the same hooks object again is a no-op). */
export function registerEntityHooks(hooks: Readonly<Record<string, EntityHooks>>): void {
  for (const [name, entityHooks] of Object.entries(hooks)) {
    if (HOOKS[name] && HOOKS[name] !== entityHooks) throw new Error(`entity ${name} already has hooks`);
    HOOKS[name] = entityHooks;
  }
}

/** Every entity's own calls, in registration order (routes.ts registers them). */
export function entityRoutes(): readonly EntityRoutes[] {
  return ROUTES;
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
