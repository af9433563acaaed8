/**
 * Compare-and-set (issue 39 item 1b): a state change names the state it read (`… WHERE status = 'Prepared'`) and
 * checks how many rows it changed. `changedExactly(result, expected)` throws a 409 BusinessError (`changed`, "The
 * record was changed by someone else …") when another writer got there first, which rolls the caller's
 * transaction back: the loser leaves no effect, whatever it had written before.
 */
import { BusinessError } from '../entities/call-result.ts';

/** What Kysely's update and delete answer. */
type Changed = { numUpdatedRows: bigint } | { numDeletedRows: bigint } | readonly ({ numUpdatedRows: bigint } | { numDeletedRows: bigint })[];

export function changedExactly(result: Changed, expected: number): void {
  const results = Array.isArray(result) ? result : [result];
  const changed = results.reduce((n, r) => n + Number('numUpdatedRows' in r ? r.numUpdatedRows : r.numDeletedRows), 0);
  if (changed !== expected) throw BusinessError.of(409, 'changed', 'entities:result.versionConflict');
}
