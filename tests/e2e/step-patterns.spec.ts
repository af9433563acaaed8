/**
 * Issue 40 item 8, one pattern per kind of step, on the purchase order (a document of the generic screen):
 * - a new, unsaved order offers Discard (back to the list, nothing saved), not its "Cancel order";
 * - its lines show without scrolling at 1440×900 (the totals follow the lines; a screenshot is kept);
 * - a banner belongs to the action that raised it: the "Saved." of a save is gone once the order is opened again;
 * - an irreversible action asks the one confirmation (Cancel order, once saved), answered No here.
 * The queues' pattern (nothing ticked, Select all with the count, Run disabled) is checked on the GL's
 * post-drafts queue in modules/gl/e2e/reports.spec.ts; the server's refusal of a run without items in
 * modules/gl/test/processes.test.ts.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';
import { goTo, questionDialog, screenOf, settled } from './shell-helpers.ts';

const PATH = '/novus-po/purchase-order-entry';

test('purchase order: Discard on a new order, lines above the fold, a banner only for its own action, one confirmation', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin', 'admin');
  await settled(page);
  await goTo(page, `#${PATH}`);
  const screen = screenOf(page, PATH);
  const list = screen.locator('.records-list[data-entity="purchase-order"]');
  await expect(list).toBeVisible();
  await expect.poll(() => list.evaluate((element) => element.contains(document.activeElement))).toBe(true);

  // A new order: Save and Discard, no "Cancel order".
  await page.keyboard.press('Alt+N');
  const form = screen.locator('.erp-document[data-entity="purchase-order"]');
  await expect(form).toBeVisible();
  await expect(form.locator('.erp-form-actions [data-action="discard"]')).toBeVisible();
  await expect(form.locator('.erp-form-actions [data-action="cancel"]')).toHaveCount(0);

  // The first line's cells are inside the window without scrolling.
  const firstLine = form.locator('tr[data-row="0"]');
  await expect(firstLine).toBeVisible();
  expect(await page.evaluate(() => window.scrollY + (document.scrollingElement?.scrollTop ?? 0))).toBe(0);
  const box = (await firstLine.boundingBox())!;
  await page.screenshot({ path: test.info().outputPath('purchase-order-1440x900.png') });
  expect(box.y + box.height, 'the first line ends inside the 900 px window').toBeLessThanOrEqual(900);

  // Discard: back to the list, nothing asked, nothing saved.
  await form.getByRole('textbox', { name: 'Vendor', exact: true }).fill('V100');
  await form.locator('[data-action="discard"]').click();
  await expect(form).toHaveCount(0);
  await expect(questionDialog(page).getByRole('dialog')).toBeHidden();
  await expect(list).toBeVisible();

  // Saved: "Saved." belongs to that save; the order opened again shows no banner.
  await page.keyboard.press('Alt+N');
  await expect(form).toBeVisible();
  await form.getByRole('textbox', { name: 'Vendor', exact: true }).fill('V100');
  await form.getByRole('textbox', { name: 'Ship to', exact: true }).fill('TOR-01');
  const saved = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/data/purchase-order');
  await page.keyboard.press('Control+s');
  const answer = await saved;
  expect(answer.status(), await answer.text()).toBe(201);
  await expect(form.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  // Saved, the order offers its actions: Cancel order asks the one confirmation (No).
  await form.locator('.erp-form-actions [data-action="cancel"]').click();
  await expect(questionDialog(page).getByRole('dialog')).toBeVisible();
  await questionDialog(page).getByRole('button', { name: 'No', exact: true }).click();
  await expect(questionDialog(page).getByRole('dialog')).toBeHidden();
  await expect(form.locator('[data-document-state]')).toHaveText('Open');
  const number = ((await form.locator('.erp-form-record').textContent()) ?? '').trim();
  await form.locator('.erp-form-back').click();
  await expect(form).toHaveCount(0);
  await list.getByRole('gridcell', { name: number, exact: true }).dblclick();
  await expect(form.locator('.erp-form-record')).toHaveText(number);
  await expect(form.locator('[data-document-state]')).toHaveText('Open');
  await expect(form.getByText('Saved.', { exact: true })).toHaveCount(0);
  // A new save says so; typing after it, the success is no longer this form's news.
  await form.getByRole('textbox', { name: 'Notes', exact: true }).fill('E2E banner');
  await page.keyboard.press('Control+s');
  await expect(form.getByText('Saved.', { exact: true })).toBeVisible();
  await form.getByRole('textbox', { name: 'Notes', exact: true }).fill('E2E banner 2');
  await expect(form.getByText('Saved.', { exact: true })).toHaveCount(0);
});
