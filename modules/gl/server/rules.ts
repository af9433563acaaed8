/**
 * Server rules of the General Ledger masters (definitions: modules/gl/definitions/). What a definition cannot
 * say by itself because it reads other rows:
 * - every GL account a master names (retained earnings, integration defaults, a bank's account) must be
 *   postable — the generic lookup check already refuses a missing or inactive one — §8 "An account entered
 *   is not valid.";
 * - the retained earnings account is an equity account;
 * - GL control is a single row: a second one is refused.
 */
import type { RuleIssue } from '@erp/shared/entities/define';
import { ACCOUNT_INVALID_KEY } from '../definitions/common.ts';
import type { EntityContext, EntityHooks } from '@erp/server/entities/hooks';
import { glDb } from './tables.generated.ts';

/** The stored account, or undefined. */
async function accountOf(ctx: EntityContext, accountId: unknown) {
  if (typeof accountId !== 'string' || accountId === '') return undefined;
  return glDb(ctx.db).selectFrom('gl_accounts').select(['account_type', 'is_postable']).where('account_id', '=', accountId).executeTakeFirst();
}

/** SQLite answers booleans as 0/1, PostgreSQL as true/false. */
function truthy(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}

/**
 * An issue when `field` changed and names an account that is not postable (missing and inactive accounts
 * are the generic lookup check's).
 */
async function postableIssue(ctx: EntityContext, field: string, value: unknown, changed: ReadonlySet<string>): Promise<RuleIssue[]> {
  if (!changed.has(field)) return [];
  const account = await accountOf(ctx, value);
  return account && !truthy(account.is_postable) ? [{ field, key: ACCOUNT_INVALID_KEY }] : [];
}

const glControlHooks: EntityHooks = {
  async validate(ctx, change) {
    const issues: RuleIssue[] = [];
    if (change.mode === 'create') {
      const existing = await glDb(ctx.db).selectFrom('gl_control').select('control_id').executeTakeFirst();
      if (existing) issues.push({ field: 'ControlId', key: 'gl:gl-control.rules.single' });
    }
    if (change.changed.has('RetainedEarningsAccount')) {
      const account = await accountOf(ctx, change.next['RetainedEarningsAccount']);
      if (account && (!truthy(account.is_postable) || account.account_type !== 'equity')) {
        issues.push({ field: 'RetainedEarningsAccount', key: 'gl:gl-control.rules.retainedEarnings' });
      }
    }
    return issues;
  },
};

const glIntegrationHooks: EntityHooks = {
  validate: (ctx, change) => postableIssue(ctx, 'AccountId', change.next['AccountId'], change.changed),
};

const bankAccountHooks: EntityHooks = {
  validate: (ctx, change) => postableIssue(ctx, 'GlAccountId', change.next['GlAccountId'], change.changed),
};

/** The GL module's hooks by entity name (registered by server/src/modules/index.ts). */
export const glHooks: Readonly<Record<string, EntityHooks>> = {
  'gl-control': glControlHooks,
  'gl-integration': glIntegrationHooks,
  'bank-account': bankAccountHooks,
};
