/**
 * Defaults on pick (issue 40 item 5) in Chromium: picking vendor V100 on a new purchase order fills its name,
 * bill-to and ship-to before any save (from POST /api/defaults/purchase-order, the save's own function); a value the
 * user typed stays. A new payment run shows the only home-currency bank and today at once.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';
import { openScreen } from './shell-helpers.ts';

test('picking the vendor of a new purchase order fills what follows from it, before save', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const orders = await openScreen(page, '/novus-po/purchase-order-entry', /Purchase Orders/);
  await orders.getByRole('button', { name: 'New', exact: true }).click();
  const order = orders.locator('.erp-document');
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/defaults/purchase-order');
  await order.getByRole('textbox', { name: 'Vendor', exact: true }).pressSequentially('V100');
  await order.getByRole('textbox', { name: 'Vendor', exact: true }).press('Tab');
  const data = (await (await answer).json()).Data as Record<string, string | null>;
  expect(data['ShipToId']).toBeTruthy();
  await expect(order.getByRole('textbox', { name: 'Vendor name', exact: true })).toHaveValue(data['VendorName']!);
  await expect(order.getByRole('textbox', { name: 'Ship to', exact: true })).toHaveValue(data['ShipToId']!);
  await expect(order.getByRole('textbox', { name: 'Bill to', exact: true })).toHaveValue(data['BillToId']!);
  if (data['TermsCode']) await expect(order.getByRole('textbox', { name: 'Terms', exact: true })).toHaveValue(data['TermsCode']);
  await expect(order.locator('[data-document-state]')).toHaveText('Open');
});

test('a new payment run shows the only bank and today', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const runs = await openScreen(page, '/novus-ap/ap-payments-queue', /Payments Queue/);
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/defaults/ap-payment-batch');
  await runs.getByRole('button', { name: 'New', exact: true }).click();
  expect((await answer).status()).toBe(200);
  await expect(runs.getByRole('textbox', { name: 'Bank', exact: true })).toHaveValue('OPERATING');
  await expect(runs.getByRole('textbox', { name: 'Payment date', exact: true })).not.toHaveValue('');
});
