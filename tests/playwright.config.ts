/**
 * End-to-end tests: Debian's Chromium (npm tools cannot download browsers here) against the real server
 * with its embedded identity provider and a fresh embedded database per run.
 *
 * Lanes: the test files are split into E2E_LANES (default 4) projects, each with its own server, port and
 * database, and one worker each — no two test files ever share a database at the same moment, and each lane runs
 * its files in the same order every time (a file sees the demo data plus what the earlier files of its own lane
 * did). A lane spends most of its time waiting (a page rendering, a server answering, a debounce), about 0.3 of a
 * core on a quiet 2-core machine: four lanes keep both cores busy. Files go to lanes by their weight (below),
 * heaviest first, each to the lane with the least so far. Lane i listens on E2E_PORT + 2·i (its demo partner site
 * on the next port); ports from E2E_PORT + 2·lanes on are free for tests that start servers of their own
 * (`E2E_FREE_PORT`). `npx playwright test --project=lane-1` runs one lane.
 */
import { defineConfig } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const firstPort = Number(process.env.E2E_PORT ?? 18080);
const laneCount = Math.max(1, Math.min(8, Number(process.env.E2E_LANES ?? 4)));
// Read by the workers (they inherit this process's environment): the first port no lane uses.
process.env.E2E_FREE_PORT = String(firstPort + 2 * laneCount);

/** The spec files: the shell's end-to-end tests and every module's (modules/<m>/e2e/, issue 20), relative paths. */
function specFiles(): string[] {
  const specsIn = (dir: string) => readdirSync(join(repoRoot, dir)).filter((name) => name.endsWith('.spec.ts')).map((name) => `${dir}/${name}`);
  const modules = readdirSync(join(repoRoot, 'modules'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const moduleSpecs = modules.flatMap((entry) => {
    try {
      return specsIn(`modules/${entry.name}/e2e`);
    } catch {
      return [];
    }
  });
  return [...specsIn('tests/e2e'), ...moduleSpecs].sort();
}

/**
 * A file's weight for balancing the lanes: its measured seconds where one file takes far longer than its count of
 * tests says (one run on 2026-11-26, a loaded 2-core machine: only the proportions matter), else 4 s a test.
 */
const MEASURED_SECONDS: Record<string, number> = {
  'tests/e2e/screen-layout.spec.ts': 330,
  'tests/e2e/portal.spec.ts': 115,
  'tests/e2e/document-keyboard.spec.ts': 100,
  'modules/shell/e2e/admin-screens.spec.ts': 87,
  'tests/e2e/live.spec.ts': 65,
  'modules/so/e2e/order-desk-day.spec.ts': 75,
  'tests/e2e/screen-keyboard.spec.ts': 67,
};
const weightOf = (file: string) => MEASURED_SECONDS[file] ?? 4 * Math.max(1, (readFileSync(join(repoRoot, file), 'utf8').match(/^\s*test\(/gm) ?? []).length);

function splitIntoLanes(files: readonly string[], count: number): string[][] {
  const lanes = Array.from({ length: count }, () => ({ files: [] as string[], weight: 0 }));
  const heaviestFirst = [...files].sort((a, b) => weightOf(b) - weightOf(a) || a.localeCompare(b));
  for (const file of heaviestFirst) {
    const lightest = lanes.reduce((best, lane) => (lane.weight < best.weight ? lane : best));
    lightest.files.push(file);
    lightest.weight += weightOf(file);
  }
  return lanes.map((lane) => lane.files.sort());
}

const lanes = splitIntoLanes(specFiles(), laneCount).map((files, index) => ({ name: `lane-${index + 1}`, port: firstPort + 2 * index, testMatch: files }));
const urlOf = (port: number) => `http://localhost:${port}`;

export default defineConfig({
  // The shell's end-to-end tests and every module's (modules/<m>/e2e/, issue 20).
  testDir: '..',
  fullyParallel: false,
  workers: lanes.length,
  projects: lanes.map((lane) => ({
    name: lane.name,
    testMatch: lane.testMatch,
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
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
      // away: no disk sync at each commit (README, SQLITE_SYNCHRONOUS).
      env: { PORT: String(lane.port), DATA_DIR: dataDir, PUBLIC_URL: urlOf(lane.port), LOG_LEVEL: 'warn', SQLITE_SYNCHRONOUS: 'normal' },
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    };
  }),
});
