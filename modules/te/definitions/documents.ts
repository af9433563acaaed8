/**
 * Trades documents (issue 28 items 3–4; SCREENS.md TE-17 … TE-21, TE-23; DOMAIN-NOTES §8.1–8.3). Rules and
 * postings: modules/te/server/inspections.ts, modules/te/server/billing.ts.
 *
 * `inspection-request` (TE-17 `/lot-inspection-request`, its highrise variant by building and floor, TE-18
 * `/lot-inspection` for the results): a lot (and date) to inspect — §5 lot and date required; an unknown
 * builder, site or lot, or one that does not belong to the other, is §8 "Builder, site or lot not found.".
 * Requested → Scheduled (a date and an inspector) → Passed / Failed (the result); a pass marks the lot Inspected,
 * which takes it off Lots ready for inspection.
 *
 * `contract-billing` (TE-19) bills a lot's contract price (less what was billed) and `option-billing` (TE-20)
 * the lot's options not yet billed: Draft → Invoiced, an AR invoice through Receivables. A contract billing
 * retains the site's holdback like a progress billing.
 *
 * `progress-billing` (TE-23): a contract's schedule of values with the percent complete per line; the server
 * computes (§8.3) earned to date, the holdback retained to date (holdback % of it), the previous billings and
 * holdback (its earlier certified or invoiced billings of the same site and building; typed on the first), the
 * current payment due = earned − holdback − previous billings, and the balance to finish. Draft → Certified →
 * Invoiced: Dr AR (current due + tax), Dr holdback receivable (holdback of this billing), Cr revenue (earned
 * this billing), Cr GST/HST on the current due only.
 *
 * `holdback-billing` (TE-21, residential variant by lot): the holdback retained on a site's (or lot's) invoiced
 * billings, Retained → Released (a release date) → Invoiced: Dr AR (holdback + tax), Cr holdback receivable,
 * Cr GST/HST — tax is due when the holdback becomes payable (§8.1).
 */
import { defineEntity } from '@erp/shared/entities/define';
import { editedWhile } from '@erp/shared/entities/posted-document';
import {
  BILLING_STATUSES,
  builderLookup,
  CONTRACT_BILLING_SEQUENCE,
  DEFAULT_HOLDBACK,
  HOLDBACK_BILLING_SEQUENCE,
  HOLDBACK_KINDS,
  HOLDBACK_STATUSES,
  INSPECTION_SEQUENCE,
  INSPECTION_STATUSES,
  INSPECTION_TYPES,
  lotLookup,
  OPTION_BILLING_SEQUENCE,
  options,
  PROGRESS_BILLING_SEQUENCE,
  PROGRESS_STATUSES,
  siteLookup,
  TE,
  TE_APP,
  TE_MONEY,
  TE_PERCENT,
  TE_PRICE,
  TE_ROLES,
} from './common.ts';

const k = (entity: string, rest: string) => `te:${entity}.${rest}`;
const ro = { ...TE_MONEY, readOnly: true } as const;

/** A billing prints the AR invoice it made, once invoiced (AR's invoice print, definitions/reports.ts). */
const INVOICE_PRINT = { report: 'te-invoice-print', parameter: 'InvoiceNo', field: 'InvoiceNo', states: ['Invoiced'] } as const;

/** §4 contract and option billings: a Draft, editable and deletable, is invoiced once (Alt+I). */
const INVOICED_FROM_DRAFT = {
  field: 'Status',
  initial: 'Draft',
  editable: ['Draft'],
  deletable: ['Draft'],
  transitions: [{ action: 'invoice', labelKey: 'te:actions.invoice', from: ['Draft'], to: 'Invoiced', irreversible: true, confirmKey: 'te:confirm.invoice', primary: true, hotkey: 'Alt+I' }],
} as const;

export const inspectionRequest = defineEntity({
  name: 'inspection-request',
  namespace: TE,
  table: 'te_inspection_requests',
  key: 'RequestId',
  keyKind: 'auto',
  application: TE_APP,
  fields: {
    RequestId: { type: 'integer' },
    RequestNo: { type: 'text', maxLength: 20, readOnly: true },
    Status: { type: 'enum', readOnly: true, defaultValue: 'Requested', options: options(INSPECTION_STATUSES, 'inspection-request.statuses') },
    Highrise: { type: 'boolean', defaultValue: false },
    BuilderId: builderLookup(),
    SiteId: siteLookup(),
    LotId: lotLookup({ required: true, requiredKey: 'te:rules.lotRequired' }),
    BuildingId: { type: 'lookup', entity: 'site-building', maxLength: 10, uppercase: true, invalidKey: 'te:rules.notFound' },
    Floor: { type: 'integer', min: 0, max: 200 },
    InspectionType: { type: 'enum', required: true, defaultValue: 'Framing', options: options(INSPECTION_TYPES, 'inspectionTypes') },
    RequestedDate: { type: 'date', required: true, requiredKey: 'te:rules.dateRequired' },
    ScheduledDate: { type: 'date' },
    InspectorId: { type: 'lookup', entity: 'inspector', maxLength: 10, uppercase: true, activeOnly: true },
    InspectedDate: { type: 'date', readOnly: true },
    ResultNotes: { type: 'text', maxLength: 1000, format: 'multiline' },
  },
  listColumns: ['RequestNo', 'Status', 'LotId', 'SiteId', 'BuildingId', 'Floor', 'InspectionType', 'RequestedDate', 'ScheduledDate', 'InspectorId', { field: 'InspectedDate', visible: false }],
  defaultSort: [{ field: 'RequestId', descending: true }],
  filters: [
    { field: 'Status', op: 'in' },
    { field: 'SiteId', op: 'eq' },
    { field: 'LotId', op: 'eq' },
    { field: 'Highrise', op: 'eq' },
    { field: 'RequestedDate', op: 'range' },
  ],
  search: ['RequestNo', 'LotId', 'ResultNotes'],
  indexes: [['LotId', 'Status'], ['Status', 'RequestedDate']],
  roles: TE_ROLES,
  attachments: true,
  displayField: 'RequestNo',
  routeViews: {
    variant: {
      highrise: { filters: { 'filter.Highrise': 'true' }, defaults: { Highrise: true }, titleKey: k('inspection-request', 'screen.highriseTitle') },
      results: { filters: { 'filter.Status': 'Scheduled' }, titleKey: k('inspection-request', 'screen.resultsTitle') },
    },
  },
  formLayout: {
    sections: [
      { rows: [['RequestNo', 'Status', 'Highrise'], ['BuilderId', 'SiteId', 'LotId'], ['BuildingId', 'Floor', 'InspectionType'], ['RequestedDate', 'ScheduledDate', 'InspectorId']] },
      { titleKey: k('inspection-request', 'sections.result'), rows: [['InspectedDate'], ['ResultNotes']] },
    ],
  },
  numbering: { sequence: INSPECTION_SEQUENCE, field: 'RequestNo', prefix: 'IR' },
  states: {
    field: 'Status',
    initial: 'Requested',
    editable: ['Requested', 'Scheduled'],
    deletable: ['Requested'],
    transitions: [
      { action: 'schedule', labelKey: k('inspection-request', 'actions.schedule'), from: ['Requested'], to: 'Scheduled', irreversible: true, primary: true, hotkey: 'Alt+S' },
      { action: 'pass', labelKey: k('inspection-request', 'actions.pass'), from: ['Scheduled'], to: 'Passed', irreversible: true, confirmKey: k('inspection-request', 'confirm.pass'), hotkey: 'Alt+A' },
      { action: 'fail', labelKey: k('inspection-request', 'actions.fail'), from: ['Scheduled'], to: 'Failed', irreversible: true, confirmKey: k('inspection-request', 'confirm.fail'), hotkey: 'Alt+F' },
    ],
  },
});

const billToField = builderLookup({ labelKey: 'te:fields.BillToId' });

export const contractBilling = defineEntity({
  name: 'contract-billing',
  namespace: TE,
  table: 'te_contract_billings',
  key: 'BillingId',
  // Issue 42 item 1: found by the command palette's global search.
  screen: '/novus-te/contract-billing-invoice',
  globalSearch: { name: ['Description'], words: ['LotId'] },
  keyKind: 'auto',
  application: TE_APP,
  fields: {
    BillingId: { type: 'integer' },
    BillingNo: { type: 'text', maxLength: 20, readOnly: true },
    Status: { type: 'enum', readOnly: true, defaultValue: 'Draft', options: options(BILLING_STATUSES, 'billingStatuses') },
    BillingDate: { type: 'date', required: true },
    LotId: lotLookup({ required: true, requiredKey: 'te:rules.lotRequired' }),
    SiteId: { type: 'text', maxLength: 10, readOnly: true },
    BillToId: billToField,
    Description: { type: 'text', maxLength: 100 },
    // Blank: what is left of the lot's contract price (the server's).
    Amount: { ...TE_PRICE },
    HoldbackPercent: { ...TE_PERCENT },
    Holdback: ro,
    NetAmount: ro,
    TaxAmount: ro,
    TotalDue: ro,
    InvoiceNo: { type: 'text', maxLength: 30, readOnly: true },
    HoldbackBillingNo: { type: 'text', maxLength: 20, readOnly: true },
  },
  listColumns: ['BillingNo', 'Status', 'BillingDate', 'LotId', 'SiteId', 'BillToId', { field: 'Amount', total: 'sum' }, { field: 'Holdback', total: 'sum' }, { field: 'TotalDue', total: 'sum' }, 'InvoiceNo'],
  defaultSort: [{ field: 'BillingId', descending: true }],
  filters: [{ field: 'Status', op: 'in' }, { field: 'LotId', op: 'eq' }, { field: 'SiteId', op: 'eq' }, { field: 'BillingDate', op: 'range' }],
  search: ['BillingNo', 'LotId', 'Description'],
  indexes: [['LotId', 'Status'], ['SiteId', 'Status']],
  roles: TE_ROLES,
  attachments: false,
  displayField: 'BillingNo',
  formLayout: {
    sections: [
      { rows: [['BillingNo', 'Status', 'BillingDate'], ['LotId', 'SiteId', 'BillToId'], ['Description']] },
      { titleKey: 'te:sections.amounts', rows: [['Amount', 'HoldbackPercent', 'Holdback'], ['NetAmount', 'TaxAmount', 'TotalDue'], ['InvoiceNo', 'HoldbackBillingNo']] },
    ],
  },
  numbering: { sequence: CONTRACT_BILLING_SEQUENCE, field: 'BillingNo', prefix: 'CB' },
  print: INVOICE_PRINT,
  states: INVOICED_FROM_DRAFT,
});

const optionLine = (field: string) => `te:option-billing.fields.Lines.fields.${field}`;

export const optionBilling = defineEntity({
  name: 'option-billing',
  namespace: TE,
  table: 'te_option_billings',
  key: 'BillingId',
  keyKind: 'auto',
  application: TE_APP,
  fields: {
    BillingId: { type: 'integer' },
    BillingNo: { type: 'text', maxLength: 20, readOnly: true },
    Status: { type: 'enum', readOnly: true, defaultValue: 'Draft', options: options(BILLING_STATUSES, 'billingStatuses') },
    BillingDate: { type: 'date', required: true },
    LotId: lotLookup({ required: true, requiredKey: 'te:rules.lotRequired' }),
    SiteId: { type: 'text', maxLength: 10, readOnly: true },
    BillToId: billToField,
    Amount: ro,
    TaxAmount: ro,
    TotalDue: ro,
    InvoiceNo: { type: 'text', maxLength: 30, readOnly: true },
    Lines: {
      type: 'children',
      lines: true,
      labelKey: 'te:option-billing.fields.Lines.label',
      table: 'te_option_billing_lines',
      parentColumn: 'billing_id',
      key: 'LineId',
      maxItems: 200,
      fields: {
        LineId: { type: 'integer', labelKey: optionLine('LineId') },
        OptionId: { type: 'lookup', entity: 'te-option', required: true, maxLength: 12, uppercase: true, labelKey: optionLine('OptionId') },
        Quantity: { type: 'integer', required: true, min: 1, max: 999, defaultValue: 1, labelKey: optionLine('Quantity') },
        Price: { ...TE_PRICE, labelKey: optionLine('Price') },
        Amount: { ...TE_MONEY, readOnly: true, labelKey: optionLine('Amount') },
      },
    },
  },
  listColumns: ['BillingNo', 'Status', 'BillingDate', 'LotId', 'SiteId', 'BillToId', { field: 'Amount', total: 'sum' }, { field: 'TotalDue', total: 'sum' }, 'InvoiceNo'],
  defaultSort: [{ field: 'BillingId', descending: true }],
  filters: [{ field: 'Status', op: 'in' }, { field: 'LotId', op: 'eq' }, { field: 'BillingDate', op: 'range' }],
  search: ['BillingNo', 'LotId'],
  indexes: [['LotId', 'Status']],
  roles: TE_ROLES,
  attachments: false,
  displayField: 'BillingNo',
  formLayout: {
    sections: [
      { rows: [['BillingNo', 'Status', 'BillingDate'], ['LotId', 'SiteId', 'BillToId']] },
      { titleKey: 'te:sections.amounts', rows: [['Amount', 'TaxAmount', 'TotalDue'], ['InvoiceNo']] },
    ],
  },
  numbering: { sequence: OPTION_BILLING_SEQUENCE, field: 'BillingNo', prefix: 'OB' },
  print: INVOICE_PRINT,
  states: INVOICED_FROM_DRAFT,
});

const sovLine = (field: string) => `te:progress-billing.fields.Lines.fields.${field}`;

export const progressBilling = defineEntity({
  name: 'progress-billing',
  namespace: TE,
  table: 'te_progress_billings',
  key: 'BillingId',
  // Issue 42 item 1: found by the command palette's global search.
  screen: '/novus-te/progress-billing',
  globalSearch: { words: ['SiteId'] },
  keyKind: 'auto',
  application: TE_APP,
  fields: {
    BillingId: { type: 'integer' },
    BillingNo: { type: 'text', maxLength: 20, readOnly: true },
    Status: { type: 'enum', readOnly: true, defaultValue: 'Draft', options: options(PROGRESS_STATUSES, 'progress-billing.statuses') },
    BillingDate: { type: 'date', required: true },
    PeriodTo: { type: 'date' },
    SiteId: siteLookup({ required: true, requiredKey: 'te:rules.notFound' }),
    BuildingId: { type: 'lookup', entity: 'site-building', maxLength: 10, uppercase: true, invalidKey: 'te:rules.notFound' },
    BillToId: billToField,
    ContractAmount: { ...TE_PRICE, required: true },
    HoldbackPercent: { ...TE_PERCENT, defaultValue: DEFAULT_HOLDBACK },
    EarnedToDate: ro,
    HoldbackToDate: ro,
    NetEarned: ro,
    // Typed on a contract's first billing (work billed outside the product); else the server's.
    PreviousBilled: { ...TE_MONEY, min: '0' },
    PreviousHoldback: { ...TE_MONEY, min: '0' },
    CurrentDue: ro,
    HoldbackThisBilling: ro,
    TaxAmount: ro,
    TotalDue: ro,
    BalanceToFinish: ro,
    InvoiceNo: { type: 'text', maxLength: 30, readOnly: true },
    HoldbackBillingNo: { type: 'text', maxLength: 20, readOnly: true },
    // §8.2 prompt payment: the day the owner received the proper invoice (default: the billing date); payment is
    // due 28 days later, a notice of non-payment 14 days later (the server's).
    ProperInvoiceDate: { type: 'date' },
    PaymentDueDate: { type: 'date', readOnly: true },
    NonPaymentNoticeBy: { type: 'date', readOnly: true },
    Lines: {
      type: 'children',
      lines: true,
      labelKey: 'te:progress-billing.fields.Lines.label',
      table: 'te_progress_billing_lines',
      parentColumn: 'billing_id',
      key: 'LineId',
      maxItems: 200,
      fields: {
        LineId: { type: 'integer', labelKey: sovLine('LineId') },
        Description: { type: 'text', required: true, maxLength: 80, labelKey: sovLine('Description') },
        ScheduledValue: { ...TE_PRICE, required: true, labelKey: sovLine('ScheduledValue') },
        PercentComplete: { ...TE_PERCENT, required: true, defaultValue: '0.00', labelKey: sovLine('PercentComplete') },
        EarnedToDate: { ...TE_MONEY, readOnly: true, labelKey: sovLine('EarnedToDate') },
      },
    },
  },
  listColumns: ['BillingNo', 'Status', 'BillingDate', 'SiteId', 'BuildingId', 'BillToId', 'ContractAmount', 'EarnedToDate', { field: 'HoldbackThisBilling', total: 'sum' }, { field: 'CurrentDue', total: 'sum' }, 'InvoiceNo'],
  defaultSort: [{ field: 'BillingId', descending: true }],
  filters: [{ field: 'Status', op: 'in' }, { field: 'SiteId', op: 'eq' }, { field: 'BillingDate', op: 'range' }],
  search: ['BillingNo', 'SiteId'],
  indexes: [['SiteId', 'Status']],
  roles: TE_ROLES,
  attachments: true,
  displayField: 'BillingNo',
  formLayout: {
    sections: [
      { rows: [['BillingNo', 'Status', 'BillingDate', 'PeriodTo'], ['SiteId', 'BuildingId', 'BillToId'], ['ContractAmount', 'HoldbackPercent']] },
      {
        titleKey: 'te:progress-billing.sections.summary',
        rows: [
          ['EarnedToDate', 'HoldbackToDate', 'NetEarned'],
          ['PreviousBilled', 'PreviousHoldback', 'HoldbackThisBilling'],
          ['CurrentDue', 'TaxAmount', 'TotalDue'],
          ['BalanceToFinish', 'InvoiceNo', 'HoldbackBillingNo'],
        ],
      },
      { titleKey: 'te:progress-billing.sections.promptPayment', rows: [['ProperInvoiceDate', 'PaymentDueDate', 'NonPaymentNoticeBy']] },
    ],
  },
  numbering: { sequence: PROGRESS_BILLING_SEQUENCE, field: 'BillingNo', prefix: 'PB' },
  print: INVOICE_PRINT,
  states: editedWhile('Draft', [
    { action: 'certify', labelKey: 'te:progress-billing.actions.certify', from: ['Draft'], to: 'Certified', irreversible: true, confirmKey: 'te:progress-billing.confirm.certify', primary: true, hotkey: 'Alt+C' },
    { action: 'invoice', labelKey: 'te:actions.invoice', from: ['Certified'], to: 'Invoiced', irreversible: true, confirmKey: 'te:confirm.invoice', hotkey: 'Alt+I' },
  ]),
});

export const holdbackBilling = defineEntity({
  name: 'holdback-billing',
  namespace: TE,
  table: 'te_holdback_billings',
  key: 'BillingId',
  keyKind: 'auto',
  application: TE_APP,
  fields: {
    BillingId: { type: 'integer' },
    BillingNo: { type: 'text', maxLength: 20, readOnly: true },
    Status: { type: 'enum', readOnly: true, defaultValue: 'Retained', options: options(HOLDBACK_STATUSES, 'holdback-billing.statuses') },
    Kind: { type: 'enum', required: true, defaultValue: 'Commercial', options: options(HOLDBACK_KINDS, 'holdback-billing.kinds') },
    BillingDate: { type: 'date', required: true },
    SiteId: siteLookup({ required: true, requiredKey: 'te:rules.notFound' }),
    BuildingId: { type: 'lookup', entity: 'site-building', maxLength: 10, uppercase: true, invalidKey: 'te:rules.notFound' },
    LotId: lotLookup(),
    BillToId: billToField,
    // Ontario Construction Act (DOMAIN-NOTES §8.1): the certificate of substantial performance's publication
    // starts the 60-day lien period; the holdback is released after it, when no lien is preserved.
    PublishedOn: { type: 'date' },
    LienPreserved: { type: 'boolean', defaultValue: false },
    ReleaseDate: { type: 'date' },
    Amount: ro,
    TaxAmount: ro,
    TotalDue: ro,
    InvoiceNo: { type: 'text', maxLength: 30, readOnly: true },
    Notes: { type: 'text', maxLength: 1000, format: 'multiline' },
  },
  listColumns: ['BillingNo', 'Status', 'Kind', 'BillingDate', 'SiteId', 'LotId', 'BillToId', 'ReleaseDate', { field: 'Amount', total: 'sum' }, 'InvoiceNo'],
  defaultSort: [{ field: 'BillingId', descending: true }],
  filters: [{ field: 'Status', op: 'in' }, { field: 'Kind', op: 'eq' }, { field: 'SiteId', op: 'eq' }, { field: 'BillingDate', op: 'range' }],
  search: ['BillingNo', 'SiteId', 'LotId'],
  indexes: [['SiteId', 'Status']],
  roles: TE_ROLES,
  attachments: true,
  displayField: 'BillingNo',
  routeViews: {
    kind: {
      Residential: { filters: { 'filter.Kind': 'Residential' }, defaults: { Kind: 'Residential' }, titleKey: 'te:holdback-billing.screen.residentialTitle' },
    },
  },
  formLayout: {
    sections: [
      { rows: [['BillingNo', 'Status', 'Kind'], ['BillingDate', 'PublishedOn', 'ReleaseDate'], ['SiteId', 'BuildingId', 'LotId'], ['BillToId', 'LienPreserved']] },
      { titleKey: 'te:sections.amounts', rows: [['Amount', 'TaxAmount', 'TotalDue'], ['InvoiceNo'], ['Notes']] },
    ],
  },
  numbering: { sequence: HOLDBACK_BILLING_SEQUENCE, field: 'BillingNo', prefix: 'HB' },
  print: INVOICE_PRINT,
  states: editedWhile('Retained', [
    { action: 'release', labelKey: 'te:holdback-billing.actions.release', from: ['Retained'], to: 'Released', irreversible: true, confirmKey: 'te:holdback-billing.confirm.release', primary: true, hotkey: 'Alt+R' },
    { action: 'invoice', labelKey: 'te:actions.invoice', from: ['Released'], to: 'Invoiced', irreversible: true, confirmKey: 'te:confirm.invoice', hotkey: 'Alt+I' },
  ]),
});
