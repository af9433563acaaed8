/**
 * The event stream and presence calls (issue 42 items 2 and 3; the hub is hub.ts):
 *
 *   POST /api/events/ticket                       → CallResult Data { Ticket }: a one-use ticket for the stream,
 *        valid TICKET_MS. Authenticated like every API call (DPoP-bound bearer token).
 *   GET  /api/events/stream?ticket=&last=         text/event-stream. EventSource cannot send an Authorization header
 *        (nor a DPoP proof), so the stream is opened with the ticket instead: one use, 30 seconds, stored hashed in
 *        `event_tickets` (any instance on the database may take it), never in a log (the path's query is not
 *        logged by the API). `last`: the last event id the browser saw, to replay what it missed; the server sends
 *        `reset` when it cannot (another instance, too old). Events: `ready` { Stream } (first), `records`
 *        { Events: RecordEvent[] }, `presence` { Entity, Id, Users }, `reset` {}, `signed-out` {} (the provider
 *        session of the ticket's token ended — a sign-out in the shell or on an embedding page — and the stream
 *        ends); a comment every PING_MS.
 *        A reconnection is a new ticket and a new stream (the browser's shared/src/record-events.ts).
 *   POST /api/events/presence { Stream, Records: [{ Entity, Id, Editing }] } → CallResult Data { Refused }: the
 *        records the stream's screens show (the whole set each time).
 *
 * Per user (issue 68 item 6): at most `config.limits.eventStreams` open streams on one instance (default 10, a
 * tab each) — one more is refused 429 `too_many_streams` ("close other tabs"), at the ticket already when the
 * instance that issues it holds that many, and at the stream in any case — and at most twice that many unused
 * tickets at once (429 too). Presence sets are per stream (≤ 50 records each), so the stream cap bounds them.
 *
 * Also: every API request runs with its caller known to the change capture (`writer`, capture.ts), so an event
 * says who wrote.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { currentUser } from '../auth/plugin.ts';
import type { Database } from '../db/connection.ts';
import { callResult, messageIn } from '../entities/call-result.ts';
import { sendFailure } from '../http/errors.ts';
import { apiSchema, BOOLEAN, callResult as resultSchema, object, text, NO_QUERY } from '../http/schemas.ts';
import { writer } from './capture.ts';
import type { EventHub } from './hub.ts';

const TICKET_MS = 30_000;
/** Calls that take no Idempotency-Key (exactly-once/idempotency.ts). */
const NO_REPLAY = { idempotency: 'none' } as const;
const PING_MS = 25_000;
const hash = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');

/** Before authentication: every request gets its own writer slot, filled once the caller is known. */
export function registerWriterContext(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, _reply, done) => writer.run({ userId: null }, done));
  app.addHook('preHandler', (request, _reply, done) => {
    const store = writer.getStore();
    if (store && request.user) store.userId = request.user.userId;
    done();
  });
}

export function registerEventRoutes(app: FastifyInstance, deps: { database: Database; hub: EventHub; streamsPerUser: number }): void {
  const { hub, streamsPerUser } = deps;
  const db = deps.database.db;
  /** Open streams of each user on this instance (the per-user cap). */
  const openBy = new Map<string, number>();
  const tooMany = (reply: FastifyReply, language: string | null | undefined) =>
    sendFailure(reply, 429, 'too_many_streams', messageIn(language, 'entities:events.tooManyStreams', { count: streamsPerUser }));
  // Open streams never end by themselves: closing the server ends them first (the browser reconnects elsewhere).
  app.addHook('preClose', async () => hub.endStreams());

  app.post(
    '/api/events/ticket',
    {
      // Each call must answer a new ticket (a replayed one is used up): no Idempotency-Key replay.
      config: NO_REPLAY,
      schema: apiSchema({
        summary: 'A one-use ticket that opens the event stream',
        tags: ['events'],
        querystring: NO_QUERY,
        body: object({}),
        response: { 200: resultSchema(object({ Ticket: text(64) }, ['Ticket'])) },
      }),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const language = user.row.language;
      if ((openBy.get(user.userId) ?? 0) >= streamsPerUser) return tooMany(reply, language);
      const ticket = randomBytes(32).toString('base64url');
      const now = Date.now();
      await db.deleteFrom('event_tickets').where('expires_at', '<=', now).execute();
      const unused = await db.selectFrom('event_tickets').select('ticket_hash').where('user_id', '=', user.userId).limit(2 * streamsPerUser).execute();
      if (unused.length >= 2 * streamsPerUser) return tooMany(reply, language);
      // The provider session of the caller's token (issue 70: its end closes the stream, hub.ts `endSession`).
      const sessionId = typeof user.token['sid'] === 'string' ? user.token['sid'] : null;
      await db.insertInto('event_tickets').values({ ticket_hash: hash(ticket), user_id: user.userId, session_id: sessionId, expires_at: now + TICKET_MS }).execute();
      return reply.header('cache-control', 'no-store').send(callResult(1, 'ok', null, { Data: { Ticket: ticket } }));
    },
  );

  app.get<{ Querystring: { ticket: string; last?: string } }>(
    '/api/events/stream',
    {
      // Public to the bearer guard: the ticket is the authentication (module header).
      config: { public: true },
      schema: apiSchema({
        summary: 'The record event stream (Server-Sent Events), opened with a ticket',
        tags: ['events'],
        querystring: object({ ticket: text(64, { pattern: '^[A-Za-z0-9_-]{43}$' }), last: text(64, { pattern: '^[A-Za-z0-9_-]+\\.[0-9]+$' }) }, ['ticket']),
        response: { 200: { type: 'string', description: 'text/event-stream' } },
      }),
    },
    async (request, reply) => {
      // One use: the row is taken by the DELETE that reads it (the primary key decides between instances).
      const taken = await db.deleteFrom('event_tickets').where('ticket_hash', '=', hash(request.query.ticket)).returning(['user_id', 'session_id', 'expires_at']).executeTakeFirst();
      if (!taken || Number(taken.expires_at) <= Date.now()) return sendFailure(reply, 401, 'unauthorized', 'Unauthorized');
      const userId = taken.user_id;
      const user = await hub.userOf(userId);
      if (!user) return sendFailure(reply, 401, 'unauthorized', 'Unauthorized');
      const open = openBy.get(userId) ?? 0;
      if (open >= streamsPerUser) return tooMany(reply, user.row.language);
      openBy.set(userId, open + 1);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        // What the hooks set before the hijack (CORS for an allowed embedding origin: security/embed-origins.ts).
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        // Proxies must pass events on as they come.
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      const id = hub.openStream(
        userId,
        {
          send(event, data, eventId) {
            if (raw.writableEnded || raw.destroyed) return;
            raw.write(`${eventId ? `id: ${eventId}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
          },
          end() {
            if (!raw.writableEnded) raw.end();
          },
        },
        request.query.last ?? null,
        taken.session_id,
      );
      const ping = setInterval(() => {
        if (!raw.destroyed) raw.write(': ping\n\n');
      }, PING_MS);
      ping.unref();
      // The answer's own close (the browser went, or the server ends it); a write that fails on a dying socket is
      // an 'error' no one else listens to: it closes the stream instead of the process.
      let closed = false;
      const done = () => {
        clearInterval(ping);
        hub.closeStream(id);
        if (closed) return;
        closed = true;
        const left = (openBy.get(userId) ?? 1) - 1;
        if (left > 0) openBy.set(userId, left);
        else openBy.delete(userId);
      };
      raw.on('close', done);
      raw.on('error', done);
    },
  );

  app.post<{ Body: { Stream: string; Records: { Entity: string; Id: string; Editing: boolean }[] } }>(
    '/api/events/presence',
    {
      // The whole set each time: sending it again is harmless, and a replay would be stale.
      config: NO_REPLAY,
      schema: apiSchema({
        summary: 'The records the screens of an event stream show (presence)',
        tags: ['events'],
        querystring: NO_QUERY,
        body: object(
          {
            Stream: text(40),
            Records: { type: 'array', maxItems: 50, items: object({ Entity: text(80), Id: text(80), Editing: BOOLEAN }, ['Entity', 'Id', 'Editing']) },
          },
          ['Stream', 'Records'],
        ),
        response: { 200: resultSchema(object({ Refused: { type: 'array', items: text(80) } }, ['Refused'])) },
      }),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const stream = hub.streamOf(request.body.Stream, user.userId);
      if (!stream) return sendFailure(reply, 404, 'not_found', 'Not Found');
      const refused = await hub.setPresence(stream, request.body.Records);
      return reply.header('cache-control', 'no-store').send(callResult(1, 'ok', null, { Data: { Refused: refused } }));
    },
  );
}
