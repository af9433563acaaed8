/**
 * Order Entry's part of the large-data generator (`npm run seed:large -- [firms] --oe [tables]`, server/src/seed/
 * large.ts): `tables` customer price tables (default 10,000; at most 100,000), one per bill-to firm in id order
 * (the firms generated first), each with quantity breaks (1–99, 100–499, 500+) on 4 products picked
 * deterministically among the active products (the IC part generates them), a table-wide 2 % off list from 0,
 * and a review date spread over the coming year; every tenth customer also gets a customer SKU with a contract
 * price; every active product without a list price gets one (LIST, per unit, from 0: the service's default). Tables already present (`GEN-<firm>`) are skipped, so a second run adds nothing. Written in
 * transactions of 1,000 tables (≈ 13,000 rows), after the IC part (module order), on the tables a start created.
 */
import type { DatabaseConfig } from '@erp/server/config';
import { openDatabase } from '@erp/server/db/connection';
import { decimalToDb } from '@erp/server/db/decimal-codec';
import { flag } from '@erp/server/db/schema';
import { schemaView } from '@erp/server/db/migration-db';

export interface OeSummary {
  listPrices: number;
  tables: number;
  ranges: number;
  skus: number;
  seconds: number;
}

const BATCH = 1000;

export async function insertOePrices(config: DatabaseConfig, tables = 10_000, onProgress: (written: number) => void = () => {}): Promise<OeSummary> {
  const started = performance.now();
  const database = await openDatabase(config);
  // Bulk rows by table name, as the demo seeds write them.
  const db = schemaView(database.db);
  try {
    const firms = ((await db.selectFrom('firms').select('firm_id').where('is_bill_to', '=', flag(true)).orderBy('firm_id').limit(tables).execute()) as { firm_id: string }[]).map((r) => r.firm_id);
    const products = ((await db.selectFrom('products').select('product_id').where('is_active', '=', flag(true)).orderBy('product_id').execute()) as { product_id: string }[]).map((r) => r.product_id);
    const existing = new Set(((await db.selectFrom('price_tables').select('price_table_id').where('price_table_id', 'like', 'GEN-%').execute()) as { price_table_id: string }[]).map((r) => r.price_table_id));
    const now = new Date().toISOString();
    const trail = { created_by: 'seed-large', created_on: now, updated_by: 'seed-large', updated_on: now, version: 1 };
    const year = new Date().getUTCFullYear();
    // The default of the pricing service: a list price (LIST, Each, from 0) for every product that has none.
    const listed = new Set(((await db.selectFrom('product_prices').select('product_id').where('price_table', '=', 'LIST').execute()) as { product_id: string }[]).map((r) => r.product_id));
    const unlisted = products.filter((product) => !listed.has(product));
    for (let i = 0; i < unlisted.length; i += 2000) {
      await db
        .insertInto('product_prices')
        .values(unlisted.slice(i, i + 2000).map((product, k) => ({ product_id: product, price_table: 'LIST', price_type: 'Each', from_quantity: decimalToDb(db, '0', 4), price: decimalToDb(db, (5 + ((i + k) % 1000) / 4).toFixed(2), 4), currency: 'CAD', ...trail })))
        .execute();
    }
    let written = 0;
    let ranges = 0;
    let skus = 0;
    const todo = firms.filter((firm) => !existing.has(`GEN-${firm}`.slice(0, 20)));
    for (let start = 0; start < todo.length && products.length > 0; start += BATCH) {
      const batch = todo.slice(start, start + BATCH);
      await db.transaction().execute(async (trx) => {
        const headers = batch.map((firm, i) => ({
          price_table_id: `GEN-${firm}`.slice(0, 20),
          description: `Generated prices of ${firm}`,
          customer_id: firm,
          currency: 'CAD',
          cost_basis: 'Average',
          effective_date: `${year}-01-01`,
          review_date: new Date(Date.UTC(year, 0, 1 + ((start + i) % 365))).toISOString().slice(0, 10),
          is_active: flag(true),
          ...trail,
        }));
        await trx.insertInto('price_tables').values(headers).execute();
        const rows: Record<string, unknown>[] = [];
        headers.forEach((header, i) => {
          const n = start + i;
          rows.push({ price_table_id: header.price_table_id, product_id: null, price_type: 'Discount', from_quantity: decimalToDb(trx, '0', 4), to_quantity: null, price: decimalToDb(trx, '2', 4) });
          for (let k = 0; k < 4; k++) {
            const product = products[(n * 7 + k * 104_729) % products.length]!;
            const base = 10 + ((n * 31 + k * 17) % 990);
            for (const [from, to, percent] of [['1', '99', 100], ['100', '499', 95], ['500', null, 90]] as const) {
              rows.push({ price_table_id: header.price_table_id, product_id: product, price_type: 'Each', from_quantity: decimalToDb(trx, from, 4), to_quantity: to === null ? null : decimalToDb(trx, to, 4), price: decimalToDb(trx, ((base * percent) / 100).toFixed(2), 4) });
            }
          }
        });
        for (let i = 0; i < rows.length; i += 2000) await trx.insertInto('price_table_ranges').values(rows.slice(i, i + 2000)).execute();
        ranges += rows.length;
        const skuRows = batch
          .map((firm, i) => ({ firm, n: start + i }))
          .filter(({ n }) => n % 10 === 0)
          .map(({ firm, n }) => ({ customer_id: firm, product_id: products[(n * 13) % products.length], customer_sku: `SKU-${n}`, description: null, price: decimalToDb(trx, '9.99', 4), ...trail }));
        if (skuRows.length > 0) await trx.insertInto('customer_skus').values(skuRows).onConflict((c) => c.doNothing()).execute();
        skus += skuRows.length;
      });
      written += batch.length;
      onProgress(written);
    }
    return { listPrices: unlisted.length, tables: written, ranges, skus, seconds: Math.round((performance.now() - started) / 100) / 10 };
  } finally {
    await database.close();
  }
}
