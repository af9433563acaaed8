/** Shared steps of the end-to-end tests (tabs, menus, screens, the shell's question dialog). */
import { expect, type Locator, type Page, type Route } from '@playwright/test';

export const topBar = (page: Page): Locator => page.locator('erp-top-bar');
export const menuBar = (page: Page): Locator => page.locator('erp-menu-bar');
export const tabBar = (page: Page): Locator => page.locator('erp-tab-bar');
export const overlay = (page: Page): Locator => page.locator('erp-loading-overlay');
export const commandPalette = (page: Page): Locator => page.locator('erp-command-palette');
/** The command palette's search box. */
export const paletteSearch = (page: Page): Locator =>
  commandPalette(page).getByRole('combobox', { name: 'Search screens, documents, firms, products and employees' });

/** The container of the open tab whose path is `path` (one per open screen). */
export const screenOf = (page: Page, path: string): Locator => page.locator(`.erp-tab-screen[data-tab-path="${path}"]`);

/** The shell's question dialog (`askUser`: Yes / No, Stay / Discard …). */
export const questionDialog = (page: Page): Locator => page.locator('erp-dialog[data-dialog="question"]');

/**
 * Waits until the question dialog is shown with the focus on its primary answer (Yes), as a keyboard user sees
 * it before pressing Enter: an Enter pressed while it still opens would reach the control behind it.
 */
export async function questionFocused(page: Page): Promise<void> {
  await expect(questionDialog(page).locator('sl-dialog[data-shown]')).toBeAttached();
  const focusedVariant = () =>
    page.evaluate(() => {
      let element = document.activeElement;
      while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
      const root = element?.getRootNode();
      const button = element?.closest('sl-button') ?? (root instanceof ShadowRoot ? root.host : null);
      return button?.getAttribute('variant') ?? '';
    });
  await expect.poll(focusedVariant).toBe('primary');
}

/** Answers the open question dialog Yes and waits until it has closed. */
export async function answerYes(page: Page): Promise<void> {
  await questionDialog(page).getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(questionDialog(page).getByRole('dialog')).toBeHidden();
}

/**
 * Opens the screen at `path` as a link would and waits for its heading; answers the screen's container.
 * `timeout`: for the first screen of a page, which loads its micro-app on a busy machine.
 */
export async function openScreen(page: Page, path: string, title: RegExp, timeout?: number): Promise<Locator> {
  await goTo(page, `#${path}`);
  const screen = screenOf(page, path);
  await expect(screen.getByRole('heading', { name: title }).first()).toBeVisible(timeout === undefined ? {} : { timeout });
  return screen;
}

/** The paths of every screen container in the page, in DOM order. */
export async function screenPaths(page: Page): Promise<string[]> {
  return page.locator('.erp-tab-screen').evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset['tabPath'] ?? ''));
}

/** Goes to a hash route as a link would (a hashchange, no reload). */
export async function goTo(page: Page, hash: string): Promise<void> {
  await page.evaluate((target) => {
    window.location.hash = target;
  }, hash);
}

/** Waits until nothing is loading (the overlay is off). */
export async function settled(page: Page): Promise<void> {
  await expect(overlay(page)).not.toHaveAttribute('active', /.*/);
}

/** Chooses a menu item in the menu bar: opens its group, then the item. */
export async function chooseMenu(page: Page, group: string, item: string): Promise<void> {
  await menuBar(page).getByRole('menuitem', { name: group, exact: true }).click();
  await menuBar(page).getByRole('menuitem', { name: item, exact: true }).click();
}

/** Marks the page so a later check can prove it was not reloaded. */
export async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eMark?: number }).__e2eMark = 42;
  });
}

export async function expectNotReloaded(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __e2eMark?: number }).__e2eMark)).toBe(42);
}

/**
 * The top bar's language menu button (issue 16 item 1: a Shoelace menu button, not a `<select>`). Its name is
 * "Language" in the current language followed by the current language's own name, e.g. "Langue Français (Canada)".
 */
export const languageButton = (page: Page): Locator =>
  topBar(page).getByRole('button', { name: /^(Language|Langue|语言|語言) / });

/**
 * Switches the language as a user does: opens the language menu and chooses the language by its own name
 * (`English (Canada)`, `Français (Canada)`, `简体中文`, `繁體中文`); waits until the menu has closed and the
 * button shows the chosen language.
 */
export async function chooseLanguage(page: Page, name: string): Promise<void> {
  await languageButton(page).click();
  await topBar(page).getByRole('menuitemcheckbox', { name, exact: true }).click();
  await expect(topBar(page).getByRole('menu', { name: /^(Language|Langue|语言|語言)$/ })).toBeHidden();
  await expect(languageButton(page)).toHaveAccessibleName(new RegExp(` ${name.replace(/[()]/g, '\\$&')}$`));
}

interface RouteAnswer {
  Path: string;
  Component: string;
  Available?: boolean;
}

/**
 * Changes the server's answer about the route at `path` (application path + menu path) as the browser receives
 * it (`GET api/shell/routes`): its Component becomes what `component` makes of it. For screens a test serves.
 * The shell asks again later (a language switch reads the routes anew), so a spec using this takes `test` from
 * fixtures.ts: the handler's fetch must not outlive the test's page.
 */
export async function rerouted(page: Page, path: string, component: (original: string) => string, available = true): Promise<void> {
  const wanted = path.toLowerCase();
  await page.route(/\/api\/shell\/routes(\?|$)/, (route) =>
    edited<RouteAnswer[]>(route, (routes) => {
      for (const entry of routes) {
        if (entry.Path.toLowerCase() !== wanted) continue;
        entry.Component = component(entry.Component);
        if (!available) entry.Available = false;
      }
    }),
  );
}

/**
 * Answers a request with the server's JSON answer as `edit` changes it. An answer disposed under the handler (the
 * page navigated or gave the request up meanwhile) is not edited: the request, if still wanted, goes through.
 */
async function edited<T>(route: Route, edit: (body: T) => void): Promise<void> {
  const gone = (error: unknown) => /disposed|closed|Target page/i.test(String(error));
  try {
    const response = await route.fetch();
    const body = (await response.json()) as T;
    edit(body);
    await route.fulfill({ response, json: body });
  } catch (error) {
    if (!gone(error)) throw error;
    // Still asked for, the request gets the server's own answer; one the page gave up is gone (nothing to answer).
    await route.continue().catch(() => {});
  }
}

/**
 * The menu item `menuPath` of `application` (e.g. NOVUS-TE, `/time_card`) as a screen not in this release. Every
 * catalog route is built now (issue 29 item 6 built the last ones, Trades' labour), so the tests of that behaviour
 * make one: as the browser receives them, the route's Component names an export its module does not have, and the
 * route and the menu item carry `Available: false` — what the server answers for a screen the build lacks
 * (server/src/shell/availability.ts; tested on fixtures in server/test/shell-names.test.ts) — so the shell marks it
 * and shows its placeholder.
 */
export async function notInThisRelease(page: Page, application: string, applicationPath: string, menuPath: string): Promise<void> {
  await rerouted(page, `${applicationPath}${menuPath}`, (original) => original.replace(/#.*$/, '#NotInThisRelease'), false);
  await page.route(/\/api\/shell\/menus\?/, (route) =>
    edited<{ RouterPath: string; Available?: boolean }[]>(route, (menus) => {
      const asked = new URL(route.request().url()).searchParams.get('application') ?? '';
      if (asked.toUpperCase() !== application.toUpperCase()) return;
      for (const menu of menus) if (menu.RouterPath.toLowerCase() === menuPath.toLowerCase()) menu.Available = false;
    }),
  );
}
