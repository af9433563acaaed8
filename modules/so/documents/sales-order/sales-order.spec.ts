/**
 * Sales orders end to end in Chromium (issue 26; SCREENS.md WP7 acceptance checks 3 and 4): an order typed on
 * `/novus-oe/sales-order-entry` (bill-to, ship-to, warehouse, a lot-tracked line priced by the pricing service
 * with the ship-to's taxes, shown as the line is typed), committed, shipped (the warehouse's lots allocated, the
 * stock out) and invoiced from the screen's buttons, each asked first; the order's AR invoice exists, posted, with
 * the order's total, and the shipment's lots are on the line. POLO's `/ta-order-entry` starts a TA order.
 */
import { expect, test } from '@playwright/test';
import { apiCall, signIn } from '../../../../tests/e2e/helpers.ts';
import { answerYes, openScreen } from '../../../../tests/e2e/shell-helpers.ts';

const PRODUCT = 'HRS-10GA-48X96';

test('a sales order entered, committed, shipped with lots and invoiced: the AR invoice exists', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'admin', 'admin', '#/');
  const today = new Date().toISOString().slice(0, 10);

  const orders = await openScreen(page, '/novus-oe/sales-order-entry', /Sales Orders/);
  await orders.getByRole('button', { name: 'New', exact: true }).click();
  const order = orders.locator('.erp-document');
  await expect(order.locator('[data-document-state]')).toHaveText('Entered');
  await order.getByRole('textbox', { name: 'Order date', exact: true }).fill(today);
  await order.getByRole('textbox', { name: 'Bill to', exact: true }).fill('B100');
  await order.getByRole('textbox', { name: 'Ship to', exact: true }).fill('S101');
  await order.getByRole('textbox', { name: 'Warehouse', exact: true }).fill('TOR-01');
  const product = order.getByRole('combobox', { name: 'Product — Line 1' });
  await product.fill(PRODUCT);
  await expect(order.getByRole('option', { name: new RegExp(`^${PRODUCT} `) })).toBeVisible();
  await product.press('Enter');
  await order.getByRole('textbox', { name: 'Quantity — Line 1' }).fill('2');
  // Keyboard-first: the price, the taxes and what is available appear before the save (the line preview).
  await expect(order.getByRole('cell', { name: 'Unit price — Line 1' })).toHaveText(/^\d+\.\d{4}$/);
  await expect(order.getByRole('cell', { name: 'Available — Line 1' })).toHaveText(/^\d+\.\d{4}$/);
  const typedPrice = await order.getByRole('cell', { name: 'Unit price — Line 1' }).textContent();
  await order.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(order.getByText('Saved.', { exact: true })).toBeVisible();
  const orderNo = (await order.locator('.erp-form-record').textContent())!.trim();
  expect(orderNo).toMatch(/^SO\d+$/);
  // Priced by the pricing service; Ontario's HST on the ship-to.
  await expect(order.getByRole('cell', { name: 'Unit price — Line 1' })).toHaveText(typedPrice!);
  await expect(order.getByRole('cell', { name: 'Taxes — Line 1' })).toHaveText('HST 13%');

  for (const [button, state] of [
    ['Commit', 'Committed'],
    ['Ship', 'Shipped'],
    ['Invoice', 'Invoiced'],
  ] as const) {
    await order.getByRole('button', { name: button, exact: true }).click();
    await answerYes(page);
    await expect(order.locator('[data-document-state]')).toHaveText(state);
  }

  const listed = await apiCall(page, 'GET', `data/sales-order?filter.OrderNo=${orderNo}`);
  const key = (listed.body['List'] as { OrderKey: number }[])[0]!.OrderKey;
  const saved = (await apiCall(page, 'GET', `data/sales-order/${key}`)).body['Data'] as { InvoiceId: number; Total: string; Lines: { Lots: { LotNo: string; Quantity: string }[] }[] };
  expect(saved.Lines[0]!.Lots.reduce((sum, lot) => sum + Number(lot.Quantity), 0)).toBe(2);
  const invoice = (await apiCall(page, 'GET', `data/ar-invoice/${saved.InvoiceId}`)).body['Data'] as { Status: string; Reference: string; Total: string; BillToId: string };
  // Issue 71 item 2: the order has no customer PO, so neither has its invoice (never the order's number).
  expect([invoice.Status, invoice.Reference ?? '', invoice.BillToId, invoice.Total]).toEqual(['Posted', '', 'B100', saved.Total]);

  // POLO's TA order entry: the same document, its own title, a new order a TA one.
  const ta = await openScreen(page, '/novus-pt/ta-order-entry', /TA Orders/);
  await ta.getByRole('button', { name: 'New', exact: true }).click();
  await expect(ta.locator('.erp-document select:has(option[value="TA"])')).toHaveValue('TA');
});
