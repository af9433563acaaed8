/**
 * The Record of Employment as ROE Web payroll-extract XML (issue 45 items 3 and 6), for the payroll role:
 *
 *   POST /api/pr/roe-file  { Parameters: <the ROE screen's parameters> }   the employee's ROE as XML (roe-xml.ts):
 *       block 15C from the ROE screen's rows, the employer's BN and contact from pr_employer, the employee's
 *       identity, hire date and occupation, block 12 from the pay calendar period holding the last day for which
 *       paid. Recorded in pr_roe_files (who, when, which employee, the serial it amends, its blocks); a file
 *       generated again for the same employee says which blocks changed since the previous one. 400 with the
 *       parameters' errors (as the report's run) or the first ROE Web edit it would fail (pr:roeFile.<key>).
 *   GET  /api/pr/roe-files?EmployeeId=…   the employee's generations: who, when, reason, amended serial, changes.
 */
import { validateReportParameters } from '@erp/shared/reports/define';
import { apiSchema, object, RECORD, text } from '@erp/server/http/schemas';
import { sendAnswer, type EntityRoutes } from '@erp/server/entities/special-routes';
import { messageIn } from '@erp/server/entities/call-result';
import { oneAtATime } from '@erp/server/exactly-once/holder';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { lookupParametersRefusal } from '@erp/server/entities/parameter-guard';
import type { Kysely } from 'kysely';
import { roeReport } from '../definitions/reports.ts';
import { roeRows } from './reports.ts';
import { buildRoeXml, changedBlocks, PAY_PERIOD_TYPES, roeDigest, roeProblems, type RoeRecord } from './roe-xml.ts';
import { t4Employer } from './t4-file.ts';
import { prDb, type PrDatabase } from './tables.generated.ts';

type PrDb = Kysely<PrDatabase>;

const tags = ['pr-cheque'];
const FILE_SCHEMA = apiSchema({ summary: "An employee's Record of Employment as ROE Web XML", tags, querystring: object({}), body: object({ Parameters: RECORD }, ['Parameters']), response: { 200: { type: 'string', description: 'the XML file' } } });
const LIST_SCHEMA = apiSchema({ summary: "An employee's ROE XML files generated", tags, querystring: object({ EmployeeId: text(10) }, ['EmployeeId']), response: { 200: { type: 'object', additionalProperties: true } } });

/** The name the file carries in the header (ROEHEADER ProductName). */
const PRODUCT_NAME = 'NOVUS Payroll';

const textOf = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** The end of the pay calendar's period holding `day` (block 12), or `day` when the calendar has none. */
async function finalPeriodEnd(db: PrDb, day: string): Promise<string> {
  const period = await db.selectFrom('pr_pay_periods').select('period_end').where('period_start', '<=', day).where('period_end', '>=', day).orderBy('period_end').limit(1).executeTakeFirst();
  return period ? textOf(period.period_end) : day;
}

/** The ROE of the screen's parameters, as the file writes it; null when the employee or the employer is missing. */
export async function roeRecord(db: PrDb, engine: 'sqlite' | 'postgres', params: Record<string, unknown>, language: string): Promise<RoeRecord | 'employerMissing' | null> {
  const employeeId = String(params['EmployeeId']);
  const lastDay = String(params['LastDay']);
  const employee = await db
    .selectFrom('pr_employees')
    .select(['employee_id', 'first_name', 'last_name', 'address', 'city', 'province_code', 'postal_code', 'sin', 'hire_date', 'occupation', 'pay_frequency'])
    .where('employee_id', '=', employeeId)
    .executeTakeFirst();
  if (!employee) return null;
  const employer = await t4Employer(db, language);
  if (!employer) return 'employerMissing';
  const rows = await roeRows(db, employeeId, lastDay);
  const contact = employer.contactName.trim().split(/\s+/);
  const french = language.startsWith('fr');
  return {
    amendedSerial: textOf(params['AmendedSerial']),
    payrollReference: employeeId,
    businessNumber: employer.payrollAccount,
    payPeriodType: PAY_PERIOD_TYPES[textOf(employee.pay_frequency)]?.code ?? '',
    sin: textOf(employee.sin),
    firstName: textOf(employee.first_name),
    lastName: textOf(employee.last_name),
    address: textOf(employee.address),
    city: textOf(employee.city),
    province: textOf(employee.province_code),
    postalCode: textOf(employee.postal_code),
    firstDay: textOf(employee.hire_date),
    lastDayPaid: lastDay,
    finalPeriodEnd: await finalPeriodEnd(db, lastDay),
    occupation: textOf(employee.occupation),
    recallDate: textOf(params['RecallDate']),
    periods: rows.map((row) => ({ nbr: Number(row['PayPeriod']), hours: decimalFromDb(engine, row['InsurableHours'], 4) ?? '0', earnings: decimalFromDb(engine, row['InsurableEarnings'], 2) ?? '0.00' })),
    reasonCode: textOf(params['ReasonCode']),
    // Block 16 names the contact: pr_employer keeps one name, its last word the surname.
    contactFirstName: contact.length > 1 ? contact.slice(0, -1).join(' ') : '',
    contactLastName: contact.at(-1) ?? '',
    contactArea: employer.contactArea,
    contactPhone: employer.contactPhone,
    comments: textOf(params['Comments']),
    language: french ? 'F' : 'E',
  };
}

export const roeFileRoutes: EntityRoutes = async (app, { contextOf }) => {
  app.post<{ Body: { Parameters: Record<string, unknown> } }>('/api/pr/roe-file', { schema: FILE_SCHEMA }, async (request, reply) => {
    // Writing the file records it: the payroll role's write right on its cheques.
    const ctx = await contextOf(request, reply, 'pr-cheque', 'write');
    if (!ctx) return reply;
    const language = ctx.user.row.language ?? 'en-CA';
    const refuse = (code: string, message: string, errors: unknown[] = []) =>
      sendAnswer(reply, { status: 400, body: { ResultStatus: 2, ResultCode: code, Message: message, EntityId: null, Exception: null, Data: { Errors: errors } } });
    // The same parameters, checked the same way, as the ROE screen's run.
    const checked = validateReportParameters(roeReport, request.body.Parameters);
    if (!checked.ok) {
      const errors = checked.errors.map((error) => ({ ...error, params: error.params ?? {}, message: messageIn(language, error.key, error.params ?? {}) }));
      return refuse('validation_failed', errors[0]!.message, errors);
    }
    const refusal = await lookupParametersRefusal(ctx.db, ctx.user, roeReport.parameters, checked.value);
    if (refusal) return sendAnswer(reply, refusal);
    // Exactly once (issue 39): one generation at a time on every instance; a caller that waited finds it recorded.
    const once = await oneAtATime(ctx, request, `pr:roe-file:${String(checked.value['EmployeeId'])}`, messageIn(language, 'pr:reports.roe.title'), () =>
      prDb(ctx.db).transaction().execute(async (trx) => {
        const record = await roeRecord(trx, ctx.engine, checked.value, language);
        if (record === null || record === 'employerMissing') return { refused: record ?? 'employeeMissing' };
        const problems = roeProblems(record);
        if (problems.length > 0) return { refused: problems[0]! };
        const blocks = roeDigest(record);
        const previous = await trx.selectFrom('pr_roe_files').select('blocks').where('employee_id', '=', record.payrollReference).orderBy('file_id', 'desc').limit(1).executeTakeFirst();
        const changed = previous ? changedBlocks(JSON.parse(previous.blocks) as Record<string, string>, blocks).join(', ') : '';
        const content = buildRoeXml([record], PRODUCT_NAME);
        const inserted = await trx
          .insertInto('pr_roe_files')
          .values({
            employee_id: record.payrollReference,
            last_day: record.lastDayPaid,
            reason_code: record.reasonCode,
            amended_serial: record.amendedSerial.toUpperCase(),
            created_on: new Date().toISOString(),
            created_by: ctx.user.userId,
            blocks: JSON.stringify(blocks),
            changed,
            content,
          })
          .returning('file_id')
          .executeTakeFirstOrThrow();
        return { content, fileId: inserted.file_id, employeeId: record.payrollReference, refused: undefined };
      }),
    );
    if (once.busy !== undefined) return sendAnswer(reply, { status: 409, body: { ResultStatus: 2, ResultCode: 'in_progress', Message: once.busy, EntityId: null, Exception: null } });
    const result = once.value;
    if (result.refused !== undefined) return refuse(`roe_${result.refused}`, messageIn(language, `pr:roeFile.${result.refused}`, { employee: checked.value['EmployeeId'] }));
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="ROE-${result.employeeId.replace(/[^A-Za-z0-9_-]/g, '')}-${String(result.fileId).padStart(6, '0')}.xml"`)
      .header('cache-control', 'no-store')
      .send(result.content);
  });

  app.get<{ Querystring: { EmployeeId: string } }>('/api/pr/roe-files', { schema: LIST_SCHEMA }, async (request, reply) => {
    const ctx = await contextOf(request, reply, 'pr-cheque', 'read');
    if (!ctx) return reply;
    const rows = await prDb(ctx.db)
      .selectFrom('pr_roe_files')
      .select(['file_id', 'employee_id', 'last_day', 'reason_code', 'amended_serial', 'created_on', 'created_by', 'changed'])
      .where('employee_id', '=', request.query.EmployeeId)
      .orderBy('file_id')
      .execute();
    return {
      ResultStatus: rows.length > 0 ? 1 : 6,
      List: rows.map((row) => ({
        FileId: row.file_id,
        EmployeeId: row.employee_id,
        LastDay: row.last_day,
        ReasonCode: row.reason_code,
        AmendedSerial: row.amended_serial,
        CreatedOn: row.created_on,
        CreatedBy: row.created_by,
        Changed: row.changed,
      })),
    };
  });
};
