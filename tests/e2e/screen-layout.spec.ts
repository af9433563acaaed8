/**
 * Issue 21 item 1 end to end: every screen of every application the admin may open, at 1440×900 — the
 * page never scrolls sideways, and no visible column header is narrower than its label (today's report
 * grids showed headers collapsed to a few pixels). A report screen runs once with its default parameters,
 * so its result grid is checked too. One sign-in, one pass over the menus, in English and in French (the
 * longer labels).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { accessToken, signIn } from './helpers.ts';
import { goTo, screenOf, settled } from './shell-helpers.ts';

interface MenuAnswer {
  MenuId: string;
  ParentId: string;
  IsActive: boolean;
  RouterPath: string;
}

interface ApplicationAnswer {
  RouterPath: string;
  Application: string;
}

const trim = (path: string) => path.trim().replace(/^\/+|\/+$/g, '');

/** Every screen path (application path + menu path) of the applications the user may open. */
async function screenPaths(page: Page): Promise<string[]> {
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const applications = (await (await page.request.get('/api/shell/applications', { headers })).json()) as ApplicationAnswer[];
  const paths = new Set<string>();
  for (const application of applications) {
    const answer = await page.request.get(`/api/shell/menus?application=${encodeURIComponent(application.Application)}`, { headers });
    for (const menu of (await answer.json()) as MenuAnswer[]) {
      if (menu.IsActive && trim(menu.RouterPath) !== '') paths.add(`/${trim(application.RouterPath)}/${trim(menu.RouterPath)}`);
    }
  }
  return [...paths];
}

/**
 * The visible column headers whose label does not fit: the header's text runs past the cell's edges (a
 * collapsed or truncated header), as "<label> (<text width> > <cell width>)".
 */
async function cutHeaders(screen: Locator): Promise<string[]> {
  return screen.evaluate((root) => {
    const out: string[] = [];
    for (const cell of root.querySelectorAll<HTMLElement>('[role="columnheader"], th[scope="col"]')) {
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
    const run = screen.locator('.report-screen .report-parameters button[type="submit"]');
    if ((await run.count()) === 1 && (await run.isEnabled())) {
      await run.click();
      await settled(page);
      await expect(screen.locator('.report-grid-frame, .records-status:not(:empty), .report-parameters__error, [role="alert"]').first(), path).toBeVisible();
    }
    for (const cut of await cutHeaders(screen)) problems.push(`${language} ${path}: header ${cut}`);
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

test('every screen at 1440×900: no sideways scroll, every column header as wide as its label (en-CA, fr-CA)', async ({ page, context }) => {
  test.setTimeout(240_000);
  await signIn(page, 'admin', 'admin');
  await settled(page);
  const paths = await screenPaths(page);
  expect(paths.length).toBeGreaterThan(10);
  await checkScreens(page, paths, 'en-CA');
  await context.addCookies([{ name: '.AspNetCore.Culture', value: encodeURIComponent('c=fr-CA|uic=fr-CA'), url: new URL(page.url()).origin }]);
  await page.reload();
  await settled(page);
  await checkScreens(page, paths, 'fr-CA');
});
