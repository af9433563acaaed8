/**
 * The registry of entity definitions: what the generic data routes (server) and the generic list and
 * form screens (browser) look entities up in. Import from `@erp/shared/entities/index`.
 */
import { application } from './application.ts';
import { branch } from './branch.ts';
import { city } from './city.ts';
import { codeIndex } from './code-index.ts';
import { company } from './company.ts';
import { configuration } from './configuration.ts';
import { country } from './country.ts';
import type { AnyEntity } from './define.ts';
import { firm } from './firm.ts';
import { formWidgetsSecurity } from './form-widgets-security.ts';
import { menuAccess } from './menu-access.ts';
import { role } from './role.ts';
import { sequenceCounter } from './sequence-counter.ts';
import { signIn } from './sign-in.ts';
import { state } from './state.ts';
import { userSecurables } from './user-securables.ts';
import { user } from './user.ts';
import { warehouse } from './warehouse.ts';

export {
  application,
  branch,
  city,
  codeIndex,
  company,
  configuration,
  country,
  firm,
  formWidgetsSecurity,
  menuAccess,
  role,
  sequenceCounter,
  signIn,
  state,
  user,
  userSecurables,
  warehouse,
};

/** Every entity, in dependency order (a lookup's target before the entity using it). */
export const ENTITIES: readonly AnyEntity[] = [
  country,
  state,
  city,
  sequenceCounter,
  codeIndex,
  configuration,
  company,
  branch,
  warehouse,
  application,
  role,
  firm,
  user,
  userSecurables,
  menuAccess,
  formWidgetsSecurity,
  signIn,
] as unknown as readonly AnyEntity[];

const byName = new Map(ENTITIES.map((entity) => [entity.name, entity]));

/** The definition named `name` (as in /api/data/<name>), or undefined. */
export function entityByName(name: string): AnyEntity | undefined {
  return byName.get(name);
}

/** The entities whose generic screens the shell route `path` mounts (e.g. /shell/country-state-city → 3). */
export function entitiesForRoute(path: string): AnyEntity[] {
  const wanted = path.toLowerCase();
  return ENTITIES.filter((entity) => entity.routes.some((route) => route.toLowerCase() === wanted));
}
