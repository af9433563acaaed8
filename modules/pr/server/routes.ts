/**
 * Payroll's own calls (issue 29 item 4), for callers who may read pay cheques (the payroll role):
 *
 *   GET /api/pr/cheques?PayDate=YYYY-MM-DD      the pay date's cheques (paid by cheque) as one PDF — Payables'
 *       cheque writer (modules/ap/documents/payment/server/cheque-pdf.ts): payee, amount in figures and words, and a pay stub of
 *       earnings and every deduction with the year to date; 400 "No PDF data." when there is none.
 *   GET /api/pr/deposit-file?PayDate=YYYY-MM-DD the CPA-005 direct-deposit file written for the pay date (the
 *       latest when there are several); 404 when none.
 */
import { PassThrough } from 'node:stream';
import { sql } from 'kysely';
import { type Decimal } from '@erp/shared/decimal';
import { apiSchema, object, text } from '@erp/server/http/schemas';
import { sendAnswer, type EntityRoutes } from '@erp/server/entities/special-routes';
import { failureAnswer } from '@erp/server/entities/answers';
import { messageIn, translatorIn } from '@erp/server/entities/call-result';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { defaultLetterhead } from '@erp/server/reports/letterhead';
import { writeChequesPdf, type PrintedCheque } from '@erp/modules/ap/server/api';
import type { CHEQUE_AMOUNTS } from './payrun.ts';
import { prDb } from './tables.generated.ts';

const QUERY = object({ PayDate: text(10, { pattern: '^\\d{4}-\\d{2}-\\d{2}$' }) }, ['PayDate']);
const FILE = { type: 'string', format: 'binary', description: 'the file (§7 file-download variant)' };
const tags = ['pr-cheque'];
const CHEQUES = apiSchema({ summary: "A pay date's payroll cheques as PDF", tags, querystring: QUERY, response: { 200: FILE } });
const DEPOSITS = apiSchema({ summary: "A pay date's CPA-005 direct-deposit file", tags, querystring: QUERY, response: { 200: FILE } });

/** The stub's lines: [label key, cheque column]. Deductions follow the earnings. */
const STUB: readonly [string, (typeof CHEQUE_AMOUNTS)[number]][] = [
  ['gross', 'gross'],
  ['cpp', 'cpp'],
  ['cpp2', 'cpp2'],
  ['qpp', 'qpp'],
  ['qpp2', 'qpp2'],
  ['ei', 'ei'],
  ['qpip', 'qpip'],
  ['federalTax', 'federal_tax'],
  ['provincialTax', 'provincial_tax'],
  ['unionDues', 'union_dues'],
  ['rpp', 'rpp'],
  ['otherDeductions', 'other_deductions'],
  ['net', 'net'],
];

export const prRoutes: EntityRoutes = async (app, { contextOf }) => {
  app.get<{ Querystring: { PayDate: string } }>('/api/pr/cheques', { schema: CHEQUES }, async (request, reply) => {
    const ctx = await contextOf(request, reply, 'pr-cheque', 'read');
    if (!ctx) return reply;
    const db = prDb(ctx.db);
    const payDate = request.query.PayDate;
    const language = ctx.user.row.language;
    const cheques = await db.selectFrom('pr_cheques').selectAll().where('pay_date', '=', payDate).where('cheque_no', 'is not', null).orderBy('cheque_no').execute();
    if (cheques.length === 0) {
      return sendAnswer(reply, { status: 400, body: { ResultStatus: 6, ResultCode: 'no_pdf_data', Message: messageIn(language, 'reports:messages.noPdfData'), EntityId: null, Exception: null } });
    }
    const translate = translatorIn(language);
    const t = (key: string) => translate(key, key);
    const letterhead = await defaultLetterhead(db);
    const engine = ctx.engine;
    const money = (raw: unknown): Decimal => decimalFromDb(engine, raw, 2) ?? '0.00';
    const year = payDate.slice(0, 4);
    // Year to date: each employee's uncancelled cheques of the year up to this pay, summed per stub column in one
    // grouped read per 1,000 employees; the banks' names in one read.
    const employeeIds = [...new Set(cheques.map((cheque) => String(cheque.employee_id)))];
    const yearToDate = new Map<string, Partial<Record<(typeof STUB)[number][1], string>>>();
    for (let start = 0; start < employeeIds.length; start += 1000) {
      const rows = await db
        .selectFrom('pr_cheques')
        .select(['employee_id', ...STUB.map(([, column]) => sql<string>`coalesce(sum(${sql.ref(column)}), 0)`.as(column))])
        .where('employee_id', 'in', employeeIds.slice(start, start + 1000))
        .where('pay_date', '>=', `${year}-01-01`)
        .where('pay_date', '<=', payDate)
        .where('status', '<>', 'Cancelled')
        .groupBy('employee_id')
        .execute();
      for (const row of rows) yearToDate.set(String(row.employee_id), row);
    }
    const bankIds = [...new Set(cheques.map((cheque) => cheque.bank_account_id ?? ''))];
    const banks = new Map((await db.selectFrom('bank_accounts').select(['bank_account_id', 'name']).where('bank_account_id', 'in', bankIds).execute()).map((row) => [row.bank_account_id, row]));
    async function* printed(): AsyncGenerator<PrintedCheque> {
      for (const cheque of cheques) {
        const history = yearToDate.get(String(cheque.employee_id)) ?? {};
        const bank = banks.get(cheque.bank_account_id ?? '');
        yield {
          chequeNo: Number(cheque.cheque_no),
          date: payDate,
          payee: String(cheque.employee_name ?? cheque.employee_id),
          amount: money(cheque.net),
          bankName: String(bank?.name ?? cheque.bank_account_id ?? ''),
          status: String(cheque.status),
          stubHeadings: [t('pr:stub.item'), t('pr:stub.hours'), t('pr:stub.current'), t('pr:stub.yearToDate')],
          stub: STUB.filter(([, column]) => column === 'gross' || column === 'net' || money(cheque[column]) !== '0.00').map(([label, column]) => ({
            documentNo: t(`pr:stub.${label}`),
            vendorDocNo: column === 'gross' ? String(decimalFromDb(engine, cheque.hours, 4) ?? '') : '',
            payment: money(cheque[column]),
            discount: money(history[column]),
          })),
        };
      }
    }
    const out = new PassThrough();
    reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="payroll-cheques-${payDate}.pdf"`).header('cache-control', 'no-store');
    void writeChequesPdf(out, letterhead, printed()).catch((error: unknown) => out.destroy(error as Error));
    return reply.send(out);
  });

  app.get<{ Querystring: { PayDate: string } }>('/api/pr/deposit-file', { schema: DEPOSITS }, async (request, reply) => {
    const ctx = await contextOf(request, reply, 'pr-cheque', 'read');
    if (!ctx) return reply;
    const file = await prDb(ctx.db).selectFrom('pr_deposit_files').select(['content', 'file_creation_no', 'bank_account_id']).where('pay_date', '=', request.query.PayDate).orderBy('file_id', 'desc').limit(1).executeTakeFirst();
    if (!file) return sendAnswer(reply, failureAnswer(404, 'not_found', 'Not Found'));
    return reply
      .header('content-type', 'text/plain; charset=us-ascii')
      .header('content-disposition', `attachment; filename="PAYROLL-${file.bank_account_id}-${String(file.file_creation_no).padStart(4, '0')}.txt"`)
      .header('cache-control', 'no-store')
      .send(file.content);
  });
};

