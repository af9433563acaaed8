#!/usr/bin/env node
/**
 * Accounts Payable benchmark (issue 24 "Performance"): `node --import tsx --expose-gc scripts/bench-ap.mjs` (run
 * by `npm run bench`). On SQLite and on PostgreSQL side by side:
 *
 * 1. Builds the real app (server/src/app.ts) on a fresh database, writes BENCH_AP_FIRMS (default 20,000)
 *    generated firms (server/src/seed/demo-firms.ts: about 10 % are vendors) and BENCH_AP_ITEMS (default 500,000)
 *    A/P documents — vendor invoices and the cheques that paid 90 % of them, with their A/P items and
 *    applications (modules/ap/server/seed-large.ts, the `seed:large --ap` generator) over 2025–2026.
 * 2. Builds the app again and calls its routes in-process (`app.inject`: server time, no network) as the demo
 *    administrator:
 *    - the AP aged trial balance as of 2026-12-31 and as of 2026-11-30 (a month of later payments added back) —
 *      ≤ 1 s; and, for information, as of 2026-06-30 (six months of them: the work grows with them);
 *    - the payments queue (`select` of an Open run: every Posted invoice due by the pay-through date, the
 *      discount available) with the pay-through date at which 5,000 invoices are due — ≤ 500 ms;
 *    - a payment run of 1,000 cheques (one open invoice of each of 1,000 vendors), approved, then `print`:
 *      1,000 cheques numbered, posted (Dr A/P / Cr bank) and applied — ≤ 2 s (run once: it pays them);
 *    - those 1,000 cheques as one streamed PDF, with the process's resident memory sampled every 20 ms (flat:
 *      the peak stays near the start).
 *    The reports are medians of BENCH_AP_RUNS (default 7) runs after a warm-up.
 * 3. Replaces the "## Accounts Payable: …" section of BENCHMARKS.md (date, machine, load, both engines).
 *
 * Options (environment): BENCH_AP_FIRMS, BENCH_AP_ITEMS, BENCH_AP_RUNS, BENCH_AP_ENGINES (default
 * "sqlite,postgres"; PostgreSQL is skipped with a note when TEST_PG_URL cannot be reached), BENCH_NO_WRITE=1.
 */
import { engineOptions, engineTable, mb, measuredWith, ms, publish, sampleMemory } from './bench-common.mjs';
import { eachEngine, timed, withBenchApp } from './bench-app.mjs';

const FIRMS = Number(process.env.BENCH_AP_FIRMS || 20_000);
const ITEMS = Number(process.env.BENCH_AP_ITEMS || 500_000);
const QUEUE = 5000;
const CHEQUES = 1000;
const { runs: RUNS, engines: ENGINES } = engineOptions('AP');
const SECTION = '## Accounts Payable: 500,000 A/P documents';
const PAYMENT_DATE = '2026-12-31';

const { insertFirms } = await import('../server/src/seed/demo-firms.ts');
const { insertAp } = await import('../modules/ap/server/seed-large.ts');

async function benchEngine(engine) {
  const seed = (app) => insertFirms(app.erp.database.db, 1, FIRMS);
  const prepare = async (config, { seconds: firmSeconds }) => {
    const seeded = await insertAp(config.database, { items: ITEMS });
    console.log(`${engine}: ${FIRMS} firms in ${firmSeconds.toFixed(1)} s; ${seeded.items} A/P items (${seeded.invoices} invoices, ${seeded.cheques} cheques) for ${seeded.vendors} vendors in ${seeded.seconds.toFixed(1)} s`);
    return { firmSeconds, seeded };
  };
  return withBenchApp(engine, { prefix: 'erp_bench_ap', environment: { DEMO_LEDGER: '0' }, seed, prepare }, async ({ app, call, prepared: { firmSeconds, seeded } }) => {
    const db = app.erp.database.db;
    const aging = (asOf) => call('/api/reports/ap-aged-trial-balance/run', { Parameters: { AsOfDate: asOf, AgeBy: 'due', PeriodDays: 30 } });
    const agingEnd = await timed(RUNS, () => aging('2026-12-31'));
    const agingMonth = await timed(RUNS, () => aging('2026-11-30'));
    const agingMid = await timed(RUNS, () => aging('2026-06-30'));
    const agingRows = (await aging('2026-12-31')).json().TotalCount;

    // The pay-through date by which QUEUE invoices are due (the QUEUE-th open invoice's due date).
    const nth = await db
      .selectFrom('ap_items')
      .select('due_date')
      .where('origin_type', '=', 'ap-invoice')
      .where('status', '=', 'Open')
      .orderBy('due_date')
      .orderBy('item_id')
      .offset(QUEUE - 1)
      .limit(1)
      .executeTakeFirst();
    const payThrough = nth?.due_date ?? '2026-12-31';
    // Each run selects into a new Open run; the previous one is deleted first (an Open run holds its invoices).
    let queued = 0;
    let previous = null;
    const queue = await timed(
      RUNS,
      async (run) => {
        const response = await call(`/api/data/ap-payment-batch/${run.BatchId}/actions/select`, { Version: run.Version });
        previous = response.json().Data;
        queued = previous.Lines.length;
      },
      async () => {
        if (previous) await call(`/api/data/ap-payment-batch/${previous.BatchId}?Version=${previous.Version}`, undefined, { method: 'DELETE', expected: 200 });
        return (await call('/api/data/ap-payment-batch', { BankAccountId: 'OPERATING', PaymentMethod: 'Cheque', PayThroughDate: payThrough, PaymentDate: PAYMENT_DATE, Lines: [] }, { expected: 201 })).json().Data;
      },
    );
    await call(`/api/data/ap-payment-batch/${previous.BatchId}?Version=${previous.Version}`, undefined, { method: 'DELETE', expected: 200 });

    // One open invoice of each of CHEQUES vendors (the earliest due), in one run.
    const open = await db
      .selectFrom('ap_items')
      .select(['firm_id', (eb) => eb.fn.min('origin_id').as('invoice')])
      .where('origin_type', '=', 'ap-invoice')
      .where('status', '=', 'Open')
      .groupBy('firm_id')
      .orderBy('firm_id')
      .limit(CHEQUES)
      .execute();
    const invoiceIds = open.map((row) => Number(row.invoice));
    const balances = await db.selectFrom('ap_items').select(['origin_id', 'open_balance']).where('origin_type', '=', 'ap-invoice').where('origin_id', 'in', invoiceIds.map(String)).execute();
    const { decimalFromDb, engineOf } = await import('../server/src/db/decimal-codec.ts');
    const lines = balances.map((row) => ({ InvoiceId: Number(row.origin_id), Payment: decimalFromDb(engineOf(db), row.open_balance, 2) }));
    let run = (await call('/api/data/ap-payment-batch', { BankAccountId: 'OPERATING', PaymentMethod: 'Cheque', PayThroughDate: PAYMENT_DATE, PaymentDate: PAYMENT_DATE, Lines: lines }, { expected: 201 })).json().Data;
    run = (await call(`/api/data/ap-payment-batch/${run.BatchId}/actions/approve`, { Version: run.Version })).json().Data;
    const started = performance.now();
    run = (await call(`/api/data/ap-payment-batch/${run.BatchId}/actions/print`, { Version: run.Version })).json().Data;
    const printSeconds = (performance.now() - started) / 1000;
    const cheques = run.LastChequeNo - run.FirstChequeNo + 1;

    let memory = { before: 0, peak: 0 };
    let bytes = 0;
    let pages = 0;
    const pdf = await timed(3, async () => {
      memory = await sampleMemory(async () => {
        const response = await call(`/api/ap/ap-payment-batch/${run.BatchId}/cheques`, undefined, { method: 'GET' });
        bytes = response.rawPayload.length;
        pages = (response.rawPayload.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
      });
    });
    return { engine, firmSeconds, seeded, agingEnd, agingMid, agingRows, agingMonth, payThrough, queue, queued, printSeconds, cheques, pdf, bytes, pages, ...memory };
  });
}

const { results, notes } = await eachEngine(ENGINES, benchEngine);

const n = (value) => Number(value).toLocaleString('en-CA');
const rows = [
  ['Generate the firms / the A/P documents, items and applications (bulk)', '—', (r) => `${r.firmSeconds.toFixed(1)} s / ${r.seeded.seconds.toFixed(1)} s (${n(r.seeded.invoices)} invoices, ${n(r.seeded.cheques)} cheques, ${n(r.seeded.vendors)} vendors)`],
  ['AP aged trial balance as of 2026-12-31', '≤ 1 s', (r) => `${ms(r.agingEnd)} (${n(r.agingRows)} vendors)`],
  ['AP aged trial balance as of 2026-11-30 (a month of later payments added back)', '≤ 1 s', (r) => ms(r.agingMonth)],
  ['AP aged trial balance as of 2026-06-30 (six months of later payments added back)', '—', (r) => ms(r.agingMid)],
  [`Payments queue: ${n(QUEUE)} due invoices selected into a run`, '≤ 500 ms', (r) => `${ms(r.queue)} (${n(r.queued)} lines, due by ${r.payThrough})`],
  [`Payment run of ${n(CHEQUES)} cheques printed and posted`, '≤ 2 s', (r) => `${r.printSeconds.toFixed(2)} s (${n(r.cheques)} cheques)`],
  [`Their cheques as one streamed PDF`, 'streamed', (r) => `${ms(r.pdf)} (${n(r.pages)} pages, ${(r.bytes / 1024).toFixed(0)} kB)`],
  ['Server memory during that PDF (RSS before → peak)', 'flat', (r) => `${mb(r.before)} → ${mb(r.peak)}`],
];
const section = `${SECTION}

${measuredWith('bench-ap.mjs')}: ${n(FIRMS)} generated firms and ${n(ITEMS)} generated A/P items — vendor
invoices (ap_invoices) and the cheques that paid 90 % of them (ap_cheques), with their A/P items and
applications (modules/ap/server/seed-large.ts, \`seed:large --ap\`; no G/L postings) — server time through
\`app.inject\` (no network); the reports and the queue are medians of ${RUNS} runs after a warm-up (each queue run
selects into a new Open run), the payment run is measured once (it pays the invoices), the PDF is the median of 3.
The machine is shared: with a load average well above its 2 cores, every figure is several times its idle value.

${engineTable(results, rows)}
${notes.length ? `\n${notes.join('\n')}\n` : ''}`;

publish(SECTION, section);
