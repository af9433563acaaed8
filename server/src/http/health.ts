/**
 * `GET /health` (issue 43 item 4): whether this instance can serve — for a load balancer's health check
 * (HAProxy's `option httpchk`, docs/operations.md "Production layout and the failover drill").
 *
 * Contract: 200 `{"status":"ok","database":"ok"}` while this process serves; `database` is "unavailable" when the
 * database does not answer a trivial query at once (on PostgreSQL with a multi-host DATABASE_URL: no writable
 * primary, a failover under way, db/primary.ts). The status stays 200 then: every instance shares the one database,
 * so taking them all out of the balancer would only swap the API's own 503 "try again" (localized, Retry-After,
 * http/errors.ts) for the balancer's page. Public (no token: it tells nothing but up or down), never cached,
 * outside /api so the API's token guard and OpenAPI do not list it.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db/connection.ts';

/** A health check must answer fast, whatever the database does. */
const ANSWER_WITHIN_MS = 1_000;

export function registerHealth(app: FastifyInstance, deps: { database: Database }): void {
  app.get('/health', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const database = await Promise.race([
      sql`SELECT 1`.execute(deps.database.db).then(
        () => 'ok',
        () => 'unavailable',
      ),
      new Promise<string>((resolve) => setTimeout(() => resolve('unavailable'), ANSWER_WITHIN_MS).unref()),
    ]);
    return reply.send({ status: 'ok', database });
  });
}
