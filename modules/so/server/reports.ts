/**
 * Queries of the sales reports (definitions and rules in words: modules/so/definitions/reports.ts; engine:
 * server/src/reports/engine.ts). Decimals stay in stored form (the engine decodes them at the columns' scales);
 * a margin is a difference of stored money, exact on both engines. Every report keeps to the caller's assigned
 * customers (§6); a lookup parameter naming nothing answers the framework's lookup message.
 */
import { sql, type Compilable, type Kysely } from 'kysely';
import type { ReportParameterError } from '@erp/shared/reports/define';
import { assignedFirms, isRestricted } from '@erp/modules/shell/server/api';
import { readAll } from '@erp/server/db/read';
import { unpublishedOrders } from './publishing.ts';
import type { ReportContext, ServerReport } from '@erp/server/reports/engine';
import { SO_STATUSES, SO_TYPES } from '../definitions/common.ts';
import { soDb, type SoDatabase } from './tables.generated.ts';
import { cdcReport, creditSales, ediNotTransmitted, invoicePrinting, productDiscount, loadSheet, mfSalesCommission, orderStatus, ordersCallList, orderSummary, productClassReport, salesAnalysis, salesCommission, salesDocuments, salesRegister, teSalesRegister } from '../definitions/reports.ts';

/** Each lookup parameter's query: the record it names, if any. */
const LOOKUPS: readonly [string, (db: Kysely<SoDatabase>, value: string) => Compilable<unknown> & { execute(): Promise<unknown[]> }][] = [
  ['BillToId', (db, value) => db.selectFrom('firms').select('firm_id').where('firm_id', '=', value).limit(1)],
  ['ProductId', (db, value) => db.selectFrom('products').select('product_id').where('product_id', '=', value).limit(1)],
  ['RouteId', (db, value) => db.selectFrom('delivery_routes').select('route_id').where('route_id', '=', value).limit(1)],
  ['WarehouseId', (db, value) => db.selectFrom('warehouses').select('warehouse_id').where('warehouse_id', '=', value).limit(1)],
  ['SalesRep', (db, value) => db.selectFrom('sales_reps').select('sales_rep_id').where('sales_rep_id', '=', value).limit(1)],
  ['DiscountTableId', (db, value) => db.selectFrom('discount_tables').select('discount_table_id').where('discount_table_id', '=', value).limit(1)],
];

type OrderStatus = (typeof SO_STATUSES)[number];
type OrderType = (typeof SO_TYPES)[number];
const isStatus = (value: string): value is OrderStatus => (SO_STATUSES as readonly string[]).includes(value);
const isOrderType = (value: string): value is OrderType => (SO_TYPES as readonly string[]).includes(value);

function param(ctx: ReportContext, name: string): string | null {
  const value = ctx.params[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

async function prepare(ctx: ReportContext): Promise<ReportParameterError[]> {
  const errors: ReportParameterError[] = [];
  for (const [field, lookup] of LOOKUPS) {
    const value = param(ctx, field);
    if (value === null) continue;
    const found = await readAll(ctx.database, lookup(soDb(ctx.db), value));
    if (found.length === 0) errors.push({ field, key: 'so:reports.validation.notFound', params: { value } });
  }
  ctx.state['assigned'] = isRestricted(ctx.user) ? await assignedFirms(ctx.db, ctx.user) : null;
  return errors;
}

/** The orders the caller may see, with the customer and date-range parameters applied. */
function orders(ctx: ReportContext, dateColumn: 'o.order_date' | 'o.ship_date' | null) {
  let query = soDb(ctx.db).selectFrom('sales_orders as o');
  const assigned = ctx.state['assigned'] as string[] | null | undefined;
  if (assigned) query = query.where('o.bill_to_id', 'in', assigned.length > 0 ? assigned : ['']);
  const customer = param(ctx, 'BillToId');
  if (customer) query = query.where('o.bill_to_id', '=', customer);
  if (dateColumn) {
    query = query.where(dateColumn, '>=', String(ctx.params['StartDate'])).where(dateColumn, '<=', String(ctx.params['EndDate']));
  }
  const status = param(ctx, 'Status');
  // A status no order has (the parameter's options are the definition's) selects nothing.
  if (status) query = isStatus(status) ? query.where('o.status', '=', status) : query.where(sql<boolean>`1 = 0`);
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
    let query = orders(ctx, null);
    // The variant's order type (the TE register's TE, fixed by its definition).
    const orderType = param(ctx, 'OrderType');
    if (orderType !== null) query = isOrderType(orderType) ? query.where('o.order_type', '=', orderType) : query.where(sql<boolean>`1 = 0`);
    return query
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

/** TE-22's register: the same query, the order type fixed to TE. */
export const teSalesRegisterReport: ServerReport = { ...salesRegisterReport, def: teSalesRegister };

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

/** quantity (scale 4) × a scale-4 factor as a scale-4 figure: exact on PostgreSQL, half-up units on SQLite. */
function times4(ctx: ReportContext, left: string, right: string) {
  return ctx.database.engine === 'postgres'
    ? sql<unknown>`round(${sql.ref(left)} * coalesce(${sql.ref(right)}, 0), 4)`
    : sql<unknown>`(${sql.ref(left)} * coalesce(${sql.ref(right)}, 0) + 5000) / 10000`;
}

export const loadSheetReport: ServerReport = {
  def: loadSheet,
  prepare,
  rows(ctx) {
    let query = orders(ctx, null)
      .innerJoin('so_lines as l', 'l.order_key', 'o.order_key')
      .leftJoin('products as p', 'p.product_id', 'l.product_id')
      .leftJoin('delivery_routes as r', 'r.route_id', 'o.route_id')
      .where('o.status', '=', 'Committed');
    const route = param(ctx, 'RouteId');
    const warehouse = param(ctx, 'WarehouseId');
    const delivery = param(ctx, 'DeliveryDate');
    if (route) query = query.where('o.route_id', '=', route);
    if (warehouse) query = query.where('o.warehouse_id', '=', warehouse);
    if (delivery) query = query.where('o.delivery_date', '=', delivery);
    return query.select([
      sql<string>`coalesce(o.route_id, '')`.as('RouteId'),
      'r.description as Description',
      'o.delivery_date as DeliveryDate',
      'o.order_no as OrderNo',
      'o.customer_name as CustomerName',
      'o.ship_to_id as ShipToId',
      'l.product_id as ProductId',
      'l.quantity as Quantity',
      times4(ctx, 'l.quantity', 'p.weight_per_unit').as('Weight'),
      'l.line_id as LineId',
    ]);
  },
};

export const creditSalesReport: ServerReport = {
  def: creditSales,
  prepare,
  rows(ctx) {
    return orders(ctx, null)
      .innerJoin('ar_invoices as i', 'i.invoice_id', 'o.invoice_id')
      .leftJoin('ar_items as a', (join) => join.onRef('a.document_no', '=', 'i.document_no').on('a.item_type', '=', 'Invoice'))
      .where('o.status', '=', 'Invoiced')
      .where((eb) => eb.or([eb('i.terms_code', 'is', null), eb('i.terms_code', '<>', 'COD')]))
      .where('i.invoice_date', '>=', String(ctx.params['StartDate']))
      .where('i.invoice_date', '<=', String(ctx.params['EndDate']))
      .select([
        'i.invoice_date as InvoiceDate',
        'i.document_no as InvoiceNo',
        'o.order_no as OrderNo',
        'o.bill_to_id as BillToId',
        'o.customer_name as CustomerName',
        'i.terms_code as TermsCode',
        'i.due_date as DueDate',
        'i.total as Total',
        'a.open_balance as OpenBalance',
        'o.order_key as OrderKey',
      ]);
  },
};

export const salesDocumentsReport: ServerReport = {
  def: salesDocuments,
  prepare,
  rows(ctx) {
    let query = orders(ctx, 'o.order_date');
    const search = param(ctx, 'Search');
    if (search) {
      // Contains, case-insensitive; the user's % and _ are literal (escaped as the portal's search escapes them).
      const pattern = `%${search.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) =>
        eb.or([
          sql<boolean>`upper(o.order_no) like ${pattern} escape '\\'`,
          sql<boolean>`upper(coalesce(o.customer_po, '')) like ${pattern} escape '\\'`,
          sql<boolean>`upper(coalesce(o.invoice_no, '')) like ${pattern} escape '\\'`,
        ]),
      );
    }
    return query.select([
      'o.order_no as OrderNo',
      'o.order_date as OrderDate',
      'o.status as Status',
      'o.bill_to_id as BillToId',
      'o.customer_name as CustomerName',
      'o.customer_po as CustomerPo',
      'o.invoice_no as InvoiceNo',
      'o.ship_date as ShipDate',
      'o.total as Total',
      'o.order_key as OrderKey',
    ]);
  },
};

/** Invoiced lines per sales rep with the commission (customer's percent, else the rep's); `manufactured`: OE-39. */
function commissionRows(ctx: ReportContext, manufactured: boolean) {
  const percent = sql<unknown>`coalesce(nullif(f.commission_percent, 0), s.commission_percent, 0)`;
  // round(sales × percent ÷ 100, 2): PostgreSQL numeric; SQLite cents × percent units ÷ 10,000, half up.
  const commission =
    ctx.database.engine === 'postgres'
      ? sql<unknown>`round(l.amount * ${percent} / 100, 2)`
      : sql<unknown>`(l.amount * ${percent} + 5000) / 10000`;
  let query = orders(ctx, null)
    .innerJoin('ar_invoices as i', 'i.invoice_id', 'o.invoice_id')
    .innerJoin('so_lines as l', 'l.order_key', 'o.order_key')
    .leftJoin('firms as f', 'f.firm_id', 'o.bill_to_id')
    .leftJoin('sales_reps as s', 's.sales_rep_id', 'o.sales_rep')
    .where('o.status', '=', 'Invoiced')
    .where('i.invoice_date', '>=', String(ctx.params['StartDate']))
    .where('i.invoice_date', '<=', String(ctx.params['EndDate']));
  const manufacturedFlag = ctx.database.engine === 'postgres' ? true : 1;
  if (manufactured) query = query.where(({ exists, selectFrom }) => exists(selectFrom('products as p').select('p.product_id').whereRef('p.product_id', '=', 'l.product_id').where('p.manufactured', '=', manufacturedFlag)));
  const rep = param(ctx, 'SalesRep');
  if (rep) query = query.where('o.sales_rep', '=', rep);
  return query.select([
    sql<string>`coalesce(o.sales_rep, '')`.as('SalesRep'),
    's.name as SalesRepName',
    'i.invoice_date as InvoiceDate',
    'i.document_no as InvoiceNo',
    'o.order_no as OrderNo',
    'o.bill_to_id as BillToId',
    'l.amount as Sales',
    percent.as('CommissionPercent'),
    commission.as('Commission'),
    'l.line_id as LineId',
  ]);
}

export const salesCommissionReport: ServerReport = { def: salesCommission, prepare, rows: (ctx) => commissionRows(ctx, false) };
export const mfSalesCommissionReport: ServerReport = { def: mfSalesCommission, prepare, rows: (ctx) => commissionRows(ctx, true) };

export const productClassServerReport: ServerReport = {
  def: productClassReport,
  prepare,
  rows(ctx) {
    return orders(ctx, 'o.ship_date')
      .innerJoin('so_lines as l', 'l.order_key', 'o.order_key')
      .innerJoin('products as p', 'p.product_id', 'l.product_id')
      .leftJoin('product_classes as c', 'c.class_id', 'p.class_id')
      .where('o.status', 'in', ['Shipped', 'Invoiced'])
      .select([
        sql<string>`coalesce(p.class_id, '')`.as('ClassId'),
        'c.description as ClassName',
        'l.product_id as ProductId',
        'o.ship_date as ShipDate',
        'o.order_no as OrderNo',
        'l.quantity_shipped as Quantity',
        'l.amount as Sales',
        'l.line_id as LineId',
      ]);
  },
};

export const invoicePrintingReport: ServerReport = {
  def: invoicePrinting,
  prepare,
  rows(ctx) {
    let query = orders(ctx, null)
      .innerJoin('ar_invoices as i', 'i.invoice_id', 'o.invoice_id')
      .innerJoin('ar_invoice_lines as l', 'l.invoice_id', 'i.invoice_id')
      .leftJoin('firms as f', 'f.firm_id', 'i.bill_to_id')
      .where('i.invoice_date', '>=', String(ctx.params['StartDate']))
      .where('i.invoice_date', '<=', String(ctx.params['EndDate']));
    const invoice = param(ctx, 'InvoiceNo');
    if (invoice) query = query.where('i.document_no', '=', invoice.toUpperCase());
    return query.select([
      'i.document_no as InvoiceNo',
      'f.name as CustomerName',
      'f.address as Address',
      sql<string>`trim(coalesce(f.city, '') || ' ' || coalesce(f.province_code, '') || '  ' || coalesce(f.postal_code, ''))`.as('CityLine'),
      'i.invoice_date as InvoiceDate',
      'o.order_no as OrderNo',
      'l.description as Description',
      'l.quantity as Quantity',
      'l.unit_price as UnitPrice',
      'l.amount as Amount',
      'l.tax_amount as TaxAmount',
      sql<unknown>`l.amount + l.tax_amount`.as('LineTotal'),
      'l.line_id as LineId',
    ]);
  },
};

export const productDiscountReport: ServerReport = {
  def: productDiscount,
  prepare,
  rows(ctx) {
    let query = soDb(ctx.db)
      .selectFrom('discount_tables as d')
      .innerJoin('discount_table_lines as l', 'l.discount_table_id', 'd.discount_table_id')
      .select([
        'd.discount_table_id as DiscountTableId',
        'd.description as Description',
        'l.product_id as ProductId',
        'l.class_id as ClassId',
        'l.percent as Percent',
        sql<number>`(select count(*) from firms f where f.discount_table = d.discount_table_id)`.as('Customers'),
        'l.line_id as LineId',
      ]);
    const table = param(ctx, 'DiscountTableId');
    const product = param(ctx, 'ProductId');
    if (table) query = query.where('d.discount_table_id', '=', table);
    if (product) query = query.where('l.product_id', '=', product);
    return query;
  },
};

export const ediNotTransmittedReport: ServerReport = {
  def: ediNotTransmitted,
  prepare,
  rows: (ctx) =>
    unpublishedOrders(soDb(ctx.db), (ctx.state['assigned'] as string[] | null | undefined) ?? null, param(ctx, 'BillToId'))
      .leftJoin('firms as f', 'f.firm_id', 'o.bill_to_id')
      .select(['i.invoice_date as InvoiceDate', 'i.document_no as InvoiceNo', 'o.order_no as OrderNo', 'o.bill_to_id as BillToId', 'o.customer_name as CustomerName', 'f.email as Email', 'i.total as Total', 'o.order_key as OrderKey']),
};

export const cdcServerReport: ServerReport = {
  def: cdcReport,
  prepare,
  rows(ctx) {
    let query = soDb(ctx.db)
      .selectFrom('so_cash_ins as c')
      .innerJoin('so_cash_in_lines as l', 'l.cash_in_id', 'c.cash_in_id')
      .leftJoin('forms_of_payment as p', 'p.payment_id', 'l.payment_id')
      .where('c.status', '=', 'Posted')
      .where('c.cash_in_date', '>=', String(ctx.params['StartDate']))
      .where('c.cash_in_date', '<=', String(ctx.params['EndDate']));
    const assigned = ctx.state['assigned'] as string[] | null | undefined;
    if (assigned) query = query.where('l.bill_to_id', 'in', assigned.length > 0 ? assigned : ['']);
    const route = param(ctx, 'RouteId');
    if (route) query = query.where('c.route_id', '=', route);
    return query.select([
      sql<string>`coalesce(p.kind, '')`.as('Kind'),
      'c.cash_in_date as CashInDate',
      'c.cash_in_no as CashInNo',
      'c.driver as Driver',
      'l.payment_id as PaymentId',
      'l.order_no as OrderNo',
      'l.bill_to_id as BillToId',
      'l.receipt_no as ReceiptNo',
      'l.amount_paid as AmountPaid',
      'l.line_id as LineId',
    ]);
  },
};

export const SO_SERVER_REPORTS: readonly ServerReport[] = [
  cdcServerReport,
  ediNotTransmittedReport,
  productDiscountReport,
  invoicePrintingReport,
  orderSummaryReport,
  ordersCallListReport,
  orderStatusReport,
  salesRegisterReport,
  teSalesRegisterReport,
  salesAnalysisReport,
  loadSheetReport,
  creditSalesReport,
  salesDocumentsReport,
  salesCommissionReport,
  mfSalesCommissionReport,
  productClassServerReport,
];
