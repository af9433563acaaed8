/**
 * Query of the bank reconciliation report (`gl-bank-reconciliation`, definition in
 * modules/gl/definitions/bank-reconciliation-report.ts): the GL entries a completed reconciliation cleared
 * (bank_reconciliation_marks), amounts as stored (the engine decodes them exactly).
 */
import { bankReconciliationReport } from '../../definitions/bank-reconciliation-report.ts';
import type { ServerReport } from '@erp/server/reports/engine';
import { glDb } from '../tables.generated.ts';

export const bankReconciliationServerReport: ServerReport = {
  def: bankReconciliationReport,
  async prepare(ctx) {
    const row = await glDb(ctx.db)
      .selectFrom('bank_reconciliations')
      .select('reconciliation_id')
      .where('reconciliation_id', '=', Number(ctx.params['ReconciliationId']))
      .where('status', '=', 'Completed')
      .executeTakeFirst();
    return row ? [] : [{ field: 'ReconciliationId', key: 'gl:reports.bankReconciliation.missing' }];
  },
  rows(ctx) {
    return glDb(ctx.db)
      .selectFrom('bank_reconciliation_marks as m')
      .innerJoin('gl_entries as e', 'e.entry_id', 'm.entry_id')
      .select(['e.entry_date as EntryDate', 'e.document_no as DocumentNo', 'e.source as Source', 'e.description as Description', 'e.amount as Amount', 'e.entry_id as EntryId'])
      .where('m.reconciliation_id', '=', Number(ctx.params['ReconciliationId']));
  },
};
