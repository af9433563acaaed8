/**
 * Order desk pricing end to end in Chromium (issue 25; SCREENS.md WP7 acceptance check 1):
 * 1. a price table for B100 typed on `/novus-oe/price-table` with quantity ranges 1–99 at 10.00 and 100+ at
 *    9.00 → the portal's cart shows 9.00 a unit for 150 units (the portal prices through the pricing service);
 * 2. an import on `/novus-oe/price-table-import-export` with one bad row imports nothing and names the row.
 * Codes of this file: E2E-OE-*. The cart is emptied at the end (the portal tests start from an empty one).
 */
import ExcelJS from 'exceljs';
import { expect, test, type Locator } from '@playwright/test';
import { accessToken, apiCall, signIn } from '../../../tests/e2e/helpers.ts';
import { openScreen } from '../../../tests/e2e/shell-helpers.ts';

const PRODUCT = 'FS-HXB-1213';
const today = new Date().toISOString().slice(0, 10);

async function line(form: Locator, row: number, from: string, to: string, price: string): Promise<void> {
  const product = form.getByRole('combobox', { name: `Product (blank: every product) — Line ${row}` });
  await product.fill(PRODUCT);
  await expect(form.getByRole('option', { name: new RegExp(`^${PRODUCT}`) })).toBeVisible();
  await product.press('Enter');
  await form.getByRole('textbox', { name: `Low range quantity — Line ${row}` }).fill(from);
  if (to) await form.getByRole('textbox', { name: `High range quantity — Line ${row}` }).fill(to);
  await form.getByRole('textbox', { name: `Price or percent — Line ${row}` }).fill(price);
}

test('a price table with quantity breaks: the portal cart prices 150 units at the 100+ break', async ({ page, browser }) => {
  // Two sign-ins (desk and portal) and a document with two lines.
  test.setTimeout(90_000);
  await signIn(page, 'admin', 'admin', '#/');
  const screen = await openScreen(page, '/novus-oe/price-table', /Price tables/);
  await screen.getByRole('button', { name: 'New', exact: true }).click();
  const form = screen.locator('.erp-document');
  await form.getByRole('textbox', { name: 'Price table', exact: true }).fill('E2E-OE-BREAKS');
  await form.getByRole('textbox', { name: 'Description', exact: true }).fill('E2E bolts by the box');
  await form.getByRole('textbox', { name: 'Customer or jobber', exact: true }).fill('B100');
  await form.getByRole('textbox', { name: 'Effective date', exact: true }).fill(today);
  await line(form, 1, '1', '99', '10.00');
  await form.getByRole('button', { name: 'Add line', exact: true }).click();
  await line(form, 2, '100', '', '9.00');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('status')).toHaveText('Saved.');

  const portalContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const portal = await portalContext.newPage();
  await signIn(portal, 'portal', 'portal');
  await expect(portal).toHaveURL(/#\/portal\/order$/);
  const order = portal.locator('[data-portal-screen="order"]:visible');
  await order.getByRole('searchbox', { name: 'Search products' }).fill(PRODUCT);
  await order.getByRole('button', { name: 'Search', exact: true }).click();
  const row = order.locator(`tr[data-sku="${PRODUCT}"]`);
  await expect(row).toContainText('10.00');
  await row.getByRole('spinbutton', { name: `Quantity of ${PRODUCT}` }).fill('150');
  await row.getByRole('button', { name: `Add ${PRODUCT} to the cart` }).click();
  await portal.locator('erp-portal-bar a.link[data-path="/portal/cart"]').click();
  const cartLine = portal.locator('[data-portal-screen="cart"]:visible').locator(`tr[data-sku="${PRODUCT}"]`);
  await expect(cartLine).toContainText('9.00');
  await expect(cartLine).toContainText('1,350.00');
  // Leave B100's cart as the portal tests expect it: empty.
  const emptied = await portal.request.delete('/api/PortalCart?billToId=B100', { headers: { authorization: `Bearer ${await accessToken(portal)}` } });
  expect(emptied.status()).toBe(200);
  await portalContext.close();
});

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Prices');
  sheet.addRow(['ProductId', 'PriceType', 'FromQuantity', 'ToQuantity', 'Price', 'ExpiryDate']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('an import with one bad row imports nothing and names the row', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const screen = await openScreen(page, '/novus-oe/price-table-import-export', /Price table import\/export/);
  await screen.getByRole('textbox', { name: 'Price table' }).fill('B200');
  const file = await workbook([
    ['EL-EMT-075', 'Each', 1, 99, 11.5],
    ['EL-NOPE-1', 'Each', 1, null, 2],
    ['EL-BOX-4SQ', 'Each', 1, null, 3.5],
  ]);
  await screen.getByLabel('Workbook (.xlsx)').setInputFiles({ name: 'b200.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
  await screen.getByRole('button', { name: 'Check file' }).click();
  await expect(screen.getByRole('alert')).toHaveText('Nothing was imported: 1 row has errors. Row 3: product EL-NOPE-1 does not exist.');
  const errors = screen.getByRole('table', { name: 'Rows refused' });
  await expect(errors.getByRole('row').nth(1)).toHaveText(/3\s*ProductId\s*Row 3: product EL-NOPE-1 does not exist\./);
  // No "Import" is offered, and B200's table still holds its demo rows.
  await expect(screen.getByRole('button', { name: 'Import', exact: true })).toHaveCount(0);
  const b200 = await apiCall(page, 'GET', 'data/price-table/B200');
  expect(b200.body['Data'].Ranges).toHaveLength(5);
});
