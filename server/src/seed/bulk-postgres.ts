/**
 * One bulk load on PostgreSQL for `seed:large` (each module's `serverModule.large`): a client of its own, one
 * transaction, then VACUUM ANALYZE of the tables it filled — what autovacuum does after a bulk load (statistics,
 * and the visibility map that lets counts over an index skip the table), so the first benchmark after a seed
 * measures the steady state. Rolled back whole on any error.
 */
import pg from 'pg';

export async function bulkLoadPostgres<T>(url: string, analyze: readonly string[], load: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    const result = await load(client);
    await client.query('commit');
    for (const table of analyze) await client.query(`vacuum analyze ${table}`);
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
