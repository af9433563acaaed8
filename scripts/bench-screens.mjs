#!/usr/bin/env node
/**
 * Every screen opens in under a second (issue 40 item 10): `npm run bench -- screens`. On SQLite and on
 * PostgreSQL in turn: a fresh database with the demo data plus `npm run seed:large` (server/src/seed/large.ts:
 * BENCH_SCREENS_FIRMS firms, default 20,000, and BENCH_SCREENS_LARGE module options, default
 * `--so 20000 --po 20000 --ar 20000`), the server from source on it, a signed-in Chromium page at 1440×900. Every
 * menu path of every application the admin may open (the route catalogue as /api/shell/menus answers it, one path
 * per distinct screen like tests/e2e/screen-layout.spec.ts) is opened as a link would (a hash change) and timed
 * in the page until the screen has settled as the e2e helpers see it — the loading overlay off (no request in
 * flight) and its list rows (or the list's "No records." row or status) shown with the focus in the screen, or its first control
 * shown on a screen without a list; where the list offers New (Alt+N), Alt+N is pressed and timed until the new
 * record's first field has the focus and nothing loads. The tab is closed again (Alt+Shift+W) after each screen.
 * The first pass loads the micro-apps (cold: chunks fetched and compiled) and is reported apart; the figures are the
 * medians of BENCH_SCREENS_RUNS further passes (default 1). Each open's API calls (resource timing) are kept: the
 * slowest screens are printed with their calls, durations and how many went in series — the profile to fix them by.
 * Writes the "## Every screen in Chromium" section of BENCHMARKS.md (p50, p95, the slowest ten per engine).
 * Options (environment): BENCH_SCREENS_PORT (default 18481), BENCH_SCREENS_RUNS, BENCH_SCREENS_ENGINES,
 * BENCH_SCREENS_FIRMS, BENCH_SCREENS_LARGE, BENCH_SCREENS_ONLY (a regular expression on the paths: profile a few),
 * BENCH_SCREENS_DATA (an already seeded DATA_DIR for SQLite, kept: repeated rounds skip the seed),
 * BENCH_SCREENS_PG_DB (an already seeded PostgreSQL database, kept), BENCH_NO_WRITE=1. Needs `npm run build`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiFromPage, eachEngine, engineOptions, loadSummary, markdownTable, measuredWith, median, ms, percentile, PG_URL, pgAdmin, publish, repoRoot, signedInPage, startServerProcess } from './bench-common.mjs';

const PORT = Number(process.env.BENCH_SCREENS_PORT ?? 18481);
const { runs: RUNS, engines: ENGINES } = engineOptions('SCREENS', { runs: 1 });
const FIRMS = Number(process.env.BENCH_SCREENS_FIRMS || 20_000);
const LARGE = (process.env.BENCH_SCREENS_LARGE ?? '--so 20000 --po 20000 --ar 20000').split(/\s+/).filter(Boolean);
const ONLY = process.env.BENCH_SCREENS_ONLY ? new RegExp(process.env.BENCH_SCREENS_ONLY, 'i') : null;
const SECTION = '## Every screen in Chromium';
const TARGET = 1000;
const SO_ENTRY = '/novus-oe/sales-order-entry';
const SO_TARGET = 500;

const trim = (path) => path.trim().replace(/^\/+|\/+$/g, '');

/** One path per distinct screen (export and Props) of the menus of every application the admin may open. */
async function screenPaths(page) {
  const paths = [];
  for (const application of await apiFromPage(page, 'GET', 'shell/applications')) {
    const menus = await apiFromPage(page, 'GET', `shell/menus?application=${encodeURIComponent(application.Application)}`);
    for (const menu of menus) {
      if (menu.IsActive && menu.Available !== false && trim(menu.RouterPath) !== '') paths.push(`/${trim(application.RouterPath)}/${trim(menu.RouterPath)}`);
    }
  }
  const routes = await apiFromPage(page, 'GET', 'shell/routes');
  const screenOf = new Map(routes.map((route) => [`/${trim(route.Path).toLowerCase()}`, `${route.Component.split('#')[1]}|${route.Props ?? ''}`]));
  const seen = new Set();
  // Sales Order Entry has its own target: its path is the one measured for its screen, wherever the menus list it.
  paths.sort((a, b) => Number(b.toLowerCase() === SO_ENTRY) - Number(a.toLowerCase() === SO_ENTRY));
  return paths.filter((path) => {
    const key = screenOf.get(path.toLowerCase()) ?? path;
    if (seen.has(key) || (ONLY && !ONLY.test(path))) return false;
    seen.add(key);
    return true;
  });
}

/**
 * In the page: waits at each animation frame until `ready(root)` holds for the screen of `path` and nothing
 * loads; answers the time from `since` (performance.now()) and the API calls that started after it.
 */
const inPageWait = `(path, since, kind, budget) => new Promise((resolve) => {
  const editable = 'input:not([readonly]):not([disabled]):not([type="checkbox"]), select:not([disabled]), textarea:not([readonly])';
  const shown = (element) => element !== null && element.checkVisibility({ visibilityProperty: true }) && element.getClientRects().length > 0;
  const ready = () => {
    const root = document.querySelector('.erp-tab-screen[data-tab-path="' + path + '"]');
    if (!shown(root) || document.querySelector('erp-loading-overlay')?.hasAttribute('active')) return false;
    const focused = document.activeElement;
    if (kind === 'form') return Boolean(focused && root.contains(focused) && focused.matches(editable) && focused.closest('.erp-entity-form'));
    if (root.querySelector('.erp-ui-error, .erp-screen-status--unavailable')) return true;
    if (root.querySelector('.records-grid-frame, [role="grid"]')) {
      // An empty list answers with its "No records." row (.records-empty), not a status: without it every screen
      // whose table is empty was "not settled within 30 s".
      const rows = root.querySelector('[role="row"][data-row-id], .records-empty') ?? root.querySelector('.records-status:not(:empty)');
      return shown(rows) && shown(root.querySelector('.records-toolbar')) && focused !== null && root.contains(focused);
    }
    return shown(root.querySelector('button, iframe, [role="heading"], h1, h2, h3, input'));
  };
  const started = performance.now();
  const check = () => {
    if (ready()) {
      const root = document.querySelector('.erp-tab-screen[data-tab-path="' + path + '"]');
      const calls = performance.getEntriesByType('resource')
        .filter((entry) => entry.startTime >= since && new URL(entry.name).pathname.startsWith('/api/'))
        .map((entry) => ({ url: new URL(entry.name).pathname + new URL(entry.name).search, start: entry.startTime - since, end: entry.responseEnd - since }));
      const scripts = performance.getEntriesByType('resource').filter((entry) => entry.startTime >= since && entry.name.endsWith('.js')).length;
      const canNew = kind === 'list' && Boolean(root.querySelector('.records-toolbar [aria-keyshortcuts="Alt+N"]'));
      resolve({ time: performance.now() - since, calls, scripts, canNew, error: Boolean(root.querySelector('.erp-ui-error')) });
    } else if (performance.now() - started > budget) resolve(null);
    else requestAnimationFrame(check);
  };
  check();
})`;

/** Opens `path` and, where it offers New, a new record; answers { list, form } (null: not ready in 30 s). */
async function openScreen(page, path) {
  const list = await page.evaluate(
    ({ path, wait }) => {
      // Chromium keeps 250 resource entries and then drops new ones: cleared at each open, so every open's
      // API calls are seen (not only the first screens').
      performance.clearResourceTimings();
      const since = performance.now();
      window.location.hash = `#${path}`;
      return (0, eval)(wait)(path, since, 'list', 30_000);
    },
    { path, wait: inPageWait },
  );
  let form = null;
  if (process.env.BENCH_SCREENS_VERBOSE) console.log(`  ${path}: list ${JSON.stringify(list && { time: list.time, canNew: list.canNew, calls: list.calls.length })}`);
  if (list?.canNew) {
    // The time runs from just before the key press (the press's own round trip, a few ms, is included).
    const since = await page.evaluate(() => {
      performance.clearResourceTimings();
      return performance.now();
    });
    await page.keyboard.press('Alt+N');
    form = await page.evaluate(({ path, wait, since }) => (0, eval)(wait)(path, since, 'form', 30_000), { path, wait: inPageWait, since });
  }
  if (process.env.BENCH_SCREENS_VERBOSE) console.log(`  ${path}: form ${form?.time}`);
  // Closed again (a new record left first by its Back button; the unsaved question answered Discard), so the
  // page never holds every screen.
  const root = page.locator(`.erp-tab-screen[data-tab-path="${path}"]`);
  const discard = page.locator('erp-dialog').getByRole('button', { name: 'Discard', exact: true });
  const gone = async (check) => {
    for (let tries = 0; tries < 200; tries++) {
      if (await page.evaluate(check, path)) return;
      // The question may close between the look and the click: a short try, then look again.
      if (await discard.isVisible()) await discard.click({ timeout: 1000 }).catch(() => undefined);
      await page.waitForTimeout(25);
    }
    throw new Error(`${path}: could not close it`);
  };
  if (form) {
    await root.locator('.erp-form-back').first().click();
    await gone((path) => !document.querySelector(`.erp-tab-screen[data-tab-path="${path}"] .erp-entity-form`));
  }
  await page.evaluate((path) => document.querySelector(`.erp-tab-screen[data-tab-path="${path}"]`)?.focus(), path);
  await page.keyboard.press('Alt+Shift+W');
  await gone((path) => !document.querySelector(`.erp-tab-screen[data-tab-path="${path}"]`) && !document.querySelector('erp-loading-overlay')?.hasAttribute('active'));
  return { list, form };
}

/** How many calls ran one after another: the longest chain where each starts after the previous one ended. */
function serialDepth(calls) {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  const depth = sorted.map(() => 1);
  sorted.forEach((call, i) => {
    for (let j = 0; j < i; j++) if (sorted[j].end <= call.start) depth[i] = Math.max(depth[i], depth[j] + 1);
  });
  return Math.max(0, ...depth);
}

function seedLarge(dataDir, env) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/seed/large.ts', String(FIRMS), ...LARGE], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', PARTNER_DEMO: '0', ...env },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`seed:large failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1));
}

async function benchEngine(engine) {
  const kept = engine === 'sqlite' ? process.env.BENCH_SCREENS_DATA : process.env.BENCH_SCREENS_PG_DB;
  const dataDir = engine === 'sqlite' && kept ? kept : mkdtempSync(join(tmpdir(), 'erp-bench-screens-'));
  const env = {};
  let database = null;
  if (engine === 'postgres') {
    database = kept || `erp_bench_screens_${Date.now().toString(36)}`;
    const url = new URL(PG_URL);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
  } else env.DATABASE_URL = '';
  let seeded = null;
  try {
    if (!kept) {
      const started = performance.now();
      seeded = seedLarge(dataDir, env);
      seeded.wall = (performance.now() - started) / 1000;
      console.log(`${engine}: seed:large ${FIRMS} ${LARGE.join(' ')} in ${seeded.wall.toFixed(0)} s`);
    }
    const server = await startServerProcess(PORT, dataDir, env);
    try {
      const { browser, page } = await signedInPage(`http://localhost:${PORT}`);
      try {
        const paths = await screenPaths(page);
        console.log(`${engine}: ${paths.length} screens`);
        const cold = new Map();
        const warm = new Map(paths.map((path) => [path, { list: [], form: [], last: null }]));
        for (let pass = 0; pass <= RUNS; pass++) {
          for (const path of pass % 2 ? paths : [...paths].reverse()) {
            const opened = await openScreen(page, path);
            if (process.env.BENCH_SCREENS_VERBOSE) console.log(`${pass} ${path} ${opened.list ? ms(opened.list.time) : 'not settled'} ${opened.form ? ms(opened.form.time) : ''}`);
            if (pass === 0) cold.set(path, opened);
            else {
              const entry = warm.get(path);
              if (opened.list) entry.list.push(opened.list.time);
              if (opened.form) entry.form.push(opened.form.time);
              entry.last = opened;
            }
          }
          console.log(`${engine}: pass ${pass} done (load ${loadSummary()})`);
        }
        return { engine, paths, cold, warm, load: loadSummary(), seeded };
      } finally {
        await browser.close();
      }
    } finally {
      // Waits for the server to stop — unless it already has (its exit event would never come: the run ended with
      // nothing left to wait for, the figures unwritten); at most 10 s.
      if (server.exitCode === null && server.signalCode === null) {
        server.kill('SIGTERM');
        await new Promise((resolve) => {
          const timer = setTimeout(resolve, 10_000);
          server.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    }
  } finally {
    if (!kept) {
      rmSync(dataDir, { recursive: true, force: true });
      if (database) await pgAdmin(`drop database if exists "${database}" with (force)`).catch(() => undefined);
    }
  }
}

// The machine is shared: the load at the start is written beside the one at the end.
const startLoad = loadSummary();
const { results, notes } = await eachEngine(ENGINES, benchEngine);

/** An open's figure: list, plus Alt+N to the new record's first field where there is one. */
const total = (entry) => (entry.list.length ? median(entry.list) + (entry.form.length ? median(entry.form) : 0) : Number.NaN);
const callsOf = (opened) => [...(opened?.list?.calls ?? []), ...(opened?.form?.calls ?? [])];
const describeCalls = (opened) => {
  const calls = callsOf(opened);
  const slowest = [...calls].sort((a, b) => b.end - b.start - (a.end - a.start))[0];
  return `${calls.length} (${serialDepth(opened?.list?.calls ?? [])}${opened?.form ? ` + ${serialDepth(opened.form.calls)}` : ''} in series)${slowest ? `, slowest ${ms(slowest.end - slowest.start)} ${slowest.url.replace(/\?.*/, '')}` : ''}`;
};

const blocks = [];
for (const result of results) {
  const rows = result.paths.map((path) => ({ path, entry: result.warm.get(path) })).filter(({ entry }) => entry.list.length);
  const totals = rows.map(({ entry }) => total(entry));
  const slowest = [...rows].sort((a, b) => total(b.entry) - total(a.entry)).slice(0, 10);
  const so = result.warm.get(SO_ENTRY);
  const coldTotals = result.paths.map((path) => result.cold.get(path)).filter((o) => o?.list).map((o) => o.list.time + (o.form?.time ?? 0));
  const missing = result.paths.filter((path) => !result.warm.get(path).list.length);
  const label = result.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const verdict = (ok) => (ok ? 'meets target' : '**misses target**');
  blocks.push(
    [
      `### ${label}`,
      '',
      `${rows.length} screens (${rows.filter(({ entry }) => entry.form.length).length} with a new record), load average at the end ${result.load}${result.seeded ? `; seed:large took ${result.seeded.wall.toFixed(0)} s` : ''}.`,
      '',
      markdownTable(
        ['measure', 'result', 'target'],
        [
          ['p50, list (+ new record)', ms(percentile(totals, 50)), '—'],
          ['p95', ms(percentile(totals, 95)), '—'],
          ['slowest', `${ms(Math.max(...totals))} (${slowest[0]?.path ?? '—'})`, `≤ 1 s (${verdict(Math.max(...totals) <= TARGET)})`],
          ['Sales Order Entry: list + new order', so?.list.length ? `${ms(total(so))} (${ms(median(so.list))} + ${so.form.length ? ms(median(so.form)) : '—'})` : '—', `≤ 500 ms (${verdict(so?.list.length && total(so) <= SO_TARGET)})`],
          ['first open of each screen (cold: micro-app chunks loaded), p50 / max', `${ms(percentile(coldTotals, 50))} / ${ms(Math.max(...coldTotals))}`, 'for information'],
        ],
      ),
      '',
      'The slowest ten:',
      '',
      markdownTable(
        ['screen', 'list', 'new record', 'total', 'API calls on open'],
        slowest.map(({ path, entry }) => [path, ms(median(entry.list)), entry.form.length ? ms(median(entry.form)) : '—', ms(total(entry)), describeCalls(entry.last)]),
      ),
      missing.length ? `\nNot settled within 30 s: ${missing.join(', ')}.` : '',
    ].join('\n'),
  );
  console.log(`\n${label}: the slowest screens and their API calls (ms from the open)`);
  for (const { path, entry } of slowest) {
    console.log(`${ms(total(entry)).padStart(10)}  ${path}`);
    for (const call of callsOf(entry.last)) console.log(`              ${call.start.toFixed(0).padStart(5)} → ${call.end.toFixed(0).padStart(5)}  ${call.url}`);
  }
}

const section = `${SECTION}

${measuredWith('bench-screens.mjs')}; load average at the start ${startLoad}: every distinct screen of every application's menus (the route catalogue), opened
by a hash change in a signed-in headless Chromium at 1440×900 against the server from source, on the demo data plus
\`seed:large ${FIRMS} ${LARGE.join(' ')}\`. A screen's time runs from the hash change until it has settled as the e2e helpers
see it (the loading overlay off; its list rows or its "No records." row shown with the focus in the screen; a
screen without a list, its first control); where the list offers New, Alt+N is timed too, from the key press until
the new record's first field has the focus and nothing loads, and added. Figures: the median of ${RUNS} warm pass(es)
after a first pass that loads the micro-apps (reported apart as "cold"). Targets (issue 40 item 10): slowest ≤ 1 s,
Sales Order Entry ≤ 500 ms. The machine is shared (2 cores, other engineers' builds and tests): compare rounds taken
close together, not single figures.

${blocks.join('\n\n')}
${notes.length ? `\n${notes.join('\n')}\n` : ''}`;

publish(SECTION, section);
