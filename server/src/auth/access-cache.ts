/**
 * What a request's rights are made of, kept per instance (issue 74 item 2): a user's roles, the applications a set
 * of roles opens (§6) and the form-widget rules of an entity for a set of roles. The users row itself is NOT kept:
 * it is read on every request (one statement by its key), so a deactivated user is refused at once on every
 * instance, and a profile change (language) applies to the next call.
 *
 * Contract:
 * - `startAccessCache(db)` gives the database (its Kysely handle) a cache; app.ts does it for the primary and wires
 *   `invalidate` to the record events (events/hub.ts `onChanges`): a committed change to one of ACCESS_TABLES on
 *   this instance clears the cache before the writing request answers (the change capture tells the hub
 *   synchronously after COMMIT); another instance's change arrives through the hub's LISTEN/NOTIFY within its
 *   publishing delay (≤ 400 ms + the notification; the test asks ≤ 1 s); a lost LISTEN connection clears
 *   everything (changes may have been missed). On SQLite the one process hears its own writes.
 * - A handle without a cache (a standby's, READ_DATABASE_URL) reads every time, as before.
 * - `cachedRoles(db, userId, version, load)`: keyed by user and the users row's version (a save of the user through
 *   its screen bumps it, so even before the notification arrives another instance reads the new roles).
 * - `cachedApplications(db, roles, load)`, `cachedRules(db, entity, roles, load)`: keyed by the role SET (sorted):
 *   two users share an entry only when they hold exactly the same roles, so cached rights never cross users with
 *   different roles.
 * - A load that overlaps an invalidation is answered but not kept (a generation check): a stale read never
 *   outlives the change that made it stale.
 * - Bounded: a map past MAX_ENTRIES entries is emptied (rights are cheap to read again); and everything is read
 *   again at least every MAX_AGE_MS, so a change whose message never arrived (a publish that failed while the
 *   database was unreachable) is not kept for ever.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** A §6 form widgets security row of one entity: a role's access to a field (entities/access.ts reads them). */
export interface FieldRule {
  role_id: string;
  field_name: string;
  access: string;
}
import type { OpenedApplications } from './user.ts';

/** The tables rights are read from; a committed change to any of them clears the cache. */
export const ACCESS_TABLES = ['users', 'user_roles', 'roles', 'applications', 'menu_access', 'form_widget_security'] as const;

const MAX_ENTRIES = 10_000;
const MAX_AGE_MS = 60_000;

export class AccessCache {
  /** Raised by every invalidation: a load started before it is not kept. */
  private current = 0;
  /** When the entries were last all forgotten. */
  private since = Date.now();
  readonly roles = new Map<string, { version: number; roles: string[] }>();
  readonly applications = new Map<string, OpenedApplications>();
  readonly rules = new Map<string, readonly FieldRule[]>();
  /** Clears so far, for tests and the benchmark. */
  invalidations = 0;

  get generation(): number {
    return this.current;
  }

  /** This cache, emptied first when it is older than MAX_AGE_MS (module header). */
  fresh(): this {
    if (Date.now() - this.since > MAX_AGE_MS) this.invalidate();
    return this;
  }

  /** Forgets everything (a change to the rights, or changes that may have been missed). */
  invalidate(): void {
    this.since = Date.now();
    this.current += 1;
    this.invalidations += 1;
    this.roles.clear();
    this.applications.clear();
    this.rules.clear();
  }

  /** `load()`'s value, kept under `key` unless the cache was invalidated while it loaded. */
  async through<V>(map: Map<string, V>, key: string, load: () => Promise<V>): Promise<V> {
    const generation = this.current;
    const value = await load();
    if (generation === this.current) {
      if (map.size >= MAX_ENTRIES) map.clear();
      map.set(key, value);
    }
    return value;
  }
}

const caches = new WeakMap<object, AccessCache>();

/** The cache of `db`, created on first call (module header). */
export function startAccessCache(db: Kysely<DB>): AccessCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new AccessCache()));
  return cache;
}

/** The cache of `db`, if it has one. */
export function accessCacheOf(db: Kysely<DB>): AccessCache | undefined {
  return caches.get(db);
}

/** The key of a role set: the same roles in any order give the same key. */
export function roleSetKey(roles: readonly string[]): string {
  // Issue 74 (asked twice a request): roles already in order without repeats — one role, the usual case — are joined as
  // they are; `<` orders strings as `sort()` does (by UTF-16 code units).
  for (let i = 1; i < roles.length; i++) if (!(roles[i - 1]! < roles[i]!)) return [...new Set(roles)].sort().join('\u0000');
  return roles.join('\u0000');
}

export async function cachedRoles(db: Kysely<DB>, userId: string, version: number, load: () => Promise<string[]>): Promise<string[]> {
  const cache = caches.get(db)?.fresh();
  if (!cache) return load();
  const hit = cache.roles.get(userId);
  if (hit && hit.version === version) return hit.roles;
  return (await cache.through(cache.roles, userId, async () => ({ version, roles: await load() }))).roles;
}

export async function cachedApplications(db: Kysely<DB>, roles: readonly string[], load: () => Promise<OpenedApplications>): Promise<OpenedApplications> {
  const cache = caches.get(db)?.fresh();
  if (!cache) return load();
  const key = roleSetKey(roles);
  return cache.applications.get(key) ?? cache.through(cache.applications, key, load);
}

export async function cachedRules(db: Kysely<DB>, entity: string, roles: readonly string[], load: () => Promise<readonly FieldRule[]>): Promise<readonly FieldRule[]> {
  const cache = caches.get(db)?.fresh();
  if (!cache) return load();
  const key = `${entity}\u0001${roleSetKey(roles)}`;
  return cache.rules.get(key) ?? cache.through(cache.rules, key, load);
}

/**
 * The rules of several entities for one role set (the global search, report field rights): the cached ones as they
 * are, the others in one read (`load` gets the entities still missing and answers their rows with `entity`).
 */
export async function cachedRulesOf(
  db: Kysely<DB>,
  entities: readonly string[],
  roles: readonly string[],
  load: (missing: string[]) => Promise<readonly (FieldRule & { entity: string })[]>,
): Promise<(FieldRule & { entity: string })[]> {
  const cache = caches.get(db)?.fresh();
  if (!cache) return [...(await load([...entities]))];
  const set = roleSetKey(roles);
  const out: (FieldRule & { entity: string })[] = [];
  const missing: string[] = [];
  for (const entity of entities) {
    const hit = cache.rules.get(`${entity}\u0001${set}`);
    if (hit) for (const rule of hit) out.push({ ...rule, entity });
    else missing.push(entity);
  }
  if (missing.length === 0) return out;
  const generation = cache.generation;
  const rows = await load(missing);
  const byEntity = new Map<string, FieldRule[]>(missing.map((entity) => [entity, []]));
  for (const row of rows) {
    byEntity.get(row.entity)?.push({ role_id: row.role_id, field_name: row.field_name, access: row.access });
    out.push(row);
  }
  if (generation === cache.generation) {
    if (cache.rules.size + byEntity.size >= MAX_ENTRIES) cache.rules.clear();
    for (const [entity, rules] of byEntity) cache.rules.set(`${entity}\u0001${set}`, rules);
  }
  return out;
}

/**
 * `cachedRulesOf` by entity, each entity's list being the cached one itself (the same array until the next
 * invalidation), so what is worked out from it can be kept beside it (entities/access.ts `accessOf`).
 */
export async function cachedRulesByEntity(
  db: Kysely<DB>,
  entities: readonly string[],
  roles: readonly string[],
  load: (missing: string[]) => Promise<readonly (FieldRule & { entity: string })[]>,
): Promise<Map<string, readonly FieldRule[]>> {
  const cache = caches.get(db)?.fresh();
  const set = roleSetKey(roles);
  const out = new Map<string, readonly FieldRule[]>();
  const missing: string[] = [];
  for (const entity of entities) {
    const hit = cache?.rules.get(`${entity}\u0001${set}`);
    if (hit) out.set(entity, hit);
    else missing.push(entity);
  }
  if (missing.length === 0) return out;
  const generation = cache?.generation;
  const rows = await load(missing);
  const byEntity = new Map<string, FieldRule[]>(missing.map((entity) => [entity, []]));
  for (const row of rows) byEntity.get(row.entity)?.push({ role_id: row.role_id, field_name: row.field_name, access: row.access });
  for (const [entity, rules] of byEntity) out.set(entity, rules);
  if (cache && generation === cache.generation) {
    if (cache.rules.size + byEntity.size >= MAX_ENTRIES) cache.rules.clear();
    for (const [entity, rules] of byEntity) cache.rules.set(`${entity}\u0001${set}`, rules);
  }
  return out;
}
