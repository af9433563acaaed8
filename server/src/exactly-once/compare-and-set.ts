/**
 * Compare-and-set (issue 39 item 1b): a state change names the state it read (`… WHERE status = 'Prepared'`) and
 * checks how many rows it changed. `changedExactly(result, expected)` throws a 409 BusinessError (`changed`, "The
 * record was changed by someone else …") when another writer got there first, which rolls the caller's
 * transaction back: the loser leaves no effect, whatever it had written before.
 */
import { PostgresAdapter, sql, type Transaction } from 'kysely';
import { BusinessError } from '../entities/call-result.ts';

/** What Kysely's update and delete answer. */
type Changed = { numUpdatedRows: bigint } | { numDeletedRows: bigint } | readonly ({ numUpdatedRows: bigint } | { numDeletedRows: bigint })[];

export function changedExactly(result: Changed, expected: number): void {
  const results = Array.isArray(result) ? result : [result];
  const changed = results.reduce((n, r) => n + Number('numUpdatedRows' in r ? r.numUpdatedRows : r.numDeletedRows), 0);
  if (changed !== expected) throw BusinessError.of(409, 'changed', 'entities:result.versionConflict');
}

/**
 * Locks rows the caller is about to rely on, until its transaction ends (`SELECT … FOR UPDATE` on PostgreSQL), so
 * a check of the form "nobody has used this yet" cannot pass in two parallel transactions at once (write skew:
 * two payroll transactions paying one time card). SQLite needs nothing: its write transactions already run one
 * at a time.
 */
export async function lockRows<D, T extends keyof D & string>(
  trx: Transaction<D>,
  table: T,
  column: keyof D[T] & string,
  values: readonly unknown[],
): Promise<void> {
  if (values.length === 0 || !(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  // Any schema's transaction: the caller's typed view names the table and column; the statement needs neither's type.
  await sql`select 1 from ${sql.table(table)} where ${sql.ref(column)} in (${sql.join([...values])}) for update`.execute(trx);
}
