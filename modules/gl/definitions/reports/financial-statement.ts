/**
 * The financial statement run (SCREENS.md FS-08, route `/financial-statement`): a format
 * (modules/gl/definitions/financial-statement.ts) evaluated for a fiscal year and period from the period
 * balances. One report row per format row, in sequence order; the figure columns are the format's columns by
 * number (`Amount1` … `Amount6`): a column the format does not define stays zero. Strings: `reports` namespace
 * under `gl.financialStatement` (the server's messages and file headings read that namespace).
 * §8: "No column details found." when the format has no column details.
 */
import { defineReport, type ReportColumnInput, type ReportDefinition } from '@erp/shared/reports/define';
import { FS_MAX_COLUMNS } from '../financial-statement.ts';

const K = 'gl:reports.financialStatement';

const amountColumns: ReportColumnInput[] = Array.from({ length: FS_MAX_COLUMNS }, (_, i) => ({
  field: `Amount${i + 1}`,
  type: 'decimal',
  scale: 2,
}));

export const financialStatement: ReportDefinition = defineReport({
  name: 'gl-financial-statement',
  application: 'NOVUS-GL',
  routes: [{ application: 'NOVUS-GL', path: '/financial-statement' }],
  titleKey: `${K}.title`,
  parameters: [
    { name: 'FormatId', type: 'text', required: true, maxLength: 20, defaultValue: 'INCOME' },
    // §5 Accounting: fiscal year greater than 1000 and less than 9999.
    { name: 'FiscalYear', type: 'integer', labelKey: 'gl:reports.parameters.FiscalYear', required: true, min: 1001, max: 9998, rangeKey: 'gl:reports.validation.fiscalYear', defaultValue: 'fiscalYear' },
    { name: 'PeriodNo', type: 'integer', labelKey: 'gl:reports.parameters.PeriodNo', required: true, min: 1, max: 13, defaultValue: 'fiscalPeriod' },
    // Issue 22: the year's closing entry is left out (the year's income statement shows its net income) unless asked.
    {
      name: 'Closing',
      type: 'enum',
      labelKey: `${K}.parameters.Closing`,
      defaultValue: 'exclude',
      options: [
        { value: 'exclude', labelKey: `${K}.closing.exclude` },
        { value: 'include', labelKey: `${K}.closing.include` },
      ],
    },
  ],
  rules: [],
  columns: [
    { field: 'Sequence', type: 'integer' },
    { field: 'Description', type: 'text', width: 2 },
    ...amountColumns,
  ],
  defaultSort: [{ field: 'Sequence' }],
  orientation: 'landscape',
});
