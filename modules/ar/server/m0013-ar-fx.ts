/**
 * Migration 0013_ar_fx (issue 22 item 8): the foreign amount beside the home amount of an AR item. `amount` and
 * `open_balance` stay in the home currency (so the open items still equal the receivables control account);
 * a foreign item also has its amount and open balance in its own currency and the rate it was booked at.
 * Null for home-currency items.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { MigrationDb } from '@erp/server/db/migration-db';

export const m0013_ar_fx: Migration = {
  async up(db: MigrationDb) {
    const pg = db.getExecutor().adapter instanceof PostgresAdapter;
    const money = sql.raw(pg ? 'numeric(15, 2)' : 'integer');
    const rate = sql.raw(pg ? 'numeric(12, 6)' : 'integer');
    await db.schema.alterTable('ar_items').addColumn('foreign_amount', money).execute();
    await db.schema.alterTable('ar_items').addColumn('foreign_open_balance', money).execute();
    await db.schema.alterTable('ar_items').addColumn('exchange_rate', rate).execute();
  },
};
