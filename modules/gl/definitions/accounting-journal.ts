/**
 * Accounting journals (`accounting-journal`, screen GL-05; routes `/accounting-journals` under GL and AP,
 * `/journals` under AR and legacy NOVUS). Table `gl_journals` (migration 0005): a batch of postings of one
 * source (the G/L's GL, BK, YE, FX and those other modules declare, ./ledger-sources.ts), data type (Actual, Budget) and date; Open, then Closed (by hand
 * with the Close action, or when the G/L period closes). The posting service writes into the open journal
 * of its source, data type and date.
 *
 * Rules (§5 Accounting): date, source, data type and status required; the date needs an accounting period
 * that exists; an open journal with the same source, data type and date asks for confirmation (the §7
 * confirmation exchange, ResultStatus 3) — modules/gl/server/journals.ts.
 */
import { defineEntity, type FieldOption } from '@erp/shared/entities/define';
import { GL_JOURNAL_SOURCE_OPTIONS } from './ledger-sources.ts';

const NAME = 'accounting-journal';

export const DATA_TYPES = ['Actual', 'Budget'] as const;
export type DataType = (typeof DATA_TYPES)[number];

const options = (group: string, values: readonly string[]): FieldOption[] =>
  values.map((value) => ({ value, labelKey: `gl:${NAME}.${group}.${value}` }));

/**
 * A journal source by its label ("A/R", "Inventory"), in forms and reports alike (issue 21 item 4): one array,
 * which the modules' sources join when they register (issue 41).
 */
export const JOURNAL_SOURCE_OPTIONS = GL_JOURNAL_SOURCE_OPTIONS;

export const accountingJournal = defineEntity({
  name: NAME,
  namespace: 'gl',
  labelKey: `gl:${NAME}.title`,
  table: 'gl_journals',
  key: 'JournalId',
  keyKind: 'auto',
  application: 'NOVUS-GL',
  fields: {
    JournalId: { type: 'integer' },
    JournalDate: { type: 'date', required: true },
    Source: { type: 'enum', required: true, options: JOURNAL_SOURCE_OPTIONS, defaultValue: 'GL' },
    DataType: { type: 'enum', required: true, options: options('dataTypes', DATA_TYPES), defaultValue: 'Actual' },
    Status: {
      type: 'enum',
      required: true,
      readOnly: true,
      options: options('statuses', ['Open', 'Closed']),
      defaultValue: 'Open',
    },
    Description: { type: 'text', maxLength: 100 },
  },
  listColumns: ['JournalId', 'JournalDate', 'Source', 'DataType', 'Status', 'Description'],
  defaultSort: [{ field: 'JournalDate', descending: true }, { field: 'JournalId', descending: true }],
  filters: [
    { field: 'JournalDate', op: 'range' },
    { field: 'Source', op: 'in' },
    { field: 'DataType', op: 'eq' },
    { field: 'Status', op: 'eq' },
  ],
  search: ['Description'],
  roles: { read: ['ADMIN'], write: ['ADMIN'] },
  indexes: [['Source', 'DataType', 'JournalDate']],
  attachments: false,
  formLayout: { sections: [{ rows: [['JournalId', 'Status'], ['JournalDate', 'Source'], ['DataType', 'Description']] }] },
  states: {
    field: 'Status',
    initial: 'Open',
    editable: ['Open'],
    deletable: ['Open'],
    transitions: [
      { action: 'close', labelKey: `gl:${NAME}.actions.close`, from: ['Open'], to: 'Closed', irreversible: true, confirmKey: `gl:${NAME}.confirm.close`, primary: true },
    ],
  },
});
