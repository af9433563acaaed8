/**
 * The portal's data operations (catalogue, cart, orders, notifications), each already scoped to one
 * allowed bill-to by the routes (routes.ts checks every id against the caller's securables first).
 * Amounts are integer cents in the tables and dollars (2 decimals) on the wire. Products and prices come
 * from the product master (catalogue.ts, issue 15 item 8).
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import { asFlag } from '@erp/server/db/schema';
import type { PortalDB } from './schema.ts';
import { pricedProducts as masterPrices } from './catalogue.ts';
import { createPortalSalesOrder } from '@erp/modules/so/server/api';
import type { Cart as CartAnswer, CartLine, Order as OrderAnswer, OrderLine as OrderLineAnswer } from '@erp/shared/portal-types';

export type { CartAnswer, CartLine, OrderAnswer, OrderLineAnswer };

export const dollars = (cents: number): number => Math.round(Number(cents)) / 100;

/**
 * The user's cart for `billToId`, priced at that bill-to's prices for each line's quantity (catalogue.ts);
 * a line whose product is no longer sellable to the bill-to is left out.
 */
export async function readCart(db: Kysely<PortalDB>, userId: string, billToId: string): Promise<CartAnswer> {
  const rows = await db
    .selectFrom('portal_cart_lines as c')
    .select(['c.cart_line_key', 'c.product_id', 'c.quantity'])
    .where('c.user_id', '=', userId)
    .where('c.bill_to_id', '=', billToId)
    .orderBy('c.cart_line_key')
    .execute();
  const priced = await pricedProducts(db, billToId, rows.map((row) => row.product_id), new Map(rows.map((row) => [row.product_id, Number(row.quantity)])));
  let total = 0;
  const lines = rows
    .filter((row) => priced.has(row.product_id))
    .map((row) => {
      const product = priced.get(row.product_id)!;
      const amount = product.price_cents * Number(row.quantity);
      total += amount;
      return {
        CartLineId: Number(row.cart_line_key),
        ProductId: row.product_id,
        Description: product.description,
        Unit: product.unit,
        Price: dollars(product.price_cents),
        Quantity: Number(row.quantity),
        Amount: dollars(amount),
      };
    });
  return { BillToId: billToId, Lines: lines, LineCount: lines.length, Total: dollars(total) };
}

/** Priced products of a bill-to (the product master's, catalogue.ts), by id. */
export function pricedProducts(db: Kysely<PortalDB>, billToId: string, productIds: string[], quantities?: ReadonlyMap<string, number>) {
  return masterPrices(db, billToId, productIds, quantities);
}

/** Merges lines of the same product (quantities added), keeping first-seen order. */
export function mergeLines(lines: { ProductId: string; Quantity: number }[]): { ProductId: string; Quantity: number }[] {
  const merged = new Map<string, number>();
  for (const line of lines) {
    const id = line.ProductId.trim().toUpperCase();
    merged.set(id, (merged.get(id) ?? 0) + line.Quantity);
  }
  return [...merged].map(([ProductId, Quantity]) => ({ ProductId, Quantity }));
}

type OrderRow = Selectable<PortalDB['portal_orders']>;

export function orderAnswer(row: Omit<OrderRow, 'user_id'>, shipToName: string | null, lines?: OrderLineAnswer[]): OrderAnswer {
  return {
    OrderKey: Number(row.order_key),
    OrderNo: row.order_no ?? '',
    BillToId: row.bill_to_id,
    ShipToId: row.ship_to_id,
    ShipToName: shipToName,
    Status: row.status,
    OrderDate: row.order_date,
    DeliveryDate: row.delivery_date,
    Notes: row.notes,
    Total: dollars(row.total_cents),
    ...(lines ? { Lines: lines } : {}),
  };
}

/** One order with its lines, or undefined when it does not exist or is not of one of `billToIds`. */
export async function readOrder(db: Kysely<PortalDB>, orderKey: number, billToIds: string[], firms: Map<string, string>): Promise<OrderAnswer | undefined> {
  if (billToIds.length === 0) return undefined;
  const row = await db
    .selectFrom('portal_orders')
    .selectAll()
    .where('order_key', '=', orderKey)
    .where('bill_to_id', 'in', billToIds)
    .executeTakeFirst();
  if (!row) return undefined;
  const lines = await db.selectFrom('portal_order_lines').selectAll().where('order_key', '=', orderKey).orderBy('line_no').execute();
  // The order desk's invoice of the order (issue 26: Order Details read the sales order's invoice).
  const invoice = (await orderInvoices(db, [orderKey])).get(orderKey);
  const answer = orderAnswer(
    row,
    firms.get(row.ship_to_id) ?? null,
    lines.map((line) => ({
      LineNo: Number(line.line_no),
      ProductId: line.product_id,
      Description: line.description,
      Unit: line.unit,
      Quantity: Number(line.quantity),
      Price: dollars(line.price_cents),
      Amount: dollars(Number(line.price_cents) * Number(line.quantity)),
    })),
  );
  return { ...answer, InvoiceNo: invoice?.InvoiceNo ?? null, InvoiceId: invoice?.InvoiceId ?? null };
}

/**
 * The invoice of each of `orderKeys` (issue 69 item 2: My Orders and Order Details open it), by portal order key:
 * the number the sales order the portal order became was invoiced under (as before, issue 26), and the invoice's
 * key once that invoice is posted (a draft is still the office's: no key, so no link).
 */
export async function orderInvoices(db: Kysely<PortalDB>, orderKeys: readonly number[]): Promise<Map<number, { InvoiceId: number | null; InvoiceNo: string }>> {
  if (orderKeys.length === 0) return new Map();
  const rows = (await db
    .selectFrom('sales_orders as s')
    .leftJoin('ar_invoices as i', 'i.invoice_id', 's.invoice_id')
    .select(['s.portal_order_key', 's.invoice_no', 'i.invoice_id', 'i.status'])
    .where('s.portal_order_key', 'in', [...orderKeys])
    .where('s.invoice_no', 'is not', null)
    .execute()) as { portal_order_key: number | null; invoice_no: string; invoice_id: number | null; status: string | null }[];
  const posted = new Set(['Posted', 'Paid', 'Credited']);
  return new Map(
    rows.map((row) => [
      Number(row.portal_order_key),
      { InvoiceId: row.invoice_id !== null && row.status !== null && posted.has(row.status) ? Number(row.invoice_id) : null, InvoiceNo: row.invoice_no },
    ]),
  );
}

/** The request fingerprint stored with an Idempotency-Key: what the order would contain. */
export function requestHash(order: { billToId: string; shipToId: string; deliveryDate: string | null; notes: string; lines: { ProductId: string; Quantity: number }[] }): string {
  const lines = [...order.lines].sort((a, b) => (a.ProductId < b.ProductId ? -1 : a.ProductId > b.ProductId ? 1 : 0));
  return createHash('sha256')
    .update(JSON.stringify([order.billToId, order.shipToId, order.deliveryDate, order.notes, lines.map((l) => [l.ProductId, l.Quantity])]))
    .digest('hex');
}

export type SubmitOutcome =
  | { kind: 'created'; orderKey: number }
  | { kind: 'replayed'; orderKey: number }
  | { kind: 'conflict' };

/**
 * Creates the order once per (user, Idempotency-Key). The key row is inserted first in the same
 * transaction as the order: a second submit with the key finds it (on PostgreSQL it waits until the first
 * transaction ends; on SQLite transactions run one at a time), so it never creates a second order. The
 * same key with another content is a conflict. The user's cart for the bill-to is emptied with the order.
 * The order desk receives it as an Entered sales order in the same transaction (issue 26 item 6:
 * modules/so/server/portal.ts).
 */
export async function submitOrder(
  db: Kysely<PortalDB>,
  input: {
    userId: string;
    key: string;
    billToId: string;
    shipToId: string;
    deliveryDate: string | null;
    notes: string;
    lines: { ProductId: string; Quantity: number }[];
    priced: Map<string, { description: string; unit: string; price_cents: number }>;
  },
): Promise<SubmitOutcome> {
  const hash = requestHash(input);
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('portal_idempotency')
      .values({ user_id: input.userId, idempotency_key: input.key, request_hash: hash, order_key: null, created_on: now })
      .onConflict((conflict) => conflict.columns(['user_id', 'idempotency_key']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) {
      const existing = await trx
        .selectFrom('portal_idempotency')
        .select(['request_hash', 'order_key'])
        .where('user_id', '=', input.userId)
        .where('idempotency_key', '=', input.key)
        .executeTakeFirstOrThrow();
      if (existing.request_hash !== hash || existing.order_key === null) return { kind: 'conflict' } as const;
      return { kind: 'replayed', orderKey: Number(existing.order_key) } as const;
    }
    const orderKey = await writeOrder(trx, {
      billToId: input.billToId,
      shipToId: input.shipToId,
      userId: input.userId,
      status: 'Submitted',
      orderDate: now,
      deliveryDate: input.deliveryDate,
      notes: input.notes,
      lines: input.lines.map((line) => {
        const product = input.priced.get(line.ProductId)!;
        return { productId: line.ProductId, description: product.description, unit: product.unit, quantity: line.Quantity, priceCents: product.price_cents };
      }),
    });
    await createPortalSalesOrder(trx, {
      portalOrderKey: orderKey,
      portalOrderNo: orderNumber(orderKey),
      billToId: input.billToId,
      shipToId: input.shipToId,
      userId: input.userId,
      orderDate: now.slice(0, 10),
      deliveryDate: input.deliveryDate,
      notes: input.notes,
      lines: input.lines,
    });
    await trx
      .updateTable('portal_idempotency')
      .set({ order_key: orderKey })
      .where('user_id', '=', input.userId)
      .where('idempotency_key', '=', input.key)
      .execute();
    await trx.deleteFrom('portal_cart_lines').where('user_id', '=', input.userId).where('bill_to_id', '=', input.billToId).execute();
    return { kind: 'created', orderKey } as const;
  });
}

/** An order to write: its header and its priced lines (prices in cents, as the order keeps them). */
export interface NewOrder {
  billToId: string;
  shipToId: string;
  userId: string;
  status: string;
  orderDate: string;
  deliveryDate: string | null;
  notes: string;
  lines: { productId: string; description: string; unit: string; quantity: number; priceCents: number }[];
}

/** Writes an order with its lines and its number (from its key) in `trx`; answers the order key. */
export async function writeOrder(trx: Kysely<PortalDB>, order: NewOrder): Promise<number> {
  const total = order.lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const created = await trx
    .insertInto('portal_orders')
    .values({
      order_no: null,
      bill_to_id: order.billToId,
      ship_to_id: order.shipToId,
      user_id: order.userId,
      status: order.status,
      order_date: order.orderDate,
      delivery_date: order.deliveryDate,
      notes: order.notes,
      total_cents: total,
    })
    .returning('order_key')
    .executeTakeFirstOrThrow();
  const orderKey = Number(created.order_key);
  await trx.updateTable('portal_orders').set({ order_no: orderNumber(orderKey) }).where('order_key', '=', orderKey).execute();
  await trx
    .insertInto('portal_order_lines')
    .values(
      order.lines.map((line, index) => ({
        order_key: orderKey,
        line_no: index + 1,
        product_id: line.productId,
        description: line.description,
        unit: line.unit,
        quantity: line.quantity,
        price_cents: line.priceCents,
      })),
    )
    .execute();
  return orderKey;
}

export function orderNumber(orderKey: number): string {
  return `WEB${String(orderKey).padStart(6, '0')}`;
}

/** Unread notifications and cart lines of `billToId` (§7 GetBadgeNumbers). */
export async function badgeNumbers(db: Kysely<PortalDB>, userId: string, billToId: string): Promise<[number, number]> {
  const unread = await db
    .selectFrom('portal_notifications')
    .select(sql<number>`count(*)`.as('n'))
    .where('bill_to_id', '=', billToId)
    .where('is_read', '=', 0)
    .executeTakeFirst();
  const cart = await db
    .selectFrom('portal_cart_lines')
    .select(sql<number>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .where('bill_to_id', '=', billToId)
    .executeTakeFirst();
  return [Number(unread?.n ?? 0), Number(cart?.n ?? 0)];
}

export { asFlag };
