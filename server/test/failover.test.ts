/**
 * Failover without loss (issue 43 item 2).
 * - A multi-host DATABASE_URL (pg_auto_failover's form) is taken apart into one-host strings, and the pool
 *   connects to the first host that is a writable primary: a dead host and a read-only one are passed over
 *   (the server below runs on `127.0.0.1:1,<the test server>`: the first host refuses).
 * - A request whose database connection is cut mid-way (its backend terminated while it waits on a lock) answers
 *   503 `database_unavailable` with Retry-After and a message in the caller's language, never 500; its retry with
 *   the same Idempotency-Key acts once.
 * - The key is committed with the work or not at all: a transaction whose key was taken over rolls back; a key
 *   whose request died before committing is taken over by the retry; one whose work committed but whose answer
 *   was lost is never run again (409 `idempotency_done`).
 * - `GET /health` answers 200 without a token (HAProxy's check) and says whether the database answers.
 * The database parts run on PostgreSQL (the test run's second half); the key's states also on SQLite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { findPrimary, openPool, parseHosts } from '../src/db/primary.ts';
import { isConnectionLoss } from '../src/db/retry.ts';
import { signIn, testConfig } from './helpers/app.ts';
import { createTestDatabase, engine, type TestDatabase } from './helpers/database.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type App = Awaited<ReturnType<typeof buildApp>>;

let database: TestDatabase;
let app: App;
let admin: string;
/** The test database's own one-host URL (PostgreSQL). */
let directUrl = '';
const db = () => app.erp.database.db as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** `postgres://u@127.0.0.1:1,h:p/db?target_session_attrs=read-write` from a one-host URL: a dead host first. */
function withDeadFirstHost(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.username ? `${parsed.username}@` : ''}127.0.0.1:1,${parsed.host}${parsed.pathname}?target_session_attrs=read-write`;
}

function send(url: string, body: unknown, key?: string, language = 'en-CA') {
  return app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${admin}`,
      'content-type': 'application/json',
      'accept-language': language,
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    payload: JSON.stringify(body),
  });
}

const entry = (description: string) => ({
  EntryDate: '2026-11-03',
  Description: description,
  Lines: [
    { AccountId: '93600', Debit: '7.00' },
    { AccountId: '93700', Credit: '7.00' },
  ],
});

const entriesNamed = async (description: string) =>
  Number(((await db().selectFrom('gl_journal_entries').select((eb) => eb.fn.countAll().as('n')).where('description', '=', description).executeTakeFirst()) as { n: unknown }).n);

beforeAll(async () => {
  database = await createTestDatabase({ template: 'core' });
  const environment = { ...database.environment };
  if (engine === 'postgres') {
    directUrl = environment['DATABASE_URL']!;
    environment['DATABASE_URL'] = withDeadFirstHost(directUrl);
  }
  app = await buildApp(testConfig(environment), { logger: false });
  admin = (await signIn(app, 'admin', 'admin')).access_token;
  for (const account of [
    { AccountId: '93600', Description: 'Failover test expense', AccountType: 'expense' },
    { AccountId: '93700', Description: 'Failover test bank', AccountType: 'asset' },
  ]) {
    expect((await send('/api/data/gl-account', account)).statusCode).toBe(201);
  }
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('a multi-host connection string', () => {
  it('is taken apart into one-host strings, in order, and demands a writable primary', () => {
    const parsed = parseHosts('postgres://erp:secret@db1:5432,db2:6432,[::1]:7432/ledger?sslmode=disable&target_session_attrs=read-write');
    expect(parsed.hosts).toEqual([
      { label: 'db1:5432', url: 'postgres://erp:secret@db1:5432/ledger?sslmode=disable' },
      { label: 'db2:6432', url: 'postgres://erp:secret@db2:6432/ledger?sslmode=disable' },
      { label: '[::1]:7432', url: 'postgres://erp:secret@[::1]:7432/ledger?sslmode=disable' },
    ]);
    expect(parsed.primaryOnly).toBe(true);
    expect(parsed.database).toBe('ledger');
    const single = parseHosts('postgres://postgres@127.0.0.1:5432/erp');
    expect(single).toEqual({ hosts: [{ label: '127.0.0.1:5432', url: 'postgres://postgres@127.0.0.1:5432/erp' }], primaryOnly: false, database: 'erp' });
    expect(parseHosts('postgresql://h/erp?target_session_attrs=primary').primaryOnly).toBe(true);
  });

  it('knows a lost connection from an SQL error', () => {
    for (const code of ['57P01', '57P02', '08006', '08001', 'ECONNREFUSED', '25006']) expect(isConnectionLoss(Object.assign(new Error('x'), { code }))).toBe(true);
    expect(isConnectionLoss(new Error('Connection terminated unexpectedly'))).toBe(true);
    for (const code of ['23505', '40P01', '42P01']) expect(isConnectionLoss(Object.assign(new Error('x'), { code }))).toBe(false);
  });
});

describe('GET /health', () => {
  it('answers without a token, never cached, saying whether the database answers', async () => {
    const answer = await app.inject({ method: 'GET', url: '/health' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe.runIf(engine === 'postgres')('the writable primary (PostgreSQL)', () => {
  it('passes over a dead host and a read-only one', async () => {
    const readOnly = `${directUrl}?options=${encodeURIComponent('-c default_transaction_read_only=on')}`;
    const chosen = await findPrimary([
      { label: 'dead', url: withDeadFirstHost(directUrl).replace(/,[^/]*/, '').replace(/\?.*$/, '') },
      { label: 'read-only', url: readOnly },
      { label: 'primary', url: directUrl },
    ]);
    expect(chosen.label).toBe('primary');
    await expect(findPrimary([{ label: 'read-only', url: readOnly }])).rejects.toMatchObject({ code: '08001' });
  });

  it('serves the API through the multi-host string, on the live host', async () => {
    expect(app.erp.database.server).toBe(`127.0.0.1:1,${new URL(directUrl).host}`);
    const pool = openPool(withDeadFirstHost(directUrl), 2);
    try {
      const { rows } = await pool.query('SELECT inet_server_port() AS port');
      expect(String(rows[0].port)).toBe(new URL(directUrl).port || '5432');
    } finally {
      await pool.end();
    }
  });

  it('answers a request cut mid-way 503 "try again", and its retry with the same key acts once', async () => {
    const adminClient = new pg.Client({ connectionString: directUrl });
    await adminClient.connect();
    try {
      // The request's insert waits on this lock; its backend is then ended like a dying primary's.
      await adminClient.query('BEGIN');
      await adminClient.query('LOCK TABLE gl_journal_entries IN ACCESS EXCLUSIVE MODE');
      const cut = send('/api/data/gl-journal-entry', entry('Cut mid-way'), 'failover-cut-1', 'fr-CA');
      const waiting = async (): Promise<number> => {
        for (;;) {
          const { rows } = await adminClient.query<{ pid: number }>(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
          );
          if (rows[0]) return rows[0].pid;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      const pid = await waiting();
      await adminClient.query('SELECT pg_terminate_backend($1)', [pid]);
      const answer = await cut;
      await adminClient.query('ROLLBACK');
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.headers['retry-after']).toBe('2');
      const body = answer.json() as Json;
      expect(body.ResultCode).toBe('database_unavailable');
      expect(body.Message).toMatch(/^La connexion à la base de données a été perdue/);
      expect(await entriesNamed('Cut mid-way')).toBe(0);
      const retry = await send('/api/data/gl-journal-entry', entry('Cut mid-way'), 'failover-cut-1');
      expect(retry.statusCode, retry.body).toBe(201);
      const again = await send('/api/data/gl-journal-entry', entry('Cut mid-way'), 'failover-cut-1');
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toBe(retry.body);
      expect(await entriesNamed('Cut mid-way')).toBe(1);
    } finally {
      await adminClient.end();
    }
  });

  it('rolls the work back when its key was taken over before it committed', async () => {
    const adminClient = new pg.Client({ connectionString: directUrl });
    await adminClient.connect();
    try {
      await adminClient.query('BEGIN');
      await adminClient.query('LOCK TABLE gl_journal_entries IN ACCESS EXCLUSIVE MODE');
      const slow = send('/api/data/gl-journal-entry', entry('Taken over'), 'failover-taken-1');
      for (;;) {
        const { rows } = await adminClient.query("SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()");
        if (rows.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // As a retry does once the first request's lease ran out.
      await db().updateTable('idempotency_keys').set({ state: 'running:another-request' }).where('idempotency_key', '=', 'failover-taken-1').execute();
      await adminClient.query('ROLLBACK');
      const answer = await slow;
      expect(answer.statusCode, answer.body).toBe(409);
      expect((answer.json() as Json).ResultCode).toBe('idempotency_in_progress');
      expect(await entriesNamed('Taken over')).toBe(0);
    } finally {
      await adminClient.end();
    }
  });
});

describe('the key follows the work', () => {
  it('is taken over by a retry when its request died before committing', async () => {
    const first = await send('/api/data/gl-journal-entry', entry('Died before commit'), 'failover-died-1');
    expect(first.statusCode).toBe(201);
    // Make it look like a request that claimed the key and died: its lease ran out, nothing committed.
    await db().deleteFrom('gl_journal_entries').where('description', '=', 'Died before commit').execute();
    await db().updateTable('idempotency_keys').set({ state: 'running:dead-request', created_at: Date.now() - 60_000, body: null, status_code: null }).where('idempotency_key', '=', 'failover-died-1').execute();
    const retry = await send('/api/data/gl-journal-entry', entry('Died before commit'), 'failover-died-1');
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await entriesNamed('Died before commit')).toBe(1);
  });

  it('is never run again once its work committed, even when its answer was lost', async () => {
    const first = await send('/api/data/gl-journal-entry', entry('Answer lost'), 'failover-lost-1');
    expect(first.statusCode).toBe(201);
    const lost = () => db().updateTable('idempotency_keys').set({ state: 'committed:lost-request', body: null, status_code: null }).where('idempotency_key', '=', 'failover-lost-1');
    // Within the lease the first request may still answer: in progress.
    await lost().set({ created_at: Date.now() }).execute();
    const early = await send('/api/data/gl-journal-entry', entry('Answer lost'), 'failover-lost-1');
    expect(early.statusCode).toBe(409);
    expect((early.json() as Json).ResultCode).toBe('idempotency_in_progress');
    await lost().set({ created_at: Date.now() - 60_000 }).execute();
    const late = await send('/api/data/gl-journal-entry', entry('Answer lost'), 'failover-lost-1', 'zh-CN');
    expect(late.statusCode).toBe(409);
    expect((late.json() as Json).ResultCode).toBe('idempotency_done');
    expect((late.json() as Json).Message).toBe('此请求已经执行，但其回复未被保留。请先核对结果，再决定是否重做。');
    expect(await entriesNamed('Answer lost')).toBe(1);
  });

});
