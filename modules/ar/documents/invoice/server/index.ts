/**
 * AR invoices and credit notes — server side, owned by h14a (issue 14): entity hooks (rules that need the database) and demo data of
 * this part. The module's index (../index.ts) runs every part.
 */
import type { ModulePart } from '@erp/server/modules/part';
import { arInvoiceHooks } from './rules.ts';
import { seedArInvoices } from './seed.ts';

export const AR_INVOICE_PART: ModulePart = {
  hooks: { 'ar-invoice': arInvoiceHooks },
  async seed(db, config) {
    if (config.demoLedger) await seedArInvoices(db);
  },
};
