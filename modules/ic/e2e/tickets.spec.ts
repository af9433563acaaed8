/**
 * Inventory tickets end to end in Chromium (issue 15 item 5, SCREENS.md IC-10, WP3 acceptance 3 and 4): a
 * receipt typed on the document screen with a lot-tracked product and its lot numbers in the line's lot grid
 * (the generic lineChildren editor), refused while the lots do not add up (§5 text), saved once they do;
 * Commit → every field read-only, no Save and no Delete; Close → Closed, and Stock Status shows the new
 * quantity on hand. The demo data has no stock in CGY-01: this file's receipt is the only one there.
 */
import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';
import { signIn } from '../../../tests/e2e/helpers.ts';
import { answerYes, openScreen, settled } from '../../../tests/e2e/shell-helpers.ts';

// axe is added as a script: these pages bypass the shell's CSP (csp.spec.ts checks the CSP itself).
test.use({ bypassCSP: true });
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const PRODUCT = 'HRS-12GA-48X96';
const WAREHOUSE = 'CGY-01';

test("a ticket's lifecycle: lots, commit → read-only, close → stock status", async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const screen = await openScreen(page, '/novus-ic/inventory-ticket', /Inventory Tickets/);
  await screen.getByRole('button', { name: 'New', exact: true }).click();
  const form = screen.locator('.erp-document');
  await expect(form.locator('[data-document-state]')).toHaveText('Pending');
  await form.getByRole('textbox', { name: 'Date', exact: true }).fill('2026-11-20');
  await form.getByRole('textbox', { name: 'Warehouse', exact: true }).fill(WAREHOUSE);
  await form.getByRole('combobox', { name: 'Type', exact: true }).selectOption('Receipt');
  await form.getByRole('combobox', { name: 'Sub type', exact: true }).selectOption('Purchase');

  const product = form.getByRole('combobox', { name: 'Product — Line 1' });
  await product.fill(PRODUCT);
  await expect(form.getByRole('option', { name: new RegExp(`^${PRODUCT} `) })).toBeVisible();
  await product.press('Enter');
  await expect(product).toHaveValue(PRODUCT);
  await form.getByRole('textbox', { name: 'Quantity — Line 1' }).fill('10');
  await form.getByRole('textbox', { name: 'Cost — Line 1' }).fill('5');

  // The line's lot numbers: two lots that add up to 9 of 10 first.
  const lots = form.getByRole('region', { name: 'Lot numbers — Line 1' });
  await lots.getByRole('button', { name: 'Add Lot numbers' }).click();
  await lots.getByRole('textbox', { name: 'Lot number — Row 1' }).fill('E2E-H15C-1');
  await lots.getByRole('textbox', { name: 'Lot quantity — Row 1' }).fill('4');
  await lots.getByRole('button', { name: 'Add Lot numbers' }).click();
  await lots.getByRole('textbox', { name: 'Lot number — Row 2' }).fill('E2E-H15C-2');
  await lots.getByRole('textbox', { name: 'Lot quantity — Row 2' }).fill('5');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('alert').first()).toHaveText('For lot-tracked products, lot quantities must add up to the line quantity.');
  await expect(form.locator('[data-document-state]')).toHaveText('Pending');

  await lots.getByRole('textbox', { name: 'Lot quantity — Row 2' }).fill('6');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByText('Saved.', { exact: true })).toBeVisible();
  await expect(form.locator('.erp-form-record')).toHaveText(/^IT\d{6}$/);

  // Commit: allocated, and the whole ticket is read-only (no Save, no Delete, inputs read-only).
  await form.getByRole('button', { name: 'Commit', exact: true }).click();
  await answerYes(page);
  await expect(form.locator('[data-document-state]')).toHaveText('Committed');
  await expect(form.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await expect(form.getByRole('textbox', { name: 'Quantity — Line 1' })).toHaveAttribute('readonly', '');
  await expect(form.getByRole('textbox', { name: 'Date', exact: true })).toHaveAttribute('readonly', '');
  await expect(lots.getByRole('textbox', { name: 'Lot quantity — Row 2' })).toHaveAttribute('readonly', '');
  await expect(lots.getByRole('button', { name: 'Add Lot numbers' })).toHaveCount(0);

  // Close: the stock moves.
  await form.getByRole('button', { name: 'Close', exact: true }).click();
  await answerYes(page);
  await expect(form.locator('[data-document-state]')).toHaveText('Closed');

  const status = await openScreen(page, '/novus-ic/Stock-Status', /Stock Status/);
  await status.getByLabel('Warehouse', { exact: true }).fill(WAREHOUSE);
  await status.getByRole('button', { name: 'Run report' }).click();
  const grid = status.getByRole('region', { name: 'Report results' });
  const row = grid.getByRole('row', { name: new RegExp(`^${PRODUCT} `) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: '10.0000', exact: true }).first()).toBeVisible();
  await expect(row.getByRole('cell', { name: '50.00', exact: true })).toBeVisible();
});

test('the ticket form with its lot grid has no serious or critical accessibility violation', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const screen = await openScreen(page, '/novus-ic/inventory-ticket', /Inventory Tickets/);
  await screen.getByRole('button', { name: 'New', exact: true }).click();
  const form = screen.locator('.erp-document');
  await form.getByRole('combobox', { name: 'Product — Line 1' }).fill(PRODUCT);
  const lots = form.getByRole('region', { name: 'Lot numbers — Line 1' });
  await lots.getByRole('button', { name: 'Add Lot numbers' }).click();
  await lots.getByRole('textbox', { name: 'Lot number — Row 1' }).fill('AXE-1');
  await settled(page);
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run(document.querySelector('.erp-document'), { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  });
  expect(violations).toEqual([]);
});

test('the lot grid is offered only on a lot-tracked product\'s line (lineChildren onlyWhen, issue 21 item 5)', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const screen = await openScreen(page, '/novus-ic/inventory-ticket', /Inventory Tickets/);
  await screen.getByRole('button', { name: 'New', exact: true }).click();
  const form = screen.locator('.erp-document');
  const lots = form.getByRole('region', { name: 'Lot numbers — Line 1' });
  const product = form.getByRole('combobox', { name: 'Product — Line 1' });
  // No product yet, then a product without lot tracking: no lot grid.
  await expect(product).toBeVisible();
  await expect(lots).toHaveCount(0);
  const answered = (value: string) =>
    page.waitForResponse((response) => new URL(response.url()).pathname === '/api/lookup/product' && new URL(response.url()).searchParams.get('Search') === value && new URL(response.url()).searchParams.get('Field') === 'Lines.ProductId');
  const plain = answered('BAR-FL-A36-250X2');
  await product.fill('BAR-FL-A36-250X2');
  expect((await plain).ok()).toBe(true);
  await expect(lots).toHaveCount(0);
  // The lot-tracked product: the grid appears; back to the plain product, it goes.
  await product.fill(PRODUCT);
  await expect(lots.getByRole('button', { name: 'Add Lot numbers' })).toBeVisible();
  await product.fill('BAR-FL-A36-250X2');
  await expect(lots).toHaveCount(0);
});
