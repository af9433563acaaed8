/**
 * §6 row rights of records nobody asked for by a request: which of some keys a user may see now, and whether an
 * entity's rights leave a user every record. The event hub (events/hub.ts) asks them to decide which changes reach a
 * stream; they read the definition's own table, generic engine work, so the hub names no table itself.
 */
import type { AnyEntity } from '@erp/shared/entities/define';
import type { AuthenticatedUser } from '../auth/user.ts';
import type { Database } from '../db/connection.ts';
import { dynamicDb, type DynamicSelect } from '../db/dynamic-db.ts';
import type { EntityContext, EntityHooks } from './hooks.ts';
import { keyColumn, loadRecord, parseId } from './wire.ts';

/** The context a row-rights hook is asked in, outside a request: no field rules (nothing of a record is answered). */
export function rightsContext(database: Pick<Database, 'db' | 'reader' | 'engine'>, def: AnyEntity, hooks: EntityHooks, user: AuthenticatedUser): EntityContext {
  return { db: database.db, reader: database.reader, engine: database.engine, user, def, hooks, access: { hidden: new Set(), readOnly: new Set() } };
}

/** The SQL of each definition's bare queries, by kind (`scopeAddedNothing`). */
const bareSql = new WeakMap<AnyEntity, Map<string, string>>();

/**
 * Whether the entity's scope left `scoped` as `bare` was — the same SQL and no values — so this caller's rights add
 * nothing to it. `bare` compiles alike for every caller: once per definition and `kind`.
 */
export function scopeAddedNothing(def: AnyEntity, kind: string, bare: () => DynamicSelect, scoped: DynamicSelect): boolean {
  let byKind = bareSql.get(def);
  if (byKind === undefined) bareSql.set(def, (byKind = new Map()));
  let sql = byKind.get(kind);
  if (sql === undefined) byKind.set(kind, (sql = bare().compile().sql));
  const compiled = scoped.compile();
  return compiled.sql === sql && compiled.parameters.length === 0;
}

/** True when the entity's row rights leave this user every record (no hooks, or a scope that adds nothing). */
export async function unrestricted(ctx: EntityContext): Promise<boolean> {
  const { scope, canView } = ctx.hooks;
  if (!scope) return !canView;
  const probe = () => dynamicDb(ctx.db).selectFrom(ctx.def.table).select(keyColumn(ctx.def));
  return scopeAddedNothing(ctx.def, 'probe', probe, await scope(ctx, probe()));
}

/** The keys among `keys` this user may see now (the entity's scope, then canView). */
export async function visibleKeys(ctx: EntityContext, keys: readonly string[]): Promise<string[]> {
  const { scope, canView } = ctx.hooks;
  if (!scope && !canView) return [...keys];
  const column = keyColumn(ctx.def);
  const parsed = keys.map((key) => parseId(ctx.def, key)).filter((key): key is string | number => key !== null);
  if (parsed.length === 0) return [];
  let select = dynamicDb(ctx.db).selectFrom(ctx.def.table).select(column).where(column, 'in', parsed);
  if (scope) select = await scope(ctx, select);
  const found = (await select.execute()).map((row) => (row as Record<string, unknown>)[column]);
  const visible: string[] = [];
  for (const key of found) {
    if (canView) {
      const record = await loadRecord(ctx.db, ctx.def, key as string | number);
      if (!record || (await canView(ctx, record))) continue;
    }
    visible.push(String(key));
  }
  return visible;
}
