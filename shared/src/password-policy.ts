/**
 * The password rules of the embedded identity provider, checked the same way by the server (POST
 * api/shell/change-password, user administration) and by the Change Password screen, so a message reads
 * the same whichever side found the problem. The values live on the server (GET api/shell/password-policy);
 * the rule names are part of the API and the UI's message keys, so they never change.
 *
 * "Letter" and "digit" are Unicode-aware (`\p{L}`, `\p{Nd}`): é, ß or 中 are letters. The user-name rule
 * ignores letter case and surrounding spaces. Passwords are compared exactly as typed.
 */

export interface PasswordPolicy {
  /** Fewest characters (UTF-16 code units, as `input.value.length` counts). */
  minLength: number;
  /** Most characters; Infinity when the provider states none. */
  maxLength: number;
  /** At least one letter. */
  requireLetter: boolean;
  /** At least one digit. */
  requireDigit: boolean;
  /** Not the user's own user id. */
  notUsername: boolean;
  /** Different from the current password. */
  notCurrent: boolean;
}

/** A rule of the policy, by the name the policy and the API use. */
export type PasswordRule = 'minLength' | 'maxLength' | 'requireLetter' | 'requireDigit' | 'notUsername' | 'notCurrent';

/** The order rules are listed, checked and reported in. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  'minLength',
  'maxLength',
  'requireLetter',
  'requireDigit',
  'notUsername',
  'notCurrent',
];

export interface PasswordContext {
  /** The user's id (login name). */
  userId: string;
  /** The current password as typed ('' when there is none, e.g. an administrator setting a password). */
  currentPassword: string;
}

function breaks(rule: PasswordRule, password: string, policy: PasswordPolicy, context: PasswordContext): boolean {
  switch (rule) {
    case 'minLength':
      return password.length < policy.minLength;
    case 'maxLength':
      return password.length > policy.maxLength;
    case 'requireLetter':
      return policy.requireLetter && !/\p{L}/u.test(password);
    case 'requireDigit':
      return policy.requireDigit && !/\p{Nd}/u.test(password);
    case 'notUsername':
      return policy.notUsername && context.userId.trim() !== '' && password.trim().toLowerCase() === context.userId.trim().toLowerCase();
    case 'notCurrent':
      // Only against a current password: an empty one is reported as missing, not as equal.
      return policy.notCurrent && context.currentPassword !== '' && password === context.currentPassword;
  }
}

/** The rules `password` breaks, in `PASSWORD_RULES` order; empty when the policy accepts it. */
export function brokenRules(password: string, policy: PasswordPolicy, context: PasswordContext): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => breaks(rule, password, policy, context));
}
