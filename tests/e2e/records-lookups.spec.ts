/**
 * Lookups in Chromium (issue 21 items 5 and 11): a lookup is asked for as the field it serves, so it follows
 * the screen's rights — the clerk (Order Entry and Inventory Control only, no warehouse maintenance) looks up
 * warehouses on an inventory ticket and on the Stock Status report — and offers only what the field accepts:
 * no control account among a journal line's suggestions (and one typed is refused as posted through its
 * sub-ledger), a ticket's sub types are those of its type, and the product lookup marks lot-tracked products.
 * The firm lookup widget shows the picked firm's name beside its id, as every lookup does. A code typed in full and
 * Enter take that record, even before the suggestions for the last keystroke come (a fast typist).
 */
import { expect, test, type Page } from '@playwright/test';
import { holdAnswers, signIn } from './helpers.ts';
import { openScreen } from './shell-helpers.ts';

/** The next answer of GET /api/lookup/<entity>: its status and query string. */
function nextLookup(page: Page, entity: string) {
  return page.waitForResponse((response) => new URL(response.url()).pathname === `/api/lookup/${entity}`);
}

test("the clerk's warehouse lookup on an inventory ticket works, as the ticket's field", async ({ page }) => {
  await signIn(page, 'clerk', 'clerk', '#/');
  const screen = await openScreen(page, '/novus-ic/inventory-ticket', /Inventory Tickets/);
  await screen.getByRole('button', { name: 'New', exact: true }).click();
  const form = screen.locator('.erp-document');
  const answer = nextLookup(page, 'warehouse');
  await form.getByRole('textbox', { name: 'Warehouse', exact: true }).fill('TOR');
  const response = await answer;
  expect(response.status()).toBe(200);
  expect(new URL(response.url()).searchParams.get('From')).toBe('inventory-ticket');
  expect(new URL(response.url()).searchParams.get('Field')).toBe('WarehouseId');
  await expect(form.locator('[data-lookup-option="TOR-01"]')).toBeVisible();
  await expect(form.getByText('You do not have sufficient permissions.')).toHaveCount(0);
});

test("the clerk's warehouse parameter of Stock Status is the forms' lookup, with the report's rights", async ({ page }) => {
  await signIn(page, 'clerk', 'clerk', '#/');
  const screen = await openScreen(page, '/novus-ic/Stock-Status', /Stock Status/);
  const answer = nextLookup(page, 'warehouse');
  await screen.getByLabel('Warehouse', { exact: true }).fill('TOR');
  expect((await answer).status()).toBe(200);
  await screen.locator('[data-lookup-option="TOR-01"]').click();
  await expect(screen.getByLabel('Warehouse', { exact: true })).toHaveValue('TOR-01');
});

test('a journal line offers no control account (what Post would refuse)', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const screen = await openScreen(page, '/novus-gl/gl-journal-entry', /GL journal entry/);
  await screen.getByRole('button', { name: 'New', exact: true }).click();
  const form = screen.locator('.erp-document');
  const answer = nextLookup(page, 'gl-account');
  await form.getByRole('combobox', { name: 'Account — Line 1' }).fill('1');
  expect((await answer).status()).toBe(200);
  // 1000 (bank) and 1200 are postable; 1100 Accounts receivable is the A/R control account.
  await expect(form.getByRole('option', { name: /^1000 / })).toBeVisible();
  await expect(form.getByRole('option', { name: /^1200 / })).toBeVisible();
  await expect(form.getByRole('option', { name: /^1100 / })).toHaveCount(0);
});

test('a control account typed on a journal line is refused at save as posted through its sub-ledger (issue 21 item 6)', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const screen = await openScreen(page, '/novus-gl/gl-journal-entry', /GL journal entry/);
  await screen.getByRole('button', { name: 'New', exact: true }).click();
  const form = screen.locator('.erp-document');
  await form.getByRole('textbox', { name: 'Date', exact: true }).fill('2026-11-16');
  await form.getByRole('combobox', { name: 'Account — Line 1' }).fill('1100');
  await form.getByRole('textbox', { name: 'Debit — Line 1' }).fill('5');
  await form.getByRole('button', { name: 'Add line' }).click();
  await form.getByRole('combobox', { name: 'Account — Line 2' }).fill('1000');
  await form.getByRole('textbox', { name: 'Credit — Line 2' }).fill('5');
  const saved = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/data/gl-journal-entry' && response.request().method() === 'POST');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).status()).toBe(400);
  await expect(form.getByRole('alert').first()).toHaveText('Account 1100 is a control account: it is posted through its sub-ledger only.');
  await expect(form.locator('[data-document-state]')).toHaveText('Draft');
});

test("a ticket's sub type list holds the sub types of its type only", async ({ page }) => {
  await signIn(page, 'clerk', 'clerk', '#/');
  const screen = await openScreen(page, '/novus-ic/inventory-ticket', /Inventory Tickets/);
  await screen.getByRole('button', { name: 'New', exact: true }).click();
  const form = screen.locator('.erp-document');
  const subType = form.getByRole('combobox', { name: 'Sub type', exact: true });
  const offered = () => subType.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
  await form.getByRole('combobox', { name: 'Type', exact: true }).selectOption('Receipt');
  await expect.poll(offered).toEqual(['Purchase', 'Return', 'Found', 'Opening']);
  await subType.selectOption('Purchase');
  // Another type: its own sub types, and the one chosen before stays shown until changed (the rule names it).
  await form.getByRole('combobox', { name: 'Type', exact: true }).selectOption('Adjustment');
  await expect.poll(offered).toEqual(['Purchase', 'Count', 'Correction']);
  await subType.selectOption('Count');
  await expect.poll(offered).toEqual(['Count', 'Correction']);
});

test('the product lookup of a ticket line marks lot-tracked products', async ({ page }) => {
  await signIn(page, 'clerk', 'clerk', '#/');
  const screen = await openScreen(page, '/novus-ic/inventory-ticket', /Inventory Tickets/);
  await screen.getByRole('button', { name: 'New', exact: true }).click();
  const form = screen.locator('.erp-document');
  const product = form.getByRole('combobox', { name: 'Product — Line 1' });
  await product.fill('HRS-12GA');
  await expect(form.getByRole('option', { name: /^HRS-12GA-48X96 / })).toContainText('Track lot number');
  await product.fill('BAR-FL-A36-250');
  await expect(form.getByRole('option', { name: /^BAR-FL-A36-250X2 / })).toBeVisible();
  await expect(form.getByRole('option', { name: /^BAR-FL-A36-250X2 / })).not.toContainText('Track lot number');
});

test("the firm lookup widget asks as the field it serves, with the screen's rights (issue 21 item 5)", async ({ page }) => {
  const path = '/novus-oe/firm-maintenance';
  await signIn(page, 'clerk', 'clerk', `#${path}`);
  const screen = await openScreen(page, path, /Firm/);
  await screen.getByRole('button', { name: 'New', exact: true }).click();
  const form = screen.locator('.erp-entity-form');
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/firm/lookup');
  await form.getByRole('textbox', { name: 'Jobber Firm ID', exact: true }).pressSequentially('B10');
  const response = await answer;
  expect(response.status()).toBe(200);
  const query = new URL(response.url()).searchParams;
  expect([query.get('From'), query.get('Field')]).toEqual(['firm', 'JobberFirmId']);
  await expect(form.getByRole('list', { name: 'Matches for Jobber Firm ID' }).getByRole('button', { name: /^B100/ })).toBeVisible();
  // Picked: the firm's name beside its id, and the focus on the next field (issue 21 items 4, 2).
  const jobber = form.getByRole('textbox', { name: 'Jobber Firm ID', exact: true });
  await form.getByRole('list', { name: 'Matches for Jobber Firm ID' }).getByRole('button', { name: /^B100/ }).click();
  await expect(jobber).toHaveValue('B100');
  await expect(form.locator('.erp-lookup').filter({ has: page.getByRole('textbox', { name: 'Jobber Firm ID', exact: true }) }).locator('[data-lookup-name]')).toHaveText('Northshore Metals Ltd.');
  await expect(jobber).not.toBeFocused();
  await expect(form.locator(':focus')).toHaveCount(1);
});

test('Enter on a product code typed in full takes that product, even while the suggestions still answer a shorter text', async ({ page }) => {
  await signIn(page, 'clerk', 'clerk', '#/');
  const screen = await openScreen(page, '/novus-ic/inventory-ticket', /Inventory Tickets/);
  await screen.getByRole('button', { name: 'New', exact: true }).click();
  const form = screen.locator('.erp-document');
  const product = form.getByRole('combobox', { name: 'Product — Line 1' });
  await product.fill('HRS-1');
  // The shorter search lists the 12-gauge sheet, but not first.
  await expect(form.getByRole('option', { name: /^HRS-12GA-48X96 / })).toBeVisible();
  await expect(form.getByRole('option').first()).not.toContainText('HRS-12GA-48X96');
  // A fast typist: the rest of the code and Enter before the search for it answers.
  const suggestions = await holdAnswers(page, '**/api/lookup/product?**');
  await product.press('End');
  await product.pressSequentially('2GA-48X96');
  await product.press('Enter');
  await expect(product).toHaveAttribute('aria-expanded', 'false');
  await expect(product).toHaveValue('HRS-12GA-48X96');
  suggestions.release();
  await page.unrouteAll({ behavior: 'wait' });
  await expect(form.locator('[data-lookup-name]').first()).toContainText('12');
  await expect(product).toHaveValue('HRS-12GA-48X96');
});

test('the name arriving under a typed code moves nothing below it: a click pressed meanwhile is not lost', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  // The warehouse's name is held until the layout after typing has been measured.
  const name = await holdAnswers(page, '**/api/lookup/warehouse?*Key=*');
  const screen = await openScreen(page, '/novus-ic/count-freeze', /Count Freeze/);
  await screen.getByRole('textbox', { name: 'Warehouse', exact: true }).fill('MTL-01');
  await name.asked;
  // The suggestions for the text typed open in the form's flow (not held): measured once they show, so only the
  // name's arrival is between the two measures.
  await expect(screen.getByRole('list', { name: 'Matches for Warehouse' }).getByRole('button', { name: /^MTL-01/ })).toBeVisible();
  const preview = screen.getByRole('button', { name: 'Preview' });
  const before = await preview.boundingBox();
  name.release();
  await expect(screen.locator('[data-lookup-name]')).toHaveText('Montréal warehouse');
  expect(await preview.boundingBox()).toEqual(before);
});

test('a click on a button below open suggestions is not lost: they close once it is released', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const screen = await openScreen(page, '/novus-ic/count-freeze', /Count Freeze/);
  await screen.getByRole('textbox', { name: 'Warehouse', exact: true }).fill('MTL-01');
  await expect(screen.locator('[data-lookup-option="MTL-01"]')).toBeVisible();
  // A person's click: the press moves the focus to Preview (the suggestions lose it), a moment passes, then the release.
  const preview = screen.getByRole('button', { name: 'Preview' });
  const box = (await preview.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await expect(preview).toBeFocused();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.mouse.up();
  await expect(screen.getByRole('region', { name: 'Items to process' })).toBeVisible();
  await expect(screen.locator('[data-lookup-option="MTL-01"]')).toHaveCount(0);
});
