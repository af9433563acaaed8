/**
 * Server rules of credit applications (`ar-credit-application`; definition
 * modules/ar/definitions/receipts/credit-application.ts): applying the open credit of a posted receipt or credit
 * note to the same customer's open invoices later, moving no cash.
 *
 * Save (in the save's transaction): §6 assigned customers; an active bill-to customer; the date needs an open
 * A/R period; the credit (CreditNo) must be a receipt or credit note of the customer with an open credit —
 * its item, currency and remaining credit are filled in; the lines are resolved like a receipt's
 * (applications.ts); the applied total cannot exceed the credit available.
 * `post` (Draft → Posted): everything again with the balances as they are now; ar_applications rows only
 * (subledger.ts applyArItem); a GL posting (source AR, A/R period flag) only when discounts are taken:
 * Dr sales discounts, Cr receivables. A receipt whose credit is applied shows its new open credit.
 */
import { cmp, isZero, neg, sub, type Decimal } from '@erp/shared/decimal';
import { computeRecord } from '@erp/shared/entities/compute';
import { arCreditApplication } from '../../definitions/receipts/credit-application.ts';
import { BusinessError } from '@erp/server/entities/call-result';
import type { Transaction } from 'kysely';
import type { Change, EntityContext, EntityHooks } from '@erp/server/entities/hooks';
import { decimalFromDb, decimalToDb, engineOf } from '@erp/server/db/decimal-codec';
import { arAccount, postAr } from '../subledger.ts';
import { gainLossAccount, toHome } from '../fx.ts';
import { applyLines, checkHeader, linesOf, postAction, resolveLines, totalOf } from './applications.ts';
import { setField } from '@erp/server/entities/hooks';
import { arDb, type ArDatabase } from '../tables.generated.ts';

type ArTransaction = Transaction<ArDatabase>;

interface Credit {
  itemId: number;
  currency: string;
  /** What is left to apply (positive). */
  available: Decimal;
}

/** The open credit `creditNo` of `firmId` (a receipt or credit note with a negative open balance). */
async function creditOf(trx: ArTransaction, firmId: string, creditNo: string): Promise<Credit> {
  let query = trx
    .selectFrom('ar_items')
    .select(['item_id', 'currency', 'open_balance', 'foreign_open_balance'])
    .where('firm_id', '=', firmId)
    .where('document_no', '=', creditNo)
    .where('item_type', 'in', ['Receipt', 'CreditNote'])
    .where('status', '=', 'Open');
  if (engineOf(trx) === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  // In the credit's currency (a foreign credit's own open balance, issue 22 item 8).
  const balance = row ? (decimalFromDb(engineOf(trx), row.foreign_open_balance ?? row.open_balance, 2) ?? '0.00') : '0.00';
  if (!row || cmp(balance, '0.00') >= 0) throw BusinessError.of(400, 'validation_failed', 'ar:receipts.rules.creditInvalid', { credit: creditNo }, 'CreditNo');
  return { itemId: row.item_id, currency: row.currency, available: neg(balance) };
}

function assertWithinCredit(applied: Decimal, credit: Credit): void {
  if (cmp(applied, credit.available) > 0) {
    throw BusinessError.of(400, 'exceeds_credit', 'ar:receipts.rules.exceedsCredit', { available: credit.available }, 'AppliedTotal');
  }
}

async function beforeWrite<D>(ctx: EntityContext, engineTrx: Transaction<D>, change: Change): Promise<void> {
  const trx = arDb(engineTrx);
  const next = change.next;
  const firmId = await checkHeader(ctx, trx, change, 'ApplicationDate');
  const credit = await creditOf(trx, firmId, String(next['CreditNo']));
  if (next['CreditItemId'] !== credit.itemId) setField(change, 'CreditItemId', credit.itemId);
  if (next['CurrencyCode'] !== credit.currency) setField(change, 'CurrencyCode', credit.currency);
  if (next['CreditAvailable'] !== credit.available) setField(change, 'CreditAvailable', credit.available);
  if (['Lines', 'FirmId', 'ApplicationDate', 'CreditNo'].some((field) => change.changed.has(field))) {
    const lines = await resolveLines(trx, { firmId, currency: credit.currency, date: String(next['ApplicationDate']), lines: linesOf(next), defaultDiscounts: true });
    setField(change, 'Lines', lines);
    const computed = computeRecord(arCreditApplication as never, change.next);
    for (const field of Object.keys(arCreditApplication.computed)) setField(change, field, computed[field]);
  }
  assertWithinCredit(String(change.next['AppliedTotal'] ?? '0.00'), credit);
}

export const creditApplicationHooks: EntityHooks = {
  beforeWrite,
  actions: {
    post: postAction('ApplicationDate', async (ctx, run, { firmId, date, documentNo }) => {
      const { record } = run;
      const trx = arDb(run.trx);
      const credit = await creditOf(trx, firmId, String(record['CreditNo']));
      const lines = await resolveLines(trx, { firmId, currency: credit.currency, date, lines: linesOf(record), defaultDiscounts: false });
      if (lines.length === 0) throw BusinessError.of(400, 'no_lines', 'ar:receipts.rules.noLines', {}, 'Lines');
      const applied = totalOf(lines, 'Payment');
      const discounts = totalOf(lines, 'Discount');
      assertWithinCredit(applied, credit);
      const origin = { type: arCreditApplication.name, id: String(record['ApplicationId']) };
      const figures = await applyLines(trx, credit.itemId, lines, { date, origin, userId: ctx.user.userId });
      // No cash moves: the discounts taken (at the credit's rate) and, for foreign documents (issue 22 item 8),
      // the realized exchange difference between the invoices' rates and the credit's reach the GL.
      const discountHome = toHome(discounts, figures.creditRate);
      const realized = sub(sub(figures.relieved, figures.used), discountHome);
      const postingLines = [
        { accountId: await arAccount(trx, 'DISCOUNT'), amount: discountHome },
        { accountId: await arAccount(trx, 'RECEIVABLE'), amount: sub(figures.used, figures.relieved) },
        ...(isZero(realized) ? [] : [{ accountId: await gainLossAccount(trx), amount: realized }]),
      ].filter((line) => !isZero(line.amount));
      let journalId: number | null = null;
      if (postingLines.length > 0) {
        const posted = await postAr(trx, {
          date,
          documentNo,
          description: `${firmId} ${String(record['CreditNo'])}`,
          origin,
          lines: postingLines,
          userId: ctx.user.userId,
        });
        journalId = posted.journalId;
      }
      const left = await creditLeft(trx, credit.itemId);
      await trx
        .updateTable('ar_cash_receipts')
        .set({ open_credit: decimalToDb(engineOf(trx), left, 2) })
        .where('ar_item_id', '=', credit.itemId)
        .execute();
      return {
        set: { JournalId: journalId, AppliedTotal: applied, DiscountTotal: discounts, CreditAvailable: left },
        touched: ['gl_entries', 'gl_balances', 'gl_journals', 'ar_items', 'ar_applications', 'ar_cash_receipts', 'ar_invoices'],
        messageKey: 'ar:ar-credit-application.result.posted',
        messageParams: { document: documentNo },
      };
    }),
  },
};

async function creditLeft(trx: ArTransaction, itemId: number): Promise<Decimal> {
  const row = await trx.selectFrom('ar_items').select(['open_balance', 'foreign_open_balance']).where('item_id', '=', itemId).executeTakeFirst();
  return neg(decimalFromDb(engineOf(trx), row?.foreign_open_balance ?? row?.open_balance, 2) ?? '0.00');
}
