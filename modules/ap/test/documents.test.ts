/**
 * A/P documents beyond the vendor invoice (issue 24 items 1 and 6) on SQLite and PostgreSQL: input tax credits
 * by province (Québec: GST to the GST/HST ITC account, QST to the QST ITR account; British Columbia: PST is a
 * cost of the line), a credit note (Dr A/P / Cr expense and ITC; an unapplied debit), a debit note, hold and
 * release (a held invoice is not offered to payment runs and cannot be paid), and the sales-commission voucher
 * service the order desk will call (§3: Dr commission expense / Cr A/P, no tax; refusals).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../server/test/helpers/app.ts';
import { apiAs, signedInServer } from '../../../server/test/helpers/api.ts';
import { call } from '../../../server/test/helpers/entities.ts';
import { createCommissionVoucher } from '../server/vouchers.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let admin: string;
const YEAR = 2043;
const D = (md: string) => `${YEAR}-${md}`;
const { get, post: postJson, json, db, created, journal } = apiAs(() => server, () => admin);

async function action(record: Json, name: string): Promise<Json> {
  const response = await postJson(`/api/data/ap-invoice/${record.InvoiceId}/actions/${name}`, { Version: record.Version });
  expect(response.statusCode, JSON.stringify(response.json())).toBe(200);
  return json(response).Data;
}

const invoice = (extra: Json) => ({ VendorId: 'TDV', TermsCode: 'NET30', ShipToState: 'ON', BankAccountId: 'OPERATING', TransactionDate: D('03-02'), DocDate: D('03-02'), ...extra });

beforeAll(async () => {
  ({ server, tokens: { admin } } = await signedInServer('admin'));
  expect((await postJson('/api/data/accounting-period/fiscal-years', { FiscalYear: YEAR })).statusCode).toBe(201);
  await created('/api/data/firm', { FirmId: 'TDV', Name: 'Docs Vendor Ltd.', FirmTypes: ['vendor'], ProvinceCode: 'QC' });
  await created('/api/data/firm', { FirmId: 'TREP', Name: 'Rep Agency Inc.', FirmTypes: ['vendor'], ProvinceCode: 'ON' });
  await created('/api/data/firm', { FirmId: 'TOLD', Name: 'Old Agency', FirmTypes: ['vendor'], IsActive: false });
});

afterAll(() => server?.stop());

describe('input tax credits by province, credit and debit notes', () => {
  it('Québec: GST to the GST/HST ITC account, QST to the QST ITR account; British Columbia: PST is a cost of the line', async () => {
    const qc = await created('/api/data/ap-invoice', invoice({ ShipToState: 'QC', VendorDocNo: 'Q-1', Amount: '114.98', Lines: [{ AccountId: '6500', Quantity: '1.0000', UnitPrice: '100.0000' }] }));
    expect(qc).toMatchObject({ TaxTotal: '14.98', Remaining: '0.00' });
    expect(qc.Lines[0].TaxCodes).toBe('GST 5%, QST 9.975%');
    await action(qc, 'post');
    expect(await journal(qc.DocumentNo)).toEqual({ '6500': '100.00', '1310': '5.00', '1320': '9.98', '2100': '-114.98' });
    const bc = await created('/api/data/ap-invoice', invoice({ ShipToState: 'BC', VendorDocNo: 'B-1', Amount: '112.00', Lines: [{ AccountId: '6500', Quantity: '1.0000', UnitPrice: '100.0000' }] }));
    await action(bc, 'post');
    expect(await journal(bc.DocumentNo)).toEqual({ '6500': '107.00', '1310': '5.00', '2100': '-112.00' });
  });

  it('a credit note posts Dr A/P / Cr expense and ITC and stays an unapplied debit; a debit note posts like an invoice', async () => {
    const credit = await created('/api/data/ap-invoice', invoice({ DocumentType: 'CreditNote', VendorDocNo: 'CR-1', Amount: '56.50', Lines: [{ AccountId: '6500', Quantity: '1.0000', UnitPrice: '50.0000' }] }));
    const posted = await action(credit, 'post');
    expect(posted).toMatchObject({ Status: 'Posted', Balance: '56.50' });
    expect(await journal(credit.DocumentNo)).toEqual({ '6500': '-50.00', '1310': '-6.50', '2100': '56.50' });
    const unapplied = json(await postJson('/api/reports/ap-unapplied-debits/run', { Parameters: { VendorId: 'TDV' } }));
    expect((unapplied.List as Json[]).map((row) => [row.DocumentNo, row.OpenBalance])).toEqual([[credit.DocumentNo, '-56.50']]);
    const debit = await created('/api/data/ap-invoice', invoice({ DocumentType: 'DebitNote', VendorDocNo: 'DN-1', Amount: '11.30', Lines: [{ AccountId: '5300', Quantity: '1.0000', UnitPrice: '10.0000' }] }));
    await action(debit, 'post');
    expect(await journal(debit.DocumentNo)).toEqual({ '5300': '10.00', '1310': '1.30', '2100': '-11.30' });
    // A credit note is not matched to a receipt.
    const matched = await postJson('/api/data/ap-invoice', invoice({ DocumentType: 'CreditNote', VendorDocNo: 'CR-2', Amount: '1.00', ReceiptId: 1, Lines: [] }));
    expect(matched.statusCode).toBe(400);
  });

  it('hold and release: a held invoice is left out of the payments queue and refused in a run', async () => {
    const held = await action(await action(await created('/api/data/ap-invoice', invoice({ VendorDocNo: 'H-1', Amount: '22.60', Lines: [{ AccountId: '6300', Quantity: '2.0000', UnitPrice: '10.0000' }] })), 'post'), 'hold');
    expect(held.Status).toBe('OnHold');
    const batch = await created('/api/data/ap-payment-batch', { BankAccountId: 'OPERATING', PaymentMethod: 'Cheque', PayThroughDate: D('12-31'), PaymentDate: D('03-05'), VendorId: 'TDV', Lines: [] });
    const selected = json(await postJson(`/api/data/ap-payment-batch/${batch.BatchId}/actions/select`, { Version: batch.Version }));
    const lines = json(await get(`/api/data/ap-payment-batch/${batch.BatchId}`)).Data.Lines as Json[];
    expect(selected.ResultStatus).toBe(1);
    expect(lines.map((line) => line.VendorDocNo)).not.toContain('H-1');
    expect(lines.map((line) => line.VendorDocNo)).toContain('DN-1');
    const refused = await postJson('/api/data/ap-payment-batch', { BankAccountId: 'OPERATING', PaymentMethod: 'Cheque', PayThroughDate: D('12-31'), PaymentDate: D('03-05'), Lines: [{ InvoiceId: held.InvoiceId, Payment: '22.60' }] });
    expect(refused.statusCode).toBe(409);
    const released = await action(held, 'release');
    expect(released.Status).toBe('Posted');
    expect((await postJson('/api/data/ap-payment-batch', { BankAccountId: 'OPERATING', PaymentMethod: 'Cheque', PayThroughDate: D('12-31'), PaymentDate: D('03-06'), Lines: [{ InvoiceId: held.InvoiceId, Payment: '22.60' }] })).statusCode).toBe(201);
  });
});

describe('cash disbursements (AP-05)', () => {
  it('a manual cheque applied to the vendor documents: Remaining To Apply must be zero, then Dr A/P / Cr bank; its number is used', async () => {
    const debit = json(await get('/api/data/ap-invoice?Page=1&PageSize=5&filter.VendorDocNo=DN-1')).List[0];
    let draft = await created('/api/data/ap-disbursement', { VendorId: 'TDV', BankAccountId: 'OPERATING', PaymentDate: D('03-10'), Amount: '100.00', Lines: [{ InvoiceId: debit.InvoiceId, Payment: '11.30' }] });
    expect(draft).toMatchObject({ Applied: '11.30', RemainingToApply: '88.70' });
    expect(draft.Lines[0]).toMatchObject({ DocumentNo: debit.DocumentNo, Balance: '11.30' });
    const refused = await postJson(`/api/data/ap-disbursement/${draft.DisbursementId}/actions/post`, { Version: draft.Version });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).Message).toBe('Remaining To Apply must be zero (88.70 is not applied).');
    const other = await postJson('/api/data/ap-disbursement', { VendorId: 'TREP', BankAccountId: 'OPERATING', PaymentDate: D('03-10'), Amount: '11.30', Lines: [{ InvoiceId: debit.InvoiceId, Payment: '11.30' }] });
    expect(other.statusCode).toBe(400);
    draft = json(await call(server.app, 'PUT', `/api/data/ap-disbursement/${draft.DisbursementId}`, admin, { ...draft, Amount: '11.30' })).Data;
    const posted = json(await postJson(`/api/data/ap-disbursement/${draft.DisbursementId}/actions/post`, { Version: draft.Version })).Data;
    expect(posted).toMatchObject({ Status: 'Posted', ChequeNo: 1001, RemainingToApply: '0.00' });
    expect(await journal('CHQ1001')).toEqual({ '2100': '11.30', '1000': '-11.30' });
    expect(json(await get(`/api/data/ap-invoice/${debit.InvoiceId}`)).Data).toMatchObject({ Status: 'Paid', Balance: '0.00' });
    const qc = json(await get('/api/data/ap-invoice?Page=1&PageSize=5&filter.VendorDocNo=Q-1')).List[0];
    const again = await created('/api/data/ap-disbursement', { VendorId: 'TDV', BankAccountId: 'OPERATING', PaymentDate: D('03-10'), Amount: '14.98', ChequeNo: 1001, Lines: [{ InvoiceId: qc.InvoiceId, Payment: '14.98' }] });
    const used = await postJson(`/api/data/ap-disbursement/${again.DisbursementId}/actions/post`, { Version: again.Version });
    expect(used.statusCode).toBe(409);
    expect(json(used).Message).toBe('Cheque number has been used.');
  });
});

describe('credit cards (AP-12, AP-13)', () => {
  it('keeps only the last 4 digits; a charge posts Dr expense / Dr ITC / Cr the issuer A/P as an A/P document of the issuer', async () => {
    const full = await postJson('/api/data/ap-credit-card', { CardId: 'FLEET', Description: 'Fleet card', CardType: 'VISA', Last4: '4111111111111111', IssuerVendorId: 'TREP' });
    expect(full.statusCode).toBe(400);
    await created('/api/data/ap-credit-card', { CardId: 'FLEET', Description: 'Fleet card', CardType: 'VISA', Last4: '1111', IssuerVendorId: 'TREP' });
    const wrong = await created('/api/data/ap-card-invoice', { CardId: 'FLEET', TransactionDate: D('03-15'), Merchant: 'Petro Station 42', Amount: '120.00', ShipToState: 'ON', Lines: [{ AccountId: '6400', Amount: '100.00' }] });
    const refused = await postJson(`/api/data/ap-card-invoice/${wrong.CardInvoiceId}/actions/post`, { Version: wrong.Version });
    expect(json(refused).Message).toBe('G/L distribution must sum to zero: 7.00 is not distributed.');
    const charge = json(await call(server.app, 'PUT', `/api/data/ap-card-invoice/${wrong.CardInvoiceId}`, admin, { ...wrong, Amount: '113.00' })).Data;
    const posted = json(await postJson(`/api/data/ap-card-invoice/${charge.CardInvoiceId}/actions/post`, { Version: charge.Version })).Data;
    expect(posted.Status).toBe('Posted');
    const document = json(await get(`/api/data/ap-invoice/${posted.ApInvoiceId}`)).Data;
    expect(document).toMatchObject({ VendorId: 'TREP', VendorDocNo: `CC1111-${charge.DocumentNo}`, Status: 'Posted', Balance: '113.00' });
    expect(await journal(document.DocumentNo)).toEqual({ '6400': '100.00', '1310': '13.00', '2100': '-113.00' });
    // AP-14: paying the issuer (a disbursement to the issuer's A/P): Dr card A/P / Cr bank; the charge is Paid.
    const payment = await created('/api/data/ap-disbursement', { VendorId: 'TREP', BankAccountId: 'OPERATING', PaymentDate: D('03-31'), Amount: '113.00', ChequeNo: 5001, Lines: [{ InvoiceId: document.InvoiceId, Payment: '113.00' }] });
    const paid = json(await postJson(`/api/data/ap-disbursement/${payment.DisbursementId}/actions/post`, { Version: payment.Version })).Data;
    expect(paid).toMatchObject({ Status: 'Posted', ChequeNo: 5001 });
    expect(await journal('CHQ5001')).toEqual({ '2100': '113.00', '1000': '-113.00' });
    expect(json(await get(`/api/data/ap-invoice/${document.InvoiceId}`)).Data).toMatchObject({ Status: 'Paid', Balance: '0.00' });
  });
});

describe('expense templates and reports (AP-15 … AP-17)', () => {
  it('a claim becomes the employee A/P voucher: each line to its column account with the column taxes (ITC), Cr A/P', async () => {
    await created('/api/data/firm', { FirmId: 'TEMP1', Name: 'Pat Employee', FirmTypes: ['vendor'], ProvinceCode: 'ON' });
    await created('/api/data/ap-expense-template', { TemplateId: 'TRAVEL', Description: 'Travel' });
    await created('/api/data/ap-expense-template-column', { TemplateId: 'TRAVEL', ColumnNo: 1, Heading: 'Fuel', AccountId: '6400' });
    await created('/api/data/ap-expense-template-column', { TemplateId: 'TRAVEL', ColumnNo: 2, Heading: 'Meals', AccountId: '6500', TaxGroup: 'EXEMPT' });
    const twice = await postJson('/api/data/ap-expense-template-column', { TemplateId: 'TRAVEL', ColumnNo: 2, Heading: 'Again', AccountId: '6500' });
    expect(twice.statusCode).toBe(400);
    const bad = await postJson('/api/data/ap-expense-report', { EmployeeId: 'TEMP1', TemplateId: 'TRAVEL', ReportDate: D('03-20'), ShipToState: 'ON', Lines: [{ ExpenseDate: D('03-18'), ColumnNo: 3, Amount: '10.00' }] });
    expect(json(bad).Message).toBe('Column 3 is not a column of the template.');
    const claim = await created('/api/data/ap-expense-report', {
      EmployeeId: 'TEMP1',
      TemplateId: 'TRAVEL',
      ReportDate: D('03-20'),
      ShipToState: 'ON',
      Lines: [
        { ExpenseDate: D('03-18'), ColumnNo: 1, Amount: '80.00' },
        { ExpenseDate: D('03-19'), ColumnNo: 2, Description: 'Client lunch', Amount: '45.00' },
      ],
    });
    const posted = json(await postJson(`/api/data/ap-expense-report/${claim.ReportId}/actions/post`, { Version: claim.Version })).Data;
    expect(posted).toMatchObject({ Status: 'Posted', Total: '135.40' });
    const voucher = json(await get(`/api/data/ap-invoice/${posted.ApInvoiceId}`)).Data;
    expect(voucher).toMatchObject({ VendorId: 'TEMP1', VendorDocNo: claim.DocumentNo, Balance: '135.40' });
    expect(await journal(voucher.DocumentNo)).toEqual({ '6400': '80.00', '6500': '45.00', '1310': '10.40', '2100': '-135.40' });
  });
});

describe('the sales-commission voucher service (§3, OE-40)', () => {
  it('posts a voucher Dr commission expense / Cr A/P without tax, and refuses a non-vendor, an inactive vendor, a zero amount', async () => {
    const run = (request: Partial<Parameters<typeof createCommissionVoucher>[1]>) =>
      db()
        .transaction()
        .execute((trx: never) => createCommissionVoucher(trx, { vendorId: 'TREP', date: D('04-30'), amount: '1234.56', expenseAccount: '6100', reference: 'COMM-2043-04', bankAccountId: 'OPERATING', userId: 'admin', ...request }));
    const voucher = await run({});
    expect(voucher.documentNo).toMatch(/^AP\d+$/);
    expect(await journal(voucher.documentNo)).toEqual({ '6100': '1234.56', '2100': '-1234.56' });
    const stored = json(await get(`/api/data/ap-invoice/${voucher.invoiceId}`)).Data;
    expect(stored).toMatchObject({ Status: 'Posted', VendorId: 'TREP', VendorDocNo: 'COMM-2043-04', TaxTotal: '0.00', Balance: '1234.56' });
    await expect(run({ vendorId: 'NOBODY', reference: 'X1' })).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(run({ vendorId: 'TOLD', reference: 'X2' })).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(run({ amount: '0.00', reference: 'X3' })).rejects.toMatchObject({ code: 'validation_failed' });
  });
});
