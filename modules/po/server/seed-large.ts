/**
 * Purchasing's part of the large-data generator (`npm run seed:large -- --po [lines]`, default 100,000 order
 * lines; issue 23 item 5 and the open-orders benchmark): `insertPurchasing(config, options)` writes into a
 * migrated database, through Kysely in batches of one transaction each,
 * - purchase orders `GPO0000001` … of four lines each over the active vendors (firms with their vendor account;
 *   the demo's when no generated firm is one), stock-tracked products without lots and the active warehouses,
 *   dated over the two years before today;
 * - their states: half Open, a fifth Partially received (half of each line), 15 % Received, 10 % Closed (half
 *   received), 5 % Cancelled — with, for each order that received something, one Posted receipt `GRC…` whose
 *   lines are the quantities received at the order price (the order lines' received quantities agree).
 * Like the IC generator's stock, the generated receipts move no stock and post nothing: the figures are for
 * reading (the open orders report, the lists, the purchase analysis), not for the ledgers' sums.
 */
import { mul } from '@erp/shared/decimal';
import type { DatabaseConfig } from '@erp/server/config';
import { openDatabase } from '@erp/server/db/connection';
import { schemaView } from '@erp/server/db/migration-db';
import { decimalToDb } from '@erp/server/db/decimal-codec';
import { writeOrderBatches } from '@erp/server/seed/large-orders';

export interface PurchasingOptions {
  lines?: number;
  onProgress?(written: number): void;
}

export interface PurchasingSummary {
  orders: number;
  lines: number;
  receipts: number;
  seconds: number;
}

const LINES_PER_ORDER = 4;
const BATCH_ORDERS = 500;

type Kind = 'Open' | 'PartiallyReceived' | 'Received' | 'Closed' | 'Cancelled';

function kindOf(value: number): Kind {
  return value < 0.5 ? 'Open' : value < 0.7 ? 'PartiallyReceived' : value < 0.85 ? 'Received' : value < 0.95 ? 'Closed' : 'Cancelled';
}

export async function insertPurchasing(config: DatabaseConfig, options: PurchasingOptions = {}): Promise<PurchasingSummary> {
  const started = performance.now();
  const wanted = options.lines ?? 100_000;
  const orders = Math.ceil(wanted / LINES_PER_ORDER);
  const database = await openDatabase(config);
  // Bulk rows by table name, as the demo seeds write them.
  const db = schemaView(database.db);
  try {
    const flag = database.engine === 'postgres' ? true : 1;
    const vendors = (await db.selectFrom('firms').select(['firm_id', 'name']).where('is_vendor', '=', flag).where('is_active', '=', flag).orderBy('firm_id').limit(500).execute()) as { firm_id: string; name: string }[];
    const products = ((await db.selectFrom('products').select('product_id').where('track_inventory', '=', flag).where('track_lot', '=', database.engine === 'postgres' ? false : 0).where('is_active', '=', flag).orderBy('product_id').limit(5000).execute()) as { product_id: string }[]).map((r) => r.product_id);
    const warehouses = ((await db.selectFrom('warehouses').select('warehouse_id').where('is_active', '=', flag).orderBy('warehouse_id').execute()) as { warehouse_id: string }[]).map((r) => r.warehouse_id);
    if (vendors.length === 0 || products.length < LINES_PER_ORDER || warehouses.length === 0) throw new Error('seed:large --po needs active vendors, stock products and warehouses (start the server once first)');
    let receipts = 0;
    const lines = await writeOrderBatches(
      db,
      { orders, batch: BATCH_ORDERS, seed: 23, products: products.length, linesPerOrder: LINES_PER_ORDER, onProgress: options.onProgress },
      (product, draw, next) => {
        const kind = kindOf(draw);
        const ordered = 10 + Math.floor(next() * 490);
        const received = kind === 'Received' ? ordered : kind === 'PartiallyReceived' || kind === 'Closed' ? Math.floor(ordered / 2) : 0;
        const price = `${1 + Math.floor(next() * 200)}.${String(Math.floor(next() * 10_000)).padStart(4, '0')}`;
        return { product: products[product]!, ordered: `${ordered}.0000`, received: `${received}.0000`, price, amount: mul(`${ordered}`, price, 2) };
      },
      async (trx, planned, trail) => {
        const plans = planned.map((p) => {
          const subTotal = p.lines.reduce((sum, line) => sum + Math.round(Number(line.amount) * 100), 0);
          return { ...p, kind: kindOf(p.kind), vendor: vendors[p.n % vendors.length]!, warehouse: warehouses[p.n % warehouses.length]!, subTotal: (subTotal / 100).toFixed(2) };
        });
        const heads = (await trx
          .insertInto('purchase_orders')
          .values(
            plans.map((p) => ({
              po_no: `GPO${String(p.n).padStart(7, '0')}`,
              order_date: p.date,
              status: p.kind,
              receivable: p.kind === 'Open' || p.kind === 'PartiallyReceived' ? 1 : 0,
              vendor_id: p.vendor.firm_id,
              vendor_name: p.vendor.name,
              ship_to_id: p.warehouse,
              eta: p.date,
              sub_total: decimalToDb(trx, p.subTotal, 2),
              discount_percent: decimalToDb(trx, '0.00', 2),
              discount_amount: decimalToDb(trx, '0.00', 2),
              surcharge: decimalToDb(trx, '0.00', 2),
              shipping: decimalToDb(trx, '0.00', 2),
              total: decimalToDb(trx, p.subTotal, 2),
              ...trail,
            })),
          )
          .returning(['po_id', 'po_no'])
          .execute()) as { po_id: number | string; po_no: string }[];
        const idOf = new Map(heads.map((h) => [h.po_no, Number(h.po_id)]));
        const lineRows = plans.flatMap((p) =>
          p.lines.map((l) => ({
            po_id: idOf.get(`GPO${String(p.n).padStart(7, '0')}`),
            product_id: l.product,
            quantity_ordered: decimalToDb(trx, l.ordered, 4),
            unit_price: decimalToDb(trx, l.price, 4),
            amount: decimalToDb(trx, l.amount, 2),
            quantity_received: decimalToDb(trx, l.received, 4),
            quantity_invoiced: decimalToDb(trx, '0.0000', 4),
          })),
        );
        const lineIds = (await trx.insertInto('purchase_order_lines').values(lineRows).returning(['line_id']).execute()) as { line_id: number | string }[];
        const received = plans.map((p, index) => ({ p, index })).filter(({ p }) => p.lines[0]!.received !== '0.0000');
        if (received.length > 0) {
          const receiptHeads = (await trx
            .insertInto('po_receipts')
            .values(
              received.map(({ p }) => {
                const quantity = p.lines.reduce((sum, l) => sum + Number(l.received.split('.')[0]), 0);
                const cost = p.lines.reduce((sum, l) => sum + Math.round(Number(mul(l.received, l.price, 2)) * 100), 0);
                return {
                  receipt_no: `GRC${String(p.n).padStart(7, '0')}`,
                  status: 'Posted',
                  po_id: idOf.get(`GPO${String(p.n).padStart(7, '0')}`),
                  po_no: `GPO${String(p.n).padStart(7, '0')}`,
                  vendor_id: p.vendor.firm_id,
                  warehouse_id: p.warehouse,
                  receipt_date: p.date,
                  inspected: 1,
                  freight: decimalToDb(trx, '0.00', 2),
                  total_quantity: decimalToDb(trx, `${quantity}.0000`, 4),
                  total_cost: decimalToDb(trx, (cost / 100).toFixed(2), 2),
                  ...trail,
                };
              }),
            )
            .returning(['receipt_id'])
            .execute()) as { receipt_id: number | string }[];
          const receiptLines = received.flatMap(({ p, index }, r) =>
            p.lines.map((l, k) => ({
              receipt_id: Number(receiptHeads[r]!.receipt_id),
              product_id: l.product,
              quantity_received: decimalToDb(trx, l.received, 4),
              unit_cost: decimalToDb(trx, l.price, 4),
              extended_cost: decimalToDb(trx, mul(l.received, l.price, 2), 2),
              po_line_id: Number(lineIds[index * LINES_PER_ORDER + k]!.line_id),
            })),
          );
          await trx.insertInto('po_receipt_lines').values(receiptLines).execute();
          receipts += received.length;
        }
        return lineRows.length;
      },
    );
    return { orders, lines, receipts, seconds: (performance.now() - started) / 1000 };
  } finally {
    await database.close();
  }
}
