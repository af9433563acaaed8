/**
 * The Payroll part of the large-data generator (`npm run seed:large -- --pr <employees>`, issue 29 "Performance"):
 * `insertPayroll(config, options)` writes `employees` generated employees and a year of their pay, in one
 * transaction (multi-row inserts through the app's own database layer), then the planner's statistics:
 * - each employee (pr_employees `P00001` …): hourly, bi-weekly, 80 hours at 20.00 … 49.25 an hour, spread over
 *   every province and territory (one in 13 in Québec), 4 in 5 paid by direct deposit (with bank details), the
 *   others by cheque; in Ontario one in two under WSIB's demo group G831 and one in three in a demo union level;
 * - the pays of the year before `payDate` (every 14 days from `firstPayDate`): one Posted cheque each
 *   (pr_cheques), computed by the deductions engine from the statutory tables with the year to date carried
 *   from pay to pay — what a real year of pay runs leaves for the year to date, the stubs and the T4s;
 * - for `payDate`: one Entered payroll transaction each (pr_transactions, one REG line of 80 hours), the input
 *   of the pay run the benchmark measures (scripts/bench-pr.mjs).
 *
 * NOT written: the G/L postings, the earlier transactions and deposit files of the generated year (measured: the
 * pay run of `payDate`, the year-to-date reads and the T4s); the journal of a real run is proven on real postings
 * by modules/pr/test/payroll.test.ts.
 */
import { sql, type Insertable } from 'kysely';
import { add, mul, type Decimal } from '@erp/shared/decimal';
import type { DatabaseConfig } from '@erp/server/config';
import { openDatabase } from '@erp/server/db/connection';
import { decimalToDb } from '@erp/server/db/decimal-codec';
import { PROVINCES } from '../definitions/common.ts';
import { chequeRow, payFigures, tablesCache, type PayEmployee, type PaySums, type YearToDate } from './payrun.ts';
import { prDb, type PrChequesTable, type PrEmployeesTable } from './tables.generated.ts';

export interface PrLargeOptions {
  employees: number;
  /** The pay date of the Entered transactions (default 2026-12-18); the history runs every 14 days before it. */
  payDate?: string;
  /** The first pay date of the generated year (default 2026-01-02). */
  firstPayDate?: string;
  onProgress?(written: number): void;
}

const ACTOR = 'seed:large';
const DAY = 86_400_000;
const CHUNK = 250;

/** Every 14 days from `first` to before `last`. */
function payDatesBefore(first: string, last: string): string[] {
  const dates: string[] = [];
  for (let at = Date.parse(`${first}T00:00:00Z`); at < Date.parse(`${last}T00:00:00Z`); at += 14 * DAY) dates.push(new Date(at).toISOString().slice(0, 10));
  return dates;
}

/** A valid SIN (mod 10) from 8 digits. */
function sinOf(n: number): string {
  const body = `${1 + (n % 7)}${String(1_000_000 + n * 37).slice(-7)}`;
  let total = 0;
  for (const [index, char] of [...body].entries()) {
    const doubled = Number(char) * (index % 2 === 1 ? 2 : 1);
    total += doubled > 9 ? doubled - 9 : doubled;
  }
  return `${body}${(10 - (total % 10)) % 10}`;
}

export async function insertPayroll(config: DatabaseConfig, options: PrLargeOptions): Promise<{ employees: number; cheques: number; transactions: number; payDate: string; seconds: number }> {
  const started = performance.now();
  const payDate = options.payDate ?? '2026-12-18';
  const history = payDatesBefore(options.firstPayDate ?? '2026-01-02', payDate);
  const database = await openDatabase(config);
  const db = database.db;
  const counts = { employees: 0, cheques: 0, transactions: 0 };
  try {
    await prDb(db).transaction().execute(async (trx) => {
      const last = await trx.selectFrom('pr_employees').select('employee_id').where('employee_id', 'like', 'P%').orderBy('employee_id', 'desc').limit(1).executeTakeFirst();
      const from = last && /^P\d+$/.test(last.employee_id) ? Number(last.employee_id.slice(1)) + 1 : 1;
      const levels = await trx.selectFrom('pr_union_levels').selectAll().orderBy('level_id').execute();
      const group = await trx.selectFrom('pr_wsib_groups').selectAll().where('group_id', '=', 'G831').executeTakeFirst();
      const bank = await trx.selectFrom('bank_accounts').select('bank_account_id').where('currency_code', '=', 'CAD').orderBy('bank_account_id').limit(1).executeTakeFirst();
      const highestCheque = await trx.selectFrom('pr_cheques').select((eb) => eb.fn.max('cheque_no').as('last')).executeTakeFirst();
      let chequeNo = Math.max(900_001, Number(highestCheque?.last ?? 0) + 1);
      const now = new Date().toISOString();
      const employees: (Insertable<PrEmployeesTable> & PayEmployee)[] = [];
      for (let n = from; n < from + options.employees; n++) {
        const province = PROVINCES[n % PROVINCES.length]!;
        const deposit = n % 5 !== 4;
        const level = province === 'ON' && n % 3 === 0 && levels.length > 0 ? levels[n % levels.length] : undefined;
        const wsib = province === 'ON' && n % 2 === 0 && group !== undefined;
        const rate: Decimal = add('20.0000', mul(String(n % 40), '0.75', 4));
        employees.push({
          employee_id: `P${String(n).padStart(5, '0')}`,
          first_name: `Worker${n}`,
          last_name: `Generated${n % 97}`,
          address: `${n} Industrial Rd`,
          city: 'Hamilton',
          province_code: province,
          postal_code: 'L8P 4R5',
          hire_date: '2020-01-06',
          status: 'Active',
          occupation: 'Warehouse',
          sin: sinOf(n),
          tax_province: province,
          pay_frequency: '26',
          pay_type: 'Hourly',
          hourly_rate: decimalToDb(trx, rate, 4),
          standard_hours: decimalToDb(trx, '80.0000', 4),
          gross_labour_rate: decimalToDb(trx, rate, 4),
          additional_tax: decimalToDb(trx, '0.00', 2),
          cpp_exempt: 0,
          ei_exempt: 0,
          ppip_exempt: 0,
          vacation_percent: decimalToDb(trx, '4.000000', 6),
          marital_status: 'Single',
          payment_method: deposit ? 'Deposit' : 'Cheque',
          bank_institution: deposit ? ['001', '002', '003', '004'][n % 4] : null,
          bank_transit: deposit ? String(10000 + (n % 89999)) : null,
          bank_account: deposit ? String(1_000_000 + n * 13) : null,
          apply_wsib: wsib ? 1 : 0,
          wsib_group_id: wsib ? 'G831' : null,
          wsib_province: wsib ? 'ON' : null,
          union_id: level ? level.union_id : null,
          union_level_id: level ? level.level_id : null,
          past_service74: decimalToDb(trx, '0.00', 2),
          past_service75: decimalToDb(trx, '0.00', 2),
          created_by: ACTOR,
          created_on: now,
          updated_by: ACTOR,
          updated_on: now,
          version: 1,
        });
      }
      for (let start = 0; start < employees.length; start += CHUNK) await trx.insertInto('pr_employees').values(employees.slice(start, start + CHUNK)).execute();
      counts.employees = employees.length;

      // The year of pays before payDate, pay date by pay date (the year to date carried per employee).
      const ytd = new Map<string, YearToDate>();
      const rates = new Map(employees.map((row, index) => [row.employee_id, add('20.0000', mul(String((from + index) % 40), '0.75', 4))]));
      const levelOf = new Map(levels.map((row) => [row.level_id, row]));
      for (const date of history) {
        const tablesOf = tablesCache(trx, date);
        const rows: Insertable<PrChequesTable>[] = [];
        for (const employee of employees) {
          const id = employee.employee_id;
          const gross = mul(rates.get(id)!, '80', 2);
          const sums: PaySums = { gross, taxable: gross, pensionable: gross, insurable: gross, nonPeriodic: { taxable: '0.00', pensionable: '0.00', insurable: '0.00' }, hours: '80.0000', insurableHours: '80.0000', rpp: '0.00', other: '0.00' };
          const before = ytd.get(id) ?? { pension: '0.00', pension2: '0.00', pensionable: '0.00', ei: '0.00', qpip: '0.00', employerQpip: '0.00', wsibInsurable: '0.00' };
          const party = { employee, level: employee.union_level_id ? levelOf.get(employee.union_level_id) : undefined, wsibGroup: employee.apply_wsib ? group : undefined };
          const computed = payFigures(trx, await tablesOf(String(employee.tax_province)), party, sums, before);
          const f = computed.figures;
          ytd.set(id, {
            pension: add(before.pension, add(f.cpp, f.qpp)),
            pension2: add(before.pension2, add(f.cpp2, f.qpp2)),
            pensionable: add(before.pensionable, f.pensionable),
            ei: add(before.ei, f.ei),
            qpip: add(before.qpip, f.qpip),
            employerQpip: add(before.employerQpip, f.employer_qpip),
            wsibInsurable: add(before.wsibInsurable, f.wsib_insurable),
          });
          const byCheque = employee.payment_method === 'Cheque';
          rows.push({ ...chequeRow(trx, employee, date, sums, before, computed, ACTOR, now), status: 'Posted', bank_account_id: bank ? bank.bank_account_id : null, cheque_no: byCheque ? chequeNo++ : null });
        }
        for (let start = 0; start < rows.length; start += CHUNK) await trx.insertInto('pr_cheques').values(rows.slice(start, start + CHUNK)).execute();
        counts.cheques += rows.length;
        options.onProgress?.(counts.cheques);
      }

      // The pay run to measure: one Entered transaction per employee on payDate.
      for (let start = 0; start < employees.length; start += CHUNK) {
        const part = employees.slice(start, start + CHUNK);
        const inserted = await trx
          .insertInto('pr_transactions')
          .values(
            part.map((employee) => {
              const gross = mul(rates.get(employee.employee_id)!, '80', 2);
              return {
                transaction_no: `LPT${employee.employee_id.slice(1)}-${payDate.replace(/-/g, '')}`,
                employee_id: employee.employee_id,
                pay_date: payDate,
                kind: 'Regular',
                status: 'Entered',
                gross: decimalToDb(trx, gross, 2),
                created_by: ACTOR,
                created_on: now,
                updated_by: ACTOR,
                updated_on: now,
                version: 1,
              };
            }),
          )
          .returning(['transaction_id', 'employee_id'])
          .execute();
        await trx
          .insertInto('pr_transaction_lines')
          .values(
            inserted.map((row) => {
              const rate = rates.get(String(row.employee_id))!;
              return { transaction_id: row.transaction_id, code_id: 'REG', hours: decimalToDb(trx, '80.0000', 4), rate: decimalToDb(trx, rate, 4), amount: decimalToDb(trx, mul(rate, '80', 2), 2) };
            }),
          )
          .execute();
        counts.transactions += inserted.length;
      }
    });
    // The planner's statistics after a bulk load (as server/src/seed/bulk-load.ts does).
    for (const table of ['pr_employees', 'pr_cheques', 'pr_transactions', 'pr_transaction_lines']) await sql.raw(config.kind === 'postgres' ? `vacuum analyze ${table}` : `analyze ${table}`).execute(db);
  } finally {
    await database.close();
  }
  return { ...counts, payDate, seconds: (performance.now() - started) / 1000 };
}
