/**
 * Counts failed attempts per key (a user id) in a sliding time window: after `maxFailures` failures
 * within `windowMs`, the key is blocked until the oldest of those failures leaves the window.
 *
 * Use: `begin(key)` before checking a secret — it refuses a blocked key, and otherwise counts the attempt
 * as a failure right away, so parallel requests cannot all slip past the check while the (slow) scrypt
 * verifications run; `forgive(key)` when the secret was right takes that count back; `reset(key)` after
 * a completed change forgets the key.
 *
 * Kept in memory, per server process: it resets on restart, and several processes behind one load
 * balancer each count on their own (an attacker gets `maxFailures` tries per process and window). That
 * is acceptable for the embedded demo provider; a production deployment uses an external identity
 * provider, which has its own lockout. Memory stays bounded: a key holds at most `maxFailures`
 * timestamps and expired keys are swept.
 */

export interface AttemptLimiterOptions {
  /** Failures allowed within the window; the next attempt is refused. */
  maxFailures: number;
  windowMs: number;
  /** Clock (tests pass their own). */
  now?: () => number;
}

export type LimitAnswer = { blocked: false } | { blocked: true; retryAfterSeconds: number };

/** Sweep every expired key when the map grows past this many keys. */
const SWEEP_THRESHOLD = 10_000;

export class AttemptLimiter {
  private readonly failures = new Map<string, number[]>();
  private readonly now: () => number;

  constructor(private readonly options: AttemptLimiterOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The failures of `key` still inside the window (and forgets the older ones). */
  private recent(key: string, now: number): number[] {
    const kept = (this.failures.get(key) ?? []).filter((at) => now - at < this.options.windowMs);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }

  /** Whether `key` may try now, without counting anything. */
  check(key: string): LimitAnswer {
    const now = this.now();
    const recent = this.recent(key, now);
    if (recent.length < this.options.maxFailures) return { blocked: false };
    const oldest = recent[recent.length - this.options.maxFailures]!;
    return { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.options.windowMs - now) / 1000)) };
  }

  /** Starts an attempt: refused when blocked, otherwise counted as a failure until `forgive`n. */
  begin(key: string): LimitAnswer {
    const answer = this.check(key);
    if (!answer.blocked) this.recordFailure(key);
    return answer;
  }

  recordFailure(key: string): void {
    const now = this.now();
    const recent = this.recent(key, now);
    recent.push(now);
    // Only the newest maxFailures matter for the decision.
    this.failures.set(key, recent.slice(-this.options.maxFailures));
    if (this.failures.size > SWEEP_THRESHOLD) this.sweep(now);
  }

  /** Takes back the newest failure of `key` (its attempt turned out right). */
  forgive(key: string): void {
    const recent = this.failures.get(key);
    if (!recent) return;
    recent.pop();
    if (recent.length === 0) this.failures.delete(key);
  }

  /** Forgets the failures of `key` (after a completed change). */
  reset(key: string): void {
    this.failures.delete(key);
  }

  private sweep(now: number): void {
    for (const key of [...this.failures.keys()]) this.recent(key, now);
  }
}
