/**
 * The account statement downloaded from its screen is ready to mail (issue 21 item 10), in Chromium against
 * the real server and its demo AR documents: the report screen sends the browser's time zone (X-Time-Zone)
 * and the PDF's print time is written in it; the PDF carries the company's name, "Page 1 of N", the
 * customer's bill-to block, the aging summary and the remittance stub.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apiCall, signIn } from '../../../tests/e2e/helpers.ts';
import { pdfText } from '../../../tests/e2e/pdf-text.ts';
import { goTo, screenOf } from '../../../tests/e2e/shell-helpers.ts';

const ZONE = 'America/Vancouver';
test.use({ timezoneId: ZONE });

test('the statement PDF: the print time in the browser’s time zone, letterhead, pages, aging and remittance stub', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  // A customer with open items as of today: the aged trial balance's first customer with a balance.
  const today = new Date().toISOString().slice(0, 10);
  const aged = await apiCall(page, 'POST', 'reports/ar-aged-trial-balance/run', { Parameters: { AsOfDate: today, AgeBy: 'due', PeriodDays: 30 } });
  const customer = (aged.body['List'] as { FirmId: string; Total: string }[]).find((row) => Number(row.Total) > 0)!.FirmId;
  const company = String((await apiCall(page, 'GET', 'Company/GetDefaultCompany')).body['Name']);

  await goTo(page, '#/novus-ar/Account-statement');
  const statement = screenOf(page, '/novus-ar/Account-statement');
  await statement.getByRole('textbox', { name: 'Customer', exact: true }).fill(customer);
  await statement.getByRole('button', { name: 'Run report' }).click();
  await expect(statement.getByRole('region', { name: 'Report results' }).locator('[data-report-row="totals"]')).toBeVisible();
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/reports/ar-account-statement/pdf'));
  const downloaded = page.waitForEvent('download');
  await statement.getByRole('button', { name: 'Download PDF' }).click();
  const response = await answered;
  expect(response.status()).toBe(200);
  expect(response.request().headers()['x-time-zone']).toBe(ZONE);
  const text = (await pdfText(await readFile((await (await downloaded).path())!))).replace(/[\u00a0\u202f]/g, ' ');

  // Vancouver's short zone name today (PST or PDT), as the browser's Intl writes it.
  const zoneName = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, timeZoneName: 'short' }).formatToParts(new Date()).find((part) => part.type === 'timeZoneName')!.value;
  expect(text).toMatch(new RegExp(`Printed .* ${zoneName}`));
  expect(text).toContain(company);
  expect(text).toMatch(/Page 1 of \d+/);
  expect(text).toContain(`Customer: ${customer}`);
  expect(text).toContain('Bill to');
  expect(text).toContain('Aging summary');
  expect(text).toContain('Amount enclosed');
});
