/**
 * Issue 21 items 4, 6 and 7 end to end on the generic screens:
 * - a lookup shows the name of the record its code names ("1000" — "Bank — operating account (CAD)"), and a
 *   pick moves the focus on to the next field;
 * - French plurals through i18next's rules ("1 enregistrement") and French typography in a record heading
 *   (a no-break space before the colon);
 * - a list does not offer Delete for a row its state forbids deleting (a closed inventory ticket), and an
 *   action's success says what happened ("Inventory ticket IT000008 is now Cancelled.") instead of "Done.";
 * - a French report counts its rows in French and shows its default dates the French way.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiCall, holdAnswers, signIn } from './helpers.ts';
import { goTo, screenOf, settled } from './shell-helpers.ts';

async function inLanguage(page: Page, language: string): Promise<void> {
  await page.context().addCookies([{ name: '.AspNetCore.Culture', value: encodeURIComponent(`c=${language}|uic=${language}`), url: new URL(page.url()).origin }]);
  await page.reload();
  await settled(page);
}

test('a lookup shows the name beside the code; a pick moves on to the next field', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  await settled(page);
  const path = '/novus-gl/bank-account';
  await goTo(page, `#${path}`);
  const screen = screenOf(page, path);
  const rows = screen.locator('[role="row"][data-row-id]');
  await expect(rows.first()).toBeVisible();
  await rows.first().locator('[role="gridcell"]').first().dblclick();
  const form = screen.locator('.erp-entity-form');
  const account = form.getByRole('textbox', { name: 'G/L account', exact: true });
  await expect(account).not.toHaveValue('');
  const code = await account.inputValue();
  const lookup = form.locator('.erp-lookup').filter({ has: page.getByRole('textbox', { name: 'G/L account', exact: true }) });
  // The saved value's name, looked up by the form.
  await expect(lookup.locator('[data-lookup-name]')).not.toHaveText('');

  // Pick another account: its name shows at once and the focus goes on to the next field.
  await account.fill('1010');
  await account.press('F4');
  await lookup.locator('[data-lookup-option="1010"]').click();
  await expect(account).toHaveValue('1010');
  await expect(lookup.locator('[data-lookup-name]')).toContainText('Bank — US dollar account');
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.erp-lookup') === null && document.activeElement?.matches('input, select, textarea, button') === true)).toBe(true);
  expect(code).not.toBe('');
});

test('fr-CA: "1 enregistrement" (plural rules) and a record heading with the French colon', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  await inLanguage(page, 'fr-CA');
  const path = '/novus-gl/gl-chart';
  await goTo(page, `#${path}`);
  const screen = screenOf(page, path);
  await expect(screen.locator('[role="row"][data-row-id]').first()).toBeVisible();
  await screen.getByRole('searchbox', { name: 'Rechercher' }).fill('Petty');
  await screen.getByRole('searchbox', { name: 'Rechercher' }).press('Enter');
  await expect(screen.locator('.records-pager__total')).toHaveText('1 enregistrement');
  await screen.locator('[role="row"][data-row-id]').first().locator('[role="gridcell"]').first().dblclick();
  const heading = screen.locator('.erp-entity-form').getByRole('heading').first();
  await expect(heading).toContainText('\u00a0: ');
});

test('a closed inventory ticket cannot be deleted from the list', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  await settled(page);
  const path = '/novus-ic/inventory-ticket';
  await goTo(page, `#${path}`);
  const screen = screenOf(page, path);
  const rows = screen.locator('[role="row"][data-row-id]');
  await expect(rows.first()).toBeVisible();
  const remove = screen.getByRole('toolbar').getByRole('button', { name: 'Delete', exact: true });
  await rows.filter({ hasText: 'Closed' }).first().click();
  await expect(remove).toBeDisabled();
  // With the row deselected Delete is offered again (nothing selected: it says to select a row, §8).
  await rows.filter({ hasText: 'Closed' }).first().click({ modifiers: ['Control'] });
  await expect(remove).toBeEnabled();
});

test('fr-CA: a report counts its rows in French and its dates are in the French style', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  await inLanguage(page, 'fr-CA');
  const path = '/novus-gl/detailed-ledger';
  await goTo(page, `#${path}`);
  const screen = screenOf(page, path);
  const start = screen.getByRole('textbox', { name: 'Date de début' });
  // The year's first day by default, written the French way ("1 janv. 2026"), never mm/dd/yyyy.
  const first = await page.evaluate(() => new Intl.DateTimeFormat('fr-CA', { dateStyle: 'medium' }).format(new Date(new Date().getFullYear(), 0, 1)));
  await expect(start).toHaveValue(first);
  await screen.getByRole('button', { name: 'Exécuter le rapport' }).click();
  await expect(screen.locator('.report-screen .records-pager__total')).toHaveText(/^\d[\d\s\u202f]* lignes?$/);
});

for (const [language, year, period, run] of [
  ['fr-CA', 'Exercice', 'Période', 'Exécuter le rapport'],
  ['zh-CN', '会计年度', '期间', '运行报表'],
  ['en-CA', 'Fiscal year', 'Period', 'Run report'],
] as const) {
  test(`${language}: the trial balance opens on the current fiscal year and period (issue 21 item 3)`, async ({ page }) => {
    await signIn(page, 'admin', 'admin');
    await inLanguage(page, language);
    // The period containing today in the browser's time zone, as the GL answers it.
    const today = await page.evaluate(() => new Intl.DateTimeFormat('en-CA').format(new Date()));
    const current = await apiCall(page, 'GET', `data/accounting-period/current?Date=${today}`);
    expect(current.body.Data, 'the demo has a fiscal year for today').not.toBeNull();
    const path = '/novus-gl/trial-balance';
    await goTo(page, `#${path}`);
    const screen = screenOf(page, path);
    await expect(screen.getByRole('spinbutton', { name: year, exact: true })).toHaveValue(String(current.body.Data.FiscalYear));
    await expect(screen.getByRole('spinbutton', { name: period, exact: true })).toHaveValue(String(current.body.Data.PeriodNo));
    // The period alone counts: the dates stay blank and the report runs.
    const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/reports/gl-trial-balance/run'));
    await screen.getByRole('button', { name: run }).click();
    const body = (await answered).request().postDataJSON() as { Parameters: Record<string, unknown> };
    expect(body.Parameters).toMatchObject({ FiscalYear: current.body.Data.FiscalYear, PeriodNo: current.body.Data.PeriodNo });
    expect(body.Parameters['StartDate']).toBeUndefined();
  });
}

test('a fiscal default landing while the user is in the field is left selected: what they type replaces it', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  // The GL's answer is held until the field is focused and its text selected — the first half of typing over it.
  const period = await holdAnswers(page, '**/api/data/accounting-period/current**');
  const path = '/novus-gl/trial-balance';
  await goTo(page, `#${path}`);
  const screen = screenOf(page, path);
  const year = screen.getByRole('spinbutton', { name: 'Fiscal year', exact: true });
  await year.selectText();
  period.release();
  await expect(screen.getByRole('spinbutton', { name: 'Period', exact: true })).toHaveValue(/^\d+$/);
  await expect(year).toHaveValue(/^\d{4}$/);
  await page.keyboard.insertText('2025');
  await expect(year).toHaveValue('2025');
});

test('an action says what happened ("Inventory ticket IT000008 is now Cancelled."), not "Done."', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  await settled(page);
  const path = '/novus-ic/inventory-ticket';
  await goTo(page, `#${path}`);
  const screen = screenOf(page, path);
  const rows = screen.locator('[role="row"][data-row-id]');
  await rows.filter({ hasText: 'Pending' }).first().locator('[role="gridcell"]').first().dblclick();
  const form = screen.locator('.erp-document');
  await expect(form.locator('[data-document-state]')).toHaveText('Pending');
  const number = (await form.locator('.erp-form-record').textContent()) ?? '';
  expect(number).not.toBe('');
  await form.locator('[data-action="cancel"]').click();
  const question = page.locator('erp-dialog[data-dialog="question"]');
  await question.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(form.locator('[data-document-state]')).toHaveText('Cancelled');
  // Issue 68 item 5: the server's answer names the kind of document, its number and its new state.
  await expect(form.getByRole('status').filter({ hasText: number })).toHaveText(`Inventory ticket ${number} is now Cancelled.`);
});

test('a picked account on a journal entry line shows its name beside its code', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  await settled(page);
  const path = '/novus-gl/gl-journal-entry';
  await goTo(page, `#${path}`);
  const screen = screenOf(page, path);
  await screen.getByRole('button', { name: 'New', exact: true }).click();
  const form = screen.locator('.erp-document');
  const account = form.getByRole('combobox', { name: 'Account — Line 1' });
  await account.fill('1000');
  await account.press('F4');
  await expect(form.getByRole('option', { name: /^1000 / })).toBeVisible();
  await account.press('Enter');
  await expect(account).toHaveValue('1000');
  await expect(form.locator('.erp-line-lookup').filter({ has: page.getByRole('combobox', { name: 'Account — Line 1' }) }).locator('[data-lookup-name]')).toHaveText(
    'Bank — operating account (CAD)',
  );
});

test('a saved journal entry shows the name beside the code of every line, not only a picked one (issue 21 item 4)', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  await settled(page);
  const created = await apiCall(page, 'POST', 'data/gl-journal-entry', {
    EntryDate: '2026-11-20',
    Description: 'Saved names',
    Lines: [{ AccountId: '1000', Debit: '7.00' }, { AccountId: '1000', Credit: '2.00' }, { AccountId: '4100', Credit: '5.00' }],
  });
  expect(created.status).toBe(201);
  const documentNo = String(created.body.Data.DocumentNo);
  const path = '/novus-gl/gl-journal-entry';
  await goTo(page, `#${path}`);
  const screen = screenOf(page, path);
  const filter = screen.getByRole('search', { name: 'Filters' }).getByRole('textbox', { name: 'Document no.', exact: true });
  await filter.fill(documentNo);
  await filter.press('Enter');
  await screen.locator('[role="row"][data-row-id]').filter({ hasText: documentNo }).locator('[role="gridcell"]').first().dblclick();
  const form = screen.locator('.erp-document');
  const line = (n: number) => form.locator('.erp-line-lookup').filter({ has: page.getByRole('combobox', { name: `Account — Line ${n}`, exact: true }) });
  await expect(line(1).getByRole('combobox')).toHaveValue('1000');
  await expect(line(1).locator('[data-lookup-name]')).toHaveText('Bank — operating account (CAD)');
  await expect(line(2).locator('[data-lookup-name]')).toHaveText('Bank — operating account (CAD)');
  await expect(line(3).getByRole('combobox')).toHaveValue('4100');
  await expect(line(3).locator('[data-lookup-name]')).not.toHaveText('');
});

for (const language of ['en-CA', 'fr-CA', 'zh-CN']) {
  test(`${language}: one name per screen — the tab is titled as the screen's heading (issue 21 item 7)`, async ({ page }) => {
    await signIn(page, 'admin', 'admin');
    await inLanguage(page, language);
    for (const path of ['/novus-gl/gl-journal-entry', '/novus-ar/cash-receipts', '/novus-gl/trial-balance']) {
      await goTo(page, `#${path}`);
      const heading = screenOf(page, path).getByRole('heading', { level: 2 }).first();
      await expect(heading).toBeVisible();
      const title = ((await heading.textContent()) ?? '').trim();
      expect(title).not.toBe('');
      await expect(page.getByRole('tablist', { name: /./ }).last().getByRole('tab', { selected: true })).toHaveText(title);
    }
  });
}

test('fr-CA: the recently opened screens are named in French after the language changes (issue 21 item 7)', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  await settled(page);
  const path = '/novus-gl/trial-balance';
  await goTo(page, `#${path}`);
  await expect(screenOf(page, path).getByRole('heading', { name: 'Trial balance', exact: true })).toBeVisible();
  await goTo(page, '#/novus-gl');
  const recent = screenOf(page, '/novus-gl').locator('.erp-ui-recent');
  await expect(recent.getByRole('link', { name: /Trial balance/ })).toBeVisible();
  await inLanguage(page, 'fr-CA');
  await goTo(page, '#/novus-gl');
  const french = screenOf(page, '/novus-gl').locator('.erp-ui-recent');
  await expect(french.getByRole('link', { name: /Balance de vérification/ })).toBeVisible();
  await expect(french.getByRole('link', { name: /Trial balance/i })).toHaveCount(0);
});
