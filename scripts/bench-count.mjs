#!/usr/bin/env node
/**
 * Physical count benchmark (issue 23 "Performance": freezing a warehouse of 50,000 products ≤ 5 s; posting a count
 * of 50,000 products ≤ 10 s with flat memory): `node --expose-gc --import tsx scripts/bench-count.mjs`. Per engine
 * (BENCH_COUNT_ENGINES, default "sqlite"; add "postgres" for TEST_PG_URL): a fresh database, the app's migrations
 * and seed, BENCH_COUNT_PRODUCTS (default 50,000) generated products with stock in one warehouse (CGY-01, from the
 * IC large-data generator), then through the process routes as the screens call them: the freeze (timed), every
 * line counted one unit off the book (untimed, SQL), the upgrade (untimed), the post (timed, with the process's
 * resident memory sampled). Writes "## Physical count: 50,000 products" of BENCHMARKS.md unless BENCH_NO_WRITE=1.
 */
import { engineOptions, engineTable, mb, measuredWith, publish, sampleMemory } from './bench-common.mjs';
import { withBenchApp } from './bench-app.mjs';

const PRODUCTS = Number(process.env.BENCH_COUNT_PRODUCTS || 50_000);
const { engines: ENGINES } = engineOptions('COUNT', { runs: 1, engines: 'sqlite' });
const SECTION = '## Physical count: 50,000 products';
const WAREHOUSE = 'CGY-01';

const { insertIcStock } = await import('../modules/ic/server/seed-large.ts');
const { sql } = await import('kysely');

async function step(call, process, parameters = {}, confirmations) {
  const response = await call(`/api/processes/${process}/run`, { Parameters: { WarehouseId: WAREHOUSE, ...parameters }, Items: [WAREHOUSE], ...(confirmations ? { Confirmations: confirmations } : {}) });
  return response.json().List[0];
}

async function benchEngine(engine) {
  // Three movements per product on average: nearly every product has stock in the warehouse.
  const prepare = async (config) => insertIcStock(config.database, { products: PRODUCTS, ledgerRows: PRODUCTS * 3, warehouses: [WAREHOUSE] });
  return withBenchApp(engine, { prefix: 'erp_bench_count', prepare }, async ({ app, call }) => {
    const today = new Date().toISOString().slice(0, 10);
    let start = performance.now();
    const frozen = await step(call, 'ic-count-freeze', { CountDate: today });
    const freeze = performance.now() - start;
    if (frozen.ResultStatus !== 1) throw new Error(`freeze: ${frozen.Message}`);
    const db = app.erp.database.db;
    const unit = engine === 'postgres' ? sql`1` : sql`10000`;
    const count = await db.selectFrom('warehouse_counts').select(['count_id', 'products']).where('warehouse_id', '=', WAREHOUSE).where('status', '=', 'Frozen').executeTakeFirst();
    await db.updateTable('count_lines').set({ counted_qty: sql`frozen_qty + ${unit}` }).where('count_id', '=', count.count_id).execute();
    const { refreshLines } = await import('../modules/ic/server/api.ts');
    await db.transaction().execute((trx) => refreshLines(trx, 'count_id', [Number(count.count_id)]));
    const upgraded = await step(call, 'ic-count-upgrade');
    if (upgraded.ResultStatus !== 1) throw new Error(`upgrade: ${upgraded.Message}`);
    let posted;
    start = performance.now();
    const memory = await sampleMemory(async () => {
      posted = await step(call, 'ic-count-post');
    });
    const post = performance.now() - start;
    if (posted.ResultStatus !== 1) throw new Error(`post: ${posted.Message}`);
    console.log(`${engine}: ${count.products} lines, freeze ${freeze.toFixed(0)} ms, post ${post.toFixed(0)} ms, memory +${mb(memory.peak - memory.before)}`);
    return { engine, lines: Number(count.products), freeze, post, memory: memory.peak - memory.before };
  });
}

const results = [];
for (const engine of ENGINES) results.push(await benchEngine(engine));
const section = `${SECTION}

${measuredWith('bench-count.mjs')}: ${PRODUCTS.toLocaleString('en-CA')} generated products with stock in one warehouse;
the count freeze (snapshot of book quantity and cost per product), then every line counted one unit over the
book and the post to the stock ledger and the General Ledger, both through their process routes.

${engineTable(
  results,
  [
    ['Count freeze (snapshot)', '≤ 5 s', (r) => `${r.freeze.toFixed(0)} ms (${r.lines.toLocaleString('en-CA')} lines)`],
    ['Post count to inventory', '≤ 10 s', (r) => `${r.post.toFixed(0)} ms`],
    ['Memory while posting (peak RSS growth)', 'flat', (r) => `+${mb(r.memory)}`],
  ],
  'not measured',
)}
`;
publish(SECTION, section);
