/**
 * The T4 XML file for CRA's Internet File Transfer (issue 45 items 1 and 6), for the payroll role:
 *
 *   POST /api/pr/t4-file  { Parameters: { Year } }   the year's T4 return as XML (t4-xml.ts), recorded in
 *       pr_t4_files with its slips (pr_t4_file_slips). The first file of a year is the original (O, every
 *       slip); once one is on file, the next is an amendment (A) holding only the slips that changed since
 *       (A), appeared (A) or disappeared (C, as filed), its summary restating the whole year. 400 when a rule
 *       fails (payroll account, SIN check digit, transmitter) or when no slip changed.
 *   GET  /api/pr/t4-files?Year=YYYY                   the year's generations: who, when, type, which slips (SlipsFiled:
 *       each slip's employee and type O / A / C).
 */
import { add, type Decimal } from '@erp/shared/decimal';
import { apiSchema, object } from '@erp/server/http/schemas';
import { sendAnswer, type EntityRoutes } from '@erp/server/entities/special-routes';
import { messageIn } from '@erp/server/entities/call-result';
import { oneAtATime } from '@erp/server/exactly-once/holder';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import type { Kysely } from 'kysely';
import { t4YearRows } from './reports.ts';
import { prDb, type PrDatabase } from './tables.generated.ts';
import { T4_AMOUNTS, buildT4Xml, digestSlip, slipDigest, t4Problems, type T4Employer, type T4Slip } from './t4-xml.ts';

type PrDb = Kysely<PrDatabase>;

const tags = ['pr-cheque'];
const YEAR = { type: 'integer', minimum: 2000, maximum: 2099 };
const FILE_SCHEMA = apiSchema({ summary: "A year's T4 return as CRA XML", tags, querystring: object({}), body: object({ Parameters: object({ Year: YEAR }, ['Year']) }, ['Parameters']), response: { 200: { type: 'string', description: 'the XML file' } } });
const LIST_SCHEMA = apiSchema({ summary: "A year's T4 XML files generated", tags, querystring: object({ Year: YEAR }, ['Year']), response: { 200: { type: 'object', additionalProperties: true } } });

/** The box columns of t4YearRows (Box14, Box16A …) by T4 box. */
const boxColumn = (box: string) => `Box${box}`;

/** A stored value as the file's text (null: empty). */
const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
/** A mailing address as the T4 XML takes it, from a row's address columns (the company's, an employee's). */
const postalAddress = (row: Partial<Record<'address' | 'city' | 'province_code' | 'postal_code', string | null>>) => ({
  address: text(row.address),
  city: text(row.city),
  province: text(row.province_code),
  postalCode: text(row.postal_code),
});

/** The employer's T4 data: the default company (name, address) and pr_employer (payroll account, contact). */
export async function t4Employer(db: PrDb, language: string): Promise<T4Employer | null> {
  const company = await db.selectFrom('companies').select(['name', 'address', 'city', 'province_code', 'postal_code']).orderBy('is_default', 'desc').orderBy('company_id').limit(1).executeTakeFirst();
  const account = await db.selectFrom('pr_employer').selectAll().orderBy('employer_id').limit(1).executeTakeFirst();
  if (!company || !account) return null;
  return {
    payrollAccount: account.payroll_account,
    name: text(company.name),
    ...postalAddress(company),
    transmitterNo: account.transmitter_no,
    contactName: account.contact_name,
    contactArea: account.contact_area,
    contactPhone: account.contact_phone,
    contactEmail: account.contact_email,
    language: language.startsWith('fr') ? 'F' : 'E',
  };
}

/** The year's slips as the payroll now computes them (type O until compared with what was filed). */
export async function currentSlips(db: PrDb, engine: 'sqlite' | 'postgres', year: number): Promise<T4Slip[]> {
  const rows = await t4YearRows(db, year);
  const ids = rows.map((row) => String(row['EmployeeId']));
  const employees = new Map<string, Partial<Record<'first_name' | 'last_name' | 'address' | 'city' | 'province_code' | 'postal_code' | 'sin', string | null>>>();
  for (let start = 0; start < ids.length; start += 1000) {
    const found = await db.selectFrom('pr_employees').select(['employee_id', 'first_name', 'last_name', 'address', 'city', 'province_code', 'postal_code', 'sin']).where('employee_id', 'in', ids.slice(start, start + 1000)).execute();
    for (const row of found) employees.set(row.employee_id, row);
  }
  const money = (raw: unknown): Decimal => decimalFromDb(engine, raw, 2) ?? '0.00';
  return rows.map((row) => {
    const employee = employees.get(String(row['EmployeeId'])) ?? {};
    const boxes: Record<string, Decimal> = {};
    for (const [box] of T4_AMOUNTS) boxes[box] = add(money(row[boxColumn(box)]), '0.00');
    return {
      employeeId: String(row['EmployeeId']),
      lastName: text(employee.last_name),
      firstName: text(employee.first_name),
      ...postalAddress(employee),
      sin: text(employee.sin ?? row['Sin']),
      employmentProvince: text(row['Province']),
      boxes,
      employerCpp: money(row['EmployerCpp']),
      employerEi: money(row['EmployerEi']),
      type: 'O',
    };
  });
}

/** The slips last filed for the year, per employee: their amounts (digest) and whether they were cancelled. */
async function filedSlips(db: PrDb, year: number): Promise<Map<string, { amounts: string; cancelled: boolean }>> {
  const rows = await db
    .selectFrom('pr_t4_file_slips as s')
    .innerJoin('pr_t4_files as f', 'f.file_id', 's.file_id')
    .where('f.year', '=', year)
    .select(['s.employee_id', 's.slip_type', 's.amounts', 'f.file_id'])
    .orderBy('f.file_id')
    .execute();
  const filed = new Map<string, { amounts: string; cancelled: boolean }>();
  for (const row of rows) filed.set(row.employee_id, { amounts: row.amounts, cancelled: row.slip_type === 'C' });
  return filed;
}

/** A cancelled slip: the employee's name and SIN, the province and amounts as filed (CRA matches it to them), marked C. */
async function cancelledSlip(db: PrDb, employeeId: string, digest: string): Promise<T4Slip> {
  const employee = await db.selectFrom('pr_employees').select(['first_name', 'last_name', 'address', 'city', 'province_code', 'postal_code', 'sin']).where('employee_id', '=', employeeId).executeTakeFirst();
  const filed = digestSlip(digest);
  return {
    employeeId,
    lastName: text(employee?.last_name),
    firstName: text(employee?.first_name),
    address: text(employee?.address),
    city: text(employee?.city),
    province: text(employee?.province_code),
    postalCode: text(employee?.postal_code),
    sin: text(employee?.sin),
    employmentProvince: filed.province,
    boxes: filed.boxes,
    employerCpp: '0.00',
    employerEi: '0.00',
    type: 'C',
  };
}

export interface T4Generation {
  type: 'O' | 'A';
  slips: T4Slip[];
  all: T4Slip[];
}

/** Which slips the next file holds: all (O) when none was filed for the year, else those changed since (A / C). */
export async function nextGeneration(db: PrDb, engine: 'sqlite' | 'postgres', year: number): Promise<T4Generation> {
  const all = await currentSlips(db, engine, year);
  const filed = await filedSlips(db, year);
  if (filed.size === 0) return { type: 'O', slips: all, all };
  const slips: T4Slip[] = [];
  const now = new Map(all.map((slip) => [slip.employeeId, slip]));
  for (const slip of all) {
    const before = filed.get(slip.employeeId);
    if (!before || before.cancelled || before.amounts !== slipDigest(slip)) slips.push({ ...slip, type: 'A' });
  }
  for (const [employeeId, before] of filed) {
    if (!now.has(employeeId) && !before.cancelled) slips.push(await cancelledSlip(db, employeeId, before.amounts));
  }
  return { type: 'A', slips, all };
}

export const t4FileRoutes: EntityRoutes = async (app, { contextOf }) => {
  app.post<{ Body: { Parameters: { Year: number } } }>('/api/pr/t4-file', { schema: FILE_SCHEMA }, async (request, reply) => {
    // Writing the file records it: the payroll role's write right on its cheques.
    const ctx = await contextOf(request, reply, 'pr-cheque', 'write');
    if (!ctx) return reply;
    const year = request.body.Parameters.Year;
    const language = ctx.user.row.language;
    const refuse = (code: string, key: string, params: Record<string, unknown> = {}) =>
      sendAnswer(reply, { status: 400, body: { ResultStatus: 2, ResultCode: code, Message: messageIn(language, `pr:t4File.${key}`, params), EntityId: null, Exception: null } });
    const db = prDb(ctx.db);
    const employer = await t4Employer(db, language ?? 'en-CA');
    if (!employer) return refuse('t4_employer_missing', 'employerMissing');
    // Exactly once (issue 39): one generation at a time on every instance; a caller that waited finds it recorded.
    const once = await oneAtATime(ctx, request, `pr:t4-file:${year}`, messageIn(language, 'pr:reports.t4.title'), () =>
      db.transaction().execute(async (trx) => {
        const generation = await nextGeneration(trx, ctx.engine, year);
        const next = await trx.selectFrom('pr_t4_files').select((eb) => eb.fn.max('file_id').as('last')).executeTakeFirst();
        const reference = `T4${String(Number(next?.last ?? 0) + 1).padStart(6, '0')}`;
        const file = { year, reference, type: generation.type, employer, slips: generation.slips, totalsOf: generation.all };
        const problems = t4Problems(file);
        if (generation.type === 'A' && generation.slips.length === 0) return { refused: ['unchanged', {}] as const };
        if (problems.length > 0) return { refused: [problems[0]!.key, { employee: problems[0]!.employeeId ?? '' }] as const };
        const content = buildT4Xml(file);
        const changed = generation.type === 'A' ? generation.slips.map((slip) => `${slip.employeeId} ${slip.type}`).join(', ') : '';
        const inserted = await trx
          .insertInto('pr_t4_files')
          .values({ year, report_type: generation.type, created_on: new Date().toISOString(), created_by: ctx.user.userId, slips: generation.slips.length, changed, content })
          .returning('file_id')
          .executeTakeFirstOrThrow();
        const fileId = inserted.file_id;
        for (let start = 0; start < generation.slips.length; start += 500) {
          await trx
            .insertInto('pr_t4_file_slips')
            .values(generation.slips.slice(start, start + 500).map((slip) => ({ file_id: fileId, employee_id: slip.employeeId, slip_type: slip.type, amounts: slipDigest(slip) })))
            .execute();
        }
        return { content, reference, refused: undefined };
      }),
    );
    if (once.busy !== undefined) return sendAnswer(reply, { status: 409, body: { ResultStatus: 2, ResultCode: 'in_progress', Message: once.busy, EntityId: null, Exception: null } });
    const result = once.value;
    if (result.refused) return refuse(`t4_${result.refused[0]}`, result.refused[0], result.refused[1]);
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="T4-${year}-${result.reference}.xml"`)
      .header('cache-control', 'no-store')
      .send(result.content);
  });

  app.get<{ Querystring: { Year: number } }>('/api/pr/t4-files', { schema: LIST_SCHEMA }, async (request, reply) => {
    const ctx = await contextOf(request, reply, 'pr-cheque', 'read');
    if (!ctx) return reply;
    const year = Number(request.query.Year);
    const db = prDb(ctx.db);
    const rows = await db.selectFrom('pr_t4_files').select(['file_id', 'year', 'report_type', 'created_on', 'created_by', 'slips', 'changed']).where('year', '=', year).orderBy('file_id').execute();
    // Which slips each file held (issue 45 item 6): the employee and the slip's type, O / A / C.
    const slips = await db
      .selectFrom('pr_t4_file_slips as s')
      .innerJoin('pr_t4_files as f', 'f.file_id', 's.file_id')
      .where('f.year', '=', year)
      .select(['s.file_id', 's.employee_id', 's.slip_type'])
      .orderBy('s.file_id')
      .orderBy('s.employee_id')
      .execute();
    return {
      ResultStatus: rows.length > 0 ? 1 : 6,
      List: rows.map((row) => ({
        FileId: row.file_id,
        Year: row.year,
        ReportType: row.report_type,
        CreatedOn: row.created_on,
        CreatedBy: row.created_by,
        Slips: row.slips,
        Changed: row.changed,
        SlipsFiled: slips.filter((slip) => slip.file_id === row.file_id).map((slip) => ({ EmployeeId: slip.employee_id, Type: slip.slip_type })),
      })),
    };
  });
};
