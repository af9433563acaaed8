/**
 * Accounts Receivable on the server (issue 14): the module's parts (setup, invoices, receipts), its reports
 * and processes, migrations.
 */
import { registerControlAccounts, integrationPart, userCodesPart } from '@erp/modules/gl/server/api';
import { combineParts } from '@erp/server/modules/part';
import { arModule } from '../definitions/index.ts';
import { catalog } from './catalog.ts';
import { AR_INVOICE_PART } from '../documents/invoice/server/index.ts';
import { m0007_ar } from './migration.ts';
import { AR_RECEIPT_PART } from './receipts/index.ts';
import { receiptRoutes } from './receipts/routes.ts';
import { AR_SERVER_PROCESSES, AR_SERVER_REPORTS } from './reports/index.ts';
import { m0011_ar_reports, m0012_ar_customer_items_index, m0049_ar_items_document_no } from './reports/migration.ts';
import { m0013_ar_fx } from './m0013-ar-fx.ts';
import { AR_SETUP_PART } from './setup/index.ts';

// Issue 22: the receivables control account (GL integration AR RECEIVABLE) is posted by A/R only.
registerControlAccounts({ source: 'AR', integrationTypes: ['RECEIVABLE'] });

/** A/R's demo GL integration defaults (seeded before its demo invoices post with them). */
const AR_INTEGRATION = integrationPart('AR', [
  ['RECEIVABLE', 'Customer invoices and credit notes', '1100'],
  ['SALES', 'Sales not classified by product', '4100'],
  ['GST-HST', 'GST/HST collected', '2200'],
  ['QST', 'QST collected', '2210'],
  ['PST', 'PST collected', '2220'],
  ['FREIGHT', 'Freight charged to customers', '4300'],
  ['DISCOUNT', 'Early-payment discounts allowed', '4900'],
  ['RECEIPT-BANK', 'Cash receipts deposit account', '1000'],
  ['WRITE-OFF', 'Bad debts written off', '6800'],
]);

/** A/R's demo user codes. */
const AR_USER_CODES = userCodesPart('NOVUS-AR', [
  ['COLLECTION-STATUS', 'REMINDER', 'Reminder sent'],
  ['COLLECTION-STATUS', 'AGENCY', 'Sent to a collection agency'],
]);

export const serverModule = combineParts(arModule, [AR_INTEGRATION, AR_USER_CODES, AR_SETUP_PART, AR_INVOICE_PART, AR_RECEIPT_PART], {
  catalog,
  reports: AR_SERVER_REPORTS,
  processes: AR_SERVER_PROCESSES,
  routes: receiptRoutes,
  large: {
    option: '--ar',
    counts: 'AR items',
    progress: 'AR items',
    summary: 'ar',
    run: async (database, items, onProgress) => (await import('./seed-large.ts')).insertAr(database, { items: items ?? 0, onProgress }),
  },
  migrations: { '0007_ar': m0007_ar, '0011_ar_reports': m0011_ar_reports, '0012_ar_customer_items_index': m0012_ar_customer_items_index, '0013_ar_fx': m0013_ar_fx, '0049_ar_items_document_no': m0049_ar_items_document_no },
});
