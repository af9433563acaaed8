/**
 * Issue 11 item 6: sender-constrained tokens (DPoP, RFC 9449) in the browser. With OIDC_DPOP=on (the
 * default) the shell's access and refresh tokens are bound to a non-extractable key kept in the browser's
 * IndexedDB, every API call carries a fresh proof of that key, and a token read out of storage is refused
 * when replayed from another browser — bare, with the page's own used proof, or with a proof of another key.
 * The two-tab renewal (Web Locks, rotated refresh tokens) still works with the shared key.
 */
import { expect, test, type Page } from '@playwright/test';
import { shellCallStatus, signIn, storedAccessToken } from './helpers.ts';

/** The claims of a JWT (no verification: the test only reads what the browser holds). */
function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** The stored refresh token (oidc-client-ts's user in localStorage). */
function storedRefreshToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith('oidc.user:')) return JSON.parse(localStorage.getItem(key)!).refresh_token as string;
    }
    throw new Error('no signed-in user in localStorage');
  });
}

/**
 * A well-formed DPoP proof for `method url` and `token`, signed in `page` by a key of its own (an attacker's
 * browser: it has the token but not the victim's private key).
 */
function forgeProof(page: Page, method: string, url: string, token: string | null): Promise<string> {
  return page.evaluate(
    async ({ method: htm, url: htu, token: accessToken }) => {
      const encode = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      const text = (value: unknown) => encode(new TextEncoder().encode(JSON.stringify(value)));
      const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
      const jwk = await crypto.subtle.exportKey('jwk', keys.publicKey);
      const payload: Record<string, unknown> = { jti: crypto.randomUUID(), htm, htu, iat: Math.floor(Date.now() / 1000) };
      if (accessToken) {
        payload.ath = encode(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(accessToken))));
      }
      const input = `${text({ typ: 'dpop+jwt', alg: 'ES256', jwk: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y } })}.${text(payload)}`;
      const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, keys.privateKey, new TextEncoder().encode(input));
      return `${input}.${encode(new Uint8Array(signature))}`;
    },
    { method, url, token },
  );
}

test('a token read out of storage is refused from another browser, with or without a proof of another key', async ({ page, browser, baseURL }) => {
  // The shell's own API calls go out with the DPoP scheme and a proof; keep one to replay it.
  const sent: { authorization: string; proof: string; url: string }[] = [];
  page.on('request', (request) => {
    const headers = request.headers();
    if (new URL(request.url()).pathname.startsWith('/api/') && headers['authorization']) {
      sent.push({ authorization: headers['authorization'], proof: headers['dpop'] ?? '', url: request.url() });
    }
  });
  await signIn(page, 'admin', 'admin', '#/');
  await expect.poll(() => sent.length).toBeGreaterThan(0);
  expect(sent.every((call) => call.authorization.startsWith('DPoP ') && call.proof.split('.').length === 3), JSON.stringify(sent)).toBe(true);

  const token = await storedAccessToken(page);
  expect(claimsOf(token)['cnf'], 'the access token is bound to a key').toMatchObject({ jkt: expect.any(String) });
  // The page itself still gets through (a fresh proof per call).
  expect(await shellCallStatus(page, 'shell/applications')).toBe(200);

  // Another browser (its own storage, no key) with the copied token.
  const other = await browser.newContext({ baseURL });
  try {
    const attacker = await other.newPage();
    await attacker.goto('/root-config/blank.html');
    const target = `${baseURL}/api/shell/applications`;
    const replay = (headers: Record<string, string>) => other.request.get('/api/shell/applications', { headers });
    expect((await replay({ authorization: `Bearer ${token}` })).status(), 'as a bearer token').toBe(401);
    expect((await replay({ authorization: `DPoP ${token}` })).status(), 'without a proof').toBe(401);
    const used = sent.find((call) => new URL(call.url).pathname === '/api/shell/applications' && call.authorization === `DPoP ${token}`);
    if (used) expect((await replay({ authorization: `DPoP ${token}`, dpop: used.proof })).status(), "with the page's used proof").toBe(401);
    const forged = await forgeProof(attacker, 'GET', target, token);
    expect((await replay({ authorization: `DPoP ${token}`, dpop: forged })).status(), 'with a proof of another key').toBe(401);

    // The refresh token is bound too: the token endpoint refuses it without the key.
    const config = (await (await other.request.get('/shell-config.json')).json()) as { oidc: { authority: string; clientId: string } };
    const tokenEndpoint = `${config.oidc.authority.replace(/\/$/, '')}/token`;
    const refresh = await storedRefreshToken(page);
    const form = { grant_type: 'refresh_token', refresh_token: refresh, client_id: config.oidc.clientId };
    const bare = await other.request.post(tokenEndpoint, { form });
    expect(bare.status(), 'refresh without a proof').toBeGreaterThanOrEqual(400);
    const foreign = await other.request.post(tokenEndpoint, { form, headers: { dpop: await forgeProof(attacker, 'POST', tokenEndpoint, null) } });
    expect(foreign.status(), 'refresh with a proof of another key').toBeGreaterThanOrEqual(400);
    expect(foreign.status()).toBeLessThan(500);
    expect(JSON.stringify(await foreign.json())).not.toContain('access_token');
  } finally {
    await other.close();
  }
});

test('two tabs share the key: each renews silently with the rotated refresh token and both keep calling the API', async ({ page, context }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const second = await context.newPage();
  // A live session arriving in a new tab renews in the background once its first page shows: wait for that
  // renewal, or it could rotate the tokens after the renewal below and the tabs would end on a newer token.
  const arrivalRenewal = second.waitForResponse((response) => response.url().endsWith('/oidc/token'));
  await second.goto('/#/');
  await expect(second.locator('erp-top-bar')).toBeVisible();
  await expect(second.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  expect((await arrivalRenewal).ok()).toBe(true);

  /** Renews in `tab` as the automatic renewal does (the Web Lock, the refresh grant with a DPoP proof). */
  const renewIn = (tab: Page) =>
    tab.evaluate(async () => {
      const shared = (await import('@erp/shared' as string)) as {
        currentSession(): { manager: { signinSilent(): Promise<{ access_token: string; token_type: string } | null> } } | null;
      };
      const user = await shared.currentSession()!.manager.signinSilent();
      return { token: user?.access_token ?? '', type: user?.token_type ?? '' };
    });
  const sessionToken = (tab: Page) =>
    tab.evaluate(async () => {
      const shared = (await import('@erp/shared' as string)) as { bus: { session$: { value: { accessToken: string } | null } } };
      return shared.bus.session$.value?.accessToken ?? '';
    });

  const first = await renewIn(page);
  expect(first.type).toBe('DPoP');
  // The other tab takes the renewed token from the shared store and proves the same key.
  await expect.poll(() => sessionToken(second)).toBe(first.token);
  expect(await shellCallStatus(second, 'shell/applications')).toBe(200);

  const next = await renewIn(second);
  expect(next.type).toBe('DPoP');
  expect(next.token).not.toBe(first.token);
  await expect.poll(() => sessionToken(page)).toBe(next.token);
  expect(await shellCallStatus(page, 'shell/applications')).toBe(200);
  for (const tab of [page, second]) await expect(tab.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  await second.close();
});
