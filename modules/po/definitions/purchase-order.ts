/**
 * Purchase order (`purchase-order`, screen PO-01, routes `/purchase-order-entry` under Purchase Order and
 * Accounts Payable; spec §3 Purchase order, §4 Purchase order, §5 Purchasing). Tables `purchase_orders`,
 * `purchase_order_lines` (schema-sync).
 *
 * - Header: PoNo (sequence PURCHASE-ORDER, prefix PO), OrderDate (required, §5 "order date and number
 *   required"), Status, VendorId (§5: the firm exists, is active and has its payable account — the vendor
 *   account of the firm, FirmTypes ∋ vendor; the lookup offers only such firms and the save refuses the others
 *   with their own texts), BillToId (the branch invoiced), ShipToId (the warehouse receiving), ShipDate, Eta,
 *   Container, TermsCode, ShipVia, SalesOrderNo (the open sales order it buys for: "Add from sales order", Alt+O,
 *   proposes that order's lines not yet on a purchase order), Notes.
 * - Lines: ProductId (exists, active, tracks stock — server), QuantityOrdered (> 0), UnitPrice, Amount
 *   (computed), the expanded line window's details (vendor item number, description for the vendor, required
 *   date, notes — printed on the vendor's copy), QuantityReceived and QuantityInvoiced (kept by receipts and, later, A/P matching: read-only on
 *   the wire — the server keeps its stored figures whatever the client sends). One line per product (§8
 *   "Product already added."): a receipt line names its PO line by product.
 * - Totals (exact, shared/src/entities/compute.ts): SubTotal = Σ Amount; DiscountAmount = SubTotal ×
 *   DiscountPercent ÷ 100; Total = SubTotal − DiscountAmount + Surcharge + Shipping.
 * - States (§4): Open → PartiallyReceived → Received (set by posting receipts, never by the client), Closed
 *   (the buyer closes a partly or fully received order: no more receipts), or Cancelled (from Open, nothing
 *   received). Editable while Open or PartiallyReceived; deletable only while Open (never when Cancelled, §4).
 *   `Receivable` (read-only) is true while a receipt may be made against the order (the receipt's lookup).
 * Server rules and effects: modules/po/server/orders.ts.
 */
import { defineEntity, type RuleIssue } from '@erp/shared/entities/define';
import { firmOfType } from '@erp/modules/shell/definitions/index';
import { isNegativeText, isZeroText, PO, PO_MONEY, PO_PRICE, PO_QUANTITY, PO_ROLES, PO_STATUSES, PURCHASE_ORDER_SEQUENCE } from './common.ts';

const NAME = 'purchase-order';
const key = (part: string) => `${PO}:${NAME}.${part}`;
const lineLabel = (field: string) => key(`fields.Lines.fields.${field}`);

const READ_ONLY_QUANTITY = { ...PO_QUANTITY, readOnly: true } as const;

/** §5 / §8 rules on the whole order, the same in the form and on the server. */
export function purchaseOrderRules(record: Readonly<Record<string, unknown>>): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const lines = Array.isArray(record['Lines']) ? (record['Lines'] as Record<string, unknown>[]) : [];
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    const product = typeof line['ProductId'] === 'string' ? line['ProductId'].toUpperCase() : '';
    if (product && seen.has(product)) issues.push({ field: `Lines[${index}].ProductId`, key: key('rules.productAdded') });
    if (product) seen.add(product);
    const quantity = line['QuantityOrdered'];
    if (isZeroText(quantity) || isNegativeText(quantity)) issues.push({ field: `Lines[${index}].QuantityOrdered`, key: key('rules.quantityPositive') });
  });
  const ship = record['ShipDate'];
  const order = record['OrderDate'];
  if (typeof ship === 'string' && typeof order === 'string' && ship !== '' && order !== '' && ship < order) {
    issues.push({ field: 'ShipDate', key: key('rules.shipBeforeOrder') });
  }
  return issues;
}

export const purchaseOrder = defineEntity({
  name: NAME,
  namespace: PO,
  table: 'purchase_orders',
  key: 'PoId',
  // Issue 42 item 1: found by the command palette's global search.
  globalSearch: { name: ['VendorName'] },
  keyKind: 'auto',
  // Issue 40 item 4: the documents made from this one, and the screen that opens it (the Related panel).
  related: [{ entity: 'po-receipt', field: 'PoId' }],
  screen: '/novus-po/purchase-order-entry',
  makes: [{ id: 'receive', entity: 'po-receipt', labelKey: key('makes.receive'), states: ['Open', 'PartiallyReceived'], values: { PoId: 'PoId', ReceiptDate: '$today' }, create: true, hotkey: 'Alt+G' }],
  application: 'NOVUS-PO',
  // Also on the menus of modules above it: they add their applications (their definitions/extensions.ts).
  fields: {
    PoId: { type: 'integer' },
    PoNo: { type: 'text', maxLength: 20, readOnly: true },
    OrderDate: { type: 'date', required: true },
    Status: { type: 'enum', readOnly: true, defaultValue: 'Open', options: PO_STATUSES.map((value) => ({ value, labelKey: key(`statuses.${value}`) })) },
    Receivable: { type: 'boolean', readOnly: true, defaultValue: true },
    // §5: the vendor's payable account is its vendor account (FirmTypes ∋ vendor).
    VendorId: firmOfType('vendor', { notOfType: key('rules.vendorNoPayable'), missing: key('rules.vendorMissing'), inactive: key('rules.vendorInactive') }),
    // The vendor's name beside its code in the list and the form (the server's, from the firm).
    VendorName: { type: 'text', maxLength: 100, readOnly: true },
    BillToId: { type: 'lookup', entity: 'branch', uppercase: true, maxLength: 10, activeOnly: true },
    ShipToId: { type: 'lookup', entity: 'warehouse', uppercase: true, required: true, maxLength: 10, activeOnly: true, invalidKey: key('rules.warehouseMissing'), inactiveKey: key('rules.warehouseMissing') },
    ShipDate: { type: 'date' },
    Eta: { type: 'date' },
    Container: { type: 'text', maxLength: 30, uppercase: true },
    TermsCode: { type: 'lookup', entity: 'account-terms', uppercase: true, maxLength: 20 },
    ShipVia: { type: 'text', maxLength: 40 },
    // The customer's order this purchase buys for (issue 23 "add from sales order"): one still open (§2.3).
    SalesOrderNo: {
      type: 'lookup',
      entity: 'sales-order',
      targetField: 'OrderNo',
      maxLength: 20,
      uppercase: true,
      where: { Status: ['Entered', 'Committed'] },
      invalidKey: 'po:purchase-order.rules.salesOrderMissing',
      whereKeys: { Status: key('rules.salesOrderClosed') },
      // §6: the purchase is the vendor's document, not the customer's (issue 68 item 2); the order itself stays theirs.
      customer: false,
    },
    Notes: { type: 'text', maxLength: 1000, format: 'multiline' },
    SubTotal: { ...PO_MONEY, readOnly: true },
    DiscountPercent: { type: 'decimal', precision: 5, scale: 2, min: '0', max: '100', defaultValue: '0.00' },
    DiscountAmount: { ...PO_MONEY, readOnly: true },
    Surcharge: { ...PO_MONEY, min: '0', defaultValue: '0.00' },
    Shipping: { ...PO_MONEY, min: '0', defaultValue: '0.00' },
    Total: { ...PO_MONEY, readOnly: true },
    Lines: {
      type: 'children',
      lines: true,
      labelKey: key('fields.Lines.label'),
      linesInvalidKey: key('rules.linesInvalid'),
      table: 'purchase_order_lines',
      parentColumn: 'po_id',
      key: 'LineId',
      maxItems: 1000,
      fields: {
        LineId: { type: 'integer', labelKey: lineLabel('LineId') },
        ProductId: { type: 'lookup', entity: 'product', uppercase: true, required: true, maxLength: 30, activeOnly: true, invalidKey: key('rules.productInvalid'), inactiveKey: key('rules.productInvalid'), labelKey: lineLabel('ProductId') },
        QuantityOrdered: { ...PO_QUANTITY, required: true, labelKey: lineLabel('QuantityOrdered') },
        UnitPrice: { ...PO_PRICE, required: true, labelKey: lineLabel('UnitPrice') },
        Amount: { ...PO_MONEY, readOnly: true, labelKey: lineLabel('Amount') },
        QuantityReceived: { ...READ_ONLY_QUANTITY, labelKey: lineLabel('QuantityReceived') },
        QuantityInvoiced: { ...READ_ONLY_QUANTITY, labelKey: lineLabel('QuantityInvoiced') },
        // The expanded line window's details (§2): what the vendor's copy prints for the line.
        VendorItemNo: { type: 'text', maxLength: 30, uppercase: true, labelKey: lineLabel('VendorItemNo') },
        Description: { type: 'text', maxLength: 100, labelKey: lineLabel('Description') },
        RequiredDate: { type: 'date', labelKey: lineLabel('RequiredDate') },
        LineNotes: { type: 'text', maxLength: 500, format: 'multiline', labelKey: lineLabel('LineNotes') },
      },
      expanded: { only: ['VendorItemNo', 'Description', 'RequiredDate', 'LineNotes'] },
      // The sales order's products not yet on a purchase order for it (modules/so/server/purchase-lines.ts).
      sources: [
        { id: 'sales-order', labelKey: key('sources.salesOrder'), hotkey: 'Alt+O', field: 'SalesOrderNo', path: 'so/purchase-order-lines', quantity: 'QuantityOrdered', unique: 'ProductId' },
      ],
    },
  },
  listColumns: [
    'PoNo',
    'OrderDate',
    'Status',
    'VendorId',
    { field: 'VendorName', width: 240 },
    'ShipToId',
    'Eta',
    { field: 'Total', total: 'sum', width: 150 },
    { field: 'Container', visible: false },
    { field: 'ShipDate', visible: false },
    { field: 'TermsCode', visible: false },
  ],
  defaultSort: [{ field: 'PoId', descending: true }],
  filters: [
    { field: 'OrderDate', op: 'range' },
    { field: 'Status', op: 'in' },
    { field: 'VendorId', op: 'eq' },
    { field: 'ShipToId', op: 'eq' },
    { field: 'PoNo', op: 'startsWith' },
    { field: 'Receivable', op: 'eq' },
  ],
  search: ['PoNo', 'VendorName', 'Container', 'Notes'],
  indexes: [['VendorId', 'OrderDate'], ['Status', 'PoId']],
  roles: PO_ROLES,
  attachments: true,
  displayField: 'PoNo',
  lookupDetails: ['VendorId', 'Status'],
  // Issue 40 item 5: picking the vendor fills what follows from it (modules/po/server/orders.ts `defaults`).
  // A line's price follows from its product: the vendor's last price, else the last receipt cost.
  defaults: { VendorId: ['VendorName', 'TermsCode', 'BillToId', 'ShipToId'], 'Lines.ProductId': ['UnitPrice'] },
  formLayout: {
    sections: [
      { rows: [['PoNo', 'Status', 'OrderDate'], ['VendorId', 'VendorName', 'TermsCode'], ['BillToId', 'ShipToId'], ['ShipDate', 'Eta', 'Container'], ['ShipVia', 'SalesOrderNo'], ['Notes']] },
      { titleKey: key('sections.totals'), afterLines: true, rows: [['SubTotal', 'DiscountPercent', 'DiscountAmount'], ['Surcharge', 'Shipping', 'Total']] },
    ],
  },
  numbering: { sequence: PURCHASE_ORDER_SEQUENCE, field: 'PoNo', prefix: 'PO' },
  // The vendor's copy (issue 23 item 1): modules/po/definitions/reports.ts `po-purchase-order-print`.
  print: { report: 'po-purchase-order-print', parameter: 'PoNo' },
  // Issue 40 item 4: E-mail sends the vendor's copy with the OE-17 PURCHASE-ORDER template.
  email: { template: 'PURCHASE-ORDER', to: 'VendorId', values: { OrderNo: 'PoNo', DocumentDate: 'OrderDate', Amount: 'Total' } },
  computed: {
    'Lines.Amount': { op: 'mul', args: ['QuantityOrdered', 'UnitPrice'] },
    SubTotal: { op: 'sum', collection: 'Lines', field: 'Amount' },
    DiscountAmount: { op: 'mul', args: [{ op: 'mul', args: ['SubTotal', 'DiscountPercent'] }, { value: '0.01' }] },
    Total: { op: 'add', args: [{ op: 'sub', args: ['SubTotal', 'DiscountAmount'] }, 'Surcharge', 'Shipping'] },
  },
  states: {
    field: 'Status',
    initial: 'Open',
    editable: ['Open', 'PartiallyReceived'],
    deletable: ['Open'],
    transitions: [
      { action: 'close', labelKey: key('actions.close'), from: ['PartiallyReceived', 'Received'], to: 'Closed', irreversible: true, confirmKey: key('confirm.close'), hotkey: 'Alt+L' },
      { action: 'cancel', labelKey: key('actions.cancel'), from: ['Open'], to: 'Cancelled', irreversible: true, voids: true, confirmKey: key('confirm.cancel') },
    ],
  },
  rules: [purchaseOrderRules],
});
