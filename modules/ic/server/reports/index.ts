/**
 * Inventory Control reports and processes on the server — owned by h15d (issue 15). Registered in
 * server/src/reports/index.ts and server/src/processes/index.ts. h15b and h15c add one line each here for their
 * reports (coil inquiry; stock status, product cost, product inquiry).
 *
 * Queries of h15d's reports (definitions and rules in words: modules/ic/definitions/reports/):
 * - bill of materials: product_components × products (product and component) + the component's stock over every
 *   warehouse (stock_balances);
 * - production work orders: production_work_orders by date required (+ the product's description);
 * - demand action: per stock-tracked product, stock_balances (one warehouse or all) and the consumption (issues in
 *   stock_ledger over the date range) against the product's min and max level; the demand, suggested quantity
 *   and action are SQL CASE expressions over same-scale quantities (only compared, added and subtracted).
 * Decimals are read through the codec by the engine.
 */
import { billOfMaterialsReport, demandActionReport, productionWorkOrderReport } from '../../definitions/reports/index.ts';
import { sql } from 'kysely';
import { messageIn } from '@erp/server/entities/call-result';
import type { ServerProcess } from '@erp/server/processes/engine';
import type { ReportContext, ServerReport } from '@erp/server/reports/engine';
import { IC_COIL_REPORTS } from '../coils/report.ts';
import { IC_STOCK_SERVER_REPORTS } from '../stock/reports.ts';
import { inventoryYearEndProcess } from './year-end.ts';
import { icDb, type ProductionWorkOrderRow } from '../tables.generated.ts';

const bomReport: ServerReport = {
  def: billOfMaterialsReport,
  rows(ctx) {
    const db = icDb(ctx.db);
    const stock = db
      .selectFrom('stock_balances')
      .select(['product_id', sql<unknown>`sum(on_hand)`.as('on_hand'), sql<unknown>`sum(value)`.as('value')])
      .groupBy('product_id');
    let query = db
      .selectFrom('product_components as c')
      .innerJoin('products as p', 'p.product_id', 'c.product_id')
      .leftJoin('products as k', 'k.product_id', 'c.component_id')
      .leftJoin(stock.as('b'), 'b.product_id', 'c.component_id')
      .select([
        'c.product_id as ProductId',
        'p.description as ProductDescription',
        'p.kit_type as KitType',
        'c.line_id as LineNo',
        'c.component_id as ComponentId',
        'k.description as ComponentDescription',
        'k.unit_of_measure as UnitOfMeasure',
        'c.factor as Factor',
        sql<unknown>`coalesce(b.on_hand, 0)`.as('OnHand'),
        sql<unknown>`coalesce(b.value, 0)`.as('StockValue'),
      ]);
    if (ctx.params['ProductId'] !== undefined) query = query.where('c.product_id', '=', String(ctx.params['ProductId']));
    if (ctx.params['ComponentId'] !== undefined) query = query.where('c.component_id', '=', String(ctx.params['ComponentId']));
    return query;
  },
};

const workOrderReport: ServerReport = {
  def: productionWorkOrderReport,
  rows(ctx) {
    const language = ctx.user.row.language;
    const status = sql<string>`case w.status ${sql.join(
      ['Pending', 'Committed', 'Closed'].map((s) => sql`when ${s} then cast(${messageIn(language, `ic:production-work-order.statuses.${s}`)} as text)`),
      sql` `,
    )} else w.status end`;
    let query = icDb(ctx.db)
      .selectFrom('production_work_orders as w')
      .leftJoin('products as p', 'p.product_id', 'w.product_id')
      .select([
        'w.work_order_no as WorkOrderNo',
        'w.date_required as DateRequired',
        'w.product_id as ProductId',
        'p.description as Description',
        'w.warehouse_id as WarehouseId',
        status.as('Status'),
        'w.quantity_to_produce as QuantityToProduce',
        'w.produced_to_date as ProducedToDate',
        'w.remaining as Remaining',
        'w.produced_value as ProducedValue',
        'w.closed_date as ClosedDate',
        'w.closing_reason as ClosingReason',
        'w.work_order_id as WorkOrderId',
      ])
      .where('w.date_required', '>=', String(ctx.params['StartDate']))
      .where('w.date_required', '<=', String(ctx.params['EndDate']));
    // An option of the report's Status parameter, which the engine validated.
    if (ctx.params['Status'] !== undefined) query = query.where('w.status', '=', String(ctx.params['Status']) as ProductionWorkOrderRow['status']);
    if (ctx.params['ProductId'] !== undefined) query = query.where('w.product_id', '=', String(ctx.params['ProductId']));
    return query;
  },
};

function demandRows(ctx: ReportContext) {
  const db = icDb(ctx.db);
  const warehouse = ctx.params['WarehouseId'] === undefined ? null : String(ctx.params['WarehouseId']);
  const language = ctx.user.row.language;
  const text = (key: string) => sql<string>`cast(${messageIn(language, `ic:demand-action-report.actions.${key}`)} as text)`;
  let balances = db
    .selectFrom('stock_balances')
    .select(['product_id', sql<unknown>`sum(on_hand)`.as('on_hand'), sql<unknown>`sum(committed)`.as('committed')])
    .groupBy('product_id');
  let issues = db
    .selectFrom('stock_ledger')
    .select(['product_id', sql<unknown>`sum(-quantity)`.as('used')])
    .where('quantity', '<', 0)
    .where('reversal_of', 'is', null)
    .where('movement_date', '>=', String(ctx.params['StartDate']))
    .where('movement_date', '<=', String(ctx.params['EndDate']))
    .groupBy('product_id');
  if (warehouse !== null) {
    balances = balances.where('warehouse_id', '=', warehouse);
    issues = issues.where('warehouse_id', '=', warehouse);
  }
  const onHand = sql`coalesce(b.on_hand, 0)`;
  const committed = sql`coalesce(b.committed, 0)`;
  const available = sql`(${onHand} - ${committed})`;
  const consumption = sql`coalesce(i.used, 0)`;
  const min = sql`coalesce(p.min_level, 0)`;
  const max = sql`coalesce(p.max_level, 0)`;
  // §9 reports by consumption, fulfilment, inventory: what the available quantity must cover.
  const basis = String(ctx.params['ReportBy']);
  const demand = basis === 'consumption' ? consumption : basis === 'fulfilment' ? sql`0` : min;
  const shown = basis === 'fulfilment' ? committed : demand;
  const target = sql`(case when ${max} > ${demand} then ${max} else ${demand} end)`;
  const short = sql`${available} < ${demand}`;
  const excess = sql`${max} > 0 and ${available} > ${max}`;
  const rows = db
    .selectFrom('products as p')
    .leftJoin(balances.as('b'), 'b.product_id', 'p.product_id')
    .leftJoin(issues.as('i'), 'i.product_id', 'p.product_id')
    .select([
      'p.product_id as ProductId',
      'p.description as Description',
      sql<unknown>`${min}`.as('MinLevel'),
      sql<unknown>`${max}`.as('MaxLevel'),
      sql<unknown>`${onHand}`.as('OnHand'),
      sql<unknown>`${committed}`.as('Committed'),
      sql<unknown>`${available}`.as('Available'),
      sql<unknown>`${consumption}`.as('Consumption'),
      sql<unknown>`${shown}`.as('Demand'),
      sql<unknown>`case when ${short} then ${target} - ${available} else 0 end`.as('Suggested'),
      sql<string>`case when ${short} then ${text('order')} when ${excess} then ${text('excess')} else ${text('none')} end`.as('Action'),
      sql<number>`case when ${short} or (${excess}) then 1 else 0 end`.as('NeedsAction'),
    ])
    .where(sql<boolean>`p.track_inventory = true`);
  const query = db.selectFrom(rows.as('d')).select(['d.ProductId', 'd.Description', 'd.MinLevel', 'd.MaxLevel', 'd.OnHand', 'd.Committed', 'd.Available', 'd.Consumption', 'd.Demand', 'd.Suggested', 'd.Action']);
  return ctx.params['Show'] === 'all' ? query : query.where('d.NeedsAction', '=', 1);
}

// Every product's balances and consumption are grouped whatever the page: the page carries the count and totals,
// so that is done once (engine `figuresWithPage`).
const demandReport: ServerReport = { def: demandActionReport, rows: demandRows, figuresWithPage: true };

export const IC_SERVER_REPORTS: readonly ServerReport[] = [bomReport, workOrderReport, demandReport, ...IC_STOCK_SERVER_REPORTS, ...IC_COIL_REPORTS];
export const IC_SERVER_PROCESSES: readonly ServerProcess[] = [inventoryYearEndProcess];
