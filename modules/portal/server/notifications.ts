/**
 * The account's notifications (portal calls, listed in routes.ts):
 *
 *   GET  /api/PortalNotification/GetBadgeNumbers?billToId=          §7 [unread notifications, cart lines]
 *   GET  /api/PortalNotification/list?billToId=&page=&pageSize=&unreadOnly=   Paged list, newest first (50 a page by default)
 *   POST /api/PortalNotification/mark-read {BillToId, NotificationKeys}       CallResult Data { Unread }; every key
 *        must be one of this bill-to's notifications, else nothing changes (404)
 *   POST /api/PortalNotification/mark-all-read {BillToId}                     CallResult Data { Unread: 0 }
 */
import { sql } from 'kysely';
import { asFlag, flag } from '@erp/server/db/schema';
import { billToQuery, fields, firmId, notFound, ok, page, paged, pageSize, type PortalRoutes, rowKey, send } from './http.ts';
import { badgeNumbers } from './service.ts';

export function registerNotificationRoutes({ app, db, guard, allowedAccount }: PortalRoutes): void {
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

  // §7 GetBadgeNumbers: [notifications, cart].
  app.get<{ Querystring: { billToId: string } }>(
    '/api/PortalNotification/GetBadgeNumbers',
    { ...guard, schema: { querystring: billToQuery } },
    async (request, reply) => {
      const allowed = await allowedAccount(request, reply, request.query.billToId);
      if (!allowed) return reply;
      return send(reply, 200, await badgeNumbers(db, allowed.userId, allowed.billToId));
    },
  );

  app.get<{ Querystring: { billToId: string; page?: number; pageSize?: number; unreadOnly?: boolean } }>(
    '/api/PortalNotification/list',
    { ...guard, schema: { querystring: fields({ billToId: firmId, page, pageSize, unreadOnly: { type: 'boolean' } }, ['billToId']) } },
    async (request, reply) => {
      const allowed = await allowedAccount(request, reply, request.query.billToId);
      if (!allowed) return reply;
      let q = db.selectFrom('portal_notifications').where('bill_to_id', '=', allowed.billToId);
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
        querystring: fields({}),
        body: fields({ BillToId: firmId, NotificationKeys: { type: 'array', minItems: 1, maxItems: 500, items: rowKey } }, ['BillToId', 'NotificationKeys']),
      },
    },
    async (request, reply) => {
      const allowed = await allowedAccount(request, reply, request.body.BillToId);
      if (!allowed) return reply;
      const { billToId } = allowed;
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
    { ...guard, schema: { querystring: fields({}), body: fields({ BillToId: firmId }, ['BillToId']) } },
    async (request, reply) => {
      const allowed = await allowedAccount(request, reply, request.body.BillToId);
      if (!allowed) return reply;
      await db.updateTable('portal_notifications').set({ is_read: flag(true) }).where('bill_to_id', '=', allowed.billToId).where('is_read', '=', 0).execute();
      return ok(reply, { Unread: 0 });
    },
  );
}
