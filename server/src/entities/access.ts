/**
 * Who may read and write an entity through the API (the definition's `roles`, among the users who open one of
 * its applications), and which fields a caller may see and change (§6 form widgets security, table
 * form_widget_security).
 *
 * Field rules: with several roles the least restrictive wins — a field is hidden only when every role of
 * the caller hides it, read-only when every role restricts it and not all hide it. The key is never
 * hidden. The rules of an entity for a role set are kept per instance (auth/access-cache.ts, issue 74) and forgotten
 * on any change to them, so an administrator's change applies to the next request (other instances: within a second).
 */
import type { AnyEntity } from '@erp/shared/entities/define';
import type { AuthenticatedUser } from '../auth/user.ts';
import type { Database } from '../db/connection.ts';
import { readAll } from '../db/read.ts';
import { cachedRules, type FieldRule } from '../auth/access-cache.ts';
import type { FieldAccess } from './hooks.ts';

function allowed(list: readonly string[] | '*', user: AuthenticatedUser): boolean {
  return list === '*' || user.roles.some((role) => list.includes(role));
}

/** `/novus-oe/sales-rep` → `/novus-oe`: the router path of the application a shell route is under. */
function applicationPath(route: string): string {
  return `/${route.split('/')[1] ?? ''}`.toLowerCase();
}

/**
 * §6 least privilege: a role sees a module's data only where it is granted an application that shows it — the
 * entity's own, one of its `shownIn`, or one of its routes' —, whatever its roles list says.
 */
export function opensEntity(def: AnyEntity, user: AuthenticatedUser): boolean {
  const { names, paths } = user.applications;
  return names.has(def.application) || def.shownIn.some((application) => names.has(application)) || def.routes.some((route) => paths.has(applicationPath(route)));
}

export function canRead(def: AnyEntity, user: AuthenticatedUser): boolean {
  return (allowed(def.roles.read, user) || allowed(def.roles.write, user)) && opensEntity(def, user);
}

export function canWrite(def: AnyEntity, user: AuthenticatedUser): boolean {
  return allowed(def.roles.write, user) && opensEntity(def, user);
}

const LEVEL = { none: 0, 'read-only': 1, hidden: 2 } as const;

/** One row of form_widget_security. */
// A form_widget_security row, as the access cache keeps it (auth/access-cache.ts, which imports nothing of this file).
export type { FieldRule } from '../auth/access-cache.ts';

/**
 * The field access worked out from a cached rules list (issue 74): the list is kept per entity and role set
 * (auth/access-cache.ts), and the access follows from the definition, the role set and those rules alone, so it is
 * worked out once per list. A change to the rights replaces the list (invalidation), and with it this entry. The sets
 * are shared by the requests of that role set: nothing may change them.
 */
const accessOfRules = new WeakMap<readonly FieldRule[], Map<AnyEntity, FieldAccess>>();

/**
 * `accessFromRules` of a rules list the access cache holds for `def` and the caller's role set (module header of
 * auth/access-cache.ts), kept beside that list: the same list answers the same sets (shared: read only).
 */
export function accessOf(def: AnyEntity, user: AuthenticatedUser, cachedRules: readonly FieldRule[]): FieldAccess {
  let byDef = accessOfRules.get(cachedRules);
  if (!byDef) accessOfRules.set(cachedRules, (byDef = new Map()));
  let access = byDef.get(def);
  if (!access) byDef.set(def, (access = accessFromRules(def, user, cachedRules)));
  return access;
}

/** The caller's hidden and read-only fields of `def` (shared sets: read only). */
export async function fieldAccess(database: Pick<Database, 'db' | 'reader'>, def: AnyEntity, user: AuthenticatedUser): Promise<FieldAccess> {
  if (user.roles.length === 0) return accessFromRules(def, user, []);
  const rules = await cachedRules(database.db, def.name, user.roles, () =>
    readAll(
      database,
      database.db
        .selectFrom('form_widget_security')
        .select(['role_id', 'field_name', 'access'])
        .where('entity', '=', def.name)
        .where('role_id', 'in', user.roles),
    ),
  );
  return accessOf(def, user, rules);
}

/**
 * The caller's field access from the rules of their roles for `def` (`fieldAccess` reads them; a caller serving
 * many entities at once — the global search — reads them all in one query).
 */
export function accessFromRules(def: AnyEntity, user: AuthenticatedUser, rules: readonly FieldRule[]): FieldAccess {
  const access: FieldAccess = { hidden: new Set(), readOnly: new Set() };
  // Fields restricted to roles (`readRoles`) are hidden from every caller holding none of them.
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.readRoles && name !== def.key && !user.roles.some((role) => field.readRoles!.includes(role))) access.hidden.add(name);
  }
  if (user.roles.length === 0 || rules.length === 0) return access;
  const byField = new Map<string, Map<string, number>>();
  for (const rule of rules) {
    const level = rule.access === 'hidden' ? LEVEL.hidden : LEVEL['read-only'];
    const roles = byField.get(rule.field_name) ?? new Map<string, number>();
    roles.set(rule.role_id, Math.max(roles.get(rule.role_id) ?? 0, level));
    byField.set(rule.field_name, roles);
  }
  for (const [field, roles] of byField) {
    if (field === def.key || !Object.hasOwn(def.fields, field)) continue;
    // A role without a rule for the field sees and writes it: the least restrictive level wins.
    const level = Math.min(...user.roles.map((role) => roles.get(role) ?? LEVEL.none));
    if (level === LEVEL.hidden) access.hidden.add(field);
    else if (level === LEVEL['read-only']) access.readOnly.add(field);
  }
  return access;
}
