/**
 * The embedded identity provider's password policy values (GET api/shell/password-policy answers
 * `PASSWORD_POLICY`) and the English sentence for each rule. The rules themselves are checked by
 * `brokenRules` in @erp/shared, the same code the Change Password screen runs.
 */

import type { PasswordPolicy, PasswordRule } from '@erp/shared/password-policy';

export { brokenRules, PASSWORD_RULES, type PasswordContext, type PasswordPolicy, type PasswordRule } from '@erp/shared/password-policy';

export const PASSWORD_POLICY: Readonly<PasswordPolicy> = Object.freeze({
  minLength: 10,
  maxLength: 256,
  requireLetter: true,
  requireDigit: true,
  notUsername: true,
  notCurrent: true,
});

/** The English sentence naming one rule (the UI shows its own translation, keyed by the rule name). */
export function ruleMessage(rule: PasswordRule, policy: PasswordPolicy = PASSWORD_POLICY): string {
  switch (rule) {
    case 'minLength':
      return `The new password must be at least ${policy.minLength} characters long.`;
    case 'maxLength':
      return `The new password must be at most ${policy.maxLength} characters long.`;
    case 'requireLetter':
      return 'The new password must contain at least one letter.';
    case 'requireDigit':
      return 'The new password must contain at least one digit.';
    case 'notUsername':
      return 'The new password must not be your user name.';
    case 'notCurrent':
      return 'The new password must be different from the current password.';
  }
}
