/**
 * Issue 69 item 4's acceptance, end to end as the demo `portal` customer in Chromium: installable (the manifest is
 * served as application/manifest+json with its icons, the service worker controls the page); with the browser
 * context offline the customer browses the catalogue (a search made before, answered from the kept answers),
 * adds a product, reviews and places the order → "Waiting to send"; back online the order is sent once — exactly
 * one new order on the server (asked through the API), shown with its number — and another "online" does not send
 * it again; signing out while it waits asks first; sign-out leaves no portal database and nothing but the shell's
 * static files in Cache Storage.
 */
import { expect, test, type Page } from '../../../tests/e2e/fixtures.ts';
import { apiCall, signIn } from '../../../tests/e2e/helpers.ts';

const OFFLINE_DB = 'erp-portal-offline';

const navLink = (page: Page, path: string) => page.locator('erp-portal-bar').locator(`a.link[data-path="${path}"]`);
const screen = (page: Page, name: string) => page.locator(`[data-portal-screen="${name}"]:visible`);

/** The orders of the account on the server (the API, not the page). */
async function serverOrders(page: Page, billToId: string): Promise<{ OrderNo: string }[]> {
  const answer = await apiCall(page, 'GET', `PortalOrder/list?billToId=${billToId}&page=1&pageSize=250&sortBy=OrderDate&sortDesc=true`);
  expect(answer.status).toBe(200);
  return answer.body['List'] as { OrderNo: string }[];
}

/** The records of one store of the portal's offline database (none when the database does not exist). */
async function stored(page: Page, store: string): Promise<unknown[]> {
  return page.evaluate(
    async ({ name, store }) => {
      if (!(await indexedDB.databases()).some((db) => db.name === name)) return [];
      return new Promise<unknown[]>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => {
          const db = request.result;
          const read = db.transaction(store, 'readonly').objectStore(store).getAll();
          read.onsuccess = () => {
            db.close();
            resolve(read.result);
          };
          read.onerror = () => reject(read.error);
        };
        request.onerror = () => reject(request.error);
      });
    },
    { name: OFFLINE_DB, store },
  );
}

test('offline: browse, add and place an order; it is sent once when the connection returns; sign-out forgets it all', async ({ page, context }) => {
  await signIn(page, 'portal', 'portal');
  const home = screen(page, 'order');
  const catalogue = home.locator('[data-portal="catalogue"]');
  await expect(catalogue.locator('tbody tr').first()).toBeVisible();

  // Installable: the manifest and its icons, and the service worker in control of the page.
  const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await page.request.get(manifestUrl!);
  expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  const { icons, start_url: startUrl, display } = (await manifest.json()) as { icons: { src: string; type: string }[]; start_url: string; display: string };
  expect([startUrl, display]).toEqual(['/#/portal', 'standalone']);
  expect(icons.length).toBeGreaterThan(0);
  for (const icon of icons) {
    const file = await page.request.get(icon.src);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toContain(icon.type);
  }
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['content-type']).toContain('javascript');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '')).toMatch(/\/sw\.js$/);

  // Online: a search, the cart and My Orders are read once (and kept).
  const sku = (await catalogue.locator('tbody tr').first().getAttribute('data-sku'))!;
  const search = home.getByRole('searchbox');
  await search.fill(sku);
  await search.press('Enter');
  await expect(catalogue.locator('tbody tr')).toHaveCount(1);
  await search.fill('');
  await search.press('Enter');
  await expect(catalogue.locator('tbody tr').nth(1)).toBeVisible();
  await navLink(page, '/portal/cart').click();
  await expect(screen(page, 'cart')).toBeVisible();
  await navLink(page, '/portal/myorders').click();
  await expect(screen(page, 'myorders')).toBeVisible();
  const topBar = page.locator('erp-top-bar');
  const billToId = (await apiCall(page, 'GET', 'PortalOrder/securables')).body['Data']['SelectedBillToId'] as string;
  const before = await serverOrders(page, billToId);

  // Offline: the same search answers from what was kept, with the customer's prices.
  await context.setOffline(true);
  await navLink(page, '/portal/order').click();
  await search.fill(sku);
  await search.press('Enter');
  await expect(catalogue.locator('tbody tr')).toHaveCount(1);
  await expect(catalogue.locator(`tbody tr[data-sku="${sku}"]`)).toBeVisible();
  await catalogue.locator(`tbody tr[data-sku="${sku}"]`).getByRole('button').click();
  await expect(home.getByRole('status')).toContainText('No connection');

  await navLink(page, '/portal/cart').click();
  const cart = screen(page, 'cart');
  await expect(cart.locator(`[data-portal="cart"] tbody tr`).filter({ hasText: sku })).toBeVisible();
  await cart.locator('[data-portal="review"]').click();
  await cart.locator('[data-portal="place-order"]').click();
  const waiting = cart.locator('[data-portal="waiting-order"]');
  await expect(waiting).toHaveCount(1);
  await expect(waiting.locator('[data-portal="waiting-status"]')).toHaveText('Waiting to send');
  const outbox = (await stored(page, 'outbox')) as { key: string }[];
  expect(outbox).toHaveLength(1);

  // Signing out now would delete it: the customer is asked first, and may stay. The account menu and the question
  // were never opened online: their modules (Shoelace's menu and dialog, with their chunks) come from the worker.
  await topBar.locator('[part="user-button"]').click();
  await topBar.getByRole('menuitem', { name: 'Log out' }).click();
  const question = page.locator('erp-dialog[data-dialog="question"]');
  await expect(question.getByRole('dialog', { name: 'Orders not sent' })).toBeVisible();
  await expect(question).toContainText('1 order placed without a connection has not been sent.');
  await question.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(question.getByRole('dialog')).toBeHidden();
  expect(await stored(page, 'outbox')).toHaveLength(1);

  // Back online: sent once, with its key; exactly one new order on the server, shown with its number.
  await context.setOffline(false);
  const sent = cart.locator('[data-portal="sent-order"]');
  await expect(sent).toBeVisible();
  await expect(waiting).toHaveCount(0);
  const after = await serverOrders(page, billToId);
  expect(after).toHaveLength(before.length + 1);
  const created = after.find((order) => !before.some((old) => old.OrderNo === order.OrderNo))!;
  await expect(sent).toContainText(`Order ${created.OrderNo} was sent.`);
  expect(await stored(page, 'outbox')).toEqual([]);
  // Another "online" finds nothing waiting: still one order.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await navLink(page, '/portal/myorders').click();
  await expect(screen(page, 'myorders').locator('[data-portal="orders"]')).toContainText(created.OrderNo);
  expect(await serverOrders(page, billToId)).toHaveLength(before.length + 1);
  expect((await stored(page, 'answers')).length).toBeGreaterThan(0);

  // Sign-out: no portal database, and Cache Storage holds the shell's files only (no API answer, no user data).
  await topBar.locator('[part="user-button"]').click();
  await topBar.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const left = await page.evaluate(async () => {
    const databases = (await indexedDB.databases()).map((db) => db.name);
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return { databases, urls };
  });
  expect(left.databases).not.toContain(OFFLINE_DB);
  expect(left.urls.filter((url) => url.startsWith('/api/') || url.startsWith('/oidc/'))).toEqual([]);
});
