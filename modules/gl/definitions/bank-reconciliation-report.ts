/**
 * The bank reconciliation report (issue 13 item 1, spec §4 Bank reconciliation): the entries one completed
 * reconciliation cleared, with their total — printed as PDF (or .xlsx) by the reports framework
 * (`POST /api/reports/gl-bank-reconciliation/pdf` { Parameters: { ReconciliationId } }). The query is in
 * modules/gl/server/bank-reconciliation/report.ts; strings under `gl:reports.bankReconciliation`.
 * Who may print it: users who may open the bank reconciliation route.
 */
import { defineReport, type ReportDefinition } from '@erp/shared/reports/define';
import { JOURNAL_SOURCE_OPTIONS } from './accounting-journal.ts';

const c = (field: string) => `gl:reports.columns.${field}`;

export const bankReconciliationReport: ReportDefinition = defineReport({
  name: 'gl-bank-reconciliation',
  application: 'NOVUS-GL',
  routes: [{ application: 'NOVUS-GL', path: '/bank-reconciliation' }],
  titleKey: 'gl:reports.bankReconciliation.title',
  parameters: [{ name: 'ReconciliationId', type: 'integer', labelKey: 'gl:reports.bankReconciliation.reconciliation', required: true, min: 1, max: 2147483647 }],
  rules: [],
  columns: [
    { field: 'EntryDate', type: 'date', labelKey: c('EntryDate') },
    { field: 'DocumentNo', type: 'text', labelKey: c('DocumentNo') },
    { field: 'Source', type: 'text', labelKey: c('Source'), width: 0.6, options: JOURNAL_SOURCE_OPTIONS },
    { field: 'Description', type: 'text', labelKey: c('Description'), width: 2 },
    { field: 'Amount', type: 'decimal', scale: 2, labelKey: c('Amount'), total: true },
    { field: 'EntryId', type: 'integer', labelKey: c('EntryId'), hidden: true },
  ],
  defaultSort: [{ field: 'EntryDate' }, { field: 'EntryId' }],
});
