/**
 * Coils, heat numbers and the portal's product master end to end in Chromium (issue 15 items 3 and 8,
 * SCREENS.md IC-08, IC-09, WP3 acceptance 2):
 * - a coil of weight 0 is refused with §5 "Coil weight must be at least 1." and an unknown heat with §8
 *   "Heat number … cannot be found."; with a weight of 1 or more and a real heat it saves as Available;
 * - the heat-number screen shows a seeded heat's chemistry (elements, percentages, the exact total), its
 *   mechanical properties and its mill test report attachment;
 * - a portal customer's catalogue shows a product of the master (a catalogue coil) with its LIST price.
 * Codes of this file: E2E-H15B-*.
 */
import { expect, test } from '@playwright/test';
import { signIn } from '../../../tests/e2e/helpers.ts';
import { goTo, openScreen, screenOf } from '../../../tests/e2e/shell-helpers.ts';

test('a coil of weight 0 is refused with the §5 text, an unknown heat with the §8 text; a valid coil saves', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const screen = await openScreen(page, '/novus-ic/coil', /Coils/);
  await expect(screen.getByRole('gridcell', { name: 'C24-0001', exact: true })).toBeVisible();
  await screen.getByRole('button', { name: 'New', exact: true }).click();
  const form = screen.locator('.erp-document');
  await form.getByRole('textbox', { name: 'Coil number', exact: true }).fill('E2E-H15B-C1');
  await form.getByRole('textbox', { name: 'Product', exact: true }).fill('COIL-HR-10GA-48');
  await form.getByRole('textbox', { name: 'Manufacturer coil number', exact: true }).fill('E2E-MFR-1');
  await form.getByRole('textbox', { name: 'Heat number', exact: true }).fill('A24-61873');
  await form.getByRole('textbox', { name: 'Gauge or thickness', exact: true }).fill('3.42');
  await form.getByRole('textbox', { name: 'Coil weight', exact: true }).fill('0');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByText('Coil weight must be at least 1.').first()).toBeVisible();

  await form.getByRole('textbox', { name: 'Coil weight', exact: true }).fill('5400');
  await form.getByRole('textbox', { name: 'Heat number', exact: true }).fill('E2E-H15B-NOHEAT');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByText('Heat number E2E-H15B-NOHEAT cannot be found.').first()).toBeVisible();

  await form.getByRole('textbox', { name: 'Heat number', exact: true }).fill('A24-61873');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByText('Saved.', { exact: true })).toBeVisible();
  await expect(form.getByText('State: Available')).toBeVisible();
});

test('the heat-number screen shows the chemistry with its exact total, the mechanicals and the mill test report', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const screen = await openScreen(page, '/novus-ic/heat-number', /Heat numbers/);
  await screen.getByRole('searchbox').fill('A24-61873');
  await screen.getByRole('searchbox').press('Enter');
  await screen.getByRole('gridcell', { name: 'A24-61873', exact: true }).dblclick();
  const chemistry = screen.getByRole('group', { name: 'Chemical composition' });
  await expect(chemistry.getByRole('combobox', { name: 'Element 1', exact: true })).toHaveValue('C');
  await expect(chemistry.getByRole('textbox', { name: 'Percent (%) 1', exact: true })).toHaveValue(/^0\.045/);
  await expect(chemistry.getByRole('combobox', { name: 'Element 2', exact: true })).toHaveValue('Mn');
  await expect(screen.getByRole('textbox', { name: 'Chemistry total (%)' })).toHaveValue(/^0\.384/);
  const mechanicals = screen.getByRole('group', { name: 'Mechanical properties' });
  await expect(mechanicals.getByRole('combobox', { name: 'Property 1', exact: true })).toHaveValue('Yield');
  await expect(mechanicals.getByRole('combobox', { name: 'Unit 1', exact: true })).toHaveValue('MPa');
  await screen.getByRole('tab', { name: 'Attachments' }).click();
  await expect(screen.getByText('MTR-A24-61873.pdf')).toBeVisible();
});

test("a portal customer's catalogue shows a product of the master with its price", async ({ page }) => {
  await signIn(page, 'portal', 'portal');
  await expect(page).toHaveURL(/#\/portal\/order$/);
  const order = page.locator('[data-portal-screen="order"]:visible');
  await order.getByRole('searchbox', { name: 'Search products' }).fill('COIL-HR-10GA-48');
  await order.getByRole('button', { name: 'Search', exact: true }).click();
  const row = order.locator('tr[data-sku="COIL-HR-10GA-48"]');
  await expect(row).toContainText('Hot rolled pickled and oiled coil 10 ga x 48 in');
  // Priced by the order desk's pricing service: list 1.18, B100's table 5 % off list (1.121), plus the coil
  // steel surcharge of 0.05 per unit, rounded once: 1.17.
  await expect(row).toContainText('1.17');
});

test('the coil inquiry lists the seeded coils of a heat with their mill, and totals their weight', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  await goTo(page, '#/novus-ic/coil-inquiry');
  const screen = screenOf(page, '/novus-ic/coil-inquiry');
  await screen.getByLabel('Heat number', { exact: true }).fill('A24-61873');
  // In TOR-02, where the IC demo received them (purchasing's demo receipts bring more of this heat to TOR-01).
  await screen.getByLabel('Warehouse', { exact: true }).fill('TOR-02');
  await screen.getByRole('button', { name: 'Run report' }).click();
  const grid = screen.getByRole('region', { name: 'Report results' });
  await expect(grid.getByRole('cell', { name: 'C24-0001', exact: true })).toBeVisible();
  await expect(grid.getByRole('cell', { name: 'C24-0002', exact: true })).toBeVisible();
  await expect(grid.getByRole('cell', { name: 'Algoma Steel, Sault Ste. Marie' }).first()).toBeVisible();
  // 9,910 + 8,800 kg (the e2e coil above adds 5,400 when it ran first).
  await expect(grid.locator('[data-report-row="totals"]')).toContainText(/18,710\.0000|24,110\.0000/);
});
