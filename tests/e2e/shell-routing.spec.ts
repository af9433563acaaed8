/**
 * §2 routing rules and §4 later navigation, end to end: the first segment selects the application
 * (case-insensitively), the second the menu item; unknown menus go to the application root, unknown
 * applications to '/'; every application root shows its launchpad; menus come from the server, HOME never
 * asks for any; a menu tab opens once per MenuId; screens that are not in this release say so.
 */
import { expect, test } from './fixtures.ts';
import { accessToken, signIn } from './helpers.ts';
import { chooseMenu, goTo, markPage, menuBar, notInThisRelease, screenOf, settled, tabBar, topBar, expectNotReloaded } from './shell-helpers.ts';

test('the first segment selects the application case-insensitively and the path becomes canonical', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/NOVUS-GL');
  await expect(topBar(page).getByRole('tab', { name: 'General Ledger' })).toHaveAttribute('aria-selected', 'true');
  await expect(screenOf(page, '/novus-gl').getByRole('heading', { level: 1, name: 'General Ledger' })).toBeVisible();
  await expect(page).toHaveURL(/#\/novus-gl$/);

  await goTo(page, '#/Novus-Gl/GL-CHART');
  await expect(tabBar(page).getByRole('tab', { name: 'GL Chart of Accounts' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/#\/novus-gl\/gl-chart$/);
});

test('an unknown menu goes to the application root and an unknown application to /', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/novus-ic');
  await settled(page);
  await markPage(page);
  const historyLength = await page.evaluate(() => history.length);

  await goTo(page, '#/novus-gl/no-such-menu');
  await expect(page).toHaveURL(/#\/novus-gl$/);
  await expect(screenOf(page, '/novus-gl').getByRole('heading', { level: 1, name: 'General Ledger' })).toBeVisible();
  await expect(tabBar(page).getByRole('tab')).toHaveCount(0);

  // An inactive menu item is unknown too, even though its route is declared.
  await goTo(page, '#/novus/price-override-audit');
  await expect(page).toHaveURL(/#\/novus$/);

  await goTo(page, '#/no-such-application/gl-chart');
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Dana Whitfield' })).toBeVisible();
  await expect(topBar(page).getByRole('tab', { name: 'HOME' })).toHaveAttribute('aria-selected', 'true');
  // Redirects replace the history entry; one entry per navigation the user made.
  expect(await page.evaluate(() => history.length)).toBe(historyLength + 3);
  await expectNotReloaded(page);
});

test('§4: opening a route adds the application tab and activates it first, then its menus load and decide the menu tab', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Dana Whitfield' })).toBeVisible();
  // The General Ledger's menus are held at the server's door.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const menusAsked = new Promise<void>((resolve) => (asked = resolve));
  await page.route('**/api/shell/menus?application=NOVUS-GL*', async (route) => {
    asked();
    await held;
    await route.continue();
  });

  await goTo(page, '#/novus-gl/gl-chart');
  await menusAsked;
  // While the menus travel: the application tab is there and active, the menu tab is not yet.
  await expect(topBar(page).getByRole('tab', { name: 'General Ledger' })).toHaveAttribute('aria-selected', 'true');
  await expect(tabBar(page).getByRole('tab', { name: 'GL Chart of Accounts' })).toHaveCount(0);

  release();
  await expect(tabBar(page).getByRole('tab', { name: 'GL Chart of Accounts' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/#\/novus-gl\/gl-chart$/);
});

test('#/novus-gl adds the General Ledger tab and its menu bar; HOME never asks for menus', async ({ page }) => {
  const menuRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/shell/menus')) menuRequests.push(new URL(request.url()).searchParams.get('application') ?? '');
  });
  await signIn(page, 'admin', 'admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Dana Whitfield' })).toBeVisible();
  await expect(menuBar(page)).toBeHidden();
  await expect(topBar(page).getByRole('tab')).toHaveCount(1);

  await goTo(page, '#/novus-gl');
  await expect(topBar(page).getByRole('tab', { name: 'General Ledger' })).toHaveAttribute('aria-selected', 'true');
  await expect(menuBar(page).getByRole('menubar')).toBeVisible();
  for (const group of ['Transactions', 'Inquiries', 'Reports', 'Financial statements', 'Year end', 'Setup']) {
    await expect(menuBar(page).getByRole('menuitem', { name: group, exact: true })).toBeVisible();
  }
  await topBar(page).getByRole('tab', { name: 'HOME' }).click();
  await expect(page).toHaveURL(/#\/$/);
  await expect(menuBar(page)).toBeHidden();
  // The General Ledger tab stays open.
  await expect(topBar(page).getByRole('tab', { name: 'General Ledger' })).toBeVisible();
  expect(menuRequests).toEqual(['NOVUS-GL']);
});

test('a menu item opens its tab once; a screen not in this release says so honestly', async ({ page }) => {
  await notInThisRelease(page, 'NOVUS-TE', '/novus-te', '/time_card');
  await signIn(page, 'admin', 'admin', '#/novus-gl');
  await chooseMenu(page, 'Setup', 'GL Chart of Accounts');
  const tab = tabBar(page).getByRole('tab', { name: 'GL Chart of Accounts' });
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/#\/novus-gl\/gl-chart$/);
  const chart = screenOf(page, '/novus-gl/gl-chart');
  await expect(chart.getByRole('heading', { name: 'GL Chart of Accounts' })).toBeVisible();
  await expect(chart.getByRole('grid', { name: /GL chart of accounts/ })).toBeVisible();
  await expect(screenOf(page, '/novus-gl')).toBeHidden();

  // Again from the menu bar, from the launchpad, and by URL: still one tab.
  await chooseMenu(page, 'Setup', 'GL Chart of Accounts');
  await topBar(page).getByRole('tab', { name: 'General Ledger' }).click(); // the active application tab: its page
  await expect(screenOf(page, '/novus-gl')).toBeVisible();
  await screenOf(page, '/novus-gl').getByRole('link', { name: /GL Chart of Accounts/ }).first().click();
  await goTo(page, '#/novus-gl/GL-Chart');
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(tabBar(page).getByRole('tab')).toHaveCount(1);
  await expect(page.locator('.erp-tab-screen[data-tab-path="/novus-gl/gl-chart"]')).toHaveCount(1);

  // A second menu item: a second tab.
  await chooseMenu(page, 'Reports', 'Trial Balance');
  await expect(tabBar(page).getByRole('tab')).toHaveCount(2);
  await expect(tabBar(page).getByRole('tab', { name: 'Trial Balance' })).toHaveAttribute('aria-selected', 'true');

  // A screen that is not built says so in its tab (every catalog screen is built now: the test makes Trades' time
  // cards one, as the server would answer for it; see notInThisRelease).
  await goTo(page, '#/novus-te');
  await chooseMenu(page, 'Work orders and time', 'Time Cards');
  await expect(screenOf(page, '/novus-te/time_card').getByText('This screen is not available in this release.')).toBeVisible();
});

test('an application page lists its menus with a working filter and the recently opened screens', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/novus-gl/trial-balance');
  await expect(tabBar(page).getByRole('tab', { name: 'Trial Balance' })).toHaveAttribute('aria-selected', 'true');
  await goTo(page, '#/novus-gl');
  const home = screenOf(page, '/novus-gl');
  const launchpad = home.getByRole('navigation', { name: 'General Ledger menu' });
  await expect(launchpad.getByRole('heading', { name: 'Setup' })).toBeVisible();
  // 21 menus of §2 plus the batch post of draft journal entries (issue 12) and the set-up check (issue 40 item 1).
  await expect(launchpad.getByRole('link')).toHaveCount(23);
  // Issue 21 item 4: a menu item shows its name, not its internal route path (the filter still finds by path).
  await expect(launchpad.getByText('/novus-gl/', { exact: false })).toHaveCount(0);

  const filter = home.getByLabel('Filter menus');
  await filter.fill('journal');
  await expect(launchpad.getByRole('link')).toHaveCount(4);
  await expect(launchpad.getByRole('link', { name: /GL Journal Entry/ })).toBeVisible();
  await expect(launchpad.getByRole('heading', { name: 'Setup' })).toBeVisible(); // Accounting Journals is there
  await expect(launchpad.getByRole('heading', { name: 'Year end' })).toHaveCount(0);
  await filter.fill('no such thing');
  await expect(home.getByText('No menu item matches “no such thing”.')).toBeVisible();
  await filter.fill('');

  const recent = home.getByRole('region', { name: 'Recently opened' });
  await expect(recent.getByRole('link', { name: /Trial balance/i })).toBeVisible();
});

interface ApplicationAnswer {
  Application: string;
  Description: string;
  RouterPath: string;
}

interface MenuAnswer {
  MenuId: string;
  MenuName: string;
  ParentId: string;
  IsActive: boolean;
  RouterPath: string;
}

/** The menu items the launchpad lists: active, under ROOT through active groups, not groups themselves. */
function launchpadItems(menus: MenuAnswer[]): MenuAnswer[] {
  const active = menus.filter((menu) => menu.IsActive);
  const items: MenuAnswer[] = [];
  const seen = new Set<string>();
  const walk = (parentId: string) => {
    for (const menu of active.filter((candidate) => candidate.ParentId === parentId && !seen.has(candidate.MenuId))) {
      seen.add(menu.MenuId);
      if (menu.RouterPath.trim() !== '') items.push(menu);
      walk(menu.MenuId);
    }
  };
  walk('ROOT');
  return items;
}

test('HOME loads the application page\'s code once it is on screen: an application then opens in the next frame, asking for no code', async ({ page }) => {
  // Issue 44 (the first application page after boot ≤ 100 ms): the page's module is HOME's next step.
  const APPLICATION_PAGE = /\/apps\/home\/chunks\/application-page-[^/]*\.js/;
  const loaded = page.waitForRequest(APPLICATION_PAGE);
  await signIn(page, 'admin', 'admin', '#/');
  await (await loaded).response();
  await expect(page).toHaveURL(/#\/$/);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/apps/home/')) asked.push(request.url());
  });
  await settled(page);
  // The module, fetched, is compiled and evaluated before the page is next idle.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
  // Its code loaded, the page is drawn in the frame after the route changes: no frame shows the tab waiting.
  const drawnInFirstFrame = await page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        // The first frame after the route change's task (the shell follows the hash in its own listener).
        window.addEventListener(
          'hashchange',
          () => requestAnimationFrame(() => resolve(document.querySelector('.erp-tab-screen[data-tab-path="/novus-oe"]:not([hidden]) h1') !== null)),
          { once: true },
        );
        window.location.hash = '#/novus-oe';
      }),
  );
  expect(drawnInFirstFrame, 'the application page in the first frame after the hash change').toBe(true);
  await expect(screenOf(page, '/novus-oe').getByRole('heading', { level: 1 })).toBeVisible();
  expect(asked, 'code of @erp/home asked for when the application opened').toEqual([]);
});

test('every application root of the user shows its application page: heading and launchpad of its menus', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', 'admin');
  await settled(page);
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const answer = await page.request.get('/api/shell/applications', { headers });
  expect(answer.status()).toBe(200);
  const applications = (await answer.json()) as ApplicationAnswer[];
  expect(applications.length).toBeGreaterThan(0);

  for (const application of applications) {
    const menusAnswer = await page.request.get(`/api/shell/menus?application=${encodeURIComponent(application.Application)}`, { headers });
    expect(menusAnswer.status()).toBe(200);
    const items = launchpadItems((await menusAnswer.json()) as MenuAnswer[]);
    expect(items.length, `${application.Application} has menu items`).toBeGreaterThan(0);
    const root = `/${application.RouterPath.replace(/^\/+|\/+$/g, '')}`;

    await goTo(page, `#${root}`);
    await expect(page, application.Application).toHaveURL(new RegExp(`#${root}$`));
    await expect(topBar(page).getByRole('tab', { name: application.Description })).toHaveAttribute('aria-selected', 'true');
    const home = screenOf(page, root);
    await expect(home.getByRole('heading', { level: 1, name: application.Description, exact: true })).toBeVisible();
    const launchpad = home.getByRole('navigation', { name: `${application.Description} menu` });
    await expect(launchpad).toBeVisible();
    // Every menu item, by its name, linking to the application path plus the menu path; nothing else.
    const links = launchpad.getByRole('link');
    await expect(links, application.Application).toHaveCount(items.length);
    expect((await links.evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset['menuId']))).sort()).toEqual(
      items.map((item) => item.MenuId).sort(),
    );
    for (const item of items) {
      const link = launchpad.locator(`a[data-menu-id="${item.MenuId}"]`);
      await expect(link.locator('.erp-ui-launchpad__name')).toHaveText(item.MenuName);
      const path = `${root}/${item.RouterPath.trim().replace(/^\/+|\/+$/g, '')}`;
      // Issue 21 item 4: the link goes to the path; the page shows the name, not the internal path.
      await expect(link).toHaveAttribute('href', `#${path}`);
      await expect(link).not.toContainText(path);
    }
    await expect(home.getByRole('region', { name: 'Recently opened' })).toBeVisible();
  }
});
