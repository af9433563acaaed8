/** Shared steps of the end-to-end tests: real sign-in through the embedded provider (its login page, or its session). */
import { createHash, randomBytes } from 'node:crypto';
import { expect, test, type Cookie, type Page } from '@playwright/test';

/**
 * The embedded provider's session cookies of each user this worker signed in through the login page, by lane
 * (its base URL) and user name: the next sign-in of that user in a new browser context starts from them, as a user
 * with a provider session does (single sign-on), instead of typing the password again.
 */
const providerSessions = new Map<string, Cookie[]>();

/**
 * Opens the shell (optionally at a hash route) and signs in: through the real authorization code flow every time
 * (the shell's redirect to the provider, the code, the DPoP-bound token exchange, the start-up data), and through
 * the provider's login page when the browser holds no provider session of `username` — the first time in a worker,
 * or when the provider ended that session (sign-out, a changed password). The login page itself is tested where it
 * is the subject (sign-in-security, change-password, foundation, boot-cache). A worker reuses a session only in a
 * new context, so a test that signs out and signs in again in its own context still types the password.
 *
 * Nearly every test starts here (the login page and its form were about a tenth of a short test's CPU), so it
 * waits on events rather than on assertions, which look again only every half second once the first few looks
 * fail: the shell's redirect to the provider is a navigation, and the way back is watched in the page at each frame.
 */
export async function signIn(page: Page, username: string, password: string, hash = '#/') {
  const context = page.context();
  const key = `${test.info().project.use.baseURL} ${username}`;
  const isProviderSession = (cookie: Cookie) => cookie.name === '_session' || cookie.name === '_session.sig';
  const fresh = !(await context.cookies()).some(isProviderSession);
  const session = fresh ? providerSessions.get(key) : undefined;
  if (session) await context.addCookies(session);
  await page.goto(`/${hash}`);
  if ((await landing(page, true)) === 'login') {
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await landing(page, false);
    providerSessions.set(key, (await context.cookies()).filter(isProviderSession));
  }
  await expect(page.locator('erp-top-bar')).toBeVisible();
}

/**
 * Waits for the shell back from the provider, signed in — its top bar shown and the stored user (the bar renders
 * before the callback's token exchange completes) — or, with `orLogin`, for the provider's login page; answers which.
 */
async function landing(page: Page, orLogin: boolean): Promise<'login' | 'shell'> {
  const landed = await page.waitForFunction((login) => {
    if (login && location.pathname.startsWith('/oidc/interaction/') && document.querySelector('input[type="password"]')) return 'login';
    const bar = document.querySelector('erp-top-bar')?.getBoundingClientRect();
    const signedIn = bar !== undefined && bar.width > 0 && bar.height > 0 && Object.keys(localStorage).some((k) => k.startsWith('oidc.user:'));
    return signedIn ? 'shell' : false;
  }, orLogin);
  return (await landed.jsonValue()) as 'login' | 'shell';
}

/**
 * The access token the shell holds for the signed-in user, as stored (oidc-client-ts keeps it in
 * localStorage). With DPoP on (the default) it is bound to the browser's key: only the page can use it.
 */
export async function storedAccessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      if (key.startsWith('oidc.user:')) return JSON.parse(localStorage.getItem(key)!).access_token as string;
    }
    throw new Error('no signed-in user in localStorage');
  });
}

/**
 * A plain bearer token of the page's signed-in user for API calls made by the test itself (from Node):
 * the shell's own tokens are DPoP-bound to a key that never leaves the browser (issue 11 item 6), so the test
 * runs its own authorization code flow (PKCE, no DPoP) on the browser context's provider session. The
 * server accepts unbound tokens unless OIDC_DPOP=required.
 */
export async function accessToken(page: Page): Promise<string> {
  const request = page.request;
  const config = (await (await request.get('/shell-config.json')).json()) as {
    oidc: { authority: string; clientId: string; scope: string; redirectPath: string };
  };
  const discovery = (await (await request.get(`${config.oidc.authority.replace(/\/$/, '')}/.well-known/openid-configuration`)).json()) as {
    authorization_endpoint: string;
    token_endpoint: string;
  };
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = new URL(config.oidc.redirectPath, page.url()).href;
  const authorize = new URL(discovery.authorization_endpoint);
  authorize.search = new URLSearchParams({
    client_id: config.oidc.clientId,
    response_type: 'code',
    scope: config.oidc.scope,
    redirect_uri: redirectUri,
    state: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  // The provider session of the browser context signs in again without a page (the consent is automatic).
  const landed = await request.get(authorize.href);
  const code = new URL(landed.url()).searchParams.get('code');
  if (!code) throw new Error(`no authorization code: ${landed.url()}`);
  const answer = await request.post(discovery.token_endpoint, {
    form: { grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: config.oidc.clientId, code_verifier: verifier },
  });
  const body = (await answer.json()) as { access_token?: string; token_type?: string };
  if (!answer.ok() || !body.access_token) throw new Error(`token request refused: ${JSON.stringify(body)}`);
  return body.access_token;
}

/** The status of an API call made by the shell page itself, with its own (DPoP-bound) credentials. */
export async function shellCallStatus(page: Page, path: string): Promise<number> {
  return page.evaluate(async (target) => {
    const shared = (await import('@erp/shared' as string)) as {
      authorizedFetch(url: string, init?: RequestInit): Promise<Response>;
      apiUrl(path: string): string;
    };
    return (await shared.authorizedFetch(shared.apiUrl(target), { headers: { Accept: 'application/json' } })).status;
  }, path);
}

/**
 * One API call from Node as the signed-in user (a plain bearer token from `accessToken`), JSON in and out: the
 * business specs set up their data with it.
 */
export async function apiCall(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, any> }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const token = await accessToken(page);
  const response = await page.request.fetch(`/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { data: JSON.stringify(body) }),
  });
  return { status: response.status(), body: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * Holds the answers of the calls matching `url` (a Playwright route pattern) until `release()`: `asked` settles when
 * the first is sent. For tests of an answer that lands late — while the user is already doing something else.
 */
export async function holdAnswers(page: Page, url: string): Promise<{ asked: Promise<void>; release(): void }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let sent!: () => void;
  const asked = new Promise<void>((resolve) => (sent = resolve));
  await page.route(url, async (route) => {
    sent();
    await held;
    await route.continue();
  });
  return { asked, release };
}
