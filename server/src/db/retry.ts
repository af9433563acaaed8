/**
 * Transactions that PostgreSQL aborts for concurrency run again (the ledger property test saw it under load: a
 * parallel A/R invoice answered 500). When two transactions wait on each other's row locks PostgreSQL ends one with
 * `deadlock_detected` (40P01); a serializable conflict ends one with `serialization_failure` (40001). Nothing of an
 * aborted transaction was written, so the whole unit of work — the callback that opens the transaction and does
 * everything inside it — can run again as it is: PostgreSQL's own advice. SQLite has one writer and never raises
 * these. After MAX_ATTEMPTS the error goes on as before.
 *
 * A lost connection is another matter (issue 43 item 2): `isConnectionLoss(error)` says the database went away
 * under the request (the primary died, a failover is under way, an administrator ended the backend, a write
 * reached a demoted primary). The unit of work is NOT run again here — whether its COMMIT reached the new primary
 * may be unknown — the API answers 503 "try again" with `Retry-After: TRY_AGAIN_SECONDS` (http/errors.ts), and
 * the client's retry with the same Idempotency-Key acts once (exactly-once/idempotency.ts).
 */


/** Whether `error` is a prepared statement gone stale after a schema change (db/prepared.ts: the unit of work runs again, newly prepared); here, not there, so that
 * the pool (db/primary.ts), the prepared statements and this file import one another in one direction only. */
export function isStalePlan(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (code === '0A000' && /cached plan must not change result type/.test(String(message))) || code === '26000';
}

/** Runs of one unit of work, the first included. */
export const MAX_ATTEMPTS = 4;

const RETRIED = new Set(['40P01', '40001']);

/**
 * Whether `error` is a concurrency abort the unit of work may be run again for — or a prepared statement gone stale
 * after a schema change inside the transaction (db/prepared.ts): the connection has forgotten it, the next run
 * prepares it anew.
 */
export function isConcurrencyAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (RETRIED.has(String((error as { code?: unknown }).code)) || isStalePlan(error));
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

/** Seconds a client is asked to wait before retrying after a lost database connection (`Retry-After`). */
export const TRY_AGAIN_SECONDS = 2;

/** node-postgres / Node socket errors that mean the connection itself failed. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
/** Messages node-postgres and pg-pool throw without a code when the connection breaks or cannot be made. */
const LOST_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end/i;

/**
 * Whether `error` means the database connection was lost or could not be made (see the header): SQLSTATE class 08
 * (connection exception), 57P01–57P03 (admin / crash shutdown, cannot connect now), 25006 (a write on a server that
 * has become read-only: a demoted primary), a socket error, or node-postgres's own "Connection terminated".
 */
export function isConnectionLoss(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = String((error as { code?: unknown }).code ?? '');
  if (code.startsWith('08') || /^57P0[123]$/.test(code) || code === '25006' || SOCKET_CODES.has(code)) return true;
  if (LOST_MESSAGES.test(String((error as { message?: unknown }).message ?? ''))) return true;
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error && isConnectionLoss(cause);
}
