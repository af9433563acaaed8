/**
 * The warehouse a new order of a customer ships from (issue 71 item 2, "a default warehouse that has the goods"),
 * one rule for the order desk's new order (orders.ts `defaults`) and the portal's orders (portal.ts): the customer's
 * last order's warehouse, while active; else the active warehouse holding the most stock by value (the company's
 * main one); else the first active. A line it cannot fill says which warehouses can (pricing.ts stockNotes).
 */
import { engineOf, type Connection } from '@erp/server/db/decimal-codec';
import type { Kysely } from 'kysely';
import type { SoDatabase } from './tables.generated.ts';

/** A true flag as the engine stores it (0/1 on SQLite, booleans on PostgreSQL: db/schema.ts). */
function engineTrue(db: Connection): true | 1 {
  return engineOf(db) === 'postgres' ? true : 1;
}

export async function usualWarehouse(db: Kysely<SoDatabase>, billToId: string): Promise<string | null> {
  const active = engineTrue(db);
  const last = await db
    .selectFrom('sales_orders as o')
    .innerJoin('warehouses as w', 'w.warehouse_id', 'o.warehouse_id')
    .select('o.warehouse_id')
    .where('o.bill_to_id', '=', billToId)
    .where('w.is_active', '=', active)
    .orderBy('o.order_key', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last) return String(last.warehouse_id);
  const stocked = await db
    .selectFrom('stock_balances as b')
    .innerJoin('warehouses as w', 'w.warehouse_id', 'b.warehouse_id')
    .select(['b.warehouse_id', (eb) => eb.fn.sum('b.value').as('value')])
    .where('w.is_active', '=', active)
    .groupBy('b.warehouse_id')
    .orderBy('value', 'desc')
    .orderBy('b.warehouse_id')
    .limit(1)
    .executeTakeFirst();
  if (stocked) return stocked.warehouse_id;
  const first = await db.selectFrom('warehouses').select('warehouse_id').where('is_active', '=', active).orderBy('warehouse_id').limit(1).executeTakeFirst();
  return first ? first.warehouse_id : null;
}
