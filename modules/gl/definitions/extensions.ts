/**
 * What the General Ledger adds to the registries below it (issue 73 item 4): the report framework's parameter
 * defaults `fiscalYear` and `fiscalPeriod` — the year and number of the accounting period containing the user's
 * day (GET /api/data/accounting-period/current, modules/gl/server/routes.ts). A report of any module names the
 * keyword; the form asks the G/L through this registration and never names it. Its own file, light on purpose:
 * every micro-app bundle carries it (vite.library.ts), so the defaults are there whichever bundle opened the report.
 */
import type { ModuleExtensions } from '@erp/shared/entities/index';
import { parameterDefaults } from '@erp/shared/reports/define';

/** The accounting period the G/L answers (modules/gl/server/routes.ts). */
interface CurrentPeriod {
  FiscalYear: number;
  PeriodNo: number;
}

export const extensions: ModuleExtensions = parameterDefaults({
  defaults: ['fiscalYear', 'fiscalPeriod'],
  async resolve(date, get) {
    const answer = await get<{ Data: CurrentPeriod | null }>('data/accounting-period/current', { Date: date });
    return answer.Data ? { fiscalYear: answer.Data.FiscalYear, fiscalPeriod: answer.Data.PeriodNo } : null;
  },
});
