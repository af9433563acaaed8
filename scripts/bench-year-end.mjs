#!/usr/bin/env node
/**
 * Year-end benchmark (issue 13 "Performance": year end ≤ 5 s on the 1,000,000-entry ledger):
 * `node --import tsx scripts/bench-year-end.mjs`. Per engine (BENCH_YE_ENGINES, default "sqlite"; add
 * "postgres" for TEST_PG_URL): a fresh database, the app's migrations and seed, BENCH_YE_ENTRIES (default
 * 1,000,000) GL entries from the large-data generator (modules/gl/server/seed-large.ts, years 2023–2024),
 * every 2024 period closed for the G/L, then the year end of 2024 through its process route
 * (POST api/processes/gl-year-end/run, in-process `app.inject`) — timed; each timed close is followed by an
 * untimed undo so the next run closes again. Prints the median of BENCH_YE_RUNS (default 3) and writes the
 * "## Year end: 1,000,000 GL entries" section of BENCHMARKS.md unless BENCH_NO_WRITE=1.
 */
import { engineOptions, engineTable, measuredWith, median, publish } from './bench-common.mjs';
import { withBenchApp } from './bench-app.mjs';

const ENTRIES = Number(process.env.BENCH_YE_ENTRIES || 1_000_000);
const { runs: RUNS, engines: ENGINES } = engineOptions('YE', { runs: 3, engines: 'sqlite' });
const SECTION = '## Year end: 1,000,000 GL entries';
const YEAR = 2024;

const { insertLedger } = await import('../modules/gl/server/seed-large.ts');

async function runAction(call, action) {
  const response = await call('/api/processes/gl-year-end/run', { Parameters: { FiscalYear: YEAR, Action: action }, Items: [YEAR] });
  const body = response.json();
  if (body.List?.[0]?.ResultStatus !== 1) throw new Error(`year end ${action}: ${response.body.slice(0, 300)}`);
  return body;
}

async function benchEngine(engine) {
  const prepare = async (config) => {
    const seeded = await insertLedger(config.database, { entries: ENTRIES, firstYear: YEAR - 1 });
    console.log(`${engine}: ${seeded.entries} entries written in ${seeded.seconds.toFixed(1)} s`);
    return seeded;
  };
  return withBenchApp(engine, { prefix: 'erp_bench_ye', prepare }, async ({ app, call, prepared: seeded }) => {
    await app.erp.database.db.updateTable('fiscal_periods').set({ closed_gl: engine === 'postgres' ? true : 1 }).where('fiscal_year', '=', YEAR).execute();
    const times = [];
    let lines = 0;
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const answer = await runAction(call, 'close');
      times.push(performance.now() - start);
      const document = answer.List[0].EntityId;
      lines = Number((await app.erp.database.db.selectFrom('gl_entries').select((eb) => eb.fn.countAll().as('n')).where('document_no', '=', document).executeTakeFirst()).n);
      await runAction(call, 'undo');
    }
    return { engine, seedSeconds: seeded.seconds, close: median(times), lines };
  });
}

const results = [];
for (const engine of ENGINES) results.push(await benchEngine(engine));
const section = `${SECTION}

${measuredWith('bench-year-end.mjs')}: ${ENTRIES.toLocaleString('en-CA')} generated GL entries, the
year end of ${YEAR} (one closing entry of every revenue and expense account into retained earnings, read from
gl_balances) through its process route, median of ${RUNS} closes (each followed by an untimed undo).

${engineTable(results, [['Year end of a fiscal year (closing entry)', '≤ 5 s', (r) => `${r.close.toFixed(1)} ms (${r.lines} lines)`]], 'not measured')}
`;
publish(SECTION, section);
