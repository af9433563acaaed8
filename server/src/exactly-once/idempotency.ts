/**
 * Idempotency keys (issue 39 item 2), Stripe's semantics, for every API call that changes something (POST, PUT,
 * PATCH, DELETE under /api): a request may carry `Idempotency-Key: <1–255 visible characters>`.
 * - The first request with a key runs; its answer (status, type, body) is kept for 24 hours with a hash of the
 *   request (method, URL, body; an upload's body is every part: each file's bytes and name, each field —
 *   multipart.ts, issue 68 item 4). The same key and the same request again answers that answer, unchanged, with
 *   `Idempotent-Replayed: true`, and runs nothing.
 * - The same key with another request is refused: 422 `idempotency_mismatch`.
 * - The same key while the first is still running: 409 `idempotency_in_progress` ("try again in a moment").
 * - A 5xx answer, one streamed (a file) or one over 256 KB is not kept: the key is freed, and a retry runs again —
 *   unless the request's work has committed (below).
 * - A POST that only reads (reports, exports, previews: `config: READS`) takes no key.
 * - A user holds at most `keysPerUser` live keys (IDEMPOTENCY_KEYS_PER_USER, issue 68 item 6): a new key past that
 *   is refused 429 `too_many_keys` ("try again later"); keys free themselves 24 hours after their request.
 * A route that claims its key inside its effect's own transaction says so (`config: { idempotency: 'own' }`, the
 * portal's order submit) and is left to itself. Keys are per user (one user's key never answers another's request) and live in `idempotency_keys`
 * (migration 0039), so every server instance on the database honours them. Claiming a key is one insert that
 * does nothing on conflict: the primary key decides between two parallel requests with one key.
 *
 * The key's state follows the work (issue 43 item 2: failover without loss). `state` is
 * - `running:<token>` — claimed by a running request (token: that request), whose work has not committed; the
 *   request renews `created_at` every LEASE_MS / 3 (a lease);
 * - `committed:<token>` — the request's work committed: every writing transaction of the request turns the state
 *   to this INSIDE the transaction, just before COMMIT (db/commit-hooks.ts), so the mark commits with the work or
 *   not at all; a transaction whose key was taken over meanwhile rolls back (`IdempotencyTaken`, answered 409);
 * - `done` — the answer is kept (replayed).
 * A retry that finds `running` with its lease run out (the server died, or the database primary died under it
 * before anything committed) takes the key over and runs: nothing of the first attempt was committed. A retry that
 * finds `committed` with its lease run out (the work committed, but the answer was lost with the server or the
 * connection) runs nothing and answers 409 `idempotency_done` ("already carried out; its answer was not kept").
 * A request whose connection was lost mid-way is answered 503 "try again" (http/errors.ts); its retry with the same
 * key therefore acts exactly once. Known limit: a request that commits several transactions (a process run, item
 * by item) is marked `committed` at its first; its retry after a cut answers `idempotency_done`, and the rest is
 * run again by a new request (the process engine's own guards refuse items already done).
 *
 * The screens send one key per user intent (`shared/src/api.ts`, `intentKey`), so a double click, a retry after
 * a timeout or a reconnect never acts twice. OpenAPI documents the header on every such route (http/openapi.ts).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestCommits } from '../db/commit-hooks.ts';
import type { Database } from '../db/connection.ts';
import { messageIn } from '../entities/call-result.ts';
import { multipartBody, multipartDigest, takesUpload } from './multipart.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long an answer is kept. */
export const KEEP_MS = 24 * 60 * 60 * 1000;
/** A claim not renewed for this long belongs to a request that is gone (its server or its connection died). */
export const LEASE_MS = 10_000;
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

/** The key a request claimed: `token` names this request in the key's state. */
interface Claim {
  userId: string;
  key: string;
  token: string;
  renew: NodeJS.Timeout;
}

/** Thrown inside a writing transaction whose key another request took over: the transaction rolls back. */
export class IdempotencyTaken extends Error {
  override name = 'IdempotencyTaken';
  constructor() {
    super('the Idempotency-Key was taken over by another request');
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: Claim | null;
  }
  interface FastifyContextConfig {
    /**
     * 'own': the route claims its key itself, in its effect's transaction (the portal's order submit);
     * 'none': a POST that only reads (a report run, an export, a preview): no key is claimed or kept.
     */
    idempotency?: 'own' | 'none';
  }
}

/**
 * The request's hash: method, URL and JSON body — or, for an upload (issue 68 item 4), every part of the
 * multipart body (each file's bytes and name, each field: multipart.ts). Null when the upload's body cannot be
 * read: no key is claimed, and the handler answers why (too large, two files).
 */
async function requestHash(request: FastifyRequest): Promise<string | null> {
  const hash = createHash('sha256').update(`${request.method} ${request.url}\n`);
  if (takesUpload(request) && typeof request.isMultipart === 'function' && request.isMultipart()) {
    const body = await multipartBody(request);
    if (!body.ok) return null;
    return hash.update('multipart\n').update(multipartDigest(body.parts)).digest('base64url');
  }
  return hash.update(request.body === undefined ? '' : JSON.stringify(request.body)).digest('base64url');
}

function refuse(reply: FastifyReply, status: number, code: string, key: string, language: string | null | undefined, params: Record<string, unknown> = {}) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ ResultStatus: 2, ResultCode: code, Message: messageIn(language ?? 'en-CA', key, params), EntityId: null, Exception: null });
}

export function registerIdempotency(app: FastifyInstance, deps: { database: Database; keysPerUser?: number }): void {
  const { db } = deps.database;
  const keysPerUser = deps.keysPerUser ?? 0;
  /** Whether the user holds `keysPerUser` live keys already (issue 68 item 6; reads at most that many rows). */
  const full = async (userId: string, now: number) => {
    if (keysPerUser <= 0) return false;
    const held = db.selectFrom('idempotency_keys').select('user_id').where('user_id', '=', userId).where('created_at', '>=', now - KEEP_MS).limit(keysPerUser).as('held');
    const row = await db.selectFrom(held).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    return Number(row?.n ?? 0) >= keysPerUser;
  };
  let lastSweep = 0;
  app.decorateRequest('idempotency', null);
  // Every request gets its own commit scope (set below once it claims a key).
  app.addHook('onRequest', (_request, _reply, done) => requestCommits.run({ scope: null }, done));

  const mine = (claim: Claim) => [`running:${claim.token}`, `committed:${claim.token}`];
  const claimed = (request: FastifyRequest, userId: string, key: string, token: string): void => {
    const claim: Claim = {
      userId,
      key,
      token,
      // The lease: renewed while the request runs, so a retry can tell a live request from a dead one.
      renew: setInterval(() => {
        void db
          .updateTable('idempotency_keys')
          .set({ created_at: Date.now() })
          .where('user_id', '=', userId)
          .where('idempotency_key', '=', key)
          .where('state', 'in', [`running:${token}`, `committed:${token}`])
          .execute()
          .catch(() => undefined);
      }, LEASE_MS / 3).unref(),
    };
    request.idempotency = claim;
    const store = requestCommits.getStore();
    if (!store) return;
    store.scope = {
      // In the work's own transaction, before COMMIT: the key is marked committed with the work, or the work
      // rolls back when the key is no longer this request's.
      async beforeCommit(run) {
        const result = await run(
          db
            .updateTable('idempotency_keys')
            .set({ state: `committed:${token}`, created_at: Date.now() })
            .where('user_id', '=', userId)
            .where('idempotency_key', '=', key)
            .where('state', 'in', mine(claim))
            .compile(),
        );
        if (Number(result.numAffectedRows ?? 0) !== 1) throw new IdempotencyTaken();
      },
    };
  };
  const release = (request: FastifyRequest): Claim | null => {
    const claim = request.idempotency ?? null;
    if (!claim) return null;
    request.idempotency = null;
    clearInterval(claim.renew);
    const store = requestCommits.getStore();
    if (store) store.scope = null;
    return claim;
  };

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
    const hash = await requestHash(request);
    if (hash === null) return;
    const token = randomUUID();
    const claim = async () =>
      Number(
        (
          await db
            .insertInto('idempotency_keys')
            .values({ user_id: userId, idempotency_key: header, request_hash: hash, state: `running:${token}`, status_code: null, content_type: null, body: null, created_at: now })
            .onConflict((conflict) => conflict.columns(['user_id', 'idempotency_key']).doNothing())
            .executeTakeFirst()
        ).numInsertedOrUpdatedRows ?? 0,
      ) === 1;
    const own = () => claimed(request, userId, header, token);
    // Past the user's limit no new key is taken; a key already held still replays (or answers 409 / 422).
    const atLimit = await full(userId, now);
    if (!atLimit && (await claim())) return own();
    const row = await db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', header).executeTakeFirst();
    if (atLimit && (!row || row.created_at < now - KEEP_MS)) {
      return refuse(reply, 429, 'too_many_keys', 'entities:result.idempotencyTooMany', language, { count: keysPerUser });
    }
    if (!row || row.created_at < now - KEEP_MS) {
      // Gone or expired: free it (only the row read, so a parallel claim is not undone) and claim it again.
      if (row) await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('idempotency_key', '=', header).where('created_at', '=', row.created_at).execute();
      if (await claim()) return own();
      return refuse(reply, 409, 'idempotency_in_progress', 'entities:result.idempotencyInProgress', language);
    }
    if (row.request_hash !== hash) return refuse(reply, 422, 'idempotency_mismatch', 'entities:result.idempotencyMismatch', language);
    if (row.state === 'done') {
      reply.code(row.status_code ?? 200).header('idempotent-replayed', 'true').header('cache-control', 'no-store');
      if (row.content_type) reply.header('content-type', row.content_type);
      return reply.send(row.body ?? '');
    }
    const leaseOver = row.created_at < now - LEASE_MS;
    if (leaseOver && row.state.startsWith('running:')) {
      // Its request is gone and none of its work committed: this retry takes the key over and runs.
      const taken = await db
        .updateTable('idempotency_keys')
        .set({ state: `running:${token}`, created_at: now })
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', header)
        .where('state', '=', row.state)
        .where('created_at', '=', row.created_at)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows ?? 0) === 1) return own();
    }
    if (leaseOver && row.state.startsWith('committed:')) {
      // Its work committed but its answer was lost with its server or its connection: never run it again.
      return refuse(reply, 409, 'idempotency_done', 'entities:result.idempotencyDone', language);
    }
    return refuse(reply, 409, 'idempotency_in_progress', 'entities:result.idempotencyInProgress', language);
  });

  // The answer kept with its key; a 5xx or a stream frees the key instead — unless the work committed, when the
  // key keeps "done, answer not kept" (a retry must not act again).
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = release(request);
    if (!claim) return payload;
    const ours = db.updateTable('idempotency_keys').where('user_id', '=', claim.userId).where('idempotency_key', '=', claim.key);
    try {
      if (reply.statusCode < 500 && typeof payload === 'string' && payload.length <= KEEP_MAX_CHARS) {
        const type = reply.getHeader('content-type');
        await ours
          .set({ state: 'done', status_code: reply.statusCode, content_type: typeof type === 'string' ? type : null, body: payload })
          .where('state', 'in', mine(claim))
          .execute();
        return payload;
      }
      await db.deleteFrom('idempotency_keys').where('user_id', '=', claim.userId).where('idempotency_key', '=', claim.key).where('state', '=', `running:${claim.token}`).execute();
      const language = request.user?.row.language ?? 'en-CA';
      const lost = { ResultStatus: 2, ResultCode: 'idempotency_done', Message: messageIn(language, 'entities:result.idempotencyDone'), EntityId: null, Exception: null };
      await ours
        .set({ state: 'done', status_code: 409, content_type: 'application/json; charset=utf-8', body: JSON.stringify(lost) })
        .where('state', '=', `committed:${claim.token}`)
        .execute();
    } catch (error) {
      // The database is gone (a failover): the key's lease runs out and a retry finds what committed.
      request.log.warn({ err: error }, 'the Idempotency-Key could not be updated');
    }
    return payload;
  });
  // An answer never sent (the client went away) still ends the lease's renewal.
  app.addHook('onResponse', async (request) => void release(request));
}
