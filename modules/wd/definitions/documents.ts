/**
 * Waste Disposal documents (issue 27 items 2–3; SCREENS.md WD-05, WD-06):
 *
 * `wd-quote` (WD-05, `/quoted-jobs`): a quote for a customer (an active bill-to) and one of its sites (the
 * customer itself or one of its ship-tos, §5 "Ship To is invalid." otherwise), usually from a quotation template
 * (the server copies the template's lines when the quote is created without lines); each line is priced by the
 * server when no price is typed (modules/wd/server/pricing.ts); amounts are the server's (a flat-priced
 * service is charged its price once, a per-unit one quantity × price). States (§4): Quoted → Accepted (`accept`
 * creates one service order per line, numbers listed in OrderNos) | Lost. Printable (`wd-quote-print`).
 *
 * `wd-order` (WD-06, `/order-entry` under Waste Disposal and `/wd-order-entry` under Receivables): one service
 * for a customer's site — waste class, quantity, price, scheduled date, crew and vehicle, manifest number.
 * States (§4): Entered → Scheduled (`schedule`: a scheduled date on a working day and a crew; or the Scheduling
 * process) → Completed (`complete`: a waste class that requires a certificate needs a valid one on the date) →
 * Invoiced (Invoice processing only) | Cancelled (from Entered or Scheduled). Rules: modules/wd/server/orders.ts.
 */
import { defineEntity } from '@erp/shared/entities/define';
import { editedWhile } from '@erp/shared/entities/posted-document';
import { firmOfType } from '@erp/modules/shell/definitions/index';
import { options, ORDER_SEQUENCE, ORDER_STATUSES, QUOTE_SEQUENCE, QUOTE_STATUSES, WD, WD_APP, WD_MONEY, WD_PRICE, WD_QUANTITY, WD_ROLES } from './common.ts';

/**
 * An active bill-to firm; one message (`key`) for a missing, inactive or non-bill-to one, or none. §6: the document
 * is this customer's (issue 68 item 2); the site is one of the customer's ship-tos.
 */
const customer = (key: string) => firmOfType('bill-to', { notOfType: key, missing: key, inactive: key }, { requiredKey: key, customer: true });
const site = { type: 'lookup', entity: 'firm', maxLength: 20, uppercase: true, activeOnly: true, invalidKey: 'ar:rules.shipToInvalid', inactiveKey: 'ar:rules.shipToInvalid', customer: false } as const;

const quoteLine = (field: string) => `wd:wd-quote.fields.Lines.fields.${field}`;

export const wdQuote = defineEntity({
  name: 'wd-quote',
  namespace: WD,
  table: 'wd_quotes',
  key: 'QuoteId',
  // Issue 42 item 1: found by the command palette's global search.
  screen: '/novus-wd/quoted-jobs',
  globalSearch: { name: ['CustomerName'] },
  keyKind: 'auto',
  application: WD_APP,
  fields: {
    QuoteId: { type: 'integer' },
    QuoteNo: { type: 'text', maxLength: 20, readOnly: true },
    QuoteDate: { type: 'date', required: true },
    Status: { type: 'enum', readOnly: true, defaultValue: 'Quoted', options: options(QUOTE_STATUSES, 'wd-quote.statuses') },
    TemplateId: { type: 'lookup', entity: 'quotation-template', uppercase: true, maxLength: 10, activeOnly: true },
    CustomerId: customer('ar:rules.billToInvalid'),
    CustomerName: { type: 'text', maxLength: 100, readOnly: true },
    SiteId: site,
    ValidUntil: { type: 'date' },
    Notes: { type: 'text', maxLength: 1000, format: 'multiline' },
    OrderNos: { type: 'text', maxLength: 400, readOnly: true },
    Total: { ...WD_MONEY, readOnly: true },
    Lines: {
      type: 'children',
      lines: true,
      labelKey: 'wd:wd-quote.fields.Lines.label',
      table: 'wd_quote_lines',
      parentColumn: 'quote_id',
      key: 'LineId',
      maxItems: 100,
      fields: {
        LineId: { type: 'integer', labelKey: quoteLine('LineId') },
        ServiceId: { type: 'lookup', entity: 'wd-service', uppercase: true, required: true, maxLength: 10, activeOnly: true, labelKey: quoteLine('ServiceId') },
        WasteClassId: { type: 'lookup', entity: 'waste-class', uppercase: true, maxLength: 10, activeOnly: true, labelKey: quoteLine('WasteClassId') },
        Description: { type: 'text', maxLength: 100, labelKey: quoteLine('Description') },
        Quantity: { ...WD_QUANTITY, required: true, min: '0.0001', minKey: 'wd:rules.quantityPositive', labelKey: quoteLine('Quantity') },
        UnitPrice: { ...WD_PRICE, labelKey: quoteLine('UnitPrice') },
        Amount: { ...WD_MONEY, readOnly: true, labelKey: quoteLine('Amount') },
      },
    },
  },
  listColumns: ['QuoteNo', 'QuoteDate', 'Status', 'CustomerId', { field: 'CustomerName', width: 220 }, 'SiteId', 'TemplateId', { field: 'Total', total: 'sum', width: 140 }, { field: 'OrderNos', visible: false }],
  defaultSort: [{ field: 'QuoteId', descending: true }],
  filters: [
    { field: 'QuoteDate', op: 'range' },
    { field: 'Status', op: 'in' },
    { field: 'CustomerId', op: 'eq' },
    { field: 'QuoteNo', op: 'startsWith' },
  ],
  search: ['QuoteNo', 'CustomerName', 'Notes'],
  indexes: [['CustomerId', 'QuoteDate']],
  roles: WD_ROLES,
  attachments: true,
  displayField: 'QuoteNo',
  formLayout: {
    sections: [{ rows: [['QuoteNo', 'Status', 'QuoteDate'], ['TemplateId', 'ValidUntil'], ['CustomerId', 'CustomerName'], ['SiteId', 'OrderNos'], ['Notes'], ['Total']] }],
  },
  numbering: { sequence: QUOTE_SEQUENCE, field: 'QuoteNo', prefix: 'WQ' },
  print: { report: 'wd-quote-print', parameter: 'QuoteNo' },
  states: editedWhile('Quoted', [
    { action: 'accept', labelKey: 'wd:wd-quote.actions.accept', from: ['Quoted'], to: 'Accepted', irreversible: true, confirmKey: 'wd:wd-quote.confirm.accept', hotkey: 'Alt+A' },
    { action: 'lose', labelKey: 'wd:wd-quote.actions.lose', from: ['Quoted'], to: 'Lost', irreversible: true, voids: true, confirmKey: 'wd:wd-quote.confirm.lose' },
  ]),
});

export const wdOrder = defineEntity({
  name: 'wd-order',
  namespace: WD,
  table: 'wd_orders',
  key: 'OrderId',
  // Issue 42 item 1: found by the command palette's global search.
  screen: '/novus-wd/order-entry',
  globalSearch: { name: ['CustomerName'], words: ['ManifestNo'] },
  keyKind: 'auto',
  application: WD_APP,
  shownIn: ['NOVUS-AR'],
  fields: {
    OrderId: { type: 'integer' },
    OrderNo: { type: 'text', maxLength: 20, readOnly: true },
    OrderDate: { type: 'date', required: true },
    Status: { type: 'enum', readOnly: true, defaultValue: 'Entered', options: options(ORDER_STATUSES, 'wd-order.statuses') },
    CustomerId: customer('ar:rules.billToInvalid'),
    CustomerName: { type: 'text', maxLength: 100, readOnly: true },
    SiteId: site,
    ServiceId: { type: 'lookup', entity: 'wd-service', uppercase: true, required: true, maxLength: 10, activeOnly: true },
    WasteClassId: { type: 'lookup', entity: 'waste-class', uppercase: true, maxLength: 10, activeOnly: true },
    Quantity: { ...WD_QUANTITY, required: true, min: '0.0001', minKey: 'wd:rules.quantityPositive' },
    UnitPrice: { ...WD_PRICE },
    Amount: { ...WD_MONEY, readOnly: true },
    RequestedDate: { type: 'date' },
    ScheduledDate: { type: 'date' },
    CrewId: { type: 'text', maxLength: 20, uppercase: true },
    Vehicle: { type: 'text', maxLength: 20, uppercase: true },
    RouteSequence: { type: 'integer', readOnly: true },
    ManifestNo: { type: 'text', maxLength: 30, uppercase: true },
    CompletedDate: { type: 'date', readOnly: true },
    QuoteNo: { type: 'text', maxLength: 20, readOnly: true },
    InvoiceNo: { type: 'text', maxLength: 30, readOnly: true },
    // When its invoice was published (invoice publishing, modules/wd/server/publishing.ts).
    PublishedOn: { type: 'datetime', readOnly: true },
    Notes: { type: 'text', maxLength: 1000, format: 'multiline' },
  },
  listColumns: [
    'OrderNo',
    'OrderDate',
    'Status',
    'CustomerId',
    { field: 'CustomerName', width: 200 },
    'SiteId',
    'ServiceId',
    'WasteClassId',
    'ScheduledDate',
    'CrewId',
    { field: 'Amount', total: 'sum', width: 130 },
    { field: 'ManifestNo', visible: false },
    { field: 'InvoiceNo', visible: false },
  ],
  defaultSort: [{ field: 'OrderId', descending: true }],
  filters: [
    { field: 'OrderDate', op: 'range' },
    { field: 'ScheduledDate', op: 'range' },
    { field: 'Status', op: 'in' },
    { field: 'CustomerId', op: 'eq' },
    { field: 'CrewId', op: 'eq' },
    { field: 'OrderNo', op: 'startsWith' },
  ],
  search: ['OrderNo', 'CustomerName', 'ManifestNo', 'Notes'],
  indexes: [['Status', 'ScheduledDate'], ['CustomerId', 'OrderDate'], ['CrewId', 'ScheduledDate']],
  roles: WD_ROLES,
  attachments: true,
  displayField: 'OrderNo',
  formLayout: {
    sections: [
      { rows: [['OrderNo', 'Status', 'OrderDate'], ['CustomerId', 'CustomerName'], ['SiteId', 'QuoteNo'], ['ServiceId', 'WasteClassId'], ['Quantity', 'UnitPrice', 'Amount']] },
      { titleKey: 'wd:wd-order.sections.work', rows: [['RequestedDate', 'ScheduledDate', 'RouteSequence'], ['CrewId', 'Vehicle', 'ManifestNo'], ['CompletedDate', 'InvoiceNo', 'PublishedOn'], ['Notes']] },
    ],
  },
  numbering: { sequence: ORDER_SEQUENCE, field: 'OrderNo', prefix: 'WDO' },
  states: {
    field: 'Status',
    initial: 'Entered',
    editable: ['Entered', 'Scheduled'],
    deletable: ['Entered'],
    transitions: [
      { action: 'schedule', labelKey: 'wd:wd-order.actions.schedule', from: ['Entered'], to: 'Scheduled', irreversible: true, hotkey: 'Alt+S' },
      { action: 'complete', labelKey: 'wd:wd-order.actions.complete', from: ['Scheduled'], to: 'Completed', irreversible: true, confirmKey: 'wd:wd-order.confirm.complete', hotkey: 'Alt+C' },
      { action: 'cancel', labelKey: 'wd:wd-order.actions.cancel', from: ['Entered', 'Scheduled'], to: 'Cancelled', irreversible: true, voids: true, confirmKey: 'wd:wd-order.confirm.cancel' },
    ],
  },
});
