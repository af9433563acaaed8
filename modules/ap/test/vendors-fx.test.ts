/**
 * Vendor defaults and foreign-currency vendors (issue 24 items 1–3; §5 Payables entry, §8 "Not allowed to change
 * bank due to different currency.") on SQLite and PostgreSQL, through the API as the screens call it:
 * - `ap-vendor-default`: only for a vendor; its bank is in its currency (§8); its terms are a purchase order's on
 *   picking the vendor (else the firm's account terms);
 * - an invoice left without terms, bank, ship-to province, currency, a line's account or tax group takes the
 *   vendor's defaults (terms: else the firm's account terms); what is given wins;
 * - a USD vendor's invoice is in USD, needs a USD bank (§8), posts its CAD equivalent at the rate of its date;
 *   a CAD payment run neither offers nor takes it (§8); a USD run pays it at the payment date's rate with the
 *   realized exchange loss; cancelling that cheque reverses it all and reopens the USD balance; the aged trial
 *   balance equals the A/P control account at every step and the trial balance balances;
 * - the reports on those documents: top accounts (by purchases, home currency), the A/P journal printing (grid,
 *   PDF, .xlsx: the AP source only, debits = credits) and the aged trial balance as .xlsx.
 */
import ExcelJS from 'exceljs';
import { add } from '@erp/shared/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import type { TestServer } from '../../../server/test/helpers/app.ts';
import { apiAs, signedInServer } from '../../../server/test/helpers/api.ts';
import { call } from '../../../server/test/helpers/entities.ts';
import { pdfText } from '../../../server/test/helpers/pdf-text.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let admin: string;
const YEAR = 2043;
const D = (md: string) => `${YEAR}-${md}`;

const { get, post: postJson, json, db, engine, created, accountBalance, journal: entries } = apiAs(() => server, () => admin);
/** A document's original posting (`reversals`: its reversal), account → amount. */
const journal = (documentNo: string, reversals = false) => entries(documentNo, reversals);

async function action(path: string, record: Json, name: string, body: Json = {}): Promise<Json> {
  const response = await postJson(`${path}/actions/${name}`, { Version: record.Version, ...body });
  expect(response.statusCode, JSON.stringify(response.json())).toBe(200);
  return json(response).Data;
}

/** The aged trial balance's total as of a date equals the A/P control account (2100, a credit) then. */
async function agingMatchesControl(asOf: string): Promise<void> {
  const report = json(await postJson('/api/reports/ap-aged-trial-balance/run', { Parameters: { AsOfDate: asOf, AgeBy: 'due', PeriodDays: 30 } }));
  const total = (report.List as Json[]).reduce((sum: string, row: Json) => add(sum, String(row.Total)), '0.00');
  expect(add(total, await accountBalance('2100', asOf)), asOf).toBe('0.00');
}

beforeAll(async () => {
  ({ server, tokens: { admin } } = await signedInServer('admin'));
  expect((await postJson('/api/data/accounting-period/fiscal-years', { FiscalYear: YEAR })).statusCode).toBe(201);
  await created('/api/data/firm', { FirmId: 'VDF', Name: 'Defaults Supply', FirmTypes: ['vendor'], ProvinceCode: 'ON', AccountTerms: 'NET30' });
  await created('/api/data/firm', { FirmId: 'VUS', Name: 'Buffalo Wire Corp.', FirmTypes: ['vendor'], ProvinceCode: 'ON' });
  await created('/api/data/firm', { FirmId: 'VCU', Name: 'A Customer Only', FirmTypes: ['bill-to'] });
  for (const [date, rate] of [['01-01', '1.350000'], ['03-01', '1.400000']] as const) {
    await created('/api/data/foreign-exchange', { FromCurrency: 'USD', ToCurrency: 'CAD', EffectiveDate: D(date), Rate: rate });
  }
});

afterAll(() => server?.stop());

describe('vendor defaults (ap-vendor-default)', () => {
  it('are kept for vendors only, with a bank in their currency (§8)', async () => {
    const customer = await postJson('/api/data/ap-vendor-default', { VendorId: 'VCU', TermsCode: 'NET30' });
    expect(customer.statusCode).toBe(400);
    expect(json(customer).Message).toBe('The vendor VCU has no payable account.');
    const mixed = await postJson('/api/data/ap-vendor-default', { VendorId: 'VUS', Currency: 'USD', BankAccountId: 'OPERATING' });
    expect(mixed.statusCode).toBe(400);
    expect(json(mixed).Message).toBe('Not allowed to change bank due to different currency.');
    const homeUsdBank = await postJson('/api/data/ap-vendor-default', { VendorId: 'VDF', BankAccountId: 'USD' });
    expect(json(homeUsdBank).Message).toBe('Not allowed to change bank due to different currency.');
    await created('/api/data/ap-vendor-default', { VendorId: 'VDF', ShipToState: 'ON', BankAccountId: 'OPERATING', AccountId: '6500', TaxGroup: 'GSTONLY' });
    await created('/api/data/ap-vendor-default', { VendorId: 'VUS', Currency: 'USD', TermsCode: 'NET15', ShipToState: 'ON', BankAccountId: 'USD', AccountId: '6500' });
  });

  it('give a purchase order its vendor’s terms on pick: the payables defaults’ (Payables’ hook on Purchasing’s order), else the firm’s account terms', async () => {
    const picked = async (vendor: string) => json(await postJson('/api/defaults/purchase-order', { Field: 'VendorId', Values: { VendorId: vendor } })).Data;
    // VUS: NET15 in its payables defaults, no account terms; VDF: payables defaults without terms, account terms NET30.
    expect(await picked('VUS')).toMatchObject({ VendorName: 'Buffalo Wire Corp.', TermsCode: 'NET15' });
    expect(await picked('VDF')).toMatchObject({ VendorName: 'Defaults Supply', TermsCode: 'NET30' });
  });

  it('fill what an invoice leaves blank — terms (the firm’s), bank, ship-to, currency, a line’s account and taxes — and what is given wins', async () => {
    const invoice = await created('/api/data/ap-invoice', { VendorId: 'VDF', TransactionDate: D('02-10'), DocDate: D('02-10'), VendorDocNo: 'DF-1', Amount: '113.00', Lines: [{ Quantity: '1.0000', UnitPrice: '100.0000' }] });
    expect(invoice).toMatchObject({ TermsCode: 'NET30', BankAccountId: 'OPERATING', ShipToState: 'ON', Currency: 'CAD', ExchangeRate: '1.000000', HomeAmount: '113.00', DueDate: D('03-12'), Remaining: '0.00' });
    expect(invoice.Lines[0]).toMatchObject({ AccountId: '6500', TaxGroup: 'GSTONLY', TaxAmount: '13.00' });
    const given = await created('/api/data/ap-invoice', { VendorId: 'VDF', TransactionDate: D('02-10'), DocDate: D('02-10'), VendorDocNo: 'DF-2', Amount: '100.00', TermsCode: 'COD', Lines: [{ AccountId: '6100', TaxGroup: 'EXEMPT', Quantity: '1.0000', UnitPrice: '100.0000' }] });
    expect(given).toMatchObject({ TermsCode: 'COD', Remaining: '0.00' });
    expect(given.Lines[0]).toMatchObject({ AccountId: '6100', TaxGroup: 'EXEMPT', TaxAmount: '0.00' });
    // The vendor's own terms come before the firm's.
    const usd = await created('/api/data/ap-invoice', { VendorId: 'VUS', TransactionDate: D('02-10'), DocDate: D('02-10'), VendorDocNo: 'US-0', Amount: '100.00', Lines: [{ TaxGroup: 'EXEMPT', Quantity: '1.0000', UnitPrice: '100.0000' }] });
    expect(usd).toMatchObject({ TermsCode: 'NET15', Currency: 'USD', BankAccountId: 'USD' });
  });
});

describe('bad input answers 4xx with its message, never 500', () => {
  it('a currency without a rate, a bank of another currency, an unknown vendor or document', async () => {
    const base = { VendorId: 'VDF', TransactionDate: D('02-10'), DocDate: D('02-10'), Amount: '100.00', Lines: [{ TaxGroup: 'EXEMPT', Quantity: '1.0000', UnitPrice: '100.0000' }] };
    const noRate = await postJson('/api/data/ap-invoice', { ...base, VendorDocNo: 'BAD-1', Currency: 'ZZZ', BankAccountId: null });
    expect(noRate.statusCode).toBe(400);
    const eur = await postJson('/api/data/ap-invoice', { ...base, VendorDocNo: 'BAD-2', Currency: 'EUR' });
    expect(eur.statusCode).toBe(400);
    expect(json(eur).Message).toBe('Not allowed to change bank due to different currency.');
    const lower = await postJson('/api/data/ap-vendor-default', { VendorId: 'NOSUCH', Currency: 'usd' });
    expect(lower.statusCode).toBe(400);
    expect(json(lower).Message).toBe('The vendor does not exist.');
    for (const invoiceId of [999999, 2147483647, -1]) {
      const run = await postJson('/api/data/ap-payment-batch', { BankAccountId: 'USD', PaymentMethod: 'Cheque', PayThroughDate: D('12-31'), PaymentDate: D('03-05'), Lines: [{ InvoiceId: invoiceId, Payment: '1.00' }] });
      expect(run.statusCode, String(invoiceId)).toBeGreaterThanOrEqual(400);
      expect(run.statusCode, String(invoiceId)).toBeLessThan(500);
    }
  });
});

describe('a foreign-currency vendor (§8, exchange rates)', () => {
  let invoice: Json;
  let cheque: Json;

  it('bills in its currency from a bank of it (§8), posting the CAD equivalent at the rate of the transaction date', async () => {
    const cadBank = await postJson('/api/data/ap-invoice', { VendorId: 'VUS', TransactionDate: D('02-15'), DocDate: D('02-15'), VendorDocNo: 'US-1', Amount: '1130.00', BankAccountId: 'OPERATING', Lines: [{ Quantity: '1.0000', UnitPrice: '1000.0000' }] });
    expect(cadBank.statusCode).toBe(400);
    expect(json(cadBank).Message).toBe('Not allowed to change bank due to different currency.');
    const draft = await created('/api/data/ap-invoice', { VendorId: 'VUS', TransactionDate: D('02-15'), DocDate: D('02-15'), VendorDocNo: 'US-1', Amount: '1130.00', Lines: [{ Quantity: '1.0000', UnitPrice: '1000.0000' }] });
    expect(draft).toMatchObject({ Currency: 'USD', BankAccountId: 'USD', ExchangeRate: '1.350000', HomeAmount: '1525.50', TaxTotal: '130.00', Remaining: '0.00' });
    invoice = await action(`/api/data/ap-invoice/${draft.InvoiceId}`, draft, 'post');
    expect(invoice).toMatchObject({ Status: 'Posted', Balance: '1130.00' });
    // Dr expense 1,000 × 1.35, Dr HST ITC 130 × 1.35, Cr A/P their sum.
    expect(await journal(draft.DocumentNo)).toEqual({ '6500': '1350.00', '1310': '175.50', '2100': '-1525.50' });
    await agingMatchesControl(D('02-28'));
  });

  it('is neither offered nor paid by a CAD run (§8), and a USD run pays it at the payment date rate with the realized loss', async () => {
    let cad = await created('/api/data/ap-payment-batch', { BankAccountId: 'OPERATING', PaymentMethod: 'Cheque', PayThroughDate: D('12-31'), PaymentDate: D('03-05'), Lines: [] });
    cad = await action(`/api/data/ap-payment-batch/${cad.BatchId}`, cad, 'select');
    expect((cad.Lines as Json[]).map((line) => line.InvoiceId)).not.toContain(invoice.InvoiceId);
    const refused = await postJson('/api/data/ap-payment-batch', { BankAccountId: 'OPERATING', PaymentMethod: 'Cheque', PayThroughDate: D('12-31'), PaymentDate: D('03-05'), Lines: [{ InvoiceId: invoice.InvoiceId, Payment: '1130.00' }] });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).Message).toBe('Not allowed to change bank due to different currency.');

    let run = await created('/api/data/ap-payment-batch', { BankAccountId: 'USD', PaymentMethod: 'Cheque', PayThroughDate: D('12-31'), PaymentDate: D('03-05'), Lines: [] });
    run = await action(`/api/data/ap-payment-batch/${run.BatchId}`, run, 'select');
    const line = (run.Lines as Json[]).find((l) => l.InvoiceId === invoice.InvoiceId);
    expect(line).toMatchObject({ Balance: '1130.00', Payment: '1130.00' });
    const tooMuch = await call(server.app, 'PUT', `/api/data/ap-payment-batch/${run.BatchId}`, admin, { ...run, Lines: [{ InvoiceId: invoice.InvoiceId, Payment: '1130.01' }] });
    expect(json(tooMuch).Message).toMatch(/cannot exceed the balance/);
    run = json(await call(server.app, 'PUT', `/api/data/ap-payment-batch/${run.BatchId}`, admin, { ...run, Lines: [{ InvoiceId: invoice.InvoiceId, Payment: '1130.00' }] })).Data;
    run = await action(`/api/data/ap-payment-batch/${run.BatchId}`, run, 'approve');
    run = await action(`/api/data/ap-payment-batch/${run.BatchId}`, run, 'print');
    expect(run.Status).toBe('Printed');
    // Cr USD bank 1,130 × 1.40 = 1,582.00; Dr A/P what the invoice was booked at; Dr exchange loss the rest.
    expect(await journal(`CHQ${run.FirstChequeNo}`)).toEqual({ '2100': '1525.50', '1010': '-1582.00', '4950': '56.50' });
    const paid = json(await get(`/api/data/ap-invoice/${invoice.InvoiceId}`)).Data;
    expect(paid).toMatchObject({ Status: 'Paid', Balance: '0.00' });
    cheque = (await db().selectFrom('ap_cheques').selectAll().where('batch_id', '=', run.BatchId).execute())[0];
    expect(decimalFromDb(engine(), cheque.amount, 2)).toBe('1130.00');
    await agingMatchesControl(D('03-31'));
    await agingMatchesControl(D('03-04'));
  });

  it('cancelling that cheque reverses the payment and reopens the USD balance; the trial balance balances', async () => {
    const current = json(await get(`/api/data/ap-cheque/${cheque.cheque_id}`)).Data;
    const cancelled = await postJson(`/api/ap/ap-cheque/${cheque.cheque_id}/cancel`, { Version: current.Version, CancelDate: D('03-20'), CancelReason: 'Lost in the mail' });
    expect(cancelled.statusCode, JSON.stringify(cancelled.json())).toBe(200);
    expect(await journal(`CHQ${cheque.cheque_no}`, true)).toEqual({ '2100': '-1525.50', '1010': '1582.00', '4950': '-56.50' });
    const reopened = json(await get(`/api/data/ap-invoice/${invoice.InvoiceId}`)).Data;
    expect(reopened).toMatchObject({ Status: 'Posted', Balance: '1130.00' });
    const item = await db().selectFrom('ap_items').selectAll().where('origin_type', '=', 'ap-invoice').where('origin_id', '=', String(invoice.InvoiceId)).executeTakeFirst();
    expect([decimalFromDb(engine(), item.open_balance, 2), decimalFromDb(engine(), item.foreign_open_balance, 2), item.status]).toEqual(['1525.50', '1130.00', 'Open']);
    await agingMatchesControl(D('03-31'));
    await agingMatchesControl(D('03-10'));
    const all = await db().selectFrom('gl_entries').select('amount').execute();
    expect(all.reduce((sum: string, row: Json) => add(sum, decimalFromDb(engine(), row.amount, 2)!), '0.00')).toBe('0.00');
  });
});

describe('reports (issue 24 item 5: grid, .xlsx, PDF)', () => {
  const year = { StartDate: D('01-01'), EndDate: D('12-31') };
  const cellsOf = async (report: string, parameters: Json) => {
    const response = await postJson(`/api/reports/${report}/xlsx`, { Parameters: parameters });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    workbook.worksheets[0]!.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value))));
    return cells;
  };

  it('top accounts ranks the vendors by their purchases in the home currency', async () => {
    const top = json(await postJson('/api/reports/ap-top-accounts/run', { Parameters: { ...year, Top: 2 } }));
    expect((top.List as Json[]).map((row) => [row.FirmId, row.Purchases, row.Documents])).toEqual([['VUS', '1525.50', 1]]);
    expect(await cellsOf('ap-top-accounts', { ...year, Top: 2 })).toContain('VUS');
  });

  it('the A/P journal printing shows the A/P postings only, balanced, as grid, PDF and .xlsx; the aged trial balance as .xlsx', async () => {
    const invoice = json(await get('/api/data/ap-invoice?Page=1&PageSize=5&filter.VendorDocNo=US-1')).List[0];
    const journals = json(await postJson('/api/reports/ap-journal-printing/run', { Parameters: year }));
    const documents = new Set((journals.List as Json[]).map((row) => row.DocumentNo));
    expect(documents.has(invoice.DocumentNo)).toBe(true);
    expect([...documents].every((no) => /^(AP\d+|CHQ\d+)$/.test(String(no)))).toBe(true);
    expect(journals.Totals.Debit).toBe(journals.Totals.Credit);
    expect(await pdfText((await postJson('/api/reports/ap-journal-printing/pdf', { Parameters: year })).rawPayload)).toContain(invoice.DocumentNo);
    expect(await cellsOf('ap-journal-printing', year)).toContain(invoice.DocumentNo);
    const aged = await cellsOf('ap-aged-trial-balance', { AsOfDate: D('12-31'), AgeBy: 'due', PeriodDays: 30 });
    expect(aged).toContain('VUS');
  });
});
