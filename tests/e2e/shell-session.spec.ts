/**
 * Sign-in lifecycle (§4 first navigation, §7, §9), the profile's landing page and showMenus, and the §8
 * error catalogue as a user sees it in the shell.
 */
import { expect, test, type Page } from './fixtures.ts';
import { accessToken, shellCallStatus, signIn, storedAccessToken } from './helpers.ts';
import { chooseMenu, expectNotReloaded, goTo, markPage, menuBar, settled, tabBar, topBar } from './shell-helpers.ts';

/**
 * Marks the stored oidc-client-ts user as expired; its refresh token stays valid unless `refreshToken`
 * replaces it. The shell keeps the user in IndexedDB (the source of truth) and mirrors it to localStorage.
 */
function expireStoredUser(page: Page, refreshToken?: string): Promise<void> {
  return editStoredUser(page, { expire: true, ...(refreshToken ? { refreshToken } : {}) });
}

/**
 * Changes the stored user: expires it, and/or replaces its refresh token (null removes it), and/or gives it a
 * session_state.
 */
async function editStoredUser(page: Page, change: { expire: boolean; refreshToken?: string | null; sessionState?: string }): Promise<void> {
  await page.evaluate(async ({ expire, refreshToken: replacement, sessionState }) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open('erp-session', 1);
      opening.onupgradeneeded = () => opening.result.createObjectStore('users');
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      if (!key.startsWith('oidc.user:')) continue;
      const user = JSON.parse(localStorage.getItem(key)!);
      if (expire) user.expires_at = Math.floor(Date.now() / 1000) - 60;
      if (replacement === null) delete user.refresh_token;
      else if (replacement) user.refresh_token = replacement;
      if (sessionState) user.session_state = sessionState;
      const value = JSON.stringify(user);
      await new Promise<void>((resolve, reject) => {
        const transaction = db.transaction('users', 'readwrite');
        transaction.objectStore('users').put(value, key);
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error);
      });
      localStorage.setItem(key, value);
    }
    db.close();
  }, change);
}

/** A pattern matching `text` as it is. */
const literally = (text: string): RegExp => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** Records the token endpoint's answers: grant type and status. */
function watchTokenCalls(page: Page): { grant: string; status: number }[] {
  const calls: { grant: string; status: number }[] = [];
  page.on('response', (response) => {
    if (!response.url().endsWith('/oidc/token')) return;
    const grant = new URLSearchParams(response.request().postData() ?? '').get('grant_type') ?? '';
    calls.push({ grant, status: response.status() });
  });
  return calls;
}

/** The refresh tokens sent to the token endpoint by a page, in order (the `refresh_token` form field). */
function watchRefreshTokensSent(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/oidc/token')) return;
    const form = new URLSearchParams(request.postData() ?? '');
    if (form.get('grant_type') === 'refresh_token') sent.push(form.get('refresh_token') ?? '');
  });
  return sent;
}

/**
 * The documents the main frame loads, by path: the first load and every reload or redirect is one, a hash
 * change none (a `framenavigated` event comes for both, so it cannot tell a reload from a hash change).
 */
function watchDocuments(page: Page): string[] {
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents.push(new URL(request.url()).pathname);
  });
  return documents;
}

/**
 * Resolves once no renewal of this browser is running or waiting in `tab`'s origin: the page takes the shell's
 * cross-tab renewal lock (@erp/shared RENEWAL_LOCK) and gives it back, twice — a reload the shell starts when a
 * renewal ends asks for the lock before the first grant comes, so the second waits for it, and since that reload
 * keeps the lock until the page unloads, a reload in the making fails this call instead of slipping past it.
 */
async function renewalsDone(tab: Page): Promise<void> {
  await tab.evaluate(async () => {
    const { RENEWAL_LOCK } = (await import('@erp/shared' as string)) as { RENEWAL_LOCK: string };
    for (let round = 0; round < 2; round++) await navigator.locks.request(RENEWAL_LOCK, () => undefined);
  });
}

/** Whether a renewal waits for the cross-tab renewal lock in `tab`'s origin (another tab holds it). */
function renewalWaiting(tab: Page): Promise<boolean> {
  return tab.evaluate(async () => {
    const { RENEWAL_LOCK } = (await import('@erp/shared' as string)) as { RENEWAL_LOCK: string };
    return ((await navigator.locks.query()).pending ?? []).some((lock) => lock.name === RENEWAL_LOCK);
  });
}

/**
 * Waits until the shell reloaded by its renewal in `tab` has shown its first screen: the background renewal of
 * the live session starts then (root-config marks it 'erp:boot-first-screen').
 */
async function reloadedFirstScreen(tab: Page): Promise<void> {
  await tab.waitForFunction(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return navigation?.type === 'reload' && performance.getEntriesByName('erp:boot-first-screen').length > 0;
  });
}

test('an expired session with a refresh token is renewed silently on arrival, then the page reloads once', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/novus-gl');
  const before = await storedAccessToken(page);
  await expireStoredUser(page);
  const calls = watchTokenCalls(page);
  const documents = watchDocuments(page);
  await page.reload();
  await expect(topBar(page).getByRole('tab', { name: 'General Ledger' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  // §4 step 4: renewed because expired, then exactly one reload (the page.reload() above is the first
  // document, the shell's reload the second); the reloaded arrival renews again in the background (a
  // refresh token and not coming from the callback) — every renewal accepted.
  await expect.poll(() => documents).toEqual(['/', '/']);
  await expect.poll(() => calls.filter((call) => call.grant === 'refresh_token').length).toBe(2);
  expect(calls.every((call) => call.status === 200), JSON.stringify(calls)).toBe(true);
  expect(await storedAccessToken(page)).not.toBe(before);
  expect(page.url()).toContain('#/novus-gl');
  // No reload loop: once no renewal nor reload holds the renewal lock, still two documents, two renewals, and
  // the workspace is there.
  await renewalsDone(page);
  expect(documents).toEqual(['/', '/']);
  expect(calls.filter((call) => call.grant === 'refresh_token')).toHaveLength(2);
  await expect(topBar(page).getByRole('tab', { name: 'General Ledger' })).toHaveAttribute('aria-selected', 'true');
});

test('§9 automatic silent renew: a token near its expiry is renewed in the open page, no reload, no session monitoring', async ({ page, baseURL }) => {
  // The renewal comes about 5 s after sign-in (see below): more than the default on a slow machine.
  test.setTimeout(60_000);
  // A provider that offers session monitoring: its discovery document names a check-session iframe (the
  // embedded one has none). With monitorSession on, oidc-client-ts would load it for a user with a
  // session_state; the spec says monitoring is off.
  await page.route('**/oidc/.well-known/openid-configuration', async (route) => {
    const answer = await route.fetch();
    await route.fulfill({ response: answer, json: { ...(await answer.json()), check_session_iframe: `${baseURL}/oidc/session/check` } });
  });
  await page.route('**/oidc/session/check**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>check</title>' }));
  const checkSessionRequests: string[] = [];
  page.on('request', (request) => {
    if (/check_session|session\/check/.test(request.url())) checkSessionRequests.push(request.url());
  });
  // Short-lived tokens: the sign-in's token answer says 65 s, so the expiring notification (60 s before the
  // expiry) comes about 5 s after sign-in, while the page stays open.
  let shortened = false;
  await page.route('**/oidc/token', async (route) => {
    const answer = await route.fetch();
    if (shortened || answer.status() !== 200) return route.fulfill({ response: answer });
    shortened = true;
    return route.fulfill({ response: answer, json: { ...(await answer.json()), expires_in: 65 } });
  });
  const calls = watchTokenCalls(page);
  await signIn(page, 'admin', 'admin', '#/novus-gl');
  expect(calls.map((call) => `${call.grant} ${call.status}`)).toEqual(['authorization_code 200']);
  const before = await storedAccessToken(page);
  // A session_state, as a provider with session management gives: the renewal carries it over.
  await editStoredUser(page, { expire: false, sessionState: 'e2e-session-state' });
  await settled(page);
  await markPage(page);
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations++;
  });

  await expect.poll(() => calls.map((call) => `${call.grant} ${call.status}`), { timeout: 20_000 }).toEqual([
    'authorization_code 200',
    'refresh_token 200',
  ]);
  await expect.poll(() => storedAccessToken(page)).not.toBe(before);
  const after = await storedAccessToken(page);
  // Still the same page, still signed in, the workspace still there and the new token good for the API.
  expect(navigations).toBe(0);
  await expectNotReloaded(page);
  await expect(topBar(page).getByRole('tab', { name: 'General Ledger' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  await expect(page.getByText('Your session has expired')).toHaveCount(0);
  expect(after).toBeTruthy();
  // The shell's token is DPoP-bound: the page's own credentials helper must still get through.
  expect(await shellCallStatus(page, 'shell/applications')).toBe(200);
  expect(
    await page.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'))!;
      return JSON.parse(localStorage.getItem(key)!).session_state as string;
    }),
  ).toBe('e2e-session-state');
  // Session monitoring off: no check-session iframe, no request for it. With it on, oidc-client-ts would have
  // added the iframe as the renewed user (with its session_state) loaded, before the calls above came back.
  await expect(page.locator('iframe[src*="session/check"], iframe[src*="check_session"]')).toHaveCount(0);
  expect(checkSessionRequests).toEqual([]);
});

test('two tabs opened at the same moment on an expired session both renew and stay signed in', async ({ page, context }) => {
  test.setTimeout(60_000);
  // Rotating refresh tokens: two renewals with the same token would get the second refused. The renewals
  // are serialized across tabs (Web Locks), the one that waited uses the tokens the other stored, and the
  // reload after an expired session's renewal waits until no renewal is in flight.
  await signIn(page, 'admin', 'admin', '#/');
  // Expire the session from a page without the shell, so no running shell renews before both tabs open.
  await page.goto('/root-config/blank.html');
  await expireStoredUser(page);
  // A slow provider: the first renewal is answered only once the other tab waits for the renewal lock (they are
  // serialized, as they must be) or sends a token request of its own (they overlap: the replay this test is about).
  let releaseFirst: (() => void) | null = null;
  let tokenRequests = 0;
  await context.route('**/oidc/token', async (route) => {
    if (++tokenRequests === 1) {
      const holder = route.request().frame().page();
      let released = false;
      const otherSent = new Promise<void>((resolve) => (releaseFirst = resolve));
      const otherWaits = expect.poll(async () => released || (await renewalWaiting(holder)), { timeout: 0, intervals: [50] }).toBe(true);
      await Promise.race([otherSent, otherWaits]);
      released = true;
      await otherWaits;
    } else releaseFirst?.();
    await route.continue();
  });
  const second = await context.newPage();
  const calls = [page, second].map(watchTokenCalls);
  const sent = [page, second].map(watchRefreshTokensSent);
  const documents = [page, second].map(watchDocuments);
  await Promise.all([page.goto('/#/novus-gl'), second.goto('/#/novus-ar')]);
  // Each tab renews on arrival (one at the provider, the other with the tokens the first stored), reloads once, and
  // renews again in the background once the reloaded shell shows its first screen: wait for all of it.
  for (const [index, tab] of [page, second].entries()) {
    await expect.poll(() => documents[index]).toEqual(['/', '/']);
    await reloadedFirstScreen(tab);
    await renewalsDone(tab);
  }
  await expect.poll(() => sent.flat().length).toBe(calls.flat().length);
  await expect(topBar(page).getByRole('tab', { name: 'General Ledger' })).toBeVisible();
  await expect(topBar(second).getByRole('tab', { name: 'Accounts Receivable' })).toBeVisible();
  for (const tab of [page, second]) await expect(tab.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  const all = calls.flat();
  expect(all.filter((call) => call.grant === 'refresh_token').length).toBeGreaterThanOrEqual(1);
  // Never a refused replay, never a fallback to a new sign-in.
  expect(all.every((call) => call.grant === 'refresh_token' && call.status === 200), JSON.stringify(calls)).toBe(true);
  // The provider tolerates a replay for a few seconds (OIDC_REFRESH_REUSE_SECONDS), so a 200 proves little:
  // the renewals must be serialized, each one using the refresh token the previous one stored.
  const refreshTokens = sent.flat();
  expect(refreshTokens.length).toBe(all.length);
  expect(new Set(refreshTokens).size, JSON.stringify(sent)).toBe(refreshTokens.length);
  for (const tab of [page, second]) {
    expect(await storedAccessToken(tab)).toBeTruthy();
    expect(await shellCallStatus(tab, 'shell/applications')).toBe(200);
  }
  await second.close();
});

test('a refused renewal goes to the sign-in page; with the provider session still open it signs in again at once', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/novus-gl');
  await expireStoredUser(page, 'revoked-or-forged');
  const calls = watchTokenCalls(page);
  const authorize = page.waitForRequest((request) => request.url().includes('/oidc/auth?'));
  await page.reload();
  await authorize;
  await expect(topBar(page).getByRole('tab', { name: 'General Ledger' })).toBeVisible();
  await expect.poll(() => calls.map((call) => `${call.grant} ${call.status}`)).toEqual(expect.arrayContaining(['refresh_token 400', 'authorization_code 200']));
  expect(await storedAccessToken(page)).toBeTruthy();
});

test('an expired session without a refresh token goes to sign-in (§4 step 1): no refresh grant, no silent frame', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/novus-gl');
  await editStoredUser(page, { expire: true, refreshToken: null });
  const calls = watchTokenCalls(page);
  // No silent attempt of any kind (a refresh grant, or a hidden-frame authorization with prompt=none).
  const silentAttempts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/oidc/auth?') && (request.frame() !== page.mainFrame() || request.url().includes('prompt=none'))) {
      silentAttempts.push(request.url());
    }
  });
  const authorize = page.waitForRequest(
    (request) => request.url().includes('/oidc/auth?') && request.isNavigationRequest() && request.frame() === page.mainFrame(),
  );
  await page.reload();
  await authorize;
  // The provider's session is still open: it signs in again at once and the user is back where they were.
  await expect(topBar(page).getByRole('tab', { name: 'General Ledger' })).toBeVisible();
  await expect.poll(() => calls.map((call) => `${call.grant} ${call.status}`)).toContain('authorization_code 200');
  expect(calls.filter((call) => call.grant === 'refresh_token'), JSON.stringify(calls)).toHaveLength(0);
  expect(silentAttempts).toEqual([]);
});

test('a live session starts with its stored token, renews in the background, and a refused renewal still goes to sign-in', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/novus-gl');
  // Not expired: the shell does not wait for the provider before showing the workspace.
  const calls = watchTokenCalls(page);
  await page.reload();
  await expect(topBar(page).getByRole('tab', { name: 'General Ledger' })).toBeVisible();
  await expect.poll(() => calls.map((call) => `${call.grant} ${call.status}`)).toEqual(['refresh_token 200']);
  // §4 step 3 holds for a session that has not expired too: the provider refuses the renewal → sign-in.
  await editStoredUser(page, { expire: false, refreshToken: 'revoked-or-forged' });
  calls.length = 0;
  const authorize = page.waitForRequest((request) => request.url().includes('/oidc/auth?'));
  await page.reload();
  await authorize;
  await expect(topBar(page).getByRole('tab', { name: 'General Ledger' })).toBeVisible();
  await expect.poll(() => calls.map((call) => `${call.grant} ${call.status}`)).toEqual(expect.arrayContaining(['refresh_token 400', 'authorization_code 200']));
});

test('issue 69: a visitor without a session is sent to sign in before any shell module loads, and comes back where they were, key-bound', async ({ page }) => {
  const early: string[] = [];
  let toProvider = false;
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/oidc/')) toProvider = true;
    if (!toProvider && /^\/(apps|vendor|shared|elements)\/|^\/root-config\/.*\.js$/.test(path)) early.push(path);
  });
  await signIn(page, 'clerk', 'clerk', '#/novus-ic');
  expect(early).toEqual([]);
  await expect(page).toHaveURL(/#\/novus-ic$/);
  // The code was bound to the browser's key (dpop_jkt) by the boot loader's request: the tokens are DPoP tokens.
  const tokenType = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'))!;
    return (JSON.parse(localStorage.getItem(key)!) as { token_type: string }).token_type;
  });
  expect(tokenType).toBe('DPoP');
  expect(await shellCallStatus(page, 'shell/applications')).toBe(200);
});

test('the profile landing page sends a portal customer to the portal on the first navigation', async ({ page }) => {
  await signIn(page, 'portal', 'portal', '#/');
  await expect(page).toHaveURL(/#\/portal/);
});

test('the landing page applies on the first navigation only: going HOME later stays on /', async ({ page }) => {
  await signIn(page, 'portal', 'portal', '#/');
  await expect(page).toHaveURL(/#\/portal/);
  await settled(page);
  await markPage(page);
  // A later navigation to the home page, in the same page: HOME, not the landing page again. (A portal
  // customer's top bar has no tabs, issue 16: HOME's screen is what shows.)
  await goTo(page, '#/');
  await expect(page.locator('.erp-tab-screen[data-tab-path="/"]')).toBeVisible();
  // The landing page would be applied while the route resolves, before HOME's screen shows and loads settle.
  await settled(page);
  await expect(page).toHaveURL(/\/#\/$/);
  await expectNotReloaded(page);
});

test('the profile environment label is in the top bar, its tooltip the tenant server, database and release (§2, §3)', async ({ page }) => {
  await page.route('**/api/shell/profile', async (route) => {
    const answer = await route.fetch();
    const profile = await answer.json();
    await route.fulfill({ response: answer, json: { ...profile, environmentLabel: 'UAT', environment: 'User acceptance' } });
  });
  await signIn(page, 'admin', 'admin', '#/');
  const token = await accessToken(page);
  const tenantAnswer = await page.request.get('/api/tenant', { headers: { authorization: `Bearer ${token}` } });
  expect(tenantAnswer.status()).toBe(200);
  const tenant = (await tenantAnswer.json()) as { server: string; database: string; releaseNumber: string };
  for (const value of [tenant.server, tenant.database, tenant.releaseNumber]) expect(value).toBeTruthy();

  const label = topBar(page).locator('[part="environment"]');
  await expect(label).toBeVisible();
  await expect(label).toHaveText('UAT');
  // The tooltip (Shoelace, issue 16) shows when the label is pointed at.
  await label.hover();
  const tooltip = topBar(page).locator('sl-tooltip.environment-tooltip [slot="content"]');
  await expect(tooltip).toBeVisible();
  for (const value of [tenant.server, tenant.database, tenant.releaseNumber, 'User acceptance']) {
    await expect(tooltip).toContainText(value);
  }
  // Assistive technology gets the same details.
  await expect(label).toHaveAccessibleDescription(literally(tenant.database));
});

test('signing out ends the provider session and returns to the site root; signing in again asks for the password', async ({ page }) => {
  await signIn(page, 'clerk', 'clerk', '#/novus-ic');
  await topBar(page).getByRole('button', { name: 'Marc-André Tremblay' }).click();
  await topBar(page).getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith('oidc.user:')))).toBe(false);
});

test('with showMenus off in the profile the shell shows no menu area', async ({ page, browser }) => {
  // The administrator turns the menus off for clerk through the user screen's API.
  await signIn(page, 'admin', 'admin', '#/');
  const token = await accessToken(page);
  const current = await page.request.get('/api/data/user/clerk', { headers: { authorization: `Bearer ${token}` } });
  const { Version } = (await current.json()).Data;
  const update = await page.request.put('/api/data/user/clerk', {
    headers: { authorization: `Bearer ${token}` },
    data: { ShowMenus: false, Version },
  });
  expect(update.status()).toBe(200);
  try {
    const context = await browser.newContext();
    const clerk = await context.newPage();
    await signIn(clerk, 'clerk', 'clerk', '#/novus-ic');
    await expect(topBar(clerk).getByRole('tab', { name: 'Inventory Control' })).toBeVisible();
    await expect(menuBar(clerk)).toBeHidden();
    await context.close();
  } finally {
    const again = await page.request.get('/api/data/user/clerk', { headers: { authorization: `Bearer ${token}` } });
    await page.request.put('/api/data/user/clerk', {
      headers: { authorization: `Bearer ${token}` },
      data: { ShowMenus: true, Version: (await again.json()).Data.Version },
    });
  }
});

test.describe('the §8 error catalogue, as the user sees it', () => {
  const cases = [
    { status: 400, body: {}, text: 'Bad request' },
    { status: 403, body: {}, text: 'You do not have sufficient permissions.' },
    { status: 404, body: {}, text: 'Not Found' },
    { status: 500, body: {}, text: 'Server error' },
  ];
  for (const { status, body, text } of cases) {
    test(`${status} on a call → '${text}'`, async ({ page }) => {
      await signIn(page, 'admin', 'admin', '#/');
      await page.route('**/api/shell/menus**', (route) => route.fulfill({ status, json: body }));
      await topBar(page).getByRole('button', { name: 'Applications' }).click();
      await topBar(page).getByRole('menuitem', { name: 'Accounts Payable' }).click();
      await expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();
    });
  }

  test('401 on a call shows nothing', async ({ page }) => {
    await signIn(page, 'admin', 'admin', '#/');
    await page.route('**/api/shell/menus**', (route) => route.fulfill({ status: 401, json: {} }));
    await topBar(page).getByRole('button', { name: 'Applications' }).click();
    await topBar(page).getByRole('menuitem', { name: 'Accounts Payable' }).click();
    await expect(topBar(page).getByRole('tab', { name: 'Accounts Payable' })).toBeVisible();
    await expect(page.locator('.erp-alert')).toHaveCount(0);
  });
});

test('menus come back after a failed menus call once the server answers again', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  let fail = true;
  await page.route('**/api/shell/menus**', (route) => (fail ? route.fulfill({ status: 500, json: {} }) : route.continue()));
  await topBar(page).getByRole('button', { name: 'Applications' }).click();
  await topBar(page).getByRole('menuitem', { name: 'General Ledger' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Server error' })).toBeVisible();
  fail = false;
  await topBar(page).getByRole('tab', { name: 'HOME' }).click();
  await topBar(page).getByRole('tab', { name: 'General Ledger' }).click();
  await chooseMenu(page, 'Setup', 'GL Chart of Accounts');
  await expect(tabBar(page).getByRole('tab', { name: /GL chart of accounts/i })).toBeVisible();
});

test('when the routes call fails the shell still starts, with no server routes: a screen path falls back to its application', async ({ page }) => {
  await page.route('**/api/shell/routes', (route) => route.fulfill({ status: 500, json: {} }));
  await signIn(page, 'admin', 'admin', '#/novus-gl/gl-chart');
  await expect(topBar(page).getByRole('tab', { name: 'General Ledger' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/#\/novus-gl$/);
  await expect(page.locator('.erp-tab-screen[data-tab-path="/novus-gl"]').getByRole('heading', { level: 1, name: 'General Ledger' })).toBeVisible();
  // The routes call is quiet: its failure is not an alert.
  await expect(page.locator('.erp-alert')).toHaveCount(0);
});

test('the profile\'s css files are loaded as stylesheets (§3 profile cssFiles)', async ({ page }) => {
  // The environment's style sheet comes with the profile: here the shell's own, under another URL.
  await page.route('**/api/shell/profile', async (route) => {
    const answer = await route.fetch();
    const profile = await answer.json();
    await route.fulfill({ response: answer, json: { ...profile, cssFiles: ['/root-config/shell.css?environment=test'] } });
  });
  await signIn(page, 'admin', 'admin', '#/');
  const link = page.locator('link[rel="stylesheet"][href="/root-config/shell.css?environment=test"]');
  await expect(link).toHaveCount(1);
  await expect.poll(() => link.evaluate((element) => (element as HTMLLinkElement).sheet !== null)).toBe(true);
});
