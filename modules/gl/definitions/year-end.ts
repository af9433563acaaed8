/**
 * GL year end (issue 13 item 3, SCREENS.md FS-03 and 4.1), a process screen (`../../processes/define.ts`)
 * on GL `/gl-year-end` (`@erp/accounting#GlYearEnd`) and legacy `/novus/year-end` (`@erp/legacy#YearEnd`).
 * Parameters: the fiscal year and the action —
 * - `close`: refused while any period of the year is open for the G/L; posts ONE closing entry (source YE)
 *   dated the last day of the year that brings every revenue and expense account to zero against retained
 *   earnings (GL control) — ERPNext's period closing voucher; the next year's balances then open with
 *   balance-sheet accounts carried forward and revenue and expense at zero (balances are cumulative, so the
 *   closing entry is what zeroes them);
 * - `undo`: reverses the closing entry (allowed while the year is not locked and the next year has no
 *   closing);
 * - `lock`: the final lock (Odoo's hard lock date): a locked year can never be undone.
 * State (table year_end_runs): Open → Closed → Locked, Closed → Open by undo. The preview is the year's one
 * row (state, periods still open, net income, retained earnings account); the run does the action.
 * Server side: modules/gl/server/year-end/. Strings: `gl:year-end.*`.
 */
import { defineProcess, type ProcessDefinition } from '@erp/shared/processes/define';

export const YEAR_END_ACTIONS = ['close', 'undo', 'lock'] as const;

export const glYearEnd: ProcessDefinition = defineProcess({
  name: 'gl-year-end',
  application: 'NOVUS-GL',
  routes: [
    // Also on the legacy NOVUS menus: Sales Orders, whose catalog declares that application, says so.
    { application: 'NOVUS-GL', path: '/gl-year-end' },
  ],
  titleKey: 'gl:year-end.title',
  parameters: [
    { name: 'FiscalYear', type: 'integer', required: true, min: 1001, max: 9998, rangeKey: 'gl:rules.fiscalYear' },
    {
      name: 'Action',
      type: 'enum',
      required: true,
      defaultValue: 'close',
      options: YEAR_END_ACTIONS.map((value) => ({ value, labelKey: `gl:year-end.actions.${value}` })),
    },
  ],
  rules: [],
  columns: [
    { field: 'FiscalYear', type: 'integer' },
    { field: 'State', type: 'text' },
    { field: 'YearEndDate', type: 'date' },
    { field: 'OpenPeriods', type: 'integer' },
    { field: 'RetainedEarnings', type: 'text' },
    { field: 'NetIncome', type: 'decimal', scale: 2 },
    { field: 'ClosingDocument', type: 'text' },
  ],
  itemKey: 'FiscalYear',
  itemLabel: 'FiscalYear',
  maxItems: 1,
  confirmKey: 'gl:year-end.confirm',
});
