#!/usr/bin/env node
/**
 * Webhooks (issue 72 item 3): `node --import tsx scripts/bench-webhooks.mjs` (run by `npm run bench -- webhooks`). On
 * SQLite and PostgreSQL in turn, on the demo set-up plus BENCH_WEBHOOKS_LINES generated sales order lines, one run of
 * the orders and invoices queue over up to 1,000 shipped orders, twice from the same data: without any webhook
 * subscription, then with one subscribed to every event (`*`) of a local receiver (an HTTP server in this process
 * that verifies every request with `standardwebhooks`). Measured: the run's time both ways (the outbox's cost to
 * the run), and how long after the run's start the last of its webhooks was delivered.
 * Options (environment): BENCH_WEBHOOKS_LINES, BENCH_WEBHOOKS_ENGINES, BENCH_WEBHOOKS_PAIRS (runs each way, default 3),
 * BENCH_NO_WRITE=1.
 */
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { engineTable, measuredWith, publish } from './bench-common.mjs';
import { eachEngine, withBenchApp } from './bench-app.mjs';

const LINES = Number(process.env.BENCH_WEBHOOKS_LINES || 40_000);
const ENGINES = (process.env.BENCH_WEBHOOKS_ENGINES || 'sqlite,postgres').split(',');
const PAIRS = Math.max(1, Number(process.env.BENCH_WEBHOOKS_PAIRS || 3));
const SECTION = '## Webhooks: the invoicing run told to a receiver';

const { insertIcStock } = await import('../modules/ic/server/seed-large.ts');
const { insertSalesOrders } = await import('../modules/so/server/seed-large.ts');

/** A receiver on a free local port: counts the requests and those whose signature verifies. */
async function startReceiver() {
  const counts = { received: 0, verified: 0, ids: new Set() };
  let hook = null;
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      counts.received += 1;
      try {
        hook.verify(body, request.headers);
        counts.verified += 1;
      } catch {
        // counted as received only
      }
      counts.ids.add(request.headers['webhook-id']);
      response.writeHead(204).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/bench`,
    counts,
    secret(value) {
      hook = new Webhook(value);
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const cpuMs = (usage) => (usage.user + usage.system) / 1000;

async function invoicingRun(engine, subscribed) {
  const prepare = async (config) => {
    await insertIcStock(config.database, { products: 1000, ledgerRows: 0 });
    return insertSalesOrders(config.database, { lines: LINES });
  };
  const environment = { DEMO_LEDGER: '0', WEBHOOK_POLL_MS: '200' };
  return withBenchApp(engine, { prefix: 'erp_bench_webhooks', environment, prepare }, async ({ app, call }) => {
    const receiver = await startReceiver();
    try {
      if (subscribed) {
        const made = (await call('/api/data/webhook-subscription', { Url: receiver.url, Events: '*' }, { expected: 201 })).json();
        receiver.secret(made.Data.Secret);
      }
      const today = new Date().toISOString().slice(0, 10);
      const preview = (await call('/api/processes/so-invoice-queue/preview', { Parameters: {} })).json();
      const items = (preview.List ?? []).slice(0, 1000).map((row) => String(row.OrderKey));
      const cpu = process.cpuUsage();
      const started = Date.now();
      const run = (await call('/api/processes/so-invoice-queue/run', { Parameters: { InvoiceDate: today }, Items: items })).json();
      const result = { runSeconds: (Date.now() - started) / 1000, runCpuSeconds: cpuMs(process.cpuUsage(cpu)) / 1000 };
      result.invoiced = (run.List ?? []).filter((item) => item.ResultStatus === 1).length;
      if (!subscribed) return result;
      const db = app.erp.database.db;
      const pending = async () => Number((await db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll().as('n')).where('status', '=', 'Pending').executeTakeFirst()).n);
      while ((await pending()) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      result.deliveredSeconds = (Date.now() - started) / 1000;
      const byStatus = await db.selectFrom('webhook_deliveries').select(['status', (eb) => eb.fn.countAll().as('n')]).groupBy('status').execute();
      result.deliveries = Object.fromEntries(byStatus.map((row) => [row.status, Number(row.n)]));
      result.received = receiver.counts.received;
      result.verified = receiver.counts.verified;
      result.messages = receiver.counts.ids.size;
      return result;
    } finally {
      await receiver.close();
    }
  });
}

/** The run with the median of `key` among `runs`. */
const median = (runs, key) => [...runs].sort((a, b) => a[key] - b[key])[Math.floor(runs.length / 2)];

/**
 * PAIRS runs each way, alternating which goes first (the first run of a process pays its warm-up), compared by their
 * medians: one pair's difference was within the noise of the effect measured.
 */
async function benchEngine(engine) {
  const without = [];
  const withHooks = [];
  for (let pair = 0; pair < PAIRS; pair += 1) {
    if (pair % 2 === 0) {
      without.push(await invoicingRun(engine, false));
      withHooks.push(await invoicingRun(engine, true));
    } else {
      withHooks.push(await invoicingRun(engine, true));
      without.push(await invoicingRun(engine, false));
    }
  }
  const plain = median(without, 'runSeconds');
  const subscribed = median(withHooks, 'runSeconds');
  const last = median(withHooks, 'deliveredSeconds');
  return { engine, without: plain, with: { ...subscribed, deliveredSeconds: last.deliveredSeconds, lagSeconds: last.deliveredSeconds - last.runSeconds }, cost: subscribed.runSeconds / plain.runSeconds - 1 };
}

const { results, notes } = await eachEngine(ENGINES, benchEngine);
const pct = (value) => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)} %`;
const rows = [
  ['Invoicing run without a subscription (orders, time, CPU)', '—', (r) => `${r.without.invoiced} in ${r.without.runSeconds.toFixed(1)} s, ${r.without.runCpuSeconds.toFixed(1)} s CPU`],
  ['The same run subscribed to every event', '—', (r) => `${r.with.invoiced} in ${r.with.runSeconds.toFixed(1)} s, ${r.with.runCpuSeconds.toFixed(1)} s CPU`],
  ["The outbox's cost to the run", '≤ 10 %', (r) => pct(r.cost)],
  ['Webhooks of the run (deliveries written, messages the receiver verified)', '—', (r) => `${r.with.deliveries.Delivered ?? 0} delivered${r.with.deliveries.Failed ? `, ${r.with.deliveries.Failed} failed` : ''}; ${r.with.verified} of ${r.with.received} requests verified, ${r.with.messages} messages`],
  ['Last webhook delivered, from the run’s start', '≤ 10 s', (r) => `${r.with.deliveredSeconds.toFixed(1)} s`],
  ['… from the run’s end (the outbox is written in the run’s transaction: nothing is sent before it commits)', '—', (r) => `${r.with.lagSeconds.toFixed(1)} s`],
];
publish(
  SECTION,
  `${SECTION}

${measuredWith('bench-webhooks.mjs')}
Runs of the orders and invoices queue over up to 1,000 shipped orders (${LINES.toLocaleString('en-CA')} generated
order lines), each from the same data: ${PAIRS} without a webhook subscription and ${PAIRS} with one subscribed to every event
(\`*\`: the orders' changes and state changes, the invoices, their lines' stock and ledger records) of a receiver in
the benchmark's process that verifies every request with \`standardwebhooks\` (its CPU is in the figures). The
worker sends 32 at a time per instance and records a batch's results in one transaction; a record's deliveries go
one after another. Each figure is the median of its ${PAIRS} runs (the two ways alternate which runs first).

${engineTable(results, rows)}
${notes.length > 0 ? `\n${notes.join('\n')}\n` : ''}`,
);
