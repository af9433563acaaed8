/** Shared steps of the end-to-end tests: real sign-in through the embedded provider's login page. */
import { expect, type Page } from '@playwright/test';

/** Opens the shell (optionally at a hash route) and signs in through the real login page. */
export async function signIn(page: Page, username: string, password: string, hash = '#/') {
  await page.goto(`/${hash}`);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('erp-top-bar')).toBeVisible();
  // The top bar renders before the callback's token exchange completes: wait for the stored user.
  await page.waitForFunction(() => Object.keys(localStorage).some((key) => key.startsWith('oidc.user:')));
}

/** The bearer token the shell holds for the signed-in user (oidc-client-ts keeps it in localStorage). */
export async function accessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      if (key.startsWith('oidc.user:')) return JSON.parse(localStorage.getItem(key)!).access_token as string;
    }
    throw new Error('no signed-in user in localStorage');
  });
}
