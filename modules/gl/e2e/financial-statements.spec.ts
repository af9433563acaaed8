/**
 * Financial statements end to end in Chromium (issue 13 item 4; SCREENS.md FS-08 and WP6 acceptance check 4),
 * against the real server and its demo ledger and demo formats: the income statement (format INCOME) runs for
 * 2026 period 6 from `/novus-gl/financial-statement`, its grid shows revenue, expenses and net income, and the
 * downloaded PDF's text carries the same revenue and expense figures as the trial balance over 4000–4999 and
 * 5000–8999 for the same period (§3 Financial format: reverse sign on revenue; net income a total of rows).
 */
import { add, neg, sub } from '@erp/shared/decimal';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { accessToken, signIn } from '../../../tests/e2e/helpers.ts';
import { pdfText } from '../../../tests/e2e/pdf-text.ts';
import { goTo, screenOf } from '../../../tests/e2e/shell-helpers.ts';

/** Σ (period debit − period credit) of the trial balance for 2026 period 6 over accounts from..to. */
async function trialBalanceNet(page: Page, from: number, to: number): Promise<string> {
  const token = await accessToken(page);
  const response = await page.request.post('/api/reports/gl-trial-balance/run', {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data: JSON.stringify({ Parameters: { FiscalYear: 2026, PeriodNo: 6 }, PageSize: 250 }),
  });
  expect(response.status()).toBe(200);
  let total = '0.00';
  for (const row of (await response.json()).List as Record<string, string>[]) {
    const account = Number(row['AccountId']);
    if (account >= from && account <= to) total = add(total, sub(row['PeriodDebit']!, row['PeriodCredit']!));
  }
  return total;
}

const money = (value: string) => Number(value).toLocaleString('en-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test('income statement: run for a period, grid and PDF text match the trial balance', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  await goTo(page, '#/novus-gl/financial-statement');
  const screen = screenOf(page, '/novus-gl/financial-statement');
  await expect(screen.getByRole('heading', { name: 'Financial statement' })).toBeVisible();

  await screen.getByRole('textbox', { name: 'Format', exact: true }).fill('INCOME');
  await screen.getByRole('spinbutton', { name: 'Fiscal year' }).fill('2026');
  await screen.getByRole('spinbutton', { name: 'Period', exact: true }).fill('6');
  await screen.getByRole('spinbutton', { name: 'Period', exact: true }).press('Enter');
  const grid = screen.getByRole('region', { name: 'Report results' });
  await expect(grid.getByRole('cell', { name: 'Net income', exact: true })).toBeVisible();

  const revenue = neg(await trialBalanceNet(page, 4000, 4999));
  const expenses = await trialBalanceNet(page, 5000, 8999);
  expect(Number(revenue)).toBeGreaterThan(0);
  await expect(grid.getByRole('cell', { name: money(revenue), exact: true }).first()).toBeVisible();

  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/reports/gl-financial-statement/pdf'));
  const downloaded = page.waitForEvent('download');
  await screen.getByRole('button', { name: 'Download PDF' }).click();
  expect((await answered).status()).toBe(200);
  const bytes = await readFile((await (await downloaded).path())!);
  const text = await pdfText(bytes);
  expect(text).toContain('Revenue');
  expect(text).toContain(money(revenue));
  expect(text).toContain(money(expenses));
  expect(text).toContain(money(sub(revenue, expenses)));
});
