/**
 * The caller's cart (portal calls, listed in routes.ts); every answer is the cart as it now reads
 * (service.ts `readCart`):
 *
 *   GET    /api/PortalCart?billToId=                          CallResult Data cart
 *   POST   /api/PortalCart/add {BillToId, Lines, Replace?}    quantities added (at most 100000 a line), or the cart replaced
 *   PUT    /api/PortalCart/lines/:lineId {BillToId, Quantity}
 *   DELETE /api/PortalCart/lines/:lineId?billToId=
 *   DELETE /api/PortalCart?billToId=                          emptied
 *
 * Writes must name the bill-to last switched to, else 409 'account_changed' (§4: a pending request can never
 * land in another account's cart); an unknown product is 404 'not_found' with its id.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { type Account, billToQuery, failure, fields, firmId, lines, notFound, ok, type PortalRoutes, quantity, rowKey } from './http.ts';
import { mergeLines, pricedProducts, readCart } from './service.ts';

export function registerCartRoutes({ app, db, guard, selectedBillTo, allowedAccount }: PortalRoutes): void {
  /** The bill-to of a cart write: allowed (else 404) and the switched one (else 409). */
  const cartAccount = async (request: FastifyRequest, reply: FastifyReply, value: unknown): Promise<Account | null> => {
    const allowed = await allowedAccount(request, reply, value);
    if (!allowed) return null;
    if ((await selectedBillTo(allowed.userId)) !== allowed.billToId) {
      failure(reply, 409, 'account_changed', 'accountChanged');
      return null;
    }
    return allowed;
  };
  const lineParams = fields({ lineId: rowKey }, ['lineId']);

  app.get<{ Querystring: { billToId: string } }>(
    '/api/PortalCart',
    { ...guard, schema: { querystring: billToQuery } },
    async (request, reply) => {
      const allowed = await allowedAccount(request, reply, request.query.billToId);
      if (!allowed) return reply;
      return ok(reply, await readCart(db, allowed.userId, allowed.billToId));
    },
  );

  app.post<{ Body: { BillToId: string; Lines: { ProductId: string; Quantity: number }[]; Replace?: boolean } }>(
    '/api/PortalCart/add',
    { ...guard, schema: { querystring: fields({}), body: fields({ BillToId: firmId, Lines: { ...lines, minItems: 1 }, Replace: { type: 'boolean' } }, ['BillToId', 'Lines']) } },
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
    { ...guard, schema: { querystring: fields({}), params: lineParams, body: fields({ BillToId: firmId, Quantity: quantity }, ['BillToId', 'Quantity']) } },
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
    { ...guard, schema: { params: lineParams, querystring: billToQuery } },
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
    { ...guard, schema: { querystring: billToQuery } },
    async (request, reply) => {
      const account = await cartAccount(request, reply, request.query.billToId);
      if (!account) return reply;
      await db.deleteFrom('portal_cart_lines').where('user_id', '=', account.userId).where('bill_to_id', '=', account.billToId).execute();
      return ok(reply, await readCart(db, account.userId, account.billToId));
    },
  );
}
