/**
 * Reads that tolerate seconds of lag, from a standby (issue 43 item 3): READ_DATABASE_URL (optional) names a
 * PostgreSQL standby — a streaming replica of DATABASE_URL — and reports (their pages, .xlsx and PDFs) and the global
 * search read from it, so the heavy reads stay off the primary. Everything that writes, or must read its own writes
 * (saves, actions, processes, rights, sign-in, a report's e-mail with its audit row), stays on the primary.
 *
 * Contract: `openReadDatabase(url, primary)` answers a `ReadDatabase`:
 * - `database`: a `Database` handle for reads — a second Kysely on its own small pool when a URL is given (never
 *   migrated or seeded: the standby is the primary's copy), else the primary's own handle;
 * - `standby`: whether reads go elsewhere than the primary;
 * - `asOf()`: the time the read data is current as of (ISO 8601): on a server in recovery (a standby) the commit
 *   time of the last transaction it replayed, `pg_last_xact_replay_timestamp()`; on a primary `now()`; on SQLite the
 *   clock. The report shows it ("As of 14:02:07"): a lower bound, read before the report's own query.
 * - `close()` ends the standby's pool (the primary's handle is the app's to close).
 * The function names are left unqualified on purpose: resolved through the server's search path as any query is.
 */
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { lateFeed } from '../events/capture.ts';
import type { Database } from './connection.ts';
import type { DB } from './schema.ts';

export interface ReadDatabase {
  database: Database;
  standby: boolean;
  asOf(): Promise<string>;
  close(): Promise<void>;
}

async function postgresAsOf(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ at: Date | string }>`
    select case when pg_is_in_recovery() then coalesce(pg_last_xact_replay_timestamp(), now()) else now() end as at`.execute(db);
  const at = rows[0]?.at;
  return at instanceof Date ? at.toISOString() : new Date(String(at)).toISOString();
}

export function openReadDatabase(url: string | null, primary: Database): ReadDatabase {
  if (!url) {
    return {
      database: primary,
      standby: false,
      asOf: async () => (primary.engine === 'postgres' ? postgresAsOf(primary.db) : new Date().toISOString()),
      close: async () => undefined,
    };
  }
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // As the primary's pool: a dropped idle connection is replaced, never a crash.
  pool.on('error', (error) => console.warn(`PostgreSQL standby: an idle connection failed (${error.message}); it is replaced.`));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const parsed = new URL(url);
  const database: Database = {
    db,
    engine: 'postgres',
    changes: lateFeed(),
    server: parsed.port ? `${parsed.hostname}:${parsed.port}` : parsed.hostname || 'localhost',
    name: decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'postgres',
    close: () => db.destroy(),
  };
  return { database, standby: true, asOf: () => postgresAsOf(db), close: () => db.destroy() };
}
