#!/usr/bin/env node
/**
 * Sales orders benchmark (issue 26 "Performance"): `node --import tsx scripts/bench-so.mjs` (run by `npm run bench`).
 * On SQLite and on PostgreSQL side by side:
 * 1. builds the real app on a fresh database (migrates and seeds it), closes it, then writes 1,000 generated stock
 *    products (modules/ic/server/seed-large.ts, no movements) and BENCH_SO_LINES (default 1,000,000) sales order
 *    lines in every state (modules/so/server/seed-large.ts);
 * 2. builds the app again and calls its routes in-process (`app.inject`: server time, no network) as the demo
 *    administrator:
 *    - the order summary, first page of the last year's orders (POST api/reports/so-order-summary/run) — target
 *      ≤ 100 ms (median of BENCH_SO_RUNS, default 7, after a warm-up);
 *    - invoicing BENCH_SO_INVOICES (default 1,000) shipped orders in one run of the orders and invoices queue
 *      (POST api/processes/so-invoice-queue/run: each order's `invoice` action checks it, Receivables writes and
 *      posts the batch's AR invoices at once) —
 *      target ≤ 10 s; run once (it invoices the orders).
 * 3. Replaces the "## Sales orders: 1,000,000 order lines" section of BENCHMARKS.md.
 * Options (environment): BENCH_SO_LINES, BENCH_SO_INVOICES, BENCH_SO_RUNS, BENCH_SO_ENGINES, BENCH_NO_WRITE=1.
 */
import { engineOptions, engineTable, measuredWith, ms, publish } from './bench-common.mjs';
import { eachEngine, timed, withBenchApp } from './bench-app.mjs';

const LINES = Number(process.env.BENCH_SO_LINES || 1_000_000);
const INVOICES = Number(process.env.BENCH_SO_INVOICES || 1000);
const PRODUCTS = 1000;
const { runs: RUNS, engines: ENGINES } = engineOptions('SO');
const SECTION = '## Sales orders: 1,000,000 order lines';

const { insertIcStock } = await import('../modules/ic/server/seed-large.ts');
const { insertSalesOrders } = await import('../modules/so/server/seed-large.ts');

async function benchEngine(engine) {
  const prepare = async (config) => {
    await insertIcStock(config.database, { products: PRODUCTS, ledgerRows: 0 });
    const seeded = await insertSalesOrders(config.database, { lines: LINES });
    console.log(`${engine}: ${seeded.lines} sales order lines written in ${seeded.seconds.toFixed(1)} s`);
    return seeded;
  };
  return withBenchApp(engine, { prefix: 'erp_bench_so', environment: { DEMO_LEDGER: '0' }, prepare }, async ({ call, prepared: seeded }) => {
    const result = { engine, seedSeconds: seeded.seconds, lines: seeded.lines };
    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    const summary = { Parameters: { StartDate: yearAgo, EndDate: today } };
    result.summary = await timed(RUNS, () => call('/api/reports/so-order-summary/run', summary));
    result.summaryRows = (await call('/api/reports/so-order-summary/run', summary)).json().TotalCount;

    const preview = (await call('/api/processes/so-invoice-queue/preview', { Parameters: {} })).json();
    const items = (preview.List ?? []).slice(0, INVOICES).map((row) => String(row.OrderKey));
    const started = performance.now();
    const run = (await call('/api/processes/so-invoice-queue/run', { Parameters: { InvoiceDate: today }, Items: items })).json();
    result.invoiceSeconds = (performance.now() - started) / 1000;
    result.invoiced = (run.List ?? []).filter((item) => item.ResultStatus === 1).length;
    result.invoiceItems = items.length;
    return result;
  });
}

const { results, notes } = await eachEngine(ENGINES, benchEngine);
const rows = [
  ['Generate orders (bulk insert)', '—', (r) => `${r.seedSeconds.toFixed(1)} s (${r.lines.toLocaleString('en-CA')} lines)`],
  ['Order summary, first page (one year)', '≤ 100 ms', (r) => `${ms(r.summary)} (${Number(r.summaryRows).toLocaleString('en-CA')} orders)`],
  ['Invoicing shipped orders in one queue run', '≤ 10 s', (r) => `${r.invoiceSeconds.toFixed(1)} s (${r.invoiced} of ${r.invoiceItems} invoiced)`],
];
const section = `${SECTION}

${measuredWith('bench-so.mjs')}: ${LINES.toLocaleString('en-CA')} generated sales order lines in every state
(modules/so/server/seed-large.ts), server time through \`app.inject\` (no network); the order summary is the median of
${RUNS} runs after a warm-up, the invoicing one queue run of up to ${INVOICES.toLocaleString('en-CA')} shipped orders: each
order checked by its own \`invoice\` action, the batch's AR invoices written and posted by Receivables at once.

${engineTable(results, rows)}
${notes.length ? `\n${notes.join('\n')}\n` : ''}`;

publish(SECTION, section);
