/**
 * Vendor invoices, credit notes and debit notes (`ap-invoice`, SCREENS.md AP-01 "Purchase journal", routes
 * `/novus-ap/purchase-journal` and `/novus-po/purchase-journal`; spec §5 Payables entry, §8; issue 24 item 1).
 * Tables `ap_invoices`, `ap_invoice_lines` (schema-sync).
 *
 * - Header (§5 Payables entry, all required): the vendor (an active firm with its vendor account), the
 *   transaction date (the posting date: its period must be open for A/P, §8 "Period is closed (A/P)"), the
 *   vendor's document number (not already used for that vendor), the document date, the amount (the vendor's
 *   total, taxes included), the terms code, the ship-to state (the province whose taxes were paid: the input
 *   tax credits) and the bank the document will be paid from (in the document's currency, §8 "Not allowed to
 *   change bank due to different currency."). Terms, ship-to state, bank and currency left blank take the
 *   vendor's defaults (`ap-vendor-default`; terms: else the firm's account terms) and are refused when there is
 *   none. A foreign-currency document shows its rate and home amount (the rate of its transaction date).
 *   ReceiptId optionally names a posted purchase receipt of the
 *   vendor to match, not yet fully invoiced (its lookup offers only those; a fully invoiced one is refused):
 *   saved without lines, the invoice takes every receipt line not yet invoiced.
 * - Lines (the G/L distribution): a receipt line (ReceiptLineId, ProductId and PoPrice are the server's) or a
 *   free line with its G/L account (blank: the vendor's default account; a blank tax group: the vendor's); quantity × unit price = amount; a tax group (default: every tax of the
 *   province); a job allocation not above the line's amount (§5). The server computes each line's taxes, the
 *   price variance of a matched line and the totals; Remaining = Amount − SubTotal − TaxTotal must be zero to
 *   post (§5 "G/L distribution must sum to zero").
 * - States (§4, common.ts): `post` (Draft → Posted, or Exception when a match is outside the tolerance — then
 *   nothing is posted and it cannot be paid), `accept` (Exception → Posted: the variance accepted, who accepted
 *   it recorded), `reopen` (Exception → Draft, to correct), `hold` / `release` (Posted ⇄ OnHold). Paid is set
 *   by the payments that close it. Postings: modules/ap/server/invoices.ts.
 */
import { MONEY, RATE } from '@erp/shared/entities/common';
import { defineEntity, type RuleIssue } from '@erp/shared/entities/define';
import { editedWhile } from '@erp/shared/entities/posted-document';
import { CURRENCY, glAccountLookup } from '@erp/modules/gl/definitions/index';
import { AP, AP_INVOICE_STATES, AP_ROLES, vendorLookup } from './common.ts';

const NAME = 'ap-invoice';
const key = (part: string) => `${AP}:${NAME}.${part}`;
const lineLabel = (field: string) => key(`fields.Lines.fields.${field}`);

export const AP_DOCUMENT_TYPES = ['Invoice', 'CreditNote', 'DebitNote'] as const;

const QUANTITY = { type: 'decimal', precision: 15, scale: 4 } as const;
const PRICE = { type: 'decimal', precision: 15, scale: 4, min: '0', minKey: 'entities:validation.negative' } as const;

/** §5 rules the browser can check too: a job allocation is not above its line's amount. */
export function apInvoiceRules(record: Readonly<Record<string, unknown>>): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const lines = Array.isArray(record['Lines']) ? (record['Lines'] as Record<string, unknown>[]) : [];
  lines.forEach((line, index) => {
    const job = line['JobAmount'];
    const amount = line['Amount'];
    if (typeof job === 'string' && job !== '' && typeof amount === 'string' && amount !== '' && Number(job) > Number(amount)) {
      issues.push({ field: `Lines[${index}].JobAmount`, key: key('rules.jobAboveExpense') });
    }
  });
  return issues;
}

export const apInvoice = defineEntity({
  name: NAME,
  namespace: AP,
  table: 'ap_invoices',
  key: 'InvoiceId',
  // Issue 42 item 1: found by the command palette's global search.
  globalSearch: { name: ['VendorName'], words: ['VendorDocNo', 'Reference'] },
  keyKind: 'auto',
  numberField: 'DocumentNo',
  // Issue 40 item 4: the documents made from this one, and the screen that opens it (the Related panel).
  related: [{ entity: 'ap-payment-batch', field: 'Lines.InvoiceId' }],
  screen: '/novus-ap/purchase-journal',
  application: 'NOVUS-AP',
  shownIn: ['NOVUS-PO'],
  fields: {
    InvoiceId: { type: 'integer', readOnly: true },
    DocumentNo: { type: 'text', maxLength: 30, readOnly: true },
    Status: { type: 'enum', readOnly: true, defaultValue: 'Draft', options: AP_INVOICE_STATES.map((value) => ({ value, labelKey: key(`statuses.${value}`) })) },
    DocumentType: { type: 'enum', required: true, defaultValue: 'Invoice', options: AP_DOCUMENT_TYPES.map((value) => ({ value, labelKey: key(`types.${value}`) })) },
    VendorId: vendorLookup(),
    VendorName: { type: 'text', maxLength: 100, readOnly: true },
    TransactionDate: { type: 'date', required: true, requiredKey: key('rules.transactionDateRequired') },
    VendorDocNo: { type: 'text', required: true, maxLength: 30, uppercase: true, requiredKey: key('rules.docNoRequired') },
    DocDate: { type: 'date', required: true, requiredKey: key('rules.docDateRequired') },
    Amount: { ...MONEY, required: true, min: '0', minKey: 'entities:validation.negative', requiredKey: key('rules.amountRequired') },
    // §5 required: left blank, the server takes the vendor's default (ap-vendor-default; terms: the firm's
    // account terms too) and refuses the document when there is none (modules/ap/server/invoices.ts).
    TermsCode: { type: 'lookup', entity: 'account-terms', maxLength: 20, uppercase: true, helpKey: key('help.vendorDefault') },
    ShipToState: { type: 'text', maxLength: 2, minLength: 2, pattern: '[A-Z]{2}', uppercase: true, helpKey: key('help.vendorDefault') },
    BankAccountId: { type: 'lookup', entity: 'bank-account', maxLength: 20, uppercase: true, helpKey: key('help.vendorDefault') },
    // The document's currency (blank: the vendor's, else the home currency); its bank must be of it (§8).
    Currency: { ...CURRENCY, helpKey: key('help.vendorDefault') },
    // A foreign document posts its home-currency equivalent at the rate of its transaction date (server).
    ExchangeRate: { ...RATE, readOnly: true },
    HomeAmount: { ...MONEY, readOnly: true },
    // Issue 71 item 2: offered (and accepted) only while it can still be invoiced — posted, not fully invoiced, the
    // invoice's vendor's once one is chosen (before, any vendor's: the receipt brings its vendor).
    ReceiptId: {
      type: 'lookup',
      entity: 'po-receipt',
      valueType: 'integer',
      where: { Status: 'Posted', Invoiceable: true },
      whereFromIfSet: { VendorId: 'VendorId' },
      whereKeys: { Status: key('rules.receiptNotPosted'), Invoiceable: key('rules.receiptInvoiced'), VendorId: key('rules.receiptVendor') },
      invalidKey: key('rules.receiptMissing'),
    },
    Reference: { type: 'text', maxLength: 30 },
    Description: { type: 'text', maxLength: 100 },
    DueDate: { type: 'date', readOnly: true },
    DiscountDate: { type: 'date', readOnly: true },
    DiscountAvailable: { ...MONEY, readOnly: true },
    SubTotal: { ...MONEY, readOnly: true },
    TaxTotal: { ...MONEY, readOnly: true },
    Remaining: { ...MONEY, readOnly: true },
    Variance: { ...MONEY, readOnly: true },
    Balance: { ...MONEY, readOnly: true },
    AcceptedBy: { type: 'text', maxLength: 60, readOnly: true },
    // The posting's G/L batch: the ledger finds the posting by this document's number (issue 40 item 3).
    JournalId: { type: 'integer', readOnly: true, internal: true },
    Lines: {
      type: 'children',
      lines: true,
      labelKey: key('fields.Lines.label'),
      table: 'ap_invoice_lines',
      parentColumn: 'invoice_id',
      key: 'LineId',
      maxItems: 500,
      // Issue 71 item 2: a line's taxes (and amount, variance) follow its quantity, price or tax group as it is typed,
      // and every line's follow the vendor, province and date: the save's own pricing for that line
      // (modules/ap/server/routes.ts POST /api/ap/invoice-line-preview, invoices.ts invoiceLinePreview).
      linePreview: { path: 'ap/invoice-line-preview', on: ['Quantity', 'UnitPrice', 'TaxGroup'], header: ['VendorId', 'ShipToState', 'DocDate', 'TransactionDate'] },
      fields: {
        LineId: { type: 'integer', labelKey: lineLabel('LineId') },
        // Carried by the form (never shown) so a line the receipt filled before the save stays matched (issue 71 item 2).
        ReceiptLineId: { type: 'integer', internal: true, labelKey: lineLabel('ReceiptLineId') },
        ProductId: { type: 'text', maxLength: 30, readOnly: true, labelKey: lineLabel('ProductId') },
        Description: { type: 'text', maxLength: 100, labelKey: lineLabel('Description') },
        // Blank on a line without a receipt: the vendor's default account (ap-vendor-default).
        AccountId: glAccountLookup({ labelKey: lineLabel('AccountId') }),
        Quantity: { ...QUANTITY, required: true, labelKey: lineLabel('Quantity') },
        UnitPrice: { ...PRICE, required: true, labelKey: lineLabel('UnitPrice') },
        Amount: { ...MONEY, readOnly: true, labelKey: lineLabel('Amount') },
        PoPrice: { ...PRICE, readOnly: true, labelKey: lineLabel('PoPrice') },
        Variance: { ...MONEY, readOnly: true, labelKey: lineLabel('Variance') },
        TaxGroup: { type: 'lookup', entity: 'sales-tax-group', maxLength: 10, uppercase: true, labelKey: lineLabel('TaxGroup') },
        TaxCodes: { type: 'text', maxLength: 100, readOnly: true, labelKey: lineLabel('TaxCodes') },
        TaxAmount: { ...MONEY, readOnly: true, labelKey: lineLabel('TaxAmount') },
        JobId: { type: 'text', maxLength: 20, uppercase: true, labelKey: lineLabel('JobId') },
        JobAmount: { ...MONEY, min: '0', minKey: 'entities:validation.negative', labelKey: lineLabel('JobAmount') },
      },
    },
  },
  listColumns: [
    'DocumentNo',
    'DocumentType',
    'TransactionDate',
    'VendorId',
    'VendorDocNo',
    'Status',
    'DueDate',
    { field: 'Amount', total: 'sum' },
    { field: 'Balance', total: 'sum' },
    { field: 'VendorName', visible: false },
    { field: 'DocDate', visible: false },
    { field: 'TaxTotal', visible: false },
  ],
  defaultSort: [{ field: 'InvoiceId', descending: true }],
  filters: [
    { field: 'TransactionDate', op: 'range' },
    { field: 'VendorId', op: 'eq' },
    { field: 'Status', op: 'eq' },
    { field: 'DocumentType', op: 'eq' },
    { field: 'VendorDocNo', op: 'startsWith' },
  ],
  search: ['DocumentNo', 'VendorId', 'VendorDocNo', 'Reference'],
  // Issue 71 item 2: the receipt picked (or the one Enter vendor invoice opened the invoice with) brings its vendor
  // and its lines not yet invoiced, priced with their taxes, and their totals, before the save
  // (modules/ap/server/invoices.ts `receiptDefaults`, what the save takes for an invoice sent without lines).
  defaults: { ReceiptId: ['VendorId', 'Lines', 'SubTotal', 'TaxTotal'] },
  indexes: [['VendorId', 'VendorDocNo'], ['Status', 'DueDate']],
  roles: AP_ROLES,
  attachments: false,
  formLayout: {
    sections: [
      { rows: [['DocumentNo', 'DocumentType', 'Status'], ['VendorId', 'VendorName'], ['TransactionDate', 'DocDate', 'VendorDocNo'], ['Amount', 'Currency', 'TermsCode'], ['ShipToState', 'BankAccountId', 'ReceiptId'], ['ExchangeRate', 'HomeAmount'], ['Reference', 'Description']] },
      { titleKey: key('sections.terms'), rows: [['DueDate', 'DiscountDate', 'DiscountAvailable'], ['Balance', 'AcceptedBy', 'JournalId']] },
      { titleKey: key('sections.totals'), afterLines: true, rows: [['SubTotal', 'TaxTotal', 'Remaining', 'Variance']] },
    ],
  },
  computed: {
    'Lines.Amount': { op: 'mul', args: ['Quantity', 'UnitPrice'] },
    SubTotal: { op: 'sum', collection: 'Lines', field: 'Amount' },
  },
  // Issue 71 item 2: the taxes and what is left to distribute follow the lines on the form (a receipt's lines
  // brought before the save, a line's quantity or price typed — its linePreview —, a line removed, the amount typed)
  // as the save computes them (invoices.ts priceInvoice).
  derived: {
    TaxTotal: { op: 'sum', collection: 'Lines', field: 'TaxAmount' },
    Remaining: { op: 'sub', args: ['Amount', 'SubTotal', 'TaxTotal'] },
  },
  states: editedWhile('Draft', [
    // to: null — the effect decides: Posted, or Exception when a match is out of tolerance.
    { action: 'post', labelKey: key('actions.post'), from: ['Draft'], to: null, irreversible: true, confirmKey: key('confirm.post'), primary: true, hotkey: 'Alt+P' },
    { action: 'accept', labelKey: key('actions.accept'), from: ['Exception'], to: 'Posted', irreversible: true, confirmKey: key('confirm.accept'), primary: true },
    { action: 'reopen', labelKey: key('actions.reopen'), from: ['Exception'], to: 'Draft' },
    { action: 'hold', labelKey: key('actions.hold'), from: ['Posted'], to: 'OnHold' },
    { action: 'release', labelKey: key('actions.release'), from: ['OnHold'], to: 'Posted' },
  ]),
  rules: [apInvoiceRules],
});
