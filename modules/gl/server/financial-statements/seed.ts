/**
 * Demo financial statement formats (issue 13 item 4), seeded with the GL demo data when no format row exists:
 * - `INCOME`: revenue 4000–4999 reversed (credits print positive), expenses 5000–8999, net income = revenue
 *   minus expenses (a total of rows); columns: current period, year to date, prior year to date (offset −1);
 * - `INCOME-K`: the same rows in thousands (every column divided by 1000);
 * - `BALANCE`: assets, liabilities and equity reversed, current earnings (4000–8999 reversed), and liabilities
 *   plus equity (a total of rows); columns: balance at the period's end, and a year earlier.
 * Contract: fills only when gl_fs_rows is empty (never overwrites users' formats).
 */
import { sql } from 'kysely';
import type { SeedDb } from '@erp/server/db/migration-db';

const ACTOR = 'seed';

interface DemoRowDetail {
  from?: string;
  to?: string;
  total?: number;
  reverse?: boolean;
}
interface DemoFormat {
  id: string;
  rows: readonly [number, string, readonly DemoRowDetail[]][];
  columns: readonly [number, string, 'Period' | 'YearToDate' | 'Balance', number, number][]; // no, label, range, divideBy, yearOffset
}

const INCOME_ROWS: DemoFormat['rows'] = [
  [10, 'Revenue', [{ from: '4000', to: '4999', reverse: true }]],
  [20, 'Expenses', [{ from: '5000', to: '8999' }]],
  [30, 'Net income', [{ total: 10 }, { total: 20, reverse: true }]],
];

export const DEMO_FORMATS: readonly DemoFormat[] = [
  {
    id: 'INCOME',
    rows: INCOME_ROWS,
    columns: [
      [1, 'Current period', 'Period', 1, 0],
      [2, 'Year to date', 'YearToDate', 1, 0],
      [3, 'Prior year to date', 'YearToDate', 1, -1],
    ],
  },
  {
    id: 'INCOME-K',
    rows: INCOME_ROWS,
    columns: [
      [1, 'Current period ($000)', 'Period', 1000, 0],
      [2, 'Year to date ($000)', 'YearToDate', 1000, 0],
      [3, 'Prior year to date ($000)', 'YearToDate', 1000, -1],
    ],
  },
  {
    id: 'BALANCE',
    rows: [
      [10, 'Assets', [{ from: '1000', to: '1999' }]],
      [20, 'Liabilities', [{ from: '2000', to: '2999', reverse: true }]],
      [30, 'Equity', [{ from: '3000', to: '3999', reverse: true }]],
      [40, 'Current earnings', [{ from: '4000', to: '8999', reverse: true }]],
      [50, 'Liabilities and equity', [{ total: 20 }, { total: 30 }, { total: 40 }]],
    ],
    columns: [
      [1, 'Balance', 'Balance', 1, 0],
      [2, 'Balance a year earlier', 'Balance', 1, -1],
    ],
  },
];

/** Seeds the demo formats (one transaction); answers whether it wrote them. */
export async function seedFinancialStatementFormats(db: SeedDb, now: string = new Date().toISOString()): Promise<boolean> {
  const trail = { created_by: ACTOR, created_on: now, updated_by: ACTOR, updated_on: now, version: 1 };
  return db.transaction().execute(async (trx) => {
    const any = await trx.selectFrom('gl_fs_rows').select(sql<number>`1`.as('one')).limit(1).executeTakeFirst();
    if (any) return false;
    for (const format of DEMO_FORMATS) {
      for (const [sequence, description, details] of format.rows) {
        const row = await trx
          .insertInto('gl_fs_rows')
          .values({ format_id: format.id, sequence, description, ...trail })
          .returning('row_id')
          .executeTakeFirstOrThrow();
        for (const d of details) {
          await trx
            .insertInto('gl_fs_row_details')
            .values({
              row_id: row.row_id,
              from_account: d.from ?? null,
              to_account: d.to ?? null,
              total_of_sequence: d.total ?? null,
              reverse_sign: d.reverse ? 1 : 0, // 0/1: SQLite has no booleans; PostgreSQL reads '1'/'0'
              ...trail,
            })
            .execute();
        }
      }
      for (const [columnNo, description, range, divideBy, yearOffset] of format.columns) {
        const column = await trx
          .insertInto('gl_fs_columns')
          .values({ format_id: format.id, column_no: columnNo, description, ...trail })
          .returning('column_id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('gl_fs_column_details')
          .values({ column_id: column.column_id, range, reverse_sign: 0, divide_by: divideBy, year_offset: yearOffset, ...trail })
          .execute();
      }
    }
    return true;
  });
}
