/**
 * Reading one page of a list, fast on large tables:
 * - `pageRows`: on PostgreSQL a deferred join — the page's keys are found first (`select key … order by
 *   … limit … offset …`, which an index answers without reading the rows it skips), then only those
 *   rows are read; SQLite already skips OFFSET rows without reading them, so it runs the plain query.
 *   Either way the order ends with a unique tie-breaker (query.ts `applySort`);
 * - `countRows`: TotalCount (and column totals) of a filtered list, cached per exact query (SQL and parameters, so a
 *   restricted user's scope is part of the key). The cache of a table is dropped by every write through
 *   the entity service (`tableChanged`), and by another instance's write on the same PostgreSQL database as soon as
 *   its record event arrives (events/hub.ts); entries live at most COUNT_TTL_MS in any case. Paging through a
 *   list (same filters, another page) then costs no count at all.
 * - Issue 74: a plain list (no filter, no search, a scope that adds nothing for the caller: `plainShape`) compiles
 *   its page and its count once per shape (sort, columns, totals) and runs them with each request's page (db/read.ts
 *   `compiledOnce`); any other list compiles each statement once per request.
 */
import { decimalFromDb } from '../db/decimal-codec.ts';
import { exactRow } from '../db/exact.ts';
import { sql } from 'kysely';
import { compiledOnce, PLACEHOLDER, prepared, withValues } from '../db/read.ts';
import { run } from '../db/sqlite.ts';
import { dynamicDb, type DynamicSelect } from '../db/dynamic-db.ts';
import type { EntityContext } from './hooks.ts';
import { applyFilters, applySort, rowIdColumn, type ListQuery } from './query.ts';
import { scopeAddedNothing } from './row-rights.ts';
import { indexName } from './schema-sync.ts';
import { arrayReader, columnsFor, recordReader, type Trail } from './wire.ts';

export const COUNT_TTL_MS = 10_000;
const MAX_CACHED_COUNTS = 1000;

const generations = new Map<string, number>();
const counts = new Map<string, { value: Counted; generation: number; at: number }>();

/**
 * Cached counts and statistics are the database's, not the table name's: a process may hold several databases
 * (the tests start one per file in one worker), so their keys start with the database's number. A write drops
 * its table's counts in every database (`tableChanged` names the table only): at worst a count is read again.
 */
const databaseIds = new WeakMap<object, number>();
let lastDatabaseId = 0;
function databaseId(db: object): number {
  let id = databaseIds.get(db);
  if (id === undefined) databaseIds.set(db, (id = ++lastDatabaseId));
  return id;
}

/** Drops the cached counts of `table` (called by every write of the entity service). */
export function tableChanged(table: string): void {
  generations.set(table, (generations.get(table) ?? 0) + 1);
}

/** How many writes to `table` this process has been told of: a cache of the table's rows is stale when it moved. */
export function tableGeneration(table: string): number {
  return generations.get(table) ?? 0;
}

/** A column total of the list (definition `listColumns[].total`), over every matching row. */
export interface TotalSpec {
  field: string;
  column: string;
  kind: 'sum' | 'avg' | 'count';
  /** A decimal field's scale: its sum answers as an exact decimal string (db/decimal-codec.ts). */
  scale?: number;
}

export interface Counted {
  count: number;
  /** Field → total (null when no row has a value). */
  totals: Record<string, number | string | null>;
}

/**
 * The shape of a list query whose SQL is the same for every caller and value (issue 74): no filter, no search, and a
 * scope that left `base` (filteredBase) as it was for this caller — a restricted user's never does, so their
 * statements stay their own; null otherwise. The sort is part of it; the page's limit and offset are values.
 */
export function plainShape(ctx: EntityContext, query: ListQuery, base: DynamicSelect): string | null {
  if (query.filters.length > 0 || query.search !== null) return null;
  if (ctx.hooks.scope && !scopeAddedNothing(ctx.def, 'list', () => dynamicDb(ctx.db).selectFrom(ctx.def.table), base)) return null;
  return JSON.stringify([ctx.engine, query.sortFields, query.sortDescending]);
}

/** The count (and the totals) of the rows `base` selects, as one select. */
function countSelect(base: DynamicSelect, totals: readonly TotalSpec[]) {
  return base.select((eb) => [
    eb.fn.countAll().as('n'),
    ...totals.map((total, index) =>
      (total.kind === 'sum' ? eb.fn.sum(total.column) : total.kind === 'avg' ? eb.fn.avg(total.column) : eb.fn.count(total.column)).as(`t${index}`),
    ),
  ]);
}

/**
 * TotalCount (and the column totals asked for) of the rows `base` selects (filters and scope applied); `shape`
 * (`plainShape`): the statement compiled once for it.
 */
export async function countRows(ctx: EntityContext, base: DynamicSelect, totals: readonly TotalSpec[] = [], shape: string | null = null): Promise<Counted> {
  const { def } = ctx;
  // Issue 74: no closure of its own made per call (the server runs through tsx, which names each one it makes).
  const compiled = shape === null ? countSelect(base, totals).compile() : compiledOnce(def, JSON.stringify(['count', shape, totals]), 0, () => countSelect(base, totals));
  const key = `${databaseId(ctx.db)}\u0000${def.table}\u0000${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  const generation = generations.get(def.table) ?? 0;
  const cached = counts.get(key);
  const now = Date.now();
  if (cached && cached.generation === generation && now - cached.at < COUNT_TTL_MS) return cached.value;
  let values: unknown[];
  if (ctx.engine === 'sqlite' && ctx.reader) {
    // Exact integers: a SUM of money units can pass 2^53, which a plain read rounds without a word (issue 39 item 4.2).
    values = exactRow((run(prepared(ctx.reader(), compiled.sql, { exact: true, arrays: true }), 'get', compiled.parameters) as unknown[] | undefined) ?? []);
  } else {
    // The statement as compiled (Kysely's execute would compile it again).
    const row = ((await ctx.db.executeQuery(withValues(compiled, []))).rows[0] ?? {}) as Record<string, unknown>;
    values = [row['n'], ...totals.map((_, index) => row[`t${index}`])];
  }
  const value: Counted = { count: Number(values[0] ?? 0), totals: {} };
  totals.forEach((total, index) => {
    const raw = values[index + 1];
    if (raw === null || raw === undefined) value.totals[total.field] = null;
    else if (total.scale !== undefined && total.kind === 'sum') value.totals[total.field] = decimalFromDb(ctx.engine, raw, total.scale);
    else value.totals[total.field] = Math.round(Number(raw) * 10000) / 10000;
  });
  if (counts.size >= MAX_CACHED_COUNTS) counts.clear();
  counts.set(key, { value, generation, at: now });
  return value;
}

/**
 * The wire records of one page (`fields`, with or without the trail), in the list's order. SQLite reads
 * on the read-only connection as arrays (several times faster than objects); PostgreSQL through Kysely. `shape`
 * (`plainShape`): the statement compiled once for it, run with this page's limit and offset.
 */
export async function pageRecords(
  ctx: EntityContext,
  base: DynamicSelect,
  query: ListQuery,
  fields: readonly string[],
  limit: number,
  offset: number,
  trail: Trail = true,
  shape: string | null = null,
): Promise<Record<string, unknown>[]> {
  const columns = columnsFor(ctx.def, fields, trail);
  const hint = sortIndexHint(ctx, query, offset, limit);
  if (hint) {
    // The same filters and scope, on the table read through the sort column's index.
    base = await filteredBase(ctx, query, dynamicDb(ctx.db).selectFrom(sql`${sql.table(ctx.def.table)} indexed by ${sql.id(hint)}` as never));
  }
  if (shape !== null) {
    // SQLite and a first page: the plain query; PostgreSQL past the first page: the deferred join (pageRows).
    const deferred = ctx.engine === 'postgres' && offset > 0;
    const kept = compiledOnce(ctx.def, JSON.stringify(['page', shape, hint, columns, deferred]), 2, () =>
      deferred ? deferredPage(ctx, base, query, columns, PLACEHOLDER, PLACEHOLDER) : applySort(ctx.def, base.select(columns), query, ctx.engine).limit(PLACEHOLDER as never).offset(PLACEHOLDER as never),
    );
    const compiled = withValues(kept, [limit, offset]);
    if (ctx.engine === 'sqlite' && ctx.reader) return sqlitePage(ctx, compiled.sql, compiled.parameters, fields, trail);
    return ((await ctx.db.executeQuery(compiled)).rows as Record<string, unknown>[]).map(recordReader(ctx.def, fields, trail));
  }
  if (ctx.engine === 'sqlite' && ctx.reader) {
    const compiled = applySort(ctx.def, base.select(columns), query, ctx.engine).limit(limit).offset(offset).compile();
    return sqlitePage(ctx, compiled.sql, compiled.parameters, fields, trail);
  }
  return (await pageRows(ctx, base, query, columns, limit, offset)).map(recordReader(ctx.def, fields, trail));
}

/** A page read on SQLite's read-only connection, as arrays. */
function sqlitePage(ctx: EntityContext, text: string, parameters: readonly unknown[], fields: readonly string[], trail: Trail): Record<string, unknown>[] {
  const statement = prepared(ctx.reader!(), text, { exact: false, arrays: true });
  const names = statement.columns().map((column) => column.name);
  return (run(statement, 'all', parameters) as unknown[][]).map(arrayReader(ctx.def, fields, names, trail));
}

/** PostgreSQL past the first page: the page's keys first, then their rows (a deferred join: see the header). */
function deferredPage(ctx: EntityContext, base: DynamicSelect, query: ListQuery, columns: string[], limit: number | string, offset: number | string): DynamicSelect {
  const { def, engine } = ctx;
  const id = rowIdColumn(def, engine);
  const ids = applySort(def, base.select(id), query, engine).limit(limit as never).offset(offset as never);
  return applySort(def, dynamicDb(ctx.db).selectFrom(def.table).select(columns).where(id, 'in', ids), query, engine);
}

/** The rows of one page, `columns` selected, in the list's order (a deferred join: see the header). */
export async function pageRows(
  ctx: EntityContext,
  base: DynamicSelect,
  query: ListQuery,
  columns: string[],
  limit: number,
  offset: number,
): Promise<Record<string, unknown>[]> {
  const { def, engine } = ctx;
  // SQLite skips OFFSET rows without reading them (deferred seek) and the first page needs no join:
  // there a plain query is as fast or faster.
  if (engine === 'sqlite' || offset === 0) {
    return (await applySort(def, base.select(columns), query, engine).limit(limit).offset(offset).execute()) as Record<string, unknown>[];
  }
  return (await deferredPage(ctx, base, query, columns, limit, offset).execute()) as Record<string, unknown>[];
}

// ---------------------------------------------------------------------------------------------------------
// SQLite: walking the sort column's index instead of filtering and sorting

interface TableStats {
  at: number;
  rows: number;
  /** Index name → average rows per key (sqlite_stat1). */
  perKey: Map<string, number>;
}

const STATS_TTL_MS = 60_000;
const stats = new Map<string, TableStats>();

function tableStats(ctx: EntityContext): TableStats | null {
  if (!ctx.reader) return null;
  const now = Date.now();
  const statsKey = `${databaseId(ctx.db)}\u0000${ctx.def.table}`;
  const cached = stats.get(statsKey);
  if (cached && now - cached.at < STATS_TTL_MS) return cached;
  let rows: { idx: string | null; stat: string }[];
  try {
    rows = run(prepared(ctx.reader(), 'select idx, stat from sqlite_stat1 where tbl = ?', { exact: false, arrays: false }), 'all', [ctx.def.table]) as typeof rows;
  } catch {
    return null; // never analyzed: no sqlite_stat1 yet
  }
  const perKey = new Map<string, number>();
  let total = 0;
  for (const row of rows) {
    const [count, average] = row.stat.split(' ').map(Number);
    total = Math.max(total, count ?? 0);
    if (row.idx && average !== undefined) perKey.set(row.idx, average);
  }
  const value = { at: now, rows: total, perKey };
  stats.set(statsKey, value);
  return total > 0 ? value : null;
}

/**
 * SQLite's planner picks an index on a filter column and then sorts every matching row, even when the
 * filter keeps a quarter of a large table and walking the index of the first sort column would find the
 * page after a few hundred rows (it also never walks that index when the sort has several columns).
 * From the table statistics (sqlite_stat1) this estimates both ways — rows read walking the sort index
 * ≈ (offset + limit) / fraction matching; filtering ≈ rows of the most selective filter, times 1.5 for
 * the sort — and answers the sort index to force (`INDEXED BY`) when walking it is cheaper, else null.
 */
export function sortIndexHint(ctx: EntityContext, query: ListQuery, offset: number, limit: number): string | null {
  const { def } = ctx;
  const first = query.sortFields[0];
  if (ctx.engine !== 'sqlite' || first === undefined || first === def.key) return null;
  // A compound index (filter field, first sort field) of the definition answers the page directly.
  const equal = new Set(query.filters.filter((f) => f.op === 'eq' && f.values.length === 1).map((f) => f.field));
  const compound = def.indexes.find((index) => index.length >= 2 && equal.has(index[0]!) && index[1] === first);
  if (compound) return indexName('ix', def.table, compound.map((field) => def.fields[field]!.column));
  const table = tableStats(ctx);
  if (!table) return null;
  const sortIndex = indexName('ix', def.table, [def.fields[first]!.column]);
  if (!table.perKey.has(sortIndex)) return null;
  let fraction = 1;
  let filtered = table.rows * 1.5;
  for (const filter of query.filters) {
    const field = def.fields[filter.field]!;
    if (field.type === 'set' || field.type === 'children') {
      fraction *= 0.5;
      continue;
    }
    if (filter.op === 'eq' || filter.op === 'in') {
      const perKey = table.perKey.get(indexName('ix', def.table, [field.column]));
      const matching = (perKey ?? table.rows / 10) * filter.values.length;
      fraction *= Math.min(1, matching / table.rows);
      if (perKey !== undefined) filtered = Math.min(filtered, matching * 1.5);
    } else {
      fraction *= filter.op === 'from' || filter.op === 'to' ? 0.5 : 0.25;
    }
  }
  if (query.search !== null) fraction *= 0.25;
  const walked = (offset + limit) / Math.max(fraction, 1 / table.rows);
  return walked < filtered ? sortIndex : null;
}

/** The entity's table with the caller's scope (hooks.scope) and the query's filters and search. */
export async function filteredBase(ctx: EntityContext, query: ListQuery, from?: DynamicSelect): Promise<DynamicSelect> {
  let base = from ?? dynamicDb(ctx.db).selectFrom(ctx.def.table);
  if (ctx.hooks.scope) base = await ctx.hooks.scope(ctx, base);
  return applyFilters(ctx.def, base, query, ctx.engine, ctx.access.hidden);
}
