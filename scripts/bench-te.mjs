#!/usr/bin/env node
/**
 * Trades benchmark (issue 28 "Performance"): `node --import tsx scripts/bench-te.mjs` (run by `npm run bench`).
 * On SQLite and on PostgreSQL side by side:
 * 1. builds the real app on a fresh database (migrates and seeds it), closes it, then writes BENCH_TE_LOTS (default
 *    100,000) lots over generated job sites (modules/te/server/seed-large.ts), 10,000 of them of one model on one site;
 * 2. builds the app again and calls its routes in-process (`app.inject`: server time, no network) as the demo
 *    administrator:
 *    - the lot listing report's first page (POST api/reports/te-lot-listing/run) and the lot screen's first page
 *      (GET api/data/te-lot) — target ≤ 100 ms (median of BENCH_TE_RUNS, default 7, after a warm-up);
 *    - change model prices by 5 % on the model whose 10,000 unbilled lots follow (POST
 *      api/processes/te-change-model-prices/run) — target ≤ 5 s; run once.
 * 3. Replaces the "## Trades: 100,000 lots" section of BENCHMARKS.md.
 * Options (environment): BENCH_TE_LOTS, BENCH_TE_RUNS, BENCH_TE_ENGINES, BENCH_NO_WRITE=1.
 */
import { engineOptions, engineTable, measuredWith, ms, publish } from './bench-common.mjs';
import { eachEngine, timed, withBenchApp } from './bench-app.mjs';

const LOTS = Number(process.env.BENCH_TE_LOTS || 100_000);
const { runs: RUNS, engines: ENGINES } = engineOptions('TE');
const SECTION = '## Trades: 100,000 lots';

const { insertLots } = await import('../modules/te/server/seed-large.ts');

async function benchEngine(engine) {
  const prepare = async (config) => {
    const seeded = await insertLots(config.database, { lots: LOTS });
    console.log(`${engine}: ${seeded.lots} lots on ${seeded.sites} sites written in ${seeded.seconds.toFixed(1)} s`);
    return seeded;
  };
  return withBenchApp(engine, { prefix: 'erp_bench_te', environment: { DEMO_LEDGER: '0' }, prepare }, async ({ call, prepared: seeded }) => {
    const result = { engine, seedSeconds: seeded.seconds, lots: seeded.lots };
    result.listing = await timed(RUNS, () => call('/api/reports/te-lot-listing/run', { Parameters: {} }));
    result.listingRows = (await call('/api/reports/te-lot-listing/run', { Parameters: {} })).json().TotalCount;
    result.list = await timed(RUNS, () => call('/api/data/te-lot?PageSize=50', undefined, { method: 'GET' }));

    const Parameters = { ModelId: 'GBENCH', SiteId: 'GS0001', Method: 'Percent', Change: '5' };
    const preview = (await call('/api/processes/te-change-model-prices/preview', { Parameters })).json();
    const items = (preview.List ?? []).map((row) => row.PriceId);
    result.repriceLots = Number(preview.List?.[0]?.Lots ?? 0);
    const started = performance.now();
    const run = (await call('/api/processes/te-change-model-prices/run', { Parameters, Items: items })).json();
    result.repriceSeconds = (performance.now() - started) / 1000;
    result.repriced = (run.List ?? []).filter((item) => item.ResultStatus === 1).length;
    return result;
  });
}

const { results, notes } = await eachEngine(ENGINES, benchEngine);
const rows = [
  ['Generate lots (bulk insert)', '—', (r) => `${r.seedSeconds.toFixed(1)} s (${r.lots.toLocaleString('en-CA')} lots)`],
  ['Lot listing report, first page', '≤ 100 ms', (r) => `${ms(r.listing)} (${Number(r.listingRows).toLocaleString('en-CA')} lots)`],
  ['Lot maintenance list, first page', '≤ 100 ms', (r) => ms(r.list)],
  ['Change model prices (+5 %), lots following', '≤ 5 s', (r) => `${r.repriceSeconds.toFixed(2)} s (${r.repriceLots.toLocaleString('en-CA')} lots, ${r.repriced} price changed)`],
];
const section = `${SECTION}

${measuredWith('bench-te.mjs')}: ${LOTS.toLocaleString('en-CA')} generated lots over generated job sites
(modules/te/server/seed-large.ts), server time through \`app.inject\` (no network); the first pages are the median of
${RUNS} runs after a warm-up, the price change one run of the process on the model whose 10,000 unbilled lots follow.

${engineTable(results, rows)}
${notes.length ? `\n${notes.join('\n')}\n` : ''}`;

publish(SECTION, section);
