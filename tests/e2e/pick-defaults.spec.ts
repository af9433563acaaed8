/**
 * Defaults on pick (issue 40 item 5) in Chromium: picking vendor V100 on a new purchase order fills its name,
 * bill-to and ship-to before any save (from POST /api/defaults/purchase-order, the save's own function); a value the
 * user typed stays; a default landing in the blank field the user is already in is selected, so typing replaces it. A
 * new payment run shows the only home-currency bank and today at once.
 */
import { expect, test } from '@playwright/test';
import { holdAnswers, signIn } from './helpers.ts';
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

test('a default landing in the blank field the user is in is left selected: what they type replaces it', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const orders = await openScreen(page, '/novus-po/purchase-order-entry', /Purchase Orders/);
  await orders.getByRole('button', { name: 'New', exact: true }).click();
  const order = orders.locator('.erp-document');
  // The defaults' answer is held until the user is in the blank Ship to (Tab after the pick, then typing).
  const defaults = await holdAnswers(page, '**/api/defaults/purchase-order');
  await order.getByRole('textbox', { name: 'Vendor', exact: true }).pressSequentially('V100');
  const shipTo = order.getByRole('textbox', { name: 'Ship to', exact: true });
  await shipTo.focus();
  await expect(shipTo).toHaveValue('');
  await defaults.asked;
  defaults.release();
  await expect(shipTo).not.toHaveValue('');
  await page.keyboard.insertText('MAIN');
  await expect(shipTo).toHaveValue('MAIN');
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
