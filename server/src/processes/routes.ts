/**
 * Process routes (issue 12 "Process screens"), behind the /api bearer authentication; Fastify schemas on
 * every route, every error a §3 CallResult.
 *
 *   GET  /api/processes                   [{ Process, Application, Routes }] the caller may run
 *   POST /api/processes/:process/preview  body { Parameters } → { ResultStatus 1 | 6, ResultCode 'ok' |
 *        'no_records', Message, TotalCount, MaxItems, List: rows (at most MaxItems) }
 *   POST /api/processes/:process/run      body { Parameters, Items: [item ids] } → { ResultStatus 1 (every
 *        item succeeded) | 3 (some failed) | 2 (every item failed), ResultCode 'done' | 'partial' | 'failed',
 *        Message (summary), List: [{ ItemId, Label, ResultStatus, ResultCode, Message, EntityId, Data? }] } — the
 *        §3 Call result variant with a list of per-item Call results, one per item sent, in order.
 *        Instead of `Items`, `All: true` runs every item the parameters select (definition `bulk` only; 400
 *        otherwise), in the preview's order, however many up to BULK_MAX_ITEMS.
 *        `Confirmations` (optional): question ids answered Yes. An item whose run asks a question (§5: it
 *        throws ConfirmationNeeded) is answered ResultStatus 3, ResultCode 'confirm' with its `Question`
 *        `{ Id, Key, Params, Message }`; the client asks and runs that item again with the Id confirmed.
 *
 * Parameters: as reports (400 validation_failed with Data.Errors, in the caller's language). Items: 1 to
 * the definition's maxItems distinct ids (400 otherwise). 403 unless one of the process's applications is
 * open to the caller; 404 for an unknown process. §6: a firm parameter naming a firm the caller is not
 * assigned to answers as the entity routes do (403 `not_assigned`: the entity's `parameterRefusal` hook, entities/parameter-guard.ts).
 */
import { openedBy, validateReportParameters, type ReportParameterError } from '@erp/shared/reports/define';
import { BULK_MAX_ITEMS, type ProcessItemResult } from '@erp/shared/processes/define';
import type { FastifyInstance, FastifyReply, FastifyRequest, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { openableApplications } from '../auth/access.ts';
import { currentUser, internalCallHeaders } from '../auth/plugin.ts';
import type { Database } from '../db/connection.ts';
import { readAll } from '../db/read.ts';
import { ConfirmationNeeded, confirmationsOf, messageIn } from '../entities/call-result.ts';
import { lookupParametersRefusal } from '../entities/parameter-guard.ts';
import { sendFailure } from '../http/errors.ts';
import { apiSchema, callResult, NO_QUERY, RECORD } from '../http/schemas.ts';
import { decodeRow, type AnyDb, type ReportRow } from '../reports/engine.ts';
import { reportLocale, reportTranslator, type ReportTranslate } from '../reports/messages.ts';
import { nameParams, parametersSchema } from '../reports/routes.ts';
import { BATCH_SIZE, registeredProcess, registeredProcesses, type ItemOutcome, type ProcessContext, type ServerProcess } from './engine.ts';

const processParams = nameParams('process');

const previewBody = {
  type: 'object',
  required: ['Parameters'],
  properties: { Parameters: parametersSchema },
  additionalProperties: false,
} as const;

const runBody = {
  type: 'object',
  required: ['Parameters'],
  properties: {
    Parameters: parametersSchema,
    Items: { type: 'array', minItems: 1, maxItems: 5000, items: { anyOf: [{ type: 'string', minLength: 1, maxLength: 80 }, { type: 'integer' }] } },
    All: { type: 'boolean' },
    Confirmations: { type: 'array', maxItems: 20, items: { type: 'string', minLength: 1, maxLength: 200 } },
  },
  additionalProperties: false,
} as const;

const tags = ['processes'];
const PROCESS_SCHEMAS = {
  list: apiSchema({ summary: 'Processes the caller may run', tags, querystring: NO_QUERY, response: { 200: { type: 'array', items: RECORD } } }),
  preview: apiSchema({
    summary: 'Preview a process: the items it would run on',
    tags,
    params: processParams,
    querystring: NO_QUERY,
    body: previewBody,
    response: { 200: callResult(undefined, { TotalCount: { type: 'integer' }, MaxItems: { type: 'integer' }, List: { type: 'array', items: RECORD } }) },
  }),
  run: apiSchema({
    summary: 'Run a process on the chosen items: one Call result per item (§3)',
    tags,
    params: processParams,
    querystring: NO_QUERY,
    body: runBody,
    response: { 200: callResult(undefined, { List: { type: 'array', items: RECORD } }) },
  }),
};

type Body = { Parameters: Record<string, unknown>; Items?: (string | number)[]; All?: boolean; Confirmations?: string[] };

export function registerProcessRoutes(app: FastifyInstance, deps: { database: Database }): void {
  const { database } = deps;
  const db = database.db as unknown as AnyDb;

  // §6 the process's screen is open to the user; a process that names roles runs for those roles only.
  const mayRun = (openable: Set<string>, process: ServerProcess, roles: readonly string[]) =>
    (!process.def.roles || roles.some((role) => process.def.roles!.includes(role))) && openedBy(process.def, openable);

  function refuse(reply: FastifyReply, translate: ReportTranslate, errors: ReportParameterError[]) {
    const detailed = errors.map((error) => ({ ...error, params: error.params ?? {}, message: translate(error.key, error.params) }));
    return reply
      .code(400)
      .header('cache-control', 'no-store')
      .send({ ResultStatus: 2, ResultCode: 'validation_failed', Message: detailed[0]!.message, EntityId: null, Exception: null, Data: { Errors: detailed } });
  }

  async function prepare(request: FastifyRequest<{ Params: { process: string }; Body: Body }>, reply: FastifyReply) {
    const process = registeredProcess(request.params.process);
    if (!process) {
      await sendFailure(reply, 404, 'not_found', 'Not Found');
      return null;
    }
    const user = currentUser(request);
    if (!mayRun(await openableApplications(database.db, user.roles), process, user.roles)) {
      await sendFailure(reply, 403, 'forbidden', 'You do not have sufficient permissions.');
      return null;
    }
    const locale = reportLocale(user.row.language);
    const translate = reportTranslator(locale);
    const checked = validateReportParameters({ ...process.def, columns: [], defaultSort: [] }, request.body.Parameters);
    // The items go through the API as this caller (internalCallHeaders: no replay of a DPoP-bound token).
    const asCaller = internalCallHeaders(user);
    const ctx: ProcessContext = {
      database,
      db,
      params: checked.ok ? checked.value : {},
      confirmations: confirmationsOf(request.body),
      user,
      state: {},
      locale,
      mail: app.erp.mailer,
      async call(method, path, body) {
        const options: InjectOptions = { method, url: `/api/${path}`, headers: { ...asCaller } };
        if (body !== undefined) {
          options.headers = { ...options.headers, 'content-type': 'application/json' };
          options.payload = JSON.stringify(body);
        }
        const response = await app.inject(options);
        let parsed: unknown = null;
        try {
          parsed = response.body ? (JSON.parse(response.body) as unknown) : null;
        } catch {
          parsed = response.body;
        }
        return { status: response.statusCode, body: parsed };
      },
    };
    const refusal = checked.ok ? await lookupParametersRefusal(db, user, process.def.parameters, checked.value) : null;
    if (refusal) {
      await reply.code(refusal.status).header('cache-control', 'no-store').send(refusal.body);
      return null;
    }
    let errors: ReportParameterError[] = checked.ok ? [] : checked.errors;
    if (checked.ok && process.prepare) errors = await process.prepare(ctx);
    if (errors.length > 0) {
      await refuse(reply, translate, errors);
      return null;
    }
    return { process, ctx, translate };
  }

  app.get('/api/processes', { schema: PROCESS_SCHEMAS.list }, async (request) => {
    const { roles } = currentUser(request);
    const openable = await openableApplications(database.db, roles);
    return registeredProcesses()
      .filter((p) => mayRun(openable, p, roles))
      .map((p) => ({ Process: p.def.name, Application: p.def.application, Routes: p.def.routes.map((route) => ({ ...route })) }));
  });

  app.post<{ Params: { process: string }; Body: Body }>(
    '/api/processes/:process/preview',
    { schema: PROCESS_SCHEMAS.preview },
    async (request, reply) => {
      const prepared = await prepare(request, reply);
      if (!prepared) return reply;
      const { process, ctx, translate } = prepared;
      const base = ctx.db.selectFrom(process.preview(ctx).as('r'));
      const count = Number(((await readAll(database, base.select(sql<unknown>`count(*)`.as('n'))))[0] as { n?: unknown } | undefined)?.n ?? 0);
      const rows = (await readAll(database, process.preview(ctx).limit(process.def.maxItems))) as Record<string, unknown>[];
      reply.header('cache-control', 'no-store');
      return {
        ResultStatus: count === 0 ? 6 : 1,
        ResultCode: count === 0 ? 'no_records' : 'ok',
        Message: count === 0 ? translate('reports:messages.noRecords') : '',
        EntityId: null,
        Exception: null,
        TotalCount: count,
        MaxItems: process.def.maxItems,
        List: rows.map((raw) => decodeRow(ctx.db, process.def, raw)),
      };
    },
  );

  app.post<{ Params: { process: string }; Body: Body }>(
    '/api/processes/:process/run',
    { schema: PROCESS_SCHEMAS.run },
    async (request, reply) => {
      const prepared = await prepare(request, reply);
      if (!prepared) return reply;
      const { process, ctx, translate } = prepared;
      const { def } = process;
      const all = request.body.All === true;
      if (all === (request.body.Items !== undefined) || (all && !def.bulk)) {
        return refuse(reply, translate, [{ field: 'Items', key: all && def.bulk !== true ? 'reports:process.notBulk' : 'reports:process.itemsOrAll' }]);
      }
      let ids: string[];
      let byId: Map<string, ReportRow>;
      if (all) {
        // Every item the parameters select, as they qualify now, in the preview's order.
        const rows = (await readAll(database, process.preview(ctx).limit(BULK_MAX_ITEMS + 1))) as Record<string, unknown>[];
        if (rows.length > BULK_MAX_ITEMS) return refuse(reply, translate, [{ field: 'Items', key: 'reports:process.tooMany', params: { max: BULK_MAX_ITEMS } }]);
        const decoded = rows.map((raw) => decodeRow(ctx.db, def, raw));
        ids = decoded.map((row) => String(row[def.itemKey]));
        byId = new Map(decoded.map((row, i) => [ids[i]!, row]));
      } else {
        ids = [...new Set(request.body.Items!.map(String))];
        if (ids.length > def.maxItems) return refuse(reply, translate, [{ field: 'Items', key: 'reports:process.tooMany', params: { max: def.maxItems } }]);
        const keyColumn = def.columns.find((c) => c.field === def.itemKey)!;
        const keys = keyColumn.type === 'integer' ? ids.map(Number).filter(Number.isSafeInteger) : ids;
        // The items as they qualify now (the preview's rules, read again).
        const eligible = keys.length === 0
          ? []
          : ((await readAll(
              database,
              ctx.db
                .selectFrom(process.preview(ctx).as('r'))
                .selectAll('r')
                .where(`r.${def.itemKey}`, 'in', keys),
            )) as Record<string, unknown>[]);
        byId = new Map(eligible.map((raw) => [String(raw[def.itemKey]), decodeRow(ctx.db, def, raw)]));
      }
      const results: ProcessItemResult[] = [];
      const resultOf = (id: string, row: ReportRow, outcome: ItemOutcome): ProcessItemResult => ({
        ItemId: id,
        Label: String(row[def.itemLabel] ?? id),
        EntityId: outcome.EntityId ?? id,
        ResultStatus: outcome.ResultStatus,
        ResultCode: outcome.ResultCode,
        Message: outcome.Message,
        ...(outcome.Data ? { Data: outcome.Data } : {}),
      });
      /** One item through runItem: its outcome, its question (§5), or a failure logged. */
      const runOne = async (id: string, row: ReportRow): Promise<ProcessItemResult> => {
        const label = String(row[def.itemLabel] ?? id);
        try {
          return resultOf(id, row, await process.runItem(ctx, row));
        } catch (error) {
          if (error instanceof ConfirmationNeeded) {
            const message = messageIn(ctx.locale, error.key, error.params);
            return { ItemId: id, Label: label, ResultStatus: 3, ResultCode: 'confirm', Message: message, EntityId: id, Question: { Id: error.id, Key: error.key, Params: error.params, Message: message } };
          }
          request.log.error({ err: error }, `process ${def.name}: item ${id} failed`);
          return { ItemId: id, Label: label, ResultStatus: 2, ResultCode: 'failed', Message: translate('reports:process.failed'), EntityId: id };
        }
      };
      const notEligible = (id: string): ProcessItemResult => ({ ItemId: id, Label: id, ResultStatus: 2, ResultCode: 'not_eligible', Message: translate('reports:process.notEligible'), EntityId: id });
      if (process.runBatch) {
        for (let start = 0; start < ids.length; start += BATCH_SIZE) {
          const batch = ids.slice(start, start + BATCH_SIZE);
          const rows = batch.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
          let outcomes: ItemOutcome[] | null = null;
          try {
            outcomes = rows.length > 0 ? await process.runBatch(ctx, rows) : [];
          } catch (error) {
            request.log.warn({ err: error }, `process ${def.name}: a batch failed, its items run one by one`);
          }
          let k = 0;
          for (const id of batch) {
            const row = byId.get(id);
            if (!row) results.push(notEligible(id));
            else if (outcomes) results.push(resultOf(id, row, outcomes[k++]!));
            else results.push(await runOne(id, row));
          }
        }
      } else {
        for (const id of ids) {
          const row = byId.get(id);
          results.push(row ? await runOne(id, row) : notEligible(id));
        }
      }
      const failed = results.filter((r) => r.ResultStatus !== 1).length;
      const succeeded = results.length - failed;
      reply.header('cache-control', 'no-store');
      return {
        ResultStatus: failed === 0 ? 1 : succeeded === 0 ? 2 : 3,
        ResultCode: failed === 0 ? 'done' : succeeded === 0 ? 'failed' : 'partial',
        Message: translate('reports:process.summary', { succeeded, failed }),
        EntityId: null,
        Exception: null,
        List: results,
      };
    },
  );
}
