/**
 * GL journal entry (`gl-journal-entry`, screen GL-06, route `/gl-journal-entry` under GL): a document with
 * G/L distribution lines. Draft → Posted (immutable) → Reversed (by a linked, posted reversing entry).
 * Tables `gl_journal_entries` and `gl_journal_entry_lines` (from this definition, schema-sync).
 *
 * - Lines: account (lookup, must exist, be active and postable, not a control account), debit or credit
 *   (exact money, one of the two), description. Stable line ids (LineId).
 * - Computed once (shared/src/entities/compute.ts, the same in the form and on the server): each line's
 *   signed Amount (debit − credit), TotalDebit, TotalCredit, Balance.
 * - Actions (modules/gl/server/journal-entry.ts): `post` (the distribution must sum to zero; the date
 *   needs an existing open G/L period and an open journal — the posting service), `reverse` (a new posted
 *   entry with the lines swapped, linked both ways).
 * - Numbers: DocumentNo from the `GL-ENTRY` sequence counter, allocated in the create's transaction.
 */
import { MONEY } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';
import { postedDocument } from '@erp/shared/entities/posted-document';

const NAME = 'gl-journal-entry';
const lineLabel = (field: string) => `gl:${NAME}.fields.Lines.fields.${field}`;

export const GL_ENTRY_SEQUENCE = 'GL-ENTRY';

/** Numbered Draft → Posted → Reversed: the posted-document preset. */
const POSTED = postedDocument({ namespace: 'gl', name: NAME, sequence: GL_ENTRY_SEQUENCE, prefix: 'JE', later: [{ state: 'Reversed', action: 'reverse' }] });

export const glJournalEntry = defineEntity({
  name: NAME,
  namespace: 'gl',
  labelKey: `gl:${NAME}.title`,
  table: 'gl_journal_entries',
  key: 'EntryId',
  // Issue 42 item 1: found by the command palette's global search.
  screen: '/novus-gl/gl-journal-entry',
  globalSearch: { name: ['Description'] },
  keyKind: 'auto',
  application: 'NOVUS-GL',
  fields: {
    EntryId: { type: 'integer' },
    ...POSTED.fields,
    EntryDate: { type: 'date', required: true },
    Description: { type: 'text', maxLength: 100 },
    ReversalOf: { type: 'text', maxLength: 30, readOnly: true },
    ReversedBy: { type: 'text', maxLength: 30, readOnly: true },
    TotalDebit: { ...MONEY, readOnly: true },
    TotalCredit: { ...MONEY, readOnly: true },
    Balance: { ...MONEY, readOnly: true },
    Lines: {
      type: 'children',
      lines: true,
      selectLineKey: 'gl:rules.selectDetailRow',
      labelKey: `gl:${NAME}.fields.Lines.label`,
      table: 'gl_journal_entry_lines',
      parentColumn: 'entry_id',
      key: 'LineId',
      maxItems: 2000,
      fields: {
        LineId: { type: 'integer', labelKey: lineLabel('LineId') },
        AccountId: {
          type: 'lookup',
          entity: 'gl-account',
          maxLength: 8,
          required: true,
          activeOnly: true,
          where: { IsPostable: true, IsControl: false },
          // §8 wording of the posting service: a control account is posted through its sub-ledger (issue 21 item 6).
          whereKeys: { IsControl: 'gl:rules.controlAccountEntered' },
          invalidKey: 'gl:rules.accountInvalid',
          inactiveKey: 'gl:rules.accountInvalid',
          labelKey: lineLabel('AccountId'),
        },
        Description: { type: 'text', maxLength: 100, labelKey: lineLabel('Description') },
        Debit: { ...MONEY, min: '0', minKey: 'entities:validation.negative', labelKey: lineLabel('Debit') },
        Credit: { ...MONEY, min: '0', minKey: 'entities:validation.negative', labelKey: lineLabel('Credit') },
        Amount: { ...MONEY, readOnly: true, labelKey: lineLabel('Amount') },
      },
    },
  },
  listColumns: [
    'DocumentNo',
    'EntryDate',
    'Description',
    'Status',
    { field: 'TotalDebit', total: 'sum' },
    { field: 'TotalCredit', total: 'sum' },
    { field: 'ReversalOf', visible: false },
    { field: 'JournalId', visible: false },
  ],
  defaultSort: [{ field: 'EntryId', descending: true }],
  filters: [
    { field: 'EntryDate', op: 'range' },
    { field: 'Status', op: 'eq' },
    { field: 'DocumentNo', op: 'startsWith' },
  ],
  search: ['DocumentNo', 'Description'],
  roles: { read: ['ADMIN'], write: ['ADMIN'] },
  attachments: false,
  formLayout: {
    sections: [
      { rows: [['DocumentNo', 'Status'], ['EntryDate', 'Description'], ['JournalId', 'ReversalOf', 'ReversedBy']] },
      { titleKey: `gl:${NAME}.sections.totals`, afterLines: true, rows: [['TotalDebit', 'TotalCredit', 'Balance']] },
    ],
  },
  numbering: POSTED.numbering,
  computed: {
    'Lines.Amount': { op: 'sub', args: ['Debit', 'Credit'] },
    TotalDebit: { op: 'sum', collection: 'Lines', field: 'Debit' },
    TotalCredit: { op: 'sum', collection: 'Lines', field: 'Credit' },
    Balance: { op: 'sub', args: ['TotalDebit', 'TotalCredit'] },
  },
  states: POSTED.states,
  rules: [
    (record) => {
      // A line carries a debit or a credit, not both, and not neither (§8 "No changes or lines contain errors.").
      const lines = Array.isArray(record['Lines']) ? (record['Lines'] as Record<string, unknown>[]) : [];
      const issues = [];
      for (const [index, line] of lines.entries()) {
        const debit = typeof line['Debit'] === 'string' && !/^-?0+(\.0+)?$/.test(line['Debit']);
        const credit = typeof line['Credit'] === 'string' && !/^-?0+(\.0+)?$/.test(line['Credit']);
        if (debit === credit) issues.push({ field: `Lines[${index}].Debit`, key: 'gl:rules.debitOrCredit' });
      }
      return issues;
    },
  ],
});
