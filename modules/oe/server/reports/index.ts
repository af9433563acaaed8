/**
 * Order Entry's price reports on the server (definitions and rules in words: modules/oe/definitions/reports.ts).
 * SQL over the price tables, the list prices and the override audit; the customer price list asks the pricing
 * service (the one place prices are computed) in `prepare` and answers its lines as a VALUES select, so the
 * report engine sorts, pages, totals and exports it like any other report. Decimals stay in stored form
 * (decimal codec); the engine decodes them at the columns' scales (4).
 */
import { cmp, type Decimal } from '@erp/shared/decimal';
import { sql, type Kysely } from 'kysely';
import { decimalFromDb, decimalToDb, engineOf } from '@erp/server/db/decimal-codec';
import type { ReportContext, ServerReport } from '@erp/server/reports/engine';
import { LIST_PRICE_TABLE } from '@erp/modules/ic/definitions/index';
import { customerPriceList, priceOverrideAudit, priceTablesDue, productsPriceList, safetyPriceAudit } from '../../definitions/reports.ts';
import { whyOf } from '../pricing/routes.ts';
import { priceLines, type PricedLine } from '../pricing/service.ts';
import { oeDb, type OeDatabase } from '../tables.generated.ts';

type OeView = Kysely<OeDatabase>;

/** Most products one customer price list prices (the report's parameters narrow it). */
export const PRICE_LIST_PRODUCTS = 2000;

type Kind = 'text' | 'decimal' | 'integer';

/** A select of literal rows (`columns` named as given), typed so both engines agree; no rows → none. */
export function valuesSelect(db: OeView, columns: readonly { name: string; kind: Kind }[], rows: readonly unknown[][]) {
  const pg = engineOf(db) === 'postgres';
  const cast = (kind: Kind) => sql.raw(kind === 'text' ? 'text' : kind === 'integer' || !pg ? 'integer' : 'numeric(15, 4)');
  const body = rows.length === 0 ? [columns.map(() => null)] : rows;
  const values = sql.join(body.map((row) => sql`(${sql.join(row.map((value) => sql`${value}`))})`));
  let select = db
    .selectFrom(sql`(values ${values})`.as('v'))
    .select(columns.map((column, index) => sql`cast(${sql.ref(`v.column${index + 1}`)} as ${cast(column.kind)})`.as(column.name)));
  if (rows.length === 0) select = select.where(sql<boolean>`1 = 0`);
  return select;
}

const text = (value: unknown): string | null => (value === undefined || value === null || value === '' ? null : String(value));

/** Owners whose tables and SKUs price for the customer: ship-to, bill-to, the bill-to's jobber. */
async function ownersOf(db: OeView, customerId: string, shipToId: string | null): Promise<string[]> {
  const firm = await db.selectFrom('firms').select('jobber_firm_id').where('firm_id', '=', customerId).executeTakeFirst();
  return [...new Set([shipToId, customerId, firm?.jobber_firm_id ?? null].filter((id): id is string => id !== null))];
}

/** The products in scope and the quantities to price each at: 1 and every break its sources have. */
async function breaksOf(ctx: ReportContext, owners: string[], date: string): Promise<Map<string, { description: string; unit: string; quantities: Set<string> }>> {
  const { params } = ctx;
  const db = oeDb(ctx.db);
  let products = db
    .selectFrom('products as p')
    .select(['p.product_id', 'p.description', 'p.unit_of_measure'])
    .where('p.is_active', '=', 1)
    .orderBy('p.product_id')
    .limit(PRICE_LIST_PRODUCTS);
  if (params['ClassId'] !== undefined) products = products.where('p.class_id', '=', String(params['ClassId']));
  if (params['ProductId'] !== undefined) products = products.where('p.product_id', '=', String(params['ProductId']));
  const inTables = db
    .selectFrom('price_table_ranges as x')
    .innerJoin('price_tables as t', 't.price_table_id', 'x.price_table_id')
    .select(['x.product_id', 'x.from_quantity'])
    .where('t.customer_id', 'in', owners)
    .where('t.is_active', '=', 1)
    .where(sql<boolean>`(t.effective_date is null or t.effective_date <= ${date}) and (t.expiry_date is null or t.expiry_date >= ${date})`);
  const listed = db
    .selectFrom('product_prices as r')
    .select(['r.product_id', 'r.from_quantity'])
    .where('r.price_table', '=', LIST_PRICE_TABLE)
    .where(sql<boolean>`(r.effective_date is null or r.effective_date <= ${date}) and (r.expiry_date is null or r.expiry_date >= ${date})`);
  const skus = db.selectFrom('customer_skus as k').select(['k.product_id', sql<number>`0`.as('from_quantity')]).where('k.customer_id', 'in', owners).where('k.price', 'is not', null);
  const breaks = await db
    .selectFrom(inTables.unionAll(listed).unionAll(skus).as('b'))
    .innerJoin(products.as('p'), 'p.product_id', 'b.product_id')
    .select(['p.product_id', 'p.description', 'p.unit_of_measure', 'b.from_quantity'])
    .execute();
  const out = new Map<string, { description: string; unit: string; quantities: Set<string> }>();
  for (const row of breaks) {
    const id = row.product_id;
    const entry = out.get(id) ?? { description: String(row.description ?? ''), unit: String(row.unit_of_measure ?? 'EA'), quantities: new Set(['1.0000']) };
    const from = decimalFromDb(db, row.from_quantity ?? 0, 4) ?? '0.0000';
    if (cmp(from, '1') > 0) entry.quantities.add(from);
    out.set(id, entry);
  }
  return out;
}

const priceListReport: ServerReport = {
  def: customerPriceList,
  async prepare(ctx) {
    const customerId = String(ctx.params['CustomerId']);
    const shipToId = text(ctx.params['ShipToId']);
    const date = String(ctx.params['PriceDate']);
    const owners = await ownersOf(oeDb(ctx.db), customerId, shipToId);
    const scope = await breaksOf(ctx, owners, date);
    const lines = [...scope].flatMap(([productId, entry]) => [...entry.quantities].map((quantity) => ({ productId, quantity })));
    const priced = await priceLines(ctx.db, { customerId, shipToId, date, lines });
    ctx.state['oePriceList'] = { scope, priced };
    return [];
  },
  rows(ctx) {
    const found = ctx.state['oePriceList'] as { scope: Map<string, { description: string; unit: string }>; priced: PricedLine[] } | undefined;
    const language = ctx.user.row.language;
    const dec = (value: Decimal | null, scale = 4) => (value === null ? null : decimalToDb(ctx.db, value, scale));
    const rows = (found?.priced ?? [])
      .filter((line) => line.Price !== null)
      .map((line) => {
        const product = found!.scope.get(line.ProductId)!;
        return [line.ProductId, product.description, product.unit, dec(line.Quantity), dec(line.Price, 2), line.Source, line.PriceTableId, whyOf(language, line)];
      });
    const kinds: Kind[] = ['text', 'text', 'text', 'decimal', 'decimal', 'text', 'text', 'text'];
    return valuesSelect(oeDb(ctx.db), customerPriceList.columns.map((column, index) => ({ name: column.field, kind: kinds[index]! })), rows);
  },
};

const productsReport: ServerReport = {
  def: productsPriceList,
  rows(ctx) {
    let query = oeDb(ctx.db)
      .selectFrom('product_prices as r')
      .innerJoin('products as p', 'p.product_id', 'r.product_id')
      .select([
        'r.product_id as ProductId',
        'p.description as Description',
        'p.class_id as ClassId',
        'r.price_type as PriceType',
        'r.from_quantity as FromQuantity',
        'r.to_quantity as ToQuantity',
        'r.price as Price',
        'r.effective_date as EffectiveDate',
        'r.expiry_date as ExpiryDate',
      ])
      .where('r.price_table', '=', LIST_PRICE_TABLE);
    if (ctx.params['ClassId'] !== undefined) query = query.where('p.class_id', '=', String(ctx.params['ClassId']));
    if (ctx.params['ProductId'] !== undefined) query = query.where('r.product_id', '=', String(ctx.params['ProductId']));
    return query;
  },
};

const dueReport: ServerReport = {
  def: priceTablesDue,
  rows(ctx) {
    const due = String(ctx.params['DueBy']);
    const db = oeDb(ctx.db);
    const counts = db.selectFrom('price_table_ranges').select(['price_table_id', sql<number>`count(*)`.as('n')]).groupBy('price_table_id');
    return db
      .selectFrom('price_tables as t')
      .leftJoin('firms as f', 'f.firm_id', 't.customer_id')
      .leftJoin(counts.as('c'), 'c.price_table_id', 't.price_table_id')
      .select([
        't.price_table_id as PriceTableId',
        't.description as Description',
        't.customer_id as CustomerId',
        'f.name as CustomerName',
        't.review_date as ReviewDate',
        't.expiry_date as ExpiryDate',
        sql<number>`coalesce(c.n, 0)`.as('Rows'),
      ])
      .where('t.is_active', '=', 1)
      .where((eb) => eb.or([eb('t.review_date', '<=', due), eb('t.expiry_date', '<=', due)]));
  },
};

/** The override audit's rows in the report's date range (and customer, product). */
function overrides(ctx: ReportContext) {
  let query = oeDb(ctx.db)
    .selectFrom('oe_price_overrides as o')
    .where(sql<boolean>`substr(o.overridden_on, 1, 10) >= ${String(ctx.params['StartDate'])}`)
    .where(sql<boolean>`substr(o.overridden_on, 1, 10) <= ${String(ctx.params['EndDate'])}`);
  if (ctx.params['CustomerId'] !== undefined) query = query.where('o.customer_id', '=', String(ctx.params['CustomerId']));
  if (ctx.params['ProductId'] !== undefined) query = query.where('o.product_id', '=', String(ctx.params['ProductId']));
  return query.select([
    // The stored instant (ISO 8601, UTC): the engine shows it in the user's language and time zone.
    'o.overridden_on as OverriddenOn',
    'o.overridden_by as OverriddenBy',
    'o.customer_id as CustomerId',
    'o.product_id as ProductId',
    'o.quantity as Quantity',
    'o.old_price as OldPrice',
    'o.new_price as NewPrice',
    sql<unknown>`o.new_price - coalesce(o.old_price, o.new_price)`.as('Difference'),
  ]);
}

const overrideReport: ServerReport = {
  def: priceOverrideAudit,
  rows: (ctx) => overrides(ctx).select(['o.price_source as Source', 'o.price_table_id as PriceTableId', 'o.reason as Reason', 'o.reference as Reference']),
};

const safetyReport: ServerReport = {
  def: safetyPriceAudit,
  // The safety price is the product's average cost when the override was made: below it the line loses money.
  rows: (ctx) =>
    overrides(ctx)
      .select(['o.cost as Cost', sql<unknown>`o.cost - o.new_price`.as('LossPerUnit'), 'o.reason as Reason'])
      .where('o.cost', 'is not', null)
      .whereRef('o.new_price', '<', 'o.cost'),
};

export const OE_SERVER_REPORTS: readonly ServerReport[] = [priceListReport, productsReport, dueReport, overrideReport, safetyReport];
