/**
 * Company credit cards and their statements' charges (issue 24 item 4; SCREENS.md AP-12, AP-13; DOMAIN-NOTES
 * §7.4 "never store full card numbers").
 *
 * - `ap-credit-card` (AP-12, routes `/novus-ap/credit-cards` and `/novus-pt/credit-cards`): a card — its id, a
 *   description, the brand, the last 4 digits only, the holder, the issuer (a vendor firm: the card's payable
 *   is owed to it), active. Table `ap_credit_cards`.
 * - `ap-card-invoice` (AP-13, route `/novus-ap/credit-card-invoices`): a charge on a card — date, merchant,
 *   reference, the amount charged (taxes included), the province of the taxes, lines of G/L account and amount
 *   (each with its tax group). Posting (Draft → Posted, modules/ap/server/credit-cards.ts) writes the issuer's
 *   A/P document (`ap-invoice`, vendor document number CC<last 4>-<number>): Dr each expense, Dr input tax
 *   credits, Cr the issuer's A/P — paid later like any vendor's (AP-14 credit card payments: a disbursement to
 *   the issuer, Dr card A/P / Cr bank). Tables `ap_card_invoices`, `ap_card_invoice_lines`.
 */
import { MONEY } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';
import { editedWhile } from '@erp/shared/entities/posted-document';
import { glAccountLookup } from '@erp/modules/gl/definitions/index';
import { AP, AP_ROLES, vendorLookup } from './common.ts';

const card = (part: string) => `${AP}:ap-credit-card.${part}`;
const charge = (part: string) => `${AP}:ap-card-invoice.${part}`;

export const apCreditCard = defineEntity({
  name: 'ap-credit-card',
  namespace: AP,
  table: 'ap_credit_cards',
  key: 'CardId',
  application: 'NOVUS-AP',
  // Also on the menus of modules above it: they add their applications (their definitions/extensions.ts).
  fields: {
    CardId: { type: 'text', required: true, maxLength: 20, uppercase: true, pattern: '[A-Z0-9_-]+' },
    Description: { type: 'text', required: true, maxLength: 60 },
    CardType: { type: 'enum', required: true, options: ['VISA', 'MC', 'AMEX'].map((value) => ({ value, labelKey: card(`types.${value}`) })) },
    // Only the last four digits: a full card number is never stored (PCI DSS).
    Last4: { type: 'text', required: true, minLength: 4, maxLength: 4, pattern: '[0-9]{4}', patternKey: card('rules.last4') },
    HolderName: { type: 'text', maxLength: 100 },
    IssuerVendorId: vendorLookup(),
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['CardId', 'Description', 'CardType', 'Last4', 'HolderName', 'IssuerVendorId', 'IsActive'],
  defaultSort: [{ field: 'CardId' }],
  filters: [{ field: 'IssuerVendorId', op: 'eq' }],
  search: ['CardId', 'Description', 'HolderName'],
  activeField: 'IsActive',
  displayField: 'Description',
  roles: AP_ROLES,
  attachments: false,
  formLayout: { sections: [{ rows: [['CardId', 'Description'], ['CardType', 'Last4', 'HolderName'], ['IssuerVendorId', 'IsActive']] }] },
});

export const apCardInvoice = defineEntity({
  name: 'ap-card-invoice',
  namespace: AP,
  table: 'ap_card_invoices',
  key: 'CardInvoiceId',
  keyKind: 'auto',
  numberField: 'DocumentNo',
  application: 'NOVUS-AP',
  fields: {
    CardInvoiceId: { type: 'integer', readOnly: true },
    DocumentNo: { type: 'text', maxLength: 30, readOnly: true },
    Status: { type: 'enum', readOnly: true, defaultValue: 'Draft', options: ['Draft', 'Posted'].map((value) => ({ value, labelKey: charge(`statuses.${value}`) })) },
    CardId: { type: 'lookup', entity: 'ap-credit-card', required: true, maxLength: 20, uppercase: true, activeOnly: true },
    TransactionDate: { type: 'date', required: true },
    Merchant: { type: 'text', required: true, maxLength: 60 },
    Reference: { type: 'text', maxLength: 30 },
    Amount: { ...MONEY, required: true, min: '0', minKey: 'entities:validation.negative' },
    ShipToState: { type: 'text', required: true, maxLength: 2, minLength: 2, pattern: '[A-Z]{2}', uppercase: true },
    // Shown by the voucher's number (AP000039), never its key (issue 40 item 3).
    ApInvoiceId: { type: 'lookup', entity: 'ap-invoice', valueType: 'integer', readOnly: true },
    Lines: {
      type: 'children',
      lines: true,
      labelKey: charge('fields.Lines.label'),
      table: 'ap_card_invoice_lines',
      parentColumn: 'card_invoice_id',
      key: 'LineId',
      maxItems: 100,
      fields: {
        LineId: { type: 'integer', labelKey: `${AP}:ap-invoice.fields.Lines.fields.LineId` },
        AccountId: glAccountLookup({ required: true, labelKey: `${AP}:ap-invoice.fields.Lines.fields.AccountId` }),
        Description: { type: 'text', maxLength: 100, labelKey: `${AP}:ap-invoice.fields.Lines.fields.Description` },
        Amount: { ...MONEY, required: true, min: '0', minKey: 'entities:validation.negative', labelKey: `${AP}:ap-invoice.fields.Lines.fields.Amount` },
        TaxGroup: { type: 'lookup', entity: 'sales-tax-group', maxLength: 10, uppercase: true, labelKey: `${AP}:ap-invoice.fields.Lines.fields.TaxGroup` },
      },
    },
  },
  listColumns: ['DocumentNo', 'Status', 'CardId', 'TransactionDate', 'Merchant', { field: 'Amount', total: 'sum' }, { field: 'Reference', visible: false }],
  defaultSort: [{ field: 'CardInvoiceId', descending: true }],
  filters: [
    { field: 'CardId', op: 'eq' },
    { field: 'Status', op: 'eq' },
    { field: 'TransactionDate', op: 'range' },
  ],
  search: ['DocumentNo', 'Merchant', 'Reference'],
  roles: AP_ROLES,
  attachments: false,
  formLayout: { sections: [{ rows: [['DocumentNo', 'Status'], ['CardId', 'TransactionDate'], ['Merchant', 'Reference'], ['Amount', 'ShipToState', 'ApInvoiceId']] }] },
  states: editedWhile('Draft', [{ action: 'post', labelKey: charge('actions.post'), from: ['Draft'], to: 'Posted', irreversible: true, confirmKey: charge('confirm.post'), primary: true, hotkey: 'Alt+P' }]),
});
