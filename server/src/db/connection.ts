/**
 * Opens the server database: embedded SQLite (node:sqlite through db/sqlite.ts, WAL, foreign keys on) by default, or
 * PostgreSQL (pg Pool) when DATABASE_URL is a postgres URL. Both go through Kysely with the same
 * migrations and seed.
 *
 * Contract: `openDatabase(config, { migrations, prepare })` creates what is missing (the data folder, the SQLite
 * file, the PostgreSQL database itself) and runs `migrations` (the core's and the modules', handed over by the
 * caller that loaded them: db/migrations.ts names no module), runs `prepare` (the caller's seeding, db/seed.ts and
 * the modules'), then answers a `Database` handle. Without `migrations` the database is taken as migrated (a bulk
 * loader writing after the app's start). `close()` releases the connection(s).
 * Migrating and preparing are one start-up turn: instances that start together on one PostgreSQL database take
 * turns (a session advisory lock), so the second finds the first's seeds and only reconciles them — started at
 * once, both used to insert the same seed rows and one stopped on a duplicate key.
 *
 * PostgreSQL: DATABASE_URL may name several hosts, as pg_auto_failover hands them out
 * (`postgres://u@h:5432,h:5433/db?target_session_attrs=read-write`, issue 43 item 2): the pool connects to the
 * writable primary and finds it again after a failover (db/primary.ts). Every request's writing transaction
 * runs its commit hooks (db/commit-hooks.ts: the Idempotency-Key committed with the work). Each pooled connection
 * keeps its statements prepared (db/prepared.ts, PREPARED_STATEMENTS).
 */
import { mkdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import { withCommitHooks } from './commit-hooks.ts';
import { findPrimary, openPool, parseHosts } from './primary.ts';
import { DEFAULT_PREPARED_STATEMENTS, preparedPool } from './prepared.ts';
import type { DatabaseConfig } from '../config.ts';
import { capturing, lateFeed } from '../events/capture.ts';
import { migrate, type Migrations } from './migrations.ts';
import { exactRow } from './exact.ts';
import { registerFold } from './fold.ts';
import { kyselySqlite, openSqlite as openConnection, pragma, type Sqlite } from './sqlite.ts';
import type { DB } from './schema.ts';

export interface Database {
  db: Kysely<DB>;
  engine: 'sqlite' | 'postgres';
  /**
   * SQLite only: a second, read-only connection to the same file for large list reads (entities/paging.ts).
   * In WAL mode it reads the last committed state while the main connection writes, never another
   * request's open transaction. Opened on first use.
   */
  reader?: () => Sqlite;
  /** Committed record changes (events/capture.ts): the event hub attaches itself once started. */
  changes: ReturnType<typeof lateFeed>;
  /** §3 tenant info: database server ('embedded SQLite' or the PostgreSQL host). */
  server: string;
  /** §3 tenant info: database name (PostgreSQL) or file name (SQLite). */
  name: string;
  close(): Promise<void>;
}

function openSqlite(file: string, synchronous: 'full' | 'normal' = 'full'): Database {
  mkdirSync(dirname(file), { recursive: true });
  const sqlite = openConnection(file);
  // WAL lets readers run while a write is in progress; foreign keys are off by default in SQLite.
  pragma(sqlite, 'journal_mode = WAL');
  pragma(sqlite, 'foreign_keys = ON');
  pragma(sqlite, `synchronous = ${synchronous === 'normal' ? 'NORMAL' : 'FULL'}`);
  pragma(sqlite, 'busy_timeout = 5000');
  // A 32 MB page cache (the default is 2 MB): list pages and exports of large tables read from memory.
  pragma(sqlite, 'cache_size = -32768');
  // Query-planner statistics: analyzes the tables that have none or whose size changed a lot, so a
  // filter on a selective column is preferred to one on a flag (SQLite's advice for long-lived
  // connections: PRAGMA optimize at open, and again before closing).
  pragma(sqlite, 'optimize = 0x10002');
  // Lookups' accent-insensitive search (fold.ts, issue 40 item 7), on both connections.
  registerFold(sqlite);
  const changes = lateFeed();
  const db = new Kysely<DB>({ dialect: capturing(withCommitHooks(new SqliteDialect({ database: kyselySqlite(sqlite, exactRow) })), changes) });
  let reader: Sqlite | undefined;
  return {
    db,
    changes,
    engine: 'sqlite',
    server: 'embedded SQLite',
    name: basename(file),
    reader() {
      if (!reader) {
        reader = openConnection(file, { readOnly: true });
        pragma(reader, 'busy_timeout = 5000');
        pragma(reader, 'cache_size = -32768');
        registerFold(reader);
      }
      return reader;
    },
    async close() {
      try {
        pragma(sqlite, 'optimize');
      } catch {
        // closing anyway
      }
      reader?.close();
      await db.destroy();
    },
  };
}

/** Creates the PostgreSQL database named in `url` when it does not exist yet (first start), on the primary. */
async function ensurePostgresDatabase(databaseUrl: string): Promise<void> {
  const parsed = parseHosts(databaseUrl);
  const url = parsed.primaryOnly ? (await findPrimary(parsed.hosts)).url : parsed.hosts[0]!.url;
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    await probe.end();
    return;
  } catch (error) {
    await probe.end().catch(() => undefined);
    // 3D000 = invalid_catalog_name: the database does not exist. Anything else is a real failure.
    if ((error as { code?: string }).code !== '3D000') throw error;
  }
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  target.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: target.toString() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } catch (error) {
    // 42P04 = duplicate_database: another process created it meanwhile.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await admin.end();
  }
}

async function openPostgres(url: string, preparedStatements = DEFAULT_PREPARED_STATEMENTS): Promise<Database> {
  await ensurePostgresDatabase(url);
  // Idle clients that die are dropped and replaced; on a multi-host URL the pool follows the primary (primary.ts).
  // Each client keeps its statements prepared (prepared.ts).
  const pool = preparedPool(openPool(url, 10), preparedStatements);
  const changes = lateFeed();
  const db = new Kysely<DB>({ dialect: capturing(withCommitHooks(new PostgresDialect({ pool })), changes) });
  const parsed = parseHosts(url);
  return {
    db,
    changes,
    engine: 'postgres',
    server: parsed.hosts.map((host) => host.label).join(','),
    name: parsed.database,
    async close() {
      // Kysely's destroy ends the pool.
      await db.destroy();
    },
  };
}

/** The advisory lock key of the start-up turn (any fixed 64-bit number the product owns). */
const STARTUP_LOCK = 4_140_043n;

/**
 * Runs `work` as this process's start-up turn. PostgreSQL: while holding a session advisory lock on a connection
 * of its own (released when `work` ends, or by the server when this process dies). SQLite: one process owns
 * its file, so `work` runs at once.
 */
async function startupTurn(database: Database, work: () => Promise<void>): Promise<void> {
  if (database.engine !== 'postgres') return work();
  await database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK})`.execute(connection);
    try {
      await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK})`.execute(connection);
    }
  });
}

export interface OpenOptions {
  /** Every migration to bring the database to (db/migrations.ts `allMigrations`); absent: none run. */
  migrations?: Migrations;
  /** The caller's seeding, after the migrations in the same start-up turn. */
  prepare?: (database: Database) => Promise<void>;
}

/** Opens and migrates the database, then runs the caller's `prepare` (seeding) in the same start-up turn (see the module header). */
export async function openDatabase(config: DatabaseConfig, { migrations, prepare }: OpenOptions = {}): Promise<Database> {
  const database = config.kind === 'postgres' ? await openPostgres(config.url, config.preparedStatements) : openSqlite(config.file, config.synchronous);
  try {
    await startupTurn(database, async () => {
      if (migrations) await migrate(database.db, migrations);
      await prepare?.(database);
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
