/**
 * The one test that opens every route (every menu path of every application the admin may open): a screen the
 * catalog marks available mounts without an error page or the "not in this release" placeholder, and an
 * unavailable one shows that placeholder.
 *
 * Issue 21 item 1 end to end: every screen of every application the admin may open, at 1440×900 — the
 * page never scrolls sideways, and no visible column header is narrower than its label (today's report
 * grids showed headers collapsed to a few pixels). A report screen runs once with its default parameters,
 * so its result grid is checked too. One sign-in, one pass over every menu path in English, then one over each
 * distinct screen in French (the longer labels) and in Simplified Chinese: a screen listed under several
 * applications (the same export and Props) is the same screen there.
 */
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { accessToken, signIn } from './helpers.ts';
import { goTo, screenOf, settled } from './shell-helpers.ts';

interface MenuAnswer {
  MenuId: string;
  ParentId: string;
  IsActive: boolean;
  RouterPath: string;
  Available?: boolean;
}

interface ApplicationAnswer {
  RouterPath: string;
  Application: string;
}

const trim = (path: string) => path.trim().replace(/^\/+|\/+$/g, '');

/** The menu paths the catalog marks "not in this release" (filled by screenPaths). */
const unavailable = new Set<string>();

/** Every screen path (application path + menu path) of the applications the user may open. */
async function screenPaths(page: Page): Promise<string[]> {
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const applications = (await (await page.request.get('/api/shell/applications', { headers })).json()) as ApplicationAnswer[];
  const paths = new Set<string>();
  for (const application of applications) {
    const answer = await page.request.get(`/api/shell/menus?application=${encodeURIComponent(application.Application)}`, { headers });
    for (const menu of (await answer.json()) as MenuAnswer[]) {
      if (!menu.IsActive || trim(menu.RouterPath) === '') continue;
      const path = `/${trim(application.RouterPath)}/${trim(menu.RouterPath)}`;
      paths.add(path);
      if (menu.Available === false) unavailable.add(path);
    }
  }
  return [...paths];
}

interface RouteAnswer {
  Path: string;
  Component: string;
  Props: string | null;
}

/** One path per distinct screen: the first path of each export name and Props (re-exported under several applications). */
async function distinctScreens(page: Page, paths: readonly string[]): Promise<string[]> {
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const routes = (await (await page.request.get('/api/shell/routes', { headers })).json()) as RouteAnswer[];
  const screenOfPath = new Map(routes.map((route) => [`/${trim(route.Path).toLowerCase()}`, `${route.Component.split('#')[1]}|${route.Props ?? ''}`]));
  const seen = new Set<string>();
  return paths.filter((path) => {
    const key = screenOfPath.get(path.toLowerCase()) ?? path;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The visible column headers whose label does not fit: the header's text runs past the cell's edges (a
 * collapsed or truncated header), as "<label> (<text width> > <cell width>)".
 */
async function cutHeaders(screen: Locator): Promise<string[]> {
  return screen.evaluate((root) => {
    const out: string[] = [];
    // The headers, and the totals row's figures (an amount is never cut, issue 21 item 1).
    for (const cell of root.querySelectorAll<HTMLElement>('[role="columnheader"], th[scope="col"], [data-records-totals] [role="gridcell"]')) {
      if (cell.getClientRects().length === 0 || cell.closest('[hidden], [aria-hidden="true"]')) continue;
      const box = cell.getBoundingClientRect();
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if ((node.textContent ?? '').trim() === '') continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const text = range.getBoundingClientRect();
        if (text.left < box.left - 1 || text.right > box.right + 1 || text.bottom > box.bottom + 1 || box.height < 10) {
          out.push(`${(node.textContent ?? '').trim()} (text ${Math.round(text.left)}–${Math.round(text.right)} × ${Math.round(text.bottom)}, cell ${Math.round(box.left)}–${Math.round(box.right)} × ${Math.round(box.bottom)})`);
        }
      }
    }
    return out;
  });
}

async function checkScreens(page: Page, paths: readonly string[], language: string): Promise<void> {
  const problems: string[] = [];
  for (const path of paths) {
    await goTo(page, `#${path}`);
    const screen = screenOf(page, path);
    await expect(screen, path).toBeVisible();
    await settled(page);
    await expect(screen.locator('button, iframe, [role="heading"], h1, h2, h3').first(), path).toBeVisible();
    // A screen the catalog claims works: mounted, no error page, not the placeholder; an unclaimed one shows the
    // placeholder (in the screen's language: found by its kind, not its English text).
    if (unavailable.has(path)) await expect(screen.locator('.erp-screen-status--unavailable'), path).toBeVisible();
    else {
      await expect(screen.locator('.erp-screen'), path).toBeVisible();
      await expect(screen.locator('.erp-screen-status'), path).toHaveCount(0);
      await expect(screen.locator('.erp-ui-error'), path).toHaveCount(0);
    }
    const run = screen.locator('.report-screen .report-parameters button[type="submit"]');
    if ((await run.count()) === 1 && (await run.isEnabled())) {
      await run.click();
      await settled(page);
      await expect(screen.locator('.report-grid-frame, .records-status:not(:empty), .report-parameters__error, [role="alert"]').first(), path).toBeVisible();
    }
    for (const cut of await cutHeaders(screen)) problems.push(`${language} ${path}: header or total ${cut}`);
    // A list's rows line up with its header: a long description truncates, it never widens its own row.
    const rowWidths = await screen.evaluate((root) =>
      [...root.querySelectorAll<HTMLElement>('.records-grid-frame')].map((frame) => [...new Set([...frame.querySelectorAll<HTMLElement>('.records-row')].map((row) => Math.round(row.getBoundingClientRect().width)))]),
    );
    for (const widths of rowWidths) if (widths.length > 1) problems.push(`${language} ${path}: list rows of different widths ${widths.join(', ')}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflow > 0) problems.push(`${language} ${path}: the page scrolls sideways by ${overflow}px`);
    // Close the tab again, so the page does not hold every screen at once.
    await page.keyboard.press('Alt+Shift+W');
    await expect(screen, path).toHaveCount(0);
    await settled(page);
  }
  expect(problems).toEqual([]);
}

test.use({ viewport: { width: 1440, height: 900 } });

/** Signs the admin in and shows the shell in `language` (the §5 culture cookie); every menu path of the applications it may open. */
async function signInIn(page: Page, context: BrowserContext, language: string): Promise<string[]> {
  await signIn(page, 'admin', 'admin');
  await settled(page);
  if (language !== 'en-CA') {
    await context.addCookies([{ name: '.AspNetCore.Culture', value: encodeURIComponent(`c=${language}|uic=${language}`), url: new URL(page.url()).origin }]);
    await page.reload();
    await settled(page);
  }
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  const paths = await screenPaths(page);
  expect(paths.length).toBeGreaterThan(10);
  return paths;
}

test('every menu path at 1440×900: no sideways scroll, every column header as wide as its label (en-CA)', async ({ page, context }) => {
  test.setTimeout(300_000);
  await checkScreens(page, await signInIn(page, context, 'en-CA'), 'en-CA');
});

for (const language of ['fr-CA', 'zh-CN']) {
  test(`every distinct screen at 1440×900 in ${language}: no sideways scroll, every column header as wide as its label`, async ({ page, context }) => {
    test.setTimeout(300_000);
    const paths = await signInIn(page, context, language);
    await checkScreens(page, await distinctScreens(page, paths), language);
  });
}
