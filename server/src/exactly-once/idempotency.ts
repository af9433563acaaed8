/**
 * Idempotency keys (issue 39 item 2), Stripe's semantics, for every API call that changes something (POST, PUT,
 * PATCH, DELETE under /api): a request may carry `Idempotency-Key: <1–255 visible characters>`.
 * - The first request with a key runs; its answer (status, type, body) is kept for 24 hours with a hash of the
 *   request (method, URL, body). The same key and the same request again answers that answer, unchanged, with
 *   `Idempotent-Replayed: true`, and runs nothing.
 * - The same key with another request is refused: 422 `idempotency_mismatch`.
 * - The same key while the first is still running: 409 `idempotency_in_progress` ("try again in a moment").
 * - A 5xx answer, one streamed (a file) or one over 256 KB is not kept: the key is freed, and a retry runs again.
 * - A POST that only reads (reports, exports, previews: `config: READS`) takes no key.
 * A route that claims its key inside its effect's own transaction says so (`config: { idempotency: 'own' }`, the
 * portal's order submit) and is left to itself. Keys are per user (one user's key never answers another's request) and live in `idempotency_keys`
 * (migration 0039), so every server instance on the database honours them. Claiming a key is one insert that
 * does nothing on conflict: the primary key decides between two parallel requests with one key.
 *
 * Known limit: the answer is stored after the effect's transaction commits; a server that dies between the two
 * leaves the key `running` until RUNNING_STALE_MS, after which a retry runs again — the action and process
 * engines' own guards (versions, states, scope locks) then refuse a second effect.
 *
 * The screens send one key per user intent (`shared/src/api.ts`, `intentKey`), so a double click, a retry after
 * a timeout or a reconnect never acts twice. OpenAPI documents the header on every such route (http/openapi.ts).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/connection.ts';
import { messageIn } from '../entities/call-result.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long an answer is kept. */
export const KEEP_MS = 24 * 60 * 60 * 1000;
/** A key still `running` after this (its server died mid-request) may run again. */
export const RUNNING_STALE_MS = 10 * 60 * 1000;
const SWEEP_EVERY_MS = 60_000;
const KEY = /^[\x21-\x7e]{1,255}$/;
const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The route config of a POST that only reads. */
export const READS = { idempotency: 'none' } as const;
/** The longest answer kept for replay; a longer one frees its key (acting calls answer far less). */
const KEEP_MAX_CHARS = 256 * 1024;

/** Whether a route takes the header (OpenAPI lists it there). */
export const takesIdempotencyKey = (method: string, url: string, config?: { idempotency?: string }) =>
  CHANGING.has(method.toUpperCase()) && url.startsWith('/api/') && config?.idempotency !== 'none';

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: { userId: string; key: string } | null;
  }
  interface FastifyContextConfig {
    /**
     * 'own': the route claims its key itself, in its effect's transaction (the portal's order submit);
     * 'none': a POST that only reads (a report run, an export, a preview): no key is claimed or kept.
     */
    idempotency?: 'own' | 'none';
  }
}

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n`)
    .update(request.body === undefined ? '' : JSON.stringify(request.body))
    .digest('base64url');
}

function refuse(reply: FastifyReply, status: number, code: string, key: string, language: string | null | undefined) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ ResultStatus: 2, ResultCode: code, Message: messageIn(language ?? 'en-CA', key), EntityId: null, Exception: null });
}

export function registerIdempotency(app: FastifyInstance, deps: { database: Database }): void {
  const { db } = deps.database;
  let lastSweep = 0;
  app.decorateRequest('idempotency', null);

  // After authentication and validation: a refused request never claims its key.
  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    const config = request.routeOptions.config;
    if (header === undefined || !request.user || !takesIdempotencyKey(request.method, request.url, config) || config.idempotency === 'own') return;
    const language = request.user.row.language;
    if (typeof header !== 'string' || !KEY.test(header)) return refuse(reply, 400, 'bad_request', 'entities:result.idempotencyKeyInvalid', language);
    const now = Date.now();
    if (now - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = now;
      await db.deleteFrom('idempotency_keys').where('created_at', '<', now - KEEP_MS).execute();
    }
    const userId = request.user.userId;
    const hash = requestHash(request);
    const claim = () =>
      db
        .insertInto('idempotency_keys')
        .values({ user_id: userId, idempotency_key: header, request_hash: hash, state: 'running', status_code: null, content_type: null, body: null, created_at: now })
        .onConflict((conflict) => conflict.columns(['user_id', 'idempotency_key']).doNothing())
        .executeTakeFirst();
    if (Number((await claim()).numInsertedOrUpdatedRows ?? 0) === 1) {
      request.idempotency = { userId, key: header };
      return;
    }
    const row = await db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', header).executeTakeFirst();
    const expired = row && (row.created_at < now - KEEP_MS || (row.state === 'running' && row.created_at < now - RUNNING_STALE_MS));
    if (!row || expired) {
      // Gone or stale: free it (only the row read, so a parallel claim is not undone) and claim it again.
      if (row) await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('idempotency_key', '=', header).where('created_at', '=', row.created_at).execute();
      if (Number((await claim()).numInsertedOrUpdatedRows ?? 0) === 1) {
        request.idempotency = { userId, key: header };
        return;
      }
      return refuse(reply, 409, 'idempotency_in_progress', 'entities:result.idempotencyInProgress', language);
    }
    if (row.request_hash !== hash) return refuse(reply, 422, 'idempotency_mismatch', 'entities:result.idempotencyMismatch', language);
    if (row.state !== 'done') return refuse(reply, 409, 'idempotency_in_progress', 'entities:result.idempotencyInProgress', language);
    reply.code(row.status_code ?? 200).header('idempotent-replayed', 'true').header('cache-control', 'no-store');
    if (row.content_type) reply.header('content-type', row.content_type);
    return reply.send(row.body ?? '');
  });

  // The answer kept with its key; a 5xx or a stream frees the key instead.
  app.addHook('onSend', async (request, reply, payload) => {
    const claimed = request.idempotency;
    if (!claimed) return payload;
    request.idempotency = null;
    const where = db.deleteFrom('idempotency_keys').where('user_id', '=', claimed.userId).where('idempotency_key', '=', claimed.key);
    if (reply.statusCode >= 500 || typeof payload !== 'string' || payload.length > KEEP_MAX_CHARS) {
      await where.execute();
      return payload;
    }
    const type = reply.getHeader('content-type');
    await db
      .updateTable('idempotency_keys')
      .set({ state: 'done', status_code: reply.statusCode, content_type: typeof type === 'string' ? type : null, body: payload })
      .where('user_id', '=', claimed.userId)
      .where('idempotency_key', '=', claimed.key)
      .execute();
    return payload;
  });
}
