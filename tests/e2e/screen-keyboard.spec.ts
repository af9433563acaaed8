/**
 * Issue 21 items 2, 3 and 7 end to end: the keyboard contract (docs/keyboard.md) on the document screens —
 * the GL journal entry, the AR invoice, the cash receipt, the inventory ticket — and on a master list and
 * form (the GL chart of accounts), in English, French and Chinese:
 * - Alt+N in the list opens a new record with the focus in its first editable field;
 * - Tab skips read-only and computed fields; a date field is a text box in the language's one date style,
 *   today on a new document, left with one Tab;
 * - F2 / Shift+F2 move between the screen's regions (never the shell's palette inside a screen);
 * - the key a button advertises runs it (Alt+P: Post); Ctrl+S saves (a request goes out); Alt+N in the form
 *   starts another new record.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';
import { commandPalette, goTo, screenOf, settled } from './shell-helpers.ts';

const editable = 'input:not([readonly]):not([disabled]):not([type="checkbox"]), select:not([disabled]), textarea:not([readonly])';

/** True when the focused element is a field the user can type into, inside `root`. */
async function focusIsEditableIn(root: Locator): Promise<boolean> {
  return root.evaluate((element, selector) => {
    const focused = document.activeElement;
    return focused !== null && element.contains(focused) && focused.matches(selector);
  }, editable);
}

/** The region (`data-f2-region`) the focus is in, or '' when none. */
const focusedRegion = (page: Page) => page.evaluate(() => document.activeElement?.closest('[data-f2-region]')?.getAttribute('data-f2-region') ?? '');

async function openList(page: Page, path: string): Promise<Locator> {
  await goTo(page, `#${path}`);
  const screen = screenOf(page, path);
  await expect(screen.locator('[role="grid"]').first()).toBeVisible();
  await settled(page);
  // The keyboard starts in the list: its grid has the focus.
  await screen.locator('[role="grid"]').first().focus();
  return screen;
}

/**
 * After leaving a form that may hold unsaved changes: waits until either the shell asks about them (answered
 * Discard) or `left` holds — the question comes after the click is handled, so it is not looked for at once.
 */
async function discardIfAsked(page: Page, left: () => Promise<boolean>): Promise<void> {
  const discard = page.locator('erp-dialog').getByRole('button', { name: /^(Discard|Abandonner|放弃)$/ });
  await expect.poll(async () => (await discard.isVisible()) || (await left())).toBe(true);
  if (await discard.isVisible()) await discard.click();
}

type KeyboardDocument = { path: string; entity: string; post: boolean };

const DOCUMENTS: KeyboardDocument[] = [
  // `post`: the screen's Post button advertises Alt+P.
  { path: '/novus-gl/gl-journal-entry', entity: 'gl-journal-entry', post: true },
  { path: '/novus-ar/ar-sales-order-entry', entity: 'ar-invoice', post: true },
  { path: '/novus-ar/cash-receipts', entity: 'cash-receipt', post: true },
  { path: '/novus-ic/inventory-ticket', entity: 'inventory-ticket', post: false },
];

/** The contract on one document screen, from its list (the focus starts in the grid) and back to it. */
async function checkDocument(page: Page, { path, entity, post }: KeyboardDocument, today: string): Promise<void> {
  const screen = await openList(page, path);
  await page.keyboard.press('Alt+N');
  const form = screen.locator(`.erp-document[data-entity="${entity}"]`);
  await expect(form, path).toBeVisible();
  await expect.poll(() => focusIsEditableIn(form), `${path}: the focus is in the first editable field`).toBe(true);

  // Tab goes from field to field to fill: never onto a read-only or computed one.
  for (let step = 0; step < 4; step++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.matches('[readonly], :disabled') ?? false), `${path}: Tab ${step + 1}`).toBe(false);
  }

  // The first date field: a text box in the language's style, today on a new document; one Tab leaves it.
  const date = form.locator('.erp-date__text').first();
  await expect(date, path).toHaveAttribute('type', 'text');
  await expect(date, `${path}: a new document is dated today`).toHaveValue(today);
  await date.focus();
  await page.keyboard.press('Tab');
  // (The next field may be another date: the focus has left this one's text box and calendar button.)
  await expect.poll(() => date.evaluate((input) => !input.closest('.erp-date')!.contains(document.activeElement)), `${path}: one Tab leaves the date`).toBe(true);

  // F2 moves to the next region of the screen, Shift+F2 back; the shell's palette stays closed.
  await date.focus();
  const start = await focusedRegion(page);
  await page.keyboard.press('F2');
  await expect.poll(() => focusedRegion(page), path).not.toBe(start);
  await expect(commandPalette(page).getByRole('combobox')).toBeHidden();
  await page.keyboard.press('Shift+F2');
  await expect.poll(() => focusedRegion(page), path).toBe(start);

  // The key a button advertises runs it: Alt+P asks the Post question (answered No here).
  const postButton = form.locator('.erp-form-actions [data-action="post"]');
  await expect(postButton, path).toHaveCount(post ? 1 : 0);
  if (post) {
    await expect(postButton).toHaveAttribute('aria-keyshortcuts', 'Alt+P');
    await expect(postButton).toHaveAttribute('title', /\(Alt\+P\)$/);
    await date.focus();
    await page.keyboard.press('Alt+P');
    const question = page.locator('erp-dialog[data-dialog="question"]');
    await expect(question.getByRole('dialog'), path).toBeVisible();
    await question.getByRole('button', { name: /^(No|Non|否)$/ }).click();
    await expect(question.getByRole('dialog')).toBeHidden();
  }

  // Ctrl+S sends the record to the server (refused or not: the key saves).
  const saving = page.waitForRequest((request) => request.method() === 'POST' && request.url().includes(`/api/data/${entity}`));
  await date.focus();
  await page.keyboard.press('Control+s');
  await saving;
  await settled(page);
  // Back to the list for the next screen (the unsaved question, if any, answered by leaving).
  await form.locator('.erp-form-back').click();
  await discardIfAsked(page, async () => (await form.count()) === 0);
  await expect(form, path).toHaveCount(0);
}

/** The later modules' documents, checked in English (the three languages run on the four above). */
const MODULE_DOCUMENTS: KeyboardDocument[] = [
  { path: '/novus-oe/sales-order-entry', entity: 'sales-order', post: false },
  { path: '/novus-po/purchase-order-entry', entity: 'purchase-order', post: false },
  { path: '/novus-ap/purchase-journal', entity: 'ap-invoice', post: true },
  { path: '/novus-wd/order-entry', entity: 'wd-order', post: false },
  { path: '/novus-te/progress-billing', entity: 'progress-billing', post: false },
  { path: '/novus-pr/payroll-transaction', entity: 'pr-transaction', post: false },
];

for (const language of ['en-CA', 'fr-CA', 'zh-CN'] as const) {
  test(`${language}: the keyboard contract on the journal entry, AR invoice, cash receipt and inventory ticket`, async ({ page, context }) => {
    test.setTimeout(90_000);
    await signIn(page, 'admin', 'admin');
    await context.addCookies([{ name: '.AspNetCore.Culture', value: encodeURIComponent(`c=${language}|uic=${language}`), url: new URL(page.url()).origin }]);
    await page.reload();
    await settled(page);
    const today = await page.evaluate((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date()), language);

    for (const screen of DOCUMENTS) await checkDocument(page, screen, today);
  });
}

test('en-CA: the keyboard contract on the sales order, purchase order, AP invoice, service order, progress billing and payroll transaction', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', 'admin');
  await settled(page);
  const today = await page.evaluate(() => new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium' }).format(new Date()));
  for (const screen of MODULE_DOCUMENTS) await checkDocument(page, screen, today);
});

test('en-CA: the keyboard contract on a master list and form (GL chart of accounts)', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  await settled(page);
  const screen = await openList(page, '/novus-gl/gl-chart');
  await page.keyboard.press('Alt+N');
  const form = screen.locator('.erp-entity-form[data-entity="gl-account"]');
  await expect(form).toBeVisible();
  await expect.poll(() => focusIsEditableIn(form), 'the focus is in the first editable field').toBe(true);
  await expect(form.getByRole('textbox', { name: 'Account', exact: true })).toBeFocused();

  // F2 goes to another region, Shift+F2 back to the fields.
  await page.keyboard.press('F2');
  await expect.poll(() => focusedRegion(page)).not.toBe('fields');
  await expect(commandPalette(page).getByRole('combobox')).toBeHidden();
  await page.keyboard.press('Shift+F2');
  await expect.poll(() => focusedRegion(page)).toBe('fields');

  // Ctrl+S saves: the new record goes to the server (the form's own check refuses an empty one first).
  await form.getByRole('textbox', { name: 'Account', exact: true }).fill('9990');
  await form.getByRole('textbox', { name: 'Description', exact: true }).fill('E2E keyboard');
  await form.getByRole('combobox', { name: 'Account type', exact: true }).selectOption({ label: 'Expense' });
  const saving = page.waitForRequest((request) => request.method() === 'POST' && request.url().includes('/api/data/gl-account'));
  await form.getByRole('textbox', { name: 'Account', exact: true }).focus();
  await page.keyboard.press('Control+s');
  await saving;
  await settled(page);

  // Alt+N in the form: another new record, the focus in its first field again.
  const account = form.getByRole('textbox', { name: 'Account', exact: true });
  await page.keyboard.press('Alt+N');
  await discardIfAsked(page, async () => (await account.inputValue()) === '');
  await expect(account).toHaveValue('');
  await expect(account).toBeFocused();
});
