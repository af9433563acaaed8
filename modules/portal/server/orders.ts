/**
 * The caller's orders (portal calls, listed in routes.ts):
 *
 *   POST /api/PortalOrder/submit (header Idempotency-Key) {BillToId, ShipToId, DeliveryDate, Notes, Lines}
 *        → 201 CallResult (EntityId OrderNo, Data order); the same key and content again → 200 the same order;
 *        the key with other content → 422 'idempotency_conflict'; account on hold → 409 'on_hold'; not the
 *        bill-to last switched to → 409 'account_changed'; a DeliveryDate already past (`isPastDate`) → 400
 *        'delivery_date_past'
 *   GET  /api/PortalOrder/list?billToId=&search=&status=&shipToId=&page=&pageSize(≤250)=&sortBy=&sortDesc=   Paged
 *        list (newest first by default; search: order number or notes, contains)
 *   GET  /api/PortalOrder/detail/:orderKey   CallResult Data order with Lines (of any of the caller's accounts)
 *   Both answer the order's posted invoice (InvoiceId, InvoiceNo; null until then): issue 69 item 2.
 */
import { sql } from 'kysely';
import { asFlag } from '@erp/server/db/schema';
import { allowedShipTo } from './access.ts';
import { failure, fields, firmId, like, lines, MAX_PAGE_SIZE, notFound, ok, page, paged, pageSize, result, rowKey, send, type PortalRoutes } from './http.ts';
import { portalMessage } from './messages.ts';
import { mergeLines, orderAnswer, orderInvoices, pricedProducts, readOrder, submitOrder } from './service.ts';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** List sort fields → columns. */
const ORDER_SORTS = { OrderNo: 'order_key', OrderDate: 'order_date', DeliveryDate: 'delivery_date', Status: 'status', Total: 'total_cents', ShipToId: 'ship_to_id' } as const;

/**
 * A calendar date that is over everywhere: before today in the last time zone to reach it (UTC−12), so a
 * customer's "today" is accepted wherever they are, and no date that has passed for everyone.
 */
export function isPastDate(date: string, now: Date = new Date()): boolean {
  const lastZone = new Date(now.getTime() - 12 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return date < lastZone;
}

export function registerOrderRoutes({ app, db, likeOp, guard, scopeOf, selectedBillTo, allowedAccount }: PortalRoutes): void {
  app.post<{ Body: { BillToId: string; ShipToId: string; DeliveryDate?: string | null; Notes?: string; Lines: { ProductId: string; Quantity: number }[] } }>(
    '/api/PortalOrder/submit',
    {
      ...guard,
      // The key is claimed in the order's own transaction (service.ts), not by the generic layer.
      config: { idempotency: 'own' },
      schema: {
        querystring: fields({}),
        body: fields(
          {
            BillToId: firmId,
            ShipToId: firmId,
            DeliveryDate: { anyOf: [{ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }, { type: 'null' }] },
            Notes: { type: 'string', maxLength: 2000 },
            Lines: lines,
          },
          ['BillToId', 'ShipToId', 'Lines'],
        ),
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) return failure(reply, 400, 'idempotency_key_required', 'idempotencyMissing');
      const allowed = await allowedAccount(request, reply, request.body.BillToId);
      if (!allowed) return reply;
      const { userId, scope, billToId } = allowed;
      const shipToId = allowedShipTo(scope, billToId, request.body.ShipToId);
      if (!shipToId) return notFound(reply);
      const account = await db.selectFrom('portal_accounts').select(['on_hold', 'hold_reason']).where('bill_to_id', '=', billToId).executeTakeFirst();
      if (account && asFlag(account.on_hold)) return failure(reply, 409, 'on_hold', 'onHold', { billToId });
      if ((await selectedBillTo(userId)) !== billToId) return failure(reply, 409, 'account_changed', 'accountChanged');
      const merged = mergeLines(request.body.Lines);
      if (merged.length === 0) return failure(reply, 400, 'empty_order', 'emptyOrder');
      const priced = await pricedProducts(db, billToId, merged.map((line) => line.ProductId), new Map(merged.map((line) => [line.ProductId, line.Quantity])));
      const unknown = merged.find((line) => !priced.has(line.ProductId));
      if (unknown) return failure(reply, 404, 'not_found', 'unknownProduct', { productId: unknown.ProductId });
      const deliveryDate = request.body.DeliveryDate ?? null;
      if (deliveryDate !== null && Number.isNaN(Date.parse(`${deliveryDate}T00:00:00Z`))) {
        return send(reply, 400, result(2, 'bad_request', 'Bad request: DeliveryDate is not a date'));
      }
      // Issue 16 item 7: never a delivery date in the past, whatever the page sent.
      if (deliveryDate !== null && isPastDate(deliveryDate)) return failure(reply, 400, 'delivery_date_past', 'deliveryDatePast');
      const outcome = await submitOrder(db, {
        userId,
        key,
        billToId,
        shipToId,
        deliveryDate,
        notes: (request.body.Notes ?? '').trim(),
        lines: merged,
        priced,
      });
      if (outcome.kind === 'conflict') return failure(reply, 422, 'idempotency_conflict', 'idempotencyConflict');
      const order = (await readOrder(db, outcome.orderKey, [billToId], scope.firms))!;
      return send(
        reply,
        outcome.kind === 'created' ? 201 : 200,
        result(1, outcome.kind === 'created' ? 'created' : 'replayed', portalMessage('submitted', { orderNo: order.OrderNo }), { EntityId: order.OrderNo, Data: order }),
      );
    },
  );

  app.get<{
    Querystring: { billToId: string; search?: string; status?: string; shipToId?: string; page?: number; pageSize?: number; sortBy?: keyof typeof ORDER_SORTS; sortDesc?: boolean };
  }>(
    '/api/PortalOrder/list',
    {
      ...guard,
      schema: {
        querystring: fields(
          {
            billToId: firmId,
            search: { type: 'string', maxLength: 100 },
            status: { type: 'string', maxLength: 40 },
            shipToId: firmId,
            page,
            pageSize,
            sortBy: { type: 'string', enum: Object.keys(ORDER_SORTS) },
            sortDesc: { type: 'boolean' },
          },
          ['billToId'],
        ),
      },
    },
    async (request, reply) => {
      const allowed = await allowedAccount(request, reply, request.query.billToId);
      if (!allowed) return reply;
      const { scope, billToId } = allowed;
      let q = db.selectFrom('portal_orders').where('bill_to_id', '=', billToId);
      if (request.query.shipToId !== undefined) {
        const shipToId = allowedShipTo(scope, billToId, request.query.shipToId);
        if (!shipToId) return notFound(reply);
        q = q.where('ship_to_id', '=', shipToId);
      }
      if (request.query.status) q = q.where('status', '=', request.query.status);
      const search = request.query.search?.trim();
      if (search) {
        const pattern = like(search);
        q = q.where((eb) =>
          eb.or([sql<boolean>`order_no ${sql.raw(likeOp)} ${pattern} escape '\\'`, sql<boolean>`notes ${sql.raw(likeOp)} ${pattern} escape '\\'`]),
        );
      }
      const pageNo = request.query.page ?? 1;
      const size = request.query.pageSize ?? MAX_PAGE_SIZE;
      const sortBy = request.query.sortBy ?? 'OrderDate';
      const descending = request.query.sortDesc ?? (request.query.sortBy === undefined);
      const total = Number((await q.select(sql<number>`count(*)`.as('n')).executeTakeFirst())?.n ?? 0);
      const rows = await q
        .selectAll()
        .orderBy(ORDER_SORTS[sortBy], descending ? 'desc' : 'asc')
        .orderBy('order_key', descending ? 'desc' : 'asc')
        .limit(size)
        .offset((pageNo - 1) * size)
        .execute();
      const invoices = await orderInvoices(db, rows.map((row) => Number(row.order_key)));
      const list = rows.map((row) => {
        const invoice = invoices.get(Number(row.order_key));
        return { ...orderAnswer({ ...row, order_key: Number(row.order_key) }, scope.firms.get(row.ship_to_id) ?? null), InvoiceNo: invoice?.InvoiceNo ?? null, InvoiceId: invoice?.InvoiceId ?? null };
      });
      return send(reply, 200, paged(list, pageNo, size, total, [sortBy], descending ? [sortBy] : []));
    },
  );

  app.get<{ Params: { orderKey: number } }>(
    '/api/PortalOrder/detail/:orderKey',
    { ...guard, schema: { params: fields({ orderKey: rowKey }, ['orderKey']), querystring: fields({}) } },
    async (request, reply) => {
      const { scope } = await scopeOf(request);
      const order = await readOrder(db, request.params.orderKey, [...scope.accounts.keys()], scope.firms);
      if (!order) return notFound(reply);
      return ok(reply, order, { EntityId: order.OrderNo });
    },
  );
}
