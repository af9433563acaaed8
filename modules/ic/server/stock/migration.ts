/**
 * Migration 0008_ic_stock (issue 15 item 4, CONTRACT-15 "The stock ledger", SCREENS.md WP3 and part 4.2):
 * - stock_ledger: one row per stock movement, append-only (no API updates or deletes it; a correction is a new
 *   movement). Signed quantity and value, the unit cost, the quantity and value after the movement per
 *   product × warehouse, the document (voucher type = entity name, id, number, line) that caused it, and
 *   `reversal_of` (the entry a reversing movement undoes).
 * - stock_balances: per product × warehouse on hand, committed (allocated by committed tickets), value,
 *   moving average cost, last cost, last receipt and last issue dates — kept by ledger.ts in the movement's
 *   transaction. stock_lot_balances: on hand per product × warehouse × lot.
 * - stock_closed_years: stock years closed by the inventory year end (§2 inventory-year-end); a movement dated
 *   in a closed year (or before it) is refused.
 * Decimal columns as the decimal codec stores them (db/decimal-codec.ts): quantities and unit costs scale 4
 * (NUMERIC(15,4) on PostgreSQL, integer units of 0.0001 on SQLite), money scale 2 (NUMERIC(15,2) / cents).
 * Indexes: the ledger by (product, warehouse, entry) for a product's movements and by date; balances by
 * warehouse for the stock status report's paging (product order within a warehouse comes from the PK).
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { MigrationDb } from '@erp/server/db/migration-db';

export const m0008_ic_stock: Migration = {
  async up(db: MigrationDb) {
    const pg = db.getExecutor().adapter instanceof PostgresAdapter;
    const qty = sql.raw(pg ? 'numeric(15, 4)' : 'integer');
    const cost = sql.raw(pg ? 'numeric(15, 4)' : 'integer');
    const money = sql.raw(pg ? 'numeric(15, 2)' : 'integer');

    await (pg
      ? db.schema.createTable('stock_ledger').addColumn('entry_id', 'serial', (c) => c.primaryKey())
      : db.schema.createTable('stock_ledger').addColumn('entry_id', 'integer', (c) => c.primaryKey().autoIncrement())
    )
      .ifNotExists()
      .addColumn('product_id', 'text', (c) => c.notNull())
      .addColumn('warehouse_id', 'text', (c) => c.notNull())
      .addColumn('lot_no', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('movement_date', 'text', (c) => c.notNull())
      .addColumn('quantity', qty, (c) => c.notNull())
      .addColumn('unit_cost', cost, (c) => c.notNull())
      .addColumn('value', money, (c) => c.notNull())
      .addColumn('qty_after', qty, (c) => c.notNull())
      .addColumn('value_after', money, (c) => c.notNull())
      .addColumn('voucher_type', 'text', (c) => c.notNull())
      .addColumn('voucher_id', 'text', (c) => c.notNull())
      .addColumn('voucher_no', 'text', (c) => c.notNull())
      .addColumn('voucher_line', 'integer', (c) => c.notNull())
      .addColumn('reversal_of', 'integer')
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('stock_ledger_product').ifNotExists().on('stock_ledger').columns(['product_id', 'warehouse_id', 'entry_id']).execute();
    await db.schema.createIndex('stock_ledger_date').ifNotExists().on('stock_ledger').column('movement_date').execute();
    await db.schema.createIndex('stock_ledger_voucher').ifNotExists().on('stock_ledger').columns(['voucher_type', 'voucher_id']).execute();

    await db.schema
      .createTable('stock_balances')
      .ifNotExists()
      .addColumn('product_id', 'text', (c) => c.notNull())
      .addColumn('warehouse_id', 'text', (c) => c.notNull())
      .addColumn('on_hand', qty, (c) => c.notNull().defaultTo(0))
      .addColumn('committed', qty, (c) => c.notNull().defaultTo(0))
      .addColumn('value', money, (c) => c.notNull().defaultTo(0))
      .addColumn('average_cost', cost, (c) => c.notNull().defaultTo(0))
      .addColumn('last_cost', cost, (c) => c.notNull().defaultTo(0))
      .addColumn('last_receipt_date', 'text')
      .addColumn('last_issue_date', 'text')
      .addColumn('updated_on', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('stock_balances_pk', ['product_id', 'warehouse_id'])
      .execute();
    await db.schema.createIndex('stock_balances_warehouse').ifNotExists().on('stock_balances').columns(['warehouse_id', 'product_id']).execute();

    await db.schema
      .createTable('stock_lot_balances')
      .ifNotExists()
      .addColumn('product_id', 'text', (c) => c.notNull())
      .addColumn('warehouse_id', 'text', (c) => c.notNull())
      .addColumn('lot_no', 'text', (c) => c.notNull())
      .addColumn('on_hand', qty, (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('stock_lot_balances_pk', ['product_id', 'warehouse_id', 'lot_no'])
      .execute();

    await db.schema
      .createTable('stock_closed_years')
      .ifNotExists()
      .addColumn('fiscal_year', 'integer', (c) => c.primaryKey())
      .addColumn('closed_by', 'text', (c) => c.notNull())
      .addColumn('closed_on', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: MigrationDb) {
    for (const table of ['stock_closed_years', 'stock_lot_balances', 'stock_balances', 'stock_ledger']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
