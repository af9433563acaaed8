/**
 * General Ledger masters end to end (issue 12, SCREENS.md WP1 acceptance checks 1 and 6): the chart of
 * accounts is the same list under GL, AP, AR and legacy NOVUS; a 9-digit account is refused with the §5 text;
 * account 4000 (Revenue, CAD) saves and is listed after a reload; a bank account's id is at most 20 characters
 * and a bank account without a G/L account is refused with the §5 text; the accounting periods screen refuses fiscal
 * year 999 and creates a year as 12 contiguous open periods (the one test of it). That every GL route of every
 * application (the 48 of WP1, modules/gl/test/spec-routes.ts) opens a working screen, not "This screen is not
 * available in this release.", is checked with every other route by tests/e2e/screen-layout.spec.ts (and
 * modules/gl/test/routes.test.ts checks the catalog names their exports).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { accessToken, signIn } from '../../../tests/e2e/helpers.ts';
import { goTo, screenOf } from '../../../tests/e2e/shell-helpers.ts';

const NOT_AVAILABLE = 'This screen is not available in this release.';

/** Opens a route by URL and answers its screen once the chart-like list is there. */
async function openList(page: Page, path: string, title: RegExp): Promise<Locator> {
  await goTo(page, `#${path}`);
  const screen = screenOf(page, path);
  await expect(screen.getByRole('heading', { name: title })).toBeVisible();
  await expect(screen.getByRole('grid', { name: title })).toBeVisible();
  return screen;
}

async function newRecord(screen: Locator): Promise<Locator> {
  await screen.getByRole('button', { name: 'New', exact: true }).click();
  const form = screen.locator('.erp-entity-form');
  await expect(form.getByRole('heading', { name: /New record/ })).toBeVisible();
  return form;
}

test('the chart of accounts under four applications; 123456789 refused, 4000 saved and listed after a reload', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  for (const path of ['/novus-ap/gl-chart', '/novus-ar/gl-chart', '/novus/gl-chart', '/novus-gl/gl-chart']) {
    const screen = await openList(page, path, /GL chart of accounts/);
    // The same demo chart in each: the operating bank account and receivables control.
    await expect(screen.getByRole('gridcell', { name: '1000', exact: true })).toBeVisible();
    await expect(screen.getByText(NOT_AVAILABLE)).toHaveCount(0);
  }
  const chart = screenOf(page, '/novus-gl/gl-chart');
  const form = await newRecord(chart);
  await form.getByRole('textbox', { name: 'Account', exact: true }).fill('123456789');
  await form.getByRole('textbox', { name: 'Description', exact: true }).fill('Sales');
  await form.getByLabel('Account type').selectOption('revenue');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByText('Natural account segment must be 1 to 8 digits.').first()).toBeVisible();

  await form.getByRole('textbox', { name: 'Account', exact: true }).fill('4000');
  await expect(form.getByRole('textbox', { name: 'Currency', exact: true })).toHaveValue('CAD');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

  await page.reload();
  const reloaded = await openList(page, '/novus-gl/gl-chart', /GL chart of accounts/);
  const search = reloaded.getByRole('searchbox', { name: 'Search' });
  await search.fill('4000');
  await search.press('Enter');
  const row = reloaded.getByRole('row').filter({ has: page.getByRole('gridcell', { name: '4000', exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('gridcell', { name: 'Revenue', exact: true })).toBeVisible();
  await expect(row.getByRole('gridcell', { name: 'CAD', exact: true })).toBeVisible();
});

test('a bank account with a 21-character id, or without a G/L account, is refused with the §5 texts', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const screen = await openList(page, '/novus-gl/bank-account', /Bank accounts/);
  await expect(screen.getByRole('gridcell', { name: 'OPERATING', exact: true })).toBeVisible();
  const form = await newRecord(screen);
  const id = form.getByRole('textbox', { name: 'Bank account ID', exact: true });
  await id.fill('B'.repeat(21));
  await form.getByRole('textbox', { name: 'Bank account name', exact: true }).fill('E2E payroll account');
  await form.getByLabel('EFT status').selectOption('Test');
  await form.getByRole('textbox', { name: 'G/L account', exact: true }).fill('1000');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByText('Bank account ID can be at most 20 characters.').first()).toBeVisible();
  // The server refuses it too, whatever a client sends.
  const refused = await page.request.post('/api/data/bank-account', {
    headers: { Authorization: `Bearer ${await accessToken(page)}` },
    data: { BankAccountId: 'B'.repeat(21), Name: 'Too long', GlAccountId: '1000', EftStatus: 'Active' },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { Message: string }).Message).toBe('Bank account ID can be at most 20 characters.');

  await form.getByRole('textbox', { name: 'G/L account', exact: true }).fill('');
  await id.fill('E2E-PAYROLL');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByText('A G/L account is required.').first()).toBeVisible();

  await form.getByRole('textbox', { name: 'G/L account', exact: true }).fill('1000');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
});

test('accounting periods: fiscal year 999 is refused; a year is created with 12 contiguous open periods; 2025 has 12 with the four flags', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  await goTo(page, '#/novus-gl/accounting-periods');
  const screen = screenOf(page, '/novus-gl/accounting-periods');
  const tool = screen.getByRole('form', { name: 'Create a fiscal year with 12 periods' });
  await expect(tool).toBeVisible();
  await tool.getByLabel('Fiscal year').fill('999');
  await tool.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(tool.getByRole('alert')).toHaveText('Fiscal year must be greater than 1000 and less than 9999.');
  await tool.getByLabel('Fiscal year').fill('2027');
  await tool.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(tool.getByRole('status')).toHaveText('Fiscal year 2027 created with 12 periods.');

  // The demo's 2025: twelve periods, each with its G/L, A/R, A/P and payroll closed flags.
  const grid = screen.getByRole('grid').first();
  for (const flag of ['G/L closed', 'A/R closed', 'A/P closed', 'Payroll closed']) {
    await expect(grid.getByRole('columnheader', { name: flag })).toBeVisible();
  }
  const search = { headers: { Authorization: `Bearer ${await accessToken(page)}` } };
  for (const year of [2025, 2027]) {
    const answer = await page.request.get(`/api/data/accounting-period?filter.FiscalYear=${year}&PageSize=50&SortFields=PeriodNo`, search);
    const periods = ((await answer.json()) as { List: { PeriodNo: number; StartDate: string; EndDate: string }[] }).List;
    expect(periods.map((period) => period.PeriodNo)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(periods[0]!.StartDate).toBe(`${year}-01-01`);
    expect(periods[11]!.EndDate).toBe(`${year}-12-31`);
    // Contiguous: each period starts the day after the previous one ends.
    for (const [index, period] of periods.entries()) {
      if (index === 0) continue;
      const next = new Date(`${periods[index - 1]!.EndDate}T00:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      expect(period.StartDate, `${year} period ${period.PeriodNo}`).toBe(next.toISOString().slice(0, 10));
    }
  }
  // The new year's periods are all open: none of the four flags set.
  const created = await page.request.get('/api/data/accounting-period?filter.FiscalYear=2027&PageSize=50', search);
  for (const period of ((await created.json()) as { List: Record<string, unknown>[] }).List) {
    expect(period).toMatchObject({ ClosedGl: false, ClosedAr: false, ClosedAp: false, ClosedPr: false });
  }
});
