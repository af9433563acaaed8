/**
 * Firm maintenance rules that need the database (§5 Firm and general, §6 assigned customers). The shape
 * rules (Firm ID not blank, a firm type) are in the shared definition; Bill To Id and Jobber Firm ID existing,
 * and Bill To Id active, are the generic lookup checks of the definition (with the §5 messages). The fields the
 * business modules add to the firm (issue 41) bring their own checks: the AP firm id and commission percent not
 * negative (shape), account terms, sales rep and discount table naming existing records (the generic lookup check
 * of their fields: modules/ar/definitions/firm.ts, modules/oe/definitions/firm.ts); a module needing more would
 * give its own hooks of `firm`, composed after these (server/src/entities/registry.ts).
 *
 * - Bill To Id must name a bill-to firm (else 'Bill To Id must be valid.').
 * - Firm types are accounts (firm_accounts): a save that unchecks a type deletes that account, so it is
 *   answered with a warning (200, ResultStatus 3, ResultCode confirm_delete_accounts, Data.Accounts)
 *   and nothing is written until the body says `ConfirmDeleteAccounts: true`.
 * - Users restricted to assigned customers (users.restricted_to_customers) see only the firms assigned
 *   to them (user_customers) and those firms' ship-tos; any other firm answers 403 with 'Sorry, this
 *   Firm cannot be viewed. You are not assigned to this customer.' — lists leave the others out.
 */
import type { RuleIssue } from '@erp/shared/entities/define';
import { asFlag } from '@erp/server/db/schema';
import { assignedFirms, firmParameterRefusal, isRestricted, notAssigned } from './assigned.ts';
import type { AuditEntry } from '@erp/server/entities/audit';
import type { EntityHooks } from '@erp/server/entities/hooks';
import { shellDb } from '../tables.generated.ts';
import { message } from '@erp/server/entities/labels';

/** Firm accounts to delete: the types the current record has and the next one lacks. */
function removedTypes(change: { current: Record<string, unknown> | null; next: Record<string, unknown> }): string[] {
  const before = (change.current?.['FirmTypes'] as string[] | undefined) ?? [];
  const after = new Set((change.next['FirmTypes'] as string[] | undefined) ?? []);
  return before.filter((type) => !after.has(type));
}

function accountEntries(firmId: string, types: string[], action: 'insert' | 'delete'): AuditEntry[] {
  return types.map((type) => ({
    table: 'firm_accounts',
    idName: 'firm_id',
    idValue: firmId,
    column: 'account_type',
    old: action === 'delete' ? type : null,
    new: action === 'insert' ? type : null,
    action,
    rootTable: 'firms',
    rootId: firmId,
  }));
}

export const firmHooks: EntityHooks = {
  inputKeys: ['ConfirmDeleteAccounts'],

  // §6: a report or process naming a firm the user is not assigned to is refused like the firm itself.
  parameterRefusal: firmParameterRefusal,

  async scope(ctx, query) {
    if (!isRestricted(ctx.user)) return query;
    const assigned = await assignedFirms(ctx.db, ctx.user);
    if (assigned.length === 0) return query.where('firm_id', '=', '');
    return query.where((eb) => eb.or([eb('firm_id', 'in', assigned), eb('bill_to_id', 'in', assigned)]));
  },

  async canView(ctx, record) {
    if (!isRestricted(ctx.user)) return null;
    const assigned = new Set(await assignedFirms(ctx.db, ctx.user));
    const billTo = record['BillToId'];
    const visible = assigned.has(String(record['FirmId'])) || (typeof billTo === 'string' && assigned.has(billTo));
    return visible ? null : notAssigned();
  },

  async validate(ctx, change) {
    const issues: RuleIssue[] = [];
    const billTo = change.next['BillToId'];
    if (change.changed.has('BillToId') && typeof billTo === 'string') {
      const row = await ctx.db.selectFrom('firms').select(['is_bill_to']).where('firm_id', '=', billTo).executeTakeFirst();
      if (row && !asFlag(row.is_bill_to)) issues.push({ field: 'BillToId', key: 'entities:firm.rules.billToInvalid' });
    }
    // Deactivating a bill-to that active ship-tos still name would leave them with an inactive bill-to.
    if (change.mode === 'update' && change.changed.has('IsActive') && change.next['IsActive'] === false) {
      const dependant = await shellDb(ctx.db)
        .selectFrom('firms')
        .select('firm_id')
        .where('bill_to_id', '=', String(change.id))
        .where('is_active', '=', 1)
        .executeTakeFirst();
      if (dependant) issues.push({ field: 'IsActive', key: 'entities:firm.rules.mustBeActive' });
    }
    return issues;
  },

  async confirm(ctx, change) {
    const flag = change.body['ConfirmDeleteAccounts'];
    if (flag !== undefined && typeof flag !== 'boolean') {
      return {
        status: 400,
        body: { ResultStatus: 2, ResultCode: 'bad_request', Message: 'Bad request: ConfirmDeleteAccounts must be true or false', EntityId: null, Exception: null },
      };
    }
    if (change.mode !== 'update' || !change.changed.has('FirmTypes')) return null;
    const removed = removedTypes(change);
    if (removed.length === 0 || flag === true) return null;
    return {
      status: 200,
      body: {
        ResultStatus: 3,
        ResultCode: 'confirm_delete_accounts',
        Message: message('entities:firm.rules.confirmDeleteAccounts', { accounts: removed.join(', ') }),
        EntityId: change.id,
        Exception: null,
        Data: { Accounts: removed },
      },
    };
  },

  async afterWrite(ctx, engineTrx, change) {
    if (!change.changed.has('FirmTypes')) return [];
    const trx = shellDb(engineTrx);
    const firmId = String(change.id);
    const before = new Set((change.current?.['FirmTypes'] as string[] | undefined) ?? []);
    const after = (change.next['FirmTypes'] as string[] | undefined) ?? [];
    const added = after.filter((type) => !before.has(type));
    const removed = removedTypes(change);
    const now = new Date().toISOString();
    if (removed.length > 0) {
      await trx.deleteFrom('firm_accounts').where('firm_id', '=', firmId).where('account_type', 'in', removed).execute();
    }
    if (added.length > 0) {
      const by = ctx.user.userId;
      await trx
        .insertInto('firm_accounts')
        .values(added.map((type) => ({ firm_id: firmId, account_type: type, created_by: by, created_on: now, updated_by: by, updated_on: now, version: 1 })))
        .execute();
    }
    return [...accountEntries(firmId, removed, 'delete'), ...accountEntries(firmId, added, 'insert')];
  },

  async onDelete(_ctx, engineTrx, record) {
    const trx = shellDb(engineTrx);
    const firmId = String(record['FirmId']);
    const rows = await trx.selectFrom('firm_accounts').select('account_type').where('firm_id', '=', firmId).execute();
    await trx.deleteFrom('firm_accounts').where('firm_id', '=', firmId).execute();
    return accountEntries(firmId, rows.map((row) => row.account_type), 'delete');
  },
};
