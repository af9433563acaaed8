/**
 * The ledger's special call (issue 12, SCREENS.md WP1 acceptance 2):
 *
 *   POST /api/data/accounting-period/fiscal-years   body { FiscalYear, StartDate?, Periods? }
 *     → 201 CallResult (Data: { FiscalYear, Periods: [period records] })
 *
 * Creates a fiscal year's contiguous periods in one transaction: 12 (or 13, the 13th an adjustment period
 * on the year's last day) consecutive calendar months from StartDate (default January 1st of the year; the
 * month day must be the 1st). Refused when the year already has periods, or a period would overlap an
 * existing one; the periods pass the layout rule of the period screen (ledger/period-layout.ts, issue 22). Fiscal year > 1000 and < 9999 (§5). Messages in the caller's language.
 *
 *   GET /api/data/accounting-period/current?Date=YYYY-MM-DD
 *     → 200 CallResult (Data: { FiscalYear, PeriodNo, StartDate, EndDate } of the period containing Date, a
 *       regular period before the adjustment period on the same day; Data null when no period contains it)
 *
 * Report parameters default to it (issue 21 item 3): the client sends its today in the user's time zone. Any
 * staff user may ask (a clerk's stock reports default to the period too); a portal customer may not.
 */
import type { FastifyInstance } from 'fastify';
import { isValidDate } from '@erp/shared/entities/validate';
import { accountingPeriod, FISCAL_YEAR_MAX, FISCAL_YEAR_MIN } from '../definitions/accounting-period.ts';
import { writeAudit, type AuditEntry } from '@erp/server/entities/audit';
import { answerOf, BusinessError, callResult, messageIn } from '@erp/server/entities/call-result';
import type { ModuleRouteDeps } from '@erp/server/modules/part';
import { tableChanged } from '@erp/server/entities/paging';
import { loadRecord } from '@erp/server/entities/wire';
import { lockLayout, overlappingPeriod, yearLayoutIssue } from './ledger/period-layout.ts';
import { apiSchema, callResult as callResultSchema, integer, NO_QUERY, object, RECORD, text } from '@erp/server/http/schemas';
import { glDb } from './tables.generated.ts';


function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** The contiguous months from `start` (YYYY-MM-01): [start, end] of each. */
export function monthsFrom(start: string, count: number): { start: string; end: string }[] {
  const year = Number(start.slice(0, 4));
  const month = Number(start.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, index) => {
    const first = new Date(Date.UTC(year, month + index, 1));
    const last = new Date(Date.UTC(year, month + index + 1, 0));
    const text = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
    return { start: text(first), end: text(last) };
  });
}

export async function registerLedgerRoutes(app: FastifyInstance, deps: Pick<ModuleRouteDeps, 'contextOf'>): Promise<void> {
  app.get<{ Querystring: { Date: string } }>(
    '/api/data/accounting-period/current',
    {
      schema: apiSchema({
        summary: 'The accounting period containing a date (report parameters default to it)',
        tags: ['gl'],
        querystring: object({ Date: text(10) }, ['Date']),
        response: { 200: callResultSchema(RECORD) },
      }),
    },
    async (request, reply) => {
      // Every staff user's report parameters default to it (issue 21 item 3), not only the calendar's maintainers.
      const ctx = await deps.contextOf(request, reply, accountingPeriod.name, 'staff');
      if (!ctx) return reply;
      const date = request.query.Date;
      const send = (status: number, body: unknown) => reply.code(status).header('cache-control', 'no-store').send(body);
      if (!isValidDate(date)) {
        const issue = { field: 'Date', key: 'reports:validation.date', params: {}, message: messageIn(ctx.user.row.language, 'reports:validation.date') };
        return send(400, callResult(2, 'validation_failed', issue.message, { Data: { Errors: [issue] } }));
      }
      const row = await glDb(ctx.db)
        .selectFrom('fiscal_periods')
        .select(['fiscal_year', 'period_no', 'start_date', 'end_date'])
        .where('start_date', '<=', date)
        .where('end_date', '>=', date)
        .orderBy('period_no')
        .limit(1)
        .executeTakeFirst();
      const period = row ? { FiscalYear: Number(row.fiscal_year), PeriodNo: Number(row.period_no), StartDate: String(row.start_date), EndDate: String(row.end_date) } : null;
      return send(200, callResult(1, 'ok', '', { Data: period }));
    },
  );

  app.post<{ Body: { FiscalYear: number; StartDate?: string; Periods?: number } }>(
    '/api/data/accounting-period/fiscal-years',
    {
      schema: apiSchema({
        summary: 'Create a fiscal year: its 12 or 13 contiguous accounting periods (§4)',
        tags: ['gl'],
        querystring: NO_QUERY,
        // FiscalYear's range (§5: > 1000 and < 9999) is checked by the handler, for the localized message.
        body: object({ FiscalYear: integer(-2147483648, 2147483647), StartDate: text(10), Periods: { type: 'integer', enum: [12, 13] } }, ['FiscalYear']),
        response: { 201: callResultSchema(RECORD), 200: callResultSchema() },
      }),
    },
    async (request, reply) => {
      const ctx = await deps.contextOf(request, reply, accountingPeriod.name, 'write');
      if (!ctx) return reply;
      const language = ctx.user.row.language;
      const { FiscalYear: year, Periods: count = 12 } = request.body;
      const send = (status: number, body: unknown) => reply.code(status).header('cache-control', 'no-store').send(body);
      if (!Number.isInteger(year) || year < FISCAL_YEAR_MIN || year > FISCAL_YEAR_MAX) {
        const issue = { field: 'FiscalYear', key: 'gl:rules.fiscalYear', params: {}, message: messageIn(language, 'gl:rules.fiscalYear') };
        return send(400, callResult(2, 'validation_failed', issue.message, { Data: { Errors: [issue] } }));
      }
      const start = request.body.StartDate ?? `${year}-01-01`;
      if (!isValidDate(start) || !start.endsWith('-01')) {
        const issue = { field: 'StartDate', key: 'gl:rules.fiscalYearStart', params: {}, message: messageIn(language, 'gl:rules.fiscalYearStart') };
        return send(400, callResult(2, 'validation_failed', issue.message, { Data: { Errors: [issue] } }));
      }
      const months = monthsFrom(start, 12);
      const ranges = count === 13 ? [...months, { start: months[11]!.end, end: months[11]!.end }] : months;
      const userId = ctx.user.userId;
      try {
        const ids = await glDb(ctx.db).transaction().execute(async (trx) => {
          await lockLayout(trx);
          const existing = await trx.selectFrom('fiscal_periods').select('period_id').where('fiscal_year', '=', year).limit(1).executeTakeFirst();
          if (existing) throw BusinessError.of(400, 'validation_failed', 'gl:rules.fiscalYearExists', { year }, 'FiscalYear');
          // Issue 22: the generated periods pass the same layout rule as the period screen's saves.
          const issue = yearLayoutIssue(ranges.map((range, index) => ({ periodNo: index + 1, start: range.start, end: range.end })));
          if (issue) throw BusinessError.of(400, 'validation_failed', issue.key, issue.params, issue.field);
          if (await overlappingPeriod(trx, year, ranges[0]!.start, ranges[ranges.length - 1]!.end)) {
            throw BusinessError.of(400, 'validation_failed', 'gl:rules.periodOverlap', {}, 'StartDate');
          }
          const now = new Date().toISOString();
          const created: number[] = [];
          const audit: AuditEntry[] = [];
          for (const [index, range] of ranges.entries()) {
            const row = await trx
              .insertInto('fiscal_periods')
              .values({
                fiscal_year: year,
                period_no: index + 1,
                start_date: range.start,
                end_date: range.end,
                // Open: the other modules' flags too, by their columns' default (false).
                closed_gl: 0,
                created_by: userId,
                created_on: now,
                updated_by: userId,
                updated_on: now,
                version: 1,
              })
              .returning('period_id')
              .executeTakeFirstOrThrow();
            const id = row.period_id;
            created.push(id);
            audit.push({ table: 'fiscal_periods', idName: 'period_id', idValue: id, column: 'period_id', old: null, new: id, action: 'insert' });
          }
          await writeAudit(trx, audit, userId, now);
          return created;
        });
        tableChanged('fiscal_periods');
        const periods = [];
        for (const id of ids) periods.push(await loadRecord(ctx.db, accountingPeriod, id));
        return send(201, callResult(1, 'created', messageIn(language, 'gl:accounting-period.result.yearCreated', { year, count: ids.length }), { Data: { FiscalYear: year, Periods: periods } }));
      } catch (error) {
        const answer = answerOf(error, language);
        if (answer) return send(answer.status, answer.body);
        throw error;
      }
    },
  );
}
