/**
 * Credit card charges on the server (`ap-card-invoice`, issue 24 item 4; definitions
 * modules/ap/definitions/credit-cards.ts).
 * save: the number (CC…, sequence AP-CARD-INVOICE), the date's period open for A/P.
 * post: the card must be active; the issuer's A/P document is written and posted by the purchase journal's
 *   rules (vouchers.ts `createPostedDocument`): its lines are the charge's (quantity 1 × amount, with their tax
 *   group), so Dr expense / Dr ITC / Cr the issuer's A/P; §5 the charged amount must equal the lines and their
 *   taxes. The charge keeps the document's id (ApInvoiceId).
 */
import { assertPeriodOpen } from '@erp/modules/gl/server/api';
import { BusinessError } from '@erp/server/entities/call-result';
import type { EntityHooks } from '@erp/server/entities/hooks';
import { nextNumber } from '@erp/server/entities/numbering';
import { apDb } from './tables.generated.ts';
import { createPostedDocument } from './vouchers.ts';

type ChargeLine = Record<string, unknown>;

export const apCardInvoiceHooks: EntityHooks = {
  async beforeWrite(_ctx, trx, change) {
    if (change.mode === 'create') {
      const number = await nextNumber(trx, 'AP-CARD-INVOICE', { prefix: 'CC', description: 'A/P credit card charges' });
      change.value['DocumentNo'] = number;
      change.next['DocumentNo'] = number;
      change.changed.add('DocumentNo');
    }
    if (change.mode === 'create' || change.changed.has('TransactionDate')) await assertPeriodOpen(trx, String(change.next['TransactionDate']), 'ap', 'TransactionDate');
  },
  actions: {
    post: {
      async effect(ctx, run) {
        const { record } = run;
        const trx = apDb(run.trx);
        const lines = Array.isArray(record['Lines']) ? (record['Lines'] as ChargeLine[]) : [];
        if (lines.length === 0) throw BusinessError.of(400, 'no_lines', 'entities:validation.noLines', {}, 'Lines');
        const card = await apDb(trx).selectFrom('ap_credit_cards').selectAll().where('card_id', '=', String(record['CardId'])).executeTakeFirst();
        const active = card && (card.is_active === true || card.is_active === 1);
        if (!card || !active) throw BusinessError.of(400, 'validation_failed', 'ap:ap-card-invoice.rules.cardInactive', {}, 'CardId');
        const issuer = String(card.issuer_vendor_id);
        const firm = await apDb(trx).selectFrom('firms').select('account_terms').where('firm_id', '=', issuer).executeTakeFirst();
        const bank = await apDb(trx).selectFrom('bank_accounts').select('bank_account_id').where('currency_code', '=', 'CAD').orderBy('bank_account_id').limit(1).executeTakeFirst();
        const written = await createPostedDocument(
          trx,
          {
            VendorId: issuer,
            TransactionDate: record['TransactionDate'],
            DocDate: record['TransactionDate'],
            VendorDocNo: `CC${String(card.last4)}-${String(record['DocumentNo'])}`,
            Amount: record['Amount'],
            TermsCode: firm?.account_terms ?? 'NET30',
            ShipToState: record['ShipToState'],
            BankAccountId: bank?.bank_account_id ?? null,
            Reference: record['Reference'] ?? null,
            Description: String(record['Merchant']).slice(0, 100),
            Lines: lines.map((line) => ({ AccountId: line['AccountId'], Description: line['Description'] ?? record['Merchant'], Quantity: '1.0000', UnitPrice: line['Amount'], TaxGroup: line['TaxGroup'] ?? null })),
          },
          ctx.user.userId,
          run.now,
        );
        return { set: { ApInvoiceId: Number(written['InvoiceId']) }, touched: ['ap_invoices', 'ap_invoice_lines', 'ap_items', 'gl_entries', 'gl_balances', 'gl_journals'], messageKey: 'ap:ap-card-invoice.result.posted', messageParams: { document: written['DocumentNo'] } };
      },
    },
  },
};
