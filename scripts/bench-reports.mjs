#!/usr/bin/env node
/**
 * Every report of every module over the large seeds (issue 44's last acceptance item): `npm run bench -- reports`
 * (`node --import tsx scripts/bench-reports.mjs`). On SQLite and on PostgreSQL in turn:
 *
 * 1. A fresh database with the demo data plus `npm run seed:large` (server/src/seed/large.ts): BENCH_REPORTS_FIRMS
 *    firms (default 100,000) and the module options BENCH_REPORTS_LARGE — by default every module's benchmark size:
 *    `--ledger 1000000 --ar 500000 --ap 500000 --ic --po 100000 --so 1000000 --wd 20000 --te 100000 --labour 200000
 *    --pr 2000 --oe 10000` (an hour or more to seed on a 2-core machine: smaller sizes for a quick round).
 * 2. The server from source on it, signed in as admin over HTTP (the embedded provider's real form, as
 *    bench-server.mjs does). Every report GET /api/reports lists, once each, is run (POST /api/reports/:report/run,
 *    the first page) with the values its screen starts with — apps/records/src/report/ParameterForm.tsx's rules
 *    done again here: `today` / `yearStart`, a needed date range left blank is this month, `fiscalYear` /
 *    `fiscalPeriod` from GET /api/data/accounting-period/current (fixed values the server adds itself). A
 *    required parameter the screen leaves blank gets a sensible value (a date: the year's first day or today;
 *    a lookup or a document number: the first key that has data, SOURCES below; an enum: its first option) —
 *    named in the table. The A/R and A/P aged trial balances run a second time as of a year ago.
 *    Each time is the median of BENCH_REPORTS_RUNS (default 3) after one warm-up, measured by this process
 *    (HTTP on the loopback, the answer read whole).
 * 3. Writes the "## Every report over the large seeds" section of BENCHMARKS.md: every report on both engines,
 *    the slowest first, with its rows (TotalCount) and whether it is within 1 s; refusals listed with their reason.
 *
 * Options (environment): BENCH_REPORTS_FIRMS, BENCH_REPORTS_LARGE, BENCH_REPORTS_RUNS, BENCH_REPORTS_ENGINES,
 * BENCH_REPORTS_ONLY (a regular expression on report names: profile a few), BENCH_REPORTS_PORT (default 18491: the
 * port of the address the server names itself by; it listens on a port of its own choosing),
 * BENCH_REPORTS_DATA (an already seeded DATA_DIR for SQLite) and BENCH_REPORTS_PG_DB (an already seeded
 * PostgreSQL database) — both kept, so repeated rounds skip the seed; BENCH_REPORTS_KEEP=1 keeps the databases
 * this run seeds (their names are printed, their sizes and seeding time noted in <tmpdir>/<name>.seed.json, which a
 * round over them reports) for such rounds; BENCH_NO_WRITE=1.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { eachEngine, engineOptions, loadSummary, markdownTable, measuredWith, median, ms, PG_URL, pgAdmin, publish, repoRoot } from './bench-common.mjs';

const FULL = '--ledger 1000000 --ar 500000 --ap 500000 --ic --po 100000 --so 1000000 --wd 20000 --te 100000 --labour 200000 --pr 2000 --oe 10000';
const FIRMS = Number(process.env.BENCH_REPORTS_FIRMS || 100_000);
const LARGE = (process.env.BENCH_REPORTS_LARGE || FULL).split(/\s+/).filter(Boolean);
const { runs: RUNS, engines: ENGINES } = engineOptions('REPORTS', { runs: 3 });
const ONLY = process.env.BENCH_REPORTS_ONLY ? new RegExp(process.env.BENCH_REPORTS_ONLY) : null;
/** The address the server names itself by (its OIDC issuer). */
const PUBLIC_URL = `http://localhost:${Number(process.env.BENCH_REPORTS_PORT || 18491)}`;
const KEEP = Boolean(process.env.BENCH_REPORTS_KEEP);
const SECTION = '## Every report over the large seeds';
const TARGET = 1000;

const { exited, httpSignIn, spawnServer } = await import('../server/test/helpers/http.ts');
const { loadServerModules } = await import('../server/src/modules/index.ts');
const { openDatabase } = await import('../server/src/db/connection.ts');
const { loadConfig } = await import('../server/src/config.ts');

/** Every registered definition by name (GET /api/reports names them; the screens hold their parameters). */
const definitions = new Map((await loadServerModules()).flatMap((module) => (module.reports ?? []).map((report) => [report.def.name, report.def])));

/**
 * Where a required parameter the screen leaves blank takes its value: the first key (lowest) of a table that has
 * the report's data — the customer with A/R items, not merely the first firm. By report and parameter, then by
 * the lookup's entity.
 */
const SOURCES = {
  'gl-account-enquiry': { AccountId: ['gl_entries', 'account_id'] },
  'gl-bank-reconciliation': { ReconciliationId: ['bank_reconciliations', 'reconciliation_id'] },
  'ar-account-inquiry': { CustomerId: ['ar_items', 'firm_id'] },
  'ar-invoice-print': { InvoiceNo: ['ar_invoices', 'document_no'] },
  'te-invoice-print': { InvoiceNo: ['ar_invoices', 'document_no'] },
  'ap-account-inquiry': { VendorId: ['ap_items', 'firm_id'] },
  'ap-remittance-advice': { ChequeId: ['ap_cheques', 'cheque_id'] },
  'po-purchase-order-print': { PoNo: ['purchase_orders', 'po_no'] },
  'wd-quote-print': { QuoteNo: ['wd_quotes', 'quote_no'] },
  'ic-product-inquiry': { ProductId: ['stock_ledger', 'product_id'] },
  // The count reports refuse a warehouse whose count is not frozen or counted: the warehouse of a count.
  'ic-count-sheets': { WarehouseId: ['warehouse_counts', 'warehouse_id'] },
  'ic-count-not-counted': { WarehouseId: ['warehouse_counts', 'warehouse_id'] },
  'ic-count-discrepancy': { WarehouseId: ['warehouse_counts', 'warehouse_id'] },
  'oe-customer-price-list': { CustomerId: ['price_tables', 'customer_id'] },
  'pr-employee-inquiry': { EmployeeId: ['pr_cheques', 'employee_id'] },
};
const ENTITY_SOURCES = {
  firm: ['firms', 'firm_id'],
  'gl-account': ['gl_accounts', 'account_id'],
  product: ['products', 'product_id'],
  warehouse: ['warehouses', 'warehouse_id'],
  'pr-employee': ['pr_employees', 'employee_id'],
};
/** The aged trial balances, run again as of a past date (issue 44: "as of a past date first"). */
const AGED = ['ar-aged-trial-balance', 'ap-aged-trial-balance'];

const iso = (date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * The values the report screen starts with (ParameterForm's initialValues + withFiscalDefaults, no remembered
 * values), then blanks the screen would refuse filled (`filled` names them). `first(table, column)` reads a key.
 */
async function startValues(def, today, period, first) {
  const values = {};
  const shown = def.parameters.filter((p) => p.fixed === undefined);
  for (const p of shown) {
    if (p.defaultValue === 'today') values[p.name] = iso(today);
    else if (p.defaultValue === 'yearStart') values[p.name] = `${today.getFullYear()}-01-01`;
    else if (p.defaultValue === 'fiscalYear' || p.defaultValue === 'fiscalPeriod') values[p.name] = '';
    else values[p.name] = p.defaultValue === undefined ? '' : String(p.defaultValue);
  }
  const byName = new Map(def.parameters.map((p) => [p.name, p]));
  const needed = (start, end) =>
    (byName.get(start)?.required === true && byName.get(end)?.required === true) ||
    def.rules.some((rule) => rule.kind === 'oneOf' && rule.alternatives.some((names) => names.includes(start) && names.includes(end)));
  for (const rule of def.rules) {
    if (rule.kind !== 'dateRange' || !(rule.start in values) || !(rule.end in values) || values[rule.start] || values[rule.end]) continue;
    if (!needed(rule.start, rule.end)) continue;
    values[rule.start] = `${iso(today).slice(0, 8)}01`;
    values[rule.end] = iso(today);
  }
  // The fiscal defaults; a oneOf alternative they complete blanks the others' defaults (this month's range).
  const initial = { ...values };
  const fiscal = new Set();
  if (period) {
    for (const p of shown) {
      if (values[p.name] || (p.defaultValue !== 'fiscalYear' && p.defaultValue !== 'fiscalPeriod')) continue;
      values[p.name] = String(p.defaultValue === 'fiscalYear' ? period.FiscalYear : period.PeriodNo);
      fiscal.add(p.name);
    }
    for (const rule of def.rules) {
      if (rule.kind !== 'oneOf') continue;
      const chosen = rule.alternatives.find((names) => names.some((name) => fiscal.has(name)) && names.every((name) => values[name]));
      if (!chosen) continue;
      for (const names of rule.alternatives) if (names !== chosen) for (const name of names) if (values[name] === initial[name]) values[name] = '';
    }
  }
  const filled = [];
  const missing = [];
  const rangeStart = new Set(def.rules.filter((rule) => rule.kind === 'dateRange').map((rule) => rule.start));
  for (const p of shown) {
    if (!p.required || values[p.name] !== '') continue;
    let value = '';
    const source = SOURCES[def.name]?.[p.name] ?? (p.entity ? ENTITY_SOURCES[p.entity] : undefined);
    if (source) {
      value = String((await first(...source)) ?? '');
      if (value === '') missing.push(`no ${source[0]} row to take ${p.name} from`);
    }
    else if (p.type === 'date') value = rangeStart.has(p.name) ? `${today.getFullYear()}-01-01` : iso(today);
    else if (p.type === 'enum') value = p.options?.[0]?.value ?? '';
    if (value === '') continue;
    values[p.name] = value;
    filled.push(`${p.name} ${value}`);
  }
  const parameters = Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value !== '')
      .map(([name, value]) => [name, byName.get(name)?.type === 'integer' ? Number(value) : value]),
  );
  return { parameters, filled, missing };
}

function seedLarge(dataDir, env) {
  const run = spawnSync('nice', [process.execPath, '--import', 'tsx', 'server/src/seed/large.ts', String(FIRMS), ...LARGE], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', PARTNER_DEMO: '0', ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 26,
  });
  if (run.status !== 0) throw new Error(`seed:large failed (${run.status})`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1));
}

/** One report run: the answer's status, TotalCount and the time to read it whole. */
async function runReport(base, token, name, parameters) {
  const started = performance.now();
  const response = await fetch(`${base}/api/reports/${name}/run`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ Parameters: parameters }),
  });
  const text = await response.text();
  const time = performance.now() - started;
  const body = JSON.parse(text);
  return { status: response.status, time, rows: body.TotalCount, message: response.ok ? '' : `${response.status} ${body.ResultCode}: ${body.Message}` };
}

async function benchEngine(engine) {
  const kept = engine === 'sqlite' ? process.env.BENCH_REPORTS_DATA : process.env.BENCH_REPORTS_PG_DB;
  const dataDir = engine === 'sqlite' && kept ? kept : mkdtempSync(join(tmpdir(), 'erp-bench-reports-'));
  const env = { DATABASE_URL: '' };
  let database = null;
  if (engine === 'postgres') {
    database = kept || `erp_bench_reports_${Date.now().toString(36)}`;
    const url = new URL(PG_URL);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
  }
  // A kept database's seed (sizes, time) is noted beside it, so a later round over it reports what it holds.
  const seedNote = join(tmpdir(), `${basename(database ?? dataDir)}.seed.json`);
  let seeded = null;
  try {
    if (!kept) {
      const started = performance.now();
      seeded = { ...seedLarge(dataDir, env), firms: FIRMS, options: LARGE.join(' ') };
      seeded.wall = (performance.now() - started) / 1000;
      console.log(`${engine}: seed:large ${FIRMS} ${LARGE.join(' ')} in ${seeded.wall.toFixed(0)} s${KEEP ? ` (kept: ${database ?? dataDir})` : ''}`);
      if (KEEP) writeFileSync(seedNote, JSON.stringify(seeded));
    } else if (existsSync(seedNote)) seeded = JSON.parse(readFileSync(seedNote, 'utf8'));
    const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', DATA_DIR: dataDir, ...env });
    const keys = await openDatabase(config.database);
    const first = async (table, column) => (await keys.db.selectFrom(table).select((eb) => eb.fn.min(column).as('v')).executeTakeFirst())?.v ?? null;
    // DEMO_LEDGER as a start would have it: the database is seeded already, the server adds nothing.
    const server = await spawnServer(PUBLIC_URL, { DATA_DIR: dataDir, DEMO_LEDGER: '', ...env }, 180_000);
    try {
      const token = await httpSignIn(server.base, PUBLIC_URL, 'admin', 'admin');
      const get = async (path) => (await fetch(`${server.base}/api/${path}`, { headers: { authorization: `Bearer ${token}` } })).json();
      const today = new Date();
      const period = (await get(`data/accounting-period/current?Date=${iso(today)}`)).Data ?? null;
      const listed = [...new Set((await get('reports')).map((r) => r.Report))].filter((name) => !ONLY || ONLY.test(name));
      const results = [];
      const measure = async (label, name, parameters, filled) => {
        const tries = [];
        let answer = await runReport(server.base, token, name, parameters);
        for (let i = 0; i < RUNS && answer.status === 200; i++) {
          answer = await runReport(server.base, token, name, parameters);
          tries.push(answer.time);
        }
        const result = { label, name, parameters, filled, rows: answer.rows, time: tries.length ? median(tries) : Number.NaN, refused: answer.status === 200 ? '' : answer.message };
        console.log(`${engine}: ${label.padEnd(44)} ${result.refused || `${ms(result.time).padStart(10)}  ${result.rows} rows`}  ${JSON.stringify(parameters)}`);
        results.push(result);
      };
      for (const name of listed) {
        const def = definitions.get(name);
        if (!def) {
          results.push({ label: name, name, parameters: {}, filled: [], rows: 0, time: Number.NaN, refused: 'no definition in this checkout' });
          continue;
        }
        const { parameters, filled, missing } = await startValues(def, today, period, first);
        if (missing.length) {
          results.push({ label: name, name, parameters, filled, rows: 0, time: Number.NaN, refused: `not run: ${missing.join(', ')}` });
          continue;
        }
        await measure(name, name, parameters, filled);
        if (AGED.includes(name)) {
          const yearAgo = new Date(today);
          yearAgo.setFullYear(today.getFullYear() - 1);
          await measure(`${name} as of ${iso(yearAgo)}`, name, { ...parameters, AsOfDate: iso(yearAgo) }, filled);
        }
      }
      return { engine, results, seeded, load: loadSummary() };
    } finally {
      server.child.kill('SIGTERM');
      await exited(server.child);
      await keys.close();
    }
  } finally {
    // PostgreSQL's DATA_DIR is scratch (keys, files): removed even when its database is kept.
    if (database || !(kept || KEEP)) rmSync(dataDir, { recursive: true, force: true });
    if (database && !kept && !KEEP) await pgAdmin(`drop database if exists "${database}" with (force)`).catch(() => undefined);
  }
}

const startLoad = loadSummary();
const { results: measured, notes } = await eachEngine(ENGINES, benchEngine);

const n = (value) => Number(value).toLocaleString('en-CA');
const byEngine = (engine) => measured.find((m) => m.engine === engine);
const labels = [...new Set(measured.flatMap((m) => m.results.map((r) => r.label)))];
const cell = (engine, label) => {
  const result = byEngine(engine)?.results.find((r) => r.label === label);
  if (!result) return '—';
  if (result.refused) return `refused (${result.refused})`;
  return `${ms(result.time)}${result.time > TARGET ? ' **> 1 s**' : ''}`;
};
const slowest = (label) => Math.max(...measured.map((m) => m.results.find((r) => r.label === label)?.time).filter((t) => Number.isFinite(t)), -1);
labels.sort((a, b) => slowest(b) - slowest(a));
const rowsOf = (label) => {
  const counts = [...new Set(measured.map((m) => m.results.find((r) => r.label === label)?.rows).filter((c) => c !== undefined))];
  return counts.map(n).join(' / ') || '—';
};
const filledOf = (label) => {
  const result = measured.flatMap((m) => m.results).find((r) => r.label === label);
  return result?.filled.length ? result.filled.join(', ') : '';
};
const table = markdownTable(
  ['report', 'rows', 'SQLite', 'PostgreSQL', 'blank required values given'],
  labels.map((label) => [label, rowsOf(label), cell('sqlite', label), cell('postgres', label), filledOf(label)]),
);
const summary = measured
  .map((m) => {
    const timed = m.results.filter((r) => !r.refused);
    const over = timed.filter((r) => r.time > TARGET);
    const top = [...timed].sort((a, b) => b.time - a.time).slice(0, 5);
    const refused = m.results.filter((r) => r.refused);
    return `- ${m.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: ${timed.length} runs timed, ${over.length} over 1 s; the slowest ${top.map((r) => `${r.label} ${ms(r.time)}`).join(', ')}${refused.length ? `; refused: ${refused.map((r) => `${r.label} (${r.refused})`).join(', ')}` : ''}${m.seeded ? `; seed:large took ${m.seeded.wall.toFixed(0)} s` : ''}; load average at the end ${m.load}.`;
  })
  .join('\n');

/** What the databases hold: the sizes they were seeded with (a kept database's note), else this run's options. */
const seededWith = [...new Set(measured.map((m) => (m.seeded?.options !== undefined ? `${m.seeded.firms} ${m.seeded.options}` : `${FIRMS} ${LARGE.join(' ')}`)))];
const full = seededWith.every((sizes) => sizes === `100000 ${FULL}`);

const section = `${SECTION}

${measuredWith('bench-reports.mjs')}; load average at the start ${startLoad}. Every report GET /api/reports lists (each
once, every module), run as its screen starts it (ParameterForm's defaults: \`today\`, \`yearStart\`, this month for a
needed range, the GL's current fiscal period) on the demo data plus ${seededWith.map((sizes) => `\`seed:large ${sizes}\``).join(' / ')}; the A/R and A/P aged trial
balances again as of a year ago. Time: POST /api/reports/:report/run (the first page of 250, its count and totals) over HTTP on
the loopback, the median of ${RUNS} after a warm-up. Target (issue 44): each ≤ 1 s. Rows: TotalCount (both engines alike
unless two figures are shown).${full ? '' : ` **Smaller than the modules' benchmark sizes** (\`${FULL}\`, 100,000 firms: the script's default), to seed in reasonable time on this machine.`} A required parameter its screen leaves blank is given the first key that has the report's
data (last column). The machine is shared (2 cores, other engineers' builds and tests).

${summary}

${table}
${notes.length ? `\n${notes.join('\n')}\n` : ''}`;

publish(SECTION, section);
