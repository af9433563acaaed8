/**
 * The pay run (issue 29 item 4), each step in the caller's transaction:
 * 1. `prepareCheque` (cheque preparation): an employee's Entered transactions of a pay date → one `pr_cheques`
 *    row with every deduction (deductions.ts, the tables in force on the pay date, the year to date of the
 *    employee's uncancelled cheques of that calendar year), the employer's costs and the inputs used; the
 *    transactions become Prepared.
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
import { add, isNegative, isZero, mul, neg, sub, sum, type Decimal } from '@erp/shared/decimal';
import { BusinessError } from '@erp/server/entities/call-result';
import { decimalFromDb, decimalToDb } from '@erp/server/db/decimal-codec';
import type { AnyTransaction } from '@erp/server/entities/hooks';
import { post, type PostingLine } from '@erp/modules/gl/server/ledger/posting';
import { cpa005 } from '@erp/modules/ap/server/eft';
import { computePay, loadTables, MissingRateError, type PayResult } from './deductions.ts';

type Row = Record<string, unknown>;

const flag = (raw: unknown) => raw === true || raw === 1 || raw === '1' || raw === 't';
const money = (trx: AnyTransaction, raw: unknown, scale = 2): Decimal => decimalFromDb(trx, raw, scale) ?? (scale === 2 ? '0.00' : '0');
const toDb = (trx: AnyTransaction, value: Decimal, scale = 2) => decimalToDb(trx, value, scale);

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
] as const;
type Amount = (typeof CHEQUE_AMOUNTS)[number];
export type ChequeFigures = Record<Amount, Decimal>;

/** A closed payroll year (year end) refuses every pay dated in it. */
export async function assertYearOpen(trx: AnyTransaction, payDate: string): Promise<void> {
  const year = Number(payDate.slice(0, 4));
  const closed = await trx.selectFrom('pr_year_ends').select('year').where('year', '=', year).executeTakeFirst();
  if (closed) throw BusinessError.of(409, 'year_closed', 'pr:rules.yearClosed', { year }, 'PayDate');
}

/** Year-to-date figures of an employee's uncancelled cheques in the pay date's calendar year. */
async function yearToDate(trx: AnyTransaction, employeeId: string, payDate: string): Promise<Record<string, Decimal>> {
  const year = payDate.slice(0, 4);
  const rows = (await trx
    .selectFrom('pr_cheques')
    .select(['cpp', 'cpp2', 'qpp', 'qpp2', 'ei', 'qpip', 'pensionable', 'employer_qpip', 'wsib_insurable'])
    .where('employee_id', '=', employeeId)
    .where('pay_date', '>=', `${year}-01-01`)
    .where('pay_date', '<=', `${year}-12-31`)
    .where('status', '<>', 'Cancelled')
    .execute()) as Row[];
  const total = (column: string) => sum(rows.map((row) => money(trx, row[column])), 2);
  return {
    pension: add(total('cpp'), total('qpp')),
    pension2: add(total('cpp2'), total('qpp2')),
    pensionable: total('pensionable'),
    ei: total('ei'),
    qpip: total('qpip'),
    employerQpip: total('employer_qpip'),
    wsibInsurable: total('wsib_insurable'),
  };
}

/** Prepares the pay of one employee for one pay date; null when the employee has no Entered transaction then. */
export async function prepareCheque(trx: AnyTransaction, employeeId: string, payDate: string, userId: string): Promise<{ chequeId: number; net: Decimal } | null> {
  await assertYearOpen(trx, payDate);
  const employee = (await trx.selectFrom('pr_employees').selectAll().where('employee_id', '=', employeeId).executeTakeFirst()) as Row | undefined;
  if (!employee) return null;
  const transactions = (await trx.selectFrom('pr_transactions').select(['transaction_id']).where('employee_id', '=', employeeId).where('pay_date', '=', payDate).where('status', '=', 'Entered').execute()) as Row[];
  if (transactions.length === 0) return null;
  const ids = transactions.map((row) => Number(row['transaction_id']));
  const lines = (await trx
    .selectFrom('pr_transaction_lines as l')
    .innerJoin('pr_codes as c', 'c.code_id', 'l.code_id')
    .select(['l.hours', 'l.amount', 'c.kind', 'c.taxable', 'c.pensionable', 'c.insurable', 'c.insurable_hours', 'c.t4_box'])
    .where('l.transaction_id', 'in', ids)
    .execute()) as Row[];

  let gross: Decimal = '0.00';
  let taxable: Decimal = '0.00';
  let pensionable: Decimal = '0.00';
  let insurable: Decimal = '0.00';
  let hours: Decimal = '0.0000';
  let insurableHours: Decimal = '0.0000';
  let rpp: Decimal = '0.00';
  let other: Decimal = '0.00';
  for (const line of lines) {
    const amount = money(trx, line['amount']);
    const lineHours = money(trx, line['hours'], 4);
    if (line['kind'] === 'Deduction') {
      // An RPP contribution (T4 box 20) is deducted before tax; any other deduction after it.
      if (line['t4_box'] === '20') rpp = add(rpp, amount);
      else other = add(other, amount);
      continue;
    }
    gross = add(gross, amount);
    hours = add(hours, lineHours);
    if (flag(line['taxable'])) taxable = add(taxable, amount);
    if (flag(line['pensionable'])) pensionable = add(pensionable, amount);
    if (flag(line['insurable'])) insurable = add(insurable, amount);
    if (flag(line['insurable_hours'])) insurableHours = add(insurableHours, lineHours);
  }

  // Union dues and the employer's contributions by the employee's level (DOMAIN-NOTES §1.8).
  let unionDues: Decimal = '0.00';
  let employerUnion: Decimal = '0.00';
  if (employee['union_level_id']) {
    const level = (await trx.selectFrom('pr_union_levels').selectAll().where('level_id', '=', String(employee['union_level_id'])).executeTakeFirst()) as Row | undefined;
    if (level) {
      unionDues = add(mul(money(trx, level['dues_per_hour'], 4), hours, 2), mul(gross, mul(money(trx, level['dues_percent'], 6), '0.01', 8), 2));
      employerUnion = mul(add(money(trx, level['employer_health_per_hour'], 4), money(trx, level['employer_pension_per_hour'], 4)), hours, 2);
    }
  }
  let wsib: { ratePer100: Decimal; maxInsurable: Decimal } | null = null;
  if (flag(employee['apply_wsib']) && employee['wsib_group_id']) {
    const group = (await trx.selectFrom('pr_wsib_groups').selectAll().where('group_id', '=', String(employee['wsib_group_id'])).executeTakeFirst()) as Row | undefined;
    if (group) wsib = { ratePer100: money(trx, group['rate_per100'], 4), maxInsurable: money(trx, group['max_insurable_earnings']) };
  }

  const province = String(employee['tax_province']);
  const tables = await loadTables(trx, payDate, province === 'QC' ? ['CA', 'QC'] : ['CA', province]);
  const ytd = await yearToDate(trx, employeeId, payDate);
  let result: PayResult;
  try {
    result = computePay(tables, {
      province,
      periods: Number(employee['pay_frequency'] ?? 26),
      taxable,
      pensionable,
      insurable,
      hours,
      rpp,
      unionDues,
      federalClaim: decimalFromDb(trx, employee['federal_claim'], 2),
      provincialClaim: decimalFromDb(trx, employee['provincial_claim'], 2),
      additionalTax: money(trx, employee['additional_tax']),
      cppExempt: flag(employee['cpp_exempt']),
      eiExempt: flag(employee['ei_exempt']),
      ppipExempt: flag(employee['ppip_exempt']),
      wsib,
      ytd: { pension: ytd['pension']!, pension2: ytd['pension2']!, pensionable: ytd['pensionable']!, ei: ytd['ei']!, qpip: ytd['qpip']!, employerQpip: ytd['employerQpip']!, wsibInsurable: ytd['wsibInsurable']! },
    });
  } catch (error) {
    if (error instanceof MissingRateError) throw BusinessError.of(409, 'no_tables', 'pr:rules.noTables', { jurisdiction: error.jurisdiction, item: error.item, date: payDate }, 'PayDate');
    throw error;
  }
  const deductions = [result.cpp, result.cpp2, result.qpp, result.qpp2, result.ei, result.qpip, result.federalTax, result.provincialTax, unionDues, other, rpp];
  const net = sub(gross, sum(deductions, 2));
  if (isNegative(net)) throw BusinessError.of(409, 'negative_net', 'pr:rules.negativeNet', { employee: employeeId }, 'EmployeeId');

  const figures: ChequeFigures = {
    gross,
    taxable,
    pensionable,
    insurable,
    cpp: result.cpp,
    cpp2: result.cpp2,
    qpp: result.qpp,
    qpp2: result.qpp2,
    ei: result.ei,
    qpip: result.qpip,
    federal_tax: result.federalTax,
    provincial_tax: result.provincialTax,
    union_dues: unionDues,
    other_deductions: other,
    rpp,
    net,
    employer_cpp: result.employerCpp,
    employer_ei: result.employerEi,
    employer_qpip: result.employerQpip,
    employer_wsib: result.employerWsib,
    employer_union: employerUnion,
    wsib_insurable: result.wsibInsurable,
  };
  const now = new Date().toISOString();
  // The inputs used, so the pay can be reproduced after the tables change (DOMAIN-NOTES §1.2 pay-run audit).
  const inputs = JSON.stringify({ edition: result.edition, periods: Number(employee['pay_frequency'] ?? 26), ytd, annual: result.annual, wsib, hours });
  const inserted = await trx
    .insertInto('pr_cheques')
    .values({
      employee_id: employeeId,
      employee_name: `${String(employee['first_name'])} ${String(employee['last_name'])}`.slice(0, 90),
      pay_date: payDate,
      province,
      status: 'Prepared',
      payment_method: String(employee['payment_method'] ?? 'Cheque'),
      hours: toDb(trx, hours, 4),
      insurable_hours: toDb(trx, insurableHours, 4),
      ...Object.fromEntries(CHEQUE_AMOUNTS.map((column) => [column, toDb(trx, figures[column])])),
      edition: result.edition,
      inputs: inputs.slice(0, 4000),
      created_by: userId,
      created_on: now,
      updated_by: userId,
      updated_on: now,
      version: 1,
    })
    .returning('cheque_id')
    .executeTakeFirstOrThrow();
  const chequeId = Number((inserted as Row)['cheque_id']);
  await trx
    .updateTable('pr_transactions')
    .set((eb) => ({ status: 'Prepared', cheque_id: chequeId, updated_by: userId, updated_on: now, version: eb('version', '+', 1) }))
    .where('transaction_id', 'in', ids)
    .execute();
  return { chequeId, net };
}

/** The bank account a pay run is paid from, with its EFT details. */
async function bankOf(trx: AnyTransaction, bankAccountId: string): Promise<Row> {
  const bank = (await trx.selectFrom('bank_accounts').selectAll().where('bank_account_id', '=', bankAccountId).executeTakeFirst()) as Row | undefined;
  if (!bank) throw BusinessError.of(400, 'validation_failed', 'pr:rules.bankUnknown', { bank: bankAccountId }, 'BankAccountId');
  return bank;
}

const digits = (value: unknown) => String(value ?? '').replace(/[^0-9]/g, '');

/**
 * Pays the Prepared cheques of a pay date (all or `chequeIds`): cheque numbers from `firstChequeNo` for those
 * paid by cheque, one CPA-005 file for the direct deposits. Answers how many of each.
 */
export async function payCheques(
  trx: AnyTransaction,
  options: { payDate: string; bankAccountId: string; firstChequeNo: number; chequeIds?: readonly number[]; userId: string },
): Promise<{ cheques: number; deposits: number; fileId: number | null }> {
  await assertYearOpen(trx, options.payDate);
  const bank = await bankOf(trx, options.bankAccountId);
  let query = trx.selectFrom('pr_cheques').selectAll().where('pay_date', '=', options.payDate).where('status', '=', 'Prepared');
  if (options.chequeIds) query = query.where('cheque_id', 'in', options.chequeIds.length > 0 ? [...options.chequeIds] : [-1]);
  const rows = (await query.orderBy('employee_id').execute()) as Row[];
  const now = new Date().toISOString();
  const byCheque = rows.filter((row) => row['payment_method'] !== 'Deposit');
  const deposits = rows.filter((row) => row['payment_method'] === 'Deposit');
  if (byCheque.length > 0) {
    const last = options.firstChequeNo + byCheque.length - 1;
    const used = await trx
      .selectFrom('pr_cheques')
      .select('cheque_no')
      .where('bank_account_id', '=', options.bankAccountId)
      .where('cheque_no', '>=', options.firstChequeNo)
      .where('cheque_no', '<=', last)
      .executeTakeFirst();
    if (used) throw BusinessError.of(409, 'cheque_number_used', 'pr:rules.chequeNumberUsed', { number: Number((used as Row)['cheque_no']) }, 'FirstChequeNo');
  }
  for (const [index, row] of byCheque.entries()) {
    await trx
      .updateTable('pr_cheques')
      .set((eb) => ({ status: 'Paid', bank_account_id: options.bankAccountId, cheque_no: options.firstChequeNo + index, updated_by: options.userId, updated_on: now, version: eb('version', '+', 1) }))
      .where('cheque_id', '=', Number(row['cheque_id']))
      .execute();
  }
  let fileId: number | null = null;
  if (deposits.length > 0) {
    const routing = digits(bank['institution_transit']);
    const originatorId = String(bank['eft_originator_id'] ?? '');
    if (!originatorId || routing.length !== 8) throw BusinessError.of(400, 'validation_failed', 'pr:rules.bankNoEft', { bank: options.bankAccountId }, 'BankAccountId');
    const employees = (await trx
      .selectFrom('pr_employees')
      .select(['employee_id', 'bank_institution', 'bank_transit', 'bank_account'])
      .where('employee_id', 'in', deposits.map((row) => String(row['employee_id'])))
      .execute()) as Row[];
    const banks = new Map(employees.map((row) => [String(row['employee_id']), row]));
    const payments = deposits.map((row) => {
      const details = banks.get(String(row['employee_id']));
      if (!details?.['bank_account']) throw BusinessError.of(400, 'validation_failed', 'pr:rules.bankRequired', { employee: row['employee_id'] }, 'BankAccount');
      return {
        chequeId: Number(row['cheque_id']),
        vendorId: String(row['employee_id']),
        vendorName: String(row['employee_name']),
        amount: money(trx, row['net']),
        institution: String(details['bank_institution']),
        transit: String(details['bank_transit']),
        account: String(details['bank_account']),
      };
    });
    const previous = await trx.selectFrom('pr_deposit_files').select((eb) => eb.fn.max('file_creation_no').as('last')).where('bank_account_id', '=', options.bankAccountId).executeTakeFirst();
    const fileCreationNo = (Number((previous as Row | undefined)?.['last'] ?? 0) % 9999) + 1;
    const company = (await trx.selectFrom('companies').select('name').orderBy('is_default', 'desc').orderBy('company_id').limit(1).executeTakeFirst()) as Row | undefined;
    const longName = String(company?.['name'] ?? bank['name'] ?? '');
    // CPA transaction code 200: payroll deposit (DOMAIN-NOTES §7.2).
    const content = cpa005({
      originatorId,
      fileCreationNo,
      date: options.payDate,
      dataCentre: routing.slice(0, 3),
      currency: String(bank['currency_code'] ?? 'CAD'),
      shortName: longName.slice(0, 15),
      longName,
      returnInstitution: `0${routing}`,
      returnAccount: digits(bank['account_number']),
      transactionCode: '200',
      payments,
    });
    const total = sum(payments.map((payment) => payment.amount), 2);
    const file = await trx
      .insertInto('pr_deposit_files')
      .values({ bank_account_id: options.bankAccountId, file_creation_no: fileCreationNo, pay_date: options.payDate, created_on: now, created_by: options.userId, total: toDb(trx, total), deposits: payments.length, content })
      .returning('file_id')
      .executeTakeFirstOrThrow();
    fileId = Number((file as Row)['file_id']);
    await trx
      .updateTable('pr_cheques')
      .set((eb) => ({ status: 'Paid', bank_account_id: options.bankAccountId, deposit_file_id: fileId, updated_by: options.userId, updated_on: now, version: eb('version', '+', 1) }))
      .where('cheque_id', 'in', deposits.map((row) => Number(row['cheque_id'])))
      .execute();
  }
  return { cheques: byCheque.length, deposits: deposits.length, fileId };
}

/** PR GL integration accounts (sub-ledger PR). */
async function integration(trx: AnyTransaction): Promise<Map<string, string>> {
  const rows = (await trx.selectFrom('gl_integration').select(['transaction_type', 'account_id']).where('sub_ledger', '=', 'PR').execute()) as Row[];
  return new Map(rows.map((row) => [String(row['transaction_type']), String(row['account_id'])]));
}

/** The journal lines of a set of cheques (signed: debit +); `sign` −1 reverses them. */
export async function journalLines(trx: AnyTransaction, cheques: readonly Row[], sign: 1 | -1): Promise<PostingLine[]> {
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
  const ids = cheques.map((row) => Number(row['cheque_id']));
  const lines = (await trx
    .selectFrom('pr_transaction_lines as l')
    .innerJoin('pr_transactions as t', 't.transaction_id', 'l.transaction_id')
    .innerJoin('pr_codes as c', 'c.code_id', 'l.code_id')
    .select(['c.kind', 'c.account_id', 'l.amount'])
    .where('t.cheque_id', 'in', ids.length > 0 ? ids : [-1])
    .execute()) as Row[];
  for (const line of lines) {
    const amount = money(trx, line['amount']);
    book(String(line['account_id']), line['kind'] === 'Deduction' ? neg(amount) : amount);
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
    const bank = String(row['bank_account_id'] ?? '');
    banks.set(bank, add(banks.get(bank) ?? '0.00', money(trx, row['net'])));
  }
  for (const [bank, net] of banks) {
    const found = bank ? ((await trx.selectFrom('bank_accounts').select('gl_account_id').where('bank_account_id', '=', bank).executeTakeFirst()) as Row | undefined) : undefined;
    book(found ? String(found['gl_account_id']) : account('PAYROLL-BANK'), neg(net));
  }
  return [...totals.entries()].filter(([, amount]) => !isZero(amount)).map(([accountId, amount]) => ({ accountId, amount }));
}

/** Posts the Paid cheques of a pay date as one payroll journal; answers the journal and the run's totals. */
export async function postPayRun(trx: AnyTransaction, payDate: string, userId: string): Promise<{ journalId: number; cheques: number; gross: Decimal; net: Decimal } | null> {
  const cheques = (await trx.selectFrom('pr_cheques').selectAll().where('pay_date', '=', payDate).where('status', '=', 'Paid').orderBy('cheque_id').execute()) as Row[];
  if (cheques.length === 0) return null;
  const lines = await journalLines(trx, cheques, 1);
  const posted = await trx.selectFrom('pr_cheques').select('journal_id').where('pay_date', '=', payDate).where('journal_id', 'is not', null).groupBy('journal_id').execute();
  const result = await post(trx, {
    source: 'PR',
    subLedger: 'pr',
    dataType: 'Actual',
    date: payDate,
    documentNo: `PR${payDate.replace(/-/g, '')}-${posted.length + 1}`,
    description: `Payroll ${payDate}`,
    origin: { type: 'pr-pay-run', id: payDate },
    lines,
    userId,
  });
  const now = new Date().toISOString();
  await trx
    .updateTable('pr_cheques')
    .set((eb) => ({ status: 'Posted', journal_id: result.journalId, updated_by: userId, updated_on: now, version: eb('version', '+', 1) }))
    .where('cheque_id', 'in', cheques.map((row) => Number(row['cheque_id'])))
    .execute();
  const gross = sum(cheques.map((row) => money(trx, row['gross'])), 2);
  const net = sum(cheques.map((row) => money(trx, row['net'])), 2);
  return { journalId: result.journalId, cheques: cheques.length, gross, net };
}

/** Cancels one cheque (see the header); a posted one is reversed on `date` (default its pay date). */
export async function cancelCheque(trx: AnyTransaction, cheque: Row, userId: string, date?: string): Promise<number | null> {
  let journalId: number | null = null;
  if (cheque['status'] === 'Posted') {
    const lines = await journalLines(trx, [cheque], -1);
    const when = date ?? String(cheque['pay_date']);
    const result = await post(trx, {
      source: 'PR',
      subLedger: 'pr',
      dataType: 'Actual',
      date: when,
      documentNo: `PRX${String(cheque['cheque_id'])}`,
      description: `Payroll cheque ${String(cheque['cheque_no'] ?? cheque['cheque_id'])} cancelled`,
      origin: { type: 'pr-cheque', id: String(cheque['cheque_id']) },
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
    .where('cheque_id', '=', Number(cheque['cheque_id']))
    .execute();
  return journalId;
}
