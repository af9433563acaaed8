/**
 * Payables' own calls (issue 24 item 2), on a payment run the caller may read:
 *
 *   GET /api/ap/ap-payment-batch/:id/cheques       the run's cheques as one PDF (cheque-pdf.ts); 400 "No PDF
 *       data." while the run has no printed cheque (not printed yet, or paid by EFT).
 *   GET /api/ap/ap-payment-batch/:id/eft           the run's CPA 005 file as written when it was paid (eft.ts);
 *       404 when the run wrote none.
 *   GET /api/ap/ap-payment-batch/:id/next-cheque   `{ NextChequeNo }`: the number the run's bank prints next
 *       (what the cheque printing screen proposes as StartingChequeNo).
 *   POST /api/ap/ap-payment-batch/:id/print  { Version, StartingChequeNo? }   the run's `print` action with a
 *       starting cheque number (the generic action call takes no such input: it prints from the bank's next).
 *   POST /api/ap/ap-cheque/:id/cancel  { Version, CancelDate, CancelReason }   the cheque's `cancel` action with
 *       its date and reason (the generic action, from the cheque screen, reads them from the saved record).
 * Both run the one generic action (entities/documents.ts `runAction`: rights, state, version, one transaction).
 *
 *   POST /api/ap/invoice-line-preview  { Header: { VendorId?, ShipToState?, DocDate?, TransactionDate? },
 *        Line: { Quantity?, UnitPrice?, TaxGroup?, ReceiptLineId? } } (the document form's wire values; other keys
 *        are ignored) → CallResult Data { Amount, PoPrice, Variance, TaxCodes, TaxAmount }: a vendor invoice line's
 *        figures as the save stores them (invoices.ts `invoiceLinePreview`, the save's own pricing), the vendor
 *        invoice lines' `linePreview` (issue 71 item 2). Right: reading vendor invoices; nothing is written; a
 *        quantity or price that is not a number answers 400.
 */
import { PassThrough } from 'node:stream';
import { apiSchema, callResult, INT32, integer, NO_QUERY, object, RECORD, text } from '@erp/server/http/schemas';
import { sendAnswer, type EntityRoutes } from '@erp/server/entities/special-routes';
import { failureAnswer } from '@erp/server/entities/answers';
import { runAction } from '@erp/server/entities/documents';
import { messageIn } from '@erp/server/entities/call-result';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { defaultLetterhead } from '@erp/server/reports/letterhead';
import { apPaymentBatch } from '../documents/payment/definition.ts';
import { writeChequesPdf, type PrintedCheque } from '../documents/payment/server/cheque-pdf.ts';
import { nextChequeNo } from '../documents/payment/server/payments.ts';
import { invoiceLinePreview } from './invoices.ts';
import { callResult as resultOf } from '@erp/server/entities/call-result';
import { isDecimal } from '@erp/shared/decimal';
import { apDb } from './tables.generated.ts';
import type { WireRecord } from '@erp/server/entities/hooks';

const PARAMS = object({ entity: { type: 'string', maxLength: 100 }, id: { type: 'string', maxLength: 64 } }, ['entity', 'id']);
const FILE = { type: 'string', format: 'binary', description: 'the file (§7 file-download variant)' };
const tags = [apPaymentBatch.name];

const CHEQUES = apiSchema({ summary: "A printed payment run's cheques as PDF", tags, params: PARAMS, querystring: NO_QUERY, response: { 200: FILE } });
const EFT = apiSchema({ summary: "A payment run's CPA 005 EFT file", tags, params: PARAMS, querystring: NO_QUERY, response: { 200: FILE } });
const NEXT = apiSchema({ summary: "The next cheque number of a payment run's bank", tags, params: PARAMS, querystring: NO_QUERY, response: { 200: callResult(undefined, { NextChequeNo: { type: 'integer' } }) } });

const PRINT = apiSchema({
  summary: "Pay an approved run (its `print` action) from a starting cheque number",
  tags,
  params: PARAMS,
  querystring: NO_QUERY,
  body: object({ Version: integer(1, INT32), StartingChequeNo: integer(1, 99999999) }, ['Version']),
  response: { 200: callResult(RECORD) },
});
const CANCEL = apiSchema({
  summary: 'Cancel an Open cheque (its `cancel` action) with a date and a reason',
  tags: ['ap-cheque'],
  params: PARAMS,
  querystring: NO_QUERY,
  body: object({ Version: integer(1, INT32), CancelDate: text(10, { pattern: '^\\d{4}-\\d{2}-\\d{2}$' }), CancelReason: text(200) }, ['Version']),
  response: { 200: callResult(RECORD) },
});

const LINE_PREVIEW = apiSchema({
  summary: 'The figures of one vendor invoice line as the save would store them (amount, taxes, variance)',
  tags: ['ap-invoice'],
  querystring: NO_QUERY,
  body: object({ Header: { type: 'object' }, Line: { type: 'object' } }, ['Header', 'Line']),
  response: { 200: callResult(RECORD) },
});

/** A line's quantity or price as the form sends it: blank, or a decimal of at most 4 places. */
const decimalOrBlank = (value: unknown) => value === undefined || value === null || value === '' || (typeof value === 'string' && isDecimal(value) && !/\.\d{5}/.test(value) && value.length <= 20);

export const apRoutes: EntityRoutes = async (app, { contextFor, contextOf }) => {
  app.post<{ Body: { Header: WireRecord; Line: WireRecord } }>('/api/ap/invoice-line-preview', { schema: LINE_PREVIEW }, async (request, reply) => {
    const ctx = await contextOf(request, reply, 'ap-invoice', 'read');
    if (!ctx) return reply;
    const { Header: header, Line: line } = request.body;
    if (!decimalOrBlank(line['Quantity']) || !decimalOrBlank(line['UnitPrice'])) {
      return sendAnswer(reply, { status: 400, body: resultOf(2, 'validation_failed', messageIn(ctx.user.row.language, 'ap:ap-invoice.rules.previewInvalid')) });
    }
    // Only reads, in one short transaction: the pricing's setup reads are per transaction.
    const data = await apDb(ctx.db).transaction().execute((trx) => invoiceLinePreview(trx, header, line));
    return sendAnswer(reply, { status: 200, body: resultOf(1, 'ok', null, { Data: data }) });
  });

  // The generic action with this module's inputs (see the header), for the one entity each call serves.
  for (const [path, entity, action, schema] of [
    ['/api/ap/:entity/:id/print', apPaymentBatch.name, 'print', PRINT],
    ['/api/ap/:entity/:id/cancel', 'ap-cheque', 'cancel', CANCEL],
  ] as const) {
    app.post<{ Params: { entity: string; id: string }; Body: Record<string, unknown> }>(path, { schema }, async (request, reply) => {
      if (request.params.entity !== entity) return sendAnswer(reply, failureAnswer(404, 'not_found', 'Not Found'));
      const found = await contextFor(request, reply, 'write');
      if (!found) return reply;
      return sendAnswer(reply, await runAction(found.ctx, request.params.id, action, request.body));
    });
  }

  /** The run the caller may read, or null after answering. */
  async function runOf(request: import('fastify').FastifyRequest<{ Params: { entity: string; id: string } }>, reply: import('fastify').FastifyReply) {
    if (request.params.entity !== apPaymentBatch.name) {
      await sendAnswer(reply, failureAnswer(404, 'not_found', 'Not Found'));
      return null;
    }
    const found = await contextFor(request, reply, 'read');
    if (!found) return null;
    const batch = await apDb(found.ctx.db).selectFrom('ap_payment_batches').selectAll().where('batch_id', '=', Number(found.id)).executeTakeFirst();
    if (!batch) {
      await sendAnswer(reply, failureAnswer(404, 'not_found', 'Not Found'));
      return null;
    }
    return { ctx: found.ctx, batch };
  }

  app.get<{ Params: { entity: string; id: string } }>('/api/ap/:entity/:id/cheques', { schema: CHEQUES }, async (request, reply) => {
    const run = await runOf(request, reply);
    if (!run) return reply;
    const db = apDb(run.ctx.db);
    const cheques = await db.selectFrom('ap_cheques').selectAll().where('batch_id', '=', run.batch.batch_id).where('payment_method', '=', 'Cheque').orderBy('cheque_no').execute();
    if (cheques.length === 0) {
      return sendAnswer(reply, { status: 400, body: { ResultStatus: 6, ResultCode: 'no_pdf_data', Message: messageIn(run.ctx.user.row.language, 'reports:messages.noPdfData'), EntityId: null, Exception: null } });
    }
    const bank = await db.selectFrom('bank_accounts').select('name').where('bank_account_id', '=', String(run.batch.bank_account_id)).executeTakeFirst();
    const letterhead = await defaultLetterhead(db);
    const engine = run.ctx.engine;
    async function* printed(): AsyncGenerator<PrintedCheque> {
      for (const cheque of cheques) {
        const stub = await db
          .selectFrom('ap_applications as a')
          .innerJoin('ap_items as i', 'i.item_id', 'a.to_item_id')
          .select(['i.document_no', 'i.vendor_doc_no', 'a.amount', 'a.discount'])
          .where('a.origin_type', '=', 'ap-cheque')
          .where('a.origin_id', '=', String(cheque.cheque_id))
          .orderBy('a.application_id')
          .execute();
        yield {
          chequeNo: Number(cheque.cheque_no),
          date: String(cheque.payment_date),
          payee: String(cheque.vendor_name ?? cheque.vendor_id),
          amount: decimalFromDb(engine, cheque.amount, 2) ?? '0.00',
          bankName: String(bank?.name ?? run!.batch.bank_account_id),
          status: String(cheque.status),
          stub: stub.map((line) => ({ documentNo: line.document_no, vendorDocNo: line.vendor_doc_no ?? '', payment: decimalFromDb(engine, line.amount, 2) ?? '0.00', discount: decimalFromDb(engine, line.discount, 2) ?? '0.00' })),
        };
      }
    }
    const out = new PassThrough();
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="cheques-${String(run.batch.batch_no ?? run.batch.batch_id)}.pdf"`)
      .header('cache-control', 'no-store');
    void writeChequesPdf(out, letterhead, printed()).catch((error: unknown) => out.destroy(error as Error));
    return reply.send(out);
  });

  app.get<{ Params: { entity: string; id: string } }>('/api/ap/:entity/:id/eft', { schema: EFT }, async (request, reply) => {
    const run = await runOf(request, reply);
    if (!run) return reply;
    const file = await apDb(run.ctx.db).selectFrom('ap_eft_files').select(['content', 'file_creation_no', 'bank_account_id']).where('batch_id', '=', run.batch.batch_id).executeTakeFirst();
    if (!file) return sendAnswer(reply, failureAnswer(404, 'not_found', 'Not Found'));
    return reply
      .header('content-type', 'text/plain; charset=us-ascii')
      .header('content-disposition', `attachment; filename="EFT-${file.bank_account_id}-${String(file.file_creation_no).padStart(4, '0')}.txt"`)
      .header('cache-control', 'no-store')
      .send(file.content);
  });

  app.get<{ Params: { entity: string; id: string } }>('/api/ap/:entity/:id/next-cheque', { schema: NEXT }, async (request, reply) => {
    const run = await runOf(request, reply);
    if (!run) return reply;
    const next = await apDb(run.ctx.db).transaction().execute((trx) => nextChequeNo(trx, String(run.batch.bank_account_id)));
    return reply.header('cache-control', 'no-store').send({ ResultStatus: 1, ResultCode: 'ok', Message: null, EntityId: null, Exception: null, NextChequeNo: next });
  });
};
