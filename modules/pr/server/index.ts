/**
 * Payroll on the server (issue 29): the entity rules, the pay-run processes, the reports, the cheque PDF and
 * deposit file calls, migration 0029_pr, the demo data and the module's part of the large-data generator (`--pr`).
 */
import { combineParts } from '@erp/server/modules/part';
import { prModule } from '../definitions/index.ts';
import { m0029_pr } from './migration.ts';
import { PR_PROCESSES } from './processes.ts';
import { PR_SERVER_REPORTS } from './reports.ts';
import { prRoutes } from './routes.ts';
import { chequeHooks, employeeHooks, transactionHooks } from './rules.ts';
import { seedPayroll } from './seed.ts';
import { insertPayroll } from './seed-large.ts';

export const serverModule = combineParts(prModule, [{ hooks: { 'pr-employee': employeeHooks, 'pr-transaction': transactionHooks, 'pr-cheque': chequeHooks }, seed: seedPayroll }], {
  reports: PR_SERVER_REPORTS,
  processes: PR_PROCESSES,
  routes: prRoutes,
  migrations: { '0029_pr': m0029_pr },
  large: {
    option: '--pr',
    counts: 'employees',
    max: 200_000,
    progress: 'pay cheques',
    summary: 'pr',
    run: (database, employees, onProgress) => insertPayroll(database, { employees: employees ?? 2000, onProgress }),
  },
});
