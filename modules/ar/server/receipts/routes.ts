/**
 * The receipt's own call (issue 21 item 8):
 *
 *   GET /api/ar/cash-receipt/:id/open-invoices   the open invoices of the receipt's customer in its currency
 *       not yet on it, oldest due first: CallResult `List: [{ DocumentNo, DocumentDate, DueDate, Balance,
 *       DiscountAvailable }]`, the discount the terms allow on the receipt date (less what was taken). What
 *       "Select open invoices" offers to pick; the picked ones go to the `auto-apply` action's `Invoices`.
 *       The rights are reading the receipt (and seeing it: §6 assigned customers).
 */
import { ZERO } from '@erp/shared/decimal';
import { apiSchema, callResult, NO_QUERY, object, RECORD } from '@erp/server/http/schemas';
import { sendAnswer, type EntityRoutes } from '@erp/server/entities/special-routes';
import { failureAnswer } from '@erp/server/entities/answers';
import { loadRecord } from '@erp/server/entities/wire';
import { cashReceipt } from '../../definitions/receipts/cash-receipt.ts';
import { discountRoom, discountsTaken } from '../subledger.ts';
import { linesOf } from './applications.ts';
import { openInvoices } from './receipt.ts';
import { arDb } from '../tables.generated.ts';

const OPEN_INVOICES_SCHEMA = apiSchema({
  summary: "The receipt customer's open invoices not yet applied, with the discount available on the receipt date",
  tags: [cashReceipt.name],
  querystring: NO_QUERY,
  params: object({ entity: { type: 'string', maxLength: 100 }, id: { type: 'string', maxLength: 64 } }, ['entity', 'id']),
  response: { 200: callResult(undefined, { List: { type: 'array', items: RECORD } }) },
});

export const receiptRoutes: EntityRoutes = async (app, { contextFor }) => {
  app.get<{ Params: { entity: string; id: string } }>('/api/ar/:entity/:id/open-invoices', { schema: OPEN_INVOICES_SCHEMA }, async (request, reply) => {
    if (request.params.entity !== cashReceipt.name) return sendAnswer(reply, failureAnswer(404, 'not_found', 'Not Found'));
    const found = await contextFor(request, reply, 'read');
    if (!found) return reply;
    const { ctx } = found;
    const record = await loadRecord(ctx.db, ctx.def, found.id);
    if (!record) return sendAnswer(reply, failureAnswer(404, 'not_found', 'Not Found'));
    const current = linesOf(record);
    const skip = new Set(current.map((line) => String(line.InvoiceNo)));
    const date = String(record['ReceiptDate']);
    // One read-only transaction: the invoices and the discounts already taken on them, as of one moment.
    const list = await arDb(ctx.db).transaction().execute(async (trx) => {
      const invoices = await openInvoices(trx, String(record['FirmId']), String(record['CurrencyCode']), skip, 2000 - current.length);
      const earlier = await discountsTaken(trx, invoices.map((invoice) => invoice.itemId));
      return invoices.map((invoice) => ({
        DocumentNo: invoice.documentNo,
        DocumentDate: invoice.documentDate,
        DueDate: invoice.dueDate,
        Balance: invoice.openBalance,
        DiscountAvailable: discountRoom(invoice, date, earlier.get(invoice.itemId) ?? ZERO),
      }));
    });
    return reply.header('cache-control', 'no-store').send({ ResultStatus: 1, ResultCode: 'ok', Message: null, EntityId: null, Exception: null, List: list });
  });
};
