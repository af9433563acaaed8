/**
 * The Payroll module's definitions (issue 29; DOMAIN-NOTES §1). Strings: namespace `pr`
 * (`modules/pr/locales/<lng>/pr.json`); server: modules/pr/server/; screens: `@erp/payroll`. Lookup targets first.
 */
import type { ModuleDefinition } from '@erp/shared/entities/index';
import { extensions } from './extensions.ts';
import { PR } from './common.ts';
import { prCheque, prTransaction } from './documents.ts';
import { labourBudget, timeCard, workCode, workOrder } from './labour.ts';
import { prCodeEntity, prEmployee, prPayPeriod, prStatutoryRate, prTaxBracket, prUnion, prUnionLevel, prWsibGroup } from './masters.ts';

export const prModule: ModuleDefinition = {
  name: 'pr',
  namespace: PR,
  entities: [prUnion, prUnionLevel, prWsibGroup, prCodeEntity, prEmployee, prStatutoryRate, prTaxBracket, prPayPeriod, prTransaction, prCheque, workCode, labourBudget, workOrder, timeCard],
  ...extensions,
};

// The module's contract for other code (other modules, the server, tests): besides the module definition, only
// what is re-exported here may be imported of modules/pr/definitions/ (.dependency-cruiser.cjs `module-deep-import`).
export { employeeWorkdayReport, generateWorkOrders, jobCosting, labourBudgetReport, timeSheetReport } from './labour-reports.ts';
