/**
 * Migration 0014_oe_pricing (issue 25):
 * 1. `oe_price_overrides` — the price override audit (append-only; written only by the pricing service's
 *    override path, ./override.ts): who, when, customer, ship-to, product, quantity, the service's price
 *    (old), the new price, the product's cost then (for the safety price audit), reason and reference.
 * 2. (Moved to the portal, issue 73 item 3: a module writes only its own tables.) The portal's stand-in pricing
 *    retired — modules/portal/server/m0014-price-tables.ts, migration `0014_portal_price_tables`, which sorts
 *    right after this one: a new database gets both steps in the same order as before, and a database that ran
 *    this migration whole runs the portal's as a no-op (the column it drops is gone).
 */
import { PostgresAdapter } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { MigrationDb } from '@erp/server/db/migration-db';

async function createOverrides(db: MigrationDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const price = pg ? 'numeric(15, 4)' : 'integer';
  await db.schema
    .createTable('oe_price_overrides')
    .ifNotExists()
    .addColumn('override_id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('ship_to_id', 'text')
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('quantity', price, (c) => c.notNull())
    .addColumn('old_price', price)
    .addColumn('new_price', price, (c) => c.notNull())
    .addColumn('cost', price)
    .addColumn('price_source', 'text')
    .addColumn('price_table_id', 'text')
    .addColumn('reason', 'text')
    .addColumn('reference', 'text')
    .addColumn('overridden_by', 'text', (c) => c.notNull())
    .addColumn('overridden_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oe_price_overrides_on').ifNotExists().on('oe_price_overrides').columns(['overridden_on']).execute();
}

export const m0014_oe_pricing: Migration = {
  async up(db: MigrationDb) {
    await createOverrides(db);
  },
};
