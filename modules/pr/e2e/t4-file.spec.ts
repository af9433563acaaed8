/**
 * The T4 slips screen downloads the demo year's T4 return as CRA XML (issue 45 items 1 and 6): run the report,
 * then its "Download T4 XML file" button, reached by keyboard; the file is the original return (O) with the
 * demo employees' slips and the summary (its schema and rules are checked by modules/pr/test/t4-file.test.ts).
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn } from '../../../tests/e2e/helpers.ts';
import { openScreen } from '../../../tests/e2e/shell-helpers.ts';

test('the T4 slips screen downloads the T4 XML file of the demo year', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', 'admin', '#/');
  const screen = await openScreen(page, '/novus-pr/t4-slips', /T4 Slips/, 30_000);
  await screen.getByRole('button', { name: 'Run report' }).click();
  const button = screen.getByRole('button', { name: 'Download T4 XML file' });
  await expect(button).toBeEnabled({ timeout: 30_000 });
  await button.focus();
  const downloaded = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^T4-\d{4}-T4\d{6}\.xml$/);
  const xml = await readFile((await download.path())!, 'utf8');
  expect(xml).toContain('<Submission');
  expect(xml).toContain(`<tx_yr>${new Date().getUTCFullYear()}</tx_yr>`);
  expect(xml.match(/<T4Slip>/g)?.length).toBe(30);
  expect(xml).toContain('<bn>123456782RP0001</bn>');
});
