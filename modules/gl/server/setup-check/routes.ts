/**
 * The set-up check's call (issue 40 item 1):
 *
 *   GET /api/gl/setup-check → 200 CallResult { List: SetupGap[] } (../../definitions/setup-check.ts)
 *
 * Whoever may read the G/L integration (the screen that fixes most of it) may ask; the answer is in the caller's
 * language and never cached.
 */
import type { FastifyInstance } from 'fastify';
import { callResult } from '@erp/server/entities/call-result';
import type { ModuleRouteDeps } from '@erp/server/modules/part';
import { apiSchema, callResult as callResultSchema, NO_QUERY } from '@erp/server/http/schemas';
import { SETUP_CHECK_API } from '../../definitions/setup-check.ts';
import { setupGaps } from './check.ts';

export async function registerSetupCheckRoutes(app: FastifyInstance, deps: Pick<ModuleRouteDeps, 'contextOf'>): Promise<void> {
  app.get(
    SETUP_CHECK_API,
    {
      schema: apiSchema({
        summary: 'What the modules need configured and is missing, with the screen that fixes each',
        tags: ['gl'],
        querystring: NO_QUERY,
        response: { 200: callResultSchema() },
      }),
    },
    async (request, reply) => {
      const ctx = await deps.contextOf(request, reply, 'gl-integration', 'read');
      if (!ctx) return reply;
      const gaps = await setupGaps(ctx.db, ctx.user.row.language);
      return reply.code(200).header('cache-control', 'no-store').send(callResult(1, 'ok', '', { List: gaps }));
    },
  );
}
