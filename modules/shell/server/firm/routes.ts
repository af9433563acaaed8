/**
 * The firm's own call (registered through registry.ts, special-routes.ts contract):
 *
 *   GET /api/firm/lookup?Search=&FirmId=&Name=&Page=   §5 firm lookup, 50 firms a page by name (`More`: another
 *       page follows; the id typed exactly first, then ids starting with it): Search matches any part of the id,
 *       the name or the city, FirmId the start of the id, Name any part of the name — each ignoring case and
 *       accents (issue 40 item 7: a lookup browses, so all blank lists the first page). CallResult
 *       `List: [{ FirmId, Name, City, IsActive, FirmTypes }]` (ResultStatus 6 when none); the firm's `scope`
 *       hook applies, so restricted users see only their assigned customers (§6).
 *       With From/Field (a screen's firm field) or Report/Field (a report's firm parameter) the rights are
 *       those of the generic lookup (GET /api/lookup/firm, issue 21 items 5, 11): whoever may use the screen
 *       may look up its firms, offered as the field accepts; without, reading firms (the maintenance screen).
 */
import { firm } from '../../definitions/firm.ts';
import { sql } from 'kysely';
import { dynamicDb, type DynamicSelect } from '@erp/server/db/dynamic-db';
import { apiSchema, callResult, integer, object, RECORD, text } from '@erp/server/http/schemas';
import { badRequest } from '@erp/server/entities/answers';
import { lookupSearchColumns, searchCondition, searchRank } from '@erp/server/entities/lookups';
import { foldText } from '@erp/server/db/fold';
import { message } from '@erp/server/entities/labels';
import { sendAnswer, singleText, type EntityRoutes } from '@erp/server/entities/special-routes';

const LOOKUP_SCHEMA = apiSchema({
  summary: 'Find firms by any part of id, name or city (50 a page, by name)',
  tags: [firm.name],
  querystring: object({ Search: text(100), FirmId: text(20), Name: text(100), Page: integer(1, 100000), From: text(100), Report: text(100), Field: text(200) }),
  response: { 200: callResult(undefined, { List: { type: 'array', items: RECORD }, More: { type: 'boolean' } }) },
});

const QUERY_NAMES = new Set(['Search', 'FirmId', 'Name', 'Page', 'From', 'Report', 'Field']);

/** Firms a page of the lookup holds. */
const PAGE_SIZE = 50;

/** The flag columns of FirmTypes, in the definition's order (bill-to, ship-to, vendor). */
const TYPE_COLUMNS = Object.entries(firm.fields.FirmTypes.storage.kind === 'flags' ? firm.fields.FirmTypes.storage.columns : {});

export const firmRoutes: EntityRoutes = async (app, { database, lookupContextOf }) => {
  app.get('/api/firm/lookup', { schema: LOOKUP_SCHEMA }, async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const extra = Object.keys(query).find((name) => !QUERY_NAMES.has(name));
    if (extra) return sendAnswer(reply, badRequest(`Unknown query parameter: ${extra.slice(0, 80)}`));
    const firmId = singleText(query['FirmId'], 20);
    const name = singleText(query['Name'], 100);
    const search = singleText(query['Search'], 100);
    if (firmId === null || name === null || search === null) return sendAnswer(reply, badRequest('Search, FirmId and Name must be short text'));
    const page = query['Page'] === undefined ? 1 : Number(query['Page']);
    const via: Record<'From' | 'Report' | 'Field', string | undefined> = { From: undefined, Report: undefined, Field: undefined };
    for (const name of ['From', 'Report', 'Field'] as const) {
      if (query[name] === undefined) continue;
      const value = singleText(query[name], name === 'Field' ? 200 : 100);
      if (value === null || value === '') return sendAnswer(reply, badRequest(`${name} must be short text`));
      via[name] = value;
    }
    const ctx = await lookupContextOf(request, reply, firm.name, via);
    if (!ctx) return reply;
    const columns = ['firm_id', 'name', 'city', 'is_active', ...TYPE_COLUMNS.map(([, column]) => column)];
    // The firm types' flag columns are the definition's (an extension may add one): a definition-named read.
    let base: DynamicSelect = dynamicDb(ctx.db).selectFrom(firm.table);
    if (ctx.hooks.scope) base = await ctx.hooks.scope(ctx, base);
    const engine = database.engine;
    let q = base.where(searchCondition(lookupSearchColumns(firm, firm.key, ctx.access.hidden), search, engine)).where(searchCondition([`${firm.table}.name`], name, engine));
    if (firmId.trim() !== '') {
      const prefix = foldText(firmId.trim()).replace(/[\\%_]/g, (c) => `\\${c}`);
      q = q.where(sql<boolean>`firm_id ${sql.raw(engine === 'postgres' ? 'ilike' : 'like')} ${`${prefix}%`} escape '\\'`);
    }
    // The id typed exactly first, then ids starting with it, then by name (issue 40 item 7).
    const rank = searchRank(`${firm.table}.firm_id`, search.trim() || firmId.trim(), engine);
    if (rank) q = q.orderBy(rank);
    const found = (await q.select(columns).orderBy('name').orderBy('firm_id').limit(PAGE_SIZE + 1).offset((page - 1) * PAGE_SIZE).execute()) as Record<string, unknown>[];
    const more = found.length > PAGE_SIZE;
    const rows = found.slice(0, PAGE_SIZE);
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
      More: more,
    });
  });
};
