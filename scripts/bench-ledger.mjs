#!/usr/bin/env node
/**
 * Ledger benchmark (issue 12 "Performance"): `node --import tsx scripts/bench-ledger.mjs` (run by
 * `npm run bench`). On SQLite and on PostgreSQL side by side:
 *
 * 1. Builds the real app (server/src/app.ts) on a fresh database (SQLite: a temporary DATA_DIR;
 *    PostgreSQL: a new database on TEST_PG_URL, dropped at the end), so it migrates and seeds, closes it,
 *    and writes BENCH_LEDGER_ENTRIES (default 1,000,000) GL entries with the large-data generator
 *    (modules/gl/server/seed-large.ts: journals, accounts, periods and balances; one account with
 *    100,000 entries and one with 10,000, all in the second year).
 * 2. Builds the app again and calls its routes in-process (`app.inject`: server time, no network) with an
 *    access token the embedded provider's key signs for the demo administrator:
 *    - trial balance for the fiscal year (POST api/reports/gl-trial-balance/run, year 2024, period 12)
 *      — target ≤ 200 ms;
 *    - detailed ledger, first page (250 rows, totals, subtotals, running balances) of the account with
 *      100,000 entries over its year — target ≤ 50 ms;
 *    - posting a 1,000-line entry through the posting service (modules/gl/server/ledger/posting.ts) in one
 *      transaction — target ≤ 300 ms;
 *    - the PDF of the 10,000-line detailed ledger (POST …/gl-detailed-ledger/pdf) — target ≤ 3 s, with the
 *      process's resident memory sampled every 20 ms during the render (flat: the peak stays near the start).
 *    Each figure is the median of BENCH_LEDGER_RUNS (default 7) runs after one warm-up run.
 * 3. Replaces the "## Ledger: 1,000,000 GL entries" section of BENCHMARKS.md (date, machine, both engines).
 *
 * Options (environment): BENCH_LEDGER_ENTRIES, BENCH_LEDGER_RUNS, BENCH_LEDGER_ENGINES (default
 * "sqlite,postgres"; PostgreSQL is skipped with a note when TEST_PG_URL cannot be reached),
 * BENCH_NO_WRITE=1 to print the section without touching BENCHMARKS.md.
 */
import { engineOptions, engineTable, mb, measuredWith, ms, publish, sampleMemory } from './bench-common.mjs';
import { eachEngine, timed, withBenchApp } from './bench-app.mjs';

const ENTRIES = Number(process.env.BENCH_LEDGER_ENTRIES || 1_000_000);
const { runs: RUNS, engines: ENGINES } = engineOptions('LEDGER');
const SECTION = '## Ledger: 1,000,000 GL entries';
const YEAR = 2024;

const { insertLedger, BIG_ACCOUNT, TEN_K_ACCOUNT } = await import('../modules/gl/server/seed-large.ts');
const { post } = await import('@erp/modules/gl/server/api');

async function benchEngine(engine) {
  const prepare = async (config) => {
    const seeded = await insertLedger(config.database, { entries: ENTRIES, firstYear: YEAR - 1 });
    console.log(`${engine}: ${seeded.entries} entries written in ${seeded.seconds.toFixed(1)} s`);
    return seeded;
  };
  return withBenchApp(engine, { prefix: 'erp_bench_ledger', prepare }, async ({ app, call, prepared: seeded }) => {
    const yearRange = { StartDate: `${YEAR}-01-01`, EndDate: `${YEAR}-12-31` };

    const trialBalance = await timed(RUNS, () => call('/api/reports/gl-trial-balance/run', { Parameters: { FiscalYear: YEAR, PeriodNo: 12 } }));
    const check = (await call('/api/reports/gl-trial-balance/run', { Parameters: { FiscalYear: YEAR, PeriodNo: 12 } })).json();
    if (check.Totals.Debit !== check.Totals.Credit) throw new Error('trial balance: debits differ from credits');
    // Issue 13: the demo income statement and balance sheet (financial statement formats) for the year.
    const incomeStatement = await timed(RUNS, () => call('/api/reports/gl-financial-statement/run', { Parameters: { FormatId: 'INCOME', FiscalYear: YEAR, PeriodNo: 12 } }));
    const balanceSheet = await timed(RUNS, () => call('/api/reports/gl-financial-statement/run', { Parameters: { FormatId: 'BALANCE', FiscalYear: YEAR, PeriodNo: 12 } }));

    const ledgerParameters = { ...yearRange, AccountFrom: BIG_ACCOUNT, AccountTo: BIG_ACCOUNT };
    const ledgerPage = await timed(RUNS, () => call('/api/reports/gl-detailed-ledger/run', { Parameters: ledgerParameters }));
    const page = (await call('/api/reports/gl-detailed-ledger/run', { Parameters: ledgerParameters })).json();

    const db = app.erp.database.db;
    let posted = 0;
    const posting = await timed(RUNS, () =>
      db.transaction().execute((trx) => {
        posted++;
        const lines = Array.from({ length: 999 }, (_, i) => ({ accountId: String(6_000_010 + (i % 30)), amount: '1.25', description: `Line ${i + 1}` }));
        lines.push({ accountId: '6000002', amount: '-1248.75', description: 'Offset' });
        return post(trx, {
          source: 'GL',
          subLedger: 'gl',
          dataType: 'Actual',
          date: `${YEAR}-06-15`,
          documentNo: `BENCH-${posted}`,
          description: 'Benchmark posting',
          origin: { type: 'bench', id: String(posted) },
          lines,
          userId: 'admin',
        });
      }),
    );

    const pdfParameters = { ...yearRange, AccountFrom: TEN_K_ACCOUNT, AccountTo: TEN_K_ACCOUNT };
    let memory = { before: 0, peak: 0 };
    let bytes = 0;
    const pdf = await timed(Math.max(3, Math.floor(RUNS / 2)), async () => {
      memory = await sampleMemory(async () => {
        const response = await call('/api/reports/gl-detailed-ledger/pdf', { Parameters: pdfParameters });
        bytes = response.rawPayload.length;
        if (response.headers['x-total-count'] !== '10000') throw new Error(`PDF rows: ${response.headers['x-total-count']}`);
      });
    });
    return {
      engine,
      seedSeconds: seeded.seconds,
      trialBalance,
      incomeStatement,
      balanceSheet,
      ledgerPage,
      ledgerRows: page.TotalCount,
      posting,
      pdf,
      pdfBytes: bytes,
      pdfRssBefore: memory.before,
      pdfRssPeak: memory.peak,
    };
  });
}

const { results, notes } = await eachEngine(ENGINES, benchEngine);

const rows = [
  ['Generate the ledger (bulk insert, balances)', '—', (r) => `${r.seedSeconds.toFixed(1)} s`],
  ['Trial balance, fiscal year (12 periods, from gl_balances)', '≤ 200 ms', (r) => ms(r.trialBalance)],
  ['Income statement, fiscal year (demo format INCOME: period, YTD, prior year)', '≤ 500 ms', (r) => ms(r.incomeStatement)],
  ['Balance sheet, fiscal year (demo format BALANCE: balance, a year earlier)', '≤ 500 ms', (r) => ms(r.balanceSheet)],
  [`Detailed ledger, first page of an account with ${(100_000).toLocaleString('en-CA')} entries`, '≤ 50 ms', (r) => `${ms(r.ledgerPage)} (${r.ledgerRows.toLocaleString('en-CA')} rows)`],
  ['Posting a 1,000-line entry (posting service, one transaction)', '≤ 300 ms', (r) => ms(r.posting)],
  ['PDF of a 10,000-line detailed ledger', '≤ 3 s', (r) => `${ms(r.pdf)} (${(r.pdfBytes / 1024).toFixed(0)} kB)`],
  ['Server memory during that PDF (RSS before → peak)', 'flat', (r) => `${mb(r.pdfRssBefore)} → ${mb(r.pdfRssPeak)}`],
];
const section = `${SECTION}

${measuredWith('bench-ledger.mjs')}: ${ENTRIES.toLocaleString('en-CA')} generated GL entries
(modules/gl/server/seed-large.ts), server time through \`app.inject\` (no network), medians of ${RUNS} runs after a
warm-up.

${engineTable(results, rows)}
${notes.length ? `\n${notes.join('\n')}\n` : ''}`;

publish(SECTION, section);
