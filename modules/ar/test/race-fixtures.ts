/**
 * Race fixtures of Receivables' receipts (server/test/race.test.ts, helpers/race.ts): the demo receipts are all
 * posted, so each action gets a document of its own made through the API against the first demo customer's
 * oldest open invoice (a few dollars each: the invoice stays open for the next one).
 */
import { decimalToDb } from '@erp/server/db/decimal-codec';
import { actOn, createRecord, type RaceApi, type RaceFixtures } from '../../../server/test/helpers/race.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** November 2026: the demo fiscal year's open month with no demo activity. */
const DATE = '2026-11-16';
const BANK = 'OPERATING';

/** The first open home-currency invoice (by customer, then date) with something left to pay. */
async function openInvoice(api: RaceApi): Promise<{ firmId: string; invoiceNo: string }> {
  const row = (await api.db
    .selectFrom('ar_items')
    .select(['firm_id', 'document_no'])
    .where('item_type', '=', 'Invoice')
    .where('status', '=', 'Open')
    .where('currency', '=', 'CAD')
    .where('open_balance', '>=', decimalToDb(api.db, '100.00', 2))
    .orderBy('firm_id')
    .orderBy('document_date')
    .orderBy('document_no')
    .limit(1)
    .executeTakeFirst()) as Json | undefined;
  if (!row) throw new Error('no open demo invoice');
  return { firmId: String(row.firm_id), invoiceNo: String(row.document_no) };
}

/** A draft receipt paying 10.00 of the open invoice. */
async function draftReceipt(api: RaceApi): Promise<Json> {
  const { firmId, invoiceNo } = await openInvoice(api);
  return createRecord(api, 'cash-receipt', { FirmId: firmId, BankAccountId: BANK, ReceiptDate: DATE, Amount: '10.00', Reference: 'RACE', Lines: [{ InvoiceNo: invoiceNo, Payment: '10.00', Discount: '0.00' }] });
}

export const raceFixtures: RaceFixtures = {
  processes: {},
  actions: {
    // A draft with no lines: auto-apply fills them from the customer's open invoices.
    'cash-receipt auto-apply': async (api) => {
      const { firmId } = await openInvoice(api);
      return (await createRecord(api, 'cash-receipt', { FirmId: firmId, BankAccountId: BANK, ReceiptDate: DATE, Amount: '25.00', Reference: 'RACE-AUTO' })).ReceiptId;
    },
    'cash-receipt post': async (api) => (await draftReceipt(api)).ReceiptId,
    // A posted receipt left unapplied, then its credit applied to the open invoice.
    'ar-credit-application post': async (api) => {
      const { firmId, invoiceNo } = await openInvoice(api);
      const credit = await createRecord(api, 'cash-receipt', { FirmId: firmId, BankAccountId: BANK, ReceiptDate: DATE, Amount: '30.00', Unapplied: '30.00', Reference: 'RACE-CREDIT' });
      const posted = await actOn(api, 'cash-receipt', credit.ReceiptId, 'post');
      const application = await createRecord(api, 'ar-credit-application', { FirmId: firmId, ApplicationDate: DATE, CreditNo: posted.DocumentNo, Lines: [{ InvoiceNo: invoiceNo, Payment: '20.00', Discount: '0.00' }] });
      return application.ApplicationId;
    },
    'ar-write-off post': async (api) => {
      const { firmId, invoiceNo } = await openInvoice(api);
      return (await createRecord(api, 'ar-write-off', { FirmId: firmId, WriteOffDate: DATE, InvoiceNo: invoiceNo, Amount: '5.00', Reason: 'Race: short payment written off' })).WriteOffId;
    },
  },
};
