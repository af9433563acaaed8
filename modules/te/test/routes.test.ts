/**
 * The Trades screens' routes (issue 28 "the 28 routes of WP9a open working screens"): each catalog route of the
 * 9a milestone names a Component that `@erp/trades` exports (its own, or re-exported through module.json
 * `alsoIn`: the sales orders' TE order entry and sales register, Receivables' account inquiry, the GL's user
 * codes), every report and process route of the module is a catalog route. The 11 routes of milestone 9b (issue 29
 * item 6: the labour screens Payroll builds, re-exported by `@erp/trades` and, for jobs costing, `@erp/order-entry`)
 * resolve too, and every labour report and process route is a catalog route.
 */
import { describe, expect, it } from 'vitest';
import { routes } from '@erp/server/seed/catalog';
import { changeModelPrices, copyModel, TE_REPORTS } from '../definitions/reports.ts';
import { resolves } from '../../../server/test/helpers/module-exports.ts';
import * as labour from '../../pr/definitions/index.ts';

const WP9A = [
  'JobSite', 'ModelMaintenance', 'LotsModels', 'LotMaintenance', 'OptionMaintenance', 'SiteOption', 'LotOption', 'ContractPricesByModel',
  'SiteBuilding', 'BuildingSchedule', 'InspectorMaintenance', 'CopyModel', 'ChangeModelPrices', 'LotInspectionRequest',
  'LotInspectionRequestHighrise', 'LotInspection', 'ContractBillingInvoice', 'OptionBillingInvoice', 'HoldbackBilling',
  'HoldbackBillingResidential', 'TeOrderEntry', 'ProgressBilling', 'InspectionRequestReport', 'ExtraBillingAnalysis',
  'ContractBillingAnalysis', 'SiteAttachmentList', 'LotListingReport', 'LotReadyForInspections',
];
const WP9B = ['WorkCode', 'ModelLabourBudget', 'GenerateWorkOrder', 'TimeCard', 'WorkOrder', 'ServiceWorkOrder', 'JobCosting', 'LabourBudgetReport', 'TimeSheetReport', 'EmployeeWorkdayReport'];

describe('the Trades screen routes', () => {
  const trades = routes.filter((route) => route.Path.startsWith('/novus-te/'));
  const components = new Set(trades.map((route) => route.Component));

  it('names the 28 screens of milestone 9a in the catalog, each exported by @erp/trades', () => {
    expect(WP9A).toHaveLength(28);
    for (const name of WP9A) expect(components.has(`@erp/trades#${name}`), name).toBe(true);
    expect(WP9A.filter((name) => !resolves(`@erp/trades#${name}`))).toEqual([]);
  });

  it('opens the 11 routes of milestone 9b (the labour screens)', () => {
    expect(WP9B).toHaveLength(10);
    for (const name of WP9B) expect(components.has(`@erp/trades#${name}`), name).toBe(true);
    expect(WP9B.filter((name) => !resolves(`@erp/trades#${name}`))).toEqual([]);
    const jobsCosting = routes.find((route) => route.Path === '/novus-oe/jobs-costing');
    expect(jobsCosting?.Component).toBe('@erp/order-entry#JobsCosting');
    expect(resolves('@erp/order-entry#JobsCosting')).toBe(true);
    const all = new Set(routes.map((route) => route.Path));
    for (const def of [labour.jobCosting, labour.labourBudgetReport, labour.timeSheetReport, labour.employeeWorkdayReport, labour.generateWorkOrders]) {
      for (const route of def.routes) expect(all.has(`${route.application === 'NOVUS-OE' ? '/novus-oe' : '/novus-te'}${route.path}`), `${def.name} ${route.path}`).toBe(true);
    }
  });

  it('lists only catalog routes in its report and process definitions', () => {
    const paths = new Set(trades.map((route) => route.Path));
    for (const def of [...TE_REPORTS, copyModel, changeModelPrices]) {
      for (const route of def.routes) expect(paths.has(`/novus-te${route.path}`), `${def.name} ${route.path}`).toBe(true);
    }
  });
});
