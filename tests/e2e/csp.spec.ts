/**
 * The shell's strict Content-Security-Policy holds in use: the normal flows (sign-in, applications, menus,
 * tabs, palette, About, a list screen, Change Password, a language switch, the portal, the steel frame) cause
 * zero CSP violations, and the header itself has no escape hatches.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';
import { chooseLanguage } from './shell-helpers.ts';

/** Records every CSP violation of every document of the page, and Chromium's console refusals. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} in ${event.documentURI}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('the shell header is strict: no unsafe-inline or unsafe-eval, the import map allowed by its hash', async ({ page }) => {
  const response = await page.goto('/');
  const policy = response!.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("default-src 'self'");
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).not.toContain('unsafe-eval');
  expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("base-uri 'none'");
  expect(policy).toMatch(/frame-ancestors /);
});

test('signing in and working through the shell causes no CSP violation', async ({ page }) => {
  const violations = await watchViolations(page);
  await signIn(page, 'admin', 'admin', '#/novus-gl');
  const topBar = page.locator('erp-top-bar');
  await expect(page.locator('erp-menu-bar')).toBeVisible();
  await page.locator('erp-menu-bar').getByRole('menuitem').first().click();
  await page.keyboard.press('Escape');
  await page.evaluate(() => {
    window.location.hash = '#/novus-ar';
  });
  await expect(topBar.getByRole('tab', { name: /Accounts Receivable/ })).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(page.locator('erp-command-palette')).toHaveAttribute('open', '');
  await page.keyboard.press('Escape');
  await topBar.getByRole('button', { name: /Dana Whitfield/ }).click();
  await topBar.getByRole('menuitem', { name: 'About' }).click();
  await expect(page.locator('erp-dialog[data-dialog="about"]')).toHaveAttribute('open', '');
  await page.keyboard.press('Escape');
  await page.evaluate(() => {
    window.location.hash = '#/';
  });
  await expect(page.locator('.erp-tab-screen[data-tab-path="/"] .erp-ui-tile').first()).toBeVisible();
  expect(violations).toEqual([]);
});

test('a list screen, a tab closed, Change Password, a language switched and back, and the portal cause no CSP violation', async ({
  page,
  browser,
}) => {
  const violations = await watchViolations(page);
  await signIn(page, 'admin', 'admin', '#/novus-ar/firm-maintenance');
  const topBar = page.locator('erp-top-bar');
  const list = page.locator('.erp-tab-screen[data-tab-path="/novus-ar/firm-maintenance"]');
  await expect(list.locator('[role="grid"] [role="row"][data-row-id]').first()).toBeVisible();
  await page.locator('erp-tab-bar').getByRole('button', { name: /^Close / }).first().click();
  await expect(page).toHaveURL(/#\/novus-ar$/);

  await topBar.getByRole('button', { name: /Dana Whitfield/ }).click();
  await topBar.getByRole('menuitem', { name: 'Change Password' }).click();
  const dialog = page.locator('erp-dialog[data-dialog="screen"]');
  await expect(dialog.locator('[data-screen="change-password"]').getByLabel('Current password')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('dialog')).toBeHidden();

  await chooseLanguage(page, 'Français (Canada)');
  await expect(topBar.getByRole('tab', { name: 'ACCUEIL' })).toBeVisible();
  await chooseLanguage(page, 'English (Canada)');
  await expect(topBar.getByRole('tab', { name: 'HOME' })).toBeVisible();

  // The portal: its own chrome (logo, navigation, badges) and screens.
  const portalContext = await browser.newContext();
  try {
    const portal = await portalContext.newPage();
    const portalViolations = await watchViolations(portal);
    await signIn(portal, 'portal', 'portal', '#/');
    const navigation = portal.locator('erp-portal-bar').getByRole('navigation', { name: 'Portal' });
    for (const name of [/^My Orders/, /^Notifications/, /^Cart/, /^Home/]) {
      await navigation.getByRole('link', { name }).click();
      await expect(portal.locator('.erp-tab-screen:not([hidden]) :is(h1, h2)').first()).toBeVisible();
    }
    expect(portalViolations).toEqual([]);
  } finally {
    await portalContext.close();
  }
  expect(violations).toEqual([]);
});

test('the steel user sees the framed partner page without any CSP violation', async ({ page }) => {
  const violations = await watchViolations(page);
  await signIn(page, 'steel', 'steel', '#/resteel-oe/resteel');
  const frame = page.frameLocator('iframe').first();
  await expect(frame.locator('#received li[data-name="VerifyReSteelSndUser"]')).toHaveCount(1);
  expect(violations).toEqual([]);
});
