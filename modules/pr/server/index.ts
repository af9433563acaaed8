/**
 * Payroll on the server (issue 29): the entity rules, the pay-run processes, the reports, the cheque PDF and
 * deposit file calls, migrations 0029_pr, 0045_pr_t4 (the T4 XML file), 0046_pr_roe (the ROE XML file) and
 * 0047_pr_rl1 (the RL-1 XML file), the demo data and the module's part of the large-data generator (`--pr`); the
 * trades labour on the same employees (labour/: work orders, time cards, job costing, approved time as payroll
 * input).
 */
import { integrationPart } from '@erp/modules/gl/server/api';
import { combineParts } from '@erp/server/modules/part';
import { prModule } from '../definitions/index.ts';
import { catalog } from './catalog.ts';
import { LABOUR_PROCESSES, LABOUR_REPORTS, labourPart, timeCardLineRoutes } from './labour/index.ts';
import { m0029_pr, m0045_pr_t4, m0046_pr_roe, m0047_pr_rl1 } from './migration.ts';
import { rl1FileRoutes } from './rl1-file.ts';
import { roeFileRoutes } from './roe-file.ts';
import { t4FileRoutes } from './t4-file.ts';
import { PR_PROCESSES } from './processes.ts';
import { PR_SERVER_REPORTS } from './reports.ts';
import { prRoutes } from './routes.ts';
import { chequeHooks, employeeHooks, transactionHooks } from './rules.ts';
import { seedPayroll } from './seed.ts';

/** Payroll's demo GL integration defaults. */
const PR_INTEGRATION = integrationPart('PR', [
  ['WAGES', 'Gross wages', '6100'],
  ['DEDUCTIONS', 'Source deductions payable', '2310'],
  ['PAYROLL-BANK', 'Net pay', '1000'],
]);

export const serverModule = combineParts(prModule, [PR_INTEGRATION, { hooks: { 'pr-employee': employeeHooks, 'pr-transaction': transactionHooks, 'pr-cheque': chequeHooks }, seed: seedPayroll }, labourPart], {
  catalog,
  reports: [...PR_SERVER_REPORTS, ...LABOUR_REPORTS],
  processes: [...PR_PROCESSES, ...LABOUR_PROCESSES],
  routes: async (app, deps) => {
    await prRoutes(app, deps);
    await timeCardLineRoutes(app, deps);
    await t4FileRoutes(app, deps);
    await roeFileRoutes(app, deps);
    await rl1FileRoutes(app, deps);
  },
  migrations: { '0029_pr': m0029_pr, '0045_pr_t4': m0045_pr_t4, '0046_pr_roe': m0046_pr_roe, '0047_pr_rl1': m0047_pr_rl1 },
  large: [
    {
      option: '--pr',
      counts: 'employees',
      max: 200_000,
      progress: 'pay cheques',
      summary: 'pr',
      run: async (database, employees, onProgress) => (await import('./seed-large.ts')).insertPayroll(database, { employees: employees ?? 2000, onProgress }),
    },
    {
      option: '--labour',
      counts: 'time cards',
      max: 5_000_000,
      progress: 'time cards',
      summary: 'labour',
      run: async (database, count, onProgress) => (await import('./labour/seed-large.ts')).insertTimeCards(database, { ...(count === undefined ? {} : { cards: count }), onProgress }),
    },
  ],
});
