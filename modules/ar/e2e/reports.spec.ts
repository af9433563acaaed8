/**
 * Accounts Receivable reports end to end in Chromium (issue 14 items 4–5; SCREENS.md WP2 acceptance checks 4
 * and 6), against the real server and its demo AR documents:
 * - /novus-ar/aged-trial-balance as of a date shows current + 8 period columns (§9) with a row per customer
 *   and the report totals; the same screen opens under the steel application (/resteel-oe, @erp/steel);
 * - the account statement of a customer with a balance downloads as a PDF (§7 file-download variant) whose
 *   extracted text carries that customer's balance — the aged trial balance's total for the customer;
 * - the grid says as of when its data was current (issue 43 item 3);
 * - §6: a user restricted to assigned customers who names another customer in a report is told so with the
 *   text the firm screens use (the report answers as the entity routes: 403 not_assigned).
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apiCall, signIn } from '../../../tests/e2e/helpers.ts';
import { pdfText } from '../../../tests/e2e/pdf-text.ts';
import { goTo, screenOf } from '../../../tests/e2e/shell-helpers.ts';

/** The aging's buckets headed by their days, for 30 days per period (issue 71 item 2). */
const BUCKETS = ['Current', '1–30 days', '31–60 days', '61–90 days', '91–120 days', '121–150 days', '151–180 days', '181–210 days', 'Over 210 days'];

test('aged trial balance: current + 8 periods per customer; the customer’s statement PDF carries its balance', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  await goTo(page, '#/novus-ar/aged-trial-balance');
  const aging = screenOf(page, '/novus-ar/aged-trial-balance');
  await expect(aging.getByRole('heading', { name: 'Aged trial balance' })).toBeVisible();
  await aging.getByLabel('Days per period').fill('30');
  await aging.getByRole('button', { name: 'Run report' }).click();
  const grid = aging.getByRole('region', { name: 'Report results' });
  await expect(grid.locator('[data-report-row="totals"]')).toBeVisible();
  const headers = await grid.getByRole('columnheader').allTextContents();
  expect(headers.map((h) => h.trim())).toEqual(['Customer', 'Name', ...BUCKETS, 'Total']);
  // Issue 43 item 3: above the grid, when the data read was current, to the second.
  await expect(aging.locator('.report-as-of')).toHaveText(/^As of .*\d{1,2}:\d{2}:\d{2}/);

  // The first customer with a non-zero balance: its id and its total (the last cell).
  const rows = grid.locator('tbody tr[data-report-row="row"]');
  await expect(rows.first()).toBeVisible();
  let customer = '';
  let balance = '';
  for (let i = 0; i < (await rows.count()) && !customer; i++) {
    const cells = (await rows.nth(i).locator('td, th').allTextContents()).map((c) => c.trim());
    if (cells.at(-1) !== '0.00' && !cells.at(-1)!.startsWith('-')) [customer, balance] = [cells[0]!, cells.at(-1)!];
  }
  expect(customer).not.toBe('');

  await goTo(page, '#/novus-ar/Account-statement');
  const statement = screenOf(page, '/novus-ar/Account-statement');
  await expect(statement.getByRole('heading', { name: 'Account statement' })).toBeVisible();
  await statement.getByRole('textbox', { name: 'Customer', exact: true }).fill(customer);
  await statement.getByRole('button', { name: 'Run report' }).click();
  const lines = statement.getByRole('region', { name: 'Report results' });
  await expect(lines.locator('[data-report-row="totals"]')).toContainText(balance);

  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/reports/ar-account-statement/pdf'));
  const downloaded = page.waitForEvent('download');
  await statement.getByRole('button', { name: 'Download PDF' }).click();
  expect((await answered).status()).toBe(200);
  const bytes = await readFile((await (await downloaded).path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = await pdfText(bytes);
  expect(text).toContain(customer);
  expect(text).toContain(balance);
});

test('the steel application opens the AR screens its menu lists (@erp/steel)', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  await goTo(page, '#/resteel-oe/aged-trial-balance');
  const aging = screenOf(page, '/resteel-oe/aged-trial-balance');
  await expect(aging.getByRole('heading', { name: 'Aged trial balance' })).toBeVisible();
  await goTo(page, '#/resteel-oe/ar-account-inquiry');
  await expect(screenOf(page, '/resteel-oe/ar-account-inquiry').getByRole('heading', { name: 'AR account inquiry' })).toBeVisible();
});

test('§6: a restricted user naming a customer not assigned to them is told so by the report screen', async ({ page, browser }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const created = await apiCall(page, 'POST', 'data/user', {
    UserId: 'arrestricted',
    DisplayName: 'Restricted AR Clerk',
    Email: 'arrestricted@example.com',
    Domain: 'example.com',
    Roles: ['CLERK'],
    RestrictedToAssignedCustomers: true,
    AssignedCustomers: ['B100'],
    InitialPassword: 'Restricted#2026pw',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);

  const context = await browser.newContext();
  const clerk = await context.newPage();
  await signIn(clerk, 'arrestricted', 'Restricted#2026pw', '#/novus-oe/ar-account-inquiry');
  const inquiry = screenOf(clerk, '/novus-oe/ar-account-inquiry');
  await expect(inquiry.getByRole('heading', { name: 'AR account inquiry' })).toBeVisible();
  await inquiry.getByRole('textbox', { name: 'Customer', exact: true }).fill('B200');
  const answered = clerk.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/reports/ar-account-inquiry/run'));
  await inquiry.getByRole('button', { name: 'Run report' }).click();
  expect((await answered).status()).toBe(403);
  await expect(inquiry.getByRole('status').filter({ hasText: 'Sorry' })).toHaveText('Sorry, this Firm cannot be viewed. You are not assigned to this customer.');
  await context.close();
});
