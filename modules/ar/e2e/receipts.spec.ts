/**
 * Cash receipts end to end in Chromium (issue 14 item 3, SCREENS.md AR-04, WP2 acceptance 3): on the Cash
 * Receipts screen (/novus-ar/cash-receipts) a receipt typed in the form and the line grid is applied across two
 * posted invoices and posted (Remaining To Apply first refused, then zero); an over-application is refused with
 * §5 "Payment plus discount cannot exceed the balance."; the second tab applies the receipt's unapplied credit
 * later; "Select open invoices" adds the invoices picked in its dialog (issue 21 item 8). Each test uses its own customer (E2ERC…, created through the API with two posted AR invoices dated
 * 2026-11-19), so other specs' data cannot collide.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { accessToken, signIn } from '../../../tests/e2e/helpers.ts';
import { answerYes, goTo, screenOf } from '../../../tests/e2e/shell-helpers.ts';

const PATH = '/novus-ar/cash-receipts';
const DATE = '2026-11-19';
/** The date as the picker shows it (issue 71 item 2: the user's language, never ISO). */
const DATE_SHOWN = 'Nov 19, 2026';
/** A bill-to customer in Ontario with two posted invoices (113.00 and 226.00 with HST 13%): their numbers. */
async function customerWithInvoices(request: APIRequestContext, token: string, firmId: string, prices = ['100.0000', '200.0000'], newFirm = true, terms?: string): Promise<string[]> {
  const headers = { Authorization: `Bearer ${token}` };
  if (newFirm) {
    const firm = await request.post('/api/data/firm', { headers, data: { FirmId: firmId, Name: `${firmId} Receipts Ltd.`, FirmTypes: ['bill-to'], ProvinceCode: 'ON', ...(terms ? { AccountTerms: terms } : {}) } });
    expect(firm.status(), await firm.text()).toBe(201);
  }
  const numbers: string[] = [];
  for (const price of prices) {
    const created = await request.post('/api/data/ar-invoice', {
      headers,
      data: { InvoiceDate: DATE, BillToId: firmId, Lines: [{ Description: 'E2E steel', AccountId: '4100', Quantity: '1.0000', UnitPrice: price }] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const invoice = ((await created.json()) as { Data: { InvoiceId: number; Version: number; DocumentNo: string } }).Data;
    const posted = await request.post(`/api/data/ar-invoice/${invoice.InvoiceId}/actions/post`, { headers, data: { Version: invoice.Version } });
    expect(posted.status(), await posted.text()).toBe(200);
    numbers.push(invoice.DocumentNo);
  }
  return numbers;
}

async function openReceipts(page: Page): Promise<Locator> {
  await goTo(page, `#${PATH}`);
  const screen = screenOf(page, PATH);
  await expect(screen.getByRole('heading', { name: 'Cash Receipts' }).first()).toBeVisible();
  return screen;
}

async function newReceipt(screen: Locator, firmId: string, amount: string): Promise<Locator> {
  await screen.getByRole('button', { name: 'New', exact: true }).click();
  const form = screen.locator('.erp-document[data-entity="cash-receipt"]');
  await expect(form.locator('[data-document-state]')).toHaveText('Draft');
  await form.getByRole('textbox', { name: 'Customer', exact: true }).fill(firmId);
  await form.getByRole('textbox', { name: 'Bank account', exact: true }).fill('OPERATING');
  await form.getByRole('textbox', { name: 'Receipt date', exact: true }).fill(DATE);
  await form.getByRole('textbox', { name: 'Amount', exact: true }).fill(amount);
  return form;
}

test('a receipt applied across two invoices: Remaining To Apply refused, then posted', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const token = await accessToken(page);
  const [first, second] = await customerWithInvoices(page.request, token, 'E2ERC1');
  const screen = await openReceipts(page);
  const form = await newReceipt(screen, 'E2ERC1', '400');
  await form.getByRole('combobox', { name: 'Invoice — Line 1' }).fill(first!);
  await form.getByRole('textbox', { name: 'Payment — Line 1' }).fill('113');
  await form.getByRole('button', { name: 'Add line', exact: true }).click();
  await form.getByRole('combobox', { name: 'Invoice — Line 2' }).fill(second!);
  await form.getByRole('textbox', { name: 'Payment — Line 2' }).fill('226');
  // Totals follow the typing (the shared evaluator).
  await expect(form.getByRole('textbox', { name: 'Applied total', exact: true })).toHaveValue('339.00');
  await expect(form.getByRole('textbox', { name: 'Remaining To Apply', exact: true })).toHaveValue('61.00');

  await form.getByRole('button', { name: 'Post', exact: true }).click();
  await answerYes(page);
  await expect(form.getByRole('alert')).toHaveText('Remaining To Apply must be zero.');
  await expect(form.locator('[data-document-state]')).toHaveText('Draft');
  // The server read the invoices: their balances show on the lines.
  await expect(form.getByText('113.00').first()).toBeVisible();

  await form.getByRole('textbox', { name: 'Unapplied', exact: true }).fill('61');
  await expect(form.getByRole('textbox', { name: 'Remaining To Apply', exact: true })).toHaveValue('0.00');
  await form.getByRole('button', { name: 'Post', exact: true }).click();
  await answerYes(page);
  await expect(form.getByRole('status').filter({ hasText: /Receipt RC\d+ posted\./ })).toBeVisible();
  await expect(form.locator('[data-document-state]')).toHaveText('Posted');
  await expect(form.getByRole('textbox', { name: 'Open credit', exact: true })).toHaveValue('61.00');
  await expect(form.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);

  // Both invoices are paid: the server refuses to apply them again.
  const again = await page.request.post('/api/data/cash-receipt', {
    headers: { Authorization: `Bearer ${token}` },
    data: { FirmId: 'E2ERC1', BankAccountId: 'OPERATING', ReceiptDate: DATE, Amount: '1.00', Lines: [{ InvoiceNo: first, Payment: '1.00' }] },
  });
  expect(again.status()).toBe(400);
});

test('the unapplied credit of a posted receipt is applied later on the second tab, moving no cash', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const token = await accessToken(page);
  const headers = { Authorization: `Bearer ${token}` };
  const [later] = await customerWithInvoices(page.request, token, 'E2ERC4', ['100.0000']);
  const [third] = await customerWithInvoices(page.request, token, 'E2ERC3', ['100.0000']);
  // A receipt of 61.00 left wholly unapplied, posted through the API.
  const created = await page.request.post('/api/data/cash-receipt', { headers, data: { FirmId: 'E2ERC4', BankAccountId: 'OPERATING', ReceiptDate: DATE, Amount: '61.00', Unapplied: '61.00' } });
  expect(created.status(), await created.text()).toBe(201);
  const receipt = ((await created.json()) as { Data: { ReceiptId: number; Version: number; DocumentNo: string } }).Data;
  const posted = await page.request.post(`/api/data/cash-receipt/${receipt.ReceiptId}/actions/post`, { headers, data: { Version: receipt.Version } });
  expect(posted.status(), await posted.text()).toBe(200);

  const screen = await openReceipts(page);
  await screen.getByRole('tab', { name: 'Apply unapplied credits' }).click();
  const panel = screen.getByRole('tabpanel', { name: 'Apply unapplied credits' });
  await panel.getByRole('button', { name: 'New', exact: true }).click();
  const application = panel.locator('.erp-document[data-entity="ar-credit-application"]');
  await application.getByRole('textbox', { name: 'Customer', exact: true }).fill('E2ERC4');
  await application.getByRole('textbox', { name: 'Application date', exact: true }).fill(DATE);
  await application.getByRole('textbox', { name: 'Credit (receipt or credit note)', exact: true }).fill(receipt.DocumentNo);
  await application.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(application.getByRole('textbox', { name: 'Credit available', exact: true })).toHaveValue('61.00');
  // An invoice of another customer is refused.
  await application.getByRole('button', { name: 'Add line', exact: true }).click();
  // The invoice is a lookup of the customer's open invoices (issue 21 item 8): another customer's is not offered.
  const invoiceCell = application.getByRole('combobox', { name: 'Invoice — Line 1' });
  await invoiceCell.fill(later!);
  await expect(application.getByRole('option', { name: new RegExp(`^${later!}`) })).toBeVisible();
  const offered = page.waitForResponse((response) => response.url().includes('/api/lookup/ar-open-item') && response.url().includes(`Search=${third!}`));
  await invoiceCell.fill(third!);
  expect(((await (await offered).json()) as { List: unknown[] }).List).toEqual([]);
  await application.getByRole('textbox', { name: 'Payment — Line 1' }).fill('50');
  await application.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(application.getByRole('alert')).toHaveText(`${third} is not an open invoice of this customer.`);
  // The customer's own invoice: posted, the credit left goes down.
  await application.getByRole('combobox', { name: 'Invoice — Line 1' }).fill(later!);
  await application.getByRole('button', { name: 'Post', exact: true }).click();
  await answerYes(page);
  await expect(application.getByRole('status').filter({ hasText: /Credit application CA\d+ posted\./ })).toBeVisible();
  await expect(application.getByRole('textbox', { name: 'Credit available', exact: true })).toHaveValue('11.00');
  await expect(application.locator('[data-document-state]')).toHaveText('Posted');
});

test('an over-application is refused with the §5 message', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const token = await accessToken(page);
  // 2 % 10 days, net 30: 2.26 of discount on the 113.00 invoice (HST included) within ten days (issue 22 item 7).
  const [first] = await customerWithInvoices(page.request, token, 'E2ERC2', undefined, true, '2N30');
  const screen = await openReceipts(page);
  const form = await newReceipt(screen, 'E2ERC2', '120');
  await form.getByRole('combobox', { name: 'Invoice — Line 1' }).fill(first!);
  await form.getByRole('textbox', { name: 'Payment — Line 1' }).fill('110');
  await form.getByRole('textbox', { name: 'Discount taken — Line 1' }).fill('10');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('alert')).toHaveText('Payment plus discount cannot exceed the balance.');
  await expect(form.getByRole('textbox', { name: 'Payment — Line 1' })).toHaveAttribute('aria-invalid', 'true');
  // Within the balance it saves, and "Select open invoices" offers the other one to add (issue 21 item 8).
  await form.getByRole('textbox', { name: 'Discount taken — Line 1' }).fill('3');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('alert')).toHaveText('The discount taken cannot exceed the discount the terms allow on this date (2.26).');
  await form.getByRole('textbox', { name: 'Discount taken — Line 1' }).fill('2');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('textbox', { name: 'Remaining To Apply', exact: true })).toHaveValue('10.00');
  await form.getByRole('button', { name: 'Select open invoices', exact: true }).click();
  const picker = page.getByRole('dialog', { name: 'Select open invoices' });
  await expect(picker.getByRole('checkbox')).toHaveCount(1);
  await picker.getByRole('checkbox').check();
  await picker.getByRole('button', { name: 'Add 1 invoice', exact: true }).click();
  await expect(form.getByRole('status').filter({ hasText: 'open invoice added' })).toHaveText(/^Cash receipt \S+: 1 open invoice added\.$/);
  // Paid in full less its 4.52 discount: 10.00 − 221.48 left to apply.
  await expect(form.getByRole('textbox', { name: 'Remaining To Apply', exact: true })).toHaveValue('-211.48');
});

test('"Select open invoices" applies the two of three invoices picked with the keyboard, each less its discount', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const token = await accessToken(page);
  // 2 % 10 days, net 30: 113.00, 226.00 and 339.00 (HST included) allow 2.26, 4.52 and 6.78 on the invoice date.
  const [first, second, third] = await customerWithInvoices(page.request, token, 'E2ERC5', ['100.0000', '200.0000', '300.0000'], true, '2N30');
  const screen = await openReceipts(page);
  const form = await newReceipt(screen, 'E2ERC5', '450');
  await form.getByRole('button', { name: 'Select open invoices', exact: true }).click();
  const picker = page.getByRole('dialog', { name: 'Select open invoices' });
  const boxes = picker.getByRole('checkbox');
  // Oldest first, with the date, due date, balance and the discount available on the receipt date.
  await expect(boxes).toHaveCount(3);
  await expect(picker.getByRole('row').nth(1)).toContainText(`${first!}${DATE_SHOWN}`);
  await expect(picker.getByRole('row').nth(1)).toContainText('113.002.26');
  await expect(picker.getByRole('row').nth(2)).toContainText('226.004.52');
  await expect(picker.getByRole('row').nth(3)).toContainText(`${third!}${DATE_SHOWN}`);
  // Space checks the focused invoice, the arrows move, Enter adds the checked ones.
  await expect(picker.getByRole('checkbox', { name: `Invoice ${first!}` })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(picker.getByRole('checkbox', { name: `Invoice ${third!}` })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(picker.getByRole('button', { name: 'Add 2 invoices', exact: true })).toBeEnabled();
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  await expect(form.getByRole('status').filter({ hasText: 'open invoices added' })).toHaveText(/^Cash receipt \S+: 2 open invoices added\.$/);
  await expect(form.getByRole('combobox', { name: 'Invoice — Line 1' })).toHaveValue(first!);
  await expect(form.getByRole('textbox', { name: 'Payment — Line 1' })).toHaveValue('110.74');
  await expect(form.getByRole('textbox', { name: 'Discount taken — Line 1' })).toHaveValue('2.26');
  await expect(form.getByRole('combobox', { name: 'Invoice — Line 2' })).toHaveValue(third!);
  await expect(form.getByRole('textbox', { name: 'Payment — Line 2' })).toHaveValue('332.22');
  await expect(form.getByRole('textbox', { name: 'Discount taken — Line 2' })).toHaveValue('6.78');
  await expect(form.getByRole('combobox', { name: 'Invoice — Line 3' })).toHaveCount(0);
  await expect(form.getByRole('textbox', { name: 'Discounts taken', exact: true })).toHaveValue('9.04');
  await expect(form.getByRole('textbox', { name: 'Remaining To Apply', exact: true })).toHaveValue('7.04');
  // Escape cancels: the one left is offered, nothing is added.
  await form.getByRole('button', { name: 'Select open invoices', exact: true }).click();
  await expect(picker.getByRole('checkbox')).toHaveCount(1);
  await expect(picker.getByRole('checkbox', { name: `Invoice ${second!}` })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);
  await expect(form.getByRole('combobox', { name: 'Invoice — Line 3' })).toHaveCount(0);
  await expect(form.getByRole('textbox', { name: 'Remaining To Apply', exact: true })).toHaveValue('7.04');
});
