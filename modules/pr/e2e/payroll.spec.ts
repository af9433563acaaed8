/**
 * Payroll end to end in Chromium (issue 29): a pay run on today's date for an employee paid by cheque (E1005,
 * demo data) — its payroll transaction entered, then on the screens: Cheque preparation computes the pay,
 * Payment processing previews it with every deduction and numbers the cheque, Cheque printing downloads the
 * cheque as PDF (payee, amount, pay stub), Journal posting posts it, and Journal printing shows the payroll
 * journal from the General Ledger, balanced.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiCall, signIn } from '../../../tests/e2e/helpers.ts';
import { pdfText } from '../../../tests/e2e/pdf-text.ts';
import { openScreen } from '../../../tests/e2e/shell-helpers.ts';

const today = new Date().toISOString().slice(0, 10);

async function runProcess(page: Page, screen: Locator, label: string): Promise<void> {
  await screen.getByRole('button', { name: 'Preview' }).click();
  const preview = screen.getByRole('region', { name: 'Items to process' });
  await preview.getByRole('checkbox', { name: `Select ${label}` }).check();
  await preview.getByRole('button', { name: 'Run' }).click();
  await page.locator('erp-dialog[data-dialog="question"]').getByRole('button', { name: 'Run' }).click();
  const results = screen.getByRole('region', { name: 'Results' });
  await expect(results.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label }) }).getByRole('cell', { name: 'Success' })).toBeVisible();
}

test('a pay run: cheque preparation → payment processing → cheque PDF → journal posted in the GL', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', 'admin', '#/');
  const made = await apiCall(page, 'POST', 'data/pr-transaction', { EmployeeId: 'E1005', PayDate: today, Lines: [{ CodeId: 'REG', Hours: '40.0000', Rate: '22.5000' }] });
  expect(made.status, JSON.stringify(made.body)).toBe(201);

  const preparation = await openScreen(page, '/novus-pr/cheque-preparation', /Cheque Preparation/, 30_000);
  await preparation.getByLabel('Pay date').fill(today);
  await runProcess(page, preparation, 'Emily Tran');

  const payment = await openScreen(page, '/novus-pr/payment-processing', /Payment Processing/);
  await payment.getByLabel('Pay date').fill(today);
  await payment.getByRole('textbox', { name: 'Bank account', exact: true }).fill('OPERATING');
  const chequeNo = String(90000 + (Date.now() % 9000));
  await payment.getByLabel('First cheque number').fill(chequeNo);
  await payment.getByRole('button', { name: 'Preview' }).click();
  // The preview of the run: the employee's pay with every deduction.
  const items = payment.getByRole('region', { name: 'Items to process' });
  await expect(items.getByRole('columnheader', { name: 'Federal tax' })).toBeVisible();
  // Gross 40 h × 22.50; CPP 0.0595 × (900 − 134.61) = 45.54 (T4127, 2026 tables).
  await expect(items.getByRole('row', { name: /Emily Tran Cheque 900\.00 45\.54 / })).toBeVisible();
  await runProcess(page, payment, 'Emily Tran');
  const cheque = (await apiCall(page, 'GET', `data/pr-cheque?filter.EmployeeId=E1005&filter.PayDate.from=${today}&filter.PayDate.to=${today}`)).body['List'][0];
  expect([cheque.Status, String(cheque.ChequeNo), cheque.Gross]).toEqual(['Paid', chequeNo, '900.00']);

  const printing = await openScreen(page, '/novus-pr/cheque-printing', /Cheque Printing/);
  await printing.getByLabel('Pay date').fill(today);
  const downloaded = page.waitForEvent('download');
  await printing.getByRole('button', { name: 'Download cheques (PDF)' }).click();
  const text = (await pdfText(await readFile((await (await downloaded).path())!))).replace(/\s+/g, ' ');
  expect(text).toContain('Emily Tran');
  expect(text).toContain(`No. ${chequeNo}`);
  expect(text).toContain(`$ ${cheque.Net}`);
  expect(text).toContain('Gross pay');
  expect(text).toContain('Net pay');

  const posting = await openScreen(page, '/novus-pr/journal-posting', /Journal Posting/);
  await posting.getByLabel('Pay dates up to').fill(today);
  await runProcess(page, posting, today);
  const posted = (await apiCall(page, 'GET', `data/pr-cheque/${cheque.ChequeId}`)).body['Data'];
  expect(posted.Status).toBe('Posted');

  const journal = await openScreen(page, '/novus-pr/journal-printing', /Payroll Journal/);
  await journal.getByLabel('Start date').fill(today);
  await journal.getByLabel('End date').fill(today);
  await journal.getByRole('button', { name: 'Run report' }).click();
  const grid = journal.getByRole('region', { name: 'Report results' });
  await expect(grid.getByRole('cell', { name: '1000', exact: true }).first()).toBeVisible();
  await expect(grid.getByRole('cell', { name: '6100', exact: true }).first()).toBeVisible();
  const figures = (await apiCall(page, 'POST', 'reports/pr-journal/run', { Parameters: { StartDate: today, EndDate: today } })).body;
  expect(figures['Totals'].Debit).toBe(figures['Totals'].Credit);
  expect(Number(figures['Totals'].Debit)).toBeGreaterThanOrEqual(900);
});
