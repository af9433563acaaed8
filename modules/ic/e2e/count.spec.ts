/**
 * The physical count cycle on one warehouse end to end in Chromium (issue 23 item 4; SCREENS.md WP4 acceptance
 * 4–6): the demo's MTL-01 is frozen again (the re-freeze question answered Yes), `/shell/warehouse` shows it
 * Frozen; a count is entered by product and another by a posted tag; the products not counted report lists the
 * rest; the upgrade asks to set them to 0; the discrepancy report shows the variances; posting writes them to
 * the stock ledger and returns the warehouse to Clear.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiCall, signIn } from '../../../tests/e2e/helpers.ts';
import { answerYes, openScreen } from '../../../tests/e2e/shell-helpers.ts';

const WH = 'MTL-01';

/** The position of a list column by its heading (the list's columns follow the definition). */
async function columnIndex(screen: Locator, heading: string): Promise<number> {
  const names = await screen.getByRole('columnheader').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('aria-label')));
  return names.indexOf(heading);
}

/** Previews a count process for MTL-01, runs it and answers the questions with `answers` in turn. */
async function runProcess(page: Page, path: string, title: RegExp, answers: string[] = []): Promise<Locator> {
  // The first screen of the run loads the inventory module: a longer first wait.
  const screen = await openScreen(page, path, title, 30_000);
  await screen.getByRole('textbox', { name: 'Warehouse', exact: true }).fill(WH);
  await screen.getByRole('button', { name: 'Preview' }).click();
  const preview = screen.getByRole('region', { name: 'Items to process' });
  await expect(preview.getByRole('row', { name: new RegExp(WH) })).toBeVisible();
  await preview.getByRole('row', { name: new RegExp(WH) }).getByRole('checkbox').check();
  await preview.getByRole('button', { name: 'Run' }).click();
  const question = page.locator('erp-dialog[data-dialog="question"]');
  await question.getByRole('button', { name: 'Run' }).click();
  for (const answer of answers) await question.getByRole('button', { name: answer, exact: true }).click();
  const results = screen.getByRole('region', { name: 'Results' });
  await expect(results.getByRole('row', { name: new RegExp(WH) }).getByRole('cell', { name: 'Success' })).toBeVisible();
  return results;
}

test('freeze, count by product and by tag, upgrade with the uncounted set to 0, post: the warehouse is Clear again', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', 'admin', '#/');

  // PC-01: MTL-01 is the demo's count in progress: freezing it again asks first.
  const frozen = await runProcess(page, '/novus-ic/count-freeze', /Count Freeze/, ['Yes']);
  await expect(frozen).toContainText(/Frozen: count CNT\d+ of MTL-01/);
  const warehouses = await openScreen(page, '/shell/warehouse', /Warehouses/);
  await expect(warehouses.getByRole('row', { name: /MTL-01/ })).toContainText('Frozen');

  // PC-04: a count by product, typed in the list (the entry view): a negative count is refused in the cell
  // and Escape puts the saved value back; Enter saves and the line's total follows.
  const input = await openScreen(page, '/novus-ic/count-input-by-product', /Count Input by Product/);
  const lines = await apiCall(page, 'GET', `data/count-line?filter.WarehouseId=${WH}&filter.IsOpen=true&SortFields=ProductId,LotNo&PageSize=1000`);
  const plain = (lines.body.List as { ProductId: string; LotNo: string | null; FrozenQty: string }[]).filter((l) => !l.LotNo);
  const [first, second] = plain;
  await input.getByRole('searchbox').fill(first!.ProductId);
  await input.getByRole('searchbox').press('Enter');
  const counted = input.getByRole('textbox', { name: `Quantity counted — ${first!.ProductId}`, exact: true }).first();
  await counted.fill('-1');
  await counted.press('Enter');
  await expect(input.getByRole('alert').filter({ hasText: 'The quantity counted cannot be negative.' })).toBeVisible();
  await expect(counted).toHaveAttribute('aria-invalid', 'true');
  await counted.press('Escape');
  await expect(counted).not.toHaveAttribute('aria-invalid', 'true');
  await counted.fill('1');
  await counted.press('Enter');
  const row = input.getByRole('row').filter({ has: page.getByRole('textbox', { name: `Quantity counted — ${first!.ProductId}`, exact: true }) }).first();
  await expect(row.getByRole('gridcell').nth(await columnIndex(input, 'Total counted'))).toHaveText('1.0000');

  // PC-05: a tag for the second product, then posted.
  const tags = await openScreen(page, '/novus-ic/count-by-tag', /Count by Tag/);
  await tags.getByRole('button', { name: 'New', exact: true }).click();
  const form = tags.locator('.erp-document');
  await form.getByRole('textbox', { name: 'Tag no.', exact: true }).fill('E2E-T1');
  await form.getByRole('textbox', { name: 'Warehouse', exact: true }).fill(WH);
  await form.getByRole('textbox', { name: 'Product', exact: true }).fill(second!.ProductId);
  await form.getByRole('textbox', { name: 'Quantity', exact: true }).fill('2');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByText('Saved.', { exact: true })).toBeVisible();
  await form.getByRole('button', { name: 'Post tag' }).click();
  // Posting is irreversible: asked first (issue 40 item 8).
  await answerYes(page);
  await expect(form.getByText(/State: Posted/)).toBeVisible();

  // PC-07: what is left to count.
  const notCounted = await openScreen(page, '/novus-ic/products-not-counted-report', /Products Not Counted Report/);
  await notCounted.getByRole('textbox', { name: 'Warehouse', exact: true }).fill(WH);
  await notCounted.getByRole('button', { name: 'Run report' }).click();
  const gaps = notCounted.getByRole('region', { name: 'Report results' });
  await expect(gaps.getByRole('cell', { name: plain[2]!.ProductId, exact: true })).toBeVisible();
  await expect(gaps.getByRole('cell', { name: first!.ProductId, exact: true })).toHaveCount(0);

  // PC-08: the uncounted lines are asked about, then set to 0.
  const upgraded = await runProcess(page, '/novus-ic/upgrade-count-stage', /Upgrade Warehouse Count Stage/, ['Yes']);
  await expect(upgraded).toContainText(/Counted: count CNT\d+ of MTL-01/);

  // PC-10: the variance of the product counted by hand: 1 − book.
  const discrepancy = await openScreen(page, '/novus-ic/count-discrepancy', /Count Discrepancy Report/);
  await discrepancy.getByRole('textbox', { name: 'Warehouse', exact: true }).fill(WH);
  await discrepancy.getByRole('button', { name: 'Run report' }).click();
  const variances = discrepancy.getByRole('region', { name: 'Report results' });
  await expect(variances.getByRole('row', { name: new RegExp(first!.ProductId) }).first()).toBeVisible();
  const report = await apiCall(page, 'POST', 'reports/ic-count-discrepancy/run', { Parameters: { WarehouseId: WH, Show: 'variances' } });
  const reported = (report.body.List as { VarianceValue: string }[]).reduce((sum, row) => sum + Math.round(Number(row.VarianceValue) * 100), 0);

  // PC-09: posted; the stock ledger holds the same value; the warehouse is Clear.
  const posted = await runProcess(page, '/novus-ic/post-count-to-inventory', /Post Count to Inventory/);
  await expect(posted).toContainText(/Posted: count CNT\d+ of MTL-01/);
  await expect(posted).toContainText('The warehouse is Clear.');
  const inquiry = await apiCall(page, 'GET', `data/warehouse/${WH}`);
  expect(inquiry.body.Data.CountStage).toBe('Clear');
  const message = await posted.getByRole('row', { name: new RegExp(WH) }).textContent();
  expect(message).toContain(`value ${(reported / 100).toFixed(2)}`);
});
