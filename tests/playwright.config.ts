/**
 * End-to-end tests: Debian's Chromium (npm tools cannot download browsers here) against the real server
 * with its embedded identity provider and a fresh embedded database per run.
 *
 * Lanes: the test files are split into E2E_LANES (default 2) projects, each with its own server, port and
 * database, and one worker each — so the two cores of CI both work while no two test files ever share a
 * database at the same moment, and each lane runs its files in the same order every time (a file sees the
 * demo data plus what the earlier files of its own lane did). Lane i listens on E2E_PORT + 2·i (its demo
 * partner site on the next port). The split is by folder, with a few long shell files moved to the module
 * lane so both take about as long; `npx playwright test --project=shell` runs one lane.
 */
import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { testChromium } from '../scripts/chromium.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const firstPort = Number(process.env.E2E_PORT ?? 18080);
const laneCount = Math.max(1, Math.min(2, Number(process.env.E2E_LANES ?? 2)));

/** Shell files that run in the module lane, to balance the lanes' durations. */
const BALANCE = ['tests/e2e/screen-layout.spec.ts', 'tests/e2e/shell-heap.spec.ts', 'tests/e2e/fixture-module.spec.ts'];
/** A module's end-to-end tests: its e2e/ folder, and a document folder's specs beside its code (issue 73 item 5). */
const MODULE_SPECS = ['modules/*/e2e/**/*.spec.ts', 'modules/*/documents/*/*.spec.ts'];
const ALL = ['tests/e2e/**/*.spec.ts', ...MODULE_SPECS];

const lanes =
  laneCount === 1
    ? [{ name: 'all', port: firstPort, testMatch: ALL, testIgnore: [] as string[] }]
    : [
        { name: 'shell', port: firstPort, testMatch: ['tests/e2e/**/*.spec.ts'], testIgnore: BALANCE },
        { name: 'modules', port: firstPort + 2, testMatch: [...MODULE_SPECS, ...BALANCE], testIgnore: [] as string[] },
      ];
const urlOf = (port: number) => `http://localhost:${port}`;

export default defineConfig({
  // The shell's end-to-end tests and every module's (modules/<m>/e2e/, issue 20; modules/<m>/documents/<doc>/).
  testDir: '..',
  fullyParallel: false,
  workers: lanes.length,
  projects: lanes.map((lane) => ({
    name: lane.name,
    testMatch: lane.testMatch,
    testIgnore: lane.testIgnore,
    workers: 1,
    use: { baseURL: urlOf(lane.port) },
  })),
  retries: 0,
  // Budgets for a failure, not waits: every step waits for its condition and goes on as soon as it holds. Sized
  // for a slow, busy machine (a run pinned to one core beside two busy loops, load 8, passes): a micro-app's first
  // screen or a whole flow of sign-ins there takes several times what it takes on a quiet one.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: `${repoRoot}.reports/e2e.json` }]],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: testChromium(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'off',
    // What the page showed when a test failed (tests/test-results/): a failure on a busy CI machine can be read after.
    screenshot: 'only-on-failure',
  },
  webServer: lanes.map((lane) => {
    // The lane's database lives in its own folder, emptied at each start (change-password.spec.ts reads it).
    const dataDir = `${repoRoot}.test-data/e2e-${lane.port}`;
    return {
      command: `rm -rf '${dataDir}' && node --import tsx server/src/main.ts`,
      cwd: repoRoot,
      url: `${urlOf(lane.port)}/shell-config.json`,
      reuseExistingServer: false,
      timeout: 180_000, // a first start migrates and seeds the demo: a budget for a busy machine, not a wait
      // Its log goes nowhere (stdout ignored): warnings only, so it costs no CPU per request. Its database is thrown
      // away: no disk sync at each commit (docs/configuration.md, SQLITE_SYNCHRONOUS).
      env: { PORT: String(lane.port), DATA_DIR: dataDir, PUBLIC_URL: urlOf(lane.port), LOG_LEVEL: 'warn', SQLITE_SYNCHRONOUS: 'normal' },
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    };
  }),
});
