/**
 * Serializing one kind of ledger work (issue 22): `serialize(trx, key)` holds a transaction-scoped lock named
 * `key` until `trx` ends. PostgreSQL: `pg_advisory_xact_lock` — a lock on a name, so it serializes work that has
 * no row to lock yet (a fiscal year's first close, an account's first revaluation on a date, a bank account's
 * next reconciliation). SQLite: nothing to do, its write transactions already run one at a time.
 * Work that serializes must read the state it decides on AFTER this call, in the same transaction.
 */
import { sql, type Transaction } from 'kysely';
import { engineOf } from '@erp/server/db/decimal-codec';

/** Any caller's transaction (a module's typed view): the lock names no table. */
export async function serialize<D>(trx: Transaction<D>, key: string): Promise<void> {
  if (engineOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}
