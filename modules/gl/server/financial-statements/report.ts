/**
 * The financial statement run (`gl-financial-statement`, SCREENS.md FS-08; definition
 * modules/gl/definitions/reports/financial-statement.ts). DOMAIN-NOTES 3.7:
 *   for each column detail d: fy = year + d.YearOffset; figures per account from gl_balances
 *     (Period: period n; YearToDate: periods 1..n of fy; Balance: every period up to n of fy),
 *     net = debit − credit, negated when d.ReverseSign;
 *   for each row r in sequence order: Σ over its details (an account range: the accounts' figures; a total:
 *     the figure of the named lower row), each negated when the detail's ReverseSign;
 *   column value = Σ of its details, divided by the column's DivideBy (rounded to cents at the very end, so
 *     totals add the undivided figures).
 * All sums are exact decimals (`@erp/shared/decimal`); SQL only SUMs stored values. The statement is small
 * (rows × columns), so `prepare` computes it and `rows` hands it to the engine as a literal row set; the
 * engine then pages, sorts and writes the .xlsx and PDF like any report.
 * The year's closing entry (source YE) is left out unless the `Closing` parameter asks for it (issue 22).
 * §8 "No column details found." (gl:reports.financialStatement.noColumnDetails) when the format has none;
 * "Accounting period does not exist." when the fiscal year and period are not a period.
 */
import { add, div, neg, sub, type Decimal } from '@erp/shared/decimal';
import { financialStatement } from '../../definitions/reports/financial-statement.ts';
import { FS_MAX_COLUMNS } from '../../definitions/financial-statement.ts';
import { sql, type RawBuilder } from 'kysely';
import { decimalFromDb, decimalToDb } from '@erp/server/db/decimal-codec';
import { readAll } from '@erp/server/db/read';
import type { ReportContext, ServerReport } from '@erp/server/reports/engine';
import { glDb, type FinancialStatementColumnDetailRow } from '../tables.generated.ts';

const ZERO = '0.00';
const truthy = (value: unknown) => value === true || value === 1 || value === '1';

interface StatementRow {
  sequence: number;
  description: string;
  amounts: Decimal[];
}

type ColumnDetail = Pick<FinancialStatementColumnDetailRow, 'range' | 'reverse_sign' | 'divide_by' | 'year_offset'> & { column_no: number | null };

/**
 * Net of the year-end closing entries (source YE: the closing and its undo) of fiscal year `fy` up to
 * `period` (only `period` for a Period column), per account: what a statement leaves out unless asked
 * (issue 22 item 11 — as ERPNext's period closing voucher, so a closed year's income statement still shows its
 * net income). Earlier years' closings stay in: they are what carries their P&L into retained earnings.
 */
async function closingFigures(ctx: ReportContext, detail: ColumnDetail, fy: number, period: number): Promise<Map<number, Decimal>> {
  const query = glDb(ctx.db)
    .selectFrom('gl_entries')
    .select(['account_id', sql<unknown>`sum(amount)`.as('total')])
    .where('source', '=', 'YE')
    .where('data_type', '=', 'Actual')
    .where('fiscal_year', '=', fy)
    .where('period_no', detail.range === 'Period' ? '=' : '<=', period)
    .groupBy('account_id');
  const rows = await readAll(ctx.database, query);
  return new Map(rows.map((row) => [Number(row.account_id), decimalFromDb(ctx.db, row.total, 2) ?? ZERO]));
}

/** Net (debit − credit) per account of one column detail's periods (without the year's closing unless asked). */
async function figures(ctx: ReportContext, detail: ColumnDetail, year: number, period: number, withClosing: boolean): Promise<Map<number, Decimal>> {
  const fy = year + Number(detail.year_offset);
  let query = glDb(ctx.db)
    .selectFrom('gl_balances')
    .select(['account_id', sql<unknown>`sum(debit)`.as('debit'), sql<unknown>`sum(credit)`.as('credit')])
    .groupBy('account_id');
  if (detail.range === 'Period') query = query.where('fiscal_year', '=', fy).where('period_no', '=', period);
  else if (detail.range === 'YearToDate') query = query.where('fiscal_year', '=', fy).where('period_no', '<=', period);
  else query = query.where((eb) => eb.or([eb('fiscal_year', '<', fy), eb.and([eb('fiscal_year', '=', fy), eb('period_no', '<=', period)])]));
  const rows = await readAll(ctx.database, query);
  const closing = withClosing ? new Map<number, Decimal>() : await closingFigures(ctx, detail, fy, period);
  const result = new Map<number, Decimal>();
  for (const row of rows) {
    const account = Number(row.account_id);
    const net = sub(sub(decimalFromDb(ctx.db, row.debit, 2) ?? ZERO, decimalFromDb(ctx.db, row.credit, 2) ?? ZERO), closing.get(account) ?? ZERO);
    result.set(account, truthy(detail.reverse_sign) ? neg(net) : net);
  }
  return result;
}

/** The statement of `format` for the year and period (exported for the bench). */
export async function computeStatement(ctx: ReportContext, format: string, year: number, period: number, withClosing = false): Promise<StatementRow[] | 'noColumnDetails'> {
  const db = glDb(ctx.db);
  const details: ColumnDetail[] = await readAll(
    ctx.database,
    db
      .selectFrom('gl_fs_column_details as d')
      .innerJoin('gl_fs_columns as c', 'c.column_id', 'd.column_id')
      .select(['c.column_no', 'd.range', 'd.reverse_sign', 'd.divide_by', 'd.year_offset'])
      .where('c.format_id', '=', format)
      .orderBy('c.column_no')
      .orderBy('d.detail_id'),
  );
  if (details.length === 0) return 'noColumnDetails';
  const rows = await readAll(ctx.database, db.selectFrom('gl_fs_rows').select(['row_id', 'sequence', 'description']).where('format_id', '=', format).orderBy('sequence'));
  const rowDetails = await readAll(
    ctx.database,
    db
      .selectFrom('gl_fs_row_details as d')
      .innerJoin('gl_fs_rows as r', 'r.row_id', 'd.row_id')
      .select(['d.row_id', 'd.from_account', 'd.to_account', 'd.total_of_sequence', 'd.reverse_sign'])
      .where('r.format_id', '=', format)
      .orderBy('d.detail_id'),
  );

  // Per column number: undivided value per row sequence; then divided once.
  const columnFigures = await Promise.all(details.map((d) => figures(ctx, d, year, period, withClosing)));
  const raw = new Map<number, Decimal[]>(); // sequence → per detail
  for (const row of rows) {
    const sequence = Number(row.sequence);
    const values = details.map((_, i) => {
      let value = ZERO;
      for (const d of rowDetails.filter((x) => Number(x.row_id) === Number(row.row_id))) {
        let part = ZERO;
        if (d.total_of_sequence !== null && d.total_of_sequence !== undefined) part = raw.get(Number(d.total_of_sequence))?.[i] ?? ZERO;
        else {
          const from = Number(d.from_account);
          const to = Number(d.to_account);
          for (const [account, amount] of columnFigures[i]!) if (account >= from && account <= to) part = add(part, amount);
        }
        value = add(value, truthy(d.reverse_sign) ? neg(part) : part);
      }
      return value;
    });
    raw.set(sequence, values);
  }
  return rows.map((row) => {
    const values = raw.get(Number(row.sequence))!;
    const amounts: Decimal[] = Array.from({ length: FS_MAX_COLUMNS }, () => ZERO);
    const divisor = new Map<number, number>();
    details.forEach((d, i) => {
      const slot = Number(d.column_no) - 1;
      amounts[slot] = add(amounts[slot]!, values[i]!);
      divisor.set(slot, Number(d.divide_by));
    });
    for (const [slot, by] of divisor) if (by !== 1) amounts[slot] = div(amounts[slot]!, String(by), 2);
    return { sequence: Number(row.sequence), description: row.description ?? '', amounts };
  });
}

const financialStatementReport: ServerReport = {
  def: financialStatement,
  async prepare(ctx) {
    const year = Number(ctx.params['FiscalYear']);
    const period = Number(ctx.params['PeriodNo']);
    const exists = await readAll(ctx.database, glDb(ctx.db).selectFrom('fiscal_periods').select('period_no').where('fiscal_year', '=', year).where('period_no', '=', period));
    // §8 "Accounting period does not exist."
    if (exists.length === 0) return [{ field: 'PeriodNo', key: 'gl:reports.validation.periodMissing' }];
    const statement = await computeStatement(ctx, String(ctx.params['FormatId']), year, period, ctx.params['Closing'] === 'include');
    // §8 "No column details found."
    if (statement === 'noColumnDetails') return [{ field: 'FormatId', key: 'gl:reports.financialStatement.noColumnDetails' }];
    ctx.state['statement'] = statement;
    return [];
  },
  rows(ctx) {
    const statement = ctx.state['statement'] as StatementRow[];
    const postgres = ctx.database.engine === 'postgres';
    const money = (value: Decimal): RawBuilder<unknown> =>
      postgres ? sql`cast(${decimalToDb(ctx.db, value, 2)} as numeric(18,2))` : sql`cast(${decimalToDb(ctx.db, value, 2)} as integer)`;
    const select = (row: StatementRow | null) =>
      glDb(ctx.db).selectNoFrom([
        sql<number>`cast(${row?.sequence ?? 0} as integer)`.as('Sequence'),
        sql<string>`cast(${row?.description ?? ''} as varchar(60))`.as('Description'),
        ...Array.from({ length: FS_MAX_COLUMNS }, (_, i) => money(row?.amounts[i] ?? ZERO).as(`Amount${i + 1}`)),
      ]);
    // An empty format: one placeholder row filtered out, so the engine still has a typed row set.
    if (statement.length === 0) return select(null).where(sql<boolean>`1 = 0`);
    let query = select(statement[0]!);
    for (const row of statement.slice(1)) query = query.unionAll(select(row));
    return query;
  },
};

export const FINANCIAL_STATEMENT_REPORTS: readonly ServerReport[] = [financialStatementReport];
