/**
 * AR invoices and credit notes (`ar-invoice`, SCREENS.md AR-05, route /novus-ar/ar-sales-order-entry:
 * direct invoicing outside order entry). A document: header, lines with their G/L distribution (revenue
 * account) and the sales taxes of the ship-to's province computed per line (modules/ar/definitions/tax.ts).
 * Tables `ar_invoices`, `ar_invoice_lines` (schema-sync).
 *
 * - §5/§8: the bill-to must be an active bill-to firm ("Bill To is invalid."); the ship-to must be active and
 *   be the bill-to itself or one of its ship-tos ("Ship To is invalid.") — ./server/rules.ts.
 * - Due date, discount date and discount available come from the account terms (default: the bill-to's).
 * - Taxes: each line's TaxAmount (and TaxCodes, e.g. "HST 13%") computed by the server from the rates in
 *   force on the invoice date in the ship-to's province; a line's TaxGroup limits them to the group's
 *   authorities (EXEMPT: none). SubTotal (computed in the form as the user types), TaxTotal and Total (set
 *   by the server with the taxes) are sums of the rounded lines.
 * - States: Draft → Posted (immutable). `post`: the posting service with source AR and the A/R period flag:
 *   Dr receivables control (GL integration AR RECEIVABLE), Cr each line's revenue account, Cr each tax's
 *   payable account (a credit note: the reverse), and one AR item (subledger.ts). `credit` (Posted →
 *   Credited): the reversal — a posted credit note with the same lines, applied to the invoice's balance.
 * - Numbers: invoices AR…, credit notes CN… from the sequence counters AR-INVOICE / AR-CREDIT.
 */
import { MONEY, QUANTITY } from '@erp/shared/entities/common';
import { defineEntity, type AnyEntity, type EntityRecord } from '@erp/shared/entities/define';
import { postedDocument } from '@erp/shared/entities/posted-document';
import { glAccountLookup } from '@erp/modules/gl/definitions/index';
import { AR, AR_DOCUMENT_ROLES } from '../../definitions/setup/common.ts';

const NAME = 'ar-invoice';
export const AR_INVOICE_SEQUENCE = 'AR-INVOICE';
export const AR_CREDIT_SEQUENCE = 'AR-CREDIT';

const firmLookup = (key: string) =>
  ({ type: 'lookup', entity: 'firm', maxLength: 20, uppercase: true, invalidKey: key, inactiveKey: key }) as const;

/** Draft → Posted → Credited (numbered by the server from the document type's sequence): the posted-document preset. */
// Issue 21 item 8: an invoice its receipts and credits pay in full is Paid (set by the subledger, ../server/subledger.ts).
const POSTED = postedDocument({ namespace: 'ar', name: NAME, settled: ['Paid'], later: [{ state: 'Credited', action: 'credit' }] });

export const arInvoice = defineEntity({
  name: NAME,
  namespace: AR,
  table: 'ar_invoices',
  key: 'InvoiceId',
  // Issue 42 item 1: found by the command palette's global search; a portal customer's hit opens the invoice itself
  // (issue 69 item 2: the portal's invoice page, by InvoiceId).
  globalSearch: { name: ['Description'], words: ['BillToId', 'Reference'], portal: { account: 'BillToId', screen: '/portal/invoice', states: ['Posted', 'Paid', 'Credited'] } },
  keyKind: 'auto',
  numberField: 'DocumentNo',
  // Issue 40 item 4: the documents made from this one, and the screen that opens it (the Related panel).
  // The sales order an invoice came from is Sales Orders' to add (its definitions/extensions.ts, issue 73 item 4).
  related: [{ entity: 'cash-receipt', field: 'Lines.InvoiceNo', by: 'number' }],
  screen: '/novus-ar/ar-sales-order-entry',
  application: 'NOVUS-AR',
  fields: {
    InvoiceId: { type: 'integer', readOnly: true },
    ...POSTED.fields,
    DocumentType: {
      type: 'enum',
      required: true,
      defaultValue: 'Invoice',
      options: [
        { value: 'Invoice', labelKey: `ar:${NAME}.types.Invoice` },
        { value: 'CreditNote', labelKey: `ar:${NAME}.types.CreditNote` },
      ],
    },
    InvoiceDate: { type: 'date', required: true },
    // §6: the invoice is its bill-to's (issue 68 item 2); the ship-to is one of the bill-to's sites.
    BillToId: { ...firmLookup('ar:rules.billToInvalid'), required: true, requiredKey: 'ar:rules.billToInvalid', customer: true },
    ShipToId: { ...firmLookup('ar:rules.shipToInvalid'), customer: false },
    TermsCode: { type: 'lookup', entity: 'account-terms', maxLength: 20, uppercase: true },
    SalesRep: { type: 'lookup', entity: 'sales-rep', maxLength: 20, uppercase: true },
    // CAD only in this release: a foreign-currency invoice needs the GL amounts converted at the day's rate.
    Currency: { type: 'enum', defaultValue: 'CAD', options: [{ value: 'CAD', labelKey: `ar:${NAME}.currencies.CAD` }] },
    Reference: { type: 'text', maxLength: 30 },
    Description: { type: 'text', maxLength: 100 },
    ProvinceCode: { type: 'text', maxLength: 2, readOnly: true },
    DueDate: { type: 'date', readOnly: true },
    DiscountDate: { type: 'date', readOnly: true },
    DiscountAvailable: { ...MONEY, readOnly: true },
    CreditOf: { type: 'text', maxLength: 30, readOnly: true },
    CreditedBy: { type: 'text', maxLength: 30, readOnly: true },
    SubTotal: { ...MONEY, readOnly: true },
    TaxTotal: { ...MONEY, readOnly: true },
    Total: { ...MONEY, readOnly: true },
    Lines: {
      type: 'children',
      lines: true,
      table: 'ar_invoice_lines',
      parentColumn: 'invoice_id',
      key: 'LineId',
      maxItems: 500,
      fields: {
        LineId: { type: 'integer' },
        Description: { type: 'text', required: true, maxLength: 100 },
        AccountId: glAccountLookup({ required: true }),
        Quantity: { ...QUANTITY, required: true, min: '0', minKey: 'entities:validation.negative' },
        UnitPrice: { type: 'decimal', precision: 15, scale: 4, required: true, min: '0', minKey: 'entities:validation.negative' },
        TaxGroup: { type: 'lookup', entity: 'sales-tax-group', maxLength: 10, uppercase: true },
        Amount: { ...MONEY, readOnly: true },
        TaxCodes: { type: 'text', maxLength: 100, readOnly: true },
        TaxAmount: { ...MONEY, readOnly: true },
      },
    },
  },
  listColumns: [
    'DocumentNo',
    'DocumentType',
    'InvoiceDate',
    'BillToId',
    { field: 'ShipToId', visible: false },
    'Status',
    'DueDate',
    { field: 'SubTotal', total: 'sum', visible: false },
    { field: 'TaxTotal', total: 'sum', visible: false },
    { field: 'Total', total: 'sum' },
    { field: 'Reference', visible: false },
    { field: 'SalesRep', visible: false },
  ],
  defaultSort: [{ field: 'InvoiceId', descending: true }],
  filters: [
    { field: 'InvoiceDate', op: 'range' },
    { field: 'BillToId', op: 'eq' },
    { field: 'Status', op: 'eq' },
    { field: 'DocumentType', op: 'eq' },
    { field: 'DocumentNo', op: 'startsWith' },
  ],
  search: ['DocumentNo', 'BillToId', 'Reference', 'Description'],
  indexes: [['BillToId', 'InvoiceDate']],
  roles: AR_DOCUMENT_ROLES,
  attachments: false,
  formLayout: {
    sections: [
      { rows: [['DocumentNo', 'DocumentType', 'Status'], ['InvoiceDate', 'Currency'], ['BillToId', 'ShipToId', 'ProvinceCode'], ['TermsCode', 'SalesRep'], ['Reference', 'Description']] },
      { titleKey: `ar:${NAME}.sections.terms`, rows: [['DueDate', 'DiscountDate', 'DiscountAvailable'], ['CreditOf', 'CreditedBy', 'JournalId']] },
      { titleKey: `ar:${NAME}.sections.totals`, afterLines: true, rows: [['SubTotal', 'TaxTotal', 'Total']] },
    ],
  },
  computed: {
    'Lines.Amount': { op: 'mul', args: ['Quantity', 'UnitPrice'] },
    SubTotal: { op: 'sum', collection: 'Lines', field: 'Amount' },
  },
  states: POSTED.states,
  // Printed once posted: the document number is the AR number (reports/invoice-print.ts).
  print: { report: 'ar-invoice-print', parameter: 'InvoiceNo', field: 'DocumentNo', states: ['Posted', 'Paid', 'Credited'] },
  // Issue 40 item 4: E-mail sends that PDF to the bill-to's contact with the OE-17 INVOICE template.
  email: { template: 'INVOICE', to: 'BillToId', values: { InvoiceNo: 'DocumentNo', DocumentDate: 'InvoiceDate', DueDate: 'DueDate', Amount: 'Total' } },
});

/** An A/R invoice or credit note in wire form, typed from its definition (its hooks, the sales order's invoicing). */
export type ArInvoiceRecord = EntityRecord<typeof arInvoice>;

/** What the module's definitions list of this document (../../definitions/index.ts). */
export const AR_INVOICE_ENTITIES: readonly AnyEntity[] = [arInvoice] as unknown as readonly AnyEntity[];
