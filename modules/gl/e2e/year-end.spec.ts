/**
 * GL year end end to end in Chromium (issue 13 item 3, SCREENS.md FS-03, WP6 check 3): fiscal year 2013 with
 * a sale is refused while its periods are open (the message shown in the screen), its twelve periods are then
 * closed through the accounting-period API, and the year end runs through the shell's confirmation: the
 * revenue account shows 0 in 2014 and the legacy `/novus/year-end` opens the same screen. A year before the
 * demo ledger's (2025 on): years close in order (issue 22), and the demo's own years stay open for other specs.
 */
import { expect, test } from '@playwright/test';
import { apiCall, signIn } from '../../../tests/e2e/helpers.ts';
import { goTo, screenOf } from '../../../tests/e2e/shell-helpers.ts';

const YEAR = 2013;

const api = apiCall;

test('a year end is refused while periods are open, then run', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  for (const year of [YEAR, YEAR + 1]) expect((await api(page, 'POST', 'data/accounting-period/fiscal-years', { FiscalYear: year })).status).toBe(201);
  expect((await api(page, 'POST', 'data/gl-account', { AccountId: '64000', Description: 'E2E revenue', AccountType: 'revenue' })).status).toBe(201);
  expect((await api(page, 'POST', 'data/gl-account', { AccountId: '63000', Description: 'E2E cash', AccountType: 'asset' })).status).toBe(201);
  const entry = await api(page, 'POST', 'data/gl-journal-entry', {
    EntryDate: `${YEAR}-05-10`,
    Description: 'E2E sale',
    Lines: [{ AccountId: '63000', Debit: '800.00' }, { AccountId: '64000', Credit: '800.00' }],
  });
  expect(entry.status).toBe(201);
  expect((await api(page, 'POST', `data/gl-journal-entry/${entry.body.Data.EntryId}/actions/post`, { Version: entry.body.Data.Version })).status).toBe(200);

  await goTo(page, '#/novus-gl/gl-year-end');
  const screen = screenOf(page, '/novus-gl/gl-year-end');
  await expect(screen.getByRole('heading', { name: 'GL year end' })).toBeVisible();
  await screen.getByLabel('Fiscal year').fill(String(YEAR));
  await screen.getByRole('button', { name: 'Preview' }).click();
  await expect(screen.getByText(`Every G/L period of fiscal year ${YEAR} must be closed first (12 still open).`)).toBeVisible();

  // §4: a period's G/L close needs its journals closed first.
  // The year's own open journals (the demo ledger has hundreds of its own in later years).
  const journals = await api(page, 'GET', `data/accounting-journal?filter.Status=Open&filter.JournalDate.from=${YEAR}-01-01&filter.JournalDate.to=${YEAR}-12-31&PageSize=500`);
  expect(journals.body.List.length).toBeGreaterThan(0);
  for (const journal of journals.body.List as Record<string, any>[]) { // eslint-disable-line @typescript-eslint/no-explicit-any
    expect((await api(page, 'POST', `data/accounting-journal/${journal['JournalId']}/actions/close`, { Version: journal['Version'] })).status).toBe(200);
  }
  const periods = await api(page, 'GET', `data/accounting-period?filter.FiscalYear=${YEAR}&SortFields=PeriodNo`);
  for (const period of periods.body.List) {
    const closed = await api(page, 'PUT', `data/accounting-period/${period.PeriodId}`, { Version: period.Version, ClosedGl: true });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
  }

  await screen.getByRole('button', { name: 'Preview' }).click();
  const preview = screen.getByRole('region', { name: 'Items to process' });
  await preview.getByRole('checkbox', { name: `Select ${YEAR}` }).check();
  await preview.getByRole('button', { name: 'Run' }).click();
  const question = page.locator('erp-dialog[data-dialog="question"]');
  await question.getByRole('button', { name: 'Run' }).click();
  const results = screen.getByRole('region', { name: 'Results' });
  await expect(results.getByRole('cell', { name: 'Success' })).toBeVisible();
  await expect(results.getByText(`Fiscal year ${YEAR} closed (YE${YEAR}).`)).toBeVisible();

  // The next year opens with the revenue account at 0 (the trial balance reads the cumulative balances).
  const next = await api(page, 'POST', 'reports/gl-trial-balance/run', { Parameters: { StartDate: `${YEAR + 1}-01-01`, EndDate: `${YEAR + 1}-01-31` } });
  expect(next.status).toBe(200);
  const revenue = (next.body.List as Record<string, string>[]).find((r) => r['AccountId'] === '64000');
  expect(revenue ? [revenue['Debit'], revenue['Credit']] : ['0.00', '0.00']).toEqual(['0.00', '0.00']);
  const cash = (next.body.List as Record<string, string>[]).find((r) => r['AccountId'] === '63000');
  expect(cash?.['Debit']).toBe('800.00');

  // The legacy route opens the same process screen.
  await goTo(page, '#/novus/year-end');
  await expect(screenOf(page, '/novus/year-end').getByRole('heading', { name: 'GL year end' })).toBeVisible();
});
