#!/usr/bin/env node
/**
 * Purchasing benchmark (issue 23 "Performance"): `node --import tsx scripts/bench-po.mjs` (run by `npm run bench`).
 * On SQLite and on PostgreSQL side by side:
 * 1. builds the real app on a fresh database (migrates and seeds it), closes it, then writes 1,000 generated
 *    stock products (modules/ic/server/seed-large.ts, no movements) and BENCH_PO_LINES (default 100,000)
 *    purchase order lines in every state with their posted receipts (modules/po/server/seed-large.ts);
 * 2. builds the app again and calls its routes in-process (`app.inject`: server time, no network) as the demo
 *    administrator:
 *    - the open orders report, first page (POST api/reports/po-open-orders/run) — target ≤ 100 ms;
 *    - posting a 200-line receipt with a lot on every line's lot-free product (POST
 *      api/data/po-receipt/:id/actions/post: stock ledger, IC journal, the order's quantities) — target ≤ 300 ms;
 *      each run posts a new receipt of a new 200-line order (both made before the clock starts).
 *    Each figure is the median of BENCH_PO_RUNS (default 7) runs after one warm-up run.
 * 3. Replaces the "## Purchasing: 100,000 purchase order lines" section of BENCHMARKS.md.
 * Options (environment): BENCH_PO_LINES, BENCH_PO_RUNS, BENCH_PO_ENGINES, BENCH_NO_WRITE=1.
 */
import { engineOptions, engineTable, measuredWith, ms, publish } from './bench-common.mjs';
import { eachEngine, timed, withBenchApp } from './bench-app.mjs';

const LINES = Number(process.env.BENCH_PO_LINES || 100_000);
const PRODUCTS = 1000;
const { runs: RUNS, engines: ENGINES } = engineOptions('PO');
const SECTION = '## Purchasing: 100,000 purchase order lines';

const { insertIcStock, generatedProductId } = await import('../modules/ic/server/seed-large.ts');
const { insertPurchasing } = await import('../modules/po/server/seed-large.ts');

async function benchEngine(engine) {
  const prepare = async (config) => {
    await insertIcStock(config.database, { products: PRODUCTS, ledgerRows: 0 });
    const seeded = await insertPurchasing(config.database, { lines: LINES });
    console.log(`${engine}: ${seeded.lines} purchase order lines, ${seeded.receipts} receipts written in ${seeded.seconds.toFixed(1)} s`);
    return seeded;
  };
  return withBenchApp(engine, { prefix: 'erp_bench_po', environment: { DEMO_LEDGER: '0' }, prepare }, async ({ call, prepared: seeded }) => {
    const result = { engine, seedSeconds: seeded.seconds, lines: seeded.lines };
    result.openOrders = await timed(RUNS, () => call('/api/reports/po-open-orders/run', { Parameters: {} }));
    result.openRows = (await call('/api/reports/po-open-orders/run', { Parameters: {} })).json().TotalCount;

    let order = 0;
    const newReceipt = async () => {
      order++;
      const lines = Array.from({ length: 200 }, (_, i) => ({ ProductId: generatedProductId(1 + ((order * 211 + i) % PRODUCTS)), QuantityOrdered: '10.0000', UnitPrice: '12.3456' }));
      const po = (await call('/api/data/purchase-order', { OrderDate: '2026-06-15', VendorId: 'V100', ShipToId: 'TOR-01', Lines: lines }, { expected: 201 })).json().Data;
      return (await call('/api/data/po-receipt', { PoId: po.PoId, ReceiptDate: '2026-06-16', Freight: '250.00' }, { expected: 201 })).json().Data;
    };
    try {
      result.post = await timed(RUNS, (receipt) => call(`/api/data/po-receipt/${receipt.ReceiptId}/actions/post`, { Version: receipt.Version }), newReceipt);
    } catch (error) {
      result.postError = String(error.message ?? error).slice(0, 200);
    }
    return result;
  });
}

const { results, notes } = await eachEngine(ENGINES, benchEngine);
const rows = [
  ['Generate orders and receipts (bulk insert)', '—', (r) => `${r.seedSeconds.toFixed(1)} s (${r.lines.toLocaleString('en-CA')} lines)`],
  ['Open orders report, first page', '≤ 100 ms', (r) => `${ms(r.openOrders)} (${Number(r.openRows).toLocaleString('en-CA')} rows)`],
  ['Posting a 200-line receipt (post action)', '≤ 300 ms', (r) => (r.postError ? `failed: ${r.postError}` : ms(r.post))],
];
const section = `${SECTION}

${measuredWith('bench-po.mjs')}: ${LINES.toLocaleString('en-CA')} generated purchase order lines in every state with their
posted receipts (modules/po/server/seed-large.ts), server time through \`app.inject\` (no network), medians of ${RUNS}
runs after a warm-up. The receipt posting writes 200 stock ledger rows and balances, one IC journal (inventory, GRNI,
accrued freight) and the order's received quantities.

${engineTable(results, rows)}
${notes.length ? `\n${notes.join('\n')}\n` : ''}`;

publish(SECTION, section);
