/**
 * User maintenance rules: a new user needs an initial password that meets the password policy
 * (auth/password-policy.ts); the password is hashed (scrypt) before the transaction and only its change
 * is audited, never a value. Nobody deletes their own user.
 */
import { brokenRules, PASSWORD_POLICY, ruleMessage } from '@erp/server/auth/password-policy';
import { hashPassword } from '@erp/server/auth/password';
import type { EntityHooks } from '@erp/server/entities/hooks';
import { message } from '@erp/server/entities/labels';

const OPTIONAL_TEXT_COLUMNS = [
  ['Email', 'email'],
  ['Domain', 'domain'],
] as const;

export const userHooks: EntityHooks = {
  async validate(_ctx, change) {
    const password = change.value['InitialPassword'];
    if (change.mode === 'create' && (typeof password !== 'string' || password === '')) {
      return [{ field: 'InitialPassword', key: 'entities:user.rules.passwordRequired' }];
    }
    if (typeof password === 'string' && password !== '') {
      const userId = String(change.next['UserId']);
      const rules = brokenRules(password, PASSWORD_POLICY, { userId, currentPassword: '' });
      if (rules.length > 0) {
        return [{ field: 'InitialPassword', key: 'entities:user.rules.passwordPolicy', params: { rule: ruleMessage(rules[0]!) } }];
      }
    }
    return [];
  },

  async prepare(_ctx, change) {
    const extra: Record<string, unknown> = {};
    // Email and Domain are optional, but their columns are NOT NULL (empty = none): a blank one is stored
    // as '' rather than refused by the database.
    for (const [field, column] of OPTIONAL_TEXT_COLUMNS) {
      const blank = change.next[field] === null || change.next[field] === undefined;
      if (blank && (change.mode === 'create' || change.changed.has(field))) extra[column] = '';
    }
    const password = change.value['InitialPassword'];
    if (typeof password === 'string' && password !== '') extra['password_hash'] = await hashPassword(password);
    return extra;
  },

  async afterWrite(_ctx, _trx, change) {
    const password = change.value['InitialPassword'];
    if (typeof password !== 'string' || password === '') return [];
    return [
      {
        table: 'users',
        idName: 'user_id',
        idValue: change.id,
        column: 'password_hash',
        old: null,
        new: null,
        action: change.mode === 'create' ? 'insert' : 'update',
      },
    ];
  },

  async beforeDelete(ctx, record) {
    if (record['UserId'] !== ctx.user.userId) return null;
    return {
      status: 409,
      body: { ResultStatus: 2, ResultCode: 'delete_self', Message: message('entities:user.rules.deleteSelf'), EntityId: null, Exception: null },
    };
  },
};
