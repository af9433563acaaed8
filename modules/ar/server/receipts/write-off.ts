/**
 * Server rules of write-offs (`ar-write-off`, issue 22 item 7; definition modules/ar/definitions/receipts/write-off.ts).
 *
 * Save (in the save's transaction): §6 assigned customers; an active bill-to customer; the date needs an open A/R
 * period; the invoice must be an open invoice of the customer in the home currency (ItemId, CurrencyCode and
 * Balance filled in); the amount cannot exceed its open balance.
 * `post` (Draft → Posted): the same checks on the invoice as it stands now; Dr write-off (GL integration AR
 * WRITE-OFF), Cr receivables (source AR, A/R period flag); the write-off becomes an AR item (type WriteOff,
 * −Amount) applied to the invoice (applications.ts applyLines: the invoice locked, its balance checked again).
 */
import { cmp, neg } from '@erp/shared/decimal';
import { arWriteOff } from '../../definitions/receipts/write-off.ts';
import { BusinessError } from '@erp/server/entities/call-result';
import type { Transaction } from 'kysely';
import type { Change, EntityContext, EntityHooks } from '@erp/server/entities/hooks';
import { decimalFromDb, engineOf } from '@erp/server/db/decimal-codec';
import { addArItem, arAccount, postAr } from '../subledger.ts';
import { homeCurrency } from '../fx.ts';
import { applyLines, checkHeader, postAction } from './applications.ts';
import { setField } from '@erp/server/entities/hooks';
import { arDb, type ArDatabase } from '../tables.generated.ts';

interface OpenInvoice {
  itemId: number;
  currency: string;
  balance: string;
}

/** The open home-currency invoice `invoiceNo` of `firmId`, or the refusal. */
async function invoiceOf(trx: Transaction<ArDatabase>, firmId: string, invoiceNo: string): Promise<OpenInvoice> {
  const row = await trx
    .selectFrom('ar_items')
    .select(['item_id', 'currency', 'open_balance', 'foreign_open_balance'])
    .where('firm_id', '=', firmId)
    .where('document_no', '=', invoiceNo)
    .where('item_type', '=', 'Invoice')
    .where('status', '=', 'Open')
    .executeTakeFirst();
  if (!row) throw BusinessError.of(400, 'validation_failed', 'ar:receipts.rules.invoiceInvalid', { invoice: invoiceNo }, 'InvoiceNo');
  const currency = row.currency;
  if (row.foreign_open_balance != null || currency !== (await homeCurrency(trx))) {
    throw BusinessError.of(400, 'validation_failed', 'ar:ar-write-off.rules.homeCurrencyOnly', { invoice: invoiceNo, currency }, 'InvoiceNo');
  }
  return { itemId: row.item_id, currency, balance: decimalFromDb(engineOf(trx), row.open_balance, 2) ?? '0.00' };
}

function assertWithinBalance(amount: string, invoice: OpenInvoice): void {
  if (cmp(amount, invoice.balance) > 0) throw BusinessError.of(400, 'validation_failed', 'ar:ar-write-off.rules.exceedsBalance', { balance: invoice.balance }, 'Amount');
}

async function beforeWrite<D>(ctx: EntityContext, engineTrx: Transaction<D>, change: Change): Promise<void> {
  const trx = arDb(engineTrx);
  const next = change.next;
  const firmId = await checkHeader(ctx, trx, change, 'WriteOffDate');
  const invoice = await invoiceOf(trx, firmId, String(next['InvoiceNo']));
  if (next['ItemId'] !== invoice.itemId) setField(change, 'ItemId', invoice.itemId);
  if (next['CurrencyCode'] !== invoice.currency) setField(change, 'CurrencyCode', invoice.currency);
  if (next['Balance'] !== invoice.balance) setField(change, 'Balance', invoice.balance);
  assertWithinBalance(String(next['Amount']), invoice);
}

export const writeOffHooks: EntityHooks = {
  beforeWrite,
  actions: {
    post: postAction('WriteOffDate', async (ctx, run, { firmId, date, documentNo }) => {
      const { record } = run;
      const trx = arDb(run.trx);
      const amount = String(record['Amount']);
      const invoice = await invoiceOf(trx, firmId, String(record['InvoiceNo']));
      assertWithinBalance(amount, invoice);
      const origin = { type: arWriteOff.name, id: String(record['WriteOffId']) };
      const reason = String(record['Reason'] ?? '');
      const posted = await postAr(trx, {
        date,
        documentNo,
        description: `${firmId} ${String(record['InvoiceNo'])} ${reason}`,
        origin,
        lines: [
          { accountId: await arAccount(trx, 'WRITE-OFF'), amount },
          { accountId: await arAccount(trx, 'RECEIVABLE'), amount: neg(amount) },
        ],
        userId: ctx.user.userId,
      });
      const itemId = await addArItem(trx, {
        firmId,
        itemType: 'WriteOff',
        documentNo,
        documentDate: date,
        currency: invoice.currency,
        amount: neg(amount),
        description: reason.slice(0, 100),
        origin,
        journalId: posted.journalId,
        userId: ctx.user.userId,
      });
      await applyLines(trx, itemId, [{ InvoiceNo: String(record['InvoiceNo']), ItemId: invoice.itemId, Payment: amount, Discount: '0.00' }], { date, origin, userId: ctx.user.userId });
      return {
        set: { JournalId: posted.journalId, Balance: invoice.balance },
        touched: ['gl_entries', 'gl_balances', 'gl_journals', 'ar_items', 'ar_applications', 'ar_invoices'],
        messageKey: 'ar:ar-write-off.result.posted',
        messageParams: { document: documentNo },
      };
    }),
  },
};
