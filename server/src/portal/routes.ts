/**
 * The customer ordering portal's API (§7 portal calls and the screens' endpoints). Every route needs a
 * role that opens the PORTAL application (auth/plugin.ts `requireApplication`), and checks every bill-to,
 * ship-to, order, cart-line and notification id — in path, query and body — against the caller's
 * securables (access.ts). A firm outside them is answered exactly like one that does not exist
 * (404 CallResult ResultStatus 5 'not_found', or for account-switch ResultStatus 5 and the same Message);
 * lists never include them.
 *
 *   GET    /api/PortalNotification/GetBadgeNumbers?billToId=   §7 [unread notifications, cart lines]
 *   POST   /api/PortalOrder/account-switch {BillToId}          §7 { ResultStatus, Message, DefaultShipToId };
 *          success also empties the caller's cart and makes BillToId the account cart writes must name
 *   GET    /api/PortalOrder/securables                         CallResult Data { Securables, Firms[{FirmId,Name}], SelectedBillToId }
 *          (SelectedBillToId: the account last switched to, while still allowed; else null)
 *   GET    /api/PortalOrder/account?billToId=                  CallResult Data { BillToId, Name, OnHold, HoldReason, DefaultShipToId, ShipTos }
 *   GET    /api/PortalProduct/search?billToId=&search=&page=&pageSize=   Paged list of priced products
 *   POST   /api/PortalProduct/resolve {BillToId, Skus}          CallResult Data { Found[], Unknown[] } (quick order)
 *   GET    /api/PortalCart?billToId=                           CallResult Data cart
 *   POST   /api/PortalCart/add {BillToId, Lines, Replace?}      CallResult Data cart (quantities added, or the cart replaced)
 *   PUT    /api/PortalCart/lines/:lineId {BillToId, Quantity}   CallResult Data cart
 *   DELETE /api/PortalCart/lines/:lineId?billToId=              CallResult Data cart
 *   DELETE /api/PortalCart?billToId=                            CallResult Data cart (emptied)
 *          Cart writes for another bill-to than the last switched one → 409 'account_changed' (§4: a
 *          pending request can never land in another account's cart).
 *   POST   /api/PortalOrder/submit (header Idempotency-Key) {BillToId, ShipToId, DeliveryDate, Notes, Lines}
 *          → 201 CallResult (EntityId OrderNo, Data order); the same key and content again → 200 the same
 *          order; the key with other content → 422 'idempotency_conflict'; account on hold → 409 'on_hold';
 *          a DeliveryDate already past (before today in UTC−12) → 400 'delivery_date_past'
 *   GET    /api/PortalOrder/list?billToId=&search=&status=&shipToId=&page=&pageSize(≤250)=&sortBy=&sortDesc=   Paged list
 *   GET    /api/PortalOrder/detail/:orderKey                   CallResult Data order with Lines
 *   GET    /api/PortalNotification/list?billToId=&page=&pageSize=&unreadOnly=   Paged list
 *   POST   /api/PortalNotification/mark-read {BillToId, NotificationKeys}     CallResult Data { Unread }
 *   POST   /api/PortalNotification/mark-all-read {BillToId}                   CallResult Data { Unread }
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { PagedList } from '@erp/shared/types';
import { currentUser, requireApplication } from '../auth/plugin.ts';
import type { Database } from '../db/connection.ts';
import { asFlag, flag } from '../db/schema.ts';
import { allowedBillTo, allowedShipTo, portalScope, type PortalScope } from './access.ts';
import { portalMessage, type MessageKey } from './messages.ts';
import { catalogPage } from './catalogue.ts';
import { portalDb } from './schema.ts';
import { badgeNumbers, dollars, mergeLines, orderAnswer, pricedProducts, readCart, readOrder, submitOrder } from './service.ts';

export const PORTAL_APPLICATION = 'PORTAL';
export const MAX_PAGE_SIZE = 250;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

const firmId = { type: 'string', minLength: 1, maxLength: 40 } as const;
const quantity = { type: 'integer', minimum: 1, maximum: 100000 } as const;
const page = { type: 'integer', minimum: 1, maximum: 100000 } as const;
const lines = {
  type: 'array',
  maxItems: 500,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['ProductId', 'Quantity'],
    properties: { ProductId: { type: 'string', minLength: 1, maxLength: 40 }, Quantity: quantity },
  },
} as const;

function query(properties: Record<string, unknown>, required: string[] = []) {
  return { type: 'object', additionalProperties: false, required, properties } as const;
}
function body(properties: Record<string, unknown>, required: string[]) {
  return { type: 'object', additionalProperties: false, required, properties } as const;
}

function result(status: 1 | 2 | 3 | 4 | 5 | 6, code: string, text: string | null, extra: Record<string, unknown> = {}) {
  return { ResultStatus: status, ResultCode: code, Message: text, EntityId: null, Exception: null, ...extra };
}

function send(reply: FastifyReply, status: number, payload: unknown) {
  return reply.code(status).header('cache-control', 'no-store').send(payload);
}

/**
 * A calendar date that is over everywhere: before today in the last time zone to reach it (UTC−12), so a
 * customer's "today" is accepted wherever they are, and no date that has passed for everyone.
 */
export function isPastDate(date: string, now: Date = new Date()): boolean {
  const lastZone = new Date(now.getTime() - 12 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return date < lastZone;
}

/** The one answer for anything outside the caller's securables or missing. */
function notFound(reply: FastifyReply) {
  return send(reply, 404, result(5, 'not_found', portalMessage('notFound')));
}

function failure(reply: FastifyReply, status: number, code: string, key: MessageKey, params: Record<string, string | number> = {}) {
  return send(reply, status, result(2, code, portalMessage(key, params)));
}

function ok(reply: FastifyReply, data: unknown, extra: Record<string, unknown> = {}) {
  return send(reply, 200, result(1, 'ok', null, { Data: data, ...extra }));
}

function paged<T>(list: T[], pageNo: number, size: number, total: number, sortFields: string[], descending: string[]): PagedList<T> {
  return { Page: pageNo, PageSize: size, List: list, TotalCount: total, SortFields: sortFields, SortDescending: descending };
}

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function registerPortalRoutes(app: FastifyInstance, deps: { database: Database }): void {
  const database = deps.database;
  const db = portalDb(database.db);
  const likeOp = database.engine === 'postgres' ? 'ilike' : 'like';
  const guard = { preHandler: requireApplication(PORTAL_APPLICATION) };

  const scopeOf = async (request: FastifyRequest): Promise<{ userId: string; scope: PortalScope }> => {
    const user = currentUser(request);
    return { userId: user.userId, scope: await portalScope(db, user.userId) };
  };

  /** The bill-to the caller last switched to (cart writes and submits must name it). */
  const selectedBillTo = async (userId: string) =>
    (await db.selectFrom('portal_selection').select('bill_to_id').where('user_id', '=', userId).executeTakeFirst())?.bill_to_id ?? null;

  // §7 GetBadgeNumbers: [notifications, cart].
  app.get<{ Querystring: { billToId: string } }>(
    '/api/PortalNotification/GetBadgeNumbers',
    { ...guard, schema: { querystring: query({ billToId: firmId }, ['billToId']) } },
    async (request, reply) => {
      const { userId, scope } = await scopeOf(request);
      const billToId = allowedBillTo(scope, request.query.billToId);
      if (!billToId) return notFound(reply);
      return send(reply, 200, await badgeNumbers(db, userId, billToId));
    },
  );

  // §7 account-switch: { ResultStatus, Message, DefaultShipToId }.
  app.post<{ Body: { BillToId: string } }>(
    '/api/PortalOrder/account-switch',
    { ...guard, schema: { querystring: query({}), body: body({ BillToId: firmId }, ['BillToId']) } },
    async (request, reply) => {
      const { userId, scope } = await scopeOf(request);
      const billToId = allowedBillTo(scope, request.body.BillToId);
      if (!billToId) {
        return send(reply, 200, { ResultStatus: 5, Message: portalMessage('accountNotFound'), DefaultShipToId: null });
      }
      const shipTos = scope.accounts.get(billToId) ?? [];
      const account = await db.selectFrom('portal_accounts').select('default_ship_to_id').where('bill_to_id', '=', billToId).executeTakeFirst();
      const preferred = [currentUser(request).row.default_ship_to_id, account?.default_ship_to_id].find((id) => !!id && shipTos.includes(id));
      const defaultShipTo = preferred ?? shipTos[0] ?? null;
      const now = new Date().toISOString();
      await db.transaction().execute(async (trx) => {
        // §4: a bill-to switch clears the cart.
        await trx.deleteFrom('portal_cart_lines').where('user_id', '=', userId).execute();
        await trx
          .insertInto('portal_selection')
          .values({ user_id: userId, bill_to_id: billToId, switched_on: now })
          .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ bill_to_id: billToId, switched_on: now }))
          .execute();
      });
      return send(reply, 200, { ResultStatus: 1, Message: portalMessage('switched'), DefaultShipToId: defaultShipTo });
    },
  );

  app.get('/api/PortalOrder/securables', { ...guard, schema: { querystring: query({}) } }, async (request, reply) => {
    const { userId, scope } = await scopeOf(request);
    const selected = allowedBillTo(scope, await selectedBillTo(userId));
    return ok(reply, {
      Securables: scope.securables.map((Identifier) => ({ Identifier })),
      Firms: [...scope.firms].map(([FirmId, Name]) => ({ FirmId, Name })),
      SelectedBillToId: selected,
    });
  });

  app.get<{ Querystring: { billToId: string } }>(
    '/api/PortalOrder/account',
    { ...guard, schema: { querystring: query({ billToId: firmId }, ['billToId']) } },
    async (request, reply) => {
      const { scope } = await scopeOf(request);
      const billToId = allowedBillTo(scope, request.query.billToId);
      if (!billToId) return notFound(reply);
      const account = await db.selectFrom('portal_accounts').selectAll().where('bill_to_id', '=', billToId).executeTakeFirst();
      const shipTos = scope.accounts.get(billToId) ?? [];
      const defaultShipTo = [currentUser(request).row.default_ship_to_id, account?.default_ship_to_id].find((id) => !!id && shipTos.includes(id)) ?? shipTos[0] ?? null;
      return ok(reply, {
        BillToId: billToId,
        Name: scope.firms.get(billToId) ?? billToId,
        OnHold: asFlag(account?.on_hold),
        HoldReason: account && asFlag(account.on_hold) ? (account.hold_reason ?? portalMessage('onHold', { billToId })) : null,
        DefaultShipToId: defaultShipTo,
        ShipTos: shipTos.map((FirmId) => ({ FirmId, Name: scope.firms.get(FirmId) ?? FirmId })),
      });
    },
  );

  app.get<{ Querystring: { billToId: string; search?: string; page?: number; pageSize?: number } }>(
    '/api/PortalProduct/search',
    {
      ...guard,
      schema: { querystring: query({ billToId: firmId, search: { type: 'string', maxLength: 100 }, page, pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE } }, ['billToId']) },
    },
    async (request, reply) => {
      const { scope } = await scopeOf(request);
      const billToId = allowedBillTo(scope, request.query.billToId);
      if (!billToId) return notFound(reply);
      const pageNo = request.query.page ?? 1;
      const size = request.query.pageSize ?? 50;
      // The product master's catalogue and this bill-to's prices (catalogue.ts, issue 15 item 8).
      const { total, list } = await catalogPage(database.db, billToId, { search: request.query.search, pattern: like, likeOp, page: pageNo, size });
      return send(reply, 200, paged(list, pageNo, size, total, ['ProductId'], []));
    },
  );

  app.post<{ Body: { BillToId: string; Skus: string[] } }>(
    '/api/PortalProduct/resolve',
    {
      ...guard,
      schema: { querystring: query({}), body: body({ BillToId: firmId, Skus: { type: 'array', maxItems: 500, items: { type: 'string', minLength: 1, maxLength: 40 } } }, ['BillToId', 'Skus']) },
    },
    async (request, reply) => {
      const { scope } = await scopeOf(request);
      const billToId = allowedBillTo(scope, request.body.BillToId);
      if (!billToId) return notFound(reply);
      const skus = [...new Set(request.body.Skus.map((sku) => sku.trim().toUpperCase()))];
      const priced = await pricedProducts(db, billToId, skus);
      return ok(reply, {
        Found: skus.filter((sku) => priced.has(sku)).map((sku) => {
          const product = priced.get(sku)!;
          return { ProductId: sku, Description: product.description, Unit: product.unit, Price: dollars(product.price_cents) };
        }),
        Unknown: skus.filter((sku) => !priced.has(sku)),
      });
    },
  );

  // --- cart -------------------------------------------------------------------------------------------

  /** Resolves the bill-to of a cart write: allowed (else 404) and the switched one (else 409). */
  const cartAccount = async (request: FastifyRequest, reply: FastifyReply, value: unknown) => {
    const { userId, scope } = await scopeOf(request);
    const billToId = allowedBillTo(scope, value);
    if (!billToId) {
      notFound(reply);
      return null;
    }
    if ((await selectedBillTo(userId)) !== billToId) {
      failure(reply, 409, 'account_changed', 'accountChanged');
      return null;
    }
    return { userId, billToId };
  };

  app.get<{ Querystring: { billToId: string } }>(
    '/api/PortalCart',
    { ...guard, schema: { querystring: query({ billToId: firmId }, ['billToId']) } },
    async (request, reply) => {
      const { userId, scope } = await scopeOf(request);
      const billToId = allowedBillTo(scope, request.query.billToId);
      if (!billToId) return notFound(reply);
      return ok(reply, await readCart(db, userId, billToId));
    },
  );

  app.post<{ Body: { BillToId: string; Lines: { ProductId: string; Quantity: number }[]; Replace?: boolean } }>(
    '/api/PortalCart/add',
    { ...guard, schema: { querystring: query({}), body: body({ BillToId: firmId, Lines: { ...lines, minItems: 1 }, Replace: { type: 'boolean' } }, ['BillToId', 'Lines']) } },
    async (request, reply) => {
      const account = await cartAccount(request, reply, request.body.BillToId);
      if (!account) return reply;
      const merged = mergeLines(request.body.Lines);
      const priced = await pricedProducts(db, account.billToId, merged.map((line) => line.ProductId));
      const unknown = merged.find((line) => !priced.has(line.ProductId));
      if (unknown) return failure(reply, 404, 'not_found', 'unknownProduct', { productId: unknown.ProductId });
      const now = new Date().toISOString();
      await db.transaction().execute(async (trx) => {
        if (request.body.Replace) {
          await trx.deleteFrom('portal_cart_lines').where('user_id', '=', account.userId).where('bill_to_id', '=', account.billToId).execute();
        }
        for (const line of merged) {
          await trx
            .insertInto('portal_cart_lines')
            .values({ user_id: account.userId, bill_to_id: account.billToId, product_id: line.ProductId, quantity: line.Quantity, added_on: now })
            .onConflict((conflict) =>
              conflict.columns(['user_id', 'bill_to_id', 'product_id']).doUpdateSet({
                quantity: sql<number>`case when portal_cart_lines.quantity + ${line.Quantity} > 100000 then 100000 else portal_cart_lines.quantity + ${line.Quantity} end`,
              }),
            )
            .execute();
        }
      });
      return ok(reply, await readCart(db, account.userId, account.billToId));
    },
  );

  app.put<{ Params: { lineId: number }; Body: { BillToId: string; Quantity: number } }>(
    '/api/PortalCart/lines/:lineId',
    {
      ...guard,
      schema: { querystring: query({}), params: query({ lineId: { type: 'integer', minimum: 1, maximum: 2147483647 } }, ['lineId']), body: body({ BillToId: firmId, Quantity: quantity }, ['BillToId', 'Quantity']) },
    },
    async (request, reply) => {
      const account = await cartAccount(request, reply, request.body.BillToId);
      if (!account) return reply;
      const updated = await db
        .updateTable('portal_cart_lines')
        .set({ quantity: request.body.Quantity })
        .where('cart_line_key', '=', request.params.lineId)
        .where('user_id', '=', account.userId)
        .where('bill_to_id', '=', account.billToId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return notFound(reply);
      return ok(reply, await readCart(db, account.userId, account.billToId));
    },
  );

  app.delete<{ Params: { lineId: number }; Querystring: { billToId: string } }>(
    '/api/PortalCart/lines/:lineId',
    {
      ...guard,
      schema: { params: query({ lineId: { type: 'integer', minimum: 1, maximum: 2147483647 } }, ['lineId']), querystring: query({ billToId: firmId }, ['billToId']) },
    },
    async (request, reply) => {
      const account = await cartAccount(request, reply, request.query.billToId);
      if (!account) return reply;
      const deleted = await db
        .deleteFrom('portal_cart_lines')
        .where('cart_line_key', '=', request.params.lineId)
        .where('user_id', '=', account.userId)
        .where('bill_to_id', '=', account.billToId)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) return notFound(reply);
      return ok(reply, await readCart(db, account.userId, account.billToId));
    },
  );

  app.delete<{ Querystring: { billToId: string } }>(
    '/api/PortalCart',
    { ...guard, schema: { querystring: query({ billToId: firmId }, ['billToId']) } },
    async (request, reply) => {
      const account = await cartAccount(request, reply, request.query.billToId);
      if (!account) return reply;
      await db.deleteFrom('portal_cart_lines').where('user_id', '=', account.userId).where('bill_to_id', '=', account.billToId).execute();
      return ok(reply, await readCart(db, account.userId, account.billToId));
    },
  );

  // --- orders -----------------------------------------------------------------------------------------

  app.post<{ Body: { BillToId: string; ShipToId: string; DeliveryDate?: string | null; Notes?: string; Lines: { ProductId: string; Quantity: number }[] } }>(
    '/api/PortalOrder/submit',
    {
      ...guard,
      schema: {
        querystring: query({}),
        body: body(
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
      const { userId, scope } = await scopeOf(request);
      const billToId = allowedBillTo(scope, request.body.BillToId);
      if (!billToId) return notFound(reply);
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

  const ORDER_SORTS = { OrderNo: 'order_key', OrderDate: 'order_date', DeliveryDate: 'delivery_date', Status: 'status', Total: 'total_cents', ShipToId: 'ship_to_id' } as const;

  app.get<{
    Querystring: { billToId: string; search?: string; status?: string; shipToId?: string; page?: number; pageSize?: number; sortBy?: keyof typeof ORDER_SORTS; sortDesc?: boolean };
  }>(
    '/api/PortalOrder/list',
    {
      ...guard,
      schema: {
        querystring: query(
          {
            billToId: firmId,
            search: { type: 'string', maxLength: 100 },
            status: { type: 'string', maxLength: 40 },
            shipToId: firmId,
            page,
            pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
            sortBy: { type: 'string', enum: Object.keys(ORDER_SORTS) },
            sortDesc: { type: 'boolean' },
          },
          ['billToId'],
        ),
      },
    },
    async (request, reply) => {
      const { scope } = await scopeOf(request);
      const billToId = allowedBillTo(scope, request.query.billToId);
      if (!billToId) return notFound(reply);
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
      const list = rows.map((row) => orderAnswer({ ...row, order_key: Number(row.order_key) }, scope.firms.get(row.ship_to_id) ?? null));
      return send(reply, 200, paged(list, pageNo, size, total, [sortBy], descending ? [sortBy] : []));
    },
  );

  app.get<{ Params: { orderKey: number } }>(
    '/api/PortalOrder/detail/:orderKey',
    { ...guard, schema: { params: query({ orderKey: { type: 'integer', minimum: 1, maximum: 2147483647 } }, ['orderKey']), querystring: query({}) } },
    async (request, reply) => {
      const { scope } = await scopeOf(request);
      const order = await readOrder(db, request.params.orderKey, [...scope.accounts.keys()], scope.firms);
      if (!order) return notFound(reply);
      return ok(reply, order, { EntityId: order.OrderNo });
    },
  );

  // --- notifications ----------------------------------------------------------------------------------

  const unreadCount = async (billToId: string) =>
    Number(
      (
        await db
          .selectFrom('portal_notifications')
          .select(sql<number>`count(*)`.as('n'))
          .where('bill_to_id', '=', billToId)
          .where('is_read', '=', 0)
          .executeTakeFirst()
      )?.n ?? 0,
    );

  app.get<{ Querystring: { billToId: string; page?: number; pageSize?: number; unreadOnly?: boolean } }>(
    '/api/PortalNotification/list',
    {
      ...guard,
      schema: { querystring: query({ billToId: firmId, page, pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE }, unreadOnly: { type: 'boolean' } }, ['billToId']) },
    },
    async (request, reply) => {
      const { scope } = await scopeOf(request);
      const billToId = allowedBillTo(scope, request.query.billToId);
      if (!billToId) return notFound(reply);
      let q = db.selectFrom('portal_notifications').where('bill_to_id', '=', billToId);
      if (request.query.unreadOnly) q = q.where('is_read', '=', 0);
      const pageNo = request.query.page ?? 1;
      const size = request.query.pageSize ?? 50;
      const total = Number((await q.select(sql<number>`count(*)`.as('n')).executeTakeFirst())?.n ?? 0);
      const rows = await q.selectAll().orderBy('created_on', 'desc').orderBy('notification_key', 'desc').limit(size).offset((pageNo - 1) * size).execute();
      const list = rows.map((row) => ({
        NotificationKey: Number(row.notification_key),
        Title: row.title,
        Body: row.body,
        CreatedOn: row.created_on,
        IsRead: asFlag(row.is_read),
      }));
      return send(reply, 200, paged(list, pageNo, size, total, ['CreatedOn'], ['CreatedOn']));
    },
  );

  app.post<{ Body: { BillToId: string; NotificationKeys: number[] } }>(
    '/api/PortalNotification/mark-read',
    {
      ...guard,
      schema: {
        querystring: query({}),
        body: body(
          { BillToId: firmId, NotificationKeys: { type: 'array', minItems: 1, maxItems: 500, items: { type: 'integer', minimum: 1, maximum: 2147483647 } } },
          ['BillToId', 'NotificationKeys'],
        ),
      },
    },
    async (request, reply) => {
      const { scope } = await scopeOf(request);
      const billToId = allowedBillTo(scope, request.body.BillToId);
      if (!billToId) return notFound(reply);
      const keys = [...new Set(request.body.NotificationKeys)];
      // Every key must be one of this bill-to's notifications; otherwise nothing changes (not found).
      const owned = await db.selectFrom('portal_notifications').select('notification_key').where('bill_to_id', '=', billToId).where('notification_key', 'in', keys).execute();
      if (owned.length !== keys.length) return notFound(reply);
      await db.updateTable('portal_notifications').set({ is_read: flag(true) }).where('bill_to_id', '=', billToId).where('notification_key', 'in', keys).execute();
      return ok(reply, { Unread: await unreadCount(billToId) });
    },
  );

  app.post<{ Body: { BillToId: string } }>(
    '/api/PortalNotification/mark-all-read',
    { ...guard, schema: { querystring: query({}), body: body({ BillToId: firmId }, ['BillToId']) } },
    async (request, reply) => {
      const { scope } = await scopeOf(request);
      const billToId = allowedBillTo(scope, request.body.BillToId);
      if (!billToId) return notFound(reply);
      await db.updateTable('portal_notifications').set({ is_read: flag(true) }).where('bill_to_id', '=', billToId).where('is_read', '=', 0).execute();
      return ok(reply, { Unread: 0 });
    },
  );
}
