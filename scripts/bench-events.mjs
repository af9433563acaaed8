#!/usr/bin/env node
/**
 * Record events (issue 42): `node --import tsx scripts/bench-events.mjs` (run by `npm run bench -- events`). On
 * SQLite and PostgreSQL in turn, on the demo set-up (no demo ledger) plus BENCH_EVENTS_LINES generated sales order
 * lines, the real server listening on a local port:
 * - BENCH_EVENTS_STREAMS (default 200) event streams opened the way browsers open them (a ticket, then
 *   GET /api/events/stream), all of the administrator: the heap and buffers they take, per stream, and the CPU the
 *   process spends over 10 s with them open and idle;
 * - one run of the orders and invoices queue over up to 1,000 shipped orders while every stream is open: how many
 *   change messages the instance published, how many `records` events each stream received and how many record
 *   changes they carried, and the CPU the run took.
 * The streams' clients run in the same process (node's http client): the CPU figures include reading them.
 * Options (environment): BENCH_EVENTS_STREAMS, BENCH_EVENTS_LINES, BENCH_EVENTS_ENGINES, BENCH_NO_WRITE=1.
 */
import { request } from 'node:http';
import { engineTable, measuredWith, publish, readEventStream } from './bench-common.mjs';
import { eachEngine, withBenchApp } from './bench-app.mjs';

const STREAMS = Number(process.env.BENCH_EVENTS_STREAMS || 200);
const LINES = Number(process.env.BENCH_EVENTS_LINES || 40_000);
const ENGINES = (process.env.BENCH_EVENTS_ENGINES || 'sqlite,postgres').split(',');
const SECTION = '## Events: 200 live browsers, and the invoicing run';
const QUIET_MS = 2000;

const { insertIcStock } = await import('../modules/ic/server/seed-large.ts');
const { insertSalesOrders } = await import('../modules/so/server/seed-large.ts');

/** Opens one stream as a browser does; answers its counters and a close function. */
async function openStream(port, call) {
  const ticket = (await call('/api/events/ticket', {})).json().Data.Ticket;
  const counters = { records: 0, changes: 0, last: Date.now() };
  const socket = await new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: `/api/events/stream?ticket=${ticket}` }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream: ${response.statusCode}`));
      readEventStream(response, (name, data) => {
        if (name !== 'records') return;
        counters.records += 1;
        counters.last = Date.now();
        counters.changes += data.Events.length;
      });
      resolve(req);
    });
    req.on('error', reject);
    req.end();
  });
  return { counters, close: () => socket.destroy() };
}

const cpuMs = (usage) => (usage.user + usage.system) / 1000;

async function benchEngine(engine) {
  const prepare = async (config) => {
    await insertIcStock(config.database, { products: 1000, ledgerRows: 0 });
    return insertSalesOrders(config.database, { lines: LINES });
  };
  return withBenchApp(engine, { prefix: 'erp_bench_events', environment: { DEMO_LEDGER: '0' }, prepare }, async ({ app, call }) => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address();
    const result = { engine, streams: STREAMS };
    global.gc?.();
    const before = process.memoryUsage();
    const streams = [];
    for (let i = 0; i < STREAMS; i++) streams.push(await openStream(port, call));
    global.gc?.();
    const after = process.memoryUsage();
    // The JavaScript heap and the buffers outside it (sockets' kernel buffers are not counted).
    result.heapPerStream = (after.heapUsed + after.external - before.heapUsed - before.external) / STREAMS;
    const idleStart = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    result.idleCpuPerSecond = cpuMs(process.cpuUsage(idleStart)) / 10;

    const today = new Date().toISOString().slice(0, 10);
    const preview = (await call('/api/processes/so-invoice-queue/preview', { Parameters: {} })).json();
    const items = (preview.List ?? []).slice(0, 1000).map((row) => String(row.OrderKey));
    const published = app.erp.events.published;
    const runStart = process.cpuUsage();
    const started = Date.now();
    const run = (await call('/api/processes/so-invoice-queue/run', { Parameters: { InvoiceDate: today }, Items: items })).json();
    const answered = Date.now();
    result.runSeconds = (answered - started) / 1000;
    result.invoiced = (run.List ?? []).filter((item) => item.ResultStatus === 1).length;
    // Every stream has been sent what the run made once none has had anything for QUIET_MS.
    for (;;) {
      const newest = Math.max(answered, ...streams.map((stream) => stream.counters.last));
      if (Date.now() - newest >= QUIET_MS) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    result.runCpuSeconds = cpuMs(process.cpuUsage(runStart)) / 1000 - (QUIET_MS / 1000) * (result.idleCpuPerSecond / 1000);
    result.published = app.erp.events.published - published;
    const sends = streams.map((stream) => stream.counters.records);
    result.sendsMin = Math.min(...sends);
    result.sendsMax = Math.max(...sends);
    result.changes = streams[0].counters.changes;
    for (const stream of streams) stream.close();
    return result;
  });
}

const { results, notes } = await eachEngine(ENGINES, benchEngine);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const rows = [
  ['Memory per open stream (heap and buffers)', '—', (r) => kb(r.heapPerStream)],
  [`CPU with ${STREAMS} idle streams`, '—', (r) => `${r.idleCpuPerSecond.toFixed(1)} ms per second`],
  ['Invoicing run (orders invoiced, time, CPU)', '—', (r) => `${r.invoiced} in ${r.runSeconds.toFixed(1)} s, ${r.runCpuSeconds.toFixed(1)} s CPU`],
  ['Change messages the instance published for the run', 'a handful', (r) => String(r.published)],
  ['`records` events each stream received for the run', 'a handful', (r) => (r.sendsMin === r.sendsMax ? String(r.sendsMin) : `${r.sendsMin}–${r.sendsMax}`)],
  ['Record changes they carried (one stream)', '—', (r) => String(r.changes)],
];
publish(
  SECTION,
  `${SECTION}

${measuredWith('bench-events.mjs')}
${STREAMS} event streams of the administrator opened as browsers open them (a ticket, then the stream) on one
instance, then one run of the orders and invoices queue over up to 1,000 shipped orders (${LINES.toLocaleString('en-CA')}
generated order lines) while they are open. The clients read their streams in the server's process, so the CPU
figures include them. The server publishes at most one change message per 400 ms and sends each stream at most one
\`records\` event per second; more than 50 records of one entity in one event become one entity-wide change.

${engineTable(results, rows)}
${notes.length > 0 ? `\n${notes.join('\n')}\n` : ''}`,
);
