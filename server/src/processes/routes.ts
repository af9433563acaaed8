/**
 * Process routes (issue 12 "Process screens"), behind the /api bearer authentication; Fastify schemas on
 * every route, every error a §3 CallResult.
 *
 *   GET  /api/processes                   [{ Process, Application, Routes }] the caller may run
 *   POST /api/processes/:process/preview  body { Parameters } → { ResultStatus 1 | 6, ResultCode 'ok' |
 *        'no_records', Message, TotalCount, MaxItems, List: rows (at most MaxItems), Seen: { itemId: digest } }
 *        — columns showing a field hidden from the caller null in List (reports/field-rights.ts `hiddenColumns`,
 *        issue 68 item 1), Seen digested over the whole rows so the run's check is unchanged.
 *   POST /api/processes/:process/run      body { Parameters, Items: [item ids] } → { ResultStatus 1 (every
 *        item succeeded) | 3 (some failed) | 2 (every item failed), ResultCode 'done' | 'partial' | 'failed',
 *        Message (summary: "Post draft journal entries — 2 done: JE000123, JE000124. 1 failed: JE000125 (reason).",
 *        the documents each item made, else its label; entities/action-answers.ts), List: [{ ItemId, Label, ResultStatus, ResultCode, Message, EntityId, Data? }] } — the
 *        §3 Call result variant with a list of per-item Call results, one per item sent, in order.
 *        Instead of `Items`, `All: true` runs every item the parameters select (definition `bulk` only; 400
 *        otherwise), in the preview's order, however many up to BULK_MAX_ITEMS.
 *        `Seen` (optional): the preview's digests of the items sent; an item whose row changed since is not run
 *        (`not_eligible`). `Confirmations` (optional): question ids answered Yes. An item whose run asks a question (§5: it
 *        throws ConfirmationNeeded) is answered ResultStatus 3, ResultCode 'confirm' with its `Question`
 *        `{ Id, Key, Params, Message }`; the client asks and runs that item again with the Id confirmed.
 *
 * Parameters: as reports (400 validation_failed with Data.Errors, in the caller's language). Items: 1 to
 * the definition's maxItems distinct ids (400 otherwise). 403 unless one of the process's applications is
 * open to the caller; 404 for an unknown process. §6: a firm parameter naming a firm the caller is not
 * assigned to answers as the entity routes do (403 `not_assigned`: the entity's `parameterRefusal` hook, entities/parameter-guard.ts).
 *
 * Exactly once (issue 39): a run holds its scope (definition `lock`, exactly-once/scope-lock.ts) from reading
 * its items to its last item's answer; a parallel run of the same scope waits, then finds those items done
 * (`not_eligible`, "Already processed: Marie ran it at 14:02:07."), and after two minutes of waiting answers
 * 409 `in_progress` naming who runs it since when.
 */
import { openedBy, routesOf, validateReportParameters, type ReportParameterError } from '@erp/shared/reports/define';
import { BULK_MAX_ITEMS, processScope, type ProcessItemResult } from '@erp/shared/processes/define';
import type { FastifyInstance, FastifyReply, FastifyRequest, InjectOptions } from 'fastify';
import { openableApplications } from '../auth/access.ts';
import { currentUser, internalCallHeaders } from '../auth/plugin.ts';
import type { Database } from '../db/connection.ts';
import { summaryMessage } from '../entities/action-answers.ts';
import { confirmationsOf } from '../entities/call-result.ts';
import { lookupParametersRefusal } from '../entities/parameter-guard.ts';
import { sendFailure } from '../http/errors.ts';
import { apiSchema, callResult, NO_QUERY, RECORD } from '../http/schemas.ts';
import { countOf, decodeRow, readFirstRows } from '../reports/engine.ts';
import { hiddenColumns } from '../reports/field-rights.ts';
import { reportLocale, reportTranslator, type ReportTranslate } from '../reports/messages.ts';
import { nameParams, parametersSchema } from '../reports/routes.ts';
import { holderParams } from '../exactly-once/holder.ts';
import { ScopeBusy, withScopeLock } from '../exactly-once/scope-lock.ts';
import { registeredProcess, registeredProcesses, type ProcessContext, type ServerProcess } from './engine.ts';
import { rowDigest, runItems, selectItems } from './run.ts';
import { READS } from '../exactly-once/idempotency.ts';

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
    Seen: { type: 'object', maxProperties: 5000, additionalProperties: { type: 'string', maxLength: 64 } },
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
    response: { 200: callResult(undefined, { TotalCount: { type: 'integer' }, MaxItems: { type: 'integer' }, List: { type: 'array', items: RECORD }, Seen: RECORD }) },
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

type Body = { Parameters: Record<string, unknown>; Items?: (string | number)[]; All?: boolean; Confirmations?: string[]; Seen?: Record<string, string> };

export function registerProcessRoutes(app: FastifyInstance, deps: { database: Database }): void {
  const { database } = deps;
  const { db } = database;

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
      .map((p) => ({ Process: p.def.name, Application: p.def.application, Routes: routesOf(p.def).map((route) => ({ ...route })) }));
  });

  app.post<{ Params: { process: string }; Body: Body }>(
    '/api/processes/:process/preview',
    { schema: PROCESS_SCHEMAS.preview, config: READS },
    async (request, reply) => {
      const prepared = await prepare(request, reply);
      if (!prepared) return reply;
      const { process, ctx, translate } = prepared;
      const count = await countOf(ctx, process.preview(ctx));
      const rows = (await readFirstRows(ctx, process.preview(ctx), process.def.maxItems)).map((raw) => decodeRow(ctx.db, process.def, raw));
      // §6 form widgets security (issue 68 item 1): a column showing a field hidden from the caller answers null;
      // `Seen` is the digest of the whole rows (the run re-reads and compares them whole), the item key never masked.
      const masked = await hiddenColumns(ctx, process.preview(ctx), process.def.columns);
      masked.delete(process.def.itemKey);
      const shown = masked.size === 0 ? rows : rows.map((row) => Object.fromEntries(Object.entries(row).map(([field, value]) => [field, masked.has(field) ? null : value])));
      reply.header('cache-control', 'no-store');
      return {
        ResultStatus: count === 0 ? 6 : 1,
        ResultCode: count === 0 ? 'no_records' : 'ok',
        Message: count === 0 ? translate('reports:messages.noRecords') : '',
        EntityId: null,
        Exception: null,
        TotalCount: count,
        MaxItems: process.def.maxItems,
        List: shown,
        Seen: Object.fromEntries(rows.map((row) => [String(row[process.def.itemKey]), rowDigest(row)])),
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
      const sent = all ? null : request.body.Items!;
      if (sent && new Set(sent.map(String)).size > def.maxItems) return refuse(reply, translate, [{ field: 'Items', key: 'reports:process.tooMany', params: { max: def.maxItems } }]);
      // Exactly once (issue 39): runs of one scope one after another, on every instance; the items are read
      // again under the lock, so a run that waited finds the other's work done and says who did it.
      let results: ProcessItemResult[] | null;
      try {
        results = await withScopeLock(database.db, processScope(def, ctx.params), ctx.user.userId, async (waitedFor) => {
          const selected = await selectItems(process, ctx, sent, request.body.Seen);
          if (!selected) return null;
          const notEligible = waitedFor ? translate('reports:process.doneBy', await holderParams(database, waitedFor, request)) : translate('reports:process.notEligible');
          return runItems(process, ctx, selected, { translate, notEligible, log: request.log });
        });
      } catch (error) {
        if (!(error instanceof ScopeBusy)) throw error;
        const message = translate('reports:process.busy', { process: translate(def.titleKey), ...(await holderParams(database, error.held, request)) });
        return reply.code(409).header('cache-control', 'no-store').send({ ResultStatus: 2, ResultCode: 'in_progress', Message: message, EntityId: null, Exception: null });
      }
      if (!results) return refuse(reply, translate, [{ field: 'Items', key: 'reports:process.tooMany', params: { max: BULK_MAX_ITEMS } }]);
      const failed = results.filter((r) => r.ResultStatus !== 1);
      const succeeded = results.filter((r) => r.ResultStatus === 1);
      // Issue 68 item 5: what was done to which items (the documents made, else the item), each failure named.
      const named = (r: ProcessItemResult) => (r.Made && r.Made.length > 0 ? r.Made.map((made) => made.Number).join(', ') : r.Label);
      reply.header('cache-control', 'no-store');
      return {
        ResultStatus: failed.length === 0 ? 1 : succeeded.length === 0 ? 2 : 3,
        ResultCode: failed.length === 0 ? 'done' : succeeded.length === 0 ? 'failed' : 'partial',
        Message: summaryMessage(ctx.locale, translate(def.titleKey), succeeded.map(named), failed.map((r) => ({ name: r.Label, reason: r.Message }))),
        EntityId: null,
        Exception: null,
        List: results,
      };
    },
  );
}
