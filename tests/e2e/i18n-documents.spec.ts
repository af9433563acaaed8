/**
 * Issue 20 end to end: the generic document screen speaks the user's language on a module that is not GL. A
 * fresh page in fr-CA or zh-CN opens the inventory tickets directly (no GL screen first, so the `gl` namespace
 * is never loaded), opens a demo ticket and a new one, and no English text shows in the screen: its visible
 * texts and accessible names are compared with the English strings of the namespaces the screen draws on.
 *
 * "English" is a text that en-CA has under some key whose translation differs, and that the language does not
 * itself use anywhere (French keeps "Date", "Total", "Type" …): such a text on the page is an untranslated
 * string or a key's English fallback. Data (the list's cells, field values) is not chrome and is not checked.
 */
import { expect, test, type Locator } from '@playwright/test';
import { englishOf, namespaceStrings, textsOf, type English } from './english-texts.ts';
import { signIn } from './helpers.ts';
import { goTo, screenOf } from './shell-helpers.ts';

const PATH = '/novus-ic/inventory-ticket';
const NAMESPACES = ['records', 'forms', 'entities', 'ic', 'gl'] as const;

/** The chrome texts of the screen that are English. */
async function englishIn(screen: Locator, english: English): Promise<string[]> {
  // Only list cells and notes are data here: a line's cells and a lookup's name are checked too.
  const found = (await textsOf(screen, '[role="row"][data-row-id] [role="gridcell"], textarea')).chrome.filter((text) => english.exact.has(text) || english.patterns.some((pattern) => pattern.test(text)));
  return [...new Set(found)];
}

for (const language of ['fr-CA', 'zh-CN'] as const) {
  test(`${language}: an inventory ticket opened on a fresh page shows no English`, async ({ page, context }) => {
    await signIn(page, 'admin', 'admin', '#/');
    await context.addCookies([
      { name: '.AspNetCore.Culture', value: encodeURIComponent(`c=${language}|uic=${language}`), url: new URL(page.url()).origin },
    ]);
    await page.reload();
    const english = await englishOf(page, language, NAMESPACES, { minLetters: 4, label: false });
    const strings = new Map([
      ...(await namespaceStrings(page, language, 'ic')),
      ...(await namespaceStrings(page, language, 'forms')),
      ...(await namespaceStrings(page, language, 'entities')),
    ]);
    const text = (key: string) => strings.get(key) ?? key;

    await goTo(page, `#${PATH}`);
    const screen = screenOf(page, PATH);
    await expect(screen.getByRole('heading', { name: text('ic.inventory-ticket.title'), exact: true }).first()).toBeVisible();
    const rows = screen.locator('[role="grid"] [role="row"][data-row-id]');
    await expect(rows.first()).toBeVisible();
    expect(await englishIn(screen, english), 'the list').toEqual([]);

    // A closed demo ticket: read-only, with its state and the note saying why.
    const closed = text('ic.inventory-ticket.statuses.Closed');
    await rows.filter({ hasText: closed }).first().locator('[role="gridcell"]').first().dblclick();
    const form = screen.locator('.erp-document');
    await expect(form.locator('[data-document-state]')).toHaveText(closed);
    await expect(form.getByRole('note')).toBeVisible();
    expect(await englishIn(screen, english), 'a demo ticket').toEqual([]);

    // A new ticket: editable, with the line grid's buttons and its lot grid.
    await form.locator('.erp-form-back').click();
    await expect(form).toHaveCount(0);
    await screen.getByRole('button', { name: text('entities.actions.new'), exact: true }).click();
    await expect(form.locator('[data-document-state]')).toBeVisible();
    await expect(form.locator('.erp-add-line').first()).toBeVisible();
    expect(await englishIn(screen, english), 'a new ticket').toEqual([]);
  });
}
