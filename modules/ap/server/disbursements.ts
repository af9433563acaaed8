/**
 * Cash disbursements on the server (`ap-disbursement`, issue 24 item 2; definition
 * modules/ap/definitions/disbursement.ts).
 * save: the number (CD…, sequence AP-DISBURSEMENT), the payment date's period open for A/P, the bank in the
 *   documents' currency, the lines checked and completed as a run's (payments.ts `checkLines`: open documents of
 *   the vendor, discount allowed on the payment date, §5 payment + discount ≤ balance), Applied and
 *   RemainingToApply = Amount − Σ payments.
 * post: the lines checked again, §5 "Remaining To Apply must be zero.", the cheque number (given, or the bank's
 *   next) then one payment (payments.ts `payVendor`: a cheque in AP-04, Dr A/P / Cr bank / Cr discounts taken,
 *   applied to the documents).
 */
import { isZero, sub } from '@erp/shared/decimal';
import { assertPeriodOpen } from '@erp/modules/gl/server/api';
import { BusinessError } from '@erp/server/entities/call-result';
import type { EntityHooks } from '@erp/server/entities/hooks';
import { nextNumber } from '@erp/server/entities/numbering';
import { bankOf, checkLines, payVendor, PAYMENT_TOUCHES, sequences, type PaymentLine } from '../documents/payment/server/payments.ts';
import { setField, type WireRecord } from '@erp/server/entities/hooks';
import { apDb } from './tables.generated.ts';

export const AP_DISBURSEMENT_SEQUENCE = 'AP-DISBURSEMENT';

const linesOf = (record: WireRecord): PaymentLine[] => (Array.isArray(record['Lines']) ? (record['Lines'] as PaymentLine[]) : []);

export const apDisbursementHooks: EntityHooks = {
  async beforeWrite(_ctx, entityTrx, change) {
    const trx = apDb(entityTrx);
    const next = change.next;
    if (change.mode === 'create') setField(change, 'DocumentNo', await nextNumber(trx, AP_DISBURSEMENT_SEQUENCE, { prefix: 'CD', description: 'A/P cash disbursements' }));
    if (change.mode === 'create' || change.changed.has('PaymentDate')) await assertPeriodOpen(trx, String(next['PaymentDate']), 'ap', 'PaymentDate');
    const bank = await bankOf(trx, String(next['BankAccountId']));
    const lines = linesOf(next);
    const { total } = await checkLines(trx, lines, String(next['PaymentDate']), String(next['VendorId']), String(bank.currency_code));
    setField(change, 'Lines', lines);
    setField(change, 'Applied', total);
    setField(change, 'RemainingToApply', sub(String(next['Amount'] ?? '0.00'), total));
  },
  actions: {
    post: {
      async effect(ctx, run) {
        const { record } = run;
        const trx = apDb(run.trx);
        const paymentDate = String(record['PaymentDate']);
        await assertPeriodOpen(trx, paymentDate, 'ap', 'PaymentDate');
        const bank = await bankOf(trx, String(record['BankAccountId']));
        const lines = linesOf(record);
        if (lines.length === 0) throw BusinessError.of(400, 'no_lines', 'entities:validation.noLines', {}, 'Lines');
        const { total } = await checkLines(trx, lines, paymentDate, String(record['VendorId']), String(bank.currency_code));
        const remaining = sub(String(record['Amount']), total);
        // §5 "Remaining To Apply must be zero."
        if (!isZero(remaining)) throw BusinessError.of(400, 'validation_failed', 'ap:ap-disbursement.rules.remainingNotZero', { remaining }, 'RemainingToApply');
        const bankId = bank.bank_account_id;
        const seq = await sequences(trx, bankId);
        const chequeNo = record['ChequeNo'] == null ? seq.cheque : Number(record['ChequeNo']);
        const paid = await payVendor(trx, { bank, method: 'Cheque', chequeNo, eftFileNo: null, batchId: null, disbursementId: Number(record['DisbursementId']), vendorId: String(record['VendorId']), lines, paymentDate, userId: ctx.user.userId, field: 'ChequeNo' });
        if (chequeNo >= seq.cheque) await trx.updateTable('ap_bank_sequences').set({ next_cheque_no: chequeNo + 1 }).where('bank_account_id', '=', bankId).execute();
        return { set: { ChequeNo: chequeNo, ChequeId: paid.chequeId, Applied: total, RemainingToApply: remaining }, touched: [...PAYMENT_TOUCHES, 'ap_bank_sequences'], messageKey: 'ap:ap-disbursement.result.posted', messageParams: { cheque: chequeNo } };
      },
    },
  },
};
