/**
 * Waste Disposal reports and processes (issue 27 items 2, 4–6; SCREENS.md WD-07, WD-10 … WD-12). Queries and
 * runs: modules/wd/server/reports.ts, modules/wd/server/processes.ts; strings `wd:reports.…`.
 *
 * - `wd-scheduling` (WD-07, `/scheduling`): the Entered orders; the run gives each the first working day on or
 *   after the later of its requested date and the chosen start — never a holiday of Holiday maintenance, never
 *   a day the control record marks as not worked — on the crew with the fewest jobs that day below the crew
 *   capacity, and marks it Scheduled.
 * - `wd-invoice-processing` (WD-10, `/invoice-processing`): the Completed orders up to a date; the run invoices
 *   each through Receivables (a posted AR invoice: Dr AR / Cr service revenue / Cr taxes of the site's province)
 *   and marks it Invoiced. A closed A/R period refuses the item.
 * - `wd-serialize-work-load` (WD-08, `/serialize-work-load`): one item per crew with jobs on the day; the run
 *   orders the crew's jobs of that day into a route sequence (by the site's postal code, city, then order).
 * - `wd-work-orders` (WD-09, `/work-order-print`): the day's jobs per crew in route order, with the class's
 *   handling notes, for the crews (grid, .xlsx, PDF).
 * - `wd-completed-services` (WD-11): completed and invoiced services of a date range.
 * - `wd-certificates-due` (WD-12): active certificates expiring within the horizon, earliest first.
 * - `wd-quote-print`: the customer's copy of a quote (WD-05's Print).
 */
import { defineProcess, type ProcessDefinition } from '@erp/shared/processes/define';
import { defineReport, type ReportDefinition } from '@erp/shared/reports/define';
import { groupedBy, ONE_YEAR_RANGE, reportParts } from '@erp/shared/reports/parts';
import { CERTIFICATE_TYPES, HOLDER_TYPES, ORDER_STATUSES, options, WD_APP } from './common.ts';

const { date, dateRange, integer, lookup, money, quantity, text, cost } = reportParts('wd:reports');
const CUSTOMER = lookup('CustomerId', 'firm', 20);
const ORDER_STATUS_OPTIONS = options(ORDER_STATUSES, 'wd-order.statuses');

export const scheduling: ProcessDefinition = defineProcess({
  name: 'wd-scheduling',
  // §6: a user restricted to assigned customers gets the rows of records they may see (issue 68 item 2).
  records: { entity: 'wd-order', field: 'OrderId' },
  application: WD_APP,
  routes: [{ application: WD_APP, path: '/scheduling' }],
  titleKey: 'wd:reports.scheduling.title',
  parameters: [{ name: 'FromDate', type: 'date', required: true, defaultValue: 'today', labelKey: 'wd:reports.parameters.FromDate' }, CUSTOMER],
  rules: [],
  columns: [
    integer('OrderId', { hidden: true }),
    text('OrderNo'),
    date('OrderDate'),
    text('CustomerId'),
    text('CustomerName', { width: 1.6 }),
    text('SiteId'),
    text('ServiceId'),
    text('WasteClassId'),
    date('RequestedDate'),
  ],
  itemKey: 'OrderId',
  itemLabel: 'OrderNo',
  maxItems: 5000,
  confirmKey: 'wd:reports.scheduling.confirm',
});

export const invoiceProcessing: ProcessDefinition = defineProcess({
  name: 'wd-invoice-processing',
  // §6: a user restricted to assigned customers gets the rows of records they may see (issue 68 item 2).
  records: { entity: 'wd-order', field: 'OrderId' },
  application: WD_APP,
  routes: [{ application: WD_APP, path: '/invoice-processing' }],
  titleKey: 'wd:reports.invoiceProcessing.title',
  parameters: [
    { name: 'InvoiceDate', type: 'date', required: true, defaultValue: 'today', labelKey: 'wd:reports.parameters.InvoiceDate' },
    { name: 'CompletedTo', type: 'date', required: true, defaultValue: 'today', labelKey: 'wd:reports.parameters.CompletedTo' },
    CUSTOMER,
  ],
  rules: [],
  columns: [
    integer('OrderId', { hidden: true }),
    text('OrderNo'),
    date('CompletedDate'),
    text('CustomerId'),
    text('CustomerName', { width: 1.6 }),
    text('SiteId'),
    text('ServiceId'),
    quantity('Quantity'),
    money('Amount', { total: true }),
  ],
  itemKey: 'OrderId',
  itemLabel: 'OrderNo',
  maxItems: 5000,
  confirmKey: 'wd:reports.invoiceProcessing.confirm',
  bulk: true,
});

export const serializeWorkLoad: ProcessDefinition = defineProcess({
  name: 'wd-serialize-work-load',
  application: WD_APP,
  routes: [{ application: WD_APP, path: '/serialize-work-load' }],
  titleKey: 'wd:reports.serializeWorkLoad.title',
  parameters: [{ name: 'WorkDate', type: 'date', required: true, defaultValue: 'today', labelKey: 'wd:reports.parameters.WorkDate' }],
  rules: [],
  columns: [text('CrewId'), integer('Jobs')],
  itemKey: 'CrewId',
  itemLabel: 'CrewId',
  maxItems: 100,
  confirmKey: 'wd:reports.serializeWorkLoad.confirm',
});

export const workOrderPrint: ReportDefinition = defineReport({
  name: 'wd-work-orders',
  // §6: a user restricted to assigned customers gets the rows of records they may see (issue 68 item 2).
  records: { entity: 'wd-order', field: 'OrderId' },
  application: WD_APP,
  routes: [{ application: WD_APP, path: '/work-order-print' }],
  titleKey: 'wd:reports.workOrders.title',
  parameters: [
    { name: 'WorkDate', type: 'date', required: true, defaultValue: 'today', labelKey: 'wd:reports.parameters.WorkDate' },
    { name: 'CrewId', type: 'text', maxLength: 20, labelKey: 'wd:reports.parameters.CrewId' },
  ],
  rules: [],
  columns: [
    text('CrewId'),
    integer('RouteSequence', { width: 0.5 }),
    text('OrderNo'),
    text('CustomerName', { width: 1.4 }),
    text('SiteAddress', { width: 2 }),
    text('ServiceId'),
    text('WasteClassId'),
    text('HandlingNotes', { width: 2 }),
    quantity('Quantity'),
    text('Vehicle'),
    text('ManifestNo'),
    integer('OrderId', { hidden: true }),
  ],
  ...groupedBy('CrewId', ['CrewId'], ['RouteSequence', 'OrderId']),
  orientation: 'landscape',
});

export const completedServices: ReportDefinition = defineReport({
  name: 'wd-completed-services',
  // §6: a user restricted to assigned customers gets the rows of records they may see (issue 68 item 2).
  records: { entity: 'wd-order', field: 'OrderId' },
  application: WD_APP,
  routes: [{ application: WD_APP, path: '/completed-services-report' }],
  titleKey: 'wd:reports.completedServices.title',
  parameters: [...dateRange(), CUSTOMER],
  rules: [ONE_YEAR_RANGE],
  columns: [
    text('OrderNo'),
    date('CompletedDate'),
    text('Status', { options: ORDER_STATUS_OPTIONS }),
    text('CustomerId'),
    text('CustomerName', { width: 1.6 }),
    text('SiteId'),
    text('ServiceId'),
    text('WasteClassId'),
    text('ManifestNo'),
    quantity('Quantity'),
    money('Amount', { total: true }),
    text('InvoiceNo'),
    integer('OrderId', { hidden: true }),
  ],
  defaultSort: [{ field: 'CompletedDate' }, { field: 'OrderId' }],
  orientation: 'landscape',
});

export const certificatesDue: ReportDefinition = defineReport({
  name: 'wd-certificates-due',
  application: WD_APP,
  routes: [{ application: WD_APP, path: '/certificates-due-for-renewal' }],
  titleKey: 'wd:reports.certificatesDue.title',
  parameters: [
    { name: 'AsOf', type: 'date', required: true, defaultValue: 'today', labelKey: 'wd:reports.parameters.AsOf' },
    { name: 'HorizonDays', type: 'integer', required: true, min: 0, max: 3650, defaultValue: 60, labelKey: 'wd:reports.parameters.HorizonDays' },
  ],
  rules: [],
  columns: [
    date('ExpiresOn'),
    integer('DaysLeft'),
    text('CertificateType', { options: options(CERTIFICATE_TYPES, 'certificateTypes') }),
    text('HolderType', { options: options(HOLDER_TYPES, 'holderTypes') }),
    text('HolderId'),
    text('WasteClassId'),
    text('Number'),
    text('Issuer', { width: 1.6 }),
    integer('CertificateId', { hidden: true }),
  ],
  defaultSort: [{ field: 'ExpiresOn' }, { field: 'CertificateId' }],
});

export const WD_REPORTS: readonly ReportDefinition[] = [workOrderPrint, completedServices, certificatesDue];

const QUOTE_FIELDS = {
  address: ['CustomerName', 'SiteName', 'SiteAddress', 'SiteCityLine'],
  details: ['CustomerId', 'SiteId', 'ValidUntil', 'TemplateId'],
  totals: ['Total'],
} as const;

export const quotePrint: ReportDefinition = defineReport({
  name: 'wd-quote-print',
  // §6: a user restricted to assigned customers gets the rows of records they may see (issue 68 item 2).
  records: { entity: 'wd-quote', field: 'QuoteNo', by: 'number' },
  application: WD_APP,
  routes: [{ application: WD_APP, path: '/quoted-jobs' }],
  titleKey: 'wd:reports.quotePrint.title',
  parameters: [{ name: 'QuoteNo', type: 'text', required: true, maxLength: 20, labelKey: 'wd:reports.parameters.QuoteNo' }],
  rules: [],
  columns: [
    text('QuoteNo', { hidden: true }),
    date('QuoteDate', { hidden: true }),
    ...QUOTE_FIELDS.address.map((field) => text(field, { hidden: true })),
    text('CustomerId', { hidden: true }),
    text('SiteId', { hidden: true }),
    date('ValidUntil', { hidden: true }),
    text('TemplateId', { hidden: true }),
    text('Notes', { hidden: true }),
    money('Total', { hidden: true }),
    integer('LineNo', { width: 0.4 }),
    text('ServiceId'),
    text('Description', { width: 2.6 }),
    text('WasteClassId'),
    quantity('Quantity'),
    text('Unit', { width: 0.6 }),
    cost('UnitPrice'),
    money('Amount'),
  ],
  ...groupedBy('QuoteNo', ['QuoteNo', 'QuoteDate', ...QUOTE_FIELDS.address, ...QUOTE_FIELDS.details, 'Notes', ...QUOTE_FIELDS.totals], ['LineNo'], {
    document: {
      addressFields: QUOTE_FIELDS.address,
      recipientLabelKey: 'wd:reports.quotePrint.customer',
      keyLabelKey: 'wd:reports.quotePrint.number',
      dateField: 'QuoteDate',
      dateLabelKey: 'wd:reports.columns.QuoteDate',
      infoFields: QUOTE_FIELDS.details,
      summaryFields: QUOTE_FIELDS.totals,
      summaryLabelKey: 'wd:reports.quotePrint.totals',
      notesField: 'Notes',
    },
  }),
});
