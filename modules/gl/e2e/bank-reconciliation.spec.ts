/**
 * Bank reconciliation end to end (issue 13 item 1, SCREENS.md FS-01 / WP6 acceptance check 1, spec §4): on
 * /novus-gl/bank-reconciliation a bank-side adjustment (interest) is posted from the screen and listed; Space
 * marks it cleared; the difference reaches exactly zero and Complete finishes the reconciliation (the item
 * leaves the list); Undo asks first and brings the item back. A fresh bank account and G/L account per run
 * keep the test independent of the demo data and of earlier runs.
 */
import { expect, test } from '@playwright/test';
import { accessToken, signIn } from '../../../tests/e2e/helpers.ts';
import { goTo, screenOf } from '../../../tests/e2e/shell-helpers.ts';

const PATH = '/novus-gl/bank-reconciliation';
const YEAR = 2045;

test('a reconciliation completed and undone', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const headers = { Authorization: `Bearer ${await accessToken(page)}` };
  const suffix = String(Date.now()).slice(-5);
  const bankGl = `971${suffix}`;
  const income = `972${suffix}`;
  const bank = `E2E${suffix}`;
  for (const account of [
    { AccountId: bankGl, Description: `E2E bank ${suffix}`, AccountType: 'asset' },
    { AccountId: income, Description: `E2E interest ${suffix}`, AccountType: 'revenue' },
  ]) {
    const created = await page.request.post('/api/data/gl-account', { headers, data: account });
    expect(created.status(), await created.text()).toBe(201);
  }
  // The year may exist from an earlier run (refused then); either way its periods are there.
  await page.request.post('/api/data/accounting-period/fiscal-years', { headers, data: { FiscalYear: YEAR } });
  const created = await page.request.post('/api/data/bank-account', {
    headers,
    data: { BankAccountId: bank, Name: `E2E ${suffix}`, CurrencyCode: 'CAD', GlAccountId: bankGl, EftStatus: 'Inactive' },
  });
  expect(created.status(), await created.text()).toBe(201);

  await goTo(page, `#${PATH}`);
  const screen = screenOf(page, PATH);
  await expect(screen.getByRole('heading', { name: 'Bank reconciliation', exact: true })).toBeVisible();
  await screen.getByLabel('Bank account').selectOption(bank);
  await screen.getByLabel('Statement date').fill(`${YEAR}-03-31`);
  await screen.getByLabel('Statement ending balance').fill('250.00');
  await screen.getByRole('button', { name: 'Show items' }).click();
  await expect(screen.getByText('No uncleared items up to the statement date.')).toBeVisible();
  await expect(screen.getByRole('button', { name: 'Complete' })).toBeDisabled();

  // A bank-side adjustment, posted through the posting service (source BK), appears in the list.
  const adjustment = screen.getByRole('form', { name: 'Bank adjustment' });
  await adjustment.getByLabel('Kind').selectOption('interest');
  await adjustment.getByLabel('Date').fill(`${YEAR}-03-15`);
  await adjustment.getByLabel('Amount').fill('250.00');
  await adjustment.getByLabel('Offset G/L account').fill(income);
  await adjustment.getByRole('button', { name: 'Post adjustment' }).click();
  await expect(screen.getByRole('status').filter({ hasText: /Adjustment BK\S* posted\./ })).toBeVisible();
  const list = screen.getByRole('listbox', { name: 'Uncleared items' });
  const item = list.getByRole('option');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('250.00');
  await expect(item).toHaveAttribute('aria-selected', 'false');
  const difference = screen.locator('[data-figure="difference"] dd');
  await expect(difference).toHaveText('250.00');

  // Space marks the focused item cleared: the difference is exactly zero and Complete is allowed.
  await list.focus();
  await page.keyboard.press('Space');
  await expect(item).toHaveAttribute('aria-selected', 'true');
  await expect(screen.locator('[data-figure="cleared"] dd')).toHaveText('250.00');
  await expect(difference).toHaveText('0.00');
  await screen.getByRole('button', { name: 'Complete' }).click();
  await expect(screen.getByRole('status').filter({ hasText: `Reconciliation of Mar 31, ${YEAR} completed.` })).toBeVisible();
  await expect(screen.getByText('No uncleared items up to the statement date.')).toBeVisible();
  await expect(screen.locator('[data-figure="opening"] dd')).toHaveText('250.00');

  // Undo asks first; Yes brings the cleared item back.
  await screen.getByRole('button', { name: 'Undo' }).click();
  const dialog = page.locator('erp-dialog[data-dialog="question"]');
  await expect(dialog.getByText(`Undo the reconciliation of Mar 31, ${YEAR}?`, { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(screen.getByRole('status').filter({ hasText: 'Reconciliation undone' })).toBeVisible();
  await expect(list.getByRole('option')).toHaveCount(1);
  await expect(screen.getByRole('cell', { name: 'Undone' })).toBeVisible();
});
