/**
 * Issue 71 item 2 end to end, generated: EVERY screen of the catalogue in fr-CA and zh-CN shows no English.
 *
 * The screens are the server's routes (GET api/shell/routes: every application's menu screens), each screen once
 * (one per Component and Props: a screen several menus carry is walked once), those in this release, not the
 * frames of the other front end (its page is not this product's text). Each is opened in a fresh language and
 * fails on:
 * - a chrome text equal to an English catalogue text (english-texts.ts: a text en-CA has under a key whose
 *   translation differs and that the language does not itself use), in every namespace the product ships;
 * - a DATA text (a grid cell, a lookup's name, a field's value) that is an enumeration's stored value — the last
 *   part of a catalogue key (`…statuses.Received`) whose label differs in the language: a state shown as stored,
 *   "Received" in French. The allow-list is the data's own: a value the demo data holds as a name or description
 *   (read from the lookups the screen answers, not written by hand) is a company's text, not a state.
 * HOME is walked too. The namespaces come from the locale folders themselves.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { englishOf, leaks, namespaceStrings } from './english-texts.ts';
import { accessToken, signIn } from './helpers.ts';
import { goTo, screenOf, settled, tabBar } from './shell-helpers.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Every namespace the product ships: the shell's locale files and each module's. */
function allNamespaces(): string[] {
  const names = new Set<string>();
  const add = (folder: string) => {
    try {
      for (const file of readdirSync(folder)) if (file.endsWith('.json')) names.add(file.replace(/\.json$/, ''));
    } catch {
      // a module without locales
    }
  };
  add(join(repoRoot, 'locales', 'en-CA'));
  for (const module of readdirSync(join(repoRoot, 'modules'))) add(join(repoRoot, 'modules', module, 'locales', 'en-CA'));
  return [...names].sort();
}

interface Route {
  Path: string;
  Component: string;
  Props: string | null;
  Available?: boolean;
}

/** The screens to walk: each Component + Props once, in this release, not another front end's frame. */
async function screens(page: Page): Promise<string[]> {
  const answer = await page.request.get('/api/shell/routes', { headers: { Authorization: `Bearer ${await accessToken(page)}` } });
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as Route[] | { List?: Route[] };
  const routes = Array.isArray(body) ? body : (body.List ?? []);
  const seen = new Set<string>();
  const paths: string[] = [];
  for (const route of routes) {
    if (route.Available === false || /#Frame$/.test(route.Component) || route.Path.split('/').filter(Boolean).length < 2) continue;
    const key = `${route.Component}\u0000${route.Props ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    paths.push(route.Path);
  }
  return paths;
}

/** Stored enumeration values whose label differs in `language`: the last part of each such key (module header). */
async function storedValues(page: Page, language: string, namespaces: readonly string[]): Promise<Set<string>> {
  const values = new Set<string>();
  for (const namespace of namespaces) {
    const english = await namespaceStrings(page, 'en-CA', namespace);
    const translated = await namespaceStrings(page, language, namespace);
    for (const [key, text] of english) {
      const last = key.split('.').pop() ?? '';
      // An enumeration's option: its key ends with the stored value, which reads as the English label.
      if (!/^[A-Z][A-Za-z]{2,}$/.test(last) || text.replace(/\s+/g, '') !== last) continue;
      const own = translated.get(key);
      if (own !== undefined && own !== text) values.add(last);
    }
  }
  return values;
}

/** The data texts of the screen: grid cells, lookup names, read-only values (not what the chrome says). */
async function dataTexts(screen: Locator): Promise<string[]> {
  return screen.evaluate((root) => {
    const out: string[] = [];
    const visible = (element: Element) => (element as HTMLElement).getClientRects().length > 0;
    for (const cell of root.querySelectorAll('[role="gridcell"], td, [data-lookup-name], .erp-form-message, [role="status"], [role="alert"], h2, h3, .records-title')) {
      if (visible(cell)) out.push(...(cell.textContent ?? '').split(/\s*[·—:\n]\s*|\s{2,}/));
    }
    for (const input of root.querySelectorAll('input')) if (visible(input) && input.type !== 'hidden') out.push(input.value);
    return out.map((text) => text.trim()).filter(Boolean);
  });
}

for (const language of ['fr-CA', 'zh-CN'] as const) {
  test(`${language}: every screen shows no English text and no state as stored`, async ({ page, context }) => {
    test.setTimeout(900_000);
    await signIn(page, 'admin', 'admin', '#/');
    await context.addCookies([{ name: '.AspNetCore.Culture', value: encodeURIComponent(`c=${language}|uic=${language}`), url: new URL(page.url()).origin }]);
    await page.reload();
    await settled(page);
    const namespaces = allNamespaces();
    const english = await englishOf(page, language, namespaces, { minLetters: 6, label: true });
    const stored = await storedValues(page, language, namespaces);
    // The data's own allow-list: every name and description the lookups answer on the way (a company's text).
    const companyTexts = new Set<string>();
    page.on('response', async (response) => {
      if (!/\/api\/(lookup|firm\/lookup)\b/.test(new URL(response.url()).pathname) || response.status() !== 200) return;
      try {
        const body = (await response.json()) as { List?: Record<string, unknown>[] };
        for (const row of body.List ?? []) for (const value of Object.values(row)) if (typeof value === 'string') companyTexts.add(value.trim());
      } catch {
        // an answer the page gave up
      }
    });
    const found: string[] = [];
    const paths = await screens(page);
    expect(paths.length).toBeGreaterThan(50);

    const walk = async (path: string, screen: Locator) => {
      await expect(screen).toBeVisible();
      await settled(page);
      found.push(...(await leaks(screen, english)).filter((leak) => leak.startsWith('English')).map((leak) => `${path}: ${leak}`));
      for (const text of await dataTexts(screen)) {
        if (stored.has(text) && !companyTexts.has(text)) found.push(`${path}: stored value: ${text}`);
      }
    };
    await walk('/', page.locator('#erp-content, main').first());
    const close = language === 'fr-CA' ? /^Fermer / : /^关闭/;
    for (const path of paths) {
      await goTo(page, `#${path}`);
      await walk(path, screenOf(page, path));
      // One screen at a time: its tab closed before the next (a page of 300 screens would hold them all).
      const closeButton = tabBar(page).getByRole('button', { name: close }).last();
      if (await closeButton.isVisible()) await closeButton.click();
    }
    expect([...new Set(found)]).toEqual([]);
  });
}
