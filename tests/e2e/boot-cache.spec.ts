/**
 * Issue 44, start-up data before network: the start-up answers kept per user in IndexedDB (root-config
 * startup-cache.ts) show HOME at once and are revalidated; a changed answer updates the screen; sign-out clears
 * them; a refused session still signs out; another user never sees the first one's data; and a new version (a
 * changed import map) is taken on the next load. Paint before script: the page's own skeleton is on screen
 * before any script ran, and gives way to the elements; the user's kept HOME (root-config boot/) follows in the
 * next frame, its tiles working links before any module runs, for that user only, and for that version.
 */
import { expect, test, type Page, type Route } from './fixtures.ts';
import { holdAnswers as holdRequest, signIn } from './helpers.ts';
import { topBar } from './shell-helpers.ts';

const tiles = (page: Page) => page.locator('.erp-tab-screen[data-tab-path="/"]:not([hidden]) .erp-ui-tile');
/** The page's own copy of the user's HOME (boot/loader.ts), shown before the shell's modules run. */
const keptTiles = (page: Page) => page.locator('#erp-content > .erp-boot-home--kept .erp-ui-tile');
const keptHome = (page: Page): Promise<{ subject: string; html: string } | null> =>
  page.evaluate(() => JSON.parse(localStorage.getItem('erp.kept-home') ?? 'null') as { subject: string; html: string } | null);
/** The shell's entry module (held to see the page alone: markup, styles and its inline loader). */
const SHELL_ENTRY = '**/root-config/root-config.js*';
/** A new document at `/` + `hash` (a `goto` that changes only the hash would stay in the same document). */
async function openAnew(page: Page, hash: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`/${hash}`);
}

/**
 * Records in sessionStorage whether the page's kept HOME was ever in the document, from its first moment (the
 * flag outlives the redirects of one tab).
 */
async function recordKeptHomeShown(page: Page): Promise<void> {
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('.erp-boot-home--kept')) sessionStorage.setItem('e2e.kept-home-shown', 'yes');
    }).observe(document, { subtree: true, childList: true });
  });
}
const keptHomeShown = (page: Page): Promise<boolean> => page.evaluate(() => sessionStorage.getItem('e2e.kept-home-shown') === 'yes');

/** The kept entries: the subject of their key (authority, client, subject), the applications' ids and names. */
function keptAnswers(page: Page): Promise<{ subject: string; applications: string[]; names: string[] }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const opening = indexedDB.open('erp-startup', 1);
        opening.onupgradeneeded = () => opening.result.createObjectStore('answers');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          const store = db.transaction('answers', 'readonly').objectStore('answers');
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () => {
            db.close();
            resolve(
              (keys.result as string[]).map((key, i) => ({
                subject: (JSON.parse(key) as string[])[2]!,
                applications: (values.result[i] as { data: { applications: { Application: string }[] } }).data.applications.map((a) => a.Application),
                names: (values.result[i] as { data: { applications: { Description: string }[] } }).data.applications.map((a) => a.Description),
              })),
            );
          };
          values.onerror = () => reject(values.error);
        };
      }),
  );
}

/**
 * Records in sessionStorage (it outlives the redirects of one tab) every HOME tile's application the page ever
 * showed, from the document's first moment.
 */
async function recordTilesShown(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const note = () => {
      const seen = new Set<string>(JSON.parse(sessionStorage.getItem('e2e.tiles-seen') ?? '[]') as string[]);
      const before = seen.size;
      document.querySelectorAll<HTMLElement>('.erp-ui-tile[data-application]').forEach((tile) => seen.add(tile.dataset['application']!));
      if (seen.size !== before) sessionStorage.setItem('e2e.tiles-seen', JSON.stringify([...seen]));
    };
    new MutationObserver(note).observe(document, { subtree: true, childList: true });
  });
}
const tilesShown = (page: Page): Promise<string[]> => page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e.tiles-seen') ?? '[]') as string[]);

/**
 * Resolves once no token renewal runs or waits in the page (the shell's cross-tab renewal lock, taken twice: a
 * renewal asked for while the first round waited comes before the second): the stored user is then stable.
 */
async function renewalsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const { RENEWAL_LOCK } = (await import('@erp/shared' as string)) as { RENEWAL_LOCK: string };
    for (let round = 0; round < 2; round++) await navigator.locks.request(RENEWAL_LOCK, () => undefined);
  });
}

/** Changes every stored user (IndexedDB, the source of truth, and its localStorage mirror); null forgets them. */
async function editStoredUsers(page: Page, change: { expire: true; refreshToken: string } | null): Promise<void> {
  await renewalsDone(page);
  await page.evaluate(async (edit) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open('erp-session', 1);
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    const write = (action: (store: IDBObjectStore) => unknown) =>
      new Promise<void>((resolve, reject) => {
        const transaction = db.transaction('users', 'readwrite');
        action(transaction.objectStore('users'));
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error);
      });
    for (const key of Object.keys(localStorage).filter((k) => k.startsWith('oidc.user:'))) {
      if (!edit) {
        await write((store) => store.delete(key));
        localStorage.removeItem(key);
        continue;
      }
      const user = JSON.parse(localStorage.getItem(key)!) as { expires_at: number; refresh_token: string };
      user.expires_at = Math.floor(Date.now() / 1000) - 60;
      user.refresh_token = edit.refreshToken;
      const value = JSON.stringify(user);
      await write((store) => store.put(value, key));
      localStorage.setItem(key, value);
    }
    db.close();
  }, change);
}

/** Holds the answers to `pattern` until the returned function is called. */
async function holdAnswers(page: Page, pattern: string, change?: (body: unknown) => unknown): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route: Route) => {
    const response = await route.fetch();
    await released;
    const body = change ? change(await response.json()) : undefined;
    await route.fulfill(body === undefined ? { response } : { response, json: body });
  });
  return release;
}

test('a reload shows HOME from the kept answers before the server answers; a changed answer then updates HOME', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  await expect(tiles(page).first()).toBeVisible();
  await expect.poll(async () => (await keptAnswers(page)).length).toBe(1);
  const first = await tiles(page).first().getAttribute('data-application');

  // The applications call is held: HOME is shown from the kept answers all the same.
  const release = await holdAnswers(page, '**/api/shell/applications', (body) =>
    (body as { Application: string; Description: string }[]).map((app) => (app.Application === first ? { ...app, Description: 'Renamed by the server' } : app)),
  );
  await page.reload();
  await expect(tiles(page).first()).toBeVisible();
  await expect(tiles(page).filter({ hasText: 'Renamed by the server' })).toHaveCount(0);
  release();
  // The revalidated answer differs: HOME follows, and the kept answer is the new one.
  await expect(page.locator(`.erp-ui-tile[data-application="${first}"]`)).toContainText('Renamed by the server');
  await expect.poll(async () => (await keptAnswers(page))[0]?.names).toContain('Renamed by the server');
  await page.unroute('**/api/shell/applications');
  // The next boot shows the kept (renamed) answer while the server's is held…
  const releaseAgain = await holdAnswers(page, '**/api/shell/applications');
  await page.reload();
  await expect(page.locator(`.erp-ui-tile[data-application="${first}"]`)).toContainText('Renamed by the server');
  // …and the server's own answer puts the name back.
  releaseAgain();
  await expect(page.locator(`.erp-ui-tile[data-application="${first}"]`)).not.toContainText('Renamed by the server');
  await expect.poll(async () => (await keptAnswers(page))[0]?.names).not.toContain('Renamed by the server');
});

/** The start of each of the five start-up calls the page made (Resource Timing), and of its first screen's mark. */
const startUpCalls = (page: Page): Promise<{ screen: number | null; calls: number[] }> =>
  page.evaluate(() => ({
    screen: performance.getEntriesByName('erp:boot-first-screen')[0]?.startTime ?? null,
    calls: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/api\/(?:shell\/(?:applications|routes|profile)|tenant|shell_init\/languages)(?:\?|$)/.test(entry.name))
      .map((entry) => entry.startTime),
  }));

test('a boot shown from the kept answers asks the server for them only after its first screen; without them, at once', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  await expect(tiles(page).first()).toBeVisible();
  // The first boot after sign-in has nothing kept: its calls leave before its first screen, which waits for them.
  const signedIn = await startUpCalls(page);
  expect(signedIn.screen).not.toBeNull();
  expect(signedIn.calls.length).toBeGreaterThanOrEqual(5);
  expect(signedIn.calls.filter((at) => at < signedIn.screen!)).toHaveLength(5);
  await expect.poll(async () => (await keptAnswers(page)).length).toBe(1);

  // Issue 74: a returning user's boot shows the kept answers, and the calls that revalidate them leave after its
  // first screen (not beside it, on the same cores).
  await page.reload();
  await expect(tiles(page).first()).toBeVisible();
  await expect.poll(async () => (await startUpCalls(page)).calls.length).toBeGreaterThanOrEqual(5);
  const { screen, calls } = await startUpCalls(page);
  expect(screen).not.toBeNull();
  for (const at of calls) expect(at).toBeGreaterThanOrEqual(screen!);
});

test('signing out clears the kept answers and the kept HOME', async ({ page }) => {
  await signIn(page, 'clerk', 'clerk', '#/');
  await expect(tiles(page).first()).toBeVisible();
  await expect.poll(async () => (await keptAnswers(page)).length).toBe(1);
  await expect.poll(async () => (await keptHome(page))?.subject).toBeTruthy();
  await topBar(page).getByRole('button', { name: 'Marc-André Tremblay' }).click();
  await topBar(page).getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await keptAnswers(page)).toEqual([]);
  // Leaving for the provider wrote nothing back.
  expect(await keptHome(page)).toBeNull();
});

test('the page shows the user\'s kept HOME right after its first frame: real tiles that open their application before any module runs', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  await expect(tiles(page).first()).toBeVisible();
  const live = await tiles(page).evaluateAll((links) => links.map((link) => [link.getAttribute('href'), link.textContent?.trim()]));
  await expect.poll(async () => (await keptHome(page))?.html ?? '').toContain('erp-ui-tile');

  // The page alone (the shell's entry held): the same tiles, names and links as the live HOME.
  const { release } = await holdRequest(page, SHELL_ENTRY);
  // The first frame with the page's HOME in it shows its own markup, the skeleton: nothing is read or laid out
  // before it (a frame may come earlier, while the page is parsed).
  await page.addInitScript(() => {
    const look = () => {
      const home = document.querySelector('#erp-content > .erp-boot-home');
      if (home) sessionStorage.setItem('e2e.first-frame', home.classList.contains('erp-boot-home--kept') ? 'kept HOME' : 'skeleton');
      else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  // The held entry holds the page's load event too (the loader may add it before the page has loaded).
  await page.reload({ waitUntil: 'commit' });
  await expect(keptTiles(page).first()).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('e2e.first-frame'))).toBe('skeleton');
  expect(await keptTiles(page).evaluateAll((links) => links.map((link) => [link.getAttribute('href'), link.textContent?.trim()]))).toEqual(live);
  await expect(page.locator('main')).not.toHaveAttribute('aria-busy', 'true');
  // No id of the kept copy can collide with the live page's.
  expect(await page.locator('.erp-boot-home--kept [id]').evaluateAll((nodes) => nodes.every((node) => node.id.startsWith('kept-')))).toBe(true);
  // A tile works before the shell runs: the keyboard reaches it and Enter follows its link…
  expect(live.map(([href]) => href)).toContain('#/novus-gl');
  await page.locator('.erp-boot-home--kept a.erp-ui-tile[href="#/novus-gl"]').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/novus-gl$/);
  // …and the shell, once it runs, opens that application.
  release();
  await expect(page.locator('.erp-tab-screen[data-tab-path="/novus-gl"]:not([hidden])')).toBeVisible();
  await expect(page.locator('.erp-boot-home')).toHaveCount(0);
});

test('the kept HOME follows a changed start-up answer, and is never shown on another route, to another user, or for an expired session', async ({ page, context }) => {
  await signIn(page, 'admin', 'admin', '#/');
  await expect(tiles(page).first()).toBeVisible();
  const first = await tiles(page).first().getAttribute('data-application');
  // A changed answer: the live HOME follows it, and the page keeps it as shown (written when the page is left).
  await page.route('**/api/shell/applications', async (route) => {
    try {
      const response = await route.fetch();
      const body = (await response.json()) as { Application: string; Description: string }[];
      await route.fulfill({ response, json: body.map((app) => (app.Application === first ? { ...app, Description: 'Renamed by the server' } : app)) });
    } catch {
      // A call of a page that has since been reloaded: nobody waits for its answer any more.
    }
  });
  await page.reload();
  await expect(page.locator(`.erp-tab-screen .erp-ui-tile[data-application="${first}"]`)).toContainText('Renamed by the server');
  // This boot shows the kept answers at once and asks the server again behind them: the route stays until that
  // answer is in, or the unrouted server's answer would rename the tile back before the page is left.
  const revalidated = page.waitForResponse('**/api/shell/applications');
  await page.reload();
  await expect(page.locator(`.erp-tab-screen .erp-ui-tile[data-application="${first}"]`)).toContainText('Renamed by the server');
  await revalidated;
  await page.unroute('**/api/shell/applications');
  const { release } = await holdRequest(page, SHELL_ENTRY);
  // The held entry holds the page's load event too (the loader may add it before the page has loaded).
  await page.reload({ waitUntil: 'commit' });
  await expect(page.locator(`.erp-boot-home--kept .erp-ui-tile[data-application="${first}"]`)).toContainText('Renamed by the server');
  release();
  await expect(tiles(page).first()).toBeVisible();
  await page.unroute(SHELL_ENTRY);

  await recordKeptHomeShown(page);
  // Another route: HOME is not what the user asked for.
  await openAnew(page, '#/novus-gl');
  await expect(page.locator('.erp-tab-screen[data-tab-path="/novus-gl"]:not([hidden])')).toBeVisible();
  expect(await keptHomeShown(page)).toBe(false);

  // An expired sign-in (its renewal refused): the sign-in page, never the kept HOME.
  await openAnew(page, '#/');
  await expect(tiles(page).first()).toBeVisible();
  expect(await keptHomeShown(page)).toBe(true);
  await page.evaluate(() => sessionStorage.removeItem('e2e.kept-home-shown'));
  await editStoredUsers(page, { expire: true, refreshToken: 'revoked-or-forged' });
  await context.clearCookies();
  await page.reload();
  await page.waitForURL(/\/oidc\/interaction\//);
  expect(await keptHomeShown(page)).toBe(false);

  // Another user: the first user's kept HOME is never shown to them, and theirs replaces it.
  await signIn(page, 'clerk', 'clerk', '#/');
  await expect(tiles(page).first()).toBeVisible();
  expect(await keptHomeShown(page)).toBe(false);
  await page.reload();
  await expect(tiles(page).first()).toBeVisible();
  await expect.poll(async () => (await keptHome(page))?.html ?? '').not.toContain('Renamed by the server');
});

test('a user who lands elsewhere (the portal) gets no kept HOME: their boot never flashes HOME first', async ({ page }) => {
  await signIn(page, 'portal', 'portal', '#/');
  await expect(page).toHaveURL(/#\/portal/);
  // HOME opened after landing, then the page left: still nothing kept.
  await page.evaluate(() => (window.location.hash = '#/'));
  await expect(tiles(page).first()).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/#\/portal/);
  await expect(page.locator('.erp-tab-screen:not([hidden]) :is(h1, h2)').first()).toBeVisible();
  expect(await keptHome(page)).toBeNull();
});

test('a session the provider refuses still signs out, and the kept answers of a server-refused token are cleared', async ({ page, context }) => {
  await signIn(page, 'admin', 'admin', '#/');
  await expect.poll(async () => (await keptAnswers(page)).length).toBe(1);
  // The server refuses the token (revoked): the revalidation's 401 clears the kept answers.
  await page.route('**/api/shell/**', (route) => route.fulfill({ status: 401, json: { ResultCode: 'Unauthorized' } }));
  await page.reload();
  await expect.poll(async () => (await keptAnswers(page)).length).toBe(0);
  await page.unroute('**/api/shell/**');

  // An expired session whose renewal is refused, with no provider session left: the sign-in page, never HOME.
  await page.reload();
  await expect(tiles(page).first()).toBeVisible();
  await expect.poll(async () => (await keptAnswers(page)).length).toBe(1);
  await editStoredUsers(page, { expire: true, refreshToken: 'revoked-or-forged' });
  await context.clearCookies();
  await recordTilesShown(page);
  await page.reload();
  await page.waitForURL(/\/oidc\/interaction\//);
  await expect(page.getByLabel('Password')).toBeVisible();
  expect(await tilesShown(page)).toEqual([]);
});

test('another user signing in on the same browser never sees the first user\'s answers', async ({ page, context }) => {
  await signIn(page, 'admin', 'admin', '#/');
  await expect.poll(async () => (await keptAnswers(page)).length).toBe(1);
  const adminApplications = (await keptAnswers(page))[0]!.applications;
  // The first user leaves without signing out (their tokens are forgotten, the kept answers stay), then
  // another user signs in.
  await editStoredUsers(page, null);
  await context.clearCookies();
  await recordTilesShown(page);
  // A new document (the same URL would only be a hash change).
  await page.goto('about:blank');
  await signIn(page, 'clerk', 'clerk', '#/');
  await expect(tiles(page).first()).toBeVisible();
  await page.reload();
  await expect(tiles(page).first()).toBeVisible();
  const clerkApplications = await tiles(page).evaluateAll((links) => links.map((link) => (link as HTMLElement).dataset['application']!));
  // Only the clerk's applications were ever on screen, and only the clerk's answers are kept.
  expect(adminApplications.filter((app) => !clerkApplications.includes(app)).length).toBeGreaterThan(0);
  expect((await tilesShown(page)).filter((app) => !clerkApplications.includes(app))).toEqual([]);
  const kept = await keptAnswers(page);
  expect(kept).toHaveLength(1);
  expect(kept[0]!.applications.filter((app) => !clerkApplications.includes(app) && app !== 'HOME')).toEqual([]);
});

test('a new version (a changed import map) is taken on the next load', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  await expect(tiles(page).first()).toBeVisible();
  // The next page's import map names another version of HOME's module (a new build): that URL is loaded.
  await page.route(
    (url) => url.pathname === '/' && url.search === '',
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/\/apps\/home\/home\.js\?v=[^"]+/g, '/apps/home/home.js?v=next-version');
      // The inline import map is allowed by its hash; the edited page is served without the policy.
      const headers = { ...response.headers() };
      delete headers['content-security-policy'];
      await route.fulfill({ response, body: html, headers });
    },
  );
  await expect.poll(async () => (await keptHome(page))?.html ?? '').toContain('erp-ui-tile');
  await recordKeptHomeShown(page);
  const requested = page.waitForRequest((request) => request.url().endsWith('/apps/home/home.js?v=next-version'));
  await page.reload();
  await requested;
  await expect(tiles(page).first()).toBeVisible();
  // The kept HOME was made by the previous version's code: the page did not show it.
  expect(await keptHomeShown(page)).toBe(false);
});

test('the page paints the chrome\'s skeleton before any script, without text, and the elements replace it', async ({ page, browser }) => {
  await signIn(page, 'admin', 'admin', '#/');
  // No script: what the page alone shows.
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: new URL(page.url()).origin });
  const plain = await noScript.newPage();
  await plain.goto('/');
  await expect(plain.locator('header .erp-boot-bar')).toBeVisible();
  await expect(plain.locator('main .erp-boot-home .erp-ui-tile')).toHaveCount(4);
  expect((await plain.locator('#erp-shell').innerText()).trim()).toBe('');
  expect(await plain.locator('header .erp-boot-bar').boundingBox()).toMatchObject({ height: 40 });
  await expect(plain.locator('main')).toHaveAttribute('aria-busy', 'true');
  await noScript.close();
  // With the script: the elements take the skeleton's place without moving what is on screen (no layout
  // shift from the document's first moment until HOME is up), then the bar and the skeleton are gone.
  await page.addInitScript(() => {
    (window as unknown as { layoutShift: number }).layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) (window as unknown as { layoutShift: number }).layoutShift += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.reload();
  await expect(tiles(page).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBe(0);
  await expect(page.locator('.erp-boot-bar, .erp-boot-home')).toHaveCount(0);
  expect(await topBar(page).boundingBox()).toMatchObject({ y: 0, height: 40 });
  await expect(page.locator('main')).not.toHaveAttribute('aria-busy', 'true');
  // The page carries its stylesheets inline; a screen built with @erp/ui does not fetch ui.css again.
  await expect(page.locator('style[data-href="/apps/ui/ui.css"]')).toHaveCount(1);
  await page.evaluate(() => (window.location.hash = '#/novus-oe/firm-maintenance'));
  await expect(page.locator('.erp-tab-screen[data-tab-path="/novus-oe/firm-maintenance"]:not([hidden]) [role="grid"]')).toBeVisible();
  await expect(page.locator('link[rel="stylesheet"][href*="/apps/ui/ui.css"]')).toHaveCount(0);
});
