/**
 * The portal's catalogue and prices (issue 15 item 8; issue 25: prices from the order desk's pricing service):
 *
 * - Products: `products` that are active and not blocked for sales (BlockSales), shown with their description,
 *   unit of measure and category — the name of their product group, else their class's description.
 * - Prices: the pricing service's (modules/oe/server/pricing/service.ts `priceLines`) for the bill-to at
 *   today's date, per line at its quantity (the catalogue at quantity 1): customer SKU, the customer's price
 *   table, the jobber's, the list price; quantity breaks, expiry, the discount table and tariffs. The portal
 *   keeps integer cents of the service's price (already rounded to the cent).
 * - A product is in a customer's catalogue when something could price it — a list price in effect, a row of
 *   one of the customer's (or its jobber's) price tables in effect, or a customer SKU contract price — and the
 *   service gives it a price. The catalogue page is chosen in SQL (filters, order, page), then priced.
 * - Stock: `Available` is the quantity on hand less the committed quantity over every warehouse
 *   (`stock_balances`, the stock ledger's balances), an exact decimal string; null for a product that does not
 *   track inventory, or on a database without the stock ledger.
 */
import { sub, toUnits, type Decimal } from '@erp/shared/decimal';
import { LIST_PRICE_TABLE } from '@erp/modules/ic/definitions/index';
import { priceLines } from '@erp/modules/oe/server/api';
import type { Product as CatalogueProduct } from '@erp/shared/portal-types';
import { sql, type Kysely } from 'kysely';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import type { PortalDB } from './schema.ts';

/** The portal's view: the product master (Inventory's), prices (Order Entry's) and stock balances. */
type CatalogueDb = Kysely<PortalDB>;

/** Scale of the master's quantities (h15a: QUANTITY has 4 decimals). */
const QTY_SCALE = 4;

export interface PricedProduct {
  description: string;
  unit: string;
  category: string;
  price_cents: number;
}

const today = (): string => new Date().toISOString().slice(0, 10);

/** Integer cents of a 2-decimal price. */
function cents(price: Decimal): number {
  return Number(toUnits(price, 2));
}

interface ProductRow {
  product_id: string;
  description: string;
  unit_of_measure: string | null;
  category: string | null;
}

/** The bill-to and its jobber: whose price tables and SKUs can price its products. */
async function ownersOf(db: CatalogueDb, billToId: string): Promise<string[]> {
  const firm = (await db.selectFrom('firms').select('jobber_firm_id').where('firm_id', '=', billToId).executeTakeFirst()) as { jobber_firm_id: string | null } | undefined;
  return firm?.jobber_firm_id ? [billToId, firm.jobber_firm_id] : [billToId];
}

/** Active, sellable products that something could price for `owners` today (alias `p`; see the header). */
function sellable(db: CatalogueDb, owners: string[]) {
  const date = today();
  const inEffect = (alias: string) => sql<boolean>`(${sql.ref(`${alias}.effective_date`)} is null or ${sql.ref(`${alias}.effective_date`)} <= ${date}) and (${sql.ref(`${alias}.expiry_date`)} is null or ${sql.ref(`${alias}.expiry_date`)} >= ${date})`;
  return db
    .selectFrom('products as p')
    .leftJoin('product_groups as g', 'g.group_id', 'p.category')
    .leftJoin('product_classes as c', 'c.class_id', 'p.class_id')
    .where('p.is_active', '=', 1)
    .where((eb) => eb.or([eb('p.block_sales', '=', 0), eb('p.block_sales', 'is', null)]))
    .where(({ exists, selectFrom, or }) =>
      or([
        exists(
          selectFrom('product_prices as r')
            .select(sql`1`.as('one'))
            .whereRef('r.product_id', '=', 'p.product_id')
            .where('r.price_table', '=', LIST_PRICE_TABLE)
            .where('r.currency', '=', 'CAD')
            .where(inEffect('r')),
        ),
        exists(
          selectFrom('price_table_ranges as x')
            .innerJoin('price_tables as t', 't.price_table_id', 'x.price_table_id')
            .select(sql`1`.as('one'))
            .whereRef('x.product_id', '=', 'p.product_id')
            .where('t.customer_id', 'in', owners)
            .where('t.is_active', '=', 1)
            .where(inEffect('t'))
            .where((eb) => eb.or([eb('x.expiry_date', 'is', null), eb('x.expiry_date', '>=', date)])),
        ),
        exists(
          selectFrom('customer_skus as k')
            .select(sql`1`.as('one'))
            .whereRef('k.product_id', '=', 'p.product_id')
            .where('k.customer_id', 'in', owners)
            .where('k.price', 'is not', null),
        ),
      ]),
    );
}

const PRODUCT_COLUMNS = [
  'p.product_id',
  'p.description',
  'p.unit_of_measure',
  sql<string | null>`coalesce(g.name, c.description)`.as('category'),
] as const;

async function priced(db: CatalogueDb, billToId: string, products: ProductRow[], quantities?: ReadonlyMap<string, number>) {
  const lines = await priceLines(db, {
    customerId: billToId,
    date: today(),
    lines: products.map((product) => ({ productId: product.product_id, quantity: String(quantities?.get(product.product_id) ?? 1) })),
  });
  const out = new Map<string, PricedProduct>();
  products.forEach((product, index) => {
    const price = lines[index]?.Price ?? null;
    if (price === null) return;
    out.set(product.product_id, {
      description: product.description,
      unit: product.unit_of_measure ?? 'EA',
      category: product.category ?? '',
      price_cents: cents(price),
    });
  });
  return out;
}

/**
 * Priced products of `billToId` among `productIds` (upper-cased ids), by id, each at its quantity in
 * `quantities` (default 1). Products not sellable to the bill-to are absent.
 */
export async function pricedProducts(db: CatalogueDb, billToId: string, productIds: string[], quantities?: ReadonlyMap<string, number>): Promise<Map<string, PricedProduct>> {
  if (productIds.length === 0) return new Map();
  const products = (await sellable(db, await ownersOf(db, billToId)).select(PRODUCT_COLUMNS).where('p.product_id', 'in', productIds).execute()) as ProductRow[];
  return priced(db, billToId, products, quantities);
}

/** Available quantity (on hand − committed, every warehouse) of the stock-tracked products among `ids`. */
export async function availability(db: CatalogueDb, ids: string[]): Promise<Map<string, Decimal>> {
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
  db: CatalogueDb,
  billToId: string,
  options: { search?: string | undefined; pattern: (text: string) => string; likeOp: string; page: number; size: number },
): Promise<{ total: number; list: CatalogueProduct[] }> {
  let query = sellable(db, await ownersOf(db, billToId));
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
  const prices = await priced(db, billToId, rows);
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

