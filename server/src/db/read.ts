/**
 * Fast reads for hot paths (authentication on every request, list pages): on SQLite a Kysely query is
 * compiled once per call and run on the read-only connection (Database.reader) through a cache of
 * prepared statements — Kysely's SQLite driver prepares every statement anew. The reader sees the last
 * committed state (WAL), so a change applies to the next request. PostgreSQL runs the query as usual.
 * Integers beyond ±2^53 (SUMs of money units) are read as BigInt, exactly (`exactRow`, issue 22 item 10).
 *
 * Issue 74: the hottest statements (the caller's users row, a record by its key) are built and compiled by Kysely once
 * (`compiledOnce`) and run with each call's values (`withValues`, `readFirstCompiled`): building and compiling a query
 * costs more CPU than PostgreSQL spends answering it.
 */
import { createQueryId, type Compilable, type CompiledQuery } from 'kysely';
import type { Database } from './connection.ts';
import { exactRow } from './exact.ts';
import { countStatement } from './query-count.ts';
import { EXACT_OBJECTS, keptStatement, reads, run, type Sqlite, type SqliteStatementSync } from './sqlite.ts';

/**
 * A statement of `reader` kept for the next call with the same SQL (db/sqlite.ts `keptStatement`), reading `how`; each
 * call runs it once (it counts one statement for the request, db/query-count.ts).
 */
export function prepared(reader: Sqlite, text: string, how: { exact: boolean; arrays: boolean }): SqliteStatementSync {
  countStatement();
  return reads(keptStatement(reader, text).statement, how);
}

interface Executable<T> extends Compilable<T> {
  execute(): Promise<T[]>;
}

/** Every row of a select, as objects. */
export async function readAll<T>(database: Pick<Database, 'reader'>, query: Executable<T>): Promise<T[]> {
  if (!database.reader) return query.execute();
  const compiled = query.compile();
  return (run(prepared(database.reader(), compiled.sql, EXACT_OBJECTS), 'all', compiled.parameters) as T[]).map(exactRow);
}

/** The first row of a select, or undefined. */
export async function readFirst<T>(database: Pick<Database, 'reader'>, query: Executable<T>): Promise<T | undefined> {
  if (!database.reader) return (await query.execute())[0];
  const compiled = query.compile();
  return exactRow(run(prepared(database.reader(), compiled.sql, EXACT_OBJECTS), 'get', compiled.parameters) as T | undefined);
}

/** A stand-in value a statement is compiled with (`compiledOnce`); each run puts its own values in its place. */
export const PLACEHOLDER = '\u0000erp-placeholder\u0000';

/**
 * `build()` compiled once per `owner` (a Kysely handle, a definition …) and `key`, then kept: the SQL of a query whose
 * parameters are exactly `count` PLACEHOLDERs (anything else — a constant the builder inlined as a parameter — is not
 * kept, and compiled again each call, so a value can never be run with another call's constant).
 */
export function compiledOnce<O>(owner: object, key: string, count: number, build: () => Compilable<O>): CompiledQuery<O> {
  let byKey = compiledCache.get(owner);
  if (!byKey) compiledCache.set(owner, (byKey = new Map()));
  const kept = byKey.get(key) as CompiledQuery<O> | undefined;
  if (kept) return kept;
  const compiled = build().compile();
  if (compiled.parameters.length === count && compiled.parameters.every((value) => value === PLACEHOLDER)) byKey.set(key, compiled);
  return compiled;
}

const compiledCache = new WeakMap<object, Map<string, CompiledQuery<unknown>>>();

/**
 * A compiled statement (compiledOnce) with this call's values in the placeholders' places, in order; a parameter that is
 * not a placeholder (a statement compiledOnce did not keep) stays as compiled.
 */
export function withValues<O>(compiled: CompiledQuery<O>, values: readonly unknown[]): CompiledQuery<O> {
  let next = 0;
  const parameters = compiled.parameters.map((value) => (value === PLACEHOLDER ? values[next++] : value));
  if (next !== values.length) throw new Error(`withValues: ${values.length} values for ${next} placeholders`);
  return { query: compiled.query, queryId: createQueryId(), sql: compiled.sql, parameters };
}

/** `readFirst` of a statement compiled once (compiledOnce), with this call's values. */
export async function readFirstCompiled<T>(database: Pick<Database, 'reader' | 'db'>, compiled: CompiledQuery<T>, values: readonly unknown[]): Promise<T | undefined> {
  const bound = withValues(compiled, values);
  if (!database.reader) return (await database.db.executeQuery(bound)).rows[0];
  return exactRow(run(prepared(database.reader(), bound.sql, EXACT_OBJECTS), 'get', bound.parameters) as T | undefined);
}
