/**
 * The Inventory Control part of the large-data generator (`npm run seed:large -- [firms] --ic`, large.ts) and of
 * the IC benchmark (scripts/bench-ic.mjs), owned by h15d (issue 15 "Performance"):
 * `insertIcStock(config, options)` writes into a migrated database
 * - `products` generated products `GP0000001` … (default 50,000) in two generated classes (GEN-STEEL,
 *   GEN-ELEC; their inventory account is the IC integration's `INVENTORY` fallback), min and max levels on every
 *   tenth; plus `BOM_PRODUCT` (`GP-BOM100`), an assembly with 100 BoM lines (for the product maintenance figure);
 * - `ledgerRows` stock ledger rows (default 2,000,000) over `warehouses` (default the 5 seeded warehouses),
 *   receipts and issues over two calendar years, with the balances of every product × warehouse.
 * Consistency: each product has one fixed unit cost in whole cents and every movement a whole quantity, so
 * value = quantity × cost exactly; each row's qty_after / value_after is the running sum per product ×
 * warehouse in entry order, an issue never takes more than is on hand, and stock_balances holds the last
 * qty_after / value_after with average and last cost = the product's cost — what recordMovements would have
 * left (the moving average of equal costs is that cost). The GL is not written: the stock's value is not in
 * the inventory accounts of a generated database (benchmarks measure reads and one ticket's close).
 * Bulk paths: SQLite — prepared statements in one transaction on a second connection; PostgreSQL — INSERT …
 * SELECT FROM unnest(arrays) in batches of 20,000 rows.
 */
import { bulkLoadPostgres, bulkLoadSqlite } from '@erp/server/seed/bulk-load';
import type { DatabaseConfig } from '@erp/server/config';
import { openDatabase } from '@erp/server/db/connection';
import { seededRandom as random } from '@erp/server/seed/large-orders';

export const BOM_PRODUCT = 'GP-BOM100';
export const IC_WAREHOUSES = ['TOR-01', 'TOR-02', 'MTL-01', 'VAN-01', 'CGY-01'] as const;

export interface IcOptions {
  products?: number;
  ledgerRows?: number;
  warehouses?: readonly string[];
  /** First of the two calendar years the movements fall in; default 2024. */
  firstYear?: number;
  onProgress?(written: number): void;
}

export interface IcSummary {
  products: number;
  ledgerRows: number;
  balances: number;
  seconds: number;
}

export const generatedProductId = (i: number) => `GP${String(i).padStart(7, '0')}`;

/** `units` in 10^-scale as decimal text. */
function unitsText(units: number, scale: number): string {
  const sign = units < 0 ? '-' : '';
  const abs = Math.abs(units);
  const factor = 10 ** scale;
  return `${sign}${Math.trunc(abs / factor)}.${String(abs % factor).padStart(scale, '0')}`;
}

interface LedgerRow {
  product: string;
  warehouse: string;
  date: string;
  qty: number; // whole units
  cents: number; // unit cost
  qtyAfter: number;
  valueAfter: number; // cents
  voucher: string;
}

/** The movements in date order, with running balances (see the header). */
function* movements(products: number, rows: number, warehouses: readonly string[], firstYear: number): Generator<LedgerRow> {
  const next = random(15);
  const days = 730;
  const balance = new Map<string, number>();
  const cost = (p: number) => 100 + ((p * 7919) % 9900); // 1.00 … 99.99
  for (let i = 0; i < rows; i++) {
    const p = 1 + Math.floor(next() * products);
    const warehouse = warehouses[Math.floor(next() * warehouses.length)]!;
    const key = `${p}|${warehouse}`;
    const onHand = balance.get(key) ?? 0;
    const issue = onHand > 0 && next() < 0.45;
    const qty = issue ? -(1 + Math.floor(next() * onHand)) : 1 + Math.floor(next() * 100);
    const after = onHand + qty;
    balance.set(key, after);
    const day = Math.floor((i / rows) * days);
    const date = new Date(Date.UTC(firstYear, 0, 1 + day)).toISOString().slice(0, 10);
    const cents = cost(p);
    yield { product: generatedProductId(p), warehouse, date, qty, cents, qtyAfter: after, valueAfter: after * cents, voucher: `GEN-${String(Math.floor(i / 10) + 1).padStart(7, '0')}` };
  }
}

export async function insertIcStock(config: DatabaseConfig, options: IcOptions = {}): Promise<IcSummary> {
  const products = options.products ?? 50_000;
  const rows = options.ledgerRows ?? 2_000_000;
  const warehouses = options.warehouses ?? IC_WAREHOUSES;
  const firstYear = options.firstYear ?? 2024;
  const started = performance.now();
  const database = await openDatabase(config);
  await database.close();
  const now = new Date().toISOString();
  const who = 'seed:large';
  const last = new Map<string, LedgerRow>();
  let written = 0;

  if (config.kind === 'sqlite') {
    bulkLoadSqlite(config.file, (sqlite) => {
      const cls = sqlite.prepare(`insert into product_classes (class_id, description, is_active, created_by, created_on, updated_by, updated_on, version) values (?, ?, 1, ?, ?, ?, ?, 1) on conflict (class_id) do nothing`);
      cls.run('GEN-STEEL', 'Generated steel', who, now, who, now);
      cls.run('GEN-ELEC', 'Generated electrical', who, now, who, now);
      const product = sqlite.prepare(
        `insert into products (product_id, description, class_id, kit_type, unit_of_measure, track_inventory, track_lot, is_active, min_level, max_level, created_by, created_on, updated_by, updated_on, version)
         values (?, ?, ?, ?, 'EA', 1, 0, 1, ?, ?, ?, ?, ?, ?, 1) on conflict (product_id) do nothing`,
      );
      for (let i = 1; i <= products; i++) {
        const levels = i % 10 === 0;
        product.run(generatedProductId(i), `Generated product ${i}`, i % 2 === 0 ? 'GEN-STEEL' : 'GEN-ELEC', 'None', levels ? 500_000 : null, levels ? 2_000_000 : null, who, now, who, now);
      }
      product.run(BOM_PRODUCT, 'Generated assembly with 100 components', 'GEN-ELEC', 'Assembly', null, null, who, now, who, now);
      const component = sqlite.prepare(`insert into product_components (product_id, component_id, factor, quantity) values (?, ?, 10000, ?)`);
      const present = sqlite.prepare(`select count(*) as n from product_components where product_id = ?`).get(BOM_PRODUCT) as { n: number };
      if (present.n === 0) for (let i = 1; i <= 100; i++) component.run(BOM_PRODUCT, generatedProductId(i), (1 + (i % 5)) * 10_000);
      const entry = sqlite.prepare(
        `insert into stock_ledger (product_id, warehouse_id, lot_no, movement_date, quantity, unit_cost, value, qty_after, value_after, voucher_type, voucher_id, voucher_no, voucher_line, reversal_of, created_by, created_on)
         values (?, ?, '', ?, ?, ?, ?, ?, ?, 'seed', ?, ?, 1, null, ?, ?)`,
      );
      for (const row of movements(products, rows, warehouses, firstYear)) {
        entry.run(row.product, row.warehouse, row.date, row.qty * 10_000, row.cents * 100, row.qty * row.cents, row.qtyAfter * 10_000, row.valueAfter, row.voucher, row.voucher, who, now);
        last.set(`${row.product}|${row.warehouse}`, row);
        if (++written % 200_000 === 0) options.onProgress?.(written);
      }
      const balance = sqlite.prepare(
        `insert into stock_balances (product_id, warehouse_id, on_hand, committed, value, average_cost, last_cost, last_receipt_date, last_issue_date, updated_on)
         values (?, ?, ?, 0, ?, ?, ?, ?, null, ?)
         on conflict (product_id, warehouse_id) do update set on_hand = excluded.on_hand, value = excluded.value, average_cost = excluded.average_cost, last_cost = excluded.last_cost`,
      );
      for (const row of last.values()) balance.run(row.product, row.warehouse, row.qtyAfter * 10_000, row.valueAfter, row.cents * 100, row.cents * 100, row.date, now);
    });
    return { products, ledgerRows: written, balances: last.size, seconds: (performance.now() - started) / 1000 };
  }

  await bulkLoadPostgres(config.url, ['products', 'stock_ledger', 'stock_balances'], async (client) => {
    for (const [id, description] of [['GEN-STEEL', 'Generated steel'], ['GEN-ELEC', 'Generated electrical']]) {
      await client.query(
        `insert into product_classes (class_id, description, is_active, created_by, created_on, updated_by, updated_on, version) values ($1, $2, true, $3, $4, $3, $4, 1) on conflict (class_id) do nothing`,
        [id, description, who, now],
      );
    }
    const BATCH = 20_000;
    for (let start = 1; start <= products; start += BATCH) {
      const ids: string[] = [];
      const descriptions: string[] = [];
      const classes: string[] = [];
      const mins: (string | null)[] = [];
      const maxes: (string | null)[] = [];
      for (let i = start; i < Math.min(products + 1, start + BATCH); i++) {
        ids.push(generatedProductId(i));
        descriptions.push(`Generated product ${i}`);
        classes.push(i % 2 === 0 ? 'GEN-STEEL' : 'GEN-ELEC');
        mins.push(i % 10 === 0 ? '50.0000' : null);
        maxes.push(i % 10 === 0 ? '200.0000' : null);
      }
      await client.query(
        `insert into products (product_id, description, class_id, kit_type, unit_of_measure, track_inventory, track_lot, is_active, min_level, max_level, created_by, created_on, updated_by, updated_on, version)
         select i, d, c, 'None', 'EA', true, false, true, mn::numeric, mx::numeric, $6, $7, $6, $7, 1
         from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) as t(i, d, c, mn, mx) on conflict (product_id) do nothing`,
        [ids, descriptions, classes, mins, maxes, who, now],
      );
    }
    await client.query(
      `insert into products (product_id, description, class_id, kit_type, unit_of_measure, track_inventory, track_lot, is_active, created_by, created_on, updated_by, updated_on, version)
       values ($1, 'Generated assembly with 100 components', 'GEN-ELEC', 'Assembly', 'EA', true, false, true, $2, $3, $2, $3, 1) on conflict (product_id) do nothing`,
      [BOM_PRODUCT, who, now],
    );
    const present = await client.query<{ n: string }>('select count(*) as n from product_components where product_id = $1', [BOM_PRODUCT]);
    if (Number(present.rows[0]!.n) === 0) {
      for (let i = 1; i <= 100; i++) {
        await client.query(`insert into product_components (product_id, component_id, factor, quantity) values ($1, $2, 1, $3)`, [BOM_PRODUCT, generatedProductId(i), 1 + (i % 5)]);
      }
    }
    const columns = { p: [] as string[], w: [] as string[], d: [] as string[], q: [] as string[], c: [] as string[], v: [] as string[], qa: [] as string[], va: [] as string[], n: [] as string[] };
    const flush = async () => {
      if (columns.p.length === 0) return;
      await client.query(
        `insert into stock_ledger (product_id, warehouse_id, lot_no, movement_date, quantity, unit_cost, value, qty_after, value_after, voucher_type, voucher_id, voucher_no, voucher_line, reversal_of, created_by, created_on)
         select p, w, '', d, q::numeric, c::numeric, v::numeric, qa::numeric, va::numeric, 'seed', n, n, 1, null, $10, $11
         from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[]) as t(p, w, d, q, c, v, qa, va, n)`,
        [columns.p, columns.w, columns.d, columns.q, columns.c, columns.v, columns.qa, columns.va, columns.n, who, now],
      );
      for (const list of Object.values(columns)) list.length = 0;
    };
    for (const row of movements(products, rows, warehouses, firstYear)) {
      columns.p.push(row.product);
      columns.w.push(row.warehouse);
      columns.d.push(row.date);
      columns.q.push(String(row.qty));
      columns.c.push(unitsText(row.cents, 2));
      columns.v.push(unitsText(row.qty * row.cents, 2));
      columns.qa.push(String(row.qtyAfter));
      columns.va.push(unitsText(row.valueAfter, 2));
      columns.n.push(row.voucher);
      last.set(`${row.product}|${row.warehouse}`, row);
      if (++written % BATCH === 0) {
        await flush();
        if (written % 200_000 === 0) options.onProgress?.(written);
      }
    }
    await flush();
    const all = [...last.values()];
    for (let start = 0; start < all.length; start += BATCH) {
      const part = all.slice(start, start + BATCH);
      await client.query(
        `insert into stock_balances (product_id, warehouse_id, on_hand, committed, value, average_cost, last_cost, last_receipt_date, last_issue_date, updated_on)
         select p, w, q::numeric, 0, v::numeric, c::numeric, c::numeric, d, null, $6 from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $7::text[]) as t(p, w, q, v, c, d)
         on conflict (product_id, warehouse_id) do update set on_hand = excluded.on_hand, value = excluded.value, average_cost = excluded.average_cost, last_cost = excluded.last_cost`,
        [part.map((r) => r.product), part.map((r) => r.warehouse), part.map((r) => String(r.qtyAfter)), part.map((r) => unitsText(r.valueAfter, 2)), part.map((r) => unitsText(r.cents, 2)), now, part.map((r) => r.date)],
      );
    }
  });
  options.onProgress?.(written);
  return { products, ledgerRows: written, balances: last.size, seconds: (performance.now() - started) / 1000 };
}
