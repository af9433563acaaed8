/**
 * The in-process server harness of the server-time benchmarks (run with `node --import tsx`): a fresh database
 * per engine, the real app (migrations and seed) called through `app.inject` (server time, no network) with an
 * access token the embedded provider's key signs for the demo administrator.
 *
 * - `withBenchApp(engine, { prefix, environment, seed, prepare }, run)`: a fresh SQLite folder or PostgreSQL
 *   database (`<prefix>_<time>` on TEST_PG_URL), built once so it migrates and seeds, `seed(app, config)` on that
 *   first app (bulk data written through it) before it closes, `prepare(config, { seeded, seconds })` (bulk data;
 *   `seconds`: the first build, `seed` and close), built again, `run({ app, config, bearer, call, prepared })`,
 *   then everything dropped.
 * - `call(url, body, { method = 'POST', expected = 200 })` sends `body` as JSON (none when undefined) and throws
 *   unless the answer's status is `expected`.
 * - `timed(runs, action, before)`: the median of `runs` timed calls after one warm-up call; `before()` (untimed)
 *   runs before each call and its answer is the call's argument.
 * - `pgReachable()`, `PG_URL`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { SignJWT, importJWK } from 'jose';
import pg from 'pg';
import { median, PG_URL } from './bench-common.mjs';

export { eachEngine, PG_URL, pgReachable } from './bench-common.mjs';


const { buildApp } = await import('../server/src/app.ts');
const { loadConfig } = await import('../server/src/config.ts');

export async function adminToken(app, config) {
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

export async function timed(runs, action, before = async () => undefined) {
  await action(await before());
  const times = [];
  for (let i = 0; i < runs; i++) {
    const input = await before();
    const start = performance.now();
    await action(input);
    times.push(performance.now() - start);
  }
  return median(times);
}

async function dropDatabase(name) {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}

export async function withBenchApp(engine, { prefix, environment = {}, seed, prepare }, run) {
  const env = { LOG_LEVEL: 'silent', DEMO_FIRMS: '0', PUBLIC_URL: 'http://localhost', PARTNER_DEMO: '0', ...environment };
  const dataDir = mkdtempSync(join(os.tmpdir(), `${prefix.replaceAll('_', '-')}-`));
  let dropName = null;
  if (engine === 'postgres') {
    const url = new URL(PG_URL);
    dropName = `${prefix}_${Date.now().toString(36)}`;
    url.pathname = `/${dropName}`;
    env.DATABASE_URL = url.toString();
  }
  const config = loadConfig({ ...env, DATA_DIR: dataDir });
  try {
    const started = performance.now();
    const first = await buildApp(config, { logger: false });
    let seeded;
    try {
      seeded = seed ? await seed(first, config) : undefined;
    } finally {
      await first.close();
    }
    const seconds = (performance.now() - started) / 1000;
    const prepared = prepare ? await prepare(config, { seeded, seconds }) : undefined;
    const app = await buildApp(config, { logger: false });
    try {
      const bearer = await adminToken(app, config);
      const call = async (url, body, { method = 'POST', expected = 200 } = {}) => {
        const response = await app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        });
        if (response.statusCode !== expected) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
        return response;
      };
      return await run({ app, config, bearer, call, prepared });
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (dropName) await dropDatabase(dropName);
  }
}
