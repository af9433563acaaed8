/**
 * End-to-end tests: Debian's Chromium (npm tools cannot download browsers here) against the real server
 * with its embedded identity provider and a fresh embedded database per run.
 */
import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 18080);
export const baseURL = `http://localhost:${port}`;
const dataDir = `${repoRoot}.test-data/e2e-${port}`;

export default defineConfig({
  // The shell's end-to-end tests and every module's (modules/<m>/e2e/, issue 20).
  testDir: '..',
  testMatch: ['tests/e2e/**/*.spec.ts', 'modules/*/e2e/**/*.spec.ts'],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: `${repoRoot}.reports/e2e.json` }]],
  use: {
    baseURL,
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
  },
  webServer: {
    command: `rm -rf '${dataDir}' && node --import tsx server/src/main.ts`,
    cwd: repoRoot,
    url: `${baseURL}/shell-config.json`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: baseURL },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
