/**
 * Product return (`product-return`, screen OE-31 `/products-return`; issue 26 item 4; SCREENS.md WP7 "Return:
 * Open → Received → Credited"): goods a customer sends back from an invoiced sales order. Tables `so_returns`,
 * `so_return_lines`, `so_return_lots` (schema-sync).
 *
 * - Header: ReturnNo (sequence PRODUCT-RETURN, prefix RMA), ReturnDate, OrderKey (an Invoiced sales order; §8
 *   "Sales order does not exist." otherwise), Reason; OrderNo, BillToId, WarehouseId (where the stock comes
 *   back), the total, the credit note and the journal are the server's.
 * - Lines: ProductId (a line of the order; once per return), Quantity (> 0; with the order's earlier returns, at
 *   most what was shipped — server), UnitPrice and UnitCost (the order line's price and shipping cost), Amount.
 * - Lots of a line (§5 lot quantities add up to the line's quantity; a lot-tracked product's line needs them to be
 *   received — server).
 * - States: Open (editable, deletable) → Received (`receive`: the stock back in through Inventory's stock ledger at
 *   the cost it left at, Dr inventory / Cr COGS) → Credited (`credit`: an AR credit note through Receivables at the
 *   order's prices and the ship-to province's taxes, Dr sales / Dr taxes / Cr AR, applied to what is still open
 *   of the order's invoice). Server: modules/so/server/returns.ts.
 */
import { defineEntity } from '@erp/shared/entities/define';
import { lineLots } from '@erp/modules/ic/definitions/index';
import { editedWhile } from '@erp/shared/entities/posted-document';
import { INVOICED_ORDER, SO, SO_APP, SO_MONEY, SO_PRICE, SO_QUANTITY, SO_ROLES } from './common.ts';
import { productLineIssues } from '../documents/sales-order/definition.ts';

const NAME = 'product-return';
const key = (part: string) => `${SO}:${NAME}.${part}`;
const lineLabel = (field: string) => key(`fields.Lines.fields.${field}`);

export const PRODUCT_RETURN_SEQUENCE = 'PRODUCT-RETURN';
export const RETURN_STATUSES = ['Open', 'Received', 'Credited'] as const;

/** §5 / §8 rules on the whole return (browser and server): those of an order's lines. */
export const returnRules = productLineIssues;

export const productReturn = defineEntity({
  name: NAME,
  namespace: SO,
  table: 'so_returns',
  key: 'ReturnId',
  keyKind: 'auto',
  application: SO_APP,
  fields: {
    ReturnId: { type: 'integer' },
    ReturnNo: { type: 'text', maxLength: 20, readOnly: true },
    Status: { type: 'enum', readOnly: true, defaultValue: 'Open', options: RETURN_STATUSES.map((value) => ({ value, labelKey: key(`statuses.${value}`) })) },
    ReturnDate: { type: 'date', required: true },
    // §6: a return is its order's customer's (issue 68 item 2).
    OrderKey: { ...INVOICED_ORDER, customer: true },
    OrderNo: { type: 'text', maxLength: 20, readOnly: true },
    BillToId: { type: 'text', maxLength: 20, readOnly: true },
    WarehouseId: { type: 'text', maxLength: 10, readOnly: true },
    Reason: { type: 'text', maxLength: 200 },
    Total: { ...SO_MONEY, readOnly: true },
    // The posting's G/L batch: the ledger finds the posting by this document's number (issue 40 item 3).
    JournalId: { type: 'integer', readOnly: true, internal: true },
    // Shown by the credit note's number, never its key (issue 40 item 3).
    CreditNoteId: { type: 'lookup', entity: 'ar-invoice', valueType: 'integer', readOnly: true },
    CreditNoteNo: { type: 'text', maxLength: 30, readOnly: true },
    Lines: {
      type: 'children',
      lines: true,
      labelKey: key('fields.Lines.label'),
      table: 'so_return_lines',
      parentColumn: 'return_id',
      key: 'LineId',
      maxItems: 500,
      fields: {
        LineId: { type: 'integer', labelKey: lineLabel('LineId') },
        ProductId: { type: 'lookup', entity: 'product', uppercase: true, required: true, maxLength: 30, invalidKey: key('rules.notOnOrder'), labelKey: lineLabel('ProductId') },
        Quantity: { ...SO_QUANTITY, required: true, labelKey: lineLabel('Quantity') },
        UnitPrice: { ...SO_PRICE, readOnly: true, labelKey: lineLabel('UnitPrice') },
        UnitCost: { ...SO_PRICE, readOnly: true, labelKey: lineLabel('UnitCost') },
        Amount: { ...SO_MONEY, readOnly: true, labelKey: lineLabel('Amount') },
      },
      lineChildren: {
        Lots: lineLots({ table: 'so_return_lots', key, quantity: SO_QUANTITY, lineField: 'Quantity', sumKey: `${SO}:sales-order.rules.lotsSum` }),
      },
    },
  },
  listColumns: ['ReturnNo', 'ReturnDate', 'Status', 'OrderNo', 'BillToId', { field: 'Total', total: 'sum' }, { field: 'CreditNoteNo', visible: false }],
  defaultSort: [{ field: 'ReturnId', descending: true }],
  filters: [
    { field: 'ReturnDate', op: 'range' },
    { field: 'Status', op: 'eq' },
    { field: 'BillToId', op: 'eq' },
    { field: 'ReturnNo', op: 'startsWith' },
  ],
  search: ['ReturnNo', 'OrderNo', 'Reason'],
  roles: SO_ROLES,
  // Issue 71 item 2: the total the save computes (server/returns.ts) follows the lines kept as they are removed.
  derived: { Total: { op: 'sum', collection: 'Lines', field: 'Amount' } },
  formLayout: {
    sections: [
      { rows: [['ReturnNo', 'Status', 'ReturnDate'], ['OrderKey', 'OrderNo', 'BillToId', 'WarehouseId'], ['Reason']] },
      { titleKey: `${SO}:sales-order.sections.totals`, afterLines: true, rows: [['Total', 'JournalId', 'CreditNoteNo', 'CreditNoteId']] },
    ],
  },
  numbering: { sequence: PRODUCT_RETURN_SEQUENCE, field: 'ReturnNo', prefix: 'RMA' },
  states: editedWhile('Open', [
    { action: 'receive', labelKey: key('actions.receive'), from: ['Open'], to: 'Received', irreversible: true, confirmKey: key('confirm.receive'), primary: true, hotkey: 'Alt+V' },
    { action: 'credit', labelKey: key('actions.credit'), from: ['Received'], to: 'Credited', irreversible: true, confirmKey: key('confirm.credit'), hotkey: 'Alt+C' },
  ]),
  rules: [returnRules],
});
