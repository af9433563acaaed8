#!/usr/bin/env node
/**
 * Capacity (issue 74): `node --import tsx scripts/bench-capacity.mjs` (run by `npm run bench -- capacity`). How many
 * people one machine serves: on SQLite and PostgreSQL in turn, the real server (`server/src/main.ts`, QUERY_COUNT on)
 * on a fresh database with the demo data (BENCH_CAPACITY_FIRMS generated firms, default 2000, and the demo ledger),
 * signed in as the demo administrator, loaded by autocannon over loopback (the load generator on the same machine)
 * with BENCH_CAPACITY_CONNECTIONS (default 10) connections for BENCH_CAPACITY_DURATION seconds (default 10) per case:
 * - a record read (GET /api/data/firm/B100); the firm list's first 50 rows; the A/R invoice list's first 50 rows;
 *   a global search; the start-up applications call (GET /api/shell/applications);
 * - a 5:1 mix of record reads and new firms (POST /api/data/firm);
 * - a posting: BENCH_CAPACITY_POSTINGS (default 300) journal-entry drafts made beforehand, then each posted
 *   (POST …/gl-journal-entry/<id>/actions/post) under load.
 * Printed per case: requests/s, p50 / p99, server CPU per request (the server process's user + system time over the
 * case, /proc), statements per request (the mean of the answers' `Server-Timing: db;desc="queries";dur=<n>`,
 * db/query-count.ts) and non-2xx answers. Beside them, the machine's PostgreSQL `pgbench -S -c 10 -T 10` figure on a
 * scratch database (created and dropped here).
 * On PostgreSQL, two instances behind Debian's HAProxy (the production layout) when `haproxy` is installed
 * (`behindHaproxy`); otherwise said not measured. Writes the section "Capacity (issue 74)" of BENCHMARKS.md
 * (BENCH_NO_WRITE=1 prints only): run it on a quiet machine.
 * Options (environment): BENCH_CAPACITY_ENGINES (default "sqlite,postgres"), BENCH_CAPACITY_DURATION,
 * BENCH_CAPACITY_CONNECTIONS, BENCH_CAPACITY_FIRMS, BENCH_CAPACITY_POSTINGS, BENCH_CAPACITY_LEDGER=0 (no demo ledger).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { loadSummary, machine, ms, pgAdmin, pgReachable, PG_URL, publish, startServerProcess, waitForServer } from './bench-common.mjs';

const { exited, httpSignIn } = await import('../server/test/helpers/http.ts');

const ENGINES = (process.env.BENCH_CAPACITY_ENGINES || 'sqlite,postgres').split(',');
const DURATION = Number(process.env.BENCH_CAPACITY_DURATION || 10);
const CONNECTIONS = Number(process.env.BENCH_CAPACITY_CONNECTIONS || 10);
const FIRMS = process.env.BENCH_CAPACITY_FIRMS || '2000';
const POSTINGS = Number(process.env.BENCH_CAPACITY_POSTINGS || 300);
const LEDGER = process.env.BENCH_CAPACITY_LEDGER ?? '1';
const PGBENCH = '/usr/lib/postgresql/15/bin/pgbench';
/** The port the server listens on (its PUBLIC_URL http://localhost:<port>); LOG_LEVEL=warn: no line per request. */
const PORT = Number(process.env.BENCH_CAPACITY_PORT || 19921);

/** CPU time (user + system, ms) the process has used so far. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime, in clock ticks (100 a second on Linux).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** The statement count of an answer's Server-Timing header, or null. */
function statementsOf(headers) {
  let value = headers?.['server-timing'];
  // autocannon hands the headers as a flat [name, value, …] list in some versions.
  if (value === undefined && Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) if (String(headers[i]).toLowerCase() === 'server-timing') value = headers[i + 1];
  }
  const match = /dur=(\d+)/.exec(String(value ?? ''));
  return match ? Number(match[1]) : null;
}

/**
 * One case under load: `requests` (autocannon's request list, cycled per connection), after a short warm-up. `amount`
 * instead of the duration when the case has a fixed number of requests (the postings).
 */
async function load(base, token, pids, requests, { amount, warm = true } = {}) {
  const cpuOf = () => [pids].flat().reduce((sum, pid) => sum + cpuMs(pid), 0);
  const counted = { sum: 0, n: 0 };
  const withCount = requests.map((request) => ({
    ...request,
    onResponse: (status, body, context, headers) => {
      const n = statementsOf(headers);
      if (n !== null) {
        counted.sum += n;
        counted.n += 1;
      }
    },
  }));
  const options = { url: base, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
  // Warm-up (JIT, caches), not counted.
  if (warm) await autocannon({ ...options, requests, connections: 4, amount: 200 });
  const before = cpuOf();
  const result = await autocannon({ ...options, requests: withCount, connections: CONNECTIONS, ...(amount ? { amount } : { duration: DURATION }) });
  const cpu = (cpuOf() - before) / Math.max(1, result.requests.total);
  return {
    rps: amount ? result.requests.total / Math.max(0.001, result.duration) : result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpu,
    statements: counted.n > 0 ? counted.sum / counted.n : NaN,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** The machine's `pgbench -S -c 10 -T 10` transactions per second, on a scratch database; null when not possible. */
async function pgbench() {
  if (!(await pgReachable())) return { tps: null, note: `PostgreSQL at ${PG_URL} not reachable` };
  const url = new URL(PG_URL);
  const name = `capacity_pgbench_${Date.now().toString(36)}`;
  const args = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')];
  await pgAdmin(`create database "${name}"`);
  try {
    execFileSync(PGBENCH, [...args, '-i', '-q', '-s', '1', name], { stdio: 'ignore' });
    const out = execFileSync(PGBENCH, [...args, '-S', '-c', '10', '-j', '2', '-T', '10', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const tps = /tps = ([\d.]+)/.exec(out);
    return { tps: tps ? Number(tps[1]) : null, note: tps ? '' : 'pgbench printed no tps' };
  } catch (error) {
    return { tps: null, note: `pgbench failed: ${error.message.split('\n')[0]}` };
  } finally {
    await pgAdmin(`drop database if exists "${name}" with (force)`);
  }
}

/** `count` journal-entry drafts made through the API (10 at a time), for the posting case. */
async function drafts(base, token, count) {
  const today = new Date().toISOString().slice(0, 10);
  const made = [];
  const one = async (index) => {
    const response = await fetch(`${base}/api/data/gl-journal-entry`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ EntryDate: today, Description: `Capacity ${index}`, Lines: [{ AccountId: '1000', Debit: '1.00' }, { AccountId: '6600', Credit: '1.00' }] }),
    });
    if (response.status !== 201) throw new Error(`journal entry draft: ${response.status} ${(await response.text()).slice(0, 300)}`);
    const data = (await response.json()).Data;
    made.push({ id: data.EntryId, version: data.Version });
  };
  for (let at = 0; at < count; at += 10) await Promise.all(Array.from({ length: Math.min(10, count - at) }, (_, i) => one(at + i)));
  return made;
}

async function benchEngine(engine) {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'erp-bench-capacity-'));
  let database = null;
  const environment = { HOST: '127.0.0.1', DATABASE_URL: '', QUERY_COUNT: '1', DEMO_FIRMS: FIRMS, DEMO_LEDGER: LEDGER };
  if (engine === 'postgres') {
    database = `capacity_${Date.now().toString(36)}`;
    const url = new URL(PG_URL);
    url.pathname = `/${database}`;
    environment.DATABASE_URL = url.toString();
  }
  console.log(`bench capacity: ${engine}: starting the server (seeding ${FIRMS} firms${LEDGER === '0' ? '' : ' and the demo ledger'})`);
  const child = await startServerProcess(PORT, dataDir, environment);
  const base = `http://127.0.0.1:${PORT}`;
  const rows = [];
  let pair = null;
  try {
    await waitForServer(`${base}/health`, 600_000);
    const token = await httpSignIn(base, `http://localhost:${PORT}`, 'admin', 'admin');
    const pid = child.pid;
    const get = (path) => ({ method: 'GET', path });
    let firm = 0;
    const newFirm = {
      method: 'POST',
      path: '/api/data/firm',
      setupRequest: (request) => ({ ...request, body: JSON.stringify({ FirmId: `CAP${engine[0]}${(firm++).toString(36).toUpperCase()}`, Name: 'Capacity firm', FirmTypes: ['bill-to'], ProvinceCode: 'ON' }) }),
    };
    const record = get('/api/data/firm/B100');
    const cases = [
      ['record read (GET /api/data/firm/B100)', [record]],
      ['firm list, first 50 rows', [get('/api/data/firm?Page=1&PageSize=50')]],
      ['A/R invoice list, first 50 rows', [get('/api/data/ar-invoice?Page=1&PageSize=50')]],
      ['global search ("steel")', [get('/api/search?Search=steel')]],
      ['start-up applications (GET /api/shell/applications)', [get('/api/shell/applications')]],
      ['5:1 mix: record reads and new firms', [record, record, record, record, record, newFirm]],
    ];
    for (const [name, requests] of cases) {
      const run = await load(base, token, pid, requests);
      rows.push({ name, ...run });
      print(engine, rows.at(-1));
    }
    const made = await drafts(base, token, POSTINGS);
    let next = 0;
    const post = {
      method: 'POST',
      setupRequest: (request) => {
        const entry = made[next++ % made.length];
        return { ...request, path: `/api/data/gl-journal-entry/${entry.id}/actions/post`, body: JSON.stringify({ Version: entry.version }) };
      },
    };
    rows.push({ name: `posting a journal entry (${POSTINGS} drafts)`, ...(await load(base, token, pid, [post], { amount: made.length, warm: false })) });
    print(engine, rows.at(-1));
    if (engine === 'postgres' && HAPROXY) pair = await behindHaproxy(environment, pid, token, cases, rows);
  } finally {
    child.kill('SIGTERM');
    await exited(child);
    rmSync(dataDir, { recursive: true, force: true });
    if (database) await pgAdmin(`drop database if exists "${database}" with (force)`).catch(() => undefined);
  }
  return { engine, rows, pair };
}

/**
 * The production layout (ARCHITECTURE.md, operations): a second instance on the same PostgreSQL database and Debian's
 * HAProxy in front of both (round robin, keep-alive, health checks on /health); the read cases and the mix again
 * through it, CPU counted over both instances. Answers the rows with each case's ratio to one instance.
 */
async function behindHaproxy(environment, firstPid, token, cases, single) {
  const dir = mkdtempSync(join(os.tmpdir(), 'erp-bench-capacity-pair-'));
  const secondPort = PORT + 2;
  const proxyPort = PORT + 4;
  // The first instance's public URL: the tokens it issued name it as their issuer (in production, the balancer's).
  const second = await startServerProcess(secondPort, dir, { ...environment, PUBLIC_URL: `http://localhost:${PORT}` });
  let proxy = null;
  try {
    await waitForServer(`http://127.0.0.1:${secondPort}/health`, 600_000);
    const config = join(dir, 'haproxy.cfg');
    writeFileSync(
      config,
      [
        'global',
        '  maxconn 4096',
        'defaults',
        '  mode http',
        '  option http-keep-alive',
        '  timeout connect 5s',
        '  timeout client 60s',
        '  timeout server 60s',
        'frontend erp',
        `  bind 127.0.0.1:${proxyPort}`,
        '  default_backend instances',
        'backend instances',
        '  balance roundrobin',
        '  option httpchk GET /health',
        `  server one 127.0.0.1:${PORT} check`,
        `  server two 127.0.0.1:${secondPort} check`,
        '',
      ].join('\n'),
    );
    proxy = spawn(HAPROXY, ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
    const base = `http://127.0.0.1:${proxyPort}`;
    await waitForServer(`${base}/health`, 30_000);
    const rows = [];
    for (const [name, requests] of cases) {
      const run = await load(base, token, [firstPid, second.pid], requests);
      const one = single.find((row) => row.name === name);
      rows.push({ name: `${name}, two instances behind HAProxy`, ...run, ratio: one ? run.rps / one.rps : NaN });
      print('postgres', rows.at(-1));
    }
    return rows;
  } finally {
    proxy?.kill('SIGTERM');
    if (proxy) await exited(proxy);
    second.kill('SIGTERM');
    await exited(second);
    rmSync(dir, { recursive: true, force: true });
  }
}

function print(engine, row) {
  console.log(
    `bench capacity: ${engine}: ${row.name}: ${row.rps.toFixed(0)} req/s, p50 ${ms(row.p50)}, p99 ${ms(row.p99)}, server CPU ${row.cpu.toFixed(2)} ms/request, ` +
      `${Number.isNaN(row.statements) ? '—' : row.statements.toFixed(2)} statements/request, non-2xx ${row.non2xx}, errors ${row.errors}`,
  );
}

// ---------------------------------------------------------------------------------------------------------

/** Debian's HAProxy (`apt-get install haproxy`), for the two-instance rows; without it they are said skipped. */
const HAPROXY = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).stdout.trim();
const loadAtStart = loadSummary(' / ');
const results = [];
for (const engine of ENGINES) {
  if (engine === 'postgres' && !(await pgReachable())) {
    console.log(`bench capacity: PostgreSQL at ${PG_URL} could not be reached: not measured.`);
    continue;
  }
  results.push(await benchEngine(engine));
}
const reference = await pgbench();

const row = (engine, r) =>
  `| ${engine} | ${r.name} | ${r.rps.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.cpu.toFixed(2)} ms | ${Number.isNaN(r.statements) ? '—' : r.statements.toFixed(2)} | ${r.non2xx + r.errors} |`;
const HEADING = '## Capacity (issue 74)';
const lines = [
  HEADING,
  '',
  `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()} (load average at the start ${loadAtStart}), with \`scripts/bench-capacity.mjs\`: the real server (QUERY_COUNT on) on a fresh database with the demo and ${FIRMS} generated firms, signed in as the demo administrator (bearer token); autocannon on the same machine, ${CONNECTIONS} connections, ${DURATION} s per case after a warm-up. Server CPU: the server processes' user + system time over the case per request; statements: the data layer's count per request (db/query-count.ts).`,
  '',
  '| engine | case | requests/s | p50 | p99 | server CPU / request | statements / request | non-2xx |',
  '|---|---|---:|---:|---:|---:|---:|---:|',
  ...results.flatMap(({ engine, rows }) => rows.map((r) => row(engine, r))),
  ...results.flatMap(({ pair }) => (pair ?? []).map((r) => row('postgres', r))),
  '',
  `PostgreSQL itself (pgbench -S -c 10 -j 2 -T 10, scale 1, scratch database): ${reference.tps === null ? `not measured (${reference.note})` : `${reference.tps.toFixed(0)} transactions/s`}.`,
  HAPROXY
    ? `Two instances behind HAProxy (${HAPROXY}), against one: ${results
        .flatMap(({ pair }) => pair ?? [])
        .map((r) => `${r.name.replace(', two instances behind HAProxy', '')} ${r.ratio.toFixed(2)} ×`)
        .join('; ')} (the load generator, HAProxy and both instances share the machine's cores).`
    : 'Two instances behind HAProxy: not measured (Debian\'s haproxy is not installed: apt-get install haproxy).',
];
publish(HEADING, lines.join('\n'));
