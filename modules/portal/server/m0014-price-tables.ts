/**
 * Migration 0014_portal_price_tables (issue 25; moved out of Order Entry's 0014_oe_pricing by issue 73 item 3: a
 * module writes only its own tables): the portal's stand-in pricing is retired. Every bill-to's own table in
 * `product_prices` named by `portal_accounts.price_table` (migration 0009) becomes an order-entry price table of
 * that customer (same id, its rows as quantity ranges), its rows leave `product_prices`, and
 * `portal_accounts.price_table` is dropped. From then on the portal prices through the pricing service only
 * (modules/oe/server/pricing/service.ts). The OE tables are brought up from their definitions first (as migration
 * 0009 does for the product master).
 *
 * Its name sorts right after 0014_oe_pricing, so a new database runs the two steps in the order the one migration
 * ran them; a database that ran 0014_oe_pricing before the move has no `price_table` column left, and this does
 * nothing there.
 */
import { entityByName } from '@erp/shared/entities/index';
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { syncEntityTables } from '@erp/server/entities/schema-sync';
import type { MigrationDb } from '@erp/server/db/migration-db';

async function retirePortalTables(db: MigrationDb): Promise<void> {
  const tables = new Set((await db.introspection.getTables()).map((t) => t.name));
  if (!tables.has('portal_accounts')) return;
  const columns = (await db.introspection.getTables()).find((t) => t.name === 'portal_accounts')?.columns.map((c) => c.name) ?? [];
  if (!columns.includes('price_table')) return;
  const owned = (await db.selectFrom('portal_accounts').select(['bill_to_id', 'price_table']).where('price_table', 'is not', null).execute()) as { bill_to_id: string; price_table: string }[];
  if (owned.length > 0 && tables.has('product_prices')) {
    await syncEntityTables(db, ['price-table'].map((name) => entityByName(name)!));
    const now = new Date().toISOString();
    for (const { bill_to_id: billTo, price_table: tableId } of owned) {
      const exists = await db.selectFrom('price_tables').select('price_table_id').where('price_table_id', '=', tableId).executeTakeFirst();
      if (!exists) {
        await db
          .insertInto('price_tables')
          .values({ price_table_id: tableId, description: `${billTo} prices`, customer_id: billTo, currency: 'CAD', cost_basis: 'Average', is_active: sql`true`, created_by: 'migration', created_on: now, updated_by: 'migration', updated_on: now, version: 1 })
          .execute();
      }
      // Quantities and prices keep their stored form: both tables store scale 4 the same way.
      await db
        .insertInto('price_table_ranges')
        .columns(['price_table_id', 'product_id', 'price_type', 'from_quantity', 'to_quantity', 'price', 'expiry_date'])
        .expression(
          db
            .selectFrom('product_prices')
            .select([sql<string>`cast(${tableId} as text)`.as('price_table_id'), 'product_id', 'price_type', 'from_quantity', 'to_quantity', 'price', 'expiry_date'])
            .where('price_table', '=', tableId),
        )
        .execute();
      await db.deleteFrom('product_prices').where('price_table', '=', tableId).execute();
    }
  }
  await db.schema.alterTable('portal_accounts').dropColumn('price_table').execute();
}

export const m0014_portal_price_tables: Migration = {
  async up(db: MigrationDb) {
    await retirePortalTables(db);
  },
};
