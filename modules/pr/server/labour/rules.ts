/**
 * Rules of the trades labour (issue 29 item 6; definitions modules/pr/definitions/labour.ts):
 * - work order (the job): the lot exists (else §8 "Builder, site or lot not found."), its site is copied; the job
 *   ledger is created with the job, dated the order date unless given (`LedgerCreatedOn`); the lines' §5 rules
 *   are the definition's (`workOrderRules`). Deleting a job whose ledger has transactions — time cards — is
 *   refused: §5 "A job ledger cannot be deleted when transactions reference it."
 * - time card: the job's lot is copied; the rate, when not given (always so for a user without the payroll role,
 *   who cannot see or send it), is the employee's gross labour rate, else the hourly rate; Amount = hours × rate
 *   to the cent. Approve: Open → Approved (the state machine refuses every later change or delete).
 * - payroll transaction lines that pay a time card (TimeCardNo): the card is Approved, the transaction's
 *   employee's, and on no other transaction that is not cancelled (`timeCardLineIssues`).
 */
import { mul } from '@erp/shared/decimal';
import type { RuleIssue } from '@erp/shared/entities/define';
import { callResult, messageIn, BusinessError } from '@erp/server/entities/call-result';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { setField, type EntityHooks, type WireRecord } from '@erp/server/entities/hooks';
import type { Transaction } from 'kysely';
import { text } from '@erp/modules/te/server/api';
import { LEDGER_IN_USE } from '../../definitions/labour.ts';
import { lockRows } from '@erp/server/exactly-once/compare-and-set';
import { prDb, type PrDatabase } from '../tables.generated.ts';

type PrTransaction = Transaction<PrDatabase>;
const NOT_FOUND = 'te:rules.notFound';

export const workOrderHooks: EntityHooks = {
  async beforeWrite(_ctx, engineTrx, change) {
    const trx = prDb(engineTrx);
    if (change.mode === 'create' || change.changed.has('LotId')) {
      const lot = await trx.selectFrom('te_lots').select('site_id').where('lot_id', '=', text(change.next['LotId'])).executeTakeFirst();
      if (!lot) throw BusinessError.of(400, 'not_found', NOT_FOUND, {}, 'LotId');
      setField(change, 'SiteId', lot.site_id);
    }
    if (text(change.next['LedgerCreatedOn']) === '') setField(change, 'LedgerCreatedOn', change.next['OrderDate']);
  },
  async beforeDelete(ctx, record) {
    const card = await prDb(ctx.db).selectFrom('pr_time_cards').select('time_card_id').where('work_order_no', '=', text(record['WorkOrderNo'])).limit(1).executeTakeFirst();
    if (!card) return null;
    return { status: 409, body: callResult(2, 'in_use', messageIn(ctx.user.row.language, LEDGER_IN_USE)) };
  },
};

/** The employee's costing rate: the gross labour rate, else the hourly rate (4 places), else zero. */
export async function employeeRate(trx: PrTransaction, employeeId: string): Promise<string> {
  const row = await trx.selectFrom('pr_employees').select(['gross_labour_rate', 'hourly_rate']).where('employee_id', '=', employeeId).executeTakeFirst();
  if (!row) return '0.0000';
  return decimalFromDb(trx, row.gross_labour_rate, 4) ?? decimalFromDb(trx, row.hourly_rate, 4) ?? '0.0000';
}

export const timeCardHooks: EntityHooks = {
  async beforeWrite(_ctx, engineTrx, change) {
    const trx = prDb(engineTrx);
    const job = await trx.selectFrom('pr_work_orders').select('lot_id').where('work_order_no', '=', text(change.next['WorkOrderNo'])).executeTakeFirst();
    if (!job) throw BusinessError.of(400, 'not_found', 'pr:labour.rules.jobNotFound', {}, 'WorkOrderNo');
    setField(change, 'LotId', job.lot_id);
    let rate = text(change.next['Rate']);
    if (rate === '' || (change.changed.has('EmployeeId') && !change.changed.has('Rate') && change.mode === 'update')) {
      rate = await employeeRate(trx, text(change.next['EmployeeId']));
      setField(change, 'Rate', rate);
    }
    setField(change, 'Amount', mul(text(change.next['Hours']) || '0', rate, 2));
  },
};

/** Issues of a payroll transaction's lines that pay time cards (see the top of the file). */
export async function timeCardLineIssues(trx: PrTransaction, transactionId: number | null, employeeId: string, lines: readonly WireRecord[]): Promise<RuleIssue[]> {
  const issues: RuleIssue[] = [];
  // The cards this save pays, locked first: two saves paying one card cannot both find it unpaid (issue 39).
  await lockRows(trx, 'pr_time_cards', 'time_card_no', [...new Set(lines.map((line) => text(line['TimeCardNo'])).filter((number) => number !== ''))]);
  for (const [index, line] of lines.entries()) {
    const number = text(line['TimeCardNo']);
    if (number === '') continue;
    const field = `Lines[${index}].TimeCardNo`;
    const card = await trx.selectFrom('pr_time_cards').select(['status', 'employee_id']).where('time_card_no', '=', number).executeTakeFirst();
    if (!card || card.status !== 'Approved' || card.employee_id !== employeeId) {
      issues.push({ field, key: 'pr:labour.rules.timeCardNotApproved', params: { card: number } });
      continue;
    }
    let other = trx
      .selectFrom('pr_transaction_lines as l')
      .innerJoin('pr_transactions as t', 't.transaction_id', 'l.transaction_id')
      .select('t.transaction_no')
      .where('l.time_card_no', '=', number)
      .where('t.status', '<>', 'Cancelled');
    if (transactionId !== null) other = other.where('t.transaction_id', '<>', transactionId);
    const paid = await other.limit(1).executeTakeFirst();
    if (paid) issues.push({ field, key: 'pr:labour.rules.timeCardPaid', params: { card: number, transaction: text(paid.transaction_no) } });
  }
  return issues;
}
