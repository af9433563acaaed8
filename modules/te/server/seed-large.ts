/**
 * Trades' part of the large-data generator (`npm run seed:large -- --te [lots]`, default 100,000 lots; issue 28
 * "Performance"): `insertLots(config, options)` writes into a migrated database, through Kysely in batches of one
 * transaction each, job sites `GS0001` … of 500 lots each over the active bill-to firms, three models priced on
 * every site, and the lots `GL0000001` … in every stage (two owners, a tenth of them billed in full). The first
 * site's model `GBENCH` holds 10,000 unbilled lots (or all the lots, when fewer): the change-model-prices
 * benchmark reprices them. Nothing is posted: the figures are for reading and repricing.
 */
import { sql } from 'kysely';
import type { DatabaseConfig } from '@erp/server/config';
import { openDatabase } from '@erp/server/db/connection';
import { schemaView } from '@erp/server/db/migration-db';
import { decimalToDb } from '@erp/server/db/decimal-codec';
import { LOT_STAGES } from '../definitions/common.ts';

export interface LotOptions {
  lots?: number;
  onProgress?(written: number): void;
}

const WHO = 'seed:large';
const LOTS_PER_SITE = 500;
const BATCH = 1000;
/** Lots of the first site's bench model: what change model prices reprices in the benchmark. */
export const BENCH_MODEL_LOTS = 10_000;
const MODELS: [string, string][] = [['GBENCH', '500000.00'], ['GMODEL2', '420000.00'], ['GMODEL3', '610000.00']];
const NAMES = ['Tremblay', 'Singh', 'Chen', 'Martin', 'Rossi', 'Haddad', 'Wong', 'Smith', 'Patel', 'Roy'];

export async function insertLots(config: DatabaseConfig, options: LotOptions = {}): Promise<{ sites: number; lots: number; seconds: number }> {
  const started = performance.now();
  const total = options.lots ?? 100_000;
  const database = await openDatabase(config);
  // Bulk rows by table name, as the demo seeds write them.
  const db = schemaView(database.db);
  try {
    const flag = database.engine === 'postgres' ? true : 1;
    const builders = ((await db.selectFrom('firms').select('firm_id').where('is_bill_to', '=', flag).where('is_active', '=', flag).orderBy('firm_id').limit(500).execute()) as { firm_id: string }[]).map((row) => row.firm_id);
    if (builders.length === 0) throw new Error('seed:large --te needs active bill-to firms (start the server once first)');
    const now = new Date().toISOString();
    const trail = { created_by: WHO, created_on: now, updated_by: WHO, updated_on: now, version: 1 };
    const money = (value: string) => decimalToDb(db, value, 2);
    // The bench model's lots all on the first site; then 500 lots a site.
    const benchLots = Math.min(BENCH_MODEL_LOTS, total);
    const siteOf = (n: number) => (n <= benchLots ? 1 : 2 + Math.floor((n - benchLots - 1) / LOTS_PER_SITE));
    const sites = total === 0 ? 0 : siteOf(total);
    const siteId = (s: number) => `GS${String(s).padStart(4, '0')}`;
    await db.transaction().execute(async (trx: typeof db) => {
      for (const [model, price] of MODELS) {
        await trx.insertInto('te_models').values({ model_id: model, description: `Generated model ${model}`, builder_id: builders[0], base_price: money(price), is_active: flag, ...trail }).execute();
      }
      for (let s = 1; s <= sites; s += 500) {
        const ids = Array.from({ length: Math.min(500, sites - s + 1) }, (_, i) => s + i);
        await trx
          .insertInto('te_job_sites')
          .values(ids.map((n) => ({ site_id: siteId(n), name: `Generated site ${n}`, builder_id: builders[n % builders.length], city: 'Barrie', province_code: 'ON', holdback_percent: money('10.00'), is_active: flag, ...trail })))
          .execute();
        await trx
          .insertInto('te_model_prices')
          .values(ids.flatMap((n) => MODELS.map(([model, price]) => ({ model_id: model, site_id: siteId(n), contract_price: money(price), ...trail }))))
          .execute();
      }
    });
    for (let start = 1; start <= total; start += BATCH) {
      await db.transaction().execute(async (trx: typeof db) => {
        const rows = Array.from({ length: Math.min(BATCH, total - start + 1) }, (_, i) => {
          const n = start + i;
          const bench = n <= benchLots;
          const [model, price] = bench ? MODELS[0]! : MODELS[1 + (n % 2)]!;
          const billed = !bench && n % 10 === 0;
          return {
            lot_id: `GL${String(n).padStart(7, '0')}`,
            site_id: siteId(siteOf(n)),
            model_id: model,
            stage: LOT_STAGES[n % LOT_STAGES.length],
            owner1_name: `Owner ${NAMES[n % 10]} ${n}`,
            owner2_name: n % 3 === 0 ? null : `Co-owner ${NAMES[(n + 3) % 10]} ${n}`,
            model_price: money(price),
            options_total: money('0.00'),
            contract_price: money(price),
            billed_amount: money(billed ? price : '0.00'),
            is_active: flag,
            ...trail,
          };
        });
        await trx.insertInto('te_lots').values(rows).execute();
      });
      options.onProgress?.(Math.min(total, start + BATCH - 1));
    }
    if (database.engine === 'postgres') await sql`vacuum analyze te_lots, te_model_prices, te_job_sites`.execute(db);
    else await sql`analyze`.execute(db);
    return { sites, lots: total, seconds: (performance.now() - started) / 1000 };
  } finally {
    await database.close();
  }
}
