/**
 * Sales orders' part of the large-data generator (`npm run seed:large -- --so [lines]`, default 100,000 order
 * lines; issue 26 item 7 and the order summary benchmark): `insertSalesOrders(config, options)` writes into a
 * migrated database, through Kysely in batches of one transaction each,
 * - sales orders `GSO0000001` … of four lines each over the active bill-to firms (the demo's when none is
 *   generated), stock-tracked products and the active warehouses, dated over the two years before today, priced
 *   at random prices with Ontario's 13 % HST;
 * - their states: 15 % Entered, 10 % Committed, 10 % Shipped, 60 % Invoiced, 5 % Cancelled (shipped and invoiced
 *   orders carry their shipped quantities and ship date).
 * Like the purchasing generator's receipts, these orders move no stock and post nothing (no AR invoice is made):
 * the figures are for reading (the order summary, the lists, the sales reports), not for the ledgers' sums.
 */
import { mul } from '@erp/shared/decimal';
import { sql } from 'kysely';
import type { DatabaseConfig } from '@erp/server/config';
import { openDatabase } from '@erp/server/db/connection';
import { schemaView } from '@erp/server/db/migration-db';
import { decimalToDb } from '@erp/server/db/decimal-codec';
import { writeOrderBatches } from '@erp/server/seed/large-orders';

export interface SalesOrderOptions {
  lines?: number;
  onProgress?(written: number): void;
}

const LINES_PER_ORDER = 4;
const BATCH_ORDERS = 500;

type Kind = 'Entered' | 'Committed' | 'Shipped' | 'Invoiced' | 'Cancelled';

function kindOf(value: number): Kind {
  return value < 0.15 ? 'Entered' : value < 0.25 ? 'Committed' : value < 0.35 ? 'Shipped' : value < 0.95 ? 'Invoiced' : 'Cancelled';
}

const cents = (text: string) => Math.round(Number(text) * 100);
const money = (value: number) => (value / 100).toFixed(2);

export async function insertSalesOrders(config: DatabaseConfig, options: SalesOrderOptions = {}): Promise<{ orders: number; lines: number; seconds: number }> {
  const started = performance.now();
  const orders = Math.ceil((options.lines ?? 100_000) / LINES_PER_ORDER);
  const database = await openDatabase(config);
  // Bulk rows by table name, as the demo seeds write them.
  const db = schemaView(database.db);
  try {
    const flag = database.engine === 'postgres' ? true : 1;
    const customers = (await db.selectFrom('firms').select(['firm_id', 'name']).where('is_bill_to', '=', flag).where('is_active', '=', flag).orderBy('firm_id').limit(2000).execute()) as { firm_id: string; name: string }[];
    const products = ((await db.selectFrom('products').select(['product_id', 'description']).where('track_inventory', '=', flag).where('is_active', '=', flag).orderBy('product_id').limit(5000).execute()) as { product_id: string; description: string }[]);
    const warehouses = ((await db.selectFrom('warehouses').select('warehouse_id').where('is_active', '=', flag).orderBy('warehouse_id').execute()) as { warehouse_id: string }[]).map((r) => r.warehouse_id);
    if (customers.length === 0 || products.length < LINES_PER_ORDER || warehouses.length === 0) throw new Error('seed:large --so needs active bill-to firms, stock products and warehouses (start the server once first)');
    const lines = await writeOrderBatches(
      db,
      { orders, batch: BATCH_ORDERS, seed: 26, products: products.length, linesPerOrder: LINES_PER_ORDER, onProgress: options.onProgress },
      (product, _kind, next) => {
        const quantity = `${1 + Math.floor(next() * 99)}.0000`;
        const price = `${1 + Math.floor(next() * 300)}.${String(Math.floor(next() * 100)).padStart(2, '0')}`;
        const amount = mul(quantity, price, 2);
        const tax = mul(amount, '0.13', 2);
        return { product: products[product]!, quantity, price, amount, tax };
      },
      async (trx, planned, trail) => {
        const plans = planned.map((p) => {
          const subTotal = p.lines.reduce((sum, line) => sum + cents(line.amount), 0);
          const taxTotal = p.lines.reduce((sum, line) => sum + cents(line.tax), 0);
          return { ...p, kind: kindOf(p.kind), customer: customers[p.n % customers.length]!, warehouse: warehouses[p.n % warehouses.length]!, subTotal, taxTotal };
        });
        const shipped = (kind: Kind) => kind === 'Shipped' || kind === 'Invoiced';
        const heads = (await trx
          .insertInto('sales_orders')
          .values(
            plans.map((p) => ({
              order_no: `GSO${String(p.n).padStart(7, '0')}`,
              order_type: p.n % 10 === 0 ? 'TA' : 'Regular',
              channel: p.n % 7 === 0 ? 'Portal' : 'Desk',
              status: p.kind,
              order_date: p.date,
              bill_to_id: p.customer.firm_id,
              customer_name: p.customer.name,
              ship_to_id: p.customer.firm_id,
              province_code: 'ON',
              warehouse_id: p.warehouse,
              delivery_date: p.date,
              ship_date: shipped(p.kind) ? p.date : null,
              sub_total: decimalToDb(trx, money(p.subTotal), 2),
              tax_total: decimalToDb(trx, money(p.taxTotal), 2),
              total: decimalToDb(trx, money(p.subTotal + p.taxTotal), 2),
              ...trail,
            })),
          )
          .returning(['order_key', 'order_no'])
          .execute()) as { order_key: number | string; order_no: string }[];
        const keyOf = new Map(heads.map((h) => [h.order_no, Number(h.order_key)]));
        const lineRows = plans.flatMap((p) =>
          p.lines.map((l) => ({
            order_key: keyOf.get(`GSO${String(p.n).padStart(7, '0')}`),
            product_id: l.product.product_id,
            description: l.product.description.slice(0, 100),
            quantity: decimalToDb(trx, l.quantity, 4),
            price: decimalToDb(trx, l.price, 4),
            unit_price: decimalToDb(trx, l.price, 4),
            amount: decimalToDb(trx, l.amount, 2),
            tax_codes: 'HST 13%',
            tax_amount: decimalToDb(trx, l.tax, 2),
            quantity_shipped: decimalToDb(trx, shipped(p.kind) ? l.quantity : '0.0000', 4),
            price_source: 'default',
          })),
        );
        await trx.insertInto('so_lines').values(lineRows).execute();
        return lineRows.length;
      },
    );
    // The planner's statistics and, on PostgreSQL, the visibility map (index-only scans of the order summary's
    // covering index) after the bulk load.
    if (database.engine === 'postgres') await sql`vacuum analyze sales_orders, so_lines`.execute(db);
    else await sql`analyze`.execute(db);
    return { orders, lines, seconds: (performance.now() - started) / 1000 };
  } finally {
    await database.close();
  }
}
