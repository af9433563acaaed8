/**
 * Issue 16 (items 3 and 7): a portal customer sees the portal navigation once — in the portal bar, not again
 * in a menu bar under it — in their language, and never staff tabs, staff menus or the tenant's database
 * details (top bar, About).
 */
import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';
import { chooseLanguage, menuBar, tabBar, topBar } from './shell-helpers.ts';

test('a portal customer sees the portal navigation once, in French too, and no staff chrome or database details', async ({ page }) => {
  await signIn(page, 'portal', 'portal');
  await expect(page).toHaveURL(/#\/portal\/order$/);
  const portalBar = page.locator('erp-portal-bar');
  const nav = portalBar.getByRole('navigation', { name: 'Portal' });
  await expect(nav.getByRole('link')).toHaveText([/^Home/, /^My Orders/, /^Invoices/, /^Notifications/, /^Cart/]);
  await expect(page.locator('[data-portal-screen="order"]:visible')).toBeVisible();

  // Once: nothing else on the page offers the same screens.
  await expect(page.getByRole('link', { name: /^My Orders/ })).toHaveCount(1);
  await expect(page.getByRole('menuitem', { name: /My Orders/ })).toHaveCount(0);
  await expect(menuBar(page)).toBeHidden();
  await expect(tabBar(page)).toBeHidden();

  // No staff tabs, no Applications menu, no environment label with the tenant's database.
  await expect(topBar(page).getByRole('tablist')).toHaveCount(0);
  await expect(topBar(page).getByRole('button', { name: 'Applications' })).toHaveCount(0);
  await expect(topBar(page).locator('[part="environment"]')).toHaveCount(0);
  await expect(topBar(page).getByRole('button', { name: 'Switch Account' })).toBeVisible();

  // About: the release, never the database server or database.
  await topBar(page).locator('[part="user-button"]').click();
  await topBar(page).getByRole('menuitem', { name: 'About' }).click();
  const about = page.locator('erp-dialog[data-dialog="about"]');
  await expect(about.getByRole('dialog')).toBeVisible();
  await expect(about.locator('erp-about')).toContainText('Release');
  await expect(about.locator('erp-about')).not.toContainText('Database');
  await about.getByRole('button', { name: 'Close' }).click();
  await expect(about.getByRole('dialog')).toBeHidden();

  // In French: the one navigation is French, and no English name of it is left anywhere.
  await chooseLanguage(page, 'Français (Canada)');
  const navFr = portalBar.getByRole('navigation', { name: 'Portail' });
  await expect(navFr.getByRole('link')).toHaveText([/^Accueil/, /^Mes commandes/, /^Factures/, /^Notifications/, /^Panier/]);
  await expect(page.getByText('My Orders', { exact: true }).filter({ visible: true })).toHaveCount(0);
  await expect(page.getByText('Cart', { exact: true }).filter({ visible: true })).toHaveCount(0);
  await expect(menuBar(page)).toBeHidden();

  // Back to English for the other tests' accounts.
  const restored = page.waitForRequest((request) => request.url().endsWith('/api/shell_init/locale'));
  await chooseLanguage(page, 'English (Canada)');
  await restored;
});
