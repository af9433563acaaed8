/**
 * The pay run (issue 29 item 4), each step in the caller's transaction:
 * 1. `prepareCheques` (cheque preparation; `prepareCheque` for one): each employee's Entered transactions of a
 *    pay date → one `pr_cheques` row with every deduction (deductions.ts, the tables in force on the pay date,
 *    the year to date of the employee's uncancelled cheques of that calendar year), the employer's costs and
 *    the inputs used; the transactions become Prepared. Reads and writes are batched (a 2,000-employee run in
 *    a few queries, issue 29 "Performance"); `payFigures` and `chequeRow` are the pure part the large-data
 *    generator shares.
 * 2. `payCheques` (payment processing): the Prepared cheques of a pay date → cheque numbers for those paid by
 *    cheque (never a number already used on the bank account), one CPA-005 file (Payables' writer) for the
 *    direct deposits; they become Paid.
 * 3. `postPayRun` (journal posting): the Paid cheques of a pay date → one journal through the GL posting
 *    service (payroll flag of the period): Dr each earnings code's account and the employer's costs, Cr each
 *    remittance liability and each deduction code's account, Cr the bank with the net pay. It balances by
 *    construction (net = gross − deductions) and the service checks it; the cheques become Posted.
 * 4. `cancelCheque` (cheque cancellation): a posted cheque's journal lines reversed; its transactions return to
 *    Entered, so the pay can be corrected and prepared again; a cancelled cheque leaves the year to date.
 */
import { add, cmp, isNegative, isZero, mul, neg, sub, sum, type Decimal } from '@erp/shared/decimal';
import { BusinessError } from '@erp/server/entities/call-result';
import { changedExactly } from '@erp/server/exactly-once/compare-and-set';
import { decimalFromDb, decimalToDb, type Connection } from '@erp/server/db/decimal-codec';
import { post, type PostingLine } from '@erp/modules/gl/server/api';
import { cpa005, digits, originatorOf } from '@erp/modules/ap/server/api';
import { sql, type Insertable, type Selectable, type Transaction } from 'kysely';
import { MAX_PAY } from '../definitions/common.ts';
import { computePay, loadTables, MissingRateError, pensionMonths, type PayInput, type PayResult, type PayTables } from './deductions.ts';
import type { PrChequeRow, PrChequesTable, PrCodesTable, PrDatabase, PrEmployeeRow, PrTransactionLinesTable, PrUnionLevelRow, PrWsibGroupRow } from './tables.generated.ts';

type PrTransaction = Transaction<PrDatabase>;

const flag = (raw: unknown) => raw === true || raw === 1 || raw === '1' || raw === 't';
const money = (trx: Connection, raw: unknown, scale = 2): Decimal => decimalFromDb(trx, raw, scale) ?? (scale === 2 ? '0.00' : '0');
const toDb = (trx: Connection, value: Decimal, scale = 2) => decimalToDb(trx, value, scale);

/** The money columns of a cheque, in wire order. */
export const CHEQUE_AMOUNTS = [
  'gross',
  'taxable',
  'pensionable',
  'insurable',
  'cpp',
  'cpp2',
  'qpp',
  'qpp2',
  'ei',
  'qpip',
  'federal_tax',
  'provincial_tax',
  'union_dues',
  'other_deductions',
  'rpp',
  'net',
  'employer_cpp',
  'employer_ei',
  'employer_qpip',
  'employer_wsib',
  'employer_union',
  'wsib_insurable',
  'non_periodic',
] as const;
type Amount = (typeof CHEQUE_AMOUNTS)[number];
export type ChequeFigures = Record<Amount, Decimal>;

/** A closed payroll year (year end) refuses every pay dated in it. */
export async function assertYearOpen(trx: PrTransaction, payDate: string): Promise<void> {
  const year = Number(payDate.slice(0, 4));
  const closed = await trx.selectFrom('pr_year_ends').select('year').where('year', '=', year).executeTakeFirst();
  if (closed) throw BusinessError.of(409, 'year_closed', 'pr:rules.yearClosed', { year }, 'PayDate');
}

/** The year to date of one employee before a pay (deductions.ts `PayInput.ytd`). */
export type YearToDate = PayInput['ytd'];
const NO_YTD: YearToDate = { pension: '0.00', pension2: '0.00', pensionable: '0.00', ei: '0.00', qpip: '0.00', employerQpip: '0.00', wsibInsurable: '0.00', nonPeriodic: '0.00' };

/** Rows of `ids` read `chunk` at a time (engines cap the parameters of one statement). */
async function inChunks<T, R>(ids: readonly T[], read: (part: T[]) => Promise<R[]>, chunk = 1000): Promise<R[]> {
  const rows: R[] = [];
  for (let start = 0; start < ids.length; start += chunk) rows.push(...(await read(ids.slice(start, start + chunk))));
  return rows;
}

/** Year-to-date figures of employees' uncancelled cheques in the pay date's calendar year (one grouped read). */
async function yearToDate(trx: PrTransaction, employeeIds: readonly string[], payDate: string): Promise<Map<string, YearToDate>> {
  const year = payDate.slice(0, 4);
  const columns = ['cpp', 'cpp2', 'qpp', 'qpp2', 'ei', 'qpip', 'pensionable', 'employer_qpip', 'wsib_insurable', 'non_periodic'] as const;
  const rows = await inChunks(employeeIds, (part) =>
    trx
      .selectFrom('pr_cheques')
      .select(['employee_id', ...columns.map((column) => sql<string>`coalesce(sum(${sql.ref(column)}), 0)`.as(column))])
      .where('employee_id', 'in', part)
      .where('pay_date', '>=', `${year}-01-01`)
      .where('pay_date', '<=', `${year}-12-31`)
      .where('status', '<>', 'Cancelled')
      .groupBy('employee_id')
      .execute(),
  );
  return new Map(
    rows.map((row) => {
      const total = (column: (typeof columns)[number]) => money(trx, row[column]);
      return [
        String(row.employee_id),
        {
          pension: add(total('cpp'), total('qpp')),
          pension2: add(total('cpp2'), total('qpp2')),
          pensionable: total('pensionable'),
          ei: total('ei'),
          qpip: total('qpip'),
          employerQpip: total('employer_qpip'),
          wsibInsurable: total('wsib_insurable'),
          nonPeriodic: total('non_periodic'),
        },
      ];
    }),
  );
}

/**
 * The sums of one employee's transaction lines of a pay (earnings by their flags; RPP and other deductions);
 * `nonPeriodic`: the part of the taxable, pensionable and insurable sums from non-periodic codes (bonus method).
 */
export interface PaySums {
  gross: Decimal;
  taxable: Decimal;
  pensionable: Decimal;
  insurable: Decimal;
  nonPeriodic: { taxable: Decimal; pensionable: Decimal; insurable: Decimal };
  hours: Decimal;
  insurableHours: Decimal;
  rpp: Decimal;
  other: Decimal;
}

/** A transaction line of a pay with its code's flags. */
type PayLine = Pick<Selectable<PrTransactionLinesTable>, 'hours' | 'amount'> & Pick<Selectable<PrCodesTable>, 'kind' | 'taxable' | 'pensionable' | 'insurable' | 'insurable_hours' | 'non_periodic' | 't4_box'>;

function paySums(trx: Connection, lines: readonly PayLine[]): PaySums {
  const sums: PaySums = {
    gross: '0.00',
    taxable: '0.00',
    pensionable: '0.00',
    insurable: '0.00',
    nonPeriodic: { taxable: '0.00', pensionable: '0.00', insurable: '0.00' },
    hours: '0.0000',
    insurableHours: '0.0000',
    rpp: '0.00',
    other: '0.00',
  };
  for (const line of lines) {
    const amount = money(trx, line.amount);
    const lineHours = money(trx, line.hours, 4);
    if (line.kind === 'Deduction') {
      // An RPP contribution (T4 box 20) is deducted before tax; any other deduction after it.
      if (line.t4_box === '20') sums.rpp = add(sums.rpp, amount);
      else sums.other = add(sums.other, amount);
      continue;
    }
    sums.gross = add(sums.gross, amount);
    sums.hours = add(sums.hours, lineHours);
    const nonPeriodic = flag(line.non_periodic);
    for (const part of ['taxable', 'pensionable', 'insurable'] as const) {
      if (!flag(line[part])) continue;
      sums[part] = add(sums[part], amount);
      if (nonPeriodic) sums.nonPeriodic[part] = add(sums.nonPeriodic[part], amount);
    }
    if (flag(line.insurable_hours)) sums.insurableHours = add(sums.insurableHours, lineHours);
  }
  return sums;
}

/** What the pay of one employee is computed from, besides the sums and the tables: the employee's row and its level and group. */
export interface PayParty {
  employee: PayEmployee;
  level: Pick<PrUnionLevelRow, 'dues_per_hour' | 'dues_percent' | 'employer_health_per_hour' | 'employer_pension_per_hour'> | undefined;
  wsibGroup: Pick<PrWsibGroupRow, 'rate_per100' | 'max_insurable_earnings'> | undefined;
}

/** The employee columns a pay reads (the large-data generator's new employees lack the optional ones). */
export type PayEmployee = Pick<
  PrEmployeeRow,
  'employee_id' | 'first_name' | 'last_name' | 'tax_province' | 'pay_frequency' | 'payment_method' | 'additional_tax' | 'cpp_exempt' | 'ei_exempt' | 'ppip_exempt' | 'apply_wsib'
> &
  Partial<Pick<PrEmployeeRow, 'birth_date' | 'federal_claim' | 'provincial_claim'>>;

/**
 * One employee's pay (deductions, union dues and contributions, WSIB, net) as a cheque's figures; throws the
 * BusinessError of a missing table or a negative net. Pure: the seeds and the batch share it.
 */
export function payFigures(trx: Connection, tables: PayTables, party: PayParty, sums: PaySums, ytd: YearToDate): { figures: ChequeFigures; result: PayResult; wsib: PayInput['wsib'] } {
  const { employee, level } = party;
  // Union dues and the employer's contributions by the employee's level (DOMAIN-NOTES §1.8).
  let unionDues: Decimal = '0.00';
  let employerUnion: Decimal = '0.00';
  if (level) {
    unionDues = add(mul(money(trx, level.dues_per_hour, 4), sums.hours, 2), mul(sums.gross, mul(money(trx, level.dues_percent, 6), '0.01', 8), 2));
    employerUnion = mul(add(money(trx, level.employer_health_per_hour, 4), money(trx, level.employer_pension_per_hour, 4)), sums.hours, 2);
  }
  const wsib = flag(employee.apply_wsib) && party.wsibGroup ? { ratePer100: money(trx, party.wsibGroup.rate_per100, 4), maxInsurable: money(trx, party.wsibGroup.max_insurable_earnings) } : null;
  const employeeId = employee.employee_id;
  const province = String(employee.tax_province);
  let result: PayResult;
  try {
    // The months the pension plan requires contributions for, by age (PM), and whether this pay is in one.
    const { months, contributes } = pensionMonths(tables, province === 'QC' ? 'QC' : 'CA', employee.birth_date ? employee.birth_date : null, tables.date);
    result = computePay(tables, {
      province,
      periods: Number(employee.pay_frequency ?? 26),
      taxable: sums.taxable,
      pensionable: sums.pensionable,
      insurable: sums.insurable,
      nonPeriodic: sums.nonPeriodic,
      hours: sums.hours,
      rpp: sums.rpp,
      unionDues,
      federalClaim: decimalFromDb(trx, employee.federal_claim, 2),
      provincialClaim: decimalFromDb(trx, employee.provincial_claim, 2),
      additionalTax: money(trx, employee.additional_tax),
      cppExempt: flag(employee.cpp_exempt) || !contributes,
      pensionMonths: months > 0 ? months : 12,
      eiExempt: flag(employee.ei_exempt),
      ppipExempt: flag(employee.ppip_exempt),
      wsib,
      ytd,
    });
  } catch (error) {
    if (error instanceof MissingRateError) throw BusinessError.of(409, 'no_tables', 'pr:rules.noTables', { jurisdiction: error.jurisdiction, item: error.item, date: tables.date }, 'PayDate');
    throw error;
  }
  const deductions = [result.cpp, result.cpp2, result.qpp, result.qpp2, result.ei, result.qpip, result.federalTax, result.provincialTax, unionDues, sums.other, sums.rpp];
  const net = sub(sums.gross, sum(deductions, 2));
  if (isNegative(net)) throw BusinessError.of(409, 'negative_net', 'pr:rules.negativeNet', { employee: employeeId }, 'EmployeeId');
  // Lines each within bounds may still add up to more than a cheque or a CPA-005 deposit carries: refused here, with
  // the employee named, rather than failing inside payment processing (issue 39 item 4).
  if (cmp(net, MAX_PAY) > 0) throw BusinessError.of(409, 'pay_too_large', 'pr:rules.payTooLarge', { employee: employeeId, max: MAX_PAY }, 'EmployeeId');
  const figures: ChequeFigures = {
    gross: sums.gross,
    taxable: sums.taxable,
    pensionable: sums.pensionable,
    insurable: sums.insurable,
    cpp: result.cpp,
    cpp2: result.cpp2,
    qpp: result.qpp,
    qpp2: result.qpp2,
    ei: result.ei,
    qpip: result.qpip,
    federal_tax: result.federalTax,
    provincial_tax: result.provincialTax,
    union_dues: unionDues,
    other_deductions: sums.other,
    rpp: sums.rpp,
    net,
    employer_cpp: result.employerCpp,
    employer_ei: result.employerEi,
    employer_qpip: result.employerQpip,
    employer_wsib: result.employerWsib,
    employer_union: employerUnion,
    wsib_insurable: result.wsibInsurable,
    non_periodic: result.annual.nonPeriodic?.income ?? '0.00',
  };
  return { figures, result, wsib };
}

/** A cheque row as `pr_cheques` stores it (status and numbers set by the caller). */
export function chequeRow(trx: Connection, employee: PayEmployee, payDate: string, sums: PaySums, ytd: YearToDate, computed: ReturnType<typeof payFigures>, userId: string, now: string): Insertable<PrChequesTable> {
  const { figures, result, wsib } = computed;
  // The inputs used, so the pay can be reproduced after the tables change (DOMAIN-NOTES §1.2 pay-run audit).
  const inputs = JSON.stringify({ edition: result.edition, periods: Number(employee.pay_frequency ?? 26), ytd, annual: result.annual, wsib, hours: sums.hours });
  return {
    employee_id: employee.employee_id,
    employee_name: `${String(employee.first_name)} ${String(employee.last_name)}`.slice(0, 90),
    pay_date: payDate,
    province: employee.tax_province,
    status: 'Prepared',
    payment_method: employee.payment_method ?? 'Cheque',
    hours: toDb(trx, sums.hours, 4),
    insurable_hours: toDb(trx, sums.insurableHours, 4),
    ...Object.fromEntries(CHEQUE_AMOUNTS.map((column) => [column, toDb(trx, figures[column])])),
    edition: result.edition,
    inputs: inputs.slice(0, 4000),
    created_by: userId,
    created_on: now,
    updated_by: userId,
    updated_on: now,
    version: 1,
  };
}

/** The tables in force on a date for each province asked, read once per province. */
export function tablesCache(trx: PrTransaction, payDate: string): (province: string) => Promise<PayTables> {
  const cache = new Map<string, Promise<PayTables>>();
  return (province) => {
    let tables = cache.get(province);
    if (!tables) {
      tables = loadTables(trx, payDate, province === 'QC' ? ['CA', 'QC'] : ['CA', province]);
      cache.set(province, tables);
    }
    return tables;
  };
}

/** One employee's outcome of a preparation: the cheque and its net, null (nothing Entered), or the refusal. */
export type Prepared = { chequeId: number; net: Decimal } | null | BusinessError;

/**
 * Prepares the pays of employees for one pay date in the caller's transaction, with batched reads (employees,
 * transactions, lines, levels, groups, year to date: one query each per 1,000; the tables once per province)
 * and batched writes (the cheques in multi-row inserts, the transactions in one update). An employee a rule
 * refuses (missing table, negative net) is answered with the refusal and left unchanged.
 */
export async function prepareCheques(trx: PrTransaction, employeeIds: readonly string[], payDate: string, userId: string): Promise<Map<string, Prepared>> {
  await assertYearOpen(trx, payDate);
  const outcomes = new Map<string, Prepared>(employeeIds.map((id) => [id, null]));
  const employees = await inChunks(employeeIds, (part) => trx.selectFrom('pr_employees').selectAll().where('employee_id', 'in', part).execute());
  const transactions = await inChunks(employeeIds, (part) =>
    trx.selectFrom('pr_transactions').select(['transaction_id', 'employee_id']).where('employee_id', 'in', part).where('pay_date', '=', payDate).where('status', '=', 'Entered').execute(),
  );
  const transactionIds = new Map<string, number[]>();
  const employeeOf = new Map<number, string>();
  for (const row of transactions) {
    const id = row.transaction_id;
    const employee = String(row.employee_id);
    transactionIds.set(employee, [...(transactionIds.get(employee) ?? []), id]);
    employeeOf.set(id, employee);
  }
  const lines = await inChunks([...employeeOf.keys()], (part) =>
    trx
      .selectFrom('pr_transaction_lines as l')
      .innerJoin('pr_codes as c', 'c.code_id', 'l.code_id')
      .select(['l.transaction_id', 'l.hours', 'l.amount', 'c.kind', 'c.taxable', 'c.pensionable', 'c.insurable', 'c.insurable_hours', 'c.non_periodic', 'c.t4_box'])
      .where('l.transaction_id', 'in', part)
      .execute(),
  );
  const linesOf = new Map<string, PayLine[]>();
  for (const line of lines) {
    const employee = employeeOf.get(line.transaction_id)!;
    linesOf.set(employee, [...(linesOf.get(employee) ?? []), line]);
  }
  const distinct = (column: 'union_level_id' | 'wsib_group_id') => [...new Set(employees.map((row) => row[column]).filter((value): value is string => value !== null && value !== ''))];
  const levelIds = distinct('union_level_id');
  const groupIds = distinct('wsib_group_id');
  const levels = new Map((levelIds.length ? await trx.selectFrom('pr_union_levels').selectAll().where('level_id', 'in', levelIds).execute() : []).map((row) => [row.level_id, row]));
  const groups = new Map((groupIds.length ? await trx.selectFrom('pr_wsib_groups').selectAll().where('group_id', 'in', groupIds).execute() : []).map((row) => [row.group_id, row]));
  const ytd = await yearToDate(trx, employeeIds, payDate);
  const tablesOf = tablesCache(trx, payDate);

  const now = new Date().toISOString();
  const rows: Insertable<PrChequesTable>[] = [];
  const nets = new Map<string, Decimal>();
  for (const employee of employees) {
    const id = employee.employee_id;
    if (!transactionIds.has(id)) continue;
    const sums = paySums(trx, linesOf.get(id) ?? []);
    const before = ytd.get(id) ?? NO_YTD;
    try {
      const party = { employee, level: employee.union_level_id ? levels.get(employee.union_level_id) : undefined, wsibGroup: employee.wsib_group_id ? groups.get(employee.wsib_group_id) : undefined };
      const computed = payFigures(trx, await tablesOf(String(employee.tax_province)), party, sums, before);
      rows.push(chequeRow(trx, employee, payDate, sums, before, computed, userId, now));
      nets.set(id, computed.figures.net);
    } catch (error) {
      if (!(error instanceof BusinessError)) throw error;
      outcomes.set(id, error);
    }
  }
  if (rows.length === 0) return outcomes;
  for (let start = 0; start < rows.length; start += 200) {
    const inserted = await trx.insertInto('pr_cheques').values(rows.slice(start, start + 200)).returning(['cheque_id', 'employee_id']).execute();
    for (const row of inserted) outcomes.set(String(row.employee_id), { chequeId: Number(row.cheque_id), net: nets.get(String(row.employee_id))! });
  }
  // Each transaction to its employee's new cheque (the greatest of the pay date: the one just written).
  const prepared = rows.flatMap((row) => transactionIds.get(String(row.employee_id)) ?? []);
  for (let start = 0; start < prepared.length; start += 1000) {
    const part = prepared.slice(start, start + 1000);
    const marked = await trx
      .updateTable('pr_transactions as t')
      .set((eb) => ({
        status: 'Prepared',
        cheque_id: eb
          .selectFrom('pr_cheques as c')
          .select((inner) => inner.fn.max('c.cheque_id').as('cheque_id'))
          .whereRef('c.employee_id', '=', 't.employee_id')
          .where('c.pay_date', '=', payDate)
          .where('c.status', '=', 'Prepared'),
        updated_by: userId,
        updated_on: now,
        version: eb('t.version', '+', 1),
      }))
      .where('t.transaction_id', 'in', part)
      .where('t.status', '=', 'Entered')
      .executeTakeFirst();
    changedExactly(marked, part.length);
  }
  return outcomes;
}

/** Prepares the pay of one employee for one pay date; null when the employee has no Entered transaction then. */
export async function prepareCheque(trx: PrTransaction, employeeId: string, payDate: string, userId: string): Promise<{ chequeId: number; net: Decimal } | null> {
  const outcome = (await prepareCheques(trx, [employeeId], payDate, userId)).get(employeeId) ?? null;
  if (outcome instanceof BusinessError) throw outcome;
  return outcome;
}

/** The bank account a pay run is paid from, with its EFT details. */
async function bankOf(trx: PrTransaction, bankAccountId: string) {
  const bank = await trx.selectFrom('bank_accounts').selectAll().where('bank_account_id', '=', bankAccountId).executeTakeFirst();
  if (!bank) throw BusinessError.of(400, 'validation_failed', 'pr:rules.bankUnknown', { bank: bankAccountId }, 'BankAccountId');
  return bank;
}

/**
 * Pays the Prepared cheques of a pay date (all or `chequeIds`): cheque numbers from `firstChequeNo` for those
 * paid by cheque, one CPA-005 file for the direct deposits. Answers how many of each.
 */
export async function payCheques(
  trx: PrTransaction,
  options: { payDate: string; bankAccountId: string; firstChequeNo: number; chequeIds?: readonly number[]; userId: string },
): Promise<{ cheques: number; deposits: number; fileId: number | null }> {
  await assertYearOpen(trx, options.payDate);
  const bank = await bankOf(trx, options.bankAccountId);
  let query = trx.selectFrom('pr_cheques').selectAll().where('pay_date', '=', options.payDate).where('status', '=', 'Prepared');
  if (options.chequeIds) query = query.where('cheque_id', 'in', options.chequeIds.length > 0 ? [...options.chequeIds] : [-1]);
  const rows = await query.orderBy('employee_id').execute();
  const now = new Date().toISOString();
  const byCheque = rows.filter((row) => row.payment_method !== 'Deposit');
  const deposits = rows.filter((row) => row.payment_method === 'Deposit');
  if (byCheque.length > 0) {
    const last = options.firstChequeNo + byCheque.length - 1;
    const used = await trx
      .selectFrom('pr_cheques')
      .select('cheque_no')
      .where('bank_account_id', '=', options.bankAccountId)
      .where('cheque_no', '>=', options.firstChequeNo)
      .where('cheque_no', '<=', last)
      .executeTakeFirst();
    if (used) throw BusinessError.of(409, 'cheque_number_used', 'pr:rules.chequeNumberUsed', { number: Number(used.cheque_no) }, 'FirstChequeNo');
  }
  for (const [index, row] of byCheque.entries()) {
    const paid = await trx
      .updateTable('pr_cheques')
      .set((eb) => ({ status: 'Paid', bank_account_id: options.bankAccountId, cheque_no: options.firstChequeNo + index, updated_by: options.userId, updated_on: now, version: eb('version', '+', 1) }))
      .where('cheque_id', '=', row.cheque_id)
      .where('status', '=', 'Prepared')
      .executeTakeFirst();
    changedExactly(paid, 1);
  }
  let fileId: number | null = null;
  if (deposits.length > 0) {
    const routing = digits(bank.institution_transit);
    const originatorId = String(bank.eft_originator_id ?? '');
    if (!originatorId || routing.length !== 8) throw BusinessError.of(400, 'validation_failed', 'pr:rules.bankNoEft', { bank: options.bankAccountId }, 'BankAccountId');
    const employees = await trx
      .selectFrom('pr_employees')
      .select(['employee_id', 'bank_institution', 'bank_transit', 'bank_account'])
      .where('employee_id', 'in', deposits.map((row) => String(row.employee_id)))
      .execute();
    const banks = new Map(employees.map((row) => [row.employee_id, row]));
    const payments = deposits.map((row) => {
      const details = banks.get(String(row.employee_id));
      if (!details?.bank_account) throw BusinessError.of(400, 'validation_failed', 'pr:rules.bankRequired', { employee: row.employee_id }, 'BankAccount');
      return {
        chequeId: row.cheque_id,
        vendorId: String(row.employee_id),
        vendorName: String(row.employee_name),
        amount: money(trx, row.net),
        institution: String(details.bank_institution),
        transit: String(details.bank_transit),
        account: details.bank_account,
      };
    });
    const previous = await trx.selectFrom('pr_deposit_files').select((eb) => eb.fn.max('file_creation_no').as('last')).where('bank_account_id', '=', options.bankAccountId).executeTakeFirst();
    const fileCreationNo = (Number(previous?.last ?? 0) % 9999) + 1;
    // CPA transaction code 200: payroll deposit (DOMAIN-NOTES §7.2).
    const content = cpa005({
      originatorId,
      fileCreationNo,
      date: options.payDate,
      ...(await originatorOf(trx, bank)),
      transactionCode: '200',
      payments,
    });
    const total = sum(payments.map((payment) => payment.amount), 2);
    const file = await trx
      .insertInto('pr_deposit_files')
      .values({ bank_account_id: options.bankAccountId, file_creation_no: fileCreationNo, pay_date: options.payDate, created_on: now, created_by: options.userId, total: toDb(trx, total), deposits: payments.length, content })
      .returning('file_id')
      .executeTakeFirstOrThrow();
    fileId = file.file_id;
    const paid = await trx
      .updateTable('pr_cheques')
      .set((eb) => ({ status: 'Paid', bank_account_id: options.bankAccountId, deposit_file_id: fileId, updated_by: options.userId, updated_on: now, version: eb('version', '+', 1) }))
      .where('cheque_id', 'in', deposits.map((row) => row.cheque_id))
      .where('status', '=', 'Prepared')
      .executeTakeFirst();
    changedExactly(paid, deposits.length);
  }
  return { cheques: byCheque.length, deposits: deposits.length, fileId };
}

/** PR GL integration accounts (sub-ledger PR). */
async function integration(trx: PrTransaction): Promise<Map<string, string>> {
  const rows = await trx.selectFrom('gl_integration').select(['transaction_type', 'account_id']).where('sub_ledger', '=', 'PR').execute();
  return new Map(rows.map((row) => [String(row.transaction_type), String(row.account_id)]));
}

/** The journal lines of a set of cheques (signed: debit +); `sign` −1 reverses them. */
export async function journalLines(trx: PrTransaction, cheques: readonly PrChequeRow[], sign: 1 | -1): Promise<PostingLine[]> {
  const accounts = await integration(trx);
  const account = (type: string) => {
    const id = accounts.get(type);
    if (!id) throw BusinessError.of(409, 'no_integration', 'pr:rules.noIntegration', { type }, '');
    return id;
  };
  const totals = new Map<string, Decimal>();
  const book = (accountId: string, amount: Decimal) => {
    if (isZero(amount)) return;
    totals.set(accountId, add(totals.get(accountId) ?? '0.00', sign === 1 ? amount : neg(amount)));
  };
  const total = (column: Amount) => sum(cheques.map((row) => money(trx, row[column])), 2);
  // Earnings and deduction codes by their own accounts: Dr gross by earnings account, Cr each deduction code.
  const ids = cheques.map((row) => row.cheque_id);
  const lines = await trx
    .selectFrom('pr_transaction_lines as l')
    .innerJoin('pr_transactions as t', 't.transaction_id', 'l.transaction_id')
    .innerJoin('pr_codes as c', 'c.code_id', 'l.code_id')
    .select(['c.kind', 'c.account_id', 'l.amount'])
    .where('t.cheque_id', 'in', ids.length > 0 ? ids : [-1])
    .execute();
  for (const line of lines) {
    const amount = money(trx, line.amount);
    book(String(line.account_id), line.kind === 'Deduction' ? neg(amount) : amount);
  }
  const employerPension = total('employer_cpp');
  book(account('EMPLOYER-COSTS'), sum([employerPension, total('employer_ei'), total('employer_qpip')], 2));
  book(account('WSIB-EXPENSE'), total('employer_wsib'));
  book(account('UNION-EXPENSE'), total('employer_union'));
  book(account('PENSION-PAYABLE'), neg(sum([total('cpp'), total('cpp2'), total('qpp'), total('qpp2'), employerPension], 2)));
  book(account('EI-PAYABLE'), neg(add(total('ei'), total('employer_ei'))));
  book(account('QPIP-PAYABLE'), neg(add(total('qpip'), total('employer_qpip'))));
  book(account('TAX-PAYABLE'), neg(add(total('federal_tax'), total('provincial_tax'))));
  book(account('UNION-PAYABLE'), neg(add(total('union_dues'), total('employer_union'))));
  book(account('WSIB-PAYABLE'), neg(total('employer_wsib')));
  // Net pay from the bank each cheque was paid from (its G/L account), else PR PAYROLL-BANK.
  const banks = new Map<string, Decimal>();
  for (const row of cheques) {
    const bank = row.bank_account_id ?? '';
    banks.set(bank, add(banks.get(bank) ?? '0.00', money(trx, row.net)));
  }
  for (const [bank, net] of banks) {
    const found = bank ? await trx.selectFrom('bank_accounts').select('gl_account_id').where('bank_account_id', '=', bank).executeTakeFirst() : undefined;
    book(found ? String(found.gl_account_id) : account('PAYROLL-BANK'), neg(net));
  }
  return [...totals.entries()].filter(([, amount]) => !isZero(amount)).map(([accountId, amount]) => ({ accountId, amount }));
}

/** Posts the Paid cheques of a pay date as one payroll journal; answers the journal and the run's totals. */
export async function postPayRun(trx: PrTransaction, payDate: string, userId: string): Promise<{ journalId: number; cheques: number; gross: Decimal; net: Decimal } | null> {
  const cheques = await trx.selectFrom('pr_cheques').selectAll().where('pay_date', '=', payDate).where('status', '=', 'Paid').orderBy('cheque_id').execute();
  if (cheques.length === 0) return null;
  const lines = await journalLines(trx, cheques, 1);
  const posted = await trx.selectFrom('pr_cheques').select('journal_id').where('pay_date', '=', payDate).where('journal_id', 'is not', null).groupBy('journal_id').execute();
  const result = await post(trx, {
    source: 'PR',
    subLedger: 'pr',
    dataType: 'Actual',
    date: payDate,
    documentNo: `PR${payDate.replace(/-/g, '')}-${posted.length + 1}`,
    // The date is the journal's own (and its number's): the words stay free of a date a screen would show unformatted.
    description: 'Payroll run',
    origin: { type: 'pr-pay-run', id: payDate },
    lines,
    userId,
  });
  const now = new Date().toISOString();
  const marked = await trx
    .updateTable('pr_cheques')
    .set((eb) => ({ status: 'Posted', journal_id: result.journalId, updated_by: userId, updated_on: now, version: eb('version', '+', 1) }))
    .where('cheque_id', 'in', cheques.map((row) => row.cheque_id))
    .where('status', '=', 'Paid')
    .executeTakeFirst();
  changedExactly(marked, cheques.length);
  const gross = sum(cheques.map((row) => money(trx, row.gross)), 2);
  const net = sum(cheques.map((row) => money(trx, row.net)), 2);
  return { journalId: result.journalId, cheques: cheques.length, gross, net };
}

/** Cancels one cheque (see the header); a posted one is reversed on `date` (default its pay date). */
export async function cancelCheque(trx: PrTransaction, cheque: PrChequeRow, userId: string, date?: string): Promise<number | null> {
  let journalId: number | null = null;
  if (cheque.status === 'Posted') {
    const lines = await journalLines(trx, [cheque], -1);
    const when = date ?? String(cheque.pay_date);
    const result = await post(trx, {
      source: 'PR',
      subLedger: 'pr',
      dataType: 'Actual',
      date: when,
      documentNo: `PRX${cheque.cheque_id}`,
      description: `Payroll cheque ${cheque.cheque_no ?? cheque.cheque_id} cancelled`,
      origin: { type: 'pr-cheque', id: String(cheque.cheque_id) },
      lines,
      reversalOf: null,
      userId,
    });
    journalId = result.journalId;
  }
  const now = new Date().toISOString();
  await trx
    .updateTable('pr_transactions')
    .set((eb) => ({ status: 'Entered', cheque_id: null, updated_by: userId, updated_on: now, version: eb('version', '+', 1) }))
    .where('cheque_id', '=', cheque.cheque_id)
    .execute();
  return journalId;
}
