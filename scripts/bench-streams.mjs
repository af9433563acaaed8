#!/usr/bin/env node
/**
 * Open event streams on one instance (issue 74: "10,000 open event streams on one instance within 1 GiB"):
 * `node --import tsx scripts/bench-streams.mjs` (run by `npm run bench -- streams`).
 * The real server (`server/src/main.ts`) on a fresh PostgreSQL database (the demo set-up, 200 generated firms, no
 * demo ledger), the per-user stream cap raised to the count (EVENT_STREAMS_PER_USER) because every stream is the
 * demo administrator's. BENCH_STREAMS (default 10,000) streams are opened as the shell opens them — a ticket
 * (POST /api/events/ticket with the bearer token), then GET /api/events/stream?ticket= — BENCH_STREAMS_PARALLEL
 * (default 50) at a time, by node's http client in this process (each its own socket).
 * Measured: the server process's resident memory (VmRSS, /proc) and V8 heap used after a full collection (read
 * through the inspector: the server runs with --inspect on a loopback port), before and with every stream open;
 * the difference per stream; then one firm written through the API and how many streams received the `records`
 * event naming it, and how long the last one took. Writes "## Event streams on one instance (issue 74)" of
 * BENCHMARKS.md (BENCH_NO_WRITE=1 prints only); BENCH_STREAMS_ENTRY: another path to the server's main module
 * (bench-common.mjs `startServerProcess`). Needs `ulimit -n` above twice the count (client and server
 * sockets on one machine).
 */
import { request, Agent } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { loadSummary, machine, mb, pgAdmin, pgReachable, PG_URL, publish, readEventStream, startServerProcess, waitForServer } from './bench-common.mjs';

const { exited, httpSignIn } = await import('../server/test/helpers/http.ts');

const STREAMS = Number(process.env.BENCH_STREAMS || 10_000);
const PARALLEL = Number(process.env.BENCH_STREAMS_PARALLEL || 50);
const PORT = Number(process.env.BENCH_STREAMS_PORT || 19560);
const INSPECT_PORT = PORT + 1;
const DELIVERY_TIMEOUT_MS = 60_000;
const HEADING = '## Event streams on one instance (issue 74)';

/** The process's resident set (bytes), from /proc. */
function rssOf(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : NaN;
}

/** The server's V8 heap after a full collection, through its inspector (Chrome DevTools protocol over WebSocket). */
async function heapOf() {
  const targets = await (await fetch(`http://127.0.0.1:${INSPECT_PORT}/json/list`)).json();
  const socket = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let next = 0;
  const waiting = new Map();
  socket.onmessage = (message) => {
    const answer = JSON.parse(String(message.data));
    waiting.get(answer.id)?.(answer);
    waiting.delete(answer.id);
  };
  const call = (method, params = {}) =>
    new Promise((resolve) => {
      const id = ++next;
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    const answer = await call('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true });
    return JSON.parse(answer.result.result.value);
  } finally {
    socket.close();
  }
}

/** Opens one stream; answers it once ready: `received` collects the records its events named. */
function openStream(agent, ticket) {
  return new Promise((resolve, reject) => {
    const names = [];
    const req = request({ host: '127.0.0.1', port: PORT, path: `/api/events/stream?ticket=${ticket}`, agent }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        return reject(new Error(`stream: ${response.statusCode}`));
      }
      readEventStream(response, (name, data) => {
        if (name === 'ready') resolve(stream);
        if (name === 'records') for (const event of data.Events) names.push({ entity: event.Entity, id: event.Id, at: performance.now() });
      });
    });
    const stream = { received: names, closed: false, close: () => req.destroy() };
    req.on('close', () => {
      stream.closed = true;
      reject(new Error('stream closed before ready'));
    });
    req.on('error', reject);
    req.end();
  });
}

async function run() {
  const database = `streams_${Date.now().toString(36)}`;
  const url = new URL(PG_URL);
  url.pathname = `/${database}`;
  const dataDir = mkdtempSync(join(os.tmpdir(), 'erp-bench-streams-'));
  const environment = {
    HOST: '127.0.0.1',
    DATABASE_URL: url.toString(),
    DEMO_FIRMS: '200',
    DEMO_LEDGER: '0',
    EVENT_STREAMS_PER_USER: String(STREAMS),
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --inspect=127.0.0.1:${INSPECT_PORT}`.trim(),
  };
  console.log(`bench streams: starting the server on PostgreSQL (${database})`);
  const child = await startServerProcess(PORT, dataDir, environment, process.env.BENCH_STREAMS_ENTRY);
  const base = `http://127.0.0.1:${PORT}`;
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const streams = [];
  try {
    await waitForServer(`${base}/health`, 600_000);
    const signIn = () => httpSignIn(base, `http://localhost:${PORT}`, 'admin', 'admin');
    let token = await signIn();
    const api = async (path, body, again = true) => {
      const response = await fetch(`${base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      // Opening thousands of streams on a busy machine can outlast the access token: signed in again.
      if (response.status === 401 && again) {
        await response.text();
        token = await signIn();
        return api(path, body, false);
      }
      if (response.status >= 300) throw new Error(`${path}: ${response.status} ${(await response.text()).slice(0, 300)}`);
      return response.json();
    };
    // Warm the paths (JIT, caches, pools) with a few streams before the baseline.
    for (let i = 0; i < 20; i++) streams.push(await openStream(agent, (await api('/api/events/ticket', {})).Data.Ticket));
    for (const stream of streams.splice(0)) stream.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = { rss: rssOf(child.pid), ...(await heapOf()) };
    console.log(`bench streams: before: RSS ${mb(before.rss)}, heap used ${mb(before.heapUsed)}`);
    const started = performance.now();
    let opened = 0;
    /** Streams that could not be opened, and the first reason (printed at once: the run goes on without them). */
    const failed = { count: 0, first: null };
    const worker = async () => {
      while (opened < STREAMS) {
        opened += 1;
        try {
          const ticket = (await api('/api/events/ticket', {})).Data.Ticket;
          streams.push(await openStream(agent, ticket));
        } catch (error) {
          if (failed.count++ === 0) console.error(`bench streams: a stream could not be opened after ${streams.length}: ${error.message}`);
          continue;
        }
        if (streams.length % 1000 === 0) console.log(`bench streams: ${streams.length} opened (${streams.filter((one) => one.closed).length} since closed), RSS ${mb(rssOf(child.pid))}`);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    const openSeconds = (performance.now() - started) / 1000;
    if (failed.count > 0) console.error(`bench streams: ${failed.count} streams could not be opened`);
    const open = { rss: rssOf(child.pid), ...(await heapOf()) };
    console.log(`bench streams: ${streams.length} open in ${openSeconds.toFixed(1)} s: RSS ${mb(open.rss)}, heap used ${mb(open.heapUsed)}`);
    // One change, and every stream told of it.
    const firmId = `STR${Date.now().toString(36).toUpperCase()}`;
    const written = performance.now();
    await api('/api/data/firm', { FirmId: firmId, Name: 'Stream firm', FirmTypes: ['bill-to'], ProvinceCode: 'ON' });
    const told = () => streams.filter((stream) => stream.received.some((event) => event.entity === 'firm' && (event.id === firmId || event.id === null)));
    const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
    while (told().length < streams.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const reached = told();
    const times = reached.map((stream) => stream.received.find((event) => event.entity === 'firm').at - written).sort((a, b) => a - b);
    const delivery = { reached: reached.length, median: times[Math.floor(times.length / 2)] ?? NaN, last: times.at(-1) ?? NaN };
    const after = { rss: rssOf(child.pid) };
    console.log(`bench streams: the firm reached ${delivery.reached} of ${streams.length} streams, median ${delivery.median.toFixed(0)} ms, last ${delivery.last.toFixed(0)} ms; RSS after ${mb(after.rss)}`);
    return { count: streams.length, failed: failed.count, openSeconds, before, open, delivery, after };
  } finally {
    for (const stream of streams) stream.close();
    child.kill('SIGTERM');
    // A server that does not end in 30 s is ended (the run's figures are taken).
    const stop = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited(child);
    clearTimeout(stop);
    rmSync(dataDir, { recursive: true, force: true });
    await pgAdmin(`drop database if exists "${database}" with (force)`).catch(() => undefined);
  }
}

if (!(await pgReachable())) {
  console.log(`bench streams: PostgreSQL at ${PG_URL} could not be reached: not measured.`);
  process.exit(0);
}
const loadAtStart = loadSummary(' / ');
const r = await run();
const perStream = (field) => `${((r.open[field] - r.before[field]) / r.count / 1024).toFixed(1)} KB`;
const lines = [
  HEADING,
  '',
  `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()} (load average at the start ${loadAtStart}), with \`scripts/bench-streams.mjs\`: the real server on a fresh PostgreSQL database, ${r.count.toLocaleString('en-CA')} event streams of the demo administrator opened as the shell opens them (a ticket, then the stream), ${PARALLEL} at a time, by one client process on the same machine. Memory read from /proc (resident) and through the inspector after a full collection (heap). The target: ${STREAMS.toLocaleString('en-CA')} streams within 1 GiB; streams refused while opening (a ticket that outlived its 30 s on the busy machine) are said below.`,
  '',
  '| measure | before | with the streams open | per stream |',
  '|---|---:|---:|---:|',
  `| resident memory (RSS) | ${mb(r.before.rss)} | ${mb(r.open.rss)} | ${perStream('rss')} |`,
  `| V8 heap used | ${mb(r.before.heapUsed)} | ${mb(r.open.heapUsed)} | ${perStream('heapUsed')} |`,
  `| external + array buffers | ${mb(r.before.external + r.before.arrayBuffers)} | ${mb(r.open.external + r.open.arrayBuffers)} | — |`,
  '',
  `Opening them took ${r.openSeconds.toFixed(1)} s${r.failed > 0 ? ` (${r.failed} could not be opened)` : ''}. One firm written through the API then reached ${r.delivery.reached} of ${r.count.toLocaleString('en-CA')} streams (median ${r.delivery.median.toFixed(0)} ms, last ${r.delivery.last.toFixed(0)} ms from the write's request; a stream is sent at most one \`records\` event a second); resident memory after the fan-out ${mb(r.after.rss)}.`,
];
publish(HEADING, lines.join('\n'));
