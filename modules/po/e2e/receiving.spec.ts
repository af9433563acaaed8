/**
 * Purchasing end to end in Chromium (issue 23; SCREENS.md WP4 acceptance 1 and 2): a purchase order typed on
 * `/novus-po/purchase-order-entry` (vendor, ship-to, a coil line), saved with its PO number; a receipt against it
 * on `/novus-po/purchase-order-receipt-entry` — saved without lines it takes the lines to receive, then a partial
 * quantity with its coil lot (heat, mill coil number, weight) and freight; refused while the lot does not add up
 * (§5 text); posted after the question → read-only; the order shows Partially received; Product Cost shows the
 * quantity on hand and the landed average cost; the G/L has Dr inventory / Cr GRNI / Cr accrued freight under
 * the receipt's number. The demo data has no stock in VAN-01: this file's receipt is the only one there.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apiCall, signIn } from '../../../tests/e2e/helpers.ts';
import { pdfText } from '../../../tests/e2e/pdf-text.ts';
import { answerYes, openScreen } from '../../../tests/e2e/shell-helpers.ts';

const PRODUCT = 'COIL-HR-12GA-60';
const WAREHOUSE = 'VAN-01';
const DATE = '2026-11-20';

test('a purchase order, a partial receipt with its coil lot, posted: on hand, average cost and the G/L', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'admin', 'admin', '#/');

  // The order: 900 kg at 1.1500.
  const orders = await openScreen(page, '/novus-po/purchase-order-entry', /Purchase Orders/);
  await orders.getByRole('button', { name: 'New', exact: true }).click();
  const order = orders.locator('.erp-document');
  await expect(order.locator('[data-document-state]')).toHaveText('Open');
  await order.getByRole('textbox', { name: 'Order date', exact: true }).fill(DATE);
  await order.getByRole('textbox', { name: 'Vendor', exact: true }).fill('V100');
  await order.getByRole('textbox', { name: 'Ship to', exact: true }).fill(WAREHOUSE);
  const product = order.getByRole('combobox', { name: 'Product — Line 1' });
  await product.fill(PRODUCT);
  await expect(order.getByRole('option', { name: new RegExp(`^${PRODUCT} `) })).toBeVisible();
  await product.press('Enter');
  await order.getByRole('textbox', { name: 'Ordered — Line 1' }).fill('900');
  await order.getByRole('textbox', { name: 'Unit price — Line 1' }).fill('1.15');
  // The expanded line window (Ctrl+Enter in the line): the vendor's item number; its OK saves the order.
  await order.getByRole('textbox', { name: 'Unit price — Line 1' }).press('Control+Enter');
  const expanded = page.getByRole('dialog', { name: 'Line 1' });
  await expect(expanded.getByRole('textbox', { name: 'Product', exact: true })).toHaveValue(PRODUCT);
  // A refused save keeps the window open with the §8 text and the reason on the line's field.
  await expanded.getByRole('textbox', { name: 'Ordered', exact: true }).fill('0');
  await expanded.getByRole('textbox', { name: 'Ordered', exact: true }).press('Control+Enter');
  await expect(expanded.getByRole('alert')).toHaveText('Saving expanded order lines failed.');
  await expect(expanded.getByText('The quantity must be greater than 0.')).toBeVisible();
  await expanded.getByRole('textbox', { name: 'Ordered', exact: true }).fill('900');
  await expanded.getByRole('textbox', { name: 'Vendor item no.' }).fill('ls-hr12-60');
  await expanded.getByRole('textbox', { name: 'Vendor item no.' }).press('Control+Enter');
  await expect(expanded).toBeHidden();
  await expect(order.getByText('Saved.', { exact: true })).toBeVisible();
  const poNo = (await order.locator('.erp-form-record').textContent())!.trim();
  expect(poNo).toMatch(/^PO\d{6}$/);
  await expect(order.getByRole('textbox', { name: 'Total', exact: true })).toHaveValue('1,035.00');

  // Ctrl+P prints the vendor's copy: the order's PDF with its vendor, line and total.
  await expect(order.getByRole('button', { name: 'Print', exact: true })).toHaveAttribute('aria-keyshortcuts', 'Control+P');
  const downloaded = page.waitForEvent('download');
  await order.getByRole('textbox', { name: 'Order date', exact: true }).press('Control+p');
  const printed = await pdfText(await readFile((await (await downloaded).path())!));
  for (const part of [`Purchase order: ${poNo}`, 'Lakeshore Steel Mills Inc.', PRODUCT, 'LS-HR12-60', '900.0000', '1,035.00']) expect(printed, part).toContain(part);

  // The receipt: picked by its PO number; saved without lines, it takes the line to receive.
  const receipts = await openScreen(page, '/novus-po/purchase-order-receipt-entry', /Purchase Order Receipts/);
  await receipts.getByRole('button', { name: 'New', exact: true }).click();
  const receipt = receipts.locator('.erp-document');
  await receipt.getByRole('textbox', { name: 'Receipt date', exact: true }).fill(DATE);
  await receipt.getByRole('textbox', { name: 'Purchase order', exact: true }).fill(poNo);
  await receipt.getByRole('button', { name: new RegExp(poNo) }).click();
  await receipt.getByRole('textbox', { name: 'Freight (landed cost)', exact: true }).fill('30');
  await receipt.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(receipt.getByText('Saved.', { exact: true })).toBeVisible();
  await expect(receipt.getByRole('textbox', { name: 'PO number', exact: true })).toHaveValue(poNo);
  await expect(receipt.getByRole('combobox', { name: 'Product — Line 1' })).toHaveValue(PRODUCT);
  await expect(receipt.getByRole('textbox', { name: 'Received — Line 1' })).toHaveValue('900.0000');

  // A partial receipt: 600 kg in one coil, first with a lot of 500 (refused), then 600.
  await receipt.getByRole('textbox', { name: 'Received — Line 1' }).fill('600');
  const lots = receipt.getByRole('region', { name: 'Lots, heats and coils — Line 1' });
  await lots.getByRole('button', { name: 'Add Lots, heats and coils' }).click();
  await lots.getByRole('textbox', { name: 'Lot or coil number — Row 1' }).fill('E2E-PO-C1');
  await lots.getByRole('textbox', { name: 'Lot quantity — Row 1' }).fill('500');
  await lots.getByRole('textbox', { name: 'Heat number — Row 1', exact: true }).fill('A24-61873');
  await lots.getByRole('textbox', { name: 'Mill coil number — Row 1' }).fill('MC-E2E-1');
  await lots.getByRole('textbox', { name: 'Coil weight — Row 1' }).fill('600');
  await receipt.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(receipt.getByRole('alert').first()).toHaveText('Lot totals must match the quantity received.');
  await lots.getByRole('textbox', { name: 'Lot quantity — Row 1' }).fill('600');
  await receipt.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(receipt.getByText('Saved.', { exact: true })).toBeVisible();

  // Post (asked first): Posted and read-only.
  await receipt.getByRole('button', { name: 'Post receipt', exact: true }).click();
  await answerYes(page);
  await expect(receipt.locator('[data-document-state]')).toHaveText('Posted');
  await expect(receipt.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await expect(receipt.getByRole('textbox', { name: 'Received — Line 1' })).toHaveAttribute('readonly', '');
  const receiptNo = (await receipt.locator('.erp-form-record').textContent())!.trim();

  // The order is partially received.
  const listed = await apiCall(page, 'GET', `data/purchase-order?filter.PoNo=${poNo}`);
  expect(listed.body['List'][0].Status).toBe('PartiallyReceived');

  // On hand and the landed average cost: (600 × 1.15 + 30.00) ÷ 600 = 1.2000; value 720.00.
  const cost = await openScreen(page, '/novus-ic/Product-Cost', /Product Cost/);
  await cost.getByLabel('Warehouse', { exact: true }).fill(WAREHOUSE);
  await cost.getByRole('button', { name: 'Run report' }).click();
  const row = cost.getByRole('region', { name: 'Report results' }).getByRole('row', { name: new RegExp(`^${PRODUCT} `) });
  await expect(row.getByRole('cell', { name: '600.0000', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: '1.2000', exact: true }).first()).toBeVisible();
  await expect(row.getByRole('cell', { name: '720.00', exact: true })).toBeVisible();

  // The G/L: Dr inventory 720.00 / Cr GRNI 690.00 / Cr accrued freight 30.00 under the receipt's number.
  for (const [account, debit, credit] of [
    ['1200', '720.00', '0.00'],
    ['2110', '0.00', '690.00'],
    ['2320', '0.00', '30.00'],
  ] as const) {
    const enquiry = await apiCall(page, 'POST', 'reports/gl-account-enquiry/run', { Parameters: { AccountId: account, StartDate: DATE, EndDate: DATE } });
    const entries = (enquiry.body['List'] as { DocumentNo: string; Debit: string; Credit: string; Source: string }[]).filter((entry) => entry.DocumentNo === receiptNo);
    expect(entries.map((entry) => [entry.Source, entry.Debit, entry.Credit]), account).toEqual([['IC', debit, credit]]);
  }
});
