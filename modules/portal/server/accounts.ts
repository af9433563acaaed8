/**
 * The caller's accounts (portal calls, listed in routes.ts):
 *
 *   POST /api/PortalOrder/account-switch {BillToId}   §7 { ResultStatus, Message, DefaultShipToId }; success also
 *        empties the caller's cart (§4) and makes BillToId the account cart writes must name. A bill-to outside
 *        the securables answers ResultStatus 5 with the not-found Message (200, §7 shape).
 *   GET  /api/PortalOrder/securables                   CallResult Data { Securables, Firms[{FirmId,Name}], SelectedBillToId }
 *   GET  /api/PortalOrder/account?billToId=            CallResult Data { BillToId, Name, OnHold, HoldReason, DefaultShipToId, ShipTos }
 *
 * The default ship-to: the user's own default, else the account's, when it is one of the bill-to's ship-tos;
 * else the first ship-to; else null.
 */
import type { FastifyRequest } from 'fastify';
import { currentUser } from '@erp/server/auth/plugin';
import { asFlag } from '@erp/server/db/schema';
import { allowedBillTo } from './access.ts';
import { billToQuery, fields, firmId, ok, type PortalRoutes, send } from './http.ts';
import { portalMessage } from './messages.ts';

function defaultShipTo(request: FastifyRequest, accountDefault: string | null | undefined, shipTos: readonly string[]): string | null {
  const preferred = [currentUser(request).row.default_ship_to_id, accountDefault].find((id) => !!id && shipTos.includes(id));
  return preferred ?? shipTos[0] ?? null;
}

export function registerAccountRoutes({ app, db, guard, scopeOf, selectedBillTo, allowedAccount }: PortalRoutes): void {
  app.post<{ Body: { BillToId: string } }>(
    '/api/PortalOrder/account-switch',
    { ...guard, schema: { querystring: fields({}), body: fields({ BillToId: firmId }, ['BillToId']) } },
    async (request, reply) => {
      const { userId, scope } = await scopeOf(request);
      const billToId = allowedBillTo(scope, request.body.BillToId);
      if (!billToId) {
        return send(reply, 200, { ResultStatus: 5, Message: portalMessage('accountNotFound'), DefaultShipToId: null });
      }
      const account = await db.selectFrom('portal_accounts').select('default_ship_to_id').where('bill_to_id', '=', billToId).executeTakeFirst();
      const shipTo = defaultShipTo(request, account?.default_ship_to_id, scope.accounts.get(billToId) ?? []);
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
      return send(reply, 200, { ResultStatus: 1, Message: portalMessage('switched'), DefaultShipToId: shipTo });
    },
  );

  app.get('/api/PortalOrder/securables', { ...guard, schema: { querystring: fields({}) } }, async (request, reply) => {
    const { userId, scope } = await scopeOf(request);
    // The account last switched to, while it is still allowed; else null.
    const selected = allowedBillTo(scope, await selectedBillTo(userId));
    return ok(reply, {
      Securables: scope.securables.map((Identifier) => ({ Identifier })),
      Firms: [...scope.firms].map(([FirmId, Name]) => ({ FirmId, Name })),
      SelectedBillToId: selected,
    });
  });

  app.get<{ Querystring: { billToId: string } }>(
    '/api/PortalOrder/account',
    { ...guard, schema: { querystring: billToQuery } },
    async (request, reply) => {
      const allowed = await allowedAccount(request, reply, request.query.billToId);
      if (!allowed) return reply;
      const { scope, billToId } = allowed;
      const account = await db.selectFrom('portal_accounts').selectAll().where('bill_to_id', '=', billToId).executeTakeFirst();
      const shipTos = scope.accounts.get(billToId) ?? [];
      return ok(reply, {
        BillToId: billToId,
        Name: scope.firms.get(billToId) ?? billToId,
        OnHold: asFlag(account?.on_hold),
        HoldReason: account && asFlag(account.on_hold) ? (account.hold_reason ?? portalMessage('onHold', { billToId })) : null,
        DefaultShipToId: defaultShipTo(request, account?.default_ship_to_id, shipTos),
        ShipTos: shipTos.map((FirmId) => ({ FirmId, Name: scope.firms.get(FirmId) ?? FirmId })),
      });
    },
  );
}
