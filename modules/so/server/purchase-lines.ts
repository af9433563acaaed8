/**
 * A purchase order's "Add from sales order" (issue 23 item 1; the purchase order lines' `sources`,
 * shared/src/entities/definition-types.ts LineSource). Here, not in the purchasing module: purchasing comes
 * first (sales orders require it), and the source's rules are the sales order's.
 *
 *   POST /api/so/purchase-order-lines  { Header: { PoId?, VendorId?, ShipToId? }, Key: <OrderNo> }
 *        → CallResult Data { Lines: [{ Values: { ProductId, Description, QuantityOrdered, UnitPrice }, Selected, NoteKey? }] }
 *        Right: writing purchase orders; a sales order of a customer the user is not assigned to (§6) is refused
 *        (403). An order that does not exist answers 404 §8 "Sales order does not exist."; one no longer
 *        Entered or Committed 400 (what the header lookup refuses). Nothing is written.
 *
 * Per product of the order: the quantity still to buy is the order's quantity less what it has shipped and
 * less what other purchase orders (not cancelled) for the same sales order already order; nothing left: not
 * ticked, with a note. The unit price: this vendor's latest purchase order price for the product, else the
 * last cost in the receiving warehouse, else blank (the buyer types it).
 */
import { cmp, round, sub } from '@erp/shared/decimal';
import { apiSchema, callResult, NO_QUERY, object, RECORD } from '@erp/server/http/schemas';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { sendAnswer, type EntityRoutes } from '@erp/server/entities/special-routes';
import { callResult as resultOf, messageIn } from '@erp/server/entities/call-result';
import { canSeeFirm, notAssigned } from '@erp/modules/shell/server/api';
import { soDb } from './tables.generated.ts';
import type { WireRecord } from '@erp/server/entities/hooks';

const SCHEMA = apiSchema({
  summary: "A sales order's lines a purchase order may take (its products not yet bought for it)",
  tags: ['purchase-order'],
  querystring: NO_QUERY,
  body: object({ Header: { type: 'object' }, Key: { type: 'string', minLength: 1, maxLength: 20 } }, ['Header', 'Key']),
  response: { 200: callResult(RECORD) },
});

/** Sales orders a purchase may still be made for (the header lookup's `where`). */
const OPEN = ['Entered', 'Committed'];
const code = (value: unknown, length: number) => (typeof value === 'string' && value.trim() !== '' && value.length <= length ? value.trim().toUpperCase() : null);

export const purchaseLineRoutes: EntityRoutes = async (app, { contextOf }) => {
  app.post<{ Body: { Header: WireRecord; Key: string } }>('/api/so/purchase-order-lines', { schema: SCHEMA }, async (request, reply) => {
    const ctx = await contextOf(request, reply, 'purchase-order', 'write');
    if (!ctx) return reply;
    const db = soDb(ctx.db);
    const language = ctx.user.row.language;
    const { Header: header, Key: key } = request.body;
    const orderNo = key.trim().toUpperCase();
    const order = await db.selectFrom('sales_orders').select(['order_key', 'status', 'bill_to_id']).where('order_no', '=', orderNo).executeTakeFirst();
    if (!order) return sendAnswer(reply, { status: 404, body: resultOf(2, 'not_found', messageIn(language, 'so:sales-order.rules.salesOrderMissing')) });
    if (!(await canSeeFirm(db, ctx.user, String(order.bill_to_id)))) return sendAnswer(reply, notAssigned());
    if (!OPEN.includes(String(order.status))) {
      return sendAnswer(reply, { status: 400, body: resultOf(2, 'validation_failed', messageIn(language, 'po:purchase-order.rules.salesOrderClosed')) });
    }
    const poId = typeof header['PoId'] === 'number' ? header['PoId'] : null;
    const vendorId = code(header['VendorId'], 20);
    const warehouseId = code(header['ShipToId'], 10);

    const lines = await db
      .selectFrom('so_lines as l')
      .leftJoin('products as p', 'p.product_id', 'l.product_id')
      .select(['l.product_id', 'l.quantity', 'l.quantity_shipped', 'p.description'])
      .where('l.order_key', '=', order.order_key)
      .orderBy('l.line_id')
      .execute();
    const products = [...new Set(lines.map((line) => String(line.product_id)))];
    if (products.length === 0) return sendAnswer(reply, { status: 200, body: resultOf(1, 'ok', null, { Data: { Lines: [] } }) });

    let bought = db
      .selectFrom('purchase_order_lines as pl')
      .innerJoin('purchase_orders as po', 'po.po_id', 'pl.po_id')
      .select(['pl.product_id', (eb) => eb.fn.sum<string | number>('pl.quantity_ordered').as('quantity')])
      .where('po.sales_order_no', '=', orderNo)
      .where('po.status', '<>', 'Cancelled')
      .groupBy('pl.product_id');
    if (poId !== null) bought = bought.where('po.po_id', '<>', poId);
    const onOrder = new Map((await bought.execute()).map((row) => [String(row.product_id), decimalFromDb(db, row.quantity, 4) ?? '0']));

    const prices = new Map<string, string>();
    if (vendorId) {
      const latest = await db
        .selectFrom('purchase_order_lines as pl')
        .innerJoin('purchase_orders as po', 'po.po_id', 'pl.po_id')
        .select(['pl.product_id', 'pl.unit_price'])
        .where('po.vendor_id', '=', vendorId)
        .where('pl.product_id', 'in', products)
        .orderBy('po.po_id', 'desc')
        .execute();
      for (const row of latest) if (!prices.has(String(row.product_id))) prices.set(String(row.product_id), decimalFromDb(db, row.unit_price, 4) ?? '');
    }
    if (warehouseId) {
      const costs = await db.selectFrom('stock_balances').select(['product_id', 'last_cost']).where('warehouse_id', '=', warehouseId).where('product_id', 'in', products).execute();
      for (const row of costs) {
        const cost = decimalFromDb(db, row.last_cost, 4);
        if (!prices.has(row.product_id) && cost !== null) prices.set(row.product_id, cost);
      }
    }

    const answer = lines.map((line) => {
      const productId = String(line.product_id);
      const ordered = decimalFromDb(db, line.quantity, 4) ?? '0';
      const shipped = decimalFromDb(db, line.quantity_shipped, 4) ?? '0';
      const open = round(sub(sub(ordered, shipped), onOrder.get(productId) ?? '0'), 4);
      const left = cmp(open, '0') > 0;
      return {
        Values: { ProductId: productId, Description: line.description ?? null, QuantityOrdered: left ? open : ordered, UnitPrice: prices.get(productId) ?? null },
        Selected: left,
        ...(left ? {} : { NoteKey: 'po:purchase-order.sources.alreadyOrdered' }),
      };
    });
    return sendAnswer(reply, { status: 200, body: resultOf(1, 'ok', null, { Data: { Lines: answer } }) });
  });
};
