/**
 * The RL-1 XML file for Revenu Québec (issue 45 items 2 and 6), for the payroll role:
 *
 *   POST /api/pr/rl1-file  { Parameters: { Year } }   the year's RL-1 slips as RQ's relevés XML (rl1-xml.ts),
 *       recorded in pr_rl1_files (who, when, which kind, which slips, the RLZ-1.S totals of the year's slips, the
 *       XML) with its slips in pr_rl1_file_slips (employee, kind, slip number, the amounts filed). A transmission
 *       holds one kind of slip, so the next file is the first of:
 *         R — the year's first file (every slip), or the slips of employees never filed (or filed and cancelled);
 *         A — the slips whose amounts changed since filed: a new number, the one replaced in NoReleveDerniereTrans;
 *         D — the slips filed whose employee has no RL-1 any more: cancelled under the number filed.
 *       Slip numbers come from the range RQ assigned (pr_employer.rl_slip_first, 8 digits), each with its modulo-7
 *       check digit, one after another across files. 400 when a rule fails (identification number, slip number,
 *       SIN, software identifiers …) or when nothing changed since the last file.
 *   GET  /api/pr/rl1-files?Year=YYYY   the year's generations (who, when, kind, slips, which changed, the RLZ-1.S
 *       totals) and what the next file would hold (Pending: R / A / D counts).
 *   POST /api/pr/rl1-summary  { Parameters: { Year } }   the year's RLZ-1.S as a PDF from the slips filed
 *       (rl1-summary.ts); 400 when none was filed.
 */
import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { type Decimal } from '@erp/shared/decimal';
import { apiSchema, object } from '@erp/server/http/schemas';
import { sendAnswer, type EntityRoutes } from '@erp/server/entities/special-routes';
import { localeOf, messageIn } from '@erp/server/entities/call-result';
import { localeFile } from '@erp/server/i18n/locale-files';
import { oneAtATime } from '@erp/server/exactly-once/holder';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import type { Kysely } from 'kysely';
import { RL1_BOXES, boxField } from '../definitions/reports.ts';
import { loadTables, rateOf } from './deductions.ts';
import { rl1YearRows } from './reports.ts';
import { filedRl1, writeRl1SummaryPdf } from './rl1-summary.ts';
import { RL1_CODES, buildRl1Xml, rl1Digest, rl1Problems, rlz1sTotals, slipNumberAt, type Rl1Employer, type Rl1Slip, type Rl1SlipType } from './rl1-xml.ts';
import { prDb, type PrDatabase } from './tables.generated.ts';

type PrDb = Kysely<PrDatabase>;

const tags = ['pr-cheque'];
const YEAR = { type: 'integer', minimum: 2000, maximum: 2099 };
const FILE_SCHEMA = apiSchema({ summary: "A year's RL-1 slips as Revenu Québec XML", tags, querystring: object({}), body: object({ Parameters: object({ Year: YEAR }, ['Year']) }, ['Parameters']), response: { 200: { type: 'string', description: 'the XML file' } } });
const SUMMARY_SCHEMA = apiSchema({ summary: "A year's RLZ-1.S (summary of source deductions and employer contributions) as a PDF", tags, querystring: object({}), body: object({ Parameters: object({ Year: YEAR }, ['Year']) }, ['Parameters']), response: { 200: { type: 'string', description: 'the PDF' } } });
const LIST_SCHEMA = apiSchema({ summary: "A year's RL-1 XML files generated", tags, querystring: object({ Year: YEAR }, ['Year']), response: { 200: { type: 'object', additionalProperties: true } } });

/** What the header names as the software (NomLogiciel, VersionLogiciel). */
const SOFTWARE = { name: 'NOVUS Payroll', version: '2026.1' };
/** The kinds in the order the next file takes them (one kind per transmission). */
const ORDER: readonly Rl1SlipType[] = ['R', 'A', 'D'];

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** The slip's box names (`pr:rl1BoxNames`) in a language: their keys hold a dot (B.A), which a message key cannot. */
const boxNames = new Map<string, Record<string, string>>();
function boxNamesIn(locale: string): Record<string, string> {
  if (!boxNames.has(locale)) {
    const file = localeFile(locale, 'pr');
    boxNames.set(locale, file ? ((JSON.parse(readFileSync(file, 'utf8')) as { rl1BoxNames?: Record<string, string> }).rl1BoxNames ?? {}) : {});
  }
  return boxNames.get(locale)!;
}

/** The employer's RL-1 data: the default company (name, address) and pr_employer (RQ accounts, contact). */
export async function rl1Employer(db: PrDb): Promise<{ employer: Rl1Employer; slipFirst: string } | null> {
  const company = await db.selectFrom('companies').select(['name', 'address', 'city', 'province_code', 'postal_code']).orderBy('is_default', 'desc').orderBy('company_id').limit(1).executeTakeFirst();
  const account = await db.selectFrom('pr_employer').selectAll().orderBy('employer_id').limit(1).executeTakeFirst();
  if (!company || !account) return null;
  return {
    slipFirst: text(account.rl_slip_first),
    employer: {
      rqIdNumber: text(account.rq_id_number),
      neq: text(account.rq_neq),
      name: text(company.name),
      address: text(company.address),
      city: text(company.city),
      province: text(company.province_code),
      postalCode: text(company.postal_code),
      transmitterNo: text(account.rq_transmitter_no),
      contactName: text(account.contact_name),
      contactArea: text(account.contact_area),
      contactPhone: text(account.contact_phone),
      contactEmail: text(account.contact_email),
      certificationNo: text(account.rq_certification_no),
      partnerId: text(account.rq_partner_id),
      productId: text(account.rq_product_id),
    },
  };
}

type EmployeeRow = Pick<Rl1Slip, 'lastName' | 'firstName' | 'address' | 'city' | 'province' | 'postalCode' | 'sin'>;

async function employeesOf(db: PrDb, ids: readonly string[]): Promise<Map<string, EmployeeRow>> {
  const found = new Map<string, EmployeeRow>();
  for (let start = 0; start < ids.length; start += 1000) {
    const rows = await db.selectFrom('pr_employees').select(['employee_id', 'first_name', 'last_name', 'address', 'city', 'province_code', 'postal_code', 'sin']).where('employee_id', 'in', ids.slice(start, start + 1000)).execute();
    for (const row of rows) {
      found.set(row.employee_id, {
        lastName: text(row.last_name),
        firstName: text(row.first_name),
        address: text(row.address),
        city: text(row.city),
        province: text(row.province_code),
        postalCode: text(row.postal_code),
        sin: text(row.sin),
      });
    }
  }
  return found;
}

const NOBODY: EmployeeRow = { lastName: '', firstName: '', address: '', city: '', province: '', postalCode: '', sin: '' };

/** The year's slips as the payroll now computes them (kind R and no number until compared with what was filed). */
export async function currentRl1Slips(db: PrDb, engine: 'sqlite' | 'postgres', year: number): Promise<Rl1Slip[]> {
  const rows = await rl1YearRows(db, year);
  const employees = await employeesOf(
    db,
    rows.map((row) => String(row['EmployeeId'])),
  );
  const money = (raw: unknown): Decimal => decimalFromDb(engine, raw, 2) ?? '0.00';
  return rows.map((row) => {
    const id = String(row['EmployeeId']);
    return {
      employeeId: id,
      ...(employees.get(id) ?? NOBODY),
      // The boxes, then the additional-information codes (D-2 → CodeD2).
      boxes: Object.fromEntries([...RL1_BOXES.map((box) => [box, money(row[boxField(box)])]), ...RL1_CODES.map((code) => [code, money(row[`Code${code.replace('-', '')}`])])]),
      employerQpp: money(row['EmployerQpp']),
      employerQpip: money(row['EmployerQpip']),
      type: 'R',
      slipNumber: '',
      previousNumber: '',
    };
  });
}

interface Filed {
  number: string;
  amounts: string;
  cancelled: boolean;
}

/** The slips last filed for the year, per employee: the number, the amounts and whether it was cancelled. */
async function filedSlips(db: PrDb, year: number): Promise<Map<string, Filed>> {
  const rows = await db
    .selectFrom('pr_rl1_file_slips as s')
    .innerJoin('pr_rl1_files as f', 'f.file_id', 's.file_id')
    .where('f.year', '=', year)
    .select(['s.employee_id', 's.slip_type', 's.slip_number', 's.amounts'])
    .orderBy('f.file_id')
    .execute();
  const filed = new Map<string, Filed>();
  for (const row of rows) filed.set(row.employee_id, { number: row.slip_number, amounts: row.amounts, cancelled: row.slip_type === 'D' });
  return filed;
}

export interface Rl1Generation {
  /** The slips of each kind still to send (without numbers yet). */
  byKind: Record<Rl1SlipType, Rl1Slip[]>;
  /** Every slip of the year as now computed (the RLZ-1.S totals). */
  all: Rl1Slip[];
  first: boolean;
}

/** What the next files hold: every slip as R when none was filed for the year, else R / A / D by what changed. */
export async function pendingRl1(db: PrDb, engine: 'sqlite' | 'postgres', year: number): Promise<Rl1Generation> {
  const all = await currentRl1Slips(db, engine, year);
  const filed = await filedSlips(db, year);
  const byKind: Record<Rl1SlipType, Rl1Slip[]> = { R: [], A: [], D: [] };
  const now = new Set(all.map((slip) => slip.employeeId));
  for (const slip of all) {
    const before = filed.get(slip.employeeId);
    if (!before || before.cancelled) byKind.R.push(slip);
    else if (before.amounts !== rl1Digest(slip)) byKind.A.push({ ...slip, type: 'A', previousNumber: before.number });
  }
  const gone = [...filed].filter(([employeeId, before]) => !now.has(employeeId) && !before.cancelled);
  const people = await employeesOf(
    db,
    gone.map(([employeeId]) => employeeId),
  );
  for (const [employeeId, before] of gone) {
    // A cancellation names the slip as filed: its number, the employee's SIN and name.
    byKind.D.push({ employeeId, ...(people.get(employeeId) ?? NOBODY), boxes: {}, employerQpp: '0.00', employerQpip: '0.00', type: 'D', slipNumber: before.number, previousNumber: '' });
  }
  return { byKind, all, first: filed.size === 0 };
}

export const rl1FileRoutes: EntityRoutes = async (app, { contextOf }) => {
  app.post<{ Body: { Parameters: { Year: number } } }>('/api/pr/rl1-file', { schema: FILE_SCHEMA }, async (request, reply) => {
    // Writing the file records it: the payroll role's write right on its cheques (as the T4 file).
    const ctx = await contextOf(request, reply, 'pr-cheque', 'write');
    if (!ctx) return reply;
    const year = request.body.Parameters.Year;
    const language = ctx.user.row.language;
    const refuse = (key: string, params: Record<string, unknown> = {}) =>
      sendAnswer(reply, { status: 400, body: { ResultStatus: 2, ResultCode: `rl1_${key}`, Message: messageIn(language, `pr:rl1File.${key}`, params), EntityId: null, Exception: null } });
    // Exactly once (issue 39): one generation at a time on every instance; a caller that waited finds it recorded.
    const once = await oneAtATime(ctx, request, `pr:rl1-file:${year}`, messageIn(language, 'pr:reports.rl1.title'), () =>
      prDb(ctx.db).transaction().execute(async (trx) => {
        const found = await rl1Employer(trx);
        if (!found) return { refused: ['employerMissing', {}] as const };
        const pending = await pendingRl1(trx, ctx.engine, year);
        const kind = ORDER.find((type) => pending.byKind[type].length > 0);
        if (kind === undefined) return { refused: [pending.first ? 'noSlips' : 'unchanged', {}] as const };
        // R and A take new numbers from RQ's range, after every number used so far (any year); D keeps its own.
        const used = await trx.selectFrom('pr_rl1_file_slips').select((eb) => eb.fn.countAll().as('n')).where('slip_type', '<>', 'D').executeTakeFirst();
        const base = Number(used?.n ?? 0);
        const slips: Rl1Slip[] = [];
        for (const [index, slip] of pending.byKind[kind].entries()) {
          if (kind === 'D') {
            slips.push(slip);
            continue;
          }
          const number = slipNumberAt(found.slipFirst, base + index);
          if (number === null) return { refused: ['slipRangeInvalid', {}] as const };
          slips.push({ ...slip, type: kind, slipNumber: number });
        }
        const file = { year, employer: found.employer, slips, softwareName: SOFTWARE.name, softwareVersion: SOFTWARE.version };
        const problems = rl1Problems(file);
        if (problems.length > 0) return { refused: [problems[0]!.key, { employee: problems[0]!.employeeId ?? '' }] as const };
        const content = buildRl1Xml(file);
        const changed = pending.first ? '' : slips.map((slip) => `${slip.employeeId} ${slip.type}`).join(', ');
        const inserted = await trx
          .insertInto('pr_rl1_files')
          .values({ year, transmission_type: kind, created_on: new Date().toISOString(), created_by: ctx.user.userId, slips: slips.length, changed, summary: JSON.stringify(rlz1sTotals(pending.all)), content })
          .returning('file_id')
          .executeTakeFirstOrThrow();
        const fileId = inserted.file_id;
        for (let start = 0; start < slips.length; start += 500) {
          await trx
            .insertInto('pr_rl1_file_slips')
            .values(slips.slice(start, start + 500).map((slip) => ({ file_id: fileId, employee_id: slip.employeeId, slip_type: slip.type, slip_number: slip.slipNumber, amounts: slip.type === 'D' ? '[]' : rl1Digest(slip) })))
            .execute();
        }
        return { content, fileId, refused: undefined };
      }),
    );
    if (once.busy !== undefined) return sendAnswer(reply, { status: 409, body: { ResultStatus: 2, ResultCode: 'in_progress', Message: once.busy, EntityId: null, Exception: null } });
    const result = once.value;
    if (result.refused) return refuse(result.refused[0], result.refused[1]);
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="RL1-${year}-${String(result.fileId).padStart(6, '0')}.xml"`)
      .header('cache-control', 'no-store')
      .send(result.content);
  });

  app.get<{ Querystring: { Year: number } }>('/api/pr/rl1-files', { schema: LIST_SCHEMA }, async (request, reply) => {
    const ctx = await contextOf(request, reply, 'pr-cheque', 'read');
    if (!ctx) return reply;
    const year = Number(request.query.Year);
    const db = prDb(ctx.db);
    const rows = await db.selectFrom('pr_rl1_files').select(['file_id', 'year', 'transmission_type', 'created_on', 'created_by', 'slips', 'changed', 'summary']).where('year', '=', year).orderBy('file_id').execute();
    const slips = await db
      .selectFrom('pr_rl1_file_slips as s')
      .innerJoin('pr_rl1_files as f', 'f.file_id', 's.file_id')
      .where('f.year', '=', year)
      .select(['s.file_id', 's.employee_id', 's.slip_type', 's.slip_number'])
      .orderBy('s.file_id')
      .orderBy('s.employee_id')
      .execute();
    const pending = await db.transaction().execute((trx) => pendingRl1(trx, ctx.engine, year));
    return {
      ResultStatus: rows.length > 0 ? 1 : 6,
      List: rows.map((row) => ({
        FileId: row.file_id,
        Year: row.year,
        TransmissionType: row.transmission_type,
        CreatedOn: row.created_on,
        CreatedBy: row.created_by,
        Slips: row.slips,
        Changed: row.changed,
        Summary: JSON.parse(row.summary) as Record<string, Decimal>,
        SlipNumbers: slips.filter((slip) => slip.file_id === row.file_id).map((slip) => ({ EmployeeId: slip.employee_id, Type: slip.slip_type, Number: slip.slip_number })),
      })),
      Pending: Object.fromEntries(ORDER.map((type) => [type, pending.byKind[type].length])),
    };
  });

  app.post<{ Body: { Parameters: { Year: number } } }>('/api/pr/rl1-summary', { schema: SUMMARY_SCHEMA }, async (request, reply) => {
    const ctx = await contextOf(request, reply, 'pr-cheque', 'read');
    if (!ctx) return reply;
    const year = request.body.Parameters.Year;
    const language = ctx.user.row.language;
    const refuse = (key: string) => sendAnswer(reply, { status: 400, body: { ResultStatus: 2, ResultCode: `rl1_${key}`, Message: messageIn(language, `pr:rl1File.${key}`, { year }), EntityId: null, Exception: null } });
    const page = await prDb(ctx.db).transaction().execute(async (trx) => {
      const found = await rl1Employer(trx);
      if (!found) return 'employerMissing' as const;
      const filed = await filedRl1(trx, year);
      if (filed.slips === 0) return 'summaryNothingFiled' as const;
      const tables = await loadTables(trx, `${year}-12-31`, ['QC']);
      const pending = await pendingRl1(trx, ctx.engine, year);
      return { employer: found.employer, filed, qpipEmployerRate: rateOf(tables, 'QC', 'QPIP_EMPLOYER_RATE') ?? '0', pending: ORDER.reduce((count, type) => count + pending.byKind[type].length, 0) };
    });
    if (typeof page === 'string') return refuse(page);
    const out = new PassThrough();
    reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="RLZ-1.S-${year}.pdf"`).header('cache-control', 'no-store');
    const locale = localeOf(language);
    const boxName = (box: string) => boxNamesIn(locale)[box] ?? boxNamesIn('en-CA')[box] ?? box;
    void writeRl1SummaryPdf(out, { year, ...page, text: (key, params = {}) => messageIn(language, `pr:${key}`, params), boxName }).catch((error: unknown) => out.destroy(error as Error));
    return reply.send(out);
  });
};
