/**
 * The trades labour part of Payroll (issue 29 item 6; definitions modules/pr/definitions/labour.ts): work orders
 * and time cards' rules, the job costing, labour budget, time sheet and workday reports, generate work orders,
 * approved time as payroll input (POST /api/pr/time-card-lines) and its demo data.
 */
import type { ModulePart } from '@erp/server/modules/part';
import { LABOUR_PROCESSES, LABOUR_REPORTS } from './reports.ts';
import { timeCardHooks, workOrderHooks } from './rules.ts';
import { seedLabour } from './seed.ts';

export const labourPart: ModulePart = { hooks: { 'work-order': workOrderHooks, 'time-card': timeCardHooks }, seed: seedLabour };
export { LABOUR_PROCESSES, LABOUR_REPORTS };
export { timeCardLineRoutes } from './payroll-input.ts';
