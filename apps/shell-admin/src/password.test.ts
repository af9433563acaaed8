import { describe, expect, it } from 'vitest';
import {
  EMPTY_FORM,
  activeRules,
  brokenRules,
  checkForm,
  failureOutcome,
  firstProblemField,
  minutesToWait,
  readPolicy,
  safeLink,
  type PasswordPolicy,
} from './password.ts';

const policy: PasswordPolicy = {
  minLength: 10,
  maxLength: 256,
  requireLetter: true,
  requireDigit: true,
  notUsername: true,
  notCurrent: true,
};

describe('readPolicy', () => {
  it('reads the API answer, switches off what is absent and ignores a nonsense maximum', () => {
    expect(readPolicy({ ...policy, extra: 1 })).toEqual(policy);
    expect(readPolicy({ minLength: 8 })).toEqual({
      minLength: 8,
      maxLength: Number.POSITIVE_INFINITY,
      requireLetter: false,
      requireDigit: false,
      notUsername: false,
      notCurrent: false,
    });
    expect(readPolicy({ minLength: 8, maxLength: 4 })?.maxLength).toBe(Number.POSITIVE_INFINITY);
    expect(readPolicy({ minLength: '8' })).toBeNull();
    expect(readPolicy(null)).toBeNull();
    expect(readPolicy([])).toBeNull();
  });

  it('lists the rules a policy imposes, in the server order', () => {
    expect(activeRules(policy)).toEqual(['minLength', 'maxLength', 'requireLetter', 'requireDigit', 'notUsername', 'notCurrent']);
    expect(activeRules(readPolicy({ minLength: 0, requireDigit: true })!)).toEqual(['requireDigit']);
  });
});

describe('brokenRules mirrors the server policy', () => {
  const context = { userId: 'clerk', currentPassword: 'clerk' };

  it('checks length, letters and digits (Unicode-aware)', () => {
    expect(brokenRules('short1', policy, context)).toEqual(['minLength']);
    expect(brokenRules('0123456789', policy, context)).toEqual(['requireLetter']);
    expect(brokenRules('abcdefghij', policy, context)).toEqual(['requireDigit']);
    expect(brokenRules('中文密码中文密码中文1', policy, context)).toEqual([]);
    expect(brokenRules('é'.repeat(9) + '٣', policy, context)).toEqual([]);
    expect(brokenRules('a1'.repeat(129), policy, context)).toEqual(['maxLength']);
    expect(brokenRules('', policy, context)).toEqual(['minLength', 'requireLetter', 'requireDigit']);
  });

  it('refuses the user name (case and spaces ignored) and the current password (exactly)', () => {
    const long = { userId: 'clerk2024ab', currentPassword: 'Current-pass1' };
    expect(brokenRules(' CLERK2024AB ', policy, long)).toEqual(['notUsername']);
    expect(brokenRules('Current-pass1', policy, long)).toEqual(['notCurrent']);
    expect(brokenRules('current-pass1', policy, long)).toEqual([]);
    // An empty current password is reported as missing, never as "the same".
    expect(brokenRules('', { ...policy, minLength: 0, requireLetter: false, requireDigit: false }, { userId: 'x', currentPassword: '' })).toEqual([]);
  });
});

describe('checkForm', () => {
  it('asks for every field', () => {
    const problems = checkForm(EMPTY_FORM, policy, 'clerk');
    expect(problems).toEqual({
      currentPassword: { code: 'required' },
      newPassword: { code: 'required' },
      confirmPassword: { code: 'required' },
    });
    expect(firstProblemField(problems)).toBe('currentPassword');
  });

  it('reports policy and mismatch problems on their fields', () => {
    const problems = checkForm({ currentPassword: 'clerk', newPassword: 'short1', confirmPassword: 'short2' }, policy, 'clerk');
    expect(problems).toEqual({
      newPassword: { code: 'password_policy', rules: ['minLength'] },
      confirmPassword: { code: 'password_mismatch' },
    });
    expect(firstProblemField(problems)).toBe('newPassword');
  });

  it('accepts a good form, and leaves the policy to the server when it is unknown', () => {
    expect(checkForm({ currentPassword: 'clerk', newPassword: 'Winter-2025x', confirmPassword: 'Winter-2025x' }, policy, 'clerk')).toEqual({});
    expect(checkForm({ currentPassword: 'clerk', newPassword: 'x', confirmPassword: 'x' }, null, 'clerk')).toEqual({});
  });
});

describe('failureOutcome reads the server answers', () => {
  const result = (code: string, data?: unknown, message = 'English message') => ({
    ResultStatus: 2,
    ResultCode: code,
    Message: message,
    EntityId: null,
    Exception: null,
    ...(data === undefined ? {} : { Data: data }),
  });

  it('puts field problems on their fields', () => {
    expect(failureOutcome(400, result('current_password_invalid'))).toEqual({
      kind: 'field',
      field: 'currentPassword',
      problem: { code: 'current_password_invalid' },
    });
    expect(failureOutcome(400, result('password_mismatch'))).toEqual({
      kind: 'field',
      field: 'confirmPassword',
      problem: { code: 'password_mismatch' },
    });
    expect(failureOutcome(400, result('password_policy', { rule: 'minLength', rules: ['minLength', 'requireDigit', 'bogus'] }))).toEqual({
      kind: 'field',
      field: 'newPassword',
      problem: { code: 'password_policy', rules: ['minLength', 'requireDigit'] },
    });
    expect(failureOutcome(400, result('password_policy', { rule: 'notCurrent' }))).toMatchObject({
      problem: { code: 'password_policy', rules: ['notCurrent'] },
    });
  });

  it('summarizes the rest', () => {
    expect(failureOutcome(400, result('password_policy', {}, 'Too weak'))).toEqual({
      kind: 'summary',
      problem: { code: 'rejected', detail: 'Too weak' },
    });
    expect(failureOutcome(400, result('bad_request', undefined, 'Bad request: body/newPassword must be string'))).toEqual({
      kind: 'summary',
      problem: { code: 'rejected', detail: 'Bad request: body/newPassword must be string' },
    });
    expect(failureOutcome(429, result('too_many_attempts', { retryAfterSeconds: 125 }))).toEqual({
      kind: 'summary',
      problem: { code: 'too_many_attempts', retryAfterSeconds: 125 },
    });
    expect(failureOutcome(429, 'Too Many Requests')).toEqual({
      kind: 'summary',
      problem: { code: 'too_many_attempts', retryAfterSeconds: null },
    });
    expect(failureOutcome(409, result('conflict'))).toEqual({ kind: 'summary', problem: { code: 'conflict' } });
    expect(failureOutcome(401, null)).toEqual({ kind: 'summary', problem: { code: 'expired' } });
    expect(failureOutcome(403, null)).toEqual({ kind: 'summary', problem: { code: 'forbidden' } });
    expect(failureOutcome(0, null)).toEqual({ kind: 'summary', problem: { code: 'network' } });
    expect(failureOutcome(502, '<html>')).toEqual({ kind: 'summary', problem: { code: 'server' } });
    expect(failureOutcome(404, null)).toEqual({ kind: 'summary', problem: { code: 'rejected', detail: null } });
  });

  it('switches to the provider link for an external provider, with a safe URL only', () => {
    expect(failureOutcome(409, result('external_provider', { accountUrl: 'https://id.example/account' }))).toEqual({
      kind: 'external',
      accountUrl: 'https://id.example/account',
    });
    expect(failureOutcome(409, result('external_provider', { accountUrl: 'javascript:alert(1)' }))).toEqual({
      kind: 'external',
      accountUrl: null,
    });
  });

  it('helpers', () => {
    expect(safeLink(' https://id.example/a ')).toBe('https://id.example/a');
    expect(safeLink('/relative')).toBeNull();
    expect(minutesToWait(1)).toBe(1);
    expect(minutesToWait(600)).toBe(10);
    expect(minutesToWait(601)).toBe(11);
  });
});
