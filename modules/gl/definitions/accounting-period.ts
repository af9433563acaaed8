/**
 * Accounting periods (`accounting-period`, screen GL-04; routes `/accounting-periods` under GL, AP and legacy
 * NOVUS, `/periods` under AR). Table `fiscal_periods` (migration 0005): one row per fiscal year and period,
 * with a closed flag per sub-ledger that the posting service checks (modules/gl/server/ledger/periods.ts
 * `assertPeriodOpen`): the G/L's own `ClosedGl` here, the others added by the modules that declare them
 * (./ledger-sources.ts, issue 41).
 *
 * Rules (§4 Accounting period and journal, §5 Accounting):
 * - fiscal year greater than 1000 and less than 9999; fiscal year and period, or start and end date,
 *   required (the server fills the other pair); periods 1 to 12, or 13 (an adjustment period);
 * - closing a sub-ledger flag needs every journal of that source dated in the period closed; closing the
 *   G/L flag then closes every journal of the period; reopening leaves the journals closed;
 * - a period with journals cannot be deleted;
 * - `create-year` (POST /api/gl/fiscal-years) creates a fiscal year's 12 contiguous periods.
 * Those rules that read journals run on the server (modules/gl/server/periods.ts) in the save's
 * transaction.
 */
import { defineEntity } from '@erp/shared/entities/define';
import { GL_FLAG, PERIOD_FLAGS_SECTION } from './ledger-sources.ts';

const NAME = 'accounting-period';

export const FISCAL_YEAR_MIN = 1001;
export const FISCAL_YEAR_MAX = 9998;

export const accountingPeriod = defineEntity({
  name: NAME,
  namespace: 'gl',
  labelKey: `gl:${NAME}.title`,
  table: 'fiscal_periods',
  key: 'PeriodId',
  keyKind: 'auto',
  application: 'NOVUS-GL',
  fields: {
    PeriodId: { type: 'integer' },
    FiscalYear: {
      type: 'integer',
      min: FISCAL_YEAR_MIN,
      max: FISCAL_YEAR_MAX,
      minKey: 'gl:rules.fiscalYear',
      maxKey: 'gl:rules.fiscalYear',
    },
    PeriodNo: { type: 'integer', min: 1, max: 13, minKey: 'gl:rules.periodRange', maxKey: 'gl:rules.periodRange' },
    StartDate: { type: 'date' },
    EndDate: { type: 'date' },
    ClosedGl: { type: 'boolean', defaultValue: false, labelKey: GL_FLAG.labelKey },
  },
  listColumns: ['FiscalYear', 'PeriodNo', 'StartDate', 'EndDate', 'ClosedGl'],
  defaultSort: [{ field: 'FiscalYear', descending: true }, { field: 'PeriodNo' }],
  filters: [
    { field: 'FiscalYear', op: 'eq' },
    { field: 'StartDate', op: 'range' },
    { field: 'ClosedGl', op: 'eq' },
  ],
  roles: { read: ['ADMIN'], write: ['ADMIN'] },
  uniques: [['FiscalYear', 'PeriodNo']],
  indexes: [['StartDate', 'EndDate']],
  formLayout: {
    sections: [
      { rows: [['FiscalYear', 'PeriodNo'], ['StartDate', 'EndDate']] },
      { titleKey: PERIOD_FLAGS_SECTION, rows: [['ClosedGl']] },
    ],
  },
  attachments: false,
  rules: [
    (record) => {
      const hasYearPeriod = record['FiscalYear'] != null && record['PeriodNo'] != null;
      const hasDates = record['StartDate'] != null && record['EndDate'] != null;
      if (!hasYearPeriod && !hasDates) return { field: 'FiscalYear', key: 'gl:rules.yearPeriodOrDates' };
      if (hasDates && String(record['EndDate']) < String(record['StartDate'])) return { field: 'EndDate', key: 'gl:rules.endBeforeStart' };
      return null;
    },
  ],
});
