/**
 * Change password (§1 user menu, route /shell/change-password): the provider's rules, the form's own
 * checks and the reading of the server's answers. Pure functions, unit-tested without a browser.
 *
 * Server contract (POST api/shell/change-password `{ currentPassword, newPassword, confirmPassword }`):
 *   200 CallResult                                  the password was changed
 *   400 current_password_invalid                    → the current-password field
 *   400 password_mismatch                           → the confirmation field
 *   400 password_policy, Data { rule, rules }       → the new-password field, one message per rule
 *   400 bad_request (or anything else 400)          → summary, with the server's Message
 *   409 external_provider, Data { accountUrl }      → the screen switches to the provider's account link
 *   409 conflict                                    → summary: try again
 *   429 too_many_attempts, Data { retryAfterSeconds } → summary with the wait
 *   401 → the §8 session-expired message; 403 → §8 permissions; 0 → network; 5xx → server error.
 *
 * The form's checks mirror the policy (GET api/shell/password-policy) with the same rule names, so a
 * message reads the same whether the browser or the server found the problem. The server stays the
 * judge: without a policy (load failed) the form sends what it has and shows the server's verdict.
 */

import {
  brokenRules,
  PASSWORD_RULES,
  type PasswordContext,
  type PasswordPolicy,
  type PasswordRule,
} from '@erp/shared';

// The rules are checked by the same code as on the server (@erp/shared password-policy.ts).
export { brokenRules, PASSWORD_RULES, type PasswordContext, type PasswordPolicy, type PasswordRule };

function isRule(value: unknown): value is PasswordRule {
  return typeof value === 'string' && (PASSWORD_RULES as readonly string[]).includes(value);
}

function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

/** The policy in an API answer, or null when the answer is not one. Absent switches are off. */
export function readPolicy(value: unknown): PasswordPolicy | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const minLength = count(record.minLength);
  if (minLength === null) return null;
  const maxLength = count(record.maxLength);
  return {
    minLength,
    maxLength: maxLength !== null && maxLength >= minLength ? maxLength : Number.POSITIVE_INFINITY,
    requireLetter: record.requireLetter === true,
    requireDigit: record.requireDigit === true,
    notUsername: record.notUsername === true,
    notCurrent: record.notCurrent === true,
  };
}

/** The rules a policy actually imposes, in order (what the screen lists). */
export function activeRules(policy: PasswordPolicy): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => {
    switch (rule) {
      case 'minLength':
        return policy.minLength > 0;
      case 'maxLength':
        return Number.isFinite(policy.maxLength);
      default:
        return policy[rule];
    }
  });
}

export type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
export const FIELDS: readonly Field[] = ['currentPassword', 'newPassword', 'confirmPassword'];
export type FormValues = Record<Field, string>;
export const EMPTY_FORM: FormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** A problem shown next to one field. The codes are the server's ResultCodes (plus `required`). */
export type FieldProblem =
  | { code: 'required' }
  | { code: 'current_password_invalid' }
  | { code: 'password_mismatch' }
  | { code: 'password_policy'; rules: PasswordRule[] };

export type Problems = Partial<Record<Field, FieldProblem>>;

/** The form's own checks, before anything is sent. */
export function checkForm(values: FormValues, policy: PasswordPolicy | null, userId: string): Problems {
  const problems: Problems = {};
  if (values.currentPassword === '') problems.currentPassword = { code: 'required' };
  if (values.newPassword === '') {
    problems.newPassword = { code: 'required' };
  } else if (policy) {
    const rules = brokenRules(values.newPassword, policy, { userId, currentPassword: values.currentPassword });
    if (rules.length > 0) problems.newPassword = { code: 'password_policy', rules };
  }
  if (values.confirmPassword === '') problems.confirmPassword = { code: 'required' };
  else if (values.confirmPassword !== values.newPassword) problems.confirmPassword = { code: 'password_mismatch' };
  return problems;
}

/** The first field, in form order, that has a problem. */
export function firstProblemField(problems: Problems): Field | null {
  return FIELDS.find((field) => problems[field] !== undefined) ?? null;
}

/** A problem that belongs to no single field: shown in the summary. */
export type SummaryProblem =
  | { code: 'too_many_attempts'; retryAfterSeconds: number | null }
  | { code: 'conflict' }
  | { code: 'expired' }
  | { code: 'forbidden' }
  | { code: 'network' }
  | { code: 'server' }
  /** Refused for another reason; `detail` is the server's own (English) Message, when it sent one. */
  | { code: 'rejected'; detail: string | null };

/** What a failed change-password call means for the screen. */
export type FailureOutcome =
  | { kind: 'field'; field: Field; problem: FieldProblem }
  | { kind: 'summary'; problem: SummaryProblem }
  /** Passwords are managed by an external provider; `accountUrl` is its account page when known. */
  | { kind: 'external'; accountUrl: string | null };

function recordOf(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** An absolute http(s) URL, or null: a link the screen may show. */
export function safeLink(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Reads a failed call: HTTP status (0 = no answer) and the answer's body (a CallResult when the server sent one). */
export function failureOutcome(status: number, body: unknown): FailureOutcome {
  const result = recordOf(body);
  const code = typeof result.ResultCode === 'string' ? result.ResultCode : null;
  const message = typeof result.Message === 'string' && result.Message.trim() ? result.Message.trim() : null;
  const data = recordOf(result.Data);
  if (status === 0) return { kind: 'summary', problem: { code: 'network' } };
  if (status === 401) return { kind: 'summary', problem: { code: 'expired' } };
  if (status === 403) return { kind: 'summary', problem: { code: 'forbidden' } };
  if (status === 429) {
    const seconds = typeof data.retryAfterSeconds === 'number' && data.retryAfterSeconds > 0 ? data.retryAfterSeconds : null;
    return { kind: 'summary', problem: { code: 'too_many_attempts', retryAfterSeconds: seconds } };
  }
  if (status === 409) {
    if (code === 'external_provider') return { kind: 'external', accountUrl: safeLink(data.accountUrl) };
    return { kind: 'summary', problem: { code: 'conflict' } };
  }
  if (status >= 500) return { kind: 'summary', problem: { code: 'server' } };
  if (status === 400) {
    switch (code) {
      case 'current_password_invalid':
        return { kind: 'field', field: 'currentPassword', problem: { code: 'current_password_invalid' } };
      case 'password_mismatch':
        return { kind: 'field', field: 'confirmPassword', problem: { code: 'password_mismatch' } };
      case 'password_policy': {
        const listed = Array.isArray(data.rules) ? data.rules.filter(isRule) : [];
        const rules = listed.length > 0 ? listed : isRule(data.rule) ? [data.rule] : [];
        if (rules.length > 0) return { kind: 'field', field: 'newPassword', problem: { code: 'password_policy', rules } };
        break;
      }
    }
  }
  return { kind: 'summary', problem: { code: 'rejected', detail: message } };
}

/** Whole minutes to wait, at least one. */
export function minutesToWait(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}
