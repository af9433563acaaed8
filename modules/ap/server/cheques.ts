/**
 * Cheque cancellation (`ap-cheque`, issue 24 item 3; spec §4 Cheque; SCREENS.md WP5 acceptance 4).
 *
 * - Cheques are written by payment runs only (payments.ts): creating one through the API is refused.
 * - `cancel` (Open → Cancelled; the state machine refuses any other state): the cancel date and the reason are
 *   required (the saved record's, or those of the call POST /api/ap/ap-cheque/:id/cancel; routes.ts); the date is a real date not
 *   before the payment; a cheque whose bank entry a completed bank reconciliation cleared cannot be cancelled
 *   (§4 "only Open cheques"). The effect posts the payment's journal lines reversed, dated the cancel date
 *   (its period must be open for A/P: §8 "Period is closed (A/P)"), gives the invoices back what the cheque
 *   paid and discounted (their balances reopen, Paid → Posted), and closes the payment item with a Reversal
 *   item. The cheque number stays used (ap_cheque_numbers keeps it).
 */
import { neg, type Decimal } from '@erp/shared/decimal';
import { isValidDate } from '@erp/shared/entities/field-value';
import { BusinessError } from '@erp/server/entities/call-result';
import { decimalFromDb, engineOf } from '@erp/server/db/decimal-codec';
import type { EntityHooks } from '@erp/server/entities/hooks';
import { addApItem, applyApItem, postAp } from './subledger.ts';
import { apDb } from './tables.generated.ts';

export const CANCEL_TOUCHES = ['gl_entries', 'gl_balances', 'gl_journals', 'ap_items', 'ap_applications', 'ap_invoices'];

export const apChequeHooks: EntityHooks = {
  async beforeWrite(_ctx, _trx, change) {
    if (change.mode === 'create') throw BusinessError.of(400, 'validation_failed', 'ap:ap-cheque.rules.writtenByRuns', {}, 'ChequeNo');
  },
  actions: {
    cancel: {
      async effect(ctx, run) {
        const { record, body } = run;
        const trx = apDb(run.trx);
        const engine = engineOf(trx);
        // The generic action's Date, or this module's cancel call's CancelDate, else the saved record's.
        const date = typeof body['CancelDate'] === 'string' ? body['CancelDate'] : typeof body['Date'] === 'string' ? body['Date'] : (record['CancelDate'] as string | null);
        const reason = typeof body['CancelReason'] === 'string' ? body['CancelReason'].trim() : ((record['CancelReason'] as string | null) ?? '').trim();
        // §4: a cancel date and a reason are required.
        if (!date) throw BusinessError.of(400, 'validation_failed', 'ap:ap-cheque.rules.cancelDateRequired', {}, 'CancelDate');
        if (!isValidDate(date)) throw BusinessError.of(400, 'validation_failed', 'entities:validation.date', { label: 'CancelDate' }, 'CancelDate');
        if (!reason) throw BusinessError.of(400, 'validation_failed', 'ap:ap-cheque.rules.cancelReasonRequired', {}, 'CancelReason');
        if (reason.length > 200) throw BusinessError.of(400, 'validation_failed', 'entities:validation.maxLength', { label: 'CancelReason', max: 200 }, 'CancelReason');
        if (date < String(record['PaymentDate'])) throw BusinessError.of(400, 'validation_failed', 'ap:ap-cheque.rules.cancelBeforePayment', { date: record['PaymentDate'] }, 'CancelDate');
        const chequeId = String(record['ChequeId']);
        const entries = await apDb(trx)
          .selectFrom('gl_entries as e')
          .leftJoin('bank_reconciliation_marks as m', 'm.entry_id', 'e.entry_id')
          .select(['e.account_id', 'e.amount', 'e.description', 'e.document_no', 'm.entry_id as cleared'])
          .where('e.origin_type', '=', 'ap-cheque')
          .where('e.origin_id', '=', chequeId)
          .where('e.reversal_of', 'is', null)
          .orderBy('e.entry_id')
          .execute();
        // §4: a cheque the bank has cleared (reconciled) is no longer Open.
        if (entries.some((entry) => entry['cleared'] != null)) throw BusinessError.of(409, 'cheque_cleared', 'ap:ap-cheque.rules.cleared', {}, 'Status');
        const documentNo = entries[0]?.document_no ?? `CHQ${String(record['ChequeNo'] ?? chequeId)}`;
        const posted = await postAp(trx, {
          date,
          documentNo,
          description: `${String(record['VendorId'])} ${reason}`,
          origin: { type: 'ap-cheque', id: chequeId },
          lines: entries.map((entry) => ({ accountId: entry.account_id, amount: neg(decimalFromDb(engine, entry.amount, 2) ?? '0.00') })),
          reversalOf: documentNo,
          userId: ctx.user.userId,
        });
        const payment = await apDb(trx).selectFrom('ap_items').select(['item_id', 'amount', 'currency', 'foreign_amount', 'exchange_rate']).where('origin_type', '=', 'ap-cheque').where('origin_id', '=', chequeId).where('item_type', '=', 'Payment').executeTakeFirst();
        if (payment) {
          const paymentId = payment.item_id;
          const applications = await apDb(trx).selectFrom('ap_applications').select(['to_item_id', 'amount', 'discount', 'foreign_amount', 'foreign_discount']).where('from_item_id', '=', paymentId).where('amount', '>', 0).execute();
          for (const application of applications) {
            await applyApItem(trx, {
              fromItemId: paymentId,
              toItemId: application.to_item_id,
              date,
              amount: neg(decimalFromDb(engine, application.amount, 2) ?? '0.00'),
              discount: neg(decimalFromDb(engine, application.discount, 2) ?? '0.00'),
              // A foreign document gets back its balance in its currency too.
              foreign: application.foreign_amount == null ? null : { amount: neg(decimalFromDb(engine, application.foreign_amount, 2)!), discount: neg(decimalFromDb(engine, application.foreign_discount, 2) ?? '0.00') },
              origin: { type: 'ap-cheque-cancel', id: chequeId },
              userId: ctx.user.userId,
            });
          }
          const paid: Decimal = neg(decimalFromDb(engine, payment.amount, 2) ?? '0.00');
          const foreignPaid = payment.foreign_amount == null ? null : neg(decimalFromDb(engine, payment.foreign_amount, 2)!);
          const foreign = foreignPaid === null ? null : { currency: String(payment.currency), amount: foreignPaid, rate: decimalFromDb(engine, payment.exchange_rate, 6) ?? '1.000000' };
          const reversal = await addApItem(trx, { firmId: String(record['VendorId']), itemType: 'Reversal', documentNo, documentDate: date, amount: paid, foreign, origin: { type: 'ap-cheque-cancel', id: chequeId }, journalId: posted.journalId, userId: ctx.user.userId });
          await applyApItem(trx, { fromItemId: paymentId, toItemId: reversal, date, amount: paid, discount: '0.00', foreign: foreignPaid === null ? null : { amount: foreignPaid, discount: '0.00' }, origin: { type: 'ap-cheque-cancel', id: chequeId }, userId: ctx.user.userId });
        }
        return {
          set: { CancelDate: date, CancelReason: reason, CancelJournalId: posted.journalId },
          touched: CANCEL_TOUCHES,
          messageKey: 'ap:ap-cheque.result.cancelled',
          messageParams: { number: record['ChequeNo'] ?? chequeId },
        };
      },
    },
  },
};
