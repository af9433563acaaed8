/**
 * The portal's catalogue and prices, read from the product master (issue 15 item 8; migration 0009 retired
 * the stand-in tables):
 *
 * - Products: `products` that are active and not blocked for sales (BlockSales), shown with their description,
 *   unit of measure and category — the name of their product group, else their class's description.
 * - Prices: `product_prices` rows in CAD that apply today (EffectiveDate ≤ today ≤ ExpiryDate, blanks open),
 *   of two tables: the bill-to's own table (`portal_accounts.price_table`, when set) and `LIST` (h15a:
 *   "the list price every customer may get"). For one product and quantity, the rows whose range holds the
 *   quantity (FromQuantity ≤ q ≤ ToQuantity, blank = no bound) are the candidates — when none does, the
 *   row(s) of the smallest FromQuantity (the first quantity break); the bill-to's table wins over LIST when it
 *   has a candidate; among a table's candidates the highest FromQuantity wins (the deepest break), then
 *   Each before Cwt before Discount. PriceType Each: the price of one unit; Cwt: the price per 100 lb of
 *   the product's WeightPerUnit (no weight: not priced); Discount: Price percent off the LIST price at the
 *   same quantity. The unit price is rounded half-up to the cent (the portal keeps integer cents).
 *   Arithmetic is exact (@erp/shared/decimal); decimals are read through the codec.
 * - A product is in a customer's catalogue when it has at least one such row in one of the two tables and a
 *   price results. The catalogue page is chosen in SQL (filters, order, page), then priced.
 * - Stock: `Available` is the quantity on hand less the committed quantity over every warehouse
 *   (`stock_balances`, the stock ledger's balances), an exact decimal string; null for a product that does not
 *   track inventory, or on a database without the stock ledger.
 */
import { cmp, div, mul, round, sub, toUnits, type Decimal } from '@erp/shared/decimal';
import { LIST_PRICE_TABLE } from '@erp/modules/ic/definitions/products/product-price';
import type { Product as CatalogueProduct } from '@erp/shared/portal-types';
import { sql, type Kysely } from 'kysely';
import { decimalFromDb } from '../db/decimal-codec.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Scales of the master's columns (h15a: QUANTITY and UNIT_PRICE have 4 decimals). */
const QTY_SCALE = 4;
const PRICE_SCALE = 4;

export interface PricedProduct {
  description: string;
  unit: string;
  category: string;
  price_cents: number;
}

export interface PriceRow {
  product_id: string;
  price_table: string;
  price_type: string;
  from_quantity: Decimal;
  to_quantity: Decimal | null;
  price: Decimal;
}

const today = (): string => new Date().toISOString().slice(0, 10);

/** The bill-to's own price table, or null (LIST only). */
export async function accountPriceTable(db: AnyDb, billToId: string): Promise<string | null> {
  const row = (await db.selectFrom('portal_accounts').select('price_table').where('bill_to_id', '=', billToId).executeTakeFirst()) as
    | { price_table: string | null }
    | undefined;
  return row?.price_table ?? null;
}

function tablesOf(own: string | null): string[] {
  return own && own !== LIST_PRICE_TABLE ? [own, LIST_PRICE_TABLE] : [LIST_PRICE_TABLE];
}

/** `r` rows of `tables` that apply today (SQL condition on alias `r`). */
function applicable(tables: string[], date: string) {
  return sql<boolean>`r.price_table in (${sql.join(tables)}) and r.currency = 'CAD'
    and (r.effective_date is null or r.effective_date <= ${date}) and (r.expiry_date is null or r.expiry_date >= ${date})`;
}

async function priceRows(db: AnyDb, tables: string[], productIds: string[]): Promise<PriceRow[]> {
  if (productIds.length === 0) return [];
  const rows = (await db
    .selectFrom('product_prices as r')
    .select(['r.product_id', 'r.price_table', 'r.price_type', 'r.from_quantity', 'r.to_quantity', 'r.price'])
    .where('r.product_id', 'in', productIds)
    .where(applicable(tables, today()))
    .execute()) as Record<string, unknown>[];
  return rows.map((row) => ({
    product_id: String(row['product_id']),
    price_table: String(row['price_table']),
    price_type: String(row['price_type']),
    from_quantity: decimalFromDb(db, row['from_quantity'] ?? 0, QTY_SCALE) ?? '0',
    to_quantity: row['to_quantity'] === null || row['to_quantity'] === undefined ? null : decimalFromDb(db, row['to_quantity'], QTY_SCALE),
    price: decimalFromDb(db, row['price'], PRICE_SCALE) ?? '0',
  }));
}

const TYPE_ORDER: Record<string, number> = { Each: 0, Cwt: 1, Discount: 2 };

/** The candidate rows of one table for `quantity` (see the header), best first. */
function candidates(rows: readonly PriceRow[], quantity: Decimal): PriceRow[] {
  let found = rows.filter((row) => cmp(row.from_quantity, quantity) <= 0 && (row.to_quantity === null || cmp(quantity, row.to_quantity) <= 0));
  if (found.length === 0 && rows.length > 0) {
    const first = rows.reduce((min, row) => (cmp(row.from_quantity, min) < 0 ? row.from_quantity : min), rows[0]!.from_quantity);
    found = rows.filter((row) => cmp(row.from_quantity, first) === 0);
  }
  return [...found].sort((a, b) => cmp(b.from_quantity, a.from_quantity) || (TYPE_ORDER[a.price_type] ?? 9) - (TYPE_ORDER[b.price_type] ?? 9));
}

/** The unit price of one row (Discount needs the LIST price). */
function rowPrice(row: PriceRow, weight: Decimal | null, list: () => Decimal | null): Decimal | null {
  switch (row.price_type) {
    case 'Each':
      return row.price;
    case 'Cwt':
      return weight === null ? null : div(mul(row.price, weight, 8), '100', 8);
    case 'Discount': {
      const base = list();
      return base === null ? null : mul(base, div(sub('100', row.price), '100', 8), 8);
    }
    default:
      return null;
  }
}

/**
 * The unit price of one product at `quantity` for a bill-to whose own table is `own` (null: LIST only), from
 * the product's applicable rows; null when none gives a price. Exported for the tests of the rules above.
 */
export function unitPrice(rows: readonly PriceRow[], own: string | null, quantity: Decimal, weight: Decimal | null): Decimal | null {
  const listRows = rows.filter((row) => row.price_table === LIST_PRICE_TABLE);
  const listPrice = (): Decimal | null => {
    for (const row of candidates(listRows, quantity)) {
      if (row.price_type === 'Discount') continue;
      const price = rowPrice(row, weight, () => null);
      if (price !== null) return price;
    }
    return null;
  };
  const ownRows = own && own !== LIST_PRICE_TABLE ? rows.filter((row) => row.price_table === own) : [];
  for (const table of [ownRows, listRows]) {
    for (const row of candidates(table, quantity)) {
      const price = rowPrice(row, weight, listPrice);
      if (price !== null) return round(price, 2);
    }
  }
  return null;
}

/** Integer cents of a 2-decimal price. */
function cents(price: Decimal): number {
  return Number(toUnits(price, 2));
}

interface ProductRow {
  product_id: string;
  description: string;
  unit_of_measure: string | null;
  weight_per_unit: unknown;
  category: string | null;
}

/** Active, sellable products with a row of `tables` that applies today (alias `p`). */
function sellable(db: AnyDb, tables: string[]) {
  return db
    .selectFrom('products as p')
    .leftJoin('product_groups as g', 'g.group_id', 'p.category')
    .leftJoin('product_classes as c', 'c.class_id', 'p.class_id')
    .where('p.is_active', '=', 1)
    .where((eb) => eb.or([eb('p.block_sales', '=', 0), eb('p.block_sales', 'is', null)]))
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('product_prices as r')
          .select(sql`1`.as('one'))
          .whereRef('r.product_id', '=', 'p.product_id')
          .where(applicable(tables, today())),
      ),
    );
}

const PRODUCT_COLUMNS = [
  'p.product_id',
  'p.description',
  'p.unit_of_measure',
  'p.weight_per_unit',
  sql<string | null>`coalesce(g.name, c.description)`.as('category'),
] as const;

async function priced(db: AnyDb, own: string | null, products: ProductRow[], quantities?: ReadonlyMap<string, number>) {
  const rows = await priceRows(db, tablesOf(own), products.map((product) => product.product_id));
  const byProduct = new Map<string, PriceRow[]>();
  for (const row of rows) byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), row]);
  const out = new Map<string, PricedProduct>();
  for (const product of products) {
    const weight = product.weight_per_unit === null || product.weight_per_unit === undefined ? null : decimalFromDb(db, product.weight_per_unit, QTY_SCALE);
    const quantity = String(quantities?.get(product.product_id) ?? 1);
    const price = unitPrice(byProduct.get(product.product_id) ?? [], own, quantity, weight);
    if (price === null) continue;
    out.set(product.product_id, {
      description: product.description,
      unit: product.unit_of_measure ?? 'EA',
      category: product.category ?? '',
      price_cents: cents(price),
    });
  }
  return out;
}

/**
 * Priced products of `billToId` among `productIds` (upper-cased ids), by id, each at its quantity in
 * `quantities` (default 1). Products not sellable to the bill-to are absent.
 */
export async function pricedProducts(db: AnyDb, billToId: string, productIds: string[], quantities?: ReadonlyMap<string, number>): Promise<Map<string, PricedProduct>> {
  if (productIds.length === 0) return new Map();
  const own = await accountPriceTable(db, billToId);
  const products = (await sellable(db, tablesOf(own)).select(PRODUCT_COLUMNS).where('p.product_id', 'in', productIds).execute()) as ProductRow[];
  return priced(db, own, products, quantities);
}

/** Available quantity (on hand − committed, every warehouse) of the stock-tracked products among `ids`. */
export async function availability(db: AnyDb, ids: string[]): Promise<Map<string, Decimal>> {
  if (ids.length === 0) return new Map();
  let rows: Record<string, unknown>[];
  try {
    rows = (await db
      .selectFrom('stock_balances as b')
      .innerJoin('products as p', 'p.product_id', 'b.product_id')
      .select(['b.product_id', sql`sum(b.on_hand)`.as('on_hand'), sql`sum(b.committed)`.as('committed')])
      .where('b.product_id', 'in', ids)
      .where('p.track_inventory', '=', 1)
      .groupBy('b.product_id')
      .execute()) as Record<string, unknown>[];
  } catch {
    // No stock ledger on this database (its module not installed): nothing is known about stock.
    return new Map();
  }
  const tracked = (await db.selectFrom('products').select('product_id').where('product_id', 'in', ids).where('track_inventory', '=', 1).execute()) as {
    product_id: string;
  }[];
  const out = new Map<string, Decimal>(tracked.map((row) => [row.product_id, '0.0000']));
  for (const row of rows) {
    const onHand = decimalFromDb(db, row['on_hand'] ?? 0, QTY_SCALE) ?? '0';
    const committed = decimalFromDb(db, row['committed'] ?? 0, QTY_SCALE) ?? '0';
    out.set(String(row['product_id']), sub(onHand, committed));
  }
  return out;
}

/** One page of the bill-to's catalogue: the search over id, description and category; prices at quantity 1. */
export async function catalogPage(
  db: AnyDb,
  billToId: string,
  options: { search?: string | undefined; pattern: (text: string) => string; likeOp: string; page: number; size: number },
): Promise<{ total: number; list: CatalogueProduct[] }> {
  const own = await accountPriceTable(db, billToId);
  let query = sellable(db, tablesOf(own));
  const search = options.search?.trim();
  if (search) {
    const pattern = options.pattern(search);
    const op = sql.raw(options.likeOp);
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`p.product_id ${op} ${pattern} escape '\\'`,
        sql<boolean>`p.description ${op} ${pattern} escape '\\'`,
        sql<boolean>`g.name ${op} ${pattern} escape '\\'`,
        sql<boolean>`c.description ${op} ${pattern} escape '\\'`,
      ]),
    );
  }
  const total = Number(((await query.select(sql<number>`count(*)`.as('n')).executeTakeFirst()) as { n?: unknown } | undefined)?.n ?? 0);
  const rows = (await query
    .select(PRODUCT_COLUMNS)
    .orderBy('p.product_id')
    .limit(options.size)
    .offset((options.page - 1) * options.size)
    .execute()) as ProductRow[];
  const prices = await priced(db, own, rows);
  const stock = await availability(db, rows.map((row) => row.product_id));
  const list = rows
    .filter((row) => prices.has(row.product_id))
    .map((row) => {
      const product = prices.get(row.product_id)!;
      return {
        ProductId: row.product_id,
        Description: product.description,
        Category: product.category,
        Unit: product.unit,
        Price: product.price_cents / 100,
        Available: stock.get(row.product_id) ?? null,
      };
    });
  return { total, list };
}

