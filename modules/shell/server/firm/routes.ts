/**
 * The firm's own call (registered through registry.ts, special-routes.ts contract):
 *
 *   GET /api/firm/lookup?FirmId=&Name=   §5 firm lookup: 400 'Enter a Firm ID or Name.' when both are blank;
 *       else up to 50 firms (FirmId starts with, Name contains, case-insensitive), CallResult
 *       `List: [{ FirmId, Name, City, IsActive, FirmTypes }]` (ResultStatus 6 when none); the firm's `scope`
 *       hook applies, so restricted users see only their assigned customers (§6).
 *       With From/Field (a screen's firm field) or Report/Field (a report's firm parameter) the rights are
 *       those of the generic lookup (GET /api/lookup/firm, issue 21 items 5, 11): whoever may use the screen
 *       may look up its firms, offered as the field accepts; without, reading firms (the maintenance screen).
 */
import { firm } from '../../definitions/firm.ts';
import { sql } from 'kysely';
import { apiSchema, callResult, object, RECORD, text } from '@erp/server/http/schemas';
import { badRequest, failureAnswer } from '@erp/server/entities/answers';
import { message } from '@erp/server/entities/labels';
import { sendAnswer, singleText, type EntityRoutes } from '@erp/server/entities/special-routes';

const LOOKUP_SCHEMA = apiSchema({
  summary: 'Find firms by id prefix or name (at most 50)',
  tags: [firm.name],
  querystring: object({ FirmId: text(20), Name: text(100), From: text(100), Report: text(100), Field: text(200) }),
  response: { 200: callResult(undefined, { List: { type: 'array', items: RECORD } }) },
});

const QUERY_NAMES = new Set(['FirmId', 'Name', 'From', 'Report', 'Field']);

/** The flag columns of FirmTypes, in the definition's order (bill-to, ship-to, vendor). */
const TYPE_COLUMNS = Object.entries(firm.fields.FirmTypes.storage.kind === 'flags' ? firm.fields.FirmTypes.storage.columns : {});

export const firmRoutes: EntityRoutes = async (app, { database, lookupContextOf }) => {
  app.get('/api/firm/lookup', { schema: LOOKUP_SCHEMA }, async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const extra = Object.keys(query).find((name) => !QUERY_NAMES.has(name));
    if (extra) return sendAnswer(reply, badRequest(`Unknown query parameter: ${extra.slice(0, 80)}`));
    const firmId = singleText(query['FirmId'], 20);
    const name = singleText(query['Name'], 100);
    if (firmId === null || name === null) return sendAnswer(reply, badRequest('FirmId and Name must be short text'));
    if (firmId === '' && name === '') {
      const text = message('entities:firm.rules.idOrName');
      return sendAnswer(
        reply,
        failureAnswer(400, 'validation_failed', text, {
          Errors: [{ field: 'FirmId', key: 'entities:firm.rules.idOrName', params: {}, message: text }],
        }),
      );
    }
    const via: Record<'From' | 'Report' | 'Field', string | undefined> = { From: undefined, Report: undefined, Field: undefined };
    for (const name of ['From', 'Report', 'Field'] as const) {
      if (query[name] === undefined) continue;
      const value = singleText(query[name], name === 'Field' ? 200 : 100);
      if (value === null || value === '') return sendAnswer(reply, badRequest(`${name} must be short text`));
      via[name] = value;
    }
    const ctx = await lookupContextOf(request, reply, firm.name, via);
    if (!ctx) return reply;
    let q = ctx.any.selectFrom(firm.table).select(['firm_id', 'name', 'city', 'is_active', ...TYPE_COLUMNS.map(([, column]) => column)]);
    if (ctx.hooks.scope) q = await ctx.hooks.scope(ctx, q);
    const like = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
    const op = database.engine === 'postgres' ? 'ilike' : 'like';
    if (firmId !== '') q = q.where(sql<boolean>`firm_id ${sql.raw(op)} ${`${like(firmId.toUpperCase())}%`} escape '\\'`);
    if (name !== '') q = q.where(sql<boolean>`name ${sql.raw(op)} ${`%${like(name)}%`} escape '\\'`);
    const rows = (await q.orderBy('firm_id').limit(50).execute()) as Record<string, unknown>[];
    const flag = (value: unknown) => value === true || value === 1;
    const list = rows.map((row) => ({
      FirmId: String(row['firm_id']),
      Name: String(row['name']),
      City: row['city'] === null ? null : String(row['city']),
      IsActive: flag(row['is_active']),
      FirmTypes: TYPE_COLUMNS.filter(([, column]) => flag(row[column])).map(([type]) => type),
    }));
    return reply.header('cache-control', 'no-store').send({
      ResultStatus: list.length > 0 ? 1 : 6,
      ResultCode: list.length > 0 ? 'ok' : 'no_records',
      Message: list.length > 0 ? null : message('entities:result.noRecords'),
      EntityId: null,
      Exception: null,
      List: list,
    });
  });
};
