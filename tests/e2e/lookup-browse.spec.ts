/**
 * Lookups browse and search as you type (issue 40 item 7), and Tab goes from field to field (item 6): in the firm
 * lookup typing "a" lists the firms holding an "a" (not "No records."), F4 and Find on a blank box list the first
 * page by name (not "Enter a Firm ID or Name."); the generic lookup lists its first page on F4. Tab out of a code
 * field goes to the next field: its "…" button is out of the Tab order (named, reached by F4 / Alt+Down and the
 * mouse) and the lookup's panel is closed, not entered.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';
import { openScreen } from './shell-helpers.ts';

const folded = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

async function newFirm(page: Page): Promise<Locator> {
  const path = '/novus-oe/firm-maintenance';
  await signIn(page, 'clerk', 'clerk', `#${path}`);
  const screen = await openScreen(page, path, /Firm/);
  await screen.getByRole('button', { name: 'New', exact: true }).click();
  return screen.locator('.erp-entity-form');
}

test('the firm lookup searches any part as you type and browses by name on a blank search', async ({ page }) => {
  const form = await newFirm(page);
  const jobber = form.getByRole('textbox', { name: 'Jobber Firm ID', exact: true });
  const matches = form.getByRole('list', { name: 'Matches for Jobber Firm ID' });
  await jobber.pressSequentially('a');
  await expect(matches.locator('[data-lookup-option]').first()).toBeVisible();
  for (const text of await matches.locator('[data-lookup-option]').allTextContents()) expect(folded(text)).toContain('a');
  await expect(form.getByText('No records.')).toHaveCount(0);

  // A blank search browses: F4 on the empty box, then Find with no name — the first page by name, no refusal.
  await jobber.fill('');
  await jobber.press('F4');
  await expect(matches.locator('[data-lookup-option]').first()).toBeFocused();
  const names = await matches.locator('[data-lookup-option] > span:nth-child(2)').allTextContents();
  expect(names.length).toBeGreaterThan(3);
  expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  await form.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(matches.locator('[data-lookup-option]').first()).toBeVisible();
  await expect(form.getByText('Enter a Firm ID or Name.')).toHaveCount(0);
});

test('the generic lookup lists its first page on F4 with a blank box, and matches any part ignoring case', async ({ page }) => {
  await signIn(page, 'clerk', 'clerk', '#/');
  const screen = await openScreen(page, '/novus-ic/inventory-ticket', /Inventory Tickets/);
  await screen.getByRole('button', { name: 'New', exact: true }).click();
  const form = screen.locator('.erp-document');
  const warehouse = form.getByRole('textbox', { name: 'Warehouse', exact: true });
  await warehouse.focus();
  await warehouse.press('F4');
  await expect(form.locator('[data-lookup-option="TOR-01"]')).toBeVisible();
  await warehouse.fill('or-0');
  await expect(form.locator('[data-lookup-option="TOR-01"]')).toBeVisible();
});

test('Tab out of a code field goes to the next field: not its "…" button, not into the lookup panel', async ({ page }) => {
  const form = await newFirm(page);
  const jobber = form.getByRole('textbox', { name: 'Jobber Firm ID', exact: true });
  const lookup = form.locator('.erp-lookup').filter({ has: page.getByRole('textbox', { name: 'Jobber Firm ID', exact: true }) });
  const button = lookup.getByRole('button', { name: 'Look up Jobber Firm ID', exact: true });
  await expect(button).toHaveAttribute('tabindex', '-1');
  await jobber.pressSequentially('B10');
  await expect(form.getByRole('list', { name: 'Matches for Jobber Firm ID' }).locator('[data-lookup-option="B100"]')).toBeVisible();
  await jobber.press('Tab');
  // The focus is on a field after the lookup, outside it, and the panel is closed.
  await expect(lookup.locator(':focus')).toHaveCount(0);
  await expect(jobber).not.toBeFocused();
  await expect(form.locator('input:focus, select:focus, textarea:focus')).toHaveCount(1);
  await expect(lookup.getByRole('group', { name: 'Firm lookup' })).toHaveCount(0);
  // Without matches shown, Tab skips the button as well; F4 still opens the search.
  await jobber.focus();
  await jobber.press('Tab');
  await expect(lookup.locator(':focus')).toHaveCount(0);
  await jobber.focus();
  await jobber.press('F4');
  await expect(lookup.getByRole('group', { name: 'Firm lookup' })).toBeVisible();
});
