/**
 * A purchase order's "Add from sales order" in Chromium (issue 23 item 1): Alt+O opens the dialog with its
 * lookup focused; the open sales order picked there proposes its lines, ticked, at the vendor's prices; one
 * line's quantity changed, "Add 2 lines" fills the grid and the header names the sales order; saved, the
 * purchase order holds them. A product already on the order is shown but not offered (§8 "Product already
 * added.").
 */
import { expect, test } from '@playwright/test';
import { apiCall, signIn } from '../../../tests/e2e/helpers.ts';
import { openScreen } from '../../../tests/e2e/shell-helpers.ts';

const DATE = '2026-11-20';

test('Alt+O adds the lines of an open sales order to a purchase order', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'admin', 'admin', '#/');
  const [first, second] = ['HRS-10GA-48X96', 'COIL-HR-12GA-60'];
  const created = await apiCall(page, 'POST', 'data/sales-order', {
    OrderDate: DATE,
    BillToId: 'B100',
    ShipToId: 'S101',
    WarehouseId: 'TOR-01',
    Lines: [
      { ProductId: first, Quantity: '4' },
      { ProductId: second, Quantity: '6' },
    ],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const orderNo = String(created.body['Data']['OrderNo']);

  const orders = await openScreen(page, '/novus-po/purchase-order-entry', /Purchase Orders/);
  await orders.getByRole('button', { name: 'New', exact: true }).click();
  const order = orders.locator('.erp-document');
  await order.getByRole('textbox', { name: 'Order date', exact: true }).fill(DATE);
  await order.getByRole('textbox', { name: 'Vendor', exact: true }).fill('V100');
  await order.getByRole('textbox', { name: 'Ship to', exact: true }).fill('TOR-01');
  // The second product is typed first: the dialog shows it as already added.
  const product = order.getByRole('combobox', { name: 'Product — Line 1' });
  await product.fill(second);
  await expect(order.getByRole('option', { name: new RegExp(`^${second} `) })).toBeVisible();
  await product.press('Enter');
  await order.getByRole('textbox', { name: 'Ordered — Line 1' }).fill('1');
  await order.getByRole('textbox', { name: 'Unit price — Line 1' }).fill('2');

  await expect(order.getByRole('button', { name: 'Add from sales order' })).toHaveAttribute('aria-keyshortcuts', 'Alt+O');
  await order.getByRole('textbox', { name: 'Unit price — Line 1' }).press('Alt+o');
  const dialog = page.getByRole('dialog', { name: 'Add from sales order' });
  const pick = dialog.getByRole('textbox', { name: 'For sales order', exact: true });
  await expect(pick).toBeFocused();
  await pick.fill(orderNo);
  await dialog.getByRole('button', { name: new RegExp(orderNo) }).click();
  await expect(dialog.getByRole('checkbox', { name: `Add ${first}` })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: `Add ${second}` })).toBeDisabled();
  await expect(dialog.getByRole('row', { name: new RegExp(second) })).toContainText('Product already added.');
  await dialog.getByRole('textbox', { name: `Ordered ${first}` }).fill('5');
  await dialog.getByRole('button', { name: 'Add 1 line' }).click();
  await expect(dialog).toBeHidden();

  await expect(order.getByRole('combobox', { name: 'Product — Line 2' })).toHaveValue(first);
  await expect(order.getByRole('textbox', { name: 'Ordered — Line 2' })).toHaveValue('5.0000');
  await order.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(order.getByText('Saved.', { exact: true })).toBeVisible();
  const poNo = (await order.locator('.erp-form-record').textContent())!.trim();
  const listed = (await apiCall(page, 'GET', `data/purchase-order?filter.PoNo=${poNo}`)).body['List'] as { PoId: number }[];
  const saved = (await apiCall(page, 'GET', `data/purchase-order/${listed[0]!.PoId}`)).body['Data'] as { SalesOrderNo: string; Lines: { ProductId: string; QuantityOrdered: string }[] };
  expect(saved.SalesOrderNo).toBe(orderNo);
  expect(saved.Lines.map((line) => [line.ProductId, line.QuantityOrdered])).toEqual([
    [second, '1.0000'],
    [first, '5.0000'],
  ]);
});
