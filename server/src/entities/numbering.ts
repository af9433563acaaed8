/**
 * Document numbers from `sequence_counters` (issue 12 "Document numbers", CONTRACT-12 "Numbering"):
 * `nextNumber(trx, sequenceId)` allocates the next number inside the caller's transaction with ONE
 * `UPDATE … SET next_number = next_number + increment … RETURNING`: PostgreSQL row-locks the counter until
 * the transaction ends, SQLite holds its write lock, so parallel documents get distinct numbers and a
 * rolled-back document gives its number back (no gaps on success). A missing counter is created with
 * defaults (prefix = none, width 6) in the same transaction.
 * The number is `<prefix><next_number padded to width>`, e.g. `JE000042`.
 */
import type { Transaction } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTransaction = Transaction<any>;

async function bump(trx: AnyTransaction, sequenceId: string): Promise<Record<string, unknown> | undefined> {
  return (await trx
    .updateTable('sequence_counters')
    .set((eb) => ({ next_number: eb('next_number', '+', eb.ref('increment')) }))
    .where('sequence_id', '=', sequenceId)
    .returning(['next_number', 'increment', 'prefix', 'width'])
    .executeTakeFirst()) as Record<string, unknown> | undefined;
}

export async function nextNumber(trx: AnyTransaction, sequenceId: string, defaults: { prefix?: string; description?: string } = {}): Promise<string> {
  let row = await bump(trx, sequenceId);
  if (!row) {
    const now = new Date().toISOString();
    await trx
      .insertInto('sequence_counters')
      .values({
        sequence_id: sequenceId,
        description: defaults.description ?? sequenceId,
        prefix: defaults.prefix ?? null,
        next_number: 1,
        increment: 1,
        width: 6,
        // 1, not true: better-sqlite3 binds no booleans; PostgreSQL reads '1' as true.
        is_active: 1,
        created_by: 'system',
        created_on: now,
        updated_by: 'system',
        updated_on: now,
        version: 1,
      })
      .onConflict((conflict) => conflict.column('sequence_id').doNothing())
      .execute();
    row = await bump(trx, sequenceId);
    if (!row) throw new Error(`sequence ${sequenceId} cannot be allocated`);
  }
  const number = Number(row['next_number']) - Number(row['increment']);
  const width = Math.max(1, Math.min(20, Number(row['width'] ?? 6)));
  return `${row['prefix'] ?? ''}${String(number).padStart(width, '0')}`;
}
