/**
 * The set-up check screen in Chromium (issue 40 item 1): on the fresh demo data it lists nothing missing; with
 * the OE cost-of-sales fallback removed (the portal's class posts to it) "Check again" lists that account and
 * its link opens GL Integration, where it is fixed; then nothing is missing again.
 */
import { expect, test } from '@playwright/test';
import { accessToken, apiCall, signIn } from '../../../tests/e2e/helpers.ts';
import { goTo, screenOf } from '../../../tests/e2e/shell-helpers.ts';

test('setup check: nothing missing on the demo, a removed integration account listed with its fix link', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  await goTo(page, '#/novus-gl/setup-check');
  const screen = screenOf(page, '/novus-gl/setup-check');
  await expect(screen.getByRole('heading', { name: 'Setup check' })).toBeVisible();
  await expect(screen.getByText('Nothing is missing: every process can run.')).toBeVisible();

  const rows = await apiCall(page, 'GET', 'data/gl-integration?filter.SubLedger=OE&PageSize=100');
  const cogs = (rows.body['List'] as Record<string, unknown>[]).find((row) => row['TransactionType'] === 'COGS');
  expect(cogs).toBeTruthy();
  // A DELETE carries no body, so no JSON content type either (apiCall sends one).
  const removed = await page.request.delete(`/api/data/gl-integration/${String(cogs!['IntegrationKey'])}?Version=${String(cogs!['Version'])}`, {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
  });
  expect(removed.status(), await removed.text()).toBe(200);
  try {
    await screen.getByRole('button', { name: 'Check again' }).click();
    const row = screen.locator('tr[data-setup-gap="G/L integration account OE COGS"]');
    await expect(row).toBeVisible();
    await expect(screen.getByText('1 item missing')).toBeVisible();
    await row.getByRole('link', { name: 'GL Integration' }).click();
    await expect(page).toHaveURL(/#\/novus-gl\/gl-integration$/);
  } finally {
    const back = await apiCall(page, 'POST', 'data/gl-integration', { SubLedger: 'OE', TransactionType: 'COGS', Description: cogs!['Description'], AccountId: cogs!['AccountId'] });
    expect(back.status).toBe(201);
  }
  await goTo(page, '#/novus-gl/setup-check');
  await screen.getByRole('button', { name: 'Check again' }).click();
  await expect(screen.getByText('Nothing is missing: every process can run.')).toBeVisible();
});
