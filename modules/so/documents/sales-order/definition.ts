/**
 * Sales order (`sales-order`, screens OE-19 `/sales-order-entry` under Order Entry and Receivables, OE-20
 * `/ta-order-entry` under Order Entry and POLO; spec §3 Sales order, §5, §8; SCREENS.md WP7 7b, §2.3 item 5).
 * Tables `sales_orders`, `so_lines`, `so_line_lots` (schema-sync).
 *
 * - Header: OrderNo (sequence SALES-ORDER, prefix SO), OrderType (Regular, or TA for the POLO desk), Channel
 *   (Desk, or Portal for an order placed at `/portal/order` — set by the server), OrderDate, BillToId and
 *   ShipToId (§5/§8 "Bill To is invalid." / "Ship To is invalid.": active, the ship-to the bill-to or one of its
 *   ship-tos; §6 assigned customers — server), WarehouseId (where the stock is allocated and shipped from),
 *   RouteId and DeliveryDate (the delivery), CustomerPo, TermsCode and SalesRep (default: the bill-to's),
 *   Notes; CustomerName, ProvinceCode (the ship-to's: it decides the taxes), the totals, the invoice and the
 *   journal are the server's.
 * - Lines: ProductId (§8 "Product already added." — once per order), Quantity (> 0), Price (the pricing
 *   service's, modules/oe/server/pricing/service.ts, read-only), OverridePrice (a price other than the
 *   service's: only with the override right, §8 "Not allowed to change the price.", audited — server),
 *   UnitPrice (the one charged), Amount, TaxCodes and TaxAmount (the ship-to province's taxes, Receivables'
 *   tax logic), Available (on hand less committed in the order's warehouse), QuantityShipped and UnitCost (at
 *   shipping: the moving average the stock left at).
 * - Lots of a line (§5 lot quantities: when given, they add up to the line's quantity): LotNo (picked from the
 *   product's lots in the order's warehouse; §5 another warehouse's or product's lot, or more than is free of it,
 *   refused — issue 71 item 2), Quantity and HeatNo (the lot's heat). A lot-tracked line without lots is
 *   allocated at shipping from the warehouse's lots, oldest first.
 * - States (§2.3 item 5): Entered → Committed (`commit`: stock allocated; credit limit and account-on-hold
 *   checks) → Shipped (`ship`: stock out at the moving average with its lots, Dr COGS / Cr inventory) →
 *   Invoiced (`invoice`: the AR invoice, Dr AR / Cr sales / Cr taxes), or Cancelled (from Entered or
 *   Committed: the allocation released). Editable while Entered or Committed; deletable while Entered.
 * Server rules: ./server/orders.ts and fulfilment.ts.
 */
import { defineEntity, type EntityRecord, type RuleIssue } from '@erp/shared/entities/define';
import { lineLots } from '@erp/modules/ic/definitions/index';
import { notPositive, SALES_ORDER_SEQUENCE, SO, SO_CHANNELS, SO_MONEY, SO_PRICE, SO_QUANTITY, SO_ROLES, SO_STATUSES, SO_TYPES } from '../../definitions/common.ts';

const NAME = 'sales-order';
const key = (part: string) => `${SO}:${NAME}.${part}`;
const lineLabel = (field: string) => key(`fields.Lines.fields.${field}`);
const lotLabel = (field: string) => key(`fields.Lines.Lots.fields.${field}`);

const firmLookup = (invalid: string) => ({ type: 'lookup', entity: 'firm', maxLength: 20, uppercase: true, invalidKey: invalid, inactiveKey: invalid }) as const;

/** §5 / §8 on an order's or a return's lines: each product once ("Product already added."), each quantity > 0. */
export function productLineIssues(record: Readonly<Record<string, unknown>>): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const lines = Array.isArray(record['Lines']) ? (record['Lines'] as Record<string, unknown>[]) : [];
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    const product = typeof line['ProductId'] === 'string' ? line['ProductId'].toUpperCase() : '';
    if (product && seen.has(product)) issues.push({ field: `Lines[${index}].ProductId`, key: 'errors:business.productAlreadyAdded' });
    if (product) seen.add(product);
    if (notPositive(line['Quantity'])) issues.push({ field: `Lines[${index}].Quantity`, key: key('rules.quantityPositive') });
  });
  return issues;
}

/** §5 / §8 rules on the whole order, the same in the form and on the server. */
export function salesOrderRules(record: Readonly<Record<string, unknown>>): RuleIssue[] {
  const issues = productLineIssues(record);
  const delivery = record['DeliveryDate'];
  const order = record['OrderDate'];
  if (typeof delivery === 'string' && typeof order === 'string' && delivery !== '' && order !== '' && delivery < order) {
    issues.push({ field: 'DeliveryDate', key: key('rules.deliveryBeforeOrder') });
  }
  return issues;
}

export const salesOrder = defineEntity({
  name: NAME,
  namespace: SO,
  table: 'sales_orders',
  key: 'OrderKey',
  // Issue 42 item 1: found by the command palette's global search.
  globalSearch: { name: ['CustomerName'], words: ['CustomerPo'], portal: { account: 'BillToId', screen: '/portal/orderdetails', record: 'PortalOrderKey' } },
  keyKind: 'auto',
  screen: '/novus-oe/sales-order-entry',
  application: 'NOVUS-OE',
  shownIn: ['NOVUS-AR', 'NOVUS-PT'],
  fields: {
    OrderKey: { type: 'integer' },
    OrderNo: { type: 'text', maxLength: 20, readOnly: true },
    OrderType: { type: 'enum', required: true, defaultValue: 'Regular', options: SO_TYPES.map((value) => ({ value, labelKey: key(`types.${value}`) })) },
    Channel: { type: 'enum', readOnly: true, defaultValue: 'Desk', options: SO_CHANNELS.map((value) => ({ value, labelKey: key(`channels.${value}`) })) },
    Status: { type: 'enum', readOnly: true, defaultValue: 'Entered', options: SO_STATUSES.map((value) => ({ value, labelKey: key(`statuses.${value}`) })) },
    OrderDate: { type: 'date', required: true },
    // §6: the order is its bill-to's (issue 68 item 2); the ship-to is one of the bill-to's sites.
    BillToId: { ...firmLookup('so:sales-order.rules.billToInvalid'), required: true, requiredKey: 'so:sales-order.rules.billToInvalid', customer: true },
    CustomerName: { type: 'text', maxLength: 100, readOnly: true },
    ShipToId: { ...firmLookup('so:sales-order.rules.shipToInvalid'), customer: false },
    ProvinceCode: { type: 'text', maxLength: 2, readOnly: true },
    WarehouseId: { type: 'lookup', entity: 'warehouse', uppercase: true, required: true, maxLength: 10, activeOnly: true },
    RouteId: { type: 'lookup', entity: 'delivery-route', uppercase: true, maxLength: 10, activeOnly: true },
    DeliveryDate: { type: 'date' },
    CustomerPo: { type: 'text', maxLength: 30 },
    TermsCode: { type: 'lookup', entity: 'account-terms', uppercase: true, maxLength: 20 },
    SalesRep: { type: 'lookup', entity: 'sales-rep', uppercase: true, maxLength: 20 },
    Notes: { type: 'text', maxLength: 2000, format: 'multiline' },
    PortalOrderKey: { type: 'integer', readOnly: true },
    ShipDate: { type: 'date', readOnly: true },
    // The invoice's key: InvoiceNo beside it is what users know it by (issue 40 item 3).
    InvoiceId: { type: 'integer', readOnly: true, internal: true },
    InvoiceNo: { type: 'text', maxLength: 30, readOnly: true },
    // The posting's G/L batch: the ledger finds the posting by this document's number (issue 40 item 3).
    JournalId: { type: 'integer', readOnly: true, internal: true },
    // When invoice publishing sent the invoice to the customer (OE-29; modules/so/server/publishing.ts).
    PublishedOn: { type: 'text', maxLength: 30, readOnly: true },
    SubTotal: { ...SO_MONEY, readOnly: true },
    TaxTotal: { ...SO_MONEY, readOnly: true },
    Total: { ...SO_MONEY, readOnly: true },
    Lines: {
      type: 'children',
      lines: true,
      labelKey: key('fields.Lines.label'),
      linesInvalidKey: 'so:sales-order.rules.expandedLinesSaveFailed',
      // Price and availability as the user types (POST /api/so/line-preview, modules/so/server/routes.ts).
      linePreview: { path: 'so/line-preview', on: ['ProductId', 'Quantity', 'OverridePrice'], header: ['BillToId', 'ShipToId', 'WarehouseId', 'OrderDate'] },
      table: 'so_lines',
      parentColumn: 'order_key',
      key: 'LineId',
      maxItems: 500,
      fields: {
        LineId: { type: 'integer', labelKey: lineLabel('LineId') },
        ProductId: { type: 'lookup', entity: 'product', uppercase: true, required: true, maxLength: 30, activeOnly: true, invalidKey: key('rules.productInvalid'), inactiveKey: key('rules.productInvalid'), labelKey: lineLabel('ProductId') },
        Description: { type: 'text', maxLength: 100, readOnly: true, labelKey: lineLabel('Description') },
        Quantity: { ...SO_QUANTITY, required: true, labelKey: lineLabel('Quantity') },
        Price: { ...SO_PRICE, readOnly: true, labelKey: lineLabel('Price') },
        OverridePrice: { ...SO_PRICE, labelKey: lineLabel('OverridePrice') },
        UnitPrice: { ...SO_PRICE, readOnly: true, labelKey: lineLabel('UnitPrice') },
        Amount: { ...SO_MONEY, readOnly: true, labelKey: lineLabel('Amount') },
        TaxCodes: { type: 'text', maxLength: 100, readOnly: true, labelKey: lineLabel('TaxCodes') },
        TaxAmount: { ...SO_MONEY, readOnly: true, labelKey: lineLabel('TaxAmount') },
        Available: { ...SO_QUANTITY, readOnly: true, labelKey: lineLabel('Available') },
        // Issue 71 item 2: the order's warehouse cannot fill the line — what is free there, and which warehouses can.
        StockNote: { type: 'text', maxLength: 300, readOnly: true, labelKey: lineLabel('StockNote') },
        QuantityShipped: { ...SO_QUANTITY, readOnly: true, labelKey: lineLabel('QuantityShipped') },
        UnitCost: { ...SO_PRICE, readOnly: true, labelKey: lineLabel('UnitCost') },
        PriceSource: { type: 'text', maxLength: 10, readOnly: true, labelKey: lineLabel('PriceSource') },
        LineNotes: { type: 'text', maxLength: 500, format: 'multiline', labelKey: lineLabel('LineNotes') },
      },
      // The expanded line window (§2; §8 "Saving expanded order lines failed."): the line's cost, price source and
      // notes there, not as columns of the grid.
      expanded: { only: ['UnitCost', 'PriceSource', 'LineNotes'] },
      lineChildren: {
        Lots: lineLots({
          table: 'so_line_lots',
          key,
          quantity: SO_QUANTITY,
          lineField: 'Quantity',
          sumKey: key('rules.lotsSum'),
          more: {
            HeatNo: { type: 'text', maxLength: 30, readOnly: true, labelKey: lotLabel('HeatNo') },
          },
          // Issue 71 item 2: the lot picker — the line product's lots in the order's warehouse, with what is free
          // of each and its heat (GET /api/so/lots, modules/so/server/lots.ts); the save refuses any other lot.
          suggest: { path: 'so/lots', values: ['ProductId', 'Quantity', 'WarehouseId', 'OrderKey'] },
        }),
      },
    },
  },
  listColumns: [
    'OrderNo',
    'OrderDate',
    'Status',
    'OrderType',
    'BillToId',
    { field: 'CustomerName', width: 220 },
    'ShipToId',
    'DeliveryDate',
    'RouteId',
    { field: 'Total', total: 'sum', width: 150 },
    { field: 'Channel', visible: false },
    { field: 'InvoiceNo', visible: false },
    { field: 'CustomerPo', visible: false },
    { field: 'WarehouseId', visible: false },
  ],
  defaultSort: [{ field: 'OrderKey', descending: true }],
  filters: [
    { field: 'OrderDate', op: 'range' },
    { field: 'Status', op: 'in' },
    { field: 'OrderType', op: 'eq' },
    { field: 'Channel', op: 'eq' },
    { field: 'BillToId', op: 'eq' },
    { field: 'ShipToId', op: 'eq' },
    { field: 'RouteId', op: 'eq' },
    { field: 'DeliveryDate', op: 'range' },
    { field: 'OrderNo', op: 'startsWith' },
  ],
  // Issue 40 item 5: picking the customer fills what follows from it (./server/orders.ts `defaults`).
  defaults: { BillToId: ['CustomerName', 'ShipToId', 'TermsCode', 'SalesRep', 'WarehouseId'] },
  // Issue 71 item 2: the totals the save computes (server/pricing.ts) follow the lines' figures as they are typed.
  derived: {
    SubTotal: { op: 'sum', collection: 'Lines', field: 'Amount' },
    TaxTotal: { op: 'sum', collection: 'Lines', field: 'TaxAmount' },
    Total: { op: 'add', args: ['SubTotal', 'TaxTotal'] },
  },
  search: ['OrderNo', 'CustomerName', 'CustomerPo', 'Notes'],
  indexes: [['BillToId', 'OrderDate'], ['Status', 'OrderKey'], ['PortalOrderKey', 'OrderKey'], ['OrderDate', 'OrderKey', 'SubTotal', 'Total']],
  roles: SO_ROLES,
  attachments: true,
  displayField: 'OrderNo',
  lookupDetails: ['BillToId', 'Status'],
  // OE-20 `/ta-order-entry` (Order Entry and POLO): the TA orders, a new order a TA one (screens/index.ts).
  routeViews: {
    orderType: {
      TA: { filters: { 'filter.OrderType': 'TA' }, defaults: { OrderType: 'TA' }, titleKey: key('screen.taTitle') },
      // TE-22: the Trades desk's orders (issue 28).
      TE: { filters: { 'filter.OrderType': 'TE' }, defaults: { OrderType: 'TE' }, titleKey: key('screen.teTitle') },
    },
  },
  formLayout: {
    sections: [
      {
        rows: [
          ['OrderNo', 'Status', 'OrderDate', 'OrderType'],
          ['BillToId', 'CustomerName', 'ShipToId', 'ProvinceCode'],
          ['WarehouseId', 'RouteId', 'DeliveryDate', 'CustomerPo'],
          ['TermsCode', 'SalesRep', 'Channel'],
          ['Notes'],
        ],
      },
      { titleKey: key('sections.fulfilment'), rows: [['ShipDate', 'JournalId', 'InvoiceNo', 'InvoiceId']] },
      { titleKey: key('sections.totals'), afterLines: true, rows: [['SubTotal', 'TaxTotal', 'Total']] },
    ],
  },
  numbering: { sequence: SALES_ORDER_SEQUENCE, field: 'OrderNo', prefix: 'SO' },
  states: {
    field: 'Status',
    initial: 'Entered',
    editable: ['Entered', 'Committed'],
    deletable: ['Entered'],
    transitions: [
      { action: 'commit', labelKey: key('actions.commit'), from: ['Entered'], to: 'Committed', irreversible: true, confirmKey: key('confirm.commit'), primary: true, hotkey: 'Alt+M' },
      { action: 'ship', labelKey: key('actions.ship'), from: ['Committed'], to: 'Shipped', irreversible: true, confirmKey: key('confirm.ship'), hotkey: 'Alt+H' },
      { action: 'invoice', labelKey: key('actions.invoice'), from: ['Shipped'], to: 'Invoiced', irreversible: true, confirmKey: key('confirm.invoice'), hotkey: 'Alt+I' },
      { action: 'cancel', labelKey: key('actions.cancel'), from: ['Entered', 'Committed'], to: 'Cancelled', irreversible: true, voids: true, confirmKey: key('confirm.cancel') },
    ],
  },
  rules: [salesOrderRules],
});

/** A sales order in wire form, typed from its definition: what its hooks, fulfilment and other modules' borders take. */
export type SalesOrderRecord = EntityRecord<typeof salesOrder>;
