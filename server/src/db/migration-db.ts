/**
 * The database a migration sees (issue 73 item 1). A migration is history: it runs against the schema as it was
 * when it was written, so it must not depend on today's table types (Kysely's own advice), which would change under
 * it with every definition. Neither `any`: it sees any table by name, every column value `unknown`, so what it reads
 * is narrowed where it is used (`String(row.code)`, `decimalFromRaw(row.amount, 2)`), and what it writes is checked
 * against nothing but the database. Migrations' `up` / `down` take `MigrationDb`; so do helpers only migrations call.
 */
import type { Kysely } from 'kysely';

/** Any table, any column, values unknown until narrowed. */
export type MigrationTables = Record<string, Record<string, unknown>>;

export type MigrationDb = Kysely<MigrationTables>;

/**
 * The engine's typed connection as schema work sees it — schema sync and the migrator name tables by variable. The
 * same object: only the type forgets the tables (Kysely's types are invariant in the schema, so no assignment can).
 */
export function schemaView<D>(db: Kysely<D>): MigrationDb {
  return db as unknown as MigrationDb;
}

/**
 * Demo data (`ServerModule.seed`, `seedAfter`) sees the database the same way: it fills tables by name, row
 * literals checked against the database itself, and runs after schema sync whatever the module's types say.
 */
export type SeedDb = MigrationDb;
