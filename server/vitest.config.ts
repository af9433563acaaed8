/**
 * Server tests: `npx vitest run --root server` from the repository root, or `npm test -w server`.
 * TEST_DATABASE=sqlite (default) or postgres selects the engine (test/helpers/database.ts).
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import LongestFirst from './vitest.sequencer.ts';

export default defineConfig({
  test: {
    // The server's own tests and every module's (modules/<m>/test/, issue 20) and a document folder's beside its
    // code (modules/<m>/documents/<doc>/*.test.ts, issue 73 item 5), found from the repository root.
    dir: fileURLToPath(new URL('..', import.meta.url)),
    include: ['server/test/**/*.test.ts', 'modules/*/test/**/*.test.ts', 'modules/*/documents/*/*.test.ts'],
    // PostgreSQL: one migrated and seeded template database per run (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    // The long files first (vitest.sequencer.ts): on a fresh clone Vitest has no durations and starts the largest
    // files first, and a long small file ended the run alone.
    sequence: { sequencer: LongestFirst },
    experimental: { fsModuleCache: true },
    environment: 'node',
    // oidc-provider is happiest in child processes.
    pool: 'forks',
    // One module graph per worker, not per file: every file starts its own app and database (helpers/app.ts), and
    // re-importing the whole server for each of ~70 files cost more than half the suite's time (import 240 s of
    // 625 s on SQLite). Nothing here mocks modules; module-level registries are filled once, as in production.
    isolate: false,
    // One worker more than the cores (3 on CI's 2): a file often waits — a child server starting, a lease or a
    // throttling window running out, a PostgreSQL round trip — and the suite used about 0.8 of 2 cores with two
    // workers (SQLite, 2026-11-26: 280 s with 2 workers, 199 s with 3, the same CPU time). Test files share nothing:
    // each starts its own app and database.
    maxWorkers: availableParallelism() + 1,
    testTimeout: 30_000,
    // A file's set-up starts a server on demo data (several modules' seeds: 20–80 s on a loaded 2-core machine); a
    // hang is still caught by the runner's stall budget (scripts/test-all.mjs), and a set-up that fails counts.
    hookTimeout: 180_000,
  },
});
