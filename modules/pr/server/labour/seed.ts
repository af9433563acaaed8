/**
 * Trades labour demo data (issue 29 item 7 "time cards on the demo jobs"), each part only while its table is
 * empty: six work codes of an electrical contractor; the labour budget of the demo models (OAK, PINE, SUITE1,
 * SUITE2) when Trades' demo data is there; then five jobs (work orders on Maple Valley lots, their lines the
 * model's budget, ledgers opened 40 days ago) and four weeks of time cards by four IBEW electricians — the
 * older ones Approved (job cost, and offered to payroll), the last week's Open.
 */
import { sql, type Transaction } from 'kysely';
import { mul } from '@erp/shared/decimal';
import { decimalToDb } from '@erp/server/db/decimal-codec';
import type { SeedDb } from '@erp/server/db/migration-db';
import { insertDocument } from '@erp/modules/po/server/api';
import { timeCard } from '../../definitions/labour.ts';
import { createWorkOrder } from './reports.ts';
import { employeeRate } from './rules.ts';
import { prDb, type PrDatabase } from '../tables.generated.ts';

const ACTOR = 'seed';
const trail = (now: string) => ({ created_by: ACTOR, created_on: now, updated_by: ACTOR, updated_on: now, version: 1 });
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);

async function isEmpty(db: SeedDb, table: string): Promise<boolean> {
  return (await db.selectFrom(table).select(sql`1`.as('one')).limit(1).execute()).length === 0;
}

/** [work code, description, phase, payroll code]. */
const WORK_CODES: readonly [string, string, string, string | null][] = [
  ['TEMP', 'Temporary power and site services', 'Site', 'REG'],
  ['ROUGH', 'Electrical rough-in', 'Rough-in', 'REG'],
  ['SERVICE', 'Service entrance and panel', 'Rough-in', 'REG'],
  ['LOWV', 'Low voltage and data', 'Rough-in', null],
  ['FINISH', 'Finish: devices and fixtures', 'Finish', 'REG'],
  ['WARRANTY', 'Warranty and deficiency calls', 'Service', 'REG'],
];

/** Model → [work code, hours, budget rate]. */
const BUDGETS: Record<string, readonly [string, string, string][]> = {
  OAK: [['TEMP', '6', '38.00'], ['ROUGH', '64', '42.50'], ['SERVICE', '12', '46.00'], ['LOWV', '10', '36.00'], ['FINISH', '40', '41.00']],
  PINE: [['TEMP', '6', '38.00'], ['ROUGH', '52', '42.50'], ['SERVICE', '10', '46.00'], ['FINISH', '32', '41.00']],
  SUITE1: [['ROUGH', '30', '44.00'], ['LOWV', '8', '36.00'], ['FINISH', '22', '42.00']],
  SUITE2: [['ROUGH', '38', '44.00'], ['LOWV', '10', '36.00'], ['FINISH', '28', '42.00']],
};

const CREW = ['E1001', 'E1002', 'E1005', 'E1011'];
const JOB_LOTS = ['MAPLE-001', 'MAPLE-002', 'MAPLE-003', 'MAPLE-004', 'MAPLE-005'];

async function seedJobs(trx: Transaction<PrDatabase>, now: string): Promise<void> {
  const lots = await trx.selectFrom('te_lots').select(['lot_id', 'site_id', 'model_id']).where('lot_id', 'in', JOB_LOTS).orderBy('lot_id').execute();
  const crew = await trx.selectFrom('pr_employees').select('employee_id').where('employee_id', 'in', CREW).orderBy('employee_id').execute();
  if (lots.length === 0 || crew.length === 0) return;
  const opened = daysAgo(40);
  for (const [index, lot] of lots.entries()) {
    if (!lot.model_id) continue;
    const job = await createWorkOrder(trx, { lotId: lot.lot_id, siteId: String(lot.site_id), modelId: lot.model_id, date: opened, serviceType: 'Construction' }, ACTOR);
    // Four weeks of weekdays, two electricians a job; a card a day each, rough-in first, then finishes.
    for (let day = 28; day >= 1; day -= 1) {
      const date = daysAgo(day);
      const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
      if (weekday === 0 || weekday === 6 || (day + index) % 3 === 0) continue;
      for (const member of [crew[index % crew.length]!, crew[(index + 1) % crew.length]!]) {
        const rate = await employeeRate(trx, member.employee_id);
        const hours = day % 5 === 0 ? '7.5000' : '8.0000';
        const code = day > 18 ? 'ROUGH' : day > 12 ? (index % 2 === 0 ? 'SERVICE' : 'LOWV') : 'FINISH';
        await insertDocument(
          trx,
          timeCard,
          { EmployeeId: member.employee_id, WorkOrderNo: job, LotId: lot.lot_id, WorkCodeId: code, WorkDate: date, Hours: hours, Rate: rate, Amount: mul(hours, rate, 2), Status: day > 7 ? 'Approved' : 'Open' },
          ACTOR,
          now,
        );
      }
    }
  }
}

export async function seedLabour(seed: SeedDb): Promise<void> {
  const db = prDb(seed);
  const now = new Date().toISOString();
  if (await isEmpty(seed, 'pr_work_codes')) {
    await db
      .insertInto('pr_work_codes')
      .values(WORK_CODES.map(([code, description, phase, pay]) => ({ work_code_id: code, description, phase, pay_code_id: pay, is_active: 1, ...trail(now) })))
      .execute();
  }
  const models = new Set((await db.selectFrom('te_models').select('model_id').where('model_id', 'in', Object.keys(BUDGETS)).execute()).map((row) => row.model_id));
  if (models.size > 0 && (await isEmpty(seed, 'pr_labour_budgets'))) {
    await db
      .insertInto('pr_labour_budgets')
      .values(
        Object.entries(BUDGETS)
          .filter(([model]) => models.has(model))
          .flatMap(([model, lines]) =>
            lines.map(([code, hours, rate]) => ({
              model_id: model,
              work_code_id: code,
              hours: decimalToDb(db, `${hours}.0000`, 4),
              rate: decimalToDb(db, `${rate}00`, 4),
              amount: decimalToDb(db, mul(hours, rate, 2), 2),
              ...trail(now),
            })),
          ),
      )
      .execute();
  }
  if (!(await isEmpty(seed, 'pr_work_orders'))) return;
  await db.transaction().execute((trx) => seedJobs(trx, now));
}
