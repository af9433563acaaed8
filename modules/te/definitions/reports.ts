/**
 * Trades reports and processes (issue 28 items 2, 5; SCREENS.md TE-14, TE-15, TE-27 … TE-31, TE-35). Queries and
 * runs: modules/te/server/reports.ts, modules/te/server/processes.ts; strings `te:reports.…`. Every report is a
 * grid, an .xlsx and a PDF through the report engine.
 *
 * - `te-copy-model` (TE-14): a model copied under a new code with its options and contract prices.
 * - `te-change-model-prices` (TE-15): models' contract prices changed by a percent or an amount; the unbilled
 *   lots of each model and site follow (contract price = new price + their options).
 * - `te-inspection-requests` (TE-27), `te-extra-billing` (TE-28: option billings), `te-contract-billing` (TE-29:
 *   per lot, contract price, billed, left, holdback retained and released), `te-site-attachments` (TE-30), `te-lot-listing`
 *   (TE-31), `te-lots-ready` (TE-35: lots Ready for inspection — a passed inspection marks a lot Inspected).
 */
import { defineProcess, type ProcessDefinition } from '@erp/shared/processes/define';
import { defineReport, type ReportDefinition } from '@erp/shared/reports/define';
import { groupedBy, ONE_YEAR_RANGE, reportParts } from '@erp/shared/reports/parts';
import { invoicePrint } from '@erp/modules/ar/definitions/index';
import { BILLING_STATUSES, INSPECTION_STATUSES, INSPECTION_TYPES, LOT_STAGES, options, PRICE_METHODS, TE_APP } from './common.ts';

const { date, dateRange, integer, lookup, money, text } = reportParts('te:reports');
const SITE = lookup('SiteId', 'job-site', 10);
const route = (path: string) => [{ application: TE_APP, path }];

export const copyModel: ProcessDefinition = defineProcess({
  name: 'te-copy-model',
  application: TE_APP,
  routes: route('/copy-model'),
  titleKey: 'te:reports.copyModel.title',
  parameters: [
    lookup('FromModelId', 'te-model', 12, { required: true }),
    { name: 'ToModelId', type: 'text', required: true, maxLength: 12, labelKey: 'te:reports.parameters.ToModelId' },
    { name: 'Description', type: 'text', maxLength: 80, labelKey: 'te:reports.parameters.Description' },
  ],
  rules: [],
  columns: [text('ModelId'), text('Description', { width: 2 }), money('BasePrice'), integer('Options'), integer('Prices')],
  itemKey: 'ModelId',
  itemLabel: 'ModelId',
  maxItems: 1,
  confirmKey: 'te:reports.copyModel.confirm',
});

export const changeModelPrices: ProcessDefinition = defineProcess({
  name: 'te-change-model-prices',
  // §6: a user restricted to assigned customers gets the rows of records they may see (issue 68 item 2).
  records: { entity: 'model-contract-price', field: 'PriceId' },
  application: TE_APP,
  routes: route('/change-model-prices'),
  titleKey: 'te:reports.changeModelPrices.title',
  parameters: [
    lookup('ModelId', 'te-model', 12),
    SITE,
    { name: 'Method', type: 'enum', required: true, defaultValue: 'Percent', options: options(PRICE_METHODS, 'reports.methods'), labelKey: 'te:reports.parameters.Method' },
    // Exact decimal text: a signed number of at most 4 places (percent) or 2 (amount), checked by the server.
    { name: 'Change', type: 'text', required: true, maxLength: 16, labelKey: 'te:reports.parameters.Change' },
  ],
  rules: [],
  columns: [integer('PriceId', { hidden: true }), text('ModelId'), text('SiteId'), money('ContractPrice'), money('NewPrice'), integer('Lots'), text('Item', { hidden: true })],
  itemKey: 'PriceId',
  itemLabel: 'Item',
  maxItems: 5000,
  confirmKey: 'te:reports.changeModelPrices.confirm',
});

export const inspectionRequests: ReportDefinition = defineReport({
  name: 'te-inspection-requests',
  // §6: a user restricted to assigned customers gets the rows of records they may see (issue 68 item 2).
  records: { entity: 'inspection-request', field: 'RequestId' },
  application: TE_APP,
  routes: route('/inspection-request-report'),
  titleKey: 'te:reports.inspectionRequests.title',
  parameters: [...dateRange(), SITE, { name: 'Status', type: 'enum', options: options(INSPECTION_STATUSES, 'inspection-request.statuses'), labelKey: 'te:reports.parameters.Status' }],
  rules: [ONE_YEAR_RANGE],
  columns: [
    text('RequestNo'),
    date('RequestedDate'),
    text('Status', { options: options(INSPECTION_STATUSES, 'inspection-request.statuses') }),
    text('SiteId'),
    text('LotId'),
    text('BuildingId'),
    integer('Floor', { width: 0.5 }),
    text('InspectionType', { options: options(INSPECTION_TYPES, 'inspectionTypes') }),
    date('ScheduledDate'),
    text('InspectorId'),
    date('InspectedDate'),
    integer('RequestId', { hidden: true }),
  ],
  defaultSort: [{ field: 'RequestedDate' }, { field: 'RequestId' }],
  orientation: 'landscape',
});

export const extraBilling: ReportDefinition = defineReport({
  name: 'te-extra-billing',
  // §6: a user restricted to assigned customers gets the rows of records they may see (issue 68 item 2).
  records: { entity: 'job-site', field: 'SiteId' },
  application: TE_APP,
  routes: route('/extra-billing-analysis'),
  titleKey: 'te:reports.extraBilling.title',
  parameters: [...dateRange(), SITE],
  rules: [ONE_YEAR_RANGE],
  columns: [
    text('SiteId'),
    text('LotId'),
    text('BillingNo'),
    date('BillingDate'),
    text('Status', { options: options(BILLING_STATUSES, 'billingStatuses') }),
    text('OptionId'),
    text('Description', { width: 1.8 }),
    integer('Quantity', { width: 0.5 }),
    money('Price'),
    money('Amount', { total: true }),
    text('InvoiceNo'),
    integer('LineId', { hidden: true }),
  ],
  ...groupedBy('SiteId', ['SiteId'], ['LotId', 'BillingNo', 'LineId']),
  orientation: 'landscape',
});

export const contractBillingAnalysis: ReportDefinition = defineReport({
  name: 'te-contract-billing',
  // §6: a user restricted to assigned customers gets the rows of records they may see (issue 68 item 2).
  records: { entity: 'job-site', field: 'SiteId' },
  application: TE_APP,
  routes: route('/contract-billing-analysis'),
  titleKey: 'te:reports.contractBilling.title',
  parameters: [SITE],
  rules: [],
  columns: [
    text('SiteId'),
    text('LotId'),
    text('ModelId'),
    text('Stage', { options: options(LOT_STAGES, 'stages') }),
    money('ContractPrice', { total: true }),
    money('BilledAmount', { total: true }),
    money('LeftToBill', { total: true }),
    money('HoldbackRetained', { total: true }),
    money('HoldbackReleased', { total: true }),
  ],
  ...groupedBy('SiteId', ['SiteId'], ['LotId']),
  orientation: 'landscape',
});

export const siteAttachments: ReportDefinition = defineReport({
  name: 'te-site-attachments',
  // §6: a user restricted to assigned customers gets the rows of records they may see (issue 68 item 2).
  records: { entity: 'job-site', field: 'SiteId' },
  application: TE_APP,
  routes: route('/site-attachment-list'),
  titleKey: 'te:reports.siteAttachments.title',
  parameters: [SITE],
  rules: [],
  columns: [text('SiteId'), text('SiteName', { width: 1.6 }), text('FileName', { width: 2 }), text('ContentType'), integer('Size'), text('CreatedBy'), date('CreatedOn')],
  defaultSort: [{ field: 'SiteId' }, { field: 'FileName' }],
});

export const lotListing: ReportDefinition = defineReport({
  name: 'te-lot-listing',
  // §6: a user restricted to assigned customers gets the rows of records they may see (issue 68 item 2).
  records: { entity: 'te-lot', field: 'LotId' },
  application: TE_APP,
  routes: route('/lot-listing-report'),
  titleKey: 'te:reports.lotListing.title',
  parameters: [SITE, { name: 'Stage', type: 'enum', options: options(LOT_STAGES, 'stages'), labelKey: 'te:reports.parameters.Stage' }],
  rules: [],
  columns: [
    text('LotId'),
    text('SiteId'),
    text('BuildingId'),
    integer('Floor', { width: 0.5 }),
    text('ModelId'),
    text('Stage', { options: options(LOT_STAGES, 'stages') }),
    text('Owner1Name', { width: 1.4 }),
    text('Owner2Name', { width: 1.4 }),
    date('ClosingDate'),
    money('ContractPrice', { total: true }),
    money('BilledAmount', { total: true }),
  ],
  defaultSort: [{ field: 'LotId' }],
  orientation: 'landscape',
});

export const lotsReady: ReportDefinition = defineReport({
  name: 'te-lots-ready',
  // §6: a user restricted to assigned customers gets the rows of records they may see (issue 68 item 2).
  records: { entity: 'te-lot', field: 'LotId' },
  application: TE_APP,
  routes: [{ application: TE_APP, path: '/lot-ready-for-insepections' }],
  titleKey: 'te:reports.lotsReady.title',
  parameters: [SITE],
  rules: [],
  columns: [text('LotId'), text('SiteId'), text('BuildingId'), integer('Floor', { width: 0.5 }), text('ModelId'), text('Owner1Name', { width: 1.4 }), text('Address', { width: 1.6 }), text('OpenRequest')],
  defaultSort: [{ field: 'LotId' }],
});

/** The billings' Print (contract, option, holdback and progress): the AR invoice each one made. */
export const teInvoicePrint: ReportDefinition = invoicePrint(
  'te-invoice-print',
  ['/contract-billing-invoice', '/option-billing-invoice', '/holdback-billing', '/holdback-billing-residential', '/progress-billing'].map((path) => ({ application: TE_APP, path })),
);

export const TE_REPORTS: readonly ReportDefinition[] = [inspectionRequests, extraBilling, contractBillingAnalysis, siteAttachments, lotListing, lotsReady, teInvoicePrint];
