#!/usr/bin/env node
/**
 * Payroll benchmark (issue 29 "Performance"): `node --import tsx --expose-gc scripts/bench-pr.mjs` (run by
 * `npm run bench`). On SQLite and on PostgreSQL side by side:
 *
 * 1. Builds the real app (server/src/app.ts) on a fresh database (the demo chart, banks and payroll set-up, no
 *    demo ledger), then writes BENCH_PR_EMPLOYEES (default 2,000) generated employees with a year of bi-weekly
 *    pay cheques before 2026-12-18 and one Entered transaction each for that pay date
 *    (modules/pr/server/seed-large.ts, the `seed:large --pr` generator).
 * 2. Builds the app again and calls its routes in-process (`app.inject`: server time, no network) as the demo
 *    administrator, with the process's resident memory sampled every 20 ms throughout:
 *    - the bi-weekly pay run of 2026-12-18 for every employee — cheque preparation (`All`: every deduction from
 *      the tables and the year to date), payment processing (`All`: cheques numbered, one CPA-005 deposit file),
 *      journal posting (one journal through the GL posting service), the cheques as one streamed PDF and the
 *      deposit file — ≤ 10 s in all, flat memory (run once: it pays them);
 *    - the T4 slips of 2026 for every employee as one streamed PDF — ≤ 10 s (median of BENCH_PR_RUNS, default 3,
 *      after a warm-up), flat memory.
 * 3. Replaces the "## Payroll: …" section of BENCHMARKS.md (date, machine, load, both engines).
 *
 * Options (environment): BENCH_PR_EMPLOYEES, BENCH_PR_RUNS, BENCH_PR_ENGINES (default "sqlite,postgres";
 * PostgreSQL is skipped with a note when TEST_PG_URL cannot be reached), BENCH_NO_WRITE=1.
 */
import { engineOptions, engineTable, mb, measuredWith, ms, publish, sampleMemory } from './bench-common.mjs';
import { eachEngine, timed, withBenchApp } from './bench-app.mjs';

const EMPLOYEES = Number(process.env.BENCH_PR_EMPLOYEES || 2000);
const { runs: RUNS, engines: ENGINES } = engineOptions('PR', { runs: 3 });
const SECTION = '## Payroll: a bi-weekly pay run and the T4s of 2,000 employees';
const PAY_DATE = '2026-12-18';

const { insertPayroll } = await import('../modules/pr/server/seed-large.ts');

async function benchEngine(engine) {
  const prepare = async (config, { seconds: setupSeconds }) => {
    const seeded = await insertPayroll(config.database, { employees: EMPLOYEES, payDate: PAY_DATE });
    console.log(`${engine}: ${seeded.employees} employees, ${seeded.cheques} cheques of the year, ${seeded.transactions} transactions in ${seeded.seconds.toFixed(1)} s`);
    return { setupSeconds, seeded };
  };
  return withBenchApp(engine, { prefix: 'erp_bench_pr', environment: { DEMO_LEDGER: '0' }, prepare }, async ({ call, prepared: { seeded } }) => {
    const step = {};
    const measure = async (name, action) => {
      const started = performance.now();
      const answer = await action();
      step[name] = performance.now() - started;
      return answer;
    };
    let prepared = 0;
    let paid = 0;
    let journals = 0;
    let pdfBytes = 0;
    let pdfPages = 0;
    let depositLines = 0;
    const run = await sampleMemory(async () => {
      const preparation = await measure('prepare', () => call('/api/processes/pr-cheque-preparation/run', { Parameters: { PayDate: PAY_DATE }, All: true }));
      prepared = preparation.json().List.filter((item) => item.ResultStatus === 1).length;
      const payment = await measure('pay', () => call('/api/processes/pr-payment-processing/run', { Parameters: { PayDate: PAY_DATE, BankAccountId: 'OPERATING', FirstChequeNo: 500001 }, All: true }));
      paid = payment.json().List.filter((item) => item.ResultStatus === 1).length;
      const posting = await measure('post', () => call('/api/processes/pr-journal-posting/run', { Parameters: { PayDateTo: PAY_DATE }, Items: [PAY_DATE] }));
      journals = posting.json().List.filter((item) => item.ResultStatus === 1).length;
      const pdf = await measure('cheques', () => call(`/api/pr/cheques?PayDate=${PAY_DATE}`, undefined, { method: 'GET' }));
      pdfBytes = pdf.rawPayload.length;
      pdfPages = (pdf.rawPayload.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
      const file = await measure('deposit', () => call(`/api/pr/deposit-file?PayDate=${PAY_DATE}`, undefined, { method: 'GET' }));
      depositLines = file.body.split('\n').filter(Boolean).length;
    });
    const total = Object.values(step).reduce((a, b) => a + b, 0);

    let t4Bytes = 0;
    let t4Pages = 0;
    let t4Memory = { before: 0, peak: 0 };
    const t4 = await timed(RUNS, async () => {
      t4Memory = await sampleMemory(async () => {
        const response = await call('/api/reports/pr-t4-slips/pdf', { Parameters: { Year: 2026 } });
        t4Bytes = response.rawPayload.length;
        t4Pages = (response.rawPayload.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
      });
    });
    return { engine, seeded, step, total, prepared, paid, journals, pdfBytes, pdfPages, depositLines, before: run.before, peak: run.peak, t4, t4Bytes, t4Pages, t4Memory };
  });
}

const { results, notes } = await eachEngine(ENGINES, benchEngine);

const n = (value) => Number(value).toLocaleString('en-CA');
const rows = [
  ['Generate the employees, their year of cheques and the pay date’s transactions (seed)', '—', (r) => `${r.seeded.seconds.toFixed(1)} s (${n(r.seeded.employees)} employees, ${n(r.seeded.cheques)} cheques)`],
  ['Cheque preparation (every deduction, the year to date)', '—', (r) => `${ms(r.step.prepare)} (${n(r.prepared)} cheques)`],
  ['Payment processing (cheques numbered, one CPA-005 file)', '—', (r) => `${ms(r.step.pay)} (${n(r.paid)} paid)`],
  ['Journal posting (one journal through the posting service)', '—', (r) => `${ms(r.step.post)} (${n(r.journals)} journal)`],
  ['The cheques as one streamed PDF', '—', (r) => `${ms(r.step.cheques)} (${n(r.pdfPages)} pages, ${(r.pdfBytes / 1024).toFixed(0)} kB)`],
  ['The deposit file', '—', (r) => `${ms(r.step.deposit)} (${n(r.depositLines)} records)`],
  [`**Pay run of ${n(EMPLOYEES)} employees: computed, posted, cheques and deposit file written**`, '≤ 10 s', (r) => `**${(r.total / 1000).toFixed(2)} s**`],
  ['Server memory during the pay run (RSS before → peak)', 'flat', (r) => `${mb(r.before)} → ${mb(r.peak)}`],
  [`**T4 slips of ${n(EMPLOYEES)} employees as one streamed PDF**`, '≤ 10 s', (r) => `**${(r.t4 / 1000).toFixed(2)} s** (${n(r.t4Pages)} pages, ${(r.t4Bytes / 1024).toFixed(0)} kB)`],
  ['Server memory during the T4s (RSS before → peak)', 'flat', (r) => `${mb(r.t4Memory.before)} → ${mb(r.t4Memory.peak)}`],
];
const section = `${SECTION}

${measuredWith('bench-pr.mjs')}: ${n(EMPLOYEES)} generated employees over every province and territory (4 in 5 paid
by direct deposit) with a year of bi-weekly pay cheques before ${PAY_DATE} and one Entered transaction each for it
(modules/pr/server/seed-large.ts, \`seed:large --pr\`; the generated year has no G/L postings) — server time
through \`app.inject\` (no network). The pay run is measured once (it pays and posts); the T4s are the median of
${RUNS} runs after a warm-up. The machine is shared: with a load average above its 2 cores, every figure is
several times its idle value.

${engineTable(results, rows)}
${notes.length ? `\n${notes.join('\n')}\n` : ''}`;

publish(SECTION, section);
