#!/usr/bin/env node
/**
 * Inventory Control benchmark (issue 15 "Performance", h15d): `node --import tsx scripts/bench-ic.mjs` (run by
 * `npm run bench`). On SQLite and on PostgreSQL side by side:
 *
 * 1. Builds the real app (server/src/app.ts) on a fresh database (SQLite: a temporary DATA_DIR; PostgreSQL: a
 *    new database on TEST_PG_URL, dropped at the end), so it migrates and seeds, closes it, and writes
 *    BENCH_IC_PRODUCTS (default 50,000) products, 5 warehouses' stock and BENCH_IC_ROWS (default 2,000,000)
 *    stock ledger rows with their balances (modules/ic/server/seed-large.ts), plus an assembly with 100 BoM lines.
 * 2. Builds the app again and calls its routes in-process (`app.inject`: server time, no network) as the demo
 *    administrator:
 *    - stock status, first page (POST api/reports/<stock status>/run) — target ≤ 100 ms;
 *    - product inquiry of one product (POST api/reports/<product inquiry>/run) — target ≤ 50 ms;
 *    - closing a committed 200-line receipt ticket (POST api/data/inventory-ticket/:id/actions/close) — target
 *      ≤ 300 ms; each run closes a new ticket (created and committed before the clock starts);
 *    - product maintenance's read of a product with 100 BoM lines (GET api/data/product/GP-BOM100, with the
 *      read-only stock figures) — target ≤ 150 ms after the module is loaded (the screen renders that answer).
 *    Reports that are not registered in this build are listed as not measured. Each figure is the median of
 *    BENCH_IC_RUNS (default 7) runs after one warm-up run.
 * 3. Replaces the "## Inventory: 50,000 products, 2,000,000 stock ledger rows" section of BENCHMARKS.md.
 *
 * Options (environment): BENCH_IC_PRODUCTS, BENCH_IC_ROWS, BENCH_IC_RUNS, BENCH_IC_ENGINES (default
 * "sqlite,postgres"; PostgreSQL is skipped with a note when TEST_PG_URL cannot be reached), BENCH_NO_WRITE=1.
 */
import { engineOptions, engineTable, measuredWith, ms as milliseconds, publish } from './bench-common.mjs';
import { eachEngine, timed, withBenchApp } from './bench-app.mjs';

const PRODUCTS = Number(process.env.BENCH_IC_PRODUCTS || 50_000);
const ROWS = Number(process.env.BENCH_IC_ROWS || 2_000_000);
const { runs: RUNS, engines: ENGINES } = engineOptions('IC');
const SECTION = '## Inventory: 50,000 products, 2,000,000 stock ledger rows';
/** Report names of the stock status and product inquiry (h15c), tried in order. */
const STOCK_STATUS = ['ic-stock-status'];
const PRODUCT_INQUIRY = ['ic-product-inquiry'];

const { insertIcStock, BOM_PRODUCT, generatedProductId } = await import('../modules/ic/server/seed-large.ts');
const { registeredReport } = await import('../server/src/reports/engine.ts');

/** The first of `names` the engine has, with parameters the definition accepts. */
function report(names) {
  for (const name of names) {
    const found = registeredReport(name);
    if (found) return found;
  }
  return null;
}

/** Parameters for a report run: the product (if it asks for one), dates of the generated years, defaults. */
function parametersOf(def, productId) {
  const out = {};
  for (const p of def.parameters) {
    if (p.fixed !== undefined) continue;
    if (p.type === 'lookup' && p.entity === 'product') out[p.name] = productId;
    else if (p.type === 'date') out[p.name] = /end|to/i.test(p.name) ? '2025-12-31' : '2025-01-01';
    else if (p.required && p.defaultValue !== undefined && typeof p.defaultValue !== 'string') out[p.name] = p.defaultValue;
    else if (p.required && p.type === 'enum') out[p.name] = p.defaultValue ?? p.options[0].value;
  }
  return out;
}

async function benchEngine(engine) {
  const prepare = async (config) => {
    const seeded = await insertIcStock(config.database, { products: PRODUCTS, ledgerRows: ROWS });
    console.log(`${engine}: ${seeded.ledgerRows} stock ledger rows, ${seeded.balances} balances written in ${seeded.seconds.toFixed(1)} s`);
    return seeded;
  };
  const environment = { DEMO_LEDGER: '0' };
  return withBenchApp(engine, { prefix: 'erp_bench_ic', environment, prepare }, async ({ call, prepared: seeded }) => {
    const result = { engine, seedSeconds: seeded.seconds, balances: seeded.balances };
    const product = generatedProductId(4242);

    const status = report(STOCK_STATUS);
    if (status) {
      const params = parametersOf(status.def, undefined);
      result.stockStatus = await timed(RUNS, () => call(`/api/reports/${status.def.name}/run`, { Parameters: params }));
      result.stockStatusRows = (await call(`/api/reports/${status.def.name}/run`, { Parameters: params })).json().TotalCount;
    }
    const inquiry = report(PRODUCT_INQUIRY);
    if (inquiry) {
      const params = parametersOf(inquiry.def, product);
      result.inquiry = await timed(RUNS, () => call(`/api/reports/${inquiry.def.name}/run`, { Parameters: params }));
    }

    result.productGet = await timed(RUNS, () => call(`/api/data/product/${BOM_PRODUCT}`, undefined, { method: 'GET' }));
    const bom = (await call(`/api/data/product/${BOM_PRODUCT}`, undefined, { method: 'GET' })).json().Data.Components.length;
    if (bom !== 100) throw new Error(`product ${BOM_PRODUCT}: ${bom} BoM lines`);

    // Closing a committed 200-line receipt ticket (h15c's inventory ticket), server time of the close call.
    let ticketNo = 0;
    const newTicket = async () => {
      ticketNo++;
      const lines = Array.from({ length: 200 }, (_, i) => ({ ProductId: generatedProductId(1 + ((ticketNo * 211 + i * 97) % PRODUCTS)), Quantity: '5.0000', UnitCost: '12.5000', Reason: 'bench' }));
      const created = (await call('/api/data/inventory-ticket', { TicketDate: '2026-06-15', WarehouseId: 'TOR-01', TicketType: 'Receipt', SubType: 'Purchase', Lines: lines }, { expected: 201 })).json().Data;
      const committed = (await call(`/api/data/inventory-ticket/${created.TicketId}/actions/commit`, { Version: created.Version })).json().Data;
      return committed;
    };
    try {
      result.ticketClose = await timed(RUNS, (ticket) => call(`/api/data/inventory-ticket/${ticket.TicketId}/actions/close`, { Version: ticket.Version }), newTicket);
    } catch (error) {
      result.ticketError = String(error.message ?? error).slice(0, 200);
    }
    return result;
  });
}

const { results, notes } = await eachEngine(ENGINES, benchEngine);

const ms = (value) => (value === undefined ? 'not measured (report not in this build)' : milliseconds(value));
const rows = [
  ['Generate products, stock ledger and balances (bulk insert)', '—', (r) => `${r.seedSeconds.toFixed(1)} s (${r.balances.toLocaleString('en-CA')} balances)`],
  ['Stock status, first page', '≤ 100 ms', (r) => (r.stockStatus === undefined ? ms(undefined) : `${ms(r.stockStatus)} (${Number(r.stockStatusRows).toLocaleString('en-CA')} rows)`)],
  ['Product inquiry, one product', '≤ 50 ms', (r) => ms(r.inquiry)],
  ['Closing a committed 200-line receipt ticket (close action)', '≤ 300 ms', (r) => (r.ticketError ? `failed: ${r.ticketError}` : ms(r.ticketClose))],
  ['Product maintenance: GET of a product with 100 BoM lines', '≤ 150 ms', (r) => ms(r.productGet)],
];
const section = `${SECTION}

${measuredWith('bench-ic.mjs')}: ${PRODUCTS.toLocaleString('en-CA')} generated products, 5 warehouses,
${ROWS.toLocaleString('en-CA')} stock ledger rows (modules/ic/server/seed-large.ts), server time through \`app.inject\` (no
network), medians of ${RUNS} runs after a warm-up. The product figure is the API read the product maintenance
screen renders once its module is loaded; the browser figure is in "Product maintenance in Chromium".

${engineTable(results, rows)}
${notes.length ? `\n${notes.join('\n')}\n` : ''}`;

publish(SECTION, section);
