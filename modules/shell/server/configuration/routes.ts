/**
 * The configuration's own call (registered through registry.ts, special-routes.ts contract):
 *
 *   GET /api/Configuration/GetConfigurationByControlId?controlId=ID   §7 { ControlValue }; 404 CallResult when
 *       unknown. Users who may read the configuration entity read any entry; everyone else (portal customers)
 *       only the entries meant for them (the homepage text) — any other id is answered 404.
 */
import { configuration, MOBILE_HOMEPAGE_TEXT } from '../../definitions/configuration.ts';
import { apiSchema, object, text } from '@erp/server/http/schemas';
import { canRead } from '@erp/server/entities/access';
import { badRequest, notFound } from '@erp/server/entities/answers';
import { sendAnswer, singleText, type EntityRoutes } from '@erp/server/entities/special-routes';

/** Configuration entries every signed-in user may read (the portal's homepage text, §7). */
const PUBLIC_CONTROL_IDS = new Set([MOBILE_HOMEPAGE_TEXT]);

const SCHEMA = apiSchema({
  summary: '§7 a configuration value by control id',
  tags: [configuration.name],
  querystring: object({ controlId: text(50, { minLength: 1 }) }, ['controlId']),
  response: { 200: object({ ControlValue: { type: 'string' } }) },
});

export const configurationRoutes: EntityRoutes = async (app, { database }) => {
  app.get('/api/Configuration/GetConfigurationByControlId', { schema: SCHEMA }, async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const extra = Object.keys(query).find((name) => name !== 'controlId');
    if (extra) return sendAnswer(reply, badRequest(`Unknown query parameter: ${extra.slice(0, 80)}`));
    const controlId = singleText(query['controlId'], 50);
    if (!controlId) return sendAnswer(reply, badRequest('controlId is required'));
    const user = request.user!;
    if (!canRead(configuration, user) && !PUBLIC_CONTROL_IDS.has(controlId.toUpperCase())) return sendAnswer(reply, notFound());
    const row = (await database.db
      .selectFrom('configurations' as never)
      .select(['control_value'] as never[])
      .where('control_id' as never, '=', controlId.toUpperCase() as never)
      .executeTakeFirst()) as { control_value: string | null } | undefined;
    if (!row) return sendAnswer(reply, notFound());
    return reply.header('cache-control', 'no-store').send({ ControlValue: row.control_value ?? '' });
  });
};
