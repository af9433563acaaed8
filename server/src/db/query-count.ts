/**
 * Statements per request, counted by the data layer (issue 74 item 1): what a request costs the database.
 *
 * Contract:
 * - `countStatement()` adds one to the running request's count. It is called where statements leave the server:
 *   the Kysely driver wrapper (events/capture.ts: every query, stream and transaction control — BEGIN, COMMIT,
 *   ROLLBACK, savepoints — of the main database) and the SQLite read-only connection's prepared statements
 *   (db/read.ts `prepared`, used by the hot reads and list pages). A statement outside a request (jobs, the event
 *   hub's own reads, start-up) is not counted. The standby's reads (READ_DATABASE_URL) are not counted either.
 * - `registerQueryCount(app, enabled)`: with QUERY_COUNT on (config `queryCount`, off by default) every response
 *   carries `Server-Timing: db;desc="queries";dur=<n>` — the statements the request ran (the `dur` slot holds the
 *   count: Server-Timing has no other numeric field). Off, no header is added and nothing is counted: production
 *   answers stay as they are. The benchmark (`npm run bench -- capacity`) and the query-count tests turn it on.
 * - `statementsOf(fn)`: the statements `fn` runs (tests and benchmarks without HTTP).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

const running = new AsyncLocalStorage<{ n: number }>();

/** One statement of the running request (module header). */
export function countStatement(): void {
  const store = running.getStore();
  if (store) store.n += 1;
}

/** The statements `fn` runs, with its result. */
export async function statementsOf<T>(fn: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const store = { n: 0 };
  const result = await running.run(store, fn);
  return { result, statements: store.n };
}

export const QUERY_HEADER = 'server-timing';

/** Counts each request's statements and answers them in Server-Timing (module header); nothing when disabled. */
export function registerQueryCount(app: FastifyInstance, enabled: boolean): void {
  if (!enabled) return;
  const counts = new WeakMap<object, { n: number }>();
  app.addHook('onRequest', (request, _reply, done) => {
    const store = { n: 0 };
    counts.set(request, store);
    running.run(store, done);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const store = counts.get(request);
    if (store) reply.header(QUERY_HEADER, `db;desc="queries";dur=${store.n}`);
    done(null, payload);
  });
}
