/**
 * Payroll demo data (issue 29 item 7), each part only while its table is empty:
 * - the statutory tables (tables.ts), every start (editions not loaded yet);
 * - the accounts payroll posts beyond the demo chart (remittance liabilities, employer costs) and their GL
 *   integration rows (sub-ledger PR);
 * - payroll codes (regular, overtime, salary, vacation pay, RPP contribution, parking), two WSIB rate groups,
 *   two unions with their levels (IBEW Local 353 electricians, Unifor warehouse), 30 employees in four provinces
 *   (Ontario, one in Québec, Manitoba, Saskatchewan), one of them on a temporary (9xx) SIN;
 * - the employer's payroll account and CRA contact for the T4 XML file, its Revenu Québec accounts for the RL-1
 *   XML file (pr_employer);
 * - the 2026 pay calendar (bi-weekly, Fridays from January 2);
 * - with the demo ledger: six months of bi-weekly pay runs before today, each prepared, paid (cheques and a
 *   direct-deposit file) and posted through the same code as the screens.
 */
import { sql, type Transaction } from 'kysely';
import { div, mul, neg, round, type Decimal } from '@erp/shared/decimal';
import { decimalFromDb, decimalToDb } from '@erp/server/db/decimal-codec';
import type { SeedDb } from '@erp/server/db/migration-db';
import type { SeedConfig } from '@erp/server/modules/part';
import { insertDocument } from '@erp/modules/po/server/api';
import { prTransaction } from '../definitions/documents.ts';
import { payCheques, postPayRun, prepareCheque } from './payrun.ts';
import { seedTables } from './tables.ts';
import { prDb, type PrDatabase } from './tables.generated.ts';
import { balancedLines, demoDocument, demoMonths, postDemoDocuments } from '@erp/modules/gl/server/api';
import type { WireRecord } from '@erp/server/entities/hooks';

const ACTOR = 'seed';
const trail = (now: string) => ({ created_by: ACTOR, created_on: now, updated_by: ACTOR, updated_on: now, version: 1 });

async function isEmpty(db: SeedDb, table: string): Promise<boolean> {
  return (await db.selectFrom(table).select(sql`1`.as('one')).limit(1).execute()).length === 0;
}

const ACCOUNTS: readonly [string, string, string][] = [
  ['2351', 'CPP and QPP contributions payable', 'liability'],
  ['2352', 'EI premiums payable', 'liability'],
  ['2353', 'Income tax deducted payable', 'liability'],
  ['2354', 'QPIP premiums payable', 'liability'],
  ['2355', 'Union dues and benefits payable', 'liability'],
  ['2356', 'WSIB premiums payable', 'liability'],
  ['2357', 'RPP contributions payable', 'liability'],
  ['6110', 'Employer payroll contributions (CPP, EI, QPIP)', 'expense'],
  ['6120', 'WSIB premiums', 'expense'],
  ['6130', 'Union benefits (employer share)', 'expense'],
];
export const PR_INTEGRATION: readonly [string, string, string][] = [
  ['EMPLOYER-COSTS', 'Employer CPP/QPP, EI and QPIP', '6110'],
  ['WSIB-EXPENSE', 'WSIB premiums', '6120'],
  ['UNION-EXPENSE', 'Employer union contributions', '6130'],
  ['PENSION-PAYABLE', 'CPP/CPP2 and QPP/QPP2 to remit', '2351'],
  ['EI-PAYABLE', 'EI premiums to remit', '2352'],
  ['TAX-PAYABLE', 'Income tax deducted to remit', '2353'],
  ['QPIP-PAYABLE', 'QPIP premiums to remit', '2354'],
  ['UNION-PAYABLE', 'Union dues and contributions to remit', '2355'],
  ['WSIB-PAYABLE', 'WSIB premiums to remit', '2356'],
];

/** [code, description, kind, taxable, pensionable, insurable, insurable hours, non-periodic (bonus method), T4 box, account]. */
const CODES: readonly [string, string, string, boolean, boolean, boolean, boolean, boolean, string, string][] = [
  ['REG', 'Regular hours', 'Earning', true, true, true, true, false, '', '6100'],
  ['OT', 'Overtime hours (time and a half)', 'Earning', true, true, true, true, false, '', '6100'],
  ['SAL', 'Salary', 'Earning', true, true, true, true, false, '', '6100'],
  ['VAC', 'Vacation pay', 'Earning', true, true, true, false, false, '', '6100'],
  ['RETRO', 'Retroactive pay', 'Earning', true, true, true, false, true, '', '6100'],
  ['BONUS', 'Bonus', 'Earning', true, true, true, false, true, '', '6100'],
  ['RPP', 'Registered pension plan contribution', 'Deduction', false, false, false, false, false, '20', '2357'],
  ['PARK', 'Parking', 'Deduction', false, false, false, false, false, '', '6500'],
];

/** [level, union, name, hourly rate, dues per hour, dues %, employer health/h, employer pension/h]. */
const LEVELS: readonly [string, string, string, string, string, string, string, string][] = [
  ['IBEW-A1', 'IBEW353', 'Apprentice, first period', '22.5000', '0.7500', '0', '2.1500', '1.5000'],
  ['IBEW-A3', 'IBEW353', 'Apprentice, third period', '31.2500', '0.9500', '0', '2.1500', '2.2500'],
  ['IBEW-JP', 'IBEW353', 'Journeyperson', '48.7500', '1.3500', '0', '3.4000', '5.2500'],
  ['IBEW-FP', 'IBEW353', 'Foreperson', '53.6300', '1.4500', '0', '3.4000', '5.7500'],
  ['UNIFOR-W1', 'UNIFOR', 'Warehouse associate', '24.1000', '0', '1.500000', '0.8500', '0.6000'],
  ['UNIFOR-W2', 'UNIFOR', 'Lead hand', '27.4500', '0', '1.500000', '0.8500', '0.6000'],
];

/** [first, last, province, level or pay, city]: 30 employees; pay 'S:<per period>' = salaried, 'H:<rate>' = non-union hourly. */
const PEOPLE: readonly [string, string, string, string, string][] = [
  ['Aisha', 'Okafor', 'ON', 'IBEW-JP', 'Hamilton'],
  ['Brendan', 'MacLeod', 'ON', 'IBEW-JP', 'Burlington'],
  ['Chloé', 'Gagnon', 'QC', 'S:2900.00', 'Montréal'],
  ['Darius', 'Farahani', 'ON', 'IBEW-FP', 'Hamilton'],
  ['Emily', 'Tran', 'ON', 'IBEW-A1', 'Stoney Creek'],
  ['Farid', 'Haddad', 'ON', 'IBEW-A3', 'Oakville'],
  ['Grace', 'Nakamura', 'ON', 'S:3650.00', 'Toronto'],
  ['Harpreet', 'Gill', 'ON', 'UNIFOR-W1', 'Brampton'],
  ['Isabelle', 'Roy', 'ON', 'UNIFOR-W2', 'Hamilton'],
  ['Jamal', 'Williams', 'ON', 'UNIFOR-W1', 'Hamilton'],
  ['Katarzyna', 'Nowak', 'ON', 'IBEW-JP', 'Grimsby'],
  ['Liam', 'Fraser', 'ON', 'IBEW-A3', 'Dundas'],
  ['Mei', 'Chen', 'ON', 'S:2750.00', 'Mississauga'],
  ['Nikhil', 'Rao', 'ON', 'IBEW-JP', 'Hamilton'],
  ['Olivia', 'Martin', 'ON', 'UNIFOR-W1', 'Ancaster'],
  ['Pierre', 'Lavoie', 'ON', 'IBEW-A1', 'Hamilton'],
  ['Quinn', 'Doyle', 'ON', 'H:26.5000', 'Hamilton'],
  ['Rosa', 'Silva', 'ON', 'UNIFOR-W2', 'Brantford'],
  ['Samuel', 'Cohen', 'ON', 'IBEW-JP', 'Toronto'],
  ['Tamara', 'Petrov', 'ON', 'H:29.0000', 'Hamilton'],
  ['Usman', 'Qureshi', 'MB', 'H:27.7500', 'Winnipeg'],
  ['Valérie', 'Bouchard', 'MB', 'S:2650.00', 'Winnipeg'],
  ['William', 'Thunder', 'MB', 'H:24.2500', 'Brandon'],
  ['Xu', 'Ling', 'MB', 'H:25.5000', 'Winnipeg'],
  ['Yusuf', 'Demir', 'MB', 'H:31.0000', 'Steinbach'],
  ['Zoe', 'Campbell', 'SK', 'H:28.2500', 'Regina'],
  ['Arjun', 'Mehta', 'SK', 'S:3100.00', 'Saskatoon'],
  ['Bianca', 'Rossi', 'SK', 'H:23.7500', 'Regina'],
  ['Connor', 'Walsh', 'SK', 'H:30.5000', 'Saskatoon'],
  ['Dina', 'Haile', 'ON', 'H:22.0000', 'Hamilton'],
];

/** A valid SIN from 8 digits: the Luhn check digit appended (DOMAIN-NOTES §1.1). */
export function withCheckDigit(eight: string): string {
  let total = 0;
  for (let index = 0; index < 8; index += 1) {
    let digit = Number(eight[index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    total += digit;
  }
  return `${eight}${(10 - (total % 10)) % 10}`;
}

const FIRST_DIGIT: Record<string, string> = { ON: '4', QC: '2', MB: '6', SK: '6' };

const DAY = 86_400_000;
/** The demo's bi-weekly pay Fridays (every 14 days from 2026-01-02) between two dates. */
export function payDates(from: string, to: string): string[] {
  const anchor = Date.UTC(2026, 0, 2);
  const start = Date.parse(`${from}T00:00:00Z`);
  let day = anchor + Math.ceil((start - anchor) / (14 * DAY)) * 14 * DAY;
  const dates: string[] = [];
  for (; day <= Date.parse(`${to}T00:00:00Z`); day += 14 * DAY) dates.push(new Date(day).toISOString().slice(0, 10));
  return dates;
}

async function seedSetup(db: SeedDb, now: string): Promise<void> {
  if (await db.selectFrom('gl_accounts').select('account_id').limit(1).executeTakeFirst()) {
    for (const [id, description, type] of ACCOUNTS) {
      if (await db.selectFrom('gl_accounts').select('account_id').where('account_id', '=', id).executeTakeFirst()) continue;
      await db.insertInto('gl_accounts').values({ account_id: id, description, account_type: type, currency_code: 'CAD', is_postable: 1, is_control: 0, is_active: 1, ...trail(now) }).execute();
    }
    for (const [type, description, account] of PR_INTEGRATION) {
      if (await db.selectFrom('gl_integration').select('account_id').where('sub_ledger', '=', 'PR').where('transaction_type', '=', type).executeTakeFirst()) continue;
      await db.insertInto('gl_integration').values({ sub_ledger: 'PR', transaction_type: type, description, account_id: account, ...trail(now) }).execute();
    }
    if (await isEmpty(db, 'pr_codes')) {
      await db
        .insertInto('pr_codes')
        .values(
          CODES.map(([code, description, kind, taxable, pensionable, insurable, hours, nonPeriodic, box, account]) => ({
            code_id: code,
            description,
            kind,
            taxable: taxable ? 1 : 0,
            pensionable: pensionable ? 1 : 0,
            insurable: insurable ? 1 : 0,
            insurable_hours: hours ? 1 : 0,
            non_periodic: nonPeriodic ? 1 : 0,
            t4_box: box,
            account_id: account,
            is_active: 1,
            ...trail(now),
          })),
        )
        .execute();
    }
  }
  if (await isEmpty(db, 'pr_wsib_groups')) {
    await db
      .insertInto('pr_wsib_groups')
      .values([
        // Rates per $100 and the 2026 maximum insurable earnings are illustrative (DOMAIN-NOTES §1.6: unverified).
        { group_id: 'G704', description: 'Electrical and incidental construction services', province: 'ON', rate_per100: decimalToDb(db, '2.3000', 4), max_insurable_earnings: decimalToDb(db, '117000.00', 2), is_active: 1, ...trail(now) },
        { group_id: 'G831', description: 'Wholesale warehousing and office', province: 'ON', rate_per100: decimalToDb(db, '1.3500', 4), max_insurable_earnings: decimalToDb(db, '117000.00', 2), is_active: 1, ...trail(now) },
      ])
      .execute();
  }
  if (await isEmpty(db, 'pr_unions')) {
    await db
      .insertInto('pr_unions')
      .values([
        { union_id: 'IBEW353', name: 'International Brotherhood of Electrical Workers', local: '353', contact_name: 'Business agent', phone: '416-555-0353', is_active: 1, ...trail(now) },
        { union_id: 'UNIFOR', name: 'Unifor', local: '504', contact_name: 'Steward', phone: '905-555-0504', is_active: 1, ...trail(now) },
      ])
      .execute();
    await db
      .insertInto('pr_union_levels')
      .values(
        LEVELS.map(([level, union, name, rate, perHour, percent, health, pension]) => ({
          level_id: level,
          union_id: union,
          name,
          effective_from: '2026-01-01',
          hourly_rate: decimalToDb(db, rate, 4),
          dues_per_hour: decimalToDb(db, perHour, 4),
          dues_percent: decimalToDb(db, round(percent, 6), 6),
          employer_health_per_hour: decimalToDb(db, health, 4),
          employer_pension_per_hour: decimalToDb(db, pension, 4),
          vacation_percent: decimalToDb(db, '4.000000', 6),
          ...trail(now),
        })),
      )
      .execute();
  }
  if (await isEmpty(db, 'pr_employees')) {
    const levels = new Map(LEVELS.map((row) => [row[0], row]));
    await db
      .insertInto('pr_employees')
      .values(
        PEOPLE.map(([first, last, province, pay, city], index) => {
          const id = `E${String(1001 + index)}`;
          const level = levels.get(pay);
          const salaried = pay.startsWith('S:');
          const rate: Decimal = level ? level[3] : salaried ? round(div(pay.slice(2), '80', 6), 4) : pay.slice(2);
          // One employee works on a temporary SIN (first digit 9), which needs its expiry date.
          const temporary = index === 29;
          const sin = withCheckDigit(`${temporary ? '9' : FIRST_DIGIT[province]}${String(3141592 + index * 7919).padStart(7, '0').slice(0, 7)}`);
          return {
            employee_id: id,
            first_name: first,
            last_name: last,
            address: `${100 + index * 7} ${['King St', 'Main St', 'Queen St', 'Barton St'][index % 4]}`,
            city,
            province_code: province,
            postal_code: province === 'ON' ? 'L8P 4R5' : province === 'QC' ? 'H2X 1Y4' : province === 'MB' ? 'R3C 4T3' : 'S4P 3Y2',
            phone: `905-555-${String(1000 + index)}`,
            email: `${first.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()}.${last.toLowerCase()}@novus.example`,
            birth_date: `${1965 + (index % 35)}-0${1 + (index % 9)}-1${index % 9}`,
            hire_date: `${2010 + (index % 15)}-0${1 + (index % 9)}-01`,
            status: 'Active',
            occupation: level ? String(level[2]) : salaried ? 'Office' : 'Warehouse',
            sin,
            sin_expiry: temporary ? '2027-06-30' : null,
            tax_province: province,
            pay_frequency: '26',
            pay_type: salaried ? 'Salary' : 'Hourly',
            hourly_rate: decimalToDb(db, round(rate, 4), 4),
            salary_per_period: salaried ? decimalToDb(db, pay.slice(2), 2) : null,
            standard_hours: decimalToDb(db, '80.0000', 4),
            gross_labour_rate: decimalToDb(db, round(rate, 4), 4),
            additional_tax: decimalToDb(db, '0.00', 2),
            cpp_exempt: 0,
            ei_exempt: 0,
            ppip_exempt: 0,
            vacation_percent: decimalToDb(db, '4.000000', 6),
            marital_status: ['Single', 'Married', 'CommonLaw'][index % 3],
            emergency_contact: `${['Sam', 'Alex', 'Jordan'][index % 3]} ${last}`,
            emergency_phone: `905-555-${String(2000 + index)}`,
            payment_method: index % 5 === 4 ? 'Cheque' : 'Deposit',
            bank_institution: index % 5 === 4 ? null : ['003', '004', '001', '002'][index % 4],
            bank_transit: index % 5 === 4 ? null : String(10000 + index * 37),
            bank_account: index % 5 === 4 ? null : String(5000000 + index * 1013),
            apply_wsib: province === 'ON' ? 1 : 0,
            wsib_group_id: province === 'ON' ? (level && level[1] === 'IBEW353' ? 'G704' : 'G831') : null,
            wsib_province: province === 'ON' ? 'ON' : null,
            union_id: level ? level[1] : null,
            union_level_id: level ? level[0] : null,
            past_service74: decimalToDb(db, '0.00', 2),
            past_service75: decimalToDb(db, '0.00', 2),
            ...trail(now),
          };
        }),
      )
      .execute();
  }
  if (await isEmpty(db, 'pr_pay_periods')) {
    await db
      .insertInto('pr_pay_periods')
      .values(
        payDates('2026-01-01', '2026-12-31').map((payDate, index) => {
          const end = new Date(Date.parse(`${payDate}T00:00:00Z`) - 6 * 86_400_000);
          const start = new Date(end.getTime() - 13 * 86_400_000);
          return { period_id: `2026-${String(index + 1).padStart(2, '0')}`, period_start: start.toISOString().slice(0, 10), period_end: end.toISOString().slice(0, 10), pay_date: payDate, ...trail(now) };
        }),
      )
      .execute();
  }
}

/** One pay date's run for every active employee: transactions → cheques → paid → posted. */
export async function demoPayRun(trx: Transaction<PrDatabase>, payDate: string, chequeNo: number): Promise<number> {
  const now = new Date().toISOString();
  const employees = await trx.selectFrom('pr_employees').select(['employee_id', 'pay_type', 'hourly_rate', 'salary_per_period']).where('status', '=', 'Active').orderBy('employee_id').execute();
  for (const [index, employee] of employees.entries()) {
    const rate = decimalFromDb(trx, employee.hourly_rate, 4) ?? '0.0000';
    const salaried = employee.pay_type === 'Salary';
    const lines: WireRecord[] = [{ CodeId: salaried ? 'SAL' : 'REG', Hours: '80.0000', Rate: rate }];
    // Some overtime now and then for the trades, a parking deduction for the office.
    if (!salaried && (index + Number(payDate.slice(8, 10))) % 4 === 0) lines.push({ CodeId: 'OT', Hours: '6.0000', Rate: mul(rate, '1.5', 4) });
    if (salaried) lines.push({ CodeId: 'PARK', Hours: '1.0000', Rate: '25.0000' });
    await insertDocument(trx, prTransaction, { EmployeeId: employee.employee_id, PayDate: payDate, Kind: 'Regular', Status: 'Entered', Lines: lines }, ACTOR, now);
    await prepareCheque(trx, employee.employee_id, payDate, ACTOR);
  }
  const paid = await payCheques(trx, { payDate, bankAccountId: 'OPERATING', firstChequeNo: chequeNo, userId: ACTOR });
  await postPayRun(trx, payDate, ACTOR);
  return paid.cheques;
}

/**
 * Payroll's months of the demo ledger (issue 41: moved here from the G/L's), source PR on the 15th: the month's
 * gross wages, 24 % of them source deductions payable, the rest paid from the bank.
 */
function ledgerDemoDocuments() {
  return demoMonths().flatMap((month) => {
    const wages = month.index >= 12 ? '41800.00' : '39600.00';
    return [demoDocument(month, 'PR', 'pr', 15, 'PAYROLL', 'Payroll', balancedLines([['6100', wages], ['2310', neg(mul(wages, '0.24', 2))]], '1000'))];
  });
}

export async function seedPayroll(db: SeedDb, config: SeedConfig): Promise<void> {
  const now = new Date().toISOString();
  if (config.demoLedger) await postDemoDocuments(db, ledgerDemoDocuments());
  await seedTables(db);
  await seedSetup(db, now);
  // The T4 file's employer: a demo payroll account whose BN9 passes the check digit (123456782: Luhn 40) and
  // CRA's transmitter number for filers without their own (MM555555, T4 XML specifications).
  if (await isEmpty(db, 'pr_employer')) {
    await db
      .insertInto('pr_employer')
      .values({
        employer_id: 'DEFAULT',
        payroll_account: '123456782RP0001',
        transmitter_no: 'MM555555',
        contact_name: 'Payroll Administrator',
        contact_area: '416',
        contact_phone: '555-0100',
        contact_email: 'payroll@example.com',
        // The RL-1 file's: a Québec identification number whose 10th digit checks (1234567892: weighted sum 174,
        // 174 mod 11 = 9, (11 − 9) mod 10 = 2) with its RS file, a preparer number, the first number of a slip
        // range, and placeholders for the software identifiers RQ issues on certification (RQ-YY-99-999 is the
        // pattern other payroll products ship before theirs is issued).
        rq_id_number: '1234567892RS0001',
        rq_transmitter_no: 'NP000001',
        rl_slip_first: '10000000',
        rq_certification_no: 'RQ-26-99-999',
        rq_partner_id: '0000000000000000',
        rq_product_id: '0000000000000000',
      })
      .execute();
  }
  if (!config.demoLedger || !(await isEmpty(db, 'pr_cheques'))) return;
  if (!(await db.selectFrom('bank_accounts').select('bank_account_id').where('bank_account_id', '=', 'OPERATING').executeTakeFirst())) return;
  const today = new Date().toISOString().slice(0, 10);
  const sixMonthsAgo = new Date(Date.now() - 183 * 86_400_000).toISOString().slice(0, 10);
  let chequeNo = 70001;
  for (const payDate of payDates(sixMonthsAgo, today)) {
    try {
      chequeNo += await prDb(db).transaction().execute((trx) => demoPayRun(trx, payDate, chequeNo));
    } catch {
      // A pay date whose period is closed or missing in the demo ledger is left out.
    }
  }
}
