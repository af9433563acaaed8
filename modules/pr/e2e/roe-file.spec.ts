/**
 * The ROE screen downloads the Record of Employment as ROE Web payroll-extract XML (issue 45 item 3): choose the
 * employee and the reason for issuing it (block 16), run the report, then its "Download ROE XML file" button,
 * reached by keyboard; the file is the layout 2.0 header with the employee's ROE, its reason and its insurable
 * earnings by pay period (layout and rules are checked by modules/pr/test/roe-file.test.ts).
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn } from '../../../tests/e2e/helpers.ts';
import { openScreen } from '../../../tests/e2e/shell-helpers.ts';

test('the ROE screen downloads the ROE XML file of an employee with its reason code', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', 'admin', '#/');
  const screen = await openScreen(page, '/novus-pr/roe', /Record of Employment/, 30_000);
  await screen.getByRole('textbox', { name: 'Employee', exact: true }).fill('E1005');
  await screen.getByRole('combobox', { name: 'Reason for issuing (block 16)' }).selectOption({ label: 'M00 – Dismissal' });
  await screen.getByRole('textbox', { name: 'Comments (block 18)' }).fill('Dismissed for cause');
  await screen.getByRole('button', { name: 'Run report' }).click();
  const grid = screen.getByRole('region', { name: 'Report results' });
  await expect(grid.locator('tbody tr[data-report-row="row"]').first()).toBeVisible({ timeout: 30_000 });
  const periods = await grid.locator('tbody tr[data-report-row="row"]').count();
  const button = screen.getByRole('button', { name: 'Download ROE XML file' });
  await expect(button).toBeEnabled();
  await button.focus();
  const downloaded = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^ROE-E1005-\d{6}\.xml$/);
  const xml = await readFile((await download.path())!, 'utf8');
  expect(xml).toContain('<ROEHEADER FileVersion="W-2.0" ProductName="NOVUS Payroll"><ROE PrintingLanguage="E" Issue="S">');
  expect(xml).toContain('<B3>E1005</B3><B5>123456782RP0001</B5><B6>B</B6>');
  expect(xml).toContain('<B16><CD>M00</CD>');
  expect(xml).toContain('<B18>Dismissed for cause</B18>');
  // One PP per pay period the screen shows with insurable earnings, numbered from the final one.
  expect(xml.match(/<PP nbr="\d+">/g)?.length).toBe(periods);
  expect(xml).toContain('<PP nbr="1">');
});
