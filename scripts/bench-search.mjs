#!/usr/bin/env node
/**
 * Global search benchmark (issue 42 item 1): `node --import tsx scripts/bench-search.mjs` (run by `npm run bench --
 * search`). On SQLite and on PostgreSQL side by side:
 *
 * 1. Builds the real app on a fresh database (the search index's triggers in place), writes BENCH_SEARCH_FIRMS
 *    (default 100,000) generated firms through it, then with the `seed:large` generators BENCH_SEARCH_AP (default
 *    500,000) A/P items (vendor invoices and cheques, modules/ap/server/seed-large.ts) and BENCH_SEARCH_LINES
 *    (default 1,000,000) sales order lines (modules/so/server/seed-large.ts) — every row indexed by the triggers
 *    in the bulk load's own transaction, which the generation times include.
 * 2. Builds the app again and types, one keystroke at a time, what users look for — a sales order number, a vendor
 *    invoice number, the digits of a cheque number, a firm by the second word of its name, a firm by its code, two
 *    words of a name — each prefix one `GET /api/search` as the demo administrator (`app.inject`: server time, no
 *    network), BENCH_SEARCH_RUNS (default 5) times after a warm-up; answers p50 / p95 / max per keystroke over all.
 * 3. Then, the app listening on BENCH_SEARCH_PORT (default 18491; needs `npm run build`), types the same texts into
 *    the command palette of a signed-in Chromium page at 1440×900 (Ctrl+K, one key at a time, each answer awaited
 *    as a user's next key would be): per keystroke, from the key's `keydown` to the frame after the palette has
 *    rendered the records answering that text ("first results on screen", target ≤ 100 ms) — measured in the
 *    page, on the palette element's own `records` updates. BENCH_SEARCH_BROWSER=0 leaves this out.
 * 4. Rewrites the "## Global search: …" section of BENCHMARKS.md: its description, and its table of runs with this
 *    run as a new row (date, commit, BENCH_SEARCH_LABEL, Node, load, both engines); earlier rows and the notes under
 *    the table are kept.
 *
 * Options (environment): BENCH_SEARCH_FIRMS, BENCH_SEARCH_AP, BENCH_SEARCH_LINES, BENCH_SEARCH_RUNS,
 * BENCH_SEARCH_ENGINES (default "sqlite,postgres"), BENCH_SEARCH_LABEL (what the run's row says it measured),
 * BENCH_SEARCH_PORT, BENCH_SEARCH_BROWSER, BENCH_NO_WRITE=1.
 */
import { sql } from 'kysely';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { engineOptions, loadSummary, measuredWith, percentile, publish, repoRoot, signedInPage } from './bench-common.mjs';
import { eachEngine, withBenchApp } from './bench-app.mjs';

const FIRMS = Number(process.env.BENCH_SEARCH_FIRMS || 100_000);
const AP_ITEMS = Number(process.env.BENCH_SEARCH_AP || 500_000);
const LINES = Number(process.env.BENCH_SEARCH_LINES || 1_000_000);
const { runs: RUNS, engines: ENGINES } = engineOptions('SEARCH', { runs: 5 });
const SECTION = '## Global search: 1,000,000 order lines, 100,000 firms, 500,000 A/P items';
const PORT = Number(process.env.BENCH_SEARCH_PORT || 18491);
const BROWSER = process.env.BENCH_SEARCH_BROWSER !== '0';

const { insertFirms } = await import('../server/src/seed/demo-firms.ts');
const { insertAp } = await import('../modules/ap/server/seed-large.ts');
const { insertSalesOrders } = await import('../modules/so/server/seed-large.ts');

/**
 * Types each of `texts` into the palette of `page`, one key at a time: per keystroke, the milliseconds from its
 * `keydown` to the frame after the palette rendered the records answering the text typed so far. The palette
 * element's `records` (set by the shell with the answer to the latest text only) is observed on the element itself.
 */
async function onScreen(page, texts) {
  if (!(await page.evaluate(() => document.querySelector('erp-command-palette')?.open === true))) await page.keyboard.press('Control+k');
  await page.waitForFunction(() => document.querySelector('erp-command-palette')?.open === true);
  await page.evaluate(() => {
    if (window.__searchBench) return;
    const palette = document.querySelector('erp-command-palette');
    const accessor = Object.getOwnPropertyDescriptor(palette.constructor.prototype, 'records');
    const bench = (window.__searchBench = { keys: [], shown: [] });
    window.addEventListener('keydown', (event) => bench.keys.push(event.timeStamp), true);
    Object.defineProperty(palette, 'records', {
      configurable: true,
      get() {
        return accessor.get.call(this);
      },
      set(value) {
        accessor.set.call(this, value);
        const text = this.query;
        void this.updateComplete.then(() => requestAnimationFrame(() => bench.shown.push({ text, at: performance.now() })));
      },
    });
  });
  const times = [];
  for (const text of texts) {
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    for (let at = 0; at < text.length; at++) {
      const typed = text.slice(0, at + 1);
      await page.keyboard.press(text[at] === ' ' ? 'Space' : text[at]);
      if (typed.trim() === '') continue;
      const shown = await page.waitForFunction(
        (expected) => {
          const bench = window.__searchBench;
          const pressed = bench.keys.at(-1);
          const seen = bench.shown.find((entry) => entry.text === expected && entry.at >= pressed);
          return seen ? seen.at - pressed : false;
        },
        typed,
        { timeout: 30_000 },
      );
      times.push(await shown.jsonValue());
    }
  }
  return times;
}

/** Every prefix of `text`, as typed. */
const keystrokes = (text) => Array.from({ length: text.length }, (_, at) => text.slice(0, at + 1)).filter((typed) => typed.trim() !== '');

async function benchEngine(engine) {
  const seed = (app) => insertFirms(app.erp.database.db, 1, FIRMS);
  const prepare = async (config, { seconds: firmSeconds }) => {
    const ap = await insertAp(config.database, { items: AP_ITEMS });
    const so = await insertSalesOrders(config.database, { lines: LINES });
    console.log(`${engine}: ${FIRMS} firms in ${firmSeconds.toFixed(1)} s; ${ap.items} A/P items in ${ap.seconds.toFixed(1)} s; ${so.lines} order lines in ${so.seconds.toFixed(1)} s`);
    return { firmSeconds, ap, so };
  };
  const environment = { DEMO_LEDGER: '0', PUBLIC_URL: `http://localhost:${PORT}` };
  return withBenchApp(engine, { prefix: 'erp_bench_search', environment, seed, prepare }, async ({ app, call, prepared }) => {
    const db = app.erp.database.db;
    // The statistics autovacuum takes after a bulk load (the shared test server runs with autovacuum off; the order
    // lines' load analyzes its own tables only): the planner reads each arm in index order only when it knows how
    // many rows a prefix covers.
    if (engine === 'postgres') await sql`vacuum analyze search_index, search_words`.execute(db);
    const indexed = Number((await db.selectFrom('search_index').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const order = await db.selectFrom('sales_orders').select('order_no').orderBy('order_key', 'desc').limit(1).executeTakeFirstOrThrow();
    const invoice = await db.selectFrom('ap_invoices').select('document_no').orderBy('invoice_id').offset(Math.min(1234, Math.floor(AP_ITEMS / 10))).limit(1).executeTakeFirstOrThrow();
    const cheque = await db.selectFrom('ap_cheques').select('cheque_no').orderBy('cheque_id').offset(Math.min(4321, Math.floor(AP_ITEMS / 10))).limit(1).executeTakeFirstOrThrow();
    const firm = await db.selectFrom('firms').select(['firm_id', 'name']).where('firm_id', '=', 'F054321').executeTakeFirst()
      ?? (await db.selectFrom('firms').select(['firm_id', 'name']).orderBy('firm_id', 'desc').limit(1).executeTakeFirstOrThrow());
    const words = String(firm.name).split(/\s+/);
    const typed = [String(order.order_no), String(invoice.document_no), String(cheque.cheque_no).replace(/^\D+/, ''), words[1], String(firm.firm_id), `${words[0]} ${words[1]}`];
    const times = [];
    let hits = 0;
    for (const text of typed) {
      for (const query of keystrokes(text)) {
        const url = `/api/search?Search=${encodeURIComponent(query)}`;
        await call(url, undefined, { method: 'GET' });
        for (let run = 0; run < RUNS; run++) {
          const started = performance.now();
          const answer = await call(url, undefined, { method: 'GET' });
          times.push(performance.now() - started);
          if (query === text) hits = Math.max(hits, answer.json().List.length);
        }
      }
    }
    const sorted = [...times];
    let screen = null;
    if (BROWSER) {
      await app.listen({ port: PORT, host: 'localhost' });
      const { browser, page } = await signedInPage(`http://localhost:${PORT}`);
      try {
        await onScreen(page, typed.slice(0, 1)); // warm-up: the palette's module and the first answers
        const shown = await onScreen(page, typed);
        screen = { count: shown.length, p50: percentile(shown, 50), p95: percentile(shown, 95), max: Math.max(...shown) };
      } finally {
        await browser.close();
      }
    }
    return {
      screen,
      engine,
      firmSeconds: prepared.firmSeconds,
      ap: prepared.ap,
      so: prepared.so,
      indexed,
      typed,
      count: times.length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      max: Math.max(...times),
      hits,
    };
  });
}

const { results, notes } = await eachEngine(ENGINES, benchEngine);
const first = results[0];
const byEngine = (engine) => results.find((result) => result.engine === engine);
const onScreenCell = (screen) => (screen ? `; first results on screen ${screen.p50.toFixed(1)} / **${screen.p95.toFixed(1)}** / ${screen.max.toFixed(1)} ms` : '');
const cell = (r) =>
  r ? `${r.p50.toFixed(1)} / **${r.p95.toFixed(1)}** / ${r.max.toFixed(1)} ms (generated in ${r.firmSeconds.toFixed(0)} s / ${r.ap.seconds.toFixed(0)} s / ${r.so.seconds.toFixed(0)} s)${onScreenCell(r.screen)}` : '—';
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).stdout.trim();
const label = process.env.BENCH_SEARCH_LABEL ? `, ${process.env.BENCH_SEARCH_LABEL}` : '';
/** Each run is one row of the section's table; the rows of earlier runs and the notes under the table are kept. */
const previous = (() => {
  const path = join(repoRoot, 'BENCHMARKS.md');
  const current = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const start = current.indexOf(`${SECTION}\n`);
  if (start < 0) return { rows: [], after: [] };
  const next = current.indexOf('\n## ', start + SECTION.length);
  const lines = current.slice(start, next < 0 ? current.length : next).trimEnd().split('\n');
  const table = lines.findIndex((line) => line.startsWith('| run |'));
  if (table < 0) return { rows: [], after: [] };
  let end = table + 2;
  while (end < lines.length && lines[end].startsWith('|')) end++;
  return { rows: lines.slice(table + 2, end), after: lines.slice(end) };
})();
const row = `| ${previous.rows.length + 1} — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${commit}${label}, Node ${process.version} | ${loadSummary(' ')} | ${cell(byEngine('sqlite'))} | ${cell(byEngine('postgres'))} |`;
const text = [
  SECTION,
  '',
  `${measuredWith('bench-search.mjs')} (\`npm run bench -- search\`; the latest run): ${FIRMS.toLocaleString('en-CA')} generated firms, ${AP_ITEMS.toLocaleString('en-CA')} generated A/P items`,
  `(vendor invoices and cheques) and ${LINES.toLocaleString('en-CA')} generated sales order lines, indexed by the search triggers while they`,
  'were written (the generation times are in each cell: firms / A/P items / order lines); then, one keystroke at a time, what users look for — ' + (first ? first.typed.map((t) => `"${t}"`).join(', ') : '') + ' —',
  `each prefix one \`GET /api/search\` as the administrator (server time through \`app.inject\`, no network; ${first ? first.count : 0} queries, ${RUNS} runs each after a warm-up).`,
  ...(first?.screen
    ? [`Then the same texts typed into the command palette of a signed-in Chromium page at 1440×900 on the listening app: "first results on screen" is, per keystroke (${first.screen.count}), from its \`keydown\` to the frame after the palette rendered the records answering that text (p50 / p95 / slowest; target ≤ 100 ms).`]
    : []),
  'Each run adds a row; the machine is shared with other engineers\' work, and figures under load are several times their idle value.',
  '',
  '| run | load average (1, 5, 15 min) | SQLite p50 / p95 / slowest | PostgreSQL p50 / p95 / slowest |',
  '|---|---|---|---|',
  ...previous.rows,
  row,
  ...(previous.after.length ? previous.after : ['', 'Target: p95 ≤ 50 ms per keystroke on the server.']),
  ...(notes.length ? ['', ...notes] : []),
].join('\n');
publish(SECTION, text);
