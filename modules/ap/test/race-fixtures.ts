/**
 * Race fixtures of Accounts Payable (server/test/race.test.ts, helpers/race.ts): the demo leaves every A/P document
 * posted or paid, so each action gets its own document made through the API — vendor invoices of the demo vendor
 * V100 (HST 13 % in Ontario), an invoice matched to a demo purchase receipt above the PO price (an exception), and
 * payment runs, a disbursement, a card charge and an expense claim over them.
 */
import { add, mul, sum } from '@erp/shared/decimal';
import { actOn, createRecord, firstKeyIn, updateRecord, type RaceApi, type RaceFixtures } from '../../../server/test/helpers/race.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** November 2026: the demo fiscal year's open month with no demo activity. */
const DATE = '2026-11-16';
const BANK = 'OPERATING';

/** A draft vendor invoice of 100.00 + HST: its vendor document number is the fixture's own. */
const draftInvoice = (api: RaceApi, vendorDocNo: string) =>
  createRecord(api, 'ap-invoice', {
    VendorId: 'V100',
    TransactionDate: DATE,
    DocDate: DATE,
    VendorDocNo: vendorDocNo,
    Amount: '113.00',
    TermsCode: 'NET30',
    ShipToState: 'ON',
    BankAccountId: BANK,
    Lines: [{ AccountId: '6500', Description: 'Race supplies', Quantity: '1.0000', UnitPrice: '100.0000' }],
  });

export async function postedInvoice(api: RaceApi, vendorDocNo: string): Promise<Json> {
  const draft = await draftInvoice(api, vendorDocNo);
  return actOn(api, 'ap-invoice', draft.InvoiceId, 'post');
}

/**
 * An invoice in Exception: matched to the first demo purchase receipt no invoice names yet, every line 10 % and
 * $10 a unit above the PO price (outside the 1 % / $5 tolerance). Tax exempt, so its amount is the lines' sum.
 */
async function exceptionInvoice(api: RaceApi, vendorDocNo: string): Promise<Json> {
  const named = api.db.selectFrom('ap_invoices').select('receipt_id').where('receipt_id', 'is not', null);
  const free = (await api.db.selectFrom('po_receipts').select('receipt_id').where('status', '=', 'Posted').where('receipt_id', 'not in', named).orderBy('receipt_id').limit(1).executeTakeFirst()) as Json | undefined;
  if (!free) throw new Error('no posted purchase receipt left to match');
  const receipt = (await api.get(`/api/data/po-receipt/${free.receipt_id}`)).json.Data as Json;
  const lines = (receipt.Lines as Json[]).map((line) => ({ ReceiptLineId: line.LineId, Quantity: line.QuantityReceived, UnitPrice: add(mul(line.UnitCost, '1.1', 4), '10.0000'), TaxGroup: 'EXEMPT' }));
  const amount = sum(lines.map((line) => mul(line.Quantity, line.UnitPrice, 2)), 2);
  const draft = await createRecord(api, 'ap-invoice', {
    VendorId: receipt.VendorId,
    ReceiptId: receipt.ReceiptId,
    TransactionDate: DATE,
    DocDate: DATE,
    VendorDocNo: vendorDocNo,
    Amount: amount,
    TermsCode: 'NET30',
    ShipToState: 'ON',
    BankAccountId: BANK,
    Lines: lines,
  });
  const posted = await actOn(api, 'ap-invoice', draft.InvoiceId, 'post');
  if (posted.Status !== 'Exception') throw new Error(`${vendorDocNo}: not an exception (${posted.Status})`);
  return posted;
}

/** A payment run paying one new invoice in full. */
export async function paymentRun(api: RaceApi, vendorDocNo: string): Promise<Json> {
  const invoice = await postedInvoice(api, vendorDocNo);
  return createRecord(api, 'ap-payment-batch', { BankAccountId: BANK, PaymentMethod: 'Cheque', PayThroughDate: DATE, PaymentDate: DATE, Lines: [{ InvoiceId: invoice.InvoiceId, Payment: invoice.Balance }] });
}

export const raceFixtures: RaceFixtures = {
  processes: {},
  actions: {
    'ap-invoice post': async (api) => (await draftInvoice(api, 'RACE-POST')).InvoiceId,
    'ap-invoice accept': async (api) => (await exceptionInvoice(api, 'RACE-ACCEPT')).InvoiceId,
    'ap-invoice reopen': async (api) => (await exceptionInvoice(api, 'RACE-REOPEN')).InvoiceId,
    // An empty run the payments queue fills.
    'ap-payment-batch select': async (api) => (await createRecord(api, 'ap-payment-batch', { BankAccountId: BANK, PaymentMethod: 'Cheque', PayThroughDate: DATE, PaymentDate: DATE, Lines: [] })).BatchId,
    'ap-payment-batch approve': async (api) => (await paymentRun(api, 'RACE-APPROVE')).BatchId,
    'ap-payment-batch reopen': async (api) => (await actOn(api, 'ap-payment-batch', (await paymentRun(api, 'RACE-REOPEN-RUN')).BatchId, 'approve')).BatchId,
    'ap-payment-batch print': async (api) => (await actOn(api, 'ap-payment-batch', (await paymentRun(api, 'RACE-PRINT')).BatchId, 'approve')).BatchId,
    'ap-disbursement post': async (api) => {
      const invoice = await postedInvoice(api, 'RACE-DISBURSE');
      const draft = await createRecord(api, 'ap-disbursement', { VendorId: 'V100', BankAccountId: BANK, PaymentDate: DATE, Amount: invoice.Balance, Lines: [{ InvoiceId: invoice.InvoiceId, Payment: invoice.Balance }] });
      return draft.DisbursementId;
    },
    // The first open demo cheque: §4 its cancel needs a reason (the cheque's field, saved as a user types it) and a
    // date (the generic action's Date).
    'ap-cheque cancel': async (api) => {
      const id = await firstKeyIn(api, 'ap-cheque', ['Open']);
      await updateRecord(api, 'ap-cheque', id, { CancelReason: 'Race: spoiled in the printer' });
      return { key: id, body: { Date: DATE } };
    },
    // The demo fleet card (issuer CARDCO): 100.00 of fuel + HST.
    'ap-card-invoice post': async (api) =>
      (await createRecord(api, 'ap-card-invoice', { CardId: 'FLEET', TransactionDate: DATE, Merchant: 'Race fuel stop', Amount: '113.00', ShipToState: 'ON', Lines: [{ AccountId: '6400', Amount: '100.00' }] })).CardInvoiceId,
    // The demo employee's claim on the travel template (column 1: fuel and mileage).
    'ap-expense-report post': async (api) =>
      (await createRecord(api, 'ap-expense-report', { EmployeeId: 'EMP-PAT', TemplateId: 'TRAVEL', ReportDate: DATE, ShipToState: 'ON', Lines: [{ ExpenseDate: DATE, ColumnNo: 1, Amount: '80.00' }] })).ReportId,
  },
};
