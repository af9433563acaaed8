#!/usr/bin/env node
/**
 * Accounts Receivable benchmark (issue 14 "Performance"): `node --import tsx scripts/bench-ar.mjs` (run by
 * `npm run bench`). On SQLite and on PostgreSQL side by side:
 *
 * 1. Builds the real app (server/src/app.ts) on a fresh database (SQLite: a temporary DATA_DIR; PostgreSQL:
 *    a new database on TEST_PG_URL, dropped at the end), writes BENCH_AR_FIRMS (default 100,000) generated
 *    firms (server/src/seed/demo-firms.ts) and BENCH_AR_ITEMS (default 500,000) AR items with their
 *    applications (modules/ar/server/seed-large.ts: the first bill-to firm has 10,000 items, the others a few
 *    each, over 2025–2026).
 * 2. Builds the app again and calls its routes in-process (`app.inject`: server time, no network) with an
 *    access token the embedded provider's key signs for the demo administrator:
 *    - aged trial balance (current + 8 periods of 30 days, by due date) as of 2026-12-31 and as of
 *      2026-11-30 (the applications after the date added back) — target ≤ 1 s;
 *    - AR account inquiry, first page: the customer with 10,000 items (open items), and an ordinary
 *      customer's whole history — target ≤ 50 ms;
 *    - the statement PDFs of 1,000 customers in one streamed file (the batch over a customer range), with the
 *      process's resident memory sampled every 20 ms during the render (flat: the peak stays near the start).
 *    Each figure is the median of BENCH_AR_RUNS (default 7) runs after one warm-up run.
 * 3. Replaces the "## Accounts Receivable: …" section of BENCHMARKS.md (date, machine, both engines).
 *
 * Options (environment): BENCH_AR_FIRMS, BENCH_AR_ITEMS, BENCH_AR_RUNS, BENCH_AR_ENGINES (default
 * "sqlite,postgres"; PostgreSQL is skipped with a note when TEST_PG_URL cannot be reached), BENCH_NO_WRITE=1
 * to print the section without touching BENCHMARKS.md.
 */
import { engineOptions, engineTable, mb, measuredWith, ms, publish, sampleMemory } from './bench-common.mjs';
import { eachEngine, timed, withBenchApp } from './bench-app.mjs';

const FIRMS = Number(process.env.BENCH_AR_FIRMS || 100_000);
const ITEMS = Number(process.env.BENCH_AR_ITEMS || 500_000);
const { runs: RUNS, engines: ENGINES } = engineOptions('AR');
const SECTION = '## Accounts Receivable: 100,000 firms, 500,000 AR items';
const STATEMENT_CUSTOMERS = 1000;

const { insertFirms } = await import('../server/src/seed/demo-firms.ts');
const { insertAr } = await import('../modules/ar/server/seed-large.ts');

async function benchEngine(engine) {
  const seed = (app) => insertFirms(app.erp.database.db, 1, FIRMS);
  const prepare = async (config, { seconds: firmSeconds }) => {
    const seeded = await insertAr(config.database, { items: ITEMS });
    console.log(`${engine}: ${FIRMS} firms in ${firmSeconds.toFixed(1)} s, ${seeded.items} AR items and ${seeded.applications} applications in ${seeded.seconds.toFixed(1)} s`);
    return { firmSeconds, seeded };
  };
  const environment = { DEMO_LEDGER: '0' };
  return withBenchApp(engine, { prefix: 'erp_bench_ar', environment, seed, prepare }, async ({ app, call, prepared: { firmSeconds, seeded } }) => {
    const aging = (asOf) => call('/api/reports/ar-aged-trial-balance/run', { Parameters: { AsOfDate: asOf, AgeBy: 'due', PeriodDays: 30 } });
    const agingEnd = await timed(RUNS, () => aging('2026-12-31'));
    const agingMid = await timed(RUNS, () => aging('2026-11-30'));
    const agingRows = (await aging('2026-12-31')).json().TotalCount;

    const db = app.erp.database.db;
    const customers = (await db.selectFrom('ar_items').select('firm_id').distinct().orderBy('firm_id').limit(STATEMENT_CUSTOMERS + 2).execute()).map((r) => r.firm_id);
    const ordinary = customers[1];
    const inquiry = (parameters) => call('/api/reports/ar-account-inquiry/run', { Parameters: parameters });
    const bigInquiry = await timed(RUNS, () => inquiry({ CustomerId: seeded.bigCustomer, Show: 'open' }));
    const bigRows = (await inquiry({ CustomerId: seeded.bigCustomer, Show: 'open' })).json().TotalCount;
    const bigHistory = await timed(RUNS, () => inquiry({ CustomerId: seeded.bigCustomer, Show: 'all' }));
    const bigHistoryRows = (await inquiry({ CustomerId: seeded.bigCustomer, Show: 'all' })).json().TotalCount;
    const ordinaryInquiry = await timed(RUNS, () => inquiry({ CustomerId: ordinary, Show: 'all' }));

    // 1,000 customers after the big one, in one streamed PDF.
    const range = { StatementDate: '2026-12-31', CustomerFrom: customers[1], CustomerTo: customers[STATEMENT_CUSTOMERS] };
    let memory = { before: 0, peak: 0 };
    let bytes = 0;
    let rows = 0;
    let pages = 0;
    const pdf = await timed(Math.max(3, Math.floor(RUNS / 2)), async () => {
      memory = await sampleMemory(async () => {
        const response = await call('/api/reports/ar-account-statement/pdf', { Parameters: range });
        bytes = response.rawPayload.length;
        rows = Number(response.headers['x-total-count']);
        pages = (response.rawPayload.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
      });
    });
    const { before, peak } = memory;
    return { engine, firmSeconds, seeded, agingEnd, agingMid, agingRows, bigInquiry, bigRows, bigHistory, bigHistoryRows, ordinaryInquiry, pdf, bytes, rows, pages, before, peak };
  });
}

const { results, notes } = await eachEngine(ENGINES, benchEngine);

const n = (value) => Number(value).toLocaleString('en-CA');
const rows = [
  ['Generate the firms / the AR items and applications (bulk)', '—', (r) => `${r.firmSeconds.toFixed(1)} s / ${r.seeded.seconds.toFixed(1)} s (${n(r.seeded.items)} items, ${n(r.seeded.applications)} applications)`],
  ['Aged trial balance as of 2026-12-31 (current + 8 periods, by due date)', '≤ 1 s', (r) => `${ms(r.agingEnd)} (${n(r.agingRows)} customers)`],
  ['Aged trial balance as of 2026-11-30 (later applications added back)', '≤ 1 s', (r) => ms(r.agingMid)],
  ['AR account inquiry, first page: customer with 10,000 items, open items', '≤ 50 ms', (r) => `${ms(r.bigInquiry)} (${n(r.bigRows)} rows)`],
  ['AR account inquiry, first page: that customer’s whole history (items and applications)', '≤ 50 ms', (r) => `${ms(r.bigHistory)} (${n(r.bigHistoryRows)} rows)`],
  ['AR account inquiry, first page: an ordinary customer’s history', '≤ 50 ms', (r) => ms(r.ordinaryInquiry)],
  [`Statement PDFs of ${n(STATEMENT_CUSTOMERS)} customers, one streamed file`, 'streamed', (r) => `${ms(r.pdf)} (${n(r.rows)} lines, ${n(r.pages)} pages, ${(r.bytes / 1024).toFixed(0)} kB)`],
  ['Server memory during those statements (RSS before → peak)', 'flat', (r) => `${mb(r.before)} → ${mb(r.peak)}`],
];
const section = `${SECTION}

${measuredWith('bench-ar.mjs')}: ${n(FIRMS)} generated firms and ${n(ITEMS)} generated AR items with
their applications (modules/ar/server/seed-large.ts; subledger only, no GL postings), server time through
\`app.inject\` (no network), medians of ${RUNS} runs after a warm-up. Posting a receipt applied to 200 invoices is
measured by the cash receipts' benchmark. The machine is shared: with a load average well above its 2 cores,
every figure is several times its idle value (compare the load average above with other sections). The whole
history of the customer with 10,000 items is ~19,000 rows (items and applications); its first page reads the
first rows of each part (items, applications to them, from them) in the report's order from the (firm, date)
and (firm, status, date, id) indexes, and the count and totals in one statement from the latter index alone.

${engineTable(results, rows)}
${notes.length ? `\n${notes.join('\n')}\n` : ''}`;

publish(SECTION, section);
