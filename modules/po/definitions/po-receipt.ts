/**
 * Purchase order receipt (`po-receipt`, screen PO-02, routes `/purchase-order-receipt-entry` under Purchase
 * Order and Accounts Payable; spec §3 Receipt, §4 Purchase receipt, §5 Coil and receipt, §8). Tables
 * `po_receipts`, `po_receipt_lines`, `po_receipt_lots` (schema-sync).
 *
 * - Header: ReceiptNo (sequence RECEIPT, prefix PRC), PoId (an order that may still be received: Open or
 *   Partially received — the lookup offers only those, the save refuses others), ReceiptDate (required, §5),
 *   PackingSlip, Waybill, Carrier, Skids, Boxes, Inspected, Freight (landed cost of the receipt, allocated to
 *   the lines by weight at posting — DOMAIN-NOTES §6.2), Notes; PoNo, VendorId and WarehouseId are the
 *   order's (read-only, set by the server). Invoiceable (read-only): some line is received and not yet invoiced
 *   by a posted vendor invoice (kept by modules/ap/server/invoices.ts postInvoice; the invoice's receipt lookup).
 * - Lines: ProductId (must be a line of the order — the server names the order line by product),
 *   QuantityReceived (> 0; with what earlier posted receipts took, at most the ordered quantity plus the
 *   over-receipt tolerance — configuration PO_OVER_RECEIPT_PERCENT, server), UnitCost (the order line's
 *   price), ExtendedCost and the receipt's TotalCost (read-only, the server's). A new receipt saved without lines
 *   is filled with every line still to receive.
 * - Lots of a line (§5 "Lot totals must match the quantity received": the sumEquals rule; a lot-tracked
 *   product's line needs lots — server): LotNo, Quantity, HeatNo (a heat number that exists, §8 "Heat number
 *   {0} cannot be found."), and the coil data of §3 for a coil or sheet product (a product with a material
 *   type): ManufacturerCoilNo and HeatNo required, Gauge ≥ 0, Width, Length, InsideDiameter and
 *   OutsideDiameter ≥ 0, CoilWeight ≥ 1 (§5, §9) — the bounds are the shared validator's, the "required for a
 *   coil product" the server's.
 * - States (§4): Open (editable, deletable) → Posted (asks first; read-only). Posting writes the stock ledger,
 *   the G/L, the coils and the order's received quantities and state (modules/po/server/receipt-posting.ts).
 */
import { defineEntity, type RuleIssue } from '@erp/shared/entities/define';
import { lineLots } from '@erp/modules/ic/definitions/index';
import { editedWhile } from '@erp/shared/entities/posted-document';
import { isNegativeText, isZeroText, PO, PO_MONEY, PO_PRICE, PO_QUANTITY, PO_ROLES, RECEIPT_SEQUENCE } from './common.ts';

const NAME = 'po-receipt';
const key = (part: string) => `${PO}:${NAME}.${part}`;
const lineLabel = (field: string) => key(`fields.Lines.fields.${field}`);
const lotLabel = (field: string) => key(`fields.Lines.Lots.fields.${field}`);

const DIMENSION = { type: 'decimal', precision: 13, scale: 4, min: '0' } as const;

/** §5 / §8 rules on the whole receipt (browser and server). */
export function receiptRules(record: Readonly<Record<string, unknown>>): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const lines = Array.isArray(record['Lines']) ? (record['Lines'] as Record<string, unknown>[]) : [];
  const seen = new Set<string>();
  const lotNos = new Set<string>();
  lines.forEach((line, index) => {
    const product = typeof line['ProductId'] === 'string' ? line['ProductId'].toUpperCase() : '';
    if (product && seen.has(product)) issues.push({ field: `Lines[${index}].ProductId`, key: key('rules.productAdded') });
    if (product) seen.add(product);
    const quantity = line['QuantityReceived'];
    if (isZeroText(quantity) || isNegativeText(quantity)) issues.push({ field: `Lines[${index}].QuantityReceived`, key: key('rules.quantityPositive') });
    const lots = Array.isArray(line['Lots']) ? (line['Lots'] as Record<string, unknown>[]) : [];
    lots.forEach((lot, lotIndex) => {
      const lotNo = typeof lot['LotNo'] === 'string' ? lot['LotNo'].toUpperCase() : '';
      // A lot (and a coil number) names one piece of stock: once per receipt.
      if (lotNo && lotNos.has(lotNo)) issues.push({ field: `Lines[${index}].Lots[${lotIndex}].LotNo`, key: key('rules.lotAdded') });
      lotNos.add(lotNo);
      const lotQuantity = lot['Quantity'];
      if (isZeroText(lotQuantity) || isNegativeText(lotQuantity)) issues.push({ field: `Lines[${index}].Lots[${lotIndex}].Quantity`, key: key('rules.quantityPositive') });
    });
  });
  return issues;
}

export const poReceipt = defineEntity({
  name: NAME,
  namespace: PO,
  table: 'po_receipts',
  key: 'ReceiptId',
  keyKind: 'auto',
  // Issue 40 item 4: the screen that opens it (the Related panel). The vendor invoice made from it, and listed
  // there, is Payables' to say (modules/ap/definitions/po-receipt.ts, issue 73 item 4).
  screen: '/novus-po/purchase-order-receipt-entry',
  application: 'NOVUS-PO',
  // Also on the menus of modules above it: they add their applications (their definitions/extensions.ts).
  fields: {
    ReceiptId: { type: 'integer' },
    ReceiptNo: { type: 'text', maxLength: 20, readOnly: true },
    Status: {
      type: 'enum',
      readOnly: true,
      defaultValue: 'Open',
      options: ['Open', 'Posted'].map((value) => ({ value, labelKey: key(`statuses.${value}`) })),
    },
    PoId: {
      type: 'lookup',
      entity: 'purchase-order',
      valueType: 'integer',
      required: true,
      where: { Receivable: true },
      whereKeys: { Receivable: key('rules.orderNotReceivable') },
      invalidKey: key('rules.orderMissing'),
    },
    PoNo: { type: 'text', maxLength: 20, readOnly: true },
    VendorId: { type: 'text', maxLength: 20, readOnly: true },
    WarehouseId: { type: 'text', maxLength: 10, readOnly: true },
    ReceiptDate: { type: 'date', required: true, requiredKey: key('rules.dateRequired') },
    PackingSlip: { type: 'text', maxLength: 30 },
    Waybill: { type: 'text', maxLength: 30 },
    Carrier: { type: 'text', maxLength: 40 },
    Skids: { type: 'integer', min: 0 },
    Boxes: { type: 'integer', min: 0 },
    Inspected: { type: 'boolean', defaultValue: false },
    Freight: { ...PO_MONEY, min: '0', defaultValue: '0.00' },
    Notes: { type: 'text', maxLength: 1000, format: 'multiline' },
    JournalId: { type: 'integer', readOnly: true },
    TotalQuantity: { ...PO_QUANTITY, readOnly: true },
    TotalCost: { ...PO_MONEY, readOnly: true },
    // Issue 71 item 2: false once posted vendor invoices have matched every line's received quantity (A/P's
    // postInvoice keeps it); the vendor invoice's receipt lookup offers only receipts still to invoice.
    Invoiceable: { type: 'boolean', readOnly: true, defaultValue: true },
    Lines: {
      type: 'children',
      lines: true,
      labelKey: key('fields.Lines.label'),
      linesInvalidKey: key('rules.linesInvalid'),
      table: 'po_receipt_lines',
      parentColumn: 'receipt_id',
      key: 'LineId',
      maxItems: 1000,
      fields: {
        LineId: { type: 'integer', labelKey: lineLabel('LineId') },
        ProductId: { type: 'lookup', entity: 'product', uppercase: true, required: true, maxLength: 30, invalidKey: key('rules.productNotOrdered'), labelKey: lineLabel('ProductId') },
        QuantityReceived: { ...PO_QUANTITY, required: true, labelKey: lineLabel('QuantityReceived') },
        UnitCost: { ...PO_PRICE, readOnly: true, labelKey: lineLabel('UnitCost') },
        ExtendedCost: { ...PO_MONEY, readOnly: true, labelKey: lineLabel('ExtendedCost') },
        PoLineId: { type: 'integer', readOnly: true, internal: true, labelKey: lineLabel('PoLineId') },
      },
      lineChildren: {
        Lots: lineLots({
          table: 'po_receipt_lots',
          key,
          quantity: PO_QUANTITY,
          lineField: 'QuantityReceived',
          sumKey: key('rules.lotsSum'),
          more: {
            HeatNo: { type: 'lookup', entity: 'heat-number', uppercase: true, maxLength: 30, invalidKey: key('rules.heatNotFound'), labelKey: lotLabel('HeatNo') },
            ManufacturerCoilNo: { type: 'text', maxLength: 40, labelKey: lotLabel('ManufacturerCoilNo') },
            Gauge: { ...DIMENSION, minKey: key('rules.gauge'), labelKey: lotLabel('Gauge') },
            Width: { ...DIMENSION, labelKey: lotLabel('Width') },
            Length: { ...DIMENSION, labelKey: lotLabel('Length') },
            InsideDiameter: { ...DIMENSION, minKey: key('rules.diameter'), labelKey: lotLabel('InsideDiameter') },
            OutsideDiameter: { ...DIMENSION, minKey: key('rules.diameter'), labelKey: lotLabel('OutsideDiameter') },
            // §9 "Coil weight: at least 1".
            CoilWeight: { type: 'decimal', precision: 13, scale: 4, min: '1', minKey: key('rules.coilWeight'), labelKey: lotLabel('CoilWeight') },
          },
        }),
      },
    },
  },
  listColumns: [
    'ReceiptNo',
    'ReceiptDate',
    'Status',
    'PoNo',
    'VendorId',
    'WarehouseId',
    { field: 'TotalQuantity', total: 'sum' },
    { field: 'TotalCost', total: 'sum' },
    { field: 'PackingSlip', visible: false },
    { field: 'Carrier', visible: false },
  ],
  defaultSort: [{ field: 'ReceiptId', descending: true }],
  filters: [
    { field: 'ReceiptDate', op: 'range' },
    { field: 'Status', op: 'eq' },
    { field: 'PoNo', op: 'startsWith' },
    { field: 'VendorId', op: 'eq' },
    { field: 'WarehouseId', op: 'eq' },
  ],
  search: ['ReceiptNo', 'PoNo', 'PackingSlip', 'Waybill'],
  roles: PO_ROLES,
  attachments: true,
  formLayout: {
    sections: [
      { rows: [['ReceiptNo', 'Status', 'ReceiptDate'], ['PoId', 'PoNo', 'VendorId', 'WarehouseId'], ['PackingSlip', 'Waybill', 'Carrier'], ['Skids', 'Boxes', 'Inspected'], ['Freight'], ['Notes']] },
      { titleKey: key('sections.totals'), afterLines: true, rows: [['TotalQuantity', 'TotalCost']] },
    ],
  },
  numbering: { sequence: RECEIPT_SEQUENCE, field: 'ReceiptNo', prefix: 'PRC' },
  // The costs follow the order's prices, which only the server reads: ExtendedCost and TotalCost are the server's.
  computed: { TotalQuantity: { op: 'sum', collection: 'Lines', field: 'QuantityReceived' } },
  states: editedWhile('Open', [{ action: 'post', labelKey: key('actions.post'), from: ['Open'], to: 'Posted', irreversible: true, confirmKey: key('confirm.post'), primary: true, hotkey: 'Alt+P' }]),
  rules: [receiptRules],
});
