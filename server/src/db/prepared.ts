/**
 * PostgreSQL prepared statements (issue 74): each pooled connection parses and plans a statement once, then only
 * binds and executes it. Kysely's PostgreSQL driver runs `client.query(text, values)`; `preparedPool` wraps the
 * pool so every client it hands out names the statements it runs (pg's query config `name`: the server keeps the
 * parsed statement for the connection's life and pg skips the Parse message once it has been parsed there).
 *
 * Contract:
 * - Named: statements with parameters that read or write rows (select, insert, update, delete, with). Those without
 *   parameters run as before (pg's simple protocol: DDL, transaction control, multi-statement migrations).
 * - Bounded: per connection at most `capacity` named statements (default PREPARED_STATEMENTS, 200); the least
 *   recently used one beyond is forgotten and DEALLOCATEd on that connection — outside a transaction, so the
 *   DEALLOCATE can neither fail into nor be lost with the caller's work. Names are never reused on a connection.
 * - Schema changes: a prepared statement whose result columns changed (`select *` after schema sync added a column:
 *   PostgreSQL's 0A000 "cached plan must not change result type"), or that the server no longer has (26000), is
 *   forgotten on that connection and, outside a transaction, run again at once, newly prepared. Inside a transaction
 *   the error aborts it; `isStalePlan` lets the unit of work run again (db/retry.ts), newly prepared then.
 * - `capacity` 0 turns naming off (PREPARED_STATEMENTS=0).
 */
import type pg from 'pg';
import type { PrimaryPool } from './primary.ts';
import { isStalePlan } from './retry.ts';

export const DEFAULT_PREPARED_STATEMENTS = 200;


/** Statements worth naming: data statements with parameters (module header). */
const NAMED = /^\s*(select|insert|update|delete|with)\b/i;
const OPENS = /^\s*(begin|start transaction)\b/i;
const ENDS = /^\s*(commit|end|rollback)\s*$/i;

interface Prepared {
  /** Statement text → its name on this connection, least recently used first. */
  names: Map<string, string>;
  next: number;
  inTransaction: boolean;
  /** Names forgotten while a transaction was open: deallocated after it. */
  dropped: string[];
}

type Query = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;

/** The pg connection's own record of parsed names (internal to pg; absent in another version, then left alone). */
function parsedOf(client: pg.PoolClient): Record<string, string> | undefined {
  return (client as unknown as { connection?: { parsedStatements?: Record<string, string> } }).connection?.parsedStatements;
}

/** Makes `client.query(text, values)` name its statements (module header); once per client. */
function prepareClient(client: pg.PoolClient, capacity: number): void {
  const original = client.query.bind(client) as unknown as (config: unknown, values?: unknown[]) => Promise<pg.QueryResult>;
  const state: Prepared = { names: new Map(), next: 0, inTransaction: false, dropped: [] };
  const forget = (text: string) => {
    const name = state.names.get(text);
    if (name === undefined) return;
    state.names.delete(text);
    const parsed = parsedOf(client);
    // Only a statement the server parsed exists there; DEALLOCATE of another would fail.
    if (parsed && parsed[name] !== undefined) {
      delete parsed[name];
      state.dropped.push(name);
    }
  };
  /** The forgotten statements' DEALLOCATE, in one round trip, before the connection's next statement. */
  const deallocate = async () => {
    if (state.inTransaction || state.dropped.length === 0) return;
    const names = state.dropped.splice(0);
    // Outside a transaction, a failure there changes nothing for the caller's statement.
    await original(names.map((name) => `DEALLOCATE ${name}`).join('; ')).catch(() => undefined);
  };
  const named = async (text: string, values: unknown[]) => {
    let name = state.names.get(text);
    if (name === undefined) {
      name = `erp_${(state.next++).toString(36)}`;
      state.names.set(text, name);
      if (state.names.size > capacity) forget(state.names.keys().next().value!);
    } else {
      // Most recently used last.
      state.names.delete(text);
      state.names.set(text, name);
    }
    if (state.dropped.length > 0) await deallocate();
    return original({ name, text, values });
  };
  const query: Query = async (text, values) => {
    // A statement already named here skips the tests below (the hot path).
    if (!values || values.length === 0 || (!state.names.has(text) && !NAMED.test(text))) {
      if (OPENS.test(text)) state.inTransaction = true;
      else if (ENDS.test(text)) state.inTransaction = false;
      const result = await original(text, values);
      if (state.dropped.length > 0) await deallocate();
      return result;
    }
    try {
      return await named(text, values);
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      forget(text);
      if (state.inTransaction) throw error;
      return named(text, values);
    }
  };
  (client as unknown as { query: unknown }).query = (text: unknown, values?: unknown[]) =>
    // Anything but (text, values) — a query config, a cursor — goes to pg as it is.
    typeof text === 'string' ? query(text, values) : original(text, values);
}

/** `pool` whose clients name their statements (module header). */
export function preparedPool(pool: PrimaryPool, capacity: number): PrimaryPool {
  if (capacity <= 0) return pool;
  const prepared = new WeakSet<pg.PoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      if (!prepared.has(client)) {
        prepareClient(client, capacity);
        prepared.add(client);
      }
      return client;
    },
    query: (text, values) => pool.query(text, values),
    end: () => pool.end(),
    get options() {
      return pool.options;
    },
  };
}
