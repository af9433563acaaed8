/**
 * Order Entry's price reports and price maintenance processes (issue 25 items 3–4; SCREENS.md OE-05, OE-06,
 * OE-09 … OE-14). Queries and runs: modules/oe/server/reports/. Column and parameter labels are shared
 * (`oe:reports.columns.*`, `oe:reports.parameters.*`); titles are `oe:<name>.title`.
 *
 * Reports (grid, .xlsx and PDF through the report engine):
 * - customer price list (OE-10): the net prices a customer gets today from the pricing service — at quantity 1
 *   and at every quantity break its sources have — with where each comes from;
 * - products price list (OE-12): the list prices of product maintenance with their breaks and dates;
 * - price tables due for review (OE-11): tables whose review date, or expiry date, falls on or before a date;
 * - price override audit (OE-13): every override in a date range — who, when, old and new price;
 * - safety price audit (OE-14): the overrides that priced below the product's cost (the safety price).
 * Processes (preview → confirm → run → one result per item):
 * - price adjustments (OE-05): per unit and per cwt price rows of a selection raised or lowered by a percent or
 *   an amount;
 * - renew price table (OE-06): a table copied to a new table with new dates (and a percent change), the old one
 *   ending the day before;
 * - new products pricing (OE-09): active products a table does not price get a cost-plus row.
 */
import { defineProcess, type ProcessDefinition } from '@erp/shared/processes/define';
import { defineReport, type ReportDefinition, type ReportParameterInput, type ReportRoute } from '@erp/shared/reports/define';
import { ONE_YEAR_RANGE, reportParts } from '@erp/shared/reports/parts';
import { PRICE_TYPES } from '@erp/modules/ic/definitions/index';
import { OE_APP } from './common.ts';
import { RANGE_PRICE_TYPES } from './pricing/price-table.ts';

/** Where a price came from, by its label in the user's language (the price list and the override audit). */
const SOURCE_OPTIONS = ['sku', 'customer', 'jobber', 'default'].map((value) => ({ value, labelKey: `oe:reports.sources.${value}` }));

const { cost, date, dateRange, dateTime, integer, lookup, money, quantity, text } = reportParts('oe:reports');
// Only its own menu: Waste Disposal's and the legacy menus show some of them too, their contributions
// (`SHOWN_ELSEWHERE` in modules/wd and modules/so definitions/extensions.ts, issue 73 item 4).
const on = (path: string): ReportRoute[] => [{ application: OE_APP, path }];
const product = lookup('ProductId', 'product', 30);
const productClass = lookup('ClassId', 'product-class', 10);
const table = (required: boolean): ReportParameterInput => lookup('PriceTableId', 'price-table', 20, required ? { required: true } : {});

export const customerPriceList: ReportDefinition = defineReport({
  name: 'oe-customer-price-list',
  application: OE_APP,
  routes: on('/Customer-Price-List'),
  titleKey: 'oe:customer-price-list.title',
  parameters: [lookup('CustomerId', 'firm', 20, { required: true }), lookup('ShipToId', 'firm', 20), { name: 'PriceDate', type: 'date', required: true, defaultValue: 'today', labelKey: 'oe:reports.parameters.PriceDate' }, productClass, product],
  rules: [],
  columns: [
    text('ProductId'),
    text('Description', { width: 2 }),
    text('Unit', { width: 0.5 }),
    quantity('Quantity'),
    money('Price'),
    text('Source', { options: SOURCE_OPTIONS }),
    text('PriceTableId'),
    text('Why', { width: 2.5 }),
  ],
  defaultSort: [{ field: 'ProductId' }, { field: 'Quantity' }],
  orientation: 'landscape',
});

export const productsPriceList: ReportDefinition = defineReport({
  name: 'oe-products-price-list',
  application: OE_APP,
  routes: on('/Products-price-list'),
  titleKey: 'oe:products-price-list.title',
  parameters: [productClass, product],
  rules: [],
  columns: [
    text('ProductId'),
    text('Description', { width: 2 }),
    text('ClassId', { width: 0.7 }),
    text('PriceType', { width: 0.7, options: PRICE_TYPES.map((value) => ({ value, labelKey: `ic:product-price.priceTypes.${value}` })) }),
    quantity('FromQuantity'),
    quantity('ToQuantity'),
    cost('Price'),
    date('EffectiveDate'),
    date('ExpiryDate'),
  ],
  defaultSort: [{ field: 'ProductId' }, { field: 'FromQuantity' }],
  orientation: 'landscape',
});

export const priceTablesDue: ReportDefinition = defineReport({
  name: 'oe-price-tables-due',
  // §6: a user restricted to assigned customers gets the rows of records they may see (issue 68 item 2).
  records: { entity: 'price-table', field: 'PriceTableId' },
  application: OE_APP,
  routes: on('/PriceTable-Due-ForReview'),
  titleKey: 'oe:price-tables-due.title',
  parameters: [{ name: 'DueBy', type: 'date', required: true, defaultValue: 'today', labelKey: 'oe:reports.parameters.DueBy' }],
  rules: [],
  columns: [text('PriceTableId'), text('Description', { width: 2 }), text('CustomerId'), text('CustomerName', { width: 2 }), date('ReviewDate'), date('ExpiryDate'), integer('Rows')],
  defaultSort: [{ field: 'ReviewDate' }, { field: 'PriceTableId' }],
});

const overrideColumns = [
  dateTime('OverriddenOn', { width: 1.3 }),
  text('OverriddenBy'),
  text('CustomerId'),
  text('ProductId'),
  quantity('Quantity'),
  cost('OldPrice'),
  cost('NewPrice'),
  cost('Difference', { total: true }),
];

export const priceOverrideAudit: ReportDefinition = defineReport({
  name: 'oe-price-override-audit',
  application: OE_APP,
  routes: on('/price-override-audit'),
  titleKey: 'oe:price-override-audit.title',
  parameters: [...dateRange(), lookup('CustomerId', 'firm', 20), product],
  rules: [ONE_YEAR_RANGE],
  columns: [...overrideColumns, text('Source', { options: SOURCE_OPTIONS }), text('PriceTableId'), text('Reason', { width: 1.5 }), text('Reference')],
  defaultSort: [{ field: 'OverriddenOn', descending: true }],
  orientation: 'landscape',
});

export const safetyPriceAudit: ReportDefinition = defineReport({
  name: 'oe-safety-price-audit',
  application: OE_APP,
  routes: on('/safety-price-audit'),
  titleKey: 'oe:safety-price-audit.title',
  parameters: [...dateRange(), lookup('CustomerId', 'firm', 20), product],
  rules: [ONE_YEAR_RANGE],
  columns: [...overrideColumns, cost('Cost'), cost('LossPerUnit'), text('Reason', { width: 1.5 })],
  defaultSort: [{ field: 'OverriddenOn', descending: true }],
  orientation: 'landscape',
});

export const ADJUST_METHODS = ['Percent', 'Amount'] as const;

export const priceAdjustments: ProcessDefinition = defineProcess({
  name: 'oe-price-adjustments',
  application: OE_APP,
  routes: on('/price-adjustments'),
  titleKey: 'oe:price-adjustments.title',
  parameters: [
    table(false),
    productClass,
    product,
    { name: 'Method', type: 'enum', required: true, defaultValue: 'Percent', options: ADJUST_METHODS.map((value) => ({ value, labelKey: `oe:reports.methods.${value}` })), labelKey: 'oe:reports.parameters.Method' },
    // Exact decimal text: a signed number of at most 4 places (checked by the server, the message names it).
    { name: 'Change', type: 'text', required: true, maxLength: 16, labelKey: 'oe:reports.parameters.Change' },
  ],
  rules: [],
  columns: [integer('RangeId', { hidden: true }), text('PriceTableId'), text('ProductId'), text('PriceType', { width: 0.7, options: RANGE_PRICE_TYPES.map((value) => ({ value, labelKey: `oe:price-table.priceTypes.${value}` })) }), quantity('FromQuantity'), quantity('ToQuantity'), cost('Price'), cost('NewPrice'), text('Item', { hidden: true })],
  itemKey: 'RangeId',
  itemLabel: 'Item',
  maxItems: 5000,
  confirmKey: 'oe:price-adjustments.confirm',
  // A mass update: every row of the selection in one run (issue 25: 50,000 rows), not only the ones shown.
  bulk: true,
});

export const renewPriceTable: ProcessDefinition = defineProcess({
  name: 'oe-renew-price-table',
  // §6: a user restricted to assigned customers gets the rows of records they may see (issue 68 item 2).
  records: { entity: 'price-table', field: 'PriceTableId' },
  application: OE_APP,
  routes: on('/renew-price-table'),
  titleKey: 'oe:renew-price-table.title',
  parameters: [
    table(true),
    { name: 'NewPriceTableId', type: 'text', required: true, maxLength: 20, labelKey: 'oe:reports.parameters.NewPriceTableId' },
    { name: 'EffectiveDate', type: 'date', required: true, labelKey: 'oe:reports.parameters.EffectiveDate' },
    { name: 'ExpiryDate', type: 'date', labelKey: 'oe:reports.parameters.ExpiryDate' },
    { name: 'Change', type: 'text', maxLength: 16, labelKey: 'oe:reports.parameters.ChangePercent' },
  ],
  rules: [],
  columns: [text('PriceTableId'), text('Description', { width: 2 }), text('CustomerId'), date('EffectiveDate'), date('ExpiryDate'), integer('Rows')],
  itemKey: 'PriceTableId',
  itemLabel: 'PriceTableId',
  maxItems: 1,
  confirmKey: 'oe:renew-price-table.confirm',
});

export const newProductsPricing: ProcessDefinition = defineProcess({
  name: 'oe-new-products-pricing',
  application: OE_APP,
  routes: on('/new-products-pricing'),
  titleKey: 'oe:new-products-pricing.title',
  parameters: [table(true), productClass, { name: 'Change', type: 'text', required: true, maxLength: 16, labelKey: 'oe:reports.parameters.Markup' }],
  rules: [],
  columns: [text('ProductId'), text('Description', { width: 2 }), text('ClassId'), cost('AverageCost')],
  itemKey: 'ProductId',
  itemLabel: 'ProductId',
  maxItems: 5000,
  confirmKey: 'oe:new-products-pricing.confirm',
});

export const OE_REPORTS = [customerPriceList, productsPriceList, priceTablesDue, priceOverrideAudit, safetyPriceAudit] as const;
export const OE_PROCESSES = [priceAdjustments, renewPriceTable, newProductsPricing] as const;
