/**
 * What every portal route file (accounts.ts, products.ts, cart.ts, orders.ts, notifications.ts; the list of
 * calls is in routes.ts) shares: the request schema pieces, the §3 answers, and `PortalRoutes` — the app,
 * the typed portal database, the PORTAL application guard and the caller's securables.
 *
 * The one rule of the portal (access.ts): an id outside the caller's securables is answered exactly like one
 * that does not exist — `notFound(reply)`, 404 CallResult ResultStatus 5 'not_found'. `allowedAccount`
 * applies it to the bill-to a request names.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { PagedList } from '@erp/shared/types';
import { PORTAL_APPLICATION } from '@erp/modules/shell/server/api';
import { currentUser, requireApplication } from '@erp/server/auth/plugin';
import type { Database } from '@erp/server/db/connection';
import { allowedBillTo, portalScope, type PortalScope } from './access.ts';
import { portalMessage, type MessageKey } from './messages.ts';
import { portalDb, type PortalDB } from './schema.ts';

export const MAX_PAGE_SIZE = 250;

// Request schema pieces (Fastify JSON schemas; additionalProperties false everywhere).
export const firmId = { type: 'string', minLength: 1, maxLength: 40 } as const;
export const quantity = { type: 'integer', minimum: 1, maximum: 100000 } as const;
export const page = { type: 'integer', minimum: 1, maximum: 100000 } as const;
export const pageSize = { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE } as const;
export const rowKey = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
export const lines = {
  type: 'array',
  maxItems: 500,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['ProductId', 'Quantity'],
    properties: { ProductId: { type: 'string', minLength: 1, maxLength: 40 }, Quantity: quantity },
  },
} as const;

/** A closed object schema (query string, path parameters or body). */
export function fields(properties: Record<string, unknown>, required: string[] = []) {
  return { type: 'object', additionalProperties: false, required, properties } as const;
}

/** The query string of the calls about one of the caller's accounts: `?billToId=`. */
export const billToQuery = fields({ billToId: firmId }, ['billToId']);

export function result(status: 1 | 2 | 3 | 4 | 5 | 6, code: string, text: string | null, extra: Record<string, unknown> = {}) {
  return { ResultStatus: status, ResultCode: code, Message: text, EntityId: null, Exception: null, ...extra };
}

export function send(reply: FastifyReply, status: number, payload: unknown) {
  return reply.code(status).header('cache-control', 'no-store').send(payload);
}

/** The one answer for anything outside the caller's securables or missing. */
export function notFound(reply: FastifyReply) {
  return send(reply, 404, result(5, 'not_found', portalMessage('notFound')));
}

export function failure(reply: FastifyReply, status: number, code: string, key: MessageKey, params: Record<string, string | number> = {}) {
  return send(reply, status, result(2, code, portalMessage(key, params)));
}

export function ok(reply: FastifyReply, data: unknown, extra: Record<string, unknown> = {}) {
  return send(reply, 200, result(1, 'ok', null, { Data: data, ...extra }));
}

export function paged<T>(list: T[], pageNo: number, size: number, total: number, sortFields: string[], descending: string[]): PagedList<T> {
  return { Page: pageNo, PageSize: size, List: list, TotalCount: total, SortFields: sortFields, SortDescending: descending };
}

/** A contains-pattern for LIKE with `escape '\'`. */
export const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The caller's account the request names, allowed by their securables. */
export interface Account {
  userId: string;
  scope: PortalScope;
  billToId: string;
}

export interface PortalRoutes {
  app: FastifyInstance;
  database: Database;
  db: Kysely<PortalDB>;
  /** Case-insensitive LIKE of the engine. */
  likeOp: 'ilike' | 'like';
  /** Route options: a role that opens the PORTAL application (auth/plugin.ts). */
  guard: { preHandler: ReturnType<typeof requireApplication> };
  scopeOf(request: FastifyRequest): Promise<{ userId: string; scope: PortalScope }>;
  /** The bill-to the caller last switched to (cart writes and submits must name it). */
  selectedBillTo(userId: string): Promise<string | null>;
  /** The bill-to `value` names when it is one of the caller's; null after answering notFound. */
  allowedAccount(request: FastifyRequest, reply: FastifyReply, value: unknown): Promise<Account | null>;
}

export function portalRoutes(app: FastifyInstance, database: Database): PortalRoutes {
  const db = portalDb(database.db);
  const scopeOf = async (request: FastifyRequest) => {
    const user = currentUser(request);
    return { userId: user.userId, scope: await portalScope(db, user.userId) };
  };
  return {
    app,
    database,
    db,
    likeOp: database.engine === 'postgres' ? 'ilike' : 'like',
    guard: { preHandler: requireApplication(PORTAL_APPLICATION) },
    scopeOf,
    selectedBillTo: async (userId) =>
      (await db.selectFrom('portal_selection').select('bill_to_id').where('user_id', '=', userId).executeTakeFirst())?.bill_to_id ?? null,
    async allowedAccount(request, reply, value) {
      const { userId, scope } = await scopeOf(request);
      const billToId = allowedBillTo(scope, value);
      if (!billToId) {
        notFound(reply);
        return null;
      }
      return { userId, scope, billToId };
    },
  };
}
