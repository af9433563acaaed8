/**
 * Pieces every benchmark script shares: statistics, the machine's description, BENCHMARKS.md sections and
 * their tables, the options and the memory sampling of the engine benchmarks, a server process on a fresh
 * data folder for the browser benchmarks.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
export const median = (values) => percentile(values, 50);

export function machine() {
  return `${cpus().length} × ${cpus()[0]?.model?.trim() ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

/** The load average (1, 5, 15 min), for the sections' run notes: the machine is shared. */
export const loadSummary = (separator = ' ') =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(separator);

export const ms = (value) => `${value.toFixed(1)} ms`;
export const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

/**
 * The options of an engine benchmark from BENCH_<name>_RUNS and BENCH_<name>_ENGINES (a comma list of
 * "sqlite", "postgres"), with these defaults.
 */
export function engineOptions(name, { runs = 7, engines = 'sqlite,postgres' } = {}) {
  return {
    runs: Number(process.env[`BENCH_${name}_RUNS`] || runs),
    engines: (process.env[`BENCH_${name}_ENGINES`] || engines).split(',').map((e) => e.trim()),
  };
}

/** "Measured <time> UTC on <machine> (load average …), with `scripts/<script>`": how a section's run is named. */
export function measuredWith(script) {
  return `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()} (load average ${loadSummary()}), with \`scripts/${script}\``;
}

/**
 * The engines side by side: `rows` are [measure, target, pick(result) → cell]; an engine without a result
 * (not reached, not asked for) shows `missing`.
 */
export function engineTable(results, rows, missing = '—') {
  const cell = (engine, pick) => {
    const result = results.find((r) => r.engine === engine);
    return result ? pick(result) : missing;
  };
  return [
    '| measure | target | SQLite | PostgreSQL |',
    '|---|---|---|---|',
    ...rows.map(([label, target, pick]) => `| ${label} | ${target} | ${cell('sqlite', pick)} | ${cell('postgres', pick)} |`),
  ].join('\n');
}

/** A table whose first row is `header` (its cells) and whose cells are `rows`' entries. */
export function markdownTable(header, rows) {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

/** Prints a section and, unless BENCH_NO_WRITE is set, writes it into BENCHMARKS.md. */
export function publish(heading, text) {
  console.log(text);
  if (!process.env.BENCH_NO_WRITE) writeSection(heading, text);
}

/**
 * Runs `action` while sampling this process's resident memory every 20 ms (after a collection when node runs
 * with --expose-gc); answers { before, peak } in bytes, so a streamed render shows as flat.
 */
export async function sampleMemory(action) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    await action();
  } finally {
    clearInterval(sampler);
  }
  return { before, peak };
}

export async function waitForServer(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

/** The line after which a section of BENCHMARKS.md holds notes written by hand, kept when a benchmark rewrites it. */
export const KEPT_NOTES = '<!-- Notes kept when the benchmark rewrites this section: -->';

/** Replaces (or appends) the section of BENCHMARKS.md that starts with `heading`. */
export function writeSection(heading, text) {
  const path = join(repoRoot, 'BENCHMARKS.md');
  const current = existsSync(path) ? readFileSync(path, 'utf8') : '# Benchmarks\n';
  const start = current.indexOf(`${heading}\n`);
  if (start < 0) {
    writeFileSync(path, `${current.trimEnd()}\n\n${text.trimEnd()}\n`);
    return;
  }
  const next = current.indexOf('\n## ', start + heading.length);
  const end = next < 0 ? current.length : next + 1;
  // The section's hand-written notes, from its KEPT_NOTES line on, stay under the new figures.
  const kept = current.slice(start, end).indexOf(KEPT_NOTES);
  const notes = kept < 0 ? '' : `\n\n${current.slice(start + kept, end).trimEnd()}`;
  writeFileSync(path, `${current.slice(0, start)}${text.trimEnd()}${notes}\n${next < 0 ? '' : '\n'}${current.slice(end)}`);
}

/**
 * Debian's Chromium as every browser benchmark starts it (headless; no background traffic on a closed network):
 * `executablePath`, else `CHROMIUM_PATH`, else the full browser.
 */
export async function launchChromium(executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium') {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Signs `page` in as admin through the embedded provider's real form at `origin` and waits for the home tab. */
export async function signInAsAdmin(page, origin) {
  await page.goto(`${origin}/#/`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('admin');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForSelector('.erp-tab-screen[data-tab-path="/"]:not([hidden])');
}

/**
 * The server from source on `port` with its data in `dataDir` (embedded SQLite unless `env` says otherwise),
 * logging warnings only, without the partner demo site; `env` adds or overrides variables; `entry` another path to
 * the server's main module (a link to it: a process of its own name on a machine shared with other runs). Kill it
 * when done.
 */
export async function startServerProcess(port, dataDir, env = {}, entry = 'server/src/main.ts') {
  const { spawn } = await import('node:child_process');
  return spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: `http://localhost:${port}`, LOG_LEVEL: 'warn', PARTNER_DEMO: '0', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * Firms 1..`count` with their accounts written into the SQLite database of `dataDir` by the product's own
 * generator (`npm run seed:large`, server/src/seed/demo-firms.ts); answers the seconds it reported.
 */
export function seedLargeFirms(dataDir, count) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/seed/large.ts', String(count)], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`seed:large failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)).seconds;
}

/**
 * A fresh temporary data folder (`erp-bench-<name>-…`), `prepare(dataDir)` on it (bulk data before the server
 * starts), the server on `port` over it (`env` as for startServerProcess), `run({ base, dataDir })`; then the
 * server stopped and the folder removed, whatever happened.
 */
export async function withServerProcess({ name, port, env = {}, prepare }, run) {
  const dataDir = mkdtempSync(join(tmpdir(), `erp-bench-${name}-`));
  try {
    await prepare?.(dataDir);
    const server = await startServerProcess(port, dataDir, env);
    try {
      return await run({ base: `http://localhost:${port}`, dataDir });
    } finally {
      server.kill('SIGTERM');
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Waits for the server at `base`, then a 1440×900 page of a new Chromium signed in there as admin. */
export async function signedInPage(base) {
  await waitForServer(`${base}/shell-config.json`, 120_000);
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInAsAdmin(page, base);
  return { browser, context, page };
}

/**
 * One API call made by the signed-in page with the shell's own credentials (its DPoP-bound token cannot be
 * used from outside the page); answers the JSON body, throws unless 2xx. `path` is below /api/.
 */
export function apiFromPage(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const shared = await import('@erp/shared');
      const response = await shared.authorizedFetch(shared.apiUrl(path), {
        method,
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
      return JSON.parse(text);
    },
    { method, path, body },
  );
}

/** The PostgreSQL the benchmarks use (trust auth on the machine): TEST_PG_URL or the local `test` database. */
export const PG_URL = process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** Runs one statement on PG_URL (create or drop a benchmark's database) on a connection of its own. */
export async function pgAdmin(statement) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function pgReachable() {
  try {
    await pgAdmin('select 1');
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `bench(engine)` for each engine in turn (never together: they would measure each other); PostgreSQL only
 * when reachable, otherwise a note says so. Answers the results and the notes.
 */
export async function eachEngine(engines, bench) {
  const results = [];
  const notes = [];
  for (const engine of engines) {
    if (engine === 'postgres' && !(await pgReachable())) {
      notes.push(`PostgreSQL at ${PG_URL} could not be reached: not measured.`);
      continue;
    }
    results.push(await bench(engine));
  }
  return { results, notes };
}

/**
 * Reads a server-sent event stream (`GET /api/events/stream`) as the shell does: calls `onEvent(name, data)` for each
 * event block (`data` parsed from its JSON line, null without one); comment lines (`: keep-alive`) are skipped.
 */
export function readEventStream(response, onEvent) {
  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.startsWith(': ')) continue;
      const name = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1];
      onEvent(name, data === undefined ? null : JSON.parse(data));
    }
  });
}
