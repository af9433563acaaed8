/**
 * Sign-in throttling and the sign-in log of the embedded identity provider (issue #11 item 2).
 *
 * Password guessing is slowed by three sliding windows (auth/attempt-limiter.ts), each a temporary lock
 * until its oldest failure leaves the window (WINDOW_MS, 15 minutes):
 * - one user name from one client address: PAIR_FAILURES (5) failures;
 * - one client address, any user names: ADDRESS_FAILURES (20) failures — one guesser trying many names;
 * - one user name from any address: ACCOUNT_FAILURES (50) failures — guessing spread over many addresses.
 *   This lock does NOT apply from an address the user signed in from successfully before (the sign-in
 *   log, KNOWN_ADDRESS_DAYS), so a stranger cannot lock the real user out.
 * A locked attempt is refused before the password is checked (even a right one), logged as 'throttled'
 * (at most one such row per address and minute), and answered 429 with Retry-After and a message in the
 * browser's language. A right password from an unlocked address forgives that pair's failures.
 *
 * The log (`sign_in_log`, entity `sign-in` in modules/shell/definitions/sign-in.ts): one row per attempt with
 * the user name as typed (trimmed, at most 128 characters), the outcome, the client address
 * (`request.ip`: behind a proxy only with TRUST_PROXY) and the time; administrators read it at
 * /shell/sign-in-log. Rows carry the §3 trail with the provider as author ('system').
 *
 * The counters are shared by every server instance on the database (issue 43 item 1: `attempt_failures`,
 * instances/attempts.ts), and so is the 'throttled' row limit (read from the log itself): a guesser gets the same
 * tries whichever instance answers. One address's attempts are counted one at a time (a lock per address), so
 * parallel guesses cannot all slip through.
 */
import type { Database } from '../db/connection.ts';
import { checkRule, forgiveRule, recordRule, resetRule, withAttemptLock, type AttemptRule, type AttemptsDb } from '../instances/attempts.ts';
import type { SignInOutcome } from '@erp/modules/shell/definitions/index';

export const WINDOW_MS = 15 * 60 * 1000;
export const PAIR_FAILURES = 5;
export const ADDRESS_FAILURES = 20;
export const ACCOUNT_FAILURES = 50;
export const KNOWN_ADDRESS_DAYS = 90;

export type GuardAnswer = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const THROTTLED: Record<string, (minutes: number) => string> = {
  en: (m) => `Too many sign-in attempts. For your security, wait ${m} minute${m === 1 ? '' : 's'} and try again.`,
  fr: (m) => `Trop de tentatives de connexion. Pour votre sécurité, attendez ${m} minute${m === 1 ? '' : 's'} puis réessayez.`,
  'zh-CN': (m) => `登录尝试次数过多。为了您的安全，请等待 ${m} 分钟后重试。`,
  'zh-TW': (m) => `登入嘗試次數過多。為了您的安全，請等待 ${m} 分鐘後再試一次。`,
};

/** The throttling message in the first of the browser's languages the product speaks (§9), else English. */
export function throttledMessage(acceptLanguage: string | undefined, retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part) => part.split(';')[0]!.trim().toLowerCase())
    .filter((tag) => tag !== '');
  for (const tag of wanted) {
    if (tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-hant' || tag.startsWith('zh-hant')) return THROTTLED['zh-TW']!(minutes);
    if (tag.startsWith('zh')) return THROTTLED['zh-CN']!(minutes);
    if (tag.startsWith('fr')) return THROTTLED['fr']!(minutes);
    if (tag.startsWith('en')) return THROTTLED['en']!(minutes);
  }
  return THROTTLED['en']!(minutes);
}

const PAIR: AttemptRule = { bucket: 'sign-in-pair', maxFailures: PAIR_FAILURES, windowMs: WINDOW_MS };
const ADDRESS: AttemptRule = { bucket: 'sign-in-address', maxFailures: ADDRESS_FAILURES, windowMs: WINDOW_MS };
const ACCOUNT: AttemptRule = { bucket: 'sign-in-account', maxFailures: ACCOUNT_FAILURES, windowMs: WINDOW_MS };

export class SignInGuard {
  private now: () => number = Date.now;

  constructor(private readonly database: Database) {}

  private get attempts(): AttemptsDb {
    return this.database.db as unknown as AttemptsDb;
  }

  /**
   * Whether a refused (throttled) attempt from `address` goes to the log: at most one row per address and
   * minute, so a locked-out guesser cannot fill the table; failures are bounded by the locks themselves. Read
   * from the log, so it holds across instances.
   */
  async logThrottled(address: string): Promise<boolean> {
    const since = new Date(this.now() - 60_000).toISOString();
    const row = await this.database.db
      .selectFrom('sign_in_log' as never)
      .select('sign_in_key' as never)
      .where('address' as never, '=', address.slice(0, 64) as never)
      .where('outcome' as never, '=', 'throttled' as never)
      .where('attempted_on' as never, '>', since as never)
      .executeTakeFirst();
    return row === undefined;
  }

  /** Tests move time instead of waiting. */
  setClock(now: () => number): void {
    this.now = now;
  }

  private static key(userName: string): string {
    return userName.toLowerCase();
  }

  /**
   * Starts an attempt: refused while locked; otherwise counted as a failure at once (before the slow
   * password check, so parallel guesses cannot all slip through) until `succeeded` takes it back.
   */
  async begin(userName: string, address: string): Promise<GuardAnswer> {
    const user = SignInGuard.key(userName);
    const pairKey = `${user}\u001f${address}`;
    const { refused, account } = await withAttemptLock(this.database.db, `sign-in:${address}`, async (trx) => {
      const now = this.now();
      const locks = [await checkRule(trx, PAIR, pairKey, now), await checkRule(trx, ADDRESS, address, now)];
      const longest = Math.max(0, ...locks.map((lock) => (lock.blocked ? lock.retryAfterSeconds : 0)));
      if (longest > 0) return { refused: longest, account: null };
      const accountLock = await checkRule(trx, ACCOUNT, user, now);
      await recordRule(trx, PAIR, pairKey, now);
      await recordRule(trx, ADDRESS, address, now);
      await recordRule(trx, ACCOUNT, user, now);
      return { refused: 0, account: accountLock };
    });
    if (refused > 0) return { allowed: false, retryAfterSeconds: refused };
    if (account?.blocked && !(await this.knownAddress(userName, address))) return { allowed: false, retryAfterSeconds: account.retryAfterSeconds };
    return { allowed: true };
  }

  /** The password was right: the attempt was no failure, and this pair starts afresh. */
  async succeeded(userName: string, address: string): Promise<void> {
    const user = SignInGuard.key(userName);
    await resetRule(this.attempts, PAIR, `${user}\u001f${address}`);
    await forgiveRule(this.attempts, ADDRESS, address);
    await forgiveRule(this.attempts, ACCOUNT, user);
  }

  /** An address this user signed in from successfully within KNOWN_ADDRESS_DAYS. */
  private async knownAddress(userName: string, address: string): Promise<boolean> {
    const since = new Date(this.now() - KNOWN_ADDRESS_DAYS * 24 * 3600 * 1000).toISOString();
    const row = await this.database.db
      .selectFrom('sign_in_log' as never)
      .select('sign_in_key' as never)
      .where('user_name' as never, '=', userName as never)
      .where('address' as never, '=', address as never)
      .where('outcome' as never, '=', 'success' as never)
      .where('attempted_on' as never, '>=', since as never)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** One row of the sign-in log. */
  async record(userName: string, address: string, outcome: SignInOutcome): Promise<void> {
    const now = new Date(this.now()).toISOString();
    await this.database.db
      .insertInto('sign_in_log' as never)
      .values({
        user_name: userName.slice(0, 128),
        outcome,
        address: address.slice(0, 64),
        attempted_on: now,
        created_by: 'system',
        created_on: now,
        updated_by: 'system',
        updated_on: now,
        version: 1,
      } as never)
      .execute();
  }
}
