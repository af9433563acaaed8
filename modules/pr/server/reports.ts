/**
 * Queries of the payroll reports (definitions modules/pr/definitions/reports.ts). Cheques count unless
 * Cancelled. T4 boxes (DOMAIN-NOTES §1.7): 14 gross employment income; 16/16A CPP/CPP2, 17/17A QPP/QPP2; 18
 * EI; 20 RPP; 22 income tax (federal, and the province's outside Québec); 24 EI insurable earnings (to the
 * maximum insurable earnings, 0 when none); 26 pensionable earnings (to the YMPE, 0 when none); 44 union dues;
 * 55/56 QPIP premiums and insurable earnings; 74/75 past service (from the employee). RL-1 boxes (Québec
 * pays only): A gross; B.A/B.B QPP/QPP2; C EI; D RPP; E Québec income tax; F union dues; G pensionable salary
 * (to the YMPE, as box 26); H/I QPIP premiums and eligible salary (to its maximum). The caps come from the
 * statutory tables in force on December 31 of the year.
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { decimalToDb } from '@erp/server/db/decimal-codec';
import type { ReportContext, ServerReport } from '@erp/server/reports/engine';
import type { ReportParameterError } from '@erp/shared/reports/define';
import { RL1_ALWAYS, RL1_BOXES, RL1_TOTALS, SLIP_ALWAYS, SLIP_BOXES, SLIP_TOTALS, boxField, compensationReport, employeeInquiry, journalPrinting, remittanceReport, rl1Report, rl1Slips, roeReport, t4Report, t4Slips, yearToDateList } from '../definitions/reports.ts';
import { loadTables, rateOf } from './deductions.ts';
import { remittingPeriods, type RemitterType } from './remitting.ts';
import { PAY_PERIOD_TYPES } from './roe-xml.ts';
import { prDb, type PrDatabase } from './tables.generated.ts';

/** The uncancelled cheques paid from `from` to `to`. */
const live = (ctx: ReportContext, from: string, to: string) =>
  prDb(ctx.db).selectFrom('pr_cheques as c').where('c.status', '<>', 'Cancelled').where('c.pay_date', '>=', from).where('c.pay_date', '<=', to);
const sumOf = (column: string) => sql<string>`coalesce(sum(${sql.ref(column)}), 0)`;

/** The pay columns of a cheque and their report fields. */
const PAY_SUMS = [
  ['gross', 'Gross'],
  ['cpp', 'Cpp'],
  ['cpp2', 'Cpp2'],
  ['qpp', 'Qpp'],
  ['qpp2', 'Qpp2'],
  ['ei', 'Ei'],
  ['qpip', 'Qpip'],
  ['federal_tax', 'FederalTax'],
  ['provincial_tax', 'ProvincialTax'],
  ['union_dues', 'UnionDues'],
  ['other_deductions', 'OtherDeductions'],
  ['net', 'Net'],
] as const;

const inquiry: ServerReport = {
  def: employeeInquiry,
  rows(ctx) {
    return prDb(ctx.db)
      .selectFrom('pr_cheques as c')
      .where('c.employee_id', '=', String(ctx.params['EmployeeId']))
      .where('c.pay_date', '>=', String(ctx.params['StartDate']))
      .where('c.pay_date', '<=', String(ctx.params['EndDate']))
      .select(['c.pay_date as PayDate', 'c.cheque_no as ChequeNo', 'c.status as Status', 'c.hours as Hours', ...PAY_SUMS.map(([column, field]) => `c.${column} as ${field}` as const), 'c.cheque_id as ChequeId']);
  },
};

const yearRange = (ctx: ReportContext): [string, string] => [`${Number(ctx.params['Year'])}-01-01`, `${Number(ctx.params['Year'])}-12-31`];

const ytd: ServerReport = {
  def: yearToDateList,
  rows(ctx) {
    const [from, to] = yearRange(ctx);
    return live(ctx, from, to)
      .select([
        'c.employee_id as EmployeeId',
        sql<string>`max(c.employee_name)`.as('EmployeeName'),
        sql<string>`max(c.province)`.as('Province'),
        sql<number>`count(*)`.as('Cheques'),
        ...PAY_SUMS.map(([column, field]) => sumOf(`c.${column}`).as(field)),
      ])
      .groupBy('c.employee_id');
  },
};

const compensation: ServerReport = {
  def: compensationReport,
  rows(ctx) {
    return live(ctx, String(ctx.params['StartDate']), String(ctx.params['EndDate']))
      .select([
        'c.employee_id as EmployeeId',
        sql<string>`max(c.employee_name)`.as('EmployeeName'),
        sumOf('c.hours').as('Hours'),
        sumOf('c.gross').as('Gross'),
        sumOf('c.employer_cpp').as('EmployerCpp'),
        sumOf('c.employer_ei').as('EmployerEi'),
        sumOf('c.employer_qpip').as('EmployerQpip'),
        sumOf('c.employer_wsib').as('EmployerWsib'),
        sumOf('c.employer_union').as('EmployerUnion'),
        sql<string>`coalesce(sum(c.gross + c.employer_cpp + c.employer_ei + c.employer_qpip + c.employer_wsib + c.employer_union), 0)`.as('TotalCost'),
      ])
      .groupBy('c.employee_id');
  },
};

const journal: ServerReport = {
  def: journalPrinting,
  rows(ctx) {
    return prDb(ctx.db)
      .selectFrom('gl_entries as e')
      .innerJoin('gl_accounts as a', 'a.account_id', 'e.account_id')
      .where('e.source', '=', 'PR')
      .where('e.data_type', '=', 'Actual')
      .where('e.entry_date', '>=', String(ctx.params['StartDate']))
      .where('e.entry_date', '<=', String(ctx.params['EndDate']))
      .select([
        'e.journal_id as JournalId',
        'e.entry_date as EntryDate',
        'e.document_no as DocumentNo',
        'e.account_id as AccountId',
        'a.description as AccountName',
        sql<string>`case when e.amount > 0 then e.amount else 0 end`.as('Debit'),
        sql<string>`case when e.amount < 0 then 0 - e.amount else 0 end`.as('Credit'),
        'e.entry_id as EntryId',
      ]);
  },
};

/**
 * The year's caps (box 24: EI maximum insurable earnings; box 26 and RL-1 box G: the pensionable earnings up to the
 * additional maximum, YAMPE, since the second additional contributions of 2024 — RQ's "RL-1 slip – principal changes
 * for 2024": box G holds the salary subject to B.A and B.B, up to the additional maximum), as stored values for SQL.
 */
async function prepareCaps(ctx: ReportContext): Promise<ReportParameterError[]> {
  const [, to] = yearRange(ctx);
  // Read on the connection given: inside a caller's transaction (the T4 file), in it.
  const tables = await loadTables(prDb(ctx.db), to, ['CA', 'QC']);
  const cap = (item: 'EI_MAX_INSURABLE' | 'PENSION_YAMPE' | 'QPIP_MAX_INSURABLE', jurisdiction = 'CA') => decimalToDb(ctx.db, rateOf(tables, jurisdiction, item) ?? '99999999.00', 2);
  ctx.state['caps'] = { ei: cap('EI_MAX_INSURABLE'), yampe: cap('PENSION_YAMPE'), qpip: cap('QPIP_MAX_INSURABLE', 'QC') };
  return [];
}

/** The year's cheques of the report's employee (or all), with the employee, and what a slip's heading shows. */
function slipBase(ctx: ReportContext) {
  const [from, to] = yearRange(ctx);
  let query = live(ctx, from, to).innerJoin('pr_employees as p', 'p.employee_id', 'c.employee_id');
  const employee = ctx.params['EmployeeId'];
  if (typeof employee === 'string' && employee !== '') query = query.where('c.employee_id', '=', employee);
  return query.select([
    'c.employee_id as EmployeeId',
    sql<string>`max(p.first_name || ' ' || p.last_name)`.as('EmployeeName'),
    sql<string>`max(coalesce(p.address, ''))`.as('Address'),
    sql<string>`max(trim(coalesce(p.city, '') || ' ' || coalesce(p.province_code, '') || '  ' || coalesce(p.postal_code, '')))`.as('CityLine'),
    sql<string>`max(p.sin)`.as('Sin'),
    sql<string>`max(c.province)`.as('Province'),
    sql<string>`${String(Number(ctx.params['Year']))}`.as('Year'),
    sql<string>`${to}`.as('SlipDate'),
  ]);
}

const cappedAt = (column: string, limit: unknown) => sql<string>`case when coalesce(sum(${sql.ref(column)}), 0) > ${limit} then ${limit} else coalesce(sum(${sql.ref(column)}), 0) end`;
const capsOf = (ctx: ReportContext) => ctx.state['caps'] as { ei: unknown; yampe: unknown; qpip: unknown };

/** One row per employee with the T4 boxes of the year. */
function t4Totals(ctx: ReportContext) {
  const caps = capsOf(ctx);
  return slipBase(ctx)
    .select([
      sumOf('c.gross').as('Box14'),
      sumOf('c.cpp').as('Box16'),
      sumOf('c.cpp2').as('Box16A'),
      sumOf('c.qpp').as('Box17'),
      sumOf('c.qpp2').as('Box17A'),
      sumOf('c.ei').as('Box18'),
      sumOf('c.rpp').as('Box20'),
      // Box 22: federal tax, and the provincial tax outside Québec (Québec's is on the RL-1).
      sql<string>`coalesce(sum(c.federal_tax + case when c.province = 'QC' then 0 else c.provincial_tax end), 0)`.as('Box22'),
      cappedAt('c.insurable', caps.ei).as('Box24'),
      cappedAt('c.pensionable', caps.yampe).as('Box26'),
      sumOf('c.union_dues').as('Box44'),
      sumOf('c.qpip').as('Box55'),
      sql<string>`case when max(c.province) = 'QC' then ${cappedAt('c.insurable', caps.qpip)} else 0 end`.as('Box56'),
      sql<string>`max(p.past_service74)`.as('Box74'),
      sql<string>`max(p.past_service75)`.as('Box75'),
      sumOf('c.employer_cpp').as('EmployerCpp'),
      sumOf('c.employer_ei').as('EmployerEi'),
    ])
    .groupBy('c.employee_id');
}

/** One row per employee with the RL-1 boxes of the year: its Québec pays only. */
function rl1Totals(ctx: ReportContext) {
  const caps = capsOf(ctx);
  return slipBase(ctx)
    .where('c.province', '=', 'QC')
    .select([
      sumOf('c.gross').as('BoxA'),
      sumOf('c.qpp').as('BoxBA'),
      sumOf('c.qpp2').as('BoxBB'),
      sumOf('c.ei').as('BoxC'),
      sumOf('c.rpp').as('BoxD'),
      sumOf('c.provincial_tax').as('BoxE'),
      sumOf('c.union_dues').as('BoxF'),
      cappedAt('c.pensionable', caps.yampe).as('BoxG'),
      sumOf('c.qpip').as('BoxH'),
      cappedAt('c.insurable', caps.qpip).as('BoxI'),
      // Codes D-2 / D-3: the part of box D for service before 1990 (the T4's boxes 74 and 75; rl1-xml.ts RL1_CODES).
      sql<string>`max(p.past_service74)`.as('CodeD2'),
      sql<string>`max(p.past_service75)`.as('CodeD3'),
      sumOf('c.employer_cpp').as('EmployerQpp'),
      sumOf('c.employer_qpip').as('EmployerQpip'),
    ])
    .groupBy('c.employee_id');
}

/** The totals' columns `fields` (the box columns are the definitions' list, named at run time). */
const columnsOf = (fields: readonly string[]) => fields.map((field) => sql.ref(`t.${field}`).as(field));

const t4: ServerReport = {
  def: t4Report,
  prepare: prepareCaps,
  rows: (ctx) => prDb(ctx.db).selectFrom(t4Totals(ctx).as('t')).select(columnsOf(['EmployeeId', 'EmployeeName', 'Sin', 'Province', ...SLIP_BOXES.map(boxField), 'EmployerCpp', 'EmployerEi'])),
};

const rl1: ServerReport = {
  def: rl1Report,
  prepare: prepareCaps,
  rows: (ctx) => prDb(ctx.db).selectFrom(rl1Totals(ctx).as('t')).select(columnsOf(['EmployeeId', 'EmployeeName', 'Sin', ...RL1_BOXES.map(boxField), 'EmployerQpp', 'EmployerQpip'])),
};

/**
 * A slips report's rows: one per employee and box with an amount (and the boxes printed always) — the year's
 * totals aggregated once, crossed with the list of boxes (one constant row each), the box's amount picked from
 * its column. Literals, not parameters: PostgreSQL would type a bare parameter as text and sort Line 1, 10, 2 ….
 */
function slipsOf<DB, TB extends keyof DB>(def: ServerReport['def'], totalsOf: (ctx: ReportContext) => SelectQueryBuilder<DB, TB, SlipHeading>, boxes: readonly string[], always: readonly string[], totals: readonly string[]): ServerReport {
  return {
    def,
    prepare: prepareCaps,
    rows(ctx) {
      const db = prDb(ctx.db);
      const boxRows = boxes.map((box, index) => db.selectNoFrom([sql<string>`${sql.lit(box)}`.as('Box'), sql<number>`${sql.lit(index + 1)}`.as('Line')]));
      let list = boxRows[0]!;
      for (const row of boxRows.slice(1)) list = list.unionAll(row);
      const amount = sql<string>`case ${sql.join(boxes.map((box) => sql`when ${sql.ref('b.Box')} = ${box} then ${sql.ref(`t.${boxField(box)}`)}`), sql` `)} end`;
      return db
        .selectFrom(totalsOf(ctx).as('t'))
        .crossJoin(list.as('b'))
        .where((eb) => eb.or([eb('b.Box', 'in', [...always]), sql<boolean>`${amount} <> 0`]))
        .select(['t.EmployeeId', 't.EmployeeName', 't.Address', 't.CityLine', 't.Sin', 't.Province', 't.Year', 't.SlipDate'])
        .select(columnsOf(totals.map(boxField)))
        .select(['b.Box', sql.ref('b.Box').as('Description'), amount.as('Amount'), 'b.Line']);
    },
  };
}

/** What every slip's heading shows (slipBase). */
interface SlipHeading {
  EmployeeId: string | null;
  EmployeeName: string;
  Address: string;
  CityLine: string;
  Sin: string;
  Province: string;
  Year: string;
  SlipDate: string;
}

const slips = slipsOf(t4Slips, t4Totals, SLIP_BOXES, SLIP_ALWAYS, SLIP_TOTALS);
const rl1SlipReport = slipsOf(rl1Slips, rl1Totals, RL1_BOXES, RL1_ALWAYS, RL1_TOTALS);

/** Block 15C's periods by pay frequency (weekly 53, bi-weekly 27, semi-monthly 25, monthly 13; roe-xml.ts). */
const ROE_PERIODS = Object.entries(PAY_PERIOD_TYPES).map(([frequency, type]) => [frequency, type.periods] as const);

/** The employee's pays up to the last day for which paid, numbered back from the final one (block 15C). */
function roePeriods(db: Kysely<PrDatabase>, employee: string, lastDay: string) {
  const numbered = db
    .selectFrom('pr_cheques as c')
    .innerJoin('pr_employees as p', 'p.employee_id', 'c.employee_id')
    .where('c.employee_id', '=', employee)
    .where('c.status', '<>', 'Cancelled')
    .where('c.pay_date', '<=', lastDay)
    .select([
      sql<number>`row_number() over (order by c.pay_date desc, c.cheque_id desc)`.as('PayPeriod'),
      'c.pay_date as PayDate',
      'c.insurable_hours as InsurableHours',
      'c.insurable as InsurableEarnings',
      'c.gross as Gross',
      'p.pay_frequency as Frequency',
    ]);
  // Block 15C: the most recent periods of the employee's pay type (bi-weekly 27, weekly 53 …).
  const limits = ROE_PERIODS.map(([frequency, periods]) => sql`(${sql.ref('n.Frequency')} = ${frequency} and ${sql.ref('n.PayPeriod')} <= ${periods})`);
  return db
    .selectFrom(numbered.as('n'))
    .where(sql<boolean>`(${sql.join(limits, sql` or `)})`)
    .select(['n.PayPeriod', 'n.PayDate', 'n.InsurableHours', 'n.InsurableEarnings', 'n.Gross']);
}

const roe: ServerReport = {
  def: roeReport,
  rows: (ctx) => roePeriods(prDb(ctx.db), String(ctx.params['EmployeeId']), String(ctx.params['LastDay'])),
};

/** The ROE screen's rows (pay period 1 the final one), for the ROE XML file (roe-file.ts). */
export async function roeRows(db: Kysely<PrDatabase>, employee: string, lastDay: string) {
  return roePeriods(db, employee, lastDay).orderBy('n.PayPeriod').execute();
}

/** The payroll liability accounts a pay run credits with what is remitted (payrun.ts journalLines). */
const REMITTED_ACCOUNTS = ['PENSION-PAYABLE', 'EI-PAYABLE', 'QPIP-PAYABLE', 'TAX-PAYABLE'];

/**
 * The PD7A's figures per remitting period (definitions: remittanceReport). The periods and due dates come from
 * remitting.ts as literal rows (PostgreSQL would type bare parameters as text); each period's paid and posted
 * cheques are summed by pay date, and the journals' credits to the liability accounts dated in it beside them.
 */
const remittance: ServerReport = {
  def: remittanceReport,
  async prepare(ctx) {
    const rows = await prDb(ctx.db).selectFrom('gl_integration').select('account_id').where('sub_ledger', '=', 'PR').where('transaction_type', 'in', REMITTED_ACCOUNTS).execute();
    ctx.state['accounts'] = rows.map((row) => String(row.account_id));
    return [];
  },
  rows(ctx) {
    const periods = remittingPeriods(Number(ctx.params['Year']), String(ctx.params['RemitterType']) as RemitterType);
    const db = prDb(ctx.db);
    const rows = periods.map((period) => db.selectNoFrom([sql<string>`${sql.lit(period.start)}`.as('PeriodStart'), sql<string>`${sql.lit(period.end)}`.as('PeriodEnd'), sql<string>`${sql.lit(period.due)}`.as('DueDate')]));
    let list = rows[0]!;
    for (const row of rows.slice(1)) list = list.unionAll(row);
    const quebec = sql`c.province = 'QC'`;
    const when = (condition: ReturnType<typeof sql>, amount: ReturnType<typeof sql>) => sql<string>`coalesce(sum(case when ${condition} then ${amount} else 0 end), 0)`;
    const cra = sql`(case when ${quebec} then c.federal_tax + c.ei + c.employer_ei else c.cpp + c.cpp2 + c.employer_cpp + c.federal_tax + c.provincial_tax + c.ei + c.employer_ei end)`;
    const rq = sql`(case when ${quebec} then c.qpp + c.qpp2 + c.employer_cpp + c.qpip + c.employer_qpip + c.provincial_tax else 0 end)`;
    const accounts = ctx.state['accounts'] as string[];
    const posted = sql<string>`coalesce((select sum(0 - e.amount) from gl_entries e where e.source = 'PR' and e.data_type = 'Actual' and e.account_id in (${sql.join(accounts.length > 0 ? accounts : [''])}) and e.entry_date >= p."PeriodStart" and e.entry_date <= p."PeriodEnd"), 0)`;
    const inner = db
      .selectFrom(list.as('p'))
      .leftJoin('pr_cheques as c', (join) => join.onRef('c.pay_date', '>=', 'p.PeriodStart').onRef('c.pay_date', '<=', 'p.PeriodEnd').on('c.status', 'in', ['Paid', 'Posted']))
      .select([
        'p.PeriodStart',
        'p.PeriodEnd',
        'p.DueDate',
        sql<number>`count(distinct c.employee_id)`.as('Employees'),
        sumOf('c.gross').as('Gross'),
        when(sql`not ${quebec}`, sql`c.cpp + c.cpp2`).as('Cpp'),
        when(sql`not ${quebec}`, sql`c.employer_cpp`).as('CppEmployer'),
        sumOf('c.ei').as('Ei'),
        sumOf('c.employer_ei').as('EmployerEi'),
        // Federal tax always goes to the CRA; the province's too, except Québec's (Revenu Québec collects it).
        sql<string>`coalesce(sum(c.federal_tax + case when ${quebec} then 0 else c.provincial_tax end), 0)`.as('IncomeTax'),
        sql<string>`coalesce(sum(${cra}), 0)`.as('CraTotal'),
        when(quebec, sql`c.qpp + c.qpp2 + c.employer_cpp`).as('QppTotal'),
        when(quebec, sql`c.qpip + c.employer_qpip`).as('QpipTotal'),
        when(quebec, sql`c.provincial_tax`).as('QuebecTax'),
        sql<string>`coalesce(sum(${rq}), 0)`.as('RqTotal'),
        posted.as('Posted'),
      ])
      .groupBy(['p.PeriodStart', 'p.PeriodEnd', 'p.DueDate']);
    return db.selectFrom(inner.as('r')).selectAll('r').select(sql<string>`r."CraTotal" + r."RqTotal" - r."Posted"`.as('Difference'));
  },
};

export const PR_SERVER_REPORTS: readonly ServerReport[] = [inquiry, ytd, compensation, journal, t4, slips, rl1, rl1SlipReport, roe, remittance];

/** The year's T4 boxes per employee, as the T4 report computes them (for the T4 XML file, t4-file.ts). */
export async function t4YearRows(db: Kysely<PrDatabase>, year: number): Promise<Record<string, unknown>[]> {
  const ctx = { db, params: { Year: year }, state: {} } as unknown as ReportContext;
  await prepareCaps(ctx);
  return db.selectFrom(t4Totals(ctx).as('t')).selectAll().orderBy('t.EmployeeId').execute();
}

/** The year's RL-1 boxes per employee, as the RL-1 report computes them (for the RL-1 XML file, rl1-file.ts). */
export async function rl1YearRows(db: Kysely<PrDatabase>, year: number): Promise<Record<string, unknown>[]> {
  const ctx = { db, params: { Year: year }, state: {} } as unknown as ReportContext;
  await prepareCaps(ctx);
  return db.selectFrom(rl1Totals(ctx).as('t')).selectAll().orderBy('t.EmployeeId').execute();
}
