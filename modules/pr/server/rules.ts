/**
 * Payroll's entity rules (issue 29): the employee's union level belongs to the employee's union; a payroll
 * transaction is dated in an open payroll year, and its lines that pay time cards pay approved, unpaid ones of its
 * employee (labour/rules.ts); cheques are made by cheque preparation only, and cancelled by
 * their `cancel` action (payrun.ts `cancelCheque`: a posted cheque's journal reversed, its transactions back to
 * Entered).
 */
import { BusinessError } from '@erp/server/entities/call-result';
import type { EntityHooks, WireRecord } from '@erp/server/entities/hooks';
import { timeCardLineIssues } from './labour/rules.ts';
import { assertYearOpen, cancelCheque } from './payrun.ts';
import { prDb } from './tables.generated.ts';

export const employeeHooks: EntityHooks = {
  async validate(ctx, change) {
    const level = change.next['UnionLevelId'];
    if (typeof level !== 'string' || level === '') return [];
    const row = await prDb(ctx.db).selectFrom('pr_union_levels').select('union_id').where('level_id', '=', level).executeTakeFirst();
    return row && row.union_id === change.next['UnionId'] ? [] : [{ field: 'UnionLevelId', key: 'pr:rules.levelOfUnion' }];
  },
};

export const transactionHooks: EntityHooks = {
  async beforeWrite(_ctx, engineTrx, change) {
    const trx = prDb(engineTrx);
    await assertYearOpen(trx, String(change.next['PayDate']));
    const lines = Array.isArray(change.next['Lines']) ? (change.next['Lines'] as WireRecord[]) : [];
    const issues = await timeCardLineIssues(trx, change.mode === 'update' ? Number(change.id) : null, String(change.next['EmployeeId']), lines);
    if (issues.length > 0) throw new BusinessError(400, 'validation_failed', issues.map((issue) => ({ field: issue.field, key: issue.key, params: issue.params ?? {} })));
  },
};

export const chequeHooks: EntityHooks = {
  async beforeWrite(_ctx, _trx, change) {
    if (change.mode === 'create') throw BusinessError.of(409, 'by_preparation', 'pr:rules.chequeByPreparation');
  },
  actions: {
    cancel: {
      async effect(ctx, run) {
        const trx = prDb(run.trx);
        const cheque = await trx.selectFrom('pr_cheques').selectAll().where('cheque_id', '=', Number(run.record['ChequeId'])).executeTakeFirstOrThrow();
        const journalId = await cancelCheque(trx, cheque, ctx.user.userId);
        return { touched: ['pr_transactions', 'gl_entries'], messageKey: 'pr:pr-cheque.cancelled', ...(journalId === null ? {} : { data: { ReversalJournalId: journalId } }) };
      },
    },
  },
};
