/**
 * The General Ledger's batch-post process (issue 12 "Process screens"): "Post draft journal entries" — the
 * draft GL journal entries dated in a range (§5: start and end date required, at most one year) are listed,
 * the user picks and confirms, and each is posted through the journal entry's own `post` action (its rules:
 * the distribution sums to zero, the period exists and is open, an open journal — the posting service) in
 * its own transaction; the result list has one §3 Call result per entry, failures with their §8 message.
 * Server side: modules/gl/server/reports/post-drafts.ts. Route: GL `/post-journal-entries`
 * (`@erp/accounting#PostJournalEntries`). It lives beside the GL reports: the same parameters and strings.
 */
import { defineProcess, type ProcessDefinition } from '@erp/shared/processes/define';

export const postDraftEntries: ProcessDefinition = defineProcess({
  name: 'gl-post-drafts',
  application: 'NOVUS-GL',
  routes: [{ application: 'NOVUS-GL', path: '/post-journal-entries' }],
  titleKey: 'gl:reports.postDrafts.title',
  parameters: [
    { name: 'StartDate', type: 'date', labelKey: 'gl:reports.parameters.StartDate', required: true, defaultValue: 'yearStart' },
    { name: 'EndDate', type: 'date', labelKey: 'gl:reports.parameters.EndDate', required: true, defaultValue: 'today' },
  ],
  rules: [{ kind: 'dateRange', start: 'StartDate', end: 'EndDate', maxYears: 1 }],
  columns: [
    { field: 'EntryId', type: 'integer', labelKey: 'gl:reports.columns.EntryId', hidden: true },
    { field: 'DocumentNo', type: 'text', labelKey: 'gl:reports.columns.DocumentNo' },
    { field: 'EntryDate', type: 'date', labelKey: 'gl:reports.columns.EntryDate' },
    { field: 'Description', type: 'text', labelKey: 'gl:reports.columns.Description', width: 2 },
    { field: 'TotalDebit', type: 'decimal', scale: 2, labelKey: 'gl:reports.columns.Debit' },
    { field: 'TotalCredit', type: 'decimal', scale: 2, labelKey: 'gl:reports.columns.Credit' },
    { field: 'Version', type: 'integer', labelKey: 'gl:reports.columns.EntryId', hidden: true },
  ],
  itemKey: 'EntryId',
  itemLabel: 'DocumentNo',
  maxItems: 500,
});
