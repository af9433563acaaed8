/**
 * Failed-attempt counters shared by every server instance on the database (issue 43 item 1): the sign-in throttle
 * (security/sign-in-guard.ts) and the change-password limit (shell/password.ts) count in `attempt_failures`
 * (migration 0047), so a guesser gets the same number of tries whichever instance answers, and a restart forgets
 * nothing. Same rule as auth/attempt-limiter.ts (which stays the in-memory reference): after `maxFailures`
 * failures within `windowMs` a key is blocked until the oldest of those failures leaves the window.
 *
 * Contract (`SharedAttemptLimiter`, one bucket — a name such as 'sign-in-pair'):
 * - `begin(key)`: refused when blocked; otherwise counted as a failure at once (before the slow secret check), until
 *   `forgive(key)` takes it back. Exact under parallel requests: the check and the count run in one transaction
 *   serialized per key (`withAttemptLock`: a transaction-scoped advisory lock on PostgreSQL; SQLite writes one
 *   transaction at a time), so of N parallel attempts exactly `maxFailures` are let through.
 * - `check(key)` (no count), `recordFailure(key)`, `forgive(key)` (the newest failure), `reset(key)` (all of them).
 * Rows older than a day are swept by the background job `attempt-sweep` (builtin-jobs.ts).
 */
import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

export type LimitAnswer = { blocked: false } | { blocked: true; retryAfterSeconds: number };

export interface AttemptRule {
  bucket: string;
  maxFailures: number;
  windowMs: number;
}

interface FailuresTable {
  failure_id: number;
  bucket: string;
  attempt_key: string;
  at: number | string;
}
export type AttemptsDb = Kysely<{ attempt_failures: FailuresTable }>;

/** How long failures are kept before the sweep (longer than any window). */
export const KEEP_MS = 24 * 3600 * 1000;

/** Runs `work` in a transaction that holds `lockKey` against every other instance (see the header). */
export async function withAttemptLock<T>(db: Kysely<DB>, lockKey: string, work: (trx: AttemptsDb) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx: Transaction<DB>) => {
    const attempts = trx as unknown as AttemptsDb;
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`attempts:${lockKey}`}, 0))`.execute(trx);
    }
    return work(attempts);
  });
}

/** The answer for `key` under `rule` at `now` (counts what is in the table; nothing written). */
export async function checkRule(db: AttemptsDb, rule: AttemptRule, key: string, now: number): Promise<LimitAnswer> {
  const recent = await db
    .selectFrom('attempt_failures')
    .select('at')
    .where('bucket', '=', rule.bucket)
    .where('attempt_key', '=', key)
    .where('at', '>', now - rule.windowMs)
    .orderBy('at', 'desc')
    .limit(rule.maxFailures)
    .execute();
  if (recent.length < rule.maxFailures) return { blocked: false };
  const oldest = Number(recent[recent.length - 1]!.at);
  return { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil((oldest + rule.windowMs - now) / 1000)) };
}

export async function recordRule(db: AttemptsDb, rule: AttemptRule, key: string, now: number): Promise<void> {
  await db.insertInto('attempt_failures').values({ bucket: rule.bucket, attempt_key: key, at: now } as never).execute();
}

/** Takes back the newest failure of `key`. */
export async function forgiveRule(db: AttemptsDb, rule: AttemptRule, key: string): Promise<void> {
  const newest = await db
    .selectFrom('attempt_failures')
    .select('failure_id')
    .where('bucket', '=', rule.bucket)
    .where('attempt_key', '=', key)
    .orderBy('at', 'desc')
    .orderBy('failure_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (newest) await db.deleteFrom('attempt_failures').where('failure_id', '=', newest.failure_id).execute();
}

export async function resetRule(db: AttemptsDb, rule: AttemptRule, key: string): Promise<void> {
  await db.deleteFrom('attempt_failures').where('bucket', '=', rule.bucket).where('attempt_key', '=', key).execute();
}

/** Deletes failures older than KEEP_MS (the `attempt-sweep` job). */
export async function sweepAttempts(db: Kysely<DB>, now = Date.now()): Promise<number> {
  const result = await (db as unknown as AttemptsDb).deleteFrom('attempt_failures').where('at', '<', now - KEEP_MS).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export class SharedAttemptLimiter {
  private readonly now: () => number;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly rule: AttemptRule,
    now?: () => number,
  ) {
    this.now = now ?? Date.now;
  }

  private get attempts(): AttemptsDb {
    return this.db as unknown as AttemptsDb;
  }

  async begin(key: string): Promise<LimitAnswer> {
    return withAttemptLock(this.db, `${this.rule.bucket}:${key}`, async (trx) => {
      const now = this.now();
      const answer = await checkRule(trx, this.rule, key, now);
      if (!answer.blocked) await recordRule(trx, this.rule, key, now);
      return answer;
    });
  }

  check(key: string): Promise<LimitAnswer> {
    return checkRule(this.attempts, this.rule, key, this.now());
  }

  recordFailure(key: string): Promise<void> {
    return recordRule(this.attempts, this.rule, key, this.now());
  }

  forgive(key: string): Promise<void> {
    return forgiveRule(this.attempts, this.rule, key);
  }

  reset(key: string): Promise<void> {
    return resetRule(this.attempts, this.rule, key);
  }
}
