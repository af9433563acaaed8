/**
 * A change a signed-in user makes to their own users row (password, language): one column, checked against
 * the version read (a concurrent change answers false, nothing written), with its audit row, in the
 * caller's transaction.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

export async function updateOwnUser(
  trx: Transaction<DB>,
  change: {
    userId: string;
    version: number;
    column: 'password_hash' | 'language';
    value: string;
    /** What the audit row records: a secret's old and new values are never written (null). */
    audit: { old: string | null; new: string | null };
  },
): Promise<boolean> {
  const now = new Date().toISOString();
  const updated = await trx
    .updateTable('users')
    .set({ [change.column]: change.value, updated_by: change.userId, updated_on: now, version: change.version + 1 })
    .where('user_id', '=', change.userId)
    .where('version', '=', change.version)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  await trx
    .insertInto('audit_log')
    .values({
      table_name: 'users',
      id_name: 'user_id',
      id_value: change.userId,
      column_name: change.column,
      old_value: change.audit.old,
      new_value: change.audit.new,
      action_by: change.userId,
      action_on: now,
    })
    .execute();
  return true;
}
