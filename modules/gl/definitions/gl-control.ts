/**
 * GL control (`gl-control`, screen GL-02): the ledger's settings, one row — the segment layout of an account
 * number (the natural account first, §5 1 to 8 digits, then up to three optional segments), the retained
 * earnings account (year end closes revenue and expense into it), the current fiscal year and the home
 * currency. The server refuses a second row (modules/gl/server/rules.ts).
 */
import { defineEntity } from '@erp/shared/entities/define';
import { CURRENCY, FISCAL_YEAR_KEY, GL_NAMESPACE, GL_ROLES, NATURAL_ACCOUNT_KEY, glAccountLookup } from './common.ts';

/** The one row's key. */
export const GL_CONTROL_ID = 'GL';

export const glControl = defineEntity({
  name: 'gl-control',
  namespace: GL_NAMESPACE,
  table: 'gl_control',
  key: 'ControlId',
  application: 'NOVUS-GL',
  fields: {
    ControlId: { type: 'text', maxLength: 2, pattern: GL_CONTROL_ID, uppercase: true, defaultValue: GL_CONTROL_ID },
    // `9` stands for a digit: `9999` is a 4-digit natural account, `9999-99` adds a 2-digit department.
    SegmentLayout: {
      type: 'text',
      required: true,
      maxLength: 35,
      pattern: '9{1,8}(-9{1,8}){0,3}',
      patternKey: NATURAL_ACCOUNT_KEY,
      defaultValue: '9999',
      helpKey: 'gl:gl-control.help.SegmentLayout',
    },
    RetainedEarningsAccount: glAccountLookup({ required: true }),
    CurrentFiscalYear: { type: 'integer', required: true, min: 1001, max: 9998, minKey: FISCAL_YEAR_KEY, maxKey: FISCAL_YEAR_KEY },
    HomeCurrency: { ...CURRENCY, required: true, defaultValue: 'CAD' },
  },
  listColumns: ['ControlId', 'SegmentLayout', 'RetainedEarningsAccount', 'CurrentFiscalYear', 'HomeCurrency'],
  defaultSort: [{ field: 'ControlId' }],
  roles: GL_ROLES,
  attachments: false,
  formLayout: {
    sections: [{ rows: [['ControlId', 'SegmentLayout'], ['RetainedEarningsAccount'], ['CurrentFiscalYear', 'HomeCurrency']] }],
  },
});
