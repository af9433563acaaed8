#!/usr/bin/env node
/**
 * The cost of the exactly-once guarantee (issue 39): `node --import tsx scripts/bench-exactly-once.mjs` (run by
 * `npm run bench -- exactly-once`). On SQLite and PostgreSQL side by side, on the demo set-up (no demo ledger),
 * through `app.inject` (server time, no network), the median of BENCH_EO_RUNS (default 200) after a warm-up:
 * - a scope lock taken and released with nothing inside (`withScopeLock`: what every process run adds);
 * - a document action (a draft journal entry posted) without and with an `Idempotency-Key` (what a key adds:
 *   its claim before, its answer kept after);
 * - a process run of one item (`gl-post-drafts`) without and with `Seen` (the preview's digest checked).
 * The pay run and invoicing figures before and after the guarantee are in BENCHMARKS.md beside this section
 * (the `pr` and `so` sections, measured on both commits alternately).
 */
import { engineOptions, engineTable, measuredWith, median, ms, publish } from './bench-common.mjs';
import { eachEngine, timed, withBenchApp } from './bench-app.mjs';

const { runs: RUNS, engines: ENGINES } = engineOptions('EO', { runs: 200 });
const SECTION = '## Exactly once: what the guarantee costs';
const DATE = '2026-11-02';

const { withScopeLock } = await import('../server/src/exactly-once/scope-lock.ts');


async function benchEngine(engine) {
  return withBenchApp(engine, { prefix: 'erp_bench_eo', environment: { DEMO_LEDGER: '0' } }, async ({ app, bearer, call }) => {
    for (const account of [
      { AccountId: '93800', Description: 'Bench bank', AccountType: 'asset' },
      { AccountId: '93900', Description: 'Bench expense', AccountType: 'expense' },
    ]) {
      await call('/api/data/gl-account', account, { expected: 201 });
    }
    const draft = async () =>
      (
        await call(
          '/api/data/gl-journal-entry',
          { EntryDate: DATE, Description: 'Bench', Lines: [{ AccountId: '93900', Debit: '1.00' }, { AccountId: '93800', Credit: '1.00' }] },
          { expected: 201 },
        )
      ).json().Data;
    const db = app.erp.database.db;
    const measure = (action, before) => timed(RUNS, action, before);
    const result = { engine };
    result.lock = await measure(() => withScopeLock(db, 'bench:scope', 'admin', async () => undefined));
    let n = 0;
    const post = (key) => async (entry) => {
      const response = await app.inject({
        method: 'POST',
        url: `/api/data/gl-journal-entry/${entry.EntryId}/actions/post`,
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', ...(key ? { 'idempotency-key': `bench-${engine}-${n++}` } : {}) },
        payload: JSON.stringify({ Version: entry.Version }),
      });
      if (response.statusCode !== 200) throw new Error(response.body.slice(0, 300));
    };
    result.action = await measure(post(false), draft);
    result.actionKeyed = await measure(post(true), draft);
    const parameters = { StartDate: DATE, EndDate: DATE };
    const runOne = (seen) => async (entry) => {
      const preview = (await call('/api/processes/gl-post-drafts/preview', { Parameters: parameters })).json();
      const body = { Parameters: parameters, Items: [entry.EntryId], ...(seen ? { Seen: { [entry.EntryId]: preview.Seen[entry.EntryId] } } : {}) };
      const start = performance.now();
      await call('/api/processes/gl-post-drafts/run', body);
      return performance.now() - start;
    };
    const runTimes = async (seen) => {
      await runOne(seen)(await draft());
      const times = [];
      for (let i = 0; i < Math.min(RUNS, 50); i++) times.push(await runOne(seen)(await draft()));
      return median(times);
    };
    result.process = await runTimes(false);
    result.processSeen = await runTimes(true);
    return result;
  });
}

const { results, notes } = await eachEngine(ENGINES, benchEngine);
const text = [
  SECTION,
  '',
  `${measuredWith('bench-exactly-once.mjs')}: the demo set-up, server time through \`app.inject\`, the median of ${RUNS} calls (50 for the process runs) after a warm-up.`,
  '',
  engineTable(results, [
    ['A scope lock taken and released (every process run)', '—', (r) => ms(r.lock)],
    ['Post a draft journal entry (document action)', '—', (r) => ms(r.action)],
    ['… the same with an Idempotency-Key (claimed, answer kept)', '—', (r) => ms(r.actionKeyed)],
    ['Run gl-post-drafts on one entry (scope lock included)', '—', (r) => ms(r.process)],
    ['… the same with Seen (the preview digest checked)', '—', (r) => ms(r.processSeen)],
  ]),
  ...notes.map((note) => `\n${note}`),
  '',
].join('\n');
publish(SECTION, text);
