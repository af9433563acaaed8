/**
 * Issue 74: PostgreSQL prepared statements (db/prepared.ts). On PostgreSQL: statements with parameters are prepared
 * once per connection and reused, whatever types their parameters come as; at most `capacity` stay prepared on a
 * connection; a `select *` prepared before a column is added (schema sync on another instance) still answers,
 * outside a transaction at once and inside one through the unit of work's retry (db/retry.ts). On both engines:
 * the server's own reads (the signed-in user's row is read with `select *` by every call) keep answering after a
 * column is added to a table under them.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPool, type PrimaryPool } from '../src/db/primary.ts';
import { preparedPool } from '../src/db/prepared.ts';
import { isStalePlan } from '../src/db/retry.ts';
import { isConcurrencyAbort } from '../src/db/retry.ts';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { createTestDatabase, engine, type TestDatabase } from './helpers/database.ts';
import { call } from './helpers/entities.ts';

/** The statements prepared on `client`'s connection, by their text. */
async function preparedOn(client: pg.PoolClient): Promise<string[]> {
  // No parameters: not named itself.
  const { rows } = await client.query<{ statement: string }>('select statement from pg_prepared_statements order by prepare_time');
  return rows.map((row) => row.statement);
}

describe.skipIf(engine !== 'postgres')('prepared statements on a PostgreSQL connection', () => {
  let database: TestDatabase;
  let pool: PrimaryPool;
  let other: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = database.environment['DATABASE_URL']!;
    // Single-connection pools: every call below runs on the same connection.
    pool = preparedPool(openPool(url, 1), 3);
    other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query('create table sample (id integer primary key, name text, amount numeric(12, 2))');
    await other.query("insert into sample values (1, 'one', 1.50), (2, 'two', 2.25)");
  });
  afterAll(async () => {
    await other?.end();
    await pool?.end();
    await database?.drop();
  });

  it('prepares a statement once per connection and reuses it, whatever types its parameters come as', async () => {
    const client = await pool.connect();
    try {
      const text = 'select id, name, amount from sample where id = $1';
      expect((await client.query(text, [1])).rows).toEqual([{ id: 1, name: 'one', amount: '1.50' }]);
      // The same statement with the key as text, then as a big integer: the parameter's type is the column's.
      expect((await client.query(text, ['2'])).rows[0]?.name).toBe('two');
      expect((await client.query(text, [1n])).rows[0]?.name).toBe('one');
      expect((await preparedOn(client)).filter((statement) => statement === text)).toHaveLength(1);
      // Statements without parameters (transaction control, DDL) are not prepared.
      expect(await preparedOn(client)).not.toContain('select statement from pg_prepared_statements order by prepare_time');
      // A value of the wrong type fails as it would unprepared, and the connection goes on.
      await expect(client.query(text, ['not a number'])).rejects.toThrow(/invalid input syntax/);
      expect((await client.query(text, [2])).rows[0]?.name).toBe('two');
    } finally {
      client.release();
    }
  });

  it('reads the rows of a named statement as pg reads them unnamed: same keys in the same order, same values, again and again', async () => {
    const client = await pool.connect();
    try {
      // Types, nulls, a repeated column name, a column named like an index (ordered first), a changing row count.
      const text =
        "select id, name, amount, id > $1 as big, null::text as nothing, now()::date = current_date as today, 'x' as name, 7 as \"2\", array[id, 2] as ids from sample where id >= $1 order by id";
      const unnamed = async (from: number) => (await other.query(text, [from])).rows as Record<string, unknown>[];
      for (const from of [1, 2, 3, 1]) {
        const result = await client.query(text, [from]);
        const expected = await unnamed(from);
        expect(result.rows).toEqual(expected);
        expect(result.rows.map((row) => Object.keys(row))).toEqual(expected.map((row) => Object.keys(row)));
        expect(result.rowCount).toBe(expected.length);
        expect(result.command).toBe('SELECT');
        expect(result.fields.map((field) => field.name)).toEqual(['id', 'name', 'amount', 'big', 'nothing', 'today', 'name', '2', 'ids']);
      }
      expect((await preparedOn(client)).filter((statement) => statement === text)).toHaveLength(1);
      // A write's count, through the same path.
      const update = await client.query('update sample set name = name where id = $1', [1]);
      expect(update.rowCount).toBe(1);
      expect(update.command).toBe('UPDATE');
    } finally {
      client.release();
    }
  });

  it('keeps at most its capacity of statements prepared on a connection (the least recently used dropped)', async () => {
    const client = await pool.connect();
    try {
      const texts = [1, 2, 3, 4, 5].map((n) => `select id, ${n} as n from sample where id = $1`);
      for (const text of texts) expect((await client.query(text, [1])).rows).toHaveLength(1);
      // The drops are sent before the connection's next statement.
      await client.query('select 1');
      const prepared = await preparedOn(client);
      expect(prepared.length).toBeLessThanOrEqual(3);
      expect(prepared).toEqual(expect.arrayContaining(texts.slice(2)));
      // A dropped statement is prepared again when it comes back.
      expect((await client.query(texts[0]!, [2])).rows[0]?.n).toBe(1);
      expect(await preparedOn(client)).toContain(texts[0]);
    } finally {
      client.release();
    }
  });

  it('answers a select * prepared before a column was added: at once outside a transaction, by the retry inside one', async () => {
    const client = await pool.connect();
    try {
      const text = 'select * from sample where id = $1';
      expect(Object.keys((await client.query(text, [1])).rows[0]!)).toEqual(['id', 'name', 'amount']);
      // Another connection (schema sync on another instance) changes what `*` means.
      await other.query('alter table sample add column note text');
      expect((await client.query(text, [1])).rows[0]).toEqual({ id: 1, name: 'one', amount: '1.50', note: null });

      await other.query('alter table sample add column extra integer');
      await client.query('begin');
      const failure = await client.query(text, [1]).then(
        () => null,
        (error: unknown) => error,
      );
      await client.query('rollback');
      // PostgreSQL refuses the stale plan in a transaction (it cannot be run again there); the unit of work can.
      expect(failure).not.toBeNull();
      expect(isStalePlan(failure)).toBe(true);
      expect(isConcurrencyAbort(failure)).toBe(true);
      await client.query('begin');
      expect((await client.query(text, [2])).rows[0]).toEqual({ id: 2, name: 'two', amount: '2.25', note: null, extra: null });
      await client.query('commit');
    } finally {
      client.release();
    }
  });

  it('names nothing with a capacity of 0 (PREPARED_STATEMENTS=0)', async () => {
    const plain = preparedPool(openPool(database.environment['DATABASE_URL']!, 1), 0);
    const client = await plain.connect();
    try {
      await client.query('select id from sample where id = $1', [1]);
      expect(await preparedOn(client)).toEqual([]);
    } finally {
      client.release();
      await plain.end();
    }
  });
});

describe(`the server's reads after a column is added under them (${engine})`, () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startServer();
    admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  });
  afterAll(async () => server?.stop());

  it('reads a record and writes one before and after the users and firms tables gain a column', async () => {
    const read = async () => {
      const response = await call(server.app, 'GET', '/api/data/firm/B100', admin);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().Data as Record<string, unknown>;
    };
    const before = await read();
    await read();
    const db = server.app.erp.database.db;
    await sql`alter table users add column capacity_probe text`.execute(db);
    await sql`alter table firms add column capacity_probe text`.execute(db);
    expect(await read()).toEqual(before);
    const created = await call(server.app, 'POST', '/api/data/firm', admin, { FirmId: 'PREP1', Name: 'Prepared firm', FirmTypes: ['bill-to'], ProvinceCode: 'ON' });
    expect(created.statusCode, created.body).toBe(201);
    const again = await call(server.app, 'GET', '/api/data/firm/PREP1', admin);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().Data.Name).toBe('Prepared firm');
  });
});
