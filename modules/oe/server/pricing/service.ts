/**
 * THE pricing service (issue 25 item 2; DOMAIN-NOTES §6.7): the unit price of a product for a customer, a
 * ship-to, a quantity and a date, and why. Every price the product shows or charges comes from here — the
 * portal's catalogue and cart (modules/portal/server/catalogue.ts), the order desk's price call
 * (`POST /api/oe/pricing/prices`), the price override's "old price", the reports — and sales orders next.
 *
 * `priceLines(db, request)` prices many lines in one pass (a handful of queries, whatever the line count).
 * Order of precedence, the first that gives a price wins (Source):
 *   1. `sku`      — the customer's SKU of the product (ship-to's, else bill-to's) with a contract price, not
 *                   expired at the date;
 *   2. `customer` — the ship-to's price table, else the bill-to's (active, in effect at the date; the latest
 *                   effective first);
 *   3. `jobber`   — the price table of the bill-to's jobber firm (§3 Firm: jobber firm);
 *   4. `default`  — the product's list price (§3 Product price, table LIST of product maintenance).
 * Inside one price table: the rows of the product, else the table-wide rows (no product); a row applies when
 *   FromQuantity ≤ quantity ≤ ToQuantity (blank = no bound) and its own expiry is not past; among those the
 *   deepest break (highest FromQuantity) wins, then Each, Cwt, CostPlus, Discount. A quantity below every
 *   break gets no price from that table (it falls through to the next source).
 * Price types: Each — Price per unit; Cwt — Price per 100 lb of the product's weight per unit (no weight: no
 *   price); CostPlus — cost × (1 + Price %), cost = the stock ledger's average or last cost (the table's cost
 *   basis; no cost: no price); Discount — the list price less Price %. The list price (LIST rows, same
 *   range rule; when the quantity is below every LIST break, the first break) is Each or Cwt only.
 * Then, for a price that is not a SKU contract price and a product marked "apply discount": the bill-to's
 *   discount table (§3 Firm: discount table; its line for the product, else the product's class, else every
 *   product) takes its percent off. Then every tariff in effect for the product, its class or every product
 *   is added: Percent — that percent of the discounted price; PerUnit — that amount.
 * Arithmetic is exact (@erp/shared/decimal, 8 places inside); the unit price is rounded half-up to the cent
 * once, at the end. Answer per line: Price (2 places) or null (not priced), Source, PriceTableId, RangeId,
 * PriceType, BreakFrom, BasePrice (before discount and tariffs, 4 places), DiscountTableId, DiscountPercent, Surcharge
 * (per unit, 4 places), Tariffs (ids).
 */
import { add, cmp, div, mul, round, sub, type Decimal } from '@erp/shared/decimal';
import { LIST_PRICE_TABLE } from '@erp/modules/ic/definitions/index';
import { sql, type Kysely, type Transaction } from 'kysely';
import { decimalFromDb, type Connection } from '@erp/server/db/decimal-codec';
import { asFlag, flag } from '@erp/server/db/schema';
import { oeDb, type OeDatabase } from '../tables.generated.ts';

type OeView = Kysely<OeDatabase>;

export type PriceSource = 'sku' | 'customer' | 'jobber' | 'default';

export interface PriceRequest {
  /** The bill-to. */
  customerId: string;
  shipToId?: string | null;
  /** YYYY-MM-DD. */
  date: string;
  lines: readonly { productId: string; quantity: Decimal }[];
}

export interface PricedLine {
  ProductId: string;
  Quantity: Decimal;
  Price: Decimal | null;
  Source: PriceSource | null;
  PriceTableId: string | null;
  RangeId: number | null;
  PriceType: string | null;
  /** The quantity break the row starts at. */
  BreakFrom: Decimal | null;
  BasePrice: Decimal | null;
  DiscountTableId: string | null;
  DiscountPercent: Decimal | null;
  Surcharge: Decimal | null;
  Tariffs: string[];
}

const QTY = 4;
const PRICE = 4;
const RATE = 4;
const INSIDE = 8;
const TYPE_ORDER: Record<string, number> = { Each: 0, Cwt: 1, CostPlus: 2, Discount: 3 };

interface Range {
  rangeId: number | null;
  tableId: string;
  productId: string | null;
  priceType: string;
  from: Decimal;
  to: Decimal | null;
  price: Decimal;
}

interface Table {
  id: string;
  customerId: string;
  costBasis: string;
  ranges: Range[];
  /** The ranges by product (null: the table-wide rows): a line reads its own, never the whole table. */
  byProduct: Map<string | null, Range[]>;
}

/** Appends `value` to the list under `key` (in place: building the lists stays linear). */
function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

interface ProductFacts {
  weight: Decimal | null;
  applyDiscount: boolean;
  classId: string | null;
  average: Decimal | null;
  last: Decimal | null;
}

const dec = (db: Connection, raw: unknown, scale: number): Decimal | null => decimalFromDb(db, raw, scale);
const inEffect = (date: string) => sql<boolean>`(effective_date is null or effective_date <= ${date}) and (expiry_date is null or expiry_date >= ${date})`;

/** The rows of `ranges` that hold `quantity`, best first (see the header). */
export function bestRows(ranges: readonly Range[], quantity: Decimal): Range[] {
  return ranges
    .filter((r) => cmp(r.from, quantity) <= 0 && (r.to === null || cmp(quantity, r.to) <= 0))
    .sort((a, b) => cmp(b.from, a.from) || (TYPE_ORDER[a.priceType] ?? 9) - (TYPE_ORDER[b.priceType] ?? 9));
}

/** The list price: LIST rows holding the quantity, else the first break; Each or Cwt. */
function listPrice(rows: readonly Range[], quantity: Decimal, facts: ProductFacts): { price: Decimal; row: Range } | null {
  let found = bestRows(rows, quantity);
  if (found.length === 0 && rows.length > 0) {
    const first = rows.reduce((min, r) => (cmp(r.from, min) < 0 ? r.from : min), rows[0]!.from);
    found = rows.filter((r) => cmp(r.from, first) === 0).sort((a, b) => (TYPE_ORDER[a.priceType] ?? 9) - (TYPE_ORDER[b.priceType] ?? 9));
  }
  for (const row of found) {
    const price = unitOf(row, facts, 'Average', () => null);
    if (price !== null) return { price, row };
  }
  return null;
}

/** The unit price one row gives (null: the row cannot price this product). */
function unitOf(row: Range, facts: ProductFacts, costBasis: string, list: () => Decimal | null): Decimal | null {
  switch (row.priceType) {
    case 'Each':
      return row.price;
    case 'Cwt':
      return facts.weight === null ? null : div(mul(row.price, facts.weight, INSIDE), '100', INSIDE);
    case 'CostPlus': {
      const cost = costBasis === 'Last' ? facts.last : facts.average;
      if (cost === null || cmp(cost, '0') <= 0) return null;
      return mul(cost, add('1', div(row.price, '100', INSIDE)), INSIDE);
    }
    case 'Discount': {
      const base = list();
      return base === null ? null : mul(base, sub('1', div(row.price, '100', INSIDE)), INSIDE);
    }
    default:
      return null;
  }
}

async function firmFacts(db: OeView, ids: string[]): Promise<Map<string, { jobber: string | null; discountTable: string | null }>> {
  const rows = await db.selectFrom('firms').select(['firm_id', 'jobber_firm_id', 'discount_table']).where('firm_id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.firm_id, { jobber: r.jobber_firm_id ?? null, discountTable: r.discount_table ?? null }]));
}

/** Active tables of `owners` in effect at `date`, with their rows for `productIds` (and table-wide rows). */
async function tablesOf(db: OeView, owners: string[], productIds: string[], date: string): Promise<Table[]> {
  if (owners.length === 0) return [];
  const tables = await db
    .selectFrom('price_tables')
    .select(['price_table_id', 'customer_id', 'cost_basis', 'effective_date'])
    .where('customer_id', 'in', owners)
    .where('is_active', '=', flag(true))
    .where(inEffect(date))
    // The latest in effect first; an open start counts as the earliest (both engines sort NULLs alike).
    .orderBy(sql`coalesce(effective_date, '0000-01-01')`, 'desc')
    .orderBy('price_table_id')
    .execute();
  if (tables.length === 0) return [];
  const ids = tables.map((t) => String(t.price_table_id));
  const rows = await db
    .selectFrom('price_table_ranges')
    .select(['range_id', 'price_table_id', 'product_id', 'price_type', 'from_quantity', 'to_quantity', 'price'])
    .where('price_table_id', 'in', ids)
    .where((eb) => eb.or([eb('product_id', 'in', productIds), eb('product_id', 'is', null)]))
    .where((eb) => eb.or([eb('expiry_date', 'is', null), eb('expiry_date', '>=', date)]))
    .execute();
  const byTable = new Map<string, Range[]>();
  for (const r of rows) {
    const range: Range = {
      rangeId: Number(r.range_id),
      tableId: String(r.price_table_id),
      productId: r.product_id ?? null,
      priceType: String(r.price_type),
      from: dec(db, r.from_quantity ?? 0, QTY) ?? '0',
      to: dec(db, r.to_quantity, QTY),
      price: dec(db, r.price, PRICE) ?? '0',
    };
    pushTo(byTable, range.tableId, range);
  }
  return tables.map((t) => {
    const ranges = byTable.get(String(t.price_table_id)) ?? [];
    const byProduct = new Map<string | null, Range[]>();
    for (const range of ranges) pushTo(byProduct, range.productId, range);
    return { id: String(t.price_table_id), customerId: String(t.customer_id), costBasis: String(t.cost_basis ?? 'Average'), ranges, byProduct };
  });
}

async function productFacts(db: OeView, productIds: string[], needCost: boolean): Promise<Map<string, ProductFacts>> {
  const rows = await db.selectFrom('products').select(['product_id', 'weight_per_unit', 'apply_discount', 'class_id']).where('product_id', 'in', productIds).execute();
  const out = new Map<string, ProductFacts>();
  for (const r of rows) {
    const applies = r.apply_discount;
    out.set(String(r.product_id), {
      weight: dec(db, r.weight_per_unit, QTY),
      applyDiscount: applies === null ? true : asFlag(applies),
      classId: r.class_id ?? null,
      average: null,
      last: null,
    });
  }
  if (!needCost) return out;
  const stock = await db
    .selectFrom('stock_balances')
    .select(['product_id', 'on_hand', 'value', 'average_cost', 'last_cost', 'last_receipt_date'])
    .where('product_id', 'in', productIds)
    .execute();
  const sums = new Map<string, { onHand: Decimal; value: Decimal; average: Decimal | null; last: Decimal | null; lastDate: string }>();
  for (const r of stock) {
    const id = String(r.product_id);
    const s = sums.get(id) ?? { onHand: '0', value: '0', average: null, last: null, lastDate: '' };
    s.onHand = add(s.onHand, dec(db, r.on_hand, QTY) ?? '0');
    s.value = add(s.value, dec(db, r.value, 2) ?? '0');
    s.average ??= dec(db, r.average_cost, QTY);
    const received = String(r.last_receipt_date ?? '');
    if (received >= s.lastDate) {
      s.lastDate = received;
      s.last = dec(db, r.last_cost, QTY);
    }
    sums.set(id, s);
  }
  for (const [id, s] of sums) {
    const facts = out.get(id);
    if (!facts) continue;
    facts.average = cmp(s.onHand, '0') > 0 ? div(s.value, s.onHand, QTY) : s.average;
    facts.last = s.last;
  }
  return out;
}

async function listRows(db: OeView, productIds: string[], date: string): Promise<Map<string, Range[]>> {
  const rows = await db
    .selectFrom('product_prices')
    .select(['product_id', 'price_type', 'from_quantity', 'to_quantity', 'price'])
    .where('product_id', 'in', productIds)
    .where('price_table', '=', LIST_PRICE_TABLE)
    .where('currency', '=', 'CAD')
    .where(inEffect(date))
    .where('price_type', 'in', ['Each', 'Cwt'])
    .execute();
  const out = new Map<string, Range[]>();
  for (const r of rows) {
    const id = String(r.product_id);
    const range: Range = {
      rangeId: null,
      tableId: LIST_PRICE_TABLE,
      productId: id,
      priceType: String(r.price_type),
      from: dec(db, r.from_quantity ?? 0, QTY) ?? '0',
      to: dec(db, r.to_quantity, QTY),
      price: dec(db, r.price, PRICE) ?? '0',
    };
    pushTo(out, id, range);
  }
  return out;
}

async function skuPrices(db: OeView, owners: string[], productIds: string[], date: string): Promise<Map<string, Decimal>> {
  const rows = await db
    .selectFrom('customer_skus')
    .select(['customer_id', 'product_id', 'price'])
    .where('customer_id', 'in', owners)
    .where('product_id', 'in', productIds)
    .where('price', 'is not', null)
    .where((eb) => eb.or([eb('expiry_date', 'is', null), eb('expiry_date', '>=', date)]))
    .execute();
  const out = new Map<string, Decimal>();
  // The first owner (the ship-to) wins over the bill-to.
  for (const owner of owners) {
    for (const r of rows) {
      const key = String(r.product_id);
      if (String(r.customer_id) === owner && !out.has(key)) out.set(key, dec(db, r.price, PRICE) ?? '0');
    }
  }
  return out;
}

interface Discounts {
  id: string;
  byProduct: Map<string, Decimal>;
  byClass: Map<string, Decimal>;
  all: Decimal | null;
}

async function discountsOf(db: OeView, tableId: string | null): Promise<Discounts | null> {
  if (!tableId) return null;
  const table = await db.selectFrom('discount_tables').select('discount_table_id').where('discount_table_id', '=', tableId).where('is_active', '=', flag(true)).executeTakeFirst();
  if (!table) return null;
  const rows = await db.selectFrom('discount_table_lines').select(['product_id', 'class_id', 'percent']).where('discount_table_id', '=', tableId).execute();
  const found: Discounts = { id: tableId, byProduct: new Map(), byClass: new Map(), all: null };
  for (const r of rows) {
    const percent = dec(db, r.percent, RATE) ?? '0';
    if (r.product_id) found.byProduct.set(String(r.product_id), percent);
    else if (r.class_id) found.byClass.set(String(r.class_id), percent);
    else found.all = percent;
  }
  return found;
}

interface Tariff {
  id: string;
  productId: string | null;
  classId: string | null;
  kind: string;
  rate: Decimal;
}

async function tariffsAt(db: OeView, date: string): Promise<Tariff[]> {
  const rows = await db
    .selectFrom('tariffs')
    .select(['tariff_id', 'product_id', 'class_id', 'kind', 'rate'])
    .where('is_active', '=', flag(true))
    .where(inEffect(date))
    .orderBy('tariff_id')
    .execute();
  return rows.map((r) => ({
    id: String(r.tariff_id),
    productId: r.product_id ?? null,
    classId: r.class_id ?? null,
    kind: String(r.kind),
    rate: dec(db, r.rate, PRICE) ?? '0',
  }));
}

const unpriced = (productId: string, quantity: Decimal): PricedLine => ({
  ProductId: productId,
  Quantity: quantity,
  Price: null,
  Source: null,
  PriceTableId: null,
  RangeId: null,
  PriceType: null,
  BreakFrom: null,
  BasePrice: null,
  DiscountTableId: null,
  DiscountPercent: null,
  Surcharge: null,
  Tariffs: [],
});

/** Prices every line of `request` (see the header). Product ids are taken as given (upper case). */
export async function priceLines<D>(connection: Kysely<D> | Transaction<D>, request: PriceRequest): Promise<PricedLine[]> {
  // Any caller's view (the portal's, Sales Orders', Waste Disposal's): read through Order Entry's.
  const db = oeDb(connection);
  const productIds = [...new Set(request.lines.map((line) => line.productId))];
  if (productIds.length === 0) return [];
  const shipTo = request.shipToId && request.shipToId !== request.customerId ? request.shipToId : null;
  const owners = shipTo ? [shipTo, request.customerId] : [request.customerId];
  const firms = await firmFacts(db, owners);
  const billTo = firms.get(request.customerId);
  const jobber = billTo?.jobber && !owners.includes(billTo.jobber) ? billTo.jobber : null;
  const tables = await tablesOf(db, jobber ? [...owners, jobber] : owners, productIds, request.date);
  // The customer's table: the ship-to's first, then the bill-to's; each owner's latest table first.
  const ordered = [...owners, ...(jobber ? [jobber] : [])].flatMap((owner) => tables.filter((t) => t.customerId === owner));
  const needCost = tables.some((t) => t.ranges.some((r) => r.priceType === 'CostPlus'));
  const [facts, lists, skus, discounts, tariffs] = await Promise.all([
    productFacts(db, productIds, needCost),
    listRows(db, productIds, request.date),
    skuPrices(db, owners, productIds, request.date),
    discountsOf(db, billTo?.discountTable ?? null),
    tariffsAt(db, request.date),
  ]);
  return request.lines.map((line) => {
    const product = facts.get(line.productId);
    if (!product) return unpriced(line.productId, line.quantity);
    const list = () => listPrice(lists.get(line.productId) ?? [], line.quantity, product)?.price ?? null;
    let found: { price: Decimal; source: PriceSource; row: Range | null } | null = null;
    const sku = skus.get(line.productId);
    if (sku !== undefined) found = { price: sku, source: 'sku', row: null };
    for (const table of ordered) {
      if (found) break;
      for (const rows of [table.byProduct.get(line.productId) ?? [], table.byProduct.get(null) ?? []]) {
        if (found) break;
        for (const row of bestRows(rows, line.quantity)) {
          const price = unitOf(row, product, table.costBasis, list);
          if (price === null) continue;
          found = { price, source: table.customerId === jobber ? 'jobber' : 'customer', row };
          break;
        }
      }
    }
    if (!found) {
      const listed = listPrice(lists.get(line.productId) ?? [], line.quantity, product);
      if (listed) found = { price: listed.price, source: 'default', row: listed.row };
    }
    if (!found) return unpriced(line.productId, line.quantity);
    let price = found.price;
    let discountPercent: Decimal | null = null;
    if (found.source !== 'sku' && product.applyDiscount && discounts) {
      discountPercent = discounts.byProduct.get(line.productId) ?? (product.classId ? discounts.byClass.get(product.classId) : undefined) ?? discounts.all;
      if (discountPercent !== null) price = mul(price, sub('1', div(discountPercent, '100', INSIDE)), INSIDE);
    }
    let surcharge = '0';
    const applied: string[] = [];
    for (const tariff of tariffs) {
      if (tariff.productId !== null && tariff.productId !== line.productId) continue;
      if (tariff.classId !== null && tariff.classId !== product.classId) continue;
      surcharge = add(surcharge, tariff.kind === 'PerUnit' ? tariff.rate : mul(price, div(tariff.rate, '100', INSIDE), INSIDE));
      applied.push(tariff.id);
    }
    return {
      ProductId: line.productId,
      Quantity: line.quantity,
      Price: round(add(price, surcharge), 2),
      Source: found.source,
      PriceTableId: found.source === 'sku' ? null : (found.row?.tableId ?? null),
      RangeId: found.row?.rangeId ?? null,
      PriceType: found.row?.priceType ?? null,
      BreakFrom: found.row?.from ?? null,
      BasePrice: round(found.price, PRICE),
      DiscountTableId: discountPercent !== null ? (discounts?.id ?? null) : null,
      DiscountPercent: discountPercent,
      Surcharge: applied.length > 0 ? round(surcharge, PRICE) : null,
      Tariffs: applied,
    };
  });
}
