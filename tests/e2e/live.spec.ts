/**
 * Issue 42 items 2 and 3 end to end: live lists and forms, and presence.
 *
 * - A list open in one browser shows a record made in another within 2 s, with no reload of the page — on the
 *   lane's server (SQLite: events in process), and with the two browsers on two server instances sharing one
 *   PostgreSQL database (events through LISTEN/NOTIFY). The two instances are started by this file on a fresh
 *   database (ports E2E_PORT + 6 and + 8 — past both lanes' ports — their partner sites off) and stopped, and the database dropped, at the end;
 *   the test is skipped, saying why, only when PostgreSQL cannot be reached at 127.0.0.1:5432.
 * - Two browsers on one record see each other's names; when one types, the other is told who is editing; when one
 *   saves, the other's form says at once who changed it and offers Reload / Keep mine.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Locator, type Page } from './fixtures.ts';
import { apiCall, signIn } from './helpers.ts';
import { expectNotReloaded, markPage, screenOf } from './shell-helpers.ts';

const ADMIN_FIRMS = '/novus-ar/firm-maintenance';
const CLERK_FIRMS = '/novus-oe/firm-maintenance';
/** The demo users' display names (server/src/seed/catalog.ts). */
const ADMIN_NAME = 'Dana Whitfield';
const CLERK_NAME = 'Marc-André Tremblay';

const rowOf = (screen: Locator, id: string) => screen.locator('[role="grid"] [role="row"][data-row-id]').filter({ has: screen.page().getByRole('gridcell', { name: id, exact: true }) });

/** The firm list of `path`, searched for `term` (so a new firm named by it is on the visible page). */
async function searchedList(page: Page, path: string, term: string): Promise<Locator> {
  const screen = screenOf(page, path);
  const search = screen.getByRole('searchbox');
  await expect(search).toBeVisible();
  const searched = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/data/firm' && new URL(response.url()).searchParams.toString().includes(term));
  await search.fill(term);
  await search.press('Enter');
  await searched;
  return screen;
}

/** A browser signed in as `user` at `path`, in its own context (own storage, own event stream). */
async function browserAt(browser: Browser, baseURL: string | undefined, user: string, path: string): Promise<Page> {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  const page = await context.newPage();
  await signIn(page, user, user, `#${path}`);
  // The event stream is open (its first event arrived: shared/src/record-events.ts marks the page).
  await expect(page.locator('html')).toHaveAttribute('data-live-events', 'open');
  return page;
}

/** Makes firm `id` from `page` (another browser) and answers when the server has answered. */
async function makeFirm(page: Page, id: string, name: string): Promise<void> {
  const made = await apiCall(page, 'POST', 'data/firm', { FirmId: id, Name: name, FirmTypes: ['bill-to'] });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
}

/** Browser one's list shows the firm browser two makes within 2 s, without reloading the page. */
async function listSeesNewRecord(one: Page, two: Page, onePath: string, id: string) {
  const list = await searchedList(one, onePath, id.slice(0, 5));
  await expect(rowOf(list, id)).toHaveCount(0);
  await markPage(one);
  await makeFirm(two, id, `Live ${id}`);
  const madeAt = Date.now();
  await expect(rowOf(list, id)).toBeVisible({ timeout: 2000 });
  expect(Date.now() - madeAt).toBeLessThan(2000);
  await expectNotReloaded(one);
}

test('a list shows a record made in another browser within 2 s, without a reload', async ({ browser }) => {
  const admin = await browserAt(browser, undefined, 'admin', ADMIN_FIRMS);
  const clerk = await browserAt(browser, undefined, 'clerk', CLERK_FIRMS);
  await listSeesNewRecord(admin, clerk, ADMIN_FIRMS, 'LIVEA1');
  await admin.context().close();
  await clerk.context().close();
});

test('two browsers on one record see each other’s names, who is editing, and a change made by the other', async ({ browser }) => {
  const admin = await browserAt(browser, undefined, 'admin', ADMIN_FIRMS);
  const clerk = await browserAt(browser, undefined, 'clerk', CLERK_FIRMS);
  await makeFirm(admin, 'LIVEB1', 'Live presence');
  const open = async (page: Page, path: string) => {
    const list = await searchedList(page, path, 'LIVEB1');
    await rowOf(list, 'LIVEB1').dblclick();
    const form = list.locator('.erp-entity-form');
    await expect(form.locator('[data-trail="version"] dd')).toHaveText('1');
    return form;
  };
  const adminForm = await open(admin, ADMIN_FIRMS);
  const clerkForm = await open(clerk, CLERK_FIRMS);
  await expect(adminForm.locator('[data-live="presence"]')).toContainText(`Also open by ${CLERK_NAME}.`);
  await expect(clerkForm.locator('[data-live="presence"]')).toContainText(`Also open by ${ADMIN_NAME}.`);

  // Item 3: the clerk types — the admin is told before typing anything.
  await clerkForm.getByRole('textbox', { name: 'Name', exact: true }).fill('Live presence, renamed');
  await expect(adminForm.locator('[data-live="presence"]')).toContainText(`${CLERK_NAME} is editing this record.`);

  // Item 2: the clerk saves — the admin's form says so at once, and Reload takes the new version.
  await clerkForm.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(clerkForm.locator('[data-trail="version"] dd')).toHaveText('2');
  const notice = adminForm.locator('[data-live="changed"]');
  await expect(notice).toContainText(`Changed by ${CLERK_NAME} at`);
  // Issue 71 item 2: one period after the time, even when the language writes it "2:25 p.m.".
  await expect(notice).toContainText(/ at \d{1,2}:\d{2}(\s[ap]\.m)?\.(?!\.)/);
  await expect(notice).not.toContainText('..');
  await expect(clerkForm.locator('[data-live="changed"]')).toHaveCount(0);
  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(adminForm.locator('[data-trail="version"] dd')).toHaveText('2');
  await expect(adminForm.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Live presence, renamed');
  await expect(notice).toHaveCount(0);

  // Closing a browser takes its name away.
  await clerk.context().close();
  await expect(adminForm.locator('[data-live="presence"]')).not.toContainText(CLERK_NAME);
  await admin.context().close();
});

// Issue 71 item 2: the user's own change from another tab is theirs, not "someone else's" (compared by user id).
test('a change the same user saves in another tab is reported as theirs, "you, in another tab"', async ({ browser }) => {
  // Two browsers signed in: as long as the two-user test above.
  test.setTimeout(120_000);
  const first = await browserAt(browser, undefined, 'admin', ADMIN_FIRMS);
  const second = await browserAt(browser, undefined, 'admin', ADMIN_FIRMS);
  await makeFirm(first, 'LIVEY1', 'Live yours');
  const open = async (page: Page) => {
    const list = await searchedList(page, ADMIN_FIRMS, 'LIVEY1');
    await rowOf(list, 'LIVEY1').dblclick();
    const form = list.locator('.erp-entity-form');
    await expect(form.locator('[data-trail="version"] dd')).toHaveText('1');
    return form;
  };
  const firstForm = await open(first);
  const secondForm = await open(second);
  await secondForm.getByRole('textbox', { name: 'Name', exact: true }).fill('Live yours, renamed');
  await secondForm.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(secondForm.locator('[data-trail="version"] dd')).toHaveText('2');
  const notice = firstForm.locator('[data-live="changed"]');
  await expect(notice).toContainText('Changed by you, in another tab, at');
  await expect(notice).not.toContainText(ADMIN_NAME);
  await first.context().close();
  await second.context().close();
});

test.describe('two server instances on one PostgreSQL database', () => {
  const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
  const database = `erp_live_e2e_${process.pid}`;
  // Past both lanes' ports and their partner sites (tests/playwright.config.ts).
  const freePort = Number(process.env.E2E_PORT ?? 18080) + 6;
  const ports = [freePort, freePort + 2];
  const servers: ChildProcess[] = [];
  const dataDirs: string[] = [];
  let reachable = true;

  const psql = (sql: string) => execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-Atc', sql], { stdio: 'pipe', timeout: 30_000 }).toString();

  async function start(port: number): Promise<void> {
    const dataDir = mkdtempSync(join(tmpdir(), 'erp-live-'));
    dataDirs.push(dataDir);
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        PUBLIC_URL: `http://localhost:${port}`,
        DATA_DIR: dataDir,
        DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}`,
        PARTNER_DEMO: 'off',
        DEMO_FIRMS: '0',
        DEMO_LEDGER: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    servers.push(server);
    let log = '';
    server.stderr!.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
    // Ready when it answers its configuration; a server that exits first fails the test with its log.
    await expect
      .poll(
        async () => {
          if (server.exitCode !== null) throw new Error(`the server on ${port} stopped: ${log}`);
          return fetch(`http://localhost:${port}/shell-config.json`).then((response) => response.status, () => 0);
        },
        { timeout: 180_000 },
      )
      .toBe(200);
  }

  test.beforeAll(async () => {
    try {
      psql('select 1');
    } catch {
      reachable = false;
      return;
    }
    psql(`drop database if exists ${database} with (force)`);
    psql(`create database ${database}`);
    // A throwaway database: its first start's seed does not wait for a disk sync at each commit.
    psql(`alter database ${database} set synchronous_commit = off`);
  });

  test.afterAll(async () => {
    for (const server of servers) {
      if (server.exitCode !== null) continue;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (reachable) psql(`drop database if exists ${database} with (force)`);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  test('a list on one instance shows a record made through the other within 2 s', async ({ browser }) => {
    test.skip(!reachable, 'PostgreSQL is unreachable at 127.0.0.1:5432 (user postgres): the two-instance test needs it');
    test.setTimeout(420_000);
    // Together on the new database, as a deployment starts them: they migrate and seed in turns (db/connection.ts).
    await Promise.all([start(ports[0]!), start(ports[1]!)]);
    const admin = await browserAt(browser, `http://localhost:${ports[0]}`, 'admin', ADMIN_FIRMS);
    const clerk = await browserAt(browser, `http://localhost:${ports[1]}`, 'clerk', CLERK_FIRMS);
    await listSeesNewRecord(admin, clerk, ADMIN_FIRMS, 'LIVEPG1');
    // And the other way round.
    await listSeesNewRecord(clerk, admin, CLERK_FIRMS, 'LIVEPG2');
    await admin.context().close();
    await clerk.context().close();
  });
});
