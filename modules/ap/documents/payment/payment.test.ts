/**
 * Accounts Payable (issue 24; SCREENS.md WP5 acceptance 1–5) on SQLite and PostgreSQL, through the API as the
 * screens call it: §5 Payables entry (required fields, the vendor's document number once per vendor, the
 * distribution summing to zero, job allocation), §8 "Period is closed (A/P)" and the bank's currency, three-way
 * matching against a posted receipt (exception outside the tolerance, not payable until accepted; within it
 * Dr GRNI / Dr price variance / Dr ITC / Cr A/P; the order line invoiced; GRNI cleared), the payments queue
 * (due by the pay-through date, discounts, payment + discount ≤ balance), cheques numbered from the bank's
 * sequence with their PDF (payee, amount in words and figures) and §8 "Cheque number has been used.", the
 * CPA 005 file record by record, §4 cheque cancellation (date and reason required, reversal in the cancel
 * date's period, invoices reopened, not for a cleared cheque), and the sum checks: the trial balance
 * balances and the aged trial balance equals the A/P control account at each date.
 */
import { add, neg } from '@erp/shared/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import type { TestServer } from '../../../../server/test/helpers/app.ts';
import { apiAs, inLanguage, signedInServer } from '../../../../server/test/helpers/api.ts';
import { pdfText } from '../../../../server/test/helpers/pdf-text.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let admin: string;
const YEAR = 2042;
const D = (md: string) => `${YEAR}-${md}`;

const { get, post: postJson, put, json, db, engine, created, accountBalance, journal: entries } = apiAs(() => server, () => admin);
/** The journal lines of a document's original posting, account → amount. */
const journal = (documentNo: string) => entries(documentNo, false);

const KEYS: Record<string, string> = { 'ap-invoice': 'InvoiceId', 'ap-payment-batch': 'BatchId', 'ap-cheque': 'ChequeId', 'po-receipt': 'ReceiptId' };

async function act(entity: string, record: Json, name: string, body: Json = {}) {
  // Inputs beyond the generic action's go through the module's own calls (modules/ap/server/routes.ts).
  const own = Object.keys(body).some((key) => ['StartingChequeNo', 'CancelDate', 'CancelReason'].includes(key));
  const url = own ? `/api/ap/${entity}/${record[KEYS[entity]!]}/${name}` : `/api/data/${entity}/${record[KEYS[entity]!]}/actions/${name}`;
  return postJson(url, { Version: record.Version, ...body });
}

async function action(entity: string, record: Json, name: string, body: Json = {}): Promise<Json> {
  const response = await act(entity, record, name, body);
  expect(response.statusCode, JSON.stringify(response.json())).toBe(200);
  return json(response).Data;
}

const runReport = (report: string, parameters: Json) => postJson(`/api/reports/${report}/run`, { Parameters: parameters });

const HEADER = { VendorId: 'TAV', TermsCode: '2N30', ShipToState: 'ON', BankAccountId: 'OPERATING' };
let receipt: Json;

beforeAll(async () => {
  ({ server, tokens: { admin } } = await signedInServer('admin'));
  expect((await postJson('/api/data/accounting-period/fiscal-years', { FiscalYear: YEAR })).statusCode).toBe(201);
  await created('/api/data/firm', { FirmId: 'TAV', Name: 'Tallis Steel Inc.', FirmTypes: ['vendor'], ProvinceCode: 'ON', AccountTerms: '2N30' });
  await created('/api/data/firm', { FirmId: 'TAB', Name: 'Only A Customer', FirmTypes: ['bill-to'] });
  // A vendor with no terms and no payables defaults: nothing fills what an invoice leaves blank.
  await created('/api/data/firm', { FirmId: 'TAN', Name: 'No Defaults Ltd.', FirmTypes: ['vendor'], ProvinceCode: 'ON' });
  await created('/api/data/product-class', { ClassId: 'TAP', Description: 'Payables test class', InventoryAccount: 'INVENTORY-STEEL' });
  for (const id of ['AP-BOLT', 'AP-NUT']) await created('/api/data/product', { ProductId: id, Description: id, ClassId: 'TAP', KitType: 'None', TrackInventory: true });
  const po = await created('/api/data/purchase-order', {
    OrderDate: D('01-20'),
    VendorId: 'TAV',
    ShipToId: 'TOR-02',
    Lines: [
      { ProductId: 'AP-BOLT', QuantityOrdered: '100.0000', UnitPrice: '50.0000' },
      { ProductId: 'AP-NUT', QuantityOrdered: '200.0000', UnitPrice: '10.0000' },
    ],
  });
  const draft = await created('/api/data/po-receipt', { PoId: po.PoId, ReceiptDate: D('02-01') });
  receipt = await action('po-receipt', draft, 'post');
});

afterAll(() => server?.stop());

describe('vendor invoices (§5 Payables entry, SCREENS.md WP5 acceptance 1)', () => {
  let first: Json;

  it('refuses a missing terms code, bank, ship-to province or document number, and a non-vendor', async () => {
    const base = { ...HEADER, VendorId: 'TAN', TransactionDate: D('02-15'), DocDate: D('02-15'), VendorDocNo: 'N-1', Amount: '113.00', Lines: [{ AccountId: '6500', Quantity: '1.0000', UnitPrice: '100.0000' }] };
    for (const [field, message] of [
      ['TermsCode', 'Terms code is required.'],
      ['BankAccountId', 'Bank is required.'],
      ['ShipToState', 'Ship-to province is required.'],
      ['VendorDocNo', 'Document number is required.'],
      ['DocDate', 'Document date is required.'],
    ] as const) {
      const refused = await postJson('/api/data/ap-invoice', { ...base, [field]: null });
      expect(refused.statusCode, field).toBe(400);
      expect(json(refused).Message).toBe(message);
    }
    const customer = await postJson('/api/data/ap-invoice', { ...base, VendorId: 'TAB' });
    expect(json(customer).Message).toBe('The vendor TAB has no payable account.');
    const usd = await postJson('/api/data/ap-invoice', { ...base, BankAccountId: 'USD' });
    expect(json(usd).Message).toBe('Not allowed to change bank due to different currency.');
    const job = await postJson('/api/data/ap-invoice', { ...base, Lines: [{ AccountId: '6500', Quantity: '1.0000', UnitPrice: '100.0000', JobId: 'J1', JobAmount: '100.01' }] });
    expect(json(job).Message).toBe('Job allocation cannot be more than the expense.');
  });

  it('posts a non-PO invoice Dr expense / Dr ITC / Cr A/P, and refuses its document number again for that vendor', async () => {
    first = await created('/api/data/ap-invoice', { ...HEADER, TransactionDate: D('02-15'), DocDate: D('02-15'), VendorDocNo: 'n-1', Amount: '113.00', Lines: [{ AccountId: '6500', Description: 'Office', Quantity: '1.0000', UnitPrice: '100.0000' }] });
    expect(first).toMatchObject({ VendorDocNo: 'N-1', VendorName: 'Tallis Steel Inc.', SubTotal: '100.00', TaxTotal: '13.00', Remaining: '0.00', DueDate: D('03-17'), DiscountDate: D('02-25'), DiscountAvailable: '2.26', Status: 'Draft' });
    expect(first.DocumentNo).toMatch(/^AP\d+$/);
    const posted = await action('ap-invoice', first, 'post');
    expect(posted).toMatchObject({ Status: 'Posted', Balance: '113.00' });
    expect(await journal(first.DocumentNo)).toEqual({ '6500': '100.00', '1310': '13.00', '2100': '-113.00' });
    const again = await postJson('/api/data/ap-invoice', { ...HEADER, TransactionDate: D('02-16'), DocDate: D('02-16'), VendorDocNo: 'N-1', Amount: '1.00', Lines: [] });
    expect(again.statusCode).toBe(400);
    expect(json(again).Message).toBe('Document number N-1 has already been used for vendor TAV.');
  });

  it('refuses to post an unbalanced distribution (§5 "G/L distribution must sum to zero")', async () => {
    const draft = await created('/api/data/ap-invoice', { ...HEADER, TransactionDate: D('02-15'), DocDate: D('02-15'), VendorDocNo: 'N-2', Amount: '120.00', Lines: [{ AccountId: '6500', Quantity: '1.0000', UnitPrice: '100.0000' }] });
    expect(draft.Remaining).toBe('7.00');
    const refused = await act('ap-invoice', draft, 'post');
    expect(refused.statusCode).toBe(400);
    expect(json(refused).Message).toBe('G/L distribution must sum to zero: 7.00 is not distributed.');
    expect((await get(`/api/data/ap-invoice/${draft.InvoiceId}`)).json().Data.Status).toBe('Draft');
  });

  it('§8: an invoice dated in a period closed for A/P is refused', async () => {
    await db().updateTable('fiscal_periods').set({ closed_ap: 1 }).where('fiscal_year', '=', YEAR).where('period_no', '=', 5).execute();
    try {
      const refused = await postJson('/api/data/ap-invoice', { ...HEADER, TransactionDate: D('05-10'), DocDate: D('05-10'), VendorDocNo: 'N-MAY', Amount: '0.00', Lines: [] });
      expect(refused.statusCode).toBe(400);
      expect(json(refused).Message).toMatch(/^Period is closed \(A\/P\)/);
    } finally {
      await db().updateTable('fiscal_periods').set({ closed_ap: 0 }).where('fiscal_year', '=', YEAR).where('period_no', '=', 5).execute();
    }
  });
});

describe('three-way matching (SCREENS.md WP5 acceptance 2)', () => {
  let exception: Json;
  /** The receipts the vendor invoice's receipt lookup offers for the form's values (issue 71 item 2), by number. */
  const offered = async (values: Json | null): Promise<string[]> => {
    const params = new URLSearchParams({ From: 'ap-invoice', Field: 'ReceiptId', Search: receipt.ReceiptNo });
    if (values) params.set('Values', JSON.stringify(values));
    const answer = await get(`/api/lookup/po-receipt?${params.toString()}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return (json(answer).List as Json[]).map((row) => String(row.Number));
  };

  it("offers a posted receipt still to invoice: the vendor's once one is chosen, any vendor's before", async () => {
    expect(await offered({ VendorId: 'TAV' })).toEqual([receipt.ReceiptNo]);
    expect(await offered({ VendorId: '' })).toEqual([receipt.ReceiptNo]);
    expect(await offered(null)).toEqual([receipt.ReceiptNo]);
    expect(await offered({ VendorId: 'TAN' })).toEqual([]);
    // Another vendor's receipt is refused by the save too, saying why.
    const refused = await postJson('/api/data/ap-invoice', { ...HEADER, VendorId: 'TAN', TransactionDate: D('02-20'), DocDate: D('02-20'), VendorDocNo: 'M-0', Amount: '1.00', ReceiptId: receipt.ReceiptId, Lines: [] });
    expect([refused.statusCode, json(refused).Message, json(refused).Data.Errors[0].field]).toEqual([400, 'The receipt is from another vendor.', 'ReceiptId']);
  });

  it('fills the receipt lines not yet invoiced, and an invoice 2 % over the PO price (tolerance 1 % / $5) is an exception that cannot be paid', async () => {
    const draft = await created('/api/data/ap-invoice', { ...HEADER, TransactionDate: D('02-20'), DocDate: D('02-20'), VendorDocNo: 'M-1', Amount: '5763.00', ReceiptId: receipt.ReceiptId, Lines: [] });
    expect(draft.Lines.map((line: Json) => [line.ProductId, line.Quantity, line.UnitPrice, line.PoPrice])).toEqual([
      ['AP-BOLT', '100.0000', '50.0000', '50.0000'],
      ['AP-NUT', '200.0000', '10.0000', '10.0000'],
    ]);
    const bolt = draft.Lines[0];
    const saved = json(await put(`/api/data/ap-invoice/${draft.InvoiceId}`, { ...draft, Lines: [{ ...bolt, UnitPrice: '51.0000' }] })).Data;
    expect(saved).toMatchObject({ SubTotal: '5100.00', TaxTotal: '663.00', Remaining: '0.00', Variance: '100.00' });
    exception = await action('ap-invoice', saved, 'post');
    expect(exception.Status).toBe('Exception');
    expect(await journal(saved.DocumentNo)).toEqual({});
    const batch = await postJson('/api/data/ap-payment-batch', { BankAccountId: 'OPERATING', PaymentMethod: 'Cheque', PayThroughDate: D('12-31'), PaymentDate: D('02-21'), Lines: [{ InvoiceId: saved.InvoiceId, Payment: '5763.00' }] });
    expect(batch.statusCode).toBe(409);
    expect(json(batch).Message).toBe(`Document ${saved.DocumentNo} is on hold and cannot be paid.`);
  });

  it('posts the accepted variance Dr GRNI (matched quantity × PO price) / Dr price variance / Dr ITC / Cr A/P', async () => {
    const accepted = await action('ap-invoice', exception, 'accept');
    expect(accepted).toMatchObject({ Status: 'Posted', AcceptedBy: 'admin' });
    expect(await journal(accepted.DocumentNo)).toEqual({ '2110': '5000.00', '5450': '100.00', '1310': '663.00', '2100': '-5763.00' });
  });

  it('posts within tolerance at once, marks the order line invoiced, and clears GRNI for the fully invoiced receipt', async () => {
    const draft = await created('/api/data/ap-invoice', { ...HEADER, TransactionDate: D('02-20'), DocDate: D('02-20'), VendorDocNo: 'M-2', Amount: '2269.04', ReceiptId: receipt.ReceiptId, Lines: [] });
    // Only the nut line is left to invoice; 0.4 % over ($8 > $5 but 0.4 % ≤ 1 %: within, "percentage or amount").
    expect(draft.Lines.map((line: Json) => line.ProductId)).toEqual(['AP-NUT']);
    const saved = json(await put(`/api/data/ap-invoice/${draft.InvoiceId}`, { ...draft, Lines: [{ ...draft.Lines[0], UnitPrice: '10.0400' }] })).Data;
    const posted = await action('ap-invoice', saved, 'post');
    expect(posted.Status).toBe('Posted');
    expect(await journal(saved.DocumentNo)).toEqual({ '2110': '2000.00', '5450': '8.00', '1310': '261.04', '2100': '-2269.04' });
    const orderLines = await db().selectFrom('purchase_order_lines').select(['product_id', 'quantity_invoiced']).where('product_id', 'in', ['AP-BOLT', 'AP-NUT']).orderBy('product_id').execute();
    expect(orderLines.map((row: Json) => decimalFromDb(engine(), row.quantity_invoiced, 4))).toEqual(['100.0000', '200.0000']);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const grni = await db().selectFrom('gl_entries').select('amount').where('account_id', '=', '2110').where((eb: any) => eb.or([eb('document_no', '=', receipt.ReceiptNo), eb('document_no', 'in', [exception.DocumentNo, saved.DocumentNo])])).execute();
    expect(grni.reduce((sum: string, row: Json) => add(sum, decimalFromDb(engine(), row.amount, 2)!), '0.00')).toBe('0.00');
    // Nothing is left to match on the receipt (issue 71 item 2): its lookup offers it no more, and an invoice naming
    // it is refused, saying why, in the user's language.
    expect(await offered({ VendorId: 'TAV' })).toEqual([]);
    expect(await offered(null)).toEqual([]);
    const more = { ...HEADER, TransactionDate: D('02-21'), DocDate: D('02-21'), VendorDocNo: 'M-3', Amount: '10.00', ReceiptId: receipt.ReceiptId, Lines: [] };
    const refused = await postJson('/api/data/ap-invoice', more);
    expect([refused.statusCode, json(refused).Message, json(refused).Data.Errors[0].field]).toEqual([400, 'The receipt is already fully invoiced.', 'ReceiptId']);
    expect(await db().selectFrom('ap_invoices').select('invoice_id').where('vendor_doc_no', '=', 'M-3').execute()).toEqual([]);
    for (const [language, message] of [
      ['fr-CA', 'La réception est déjà entièrement facturée.'],
      ['zh-CN', '该收货单已全部开票。'],
      ['zh-TW', '該收貨單已全部開票。'],
    ] as const) {
      const answer = await inLanguage(db(), language, () => postJson('/api/data/ap-invoice', more));
      expect([answer.statusCode, json(answer).Message]).toEqual([400, message]);
    }
    // A stale mark (a receipt invoiced before the mark existed) does not let it through: the matches decide.
    await db().updateTable('po_receipts').set({ invoiceable: engine() === 'postgres' ? true : 1 }).where('receipt_id', '=', receipt.ReceiptId).execute();
    const stale = await postJson('/api/data/ap-invoice', more);
    expect([stale.statusCode, json(stale).Message]).toEqual([400, 'The receipt is already fully invoiced.']);
  });
});

describe('payment runs, cheques and cancellation (SCREENS.md WP5 acceptance 3, 4)', () => {
  let batch: Json;
  let cheque: Json;

  it('the queue offers what is due by the pay-through date, discount-eligible first, and refuses payment + discount above the balance', async () => {
    batch = await created('/api/data/ap-payment-batch', { BankAccountId: 'OPERATING', PaymentMethod: 'Cheque', PayThroughDate: D('03-10'), PaymentDate: D('02-22'), Lines: [] });
    batch = await action('ap-payment-batch', batch, 'select');
    // Due 03-17 and 03-22: only the discount (until 02-25 and 03-02) brings them into a run through 03-10.
    const lines = json(await get(`/api/data/ap-payment-batch/${batch.BatchId}`)).Data.Lines as Json[];
    expect(lines.map((line) => [line.VendorDocNo, line.Balance, line.Discount, line.Payment])).toEqual([
      ['N-1', '113.00', '2.26', '110.74'],
      ['M-1', '5763.00', '115.26', '5647.74'],
      ['M-2', '2269.04', '45.38', '2223.66'],
    ]);
    expect(batch.Total).toBe('7982.14');
    const current = json(await get(`/api/data/ap-payment-batch/${batch.BatchId}`)).Data;
    const tooMuch = await put(`/api/data/ap-payment-batch/${batch.BatchId}`, { ...current, Lines: current.Lines.map((line: Json, i: number) => (i === 0 ? { ...line, Payment: '111.00' } : line)) });
    expect(tooMuch.statusCode).toBe(400);
    expect(json(tooMuch).Message).toBe('Payment plus discount cannot exceed the balance (113.00).');
    const greedy = await put(`/api/data/ap-payment-batch/${batch.BatchId}`, { ...current, Lines: current.Lines.map((line: Json, i: number) => (i === 0 ? { ...line, Discount: '3.00', Payment: '100.00' } : line)) });
    expect(json(greedy).Message).toBe('The discount cannot be more than 2.26 on the payment date.');
    batch = current;
  });

  it('prints cheques numbered from the bank sequence: Dr A/P / Cr bank / Cr discounts taken; the invoices are Paid; the PDF carries payee and amount', async () => {
    batch = await action('ap-payment-batch', batch, 'approve');
    const bankBefore = await accountBalance('1000');
    const paid = await act('ap-payment-batch', batch, 'print');
    batch = json(paid).Data;
    expect(batch).toMatchObject({ Status: 'Printed', FirstChequeNo: 1001, LastChequeNo: 1001 });
    // Issue 40 item 4: the answer says "posted"; the PDF is handed over from its path, and only then "printed".
    expect(json(paid).Message).toBe(`Payment batch ${batch.BatchNo}: cheques 1001 to 1001 posted; printing…`);
    expect(batch.ActionResult.Download).toEqual({ Path: `ap/ap-payment-batch/${batch.BatchId}/cheques`, Message: `Payment batch ${batch.BatchNo}: cheques 1001 to 1001 printed and posted.` });
    expect((await get(`/api/${batch.ActionResult.Download.Path}`)).rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect(await journal('CHQ1001')).toEqual({ '2100': '8145.04', '1000': '-7982.14', '5350': '-162.90' });
    expect(await accountBalance('1000')).toBe(add(bankBefore, '-7982.14'));
    const invoices = json(await get('/api/data/ap-invoice?Page=1&PageSize=50&filter.VendorId=TAV&filter.Status=Paid')).List as Json[];
    expect(invoices.map((row) => row.VendorDocNo).sort()).toEqual(['M-1', 'M-2', 'N-1']);
    const pdf = await get(`/api/ap/ap-payment-batch/${batch.BatchId}/cheques`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Tallis Steel Inc.');
    expect(text).toContain('7,982.14');
    expect(text).toContain('Seven thousand nine hundred eighty-two and 14/100 dollars');
    expect(text).toContain('No. 1001');
    // Issue 71 item 2: the payee's stub dates the payment in words, not ISO.
    expect(text).toMatch(/— No\. 1001 — [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    const listed = (json(await get('/api/data/ap-cheque?Page=1&PageSize=10&filter.VendorId=TAV')).List as Json[]).find((row) => row.ChequeNo === 1001)!;
    cheque = json(await get(`/api/data/ap-cheque/${listed.ChequeId}`)).Data;
    expect(cheque).toMatchObject({ Status: 'Open', Amount: '7982.14', Discount: '162.90', PaymentMethod: 'Cheque' });
  });

  it('§8 "Cheque number has been used." for a number already printed; the next run takes the next number', async () => {
    const invoice = await created('/api/data/ap-invoice', { ...HEADER, TermsCode: 'NET30', TransactionDate: D('03-01'), DocDate: D('03-01'), VendorDocNo: 'N-3', Amount: '56.50', Lines: [{ AccountId: '6300', Quantity: '1.0000', UnitPrice: '50.0000' }] });
    await action('ap-invoice', invoice, 'post');
    let run = await created('/api/data/ap-payment-batch', { BankAccountId: 'OPERATING', PaymentMethod: 'Cheque', PayThroughDate: D('04-30'), PaymentDate: D('03-05'), Lines: [{ InvoiceId: invoice.InvoiceId, Payment: '56.50' }] });
    run = await action('ap-payment-batch', run, 'approve');
    const used = await act('ap-payment-batch', run, 'print', { StartingChequeNo: 1001 });
    expect(used.statusCode).toBe(409);
    expect(json(used).Message).toBe('Cheque number has been used.');
    const next = json(await get(`/api/ap/ap-payment-batch/${run.BatchId}/next-cheque`)).NextChequeNo;
    expect(next).toBe(1002);
    run = await action('ap-payment-batch', json(await get(`/api/data/ap-payment-batch/${run.BatchId}`)).Data, 'print');
    expect(run.FirstChequeNo).toBe(1002);
  });

  it('§4 cancellation: date and reason required, not for a cleared cheque; a valid one reverses in the cancel date period and reopens the invoices', async () => {
    const noDate = await act('ap-cheque', cheque, 'cancel', { CancelReason: 'Lost in the mail' });
    expect(noDate.statusCode).toBe(400);
    expect(json(noDate).Message).toBe('Cancel date is required.');
    const noReason = await act('ap-cheque', cheque, 'cancel', { CancelDate: D('03-12') });
    expect(json(noReason).Message).toBe('Cancel reason is required.');
    const before = await act('ap-cheque', cheque, 'cancel', { CancelDate: D('02-01'), CancelReason: 'Lost in the mail' });
    expect(json(before).Message).toBe('The cancel date cannot be before the payment date (Feb 22, 2042).');
    const created_ = await postJson('/api/data/ap-cheque', { CancelDate: D('03-12') });
    expect(created_.statusCode).toBe(400);

    const cancelled = await action('ap-cheque', json(await get(`/api/data/ap-cheque/${cheque.ChequeId}`)).Data, 'cancel', { CancelDate: D('03-12'), CancelReason: 'Lost in the mail' });
    expect(cancelled).toMatchObject({ Status: 'Cancelled', CancelDate: D('03-12'), CancelReason: 'Lost in the mail', ChequeNo: 1001 });
    const reversal = await db().selectFrom('gl_entries').select(['account_id', 'amount', 'entry_date', 'period_no']).where('reversal_of', '=', 'CHQ1001').execute();
    expect(reversal.every((row: Json) => row.entry_date === D('03-12') && Number(row.period_no) === 3)).toBe(true);
    expect(Object.fromEntries(reversal.map((row: Json) => [row.account_id, decimalFromDb(engine(), row.amount, 2)]))).toEqual({ '2100': '-8145.04', '1000': '7982.14', '5350': '162.90' });
    const reopened = json(await get('/api/data/ap-invoice?Page=1&PageSize=50&filter.VendorId=TAV&filter.Status=Posted')).List as Json[];
    expect(reopened.map((row) => [row.VendorDocNo, row.Balance]).sort()).toEqual([
      ['M-1', '5763.00'],
      ['M-2', '2269.04'],
      ['N-1', '113.00'],
    ]);
    // The number stays used.
    expect(await db().selectFrom('ap_cheque_numbers').select('cheque_no').where('cheque_no', '=', 1001).executeTakeFirst()).toBeTruthy();
    // Cancelled once: not again.
    expect((await act('ap-cheque', cancelled, 'cancel', { CancelDate: D('03-12'), CancelReason: 'x' })).statusCode).toBe(409);

    // A cheque the bank reconciliation cleared is not Open any more.
    const second = (json(await get('/api/data/ap-cheque?Page=1&PageSize=10&filter.VendorId=TAV')).List as Json[]).find((row) => row.ChequeNo === 1002)!;
    const entry = await db().selectFrom('gl_entries').select('entry_id').where('document_no', '=', 'CHQ1002').where('account_id', '=', '1000').executeTakeFirst();
    const now = new Date().toISOString();
    const [recon] = await db()
      .insertInto('bank_reconciliations')
      .values({ bank_account_id: 'OPERATING', gl_account_id: '1000', statement_date: D('03-31'), statement_balance: 0, opening_balance: 0, cleared_total: 0, book_balance: 0, status: 'Completed', created_by: 'test', created_on: now, updated_by: 'test', updated_on: now, version: 1 })
      .returning('reconciliation_id')
      .execute();
    await db().insertInto('bank_reconciliation_marks').values({ entry_id: entry.entry_id, reconciliation_id: recon.reconciliation_id }).execute();
    const cleared = await act('ap-cheque', second, 'cancel', { CancelDate: D('03-31'), CancelReason: 'Stale' });
    expect(cleared.statusCode).toBe(409);
    expect(json(cleared).Message).toBe('A cleared cheque cannot be cancelled.');
  });

  it('writes a CPA 005 EFT file checked record by record, with a file creation number never reused', async () => {
    await created('/api/data/ap-vendor-bank', { VendorId: 'TAV', Institution: '004', Transit: '12345', AccountNo: '998877' });
    const invoice = json(await get('/api/data/ap-invoice?Page=1&PageSize=50&filter.VendorDocNo=N-1')).List[0];
    let run = await created('/api/data/ap-payment-batch', { BankAccountId: 'OPERATING', PaymentMethod: 'EFT', PayThroughDate: D('04-30'), PaymentDate: D('03-20'), Lines: [{ InvoiceId: invoice.InvoiceId, Payment: '113.00' }] });
    run = await action('ap-payment-batch', run, 'approve');
    run = await action('ap-payment-batch', run, 'print');
    expect(run.EftFileNo).toBe(1);
    const file = await get(`/api/ap/ap-payment-batch/${run.BatchId}/eft`);
    expect(file.statusCode).toBe(200);
    const records = file.body.split('\r\n').filter((line: string) => line !== '');
    expect(records.map((r: string) => [r[0], r.length])).toEqual([
      ['A', 1464],
      ['C', 264],
      ['Z', 1464],
    ]);
    const [a, c, z] = records as [string, string, string];
    const at = (record: string, from: number, length: number) => record.slice(from - 1, from - 1 + length);
    expect([at(a, 2, 9), at(a, 11, 10), at(a, 21, 4), at(a, 25, 6), at(a, 31, 5), at(a, 56, 3)]).toEqual(['000000001', 'NOVUS00001', '0001', '042079', '00003', 'CAD']);
    expect([at(c, 2, 9), at(c, 21, 4), at(c, 25, 3), at(c, 28, 10), at(c, 38, 6), at(c, 44, 9), at(c, 53, 12).trim(), at(c, 65, 22), at(c, 105, 30).trim()]).toEqual([
      '000000002',
      '0001',
      '450',
      '0000011300',
      '042079',
      '000412345',
      '998877',
      '0'.repeat(22),
      'TALLIS STEEL INC.',
    ]);
    expect([at(c, 194, 9), at(c, 203, 12).trim()]).toEqual(['000312345', '1004567']);
    expect([at(z, 2, 9), at(z, 11, 10), at(z, 21, 4), at(z, 25, 14), at(z, 39, 8), at(z, 47, 14), at(z, 61, 8)]).toEqual(['000000003', 'NOVUS00001', '0001', '0'.repeat(14), '0'.repeat(8), '00000000011300', '00000001']);
    // The next file takes the next creation number.
    const other = json(await get('/api/data/ap-invoice?Page=1&PageSize=50&filter.VendorDocNo=M-2')).List[0];
    let second = await created('/api/data/ap-payment-batch', { BankAccountId: 'OPERATING', PaymentMethod: 'EFT', PayThroughDate: D('04-30'), PaymentDate: D('03-20'), Lines: [{ InvoiceId: other.InvoiceId, Payment: '100.00' }] });
    second = await action('ap-payment-batch', await action('ap-payment-batch', second, 'approve'), 'print');
    expect(second.EftFileNo).toBe(2);
    // The cheque PDF of an EFT run: nothing to print.
    expect((await get(`/api/ap/ap-payment-batch/${second.BatchId}/cheques`)).statusCode).toBe(400);
  });
});

describe('inquiries and sum checks (SCREENS.md WP5 acceptance 5)', () => {
  it('the aged trial balance equals the A/P control account at each date, and the trial balance balances', async () => {
    for (const asOf of [D('02-15'), D('02-22'), D('03-12'), D('03-31'), D('12-31')]) {
      const body = json(await runReport('ap-aged-trial-balance', { AsOfDate: asOf, AgeBy: 'due', PeriodDays: 30 }));
      const tav = (body.List as Json[]).find((row) => row.FirmId === 'TAV');
      const control = neg(await accountBalance('2100', asOf));
      // Nothing owed (everything paid on 02-22): "No records", with zero totals.
      expect(body.ResultStatus, asOf).toBe(control === '0.00' ? 6 : 1);
      expect(body.Totals?.Total ?? '0.00', asOf).toBe(control);
      if (asOf === D('03-31')) expect(tav?.Total).toBe('7932.04');
    }
    const all = await db().selectFrom('gl_entries').select('amount').execute();
    expect(all.reduce((sum: string, row: Json) => add(sum, decimalFromDb(engine(), row.amount, 2)!), '0.00')).toBe('0.00');
  });

  it('the account inquiry lists the vendor items with their open balances; the vendor list and payments report run', async () => {
    const inquiry = json(await runReport('ap-account-inquiry', { VendorId: 'TAV', Show: 'open' }));
    expect(inquiry.ResultStatus).toBe(1);
    const open = (inquiry.List as Json[]).filter((row) => row.ItemType === 'Invoice').map((row) => [row.VendorDocNo, row.OpenBalance]);
    expect(open).toContainEqual(['M-1', '5763.00']);
    const payments = json(await runReport('ap-payments-report', { StartDate: D('01-01'), EndDate: D('12-31'), VendorId: 'TAV' }));
    expect((payments.List as Json[]).map((row) => [row.ChequeNo, row.Status])).toContainEqual([1001, 'Cancelled']);
    const vendors = json(await runReport('ap-vendor-list', { Active: 'active' }));
    expect((vendors.List as Json[]).some((row) => row.FirmId === 'TAV')).toBe(true);
    const pdf = await postJson('/api/reports/ap-aged-trial-balance/pdf', { Parameters: { AsOfDate: D('03-31'), AgeBy: 'due', PeriodDays: 30 } });
    expect(pdf.statusCode).toBe(200);
  });
});
