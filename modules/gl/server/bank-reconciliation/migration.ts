/**
 * Migration 0006_bank_reconciliation (issue 13 item 1, spec §4 Bank reconciliation, SCREENS.md FS-01):
 * - bank_reconciliations: one row per completed reconciliation of a bank account (statement date, statement
 *   ending balance, the opening balance it started from, the cleared total), status Completed or Undone.
 * - bank_reconciliation_marks: the GL entries a completed reconciliation cleared, keyed by entry_id (an entry
 *   is cleared at most once). gl_entries stays append-only: clearing never updates the ledger.
 * Money columns as the decimal codec stores them (NUMERIC(15,2) on PostgreSQL, integer cents on SQLite).
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { MigrationDb } from '@erp/server/db/migration-db';

function postgres(db: MigrationDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export const m0006_bank_reconciliation: Migration = {
  async up(db: MigrationDb) {
    const pg = postgres(db);
    const money = sql.raw(pg ? 'numeric(15, 2)' : 'integer');
    await (pg
      ? db.schema.createTable('bank_reconciliations').addColumn('reconciliation_id', 'serial', (c) => c.primaryKey())
      : db.schema.createTable('bank_reconciliations').addColumn('reconciliation_id', 'integer', (c) => c.primaryKey().autoIncrement())
    )
      .ifNotExists()
      .addColumn('bank_account_id', 'text', (c) => c.notNull())
      .addColumn('gl_account_id', 'text', (c) => c.notNull())
      .addColumn('statement_date', 'text', (c) => c.notNull())
      .addColumn('statement_balance', money, (c) => c.notNull())
      .addColumn('opening_balance', money, (c) => c.notNull())
      .addColumn('cleared_total', money, (c) => c.notNull())
      .addColumn('book_balance', money, (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .addColumn('updated_on', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.createIndex('bank_reconciliations_account').ifNotExists().on('bank_reconciliations').columns(['bank_account_id', 'status']).execute();
    await db.schema
      .createTable('bank_reconciliation_marks')
      .ifNotExists()
      .addColumn('entry_id', 'bigint', (c) => c.primaryKey())
      .addColumn('reconciliation_id', 'integer', (c) => c.notNull().references('bank_reconciliations.reconciliation_id'))
      .execute();
    await db.schema.createIndex('bank_reconciliation_marks_recon').ifNotExists().on('bank_reconciliation_marks').column('reconciliation_id').execute();
  },
};
