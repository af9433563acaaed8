/**
 * Issue 43 item 3: reports read from READ_DATABASE_URL (a standby) and say as of when. On this machine the
 * "standby" is a copy of the primary (CREATE DATABASE … TEMPLATE) whose one vendor has a name only the copy holds,
 * and whose replay clock is made to read 14:02:07 (its own `pg_is_in_recovery` / `pg_last_xact_replay_timestamp`,
 * found first on its search path): a report showing that name and that time was read there. Writes and rights stay
 * on the primary. Without READ_DATABASE_URL (both engines) the report reads the primary and is as of now.
 */
import ExcelJS from 'exceljs';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { signIn, startServer, testConfig, type TestServer } from './helpers/app.ts';
import { createTestDatabase, engine, type TestDatabase } from './helpers/database.ts';
import { call } from './helpers/entities.ts';
import { pdfText } from './helpers/pdf-text.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const REPORT = '/api/reports/ap-vendor-list';
const PARAMETERS = { Parameters: { Active: 'all' } };
const STANDBY_NAME = 'Standby Only Vendor';
const REPLAYED = '2026-11-25T14:02:07.000Z';

describe('READ_DATABASE_URL in the configuration', () => {
  it('is optional, a postgres URL, and only beside a PostgreSQL primary', () => {
    expect(loadConfig({}).readDatabaseUrl).toBeNull();
    expect(loadConfig({ DATABASE_URL: 'postgres://p@db1/erp', READ_DATABASE_URL: 'postgres://p@db2/erp' }).readDatabaseUrl).toBe('postgres://p@db2/erp');
    expect(() => loadConfig({ READ_DATABASE_URL: 'postgres://p@db2/erp' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://p@db1/erp', READ_DATABASE_URL: 'mysql://db2/erp' })).toThrow(/READ_DATABASE_URL/);
  });
});

describe('without a standby', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server?.stop());

  it('reads the primary, as of now', async () => {
    const admin = (await signIn(server.app, 'admin', 'admin')).access_token;
    const before = Date.now();
    const page = (await call(server.app, 'POST', `${REPORT}/run`, admin, PARAMETERS)).json() as Json;
    expect(page.ResultStatus, JSON.stringify(page).slice(0, 300)).toBe(1);
    expect(server.app.erp.reads.standby).toBe(false);
    // The database's clock (PostgreSQL) or this one's (SQLite): within a minute of the call either way.
    expect(Math.abs(Date.parse(page.AsOf as string) - before)).toBeLessThan(60_000);
  });
});

describe.skipIf(engine !== 'postgres')('with a standby (PostgreSQL)', () => {
  let primary: TestDatabase;
  let standbyName: string;
  let standbyUrl: string;
  let app: FastifyInstance;
  let admin: string;
  let vendor: { firm_id: string; name: string };
  const adminUrl = () => process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const client = async (url: string) => {
    const connected = new pg.Client({ connectionString: url });
    await connected.connect();
    return connected;
  };

  beforeAll(async () => {
    primary = await createTestDatabase({ template: 'core' });
    const primaryName = new URL(primary.environment.DATABASE_URL!).pathname.slice(1);
    standbyName = `${primaryName}_standby_${randomBytes(3).toString('hex')}`;
    const admin_ = await client(adminUrl());
    try {
      await admin_.query(`CREATE DATABASE ${standbyName} TEMPLATE ${primaryName}`);
      await admin_.query(`ALTER DATABASE ${standbyName} SET search_path = public, pg_catalog`);
    } finally {
      await admin_.end();
    }
    const url = new URL(adminUrl());
    url.pathname = `/${standbyName}`;
    standbyUrl = url.toString();
    const standby = await client(standbyUrl);
    try {
      vendor = (await standby.query<{ firm_id: string; name: string }>('select firm_id, name from firms where is_vendor order by firm_id limit 1')).rows[0]!;
      await standby.query('update firms set name = $1 where firm_id = $2', [STANDBY_NAME, vendor.firm_id]);
      // A server in recovery whose last replayed commit was at 14:02:07 UTC.
      await standby.query('create function public.pg_is_in_recovery() returns boolean language sql as $$ select true $$');
      await standby.query(`create function public.pg_last_xact_replay_timestamp() returns timestamptz language sql as $$ select timestamptz '${REPLAYED}' $$`);
    } finally {
      await standby.end();
    }
    app = await buildApp(testConfig({ ...primary.environment, READ_DATABASE_URL: standbyUrl }), { logger: false });
    admin = (await signIn(app, 'admin', 'admin')).access_token;
  });

  afterAll(async () => {
    await app?.close();
    await primary?.drop();
    const admin_ = await client(adminUrl());
    await admin_.query(`DROP DATABASE IF EXISTS ${standbyName} WITH (FORCE)`).finally(() => admin_.end());
  });

  it('serves the report page from the standby, as of its last replayed commit', async () => {
    expect(app.erp.reads.standby).toBe(true);
    const page = (await call(app, 'POST', `${REPORT}/run`, admin, PARAMETERS)).json() as Json;
    const row = (page.List as Json[]).find((one) => one.FirmId === vendor.firm_id);
    expect(row?.FirmName).toBe(STANDBY_NAME);
    expect(page.AsOf).toBe(REPLAYED);
    // The primary never held that name: the read went to the standby.
    const primaryRow = await app.erp.database.db.selectFrom('firms').select('name').where('firm_id', '=', vendor.firm_id).executeTakeFirstOrThrow();
    expect(primaryRow.name).toBe(vendor.name);
  });

  it('writes the as-of time on the PDF and in the .xlsx, in the user’s language and zone', async () => {
    const download = (kind: 'pdf' | 'xlsx') =>
      app.inject({ method: 'POST', url: `${REPORT}/${kind}`, headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'x-time-zone': 'America/Toronto' }, payload: PARAMETERS });
    const pdf = await download('pdf');
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain(STANDBY_NAME);
    // 14:02:07 UTC is 9:02:07 a.m. in Toronto (EST) that day.
    expect(text).toMatch(/As of Nov 25, 2026, 9:02:07 a\.m\. EST/);
    const xlsx = await download('xlsx');
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(String(sheet.getRow(2).getCell(1).value).replace(/\s/g, ' ')).toMatch(/As of Nov 25, 2026, 9:02:07 a\.m\. EST$/);
    const names: string[] = [];
    sheet.eachRow((one) => names.push(String(one.getCell(2).value)));
    expect(names).toContain(STANDBY_NAME);
  });

  it('answers the global search from the standby; saves stay on the primary', async () => {
    const search = (await call(app, 'GET', `/api/search?Search=${encodeURIComponent('Standby Only')}`, admin)).json() as Json;
    expect((search.List as Json[]).map((hit) => hit.Id)).toContain(vendor.firm_id);
    // A save goes to the primary (and is not on the standby, which this copy never follows).
    const saved = await call(app, 'POST', '/api/data/configuration', admin, { ControlId: 'STANDBY.PROBE', Description: 'Primary only', ControlValue: 'x' });
    expect(saved.statusCode, saved.body).toBe(201);
    const onStandby = await app.erp.reads.database.db.selectFrom('configurations' as never).select('control_id' as never).where('control_id' as never, '=', 'STANDBY.PROBE' as never).executeTakeFirst();
    expect(onStandby).toBeUndefined();
  });
});
