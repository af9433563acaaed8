/**
 * Issue 40 item 2 end to end: a screen is found by what users call it, in the application page's "Filter menus"
 * and in the command palette, from the search words its module declares beside it (modules/<m>/server/catalog.ts
 * `searchWords`, answered with the menus). The spec's menu names stay: Purchase Journal is the vendor invoice,
 * AR Sales Order Entry the customer invoice.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';
import { commandPalette, goTo, screenOf, settled } from './shell-helpers.ts';

async function inLanguage(page: Page, language: string): Promise<void> {
  await page.context().addCookies([{ name: '.AspNetCore.Culture', value: encodeURIComponent(`c=${language}|uic=${language}`), url: new URL(page.url()).origin }]);
  await page.reload();
  await settled(page);
}

/** The launchpad items of `application` kept by the filter `query`. */
async function filtered(page: Page, path: string, filterLabel: string, query: string) {
  const home = screenOf(page, path);
  await home.getByLabel(filterLabel).fill(query);
  return home.locator('.erp-ui-launchpad__name');
}

/** The palette's matches for `query` (their labels), the palette closed again. */
async function paletteFinds(page: Page, searchLabel: string, query: string, expected: readonly string[]): Promise<void> {
  await page.keyboard.press('Control+k');
  const search = commandPalette(page).getByRole('combobox', { name: searchLabel });
  await search.fill(query);
  for (const label of expected) await expect(commandPalette(page).getByRole('option').filter({ hasText: label }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(search).toBeHidden();
}

test('en-CA: "bill" and "vendor invoice" find the Purchase Journal, "customer invoice" AR Sales Order Entry', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/novus-ap');
  await settled(page);
  for (const query of ['bill', 'vendor invoice', 'invoice']) {
    await expect(await filtered(page, '/novus-ap', 'Filter menus', query)).toContainText(['Purchase Journal']);
  }
  await goTo(page, '#/novus-po');
  await expect(await filtered(page, '/novus-po', 'Filter menus', 'bill')).toHaveText(['Purchase Journal']);
  await goTo(page, '#/novus-ar');
  for (const query of ['customer invoice', 'invoice']) {
    await expect(await filtered(page, '/novus-ar', 'Filter menus', query)).toContainText(['AR Sales Order Entry']);
  }

  const search = 'Search screens, documents, firms, products and employees';
  await paletteFinds(page, search, 'vendor invoice', ['Purchase Journal']);
  await paletteFinds(page, search, 'bill', ['Purchase Journal']);
  await paletteFinds(page, search, 'invoice', ['Purchase Journal', 'AR Sales Order Entry']);
  await paletteFinds(page, search, 'customer invoice', ['AR Sales Order Entry']);
});

test('fr-CA: « facture fournisseur » finds the Journal des achats, « facture client » the AR invoice screen', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/novus-ap');
  await inLanguage(page, 'fr-CA');
  await expect(await filtered(page, '/novus-ap', 'Filtrer les menus', 'facture fournisseur')).toContainText(['Journal des achats']);
  const search = 'Rechercher des écrans, documents, entreprises, produits et employés';
  await paletteFinds(page, search, 'facture fournisseur', ['Journal des achats']);
  await paletteFinds(page, search, 'facture client', ['Saisie des commandes clients CC']);
});
