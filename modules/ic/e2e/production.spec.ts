/**
 * Production work orders and the inventory year end in Chromium (issue 15 items 6 and 7, SCREENS.md IC-11 and
 * IC-19, WP3 acceptance 5): a committed work order with nothing produced is closed without a reason — refused
 * with the §4 text shown in the document screen — then with a reason, and shows Closed and read-only; the
 * inventory year end previews a past stock year and runs it through the shell's confirmation; the bill of
 * materials report shows a demo assembly's components and downloads as PDF. The products,
 * classes and codes are this test's own (E2E-WO-*); the stock year is 2019, which no other test uses.
 */
import { expect, test } from '@playwright/test';
import { apiCall, signIn } from '../../../tests/e2e/helpers.ts';
import { goTo, questionDialog, screenOf } from '../../../tests/e2e/shell-helpers.ts';

test('a work order is closed with remaining ≠ 0 only with a closing reason', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  for (const [ClassId, Description] of [['E2EWOC', 'E2E work order components'], ['E2EWOA', 'E2E work order assemblies']]) {
    const created = await apiCall(page, 'POST', 'data/product-class', { ClassId, Description });
    expect([201, 400]).toContain(created.status);
  }
  const product = (ProductId: string, ClassId: string, extra: Record<string, unknown> = {}) =>
    apiCall(page, 'POST', 'data/product', { ProductId, Description: `${ProductId} e2e`, ClassId, UnitOfMeasure: 'EA', KitType: 'None', TrackInventory: true, ...extra });
  expect((await product('E2E-WO-PART', 'E2EWOC')).status).toBe(201);
  const assembly = await product('E2E-WO-ASSY', 'E2EWOA', { KitType: 'Assembly', Manufactured: true, Components: [{ ComponentId: 'E2E-WO-PART', Factor: '1.0000', Quantity: '3.0000' }] });
  expect(assembly.status, JSON.stringify(assembly.body)).toBe(201);
  const order = await apiCall(page, 'POST', 'data/production-work-order', { ProductId: 'E2E-WO-ASSY', WarehouseId: 'TOR-01', QuantityToProduce: '5.0000', DateRequired: '2026-11-30', Notes: 'E2E work order' });
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  const committed = await apiCall(page, 'POST', `data/production-work-order/${order.body.Data.WorkOrderId}/actions/commit`, { Version: order.body.Data.Version });
  expect(committed.status).toBe(200);
  const workOrderNo = String(order.body.Data.WorkOrderNo);

  await goTo(page, '#/novus-ic/production-work-order');
  const screen = screenOf(page, '/novus-ic/production-work-order');
  await expect(screen.getByRole('heading', { name: /Production work orders/ }).first()).toBeVisible();
  await screen.getByRole('gridcell', { name: workOrderNo, exact: true }).dblclick();
  const form = screen.locator('.erp-document');
  await expect(form.locator('[data-document-state]')).toHaveText('Committed');
  // The bill of materials was copied from the product: 3 parts per assembly, 15 for the order.
  await expect(form.getByRole('cell', { name: 'Quantity — Line 1' })).toHaveText('15.0000');

  // No reason, 5 remaining: refused with the §4 text.
  // Reversible (Re-Open): asks nothing (issue 40 item 8).
  await form.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(form.getByRole('alert')).toHaveText('A closing reason is required when the remaining quantity is not 0.');
  await expect(form.locator('[data-document-state]')).toHaveText('Committed');

  // With a reason (saved with the action): closed, and read-only.
  await form.getByRole('textbox', { name: 'Closing reason', exact: true }).fill('Cancelled by the customer');
  // Reversible (Re-Open): asks nothing (issue 40 item 8).
  await form.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(form.getByRole('status').filter({ hasText: `Work order ${workOrderNo} closed.` })).toBeVisible();
  await expect(form.locator('[data-document-state]')).toHaveText('Closed');
  await expect(form.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Re-Open', exact: true })).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Closing reason', exact: true })).toHaveValue('Cancelled by the customer');
});

test('the inventory year end previews a stock year and closes it', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  await goTo(page, '#/novus-ic/inventory-year-end');
  const screen = screenOf(page, '/novus-ic/inventory-year-end');
  await expect(screen.getByRole('heading', { name: 'Inventory year end' })).toBeVisible();
  await screen.getByLabel('Fiscal year').fill('2019');
  await screen.getByRole('button', { name: 'Preview' }).click();
  const preview = screen.getByRole('region', { name: 'Items to process' });
  await preview.getByRole('checkbox', { name: 'Select 2019' }).check();
  await expect(preview.getByRole('cell', { name: 'Open', exact: true })).toBeVisible();
  await preview.getByRole('button', { name: 'Run' }).click();
  await questionDialog(page).getByRole('button', { name: 'Run' }).click();
  const results = screen.getByRole('region', { name: 'Results' });
  await expect(results.getByRole('cell', { name: 'Success' })).toBeVisible();
  await expect(results.getByText(/^Stock year 2019 closed: \d+ balances kept\.$/)).toBeVisible();

  // Closed now: the preview says so.
  await results.getByRole('button', { name: 'Start again' }).click();
  await screen.getByRole('button', { name: 'Preview' }).click();
  await expect(preview.getByRole('cell', { name: 'Closed', exact: true })).toBeVisible();
});

test('the bill of materials report lists an assembly with its components, and downloads as PDF', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  await goTo(page, '#/novus-ic/bill-of-materials-report');
  const screen = screenOf(page, '/novus-ic/bill-of-materials-report');
  await expect(screen.getByRole('heading', { name: 'Bill of materials report' })).toBeVisible();
  await screen.getByLabel('Product', { exact: true }).fill('ASSY-BRACKET-A');
  await screen.getByRole('button', { name: 'Run report' }).click();
  const grid = screen.getByRole('region', { name: 'Report results' });
  await expect(grid.getByRole('cell', { name: 'ANGLE-A36-2X2X250', exact: true })).toBeVisible();
  await expect(grid.getByRole('cell', { name: 'BAR-FL-A36-250X2', exact: true })).toBeVisible();
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/reports/ic-bill-of-materials/pdf'));
  await screen.getByRole('button', { name: 'Download PDF' }).click();
  const response = await answered;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
});
