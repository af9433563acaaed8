/**
 * The invoice reference of an application line is a lookup of the customer's open invoices (issue 21 item 8),
 * on SQLite and PostgreSQL: the lookup's `whereFrom` takes the customer from the record being edited — the
 * lookup route from the form's values (`Values`), the save from the document — so the route offers only that
 * customer's open invoices, oldest first, and the save refuses another customer's invoice with the field's
 * message. "Select open invoices" lists the customer's open invoices with the discount available on the
 * receipt date (GET /api/ar/cash-receipt/:id/open-invoices) and adds only those picked. Invoices are made as receipts.test.ts makes them: a posting and an ar_items row.
 */
import type { Decimal } from '@erp/shared/decimal';
import { entityByName } from '@erp/shared/entities/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineLookupIssues } from '@erp/server/entities/documents';
import { postTestInvoice } from './posted-item.ts';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { call } from '../../../server/test/helpers/entities.ts';

let server: TestServer;
let admin: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const api = (method: 'GET' | 'POST', url: string, body?: unknown) => call(server.app, method, url, admin, body);
const db = () => server.app.erp.database.db as any; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
});

afterAll(async () => {
  await server?.stop();
});

let counter = 0;

/** An open, posted invoice of `firm` dated `date`: answers its document number. */
async function invoice(firm: string, amount: Decimal, date: string, discount: { amount: Decimal; until: string } | null = null): Promise<string> {
  counter += 1;
  const documentNo = `LK-${String(counter).padStart(5, '0')}`;
  await postTestInvoice(db(), firm, documentNo, amount, { date, ...(discount ? { discount: discount.amount, discountDate: discount.until } : {}) });
  return documentNo;
}

/** The lookup of a receipt line's invoice, as the form asks it (`Values`: the receipt's fields). */
async function suggestions(values: Json | null, search = 'LK-'): Promise<{ status: number; list: Json[] }> {
  const params = new URLSearchParams({ From: 'cash-receipt', Field: 'Lines.InvoiceNo', Search: search });
  if (values) params.set('Values', JSON.stringify(values));
  const answer = await api('GET', `/api/lookup/ar-open-item?${params.toString()}`);
  return { status: answer.statusCode, list: (answer.json().List ?? []) as Json[] };
}

describe('the invoice lookup of an application line (issue 21 item 8)', () => {
  it("offers only the receipt's customer's open invoices, oldest first, labelled with the due date and balance", async () => {
    const newer = await invoice('B100', '80.00', '2025-06-05');
    const older = await invoice('B100', '50.00', '2025-05-20');
    const others = await invoice('B200', '30.00', '2025-05-01');
    const paid = await invoice('B100', '20.00', '2025-05-10');
    // Paid in full (what an application leaves): closed, no longer offered.
    await db().updateTable('ar_items').set({ status: 'Closed', open_balance: 0 }).where('document_no', '=', paid).execute();

    const forB100 = await suggestions({ FirmId: 'B100' });
    expect(forB100.status).toBe(200);
    expect(forB100.list.map((row) => [row.Value, row.Label])).toEqual([
      [older, '2025-05-20 · 50.00'],
      [newer, '2025-06-05 · 80.00'],
    ]);
    expect((await suggestions({ FirmId: 'B200' })).list.map((row) => row.Value)).toEqual([others]);
    // No customer on the form yet: nothing is offered; values that are not an object are refused.
    expect((await suggestions(null)).list).toEqual([]);
    expect((await suggestions({ FirmId: '' })).list).toEqual([]);
    const params = new URLSearchParams({ From: 'cash-receipt', Field: 'Lines.InvoiceNo', Values: '[1' });
    expect((await api('GET', `/api/lookup/ar-open-item?${params.toString()}`)).statusCode).toBe(400);
  });

  it("the save refuses another customer's invoice with the field's message, read from the document", async () => {
    const mine = await invoice('B100', '40.00', '2025-06-01');
    const theirs = await invoice('B200', '40.00', '2025-06-01');
    const def = entityByName('cash-receipt')!;
    // The generic check of line lookups (documents.ts): the customer comes from the record, not the line.
    const issues = await db().transaction().execute((trx: any) => // eslint-disable-line @typescript-eslint/no-explicit-any
      lineLookupIssues(trx, def, { Lines: [{ InvoiceNo: mine }, { InvoiceNo: theirs }] }, { FirmId: 'B100' }),
    );
    expect(issues).toEqual([{ field: 'Lines[1].InvoiceNo', key: 'ar:receipts.rules.invoiceNotOpen', params: { value: theirs } }]);

    const refused = await api('POST', '/api/data/cash-receipt', {
      BankAccountId: 'OPERATING',
      ReceiptDate: '2025-06-10',
      FirmId: 'B100',
      Amount: '80.00',
      Lines: [{ InvoiceNo: mine, Payment: '40.00' }, { InvoiceNo: theirs, Payment: '40.00' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toBe(`${theirs} is not an open invoice of this customer.`);
    const saved = await api('POST', '/api/data/cash-receipt', {
      BankAccountId: 'OPERATING',
      ReceiptDate: '2025-06-10',
      FirmId: 'B100',
      Amount: '40.00',
      Lines: [{ InvoiceNo: mine, Payment: '40.00' }],
    });
    expect(saved.statusCode, saved.body).toBe(201);
  });
});

describe('"Select open invoices" adds the invoices the user picks (issue 21 item 8)', () => {
  it('lists the open invoices oldest first with the discount available on the receipt date, and adds two of three with their discounts', async () => {
    const withDiscount = await invoice('B300', '100.00', '2025-05-01', { amount: '2.00', until: '2025-06-15' });
    const expired = await invoice('B300', '200.00', '2025-05-02', { amount: '4.00', until: '2025-06-05' });
    const plain = await invoice('B300', '300.00', '2025-05-03');
    const other = await invoice('B100', '10.00', '2025-05-03');
    const created = await api('POST', '/api/data/cash-receipt', { BankAccountId: 'OPERATING', ReceiptDate: '2025-06-10', FirmId: 'B300', Amount: '1000.00', Lines: [] });
    expect(created.statusCode, created.body).toBe(201);
    const receipt = created.json().Data as Json;
    const offered = async () => {
      const answer = await api('GET', `/api/ar/cash-receipt/${receipt.ReceiptId}/open-invoices`);
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json().List as Json[]).filter((row) => String(row.DocumentNo).startsWith('LK-'));
    };
    expect((await offered()).map((row) => [row.DocumentNo, row.DocumentDate, row.DueDate, row.Balance, row.DiscountAvailable])).toEqual([
      [withDiscount, '2025-05-01', '2025-05-01', '100.00', '2.00'],
      [expired, '2025-05-02', '2025-05-02', '200.00', '0.00'],
      [plain, '2025-05-03', '2025-05-03', '300.00', '0.00'],
    ]);

    const pick = (invoices: unknown) => api('POST', `/api/data/cash-receipt/${receipt.ReceiptId}/actions/auto-apply`, { Version: receipt.Version, Invoices: invoices });
    // Another customer's invoice or a malformed pick: refused, nothing added.
    const refused = await pick([withDiscount, other]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toBe(`${other} is not an open invoice of this customer.`);
    expect((await pick('LK-1')).statusCode).toBe(400);

    const filled = await pick([plain, withDiscount]);
    expect(filled.statusCode, filled.body).toBe(200);
    expect(filled.json().Message).toBe(`Cash receipt ${receipt.DocumentNo}: 2 open invoices added.`);
    const data = filled.json().Data as Json;
    expect((data.Lines as Json[]).map((line) => [line.InvoiceNo, line.Balance, line.DiscountAvailable, line.Payment, line.Discount])).toEqual([
      [withDiscount, '100.00', '2.00', '98.00', '2.00'],
      [plain, '300.00', '0.00', '300.00', '0.00'],
    ]);
    expect([data.AppliedTotal, data.DiscountTotal, data.RemainingToApply]).toEqual(['398.00', '2.00', '602.00']);
    // Those on the receipt are no longer offered.
    expect((await offered()).map((row) => row.DocumentNo)).toEqual([expired]);
    expect((await api('GET', '/api/ar/ar-write-off/1/open-invoices')).statusCode).toBe(404);
  });
});
