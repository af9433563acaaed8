/**
 * Issue 69 item 3: a portal customer's sign-in marks the callback page so the boot loader fetches the portal's
 * screens with the boot (server/src/static/portal-sign-in.ts); anyone else's does not, and the mark is one-shot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_SIGN_IN_COOKIE, markPortalSignIn } from '../src/static/portal-sign-in.ts';
import { browserGet, browserPostForm, openLoginPage, startServer, type TestServer } from './helpers/app.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

/** Signs `user` in through the form (password = user name) and follows the provider to the callback's address. */
async function signInToCallback(user: string, attempt?: Awaited<ReturnType<typeof openLoginPage>>) {
  const login = attempt ?? (await openLoginPage(server.app));
  const posted = await browserPostForm(server.app, login.jar, login.loginUrl, { username: user, password: user });
  expect(posted.statusCode).toBe(303);
  const resumed = await browserGet(server.app, login.jar, String(posted.headers.location));
  const callback = new URL(String(resumed.headers.location));
  return { posted, jar: login.jar, callbackPath: `${callback.pathname}${callback.search}` };
}

const setCookies = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : value === undefined ? [] : [String(value)]);

describe('portal sign-in mark', () => {
  it('is set by a portal customer\'s login, for the callback path only', async () => {
    const { posted, jar } = await signInToCallback('portal');
    const cookies = setCookies(posted.headers['set-cookie']);
    const mark = cookies.find((cookie) => cookie.startsWith(`${PORTAL_SIGN_IN_COOKIE}=`));
    expect(mark).toMatch(/^erp_portal_sign_in=1; Path=\/auth\/callback; Max-Age=300; HttpOnly; SameSite=Lax/);
    // The provider's resume went on to the client (signInToCallback followed it to the callback's address).
    expect(jar.header('/')).not.toContain(PORTAL_SIGN_IN_COOKIE);
    expect(jar.header('/auth/callback')).toContain(`${PORTAL_SIGN_IN_COOKIE}=1`);
  });

  it('marks the callback page it reaches, once, and never the shell page at /', async () => {
    const { jar, callbackPath } = await signInToCallback('portal');
    const home = await browserGet(server.app, jar, '/');
    expect(home.body).toContain('<template id="erp-portal-modules">');
    const callback = await browserGet(server.app, jar, callbackPath);
    expect(callback.statusCode).toBe(200);
    expect(callback.body).toContain('<template id="erp-portal-modules" data-start>');
    expect(setCookies(callback.headers['set-cookie']).some((cookie) => /^erp_portal_sign_in=;.*Max-Age=0/.test(cookie))).toBe(true);
    const again = await browserGet(server.app, jar, callbackPath);
    expect(again.body).toContain('<template id="erp-portal-modules">');
  });

  it('is not set for staff, and a staff login clears one left in the browser', async () => {
    const staff = await signInToCallback('clerk');
    expect(setCookies(staff.posted.headers['set-cookie']).some((cookie) => cookie.startsWith(`${PORTAL_SIGN_IN_COOKIE}=1`))).toBe(false);
    const callback = await browserGet(server.app, staff.jar, staff.callbackPath);
    expect(callback.body).toContain('<template id="erp-portal-modules">');

    // A customer signed in here and never reached the callback; the clerk signs in next in the same browser.
    const attempt = await openLoginPage(server.app);
    attempt.jar.update({ cookies: [{ name: PORTAL_SIGN_IN_COOKIE, value: '1', path: '/auth/callback' }] } as never);
    expect(attempt.jar.header('/auth/callback')).toContain(PORTAL_SIGN_IN_COOKIE);
    const clerk = await signInToCallback('clerk', attempt);
    expect(setCookies(clerk.posted.headers['set-cookie']).some((cookie) => /^erp_portal_sign_in=;.*Max-Age=0/.test(cookie))).toBe(true);
    expect(attempt.jar.header('/auth/callback')).not.toContain(PORTAL_SIGN_IN_COOKIE);
  });

  it('marks only the portal modules\' template', () => {
    const page = '<template id="erp-boot-modules"></template><template id="erp-portal-modules"><link /></template>';
    expect(markPortalSignIn(page)).toBe('<template id="erp-boot-modules"></template><template id="erp-portal-modules" data-start><link /></template>');
    expect(markPortalSignIn('<p>no template</p>')).toBe('<p>no template</p>');
  });
});
