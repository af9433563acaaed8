/**
 * Change password (§1 user menu, /shell/change-password) end to end against the embedded provider.
 *
 * The demo users are shared by every test of a run (one server, one database per run), and their demo
 * passwords ('clerk', …) are shorter than the provider's policy allows, so a password changed here cannot
 * be changed back through the API. The test that really changes `clerk`'s password therefore saves the
 * stored hash from the run's SQLite database first and writes it back when it ends, pass or fail
 * (`restoringPassword`). The database is the one playwright.config.ts gives the server of this test's lane:
 * `.test-data/e2e-<the lane's port>/erp.sqlite`.
 */
import { openSqlite, pragma } from '../../server/src/db/sqlite.ts';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from './fixtures.ts';
import { signIn } from './helpers.ts';

const ROUTE = '/shell/change-password';
const NEW_PASSWORD = 'Tremblay-2025x';
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Runs `body`, then puts the user's stored password hash back as it was before. */
async function restoringPassword(userId: string, body: () => Promise<void>): Promise<void> {
  const databaseFile = `${repoRoot}.test-data/e2e-${new URL(test.info().project.use.baseURL!).port}/erp.sqlite`;
  if (!existsSync(databaseFile)) {
    throw new Error(`${databaseFile} not found: this test needs the SQLite database playwright.config.ts sets up`);
  }
  const read = openSqlite(databaseFile, { readOnly: true });
  const saved = read.prepare('SELECT password_hash FROM users WHERE user_id = ?').get(userId) as { password_hash: string } | undefined;
  read.close();
  if (!saved) throw new Error(`user ${userId} not found in ${databaseFile}`);
  try {
    await body();
  } finally {
    const write = openSqlite(databaseFile);
    pragma(write, 'busy_timeout = 5000');
    write.prepare('UPDATE users SET password_hash = ? WHERE user_id = ?').run(saved.password_hash, userId);
    write.close();
  }
}

/**
 * Opens Change Password from the user menu: the shell shows `@erp/shell-admin#ChangePassword` in a dialog
 * (every user has it there, while the /shell/change-password route belongs to shell administration).
 */
async function openFromUserMenu(page: Page, displayName: string) {
  const topBar = page.locator('erp-top-bar');
  await topBar.getByRole('button', { name: displayName }).click();
  await topBar.getByRole('menuitem', { name: 'Change Password' }).click();
  const dialog = page.locator('erp-dialog[data-dialog="screen"]');
  await expect(dialog.getByRole('dialog')).toBeVisible();
  const screen = dialog.locator('[data-screen="change-password"]');
  await expect(screen.getByLabel('Current password')).toBeVisible();
  return { dialog, screen };
}

test('clerk changes the password: every refusal is explained, the new password signs in', async ({ page }) => {
  await restoringPassword('clerk', async () => {
    await signIn(page, 'clerk', 'clerk');
    const { dialog, screen } = await openFromUserMenu(page, 'Marc-André Tremblay');
    await expect(dialog.getByRole('heading', { name: 'Change Password' })).toBeVisible();
    // The dialog's heading names the screen: the screen does not repeat it.
    await expect(screen.getByRole('heading', { name: 'Change Password' })).toHaveCount(0);
    const current = screen.getByLabel('Current password');
    const next = screen.getByLabel('New password', { exact: true });
    const confirm = screen.getByLabel('Confirm new password');
    const submit = screen.getByRole('button', { name: 'Change password', exact: true });
    await expect(current).toHaveAttribute('autocomplete', 'current-password');
    await expect(next).toHaveAttribute('autocomplete', 'new-password');
    await expect(confirm).toHaveAttribute('autocomplete', 'new-password');

    // The provider's rules, from the API.
    const rules = screen.locator('[data-rule]');
    await expect(rules.filter({ hasText: 'have at least 10 characters' })).toHaveCount(1);
    await expect(rules.filter({ hasText: 'contain at least one digit' })).toHaveCount(1);

    // Nothing typed: Enter submits; every field says what it needs; the focus is on the first.
    await current.press('Enter');
    await expect(screen.getByText('Enter your current password.')).toBeVisible();
    await expect(screen.getByText('Enter a new password.')).toBeVisible();
    await expect(screen.getByText('Enter the new password again.')).toBeVisible();
    await expect(screen.getByRole('alert')).toHaveText('The password was not changed. Correct the fields marked below.');
    await expect(current).toBeFocused();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    // Issue 16: the fields are Shoelace's; a problem is the input's help text, so it describes the input.
    await expect(screen.locator('sl-input')).toHaveCount(3);
    await expect(current).toHaveAccessibleDescription('Enter your current password.');
    await expect(next).toHaveAccessibleDescription(/^Enter a new password\./);

    // Wrong current password (the server's verdict): the message is at that field, which is focused; nothing typed is lost.
    await current.fill('not-my-password');
    await next.fill(NEW_PASSWORD);
    await confirm.fill(NEW_PASSWORD);
    await confirm.press('Enter');
    await expect(screen.getByText('The current password is not correct.')).toBeVisible();
    await expect(current).toBeFocused();
    await expect(current).toHaveValue('not-my-password');
    await expect(next).toHaveValue(NEW_PASSWORD);
    await expect(confirm).toHaveValue(NEW_PASSWORD);

    // Confirmation that does not match.
    await current.fill('clerk');
    await confirm.fill(`${NEW_PASSWORD}y`);
    await submit.click();
    await expect(screen.getByText('The new password and its confirmation do not match.')).toBeVisible();
    await expect(confirm).toBeFocused();

    // Passwords the policy refuses.
    await next.fill('short1');
    await confirm.fill('short1');
    await submit.click();
    await expect(screen.getByText('The new password must be at least 10 characters long.')).toBeVisible();
    await expect(next).toBeFocused();
    await next.fill('clerk');
    await confirm.fill('clerk');
    await submit.click();
    await expect(screen.getByText('The new password must not be your user name.')).toBeVisible();
    await expect(screen.getByText('The new password must be different from the current password.')).toBeVisible();

    // Success: the fields are emptied (they would hold a password in use), the dialog closes without asking.
    await next.fill(NEW_PASSWORD);
    await confirm.fill(NEW_PASSWORD);
    await confirm.press('Enter');
    await expect(screen.getByRole('status').filter({ hasText: 'Your password was changed.' })).toBeVisible();
    await expect(current).toHaveValue('');
    await expect(next).toHaveValue('');
    await expect(confirm).toHaveValue('');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog.getByRole('dialog')).toBeHidden();

    // Sign out; the old password no longer signs in, the new one does.
    const topBar = page.locator('erp-top-bar');
    await topBar.getByRole('button', { name: 'Marc-André Tremblay' }).click();
    await topBar.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.getByLabel('Username').fill('clerk');
    await page.getByLabel('Password').fill('clerk');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Invalid username or password.')).toBeVisible();
    await signIn(page, 'clerk', NEW_PASSWORD);
    await expect(page.locator('erp-top-bar').getByRole('button', { name: 'Marc-André Tremblay' })).toBeVisible();
  });
});

test('closing with typed input asks first in the shell dialog; Stay keeps it, Discard closes', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  const { dialog, screen } = await openFromUserMenu(page, 'Dana Whitfield');
  const close = dialog.getByRole('button', { name: 'Close', exact: true });
  const question = page.locator('erp-dialog[data-dialog="question"]');

  // Nothing typed: closes without a question.
  await close.click();
  await expect(dialog.getByRole('dialog')).toBeHidden();

  await openFromUserMenu(page, 'Dana Whitfield');
  await screen.getByLabel('Current password').fill('something');
  await close.click();
  await expect(question.getByRole('heading', { name: 'Discard what you typed?' })).toBeVisible();
  await expect(question.getByText('Nothing you typed in the password fields is saved. If you close now, it is lost.')).toBeVisible();
  // The safe answer is the default one.
  await expect(question.getByRole('button', { name: 'Stay on this page' })).toBeFocused();
  await question.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(question.getByRole('dialog')).toBeHidden();
  await expect(screen.getByLabel('Current password')).toHaveValue('something');

  // Escape is "stay" too.
  await close.click();
  await expect(question.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(question.getByRole('dialog')).toBeHidden();
  await expect(screen.getByLabel('Current password')).toHaveValue('something');

  await close.click();
  await question.getByRole('button', { name: 'Discard and close' }).click();
  await expect(dialog.getByRole('dialog')).toBeHidden();
  await expect(page.locator('[data-screen="change-password"]')).toHaveCount(0);
});

test('too many wrong current passwords is a summary alert with the wait, and the focus goes to it', async ({ page }) => {
  await signIn(page, 'clerk', 'clerk');
  await page.route('**/api/shell/change-password', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      headers: { 'retry-after': '540' },
      body: JSON.stringify({
        ResultStatus: 2,
        ResultCode: 'too_many_attempts',
        Message: 'Too many wrong current passwords. Try again later.',
        EntityId: null,
        Exception: null,
        Data: { retryAfterSeconds: 540 },
      }),
    }),
  );
  const { screen } = await openFromUserMenu(page, 'Marc-André Tremblay');
  await screen.getByLabel('Current password').fill('clerk');
  await screen.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await screen.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await screen.getByRole('button', { name: 'Change password', exact: true }).click();
  const alert = screen.getByRole('alert');
  await expect(alert).toHaveText('Too many wrong current passwords. Try again in 9 min.');
  await expect(alert).toBeFocused();
  // No generic §8 alert on top of the screen's own message (the call is quiet).
  await expect(page.getByText(/Unknown error on/)).toHaveCount(0);
  await expect(screen.getByLabel('Current password')).toHaveValue('clerk');
});

test('with an external identity provider the route links to its account page instead of the form', async ({ page }) => {
  // The shell page carries its configuration inline (#erp-shell-config): rewrite it in the page. The sign-in
  // callback arrives as a redirect, which routes do not see: the page is loaded again after signing in.
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      const answer = await route.fetch();
      const html = (await answer.text()).replace(
        /(<script type="application\/json" id="erp-shell-config">)(.*?)(<\/script>)/s,
        (_all, open: string, json: string, close: string) => {
          const config = JSON.parse(json) as Record<string, unknown>;
          const external = { ...config, accountUrl: 'https://id.example.com/realms/erp/account', embeddedProvider: false };
          return `${open}${JSON.stringify(external).replace(/</g, '\\u003c')}${close}`;
        },
      );
      await route.fulfill({ response: answer, body: html });
    },
  );
  await signIn(page, 'admin', 'admin', `#${ROUTE}`);
  await page.reload();
  const screen = page.locator('[data-screen="change-password"]');
  await expect(screen).toHaveAttribute('data-mode', 'external');
  await expect(screen.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  const link = screen.getByRole('link', { name: "Change your password on the provider's account page (opens in a new tab)" });
  await expect(link).toHaveAttribute('href', 'https://id.example.com/realms/erp/account');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(screen.getByLabel('Current password')).toHaveCount(0);
});
