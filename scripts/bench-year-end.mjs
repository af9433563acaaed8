#!/usr/bin/env node
/**
 * Year-end benchmark (issue 13 "Performance": year end ≤ 5 s on the 1,000,000-entry ledger):
 * `node --import tsx scripts/bench-year-end.mjs`. Per engine (BENCH_YE_ENGINES, default "sqlite"; add
 * "postgres" for TEST_PG_URL): a fresh database, the app's migrations and seed, BENCH_YE_ENTRIES (default
 * 1,000,000) GL entries from the large-data generator (server/src/seed/large-ledger.ts, years 2023–2024),
 * every 2024 period closed for the G/L, then the year end of 2024 through its process route
 * (POST api/processes/gl-year-end/run, in-process `app.inject`) — timed; each timed close is followed by an
 * untimed undo so the next run closes again. Prints the median of BENCH_YE_RUNS (default 3) and writes the
 * "## Year end: 1,000,000 GL entries" section of BENCHMARKS.md unless BENCH_NO_WRITE=1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { SignJWT, importJWK } from 'jose';
import pg from 'pg';
import { machine, median, writeSection } from './bench-common.mjs';

const ENTRIES = Number(process.env.BENCH_YE_ENTRIES || 1_000_000);
const RUNS = Number(process.env.BENCH_YE_RUNS || 3);
const ENGINES = (process.env.BENCH_YE_ENGINES || 'sqlite').split(',').map((e) => e.trim());
const PG_URL = process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';
const SECTION = '## Year end: 1,000,000 GL entries';
const YEAR = 2024;

const { buildApp } = await import('../server/src/app.ts');
const { loadConfig } = await import('../server/src/config.ts');
const { insertLedger } = await import('../server/src/seed/large-ledger.ts');

async function adminToken(app, config) {
  const jwk = app.erp.oidc.keys.signing[0];
  return new SignJWT({ scope: 'openid profile erp.shell erp.api', client_id: config.oidc.clientId })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
    .setSubject('admin')
    .setIssuer(config.oidc.authority)
    .setAudience(config.apiAudience)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(await importJWK(jwk, 'RS256'));
}

async function runAction(app, bearer, action) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/processes/gl-year-end/run',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ Parameters: { FiscalYear: YEAR, Action: action }, Items: [YEAR] }),
  });
  const body = response.json();
  if (response.statusCode !== 200 || body.List?.[0]?.ResultStatus !== 1) throw new Error(`year end ${action}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  return body;
}

async function benchEngine(engine) {
  const environment = { LOG_LEVEL: 'silent', DEMO_FIRMS: '0', PUBLIC_URL: 'http://localhost', PARTNER_DEMO: '0' };
  const dataDir = mkdtempSync(join(os.tmpdir(), 'erp-bench-ye-'));
  let dropName = null;
  if (engine === 'postgres') {
    const url = new URL(PG_URL);
    dropName = `erp_bench_ye_${Date.now().toString(36)}`;
    url.pathname = `/${dropName}`;
    environment.DATABASE_URL = url.toString();
  }
  const config = loadConfig({ ...environment, DATA_DIR: dataDir });
  try {
    await (await buildApp(config, { logger: false })).close();
    const seeded = await insertLedger(config.database, { entries: ENTRIES, firstYear: YEAR - 1 });
    console.log(`${engine}: ${seeded.entries} entries written in ${seeded.seconds.toFixed(1)} s`);
    const app = await buildApp(config, { logger: false });
    try {
      await app.erp.database.db.updateTable('fiscal_periods').set({ closed_gl: engine === 'postgres' ? true : 1 }).where('fiscal_year', '=', YEAR).execute();
      const bearer = await adminToken(app, config);
      const times = [];
      let lines = 0;
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        const answer = await runAction(app, bearer, 'close');
        times.push(performance.now() - start);
        const document = answer.List[0].EntityId;
        lines = Number((await app.erp.database.db.selectFrom('gl_entries').select((eb) => eb.fn.countAll().as('n')).where('document_no', '=', document).executeTakeFirst()).n);
        await runAction(app, bearer, 'undo');
      }
      return { engine, seedSeconds: seeded.seconds, close: median(times), lines };
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (dropName) {
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`drop database if exists "${dropName}" with (force)`);
      await admin.end();
    }
  }
}

const results = [];
for (const engine of ENGINES) results.push(await benchEngine(engine));
const cell = (engine, pick) => {
  const found = results.find((r) => r.engine === engine);
  return found ? pick(found) : 'not measured';
};
const section = `${SECTION}

Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()} (load average ${os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(' ')}), with \`scripts/bench-year-end.mjs\`: ${ENTRIES.toLocaleString('en-CA')} generated GL entries, the
year end of ${YEAR} (one closing entry of every revenue and expense account into retained earnings, read from
gl_balances) through its process route, median of ${RUNS} closes (each followed by an untimed undo).

| measure | target | SQLite | PostgreSQL |
|---|---|---|---|
| Year end of a fiscal year (closing entry) | ≤ 5 s | ${cell('sqlite', (r) => `${r.close.toFixed(1)} ms (${r.lines} lines)`)} | ${cell('postgres', (r) => `${r.close.toFixed(1)} ms (${r.lines} lines)`)} |
`;
console.log(section);
if (!process.env.BENCH_NO_WRITE) writeSection(SECTION, section);
