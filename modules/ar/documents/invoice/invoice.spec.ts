/**
 * AR invoice entry and the sales rep master end to end in Chromium (issue 14 items 1 and 2; SCREENS.md AR-03,
 * AR-05): an invoice for B100 typed in the document screen (/novus-ar/ar-sales-order-entry) with its lines, the
 * HST of the Ontario ship-to computed per line by the server and shown after Save, then posted: status
 * Posted, read-only, the server refusing an API edit; and the sales rep master refusing a 21-character id with
 * the §5 text. Dates and codes of this spec only: 2026-11-19, customer PO E2E-H14A, rep id E2E…
 */
import { expect, test } from '@playwright/test';
import { accessToken, signIn } from '../../../../tests/e2e/helpers.ts';
import { answerYes, goTo, openScreen, screenOf } from '../../../../tests/e2e/shell-helpers.ts';

// Each test walks many screens (the last one thirteen routes): more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });
// The first screen of a page loads the accounting micro-app: allow for a busy machine.
const FIRST_SCREEN_TIMEOUT = 20_000;

test('an AR invoice for B100: lines, HST per line, posted and read-only', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const screen = await openScreen(page, '/novus-ar/ar-sales-order-entry', /AR invoices and credit notes/, FIRST_SCREEN_TIMEOUT);
  await screen.getByRole('button', { name: 'New', exact: true }).click();
  const form = screen.locator('.erp-document');
  await expect(form.locator('[data-document-state]')).toHaveText('Draft');
  await form.getByRole('textbox', { name: 'Date', exact: true }).fill('2026-11-19');
  await form.getByRole('textbox', { name: 'Bill to', exact: true }).fill('B100');
  await form.getByRole('textbox', { name: 'Ship to', exact: true }).fill('S101');
  await form.getByRole('textbox', { name: 'Customer PO', exact: true }).fill('E2E-H14A');

  await form.getByRole('button', { name: 'Add line', exact: true }).click();
  await form.getByRole('textbox', { name: 'Description — Line 1' }).fill('Hot-rolled sheet 10 ga');
  await form.getByRole('combobox', { name: 'Revenue account — Line 1' }).fill('4100');
  await form.getByRole('textbox', { name: 'Quantity — Line 1' }).fill('3');
  await form.getByRole('textbox', { name: 'Unit price — Line 1' }).fill('186.50');
  await form.getByRole('button', { name: 'Add line', exact: true }).click();
  await form.getByRole('textbox', { name: 'Description — Line 2' }).fill('LED high-bay fixture');
  await form.getByRole('combobox', { name: 'Revenue account — Line 2' }).fill('4200');
  await form.getByRole('textbox', { name: 'Quantity — Line 2' }).fill('2');
  await form.getByRole('textbox', { name: 'Unit price — Line 2' }).fill('189');
  await form.getByRole('button', { name: 'Save', exact: true }).click();

  // The server's taxes of the Ontario ship-to, per line, and the totals.
  await expect(form.getByRole('cell', { name: 'Taxes applied — Line 1' })).toHaveText('HST 13%');
  await expect(form.getByRole('cell', { name: 'Tax — Line 1' })).toHaveText('72.74');
  await expect(form.getByRole('cell', { name: 'Tax — Line 2' })).toHaveText('49.14');
  await expect(form.getByRole('textbox', { name: 'Tax province', exact: true })).toHaveValue('ON');
  await expect(form.getByRole('textbox', { name: 'Subtotal', exact: true })).toHaveValue('937.50');
  await expect(form.getByRole('textbox', { name: 'Taxes', exact: true })).toHaveValue('121.88');
  await expect(form.getByRole('textbox', { name: 'Total', exact: true })).toHaveValue('1,059.38');
  await expect(form.getByRole('textbox', { name: 'Due date', exact: true })).toHaveValue(/2026-12-19|Dec/);

  await form.getByRole('button', { name: 'Post', exact: true }).click();
  await answerYes(page);
  await expect(form.getByRole('status').filter({ hasText: /Document AR\d+ posted\./ })).toBeVisible();
  await expect(form.locator('[data-document-state]')).toHaveText('Posted');
  await expect(form.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Post', exact: true })).toHaveCount(0);
  await expect(form.getByRole('textbox', { name: 'Description — Line 1' })).toHaveAttribute('readonly', '');

  const token = await accessToken(page);
  const headers = { Authorization: `Bearer ${token}` };
  const list = await page.request.get('/api/data/ar-invoice?Search=E2E-H14A', { headers });
  const posted = ((await list.json()) as { List: { InvoiceId: number; Version: number; Status: string; Total: string }[] }).List[0]!;
  expect(posted).toMatchObject({ Status: 'Posted', Total: '1059.38' });
  const edit = await page.request.put(`/api/data/ar-invoice/${posted.InvoiceId}`, { headers, data: { Version: posted.Version, Reference: 'changed' } });
  expect(edit.status()).toBe(409);
});

test('the sales rep master refuses a 21-character id with the §5 text', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const screen = await openScreen(page, '/novus-ar/sales-rep', /Sales reps/, FIRST_SCREEN_TIMEOUT);
  await screen.getByRole('button', { name: 'New', exact: true }).click();
  await screen.getByRole('textbox', { name: 'Sales rep id', exact: true }).fill('E2E'.padEnd(21, 'X'));
  await screen.getByRole('textbox', { name: 'Name', exact: true }).fill('End To End Rep');
  await screen.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(screen.getByText('Sales rep id is required, at most 20 characters.').first()).toBeVisible();

  await screen.getByRole('textbox', { name: 'Sales rep id', exact: true }).fill('E2E'.padEnd(20, 'X'));
  await screen.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(screen.getByRole('status').filter({ hasText: /saved|created/i }).first()).toBeVisible();
});

test('account terms, sales taxes and sales reps open under every application listing them; taxes keep rates, authorities and groups', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const routes: [string, RegExp][] = [
    ['/novus-ar/account-terms', /Account terms/],
    ['/novus-ap/account-terms', /Account terms/],
    ['/novus-oe/account-terms', /Account terms/],
    ['/novus-po/account-terms', /Account terms/],
    ['/novus/account-terms', /Account terms/],
    ['/novus-ar/sales-rep', /Sales reps/],
    ['/novus-oe/sales-rep', /Sales reps/],
    ['/novus-pt/sales-rep', /Sales reps/],
    ['/novus/sales-rep', /Sales reps/],
  ];
  for (const [path, title] of routes) {
    const screen = await openScreen(page, path, title, FIRST_SCREEN_TIMEOUT);
    await expect(screen.getByText('This screen is not available in this release.')).toHaveCount(0);
    await expect(screen.getByRole('grid').first()).toBeVisible();
  }
  // Sales taxes: one screen, a tab per table (rates, authorities, groups).
  const openTaxes = async (path: string) => {
    await goTo(page, `#${path}`);
    const screen = screenOf(page, path);
    await expect(screen.getByRole('tablist', { name: 'Tables of this screen' }).getByRole('tab', { name: 'Tax rates' })).toBeVisible();
    await expect(screen.getByRole('grid').first()).toBeVisible();
    return screen;
  };
  for (const path of ['/novus-ap/sales-taxes', '/novus-oe/sales-taxes', '/novus-po/sales-taxes', '/novus/sales-taxes']) await openTaxes(path);
  const taxes = await openTaxes('/novus-ar/sales-taxes');
  await expect(taxes.getByRole('gridcell', { name: 'QST', exact: true }).first()).toBeVisible();
  await taxes.getByRole('tab', { name: 'Tax groups' }).click();
  await expect(taxes.getByRole('gridcell', { name: 'EXEMPT', exact: true })).toBeVisible();
  await taxes.getByRole('tab', { name: 'Tax authorities' }).click();
  await expect(taxes.getByRole('gridcell', { name: 'PST-BC', exact: true })).toBeVisible();
});
