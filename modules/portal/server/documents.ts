/**
 * The customer's documents (issue 69 item 2; portal calls, listed in routes.ts): the invoices and credit notes
 * of the caller's accounts, each account's statement with its aging, and their PDFs. Receivables' own
 * documents and prints are read, never copied: the A/R invoice (`ar_invoices`, posted ones only — a draft is
 * not the customer's yet), the A/R invoice print (`ar-invoice-print`) and the account statement
 * (`ar-account-statement`: its open items, its aging buckets and its PDF with the remittance stub).
 *
 *   GET /api/PortalInvoice/list?billToId=&type=&search=&page=&pageSize(≤250)=   Paged list (newest first):
 *       InvoiceId, DocumentNo, DocumentType (Invoice | CreditNote), InvoiceDate, DueDate, Status, Total,
 *       OpenBalance (the A/R item's, '0.00' once paid), OrderKey / OrderNo (the portal order it invoices)
 *   GET /api/PortalInvoice/detail/:invoiceId    CallResult Data: the list's fields, ShipToId, Reference,
 *       Description, SubTotal, TaxTotal, CreditOf, Lines [{ LineNo, Description, Quantity, UnitPrice, Amount,
 *       TaxCodes, TaxAmount }]
 *   GET /api/PortalInvoice/pdf/:invoiceId       the invoice's PDF (the A/R print), attachment
 *   GET /api/PortalStatement?billToId=          CallResult Data { BillToId, Name, StatementDate, Items [{ DocumentDate,
 *       ItemType, DocumentNo, DueDate, Amount, OpenBalance, Balance }], Aging { Current, Period1… }, Balance }
 *   GET /api/PortalStatement/pdf?billToId=      the statement's PDF (the A/R statement), attachment
 *
 * §6: an invoice whose bill-to is not one of the caller's accounts, a draft, or one that does not exist is
 * answered alike (404 not_found); a bill-to outside the caller's securables too. The PDFs are rendered by the
 * report engine with the caller's language and letterhead (`renderReportPdf` with `granted`: the right to the
 * one document is this file's rule, a portal customer opens no A/R screen). Amounts are exact decimal strings.
 */
import type { InferResult, Kysely } from 'kysely';
import { sql } from 'kysely';
import { validateReportParameters } from '@erp/shared/reports/define';
import { currentUser } from '@erp/server/auth/plugin';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { readAll } from '@erp/server/db/read';
import { registeredReport, runPage, type ReportContext } from '@erp/server/reports/engine';
import { renderReportPdf } from '@erp/server/reports/render';
import type { FastifyReply } from 'fastify';
import { fields, firmId, like, MAX_PAGE_SIZE, notFound, ok, page, paged, pageSize, rowKey, send, type PortalRoutes } from './http.ts';
import type { PortalDB } from './schema.ts';


/** The A/R documents a customer sees: posted and after (a draft is still the office's). */
const VISIBLE_STATUSES = ['Posted', 'Paid', 'Credited'] as const;
const INVOICE_PRINT = 'ar-invoice-print';
const STATEMENT = 'ar-account-statement';
/** The statement's open items on one page (a customer's open items are far fewer). */
const STATEMENT_ROWS = 1000;
const TIME_ZONE = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
const day = (value: unknown): string | null => (value === null || value === undefined ? null : value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));

function invoiceAnswer(db: Kysely<PortalDB>, row: InvoiceListRow) {
  const money = (raw: unknown) => decimalFromDb(db, raw ?? 0, 2) ?? '0.00';
  return {
    InvoiceId: row.invoice_id,
    DocumentNo: String(row.document_no),
    DocumentType: String(row.document_type),
    InvoiceDate: day(row.invoice_date),
    DueDate: day(row.due_date),
    Status: String(row.status),
    Total: money(row.total),
    OpenBalance: money(row.open_balance),
    OrderKey: row.portal_order_key ?? null,
    OrderNo: text(row.portal_order_no),
  };
}

/** The invoices of one bill-to with their open balance and the portal order they invoice (by a sales order). */
function invoicesOf(db: Kysely<PortalDB>, billToIds: readonly string[]) {
  return db
    .selectFrom('ar_invoices as i')
    .leftJoin('ar_items as a', (join) => join.onRef('a.document_no', '=', 'i.document_no').onRef('a.firm_id', '=', 'i.bill_to_id').onRef('a.item_type', '=', 'i.document_type'))
    .leftJoin('sales_orders as s', 's.invoice_id', 'i.invoice_id')
    .leftJoin('portal_orders as p', 'p.order_key', 's.portal_order_key')
    .where('i.bill_to_id', 'in', [...billToIds])
    .where('i.status', 'in', VISIBLE_STATUSES);
}

const INVOICE_COLUMNS = [
  'i.invoice_id',
  'i.document_no',
  'i.document_type',
  'i.invoice_date',
  'i.due_date',
  'i.status',
  'i.total',
  'a.open_balance',
  'p.order_key as portal_order_key',
  'p.order_no as portal_order_no',
] as const;

/** The list's columns of an invoices query (`invoicesOf`, narrowed). */
function listed(query: ReturnType<typeof invoicesOf>) {
  return query.select([...INVOICE_COLUMNS]);
}
/** An invoice of the list: its INVOICE_COLUMNS. */
type InvoiceListRow = InferResult<ReturnType<typeof listed>>[number];

/** The invoice `invoiceId` when it is one the caller may see (one of their accounts, not a draft), else null. */
async function readInvoice(routes: PortalRoutes, billToIds: readonly string[], invoiceId: number) {
  if (billToIds.length === 0) return null;
  const db = routes.db;
  const rows = await readAll(
    routes.database,
    invoicesOf(db, billToIds)
      .select([...INVOICE_COLUMNS, 'i.bill_to_id', 'i.ship_to_id', 'i.reference', 'i.description', 'i.sub_total', 'i.tax_total', 'i.credit_of'])
      .where('i.invoice_id', '=', invoiceId),
  );
  return rows[0] ?? null;
}

/** A report's PDF as an attachment, or the engine's refusal (e.g. §8 "No PDF data."). */
async function sendPdf(routes: PortalRoutes, request: Parameters<typeof currentUser>[0], reply: FastifyReply, report: string, parameters: Record<string, unknown>, name: string) {
  const zone = request.headers['x-time-zone'];
  const rendered = await renderReportPdf(routes.database, currentUser(request), report, parameters, typeof zone === 'string' && TIME_ZONE.test(zone) ? zone : 'UTC', { granted: true });
  if ('refusal' in rendered) return send(reply, rendered.refusal.status, rendered.refusal.body);
  return reply
    .code(200)
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${name}.pdf"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(rendered.pdf);
}

/** Today as the server's statements date them (UTC). */
const today = (): string => new Date().toISOString().slice(0, 10);

export function registerDocumentRoutes(routes: PortalRoutes): void {
  const { app, guard, scopeOf, allowedAccount, likeOp } = routes;
  const db = routes.db;

  app.get<{ Querystring: { billToId: string; type?: 'Invoice' | 'CreditNote'; search?: string; page?: number; pageSize?: number } }>(
    '/api/PortalInvoice/list',
    {
      ...guard,
      schema: {
        querystring: fields(
          { billToId: firmId, type: { type: 'string', enum: ['Invoice', 'CreditNote'] }, search: { type: 'string', maxLength: 100 }, page, pageSize },
          ['billToId'],
        ),
      },
    },
    async (request, reply) => {
      const allowed = await allowedAccount(request, reply, request.query.billToId);
      if (!allowed) return reply;
      let q = invoicesOf(db, [allowed.billToId]);
      if (request.query.type) q = q.where('i.document_type', '=', request.query.type);
      const search = request.query.search?.trim();
      if (search) q = q.where(sql<boolean>`i.document_no ${sql.raw(likeOp)} ${like(search)} escape '\\'`);
      const pageNo = request.query.page ?? 1;
      const size = request.query.pageSize ?? MAX_PAGE_SIZE;
      const [counted] = await readAll(routes.database, q.select(sql<number>`count(*)`.as('n')));
      const rows = await readAll(
        routes.database,
        listed(q)
          .orderBy('i.invoice_date', 'desc')
          .orderBy('i.invoice_id', 'desc')
          .limit(size)
          .offset((pageNo - 1) * size),
      );
      const list = rows.map((row) => invoiceAnswer(db, row));
      return send(reply, 200, paged(list, pageNo, size, Number(counted?.n ?? 0), ['InvoiceDate'], ['InvoiceDate']));
    },
  );

  app.get<{ Params: { invoiceId: number } }>(
    '/api/PortalInvoice/detail/:invoiceId',
    { ...guard, schema: { params: fields({ invoiceId: rowKey }, ['invoiceId']), querystring: fields({}) } },
    async (request, reply) => {
      const { scope } = await scopeOf(request);
      const row = await readInvoice(routes, [...scope.accounts.keys()], request.params.invoiceId);
      if (!row) return notFound(reply);
      const lines = await readAll(
        routes.database,
        db
          .selectFrom('ar_invoice_lines')
          .select(['line_id', 'description', 'quantity', 'unit_price', 'amount', 'tax_codes', 'tax_amount'])
          .where('invoice_id', '=', request.params.invoiceId)
          .orderBy('line_id'),
      );
      const money = (raw: unknown, scale = 2) => decimalFromDb(db, raw ?? 0, scale) ?? '0';
      return ok(
        reply,
        {
          ...invoiceAnswer(db, row),
          BillToId: String(row.bill_to_id),
          BillToName: scope.firms.get(String(row.bill_to_id)) ?? null,
          ShipToId: text(row.ship_to_id),
          Reference: text(row.reference),
          Description: text(row.description),
          SubTotal: money(row.sub_total),
          TaxTotal: money(row.tax_total),
          CreditOf: text(row.credit_of),
          Lines: lines.map((line, index) => ({
            LineNo: index + 1,
            Description: line.description ?? '',
            Quantity: money(line.quantity, 4),
            UnitPrice: money(line.unit_price, 4),
            Amount: money(line.amount),
            TaxCodes: text(line.tax_codes),
            TaxAmount: money(line.tax_amount),
          })),
        },
        { EntityId: String(row.document_no) },
      );
    },
  );

  app.get<{ Params: { invoiceId: number } }>(
    '/api/PortalInvoice/pdf/:invoiceId',
    { ...guard, schema: { params: fields({ invoiceId: rowKey }, ['invoiceId']), querystring: fields({}) } },
    async (request, reply) => {
      const { scope } = await scopeOf(request);
      const row = await readInvoice(routes, [...scope.accounts.keys()], request.params.invoiceId);
      if (!row) return notFound(reply);
      const documentNo = String(row.document_no);
      return sendPdf(routes, request, reply, INVOICE_PRINT, { InvoiceNo: documentNo }, documentNo);
    },
  );

  app.get<{ Querystring: { billToId: string } }>(
    '/api/PortalStatement',
    { ...guard, schema: { querystring: fields({ billToId: firmId }, ['billToId']) } },
    async (request, reply) => {
      const allowed = await allowedAccount(request, reply, request.query.billToId);
      if (!allowed) return reply;
      const report = registeredReport(STATEMENT);
      if (!report) return notFound(reply);
      const statementDate = today();
      const checked = validateReportParameters(report.def, { StatementDate: statementDate, CustomerId: allowed.billToId });
      if (!checked.ok) return notFound(reply);
      const ctx: ReportContext = { database: routes.database, db: routes.database.db, params: checked.value, user: currentUser(request), state: {} };
      if (report.prepare && (await report.prepare(ctx)).length > 0) return notFound(reply);
      const result = await runPage(ctx, report, 1, STATEMENT_ROWS);
      const group = result.Groups[0];
      const buckets = report.def.columns.filter((column) => column.hidden && column.total).map((column) => column.field);
      const zero = '0.00';
      return ok(reply, {
        BillToId: allowed.billToId,
        Name: allowed.scope.firms.get(allowed.billToId) ?? null,
        StatementDate: statementDate,
        Items: result.List.map((item) => ({
          DocumentDate: item['DocumentDate'] ?? null,
          ItemType: item['ItemType'] ?? null,
          DocumentNo: item['DocumentNo'] ?? null,
          DueDate: item['DueDate'] ?? null,
          Amount: item['Amount'] ?? zero,
          OpenBalance: item['OpenBalance'] ?? zero,
          Balance: item['Balance'] ?? zero,
        })),
        Aging: Object.fromEntries(buckets.map((bucket) => [bucket, group?.Subtotals?.[bucket] ?? result.Totals[bucket] ?? zero])),
        Balance: result.Totals['OpenBalance'] ?? zero,
      });
    },
  );

  app.get<{ Querystring: { billToId: string } }>(
    '/api/PortalStatement/pdf',
    { ...guard, schema: { querystring: fields({ billToId: firmId }, ['billToId']) } },
    async (request, reply) => {
      const allowed = await allowedAccount(request, reply, request.query.billToId);
      if (!allowed) return reply;
      return sendPdf(routes, request, reply, STATEMENT, { StatementDate: today(), CustomerId: allowed.billToId }, `statement-${allowed.billToId}-${today()}`);
    },
  );
}
