/**
 * Inventory year end on the server (definition: modules/ic/definitions/reports `inventoryYearEnd`; issue 15
 * item 7, SCREENS.md IC-19 and 4.2 "Stock period": Tryton's stock.period — snapshot balances, block earlier
 * movements).
 *
 * Preview: the year's one row — state (Open / Closed), its last day, and what the snapshot would hold (product ×
 * warehouse balances with stock, total quantity and value as of the last day, from the stock ledger).
 * Refused (§5/§8 texts in `ic:inventory-year-end.*`): a year already closed; a year that has not ended yet
 * (its last day is today or later — Tryton refuses closing a period up to today).
 * Run, in ONE transaction: the stock_closed_years row (migration 0008, h15c; its primary key makes a concurrent
 * second run fail instead of closing twice), then the snapshot (stock_year_snapshots, migration 0010): per
 * product × warehouse the sum of the ledger's quantities and values dated on or before the year's last day —
 * the balance at year end whatever later movements did. From then on the stock ledger refuses any movement
 * dated in that year or before (h15c's recordMovements reads stock_closed_years).
 */
import { inventoryYearEnd } from '../../definitions/reports/index.ts';
import type { ReportParameterError } from '@erp/shared/reports/define';
import { sql, type Kysely } from 'kysely';
import { decimalFromDb, decimalToDb, engineOf } from '@erp/server/db/decimal-codec';
import { BusinessError, messageIn } from '@erp/server/entities/call-result';
import type { ProcessContext, ServerProcess } from '@erp/server/processes/engine';
import { icDb, type IcDatabase } from '../tables.generated.ts';

type IcDb = Kysely<IcDatabase>;

const FIELD = 'FiscalYear';

interface YearFigures {
  year: number;
  closed: boolean;
  yearEndDate: string;
  balances: number;
  quantity: string;
  value: string;
}

async function isClosed(db: IcDb, year: number): Promise<boolean> {
  return (await db.selectFrom('stock_closed_years').select('fiscal_year').where('fiscal_year', '=', year).executeTakeFirst()) !== undefined;
}

/** The product × warehouse balances as of `date` (ledger sums), non-zero ones. */
function balancesAsOf(db: IcDb, date: string) {
  return db
    .selectFrom('stock_ledger')
    .select(['product_id', 'warehouse_id', sql<unknown>`sum(quantity)`.as('on_hand'), sql<unknown>`sum(value)`.as('value')])
    .where('movement_date', '<=', date)
    .groupBy(['product_id', 'warehouse_id'])
    .having((eb) => eb.or([eb(sql`sum(quantity)`, '<>', 0), eb(sql`sum(value)`, '<>', 0)]));
}

/** The stock year's last day: the last day of the fiscal year's periods, else December 31 (as the stock ledger reads years). */
async function yearEndOf(db: IcDb, year: number): Promise<string> {
  const row = await db.selectFrom('fiscal_periods').select(sql<string | null>`max(end_date)`.as('end')).where('fiscal_year', '=', year).executeTakeFirst();
  return row?.end ? String(row.end).slice(0, 10) : `${year}-12-31`;
}

async function figures(db: IcDb, year: number): Promise<YearFigures> {
  const yearEndDate = await yearEndOf(db, year);
  const closed = await isClosed(db, year);
  const sums = [sql<number | string>`count(*)`.as('n'), sql<unknown>`sum(b.on_hand)`.as('q'), sql<unknown>`sum(b.value)`.as('v')] as const;
  // The snapshot of a closed year, else the ledger's balances as of its last day.
  const totals = closed
    ? await db.selectFrom(db.selectFrom('stock_year_snapshots').select(['on_hand', 'value']).where('fiscal_year', '=', year).as('b')).select(sums).executeTakeFirst()
    : await db.selectFrom(balancesAsOf(db, yearEndDate).as('b')).select(sums).executeTakeFirst();
  return {
    year,
    closed,
    yearEndDate,
    balances: Number(totals?.n ?? 0),
    quantity: decimalFromDb(db, totals?.q ?? 0, 4) ?? '0.0000',
    value: decimalFromDb(db, totals?.v ?? 0, 2) ?? '0.00',
  };
}

function refusal(f: YearFigures): ReportParameterError | null {
  if (f.closed) return { field: FIELD, key: 'ic:inventory-year-end.alreadyClosed', params: { year: f.year } };
  const today = new Date().toISOString().slice(0, 10);
  if (f.yearEndDate >= today) return { field: FIELD, key: 'ic:inventory-year-end.notEnded', params: { year: f.year, date: f.yearEndDate } };
  return null;
}

async function prepare(ctx: ProcessContext): Promise<ReportParameterError[]> {
  const found = await figures(icDb(ctx.db), Number(ctx.params[FIELD]));
  ctx.state['icYearEnd'] = found;
  return [];
}

function preview(ctx: ProcessContext) {
  const f = ctx.state['icYearEnd'] as YearFigures | undefined;
  const engine = engineOf(ctx.db);
  const state = f ? messageIn(ctx.locale, `ic:inventory-year-end.states.${f.closed ? 'Closed' : 'Open'}`) : null;
  const columns = sql.join([
    sql`${f ? f.year : null} as ${sql.ref('FiscalYear')}`,
    sql`${state} as ${sql.ref('State')}`,
    sql`${f?.yearEndDate ?? null} as ${sql.ref('YearEndDate')}`,
    sql`${f ? f.balances : null} as ${sql.ref('Balances')}`,
    sql`${f ? decimalToDb(engine, f.quantity, 4) : null} as ${sql.ref('Quantity')}`,
    sql`${f ? decimalToDb(engine, f.value, 2) : null} as ${sql.ref('Value')}`,
  ]);
  const body = f ? sql`select ${columns}` : sql`select ${columns} where 1 = 0`;
  // PostgreSQL: bound values are text unless cast.
  const q = engine === 'postgres' ? 'numeric(14, 4)' : 'integer';
  const v = engine === 'postgres' ? 'numeric(15, 2)' : 'integer';
  return icDb(ctx.db)
    .selectFrom(sql<{ FiscalYear: unknown; State: string | null; YearEndDate: string | null; Balances: unknown; Quantity: unknown; Value: unknown }>`(${body})`.as('ye'))
    .select([
      sql<number>`cast(${sql.ref('ye.FiscalYear')} as integer)`.as('FiscalYear'),
      'ye.State',
      'ye.YearEndDate',
      sql<number>`cast(${sql.ref('ye.Balances')} as integer)`.as('Balances'),
      sql<unknown>`cast(${sql.ref('ye.Quantity')} as ${sql.raw(q)})`.as('Quantity'),
      sql<unknown>`cast(${sql.ref('ye.Value')} as ${sql.raw(v)})`.as('Value'),
    ]);
}

/** Closes stock year `year` in `trx`: the closed-year row, then the snapshot. Answers the snapshot's row count. */
export async function closeStockYear(trx: IcDb, year: number, userId: string): Promise<number> {
  const found = await figures(trx, year);
  const refused = refusal(found);
  if (refused) throw BusinessError.of(409, 'refused', refused.key, refused.params ?? {}, FIELD);
  const now = new Date().toISOString();
  await trx.insertInto('stock_closed_years').values({ fiscal_year: year, closed_by: userId, closed_on: now }).execute();
  await trx
    .insertInto('stock_year_snapshots')
    .columns(['fiscal_year', 'product_id', 'warehouse_id', 'on_hand', 'value', 'created_by', 'created_on'])
    .expression(
      trx
        .selectFrom(balancesAsOf(trx, found.yearEndDate).as('b'))
        .select([sql<number>`cast(${year} as integer)`.as('fiscal_year'), 'b.product_id', 'b.warehouse_id', 'b.on_hand', 'b.value', sql<string>`cast(${userId} as text)`.as('created_by'), sql<string>`cast(${now} as text)`.as('created_on')]),
    )
    .execute();
  return found.balances;
}

export const inventoryYearEndProcess: ServerProcess = {
  def: inventoryYearEnd,
  prepare,
  preview,
  async runItem(ctx) {
    const asked = ctx.state['icYearEnd'] as YearFigures;
    try {
      const rows = await icDb(ctx.db).transaction().execute((trx) => closeStockYear(trx, asked.year, ctx.user.userId));
      return {
        ResultStatus: 1,
        ResultCode: 'closed',
        Message: messageIn(ctx.locale, 'ic:inventory-year-end.done', { year: asked.year, count: rows }),
        EntityId: asked.year,
      };
    } catch (error) {
      if (error instanceof BusinessError) {
        const issue = error.issues[0];
        return { ResultStatus: 2, ResultCode: error.code, Message: issue ? messageIn(ctx.locale, issue.key, issue.params ?? {}) : error.code, EntityId: asked.year };
      }
      // A second run of the same year at the same moment: the closed-year row's key refuses it.
      if (await isClosed(icDb(ctx.db), asked.year)) {
        return { ResultStatus: 2, ResultCode: 'refused', Message: messageIn(ctx.locale, 'ic:inventory-year-end.alreadyClosed', { year: asked.year }), EntityId: asked.year };
      }
      throw error;
    }
  },
};

export { refusal as yearEndRefusal };
