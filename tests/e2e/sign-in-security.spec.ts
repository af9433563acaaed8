/**
 * Issue #11 item 2 end to end: guessing passwords at the real login page is stopped with a clear message,
 * a real user still signs in from the same browser, and an administrator reads every attempt in the
 * sign-in log screen (/shell/sign-in-log, the generic entity list). The guessed name exists nowhere, so no
 * other spec's user is locked by this one.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';

const GUESSED = 'intruder-e2e';

test('password guessing is throttled with a clear message and shows in the sign-in log', async ({ page }) => {
  await page.goto('/');
  for (let i = 0; i < 5; i++) {
    await page.getByLabel('Username').fill(GUESSED);
    await page.getByLabel('Password').fill(`guess-${i}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
  }
  await page.getByLabel('Username').fill(GUESSED);
  await page.getByLabel('Password').fill('guess-5');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Too many sign-in attempts');

  // The throttle is per user name: the real user signs in from this very browser.
  await page.context().clearCookies();
  await signIn(page, 'admin', 'admin', '#/shell/sign-in-log');
  const rows = page.locator('[role="grid"] [role="row"][data-row-id]').filter({ hasText: GUESSED });
  await expect(rows).toHaveCount(6);
  await expect(rows.filter({ hasText: 'Too many attempts' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Refused' })).toHaveCount(5);
});
