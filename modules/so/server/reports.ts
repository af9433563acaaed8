/**
 * Queries of the sales reports (definitions and rules in words: modules/so/definitions/reports.ts; engine:
 * server/src/reports/engine.ts). Decimals stay in stored form (the engine decodes them at the columns' scales);
 * a margin is a difference of stored money, exact on both engines. Every report keeps to the caller's assigned
 * customers (§6); a lookup parameter naming nothing answers the framework's lookup message.
 */
import { sql } from 'kysely';
import type { ReportParameterError } from '@erp/shared/reports/define';
import { assignedFirms, isRestricted } from '@erp/modules/shell/server/firm/assigned';
import { readAll } from '@erp/server/db/read';
import type { AnySelect, ReportContext, ServerReport } from '@erp/server/reports/engine';
import { orderStatus, ordersCallList, orderSummary, salesAnalysis, salesRegister } from '../definitions/reports.ts';

const LOOKUPS: readonly [string, string, string][] = [
  ['BillToId', 'firms', 'firm_id'],
  ['ProductId', 'products', 'product_id'],
  ['RouteId', 'delivery_routes', 'route_id'],
];

function param(ctx: ReportContext, name: string): string | null {
  const value = ctx.params[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

async function prepare(ctx: ReportContext): Promise<ReportParameterError[]> {
  const errors: ReportParameterError[] = [];
  for (const [field, table, column] of LOOKUPS) {
    const value = param(ctx, field);
    if (value === null) continue;
    const found = await readAll(ctx.database, ctx.db.selectFrom(table).select(column).where(column, '=', value).limit(1));
    if (found.length === 0) errors.push({ field, key: 'so:reports.validation.notFound', params: { value } });
  }
  ctx.state['assigned'] = isRestricted(ctx.user) ? await assignedFirms(ctx.db, ctx.user) : null;
  return errors;
}

/** The orders the caller may see, with the customer and date-range parameters applied. */
function orders(ctx: ReportContext, dateColumn: string | null): AnySelect {
  let query: AnySelect = ctx.db.selectFrom('sales_orders as o');
  const assigned = ctx.state['assigned'] as string[] | null | undefined;
  if (assigned) query = query.where('o.bill_to_id', 'in', assigned.length > 0 ? assigned : ['']);
  const customer = param(ctx, 'BillToId');
  if (customer) query = query.where('o.bill_to_id', '=', customer);
  if (dateColumn) {
    query = query.where(dateColumn, '>=', String(ctx.params['StartDate'])).where(dateColumn, '<=', String(ctx.params['EndDate']));
  }
  const status = param(ctx, 'Status');
  if (status) query = query.where('o.status', '=', status);
  return query;
}

export const orderSummaryReport: ServerReport = {
  def: orderSummary,
  prepare,
  rows: (ctx) =>
    orders(ctx, 'o.order_date').select([
      'o.order_no as OrderNo',
      'o.order_date as OrderDate',
      'o.status as Status',
      'o.channel as Channel',
      'o.bill_to_id as BillToId',
      'o.customer_name as CustomerName',
      'o.ship_to_id as ShipToId',
      'o.delivery_date as DeliveryDate',
      'o.invoice_no as InvoiceNo',
      'o.sub_total as SubTotal',
      'o.total as Total',
      'o.order_key as OrderKey',
    ]),
};

export const ordersCallListReport: ServerReport = {
  def: ordersCallList,
  prepare,
  rows(ctx) {
    let query = orders(ctx, null).leftJoin('firms as f', 'f.firm_id', 'o.ship_to_id').where('o.status', 'in', ['Entered', 'Committed']);
    const route = param(ctx, 'RouteId');
    if (route) query = query.where('o.route_id', '=', route);
    return query.select([
      'o.delivery_date as DeliveryDate',
      'o.route_id as RouteId',
      'o.order_no as OrderNo',
      'o.status as Status',
      'o.bill_to_id as BillToId',
      'o.customer_name as CustomerName',
      'f.phone as Phone',
      'o.total as Total',
      'o.order_key as OrderKey',
    ]);
  },
};

export const orderStatusReport: ServerReport = {
  def: orderStatus,
  prepare,
  rows(ctx) {
    let query = orders(ctx, 'o.order_date').innerJoin('so_lines as l', 'l.order_key', 'o.order_key');
    const product = param(ctx, 'ProductId');
    if (product) query = query.where('l.product_id', '=', product);
    return query.select([
      'o.order_no as OrderNo',
      'o.order_date as OrderDate',
      'o.status as Status',
      'o.bill_to_id as BillToId',
      'l.product_id as ProductId',
      'l.quantity as Quantity',
      'l.quantity_shipped as QuantityShipped',
      'l.unit_price as UnitPrice',
      'l.amount as Amount',
      'l.line_id as LineId',
    ]);
  },
};

export const salesRegisterReport: ServerReport = {
  def: salesRegister,
  prepare,
  rows(ctx) {
    return orders(ctx, null)
      .innerJoin('ar_invoices as i', 'i.invoice_id', 'o.invoice_id')
      .where('o.status', '=', 'Invoiced')
      .where('i.invoice_date', '>=', String(ctx.params['StartDate']))
      .where('i.invoice_date', '<=', String(ctx.params['EndDate']))
      .select([
        'i.invoice_date as InvoiceDate',
        'i.document_no as InvoiceNo',
        'o.order_no as OrderNo',
        'o.order_type as OrderType',
        'o.bill_to_id as BillToId',
        'o.customer_name as CustomerName',
        'i.sub_total as SubTotal',
        'i.tax_total as TaxTotal',
        'i.total as Total',
        'o.order_key as OrderKey',
      ]);
  },
};

export const salesAnalysisReport: ServerReport = {
  def: salesAnalysis,
  prepare,
  rows(ctx) {
    let query = orders(ctx, 'o.ship_date')
      .innerJoin('so_lines as l', 'l.order_key', 'o.order_key')
      .leftJoin('products as p', 'p.product_id', 'l.product_id')
      .where('o.status', 'in', ['Shipped', 'Invoiced']);
    const product = param(ctx, 'ProductId');
    if (product) query = query.where('l.product_id', '=', product);
    // Cost = quantity shipped × unit cost, to the cent (PostgreSQL numeric; SQLite integer units, half up).
    const cost =
      ctx.database.engine === 'postgres'
        ? sql<unknown>`round(l.quantity_shipped * coalesce(l.unit_cost, 0), 2)`
        : sql<unknown>`(l.quantity_shipped * coalesce(l.unit_cost, 0) + 500000) / 1000000`;
    return query.select([
      'l.product_id as ProductId',
      'p.description as Description',
      'o.ship_date as ShipDate',
      'o.order_no as OrderNo',
      'o.bill_to_id as BillToId',
      'l.quantity_shipped as Quantity',
      'l.amount as Sales',
      cost.as('Cost'),
      sql<unknown>`l.amount - ${cost}`.as('Margin'),
      'l.line_id as LineId',
    ]);
  },
};

export const SO_SERVER_REPORTS: readonly ServerReport[] = [orderSummaryReport, ordersCallListReport, orderStatusReport, salesRegisterReport, salesAnalysisReport];
