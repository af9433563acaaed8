/**
 * Who may open what (§6): applications and menus are opened through roles. A role either opens every
 * application and menu (`roles.all_applications`, the administrator) or what its `menu_access` rows say
 * (the menu-access screen, modules/shell/definitions/menu-access.ts):
 * - a row without a menu id opens the application, with every menu;
 * - rows with menu ids open the application, with only those menus (and the groups above them).
 * A user holds the union of the roles' grants. Inactive applications are opened by nobody. What a role set opens
 * is kept per instance (auth/access-cache.ts, issue 74) and forgotten on any change to the tables it is read from,
 * so a change applies to the next request here and within a second on the other instances.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/connection.ts';
import { readAll } from '../db/read.ts';
import { accessCacheOf, cachedApplications } from './access-cache.ts';
import { asFlag, type DB } from '../db/schema.ts';
import type { OpenedApplications } from './user.ts';

export type { OpenedApplications } from './user.ts';

/**
 * The applications the roles open (as `openableApplications`), in one read: the auth plugin reads them with
 * the user on every request, so entity rights (entities/access.ts) follow the applications (§6).
 */
export async function openedApplications(database: Pick<Database, 'db' | 'reader'>, roleIds: readonly string[]): Promise<OpenedApplications> {
  if (roleIds.length === 0) return { names: new Set(), paths: new Set() };
  return cachedApplications(database.db, roleIds, () => readOpened(database, roleIds));
}

async function readOpened(database: Pick<Database, 'db' | 'reader'>, roleIds: readonly string[]): Promise<OpenedApplications> {
  const rows = await readAll(
    database,
    database.db
      .selectFrom('applications as a')
      .select(['a.application', 'a.router_path'])
      .where('a.is_active', '=', 1)
      .where((eb) =>
        eb.or([
          eb.exists(eb.selectFrom('roles as r').select('r.role_id').where('r.role_id', 'in', roleIds).where('r.all_applications', '=', 1)),
          eb.exists(eb.selectFrom('menu_access as m').select('m.role_id').whereRef('m.application', '=', 'a.application').where('m.role_id', 'in', roleIds)),
        ]),
      ),
  );
  return { names: new Set(rows.map((row) => row.application)), paths: new Set(rows.map((row) => row.router_path.toLowerCase())) };
}

/**
 * Names of the active applications the given roles may open (a new set the caller may change). Where the database
 * keeps an access cache, from `openedApplications` — the same rule, read once per role set.
 */
export async function openableApplications(db: Kysely<DB>, roleIds: readonly string[]): Promise<Set<string>> {
  if (roleIds.length === 0) return new Set();
  if (accessCacheOf(db)) return new Set((await openedApplications({ db }, roleIds)).names);
  const roles = await db.selectFrom('roles').select(['role_id', 'all_applications']).where('role_id', 'in', roleIds).execute();
  const allActive = db.selectFrom('applications').select('application').where('is_active', '=', 1);
  if (roles.some((r) => asFlag(r.all_applications))) {
    return new Set((await allActive.execute()).map((r) => r.application));
  }
  const rows = await db
    .selectFrom('menu_access')
    .innerJoin('applications', 'applications.application', 'menu_access.application')
    .select('applications.application')
    .where('menu_access.role_id', 'in', roleIds)
    .where('applications.is_active', '=', 1)
    .distinct()
    .execute();
  return new Set(rows.map((r) => r.application));
}

/**
 * The menus of `application` the roles open: 'all', or the granted menu ids (without their parent
 * groups; see `withAncestors`). Only meaningful for an application the roles open.
 */
export async function grantedMenus(db: Kysely<DB>, roleIds: readonly string[], application: string): Promise<'all' | Set<string>> {
  if (roleIds.length === 0) return new Set();
  const roles = await db.selectFrom('roles').select(['role_id', 'all_applications']).where('role_id', 'in', roleIds).execute();
  if (roles.some((r) => asFlag(r.all_applications))) return 'all';
  const rows = await db
    .selectFrom('menu_access')
    .select(['role_id', 'menu_id'])
    .where('role_id', 'in', roleIds)
    .where('application', '=', application)
    .execute();
  const menus = new Set<string>();
  const byRole = new Map<string, (string | null)[]>();
  for (const row of rows) byRole.set(row.role_id, [...(byRole.get(row.role_id) ?? []), row.menu_id]);
  for (const grants of byRole.values()) {
    const listed = grants.filter((menu): menu is string => menu !== null);
    // A role with only the application row opens every menu of it.
    if (listed.length === 0) return 'all';
    for (const menu of listed) menus.add(menu);
  }
  return menus;
}

/** `granted` plus every ancestor group (by ParentId) of the granted menus. */
export function withAncestors(menus: readonly { menu_id: string; parent_id: string }[], granted: Set<string>): Set<string> {
  const parentOf = new Map(menus.map((menu) => [menu.menu_id, menu.parent_id]));
  const result = new Set<string>();
  for (const id of granted) {
    let current: string | undefined = id;
    // Bounded by the number of menus, so a cycle in bad data cannot loop forever.
    for (let steps = 0; current !== undefined && steps <= menus.length && !result.has(current); steps++) {
      if (!parentOf.has(current)) break;
      result.add(current);
      current = parentOf.get(current);
    }
  }
  return result;
}
