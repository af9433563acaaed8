#!/usr/bin/env node
/**
 * Capacity A/B (issue 74): `node --import tsx scripts/bench-capacity-ab.mjs <before-root>` compares the server of another
 * checkout (`<before-root>`, e.g. an export of an earlier commit with node_modules linked in) with this one on a shared
 * machine, where requests/s swing with the neighbours but the server's own CPU per request does not: both servers on
 * one fresh PostgreSQL database (seeded by the first), each case run alternately against before and after
 * BENCH_AB_RUNS times (default 3), BENCH_AB_DURATION seconds each (default 5), and the medians printed: server CPU
 * per request (user + system, /proc) and requests/s. Prints only; writes nothing.
 * Options (environment): BENCH_AB_PORT (default 19821; the second server on +2), BENCH_AB_CASES (names, comma
 * separated: record, list, ar, search, apps, mix), BENCH_AB_CONNECTIONS (default 10), BENCH_AB_FIRMS (default 2000),
 * BENCH_AB_ENGINE=sqlite (each server on its own SQLite file instead), BENCH_AB_BEFORE_NODE_OPTIONS and
 * BENCH_AB_AFTER_NODE_OPTIONS (node flags of one side only, e.g. to compare a flag on one checkout: `<before-root>` .).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { median, pgAdmin, PG_URL, repoRoot, waitForServer } from './bench-common.mjs';

const { exited, httpSignIn } = await import('../server/test/helpers/http.ts');

const beforeRoot = process.argv[2] ? resolve(process.argv[2]) : null;
if (!beforeRoot) {
  console.error('usage: node --import tsx scripts/bench-capacity-ab.mjs <before-root>');
  process.exit(2);
}
const RUNS = Number(process.env.BENCH_AB_RUNS || 3);
const DURATION = Number(process.env.BENCH_AB_DURATION || 5);
const CONNECTIONS = Number(process.env.BENCH_AB_CONNECTIONS || 10);
const PORT = Number(process.env.BENCH_AB_PORT || 19821);
const FIRMS = process.env.BENCH_AB_FIRMS || '2000';
const ENGINE = process.env.BENCH_AB_ENGINE || 'postgres';

/** CPU time (user + system, ms) the process has used so far (clock ticks of 10 ms). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const get = (path) => ({ method: 'GET', path });
let firm = 0;
const newFirm = {
  method: 'POST',
  path: '/api/data/firm',
  setupRequest: (request) => ({ ...request, body: JSON.stringify({ FirmId: `AB${Date.now().toString(36)}${(firm++).toString(36)}`.toUpperCase(), Name: 'A/B firm', FirmTypes: ['bill-to'], ProvinceCode: 'ON' }) }),
};
const record = get('/api/data/firm/B100');
const ALL = {
  record: [record],
  list: [get('/api/data/firm?Page=1&PageSize=50')],
  ar: [get('/api/data/ar-invoice?Page=1&PageSize=50')],
  search: [get('/api/search?Search=steel')],
  apps: [get('/api/shell/applications')],
  mix: [record, record, record, record, record, newFirm],
};
const CASES = (process.env.BENCH_AB_CASES || 'record,list,ar,search,mix').split(',');

async function start(root, port, dataDir, env, flags = '', node = '') {
  const child = spawn(node ? resolve(node) : process.execPath, [...flags.split(' ').filter(Boolean), '--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: `http://localhost:${port}`, LOG_LEVEL: 'warn', PARTNER_DEMO: '0', HOST: '127.0.0.1', DEMO_FIRMS: FIRMS },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForServer(`http://127.0.0.1:${port}/health`, 600_000);
  const token = await httpSignIn(`http://127.0.0.1:${port}`, `http://localhost:${port}`, 'admin', 'admin');
  return { child, token, base: `http://127.0.0.1:${port}` };
}

async function run(server, requests) {
  const options = { url: server.base, headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' } };
  await autocannon({ ...options, requests, connections: 4, amount: 300 });
  const before = cpuMs(server.child.pid);
  const result = await autocannon({ ...options, requests, connections: CONNECTIONS, duration: DURATION });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) console.log(`  (${bad} failed answers)`);
  return { cpu: (cpuMs(server.child.pid) - before) / Math.max(1, result.requests.total), rps: result.requests.average };
}

const dirs = [mkdtempSync(join(os.tmpdir(), 'erp-ab-before-')), mkdtempSync(join(os.tmpdir(), 'erp-ab-after-'))];
let database = null;
const env = {};
if (ENGINE === 'postgres') {
  database = `capacity_ab_${Date.now().toString(36)}`;
  const url = new URL(PG_URL);
  url.pathname = `/${database}`;
  env.DATABASE_URL = url.toString();
  await pgAdmin(`create database "${database}"`);
} else env.DATABASE_URL = '';
const servers = [];
try {
  servers.push(await start(beforeRoot, PORT, dirs[0], env, process.env.BENCH_AB_BEFORE_NODE_OPTIONS, process.env.BENCH_AB_BEFORE_NODE));
  servers.push(await start(repoRoot, PORT + 2, dirs[1], env, process.env.BENCH_AB_AFTER_NODE_OPTIONS, process.env.BENCH_AB_AFTER_NODE));
  for (const name of CASES) {
    const figures = [[], []];
    for (let i = 0; i < RUNS; i++) {
      // Alternate which goes first, so a neighbour's burst does not always land on the same side.
      const order = i % 2 === 0 ? [0, 1] : [1, 0];
      for (const side of order) figures[side].push(await run(servers[side], ALL[name]));
    }
    const line = (side) =>
      `CPU ${figures[side].map((f) => f.cpu.toFixed(3)).join(' / ')} → median ${median(figures[side].map((f) => f.cpu)).toFixed(3)} ms; ` +
      `${figures[side].map((f) => f.rps.toFixed(0)).join(' / ')} → median ${median(figures[side].map((f) => f.rps)).toFixed(0)} req/s`;
    console.log(`${name}: before ${line(0)}\n${' '.repeat(name.length)}  after  ${line(1)}`);
  }
} finally {
  for (const server of servers) {
    server.child.kill('SIGTERM');
    await exited(server.child);
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  if (database) await pgAdmin(`drop database if exists "${database}" with (force)`).catch(() => undefined);
}
