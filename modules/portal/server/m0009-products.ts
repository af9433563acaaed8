/**
 * Migration 0009_portal_products (issue 15 item 8): the portal orders from the product master. The stand-in
 * catalogue of migration 0004 — `portal_products` and `portal_prices` (per bill-to prices in cents) — is
 * retired; existing orders, carts and what each customer saw stay valid:
 *
 * 1. When the stand-in tables hold rows, the product master's tables (`product_groups`, `product_classes`,
 *    `products`, `product_prices`, from the IC definitions, as migration 0003 does) are brought up first, then:
 *    - every stand-in product missing from `products` is copied into it (description, unit, active flag), in
 *      class `PORTAL` ("Portal catalogue") and in the product group named after its stand-in category, both
 *      created when missing;
 *    - every bill-to's stand-in prices become that bill-to's own price table (PriceTable = the bill-to id,
 *      PriceType Each, from quantity 0, CAD, the same amount), unless the table already prices the product;
 *      `portal_accounts.price_table` names it (a row is added for a bill-to that had prices but no account row).
 *    So each customer still sees every product it saw, at the same price; orders keep their own copies of
 *    description, unit and price, and every product id they name now exists in `products`.
 * 2. `portal_accounts` gets `price_table` (null: the LIST table only).
 * 3. `portal_cart_lines` is rebuilt without its foreign key to `portal_products` (rows and keys kept).
 * 4. `portal_prices`, then `portal_products`, are dropped.
 *
 * The column values are spelled out here (decimals through the codec at the master's scales: quantities and
 * prices 4), so later changes to the definitions do not change what this migration wrote.
 */
import { entityByName } from '@erp/shared/entities/index';
import { PostgresAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { fromUnits } from '@erp/shared/decimal';
import { decimalToDb } from '@erp/server/db/decimal-codec';
import { syncEntityTables } from '@erp/server/entities/schema-sync';
import type { MigrationDb } from '@erp/server/db/migration-db';

const ACTOR = 'migration';
const MASTER_ENTITIES = ['product-group', 'product-class', 'product', 'product-price'] as const;
/** The class of products the portal had and the master did not. */
export const PORTAL_CLASS = 'PORTAL';

function isPostgres(db: MigrationDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function trail(now: string) {
  return { created_by: ACTOR, created_on: now, updated_by: ACTOR, updated_on: now, version: 1 };
}

async function tableNames(db: MigrationDb): Promise<Set<string>> {
  return new Set((await db.introspection.getTables()).map((table) => table.name));
}

/** A product group id from a stand-in category: upper case letters and digits, at most 10. */
export function groupIdOf(category: string): string {
  return (
    category
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '')
      .slice(0, 10) || 'OTHER'
  );
}

async function moveCatalogue(db: MigrationDb, now: string): Promise<void> {
  const products = (await db.selectFrom('portal_products').selectAll().execute()) as {
    product_id: string;
    description: string;
    category: string;
    unit: string;
    is_active: unknown;
  }[];
  const prices = (await db.selectFrom('portal_prices').selectAll().execute()) as { bill_to_id: string; product_id: string; price_cents: number }[];
  if (products.length === 0 && prices.length === 0) return;
  const definitions = MASTER_ENTITIES.map((name) => entityByName(name));
  if (definitions.some((def) => !def)) {
    throw new Error('0009_portal_products: the stand-in portal catalogue has rows, but the product master (IC module) is not registered');
  }
  await syncEntityTables(db, definitions.map((def) => def!));

  const known = new Set(
    ((await db.selectFrom('products').select('product_id').execute()) as { product_id: string }[]).map((row) => row.product_id),
  );
  const missing = products.filter((product) => !known.has(product.product_id));
  if (missing.length > 0) {
    const classes = await db.selectFrom('product_classes').select('class_id').where('class_id', '=', PORTAL_CLASS).execute();
    if (classes.length === 0) {
      await db.insertInto('product_classes').values({ class_id: PORTAL_CLASS, description: 'Portal catalogue', ...trail(now) }).execute();
    }
    const groups = new Map(missing.map((product) => [groupIdOf(product.category), product.category.slice(0, 60)]));
    const existingGroups = new Set(
      ((await db.selectFrom('product_groups').select('group_id').where('group_id', 'in', [...groups.keys()]).execute()) as { group_id: string }[]).map(
        (row) => row.group_id,
      ),
    );
    for (const [groupId, name] of groups) {
      if (!existingGroups.has(groupId)) await db.insertInto('product_groups').values({ group_id: groupId, name, ...trail(now) }).execute();
    }
    for (const product of missing) {
      const active = product.is_active === true || product.is_active === 1;
      await db
        .insertInto('products')
        .values({
          product_id: product.product_id,
          description: product.description.slice(0, 100),
          class_id: PORTAL_CLASS,
          category: groupIdOf(product.category),
          unit_of_measure: product.unit.toUpperCase().slice(0, 6),
          is_active: isPostgres(db) ? active : active ? 1 : 0,
          ...trail(now),
        })
        .execute();
    }
  }

  // Each bill-to's prices become its own price table.
  const tables = new Set<string>();
  for (const price of prices) {
    tables.add(price.bill_to_id);
    const existing = await db
      .selectFrom('product_prices')
      .select('price_id')
      .where('product_id', '=', price.product_id)
      .where('price_table', '=', price.bill_to_id)
      .executeTakeFirst();
    if (existing) continue;
    await db
      .insertInto('product_prices')
      .values({
        product_id: price.product_id,
        price_table: price.bill_to_id,
        price_type: 'Each',
        from_quantity: decimalToDb(db, '0', 4),
        to_quantity: null,
        price: decimalToDb(db, fromUnits(BigInt(Math.round(Number(price.price_cents))), 2), 4),
        currency: 'CAD',
        ...trail(now),
      })
      .execute();
  }
  for (const billToId of tables) {
    const updated = await db.updateTable('portal_accounts').set({ price_table: billToId }).where('bill_to_id', '=', billToId).executeTakeFirst();
    if (Number(updated.numUpdatedRows ?? 0n) === 0) {
      const firm = await db.selectFrom('firms').select('firm_id').where('firm_id', '=', billToId).executeTakeFirst();
      if (firm) {
        await db
          .insertInto('portal_accounts')
          .values({ bill_to_id: billToId, on_hold: isPostgres(db) ? false : 0, hold_reason: null, default_ship_to_id: null, price_table: billToId })
          .execute();
      }
    }
  }
}

/** `portal_cart_lines` again, without the foreign key to the stand-in products (keys and rows kept). */
async function rebuildCartLines(db: MigrationDb): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('portal_cart_lines_v2')
    .addColumn('cart_line_key', postgres ? 'serial' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('bill_to_id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('added_on', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into portal_cart_lines_v2 (cart_line_key, user_id, bill_to_id, product_id, quantity, added_on)
    select cart_line_key, user_id, bill_to_id, product_id, quantity, added_on from portal_cart_lines`.execute(db);
  await db.schema.dropTable('portal_cart_lines').execute();
  await db.schema.alterTable('portal_cart_lines_v2').renameTo('portal_cart_lines').execute();
  await db.schema.createIndex('portal_cart_lines_uq').unique().on('portal_cart_lines').columns(['user_id', 'bill_to_id', 'product_id']).execute();
  if (postgres) {
    await sql`select setval(pg_get_serial_sequence('portal_cart_lines', 'cart_line_key'), coalesce((select max(cart_line_key) from portal_cart_lines), 0) + 1, false)`.execute(db);
  }
}

export const m0009_portal_products: Migration = {
  async up(db: MigrationDb) {
    const now = new Date().toISOString();
    const accounts = (await db.introspection.getTables()).find((table) => table.name === 'portal_accounts');
    if (!accounts?.columns.some((column) => column.name === 'price_table')) {
      await db.schema.alterTable('portal_accounts').addColumn('price_table', 'text').execute();
    }
    const tables = await tableNames(db);
    if (tables.has('portal_products')) await moveCatalogue(db, now);
    await rebuildCartLines(db);
    await db.schema.dropTable('portal_prices').ifExists().execute();
    await db.schema.dropTable('portal_products').ifExists().execute();
  },
};
