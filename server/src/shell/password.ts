/**
 * Change password (§1 user menu, route /shell/change-password) for the embedded identity provider's
 * users: POST api/shell/change-password (shell/routes.ts answers the HTTP side).
 *
 * Order of the checks, each answering its own kind:
 *   1. too many wrong current passwords (5 within 10 minutes, per user, counted in the database for every instance —
 *      instances/attempts.ts, issue 43)
 *      → 'too-many-attempts', before anything is verified, even a right password;
 *   2. the current password verifies against the stored scrypt hash, else 'current-password-invalid'
 *      (and it counts towards 1);
 *   3. new password = confirmation, else 'mismatch';
 *   4. the policy (auth/password-policy.ts), else 'policy' with the rules broken;
 *   5. the new scrypt hash is written with the record version read with the request's user (another
 *      change meanwhile → 'conflict'), the version bumped and an audit row written, in one transaction.
 * The audit row says that `password_hash` changed; it never holds a hash (old and new value are null).
 * Sessions and refresh tokens issued before stay valid: the user is not signed out of the shell.
 */
import type { Kysely } from 'kysely';
import type { LimitAnswer } from '../auth/attempt-limiter.ts';
import { SharedAttemptLimiter } from '../instances/attempts.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { brokenRules, PASSWORD_POLICY, type PasswordRule } from '../auth/password-policy.ts';
import type { AuthenticatedUser } from '../auth/user.ts';
import type { DB } from '../db/schema.ts';
import { updateOwnUser } from './own-user.ts';

/** 5 wrong current passwords within 10 minutes block further attempts until the oldest is 10 minutes old. */
export const CHANGE_PASSWORD_LIMIT = { maxFailures: 5, windowMs: 10 * 60 * 1000 } as const;

/** What `changePassword` needs of a limiter: the shared one (below) or the in-memory auth/attempt-limiter.ts. */
export interface AttemptGate {
  begin(key: string): LimitAnswer | Promise<LimitAnswer>;
  forgive(key: string): void | Promise<void>;
  reset(key: string): void | Promise<void>;
}

export function createChangePasswordLimiter(db: Kysely<DB>, now?: () => number): SharedAttemptLimiter {
  return new SharedAttemptLimiter(db, { bucket: 'change-password', ...CHANGE_PASSWORD_LIMIT }, now);
}

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type ChangePasswordAnswer =
  | { kind: 'ok' }
  | { kind: 'too-many-attempts'; retryAfterSeconds: number }
  | { kind: 'current-password-invalid' }
  | { kind: 'mismatch' }
  | { kind: 'policy'; rules: PasswordRule[] }
  | { kind: 'conflict' };

export async function changePassword(
  db: Kysely<DB>,
  user: AuthenticatedUser,
  input: ChangePasswordInput,
  limiter: AttemptGate,
): Promise<ChangePasswordAnswer> {
  const limit = await limiter.begin(user.userId);
  if (limit.blocked) return { kind: 'too-many-attempts', retryAfterSeconds: limit.retryAfterSeconds };
  if (!(await verifyPassword(input.currentPassword, user.row.password_hash))) {
    return { kind: 'current-password-invalid' };
  }
  await limiter.forgive(user.userId);

  if (input.newPassword !== input.confirmPassword) return { kind: 'mismatch' };
  const rules = brokenRules(input.newPassword, PASSWORD_POLICY, { userId: user.userId, currentPassword: input.currentPassword });
  if (rules.length > 0) return { kind: 'policy', rules };

  // Hashing is slow on purpose: done before the transaction so the transaction stays short.
  const hash = await hashPassword(input.newPassword);
  const { row } = user;
  const answer = await db.transaction().execute(async (trx) => {
    const written = await updateOwnUser(trx, {
      userId: user.userId,
      version: row.version,
      column: 'password_hash',
      value: hash,
      audit: { old: null, new: null },
    });
    if (!written) return { kind: 'conflict' as const };
    return { kind: 'ok' as const };
  });
  if (answer.kind === 'ok') await limiter.reset(user.userId);
  return answer;
}
