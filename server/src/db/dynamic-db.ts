/**
 * The generic engine's view of the database (issue 73 item 1). The entity, report, search and numbering engines
 * work on tables a definition names at run time (`def.table`, a field's `column`), so no table type can describe
 * them; `any` would switch the checker off for everything read. Instead: any table by name, every value `unknown`,
 * turned into wire values through the definition's field kinds (entities/wire.ts, db/decimal-codec.ts) or narrowed
 * where read (`String(row.id)`). Module code does not use it: it names its own tables through its typed view
 * `<m>Db(ctx.db)` (modules/<m>/server/tables.generated.ts).
 */
import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';

/** Any table, any column, values unknown until converted or narrowed. */
export type DynamicTables = Record<string, Record<string, unknown>>;

export type DynamicDb = Kysely<DynamicTables>;
export type DynamicTransaction = Transaction<DynamicTables>;
/** A select over tables named at run time, its rows of unknown values. */
export type DynamicSelect = SelectQueryBuilder<DynamicTables, string, Record<string, unknown>>;

/**
 * The dynamic view of any connection or transaction: the same object (Kysely's types are invariant in the schema,
 * so no assignment can forget the tables). Engine functions take `Kysely<D>` / `Transaction<D>` of any schema —
 * a module's typed view, the core's — and look through this.
 */
export function dynamicDb<D>(db: Transaction<D>): DynamicTransaction;
export function dynamicDb<D>(db: Kysely<D>): DynamicDb;
export function dynamicDb<D>(db: Kysely<D>): DynamicDb {
  return db as unknown as DynamicDb;
}

// Selects of any schema (issue 73 item 1: reports, processes) -------------------------------------------------

/**
 * A select built on any schema's view — a module's `<m>Db(ctx.db)`, the core's, the dynamic one — as a generic
 * engine takes it (a report's `rows`, a process's `preview`): every `SelectQueryBuilder<D, T, O>` is one (Kysely's
 * own marker of a select builder and its SELECT node), whatever its tables and its output columns. The engine reads
 * it through `dynamicSelect`; nothing else may be done with it.
 */
export interface AnySchemaSelect {
  readonly isSelectQueryBuilder: true;
  toOperationNode(): import('kysely').SelectQueryNode;
}

/**
 * The dynamic view of a select of any schema: the same builder (as `dynamicDb`, Kysely's types being invariant in
 * the schema), its tables any by name and its output columns unknown — what the engine wraps, sorts, pages and
 * counts (`selectFrom(rows.as('r'))`) and decodes through the definition's column types.
 */
export function dynamicSelect(query: AnySchemaSelect): DynamicSelect {
  return query as unknown as DynamicSelect;
}
