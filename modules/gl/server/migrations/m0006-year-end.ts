/**
 * Migration 0006_year_end (issue 13 item 3, SCREENS.md FS-03 and WP6 "year_end_runs"): one row per fiscal
 * year that has been through year end, with its state — Closed (the closing entry is posted), Open (the
 * closing was undone: reversed), Locked (final: can never be undone). A year with no row is Open.
 * The closing entry's and its reversal's document numbers are kept so undo reverses exactly that entry.
 */
import { PostgresAdapter } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { MigrationDb } from '@erp/server/db/migration-db';

export const m0006_year_end: Migration = {
  async up(db: MigrationDb) {
    const pg = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('year_end_runs')
      .ifNotExists()
      .addColumn('fiscal_year', 'integer', (c) => c.primaryKey())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('closing_document', 'text')
      .addColumn('reversal_document', 'text')
      .addColumn('net_income', pg ? 'numeric(15, 2)' : 'integer')
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .addColumn('updated_on', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('year_end_runs').ifExists().execute();
  },
};
