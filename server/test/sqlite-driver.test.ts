/**
 * The embedded SQLite engine's contract (db/sqlite.ts): node:sqlite run with the binding rules the server was written
 * to, SQLite's error codes by name (entities/answers.ts reads them), exact integers through Kysely, transactions.
 */
import { Kysely, sql, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exactRow } from '../src/db/exact.ts';
import { bulkConnection, inTransaction, kyselySqlite, openSqlite, reads, run, sqliteCodeName, statementOf, type Sqlite } from '../src/db/sqlite.ts';

let sqlite: Sqlite;
beforeEach(() => {
  sqlite = openSqlite(':memory:');
  sqlite.exec('pragma foreign_keys = on; create table firm (id text primary key, name text unique, parent text references firm(id), amount integer)');
});
afterEach(() => {
  if (sqlite.isOpen) sqlite.close();
});

const errorOf = (work: () => unknown): Error & { code?: string } => {
  try {
    work();
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('expected an error');
};

describe('binding (db/sqlite.ts run)', () => {
  it('binds undefined as NULL, and refuses what SQLite cannot hold instead of storing NULL', () => {
    run(statementOf(sqlite, 'insert into firm (id, name) values (?, ?)'), 'run', ['A', undefined]);
    expect(run(statementOf(sqlite, 'select name from firm where id = ?'), 'get', ['A'])).toEqual({ name: null });
    for (const value of [new Date(), true, { id: 1 }]) {
      const error = errorOf(() => run(statementOf(sqlite, 'insert into firm (id, name) values (?, ?)'), 'run', ['B', value]));
      expect(error).toBeInstanceOf(TypeError);
      expect(error.message).toMatch(/parameter 2/);
    }
    expect(run(statementOf(sqlite, 'select count(*) as n from firm'), 'get', [])).toEqual({ n: 1 });
  });

  it('binds bytes, bigints and numbers as they are', () => {
    run(statementOf(sqlite, 'insert into firm (id, amount) values (?, ?)'), 'run', ['A', 2n ** 60n]);
    const statement = reads(statementOf(sqlite, 'select amount, ? as bytes from firm'), { exact: true, arrays: true });
    const [amount, bytes] = run(statement, 'get', [Buffer.from('hé')]) as [bigint, Uint8Array];
    expect(amount).toBe(2n ** 60n);
    expect(Buffer.from(bytes).toString()).toBe('hé');
  });
});

describe("SQLite's errors by name", () => {
  it('names the constraint a write broke, as entities/answers.ts reads it', () => {
    const insert = statementOf(sqlite, 'insert into firm (id, name, parent) values (?, ?, ?)');
    run(insert, 'run', ['A', 'Acme', null]);
    expect(errorOf(() => run(insert, 'run', ['B', 'Acme', null])).code).toBe('SQLITE_CONSTRAINT_UNIQUE');
    expect(errorOf(() => run(insert, 'run', ['A', 'Other', null])).code).toBe('SQLITE_CONSTRAINT_PRIMARYKEY');
    expect(errorOf(() => run(insert, 'run', ['C', 'Third', 'nobody'])).code).toBe('SQLITE_CONSTRAINT_FOREIGNKEY');
    expect(errorOf(() => statementOf(sqlite, 'select nothing from nowhere')).code).toBe('SQLITE_ERROR');
  });

  it('names an extended code it does not list by its primary code', () => {
    expect(sqliteCodeName(2067)).toBe('SQLITE_CONSTRAINT_UNIQUE');
    expect(sqliteCodeName(19 | (42 << 8))).toBe('SQLITE_CONSTRAINT');
    expect(sqliteCodeName(99)).toBe('SQLITE_99');
  });
});

describe('through Kysely (kyselySqlite)', () => {
  it('reads integers beyond 2^53 exactly and answers a write its changes and row id', async () => {
    const db = new Kysely<{ firm: { id: string; amount: number | bigint | null } }>({ dialect: new SqliteDialect({ database: kyselySqlite(sqlite, exactRow) }) });
    const written = await db.insertInto('firm').values({ id: 'A', amount: 2 ** 52 }).executeTakeFirst();
    expect(written.numInsertedOrUpdatedRows).toBe(1n);
    await db.insertInto('firm').values({ id: 'B', amount: 2 ** 52 }).execute();
    const row = await db.selectFrom('firm').select((eb) => eb.fn.sum<bigint>('amount').as('total')).executeTakeFirstOrThrow();
    expect(row.total).toBe(2n ** 53n);
    const small = await db.selectFrom('firm').select('amount').where('id', '=', 'A').executeTakeFirstOrThrow();
    expect(small.amount).toBe(2 ** 52);
    await expect(sql`insert into firm (id) values ('A')`.execute(db)).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' });
  });
});

describe('transactions and bulk loads', () => {
  it('commits the work, or rolls all of it back when it throws', () => {
    const bulk = bulkConnection(sqlite);
    inTransaction(sqlite, () => bulk.prepare('insert into firm (id, name) values (?, ?)').run('A', undefined));
    expect(() =>
      inTransaction(sqlite, () => {
        bulk.prepare('insert into firm (id) values (?)').run('B');
        bulk.prepare('insert into firm (id) values (?)').run('A');
      }),
    ).toThrow(expect.objectContaining({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' }));
    expect(bulk.prepare('select id from firm order by id').all()).toEqual([{ id: 'A' }]);
    expect(sqlite.isTransaction).toBe(false);
  });
});
