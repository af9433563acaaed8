/**
 * Report routes (issue 12 "Reports as data"), behind the /api bearer authentication. Every error is a §3
 * CallResult; every route has a Fastify schema (unknown fields, wrong types → 400).
 *
 *   GET  /api/reports                  [{ Report, Application, Routes }] — the reports the caller may run
 *   POST /api/reports/:report/run      body { Parameters, Page?, PageSize? } → CallResult + §3 paged list:
 *        { ResultStatus 1 | 6, ResultCode 'ok' | 'no_records', Message, Page, PageSize (§9: 250), TotalCount,
 *          List: rows, Groups: [{ Key, Heading, Starts, Ends, Subtotals, Opening?, Closing? }], Totals }
 *   POST /api/reports/:report/xlsx     body { Parameters } → the .xlsx (streamed)
 *   POST /api/reports/:report/pdf      body { Parameters } → the PDF (streamed)
 *   POST /api/reports/:report/email    body { Parameters, Confirmations? } → CallResult: a report with `email` (the
 *        AR statement) e-mailed to the firm its parameter names, PDF attached (mail/documents.ts; asks first)
 *        Both take the header `X-Time-Zone: <IANA zone>` (the browser's, sent by the report screen): the
 *        PDF's print time and every date-time column (PDF and .xlsx) are written in it (issue 21 item 10,
 *        issue 40 item 9), as the user's language comes from the
 *        user's row. Default UTC; a malformed or unknown zone answers 400 `bad_request`.
 *
 * Standby (issue 43 item 3): the page, the .xlsx and the PDF read from `reads` (db/read-database.ts: the standby
 * when READ_DATABASE_URL is set, else the primary) and carry its "as of" time — the run answer's `AsOf` (ISO 8601),
 * the PDF's letterhead and the .xlsx's second row (as-of.ts). Rights and the e-mail (it writes its audit) stay on the primary.
 *
 * The two downloads are the §7 file-download variant: `Content-Disposition: attachment;
 * filename="<report>-<UTC stamp>.<ext>"`, `X-Total-Count` (rows). A report with no rows answers the PDF
 * call 400 `{ ResultStatus: 6, ResultCode: 'no_pdf_data', Message: 'No PDF data.' }` (§8; the §8
 * file-download rule shows a 400's description, so the user reads "No PDF data.").
 *
 * Parameters are checked by `validateReportParameters` (the form runs the same) and the report's own
 * database checks: 400 `validation_failed` with `Data.Errors: [{ field, key, params, message }]` and
 * Message the first message, in the caller's language. 403 when none of the report's applications is
 * open to the caller's roles; 404 for an unknown report. §6: a firm parameter naming a firm the caller is
 * not assigned to answers as the entity routes do (403 `not_assigned`: the entity's `parameterRefusal` hook, entities/parameter-guard.ts).
 */
import { PassThrough } from 'node:stream';
import { openedBy, routesOf, validateReportParameters, type ReportParameterError } from '@erp/shared/reports/define';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { openableApplications } from '../auth/access.ts';
import { currentUser } from '../auth/plugin.ts';
import type { Database } from '../db/connection.ts';
import { lookupParametersRefusal } from '../entities/parameter-guard.ts';
import { sendFailure } from '../http/errors.ts';
import { apiSchema, callResult, NO_QUERY, pagedList, RECORD, type JsonSchema } from '../http/schemas.ts';
import { withFieldRights } from './field-rights.ts';
import { countRows, registeredReport, registeredReports, runPage, streamReport, type ReportContext, type ServerReport } from './engine.ts';
import { reportLocale, reportTranslator, type ReportLocale, type ReportTranslate } from './messages.ts';
import { defaultLetterhead } from './letterhead.ts';
import { writeReportPdf } from './pdf.ts';
import { writeReportXlsx, XLSX_TYPE } from './xlsx.ts';
import { READS } from '../exactly-once/idempotency.ts';
import { sendAnswer } from '../entities/special-routes.ts';
import { emailReport } from '../mail/documents.ts';
import { parameterNumbers, parametersLine, printTime } from './print-line.ts';
import { asOfLine } from './as-of.ts';
import { openReadDatabase, type ReadDatabase } from '../db/read-database.ts';

export const REPORT_PAGE_SIZE = 250;
export const MAX_REPORT_PAGE_SIZE = 1000;

/** The Parameters object of a report run or a process call: at most 30 names, text or whole numbers. */
export const parametersSchema = {
  type: 'object',
  maxProperties: 30,
  propertyNames: { type: 'string', maxLength: 60 },
  additionalProperties: { anyOf: [{ type: 'string', maxLength: 200 }, { type: 'integer' }] },
} as const;

/** The path parameter naming a report or a process (`:name`): lower-case kebab. */
export function nameParams<K extends string>(key: K) {
  return {
    type: 'object',
    required: [key],
    properties: { [key]: { type: 'string', minLength: 1, maxLength: 80, pattern: '^[a-z][a-z0-9-]*$' } },
    additionalProperties: false,
  } as const;
}

const reportParams = nameParams('report');

const runBody = {
  type: 'object',
  required: ['Parameters'],
  properties: {
    Parameters: parametersSchema,
    Page: { type: 'integer', minimum: 1, maximum: 10_000_000 },
    PageSize: { type: 'integer', minimum: 1, maximum: MAX_REPORT_PAGE_SIZE },
  },
  additionalProperties: false,
} as const;

const fileBody = {
  type: 'object',
  required: ['Parameters'],
  properties: { Parameters: parametersSchema },
  additionalProperties: false,
} as const;

const tags = ['reports'];
/** An IANA time zone name (`America/Toronto`, `Etc/GMT+5`). */
const TIME_ZONE = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;
const FILE_ANSWER: JsonSchema = { type: 'string', format: 'binary', description: 'the file (§7 file-download variant)' };
const REPORT_SCHEMAS = {
  list: apiSchema({ summary: 'Reports the caller may run', tags, querystring: NO_QUERY, response: { 200: { type: 'array', items: RECORD } } }),
  run: apiSchema({
    summary: 'Run a report: one page of rows, groups and totals',
    tags,
    params: reportParams,
    querystring: NO_QUERY,
    body: runBody,
    response: { 200: callResult(undefined, pagedList(RECORD, { Groups: { type: 'array', items: RECORD }, Totals: RECORD, AsOf: { type: 'string', format: 'date-time', description: 'When the data read was current (issue 43: the last commit the standby replayed, or now on the primary)' } }).properties as Record<string, JsonSchema>) },
  }),
  pdf: apiSchema({ summary: 'A report as PDF, rendered on the server', tags, params: reportParams, querystring: NO_QUERY, body: fileBody, response: { 200: FILE_ANSWER } }),
  xlsx: apiSchema({ summary: 'A report as .xlsx (streamed)', tags, params: reportParams, querystring: NO_QUERY, body: fileBody, response: { 200: FILE_ANSWER } }),
  email: apiSchema({
    summary: "E-mail a report's document to the firm its parameter names, PDF attached (issue 40 item 4; asks the §5 question naming the recipient first)",
    tags,
    params: reportParams,
    querystring: NO_QUERY,
    body: {
      type: 'object',
      required: ['Parameters'],
      properties: { Parameters: parametersSchema, Confirmations: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 200 } } },
      additionalProperties: false,
    },
    response: { 200: callResult(undefined) },
  }),
};

interface RunBody {
  Parameters: Record<string, string | number>;
  Page?: number;
  PageSize?: number;
}

function fileName(report: string, extension: string): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
  return `${report}-${stamp}.${extension}`;
}


export function registerReportRoutes(app: FastifyInstance, deps: { database: Database; reads?: ReadDatabase }): void {
  const { database } = deps;
  const { db } = database;
  // Issue 43 item 3: what the reports read from (the standby, or the primary itself).
  const reads = deps.reads ?? openReadDatabase(null, database);
  const readDb = reads.database.db;

  // §6 the report's screen is open to the user; a report that names roles runs for those roles only.
  const roleAllows = (report: ServerReport, roles: readonly string[]) => !report.def.roles || roles.some((role) => report.def.roles!.includes(role));

  async function mayRun(request: FastifyRequest, report: ServerReport): Promise<boolean> {
    const { roles } = currentUser(request);
    return roleAllows(report, roles) && openedBy(report.def, await openableApplications(database.db, roles));
  }

  /** The report and its checked parameters, or null after answering the refusal. */
  async function prepare(
    request: FastifyRequest<{ Params: { report: string }; Body: { Parameters: Record<string, unknown> } }>,
    reply: FastifyReply,
  ): Promise<{ report: ServerReport; ctx: ReportContext; locale: ReportLocale; translate: ReportTranslate } | null> {
    let report = registeredReport(request.params.report);
    if (!report) {
      await sendFailure(reply, 404, 'not_found', 'Not Found');
      return null;
    }
    if (!(await mayRun(request, report))) {
      await sendFailure(reply, 403, 'forbidden', 'You do not have sufficient permissions.');
      return null;
    }
    const user = currentUser(request);
    const locale = reportLocale(user.row.language);
    const translate = reportTranslator(locale);
    const checked = validateReportParameters(report.def, request.body.Parameters);
    let errors: ReportParameterError[] = checked.ok ? [] : checked.errors;
    const ctx: ReportContext = { database: reads.database, db: readDb, params: checked.ok ? checked.value : {}, user, state: {} };
    // §6 rights on the primary: an assignment just changed applies at once.
    const refusal = checked.ok ? await lookupParametersRefusal(db, user, report.def.parameters, checked.value) : null;
    if (refusal) {
      await reply.code(refusal.status).header('cache-control', 'no-store').send(refusal.body);
      return null;
    }
    if (checked.ok && report.prepare) errors = await report.prepare(ctx);
    if (errors.length === 0) report = await withFieldRights(ctx, report);
    if (errors.length > 0) {
      const detailed = errors.map((error) => ({ ...error, params: error.params ?? {}, message: translate(error.key, error.params) }));
      await reply
        .code(400)
        .header('cache-control', 'no-store')
        .send({
          ResultStatus: 2,
          ResultCode: 'validation_failed',
          Message: detailed[0]!.message,
          EntityId: null,
          Exception: null,
          Data: { Errors: detailed },
        });
      return null;
    }
    return { report, ctx, locale, translate };
  }

  app.get('/api/reports', { schema: REPORT_SCHEMAS.list }, async (request) => {
    const { roles } = currentUser(request);
    const openable = await openableApplications(database.db, roles);
    return registeredReports()
      .filter((r) => roleAllows(r, roles) && openedBy(r.def, openable))
      .map((r) => ({ Report: r.def.name, Application: r.def.application, Routes: routesOf(r.def).map((route) => ({ ...route })) }));
  });

  app.post<{ Params: { report: string }; Body: RunBody }>(
    '/api/reports/:report/run',
    { schema: REPORT_SCHEMAS.run, config: READS },
    async (request, reply) => {
      const prepared = await prepare(request, reply);
      if (!prepared) return reply;
      const page = request.body.Page ?? 1;
      const pageSize = request.body.PageSize ?? REPORT_PAGE_SIZE;
      const asOf = await reads.asOf();
      const result = await runPage(prepared.ctx, prepared.report, page, pageSize);
      const none = result.TotalCount === 0;
      reply.header('cache-control', 'no-store');
      return {
        ResultStatus: none ? 6 : 1,
        ResultCode: none ? 'no_records' : 'ok',
        Message: none ? prepared.translate('reports:messages.noRecords') : '',
        EntityId: null,
        Exception: null,
        Page: page,
        PageSize: pageSize,
        SortFields: prepared.report.def.defaultSort.map((s) => s.field),
        SortDescending: prepared.report.def.defaultSort.filter((s) => s.descending).map((s) => s.field),
        ...result,
        AsOf: asOf,
      };
    },
  );

  // Issue 40 item 4: not a read — the Idempotency-Key layer makes a repeated key one mail.
  app.post<{ Params: { report: string }; Body: { Parameters: Record<string, unknown>; Confirmations?: string[] } }>(
    '/api/reports/:report/email',
    { schema: REPORT_SCHEMAS.email },
    async (request, reply) => sendAnswer(reply, await emailReport(database, app.erp.mailer, currentUser(request), request.params.report, request.body.Parameters, request.body)),
  );

  for (const kind of ['pdf', 'xlsx'] as const) {
    app.post<{ Params: { report: string }; Body: { Parameters: Record<string, unknown> } }>(
      `/api/reports/:report/${kind}`,
      { schema: REPORT_SCHEMAS[kind], config: READS },
      async (request, reply) => {
        const prepared = await prepare(request, reply);
        if (!prepared) return reply;
        const { report, ctx, translate, locale } = prepared;
        const zone = request.headers['x-time-zone'] ?? 'UTC';
        const printedOn = typeof zone === 'string' && TIME_ZONE.test(zone) ? printTime(new Date(), locale, zone) : null;
        if (printedOn === null) return sendFailure(reply, 400, 'bad_request', 'Unknown time zone.');
        const asOf = asOfLine(await reads.asOf(), translate, locale, String(zone));
        const count = await countRows(ctx, report);
        if (count === 0 && kind === 'pdf') {
          // §8 "No PDF data." — a 400, so the file-download rule shows the description (§8 File downloads).
          return reply
            .code(400)
            .header('cache-control', 'no-store')
            .send({ ResultStatus: 6, ResultCode: 'no_pdf_data', Message: translate('reports:messages.noPdfData'), EntityId: null, Exception: null });
        }
        const letterhead = kind === 'pdf' ? await defaultLetterhead(readDb) : null;
        const line = parametersLine(report, ctx.params, translate, locale, await parameterNumbers(ctx.db, report, ctx.params)).replace(/\u202f/g, '\u00a0');
        const out = new PassThrough({ highWaterMark: 256 * 1024 });
        reply
          .header('content-type', kind === 'pdf' ? 'application/pdf' : XLSX_TYPE)
          .header('content-disposition', `attachment; filename="${fileName(report.def.name, kind)}"`)
          .header('x-total-count', String(count))
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff');
        void reply.send(out);
        const events = streamReport(ctx, report);
        const write =
          kind === 'pdf'
            ? writeReportPdf(out, { def: report.def, locale, translate, parametersLine: line, printedOn, asOf, letterhead, parameters: ctx.params, timeZone: String(zone) }, events)
            : writeReportXlsx(out, { def: report.def, translate, parametersLine: line, asOf, timeZone: String(zone), parameters: ctx.params }, events);
        write.then(
          () => out.end(),
          (error: unknown) => {
            reply.log.error({ err: error }, `report ${kind} failed`);
            out.destroy(error instanceof Error ? error : new Error(String(error)));
          },
        );
        return reply;
      },
    );
  }
}
