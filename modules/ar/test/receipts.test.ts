/**
 * Cash receipts and credit applications (issue 14 item 3, SCREENS.md AR-04, WP2 acceptance 3 and 5) on SQLite
 * and PostgreSQL: Remaining To Apply must be zero (an unapplied remainder is recorded explicitly), payment plus
 * discount cannot exceed the balance (on save and on post), the discount posting, the bank currency rule,
 * the A/R period flag against the G/L flag, applying an unapplied credit later moves no cash, API writes that
 * try to bypass the rules, §6 restricted users, and the sum checks after a random sequence of documents.
 * Open invoices are made the way h14a's invoice posting leaves them: an AR posting through `post()` and an
 * ar_items row (addArItem), in one transaction.
 */
import { add, cmp, sub, type Decimal } from '@erp/shared/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { post as postLedger } from '@erp/modules/gl/server/api';
import { addArItem, applyArItem } from '../server/subledger.ts';
import { postTestInvoice } from './posted-item.ts';
import { seedReceipts } from '../server/receipts/seed.ts';
import type { TestServer } from '../../../server/test/helpers/app.ts';
import { signedInServer } from '../../../server/test/helpers/api.ts';
import { call } from '../../../server/test/helpers/entities.ts';

let server: TestServer;
let admin: string;
let clerk: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = admin) => call(server.app, method, url, token, body);
const db = () => server.app.erp.database.db as any; // eslint-disable-line @typescript-eslint/no-explicit-any
const engine = () => server.app.erp.database.engine;

beforeAll(async () => { ({ server, tokens: { admin, clerk } } = await signedInServer('admin', 'clerk')); });
afterAll(() => server?.stop());

let invoiceCounter = 0;

/** An open, posted invoice (Dr 1100 / Cr 4100) of `firm`: answers its document number. */
async function invoice(firm: string, amount: Decimal, options: { date?: string; discount?: Decimal; discountDate?: string; currency?: string; rate?: Decimal } = {}): Promise<string> {
  invoiceCounter += 1;
  const documentNo = `TI-${String(invoiceCounter).padStart(5, '0')}`;
  await postTestInvoice(db(), firm, documentNo, amount, { ...options, date: options.date ?? '2025-06-02' });
  return documentNo;
}

async function openBalance(documentNo: string): Promise<Decimal> {
  const row = await db().selectFrom('ar_items').select('open_balance').where('document_no', '=', documentNo).executeTakeFirstOrThrow();
  return decimalFromDb(engine(), row.open_balance, 2)!;
}

/** Balance (debit − credit) of `account` over every period. */
async function accountBalance(account: string): Promise<Decimal> {
  const rows = await db().selectFrom('gl_entries').select('amount').where('account_id', '=', account).where('data_type', '=', 'Actual').execute();
  return rows.reduce((total: Decimal, row: Json) => add(total, decimalFromDb(engine(), row.amount, 2)!), '0.00');
}

async function createReceipt(body: Json, token = admin) {
  return api('POST', '/api/data/cash-receipt', { BankAccountId: 'OPERATING', ReceiptDate: '2025-06-10', ...body }, token);
}

async function action(entity: string, record: Json, name: string, token = admin) {
  return api('POST', `/api/data/${entity}/${record.ReceiptId ?? record.ApplicationId}/actions/${name}`, { Version: record.Version }, token);
}

describe('demo receipts (first: the seed runs only while there is no receipt)', () => {
  it('pays the demo invoices by customer and month, leaves recent ones open and a few unapplied credits; once only', async () => {
    const dates = ['2025-02-05', '2025-02-19', '2025-06-11', '2025-09-03', '2025-12-15', '2026-03-10', '2026-06-02', '2026-08-20', '2026-09-14', '2026-10-07', '2026-10-28'];
    const numbers: string[] = [];
    for (const [index, date] of dates.entries()) {
      for (const firm of ['B100', 'B200']) numbers.push(await invoice(firm, `${1000 + index * 37}.45`, { date, discount: '10.00', discountDate: date }));
    }
    await seedReceipts(db(), { demoLedger: false });
    expect(await db().selectFrom('ar_cash_receipts').select('receipt_id').execute()).toHaveLength(0);
    await seedReceipts(db(), { demoLedger: true });
    const receipts = (await api('GET', '/api/data/cash-receipt?PageSize=1000')).json().List as Json[];
    expect(receipts.length).toBeGreaterThan(5);
    expect(receipts.every((row) => row.Status === 'Posted')).toBe(true);
    expect(receipts.some((row) => cmp(row.OpenCredit, '0.00') > 0)).toBe(true);
    const balances = await Promise.all(numbers.map(openBalance));
    expect(balances.filter((balance) => balance === '0.00').length).toBeGreaterThan(3);
    expect(balances.filter((balance) => cmp(balance, '0.00') > 0).length).toBeGreaterThan(3);
    const items = await db().selectFrom('ar_items').select('open_balance').execute();
    const openTotal = items.reduce((total: Decimal, row: Json) => add(total, decimalFromDb(engine(), row.open_balance, 2)!), '0.00');
    expect(openTotal).toBe(await accountBalance('1100'));
    await seedReceipts(db(), { demoLedger: true });
    expect((await api('GET', '/api/data/cash-receipt?PageSize=1000')).json().List).toHaveLength(receipts.length);
  });
});

describe('cash receipts (WP2 acceptance 3)', () => {
  it('a 500.00 receipt applied 300.00 posts only once 200.00 is recorded as unapplied', async () => {
    const inv = await invoice('B100', '300.00');
    const created = await createReceipt({ FirmId: 'B100', Amount: '500.00', Reference: 'CHQ 1001', Lines: [{ InvoiceNo: inv, Payment: '300.00' }] });
    expect(created.statusCode, created.body).toBe(201);
    const receipt = created.json().Data;
    expect(receipt).toMatchObject({ Status: 'Draft', CurrencyCode: 'CAD', AppliedTotal: '300.00', RemainingToApply: '200.00', Unapplied: '0.00' });
    expect(receipt.DocumentNo).toMatch(/^RC/);
    expect(receipt.Lines[0]).toMatchObject({ InvoiceNo: inv, Balance: '300.00', Payment: '300.00', Discount: '0.00' });

    const refused = await action('cash-receipt', receipt, 'post');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toBe('Remaining To Apply must be zero.');
    expect(await openBalance(inv)).toBe('300.00');

    const updated = await api('PUT', `/api/data/cash-receipt/${receipt.ReceiptId}`, { Unapplied: '200.00', Version: refused.json().Data?.CurrentVersion ?? receipt.Version });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().Data).toMatchObject({ RemainingToApply: '0.00' });
    const bankBefore = await accountBalance('1000');
    const posted = await action('cash-receipt', updated.json().Data, 'post');
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().Data).toMatchObject({ Status: 'Posted', OpenCredit: '200.00' });
    expect(await openBalance(inv)).toBe('0.00');
    expect(await openBalance(receipt.DocumentNo)).toBe('-200.00');
    expect(sub(await accountBalance('1000'), bankBefore)).toBe('500.00');
    // Posted: immutable.
    const change = await api('PUT', `/api/data/cash-receipt/${receipt.ReceiptId}`, { Amount: '1.00', Version: posted.json().Data.Version });
    expect(change.statusCode).toBe(409);
  });

  it('refuses 300.00 + 10.00 discount on a 305.00 balance, on save and on a post of a stale draft', async () => {
    const inv = await invoice('B100', '305.00', { discount: '10.00', discountDate: '2025-06-30' });
    const refused = await createReceipt({ FirmId: 'B100', Amount: '300.00', Lines: [{ InvoiceNo: inv, Payment: '300.00', Discount: '10.00' }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toBe('Payment plus discount cannot exceed the balance.');
    expect(refused.json().Data.Errors[0].field).toBe('Lines[0].Payment');

    // Saved while the balance allowed it; another receipt then pays part of the invoice: the post is refused.
    const draft = (await createReceipt({ FirmId: 'B100', Amount: '295.00', Lines: [{ InvoiceNo: inv, Payment: '295.00', Discount: '10.00' }] })).json().Data;
    expect(draft.DiscountTotal).toBe('10.00');
    const other = (await createReceipt({ FirmId: 'B100', Amount: '5.00', Lines: [{ InvoiceNo: inv, Payment: '5.00', Discount: '0.00' }] })).json().Data;
    expect((await action('cash-receipt', other, 'post')).statusCode).toBe(200);
    const stale = await action('cash-receipt', draft, 'post');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().Message).toBe('Payment plus discount cannot exceed the balance.');
    expect(await openBalance(inv)).toBe('300.00');
  });

  it('defaults the available discount within the discount date and posts it Dr sales discounts', async () => {
    const inv = await invoice('B100', '1000.00', { discount: '20.00', discountDate: '2025-06-15' });
    const late = await invoice('B100', '100.00', { discount: '2.00', discountDate: '2025-06-05' });
    const created = await createReceipt({
      FirmId: 'B100',
      Amount: '1080.00',
      Lines: [
        { InvoiceNo: inv, Payment: '980.00' },
        { InvoiceNo: late, Payment: '100.00' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const receipt = created.json().Data;
    expect(receipt.Lines[0]).toMatchObject({ DiscountAvailable: '20.00', Discount: '20.00' });
    expect(receipt.Lines[1]).toMatchObject({ DiscountAvailable: '0.00', Discount: '0.00' });
    expect(receipt).toMatchObject({ AppliedTotal: '1080.00', DiscountTotal: '20.00', RemainingToApply: '0.00' });
    const discountsBefore = await accountBalance('4900');
    const receivableBefore = await accountBalance('1100');
    const posted = await action('cash-receipt', receipt, 'post');
    expect(posted.statusCode, posted.body).toBe(200);
    expect(sub(await accountBalance('4900'), discountsBefore)).toBe('20.00');
    expect(sub(await accountBalance('1100'), receivableBefore)).toBe('-1100.00');
    const entries = await db().selectFrom('gl_entries').select(['account_id', 'amount', 'source']).where('document_no', '=', receipt.DocumentNo).orderBy('line_no').execute();
    expect(entries.map((row: Json) => [row.account_id, decimalFromDb(engine(), row.amount, 2), row.source])).toEqual([
      ['1000', '1080.00', 'AR'],
      ['4900', '20.00', 'AR'],
      ['1100', '-1100.00', 'AR'],
    ]);
    expect(await openBalance(inv)).toBe('0.00');
    expect(await openBalance(late)).toBe('0.00');
  });

  it('limits the discount to what the terms allow on the receipt date (issue 22 item 7): none after the discount date, none twice', async () => {
    // Net-30 terms, no discount: 0.01 paid with 7,715.86 "discount" is refused on save, the invoice stays open.
    const net = await invoice('B100', '7715.87');
    const closing = await createReceipt({ FirmId: 'B100', Amount: '0.01', Lines: [{ InvoiceNo: net, Payment: '0.01', Discount: '7715.86' }] });
    expect(closing.statusCode).toBe(400);
    expect(closing.json().Message).toBe('The discount taken cannot exceed the discount the terms allow on this date (0.00).');
    expect(closing.json().Data.Errors[0].field).toBe('Lines[0].Discount');
    expect(await openBalance(net)).toBe('7715.87');

    // 10.00 until 2025-06-05: refused on 2025-06-10, more than 10.00 refused on 2025-06-05, 10.00 accepted once.
    const terms = await invoice('B100', '500.00', { discount: '10.00', discountDate: '2025-06-05' });
    const late = await createReceipt({ FirmId: 'B100', ReceiptDate: '2025-06-10', Amount: '490.00', Lines: [{ InvoiceNo: terms, Payment: '490.00', Discount: '10.00' }] });
    expect(late.statusCode).toBe(400);
    expect(late.json().Message).toBe('The discount taken cannot exceed the discount the terms allow on this date (0.00).');
    const tooMuch = await createReceipt({ FirmId: 'B100', ReceiptDate: '2025-06-05', Amount: '100.00', Lines: [{ InvoiceNo: terms, Payment: '100.00', Discount: '10.01' }] });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().Data.Errors[0].field).toBe('Lines[0].Discount');
    // Two drafts each taking the whole discount: the second to post is refused (checked again at post).
    const first = (await createReceipt({ FirmId: 'B100', ReceiptDate: '2025-06-05', Amount: '100.00', Lines: [{ InvoiceNo: terms, Payment: '100.00', Discount: '10.00' }] })).json().Data;
    const second = (await createReceipt({ FirmId: 'B100', ReceiptDate: '2025-06-04', Amount: '100.00', Lines: [{ InvoiceNo: terms, Payment: '100.00', Discount: '10.00' }] })).json().Data;
    expect(second.DiscountTotal).toBe('10.00');
    expect((await action('cash-receipt', first, 'post')).statusCode).toBe(200);
    const again = await action('cash-receipt', second, 'post');
    expect(again.statusCode).toBe(400);
    expect(again.json().Message).toBe('The discount taken cannot exceed the discount the terms allow on this date (0.00).');
    expect(await openBalance(terms)).toBe('390.00');
    // The discount still available shown on a new line is what is left (nothing).
    const shown = (await createReceipt({ FirmId: 'B100', ReceiptDate: '2025-06-05', Amount: '50.00', Lines: [{ InvoiceNo: terms, Payment: '50.00' }] })).json().Data;
    expect(shown.Lines[0]).toMatchObject({ DiscountAvailable: '0.00', Discount: '0.00' });
  });

  it('writes off what is left of an invoice as a separate action: accounting only, with a reason (issue 22 item 7)', async () => {
    const inv = await invoice('B100', '7715.87');
    const paid = (await createReceipt({ FirmId: 'B100', Amount: '0.01', Lines: [{ InvoiceNo: inv, Payment: '0.01' }] })).json().Data;
    expect((await action('cash-receipt', paid, 'post')).statusCode).toBe(200);
    const body = { FirmId: 'B100', WriteOffDate: '2025-06-10', InvoiceNo: inv, Amount: '7715.86', Reason: 'Customer insolvent' };
    // The order desk takes receipts but does not write off.
    expect((await api('POST', '/api/data/ar-write-off', body, clerk)).statusCode).toBe(403);
    const noReason = await api('POST', '/api/data/ar-write-off', { ...body, Reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().Message).toBe('A write-off needs a reason.');
    const tooMuch = await api('POST', '/api/data/ar-write-off', { ...body, Amount: '7715.87' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().Message).toBe('The amount written off cannot exceed the invoice balance (7715.86).');
    const created = await api('POST', '/api/data/ar-write-off', body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().Data).toMatchObject({ Balance: '7715.86', CurrencyCode: 'CAD', Status: 'Draft' });
    const writeOffs = await accountBalance('6800');
    const posted = await api('POST', `/api/data/ar-write-off/${created.json().Data.WriteOffId}/actions/post`, { Version: created.json().Data.Version });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(sub(await accountBalance('6800'), writeOffs)).toBe('7715.86');
    expect(await openBalance(inv)).toBe('0.00');
    expect(await openBalance(created.json().Data.DocumentNo)).toBe('0.00');
  });

  it('limits a credit application\'s discount and the subledger\'s own application the same way (issue 22 item 7)', async () => {
    const credit = (await createReceipt({ FirmId: 'B200', Amount: '300.00', Unapplied: '300.00' })).json().Data;
    expect((await action('cash-receipt', credit, 'post')).statusCode).toBe(200);
    const inv = await invoice('B200', '200.00', { discount: '4.00', discountDate: '2025-07-01' });
    const late = await api('POST', '/api/data/ar-credit-application', {
      FirmId: 'B200',
      ApplicationDate: '2025-07-02',
      CreditNo: credit.DocumentNo,
      Lines: [{ InvoiceNo: inv, Payment: '196.00', Discount: '4.00' }],
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().Data.Errors[0]).toMatchObject({ field: 'Lines[0].Discount' });
    const item = async (documentNo: string) => Number((await db().selectFrom('ar_items').select('item_id').where('document_no', '=', documentNo).executeTakeFirstOrThrow()).item_id);
    const [fromItemId, toItemId] = [await item(credit.DocumentNo), await item(inv)];
    const direct = db()
      .transaction()
      .execute((trx: any) => applyArItem(trx, { fromItemId, toItemId, date: '2025-07-02', amount: '1.00', discount: '4.00', origin: { type: 'test', id: inv }, userId: 'test' })); // eslint-disable-line @typescript-eslint/no-explicit-any
    await expect(direct).rejects.toMatchObject({ issues: [{ key: 'ar:rules.discountExceedsAvailable' }] });
    expect(await openBalance(inv)).toBe('200.00');
  });

  it('refuses to change the bank to one in another currency, with the §8 text', async () => {
    const inv = await invoice('B200', '50.00');
    const receipt = (await createReceipt({ FirmId: 'B200', Amount: '50.00', Lines: [{ InvoiceNo: inv, Payment: '50.00' }] })).json().Data;
    const refused = await api('PUT', `/api/data/cash-receipt/${receipt.ReceiptId}`, { BankAccountId: 'USD', Version: receipt.Version });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toBe('Not allowed to change bank due to different currency.');
    // A CAD invoice cannot be applied by a USD receipt either.
    const usd = await createReceipt({ FirmId: 'B200', BankAccountId: 'USD', Amount: '50.00', Lines: [{ InvoiceNo: inv, Payment: '50.00' }] });
    expect(usd.statusCode).toBe(400);
    expect(usd.json().Data.Errors[0].field).toBe('Lines[0].InvoiceNo');
  });

  it('refuses invoices of another customer, unknown invoices and a blank customer', async () => {
    const inv = await invoice('B200', '40.00');
    const other = await createReceipt({ FirmId: 'B100', Amount: '40.00', Lines: [{ InvoiceNo: inv, Payment: '40.00' }] });
    expect(other.statusCode).toBe(400);
    expect(other.json().Message).toBe(`${inv} is not an open invoice of this customer.`);
    const shipTo = await createReceipt({ FirmId: 'S101', Amount: '40.00', Unapplied: '40.00' });
    expect(shipTo.statusCode).toBe(400);
    expect(shipTo.json().Message).toBe('Bill To is invalid.');
  });

  it('refuses direct API writes that try to bypass the rules', async () => {
    const inv = await invoice('B100', '100.00');
    // Computed totals and read-only fields sent by a client are not taken.
    const sneaky = await createReceipt({ FirmId: 'B100', Amount: '100.00', RemainingToApply: '0.00', Lines: [{ InvoiceNo: inv, Payment: '150.00' }] });
    expect(sneaky.statusCode).toBe(400);
    const overApplied = await createReceipt({
      FirmId: 'B100',
      Amount: '100.00',
      Lines: [{ InvoiceNo: inv, Payment: '60.00' }, { InvoiceNo: inv, Payment: '40.00' }],
    });
    expect(overApplied.statusCode).toBe(400);
    expect(overApplied.json().Data.Errors[0].field).toBe('Lines[1].InvoiceNo');
    // Lines summing past the amount: Remaining To Apply is negative, the post is refused.
    const inv2 = await invoice('B100', '100.00');
    const draft = (await createReceipt({ FirmId: 'B100', Amount: '100.00', Lines: [{ InvoiceNo: inv, Payment: '100.00' }, { InvoiceNo: inv2, Payment: '100.00' }] })).json().Data;
    expect(draft.RemainingToApply).toBe('-100.00');
    const refused = await action('cash-receipt', draft, 'post');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toBe('Remaining To Apply must be zero.');
    // An application row written around the document is not possible through the API: no such route.
    expect((await api('POST', '/api/data/ar-applications', { Amount: '1.00' })).statusCode).toBe(404);
    expect(await openBalance(inv)).toBe('100.00');
  });

  it('auto-apply selects the open invoices, oldest due first, up to the amount', async () => {
    const a = await invoice('B200', '70.00', { date: '2025-05-01' });
    const b = await invoice('B200', '90.00', { date: '2025-05-03' });
    const receipt = (await createReceipt({ FirmId: 'B200', Amount: '100.00', Lines: [] })).json().Data;
    const filled = await action('cash-receipt', receipt, 'auto-apply');
    expect(filled.statusCode, filled.body).toBe(200);
    const lines = filled.json().Data.Lines as Json[];
    const mine = lines.filter((line) => [a, b].includes(line.InvoiceNo));
    expect(mine.map((line) => [line.InvoiceNo, line.Payment])).toEqual([
      [a, '70.00'],
      [b, '30.00'],
    ]);
    expect(filled.json().Data.RemainingToApply).toBe('0.00');
    expect((await action('cash-receipt', filled.json().Data, 'post')).statusCode).toBe(200);
    expect(await openBalance(b)).toBe('60.00');
  });
});

describe('foreign-currency receipts (issue 22 item 8)', () => {
  const entriesOf = async (documentNo: string) =>
    Object.fromEntries(
      ((await db().selectFrom('gl_entries').select(['account_id', 'amount']).where('document_no', '=', documentNo).execute()) as Json[]).map((row) => [row.account_id, decimalFromDb(engine(), row.amount, 2)]),
    );
  const item = async (documentNo: string) => {
    const row = await db().selectFrom('ar_items').selectAll().where('document_no', '=', documentNo).executeTakeFirstOrThrow();
    return { amount: decimalFromDb(engine(), row.amount, 2), open: decimalFromDb(engine(), row.open_balance, 2), foreign: decimalFromDb(engine(), row.foreign_amount, 2), foreignOpen: decimalFromDb(engine(), row.foreign_open_balance, 2), status: row.status };
  };

  it('posts a USD receipt at the rate of its date in CAD, with the USD amount beside it', async () => {
    // USD→CAD 1.367900 from 2025-06-01 (the GL's demo rates).
    const created = await createReceipt({ FirmId: 'B200', BankAccountId: 'USD', ReceiptDate: '2025-06-10', Amount: '100.00', Unapplied: '100.00' });
    expect(created.statusCode, created.body).toBe(201);
    const receipt = created.json().Data;
    expect(receipt).toMatchObject({ CurrencyCode: 'USD', ExchangeRate: '1.367900', HomeAmount: '136.79' });
    const posted = await action('cash-receipt', receipt, 'post');
    expect(posted.statusCode, posted.body).toBe(200);
    expect(await entriesOf(receipt.DocumentNo)).toEqual({ '1010': '136.79', '1100': '-136.79' });
    expect(await item(receipt.DocumentNo)).toMatchObject({ amount: '-136.79', open: '-136.79', foreign: '-100.00', foreignOpen: '-100.00', status: 'Open' });
  });

  it('posts the realized exchange gain against the invoice rate when it pays a USD invoice', async () => {
    const inv = await invoice('B200', '200.00', { currency: 'USD', rate: '1.300000' });
    const created = await createReceipt({ FirmId: 'B200', BankAccountId: 'USD', ReceiptDate: '2025-06-10', Amount: '200.00', Lines: [{ InvoiceNo: inv, Payment: '200.00' }] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().Data.Lines[0]).toMatchObject({ Balance: '200.00', Payment: '200.00' });
    const posted = await action('cash-receipt', created.json().Data, 'post');
    expect(posted.statusCode, posted.body).toBe(200);
    // Received 273.58 CAD for an invoice booked at 260.00: 13.58 gain (Cr FX-GAIN-LOSS 4950).
    expect(await entriesOf(created.json().Data.DocumentNo)).toEqual({ '1010': '273.58', '1100': '-260.00', '4950': '-13.58' });
    expect(await item(inv)).toMatchObject({ open: '0.00', foreignOpen: '0.00', status: 'Closed' });
    expect(await item(created.json().Data.DocumentNo)).toMatchObject({ open: '0.00', foreignOpen: '0.00', status: 'Closed' });
  });

  it("applying a USD credit later posts the realized loss between the credit's rate and the invoice's", async () => {
    const credit = (await createReceipt({ FirmId: 'B200', BankAccountId: 'USD', ReceiptDate: '2025-06-10', Amount: '100.00', Unapplied: '100.00' })).json().Data;
    expect((await action('cash-receipt', credit, 'post')).statusCode).toBe(200);
    const inv = await invoice('B200', '50.00', { currency: 'USD', rate: '1.400000' });
    const created = await api('POST', '/api/data/ar-credit-application', { FirmId: 'B200', ApplicationDate: '2025-07-02', CreditNo: credit.DocumentNo, Lines: [{ InvoiceNo: inv, Payment: '50.00' }] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().Data).toMatchObject({ CurrencyCode: 'USD', CreditAvailable: '100.00' });
    const posted = await action('ar-credit-application', created.json().Data, 'post');
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().Data.CreditAvailable).toBe('50.00');
    // 50 USD booked at 1.40 (70.00) settled by 50 USD received at 1.3679 (68.40): 1.60 loss.
    expect(await entriesOf(created.json().Data.DocumentNo)).toEqual({ '1100': '-1.60', '4950': '1.60' });
    expect(await item(inv)).toMatchObject({ open: '0.00', foreignOpen: '0.00', status: 'Closed' });
    expect(await item(credit.DocumentNo)).toMatchObject({ open: '-68.39', foreignOpen: '-50.00', status: 'Open' });
  });
});

describe('the A/R period flag (WP2 acceptance 5)', () => {
  it('refuses a receipt dated 2025-04-10 while 2025-04 is closed for A/R, and a GL entry on that date posts', async () => {
    const period = ((await api('GET', '/api/data/accounting-period?filter.FiscalYear=2025')).json().List as Json[]).find((row) => row.PeriodNo === 4)!;
    const closed = await api('PUT', `/api/data/accounting-period/${period.PeriodId}`, { ClosedAr: true, Version: period.Version });
    expect(closed.statusCode, closed.body).toBe(200);
    const refused = await createReceipt({ FirmId: 'B100', ReceiptDate: '2025-04-10', Amount: '10.00', Unapplied: '10.00' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toBe('Period is closed (A/R): period 4 of fiscal year 2025 (Apr 1, 2025 to Apr 30, 2025)');

    // A draft dated in an open month, moved into the closed one, is refused too; and its post.
    const draft = (await createReceipt({ FirmId: 'B100', ReceiptDate: '2025-05-10', Amount: '10.00', Unapplied: '10.00' })).json().Data;
    const moved = await api('PUT', `/api/data/cash-receipt/${draft.ReceiptId}`, { ReceiptDate: '2025-04-10', Version: draft.Version });
    expect(moved.json().Message).toBe('Period is closed (A/R): period 4 of fiscal year 2025 (Apr 1, 2025 to Apr 30, 2025)');

    const entry = await api('POST', '/api/data/gl-journal-entry', {
      EntryDate: '2025-04-10',
      Description: 'GL entry in an A/R-closed month',
      Lines: [
        { AccountId: '6600', Debit: '12.00' },
        { AccountId: '1000', Credit: '12.00' },
      ],
    });
    expect(entry.statusCode, entry.body).toBe(201);
    const posted = await api('POST', `/api/data/gl-journal-entry/${entry.json().Data.EntryId}/actions/post`, { Version: entry.json().Data.Version });
    expect(posted.statusCode, posted.body).toBe(200);

    const again = (await api('GET', `/api/data/accounting-period/${period.PeriodId}`)).json().Data;
    expect((await api('PUT', `/api/data/accounting-period/${period.PeriodId}`, { ClosedAr: false, Version: again.Version })).statusCode).toBe(200);
  });
});

describe('applying an unapplied credit later', () => {
  it('moves no cash: the bank balance stays, the invoice balance goes down, only the discount posts', async () => {
    const first = (await createReceipt({ FirmId: 'B200', Amount: '400.00', Unapplied: '400.00' })).json().Data;
    expect((await action('cash-receipt', first, 'post')).statusCode).toBe(200);
    const inv = await invoice('B200', '250.00', { discount: '5.00', discountDate: '2025-07-31' });
    const bankBefore = await accountBalance('1000');
    const receivableBefore = await accountBalance('1100');

    const tooMuch = await api('POST', '/api/data/ar-credit-application', {
      FirmId: 'B200',
      ApplicationDate: '2025-07-02',
      CreditNo: first.DocumentNo,
      Lines: [{ InvoiceNo: inv, Payment: '500.00', Discount: '0.00' }],
    });
    expect(tooMuch.statusCode).toBe(400);

    const created = await api('POST', '/api/data/ar-credit-application', {
      FirmId: 'B200',
      ApplicationDate: '2025-07-02',
      CreditNo: first.DocumentNo,
      Lines: [{ InvoiceNo: inv, Payment: '150.00' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const application = created.json().Data;
    expect(application).toMatchObject({ CreditAvailable: '400.00', CurrencyCode: 'CAD', AppliedTotal: '150.00', DiscountTotal: '5.00' });
    const posted = await action('ar-credit-application', application, 'post');
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().Data).toMatchObject({ Status: 'Posted', CreditAvailable: '250.00' });

    expect(await accountBalance('1000')).toBe(bankBefore);
    expect(sub(await accountBalance('1100'), receivableBefore)).toBe('-5.00');
    expect(await openBalance(inv)).toBe('95.00');
    expect(await openBalance(first.DocumentNo)).toBe('-250.00');
    const receipt = (await api('GET', `/api/data/cash-receipt/${first.ReceiptId}`)).json().Data;
    expect(receipt.OpenCredit).toBe('250.00');

    // A fully used credit cannot be applied again.
    const wrong = await api('POST', '/api/data/ar-credit-application', { FirmId: 'B200', ApplicationDate: '2025-07-02', CreditNo: 'RC-NOPE', Lines: [] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().Data.Errors[0].field).toBe('CreditNo');
  });
});

describe('applying a credit note\'s credit', () => {
  it('applies an open credit note to an invoice of the same customer; other customers and restricted users are refused', async () => {
    const inv = await invoice('B100', '80.00', { date: '2025-09-02' });
    await db()
      .transaction()
      .execute(async (trx: any) => { // eslint-disable-line @typescript-eslint/no-explicit-any
        const posted = await postLedger(trx, {
          source: 'AR',
          subLedger: 'ar',
          dataType: 'Actual',
          date: '2025-09-03',
          documentNo: 'TCN-0001',
          origin: { type: 'test-credit', id: 'TCN-0001' },
          lines: [
            { accountId: '4100', amount: '30.00' },
            { accountId: '1100', amount: '-30.00' },
          ],
          userId: 'test',
        });
        await addArItem(trx, { firmId: 'B100', itemType: 'CreditNote', documentNo: 'TCN-0001', documentDate: '2025-09-03', amount: '-30.00', origin: { type: 'test-credit', id: 'TCN-0001' }, journalId: posted.journalId, userId: 'test' });
      });
    const otherFirm = await api('POST', '/api/data/ar-credit-application', { FirmId: 'B200', ApplicationDate: '2025-09-05', CreditNo: 'TCN-0001', Lines: [] });
    expect(otherFirm.statusCode).toBe(400);
    expect(otherFirm.json().Message).toBe('TCN-0001 is not a receipt or credit note of this customer with an unapplied credit.');
    const created = await api('POST', '/api/data/ar-credit-application', { FirmId: 'B100', ApplicationDate: '2025-09-05', CreditNo: 'TCN-0001', Lines: [{ InvoiceNo: inv, Payment: '30.00' }] });
    expect(created.statusCode, created.body).toBe(201);
    const clerkRow = (await api('GET', '/api/data/user/clerk')).json().Data;
    await api('PUT', '/api/data/user/clerk', { RestrictedToAssignedCustomers: true, AssignedCustomers: ['B200'], Version: clerkRow.Version });
    // The clerk's role opens Receivables here, so the refusals below are §6's assigned customers.
    const grant = await api('POST', '/api/data/menu-access', { RoleId: 'CLERK', Application: 'NOVUS-AR' });
    expect(grant.statusCode, grant.body).toBe(201);
    try {
      expect((await api('GET', `/api/data/ar-credit-application/${created.json().Data.ApplicationId}`, undefined, clerk)).statusCode).toBe(403);
      expect((await action('ar-credit-application', created.json().Data, 'post', clerk)).statusCode).toBe(403);
    } finally {
      const back = (await api('GET', '/api/data/user/clerk')).json().Data;
      await api('PUT', '/api/data/user/clerk', { RestrictedToAssignedCustomers: false, AssignedCustomers: [], Version: back.Version });
      await api('DELETE', `/api/data/menu-access/${grant.json().Data.AccessKey}?Version=${grant.json().Data.Version}`);
    }
    const posted = await action('ar-credit-application', created.json().Data, 'post');
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().Data).toMatchObject({ JournalId: null, CreditAvailable: '0.00' });
    expect(await openBalance(inv)).toBe('50.00');
    expect(await openBalance('TCN-0001')).toBe('0.00');
  });
});

describe('users restricted to assigned customers (§6)', () => {
  it('cannot see or post receipts of other customers', async () => {
    const other = (await createReceipt({ FirmId: 'B200', Amount: '7.00', Unapplied: '7.00' })).json().Data;
    const clerkRow = (await api('GET', '/api/data/user/clerk')).json().Data;
    const restricted = await api('PUT', '/api/data/user/clerk', { RestrictedToAssignedCustomers: true, AssignedCustomers: ['B100'], Version: clerkRow.Version });
    expect(restricted.statusCode, restricted.body).toBe(200);
    // The clerk takes receipts once its role opens Receivables (§6: without the application, no receipts at all).
    const grant = await api('POST', '/api/data/menu-access', { RoleId: 'CLERK', Application: 'NOVUS-AR' });
    expect(grant.statusCode, grant.body).toBe(201);
    try {
      const read = await api('GET', `/api/data/cash-receipt/${other.ReceiptId}`, undefined, clerk);
      expect(read.statusCode).toBe(403);
      expect(read.json().Message).toBe('Sorry, this Firm cannot be viewed. You are not assigned to this customer.');
      expect((await action('cash-receipt', other, 'post', clerk)).statusCode).toBe(403);
      const list = (await api('GET', '/api/data/cash-receipt?PageSize=1000', undefined, clerk)).json();
      expect(list.List.length).toBeGreaterThan(0);
      expect(list.List.every((row: Json) => row.FirmId === 'B100')).toBe(true);
      const create = await createReceipt({ FirmId: 'B200', Amount: '7.00', Unapplied: '7.00' }, clerk);
      expect(create.statusCode).toBe(403);
      expect((await createReceipt({ FirmId: 'B100', Amount: '7.00', Unapplied: '7.00' }, clerk)).statusCode).toBe(201);
    } finally {
      const back = (await api('GET', '/api/data/user/clerk')).json().Data;
      await api('PUT', '/api/data/user/clerk', { RestrictedToAssignedCustomers: false, AssignedCustomers: [], Version: back.Version });
      await api('DELETE', `/api/data/menu-access/${grant.json().Data.AccessKey}?Version=${grant.json().Data.Version}`);
    }
  });
});

describe('sum checks', () => {
  it('after a random sequence of invoices, receipts and applications the TB balances and the open items equal the control account', async () => {
    let seed = 20250;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    const money = (max: number) => `${Math.floor(random() * max) + 1}.${String(Math.floor(random() * 100)).padStart(2, '0')}`;
    const firms = ['B100', 'B200'];
    const open: { firm: string; no: string }[] = [];
    for (let step = 0; step < 24; step++) {
      const firm = firms[Math.floor(random() * firms.length)]!;
      const kind = random();
      if (kind < 0.45 || open.filter((item) => item.firm === firm).length === 0) {
        open.push({ firm, no: await invoice(firm, money(900), { date: '2025-08-04', discount: '3.00', discountDate: '2025-08-20' }) });
        continue;
      }
      const targets = open.filter((item) => item.firm === firm).slice(0, 3);
      const lines: Json[] = [];
      let applied = '0.00';
      for (const target of targets) {
        const balance = await openBalance(target.no);
        if (cmp(balance, '0.00') <= 0) continue;
        const part = cmp(balance, '50.00') > 0 && random() < 0.5 ? '50.00' : balance;
        lines.push({ InvoiceNo: target.no, Payment: part, Discount: '0.00' });
        applied = add(applied, part);
      }
      const unapplied = random() < 0.4 ? money(80) : '0.00';
      const created = await createReceipt({ FirmId: firm, ReceiptDate: '2025-08-12', Amount: add(applied, unapplied), Unapplied: unapplied, Lines: lines });
      expect(created.statusCode, created.body).toBe(201);
      expect((await action('cash-receipt', created.json().Data, 'post')).statusCode).toBe(200);
    }
    const totals = await db().selectFrom('gl_entries').select('amount').where('data_type', '=', 'Actual').execute();
    expect(totals.reduce((total: Decimal, row: Json) => add(total, decimalFromDb(engine(), row.amount, 2)!), '0.00')).toBe('0.00');
    const items = await db().selectFrom('ar_items').select('open_balance').execute();
    const openTotal = items.reduce((total: Decimal, row: Json) => add(total, decimalFromDb(engine(), row.open_balance, 2)!), '0.00');
    expect(openTotal).toBe(await accountBalance('1100'));
  });
});

