/**
 * Document numbers from `sequence_counters` (issue 12 "Document numbers", CONTRACT-12 "Numbering"; issue 22
 * item 9): `nextNumber(trx, sequenceId)` allocates the next number (`nextNumbers(trx, sequenceId, count)`: a block of
 * them, ascending) inside the caller's transaction with ONE
 * `UPDATE … SET next_number = next_number + increment … RETURNING`: PostgreSQL row-locks the counter until
 * the transaction ends, SQLite holds its write lock, so parallel documents get distinct numbers and a
 * rolled-back document gives its number back (no gaps on success). A missing counter is created with
 * defaults (prefix = none, width 6) in the same transaction.
 * The number is `<prefix><next_number padded to width>`, e.g. `JE000042`.
 *
 * Numbers are never issued twice (issue 22): every number issued is claimed in `document_numbers` (its primary
 * key, migration 0013_document_numbers) in the same transaction. A number already claimed — a counter moved
 * back by hand — is not issued again: the counter moves forward past the highest number its sequence has
 * issued, and the next one is taken. Prefixes are distinct (a unique index on sequence_counters.prefix): two
 * sequences cannot write the same numbers. No prefix is stored as NULL, never ''.
 */
import type { Transaction } from 'kysely';
import { dynamicDb, type DynamicTransaction } from '../db/dynamic-db.ts';

/** Tries before giving up: each conflict moves the counter past every number its sequence issued. */
const ATTEMPTS = 5;
/** Numbers claimed per INSERT (3 values each). */
const CLAIM_BATCH = 1000;

async function bump(trx: DynamicTransaction, sequenceId: string, count: number): Promise<Record<string, unknown> | undefined> {
  return (await trx
    .updateTable('sequence_counters')
    .set((eb) => ({ next_number: eb('next_number', '+', eb(eb.ref('increment'), '*', count)) }))
    .where('sequence_id', '=', sequenceId)
    .returning(['next_number', 'increment', 'prefix', 'width'])
    .executeTakeFirst()) as Record<string, unknown> | undefined;
}

async function createCounter(trx: DynamicTransaction, sequenceId: string, defaults: { prefix?: string; description?: string }): Promise<void> {
  const prefix = defaults.prefix ? defaults.prefix : null;
  if (prefix !== null) {
    const owner = (await trx.selectFrom('sequence_counters').select('sequence_id').where('prefix', '=', prefix).executeTakeFirst()) as { sequence_id: string } | undefined;
    if (owner && owner.sequence_id !== sequenceId) throw new Error(`sequence ${sequenceId}: prefix ${prefix} already belongs to sequence ${owner.sequence_id}`);
  }
  const now = new Date().toISOString();
  await trx
    .insertInto('sequence_counters')
    .values({
      sequence_id: sequenceId,
      description: defaults.description ?? sequenceId,
      prefix,
      next_number: 1,
      increment: 1,
      width: 6,
      // 1, not true: SQLite binds no booleans (db/sqlite.ts); PostgreSQL reads '1' as true.
      is_active: 1,
      created_by: 'system',
      created_on: now,
      updated_by: 'system',
      updated_on: now,
      version: 1,
    })
    .onConflict((conflict) => conflict.column('sequence_id').doNothing())
    .execute();
}

/** Claims the numbers for the sequence in one statement per thousand; answers those not issued before. */
async function claim(trx: DynamicTransaction, sequenceId: string, numbers: readonly { documentNo: string; number: number }[]): Promise<Set<string>> {
  const claimed = new Set<string>();
  for (let start = 0; start < numbers.length; start += CLAIM_BATCH) {
    const rows = (await trx
      .insertInto('document_numbers')
      .values(numbers.slice(start, start + CLAIM_BATCH).map(({ documentNo, number }) => ({ document_no: documentNo, sequence_id: sequenceId, number })))
      .onConflict((conflict) => conflict.column('document_no').doNothing())
      .returning('document_no')
      .execute()) as { document_no: string }[];
    for (const row of rows) claimed.add(row.document_no);
  }
  return claimed;
}

/** Moves the counter past the highest number its sequence issued and past `taken` (never back). */
async function moveForward(trx: DynamicTransaction, sequenceId: string, taken: number): Promise<void> {
  const row = (await trx.selectFrom('document_numbers').select((eb) => eb.fn.max('number').as('n')).where('sequence_id', '=', sequenceId).executeTakeFirst()) as
    | { n: number | string | null }
    | undefined;
  const highest = Math.max(taken, Number(row?.n ?? 0));
  await trx
    .updateTable('sequence_counters')
    .set((eb) => ({ next_number: eb(eb.ref('increment'), '+', highest) }))
    .where('sequence_id', '=', sequenceId)
    .where('next_number', '<=', highest)
    .execute();
}

export async function nextNumber<D>(trx: Transaction<D>, sequenceId: string, defaults: { prefix?: string; description?: string } = {}): Promise<string> {
  return (await nextNumbers(trx, sequenceId, 1, defaults))[0]!;
}

/**
 * `count` numbers of the sequence at once (a batch of documents): one counter update for the block and one
 * claim per thousand; numbers already claimed are skipped as `nextNumber` skips them, the rest taken after
 * them. Answered in ascending order: the order the documents are written in.
 */
export async function nextNumbers<D>(typed: Transaction<D>, sequenceId: string, count: number, defaults: { prefix?: string; description?: string } = {}): Promise<string[]> {
  // Any caller's transaction (a module's typed view, the engine's): the counters are the ground floor's.
  const trx = dynamicDb(typed);
  const issued: string[] = [];
  for (let attempt = 0; issued.length < count; attempt++) {
    if (attempt >= ATTEMPTS) throw new Error(`sequence ${sequenceId}: no free number after ${ATTEMPTS} attempts`);
    const wanted = count - issued.length;
    let row = await bump(trx, sequenceId, wanted);
    if (!row) {
      await createCounter(trx, sequenceId, defaults);
      row = await bump(trx, sequenceId, wanted);
      if (!row) throw new Error(`sequence ${sequenceId} cannot be allocated`);
    }
    const increment = Number(row['increment']);
    const first = Number(row['next_number']) - increment * wanted;
    const width = Math.max(1, Math.min(20, Number(row['width'] ?? 6)));
    const block = Array.from({ length: wanted }, (_, index) => {
      const number = first + index * increment;
      return { number, documentNo: `${row['prefix'] ?? ''}${String(number).padStart(width, '0')}` };
    });
    const claimed = await claim(trx, sequenceId, block);
    for (const { documentNo } of block) if (claimed.has(documentNo)) issued.push(documentNo);
    if (claimed.size < block.length) await moveForward(trx, sequenceId, block[block.length - 1]!.number);
  }
  return issued;
}
