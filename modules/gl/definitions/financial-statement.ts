/**
 * Financial statement formats (SCREENS.md FS-04 … FS-07; spec §3 "Financial format: rows (range, sequence);
 * columns (number, range, reverse sign, divide by, year offset)"). A format is named by its `FormatId` (e.g.
 * `INCOME`, `BALANCE`) on its rows and columns:
 * - `financial-statement-row`: one line of the statement, printed in `Sequence` order (unique per format);
 * - `financial-statement-row-detail`: what a row adds up — a natural-account range (From ≤ To) or the total of
 *   another row of the same format with a lower sequence (one or the other), optionally with its sign reversed
 *   (revenue and liabilities are credits: reversed they print positive);
 * - `financial-statement-column`: one figure column, numbered 1 … 6 (unique per format);
 * - `financial-statement-column-detail`: what the column reads — the period, the year to date or the balance at
 *   the period's end, of the report year plus `YearOffset` (−1: the prior year), reversed or not, divided by
 *   `DivideBy` (1, 1000 …).
 * Server rules (ranges, totals of existing lower rows): modules/gl/server/financial-statements/rules.ts.
 * The statement itself is the report `gl-financial-statement` (reports/financial-statement.ts).
 */
import { defineEntity } from '@erp/shared/entities/define';
import { GL_NAMESPACE, GL_ROLES, NATURAL_ACCOUNT } from './common.ts';

/** Most figure columns a format may have (the report's column slots). */
export const FS_MAX_COLUMNS = 6;
/** What a column detail reads (DOMAIN-NOTES 3.7: period n only, 1..n year to date, balance at end of n). */
export const FS_RANGES = ['Period', 'YearToDate', 'Balance'] as const;

const FORMAT_ID = {
  type: 'text',
  required: true,
  maxLength: 20,
  pattern: '[A-Z0-9_-]+',
  uppercase: true,
  requiredKey: 'gl:financial-statement.rules.formatRequired',
} as const;

export const financialStatementRow = defineEntity({
  name: 'financial-statement-row',
  namespace: GL_NAMESPACE,
  table: 'gl_fs_rows',
  key: 'RowId',
  keyKind: 'auto',
  application: 'NOVUS-GL',
  fields: {
    RowId: { type: 'integer' },
    FormatId: FORMAT_ID,
    Sequence: { type: 'integer', required: true, min: 1, max: 9999 },
    Description: { type: 'text', required: true, maxLength: 60 },
  },
  listColumns: ['FormatId', 'Sequence', 'Description'],
  defaultSort: [{ field: 'FormatId' }, { field: 'Sequence' }],
  filters: [{ field: 'FormatId', op: 'eq' }],
  search: ['FormatId', 'Description'],
  // §3 rows with sequence: one row per sequence in a format.
  uniques: [['FormatId', 'Sequence']],
  roles: GL_ROLES,
  formLayout: { sections: [{ rows: [['FormatId', 'Sequence'], ['Description']] }] },
});

export const financialStatementRowDetail = defineEntity({
  name: 'financial-statement-row-detail',
  namespace: GL_NAMESPACE,
  table: 'gl_fs_row_details',
  key: 'DetailId',
  keyKind: 'auto',
  application: 'NOVUS-GL',
  fields: {
    DetailId: { type: 'integer' },
    RowId: { type: 'lookup', entity: 'financial-statement-row', valueType: 'integer', required: true },
    FromAccount: NATURAL_ACCOUNT,
    ToAccount: NATURAL_ACCOUNT,
    TotalOfSequence: { type: 'integer', min: 1, max: 9999 },
    ReverseSign: { type: 'boolean', defaultValue: false },
  },
  listColumns: ['RowId', 'FromAccount', 'ToAccount', 'TotalOfSequence', 'ReverseSign'],
  defaultSort: [{ field: 'RowId' }, { field: 'DetailId' }],
  filters: [{ field: 'RowId', op: 'eq' }],
  roles: GL_ROLES,
  formLayout: { sections: [{ rows: [['RowId'], ['FromAccount', 'ToAccount'], ['TotalOfSequence', 'ReverseSign']] }] },
});

export const financialStatementColumn = defineEntity({
  name: 'financial-statement-column',
  namespace: GL_NAMESPACE,
  table: 'gl_fs_columns',
  key: 'ColumnId',
  keyKind: 'auto',
  application: 'NOVUS-GL',
  fields: {
    ColumnId: { type: 'integer' },
    FormatId: FORMAT_ID,
    ColumnNo: { type: 'integer', required: true, min: 1, max: FS_MAX_COLUMNS },
    Description: { type: 'text', required: true, maxLength: 40 },
  },
  listColumns: ['FormatId', 'ColumnNo', 'Description'],
  defaultSort: [{ field: 'FormatId' }, { field: 'ColumnNo' }],
  filters: [{ field: 'FormatId', op: 'eq' }],
  search: ['FormatId', 'Description'],
  // §3 columns with number: one column per number in a format.
  uniques: [['FormatId', 'ColumnNo']],
  roles: GL_ROLES,
  formLayout: { sections: [{ rows: [['FormatId', 'ColumnNo'], ['Description']] }] },
});

export const financialStatementColumnDetail = defineEntity({
  name: 'financial-statement-column-detail',
  namespace: GL_NAMESPACE,
  table: 'gl_fs_column_details',
  key: 'DetailId',
  keyKind: 'auto',
  application: 'NOVUS-GL',
  fields: {
    DetailId: { type: 'integer' },
    ColumnId: { type: 'lookup', entity: 'financial-statement-column', valueType: 'integer', required: true },
    Range: {
      type: 'enum',
      required: true,
      options: FS_RANGES.map((value) => ({ value, labelKey: `gl:financial-statement-column-detail.options.${value}` })),
    },
    ReverseSign: { type: 'boolean', defaultValue: false },
    DivideBy: { type: 'integer', required: true, min: 1, max: 1000000, defaultValue: 1 },
    // −1: the prior year (DOMAIN-NOTES 3.7: fy = reportYear + yearOffset).
    YearOffset: { type: 'integer', required: true, min: -9, max: 0, defaultValue: 0 },
  },
  listColumns: ['ColumnId', 'Range', 'ReverseSign', 'DivideBy', 'YearOffset'],
  defaultSort: [{ field: 'ColumnId' }, { field: 'DetailId' }],
  filters: [{ field: 'ColumnId', op: 'eq' }],
  roles: GL_ROLES,
  formLayout: { sections: [{ rows: [['ColumnId', 'Range'], ['ReverseSign', 'DivideBy'], ['YearOffset']] }] },
});
