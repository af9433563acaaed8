/**
 * Product maintenance end to end in Chromium (issue 15 item 2, SCREENS.md IC-07): an assembly created on the
 * document screen with two BoM components picked with the product lookup, saved and reopened from the list;
 * a self-component refused with the §5 text "A BoM component cannot equal the product."; the same screen
 * under Order Entry and Purchase Order (`/novus-oe/product-maintenance`, `/novus-po/product-maintenance`) and
 * product classes under Order Entry; the product form (sections, BoM grid, attachments) and the prices tab have
 * no serious or critical axe violation (axe-core from node_modules; those pages bypass CSP, as axe.spec.ts).
 * Codes of this file: E2E-H15A-*.
 */
import { createRequire } from 'node:module';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from '../../../tests/e2e/helpers.ts';
import { openScreen, settled } from '../../../tests/e2e/shell-helpers.ts';

const PRODUCT = 'E2E-H15A-ASSY';

async function pickProduct(form: Locator, line: number, productId: string): Promise<void> {
  const cell = form.getByRole('combobox', { name: `Component — Line ${line}` });
  await cell.fill(productId);
  await expect(form.getByRole('option', { name: new RegExp(`^${productId} `) })).toBeVisible();
  await cell.press('Enter');
  await expect(cell).toHaveValue(productId);
}

test('an assembly with two BoM components: saved, reopened; a self-component refused', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const screen = await openScreen(page, '/novus-ic/product-maintenance', /Product maintenance/);
  await expect(screen.getByRole('gridcell', { name: 'AL5052-063-48X144', exact: true })).toBeVisible();
  await screen.getByRole('button', { name: 'New', exact: true }).click();
  const form = screen.locator('.erp-document');
  await form.getByRole('textbox', { name: 'Product', exact: true }).fill(PRODUCT);
  await form.getByRole('textbox', { name: 'Description', exact: true }).fill('E2E panel assembly');
  await form.getByRole('textbox', { name: 'Class', exact: true }).fill('ELECTRICAL');
  await form.getByRole('combobox', { name: 'Kit or assembly', exact: true }).selectOption('Assembly');
  await pickProduct(form, 1, 'EL-BKR-15A-1P');
  await form.getByRole('textbox', { name: 'Quantity — Line 1' }).fill('4');
  await form.getByRole('button', { name: 'Add line', exact: true }).click();
  await pickProduct(form, 2, 'EL-BOX-4SQ');
  await form.getByRole('textbox', { name: 'Quantity — Line 2' }).fill('1.5');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('status')).toHaveText('Saved.');

  // Back to the list, find it, reopen it: the BoM is as saved.
  await form.getByRole('button', { name: 'Back to the list' }).click();
  await screen.getByRole('searchbox').fill(PRODUCT);
  await screen.getByRole('searchbox').press('Enter');
  const row = screen.getByRole('gridcell', { name: PRODUCT, exact: true });
  await row.dblclick();
  const reopened = screen.locator('.erp-document');
  await expect(reopened.getByRole('combobox', { name: 'Component — Line 1' })).toHaveValue('EL-BKR-15A-1P');
  await expect(reopened.getByRole('textbox', { name: 'Quantity — Line 1' })).toHaveValue(/^4(\.0+)?$/);
  await expect(reopened.getByRole('combobox', { name: 'Component — Line 2' })).toHaveValue('EL-BOX-4SQ');
  await expect(reopened.getByRole('textbox', { name: 'Quantity — Line 2' })).toHaveValue(/^1\.50*$/);

  // §5: the product itself as a component is refused with the spec's text.
  await reopened.getByRole('button', { name: 'Add line', exact: true }).click();
  await pickProduct(reopened, 3, PRODUCT);
  await reopened.getByRole('textbox', { name: 'Quantity — Line 3' }).fill('1');
  await reopened.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(reopened.getByText('A BoM component cannot equal the product.').first()).toBeVisible();
  // The saved product takes attachments on the same form.
  await expect(reopened.getByRole('group', { name: 'Attachments' })).toBeVisible();
});

test('an existing barcode asks for confirmation; Yes saves the product', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const screen = await openScreen(page, '/novus-ic/product-maintenance', /Product maintenance/);
  await screen.getByRole('button', { name: 'New', exact: true }).click();
  const form = screen.locator('.erp-document');
  await form.getByRole('textbox', { name: 'Product', exact: true }).fill('E2E-H15A-WIRE');
  await form.getByRole('textbox', { name: 'Description', exact: true }).fill('E2E relabelled wire');
  await form.getByRole('textbox', { name: 'Class', exact: true }).fill('WIRE');
  await form.getByRole('textbox', { name: 'Unit of measure', exact: true }).fill('M');
  // The barcode of the demo's WIRE-T90-14-BLK.
  await form.getByRole('textbox', { name: 'Barcode', exact: true }).fill('062578140014');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  const question = page.locator('erp-dialog[data-dialog="question"]');
  await expect(question.getByText('Barcode 062578140014 already exists on product WIRE-T90-14-BLK. Save anyway?')).toBeVisible();
  await question.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(form.getByRole('status')).toHaveText('Saved.');
});

test('the prices tab of product maintenance lists a product price tables', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const screen = await openScreen(page, '/novus-ic/product-maintenance', /Product maintenance/);
  await screen.getByRole('tab', { name: 'Prices' }).click();
  const prices = screen.getByRole('tabpanel', { name: 'Prices' });
  await prices.getByRole('searchbox').fill('HRS-10GA-48X96');
  await prices.getByRole('searchbox').press('Enter');
  await expect(prices.getByRole('row', { name: /HRS-10GA-48X96 LIST/ })).toContainText('107.62');
  await expect(prices.getByRole('row', { name: /HRS-10GA-48X96 MILL/ })).toBeVisible();
  // The keyboard moves between the tabs; the prices tab keeps its search while Products is shown.
  await screen.getByRole('tab', { name: 'Prices' }).focus();
  await page.keyboard.press('Home');
  await expect(screen.getByRole('tab', { name: 'Products' })).toBeFocused();
  await expect(screen.getByRole('tabpanel', { name: 'Products' })).toBeVisible();
  await expect(prices).toBeHidden();
  await page.keyboard.press('End');
  await expect(screen.getByRole('tab', { name: 'Prices' })).toHaveAttribute('aria-selected', 'true');
  await expect(prices.getByRole('searchbox')).toHaveValue('HRS-10GA-48X96');
});

test('product maintenance opens the same screen under Order Entry and Purchase Order; product classes under OE', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  for (const path of ['/novus-oe/product-maintenance', '/novus-po/product-maintenance']) {
    const screen = await openScreen(page, path, /Product maintenance/);
    await screen.getByRole('searchbox').fill('KIT-PANEL');
    await screen.getByRole('searchbox').press('Enter');
    await expect(screen.getByRole('gridcell', { name: 'KIT-PANEL-100A', exact: true })).toBeVisible();
    await expect(screen.getByText('This screen is not available in this release.')).toHaveCount(0);
  }
  const classes = await openScreen(page, '/novus-oe/product-class', /Product classes/);
  await expect(classes.getByRole('gridcell', { name: 'SHEET', exact: true })).toBeVisible();
});

test.describe('accessibility', () => {
  test.use({ bypassCSP: true });
  const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

  async function seriousViolations(page: Page): Promise<string[]> {
    await settled(page);
    if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
    const violations = await page.evaluate(async () => {
      type Violation = { id: string; impact: string | null; nodes: { target: unknown[] }[] };
      const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> } }).axe;
      return (await axe.run(document, { resultTypes: ['violations'] })).violations;
    });
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .flatMap((violation) => violation.nodes.map((node) => `${violation.impact} ${violation.id}: ${JSON.stringify(node.target)}`));
  }

  test('the product form with its BoM and attachments, and the prices tab, have no serious or critical violation', async ({ page }) => {
    await signIn(page, 'admin', 'admin', '#/');
    const screen = await openScreen(page, '/novus-ic/product-maintenance', /Product maintenance/);
    await screen.getByRole('searchbox').fill('KIT-PANEL');
    await screen.getByRole('searchbox').press('Enter');
    await screen.getByRole('gridcell', { name: 'KIT-PANEL-100A', exact: true }).dblclick();
    await expect(screen.getByRole('combobox', { name: 'Component — Line 1' })).toHaveValue('EL-PANEL-100A-24');
    expect(await seriousViolations(page), 'product form').toEqual([]);
    await screen.getByRole('tab', { name: 'Prices' }).click();
    await expect(screen.getByRole('tabpanel', { name: 'Prices' }).getByRole('grid')).toBeVisible();
    expect(await seriousViolations(page), 'prices').toEqual([]);
  });
});
