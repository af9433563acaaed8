/**
 * The trades labour's part of the large-data generator (`npm run seed:large -- --labour [time cards]`, default
 * 200,000; run it with or after `--te`, whose lots it works on): one job (work order `GJB…`, ledger opened a year
 * ago, lines of the work codes) on each of the first lots in lot order — a job for every 40 time cards — and the
 * time cards `GTC…` of the active hourly employees over the last year, hours × the employee's costing rate, nine in
 * ten Approved. Through Kysely in batches of one transaction each; nothing is paid or posted.
 */
import { sql } from 'kysely';
import { mul } from '@erp/shared/decimal';
import type { DatabaseConfig } from '@erp/server/config';
import { openDatabase } from '@erp/server/db/connection';
import { schemaView } from '@erp/server/db/migration-db';
import { decimalFromDb, decimalToDb } from '@erp/server/db/decimal-codec';

export interface TimeCardOptions {
  cards?: number;
  onProgress?(written: number): void;
}

const WHO = 'seed:large';
const BATCH = 1000;
const CARDS_PER_JOB = 40;
const HOURS = ['8.0000', '7.5000', '4.0000', '10.0000'];
const DAY = 86_400_000;

export async function insertTimeCards(config: DatabaseConfig, options: TimeCardOptions = {}): Promise<{ jobs: number; cards: number; seconds: number }> {
  const started = performance.now();
  const total = options.cards ?? 200_000;
  const database = await openDatabase(config);
  // Bulk rows by table name, as the demo seeds write them.
  const db = schemaView(database.db);
  try {
    const jobsWanted = Math.ceil(total / CARDS_PER_JOB);
    const lots = (await db.selectFrom('te_lots').select(['lot_id', 'site_id']).orderBy('lot_id').limit(jobsWanted).execute()) as { lot_id: string; site_id: string }[];
    const codes = ((await db.selectFrom('pr_work_codes').select('work_code_id').where('is_active', '=', database.engine === 'postgres' ? true : 1).orderBy('work_code_id').execute()) as { work_code_id: string }[]).map((row) => row.work_code_id);
    const employees = ((await db.selectFrom('pr_employees').select(['employee_id', 'gross_labour_rate', 'hourly_rate']).where('status', '=', 'Active').where('pay_type', '=', 'Hourly').orderBy('employee_id').execute()) as Record<string, unknown>[]).map((row) => ({
      id: String(row['employee_id']),
      rate: decimalFromDb(db, row['gross_labour_rate'], 4) ?? decimalFromDb(db, row['hourly_rate'], 4) ?? '0.0000',
    }));
    if (total > 0 && (lots.length === 0 || codes.length === 0 || employees.length === 0)) {
      throw new Error('seed:large --labour needs lots (--te), work codes and hourly employees (start the server once first)');
    }
    const now = new Date().toISOString();
    const trail = { created_by: WHO, created_on: now, updated_by: WHO, updated_on: now, version: 1 };
    const opened = new Date(Date.now() - 366 * DAY).toISOString().slice(0, 10);
    const jobNo = (n: number) => `GJB${String(n).padStart(7, '0')}`;
    for (let start = 0; start < lots.length; start += BATCH) {
      await db.transaction().execute(async (trx: typeof db) => {
        const batch = lots.slice(start, start + BATCH);
        const orders = (await trx
          .insertInto('pr_work_orders')
          .values(batch.map((lot, i) => ({ work_order_no: jobNo(start + i + 1), kind: 'Construction', lot_id: lot.lot_id, site_id: lot.site_id, order_date: opened, service_type: 'Construction', cost_type: 'Variable', ledger_created_on: opened, status: 'Open', budget_hours: decimalToDb(trx, '0.0000', 4), ...trail })))
          .returning(['work_order_id'])
          .execute()) as { work_order_id: number }[];
        await trx
          .insertInto('pr_work_order_lines')
          .values(orders.flatMap((order) => codes.map((code) => ({ work_order_id: order.work_order_id, work_code_id: code, budget_hours: decimalToDb(trx, '0.0000', 4) }))))
          .execute();
      });
    }
    for (let start = 1; start <= total; start += BATCH) {
      await db.transaction().execute(async (trx: typeof db) => {
        const rows = Array.from({ length: Math.min(BATCH, total - start + 1) }, (_, i) => {
          const n = start + i;
          const employee = employees[n % employees.length]!;
          const job = Math.floor((n - 1) / CARDS_PER_JOB) % lots.length;
          const hours = HOURS[n % HOURS.length]!;
          return {
            time_card_no: `GTC${String(n).padStart(7, '0')}`,
            employee_id: employee.id,
            work_order_no: jobNo(job + 1),
            lot_id: lots[job]!.lot_id,
            work_code_id: codes[n % codes.length],
            work_date: new Date(Date.now() - (1 + (n % 365)) * DAY).toISOString().slice(0, 10),
            hours: decimalToDb(trx, hours, 4),
            rate: decimalToDb(trx, employee.rate, 4),
            amount: decimalToDb(trx, mul(hours, employee.rate, 2), 2),
            status: n % 10 === 0 ? 'Open' : 'Approved',
            ...trail,
          };
        });
        await trx.insertInto('pr_time_cards').values(rows).execute();
      });
      options.onProgress?.(Math.min(total, start + BATCH - 1));
    }
    if (database.engine === 'postgres') await sql`vacuum analyze pr_time_cards, pr_work_orders, pr_work_order_lines`.execute(db);
    else await sql`analyze`.execute(db);
    return { jobs: lots.length, cards: total, seconds: (performance.now() - started) / 1000 };
  } finally {
    await database.close();
  }
}
