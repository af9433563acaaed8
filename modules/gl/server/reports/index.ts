/**
 * The General Ledger reports' queries (definitions: modules/gl/definitions/reports/), for the report engine
 * (server/src/reports/engine.ts). Joins, filters and aggregates are SQL; decimals are only summed, compared
 * and negated in SQL (CONTRACT-12), everything else is exact TypeScript in the engine.
 *
 * Tables (migration 0005): gl_entries (signed amount: debit +, credit −), gl_balances (debit and credit per
 * account and period, kept by the posting service for Actual postings only), fiscal_periods, gl_journals,
 * gl_accounts. Only `Actual` entries are reported, so balances and entries agree (modules/gl/server/ledger/posting.ts).
 *
 * Balances "as of" a date D read gl_balances for every whole period that ends on or before D, plus the
 * entries of the period containing D up to D — so a trial balance for a fiscal year reads balances, not a
 * million entries, and the detailed ledger's opening balance is the same figure the trial balance shows for
 * the day before (the two reports agree by construction and by test).
 */
import { add, sub, type Decimal } from '@erp/shared/decimal';
import { accountEnquiry, detailedLedger, glJournalPrinting, trialBalance } from '../../definitions/reports/index.ts';
import type { ReportDefinition, ReportParameterError } from '@erp/shared/reports/define';
import { sql, type AliasableExpression, type Expression, type Kysely, type SelectQueryBuilder } from 'kysely';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { readAll } from '@erp/server/db/read';
import type { GroupFigures, ReportContext, ServerReport } from '@erp/server/reports/engine';
import { glDb, type GlDatabase } from '../tables.generated.ts';
import { bankReconciliationServerReport } from '../bank-reconciliation/report.ts';

import { FINANCIAL_STATEMENT_REPORTS } from '../financial-statements/report.ts';

const ACTUAL = 'Actual';

/** The day after `date` (`YYYY-MM-DD`). */
export function dayAfter(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The day before `date` (`YYYY-MM-DD`). */
export function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

interface Period {
  fiscal_year: number;
  period_no: number;
  start_date: string;
  end_date: string;
}

/** The fiscal period containing `date`, if any. */
async function periodOf(ctx: ReportContext, date: string): Promise<Period | undefined> {
  const rows = await readAll(
    ctx.database,
    glDb(ctx.db)
      .selectFrom('fiscal_periods')
      .select(['fiscal_year', 'period_no', 'start_date', 'end_date'])
      .where('start_date', '<=', date)
      .where('end_date', '>=', date)
      .orderBy('start_date')
      .limit(1),
  );
  const row = rows[0];
  return row ? { fiscal_year: Number(row.fiscal_year), period_no: Number(row.period_no), start_date: String(row.start_date), end_date: String(row.end_date) } : undefined;
}

/** §8 "An account entered is not valid." for each named account that does not exist. */
async function checkAccounts(ctx: ReportContext, names: readonly string[]): Promise<ReportParameterError[]> {
  const wanted = names.filter((name) => typeof ctx.params[name] === 'string');
  if (wanted.length === 0) return [];
  const ids = wanted.map((name) => String(ctx.params[name]));
  const found = new Set((await readAll(ctx.database, glDb(ctx.db).selectFrom('gl_accounts').select('account_id').where('account_id', 'in', ids))).map((row) => row.account_id));
  return wanted.filter((name) => !found.has(String(ctx.params[name]))).map((name) => ({ field: name, key: 'gl:reports.validation.accountInvalid' }));
}

const debitOf = (amount: Expression<unknown>) => sql<unknown>`case when ${amount} > 0 then ${amount} else 0 end`;
const debitSum = (amount: Expression<unknown>) => sql<unknown>`sum(case when ${amount} > 0 then ${amount} else 0 end)`;
const creditSum = (amount: Expression<unknown>) => sql<unknown>`sum(case when ${amount} < 0 then -${amount} else 0 end)`;
const creditOf = (amount: Expression<unknown>) => sql<unknown>`case when ${amount} < 0 then -${amount} else 0 end`;

/**
 * Net balance (debit +) per account as of the end of `date`: whole periods from gl_balances, the rest from
 * the entries of the period containing the date.
 */
async function balancesAsOf(ctx: ReportContext, date: string, accounts: readonly string[]): Promise<Map<string, Decimal>> {
  const result = new Map<string, Decimal>();
  if (accounts.length === 0) return result;
  const db = glDb(ctx.db);
  const containing = await periodOf(ctx, date);
  const whole = await readAll(
    ctx.database,
    db
      .selectFrom('gl_balances as b')
      .innerJoin('fiscal_periods as p', (join) => join.onRef('p.fiscal_year', '=', 'b.fiscal_year').onRef('p.period_no', '=', 'b.period_no'))
      .select(['b.account_id as account', sql<unknown>`sum(b.debit)`.as('debit'), sql<unknown>`sum(b.credit)`.as('credit')])
      .where('b.account_id', 'in', accounts)
      .where('p.end_date', '<=', date)
      .groupBy('b.account_id'),
  );
  for (const row of whole) {
    const debit = decimalFromDb(db, row.debit, 2) ?? '0.00';
    const credit = decimalFromDb(db, row.credit, 2) ?? '0.00';
    result.set(row.account, sub(debit, credit));
  }
  if (containing && containing.end_date > date) {
    const partial = await readAll(
      ctx.database,
      db
        .selectFrom('gl_entries')
        .select(['account_id as account', sql<unknown>`sum(amount)`.as('amount')])
        .where('account_id', 'in', accounts)
        .where('data_type', '=', ACTUAL)
        .where('entry_date', '>=', containing.start_date)
        .where('entry_date', '<=', date)
        .groupBy('account_id'),
    );
    for (const row of partial) result.set(row.account, add(result.get(row.account) ?? '0.00', decimalFromDb(db, row.amount, 2) ?? '0.00'));
  }
  return result;
}

/** Entry rows (account enquiry, detailed ledger) over the date range and account filter. */
function entryRows(ctx: ReportContext) {
  const { params } = ctx;
  const query = glDb(ctx.db)
    .selectFrom('gl_entries as e')
    .innerJoin('gl_accounts as a', 'a.account_id', 'e.account_id')
    .select([
      'e.account_id as AccountId',
      'a.description as AccountDescription',
      'e.entry_date as EntryDate',
      'e.journal_id as JournalId',
      'e.document_no as DocumentNo',
      'e.source as Source',
      'e.description as Description',
      debitOf(sql.ref('e.amount')).as('Debit'),
      creditOf(sql.ref('e.amount')).as('Credit'),
      'e.amount as Amount',
      sql<null>`null`.as('Balance'),
      'e.entry_id as EntryId',
    ])
    .where('e.data_type', '=', ACTUAL)
    .where('e.entry_date', '>=', String(params['StartDate']))
    .where('e.entry_date', '<=', String(params['EndDate']));
  return accountFilter(ctx, query, 'e.account_id');
}

/** Opening balance of each account: its balance as of the day before the start date. */
function entryOpenings(ctx: ReportContext, keys: readonly string[]): Promise<Map<string, Decimal>> {
  return balancesAsOf(ctx, dayBefore(String(ctx.params['StartDate'])), keys);
}

/**
 * The account filters of the entry reports on a query of gl_entries or gl_balances (`column`: its account column,
 * under the query's alias — so the condition is written on the reference, whatever the query's tables).
 */
function accountFilter<DB, TB extends keyof DB, O>(ctx: ReportContext, query: SelectQueryBuilder<DB, TB, O>, column: string): SelectQueryBuilder<DB, TB, O> {
  const { params } = ctx;
  const account = sql.ref(column);
  let filtered = query;
  for (const [name, op] of [['AccountId', '='], ['AccountFrom', '>='], ['AccountTo', '<=']] as const) {
    const value = params[name];
    if (typeof value === 'string') filtered = filtered.where(sql<boolean>`${account} ${sql.raw(op)} ${value}`);
  }
  return filtered;
}

/**
 * Count, debits, credits and net change per account over the date range without reading every entry's
 * amount: whole periods inside the range from gl_balances, the days the whole periods leave uncovered (the
 * range's edges) from the entries; the count from the entries' (account, date) index. 100,000 entries of one
 * account then cost a count, not a sum over 100,000 rows.
 */
async function entryAggregates(ctx: ReportContext): Promise<GroupFigures[]> {
  const db = glDb(ctx.db);
  const start = String(ctx.params['StartDate']);
  const end = String(ctx.params['EndDate']);
  // Every entry has its journal's data type (the posting service picks the journal by it), and journals are
  // few: with no journal other than Actual, the data type filter is dropped and the count reads only the
  // (account, date) index instead of every entry row.
  const onlyActual =
    (await readAll(ctx.database, db.selectFrom('gl_journals').select('journal_id').where('data_type', '<>', ACTUAL).limit(1))).length === 0;
  let countQuery = db
    .selectFrom('gl_entries')
    .select(['account_id as k', sql<unknown>`count(*)`.as('n')])
    .where('entry_date', '>=', start)
    .where('entry_date', '<=', end)
    .groupBy('account_id');
  if (!onlyActual) countQuery = countQuery.where('data_type', '=', ACTUAL);
  const counts = await readAll(ctx.database, accountFilter(ctx, countQuery, 'account_id'));
  const figures = new Map<string, { debit: Decimal; credit: Decimal }>();
  const addTo = (key: string, debit: unknown, credit: unknown) => {
    const current = figures.get(key) ?? { debit: '0.00', credit: '0.00' };
    figures.set(key, { debit: add(current.debit, decimalFromDb(db, debit ?? 0, 2) ?? '0.00'), credit: add(current.credit, decimalFromDb(db, credit ?? 0, 2) ?? '0.00') });
  };
  const whole = (
    await readAll(ctx.database, db.selectFrom('fiscal_periods').select(['start_date', 'end_date']).where('start_date', '>=', start).where('end_date', '<=', end).orderBy('start_date'))
  ).map((period) => ({ start_date: String(period.start_date), end_date: String(period.end_date) }));
  if (whole.length > 0) {
    const rows = await readAll(
      ctx.database,
      accountFilter(
        ctx,
        db
          .selectFrom('gl_balances as b')
          .innerJoin('fiscal_periods as p', (join) => join.onRef('p.fiscal_year', '=', 'b.fiscal_year').onRef('p.period_no', '=', 'b.period_no'))
          .select(['b.account_id as k', sql<unknown>`sum(b.debit)`.as('d'), sql<unknown>`sum(b.credit)`.as('c')])
          .where('p.start_date', '>=', start)
          .where('p.end_date', '<=', end)
          .groupBy('b.account_id'),
        'b.account_id',
      ),
    );
    for (const row of rows) addTo(row.k, row.d, row.c);
  }
  // The days of the range no whole period covers.
  const gaps: [string, string][] = [];
  let from = start;
  for (const period of whole) {
    if (period.start_date > from) gaps.push([from, dayBefore(period.start_date)]);
    if (period.end_date >= from) from = dayAfter(period.end_date);
  }
  if (from <= end) gaps.push([from, end]);
  for (const [gapStart, gapEnd] of gaps) {
    const rows = await readAll(
      ctx.database,
      accountFilter(
        ctx,
        db
          .selectFrom('gl_entries as e')
          .select(['e.account_id as k', debitSum(sql.ref('e.amount')).as('d'), creditSum(sql.ref('e.amount')).as('c')])
          .where('e.data_type', '=', ACTUAL)
          .where('e.entry_date', '>=', gapStart)
          .where('e.entry_date', '<=', gapEnd)
          .groupBy('e.account_id'),
        'e.account_id',
      ),
    );
    for (const row of rows) addTo(row.k, row.d, row.c);
  }
  return counts.map((row) => {
    const sums = figures.get(row.k) ?? { debit: '0.00', credit: '0.00' };
    return { key: row.k, count: Number(row.n), sums: { Debit: sums.debit, Credit: sums.credit, Amount: sub(sums.debit, sums.credit) } };
  });
}

function entryReport(def: ReportDefinition, accountParams: readonly string[]): ServerReport {
  return {
    def,
    prepare: (ctx) => checkAccounts(ctx, accountParams),
    rows: entryRows,
    openings: entryOpenings,
    aggregate: entryAggregates,
  };
}

/** A movement row: amount (signed), c = counts to the closing balance, a = counts to the activity. */
interface Movement {
  account_id: string;
  amount: unknown;
  c: number;
  a: number;
}

interface TrialBalanceState {
  movements(db: Kysely<GlDatabase>): AliasableExpression<Movement>;
}

/** The trial balance's movements by fiscal year and period: balances up to the period, activity of the period. */
function periodMovements(year: number, period: number): TrialBalanceState {
  return {
    movements(db) {
      const inPeriod = sql<number>`case when b.fiscal_year = ${year} and b.period_no = ${period} then 1 else 0 end`;
      const upTo = (amount: Expression<unknown>) =>
        db
          .selectFrom('gl_balances as b')
          .select(['b.account_id as account_id', sql<unknown>`${amount}`.as('amount'), sql<number>`1`.as('c'), inPeriod.as('a')])
          .where((eb) => eb.or([eb('b.fiscal_year', '<', year), eb.and([eb('b.fiscal_year', '=', year), eb('b.period_no', '<=', period)])]));
      return upTo(sql.ref('b.debit')).unionAll(upTo(sql`-b.credit`));
    },
  };
}

/** The trial balance's movements over a date range (whole periods from balances, period edges from entries). */
function rangeMovements(start: string, end: string, startPeriod: Period | undefined, endPeriod: Period | undefined): TrialBalanceState {
  return {
    movements(db) {
      const balanceRows = (side: 'debit' | 'credit') =>
        db
          .selectFrom('gl_balances as b')
          .innerJoin('fiscal_periods as p', (join) => join.onRef('p.fiscal_year', '=', 'b.fiscal_year').onRef('p.period_no', '=', 'b.period_no'))
          .select([
            'b.account_id as account_id',
            side === 'debit' ? sql<unknown>`b.debit`.as('amount') : sql<unknown>`-b.credit`.as('amount'),
            sql<number>`1`.as('c'),
            sql<number>`case when p.start_date >= ${start} then 1 else 0 end`.as('a'),
          ])
          .where('p.end_date', '<=', end);
      let union = balanceRows('debit').unionAll(balanceRows('credit'));
      // The start's period, when it began before the start and is wholly counted above: its entries from the
      // start on are activity (the balance rows already hold them for the closing balance).
      if (startPeriod && startPeriod.start_date < start && startPeriod.end_date <= end) {
        union = union.unionAll(
          db
            .selectFrom('gl_entries as e')
            .select(['e.account_id as account_id', sql<unknown>`e.amount`.as('amount'), sql<number>`0`.as('c'), sql<number>`1`.as('a')])
            .where('e.data_type', '=', ACTUAL)
            .where('e.entry_date', '>=', start)
            .where('e.entry_date', '<=', startPeriod.end_date),
        );
      }
      // The end's period, when it goes on after the end: its entries up to the end.
      if (endPeriod && endPeriod.end_date > end) {
        union = union.unionAll(
          db
            .selectFrom('gl_entries as e')
            .select([
              'e.account_id as account_id',
              sql<unknown>`e.amount`.as('amount'),
              sql<number>`1`.as('c'),
              sql<number>`case when e.entry_date >= ${start} then 1 else 0 end`.as('a'),
            ])
            .where('e.data_type', '=', ACTUAL)
            .where('e.entry_date', '>=', endPeriod.start_date)
            .where('e.entry_date', '<=', end),
        );
      }
      return union;
    },
  };
}

const trialBalanceReport: ServerReport = {
  def: trialBalance,
  async prepare(ctx) {
    const { params } = ctx;
    if (typeof params['FiscalYear'] === 'number' && typeof params['PeriodNo'] === 'number') {
      const exists = await readAll(
        ctx.database,
        glDb(ctx.db).selectFrom('fiscal_periods').select('period_no').where('fiscal_year', '=', params['FiscalYear']).where('period_no', '=', params['PeriodNo']),
      );
      // §8 "Accounting period does not exist."
      if (exists.length === 0) return [{ field: 'PeriodNo', key: 'gl:reports.validation.periodMissing' }];
      ctx.state['tb'] = periodMovements(params['FiscalYear'], params['PeriodNo']);
    } else {
      const start = String(params['StartDate']);
      const end = String(params['EndDate']);
      ctx.state['tb'] = rangeMovements(start, end, await periodOf(ctx, start), await periodOf(ctx, end));
    }
    return [];
  },
  rows(ctx) {
    const state = ctx.state['tb'] as TrialBalanceState;
    const closing = sql<unknown>`sum(case when m.c = 1 then m.amount else 0 end)`;
    const db = glDb(ctx.db);
    return db
      .selectFrom(state.movements(db).as('m'))
      .innerJoin('gl_accounts as a', 'a.account_id', 'm.account_id')
      .select([
        'm.account_id as AccountId',
        'a.description as Description',
        'a.account_type as AccountType',
        sql<unknown>`sum(case when m.a = 1 and m.amount > 0 then m.amount else 0 end)`.as('PeriodDebit'),
        sql<unknown>`sum(case when m.a = 1 and m.amount < 0 then -m.amount else 0 end)`.as('PeriodCredit'),
        sql<unknown>`case when ${closing} > 0 then ${closing} else 0 end`.as('Debit'),
        sql<unknown>`case when ${closing} < 0 then -${closing} else 0 end`.as('Credit'),
      ])
      .groupBy(['m.account_id', 'a.description', 'a.account_type']);
  },
};

/** A source's journal printing (GL-13); the modules with a journal source register theirs from this. */
export function journalReport(def: ReportDefinition): ServerReport {
  return {
    def,
    rows(ctx) {
      return glDb(ctx.db)
        .selectFrom('gl_entries as e')
        .innerJoin('gl_journals as j', 'j.journal_id', 'e.journal_id')
        .innerJoin('gl_accounts as a', 'a.account_id', 'e.account_id')
        .select([
          'e.journal_id as JournalId',
          'j.journal_date as JournalDate',
          'e.document_no as DocumentNo',
          'e.line_no as LineNo',
          'e.entry_date as EntryDate',
          'e.account_id as AccountId',
          'a.description as AccountDescription',
          'e.description as Description',
          debitOf(sql.ref('e.amount')).as('Debit'),
          creditOf(sql.ref('e.amount')).as('Credit'),
          'e.entry_id as EntryId',
        ])
        .where('e.source', '=', String(ctx.params['Source']))
        .where('e.data_type', '=', ACTUAL)
        .where('e.entry_date', '>=', String(ctx.params['StartDate']))
        .where('e.entry_date', '<=', String(ctx.params['EndDate']));
    },
  };
}

export const GL_SERVER_REPORTS: readonly ServerReport[] = [
  entryReport(accountEnquiry, ['AccountId']),
  trialBalanceReport,
  entryReport(detailedLedger, ['AccountFrom', 'AccountTo']),
  journalReport(glJournalPrinting),
  bankReconciliationServerReport,

  ...FINANCIAL_STATEMENT_REPORTS,
];
