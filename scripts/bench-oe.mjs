#!/usr/bin/env node
/**
 * Order Entry pricing benchmark (issue 25 "Performance"): `node --import tsx scripts/bench-oe.mjs` (run by
 * `npm run bench`). On SQLite and on PostgreSQL side by side:
 *
 * 1. Builds the real app on a fresh database with BENCH_OE_FIRMS (default 100,000) generated firms, then writes
 *    BENCH_OE_PRODUCTS (default 50,000) products with their list prices (modules/ic/server/seed-large.ts, a
 *    small stock ledger) and 10,000 customer price tables with breaks (modules/oe/server/seed-large.ts).
 * 2. Calls the app in-process (`app.inject`, server time) as the demo administrator:
 *    - pricing 1,000 order lines in one call (POST /api/oe/pricing/prices), a customer with its own table —
 *      target ≤ 100 ms;
 *    - a price adjustment of +1 % over every per-unit row (some 120,000: preview, then one bulk run `All`) —
 *      the 50,000-row target (≤ 10 s) is that run's time per 50,000 rows, with the resident memory's growth during it;
 *    - checking and importing a 50,000-row .xlsx into one price table (POST …/import?Confirm=true) — target ≤ 20 s.
 *    Each figure is the median of BENCH_OE_RUNS (default 3) runs after one warm-up.
 * 3. Replaces the "## Order Entry pricing" section of BENCHMARKS.md.
 *
 * Options (environment): BENCH_OE_FIRMS, BENCH_OE_PRODUCTS, BENCH_OE_RUNS, BENCH_OE_ENGINES, BENCH_NO_WRITE=1.
 */
import ExcelJS from 'exceljs';
import { engineOptions, engineTable, mb, measuredWith, ms, publish, sampleMemory } from './bench-common.mjs';
import { eachEngine, timed, withBenchApp } from './bench-app.mjs';

const FIRMS = Number(process.env.BENCH_OE_FIRMS || 100_000);
const PRODUCTS = Number(process.env.BENCH_OE_PRODUCTS || 50_000);
const IMPORT_ROWS = 50_000;
const { runs: RUNS, engines: ENGINES } = engineOptions('OE', { runs: 3 });
const SECTION = '## Order Entry pricing: 50,000 products, 100,000 firms';

const { insertFirms } = await import('../server/src/seed/demo-firms.ts');
const { insertIcStock, generatedProductId } = await import('../modules/ic/server/seed-large.ts');
const { insertOePrices } = await import('../modules/oe/server/seed-large.ts');

/** A 50,000-row price table workbook: 16,667 products × 3 breaks, the last row trimmed. */
async function workbook() {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Prices');
  sheet.addRow(['ProductId', 'PriceType', 'FromQuantity', 'ToQuantity', 'Price']);
  for (let i = 0; i < IMPORT_ROWS; i++) {
    const product = generatedProductId(1 + Math.floor(i / 3));
    const [from, to] = [[1, 99], [100, 499], [500, null]][i % 3];
    sheet.addRow([product, 'Each', from, to, 10 + (i % 900) / 10]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function upload(app, bearer, url, bytes) {
  const boundary = `----bench${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="prices.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${bearer}`, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  if (response.statusCode !== 200) throw new Error(`import: ${response.statusCode} ${response.body.slice(0, 300)}`);
  return response;
}

async function benchEngine(engine) {
  const seed = (app) => insertFirms(app.erp.database.db, 1, FIRMS);
  const prepare = async (config) => {
    const ic = await insertIcStock(config.database, { products: PRODUCTS, ledgerRows: 100_000 });
    const oe = await insertOePrices(config.database, 10_000);
    console.log(`${engine}: ${ic.products} products in ${ic.seconds.toFixed(1)} s, ${oe.tables} price tables (${oe.ranges} rows) in ${oe.seconds} s`);
    return { ic, oe };
  };
  return withBenchApp(engine, { prefix: 'erp_bench_oe', environment: { DEMO_LEDGER: '0' }, seed, prepare }, async ({ app, bearer, call, prepared }) => {
    const result = { engine, tables: prepared.oe.tables };
    const db = app.erp.database.db;
    const customer = (await db.selectFrom('price_tables').select('customer_id').where('price_table_id', 'like', 'GEN-%').orderBy('price_table_id').limit(1).executeTakeFirst()).customer_id;
    const lines = Array.from({ length: 1000 }, (_, i) => ({ ProductId: generatedProductId(1 + ((i * 7919) % PRODUCTS)), Quantity: String(1 + (i % 600)) }));
    result.price1000 = await timed(RUNS, () => call('/api/oe/pricing/prices', { CustomerId: customer, Lines: lines }));
    const priced = (await call('/api/oe/pricing/prices', { CustomerId: customer, Lines: lines })).json().List.filter((l) => l.Price !== null).length;
    result.priced = priced;

    // The bulk run (All): every per-unit row of every table, read again, written 1,000 rows per transaction.
    const Parameters = { Method: 'Percent', Change: '1' };
    const preview = (await call('/api/processes/oe-price-adjustments/preview', { Parameters })).json();
    result.adjustRows = preview.TotalCount;
    let run;
    const started = performance.now();
    result.adjustMemory = await sampleMemory(async () => {
      run = (await call('/api/processes/oe-price-adjustments/run', { Parameters, All: true })).json();
    });
    result.adjustAll = performance.now() - started;
    result.adjusted = run.List.filter((item) => item.ResultStatus === 1).length;

    const bytes = await workbook();
    const table = `GEN-${customer}`.slice(0, 20);
    result.import = await timed(RUNS, () => upload(app, bearer, `/api/oe/price-table/${encodeURIComponent(table)}/import?Confirm=true`, bytes));
    // Resident memory before and at its peak during one more import (the file is read as a stream).
    result.importMemory = await sampleMemory(() => upload(app, bearer, `/api/oe/price-table/${encodeURIComponent(table)}/import?Confirm=true`, bytes));
    return result;
  });
}

const { results, notes } = await eachEngine(ENGINES, benchEngine);

const rows = [
  ['Pricing 1,000 order lines in one call', '≤ 100 ms', (r) => `${ms(r.price1000)} (${r.priced} priced)`],
  ['Price adjustment, one bulk run over every per-unit row', '—', (r) => `${(r.adjustAll / 1000).toFixed(1)} s for ${Number(r.adjusted).toLocaleString('en-CA')} of ${Number(r.adjustRows).toLocaleString('en-CA')} rows, memory +${mb(r.adjustMemory.peak - r.adjustMemory.before)}`],
  ['Price adjustment over 50,000 rows (that run, per 50,000 rows)', '≤ 10 s', (r) => `${((r.adjustAll * 50_000) / r.adjustRows / 1000).toFixed(1)} s`],
  ['Checking and importing a 50,000-row .xlsx', '≤ 20 s', (r) => `${(r.import / 1000).toFixed(1)} s`],
  ['Memory during that import (peak RSS growth)', 'flat', (r) => `+${mb(r.importMemory.peak - r.importMemory.before)}`],
];
const section = `${SECTION}

${measuredWith('bench-oe.mjs')}: ${FIRMS.toLocaleString('en-CA')} generated firms, ${PRODUCTS.toLocaleString('en-CA')} products with list
prices, 10,000 customer price tables with breaks (modules/oe/server/seed-large.ts), server time through \`app.inject\`,
medians of ${RUNS} runs after a warm-up (the adjustment: one bulk run over every per-unit row, \`All\`). The import
reads the workbook as a stream (exceljs WorkbookReader); memory is the process's resident size, sampled every 20 ms.

${engineTable(results, rows)}
${notes.length ? `\n${notes.join('\n')}\n` : ''}`;

publish(SECTION, section);
