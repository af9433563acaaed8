/**
 * The one test that opens every route (every menu path of every application the admin may open): a screen the
 * catalog marks available mounts without an error page or the "not in this release" placeholder, and an
 * unavailable one shows that placeholder.
 *
 * Issue 71 item 2: and no ISO date nor amount without grouping in any visible text of any of them (a report's answer
 * included), in each language.
 * Issue 71 ("no internal id where a person reads"): nor an internal id in any of them — a text naming an id with a
 * bare integer ("Payment ID: 5", "AR item 479"), or a field, line cell or list column labelled with an id showing one
 * (internal-ids.ts, the same definition the PDFs' and e-mails' check uses).
 * Issue 71 ("generated checks over every screen"): and in fr-CA and zh-CN no English text in any of them — no
 * visible text or accessible name of the screen's chrome (english-texts.ts: the list's and report grids' cells,
 * lookups' names and the values inputs hold are data, not checked) that en-CA has under a key the language
 * translates otherwise, the catalogue of every namespace the server serves.
 *
 * Issue 21 item 1 end to end: every screen of every application the admin may open, at 1440×900 — the
 * page never scrolls sideways, and no visible column header is narrower than its label (today's report
 * grids showed headers collapsed to a few pixels). A report screen runs once with its default parameters,
 * so its result grid is checked too (once per distinct screen). One sign-in, one pass over every menu path in
 * English, then one over each distinct screen in French (the longer labels) and in Simplified Chinese: a screen
 * listed under several applications (the same export and Props) is the same screen there.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { localeRoots } from '@erp/modules/manifests';
import { englishOf, textsOf, type English } from './english-texts.ts';
import { BARE_VALUE, ID_LABEL, INTERNAL_ID } from './internal-ids.ts';
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

/** What a ready screen shows (see readyScreen). */
interface ScreenState {
  /** `.erp-screen` is visible: the screen mounted. */
  mounted: boolean;
  /** `.erp-screen-status--unavailable` is visible: the "not in this release" placeholder. */
  unavailable: boolean;
  /** How many `.erp-screen-status` and `.erp-ui-error` it holds. */
  statuses: number;
  errors: number;
  /** A report screen whose run button is enabled. */
  report: boolean;
}

/**
 * Waits in the page, checking at each animation frame, until the screen of `path` is ready — its tab visible,
 * nothing loading (the overlay off), its first control visible — and answers what it shows; null when it is not
 * ready within `budget` ms (the caller then repeats the steps with Playwright's assertions, which wait again and
 * say what is missing). One round trip instead of one per step: this spec visits every screen three times.
 */
async function readyScreen(page: Page, path: string, budget: number): Promise<ScreenState | null> {
  try {
    const state = await page.waitForFunction(
      (target) => {
        // Visible as Playwright means it: rendered, not visibility: hidden, a box that is not empty.
        const isVisible = (element: Element | null): boolean => {
          if (!element || !element.checkVisibility({ visibilityProperty: true })) return false;
          if (getComputedStyle(element).display === 'contents') return [...element.children].some(isVisible);
          const box = element.getBoundingClientRect();
          return box.width > 0 && box.height > 0;
        };
        const root = document.querySelector(`.erp-tab-screen[data-tab-path="${target}"]`);
        if (!isVisible(root) || document.querySelector('erp-loading-overlay')?.hasAttribute('active')) return false;
        if (!isVisible(root!.querySelector('button, iframe, [role="heading"], h1, h2, h3'))) return false;
        // A list still waiting for its page shows its headers at the definition's widths (the loading overlay
        // only comes after a moment): the widths are checked once it is answered.
        if ([...root!.querySelectorAll('[aria-busy="true"]')].some(isVisible)) return false;
        const run = root!.querySelectorAll<HTMLButtonElement>('.report-screen .report-parameters button[type="submit"]');
        return {
          mounted: isVisible(root!.querySelector('.erp-screen')),
          unavailable: isVisible(root!.querySelector('.erp-screen-status--unavailable')),
          statuses: root!.querySelectorAll('.erp-screen-status').length,
          errors: root!.querySelectorAll('.erp-ui-error').length,
          report: run.length === 1 && !run[0]!.disabled,
        };
      },
      path,
      { timeout: budget },
    );
    return (await state.jsonValue()) as ScreenState;
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') return null;
    throw error;
  }
}

/**
 * What is wrong with the layout of `screen`, in one round trip:
 * - the visible column headers whose label does not fit — the header's text runs past the cell's edges (a
 *   collapsed or truncated header) — as "<label> (<text width> > <cell width>)";
 * - a list whose rows are not all as wide as each other (a long description must truncate, never widen its row);
 * - how far the page scrolls sideways;
 * - the ISO dates, ungrouped amounts and internal ids a person reads (internal-ids.ts: `patterns` are its sources).
 */
async function layoutProblems(screen: Locator): Promise<{ cut: string[]; rowWidths: number[][]; overflow: number; iso: string[]; amounts: string[]; ids: string[] }> {
  const patterns = { label: ID_LABEL, internal: INTERNAL_ID, bare: BARE_VALUE };
  return screen.evaluate((root, sources) => {
    const cut: string[] = [];
    // Issue 71 item 2: no ISO date in the text a person reads (the spec asks for none): every visible text node of
    // the screen — lists, forms' read-only texts, report grids, banners, dialogs — not what an input holds.
    // Nor an amount without the language's grouping ("15324.33": issue 71's Select open invoices picker).
    const iso: string[] = [];
    const amounts: string[] = [];
    // Issue 71: nor an internal id — in a text, or as the value of a field, line cell or list column an id's label names.
    const ids: string[] = [];
    const internal = new RegExp(sources.internal, 'iu');
    const idLabel = new RegExp(sources.label, 'iu');
    const bare = new RegExp(sources.bare, 'u');
    const shown = (element: Element) => !element.closest('script, style, [hidden], [aria-hidden="true"]') && element.getClientRects().length > 0;
    const texts = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      const text = node.textContent ?? '';
      const date = /\d{4}-\d{2}-\d{2}/.exec(text);
      const amount = /(?<![\d.,])\d{4,}[.,]\d{2}(?!\d)/.exec(text);
      const id = internal.exec(text);
      const parent = node.parentElement;
      if ((!date && !amount && !id) || !parent || parent.closest('script, style, textarea, [hidden], [aria-hidden="true"]') || parent.getClientRects().length === 0) continue;
      if (date) iso.push(`"${date[0]}" in "${text.trim().slice(0, 80)}"`);
      if (amount) amounts.push(`"${amount[0]}" in "${text.trim().slice(0, 80)}"`);
      if (id) ids.push(`"${id[0]}" in "${text.trim().slice(0, 80)}"`);
    }
    // A field (or a line's input) whose label names an id, holding a bare integer.
    for (const input of root.querySelectorAll<HTMLInputElement>('input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"])')) {
      if (!shown(input) || !bare.test(input.value)) continue;
      const label = input.getAttribute('aria-label') ?? [...(input.labels ?? [])].map((one) => one.textContent ?? '').join(' ');
      if (idLabel.test(label)) ids.push(`field "${label.trim()}" shows ${input.value}`);
    }
    // A cell under a column whose header names an id (its own accessible name: a line's "AR item — Line 1"), holding a bare integer.
    for (const grid of root.querySelectorAll<HTMLElement>('[role="grid"], [role="table"], table')) {
      const headers = [...grid.querySelectorAll<HTMLElement>('[role="columnheader"], th')].map((header) => (header.textContent ?? '').trim());
      for (const row of grid.querySelectorAll<HTMLElement>('[role="row"], tr')) {
        const cells = [...row.children].filter((cell) => cell.matches('[role="gridcell"], [role="cell"], td'));
        cells.forEach((cell, index) => {
          const text = (cell.textContent ?? '').trim();
          if (!bare.test(text) || !shown(cell)) return;
          const label = cell.getAttribute('aria-label') ?? headers[Number(cell.getAttribute('aria-colindex') ?? index + 1) - 1] ?? '';
          if (idLabel.test(label)) ids.push(`column "${label}" shows ${text}`);
        });
      }
    }
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
          cut.push(`${(node.textContent ?? '').trim()} (text ${Math.round(text.left)}–${Math.round(text.right)} × ${Math.round(text.bottom)}, cell ${Math.round(box.left)}–${Math.round(box.right)} × ${Math.round(box.bottom)})`);
        }
      }
    }
    const rowWidths = [...root.querySelectorAll<HTMLElement>('.records-grid-frame')].map((frame) => [
      ...new Set([...frame.querySelectorAll<HTMLElement>('.records-row')].map((row) => Math.round(row.getBoundingClientRect().width))),
    ]);
    return { cut, rowWidths, overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth, iso, amounts, ids: [...new Set(ids)] };
  }, patterns);
}

/**
 * How long a screen may take to be ready before the checks fall back to Playwright's assertions, one step at a
 * time, each with the expect timeout: a slow screen still passes, only more slowly; this is no time limit.
 */
const FAST_PATH_MS = 15_000;

/** Nothing loads and the first element of `selector` in the screen of `path` is visible (a report's answer). */
function screenShows({ path, selector }: { path: string; selector: string }): boolean {
  const root = document.querySelector(`.erp-tab-screen[data-tab-path="${path}"]`);
  const shown = root?.querySelector(selector);
  if (!shown || document.querySelector('erp-loading-overlay')?.hasAttribute('active')) return false;
  const box = shown.getBoundingClientRect();
  return shown.checkVisibility({ visibilityProperty: true }) && box.width > 0 && box.height > 0;
}

/** The screen of `path` is gone and nothing loads. */
function screenClosed({ path }: { path: string; selector: string }): boolean {
  return !document.querySelector(`.erp-tab-screen[data-tab-path="${path}"]`) && !document.querySelector('erp-loading-overlay')?.hasAttribute('active');
}

/**
 * Waits in the page, at each animation frame, until `condition` holds: true; false when it does not within
 * FAST_PATH_MS (the caller then waits step by step with Playwright's assertions).
 */
async function inPage(page: Page, condition: (arg: { path: string; selector: string }) => boolean, arg: { path: string; selector: string }): Promise<boolean> {
  try {
    await page.waitForFunction(condition, arg, { timeout: FAST_PATH_MS });
    return true;
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') return false;
    throw error;
  }
}

/** The screen checks of `path` through Playwright's assertions: each waits, and says what is missing. */
async function checkScreenStepByStep(page: Page, screen: Locator, path: string): Promise<boolean> {
  await expect(screen, path).toBeVisible();
  await settled(page);
  await expect(screen.locator('button, iframe, [role="heading"], h1, h2, h3').first(), path).toBeVisible();
  await expect(screen.locator('[aria-busy="true"]:visible'), path).toHaveCount(0);
  // A screen the catalog claims works: mounted, no error page, not the placeholder; an unclaimed one shows the
  // placeholder (in the screen's language: found by its kind, not its English text).
  if (unavailable.has(path)) await expect(screen.locator('.erp-screen-status--unavailable'), path).toBeVisible();
  else {
    await expect(screen.locator('.erp-screen'), path).toBeVisible();
    await expect(screen.locator('.erp-screen-status'), path).toHaveCount(0);
    await expect(screen.locator('.erp-ui-error'), path).toHaveCount(0);
  }
  const run = screen.locator('.report-screen .report-parameters button[type="submit"]');
  return (await run.count()) === 1 && (await run.isEnabled());
}

/**
 * Every namespace the server serves under /locales/ — the shell's folder and each module's, as the server finds
 * them (locale-files.ts) — so a screen's English is found whichever namespace its string should have come from.
 */
function allNamespaces(): string[] {
  const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
  const names = new Set<string>();
  for (const root of localeRoots(repoRoot)) {
    for (const file of readdirSync(join(root, 'en-CA'))) if (file.endsWith('.json')) names.add(file.slice(0, -'.json'.length));
  }
  return [...names].sort();
}

/** The screen's chrome texts that are English (one round trip; the matching runs here, not in the page). */
async function englishTexts(screen: Locator, english: English): Promise<string[]> {
  const { chrome } = await textsOf(screen);
  return [...new Set(chrome.filter((text) => english.exact.has(text) || english.patterns.some((pattern) => pattern.test(text))))];
}

/**
 * Opens each of `paths`, checks it and closes it again. `runReports`: the paths whose report runs — one path per
 * distinct screen (the same screen under another application runs the same report). `english`: the English
 * texts a translated screen must not show (none looked for in en-CA).
 */
async function checkScreens(page: Page, paths: readonly string[], language: string, runReports: ReadonlySet<string>, english?: English): Promise<void> {
  const problems: string[] = [];
  for (const path of paths) {
    await goTo(page, `#${path}`);
    const screen = screenOf(page, path);
    // The usual case in one round trip; anything unexpected is checked again step by step.
    const state = await readyScreen(page, path, FAST_PATH_MS);
    const expected = state !== null && (unavailable.has(path) ? state.unavailable : state.mounted && state.statuses === 0 && state.errors === 0);
    const report = expected ? state.report : await checkScreenStepByStep(page, screen, path);
    if (report && runReports.has(path)) {
      await screen.locator('.report-screen .report-parameters button[type="submit"]').click();
      const answered = '.report-grid-frame, .records-status:not(:empty), .report-parameters__error, [role="alert"]';
      if (!(await inPage(page, screenShows, { path, selector: answered }))) {
        await settled(page);
        await expect(screen.locator(answered).first(), path).toBeVisible();
      }
    }
    const layout = await layoutProblems(screen);
    for (const cut of layout.cut) problems.push(`${language} ${path}: header or total ${cut}`);
    for (const widths of layout.rowWidths) if (widths.length > 1) problems.push(`${language} ${path}: list rows of different widths ${widths.join(', ')}`);
    if (layout.overflow > 0) problems.push(`${language} ${path}: the page scrolls sideways by ${layout.overflow}px`);
    for (const date of layout.iso) problems.push(`${language} ${path}: ISO date ${date}`);
    for (const amount of layout.amounts) problems.push(`${language} ${path}: amount without grouping ${amount}`);
    for (const id of layout.ids) problems.push(`${language} ${path}: internal id ${id}`);
    if (english) for (const text of await englishTexts(screen, english)) problems.push(`${language} ${path}: English "${text}"`);
    // Close the tab again, so the page does not hold every screen at once.
    await page.keyboard.press('Alt+Shift+W');
    if (!(await inPage(page, screenClosed, { path, selector: '' }))) {
      await expect(screen, path).toHaveCount(0);
      await settled(page);
    }
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
  test.setTimeout(600_000); // a budget for a slow, shared machine (every route, one test), not a wait
  const paths = await signInIn(page, context, 'en-CA');
  await checkScreens(page, paths, 'en-CA', new Set(await distinctScreens(page, paths)));
});

for (const language of ['fr-CA', 'zh-CN']) {
  test(`every distinct screen at 1440×900 in ${language}: no sideways scroll, every column header as wide as its label, no English`, async ({ page, context }) => {
    test.setTimeout(600_000); // a budget for a slow, shared machine (every route, one test), not a wait
    const paths = await signInIn(page, context, language);
    const distinct = await distinctScreens(page, paths);
    const english = await englishOf(page, language, allNamespaces(), { minLetters: 6, label: true });
    await checkScreens(page, distinct, language, new Set(distinct), english);
  });
}
