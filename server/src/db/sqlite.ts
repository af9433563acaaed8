/**
 * The embedded SQLite engine: Node's own `node:sqlite` (built into Node 22.13+). Nothing is compiled or downloaded on
 * install — better-sqlite3, used before, needed python3, make and g++ on every machine (a minute of every fresh
 * install, CI's included) and fetched a prebuilt binary from GitHub wherever it could reach it.
 *
 * Contract (the only file that loads `node:sqlite`):
 * - `openSqlite(file, { readOnly })`: a connection (`Sqlite`). `pragma(sqlite, text)` runs one PRAGMA.
 * - `statementOf(sqlite, text)` / `reads(statement, { exact, arrays })`: node:sqlite keeps how a statement reads on the
 *   statement (integers as BigInt — exact beyond 2^53 —, rows as arrays); `reads` sets both and answers the statement.
 * - `run(statement, 'all' | 'get' | 'run' | 'iterate', parameters)`: runs it with better-sqlite3's binding rules, which
 *   the code was written to — `undefined` binds NULL, a value SQLite cannot hold (a Date, a boolean, an object) is a
 *   TypeError instead of node:sqlite's silent NULL — and an error of SQLite's carries its extended result code's name
 *   in `code` (`SQLITE_CONSTRAINT_UNIQUE` …; entities/answers.ts turns those into 409 and 422 answers).
 * - `keptStatement(sqlite, text)`: a statement of the connection kept by SQL text for the next call with the same SQL
 *   (at most KEPT_STATEMENTS a connection, the oldest dropped), with whether it returns rows; preparing costs more than
 *   most runs. A kept statement is shared: each call says how it reads (`reads`), and runs to completion (all, get, run).
 * - `kyselySqlite(sqlite, mapRow)`: the connection as Kysely's SqliteDialect sees it (Kysely prepares each query anew:
 *   its statements are kept ones), every row read exactly, through `mapRow`.
 * - `inTransaction(sqlite, work)`: BEGIN … COMMIT, ROLLBACK on a throw; `bulkConnection(sqlite)`: the connection the
 *   modules' bulk loads write through (seed/bulk-load.ts), its statements run by `run`.
 *
 * node:sqlite is "active development" in Node 22: its one ExperimentalWarning at load is not printed (the choice is
 * made here, knowingly; the API used is the stable core of it: prepare, run, all, get, iterate, function).
 */
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

export type Sqlite = DatabaseSync;
export type SqliteStatementSync = StatementSync;

/** node:sqlite, loaded once without its ExperimentalWarning (see the header). */
const sqliteModule = (() => {
  const emit = process.emitWarning;
  process.emitWarning = function (this: NodeJS.Process, warning: string | Error, ...rest: unknown[]) {
    if (String(warning instanceof Error ? warning.message : warning).startsWith('SQLite is an experimental feature')) return;
    return (emit as (...args: unknown[]) => void).call(this, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    return process.getBuiltinModule('node:sqlite');
  } finally {
    process.emitWarning = emit;
  }
})();

export function openSqlite(file: string, options: { readOnly?: boolean } = {}): Sqlite {
  return new sqliteModule.DatabaseSync(file, { readOnly: options.readOnly === true });
}

export function pragma(sqlite: Sqlite, text: string): void {
  sqlite.exec(`PRAGMA ${text}`);
}

export function statementOf(sqlite: Sqlite, text: string): SqliteStatementSync {
  return named(() => sqlite.prepare(text));
}

/** How `statement` reads from now on: exact (BigInt) integers, rows as arrays. */
export function reads(statement: SqliteStatementSync, how: { exact: boolean; arrays: boolean }): SqliteStatementSync {
  statement.setReadBigInts(how.exact);
  statement.setReturnArrays(how.arrays);
  return statement;
}

type Mode = 'all' | 'get' | 'run' | 'iterate';
type Answer<M extends Mode> = M extends 'all'
  ? unknown[]
  : M extends 'get'
    ? unknown
    : M extends 'run'
      ? { changes: number | bigint; lastInsertRowid: number | bigint }
      : IterableIterator<unknown>;

export function run<M extends Mode>(statement: SqliteStatementSync, mode: M, parameters: readonly unknown[]): Answer<M> {
  const values = bindable(parameters);
  try {
    return statement[mode](...values) as Answer<M>;
  } catch (error) {
    throw withCodeName(error);
  }
}

/** better-sqlite3's binding rules (see the header). */
function bindable(parameters: readonly unknown[]): SQLInputValue[] {
  let values: unknown[] | undefined;
  for (let i = 0; i < parameters.length; i++) {
    const value = parameters[i];
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') continue;
    if (value === undefined) {
      (values ??= [...parameters])[i] = null;
    } else if (!ArrayBuffer.isView(value)) {
      throw new TypeError(`SQLite can only bind numbers, strings, bigints, buffers and null (parameter ${i + 1} is ${typeof value})`);
    }
  }
  return (values ?? parameters) as SQLInputValue[];
}

/** SQLite's extended result codes by number (sqlite3.h), those the server names or may meet. */
const CODES = new Map<number, string>([
  [1, 'SQLITE_ERROR'],
  [4, 'SQLITE_ABORT'],
  [5, 'SQLITE_BUSY'],
  [6, 'SQLITE_LOCKED'],
  [7, 'SQLITE_NOMEM'],
  [8, 'SQLITE_READONLY'],
  [9, 'SQLITE_INTERRUPT'],
  [10, 'SQLITE_IOERR'],
  [11, 'SQLITE_CORRUPT'],
  [13, 'SQLITE_FULL'],
  [14, 'SQLITE_CANTOPEN'],
  [18, 'SQLITE_TOOBIG'],
  [19, 'SQLITE_CONSTRAINT'],
  [20, 'SQLITE_MISMATCH'],
  [25, 'SQLITE_RANGE'],
  [261, 'SQLITE_BUSY_RECOVERY'],
  [517, 'SQLITE_BUSY_SNAPSHOT'],
  [773, 'SQLITE_BUSY_TIMEOUT'],
  [275, 'SQLITE_CONSTRAINT_CHECK'],
  [531, 'SQLITE_CONSTRAINT_COMMITHOOK'],
  [787, 'SQLITE_CONSTRAINT_FOREIGNKEY'],
  [1043, 'SQLITE_CONSTRAINT_FUNCTION'],
  [1299, 'SQLITE_CONSTRAINT_NOTNULL'],
  [1555, 'SQLITE_CONSTRAINT_PRIMARYKEY'],
  [1811, 'SQLITE_CONSTRAINT_TRIGGER'],
  [2067, 'SQLITE_CONSTRAINT_UNIQUE'],
  [2323, 'SQLITE_CONSTRAINT_VTAB'],
  [2579, 'SQLITE_CONSTRAINT_ROWID'],
  [2835, 'SQLITE_CONSTRAINT_PINNED'],
  [3091, 'SQLITE_CONSTRAINT_DATATYPE'],
]);

/** The name of an extended result code: known, else its primary code's, else SQLITE_<n>. */
export function sqliteCodeName(errcode: number): string {
  return CODES.get(errcode) ?? CODES.get(errcode & 0xff) ?? `SQLITE_${errcode}`;
}

/** An error of SQLite's with its code's name in `code` (any other error as it is). */
function withCodeName(error: unknown): unknown {
  const errcode = (error as { errcode?: unknown }).errcode;
  if (typeof errcode === 'number') Object.defineProperty(error, 'code', { value: sqliteCodeName(errcode), configurable: true, writable: true, enumerable: true });
  return error;
}

/** Runs `work`; an error of SQLite's is thrown again with its code's name in `code`. */
function named<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw withCodeName(error);
  }
}

const KEPT_STATEMENTS = 500;
const keptStatements = new WeakMap<Sqlite, Map<string, { statement: SqliteStatementSync; reader: boolean }>>();

export function keptStatement(sqlite: Sqlite, text: string): { statement: SqliteStatementSync; reader: boolean } {
  let kept = keptStatements.get(sqlite);
  if (!kept) keptStatements.set(sqlite, (kept = new Map()));
  let entry = kept.get(text);
  if (!entry) {
    const statement = statementOf(sqlite, text);
    entry = { statement, reader: statement.columns().length > 0 };
    if (kept.size >= KEPT_STATEMENTS) kept.delete(kept.keys().next().value!);
    kept.set(text, entry);
  }
  return entry;
}

/** Exact integers, rows as objects: how Kysely's queries and db/read.ts's readAll / readFirst read. */
export const EXACT_OBJECTS = { exact: true, arrays: false } as const;

/**
 * The connection as Kysely's SQLite dialect sees it (see the header). An `iterate` gets a statement of its own: another
 * query may run the same SQL while it is being read.
 */
export function kyselySqlite(sqlite: Sqlite, mapRow: (row: unknown) => unknown): SqliteDatabase {
  return {
    close: () => sqlite.close(),
    prepare(text): SqliteStatement {
      const { statement, reader } = keptStatement(sqlite, text);
      if (reader) reads(statement, EXACT_OBJECTS);
      return {
        reader,
        all: (parameters) => run(statement, 'all', parameters).map(mapRow),
        run: (parameters) => run(statement, 'run', parameters),
        *iterate(parameters) {
          for (const row of run(reads(statementOf(sqlite, text), EXACT_OBJECTS), 'iterate', parameters)) yield mapRow(row);
        },
      };
    },
  };
}

export function inTransaction<T>(sqlite: Sqlite, work: () => T): T {
  sqlite.exec('BEGIN');
  try {
    const result = work();
    sqlite.exec('COMMIT');
    return result;
  } catch (error) {
    if (sqlite.isTransaction) sqlite.exec('ROLLBACK');
    throw error;
  }
}

/** What a module's bulk load writes through (seed/bulk-load.ts): statements run with `run`'s binding rules. */
export interface BulkSqlite {
  prepare(text: string): {
    run(...values: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
    get(...values: unknown[]): unknown;
    all(...values: unknown[]): unknown[];
  };
  exec(text: string): void;
}

export function bulkConnection(sqlite: Sqlite): BulkSqlite {
  return {
    prepare(text) {
      const statement = statementOf(sqlite, text);
      return {
        run: (...values) => run(statement, 'run', values),
        get: (...values) => run(statement, 'get', values),
        all: (...values) => run(statement, 'all', values),
      };
    },
    exec: (text) => named(() => sqlite.exec(text)),
  };
}
