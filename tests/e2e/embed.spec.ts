/**
 * Issue 70: the shell's elements on a page of another origin, as an intranet developer follows
 * shell-elements/README.md "Embedding on another site": the page of its step 4 and the stylesheet of its step 5,
 * exactly as written (the product's address replaced by this lane's), served from 127.0.0.1 on a port of its own —
 * another origin than the shell's localhost.
 * - allowed (step 1, through the administrators' Embedding Origins records): the elements are defined, styled by
 *   the page (its colours and font in, none of its other rules), in the page's language; Log in goes to the product's sign-in page and back; the top bar has the
 *   user's name and applications; a portal customer's badge counts follow their notifications live (an invoice of
 *   theirs published from the office); a sign-out in the shell shows on the page at once;
 * - not allowed: the browser refuses the page the elements' script — no element, no data, no token.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './fixtures.ts';
import { apiCall, signIn } from './helpers.ts';

const README = readFileSync(new URL('../../shell-elements/README.md', import.meta.url), 'utf8');
const SECTION = README.slice(README.indexOf('## Embedding on another site'), README.indexOf('## Embedding on other intranet pages (reference)'));
/** The fenced blocks of a language in the section, as written (their indentation removed). */
const blocks = (language: string) =>
  [...SECTION.matchAll(new RegExp('^( *)```' + language + '\\n([\\s\\S]*?)^\\1```', 'gm'))].map(([, indent, body]) =>
    body!.split('\n').map((line) => line.slice(indent!.length)).join('\n'),
  );

/** A static site on 127.0.0.1: the README's page (at /intranet/) and stylesheet, pointing at `product`. */
async function intranet(product: string): Promise<{ origin: string; close(): Promise<void> }> {
  const page = blocks('html')[0]!.replaceAll('https://erp.example', product);
  const css = blocks('css')[0]!;
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/intranet/') response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    else if (path === '/intranet/intranet.css') response.writeHead(200, { 'content-type': 'text/css' }).end(css);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const bar = (page: Page) => page.locator('erp-top-bar');

test('the README\'s page on another origin: signed in, live badges, sign-out from the shell; a refused origin gets nothing', async ({ page, browser, baseURL }) => {
  const product = baseURL!.replace(/\/$/, '');
  const allowed = await intranet(product);
  const refused = await intranet(product);
  try {
    // Step 1, as an administrator does it (the records behind Shell › Security › Embedding Origins).
    await signIn(page, 'admin', 'admin');
    const added = await apiCall(page, 'POST', 'data/embed-origin', { Origin: allowed.origin, Description: 'Intranet (test)', IsActive: true });
    expect(added.status, JSON.stringify(added.body)).toBe(201);

    const customer = await browser.newContext();
    const host = await customer.newPage();
    await host.goto(`${allowed.origin}/intranet/`);
    // Defined, in the page's language (French), styled by the page's stylesheet.
    const login = bar(host).getByRole('button', { name: 'Se connecter' });
    await expect(login).toBeVisible();
    expect(await bar(host).evaluate((element) => getComputedStyle(element).getPropertyValue('--erp-top-bar-bg').trim())).toBe('#0b3d2e');
    // Step 5: the page's font reaches the bar through its custom property; the page's button rule stays outside.
    const looks = await login.evaluate((button) => ({ font: getComputedStyle(button).fontFamily, background: getComputedStyle(button).backgroundColor }));
    expect(looks.font).toContain('Georgia');
    expect(looks.background).not.toBe('rgb(255, 212, 0)');
    // And nothing of the elements' styles reaches the page's own markup.
    expect(await host.locator('p').evaluate((p) => getComputedStyle(p).fontFamily)).toContain('Georgia');

    // Log in: the product's sign-in page, then back on the intranet page, signed in.
    await login.click();
    await host.getByLabel('Username').fill('portal');
    await host.getByLabel('Password').fill('portal');
    await host.getByRole('button', { name: 'Sign in' }).click();
    await host.waitForURL(`${allowed.origin}/intranet/`);
    await expect.poll(() => bar(host).evaluate((element) => (element as HTMLElement & { userName: string }).userName)).not.toBe('');
    expect(await bar(host).evaluate((element) => (element as HTMLElement & { signedIn: boolean }).signedIn)).toBe(true);
    const apps = await bar(host).evaluate((element) => (element as HTMLElement & { applications: { Application: string }[] }).applications.map((app) => app.Application));
    expect(apps).toContain('PORTAL');
    await host.screenshot({ path: test.info().outputPath('intranet-signed-in.png') });
    // Nothing of the product's session in the page's own storage but this tab's, DPoP-bound tokens.
    expect(await host.evaluate(() => Object.keys(localStorage).length)).toBe(0);

    // Live badges: B100 has unread notifications; publishing one of its invoices adds one, seen without a reload.
    const badge = host.locator('erp-portal-badge[data-erp-badge="notifications"]');
    await expect.poll(() => badge.evaluate((element) => (element as HTMLElement & { count: number }).count)).toBeGreaterThan(0);
    const before = await badge.evaluate((element) => (element as HTMLElement & { count: number }).count);
    const templates = await apiCall(page, 'GET', 'data/email-template?PageSize=1&SortFields=TemplateId');
    const Parameters = { TemplateId: (templates.body['List'][0] as { TemplateId: string }).TemplateId, BillToId: 'B100' };
    const queue = await apiCall(page, 'POST', 'processes/so-invoice-publishing/preview', { Parameters });
    const item = (queue.body['List'] as { ItemKey: string }[] | undefined)?.[0];
    expect(item, JSON.stringify(queue.body)).toBeDefined();
    const run = await apiCall(page, 'POST', 'processes/so-invoice-publishing/run', { Parameters, Items: [item!.ItemKey] });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    await expect.poll(() => badge.evaluate((element) => (element as HTMLElement & { count: number }).count)).toBe(before + 1);
    // The page's own call of the product as the user (README: `session.api`): the new one read, the count follows.
    await host.evaluate(async () => {
      const session = (document.querySelector('erp-session') as HTMLElement & { session: { api<T>(path: string, init?: RequestInit): Promise<T> } }).session;
      const unread = await session.api<{ List: { NotificationKey: number }[] }>('PortalNotification/list?billToId=B100&unreadOnly=true&pageSize=1');
      const body = JSON.stringify({ BillToId: 'B100', NotificationKeys: [unread.List[0]!.NotificationKey] });
      await session.api('PortalNotification/mark-read', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    });
    await expect.poll(() => badge.evaluate((element) => (element as HTMLElement & { count: number }).count)).toBe(before);

    // The same user signs out in the shell of that browser: the intranet page shows Log in again.
    const shell = await customer.newPage();
    await shell.goto(`${product}/#/`);
    await expect(shell.locator('erp-top-bar')).toBeVisible();
    await shell.evaluate(() => document.querySelector('erp-top-bar')!.dispatchEvent(new CustomEvent('erp-logout', { bubbles: true, composed: true })));
    await expect(bar(host).getByRole('button', { name: 'Se connecter' })).toBeVisible();
    await customer.close();

    // An origin not on the list: no element is defined, the script is refused, no answer reaches the page.
    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    await other.goto(`${refused.origin}/intranet/`);
    expect(await other.evaluate(() => customElements.get('erp-top-bar') === undefined && customElements.get('erp-session') === undefined)).toBe(true);
    const answer = await other.evaluate((url) => fetch(url).then(() => 'read', () => 'refused'), `${product}/api/shell/applications`);
    expect(answer).toBe('refused');
    await stranger.close();
  } finally {
    await apiCall(page, 'DELETE', `data/embed-origin/${encodeURIComponent(allowed.origin)}`).catch(() => undefined);
    await allowed.close();
    await refused.close();
  }
});
