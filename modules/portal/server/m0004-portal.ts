/**
 * Migration 0004: the customer ordering portal's tables (modules/portal/server). Spelled out here, not read
 * from today's code, as a migration must see the database as it was.
 *
 * - portal_accounts: per bill-to firm, the on-hold flag and its reason (§4 account on hold).
 * - portal_products, portal_prices: the portal catalogue and each bill-to's prices (in cents).
 * - portal_selection: the account each user last switched to (§7 account-switch); cart writes must name it.
 * - portal_cart_lines: the user's cart (one cart per user, tied to the selected bill-to).
 * - portal_orders, portal_order_lines: submitted orders (amounts in cents).
 * - portal_idempotency: Idempotency-Key of each submit, per user; the primary key makes a second insert
 *   of the same key fail or wait, so parallel submits with one key create one order.
 * - portal_notifications: per bill-to messages with a read flag.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { MigrationDb } from '@erp/server/db/migration-db';

function autoKeyType(db: MigrationDb): 'serial' | 'integer' {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'serial' : 'integer';
}

export const m0004_portal: Migration = {
  async up(db: MigrationDb) {
    const key = autoKeyType(db);
    const auto = (name: string) => (key === 'serial' ? ([name, 'serial'] as const) : ([name, 'integer'] as const));

    await db.schema
      .createTable('portal_accounts')
      .addColumn('bill_to_id', 'text', (c) => c.primaryKey().references('firms.firm_id').onDelete('cascade'))
      .addColumn('on_hold', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
      .addColumn('hold_reason', 'text')
      .addColumn('default_ship_to_id', 'text')
      .execute();

    await db.schema
      .createTable('portal_products')
      .addColumn('product_id', 'text', (c) => c.primaryKey())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('unit', 'text', (c) => c.notNull())
      .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(sql`true`))
      .execute();

    await db.schema
      .createTable('portal_prices')
      .addColumn('bill_to_id', 'text', (c) => c.notNull().references('firms.firm_id').onDelete('cascade'))
      .addColumn('product_id', 'text', (c) => c.notNull().references('portal_products.product_id').onDelete('cascade'))
      .addColumn('price_cents', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('portal_prices_pk', ['bill_to_id', 'product_id'])
      .execute();

    await db.schema
      .createTable('portal_selection')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.user_id').onDelete('cascade'))
      .addColumn('bill_to_id', 'text', (c) => c.notNull())
      .addColumn('switched_on', 'text', (c) => c.notNull())
      .execute();

    const [lineName, lineType] = auto('cart_line_key');
    await db.schema
      .createTable('portal_cart_lines')
      .addColumn(lineName, lineType, (c) => (lineType === 'integer' ? c.primaryKey().autoIncrement() : c.primaryKey()))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('bill_to_id', 'text', (c) => c.notNull())
      .addColumn('product_id', 'text', (c) => c.notNull().references('portal_products.product_id').onDelete('cascade'))
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('added_on', 'text', (c) => c.notNull())
      .addUniqueConstraint('portal_cart_lines_uq', ['user_id', 'bill_to_id', 'product_id'])
      .execute();

    const [orderName, orderType] = auto('order_key');
    await db.schema
      .createTable('portal_orders')
      .addColumn(orderName, orderType, (c) => (orderType === 'integer' ? c.primaryKey().autoIncrement() : c.primaryKey()))
      .addColumn('order_no', 'text', (c) => c.unique())
      .addColumn('bill_to_id', 'text', (c) => c.notNull())
      .addColumn('ship_to_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('order_date', 'text', (c) => c.notNull())
      .addColumn('delivery_date', 'text')
      .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('total_cents', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('portal_orders_bill_to_ix').on('portal_orders').columns(['bill_to_id', 'order_date']).execute();

    await db.schema
      .createTable('portal_order_lines')
      .addColumn('order_key', 'integer', (c) => c.notNull().references('portal_orders.order_key').onDelete('cascade'))
      .addColumn('line_no', 'integer', (c) => c.notNull())
      .addColumn('product_id', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('unit', 'text', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('portal_order_lines_pk', ['order_key', 'line_no'])
      .execute();

    await db.schema
      .createTable('portal_idempotency')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('order_key', 'integer')
      .addColumn('created_on', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('portal_idempotency_pk', ['user_id', 'idempotency_key'])
      .execute();

    const [noteName, noteType] = auto('notification_key');
    await db.schema
      .createTable('portal_notifications')
      .addColumn(noteName, noteType, (c) => (noteType === 'integer' ? c.primaryKey().autoIncrement() : c.primaryKey()))
      .addColumn('bill_to_id', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
      .execute();
    await db.schema.createIndex('portal_notifications_bill_to_ix').on('portal_notifications').columns(['bill_to_id', 'is_read']).execute();
  },
};
