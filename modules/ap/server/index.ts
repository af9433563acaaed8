/**
 * Accounts Payable on the server (issue 24): vendor invoices and notes with receipt matching (invoices.ts),
 * payment runs with cheques and CPA 005 files (payments.ts, eft.ts, cheque-pdf.ts), cheque cancellation
 * (cheques.ts), the sub-ledger (subledger.ts, migration 0015_ap), the reports, the module's calls and demo data.
 *
 * Control account (issue 22): the payables account (GL integration AP PAYABLE) is posted by A/P only. Purchasing's
 * GRNI and accrued freight are A/P's to post too: matching an invoice to receipts clears them (SCREENS.md WP5).
 */
import { registerControlAccountPoster, registerControlAccounts, integrationPart, userCodesPart } from '@erp/modules/gl/server/api';
import { BusinessError } from '@erp/server/entities/call-result';
import type { EntityHooks } from '@erp/server/entities/hooks';
import { combineParts } from '@erp/server/modules/part';
import { apModule } from '../definitions/index.ts';
import { catalog } from './catalog.ts';
import { apChequeHooks } from './cheques.ts';
import { apDisbursementHooks } from './disbursements.ts';
import { apCardInvoiceHooks } from './credit-cards.ts';
import { apExpenseReportHooks } from './expenses.ts';
import { homeCurrency } from '@erp/modules/ar/server/api';
import { apInvoiceHooks, assertBankCurrency } from './invoices.ts';
import { m0015_ap, m0015_ap_fx, m0015_ap_reports } from './migration.ts';
import { apPaymentBatchHooks } from '../documents/payment/server/payments.ts';
import { purchaseOrderHooks } from './purchase-orders.ts';
import { AP_SERVER_REPORTS } from './reports.ts';
import { apRoutes } from './routes.ts';
import { seedPayables } from './seed.ts';
import { apDb } from './tables.generated.ts';

registerControlAccounts({ source: 'AP', integrationTypes: ['PAYABLE'] });
registerControlAccountPoster({ owner: 'PO', source: 'AP' });

/** A vendor's EFT details name an existing vendor firm. */
const vendorBankHooks: EntityHooks = {
  async beforeWrite(_ctx, trx, change) {
    const firm = (await trx.selectFrom('firms').select(['is_vendor']).where('firm_id', '=', String(change.next['VendorId'])).executeTakeFirst()) as { is_vendor: unknown } | undefined;
    if (!firm) throw BusinessError.of(400, 'validation_failed', 'ap:ap-invoice.rules.vendorMissing', {}, 'VendorId');
    if (!(firm.is_vendor === true || firm.is_vendor === 1 || firm.is_vendor === '1')) throw BusinessError.of(400, 'validation_failed', 'ap:ap-invoice.rules.notVendor', { value: change.next['VendorId'] }, 'VendorId');
  },
};

/** A vendor's defaults name a vendor firm; their bank is in their currency (§8). */
const vendorDefaultHooks: EntityHooks = {
  async beforeWrite(ctx, trx, change) {
    await vendorBankHooks.beforeWrite!(ctx, trx, change, new Set());
    const bank = change.next['BankAccountId'];
    if (typeof bank === 'string' && bank !== '') {
      const currency = typeof change.next['Currency'] === 'string' && change.next['Currency'] !== '' ? String(change.next['Currency']) : await homeCurrency(apDb(trx));
      await assertBankCurrency(apDb(trx), bank, currency);
    }
  },
};

/** A/P's demo GL integration defaults (seeded before its demo documents post with them). */
const AP_INTEGRATION = integrationPart('AP', [
  ['PAYABLE', 'Vendor invoices and debit notes', '2100'],
  ['GST-HST-ITC', 'GST/HST paid on purchases', '1310'],
  ['QST-ITR', 'QST paid on purchases', '1320'],
  ['PAYMENT-BANK', 'Cheques and EFT payments', '1000'],
  ['FREIGHT-IN', 'Freight on purchases', '5300'],
]);

/** A/P's demo user codes. */
const AP_USER_CODES = userCodesPart('NOVUS-AP', [
  ['PAYMENT-METHOD', 'CHEQUE', 'Cheque'],
  ['PAYMENT-METHOD', 'EFT', 'Electronic funds transfer'],
  ['PAYMENT-METHOD', 'CARD', 'Company credit card'],
]);

export const serverModule = combineParts(apModule, [AP_INTEGRATION, AP_USER_CODES, { hooks: { 'ap-invoice': apInvoiceHooks, 'ap-payment-batch': apPaymentBatchHooks, 'ap-cheque': apChequeHooks, 'ap-disbursement': apDisbursementHooks, 'ap-card-invoice': apCardInvoiceHooks, 'ap-expense-report': apExpenseReportHooks, 'ap-vendor-bank': vendorBankHooks, 'ap-vendor-default': vendorDefaultHooks, 'purchase-order': purchaseOrderHooks }, seed: seedPayables }], {
  catalog,
  reports: AP_SERVER_REPORTS,
  routes: apRoutes,
  migrations: { '0015_ap': m0015_ap, '0015_ap_reports': m0015_ap_reports, '0015_ap_fx': m0015_ap_fx },
  large: {
    option: '--ap',
    counts: 'A/P items',
    max: 5_000_000,
    progress: 'A/P items',
    summary: 'ap',
    run: async (database, items, onProgress) => (await import('./seed-large.ts')).insertAp(database, { items: items ?? 100_000, onProgress }),
  },
});
