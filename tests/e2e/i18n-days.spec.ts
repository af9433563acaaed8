/**
 * Issue 40 item 9 end to end: the purchasing clerk's and the order desk clerk's screens in French and Chinese show
 * no English and no ISO date. A fresh page in fr-CA (then zh-CN) opens each screen of the two days — purchase
 * orders, receipts, vendor invoices (Purchase Journal), payment runs, cheque printing; sales orders, the shipping
 * and invoicing queues — then the first demo record of each list, saves the order, and fails on:
 * - a chrome text equal to an English catalogue text (a text en-CA has under a key whose French differs, and
 *   that French does not itself use anywhere: French keeps "Date", "Total" …), as i18n-documents.spec.ts;
 * - any date written YYYY-MM-DD anywhere on the screen, data and field values included (§9: dates in the
 *   language's style). Master data the company typed (the name a lookup shows beside a code) is not chrome;
 * - the tab's title in English (the tab follows the screen's heading).
 */
import { expect, test } from '@playwright/test';
import { englishOf, leaks } from './english-texts.ts';
import { signIn } from './helpers.ts';
import { chooseLanguage, goTo, screenOf, settled, tabBar } from './shell-helpers.ts';

const NAMESPACES = ['records', 'forms', 'entities', 'apps', 'errors', 'reports', 'gl', 'ar', 'ap', 'ic', 'oe', 'po', 'so'] as const;

/** The two days' screens; `list`: a list whose first demo record is opened too. */
const SCREENS: readonly { path: string; list: boolean }[] = [
  { path: '/novus-po/purchase-order-entry', list: true },
  { path: '/novus-po/purchase-order-receipt-entry', list: true },
  { path: '/novus-ap/purchase-journal', list: true },
  { path: '/novus-ap/ap-payments-queue', list: true },
  { path: '/novus-ap/cheque-Printing', list: false },
  { path: '/novus-oe/sales-order-entry', list: true },
  { path: '/novus-oe/orders-shipping-queue', list: false },
  { path: '/novus-oe/orders-invoices-queue', list: false },
];

for (const language of ['fr-CA', 'zh-CN'] as const) {
  test(`${language}: the purchasing and order desk screens show no English and no ISO date`, async ({ page, context }) => {
    test.setTimeout(240_000);
    await signIn(page, 'admin', 'admin', '#/');
    await context.addCookies([{ name: '.AspNetCore.Culture', value: encodeURIComponent(`c=${language}|uic=${language}`), url: new URL(page.url()).origin }]);
    await page.reload();
    await settled(page);
    const english = await englishOf(page, language, NAMESPACES, { minLetters: 6, label: true });
    const found: string[] = [];

    for (const { path, list } of SCREENS) {
      await goTo(page, `#${path}`);
      const screen = screenOf(page, path);
      const heading = screen.locator('.records-title, h2').first();
      await expect(heading).toBeVisible();
      await settled(page);
      // The tab is titled as the screen's heading, in the language (issue 40: "Cheque Printing" stayed English).
      const title = (await heading.textContent())?.trim() ?? '';
      expect(english.exact.has(title), `${path}: heading "${title}"`).toBe(false);
      await expect(tabBar(page).getByRole('tab', { name: title, exact: false }).first()).toBeVisible();
      found.push(...(await leaks(screen, english)).map((leak) => `${path}: ${leak}`));
      if (!list) continue;

      const rows = screen.locator('[role="grid"] [role="row"][data-row-id]');
      await expect(rows.first()).toBeVisible();
      await rows.first().locator('[role="gridcell"]').first().dblclick();
      await expect(screen.locator('.erp-document, .erp-entity-form').first()).toBeVisible();
      await settled(page);
      found.push(...(await leaks(screen, english)).map((leak) => `${path} (a record): ${leak}`));
      if (path !== '/novus-oe/sales-order-entry') continue;

      // A server message in the screen's language, though admin's stored language is en-CA: Ctrl+S on the order.
      await screen.locator('.erp-document').getByRole('textbox').first().focus();
      await page.keyboard.press('Control+s');
      const message = screen.locator('.erp-form-message').first();
      await expect(message).toBeVisible();
      await settled(page);
      found.push(...(await leaks(screen, english)).map((leak) => `${path} (saved): ${leak}`));
    }
    expect(found).toEqual([]);
  });
}

test('a language change retitles a screen that translates its heading as it renders, and its tab (Cheque Printing)', async ({ page }) => {
  const path = '/novus-ap/cheque-Printing';
  await signIn(page, 'admin', 'admin', `#${path}`);
  const screen = screenOf(page, path);
  await expect(screen.locator('.records-title')).toHaveText('Cheque Printing');
  await expect(tabBar(page).getByRole('tab', { name: 'Cheque Printing' })).toBeVisible();
  try {
    await chooseLanguage(page, 'Français (Canada)');
    await expect(screen.locator('.records-title')).toHaveText('Impression des chèques');
    await expect(tabBar(page).getByRole('tab', { name: 'Impression des chèques' })).toBeVisible();
    await expect(tabBar(page).getByRole('tab', { name: 'Cheque Printing' })).toHaveCount(0);
  } finally {
    // Back to English for the accounts the other tests use.
    await chooseLanguage(page, 'English (Canada)');
  }
});
