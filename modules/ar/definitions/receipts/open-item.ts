/**
 * The customers' open A/R items (`ar-open-item`, issue 21 item 8): what an application line's invoice
 * reference looks up — the sub-ledger's rows (`ar_items`, modules/ar/server/subledger.ts), read only. Nobody
 * writes them through the API (`roles.write` is empty): the sub-ledger writes them when documents post.
 * Keyed by the document number, the value a line's InvoiceNo holds; the suggestion's label is the due date and the balance.
 */
import { MONEY } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';
import { CURRENCY } from '@erp/modules/gl/definitions/index';
import { AR_NS } from './lines.ts';

const NAME = 'ar-open-item';

export const arOpenItem = defineEntity({
  name: NAME,
  namespace: AR_NS,
  labelKey: `${AR_NS}:${NAME}.title`,
  table: 'ar_items',
  key: 'DocumentNo',
  keyKind: 'natural',
  application: 'NOVUS-AR',
  fields: {
    DocumentNo: { type: 'text', required: true, maxLength: 30, readOnly: true },
    // §6: the item is this customer's (issue 68 item 2).
    FirmId: { type: 'lookup', entity: 'firm', required: true, maxLength: 20, readOnly: true, customer: true },
    ItemType: { type: 'text', required: true, maxLength: 20, readOnly: true },
    DocumentDate: { type: 'date', required: true, readOnly: true },
    DueDate: { type: 'date', required: true, readOnly: true },
    Currency: { ...CURRENCY, readOnly: true },
    OpenBalance: { ...MONEY, readOnly: true },
    DiscountAvailable: { ...MONEY, readOnly: true },
    DiscountDate: { type: 'date', readOnly: true },
    Status: { type: 'text', required: true, maxLength: 10, readOnly: true },
  },
  displayField: 'DueDate',
  lookupDetails: ['OpenBalance'],
  listColumns: ['DocumentNo', 'FirmId', 'DocumentDate', 'DueDate', 'Currency', { field: 'OpenBalance', total: 'sum' }, 'DiscountAvailable', 'Status'],
  // Oldest first (issue 21 item 8), as the suggestions list them.
  defaultSort: [{ field: 'DocumentDate' }, { field: 'DocumentNo' }],
  filters: [
    { field: 'FirmId', op: 'eq' },
    { field: 'DocumentDate', op: 'range' },
  ],
  search: ['DocumentNo'],
  roles: { read: ['ADMIN'], write: [] },
  attachments: false,
  formLayout: { sections: [{ rows: [['DocumentNo', 'FirmId'], ['DocumentDate', 'DueDate'], ['Currency', 'OpenBalance'], ['DiscountAvailable', 'DiscountDate'], ['ItemType', 'Status']] }] },
});
