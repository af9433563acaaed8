/**
 * Issue 71 item 2, Cash Receipts' bank default, in Chromium: Alt+N on Cash Receipts (/novus-ar/cash-receipts) opens a
 * receipt whose bank is already there — the one the user deposited their last receipt to, else the company's deposit
 * bank (POST /api/defaults/cash-receipt 'new', the same the save fills) — so the clerk types the customer and amount.
 */
import { expect, test } from '@playwright/test';
import { apiCall, signIn } from '../../../tests/e2e/helpers.ts';
import { openScreen, settled } from '../../../tests/e2e/shell-helpers.ts';

test("a new cash receipt has the bank filled: the user's last deposit bank, else the company's", async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const expected = (await apiCall(page, 'POST', 'defaults/cash-receipt', { Field: 'new', Values: {} })).body['Data'] as { BankAccountId: string | null };
  expect(expected.BankAccountId).toBeTruthy();
  const screen = await openScreen(page, '/novus-ar/cash-receipts', /Cash Receipts/, 60_000);
  await settled(page);
  await screen.locator('[role="grid"]').first().focus();
  await page.keyboard.press('Alt+n');
  const form = screen.locator('.erp-document[data-entity="cash-receipt"]');
  await expect(form.locator('[data-document-state]')).toHaveText('Draft');
  await expect(form.getByRole('textbox', { name: 'Bank account', exact: true })).toHaveValue(expected.BankAccountId!);
});
