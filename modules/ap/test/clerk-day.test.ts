/**
 * Issue 71 item 2, "missing where a clerk expects it", on the purchase-to-pay side (SQLite and PostgreSQL):
 * - the vendor invoice opened from a receipt has the receipt's open lines, their taxes and totals before its save:
 *   POST /api/defaults/ap-invoice for the receipt (ReceiptId, with or without the vendor) answers the vendor, the
 *   lines and SubTotal/TaxTotal exactly (decimals as strings), the same the save takes — matched, so the posting
 *   clears GRNI; a receipt the save refuses (another vendor's, on a credit note) or one already invoiced brings nothing;
 * - the paid payment run prints and e-mails its remittance advice itself (not only Cheque Cancellation): the
 *   report by BatchId lists what each standing payment paid; the e-mail goes to the run's vendor (demo V100 has an
 *   address) with the advice attached and is kept in the mailbox; a run not yet paid is not e-mailed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeRecord } from '@erp/shared/entities/compute';
import { apInvoice } from '../definitions/ap-invoice.ts';
import type { TestServer } from '../../../server/test/helpers/app.ts';
import { apiAs, signedInServer } from '../../../server/test/helpers/api.ts';
import { call } from '../../../server/test/helpers/entities.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let admin: string;
let clerk: string;
const YEAR = 2044;
const D = (md: string) => `${YEAR}-${md}`;
const { get, post, del, json, db, created } = apiAs(() => server, () => admin);

async function act(entity: string, id: unknown, name: string, version: unknown): Promise<Json> {
  const response = await post(`/api/data/${entity}/${id}/actions/${name}`, { Version: version });
  expect(response.statusCode, JSON.stringify(response.json())).toBe(200);
  return json(response).Data;
}

let receipt: Json;

beforeAll(async () => {
  ({ server, tokens: { admin, clerk } } = await signedInServer('admin', 'clerk'));
  expect((await post('/api/data/accounting-period/fiscal-years', { FiscalYear: YEAR })).statusCode).toBe(201);
  // The demo's steel mill, two of its bars (modules/po/server/seed.ts), ordered and received.
  const order = await created('/api/data/purchase-order', {
    OrderDate: D('02-01'),
    VendorId: 'V100',
    Lines: [
      { ProductId: 'BAR-FL-A36-250X2', QuantityOrdered: '4.0000', UnitPrice: '12.5000' },
      { ProductId: 'BAR-RD-1018-0750', QuantityOrdered: '3.0000', UnitPrice: '20.0000' },
    ],
  });
  const draft = await created('/api/data/po-receipt', { PoId: order.PoId, ReceiptDate: D('02-10') });
  receipt = await act('po-receipt', draft.ReceiptId, 'post', draft.Version);
});

afterAll(() => server?.stop());

describe('the vendor invoice from a receipt (issue 71 item 2)', () => {
  const defaults = async (values: Json) => {
    const response = await post('/api/defaults/ap-invoice', { Field: 'ReceiptId', Values: values });
    expect(response.statusCode, response.body).toBe(200);
    return json(response).Data as Json;
  };
  const NOTHING = { VendorId: null, Lines: null, SubTotal: null, TaxTotal: null };

  it("has the receipt's open lines, their taxes and totals before the save, exactly what the save takes", async () => {
    const values = { VendorId: 'V100', ReceiptId: receipt.ReceiptId, DocumentType: 'Invoice', TransactionDate: D('02-12'), DocDate: D('02-12') };
    // V100 ships to Ontario (ap-vendor-default): 13 % HST on each line.
    const asked = await defaults(values);
    expect(Object.keys(asked).sort()).toEqual(['Lines', 'SubTotal', 'TaxTotal', 'VendorId']);
    expect([asked.VendorId, asked.SubTotal, asked.TaxTotal]).toEqual(['V100', '110.00', '14.30']);
    const lines = asked.Lines as Json[];
    expect(lines.map((line) => [line.ProductId, line.Quantity, line.UnitPrice, line.Amount, line.PoPrice, line.AccountId, line.TaxAmount, line.TaxCodes])).toEqual([
      ['BAR-FL-A36-250X2', '4.0000', '12.5000', '50.00', '12.5000', null, '6.50', 'HST 13%'],
      ['BAR-RD-1018-0750', '3.0000', '20.0000', '60.00', '20.0000', null, '7.80', 'HST 13%'],
    ]);
    expect(lines.map((line) => line.ReceiptLineId)).toEqual(receipt.Lines.map((line: Json) => line.LineId));
    // The receipt alone (picked on a blank invoice) brings its vendor and the same lines.
    expect(await defaults({ ReceiptId: receipt.ReceiptId })).toEqual({ ...asked, Lines: expect.any(Array) });
    expect((await defaults({ ReceiptId: String(receipt.ReceiptId) })).Lines.map((line: Json) => line.ReceiptLineId)).toEqual(lines.map((line) => line.ReceiptLineId));
    // What the save refuses brings nothing: another vendor's receipt, a credit note's, a receipt that does not exist.
    expect(await defaults({ ...values, VendorId: 'V200' })).toEqual(NOTHING);
    expect(await defaults({ ...values, DocumentType: 'CreditNote' })).toEqual(NOTHING);
    expect(await defaults({ ...values, ReceiptId: 2_000_000_000 })).toEqual(NOTHING);
    const refused = await post('/api/data/ap-invoice', { ...values, VendorId: 'V200', VendorDocNo: 'LS-71-X', Amount: '124.30', Lines: [] });
    expect([refused.statusCode, json(refused).Data.Errors[0].field]).toEqual([400, 'ReceiptId']);

    // Saved naming the receipt only (no vendor, no lines): the save fills the same vendor, lines and totals.
    const bare = await created('/api/data/ap-invoice', { ReceiptId: receipt.ReceiptId, DocumentType: 'Invoice', TransactionDate: D('02-12'), DocDate: D('02-12'), VendorDocNo: 'LS-71-A', Amount: '124.30' });
    expect([bare.VendorId, bare.SubTotal, bare.TaxTotal, bare.Remaining]).toEqual(['V100', '110.00', '14.30', '0.00']);
    expect(bare.Lines.map((line: Json) => [line.ReceiptLineId, line.Quantity, line.UnitPrice, line.Amount, line.TaxAmount])).toEqual(lines.map((line) => [line.ReceiptLineId, line.Quantity, line.UnitPrice, line.Amount, line.TaxAmount]));
    expect((await del(`/api/data/ap-invoice/${bare.InvoiceId}?Version=${bare.Version}`)).statusCode).toBe(200);

    expect((json(await get(`/api/data/po-receipt/${receipt.ReceiptId}/related`)).Makes as Json[]).map((make) => make.Id)).toEqual(['enter-invoice']);
    // Saved as the form sends them (the lines it was given): matched to the receipt, the totals it showed.
    const form = lines.map(({ ReceiptLineId, Quantity, UnitPrice, TaxGroup }) => ({ ReceiptLineId, Quantity, UnitPrice, TaxGroup }));
    const invoice = await created('/api/data/ap-invoice', { ...values, VendorDocNo: 'LS-71', Amount: '124.30', Lines: form });
    expect([invoice.SubTotal, invoice.TaxTotal, invoice.Remaining]).toEqual([asked.SubTotal, asked.TaxTotal, '0.00']);
    // The form's own figures over the lines it was given (computed and derived fields) are the save's.
    const shown = computeRecord({ ...apInvoice, computed: { ...apInvoice.computed, ...apInvoice.derived } }, { ...values, Amount: '124.30', Lines: lines });
    expect([shown.SubTotal, shown.TaxTotal, shown.Remaining]).toEqual([invoice.SubTotal, invoice.TaxTotal, invoice.Remaining]);
    expect(invoice.Lines.map((line: Json) => [line.ProductId, line.PoPrice, line.Amount, line.TaxAmount])).toEqual(lines.map((line) => [line.ProductId, line.PoPrice, line.Amount, line.TaxAmount]));
    const posted = await act('ap-invoice', invoice.InvoiceId, 'post', invoice.Version);
    expect(posted.Status).toBe('Posted');
    // Now invoiced, the receipt has nothing left to bring (the save would take no line of it either).
    expect(await defaults(values)).toEqual(NOTHING);
    expect(await defaults({ ReceiptId: receipt.ReceiptId })).toEqual(NOTHING);
    // Nor does it offer Enter vendor invoice any more: it did while a line was still to invoice.
    const makes = async () => (json(await get(`/api/data/po-receipt/${receipt.ReceiptId}/related`)).Makes as Json[]).map((make) => make.Id);
    expect(await makes()).toEqual([]);
  });
});

describe("a line's taxes follow its quantity, price and tax group before the save (issue 71 item 2)", () => {
  const preview = async (header: Json, line: Json) => {
    const response = await post('/api/ap/invoice-line-preview', { Header: header, Line: line });
    expect(response.statusCode, response.body).toBe(200);
    return json(response).Data as Json;
  };
  const header = { VendorId: 'V100', TransactionDate: D('03-01'), DocDate: D('03-01') };

  it("answers the line's amount and taxes as the save stores them, the vendor's province and tax group for blanks", async () => {
    // V100 ships to Ontario (its default): 13 % HST.
    const first = await preview(header, { AccountId: '6500', Quantity: '2.0000', UnitPrice: '10.0000' });
    expect(first).toEqual({ Amount: '20.00', PoPrice: null, Variance: null, TaxCodes: 'HST 13%', TaxAmount: '2.60' });
    // The quantity changed: the taxes follow (the form's TaxTotal and Remaining sum them).
    const changed = await preview(header, { AccountId: '6500', Quantity: '7', UnitPrice: '10.0000' });
    expect([changed.Amount, changed.TaxAmount]).toEqual(['70.00', '9.10']);
    // Another province typed on the header, a tax group on the line.
    expect((await preview({ ...header, ShipToState: 'QC' }, { Quantity: '1', UnitPrice: '100' })).TaxAmount).toBe('14.98');
    expect((await preview(header, { Quantity: '1', UnitPrice: '100', TaxGroup: 'EXEMPT' })).TaxAmount).toBe('0.00');
    // Saved, the invoice stores exactly the previewed figures.
    const saved = await created('/api/data/ap-invoice', { ...header, VendorDocNo: 'LP-71', Amount: '79.10', Lines: [{ AccountId: '6500', Quantity: '7.0000', UnitPrice: '10.0000' }] });
    expect([saved.Lines[0].Amount, saved.Lines[0].TaxCodes, saved.Lines[0].TaxAmount, saved.TaxTotal, saved.Remaining]).toEqual([changed.Amount, changed.TaxCodes, changed.TaxAmount, '9.10', '0.00']);
    // A receipt's line: its PO price and variance too.
    const line = receipt.Lines[0] as Json;
    const matched = await preview(header, { ReceiptLineId: line.LineId, Quantity: '4', UnitPrice: '13.0000' });
    expect(matched).toEqual({ Amount: '52.00', PoPrice: '12.5000', Variance: '2.00', TaxCodes: 'HST 13%', TaxAmount: '6.76' });
  });

  it('refuses a quantity or price that is not a number (400, localized) and answers 403 without the right', async () => {
    for (const line of [{ Quantity: 'two', UnitPrice: '1' }, { Quantity: '1', UnitPrice: '1.5x' }, { Quantity: 3, UnitPrice: '1' }]) {
      const response = await post('/api/ap/invoice-line-preview', { Header: header, Line: line });
      expect([response.statusCode, json(response).Message]).toEqual([400, 'The quantity or price of the line is not a number.']);
    }
    // The clerk opens Order Entry and Inventory only (README): no vendor invoice, no preview of one.
    const refused = await call(server.app, 'POST', '/api/ap/invoice-line-preview', clerk, { Header: header, Line: { Quantity: '1', UnitPrice: '1' } });
    expect(refused.statusCode).toBe(403);
  });
});

describe("the payment run's remittance advice (issue 71 item 2)", () => {
  it('prints and e-mails from the paid run to its vendor, with the advice of what it paid', async () => {
    let run = await created('/api/data/ap-payment-batch', { BankAccountId: 'OPERATING', PaymentMethod: 'Cheque', PayThroughDate: D('12-31'), PaymentDate: D('03-01'), VendorId: 'V100', Lines: [] });
    run = await act('ap-payment-batch', run.BatchId, 'select', run.Version);
    const selected = json(await get(`/api/data/ap-payment-batch/${run.BatchId}`)).Data;
    expect(selected.Lines.map((line: Json) => line.VendorDocNo)).toContain('LS-71');
    // Not paid yet: nothing to remit.
    const early = await post(`/api/data/ap-payment-batch/${run.BatchId}/email`, { Confirmations: ['email'] });
    expect([early.statusCode, json(early).ResultCode]).toEqual([409, 'not_printable']);
    const approved = await act('ap-payment-batch', run.BatchId, 'approve', selected.Version);
    const paid = await act('ap-payment-batch', run.BatchId, 'print', approved.Version);
    expect(paid.Status).toBe('Printed');

    // The advice by the run: each standing payment's documents (a cancelled one left out).
    const advice = json(await post('/api/reports/ap-remittance-advice/run', { Parameters: { BatchId: Number(run.BatchId) } }));
    expect(advice.List.map((row: Json) => row.VendorDocNo)).toContain('LS-71');
    expect(advice.Groups.map((group: Json) => group.Key)).toEqual([String(paid.FirstChequeNo)]);
    const neither = await post('/api/reports/ap-remittance-advice/run', { Parameters: {} });
    expect([neither.statusCode, json(neither).Message]).toEqual([400, 'Name a payment or a payment run.']);
    const pdf = await post('/api/reports/ap-remittance-advice/pdf', { Parameters: { BatchId: Number(run.BatchId) } });
    expect([pdf.statusCode, pdf.rawPayload.subarray(0, 4).toString()]).toEqual([200, '%PDF']);

    // E-mailed from the run: asked first naming V100's address, then sent with the PDF and kept in the mailbox.
    const url = `/api/data/ap-payment-batch/${run.BatchId}/email`;
    const asked = json(await post(url, {}));
    expect(asked.Message).toBe(`E-mail ${paid.BatchNo} to receivables@lakeshore-steel.example?`);
    const sent = await post(url, { Confirmations: ['email'] });
    expect(sent.statusCode, sent.body).toBe(200);
    const mails = (await db().selectFrom('captured_mails').selectAll().where('mail_to', '=', 'receivables@lakeshore-steel.example').execute()) as Json[];
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(String(paid.FirstChequeNo));
    expect(mails[0]!.attachments).toMatch(/\.pdf \(\d{4,} B\)$/);
  });
});
