/**
 * Issue 73 acceptance, in the browser: a module added as one folder plus its manifest — the fixture
 * tests/fixtures/modules/fx, seen through EXTRA_MODULE_DIRS — opens its screen end to end and extends another
 * module's entity. Its micro-app `@erp/fx` has no folder under apps/: this file builds it from module.json with
 * scripts/build-module-apps.mjs (into tests/fixtures/modules/dist/fx, git-ignored), then starts its own server
 * (SQLite in a temporary folder, port E2E_PORT + 10, demo ledger, demo firms and partner site off) with the
 * setting. A user signs in, opens the fixture's Gadgets menu, saves a gadget, and sees the fixture's field on the
 * firm form of the fixture's own menu. The server side: server/test/fixture-module.test.ts.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';
import { chooseMenu, screenOf } from './shell-helpers.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE_MODULES = join(repoRoot, 'tests', 'fixtures', 'modules');
// Past both lanes' ports, their partner sites and live.spec.ts's two instances (+6, +8).
const port = Number(process.env.E2E_PORT ?? 18080) + 10;
const baseURL = `http://localhost:${port}`;

test.use({ baseURL });

let server: ChildProcess | undefined;
let dataDir = '';

test.beforeAll(async () => {
  // A first start migrates and seeds an empty database; the budget bounds a hang on a busy machine.
  test.setTimeout(240_000);
  const environment = { ...process.env, EXTRA_MODULE_DIRS: FIXTURE_MODULES };
  execFileSync(process.execPath, ['scripts/build-module-apps.mjs', 'fx'], { cwd: repoRoot, env: environment, stdio: 'pipe' });
  dataDir = mkdtempSync(join(tmpdir(), 'erp-fixture-module-'));
  const started = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...environment,
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PARTNER_DEMO: 'off',
      DEMO_FIRMS: '0',
      DEMO_LEDGER: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  server = started;
  let log = '';
  started.stderr!.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  // Ready when it answers its configuration; a server that exits first fails with its log.
  await expect
    .poll(
      async () => {
        if (started.exitCode !== null) throw new Error(`the fixture server stopped: ${log}`);
        return fetch(`${baseURL}/shell-config.json`).then((response) => response.status, () => 0);
      },
      { timeout: 220_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const stopped = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await stopped;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('a module added as one folder opens its screen, saves a record, and adds its field to the firm form', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/novus-fx');

  await chooseMenu(page, 'Fixture Setup', 'Gadgets');
  const gadgets = screenOf(page, '/novus-fx/gadgets');
  await expect(gadgets.getByRole('grid', { name: 'Gadgets' })).toBeVisible();
  await gadgets.getByRole('button', { name: 'New', exact: true }).click();
  const form = gadgets.locator('.erp-entity-form');
  await form.getByRole('textbox', { name: 'Gadget ID', exact: true }).fill('G-ONE');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('First gadget');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

  await chooseMenu(page, 'Fixture Setup', 'Fixture Firms');
  const firms = screenOf(page, '/novus-fx/firm-maintenance');
  await firms.getByRole('button', { name: 'New', exact: true }).click();
  await expect(firms.locator('.erp-entity-form').getByRole('checkbox', { name: 'Fixture preferred', exact: true })).toBeVisible();
});
