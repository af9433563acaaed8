/**
 * §2 "each open screen is kept alive per path" and §4 tabs, end to end: keep-alive across application tabs,
 * closing frees the screen, close guards (Save / Discard / Stay), closing an application tab asks each of
 * its menu tabs, tabs restored after a reload, keyboard switching and closing.
 *
 * The close-guard tests need a small screen with unsaved work, so the test serves one: it appends an
 * `E2eNotesScreen` export to the real trades module as the browser downloads it, and the route `/novus-te/time_card`
 * (Trades' time cards) names it instead of `@erp/trades#TimeCard` in the routes the browser receives (`rerouted`).
 * That export is built with the product's
 * own `screen()`, `useCloseGuard()` and `confirmUnsavedChanges()` from @erp/ui — exactly what a real screen
 * would write — so everything from the tab close button to the dialog and the teardown is the product.
 */
import { expect, test, type Page } from './fixtures.ts';
import { signIn } from './helpers.ts';
import { chooseMenu, expectNotReloaded, goTo, markPage, questionDialog, rerouted, screenOf, screenPaths, settled, tabBar, topBar } from './shell-helpers.ts';

const NOTES_SCREEN = `
import * as e2eUi from '@erp/ui';
import * as e2eReact from 'react';
function E2eNotes() {
  const [text, setText] = e2eReact.useState('');
  e2eUi.useCloseGuard(text ? async () => {
    const answer = await e2eUi.confirmUnsavedChanges();
    return answer === 'discard' || answer === 'save';
  } : null);
  return e2eReact.createElement('label', null, 'Notes ',
    e2eReact.createElement('input', { value: text, onChange: (event) => setText(event.target.value) }));
}
export const E2eNotesScreen = e2eUi.screen(E2eNotes, { module: '@erp/trades' });
`;

/** Serves the trades module with the test's `E2eNotesScreen` appended, as the screen of `/novus-te/time_card`. */
async function withNotesScreen(page: Page): Promise<void> {
  await rerouted(page, '/novus-te/time_card', () => '@erp/trades#E2eNotesScreen');
  await page.route('**/apps/trades/trades.js*', async (route) => {
    const original = await route.fetch();
    const body = `${(await original.text()).replace(/\/\/# sourceMappingURL=.*$/m, '')}\n${NOTES_SCREEN}`;
    await route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body });
  });
}

test('a screen stays alive while other tabs are shown, across application tabs; closing it discards it', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/novus-gl');
  const gl = screenOf(page, '/novus-gl');
  await gl.getByLabel('Filter menus').fill('ledger');
  // Tag the very input element: a re-mount would create a new one.
  await gl.getByLabel('Filter menus').evaluate((input) => ((input as HTMLInputElement & { e2eTag?: string }).e2eTag = 'same'));
  await markPage(page);

  await goTo(page, '#/novus-ar');
  const ar = screenOf(page, '/novus-ar');
  await expect(ar.getByRole('heading', { level: 1, name: 'Accounts Receivable' })).toBeVisible();
  await expect(gl).toBeHidden();
  await ar.getByLabel('Filter menus').fill('cash');

  await topBar(page).getByRole('tab', { name: 'General Ledger' }).click();
  await expect(gl).toBeVisible();
  await expect(ar).toBeHidden();
  await expect(gl.getByLabel('Filter menus')).toHaveValue('ledger');
  expect(await gl.getByLabel('Filter menus').evaluate((input) => (input as HTMLInputElement & { e2eTag?: string }).e2eTag)).toBe('same');
  await topBar(page).getByRole('tab', { name: 'Accounts Receivable' }).click();
  await expect(ar.getByLabel('Filter menus')).toHaveValue('cash');

  // Close the General Ledger tab (not the one shown): its screen goes; reopening starts afresh.
  await topBar(page).getByRole('button', { name: 'Close General Ledger' }).click();
  await expect(topBar(page).getByRole('tab', { name: 'General Ledger' })).toHaveCount(0);
  await expect(gl).toHaveCount(0);
  await expect(page).toHaveURL(/#\/novus-ar$/);
  await goTo(page, '#/novus-gl');
  await expect(screenOf(page, '/novus-gl').getByLabel('Filter menus')).toHaveValue('');
  await expectNotReloaded(page);
});

test('closing the shown application tab goes to its neighbour; menu tabs close with their screens', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/novus-gl/gl-chart');
  await expect(tabBar(page).getByRole('tab', { name: 'GL Chart of Accounts' })).toBeVisible();
  await goTo(page, '#/novus-gl/trial-balance');
  await expect(tabBar(page).getByRole('tab', { name: 'Trial Balance' })).toBeVisible();
  await goTo(page, '#/novus-ar');
  await expect(screenOf(page, '/novus-ar')).toBeVisible();
  await goTo(page, '#/novus-gl/trial-balance');
  await expect(tabBar(page).getByRole('tab')).toHaveCount(2);
  await settled(page);
  expect(await screenPaths(page)).toEqual(['/novus-gl/gl-chart', '/novus-gl/trial-balance', '/novus-ar']);

  // Closing the shown menu tab shows the neighbour (the previous one: it was the last).
  await tabBar(page).getByRole('button', { name: 'Close Trial Balance' }).click();
  await expect(page).toHaveURL(/#\/novus-gl\/gl-chart$/);
  await expect(tabBar(page).getByRole('tab', { name: 'GL Chart of Accounts' })).toHaveAttribute('aria-selected', 'true');
  // The last one: the application page.
  await tabBar(page).getByRole('button', { name: 'Close GL Chart of Accounts' }).click();
  await expect(page).toHaveURL(/#\/novus-gl$/);
  await expect(screenOf(page, '/novus-gl').getByRole('heading', { level: 1, name: 'General Ledger' })).toBeVisible();
  await expect(tabBar(page).getByRole('tab')).toHaveCount(0);

  // Closing the shown application tab goes to the next one.
  await topBar(page).getByRole('button', { name: 'Close General Ledger' }).click();
  await expect(page).toHaveURL(/#\/novus-ar$/);
  await expect(topBar(page).getByRole('tab', { name: 'Accounts Receivable' })).toHaveAttribute('aria-selected', 'true');
  await settled(page);
  expect(await screenPaths(page)).toEqual(['/novus-ar']);
});

test('a screen with unsaved changes asks Save / Discard / Stay before its tab closes', async ({ page }) => {
  await withNotesScreen(page);
  await signIn(page, 'admin', 'admin', '#/novus-te/time_card');
  const chart = screenOf(page, '/novus-te/time_card');
  const notes = chart.getByLabel('Notes');
  await expect(notes).toBeVisible();

  // Nothing typed: nothing to lose, the tab closes at once.
  await tabBar(page).getByRole('button', { name: 'Close Time Cards' }).click();
  await expect(chart).toHaveCount(0);
  await goTo(page, '#/novus-te/time_card');
  await notes.fill('draft entry');

  // Issue 16: a tab whose screen holds unsaved changes is marked, and so is its application tab.
  await expect(tabBar(page).getByRole('tab', { name: 'Time Cards' }).getByRole('img', { name: 'Unsaved changes' })).toBeVisible();
  await expect(topBar(page).getByRole('tab', { name: 'Trades and contracting' }).getByRole('img', { name: 'Unsaved changes' })).toBeVisible();

  // Stay: the tab and the text stay.
  await tabBar(page).getByRole('button', { name: 'Close Time Cards' }).click();
  await expect(questionDialog(page).getByRole('heading', { name: 'Unsaved changes' })).toBeVisible();
  await questionDialog(page).getByRole('button', { name: 'Stay' }).click();
  await expect(questionDialog(page).getByRole('dialog')).toBeHidden();
  await expect(tabBar(page).getByRole('tab', { name: 'Time Cards' })).toHaveAttribute('aria-selected', 'true');
  await expect(notes).toHaveValue('draft entry');

  // Escape dismisses the question: the same as Stay.
  await page.keyboard.press('Alt+Shift+W');
  await expect(questionDialog(page).getByRole('button', { name: 'Discard' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(questionDialog(page).getByRole('dialog')).toBeHidden();
  await expect(notes).toHaveValue('draft entry');

  // Closing the application tab asks the menu tab too; Stay keeps both and shows the screen.
  await goTo(page, '#/novus-te');
  await topBar(page).getByRole('button', { name: 'Close Trades and contracting' }).click();
  await questionDialog(page).getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/#\/novus-te\/time_card$/);
  await expect(topBar(page).getByRole('tab', { name: 'Trades and contracting' })).toBeVisible();
  await expect(notes).toHaveValue('draft entry');

  // Discard: the tab closes and its screen is gone; the application tab's marker goes with it.
  await tabBar(page).getByRole('button', { name: 'Close Time Cards' }).click();
  await questionDialog(page).getByRole('button', { name: 'Discard' }).click();
  await expect(tabBar(page).getByRole('tab')).toHaveCount(0);
  await expect(topBar(page).getByRole('img', { name: 'Unsaved changes' })).toHaveCount(0);
  await expect(chart).toHaveCount(0);
  await expect(page).toHaveURL(/#\/novus-te$/);
});

test('open tabs are restored after a reload; only the shown screen mounts at once', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/novus-gl/gl-chart');
  await expect(tabBar(page).getByRole('tab', { name: 'GL Chart of Accounts' })).toHaveAttribute('aria-selected', 'true');
  await goTo(page, '#/novus-ic');
  await expect(topBar(page).getByRole('tab', { name: 'Inventory Control' })).toHaveAttribute('aria-selected', 'true');
  await goTo(page, '#/novus-gl/trial-balance');
  await expect(tabBar(page).getByRole('tab', { name: 'Trial Balance' })).toHaveAttribute('aria-selected', 'true');
  await settled(page);

  await page.reload();
  await expect(tabBar(page).getByRole('tab', { name: 'Trial Balance' })).toHaveAttribute('aria-selected', 'true');
  await expect(tabBar(page).getByRole('tab', { name: 'GL Chart of Accounts' })).toBeVisible();
  const names = await topBar(page).getByRole('tab').allTextContents();
  expect(names.map((name) => name.trim())).toEqual(['HOME', 'General Ledger', 'Inventory Control']);
  await settled(page);
  expect(await screenPaths(page)).toEqual(['/novus-gl/trial-balance']);

  // A restored tab mounts when it is first shown.
  await tabBar(page).getByRole('tab', { name: 'GL Chart of Accounts' }).click();
  await expect(screenOf(page, '/novus-gl/gl-chart').getByRole('heading', { name: 'GL Chart of Accounts' })).toBeVisible();
  await topBar(page).getByRole('tab', { name: 'Inventory Control' }).click();
  await expect(screenOf(page, '/novus-ic').getByRole('heading', { level: 1, name: 'Inventory Control' })).toBeVisible();
});

test('keyboard: Alt+Shift+arrows switch tabs, Alt+Shift+PageUp/PageDown applications, Alt+Shift+W closes', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/novus-gl');
  await chooseMenu(page, 'Setup', 'GL Chart of Accounts');
  await chooseMenu(page, 'Reports', 'Trial Balance');
  await expect(page).toHaveURL(/#\/novus-gl\/trial-balance$/);
  await settled(page);

  await page.keyboard.press('Alt+Shift+ArrowLeft');
  await expect(page).toHaveURL(/#\/novus-gl\/gl-chart$/);
  await page.keyboard.press('Alt+Shift+ArrowLeft');
  await expect(page).toHaveURL(/#\/novus-gl$/);
  await page.keyboard.press('Alt+Shift+ArrowLeft');
  await expect(page).toHaveURL(/#\/novus-gl\/trial-balance$/);
  await page.keyboard.press('Alt+Shift+ArrowRight');
  await expect(page).toHaveURL(/#\/novus-gl$/);

  await page.keyboard.press('Alt+Shift+PageUp');
  await expect(page).toHaveURL(/#\/$/);
  await page.keyboard.press('Alt+Shift+PageDown');
  await expect(page).toHaveURL(/#\/novus-gl$/);

  await goTo(page, '#/novus-gl/gl-chart');
  await page.keyboard.press('Alt+Shift+W');
  await expect(tabBar(page).getByRole('tab')).toHaveCount(1);
  await expect(page).toHaveURL(/#\/novus-gl\/trial-balance$/);
  // Typing in a field does not swallow the shortcuts.
  await goTo(page, '#/novus-gl');
  await screenOf(page, '/novus-gl').getByLabel('Filter menus').focus();
  await page.keyboard.press('Alt+Shift+W'); // the application page: closes the application tab
  await expect(topBar(page).getByRole('tab', { name: 'General Ledger' })).toHaveCount(0);
  await expect(page).toHaveURL(/#\/$/);
  await page.keyboard.press('Alt+Shift+W'); // HOME never closes
  await expect(topBar(page).getByRole('tab', { name: 'HOME' })).toHaveAttribute('aria-selected', 'true');
});

test('a truncated tab shows its full title in a tooltip; one that fits shows none', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin', 'admin', '#/novus-gl/gl-journal-entry');
  await expect(tabBar(page).getByRole('tab').first()).toBeVisible();
  // Narrow tabs (the product's own custom property) so the screen's title (its heading, "GL journal entry") is cut by the ellipsis.
  await tabBar(page).evaluate((bar) => (bar as HTMLElement).style.setProperty('--erp-tab-bar-tab-max-width', '6rem'));
  const tab = tabBar(page).getByRole('tab').first();
  // The tab takes the screen's title once the screen has rendered (issue 21 item 7: one name per screen).
  const title = 'GL journal entry';
  await expect(tab).toHaveText(title);
  await tab.hover();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toHaveText(title);
  // The application tab's label fits: pointing at it shows no tooltip.
  await topBar(page).getByRole('tab', { name: 'HOME' }).hover();
  await expect(page.getByRole('tooltip')).toHaveCount(0);
});

test('a click on a tab right after typing into a grid filter is not lost', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/novus-gl');
  await expect(screenOf(page, '/novus-gl').getByRole('heading', { level: 1 })).toBeVisible();
  await goTo(page, '#/novus-ar/firm-maintenance');
  const firms = screenOf(page, '/novus-ar/firm-maintenance');
  const province = firms.getByRole('textbox', { name: 'Province' });
  await expect(province).toBeVisible();
  await settled(page);
  // The filtered list answers only once the test says so: the loading overlay is on meanwhile.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/.*filter\.ProvinceCode=QC/, async (route) => {
    await held;
    await route.continue();
  });
  await province.pressSequentially('QC');
  // Leaving the field applies the filter (a request starts on pointer down): the click must still land.
  await topBar(page).getByRole('tab', { name: 'General Ledger' }).click();
  await expect(page).toHaveURL(/#\/novus-gl$/);
  await expect(screenOf(page, '/novus-gl')).toBeVisible();
  release();
  await settled(page);
});
