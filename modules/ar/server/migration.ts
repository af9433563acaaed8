/**
 * Migration 0007_ar (issue 14, CONTRACT-14 "The AR subledger core"): the Accounts Receivable subledger.
 * - ar_items: one row per POSTED AR document that changes a customer's balance (invoice, credit note,
 *   receipt). Append-only except the open balance cache (`open_balance`) and `status` (Open | Closed).
 *   `amount` and `open_balance` are SIGNED: + raises the receivable (invoice), − lowers it (credit note,
 *   receipt).
 * - ar_applications: append-only; one row per application of a credit (receipt or credit note) to an
 *   invoice, with the discount taken.
 * The setup tables (terms, taxes, reps) and the invoice documents are entity tables: they come from the
 * definitions through the schema sync (server/src/entities/schema-sync.ts), not from here.
 * Money columns as the decimal codec stores them (NUMERIC(15,2) on PostgreSQL, integer cents on SQLite).
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { MigrationDb } from '@erp/server/db/migration-db';

export const m0007_ar: Migration = {
  async up(db: MigrationDb) {
    const pg = db.getExecutor().adapter instanceof PostgresAdapter;
    const money = sql.raw(pg ? 'numeric(15, 2)' : 'integer');
    await (pg
      ? db.schema.createTable('ar_items').addColumn('item_id', 'serial', (c) => c.primaryKey())
      : db.schema.createTable('ar_items').addColumn('item_id', 'integer', (c) => c.primaryKey().autoIncrement())
    )
      .ifNotExists()
      .addColumn('firm_id', 'text', (c) => c.notNull())
      .addColumn('ship_to_id', 'text')
      .addColumn('item_type', 'text', (c) => c.notNull())
      .addColumn('document_no', 'text', (c) => c.notNull())
      .addColumn('document_date', 'text', (c) => c.notNull())
      .addColumn('due_date', 'text', (c) => c.notNull())
      .addColumn('discount_date', 'text')
      .addColumn('discount_available', money, (c) => c.notNull().defaultTo(0))
      .addColumn('currency', 'text', (c) => c.notNull().defaultTo('CAD'))
      .addColumn('amount', money, (c) => c.notNull())
      .addColumn('open_balance', money, (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('origin_type', 'text', (c) => c.notNull())
      .addColumn('origin_id', 'text', (c) => c.notNull())
      .addColumn('journal_id', 'integer')
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('ix_ar_items_firm_date').ifNotExists().on('ar_items').columns(['firm_id', 'document_date']).execute();
    await db.schema.createIndex('ix_ar_items_status_firm').ifNotExists().on('ar_items').columns(['status', 'firm_id']).execute();
    await db.schema.createIndex('ix_ar_items_date').ifNotExists().on('ar_items').column('document_date').execute();

    await (pg
      ? db.schema.createTable('ar_applications').addColumn('application_id', 'serial', (c) => c.primaryKey())
      : db.schema.createTable('ar_applications').addColumn('application_id', 'integer', (c) => c.primaryKey().autoIncrement())
    )
      .ifNotExists()
      .addColumn('from_item_id', 'integer', (c) => c.notNull().references('ar_items.item_id'))
      .addColumn('to_item_id', 'integer', (c) => c.notNull().references('ar_items.item_id'))
      .addColumn('application_date', 'text', (c) => c.notNull())
      .addColumn('amount', money, (c) => c.notNull())
      .addColumn('discount', money, (c) => c.notNull().defaultTo(0))
      .addColumn('origin_type', 'text', (c) => c.notNull())
      .addColumn('origin_id', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('ix_ar_applications_from').ifNotExists().on('ar_applications').column('from_item_id').execute();
    await db.schema.createIndex('ix_ar_applications_to').ifNotExists().on('ar_applications').column('to_item_id').execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('ar_applications').ifExists().execute();
    await db.schema.dropTable('ar_items').ifExists().execute();
  },
};
