#!/usr/bin/env node
/**
 * Issue 69 item 3: two builds of the shell compared with Lighthouse in the same minutes, on a shared machine where
 * absolute figures drift from one minute to the next. Each tree (a checkout with its own `npm run build`) gets a
 * server of its own (a fresh database with the demo) and a browser of its own per user; the runs alternate between
 * the trees, page by page, so both see the same load. Prints, per page and tree, the medians of the score and the
 * metrics, and where the main thread's time went: each script's evaluation (audit bootup-time), the long tasks
 * (audit long-tasks) and the kinds of work (mainthread-work-breakdown) — all simulated (4× CPU slowdown).
 * Writes nothing to BENCHMARKS.md.
 *
 * Usage: node scripts/bench-lighthouse-ab.mjs [label=tree …] (default: this tree only, as `here`);
 * BENCH_PORT (default 18520): the servers take BENCH_PORT, +10, …, their browsers the ports after each;
 * BENCH_LIGHTHOUSE_RUNS (default 5); BENCH_LIGHTHOUSE_ONLY=<text>[|<text>…] (a page's whole name, or text in it:
 * home, cart, My Orders, Invoices, "returning"); BENCH_AB_DETAIL=1 adds the scripts and long tasks of each tree's median run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadSummary, median, repoRoot, waitForServer } from './bench-common.mjs';
import { audit, clearCaches, signIn, startChromium, visitOnce } from './bench-lighthouse-lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 18520);
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const DETAIL = Boolean(process.env.BENCH_AB_DETAIL);
const PAGES = [
  { name: 'portal home (order)', hash: '#/portal/order', user: 'portal', cache: 'cold' },
  { name: 'portal cart', hash: '#/portal/cart', user: 'portal', cache: 'cold' },
  { name: 'portal My Orders', hash: '#/portal/myorders', user: 'portal', cache: 'cold' },
  { name: 'portal Invoices', hash: '#/portal/invoices', user: 'portal', cache: 'cold' },
  { name: 'portal home (order), returning', hash: '#/portal/order', user: 'portal', cache: 'kept' },
  { name: 'portal cart, returning', hash: '#/portal/cart', user: 'portal', cache: 'kept' },
  { name: 'staff HOME', hash: '#/', user: 'admin', cache: 'cold' },
].filter((page) => !process.env.BENCH_LIGHTHOUSE_ONLY || process.env.BENCH_LIGHTHOUSE_ONLY.split('|').some((only) => page.name === only || page.name.includes(only)));

const trees = (process.argv.slice(2).length ? process.argv.slice(2) : [`here=${repoRoot}`]).map((arg, index) => {
  const [label, path] = arg.includes('=') ? arg.split(/=(.*)/s) : [`tree${index + 1}`, arg];
  const port = PORT + 10 * index;
  return { label, root: resolve(path), port, base: `http://localhost:${port}`, nextDebugPort: port + 1, browsers: new Map() };
});

const stops = [];
const stopAll = async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
};
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void stopAll().finally(() => process.exit(130)));

try {
  for (const tree of trees) {
    const dataDir = mkdtempSync(join(tmpdir(), 'erp-bench-lighthouse-ab-'));
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: tree.root,
      env: { ...process.env, PORT: String(tree.port), DATA_DIR: dataDir, PUBLIC_URL: tree.base, LOG_LEVEL: 'warn', PARTNER_DEMO: '0' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    stops.push(async () => {
      server.kill();
      rmSync(dataDir, { recursive: true, force: true });
    });
    await waitForServer(`${tree.base}/shell-config.json`, 600_000);
  }
  /** The browser of `tree` for `user` (one profile each), signed in on first use. */
  const browserFor = async (tree, user) => {
    if (!tree.browsers.has(user)) {
      const port = tree.nextDebugPort++;
      const chrome = await startChromium(port);
      stops.push(() => chrome.close());
      await signIn(port, tree.base, user);
      tree.browsers.set(user, port);
    }
    return tree.browsers.get(user);
  };
  const round = (value) => Math.round(value);
  console.log(`load average at start: ${loadSummary()}`);
  for (const page of PAGES) {
    const results = new Map(trees.map((tree) => [tree.label, []]));
    if (page.cache === 'kept') for (const tree of trees) await visitOnce(await browserFor(tree, page.user), `${tree.base}/${page.hash}`);
    for (let run = 0; run < RUNS; run++) {
      // Alternating which tree goes first: neither always follows the other's cache-warming of the disk.
      for (const tree of run % 2 ? [...trees].reverse() : trees) {
        const port = await browserFor(tree, page.user);
        if (page.cache === 'cold') await clearCaches(port, tree.base);
        const result = await audit(port, `${tree.base}/${page.hash}`, true);
        results.get(tree.label).push(result);
        console.error(`${page.name} [${tree.label}] run ${run + 1}: score ${result.score} TBT ${round(result.tbt)} LCP ${round(result.lcp)} CLS ${result.cls.toFixed(3)} index ${round(result.benchmarkIndex)}`);
        // What moved, when a run shifted (the trace's shifts with their elements' moves).
        for (const move of result.cls > 0 ? result.moves : []) console.error(`  shift ${move}`);
      }
    }
    console.log(`\n## ${page.name} (${RUNS} runs each, alternating; load average now ${loadSummary()})`);
    console.log('| tree | score | TBT | LCP | FCP | SI | TTI | CLS | CPU index |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const [label, runs] of results) {
      const pick = (name) => median(runs.map((r) => r[name]));
      console.log(
        `| ${label} | ${pick('score').toFixed(2)} (${runs.map((r) => r.score.toFixed(2)).join(' ')}) | ${round(pick('tbt'))} ms | ${round(pick('lcp'))} ms | ${round(pick('fcp'))} ms | ${round(pick('si'))} ms | ${round(pick('tti'))} ms | ${pick('cls').toFixed(3)} | ${round(pick('benchmarkIndex'))} |`,
      );
    }
    if (!DETAIL) continue;
    for (const [label, runs] of results) {
      const typical = [...runs].sort((a, b) => a.tbt - b.tbt)[Math.floor((runs.length - 1) / 2)];
      console.log(`\n[${label}] median-TBT run: work ${Object.entries(typical.work).map(([group, ms]) => `${group} ${round(ms)}`).join(', ')}`);
      console.log(`[${label}] scripts (total / evaluation / compile, ms): ${typical.scripts.map((s) => `${s.url} ${round(s.total)}/${round(s.scripting)}/${round(s.compile)}`).join('; ')}`);
      console.log(`[${label}] long tasks (start +duration, ms): ${typical.longTasks.map((t) => `${round(t.start)} +${round(t.duration)} ${t.url}`).join('; ')}`);
    }
  }
} finally {
  await stopAll();
}
