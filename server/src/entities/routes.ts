/**
 * The generic data routes ("screens as data") for every entity of the registry, behind the /api bearer
 * authentication (auth/plugin.ts). Answers are §3 shapes; every error is a CallResult with a Message.
 *
 *   GET    /api/entities                       entities the caller may read: [{ Entity, LabelKey, Application, Routes, CanWrite }]
 *   GET    /api/entities/:entity               { Entity, CanWrite, Hidden, ReadOnly, Preferences: { Columns } | null }
 *   PUT    /api/entities/:entity/preferences   body { Columns: string[], Widths?: { [column]: px } } → CallResult (the list
 *          columns the user chose and, issue 16 item 5, the widths they gave them: 40–2000 px; without Widths the
 *          saved widths stay)
 *   GET    /api/data/:entity                   list: CallResult + PagedList (query.ts has the parameters)
 *   POST   /api/defaults/:entity { Field, Values, Line? }  the fields that follow from a picked field (or 'new'): Data
 *          (issue 40 item 5, entities/defaults.ts; the save fills the same when they are blank).
 *   GET    /api/lookup/:entity?Search=&Page=&From=&Field=  a lookup's suggestions: CallResult + List [{ Value, Label }] by name, 20 a page, More (issue 40 item 7):
 *          the key and the displayField of matching records, so a form needs no definition of the target
 *          entity (its module may not be loaded in the page); same search and row filters as the list. With
 *          From (entity) and Field (its field path, `Lines.ProductId` for a line) the rights are the screen's
 *          and only records the field accepts are offered (issue 21 items 5, 11); Report (a report or process)
 *          and Field (its lookup parameter): the rights of whoever may run it; without, the target's own
 *   POST   /api/data/:entity                   create → 201 CallResult (Data: the record)
 *   POST   /api/data/:entity/export            .xlsx download (export.ts)
 *   GET    /api/data/:entity/:id               CallResult (Data) | 404 CallResult ResultStatus 5
 *   PUT    /api/data/:entity/:id               body: fields to change + Version → CallResult
 *   DELETE /api/data/:entity/:id?Version=n     → CallResult
 *   GET    /api/data/:entity/:id/audit         PagedList of §3 audit rows (Page, PageSize)
 *   GET    /api/data/:entity/:id/history       the record's changes, one entry per save, newest first (Page, PageSize ≤ 100)
 *   GET    /api/data/:entity/:id/as-of?Date=YYYY-MM-DD  the record as it stood at the end of that day (X-Time-Zone);
 *          both issue 42 item 4, history.ts: the read right of the record, its hidden fields never shown
 *   POST   /api/data/:entity/:id/actions/:action  body { Version, Confirmations? } → CallResult (documents.ts)
 *   POST   /api/data/:entity/actions/:action  body { Items: [{ Id, Version }], Date? } → CallResult + List per item:
 *          one transaction, each item in a savepoint (a queue's batch; documents.ts runActions); List items
 *          { Id, Number, ResultStatus, ResultCode, Message }, the call 1 ok / 3 partial / 2 failed with a summary
 *   …/attachments                              attachments.ts
 * Status codes: 400 bad query / validation_failed (Data.Errors: [{ field, key, params, message }]),
 * 403 forbidden (roles) or a hook's refusal (§6 not_assigned), 404 unknown entity or record, 409
 * version_conflict (Data.CurrentVersion) or in_use, 413 attachment too large. Warnings are 200 with
 * ResultStatus 3 (no_changes, or a hook's `confirm`). An entity's own calls: special-routes.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { lookupAt, type LookupTarget } from '@erp/shared/entities/define';
import { openedBy } from '@erp/shared/reports/define';
import { openableApplications } from '../auth/access.ts';
import { registeredProcess } from '../processes/engine.ts';
import { registeredReport } from '../reports/engine.ts';
import { allEntities } from '@erp/shared/entities/index';
import { currentUser } from '../auth/plugin.ts';
import { PORTAL_APPLICATION } from '@erp/modules/shell/server/api';
import type { Database } from '../db/connection.ts';
import { canRead, canWrite, fieldAccess } from './access.ts';
import { registerAttachmentRoutes, type ContextFor } from './attachments.ts';
import { exportRecords } from './export.ts';
import type { EntityContext, EntityHooks } from './hooks.ts';
import { restrictToLookup } from './lookups.ts';
import { defaultsFor } from './defaults.ts';
import { serverModules } from '../modules/index.ts';
import { runAction, runActions } from './documents.ts';
import { registeredEntity } from './registry.ts';
import { sendAnswer, type ContextOf, type LookupQuery } from './special-routes.ts';
import {
  badRequest,
  createRecord,
  deleteRecord,
  failureAnswer,
  forbidden,
  getRecord,
  listRecords,
  lookupRecords,
  recordAudit,
  updateRecord,
  type Answer,
} from './service.ts';
import { ENTITY_SCHEMAS } from './schemas.ts';
import { loadRecord, parseId } from './wire.ts';
import { isAnswer } from './answers.ts';
import { callResult } from './call-result.ts';
import { readable } from './read.ts';
import { recordAsOf, recordHistory } from './history.ts';
import { offeredMakes, relatedDocuments } from '../documents-flow/related.ts';
import { READS } from '../exactly-once/idempotency.ts';
import { emailDocument } from '../mail/documents.ts';

type Params = { entity: string; id?: string };

const notFoundEntity = () => failureAnswer(404, 'not_found', 'Not Found');

function queryOf(request: FastifyRequest): Record<string, unknown> {
  const query = request.query;
  return typeof query === 'object' && query !== null ? (query as Record<string, unknown>) : {};
}

/** Refuses any query parameter on routes that take none. */
function noQuery(request: FastifyRequest): Answer | null {
  const names = Object.keys(queryOf(request));
  return names.length > 0 ? badRequest(`Unknown query parameter: ${names[0]!.slice(0, 80)}`) : null;
}

/** Column widths as saved (issue 16 item 5): whole pixels 40–2000 of list columns; null when not that shape. */
function validWidths(value: unknown, listed: ReadonlySet<string>): Record<string, number> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > 100) return null;
  for (const [column, width] of entries) {
    if (!listed.has(column) || typeof width !== 'number' || !Number.isInteger(width) || width < 40 || width > 2000) return null;
  }
  return Object.fromEntries(entries) as Record<string, number>;
}

export async function registerEntityRoutes(app: FastifyInstance, deps: { database: Database }): Promise<void> {
  const { database } = deps;

  /** The entity context for the caller, or null after answering 404 / 403. */
  const contextOf: ContextOf = async (request, reply, name, need) => {
    const registered = registeredEntity(name);
    if (!registered) {
      await sendAnswer(reply, notFoundEntity());
      return null;
    }
    const user = currentUser(request);
    const allowed =
      need === 'staff'
        ? canRead(registered.def, user) || [...(await openableApplications(database.db, user.roles))].some((application) => application !== PORTAL_APPLICATION)
        : canRead(registered.def, user) && (need === 'read' || canWrite(registered.def, user));
    if (!allowed) {
      await sendAnswer(reply, forbidden());
      return null;
    }
    return contextWith(registered, user);
  };

  const contextWith = async (registered: NonNullable<ReturnType<typeof registeredEntity>>, user: ReturnType<typeof currentUser>): Promise<EntityContext> => ({
    db: database.db,
    reader: database.reader,
    engine: database.engine,
    user,
    def: registered.def,
    hooks: registered.hooks,
    access: await fieldAccess(database, registered.def, user),
  });

  /**
   * The context of a lookup call (issue 21 item 11). Named by the field it serves (`From` entity, `Field`
   * path), it is allowed when the caller may read `From` (the screen), may see that field, and the field
   * really looks up this entity — the caller need not read the target itself (its maintenance screen), and
   * only the records the field accepts are offered (item 5: active, its `where`). The target's own §6 row
   * filters (`scope`) still apply. A report's or process's lookup parameter is named by `Report` and its
   * parameter name in `Field`: allowed when the caller may run it (§6 `openedBy`). Without either, the
   * target's own read right, as for its list.
   */
  const lookupContext = async (request: FastifyRequest, reply: FastifyReply, name: string, query: LookupQuery): Promise<EntityContext | null> => {
    const { From: from, Report: report, Field: path } = query;
    if (from === undefined && report === undefined && path === undefined) return contextOf(request, reply, name, 'read');
    if ((from === undefined) === (report === undefined) || path === undefined) {
      await sendAnswer(reply, badRequest('Field and one of From or Report name the lookup field'));
      return null;
    }
    const registered = registeredEntity(name);
    if (!registered) {
      await sendAnswer(reply, notFoundEntity());
      return null;
    }
    const user = currentUser(request);
    let lookup: LookupTarget | null;
    if (from !== undefined) {
      const source = registeredEntity(from);
      if (!source) {
        await sendAnswer(reply, notFoundEntity());
        return null;
      }
      lookup = lookupAt(source.def, path);
      if (!lookup || lookup.entity !== registered.def.name) {
        await sendAnswer(reply, badRequest(`${path.slice(0, 80)} of ${source.def.name} does not look up ${registered.def.name}`));
        return null;
      }
      const fieldName = path.split('.')[0]!;
      if (!canRead(source.def, user) || (await fieldAccess(database, source.def, user)).hidden.has(fieldName)) {
        await sendAnswer(reply, forbidden());
        return null;
      }
    } else {
      const definition = registeredReport(report!)?.def ?? registeredProcess(report!)?.def;
      if (!definition) {
        await sendAnswer(reply, notFoundEntity());
        return null;
      }
      const parameter = definition.parameters.find((candidate) => candidate.name === path && candidate.fixed === undefined);
      if (!parameter || parameter.type !== 'lookup' || parameter.entity !== registered.def.name) {
        await sendAnswer(reply, badRequest(`${path.slice(0, 80)} of ${definition.name} does not look up ${registered.def.name}`));
        return null;
      }
      if (!openedBy(definition, await openableApplications(database.db, user.roles))) {
        await sendAnswer(reply, forbidden());
        return null;
      }
      lookup = { entity: parameter.entity };
    }
    // The form's values a `whereFrom` condition reads (issue 21 item 8); not an object: none (nothing offered).
    let record: Record<string, unknown> | null = null;
    if (query.Values !== undefined && (lookup.whereFrom || lookup.whereFromIfSet)) {
      try {
        const parsed: unknown = JSON.parse(query.Values);
        if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) record = parsed as Record<string, unknown>;
      } catch {
        await sendAnswer(reply, badRequest('Values is not a JSON object'));
        return null;
      }
    }
    const ctx = await contextWith(registered, user);
    const scope = ctx.hooks.scope;
    // Issue 40 item 3: `Key` names the record a field already holds, to show its business number; that record
    // may no longer meet the field's `where` (a received purchase order), so only the target's own row filters apply.
    const hooks: EntityHooks = {
      ...ctx.hooks,
      scope: async (inner, select) => {
        const scoped = scope ? await scope(inner, select) : select;
        return query.Key !== undefined ? scoped : restrictToLookup(scoped, inner.def, lookup, inner.engine, record);
      },
    };
    return { ...ctx, hooks, ...(lookup.targetField ? { lookupValue: lookup.targetField } : {}) };
  };

  /** Context plus an existing record the caller may see (attachments, logo). */
  const contextFor: ContextFor = async (request, reply, need) => {
    const params = request.params as Params;
    const ctx = await contextOf(request, reply, params.entity, need);
    if (!ctx) return null;
    const id = parseId(ctx.def, params.id ?? '');
    if (id === null) {
      await sendAnswer(reply, badRequest(`${String(params.id).slice(0, 64)} is not a valid ${ctx.def.key}`));
      return null;
    }
    const record = await loadRecord(ctx.db, ctx.def, id);
    if (!record) {
      await sendAnswer(reply, { status: 404, body: { ResultStatus: 5, ResultCode: 'not_found', Message: 'Not Found', EntityId: null, Exception: null } });
      return null;
    }
    const refusal = ctx.hooks.canView ? await ctx.hooks.canView(ctx, record) : null;
    if (refusal) {
      await sendAnswer(reply, { status: refusal.status, body: refusal.body });
      return null;
    }
    return { ctx, id };
  };

  app.get('/api/entities', { schema: ENTITY_SCHEMAS.entities }, async (request, reply) => {
    const refused = noQuery(request);
    if (refused) return sendAnswer(reply, refused);
    const user = currentUser(request);
    return allEntities().filter((def) => canRead(def, user)).map((def) => ({
      Entity: def.name,
      LabelKey: def.labelKey,
      Application: def.application,
      Routes: def.routes,
      CanWrite: canWrite(def, user),
    }));
  });

  app.get<{ Params: Params }>('/api/entities/:entity', { schema: ENTITY_SCHEMAS.entity }, async (request, reply) => {
    const refused = noQuery(request);
    if (refused) return sendAnswer(reply, refused);
    const ctx = await contextOf(request, reply, request.params.entity, 'read');
    if (!ctx) return reply;
    const saved = await database.db
      .selectFrom('user_preferences')
      .select('settings')
      .where('user_id', '=', ctx.user.userId)
      .where('entity', '=', ctx.def.name)
      .executeTakeFirst();
    let preferences: { Columns: string[]; Widths?: Record<string, number> } | null = null;
    try {
      const parsed = saved ? (JSON.parse(saved.settings) as { Columns?: unknown; Widths?: unknown }) : null;
      if (parsed && Array.isArray(parsed.Columns)) {
        preferences = { Columns: parsed.Columns.filter((c): c is string => typeof c === 'string' && !ctx.access.hidden.has(c)) };
        const widths = validWidths(parsed.Widths, new Set(ctx.def.listColumns.map((column) => column.field)));
        if (widths) preferences.Widths = Object.fromEntries(Object.entries(widths).filter(([c]) => !ctx.access.hidden.has(c)));
      }
    } catch {
      preferences = null;
    }
    return reply.header('cache-control', 'no-store').send({
      Entity: ctx.def.name,
      CanWrite: canWrite(ctx.def, ctx.user),
      Hidden: [...ctx.access.hidden].sort(),
      ReadOnly: [...ctx.access.readOnly].sort(),
      Preferences: preferences,
    });
  });

  app.put<{ Params: Params; Body: unknown }>('/api/entities/:entity/preferences', { schema: ENTITY_SCHEMAS.preferences }, async (request, reply) => {
    const refused = noQuery(request);
    if (refused) return sendAnswer(reply, refused);
    const ctx = await contextOf(request, reply, request.params.entity, 'read');
    if (!ctx) return reply;
    const body = request.body as { Columns?: unknown; Widths?: unknown } | null;
    const keys = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : null;
    const listed = new Set(ctx.def.listColumns.map((column) => column.field));
    const columns = body?.Columns;
    const widths = body?.Widths === undefined ? undefined : validWidths(body.Widths, listed);
    if (
      !keys ||
      keys.some((key) => key !== 'Columns' && key !== 'Widths') ||
      widths === null ||
      Object.keys(widths ?? {}).some((column) => ctx.access.hidden.has(column)) ||
      !Array.isArray(columns) ||
      columns.length > 100 ||
      columns.some((column) => typeof column !== 'string' || !listed.has(column) || ctx.access.hidden.has(column)) ||
      new Set(columns).size !== columns.length
    ) {
      return sendAnswer(reply, badRequest('the body must be { "Columns": [list column names], "Widths": { column: 40 to 2000 } }'));
    }
    const now = new Date().toISOString();
    let settings: { Columns: unknown[]; Widths?: Record<string, number> } = { Columns: columns };
    await database.db.transaction().execute(async (trx) => {
      // Without Widths the widths saved before stay (a column choice does not forget them).
      if (widths === undefined) {
        const before = await trx
          .selectFrom('user_preferences')
          .select('settings')
          .where('user_id', '=', ctx.user.userId)
          .where('entity', '=', ctx.def.name)
          .executeTakeFirst();
        try {
          const kept = before ? validWidths((JSON.parse(before.settings) as { Widths?: unknown }).Widths, listed) : null;
          if (kept) settings = { Columns: columns, Widths: kept };
        } catch {
          // unreadable old settings: nothing to keep
        }
      } else {
        settings = { Columns: columns, Widths: widths };
      }
      await trx.deleteFrom('user_preferences').where('user_id', '=', ctx.user.userId).where('entity', '=', ctx.def.name).execute();
      await trx
        .insertInto('user_preferences')
        .values({ user_id: ctx.user.userId, entity: ctx.def.name, settings: JSON.stringify(settings), updated_on: now })
        .execute();
    });
    return reply
      .header('cache-control', 'no-store')
      .send({ ResultStatus: 1, ResultCode: 'ok', Message: null, EntityId: ctx.def.name, Exception: null, Data: settings });
  });

  app.get<{ Params: Params }>('/api/data/:entity', { schema: ENTITY_SCHEMAS.list }, async (request, reply) => {
    const ctx = await contextOf(request, reply, request.params.entity, 'read');
    if (!ctx) return reply;
    return sendAnswer(reply, await listRecords(ctx, queryOf(request)));
  });

  app.get<{ Params: Params; Querystring: LookupQuery & { Search?: string; Page?: number; Key?: string } }>('/api/lookup/:entity', { schema: ENTITY_SCHEMAS.lookup }, async (request, reply) => {
    const ctx = await lookupContext(request, reply, request.params.entity, request.query);
    if (!ctx) return reply;
    return sendAnswer(reply, await lookupRecords(ctx, request.query.Search ?? '', request.query.Page ?? 1, request.query.Key));
  });

  // Issue 40 item 5: the defaults that follow from a picked field (or 'new'), from the function the save uses.
  // A line's trigger ('Lines.ProductId') also sends `Line`, the line's values.
  app.post<{ Params: Params; Body: { Field: string; Values?: Record<string, unknown>; Line?: Record<string, unknown> } }>('/api/defaults/:entity', { schema: ENTITY_SCHEMAS.defaults }, async (request, reply) => {
    const ctx = await contextOf(request, reply, request.params.entity, 'write');
    if (!ctx) return reply;
    const { Field: field, Values: values, Line: line } = request.body;
    if (!(field in ctx.def.defaults)) return sendAnswer(reply, badRequest(`${field.slice(0, 100)} declares no defaults`));
    const data = await defaultsFor(ctx, field, values ?? {}, line ?? {});
    return reply.header('cache-control', 'no-store').send({ ResultStatus: 1, ResultCode: 'ok', Message: null, EntityId: null, Exception: null, Data: data });
  });

  app.post<{ Params: Params }>('/api/data/:entity', { schema: ENTITY_SCHEMAS.create }, async (request, reply) => {
    const refused = noQuery(request);
    if (refused) return sendAnswer(reply, refused);
    const ctx = await contextOf(request, reply, request.params.entity, 'write');
    if (!ctx) return reply;
    return sendAnswer(reply, await createRecord(ctx, request.body));
  });

  app.post<{ Params: Params }>('/api/data/:entity/export', { schema: ENTITY_SCHEMAS.export, config: READS }, async (request, reply) => {
    const refused = noQuery(request);
    if (refused) return sendAnswer(reply, refused);
    const ctx = await contextOf(request, reply, request.params.entity, 'read');
    if (!ctx) return reply;
    const answer = await exportRecords(ctx, request.body, reply);
    return answer ? sendAnswer(reply, answer) : reply;
  });

  app.get<{ Params: Required<Params> }>('/api/data/:entity/:id', { schema: ENTITY_SCHEMAS.get }, async (request, reply) => {
    const refused = noQuery(request);
    if (refused) return sendAnswer(reply, refused);
    const ctx = await contextOf(request, reply, request.params.entity, 'read');
    if (!ctx) return reply;
    return sendAnswer(reply, await getRecord(ctx, request.params.id));
  });

  app.put<{ Params: Required<Params> }>('/api/data/:entity/:id', { schema: ENTITY_SCHEMAS.update }, async (request, reply) => {
    const refused = noQuery(request);
    if (refused) return sendAnswer(reply, refused);
    const ctx = await contextOf(request, reply, request.params.entity, 'write');
    if (!ctx) return reply;
    return sendAnswer(reply, await updateRecord(ctx, request.params.id, request.body));
  });

  app.delete<{ Params: Required<Params> }>('/api/data/:entity/:id', { schema: ENTITY_SCHEMAS.delete }, async (request, reply) => {
    const query = queryOf(request);
    const extra = Object.keys(query).find((name) => name !== 'Version');
    if (extra) return sendAnswer(reply, badRequest(`Unknown query parameter: ${extra.slice(0, 80)}`));
    const ctx = await contextOf(request, reply, request.params.entity, 'write');
    if (!ctx) return reply;
    return sendAnswer(reply, await deleteRecord(ctx, request.params.id, query['Version']));
  });

  // Issue 40 item 4: the documents related to a record, both ways (server/src/documents-flow/related.ts).
  app.get<{ Params: Required<Params> }>('/api/data/:entity/:id/related', { schema: ENTITY_SCHEMAS.related }, async (request, reply) => {
    const refused = noQuery(request);
    if (refused) return sendAnswer(reply, refused);
    const ctx = await contextOf(request, reply, request.params.entity, 'read');
    if (!ctx) return reply;
    const found = await readable(ctx, request.params.id);
    if (isAnswer(found)) return sendAnswer(reply, found);
    const readContextOf = async (name: string) => {
      const registered = registeredEntity(name);
      return registered && canRead(registered.def, ctx.user) ? contextWith(registered, ctx.user) : null;
    };
    const List = await relatedDocuments(readContextOf, ctx.def, found.record);
    const mayWrite = (name: string) => {
      const registered = registeredEntity(name);
      return registered && canRead(registered.def, ctx.user) && canWrite(registered.def, ctx.user) ? registered.def : null;
    };
    const Makes = offeredMakes(ctx.def, found.record, mayWrite);
    return sendAnswer(reply, { status: 200, body: { ...callResult(1, 'ok', null), List, Makes } });
  });

  // Issue 40 item 4: e-mail a document with its print attached (mail/documents.ts); reading it is the right.
  app.post<{ Params: Required<Params> }>('/api/data/:entity/:id/email', { schema: ENTITY_SCHEMAS.email }, async (request, reply) => {
    const refused = noQuery(request);
    if (refused) return sendAnswer(reply, refused);
    const ctx = await contextOf(request, reply, request.params.entity, 'read');
    if (!ctx) return reply;
    return sendAnswer(reply, await emailDocument(ctx, database, app.erp.mailer, request.params.id, request.body, app.erp.config.publicUrl));
  });

  app.get<{ Params: Required<Params> }>('/api/data/:entity/:id/audit', { schema: ENTITY_SCHEMAS.audit }, async (request, reply) => {
    const ctx = await contextOf(request, reply, request.params.entity, 'read');
    if (!ctx) return reply;
    return sendAnswer(reply, await recordAudit(ctx, request.params.id, queryOf(request)));
  });

  // Issue 42 item 4: the record's history and the record as of a day (history.ts). Lookup names are read with the
  // caller's own rights on the looked-up entity (none when they may not read it).
  const namesContext = (ctx: EntityContext) => async (name: string) => {
    const registered = registeredEntity(name);
    return registered && canRead(registered.def, ctx.user) ? contextWith(registered, ctx.user) : null;
  };
  app.get<{ Params: Required<Params> }>('/api/data/:entity/:id/history', { schema: ENTITY_SCHEMAS.history }, async (request, reply) => {
    const ctx = await contextOf(request, reply, request.params.entity, 'read');
    if (!ctx) return reply;
    return sendAnswer(reply, await recordHistory(ctx, request.params.id, queryOf(request), namesContext(ctx)));
  });

  app.get<{ Params: Required<Params> }>('/api/data/:entity/:id/as-of', { schema: ENTITY_SCHEMAS.asOf }, async (request, reply) => {
    const ctx = await contextOf(request, reply, request.params.entity, 'read');
    if (!ctx) return reply;
    return sendAnswer(reply, await recordAsOf(ctx, request.params.id, queryOf(request), request.headers['x-time-zone'], namesContext(ctx)));
  });

  // Issue 12: one generic action call for every document transition (documents.ts).
  app.post<{ Params: Required<Params> & { action: string } }>(
    '/api/data/:entity/:id/actions/:action',
    { schema: ENTITY_SCHEMAS.action },
    async (request, reply) => {
      const refused = noQuery(request);
      if (refused) return sendAnswer(reply, refused);
      const ctx = await contextOf(request, reply, request.params.entity, 'write');
      if (!ctx) return reply;
      return sendAnswer(reply, await runAction(ctx, request.params.id, request.params.action, request.body));
    },
  );

  // One action on many records in one transaction, each item in a savepoint (documents.ts runActions).
  app.post<{ Params: Params & { action: string } }>('/api/data/:entity/actions/:action', { schema: ENTITY_SCHEMAS.actions }, async (request, reply) => {
    const refused = noQuery(request);
    if (refused) return sendAnswer(reply, refused);
    const ctx = await contextOf(request, reply, request.params.entity, 'write');
    if (!ctx) return reply;
    return sendAnswer(reply, await runActions(ctx, request.params.action, request.body));
  });

  await registerAttachmentRoutes(app, contextFor);
  // Each module's own calls (serverModule.routes, special-routes.ts contract), in module order, with the same
  // context: generic code names none of them.
  for (const module of serverModules()) await module.routes?.(app, { database, contextFor, contextOf, lookupContextOf: lookupContext });
}

