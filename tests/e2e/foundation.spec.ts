/**
 * The walking skeleton end to end: real sign-in through the embedded provider, the shell data from the
 * server in the Lit top bar, React micro-apps mounted through the import map with one shared React.
 */
import { expect, test } from '@playwright/test';
import { accessToken, signIn } from './helpers.ts';

test('admin signs in through the login page and sees HOME and every application', async ({ page, request }) => {
  await signIn(page, 'admin', 'admin');
  const topBar = page.locator('erp-top-bar');
  await expect(topBar.getByRole('tab', { name: 'HOME' })).toBeVisible();

  // The Applications menu lists exactly what the server returns for this user.
  const token = await accessToken(page);
  const answer = await request.get('/api/shell/applications', { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(200);
  const applications = (await answer.json()) as { Application: string; Description: string }[];
  expect(applications.length).toBe(14);

  await topBar.getByRole('button', { name: 'Applications' }).click();
  const items = topBar.getByRole('menuitem');
  await expect(items).toHaveCount(applications.length);
  for (const application of applications) {
    await expect(items.filter({ hasText: application.Description })).toHaveCount(1);
  }
});

test('#/novus-gl mounts the accounting React micro-app with the General Ledger launchpad', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/novus-gl');
  const app = page.locator('[data-micro-app="@erp/accounting"]');
  await expect(app).toBeVisible();
  // The launchpad shows the application's menus from the server.
  await expect(app.getByRole('link', { name: 'GL Chart of Accounts' }).first()).toBeVisible();
  await expect(page.locator('erp-top-bar').getByRole('tab', { name: /General Ledger/ })).toBeVisible();
});

test('staff never see the Switch Account link (portal users only), wherever they go in the shell', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  const topBar = page.locator('erp-top-bar');
  const switchAccount = topBar.getByRole('button', { name: 'Switch Account' });
  // The signed-in top bar is complete: the user menu and the Applications menu are there.
  await expect(topBar.getByRole('button', { name: 'Dana Whitfield' })).toBeVisible();
  await expect(topBar.getByRole('button', { name: 'Applications' })).toBeVisible();
  await expect(switchAccount).toHaveCount(0);
  await expect(topBar.locator('[part="switch-account"]')).toHaveCount(0);
  await expect(page.getByText('Switch Account')).toHaveCount(0);

  // Nor on an application, nor on the portal's own pages, nor after a reload.
  for (const [hash, application] of [
    ['#/novus-gl', 'General Ledger'],
    ['#/portal', 'Customer ordering portal'],
  ] as const) {
    await page.evaluate((target) => (window.location.hash = target), hash);
    await expect(topBar.getByRole('tab', { name: application })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { level: 1, name: application, exact: true })).toBeVisible();
    await expect(switchAccount).toHaveCount(0);
  }
  await page.reload();
  await expect(topBar.getByRole('button', { name: 'Dana Whitfield' })).toBeVisible();
  await expect(switchAccount).toHaveCount(0);
  await expect(page.getByText('Switch Account')).toHaveCount(0);
});

test('clerk sees only Order Entry and Inventory Control', async ({ page }) => {
  await signIn(page, 'clerk', 'clerk');
  const topBar = page.locator('erp-top-bar');
  await topBar.getByRole('button', { name: 'Applications' }).click();
  const items = topBar.getByRole('menuitem');
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: 'Order Entry' })).toHaveCount(1);
  await expect(items.filter({ hasText: 'Inventory Control' })).toHaveCount(1);
});

test('a wrong password does not sign in', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid username or password.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('erp-top-bar')).toHaveCount(0);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('oidc.user:')))).toEqual([]);
});

test('two micro-apps mounted on one page share one React and one single-spa', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/novus-gl');
  await expect(page.locator('[data-micro-app="@erp/accounting"]')).toBeVisible();

  // Mount the inventory micro-app's screen beside it as a parcel — the way the shell mounts screens in tabs
  // (micro-app modules export screens as parcel configs; they are not single-spa applications).
  await page.evaluate(async () => {
    const load = (specifier: string) => import(/* @vite-ignore */ specifier);
    const singleSpa = await load('single-spa');
    const inventory = await load('@erp/inventory');
    const domElement = document.createElement('div');
    document.body.append(domElement);
    const parcel = singleSpa.mountRootParcel(inventory.ApplicationHome, {
      domElement,
      path: '/novus-ic',
      application: 'NOVUS-IC',
    });
    await parcel.mountPromise;
  });
  await expect(page.locator('[data-micro-app="@erp/inventory"]')).toBeVisible();
  await expect(page.locator('[data-micro-app="@erp/accounting"]')).toBeVisible();

  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.endsWith('.js')),
  );
  const importMap = await page.evaluate(
    () => JSON.parse(document.querySelector('script[type="importmap"]')!.textContent!).imports as Record<string, string>,
  );
  // The page's import map carries versioned URLs (`/vendor/react.js?v=…`): compare the paths.
  for (const specifier of ['react', 'react-dom/client', 'single-spa']) {
    const path = new URL(importMap[specifier]!, 'http://page/').pathname;
    expect(scripts.filter((script) => script === path)).toHaveLength(1);
  }
  // No script outside the vendor folder carries React's element symbol: no second React was bundled.
  const bundles = scripts.filter((path) => !path.startsWith('/vendor/'));
  for (const path of new Set(bundles)) {
    const code = await (await page.request.get(path)).text();
    expect(code, `${path} bundles React`).not.toContain('react.transitional.element');
    expect(code, `${path} bundles single-spa`).not.toContain('single-spa minified message');
  }
});
