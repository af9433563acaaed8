/**
 * Issue 16: import-map-overrides in development. A developer with `localStorage.devtools` set gets the
 * library (from this server, in its server-cookie mode); an override points one module (`@erp/home`) at a
 * "local Vite dev server" (http://localhost:5173, answered here by the test from the built files), and the
 * next load runs HOME from there — with the strict CSP allowing just that origin. (Refusal with
 * NODE_ENV=production: server/test/import-map-overrides.test.ts.)
 */
import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';
import { screenOf } from './shell-helpers.ts';

const DEV_SERVER = 'http://localhost:5173';

test('an override set in the browser loads one module from a local dev server on the next load', async ({ page, baseURL }) => {
  const served: string[] = [];
  // The dev server: the built HOME module, marked so the test can tell where it came from.
  await page.route(`${DEV_SERVER}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    served.push(path);
    const original = await route.fetch({ url: `${baseURL}/apps/home${path}` });
    const body = `${await original.text()}\nglobalThis.__homeFromDevServer = true;\n`;
    await route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body, headers: { 'access-control-allow-origin': '*' } });
  });
  await signIn(page, 'admin', 'admin', '#/');
  await page.evaluate(() => localStorage.setItem('devtools', 'true'));
  await page.reload();
  await expect(screenOf(page, '/').locator('.erp-ui-tile').first()).toBeVisible();
  await page.waitForFunction(() => 'importMapOverrides' in window);
  await expect(page.locator('import-map-overrides-full')).toHaveCount(1);

  await page.evaluate((url) => {
    (window as unknown as { importMapOverrides: { addOverride(name: string, url: string): void } }).importMapOverrides.addOverride('@erp/home', url);
  }, `${DEV_SERVER}/home.js`);
  const response = await page.reload();
  const csp = response!.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(new RegExp(`script-src [^;]*${DEV_SERVER}`));
  await expect(screenOf(page, '/').locator('.erp-ui-tile').first()).toBeVisible();
  expect(await page.evaluate(() => (globalThis as { __homeFromDevServer?: boolean }).__homeFromDevServer)).toBe(true);
  expect(served).toContain('/home.js');

  // Removing the override goes back to the built module (the library loads when the page is idle).
  await page.waitForFunction(() => 'importMapOverrides' in window);
  await page.evaluate(() => {
    (window as unknown as { importMapOverrides: { removeOverride(name: string): void } }).importMapOverrides.removeOverride('@erp/home');
  });
  await page.reload();
  await expect(screenOf(page, '/').locator('.erp-ui-tile').first()).toBeVisible();
  expect(await page.evaluate(() => (globalThis as { __homeFromDevServer?: boolean }).__homeFromDevServer)).toBeUndefined();
});
