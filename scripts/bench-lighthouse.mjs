#!/usr/bin/env node
/**
 * Issue 69 item 3: Lighthouse (the `lighthouse` npm package, its mobile preset) on the sign-in page, the portal's
 * screens and the staff HOME, against the local server on a fresh database with the demo.
 * `npm run bench -- lighthouse` (after the build). Writes the section "Mobile page metrics (issue 69)".
 *
 * The pages are served as a customer's phone gets them in production: through HAProxy terminating TLS with HTTP/2
 * (see TLS_PORT). The browser is Debian's Chromium (CHROMIUM_PATH, else /usr/bin/chromium), started here with a remote-debugging
 * port and a profile of its own; nothing is downloaded. Lighthouse's default settings are its mobile preset:
 * simulated throttling (slow 4G: 150 ms round trip, 1.6 Mbit/s; 4× CPU slowdown), a 412×823 touch screen.
 *
 * Signed-in pages: Playwright connects to that same browser over the debugging port and signs the user in
 * through the embedded provider's real form in the browser's default profile (the session is the oidc user in
 * localStorage and its DPoP key in IndexedDB); Lighthouse then opens the page in that profile with
 * `disableStorageReset` (its storage reset would sign the user out). Before each run the HTTP cache, the Cache
 * Storage and the service worker are cleared here, so every run loads every file over the simulated link, as
 * Lighthouse's own reset would: a signed-in customer on a browser that holds none of the shell's files. The
 * portal's "returning" rows keep them instead (one visit first, until the service worker controls the page).
 * The visitor's page runs in a browser of its own, with Lighthouse's storage reset.
 * BENCH_LIGHTHOUSE_ONLY=<text> measures only the pages whose name contains it; BENCH_LH_LOG=<level> prints Lighthouse's
 * own log (info, verbose); BENCH_LH_SAVE=<dir> keeps each run's whole report there.
 *
 * Per page: the median run (by performance score) of BENCH_LIGHTHOUSE_RUNS (default 3) and the median of each
 * metric; the elements that shifted (audit `layout-shifts`) and the LCP element of the median run.
 * BENCH_PORT (default 18495) and its next port (the debugging port); BENCH_NO_WRITE=1 prints only.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { markdownTable, measuredWith, median, publish, startServerProcess, waitForServer } from './bench-common.mjs';
import { audit, clearCaches, signIn, startChromium, startTlsFront, visitOnce } from './bench-lighthouse-lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 18495);
const DEBUG_PORT = PORT + 1;
/**
 * The pages are opened through HAProxy with TLS and HTTP/2 (`startTlsFront`, the production front) on PORT + 10
 * when Debian's haproxy and openssl are installed; BENCH_LIGHTHOUSE_TLS=0 (or without them): the server itself, plain
 * HTTP/1.1.
 */
const TLS_PORT = process.env.BENCH_LIGHTHOUSE_TLS !== '0' && existsSync('/usr/sbin/haproxy') && existsSync('/usr/bin/openssl') ? PORT + 10 : null;
const FRONT = TLS_PORT
  ? 'through Debian\'s HAProxy terminating TLS with HTTP/2 (the production front, docs/operations.md; a self-signed certificate the browser is told to trust)'
  : 'from the server itself over plain HTTP/1.1 (six connections per host: the modules queue behind them)';
const base = TLS_PORT ? `https://localhost:${TLS_PORT}` : `http://localhost:${PORT}`;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const HEADING = '## Mobile page metrics (issue 69)';

const PORTAL_TARGET = { score: 0.95, cls: 0.02 };
const PORTAL_SCREENS = [
  ['home (order)', '#/portal/order'],
  ['cart', '#/portal/cart'],
  ['My Orders', '#/portal/myorders'],
  ['Invoices', '#/portal/invoices'],
];
/**
 * The pages: name, address, who is signed in, whether the browser's caches are emptied before each run (`cold`) or
 * kept (`kept`: the service worker's precache and the HTTP cache of an earlier visit — a returning customer), and
 * the targets of issue 69 (score, LCP ms, CLS).
 */
const PAGES = [
  { name: 'sign-in page (a visitor without a session opens /)', hash: '#/', user: null, cache: 'cold', target: { score: 0.95, lcp: 1500 } },
  ...PORTAL_SCREENS.map(([name, hash]) => ({ name: `portal ${name}`, hash, user: 'portal', cache: 'cold', target: PORTAL_TARGET })),
  ...PORTAL_SCREENS.map(([name, hash]) => ({ name: `portal ${name}, returning`, hash, user: 'portal', cache: 'kept', target: PORTAL_TARGET })),
  { name: 'staff HOME', hash: '#/', user: 'admin', cache: 'cold', target: {} },
].filter((page) => !process.env.BENCH_LIGHTHOUSE_ONLY || page.name.includes(process.env.BENCH_LIGHTHOUSE_ONLY));

const seconds = (msValue) => `${(msValue / 1000).toFixed(2)} s`;
const met = (ok) => (ok ? 'met' : '**missed**');

/** The section from what has been measured so far (`done` pages of PAGES). */
async function sectionText({ rows, notes, verdicts, benchmarkIndexes }, done) {
  return [
    HEADING,
    '',
    `${measuredWith('bench-lighthouse.mjs')}; Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile preset (simulated slow 4G — 150 ms RTT, 1.6 Mbit/s — and 4× CPU slowdown, 412×823 touch screen), Debian's Chromium, the pages served ${FRONT}; median of ${RUNS} runs per page${done < PAGES.length ? ` (**incomplete: ${done} of ${PAGES.length} pages measured**)` : ''}. The signed-in pages keep the session (signed in through the real form, then Lighthouse with \`disableStorageReset\`); each run of the sign-in page, the staff HOME and the portal screens starts with an empty HTTP cache, Cache Storage and no service worker (a customer whose browser holds none of the shell's files); the rows "returning" keep the service worker's precache and the HTTP cache of a visit just before (a customer who has used the portal on this phone: the service worker of issue 69 item 4).`,
    '',
    markdownTable(['page', 'performance', 'LCP', 'CLS', 'TBT', 'FCP', 'Speed Index'], rows),
    '',
    'Performance is Lighthouse\'s score (0–1) from the five metrics, weighted FCP 10 %, Speed Index 10 %, LCP 25 %, TBT 30 %, CLS 25 %. LCP: when the largest text or image is painted; FCP: the first content; Speed Index: how fast the screen fills; TBT: the main thread\'s blocking time beyond 50 ms per task between FCP and the page\'s quiet; CLS: the largest burst of unexpected layout shifts. The times are simulated from the trace (Lighthouse\'s model of the throttled link and CPU), not clock times.',
    '',
    `Lighthouse's CPU benchmark index during the runs: median ${Math.round(median(benchmarkIndexes))} (min ${Math.round(Math.min(...benchmarkIndexes))}, max ${Math.round(Math.max(...benchmarkIndexes))}); Lighthouse's 4× slowdown assumes an unloaded desktop-class CPU (an index in the low thousands), so on a busier machine TBT and the times that follow the main thread (LCP, Speed Index) come out larger than a phone's would, and the score lower. CLS does not depend on it.`,
    '',
    'Targets (issue 69):',
    '',
    ...verdicts,
    '',
    'LCP element and the elements that shifted (Lighthouse\'s `layout-shifts` audit, the median run):',
    '',
    ...notes,
  ].join('\n');
}

const dataDir = mkdtempSync(join(tmpdir(), 'erp-bench-lighthouse-'));
const server = await startServerProcess(PORT, dataDir, TLS_PORT ? { PUBLIC_URL: base, TRUST_PROXY: '1' } : {});
const front = TLS_PORT ? await startTlsFront(TLS_PORT, PORT) : null;
try {
  // A shared two-core machine can take minutes to start the server (tsx compiles it).
  await waitForServer(`http://127.0.0.1:${PORT}/shell-config.json`, 600_000);
  const rows = [];
  const notes = [];
  const benchmarkIndexes = [];
  const verdicts = [];
  const browsers = new Map();
  try {
    for (const target of PAGES) {
      const key = target.user ?? 'visitor';
      if (!browsers.has(key)) {
        // One browser (one profile) per user: the visitor's, the customer's, the staff member's.
        const port = DEBUG_PORT + browsers.size;
        browsers.set(key, { port, chrome: await startChromium(port, front?.spki) });
        if (target.user) await signIn(port, base, target.user);
      }
      const { port } = browsers.get(key);
      const runs = [];
      if (target.cache === 'kept') await visitOnce(port, `${base}/${target.hash}`);
      for (let run = 0; run < RUNS; run++) {
        if (target.user && target.cache === 'cold') await clearCaches(port, base);
        runs.push(await audit(port, `${base}/${target.hash}`, Boolean(target.user)));
        const last = runs.at(-1);
        console.error(`${target.name} run ${run + 1}: score ${last.score} LCP ${Math.round(last.lcp)} CLS ${last.cls.toFixed(3)} TBT ${Math.round(last.tbt)} → ${last.finalUrl}`);
      }
      benchmarkIndexes.push(...runs.map((r) => r.benchmarkIndex));
      const pick = (name) => median(runs.map((r) => r[name]));
      const figures = { score: pick('score'), lcp: pick('lcp'), cls: pick('cls'), tbt: pick('tbt'), fcp: pick('fcp'), si: pick('si') };
      const typical = [...runs].sort((a, b) => a.score - b.score)[Math.floor((runs.length - 1) / 2)];
      rows.push([
        target.name,
        figures.score.toFixed(2),
        seconds(figures.lcp),
        figures.cls.toFixed(3),
        `${Math.round(figures.tbt)} ms`,
        seconds(figures.fcp),
        seconds(figures.si),
      ]);
      const { score, lcp, cls } = target.target;
      if (score !== undefined) verdicts.push(`- ${target.name}: performance ${figures.score.toFixed(2)} (≥ ${score}) ${met(figures.score >= score)}`);
      if (lcp !== undefined) verdicts.push(`- ${target.name}: LCP ${seconds(figures.lcp)} (≤ ${seconds(lcp)}) ${met(figures.lcp <= lcp)}`);
      if (cls !== undefined) verdicts.push(`- ${target.name}: CLS ${figures.cls.toFixed(3)} (≤ ${cls}) ${met(figures.cls <= cls)}`);
      const shifted = typical.shifts.filter((s) => s.score >= 0.001).map((s) => `\`${s.element}\` ${s.score.toFixed(3)}`);
      notes.push(`- ${target.name}: LCP element \`${typical.lcpElement}\`; shifts: ${shifted.length ? shifted.join(', ') : 'none'}`);
      for (const warning of new Set(runs.flatMap((r) => r.warnings))) console.error(`  warning: ${warning}`);
      const worst = runs.reduce((a, b) => (b.cls > a.cls ? b : a));
      for (const move of worst.moves) notes.push(`  - worst run (CLS ${worst.cls.toFixed(3)}): ${move}`);
      // Written after each page: a run cut short (the machine is shared) still leaves what it measured.
      publish(HEADING, await sectionText({ rows, notes, verdicts, benchmarkIndexes }, rows.length));
    }
  } finally {
    for (const { chrome } of browsers.values()) await chrome.close();
  }
} finally {
  await front?.close();
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
