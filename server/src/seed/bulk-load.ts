/**
 * One bulk load for `seed:large` (each module's `serverModule.large`), on either engine: a connection of its own,
 * one transaction, then the statistics the planner needs — on PostgreSQL VACUUM ANALYZE of the tables it filled
 * (what autovacuum does after a bulk load: statistics, and the visibility map that lets counts over an index skip
 * the table), on SQLite `optimize` and ANALYZE — so the first benchmark after a seed measures the steady state.
 * Rolled back whole on any error. The global search index (server/src/search/) is written by triggers inside the load's
 * transaction like any other write; afterwards its statistics are taken too (PostgreSQL: `search_index` and its
 * `search_words`), and SQLite's FTS5 segments merged.
 */
import pg from 'pg';
import { bulkConnection, inTransaction, openSqlite, pragma, type BulkSqlite } from '../db/sqlite.ts';

export function bulkLoadSqlite<T>(file: string, load: (sqlite: BulkSqlite) => T): T {
  const sqlite = openSqlite(file);
  pragma(sqlite, 'journal_mode = WAL');
  pragma(sqlite, 'busy_timeout = 5000');
  try {
    const result = inTransaction(sqlite, () => load(bulkConnection(sqlite)));
    if (sqlite.prepare("select 1 from sqlite_master where name = 'search_fts'").get()) sqlite.exec("insert into search_fts(search_fts) values ('optimize')");
    pragma(sqlite, 'optimize');
    sqlite.exec('ANALYZE');
    return result;
  } finally {
    sqlite.close();
  }
}

export async function bulkLoadPostgres<T>(url: string, analyze: readonly string[], load: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    const result = await load(client);
    await client.query('commit');
    for (const table of analyze) await client.query(`vacuum analyze ${table}`);
    // The search tables too: without statistics on search_words the planner sorts every match of a word's prefix
    // (a second per keystroke at 4.6 million words) instead of reading the range in order up to its LIMIT.
    if ((await client.query("select to_regclass('search_index') as name")).rows[0]?.name) await client.query('vacuum analyze search_index, search_words');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
