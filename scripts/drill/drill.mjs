#!/usr/bin/env node
/**
 * `npm run drill` (issue 43 item 4): the failover drill, on this machine, from Debian's packages.
 *
 * 1. Installs what is missing with apt-get (`postgresql-15-auto-failover`, `pg-auto-failover-cli`, `haproxy`).
 * 2. A pg_auto_failover formation under a scratch folder, run as the `postgres` OS user (PostgreSQL refuses root):
 *    monitor on 16001, primary on 16002, secondary on 16003 — the formation's default synchronous replication
 *    (replication quorum on, `synchronous_standby_names = ANY 1 (…)`; checked and written down). The monitor's
 *    health checks are tightened (a node is unhealthy after 4 s instead of 20 s) and the demotion wait is 10 s,
 *    longer than the nodes' own network-partition timeout (5 s), so an old primary cut off demotes itself first.
 * 3. Two server instances (18181, 18182; `DATABASE_URL` = the multi-host string) behind HAProxy on 18180
 *    (scripts/drill/haproxy.cfg, health checks on `GET /health`).
 * 4. A posting load through HAProxy for DRILL_SECONDS (default 90) after a real sign-in (authorization code +
 *    PKCE): journal entries (create, post), A/R invoices (create, post), payment runs (an A/P invoice created and
 *    posted, a payment batch created, approved and printed) and a payroll step (time entered per employee, cheques
 *    prepared; paid and posted at the end). Every call carries its own Idempotency-Key and is retried with the same
 *    key on a "try again" (503, 409 in progress), a 502/504 from HAProxy or a connection error, as a real client.
 * 5. At 25 % of the load it kills the primary (`kill -9` of its pg_autoctl and postgres processes: the machine is
 *    lost); at 65 % one server instance (`kill -9`).
 * 6. Verifies on the new primary: every acknowledged posting present exactly once (none lost, none twice), every
 *    journal balanced, A/R and A/P sub-ledgers equal to their control accounts (1100, 2100), and the service
 *    answering again within TARGET_RECOVERY_SECONDS (30) of the primary's death — the first posting sent after the
 *    kill that succeeded.
 * 7. Appends its figures to RELIABILITY.md (date, machine, load) and exits 1 when any check fails.
 * Every process and folder it made is removed at the end, on failure and on Ctrl+C.
 *
 * Environment: DRILL_SECONDS (load duration), DRILL_KEEP=1 (keep the scratch folder for a post-mortem).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { httpSignIn, REPO_ROOT } from '../../server/test/helpers/http.ts';
import { findPrimary } from '../../server/src/db/primary.ts';

const LOAD_SECONDS = Number(process.env.DRILL_SECONDS || 90);
const TARGET_RECOVERY_SECONDS = 30;
const PORTS = { front: 18180, instances: [18181, 18182], monitor: 16001, nodes: [16002, 16003] };
const PG_BIN = '/usr/lib/postgresql/15/bin';
const PACKAGES = ['postgresql-15-auto-failover', 'pg-auto-failover-cli', 'haproxy'];
const FRONT = `http://127.0.0.1:${PORTS.front}`;
const RUN = new Date().toISOString().replace(/\D/g, '').slice(2, 12);
const started = Date.now();
/** Other work on the machine slows the drill: the 1-minute load average when it started is written down. */
const START_LOAD = loadavg()[0];
const log = (message) => console.log(`[drill ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${message}`);
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------------------------
// Processes and folders made here, all removed by cleanUp (also on failure and Ctrl+C).

/** Child processes, each the leader of its own process group (killed as a group). */
const children = new Map();
let scratch = null;
let cleaning = null;

function start(name, command, args, options = {}) {
  const out = join(scratch, `${name}.log`);
  const child = spawn(command, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], ...options });
  const chunks = [];
  const keep = (chunk) => chunks.push(chunk);
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.on('exit', () => {
    try {
      writeFileSync(out, Buffer.concat(chunks));
    } catch {
      // the scratch folder is gone already
    }
  });
  children.set(name, child);
  child.output = () => Buffer.concat(chunks).toString();
  return child;
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

const exitedOf = (child) => child.exitCode !== null || child.signalCode !== null;

async function cleanUp() {
  cleaning ??= (async () => {
    for (const child of children.values()) if (!exitedOf(child)) killGroup(child, 'SIGTERM');
    for (let waited = 0; waited < 100 && [...children.values()].some((child) => !exitedOf(child)); waited++) await pause(100);
    for (const child of children.values()) if (!exitedOf(child)) killGroup(child, 'SIGKILL');
    // A postgres the keeper started outside its group (never seen, but a stray server must not outlive the drill).
    if (scratch) {
      for (const name of ['monitor', 'node1', 'node2']) {
        const pidFile = join(scratch, name, 'postmaster.pid');
        if (!existsSync(pidFile)) continue;
        const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
        try {
          if (pid > 0) process.kill(pid, 'SIGKILL');
        } catch {
          // not running
        }
      }
      await pause(300);
      if (process.env.DRILL_KEEP === '1') log(`scratch folder kept: ${scratch}`);
      else rmSync(scratch, { recursive: true, force: true });
    }
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanUp().then(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Set-up

const asRoot = process.getuid?.() === 0;

function installMissing() {
  const missing = PACKAGES.filter((name) => spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' }).stdout !== 'install ok installed');
  if (missing.length === 0) return log(`packages present: ${PACKAGES.join(', ')}`);
  if (!asRoot) throw new Error(`missing Debian packages ${missing.join(', ')}: install them (apt-get install ${missing.join(' ')}) or run the drill as root`);
  log(`installing ${missing.join(', ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let install = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { stdio: 'inherit', env });
  if (install.status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    install = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { stdio: 'inherit', env });
  }
  if (install.status !== 0) throw new Error(`apt-get install ${missing.join(' ')} failed`);
}

function portsFree() {
  const busy = [PORTS.front, ...PORTS.instances, PORTS.monitor, ...PORTS.nodes].filter((port) => spawnSync('bash', ['-c', `exec 3<>/dev/tcp/127.0.0.1/${port}`], { stdio: 'ignore' }).status === 0);
  if (busy.length > 0) throw new Error(`ports already in use: ${busy.join(', ')} (another drill running?)`);
}

/** pg_autoctl as the postgres OS user, its configuration and state inside the scratch folder. */
function autoctlCommand(args) {
  const env = [`XDG_CONFIG_HOME=${scratch}/xdg-config`, `XDG_DATA_HOME=${scratch}/xdg-data`, `XDG_RUNTIME_DIR=${scratch}/xdg-run`, `PATH=${PG_BIN}:/usr/bin:/bin`];
  return asRoot ? ['runuser', ['-u', 'postgres', '--', 'env', ...env, 'pg_autoctl', ...args]] : ['env', [...env, 'pg_autoctl', ...args]];
}

function autoctl(args) {
  const [command, rest] = autoctlCommand(args);
  const run = spawnSync(command, rest, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`pg_autoctl ${args.join(' ')} failed:\n${run.stdout}\n${run.stderr}`);
  return run.stdout;
}

function startAutoctl(name, args) {
  const [command, rest] = autoctlCommand(args);
  return start(name, command, rest);
}

const nodeUrl = (port, database = 'erp') => `postgres://postgres@127.0.0.1:${port}/${database}`;

async function sql(url, text, values = []) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.query(text, values)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function until(what, seconds, test) {
  const deadline = Date.now() + seconds * 1000;
  let last = null;
  for (;;) {
    try {
      const answer = await test();
      if (answer) return answer;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${seconds} s waiting for ${what}${last ? ` (last: ${last.message})` : ''}`);
    await pause(250);
  }
}

function formationState() {
  const parsed = JSON.parse(autoctl(['show', 'state', '--pgdata', join(scratch, 'monitor'), '--json']));
  const rows = Array.isArray(parsed) ? parsed : (parsed.nodes ?? []);
  // The column names as pg_autoctl 2.0 writes them (node_name or nodename, reported_state or reportedstate …).
  const field = (row, pattern) => row[Object.keys(row).find((key) => pattern.test(key))];
  return rows.map((row) => ({
    name: field(row, /^node_?name$/),
    port: Number(field(row, /^node_?port$/)),
    reported: field(row, /^(reported_?state|current_group_state)$/),
    assigned: field(row, /^(assigned_?state|goal_?state|assigned_group_state)$/),
  }));
}

async function createFormation() {
  const monitorDir = join(scratch, 'monitor');
  const common = ['--pgctl', `${PG_BIN}/pg_ctl`, '--hostname', '127.0.0.1', '--auth', 'trust', '--no-ssl'];
  log('formation: monitor');
  autoctl(['create', 'monitor', '--pgdata', monitorDir, '--pgport', String(PORTS.monitor), ...common]);
  startAutoctl('monitor', ['run', '--pgdata', monitorDir]);
  const monitorAdmin = nodeUrl(PORTS.monitor, 'pg_auto_failover');
  await until('the monitor', 60, () => sql(monitorAdmin, 'SELECT 1'));
  // Faster detection than the defaults (5 s checks, unhealthy after 20 s, 30 s demotion wait), see the header.
  for (const [name, value] of [
    ['health_check_period', 1000],
    ['health_check_timeout', 1000],
    ['health_check_max_retries', 1],
    ['health_check_retry_delay', 500],
    ['node_considered_unhealthy_timeout', 4000],
    ['primary_demote_timeout', 10000],
  ]) {
    await sql(monitorAdmin, `ALTER SYSTEM SET pgautofailover.${name} = ${value}`);
  }
  await sql(monitorAdmin, 'SELECT pg_reload_conf()');
  const monitorUri = `postgres://autoctl_node@127.0.0.1:${PORTS.monitor}/pg_auto_failover?sslmode=disable`;
  for (const [index, port] of PORTS.nodes.entries()) {
    const name = `node${index + 1}`;
    const dir = join(scratch, name);
    log(`formation: ${name} on ${port}`);
    autoctl(['create', 'postgres', '--pgdata', dir, '--pgport', String(port), ...common, '--dbname', 'erp', '--name', name, '--monitor', monitorUri]);
    autoctl(['config', 'set', '--pgdata', dir, 'timeout.network_partition_timeout', '5']);
    startAutoctl(name, ['run', '--pgdata', dir]);
    if (index === 0) {
      await until('the first node as primary', 90, () => formationState().some((node) => node.name === name && node.reported === 'single'));
      // pg_basebackup of the second node waits for a spread checkpoint: make it a short one.
      // (The keeper may restart postgres right after its first transitions: retried until it answers.)
      await until('the first node to answer', 60, async () => {
        await sql(nodeUrl(port), 'ALTER SYSTEM SET checkpoint_completion_target = 0.1');
        await sql(nodeUrl(port), 'SELECT pg_reload_conf()');
        await sql(nodeUrl(port), 'CHECKPOINT');
        return true;
      });
    }
  }
  await until('primary + secondary', 240, () => {
    const states = formationState();
    return states.some((node) => node.reported === 'primary' && node.assigned === 'primary') && states.some((node) => node.reported === 'secondary' && node.assigned === 'secondary');
  });
  const primary = formationState().find((node) => node.reported === 'primary');
  const [sync] = await until('the primary to answer', 60, () => sql(nodeUrl(primary.port), "SELECT current_setting('synchronous_standby_names') AS names, current_setting('synchronous_commit') AS commit"));
  const settings = autoctl(['show', 'settings', '--pgdata', monitorDir]);
  const syncStandbys = /number_sync_standbys \| (\d+)/.exec(settings)?.[1] ?? '?';
  log(`formation ready: primary ${primary.name}; synchronous_standby_names = ${sync.names}, synchronous_commit = ${sync.commit}, number_sync_standbys = ${syncStandbys}`);
  if (!sync.names) throw new Error('the formation does not replicate synchronously');
  return { synchronous: `synchronous_standby_names = '${sync.names}', synchronous_commit = ${sync.commit} (number_sync_standbys ${syncStandbys}, replication quorum on)` };
}

const DATABASE_URL = `postgres://postgres@${PORTS.nodes.map((port) => `127.0.0.1:${port}`).join(',')}/erp?target_session_attrs=read-write`;

function startInstance(index) {
  const port = PORTS.instances[index];
  const dataDir = join(scratch, `instance${index + 1}`);
  mkdirSync(dataDir, { recursive: true });
  const child = start(`instance${index + 1}`, process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: FRONT,
      TRUST_PROXY: '1',
      DATABASE_URL,
      DATA_DIR: dataDir,
      PARTNER_DEMO: '0',
      DEMO_FIRMS: '0',
      LOG_LEVEL: 'warn',
    },
  });
  return { child, port, name: `instance${index + 1}` };
}

async function healthy(port) {
  const response = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(2000) });
  return response.ok;
}

function startHaproxy() {
  const template = readFileSync(join(REPO_ROOT, 'scripts/drill/haproxy.cfg'), 'utf8');
  const config = template
    .replaceAll('{{FRONT}}', String(PORTS.front))
    .replaceAll('{{A}}', String(PORTS.instances[0]))
    .replaceAll('{{B}}', String(PORTS.instances[1]));
  const file = join(scratch, 'haproxy.cfg');
  writeFileSync(file, config);
  execFileSync('haproxy', ['-c', '-q', '-f', file]);
  return start('haproxy', 'haproxy', ['-db', '-f', file]);
}

// ---------------------------------------------------------------------------------------------------------------
// The client: every call with its own Idempotency-Key, retried with the same key as a real client would.

const figures = { requests: 0, retries: 0, tryAgain503: 0, proxyErrors: 0, connectionErrors: 0, inProgress409: 0, doneAnswerLost: 0, refused: [] };
/** Every success: when its (last) attempt was sent and when it was answered. */
const successes = [];
let token = '';

async function call(method, path, body, { giveUpSeconds = 150 } = {}) {
  const key = `drill-${randomUUID()}`;
  const deadline = Date.now() + giveUpSeconds * 1000;
  for (let attempt = 1; ; attempt++) {
    if (attempt > 1) figures.retries++;
    figures.requests++;
    const sent = Date.now();
    let response;
    try {
      response = await fetch(`${FRONT}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key, 'accept-language': 'en-CA' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(150_000),
      });
    } catch (error) {
      figures.connectionErrors++;
      if (Date.now() > deadline) return { ok: false, status: 0, text: String(error), key };
      await pause(Math.min(2000, 250 * attempt));
      continue;
    }
    const text = await response.text().catch(() => '');
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // HAProxy's own pages are HTML
    }
    const code = json?.ResultCode;
    if (response.ok) {
      successes.push({ sent, answered: Date.now() });
      return { ok: true, status: response.status, json, key };
    }
    if (response.status === 409 && code === 'idempotency_done') {
      figures.doneAnswerLost++;
      successes.push({ sent, answered: Date.now() });
      return { ok: true, status: 409, json: null, doneWithoutAnswer: true, key };
    }
    const again = response.status === 503 || response.status === 502 || response.status === 504 || (response.status === 409 && code === 'idempotency_in_progress');
    if (!again || Date.now() > deadline) return { ok: false, status: response.status, text: text.slice(0, 300), key };
    if (response.status === 503 && code === 'database_unavailable') figures.tryAgain503++;
    else if (response.status === 409) figures.inProgress409++;
    else figures.proxyErrors++;
    const after = Number(response.headers.get('retry-after'));
    await pause(Number.isFinite(after) && after > 0 ? Math.min(after * 1000, 3000) : Math.min(2000, 250 * attempt));
  }
}

function refused(kind, step, answer) {
  figures.refused.push(`${kind} ${step}: ${answer.status} ${answer.text ?? ''}`.slice(0, 400));
}

const today = new Date().toISOString().slice(0, 10);
const addDays = (date, days) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The demo's next bi-weekly pay Friday after today (the demo paid every 14 days from 2026-01-02 up to today). */
function nextPayDate() {
  let day = Date.UTC(2026, 0, 2);
  while (new Date(day).toISOString().slice(0, 10) <= today) day += 14 * 86_400_000;
  return new Date(day).toISOString().slice(0, 10);
}

/** The postings: each an operation of one or more calls; `ack` once its last call succeeded. */
const operations = [];

function operation(kind, marker) {
  const op = { kind, marker, ack: false, steps: [], id: null };
  operations.push(op);
  return op;
}

/**
 * A record whose creation was carried out but whose answer was lost with its instance (409 idempotency_done):
 * found again by the drill's own marker, as a client would by its reference — its id from the database, its
 * current version from the API.
 */
async function lostRecord(entity, query, value) {
  const primary = await findPrimary(PORTS.nodes.map((port) => ({ label: String(port), url: nodeUrl(port) })));
  const [row] = await sql(primary.url, query, [value]);
  if (!row) throw new Error(`${entity}: the record of ${value} is not there although its creation was done`);
  return readRecord(entity, row.id);
}

async function readRecord(entity, id) {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(`${FRONT}/api/data/${entity}/${id}`, { headers: { authorization: `Bearer ${token}` } });
      if (response.ok) return (await response.json()).Data;
      if (attempt >= 20) throw new Error(`${entity} ${id}: ${response.status}`);
    } catch (error) {
      if (attempt >= 20) throw error;
    }
    await pause(500);
  }
}

async function journalEntry(n) {
  const op = operation('journal entry', `DRILL ${RUN} JE ${n}`);
  const created = await call('POST', '/api/data/gl-journal-entry', {
    EntryDate: today,
    Description: op.marker,
    Lines: [
      { AccountId: '6400', Debit: '12.34' },
      { AccountId: '6500', Credit: '12.34' },
    ],
  });
  if (!created.ok) return refused(op.kind, 'create', created);
  op.created = true;
  const entry = created.json?.Data ?? (await lostRecord('gl-journal-entry', 'SELECT entry_id AS id FROM gl_journal_entries WHERE description = $1', op.marker));
  op.id = entry.EntryId;
  const posted = await call('POST', `/api/data/gl-journal-entry/${entry.EntryId}/actions/post`, { Version: entry.Version });
  if (!posted.ok) return refused(op.kind, 'post', posted);
  op.ack = true;
}

async function arInvoice(n) {
  const op = operation('A/R invoice', `DRILL ${RUN} AR ${n}`);
  const created = await call('POST', '/api/data/ar-invoice', {
    InvoiceDate: today,
    BillToId: 'B100',
    ShipToId: 'S101',
    Description: op.marker,
    Lines: [{ Description: 'Drill line', AccountId: '4100', Quantity: '2', UnitPrice: '15.50' }],
  });
  if (!created.ok) return refused(op.kind, 'create', created);
  op.created = true;
  const invoice = created.json?.Data ?? (await lostRecord('ar-invoice', 'SELECT invoice_id AS id FROM ar_invoices WHERE description = $1', op.marker));
  op.id = invoice.InvoiceId;
  const posted = await call('POST', `/api/data/ar-invoice/${invoice.InvoiceId}/actions/post`, { Version: invoice.Version });
  if (!posted.ok) return refused(op.kind, 'post', posted);
  op.ack = true;
}

async function paymentRun(n) {
  const op = operation('payment run', `DRILL-${RUN}-AP-${n}`);
  const created = await call('POST', '/api/data/ap-invoice', {
    VendorId: 'V100',
    TermsCode: 'NET30',
    ShipToState: 'ON',
    BankAccountId: 'OPERATING',
    TransactionDate: today,
    DocDate: today,
    VendorDocNo: op.marker,
    Amount: '113.00',
    Lines: [{ AccountId: '6500', Quantity: '1.0000', UnitPrice: '100.0000' }],
  });
  if (!created.ok) return refused(op.kind, 'invoice', created);
  op.created = true;
  const invoice = created.json?.Data ?? (await lostRecord('ap-invoice', 'SELECT invoice_id AS id FROM ap_invoices WHERE vendor_doc_no = $1', op.marker));
  op.id = invoice.InvoiceId;
  const posted = await call('POST', `/api/data/ap-invoice/${invoice.InvoiceId}/actions/post`, { Version: invoice.Version });
  if (!posted.ok) return refused(op.kind, 'invoice post', posted);
  const batchCreated = await call('POST', '/api/data/ap-payment-batch', {
    BankAccountId: 'OPERATING',
    PaymentMethod: 'Cheque',
    PayThroughDate: addDays(today, 60),
    PaymentDate: today,
    Lines: [{ InvoiceId: invoice.InvoiceId, Payment: '113.00' }],
  });
  if (!batchCreated.ok) return refused(op.kind, 'batch', batchCreated);
  let batch = batchCreated.json?.Data ?? (await lostRecord('ap-payment-batch', 'SELECT batch_id AS id FROM ap_payment_batch_lines WHERE invoice_id = $1', invoice.InvoiceId));
  for (const action of ['approve', 'print']) {
    const acted = await call('POST', `/api/data/ap-payment-batch/${batch.BatchId}/actions/${action}`, { Version: batch.Version });
    if (!acted.ok) return refused(op.kind, action, acted);
    // Approved but the answer lost: the batch read again for its version.
    batch = acted.json?.Data ?? (await readRecord('ap-payment-batch', batch.BatchId));
  }
  op.ack = true;
}

const PAY_DATE = nextPayDate();

async function payrollTime(employee) {
  const op = operation('payroll time', `DRILL ${RUN} PR ${employee.EmployeeId}`);
  const created = await call('POST', '/api/data/pr-transaction', {
    EmployeeId: employee.EmployeeId,
    PayDate: PAY_DATE,
    Kind: 'Regular',
    Notes: op.marker,
    Lines: [{ CodeId: 'REG', Hours: '8.0000', Rate: employee.HourlyRate }],
  });
  if (!created.ok) return refused(op.kind, 'enter', created);
  op.created = true;
  op.ack = true;
}

async function payrollStep(step, path, body) {
  const op = operation('payroll step', `${step} ${PAY_DATE}`);
  const answer = await call('POST', path, body);
  if (!answer.ok) return refused(op.kind, step, answer);
  op.ack = true;
  op.items = answer.json?.List?.length ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Verification on the new primary.

async function verify(url) {
  const one = async (text, values) => (await sql(url, text, values))[0];
  const problems = [];
  let lost = 0;
  let duplicated = 0;
  const count = async (op) => {
    if (op.kind === 'journal entry') return one("SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'Posted')::int AS done FROM gl_journal_entries WHERE description = $1", [op.marker]);
    if (op.kind === 'A/R invoice') return one("SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'Posted')::int AS done FROM ar_invoices WHERE description = $1", [op.marker]);
    if (op.kind === 'payment run')
      return one(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE i.status = 'Paid')::int AS done,
                (SELECT count(*)::int FROM ap_payment_batch_lines l WHERE l.invoice_id IN (SELECT invoice_id FROM ap_invoices WHERE vendor_doc_no = $1)) AS batches
           FROM ap_invoices i WHERE i.vendor_doc_no = $1`,
        [op.marker],
      );
    if (op.kind === 'payroll time') return one('SELECT count(*)::int AS n, count(*)::int AS done FROM pr_transactions WHERE notes = $1', [op.marker]);
    return null;
  };
  for (const op of operations) {
    const found = await count(op);
    if (!found) continue;
    if (found.n > 1 || (found.batches ?? 0) > 1) {
      duplicated++;
      problems.push(`${op.kind} ${op.marker}: ${found.n} records${found.batches > 1 ? `, ${found.batches} payment lines` : ''}`);
    }
    if (op.ack && (found.n === 0 || found.done === 0)) {
      lost++;
      problems.push(`${op.kind} ${op.marker}: acknowledged but ${found.n === 0 ? 'absent' : 'not in its final state'}`);
    }
  }
  const cheques = await one('SELECT count(*)::int AS n, count(DISTINCT employee_id)::int AS employees FROM pr_cheques WHERE pay_date = $1', [PAY_DATE]);
  if (cheques.n !== cheques.employees) {
    duplicated++;
    problems.push(`payroll: ${cheques.n} cheques for ${cheques.employees} employees on ${PAY_DATE}`);
  }
  const unbalanced = await one('SELECT count(*)::int AS n FROM (SELECT journal_id FROM gl_entries GROUP BY journal_id HAVING sum(amount) <> 0) x');
  if (unbalanced.n > 0) problems.push(`${unbalanced.n} journals do not balance`);
  const ar = await one("SELECT (SELECT coalesce(sum(open_balance), 0) FROM ar_items) - (SELECT coalesce(sum(amount), 0) FROM gl_entries WHERE account_id = '1100') AS diff");
  const ap = await one("SELECT (SELECT coalesce(sum(open_balance), 0) FROM ap_items) + (SELECT coalesce(sum(amount), 0) FROM gl_entries WHERE account_id = '2100') AS diff");
  if (Number(ar.diff) !== 0) problems.push(`A/R open items differ from the control account 1100 by ${ar.diff}`);
  if (Number(ap.diff) !== 0) problems.push(`A/P open items differ from the control account 2100 by ${ap.diff}`);
  return { lost, duplicated, problems, unbalanced: unbalanced.n, arDiff: ar.diff, apDiff: ap.diff, cheques };
}

// ---------------------------------------------------------------------------------------------------------------

function machine() {
  const memory = `${Math.round(totalmem() / 2 ** 30)} GiB (${Math.round(freemem() / 2 ** 30)} GiB free at the start)`;
  const nproc = spawnSync('nproc', { encoding: 'utf8' }).stdout.trim() || String(cpus().length);
  return `${nproc} cores (\`nproc\`), ${memory}, ${cpus()[0]?.model ?? 'unknown CPU'}; load average ${START_LOAD.toFixed(1)} at the start`;
}

function record(result) {
  const file = join(REPO_ROOT, 'RELIABILITY.md');
  const header = `# Reliability: the failover drill

\`npm run drill\` (scripts/drill/drill.mjs; docs/operations.md, "Production layout and the failover drill") builds a
pg_auto_failover formation (monitor, primary, secondary; synchronous replication) and two server instances behind
HAProxy on this machine, runs a posting load through HAProxy with an Idempotency-Key on every call (retried with the
same key on "try again" or a connection error), kills the primary with \`kill -9\` (its keeper and postgres: the
machine is lost) at 25 % of the load and one server instance at 65 %, then checks every acknowledged posting is
present exactly once, every journal balances and the A/R and A/P sub-ledgers equal their control accounts.
"Recovered" is the time from the primary's death to the first posting sent after it that succeeded (target:
${TARGET_RECOVERY_SECONDS} s); "instance" the same after the instance's death. Each run adds a row.

| date (UTC) | machine | load | requests | acknowledged | lost | duplicated | recovered (primary) | recovered (instance) | checks | result |
|---|---|---|---|---|---|---|---|---|---|---|
`;
  const text = existsSync(file) ? readFileSync(file, 'utf8') : header;
  writeFileSync(file, `${text}${result}\n`);
}

async function main() {
  log(`run ${RUN}: load ${LOAD_SECONDS} s, ports ${PORTS.front} (HAProxy), ${PORTS.instances.join('/')} (instances), ${PORTS.monitor}-${PORTS.nodes.at(-1)} (formation)`);
  installMissing();
  portsFree();
  scratch = mkdtempSync('/tmp/erp-drill-');
  if (asRoot) execFileSync('chown', ['postgres:postgres', scratch]);
  else chownSync(scratch, process.getuid(), process.getgid());
  const formation = await createFormation();

  log('instances: the first migrates and seeds the database');
  const instances = [startInstance(0)];
  await until('instance 1', 600, async () => {
    if (exitedOf(instances[0].child)) throw new Error(`instance 1 exited:\n${instances[0].child.output()}`);
    return healthy(instances[0].port);
  }).catch((error) => {
    throw new Error(`${error.message}\n${instances[0].child.output().slice(-3000)}`);
  });
  instances.push(startInstance(1));
  await until('instance 2', 120, () => healthy(instances[1].port));
  startHaproxy();
  await until('HAProxy', 30, () => healthy(PORTS.front));
  token = await httpSignIn(FRONT, FRONT, 'admin', 'admin');
  log(`signed in through HAProxy; DATABASE_URL=${DATABASE_URL}`);

  // The hourly employees the demo seeded (read from the database: the drill's own set-up, not a posting).
  const employees = (
    await sql(
      (await findPrimary(PORTS.nodes.map((port) => ({ label: String(port), url: nodeUrl(port) })))).url,
      "SELECT employee_id AS \"EmployeeId\", hourly_rate::text AS \"HourlyRate\" FROM pr_employees WHERE status = 'Active' AND pay_type = 'Hourly' AND hourly_rate > 0 ORDER BY employee_id",
    )
  ).map((row) => ({ ...row, HourlyRate: Number(row.HourlyRate).toFixed(4) }));
  log(`${employees.length} active hourly employees for the payroll step (pay date ${PAY_DATE})`);

  // The load: two journal-entry workers, two A/R, one payment-run worker, one payroll worker.
  const loadEnds = Date.now() + LOAD_SECONDS * 1000;
  const running = () => Date.now() < loadEnds;
  // A client's own mistake (an answer it cannot read) is a failure of the drill, told with the figures.
  const guarded = async (what, work) => {
    try {
      await work();
    } catch (error) {
      figures.refused.push(`${what}: ${error.message}`.slice(0, 400));
    }
  };
  const worker = async (make) => {
    for (let n = 1; running(); n++) await guarded('client', () => make(n));
  };
  let counter = 0;
  const next = () => ++counter;
  const payroll = async () => {
    let prepared = 0;
    for (const employee of employees) {
      if (!running()) break;
      await guarded('payroll', () => payrollTime(employee));
      if (++prepared % 5 === 0) await guarded('payroll', () => payrollStep('pr-cheque-preparation', '/api/processes/pr-cheque-preparation/run', { Parameters: { PayDate: PAY_DATE }, All: true }));
      await pause(500);
    }
  };
  const load = Promise.all([
    worker(() => journalEntry(next())),
    worker(() => journalEntry(next())),
    worker(() => arInvoice(next())),
    worker(() => arInvoice(next())),
    worker(() => paymentRun(next())),
    payroll(),
  ]);

  // The failures.
  const chaos = (async () => {
    await pause(LOAD_SECONDS * 250);
    const primary = formationState().find((node) => node.reported === 'primary');
    const keeper = children.get(primary.name);
    const primaryKilledAt = Date.now();
    killGroup(keeper, 'SIGKILL');
    const postmaster = Number(readFileSync(join(scratch, primary.name, 'postmaster.pid'), 'utf8').split('\n')[0]);
    try {
      process.kill(postmaster, 'SIGKILL');
    } catch {
      // died with its group
    }
    log(`kill -9: the primary ${primary.name} (keeper and postgres)`);
    await pause(LOAD_SECONDS * 400 - (Date.now() - primaryKilledAt));
    const victim = instances[0];
    const instanceKilledAt = Date.now();
    killGroup(victim.child, 'SIGKILL');
    log(`kill -9: ${victim.name}`);
    return { primaryKilledAt, instanceKilledAt, primaryName: primary.name };
  })();
  const [{ primaryKilledAt, instanceKilledAt, primaryName }] = await Promise.all([chaos, load]);
  log('load over: the pay run is finished');
  await payrollStep('pr-cheque-preparation', '/api/processes/pr-cheque-preparation/run', { Parameters: { PayDate: PAY_DATE }, All: true });
  await payrollStep('pr-payment-processing', '/api/processes/pr-payment-processing/run', { Parameters: { PayDate: PAY_DATE, BankAccountId: 'OPERATING', FirstChequeNo: 700001 }, All: true });
  await payrollStep('pr-journal-posting', '/api/processes/pr-journal-posting/run', { Parameters: { PayDateTo: PAY_DATE }, Items: [PAY_DATE] });

  const recovery = (killedAt) => {
    const first = successes.filter((s) => s.sent > killedAt).sort((a, b) => a.answered - b.answered)[0];
    return first ? (first.answered - killedAt) / 1000 : Infinity;
  };
  const recoveredPrimary = recovery(primaryKilledAt);
  const recoveredInstance = recovery(instanceKilledAt);
  const states = formationState();
  // The monitor keeps a dead node's last reported state: the primary is the node assigned to be one.
  const newPrimary = states.find((node) => node.assigned === 'primary' || node.assigned === 'wait_primary');
  log(`formation now: ${states.map((node) => `${node.name} ${node.reported} (assigned ${node.assigned})`).join(', ')}`);
  const host = await findPrimary(PORTS.nodes.map((port) => ({ label: String(port), url: nodeUrl(port) })));
  const checked = await verify(host.url);

  const acknowledged = operations.filter((op) => op.ack).length;
  const byKind = {};
  for (const op of operations) {
    byKind[op.kind] ??= { sent: 0, ack: 0 };
    byKind[op.kind].sent++;
    if (op.ack) byKind[op.kind].ack++;
  }
  const failures = [
    ...checked.problems,
    ...figures.refused.map((text) => `refused: ${text}`),
    ...(recoveredPrimary > TARGET_RECOVERY_SECONDS ? [`service back ${recoveredPrimary.toFixed(1)} s after the primary's death (target ${TARGET_RECOVERY_SECONDS} s)`] : []),
    ...(!Number.isFinite(recoveredInstance) ? ['no posting succeeded after the instance was killed'] : []),
    ...(newPrimary?.name === primaryName ? ['the killed node is still the primary: no failover happened'] : []),
  ];
  const summary = {
    run: RUN,
    requests: figures.requests,
    operations: operations.length,
    acknowledged,
    lost: checked.lost,
    duplicated: checked.duplicated,
    recoveredPrimarySeconds: Number(recoveredPrimary.toFixed(1)),
    recoveredInstanceSeconds: Number(recoveredInstance.toFixed(1)),
    retries: figures.retries,
    tryAgain503: figures.tryAgain503,
    inProgress409: figures.inProgress409,
    doneAnswerLost: figures.doneAnswerLost,
    proxyErrors: figures.proxyErrors,
    connectionErrors: figures.connectionErrors,
    byKind,
    payrollCheques: checked.cheques,
    unbalancedJournals: checked.unbalanced,
    arControlDifference: checked.arDiff,
    apControlDifference: checked.apDiff,
    newPrimary: newPrimary?.name,
    failures,
  };
  console.log(JSON.stringify(summary, null, 2));
  const kinds = Object.entries(byKind).map(([kind, { ack }]) => `${kind}: ${ack}`).join(', ');
  record(
    `| ${new Date().toISOString().slice(0, 16).replace('T', ' ')} | ${machine()} | ${LOAD_SECONDS} s, 6 clients; ${kinds} | ${figures.requests} (${figures.retries} retries: ${figures.tryAgain503} × 503 try again, ${figures.inProgress409} × 409 in progress, ${figures.proxyErrors} × HAProxy 502/503/504, ${figures.connectionErrors} × connection error) | ${acknowledged} of ${operations.length} (${figures.doneAnswerLost} "done, answer not kept") | ${checked.lost} | ${checked.duplicated} | ${recoveredPrimary.toFixed(1)} s | ${recoveredInstance.toFixed(1)} s | ${checked.unbalanced} unbalanced journals; A/R − 1100: ${checked.arDiff}; A/P + 2100: ${checked.apDiff}; ${formation.synchronous} | ${failures.length === 0 ? 'pass' : `FAIL: ${failures.slice(0, 5).join('; ').replaceAll('|', '/')}`} |`,
  );
  return failures;
}

let code = 0;
try {
  const failures = await main();
  if (failures.length > 0) {
    code = 1;
    log(`FAILED:\n  ${failures.join('\n  ')}`);
  } else log('passed');
} catch (error) {
  code = 1;
  log(`FAILED: ${error.stack ?? error}`);
} finally {
  await cleanUp();
}
process.exit(code);
