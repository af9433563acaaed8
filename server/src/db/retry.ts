/**
 * Transactions that PostgreSQL aborts for concurrency run again (the ledger property test saw it under load: a
 * parallel A/R invoice answered 500). When two transactions wait on each other's row locks PostgreSQL ends one with
 * `deadlock_detected` (40P01); a serializable conflict ends one with `serialization_failure` (40001). Nothing of an
 * aborted transaction was written, so the whole unit of work — the callback that opens the transaction and does
 * everything inside it — can run again as it is: PostgreSQL's own advice. SQLite has one writer and never raises
 * these. After MAX_ATTEMPTS the error goes on as before.
 */

/** Runs of one unit of work, the first included. */
export const MAX_ATTEMPTS = 4;

const RETRIED = new Set(['40P01', '40001']);

/** Whether `error` is a concurrency abort the unit of work may be run again for. */
export function isConcurrencyAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && RETRIED.has(String((error as { code?: unknown }).code));
}

/** Runs `work` (which opens and completes its own transaction), again after a concurrency abort (above). */
export async function retryingConcurrency<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isConcurrencyAbort(error) || attempt >= MAX_ATTEMPTS) throw error;
      // A short random pause, so the two transactions do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
