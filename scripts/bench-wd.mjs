#!/usr/bin/env node
/**
 * Waste disposal benchmark (issue 27 "Performance"): `node --import tsx scripts/bench-wd.mjs` (run by `npm run bench`).
 * On SQLite and on PostgreSQL side by side:
 * 1. builds the real app on a fresh database (migrates and seeds it: the demo's services, waste classes, control
 *    record and customers), closes it, then sets the control record's crews to 20 and writes BENCH_WD_ORDERS
 *    (default 20,000) service orders in every state (modules/wd/server/seed-large.ts: 10 % Entered, 25 %
 *    Completed — 2,000 and 5,000 of the default);
 * 2. builds the app again and calls its routes in-process (`app.inject`: server time, no network) as the demo
 *    administrator, each run once (it changes the orders):
 *    - scheduling every Entered order (up to 2,000) over the 20 crews in one run of the scheduling process
 *      (POST api/processes/wd-scheduling/run with the previewed items) — target ≤ 2 s;
 *    - invoicing every Completed order (up to 5,000) in one run of invoice processing (POST
 *      api/processes/wd-invoice-processing/run, All: each order a posted AR invoice through Receivables' bulk
 *      path `createPostedInvoices`) —
 *      target ≤ 10 s.
 * 3. Replaces the "## Waste disposal" section of BENCHMARKS.md.
 * Options (environment): BENCH_WD_ORDERS, BENCH_WD_ENGINES, BENCH_NO_WRITE=1.
 */
import { engineOptions, engineTable, measuredWith, publish } from './bench-common.mjs';
import { eachEngine, withBenchApp } from './bench-app.mjs';

const ORDERS = Number(process.env.BENCH_WD_ORDERS || 20_000);
const CREWS = 20;
const { engines: ENGINES } = engineOptions('WD');
const SECTION = '## Waste disposal: scheduling and invoicing service orders';

const { insertServiceOrders } = await import('../modules/wd/server/seed-large.ts');

/** One process run, timed: seconds, items sent and items done. */
async function runProcess(call, name, body) {
  const started = performance.now();
  const run = (await call(`/api/processes/${name}/run`, body)).json();
  const seconds = (performance.now() - started) / 1000;
  const list = run.List ?? [];
  const failed = list.find((item) => item.ResultStatus !== 1);
  if (failed) console.warn(`${name}: ${failed.Label}: ${failed.Message}`);
  return { seconds, items: list.length, done: list.filter((item) => item.ResultStatus === 1).length };
}

async function benchEngine(engine) {
  const prepare = async (config) => {
    const seeded = await insertServiceOrders(config.database, { orders: ORDERS, crews: CREWS });
    console.log(`${engine}: ${seeded.orders} service orders written in ${seeded.seconds.toFixed(1)} s (${JSON.stringify(seeded.byStatus)})`);
    return seeded;
  };
  return withBenchApp(engine, { prefix: 'erp_bench_wd', environment: { DEMO_LEDGER: '0' }, prepare }, async ({ call, prepared: seeded }) => {
    const result = { engine, seedSeconds: seeded.seconds, orders: seeded.orders };
    const today = new Date().toISOString().slice(0, 10);

    const entered = (await call('/api/processes/wd-scheduling/preview', { Parameters: { FromDate: today } })).json();
    const items = (entered.List ?? []).map((row) => row.OrderId);
    result.scheduling = await runProcess(call, 'wd-scheduling', { Parameters: { FromDate: today }, Items: items });

    result.invoicing = await runProcess(call, 'wd-invoice-processing', { Parameters: { InvoiceDate: today, CompletedTo: today }, All: true });
    return result;
  });
}

const { results, notes } = await eachEngine(ENGINES, benchEngine);
const count = (n) => n.toLocaleString('en-CA');
const rows = [
  ['Generate service orders (bulk insert)', '—', (r) => `${r.seedSeconds.toFixed(1)} s (${count(r.orders)} orders)`],
  [`Scheduling the entered orders over ${CREWS} crews (one run)`, '≤ 2 s (2,000 orders)', (r) => `${r.scheduling.seconds.toFixed(2)} s (${count(r.scheduling.done)} of ${count(r.scheduling.items)} scheduled)`],
  ['Invoicing the completed orders (one run, All)', '≤ 10 s (5,000 orders)', (r) => `${r.invoicing.seconds.toFixed(1)} s (${count(r.invoicing.done)} of ${count(r.invoicing.items)} invoiced)`],
];
const section = `${SECTION}

${measuredWith('bench-wd.mjs')}: ${count(ORDERS)} generated service orders in every
state (modules/wd/server/seed-large.ts) over the demo's customers and ${CREWS} crews of 6 jobs a day, server time through
\`app.inject\` (no network); each process is one run (it changes the orders). Scheduling proposes each entered order's
working day and crew (holidays and the control record's days off skipped, loads balanced); invoicing posts one AR
invoice per completed order through Receivables' bulk path (each checked alone, all written at once: Dr AR / Cr
revenue / Cr taxes of the site's province).

${engineTable(results, rows)}
${notes.length ? `\n${notes.join('\n')}\n` : ''}`;

publish(SECTION, section);
