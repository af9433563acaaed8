/**
 * Migration 0010_ic_year_end (issue 15 items 6 and 7, h15d; SCREENS.md IC-11, IC-19):
 * - stock_year_snapshots: the inventory year end's snapshot — per closed stock year, product and warehouse, the
 *   quantity on hand and value as of the year's last day (from the stock ledger's qty_after / value_after of
 *   the last movement dated in or before the year). Rows are written once by the year-end run and never
 *   changed; the closed year itself is the stock_closed_years row (migration 0008_ic_stock, h15c), which
 *   makes the stock ledger refuse any movement dated in it.
 * - production_batches: one row per batch produced on a production work order (§3 "Production work order and
 *   batch"): date, quantity produced, the consumed value the finished product was received at, the stock
 *   ledger's document number. Written by the work order's produce / close actions, never updated.
 * Quantities NUMERIC(14,4) and money NUMERIC(15,2) on PostgreSQL, integer units on SQLite (decimal codec).
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { MigrationDb } from '@erp/server/db/migration-db';

export const m0010_ic_year_end: Migration = {
  async up(db: MigrationDb) {
    const pg = db.getExecutor().adapter instanceof PostgresAdapter;
    const quantity = sql.raw(pg ? 'numeric(14, 4)' : 'integer');
    const money = sql.raw(pg ? 'numeric(15, 2)' : 'integer');
    await db.schema
      .createTable('stock_year_snapshots')
      .ifNotExists()
      .addColumn('fiscal_year', 'integer', (c) => c.notNull())
      .addColumn('product_id', 'text', (c) => c.notNull())
      .addColumn('warehouse_id', 'text', (c) => c.notNull())
      .addColumn('on_hand', quantity, (c) => c.notNull())
      .addColumn('value', money, (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('stock_year_snapshots_pk', ['fiscal_year', 'product_id', 'warehouse_id'])
      .execute();
    await (pg
      ? db.schema.createTable('production_batches').addColumn('batch_id', 'serial', (c) => c.primaryKey())
      : db.schema.createTable('production_batches').addColumn('batch_id', 'integer', (c) => c.primaryKey().autoIncrement())
    )
      .ifNotExists()
      .addColumn('work_order_id', 'integer', (c) => c.notNull())
      .addColumn('batch_no', 'integer', (c) => c.notNull())
      .addColumn('batch_date', 'text', (c) => c.notNull())
      .addColumn('quantity', quantity, (c) => c.notNull())
      .addColumn('value', money, (c) => c.notNull())
      .addColumn('document_no', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('production_batches_order').ifNotExists().on('production_batches').columns(['work_order_id', 'batch_no']).unique().execute();
    await db.schema.createIndex('production_batches_date').ifNotExists().on('production_batches').column('batch_date').execute();
  },
};
