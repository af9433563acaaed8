/**
 * Accounts Payable end to end in Chromium (issue 24; SCREENS.md WP5 acceptance 2, 3): a purchase receipt is set
 * up through the API; on `/novus-ap/purchase-journal` the vendor invoice is typed against it — saved, it takes
 * the receipt's line at the PO price — and posted after the question (Dr GRNI / Dr ITC / Cr A/P); a payment run
 * for it is approved through the API; on `/novus-ap/cheque-Printing` the run is printed from the bank's next
 * cheque number and the cheques' PDF downloads, its text carrying the payee and the amount in words and figures;
 * on `/novus-ap/cheque-cancellation` that cheque is cancelled (§4: refused without its date and reason, then
 * cancelled after the question) and the invoice is open again for its amount.
 * A second flow pays an invoice by EFT on the cheque printing screen: the CPA 005 file downloads and is checked
 * record by record against the format (DOMAIN-NOTES §7.1: A header, C credit detail, Z trailer, fixed positions).
 * A third (issue 71 item 2): a new vendor invoice's line tax, its Taxes (ITC) and Remaining follow the line's
 * quantity before the save (the lines' linePreview), and the save stores the same figures.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiCall, signIn } from '../../../../tests/e2e/helpers.ts';
import { pdfText } from '../../../../tests/e2e/pdf-text.ts';
import { answerYes, openScreen } from '../../../../tests/e2e/shell-helpers.ts';

const PRODUCT = 'FIT-EMT-CONN-050';

/** A new vendor invoice of V400 on the Purchase Journal, its header typed as a clerk does (Ontario, NET15, OPERATING). */
async function newInvoice(page: Page, header: { today: string; docNo: string; amount: string }): Promise<Locator> {
  const journal = await openScreen(page, '/novus-ap/purchase-journal', /Purchase Journal/);
  await journal.getByRole('button', { name: 'New', exact: true }).click();
  const invoice = journal.locator('.erp-document');
  await expect(invoice.locator('[data-document-state]')).toHaveText('Draft');
  await invoice.getByRole('textbox', { name: 'Vendor', exact: true }).fill('V400');
  await invoice.getByRole('textbox', { name: 'Transaction date', exact: true }).fill(header.today);
  await invoice.getByRole('textbox', { name: 'Document date', exact: true }).fill(header.today);
  await invoice.getByRole('textbox', { name: 'Vendor document no.', exact: true }).fill(header.docNo);
  await invoice.getByRole('textbox', { name: 'Amount', exact: true }).fill(header.amount);
  await invoice.getByRole('textbox', { name: 'Terms', exact: true }).fill('NET15');
  await invoice.getByRole('textbox', { name: 'Ship-to province', exact: true }).fill('ON');
  await invoice.getByRole('textbox', { name: 'Bank', exact: true }).fill('OPERATING');
  return invoice;
}

test('a vendor invoice matched to a receipt, posted, paid by cheque: the cheque PDF', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'admin', 'admin', '#/');
  const today = new Date().toISOString().slice(0, 10);
  const order = await apiCall(page, 'POST', 'data/purchase-order', { OrderDate: today, VendorId: 'V400', ShipToId: 'TOR-02', Lines: [{ ProductId: PRODUCT, QuantityOrdered: '1000.0000', UnitPrice: '0.4800' }] });
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  const draft = await apiCall(page, 'POST', 'data/po-receipt', { PoId: order.body['Data'].PoId, ReceiptDate: today });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const receiptId = draft.body['Data'].ReceiptId as number;
  expect((await apiCall(page, 'POST', `data/po-receipt/${receiptId}/actions/post`, { Version: draft.body['Data'].Version })).status).toBe(200);
  const docNo = `E2E-${Date.now()}`;

  // The invoice: 1,000 at 0.48 = 480.00 plus 13 % HST = 542.40, matched to the receipt.
  const invoice = await newInvoice(page, { today, docNo, amount: '542.40' });
  await invoice.getByRole('textbox', { name: 'Receipt to match', exact: true }).fill(String(receiptId));
  await invoice.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(invoice.getByText('Saved.', { exact: true })).toBeVisible();
  await expect(invoice.getByRole('cell', { name: 'Product — Line 1' })).toHaveText(PRODUCT);
  await expect(invoice.getByRole('cell', { name: 'Tax — Line 1' })).toHaveText('62.40');
  await expect(invoice.getByRole('textbox', { name: 'Remaining', exact: true })).toHaveValue('0.00');
  await invoice.getByRole('button', { name: 'Post', exact: true }).click();
  await answerYes(page);
  await expect(invoice.locator('[data-document-state]')).toHaveText('Posted');
  const documentNo = await invoice.getByRole('textbox', { name: 'Document no.', exact: true }).inputValue();
  expect(documentNo).toMatch(/^AP\d{6}$/);

  // The run, approved through the API.
  const found = await apiCall(page, 'GET', `data/ap-invoice?Page=1&PageSize=5&filter.VendorDocNo=${encodeURIComponent(docNo)}`);
  const invoiceId = found.body['List'][0].InvoiceId as number;
  expect(found.body['List'][0].DocumentNo).toBe(documentNo);
  const run = await apiCall(page, 'POST', 'data/ap-payment-batch', { BankAccountId: 'OPERATING', PaymentMethod: 'Cheque', PayThroughDate: today, PaymentDate: today, Lines: [{ InvoiceId: invoiceId, Payment: '542.40' }] });
  expect(run.status, JSON.stringify(run.body)).toBe(201);
  const approved = await apiCall(page, 'POST', `data/ap-payment-batch/${run.body['Data'].BatchId}/actions/approve`, { Version: run.body['Data'].Version });
  expect(approved.status).toBe(200);
  const next = (await apiCall(page, 'GET', `ap/ap-payment-batch/${run.body['Data'].BatchId}/next-cheque`)).body['NextChequeNo'] as number;

  // Printing: the bank's next number is proposed; the PDF downloads.
  const printing = await openScreen(page, '/novus-ap/cheque-Printing', /Cheque Printing/);
  await printing.getByRole('combobox', { name: 'Payment run' }).selectOption(String(run.body['Data'].BatchId));
  await expect(printing.getByRole('textbox', { name: 'Starting cheque number' })).toHaveValue(String(next));
  const downloaded = page.waitForEvent('download');
  await printing.getByRole('button', { name: 'Print', exact: true }).click();
  const text = (await pdfText(await readFile((await (await downloaded).path())!))).replace(/\s+/g, ' ');
  await expect(printing.getByRole('status')).toHaveText(`Payment batch ${run.body['Data'].BatchNo}: cheques ${next} to ${next} printed and posted.`);
  expect(text).toContain('Rideau Electrical Supply Co.');
  expect(text).toContain('$ 542.40');
  expect(text).toContain('Five hundred forty-two and 40/100 dollars');
  expect(text).toContain(`No. ${next}`);
  expect(text).toContain(documentNo);

  // Cancellation (§4): the date and the reason are required; then the payment is reversed and the invoice reopens.
  const cancellation = await openScreen(page, '/novus-ap/cheque-cancellation', /Cheque Cancellation/);
  // The list shows the number as an integer (grouped: 1,005).
  await cancellation.getByRole('gridcell', { name: next.toLocaleString('en-CA'), exact: true }).first().dblclick();
  const cheque = cancellation.locator('.erp-document');
  await expect(cheque.locator('[data-document-state]')).toHaveText('Open');
  await cheque.getByRole('button', { name: 'Cancel cheque', exact: true }).click();
  await answerYes(page);
  await expect(cheque.getByText('Cancel date is required.').first()).toBeVisible();
  await cheque.getByRole('textbox', { name: 'Cancel date', exact: true }).fill(today);
  await cheque.getByRole('textbox', { name: 'Cancel reason', exact: true }).fill('Wrong payee address');
  await cheque.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(cheque.getByText('Saved.', { exact: true })).toBeVisible();
  await cheque.getByRole('button', { name: 'Cancel cheque', exact: true }).click();
  await answerYes(page);
  await expect(cheque.locator('[data-document-state]')).toHaveText('Cancelled');
  const reopened = await apiCall(page, 'GET', `data/ap-invoice/${invoiceId}`);
  expect(reopened.body['Data']).toMatchObject({ Status: 'Posted', Balance: '542.40' });
});

test("a line's quantity changed: its tax, Taxes (ITC) and Remaining follow before the save, as the save stores them", async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const today = new Date().toISOString().slice(0, 10);
  const docNo = `E2E-LP-${Date.now()}`;
  const invoice = await newInvoice(page, { today, docNo, amount: '79.10' });
  await invoice.getByRole('button', { name: 'Add line', exact: true }).click();
  await invoice.getByRole('combobox', { name: 'G/L account — Line 1' }).fill('6500');
  await invoice.getByRole('textbox', { name: 'Quantity — Line 1' }).fill('2');
  await invoice.getByRole('textbox', { name: 'Unit price — Line 1' }).fill('10');
  // 2 × 10.00 and Ontario's 13 % HST, from the server's pricing, while the invoice is still new.
  await expect(invoice.getByRole('cell', { name: 'Tax — Line 1' })).toHaveText('2.60');
  await expect(invoice.getByRole('textbox', { name: 'Taxes (ITC)', exact: true })).toHaveValue('2.60');
  await expect(invoice.getByRole('textbox', { name: 'Remaining', exact: true })).toHaveValue('56.50');
  // The quantity changed: the line's tax and the totals follow, before any save.
  const asked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/ap/invoice-line-preview' && response.request().postDataJSON().Line.Quantity === '7');
  await invoice.getByRole('textbox', { name: 'Quantity — Line 1' }).fill('7');
  expect((await asked).status()).toBe(200);
  await expect(invoice.getByRole('cell', { name: 'Taxes — Line 1' })).toHaveText('HST 13%');
  await expect(invoice.getByRole('cell', { name: 'Tax — Line 1' })).toHaveText('9.10');
  await expect(invoice.getByRole('textbox', { name: 'Distributed', exact: true })).toHaveValue('70.00');
  await expect(invoice.getByRole('textbox', { name: 'Taxes (ITC)', exact: true })).toHaveValue('9.10');
  await expect(invoice.getByRole('textbox', { name: 'Remaining', exact: true })).toHaveValue('0.00');
  await expect(invoice.locator('.erp-form-record')).toHaveText('New record');
  // Saved: the figures shown are the ones stored.
  await invoice.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(invoice.getByText('Saved.', { exact: true })).toBeVisible();
  await expect(invoice.getByRole('cell', { name: 'Tax — Line 1' })).toHaveText('9.10');
  await expect(invoice.getByRole('textbox', { name: 'Remaining', exact: true })).toHaveValue('0.00');
  const found = await apiCall(page, 'GET', `data/ap-invoice?Page=1&PageSize=5&filter.VendorDocNo=${encodeURIComponent(docNo)}`);
  const stored = await apiCall(page, 'GET', `data/ap-invoice/${found.body['List'][0].InvoiceId}`);
  expect(stored.body['Data']).toMatchObject({ SubTotal: '70.00', TaxTotal: '9.10', Remaining: '0.00', Lines: [{ Quantity: '7.0000', Amount: '70.00', TaxCodes: 'HST 13%', TaxAmount: '9.10' }] });
});

test('an invoice paid by EFT on the cheque printing screen: the CPA 005 file record by record', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'admin', 'admin', '#/');
  const today = new Date().toISOString().slice(0, 10);
  const docNo = `E2E-EFT-${Date.now()}`;
  const draft = await apiCall(page, 'POST', 'data/ap-invoice', { VendorId: 'V400', TransactionDate: today, DocDate: today, VendorDocNo: docNo, Amount: '113.00', TermsCode: 'NET30', ShipToState: 'ON', BankAccountId: 'OPERATING', Lines: [{ AccountId: '6500', Quantity: '1.0000', UnitPrice: '100.0000' }] });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const invoice = draft.body['Data'];
  expect((await apiCall(page, 'POST', `data/ap-invoice/${invoice.InvoiceId}/actions/post`, { Version: invoice.Version })).status).toBe(200);
  const run = await apiCall(page, 'POST', 'data/ap-payment-batch', { BankAccountId: 'OPERATING', PaymentMethod: 'EFT', PayThroughDate: today, PaymentDate: today, Lines: [{ InvoiceId: invoice.InvoiceId, Payment: '113.00' }] });
  expect(run.status, JSON.stringify(run.body)).toBe(201);
  expect((await apiCall(page, 'POST', `data/ap-payment-batch/${run.body['Data'].BatchId}/actions/approve`, { Version: run.body['Data'].Version })).status).toBe(200);

  const printing = await openScreen(page, '/novus-ap/cheque-Printing', /Cheque Printing/);
  await printing.getByRole('combobox', { name: 'Payment run' }).selectOption(String(run.body['Data'].BatchId));
  await expect(printing.getByRole('textbox', { name: 'Starting cheque number' })).toBeDisabled();
  const downloaded = page.waitForEvent('download');
  await printing.getByRole('button', { name: 'Print', exact: true }).click();
  const file = await readFile((await (await downloaded).path())!, 'latin1');
  const printed = await apiCall(page, 'GET', `data/ap-payment-batch/${run.body['Data'].BatchId}`);
  const creation = String(printed.body['Data'].EftFileNo).padStart(4, '0');
  const records = file.split('\r\n').filter((line) => line !== '');
  expect(records.map((record) => [record[0], record.length])).toEqual([
    ['A', 1464],
    ['C', 264],
    ['Z', 1464],
  ]);
  const [a, c, z] = records as [string, string, string];
  const at = (record: string, from: number, length: number) => record.slice(from - 1, from - 1 + length);
  // A: record count, originator id, file creation number, currency.
  expect([at(a, 2, 9), at(a, 11, 10), at(a, 21, 4), at(a, 56, 3)]).toEqual(['000000001', 'NOVUS00001', creation, 'CAD']);
  // C: transaction code 450, amount in cents, the payee's institution and transit, account, name; the return account.
  expect([at(c, 2, 9), at(c, 21, 4), at(c, 25, 3), at(c, 28, 10), at(c, 44, 9), at(c, 53, 12).trim(), at(c, 105, 30).trim()]).toEqual([
    '000000002',
    creation,
    '450',
    '0000011300',
    '000412345',
    '9988776',
    'RIDEAU ELECTRICAL SUPPLY CO.',
  ]);
  expect([at(c, 194, 9), at(c, 203, 12).trim()]).toEqual(['000312345', '1004567']);
  // Z: the totals of the credits (amount, count).
  expect([at(z, 2, 9), at(z, 11, 10), at(z, 21, 4), at(z, 39, 8), at(z, 47, 14), at(z, 61, 8)]).toEqual(['000000003', 'NOVUS00001', creation, '0'.repeat(8), '00000000011300', '00000001']);
  const paid = await apiCall(page, 'GET', `data/ap-invoice/${invoice.InvoiceId}`);
  expect(paid.body['Data']).toMatchObject({ Status: 'Paid', Balance: '0.00' });
});
