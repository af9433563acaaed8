/**
 * The count cycle's reports on the server (definitions: modules/ic/definitions/count/cycle.ts; engine:
 * server/src/reports/), all over count_lines (index CountId, ProductId):
 * - ic-count-sheets (PC-02): the open count's lines of a Frozen or Counted warehouse (optionally one class) —
 *   as sheets (a blank to write the count) or as numbered tags (the tag number is the line's id, stable for the
 *   count); the book quantity only when asked (a blind count by default), with the product's first location.
 * - ic-count-not-counted (PC-07): the open count's lines not counted yet, with their frozen value.
 * - ic-count-discrepancy (PC-10): frozen, counted, variance and its value at the snapshot cost — of the open
 *   count, or of the warehouse's count CountNo (a posted one shows what was posted); variances only or all.
 * Refusals: "The warehouse does not exist." (§8); the stage message (must be Frozen or Counted) when the
 * warehouse has no open count; a CountNo that is not a count of the warehouse.
 */
import type { ReportParameterError } from '@erp/shared/reports/define';
import { sql } from 'kysely';
import type { ReportContext, ServerReport } from '@erp/server/reports/engine';
import { readAll } from '@erp/server/db/read';
import { countDiscrepancy, countSheets, productsNotCounted } from '../../definitions/count/cycle.ts';
import { moneyOf } from './figures.ts';
import { icDb } from '../tables.generated.ts';

const COUNT_KEY = 'icCountId';

/** The count the report reads: CountNo of the warehouse, else its open one; refusals as parameter errors. */
async function prepareCount(ctx: ReportContext, openOnly: boolean): Promise<ReportParameterError[]> {
  const warehouseId = String(ctx.params['WarehouseId']);
  const db = icDb(ctx.db);
  const warehouse = await readAll(ctx.database, db.selectFrom('warehouses').select('count_stage').where('warehouse_id', '=', warehouseId));
  if (warehouse.length === 0) return [{ field: 'WarehouseId', key: 'ic:count.rules.warehouseMissing', params: { warehouse: warehouseId } }];
  const countNo = typeof ctx.params['CountNo'] === 'string' && !openOnly ? ctx.params['CountNo'].trim().toUpperCase() : '';
  let query = db.selectFrom('warehouse_counts').select('count_id').where('warehouse_id', '=', warehouseId).orderBy('count_id', 'desc').limit(1);
  query = countNo ? query.where('count_no', '=', countNo) : query.where('status', 'in', ['Frozen', 'Counted']);
  const [count] = await readAll(ctx.database, query);
  if (!count) {
    if (countNo) return [{ field: 'CountNo', key: 'ic:count.rules.countMissing', params: { countNo, warehouse: warehouseId } }];
    const stage = warehouse[0]!.count_stage;
    return [{ field: 'WarehouseId', key: `ic:count.stage.FrozenOrCounted.${stage}`, params: { stage } }];
  }
  ctx.state[COUNT_KEY] = Number(count.count_id);
  return [];
}

function lines(ctx: ReportContext) {
  let query = icDb(ctx.db).selectFrom('count_lines as l').where('l.count_id', '=', Number(ctx.state[COUNT_KEY] ?? -1));
  if (typeof ctx.params['ClassId'] === 'string') query = query.where('l.class_id', '=', ctx.params['ClassId']);
  return query;
}

const LINE_COLUMNS = ['l.product_id as ProductId', 'l.description as Description', 'l.lot_no as LotNo', 'l.class_id as ClassId'] as const;

/** The book quantity as text with its 4 decimals (PostgreSQL NUMERIC as is; SQLite integer units ÷ 10⁴). */
function bookText(ctx: ReportContext) {
  return ctx.database.engine === 'postgres' ? sql<string>`cast(l.frozen_qty as text)` : sql<string>`printf('%.4f', l.frozen_qty / 10000.0)`;
}

const sheetsReport: ServerReport = {
  def: countSheets,
  prepare: (ctx) => prepareCount(ctx, true),
  rows(ctx) {
    const tags = ctx.params['Layout'] === 'tags';
    const book = ctx.params['ShowBook'] === 'yes';
    return lines(ctx)
      .leftJoin('products as p', 'p.product_id', 'l.product_id')
      .select([
        tags ? sql<string>`cast(l.line_id as text)`.as('TagNo') : sql<string>`cast(null as text)`.as('TagNo'),
        ...LINE_COLUMNS,
        'p.location1 as Location',
        'p.unit_of_measure as UnitOfMeasure',
        // A text column: blank on a blind count (a decimal column would print 0).
        book ? bookText(ctx).as('BookQty') : sql<string>`cast(null as text)`.as('BookQty'),
        sql<string>`cast('____________' as text)`.as('CountBlank'),
      ]);
  },
};

const notCountedReport: ServerReport = {
  def: productsNotCounted,
  prepare: (ctx) => prepareCount(ctx, true),
  rows(ctx) {
    return lines(ctx)
      .where('l.is_counted', '=', sql.lit(false))
      .select([...LINE_COLUMNS, 'l.frozen_qty as FrozenQty', 'l.unit_cost as UnitCost', moneyOf(ctx.db, sql`l.frozen_qty`, sql`l.unit_cost`).as('FrozenValue')]);
  },
};

const discrepancyReport: ServerReport = {
  def: countDiscrepancy,
  prepare: (ctx) => prepareCount(ctx, false),
  rows(ctx) {
    let query = lines(ctx);
    if (ctx.params['Show'] !== 'all') query = query.where('l.variance_qty', '<>', 0);
    return query.select([...LINE_COLUMNS, 'l.frozen_qty as FrozenQty', 'l.total_counted as TotalCounted', 'l.variance_qty as VarianceQty', 'l.unit_cost as UnitCost', 'l.variance_value as VarianceValue']);
  },
};

export const IC_COUNT_SERVER_REPORTS: readonly ServerReport[] = [sheetsReport, notCountedReport, discrepancyReport];
