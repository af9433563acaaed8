/**
 * Issue 69 item 3: a portal page asks for its first screen's modules (the portal's screens, React, @erp/ui) with the
 * boot's — at a portal address, and on the sign-in callback of a portal customer (marked by the server's login:
 * server/src/static/portal-sign-in.ts) — not once the start-up calls have named a customer; a staff member's
 * sign-in never asks for them.
 */
import { expect, test, type Page } from '@playwright/test';

const PORTAL_SCREENS = /\/apps\/portal\/portal\.js/;
const REACT_DOM = /\/vendor\/react-dom-client\.js/;
const PROFILE_CALL = /\/api\/shell\/profile/;

/** The paths of the page's requests, in the order they were made. */
function requestLog(page: Page): string[] {
  const log: string[] = [];
  page.on('request', (request) => log.push(new URL(request.url()).pathname));
  return log;
}

const firstIndex = (log: string[], pattern: RegExp) => log.findIndex((path) => pattern.test(path));

async function signInThroughForm(page: Page, user: string): Promise<void> {
  await page.goto('/#/');
  await page.getByLabel('Username').fill(user);
  await page.getByLabel('Password').fill(user);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a portal customer\'s sign-in callback asks for the portal\'s screens with the boot, before the start-up calls', async ({ page }) => {
  const log = requestLog(page);
  await signInThroughForm(page, 'portal');
  await expect(page.locator('[data-portal-screen="order"]:visible')).toBeVisible();
  const callback = log.indexOf('/auth/callback');
  expect(callback).toBeGreaterThanOrEqual(0);
  const afterCallback = log.slice(callback);
  expect(firstIndex(afterCallback, PORTAL_SCREENS)).toBeGreaterThan(0);
  expect(firstIndex(afterCallback, REACT_DOM)).toBeGreaterThan(0);
  expect(firstIndex(afterCallback, PORTAL_SCREENS)).toBeLessThan(firstIndex(afterCallback, PROFILE_CALL));
  expect(firstIndex(afterCallback, REACT_DOM)).toBeLessThan(firstIndex(afterCallback, PROFILE_CALL));

  // Signed in, at a portal address: the same, from the page's own address.
  const second = await page.context().newPage();
  const reload = requestLog(second);
  await second.goto('/#/portal/cart');
  await expect(second.locator('[data-portal-screen="cart"]:visible')).toBeVisible();
  expect(firstIndex(reload, PORTAL_SCREENS)).toBeGreaterThan(0);
  expect(firstIndex(reload, PORTAL_SCREENS)).toBeLessThan(firstIndex(reload, PROFILE_CALL));
});

test('a staff member\'s sign-in asks for no portal screen', async ({ page }) => {
  const log = requestLog(page);
  await signInThroughForm(page, 'admin');
  await expect(page.locator('.erp-tab-screen[data-tab-path="/"]:not([hidden]) .erp-ui-tile').first()).toBeVisible();
  expect(log).toContain('/auth/callback');
  expect(firstIndex(log, PORTAL_SCREENS)).toBe(-1);
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
  expect(log.filter((path) => path.endsWith('.webmanifest') || path.endsWith('favicon.svg'))).toEqual([]);
});

const STAFF_ELEMENTS = /\/elements\/(staff|shell-elements)\.js/;
const HOME_MODULES = /\/apps\/home\//;
const PORTAL_STYLES = /\/apps\/portal\/portal\.css/;

test('a portal page boots without the staff chrome: no staff elements or HOME before its first screen, portal.css with the boot', async ({ page }) => {
  await signInThroughForm(page, 'portal');
  await expect(page.locator('[data-portal-screen="order"]:visible')).toBeVisible();

  const second = await page.context().newPage();
  const log = requestLog(second);
  await second.goto('/#/portal/order');
  await expect(second.locator('[data-portal-screen="order"] tr[data-sku]').first()).toBeVisible();
  // Drawn without them (About and the palette load them on first use).
  const shown = [...log];
  expect(firstIndex(shown, STAFF_ELEMENTS)).toBe(-1);
  expect(firstIndex(shown, HOME_MODULES)).toBe(-1);
  // The stylesheet travels with the boot: asked for once, before the start-up calls.
  expect(shown.filter((path) => PORTAL_STYLES.test(path))).toHaveLength(1);
  expect(firstIndex(shown, PORTAL_STYLES)).toBeLessThan(firstIndex(shown, PROFILE_CALL));
  // The portal chrome works on: the account menu is the top bar's (the chrome part of the elements).
  await expect(second.locator('erp-portal-bar')).toBeVisible();
  // Installable: the web app manifest is linked for the customer (not on a staff page, nor before sign-in).
  await expect(second.locator('head link[rel="manifest"]')).toHaveAttribute('href', /^\/root-config\/manifest\.webmanifest\?v=/);
});

test('a staff page still gets its menu bar: the staff elements load beside the boot', async ({ page }) => {
  const log = requestLog(page);
  await signInThroughForm(page, 'admin');
  await expect(page.locator('.erp-tab-screen[data-tab-path="/"]:not([hidden]) .erp-ui-tile').first()).toBeVisible();
  expect(firstIndex(log, STAFF_ELEMENTS)).toBeGreaterThan(0);
  expect(firstIndex(log, STAFF_ELEMENTS)).toBeLessThan(firstIndex(log, PROFILE_CALL));
});
