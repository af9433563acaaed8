#!/usr/bin/env node
/**
 * Runs every test suite one after another (CI has 2 cores) and prints the plain total
 * `N passed, N failed` as the last line. Each suite writes a JSON report into .reports/; a suite that
 * crashes without a report counts as one failure, so a broken runner can never look green.
 *
 * Suites: lint (ESLint, the import rules and the type check, scripts/lint.mjs: one check per file, per rule, and the types), unit (vitest: shared), server on SQLite, server on PostgreSQL (when reachable — otherwise
 * said plainly and not counted), elements (web-test-runner in Chromium), end-to-end (Playwright).
 *
 * A hung suite never eats CI's 90 minutes: a suite with no output and no test started for TEST_STALL_MINUTES
 * (default 5), or still running after TEST_SUITE_MINUTES (default 30), is stopped with all its processes and
 * counted as a failure, after printing what its test files were doing (scripts/vitest-progress.mjs).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, '.reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const pgUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const only = process.argv.slice(2);
/** A suite's budget: TEST_SUITE_MINUTES for every suite, else 30 — and 50 for the end-to-end suite, which takes 8–13
 * minutes on a quiet 2-core machine and several times that on a loaded one (CI allows 90 for the whole run). A hang
 * is still caught within TEST_STALL_MINUTES. */
const limitOf = (suite) => Number(process.env.TEST_SUITE_MINUTES ?? (suite.name === 'e2e' ? 50 : 30));
const stallMinutes = Number(process.env.TEST_STALL_MINUTES ?? 5);

/**
 * A test file that failed with no failed test in it — its beforeAll timed out or threw, or it did not load — had
 * its tests skipped: it counts as one failure, so a broken set-up never passes as skipped tests.
 */
const brokenFiles = (r) => r.testResults.filter((f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed'));
/** Vitest's JSON report → counts. */
const vitestCounts = (file) => {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: r.numPassedTests, failed: r.numFailedTests + brokenFiles(r).length, skipped: r.numPendingTests + r.numTodoTests };
};
/** Playwright's JSON report → counts (a flaky test passed on retry: counted as passed but named). */
const playwrightCounts = (file) => {
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped, flaky: stats.flaky };
};
/** The elements suite's own reporter and the lint script write the counts directly. */
const plainCounts = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The failed tests of a Vitest report, `file › name`, so a CI log's summary says which test failed. */
const vitestFailures = (file) => {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return [
    ...r.testResults.flatMap((f) => f.assertionResults.filter((a) => a.status === 'failed').map((a) => `${f.name.slice(root.length + 1)} › ${a.fullName}`)),
    ...brokenFiles(r).map((f) => `${f.name.slice(root.length + 1)} › (the file: ${String(f.message ?? 'set-up failed').split('\n')[0]})`),
  ];
};
/** The same from Playwright's report (a file's suite holds its specs and its describe blocks' suites). */
const playwrightFailures = (file) => {
  const names = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests.some((t) => t.status === 'unexpected')) names.push(`${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}`);
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of JSON.parse(readFileSync(file, 'utf8')).suites ?? []) walk(suite, []);
  return names;
};

/**
 * What each failed end-to-end test saw (Playwright's error context: the error, then the page's accessibility snapshot
 * without the shell's top bar and links), printed before the summary — a CI run keeps nothing else, and a failure
 * seen once in many runs must be explained from it.
 */
const errorContexts = (file) => {
  const paths = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected') continue;
        for (const result of test.results ?? []) for (const a of result.attachments ?? []) if (a.name === 'error-context' && a.path) paths.push(a.path);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of JSON.parse(readFileSync(file, 'utf8')).suites ?? []) walk(suite);
  return paths.filter((path) => existsSync(path)).map((path) => {
    const text = readFileSync(path, 'utf8');
    const from = text.indexOf('# Error details');
    const to = text.indexOf('# Test source');
    const lines = text.slice(from < 0 ? 0 : from, to < 0 ? undefined : to).split('\n');
    const shown = [];
    let skipDeeperThan = -1;
    for (const line of lines) {
      const depth = line.search(/\S/);
      if (skipDeeperThan >= 0 && depth > skipDeeperThan) continue;
      skipDeeperThan = -1;
      if (/^\s*- banner\b/.test(line)) skipDeeperThan = depth;
      if (/^\s*- \/url:/.test(line) || line.trim() === '') continue;
      shown.push(line);
    }
    return { name: path.slice(root.length + 1), lines: shown.slice(0, 70) };
  });
};

const vitest = (name, rootDir, env = {}) => ({
  name,
  command: [
    'npx', 'vitest', 'run', '--root', rootDir, '--reporter=default', '--reporter=json', `--reporter=${join(root, 'scripts/vitest-progress.mjs')}`,
    `--outputFile.json=${join(reports, `${name}.json`)}`,
  ],
  env: { ...env, VITEST_PROGRESS_FILE: join(reports, `${name}.progress`) },
  progress: join(reports, `${name}.progress`),
  report: join(reports, `${name}.json`),
  counts: vitestCounts,
  failures: vitestFailures,
});

async function postgresReachable() {
  const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const suites = [
  {
    name: 'lint',
    command: ['node', 'scripts/lint.mjs', '--report', join(reports, 'lint.json')],
    report: join(reports, 'lint.json'),
    counts: plainCounts,
  },
  vitest('unit', '.'),
  vitest('server-sqlite', 'server', { TEST_DATABASE: 'sqlite' }),
];
if (await postgresReachable()) {
  suites.push(vitest('server-postgres', 'server', { TEST_DATABASE: 'postgres', TEST_PG_URL: pgUrl }));
} else {
  console.log(`\n!! PostgreSQL is not reachable at ${pgUrl}: the PostgreSQL half of the server suite is NOT run.\n`);
}
suites.push(
  {
    name: 'elements',
    command: ['npx', 'web-test-runner', '--config', 'shell-elements/web-test-runner.config.mjs'],
    report: join(reports, 'elements.json'),
    counts: plainCounts,
    failures: (file) => plainCounts(file).failures ?? [],
  },
  {
    name: 'e2e',
    command: ['npx', 'playwright', 'test', '--config', 'tests/playwright.config.ts'],
    report: join(reports, 'e2e.json'),
    counts: playwrightCounts,
    failures: playwrightFailures,
    details: errorContexts,
  },
);

/**
 * Runs a suite in its own process group, passing its output through. A suite that shows no sign of life
 * (no output, no test started) for `stallMinutes`, or runs longer than `limitOf(suite)`, is stopped with all
 * its processes after saying where it was. A test's own timeouts are far shorter than either, so only a
 * hang trips them, and a machine merely slowed by load does not.
 */
function runWithLimit(suite) {
  return new Promise((resolve) => {
    const child = spawn(suite.command[0], suite.command.slice(1), {
      cwd: root,
      stdio: ['inherit', 'pipe', 'pipe'],
      detached: true,
      env: { ...process.env, ...suite.env },
    });
    const started = Date.now();
    let lastSign = started;
    // The output's last lines: when the runner fails with no test failed (Vitest's unhandled errors, a crash), the
    // log shows why before the summary.
    const tail = [];
    const keepTail = (chunk) => {
      tail.push(...chunk.toString().split('\n'));
      if (tail.length > 2000) tail.splice(0, tail.length - 2000);
    };
    child.stdout.on('data', (chunk) => {
      lastSign = Date.now();
      keepTail(chunk);
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      lastSign = Date.now();
      keepTail(chunk);
      process.stderr.write(chunk);
    });
    let stopped = false;
    const stop = (why) => {
      if (stopped) return;
      stopped = true;
      console.log(`\n!! ${suite.name}: ${why} — stopped and counted as a failure`);
      if (suite.progress && existsSync(suite.progress)) console.log(`!! it was at:\n${readFileSync(suite.progress, 'utf8')}`);
      // SIGTERM first: Playwright then stops the web server it started in a process group of its own.
      const signal = (name) => {
        try {
          process.kill(-child.pid, name);
        } catch {
          child.kill(name);
        }
      };
      signal('SIGTERM');
      setTimeout(() => signal('SIGKILL'), 15_000).unref();
    };
    const watchdog = setInterval(() => {
      const now = Date.now();
      if (suite.progress && existsSync(suite.progress)) lastSign = Math.max(lastSign, statSync(suite.progress).mtimeMs);
      if (now - started > limitOf(suite) * 60_000) stop(`still running after ${limitOf(suite)} minutes`);
      else if (now - lastSign > stallMinutes * 60_000) stop(`no output and no test started for ${stallMinutes} minutes`);
    }, 10_000);
    child.on('close', (status, signal) => {
      clearInterval(watchdog);
      resolve({ status, signal, tail });
    });
  });
}

/** From a runner's last output lines, those that say why it failed: from Vitest's first "Unhandled" block, else the end. */
const whyTheRunnerFailed = (tail = []) => {
  // eslint-disable-next-line no-control-regex -- the terminal's colour codes
  const plain = tail.map((line) => line.replace(/\u001b\[[0-9;]*m/g, '')).filter((line) => line.trim() !== '');
  const at = plain.findIndex((line) => /Unhandled (Error|Rejection)|Uncaught|Error: /.test(line));
  return at >= 0 ? plain.slice(at, at + 25) : plain.slice(-25);
};

const results = [];
/** Printed before the summary: what explains each failure. */
const details = [];
for (const suite of suites) {
  if (only.length && !only.includes(suite.name)) continue;
  console.log(`\n=== ${suite.name}: ${suite.command.join(' ')}`);
  const started = Date.now();
  const run = await runWithLimit(suite);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let counts;
  try {
    counts = existsSync(suite.report) ? suite.counts(suite.report) : undefined;
  } catch (error) {
    console.log(`!! ${suite.name}: unreadable report (${error.message})`);
  }
  let failures = [];
  if (!counts || (run.status !== 0 && counts.failed === 0)) {
    console.log(`!! ${suite.name}: the runner exited with ${run.status ?? run.signal} — counted as a failure`);
    counts = { passed: counts?.passed ?? 0, failed: (counts?.failed ?? 0) + 1, skipped: counts?.skipped ?? 0 };
    failures = [`(no test failed: the runner exited with ${run.status ?? run.signal}; the end of its output is above)`];
    details.push({ name: `${suite.name}: the end of its output`, lines: whyTheRunnerFailed(run.tail) });
  } else {
    try {
      if (counts.failed && suite.failures && existsSync(suite.report)) failures = suite.failures(suite.report);
      if (counts.failed && suite.details && existsSync(suite.report)) details.push(...suite.details(suite.report));
    } catch (error) {
      console.log(`!! ${suite.name}: failed tests not readable (${error.message})`);
    }
  }
  results.push({ name: suite.name, seconds, passed: counts.passed, failed: counts.failed, skipped: counts.skipped, flaky: counts.flaky, failures });
}

// What explains each failure first, then the summary: a log shown by its end keeps the summary in view.
for (const { name, lines } of details) console.log(`\n--- ${name}\n${lines.join('\n')}`);
console.log('\n=== summary');
for (const r of results) {
  const extra = [r.skipped ? `${r.skipped} skipped` : '', r.flaky ? `${r.flaky} flaky` : ''].filter(Boolean).join(', ');
  console.log(`${r.name.padEnd(16)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed ${extra ? `(${extra}) ` : ''}in ${r.seconds}s`);
  for (const name of r.failures) console.log(`  failed: ${name}`);
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && results.length > 0 ? 0 : 1);
