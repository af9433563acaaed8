/**
 * Inventory ticket (`inventory-ticket`, screen IC-10, route `/inventory-ticket` under IC; spec §3 Inventory
 * ticket, §4 Inventory ticket, §5 Tickets and lots, §8): a document that moves stock in one warehouse.
 * Tables `inventory_tickets`, `inventory_ticket_lines`, `inventory_ticket_lots` (schema-sync).
 *
 * - Header: TicketNo (from the `IC-TICKET` sequence counter, prefix IT), TicketDate, Status, WarehouseId
 *   (§8 "The warehouse does not exist."), TicketType and SubType, ToWarehouseId (transfers), Notes, totals.
 * - Types: Receipt (stock in at the line's cost, or at the average cost when blank), Issue (stock out at the
 *   moving average), Adjustment (signed quantity: + in, − out), Transfer (out of the warehouse, into
 *   ToWarehouseId at the moving average). Each type has its sub types (`TICKET_SUB_TYPES`); a sub type of
 *   another type is refused.
 * - Lines: ProductId (must exist and track stock — server), Quantity (> 0; an adjustment's ≠ 0), UnitCost
 *   (the "cost"), Reason, ExtendedCost (computed); each line's lots (lineChildren `Lots`: LotNo, Quantity)
 *   must add up to the line quantity (§5; for a lot-tracked product a line without lots is refused too —
 *   server, as only the server knows the product).
 * - Sync rules (browser and server): at least one line (§5), one line per product (§8 "Product already
 *   added."), quantities by type.
 * - States (§4): Pending → Committed (allocates: stock_balances.committed) → Closed (moves stock through the
 *   stock ledger and posts to the G/L), or Cancelled (from Pending or Committed: releases the allocation).
 *   The generic ticket is editable and deletable only while Pending.
 * Server rules and effects: modules/ic/server/stock/tickets.ts.
 */
import { QUANTITY } from '@erp/shared/entities/common';
import { defineEntity, type RuleIssue } from '@erp/shared/entities/define';
import { editedWhile } from '@erp/shared/entities/posted-document';
import { IC_ROLES } from '../masters/common.ts';

const NAME = 'inventory-ticket';
const lineLabel = (field: string) => `ic:${NAME}.fields.Lines.fields.${field}`;

export const INVENTORY_TICKET_SEQUENCE = 'IC-TICKET';

export const TICKET_TYPES = ['Receipt', 'Issue', 'Adjustment', 'Transfer'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];

/** Sub types allowed under each ticket type. */
export const TICKET_SUB_TYPES: Readonly<Record<TicketType, readonly string[]>> = {
  Receipt: ['Purchase', 'Return', 'Found', 'Opening'],
  Issue: ['Consumption', 'Scrap', 'Damage', 'Sample'],
  Adjustment: ['Count', 'Correction'],
  Transfer: ['Relocation'],
};

const SUB_TYPES = [...new Set(Object.values(TICKET_SUB_TYPES).flat())];

const UNIT_COST = { type: 'decimal', precision: 15, scale: 4 } as const;
const MONEY = { type: 'decimal', precision: 15, scale: 2 } as const;

function isZeroText(value: unknown): boolean {
  return typeof value === 'string' && /^-?0*(\.0*)?$/.test(value);
}

function negativeText(value: unknown): boolean {
  return typeof value === 'string' && value.trim().startsWith('-');
}

/** §5 and §8 rules on the whole ticket (the same in the form and on the server). */
export function ticketRules(record: Readonly<Record<string, unknown>>): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const lines = Array.isArray(record['Lines']) ? (record['Lines'] as Record<string, unknown>[]) : [];
  // §5 "A ticket needs a date, warehouse, type, sub type and at least one line."
  if (lines.length === 0) issues.push({ field: 'Lines', key: 'ic:inventory-ticket.rules.needsLine' });
  const type = record['TicketType'] as TicketType | undefined;
  const subType = record['SubType'];
  if (type && typeof subType === 'string' && subType !== '' && TICKET_SUB_TYPES[type] && !TICKET_SUB_TYPES[type].includes(subType)) {
    issues.push({ field: 'SubType', key: 'ic:inventory-ticket.rules.subTypeOfType', params: { subType, type } });
  }
  if (type === 'Transfer') {
    const to = record['ToWarehouseId'];
    if (to === null || to === undefined || to === '') issues.push({ field: 'ToWarehouseId', key: 'ic:inventory-ticket.rules.toWarehouse' });
    else if (to === record['WarehouseId']) issues.push({ field: 'ToWarehouseId', key: 'ic:inventory-ticket.rules.sameWarehouse' });
  }
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    const product = typeof line['ProductId'] === 'string' ? line['ProductId'].toUpperCase() : '';
    // §8 "Product already added."
    if (product && seen.has(product)) issues.push({ field: `Lines[${index}].ProductId`, key: 'ic:inventory-ticket.rules.productAdded' });
    if (product) seen.add(product);
    const quantity = line['Quantity'];
    if (typeof quantity === 'string') {
      if (isZeroText(quantity)) issues.push({ field: `Lines[${index}].Quantity`, key: 'ic:inventory-ticket.rules.quantityZero' });
      else if (type !== 'Adjustment' && negativeText(quantity)) issues.push({ field: `Lines[${index}].Quantity`, key: 'ic:inventory-ticket.rules.quantityPositive' });
    }
    const lots = Array.isArray(line['Lots']) ? (line['Lots'] as Record<string, unknown>[]) : [];
    const lotNos = new Set<string>();
    lots.forEach((lot, lotIndex) => {
      const lotNo = typeof lot['LotNo'] === 'string' ? lot['LotNo'].toUpperCase() : '';
      if (lotNo && lotNos.has(lotNo)) issues.push({ field: `Lines[${index}].Lots[${lotIndex}].LotNo`, key: 'ic:inventory-ticket.rules.lotAdded' });
      lotNos.add(lotNo);
      // A lot moves the same way as its line (a negative adjustment's lots are negative).
      const lotQuantity = lot['Quantity'];
      if (typeof lotQuantity === 'string' && typeof quantity === 'string' && (isZeroText(lotQuantity) || negativeText(lotQuantity) !== negativeText(quantity))) {
        issues.push({ field: `Lines[${index}].Lots[${lotIndex}].Quantity`, key: 'ic:inventory-ticket.rules.lotSign' });
      }
    });
  });
  return issues;
}

export const inventoryTicket = defineEntity({
  name: NAME,
  namespace: 'ic',
  labelKey: `ic:${NAME}.title`,
  table: 'inventory_tickets',
  key: 'TicketId',
  keyKind: 'auto',
  application: 'NOVUS-IC',
  fields: {
    TicketId: { type: 'integer' },
    TicketNo: { type: 'text', maxLength: 20, readOnly: true },
    TicketDate: { type: 'date', required: true },
    Status: {
      type: 'enum',
      readOnly: true,
      defaultValue: 'Pending',
      options: [
        { value: 'Pending', labelKey: `ic:${NAME}.statuses.Pending` },
        { value: 'Committed', labelKey: `ic:${NAME}.statuses.Committed` },
        { value: 'Closed', labelKey: `ic:${NAME}.statuses.Closed` },
        { value: 'Cancelled', labelKey: `ic:${NAME}.statuses.Cancelled` },
      ],
    },
    WarehouseId: {
      type: 'lookup',
      entity: 'warehouse',
      uppercase: true,
      required: true,
      maxLength: 10,
      activeOnly: true,
      invalidKey: `ic:${NAME}.rules.warehouseMissing`,
      inactiveKey: `ic:${NAME}.rules.warehouseMissing`,
    },
    TicketType: {
      type: 'enum',
      required: true,
      options: TICKET_TYPES.map((value) => ({ value, labelKey: `ic:${NAME}.types.${value}` })),
    },
    SubType: {
      type: 'enum',
      required: true,
      options: SUB_TYPES.map((value) => ({ value, labelKey: `ic:${NAME}.subTypes.${value}`, when: { TicketType: TICKET_TYPES.filter((type) => TICKET_SUB_TYPES[type].includes(value)) } })),
    },
    ToWarehouseId: {
      type: 'lookup',
      entity: 'warehouse',
      uppercase: true,
      maxLength: 10,
      activeOnly: true,
      invalidKey: `ic:${NAME}.rules.warehouseMissing`,
      inactiveKey: `ic:${NAME}.rules.warehouseMissing`,
    },
    Notes: { type: 'text', maxLength: 500, format: 'multiline' },
    TotalQuantity: { ...QUANTITY, readOnly: true },
    TotalCost: { ...MONEY, readOnly: true },
    Lines: {
      type: 'children',
      lines: true,
      labelKey: `ic:${NAME}.fields.Lines.label`,
      linesInvalidKey: `ic:${NAME}.rules.linesInvalid`,
      table: 'inventory_ticket_lines',
      parentColumn: 'ticket_id',
      key: 'LineId',
      maxItems: 1000,
      fields: {
        LineId: { type: 'integer', labelKey: lineLabel('LineId') },
        ProductId: {
          type: 'lookup',
          entity: 'product',
          uppercase: true,
          required: true,
          maxLength: 30,
          invalidKey: `ic:${NAME}.rules.productInvalid`,
          labelKey: lineLabel('ProductId'),
        },
        Quantity: { type: 'decimal', precision: 15, scale: 4, required: true, labelKey: lineLabel('Quantity') },
        UnitCost: { ...UNIT_COST, min: '0', labelKey: lineLabel('UnitCost') },
        ExtendedCost: { ...MONEY, readOnly: true, labelKey: lineLabel('ExtendedCost') },
        Reason: { type: 'text', maxLength: 60, labelKey: lineLabel('Reason') },
      },
      lineChildren: {
        Lots: {
          table: 'inventory_ticket_lots',
          parentColumn: 'line_id',
          key: 'LotId',
          maxItems: 200,
          labelKey: `ic:${NAME}.fields.Lines.Lots.label`,
          fields: {
            LotId: { type: 'integer', labelKey: `ic:${NAME}.fields.Lines.Lots.fields.LotId` },
            LotNo: { type: 'text', required: true, maxLength: 30, uppercase: true, labelKey: `ic:${NAME}.fields.Lines.Lots.fields.LotNo` },
            Quantity: { type: 'decimal', precision: 15, scale: 4, required: true, labelKey: `ic:${NAME}.fields.Lines.Lots.fields.Quantity` },
          },
          // §5 "For lot-tracked products, lot quantities must add up to the line quantity."
          sumEquals: { childField: 'Quantity', lineField: 'Quantity', messageKey: `ic:${NAME}.rules.lotsSum` },
          // Offered only on a lot-tracked product's line (the product lookup's TrackLot mark, issue 21 item 5).
          onlyWhen: { field: 'ProductId', mark: 'TrackLot' },
        },
      },
    },
  },
  listColumns: [
    'TicketNo',
    'TicketDate',
    'Status',
    'WarehouseId',
    'TicketType',
    'SubType',
    { field: 'TotalQuantity', total: 'sum' },
    { field: 'TotalCost', total: 'sum' },
    { field: 'ToWarehouseId', visible: false },
  ],
  defaultSort: [{ field: 'TicketId', descending: true }],
  filters: [
    { field: 'TicketDate', op: 'range' },
    { field: 'Status', op: 'eq' },
    { field: 'WarehouseId', op: 'eq' },
    { field: 'TicketType', op: 'eq' },
    { field: 'TicketNo', op: 'startsWith' },
  ],
  search: ['TicketNo', 'Notes'],
  roles: IC_ROLES,
  attachments: false,
  formLayout: {
    sections: [
      { rows: [['TicketNo', 'Status'], ['TicketDate', 'WarehouseId'], ['TicketType', 'SubType', 'ToWarehouseId'], ['Notes']] },
      { titleKey: `ic:${NAME}.sections.totals`, afterLines: true, rows: [['TotalQuantity', 'TotalCost']] },
    ],
  },
  numbering: { sequence: INVENTORY_TICKET_SEQUENCE, field: 'TicketNo', prefix: 'IT' },
  computed: {
    'Lines.ExtendedCost': { op: 'mul', args: ['Quantity', 'UnitCost'] },
    TotalQuantity: { op: 'sum', collection: 'Lines', field: 'Quantity' },
    TotalCost: { op: 'sum', collection: 'Lines', field: 'ExtendedCost' },
  },
  states: editedWhile('Pending', [
    { action: 'commit', labelKey: `ic:${NAME}.actions.commit`, from: ['Pending'], to: 'Committed', irreversible: true, confirmKey: `ic:${NAME}.confirm.commit`, hotkey: 'Alt+M' },
    { action: 'close', labelKey: `ic:${NAME}.actions.close`, from: ['Committed'], to: 'Closed', irreversible: true, confirmKey: `ic:${NAME}.confirm.close`, primary: true, hotkey: 'Alt+L' },
    { action: 'cancel', labelKey: `ic:${NAME}.actions.cancel`, from: ['Pending', 'Committed'], to: 'Cancelled', irreversible: true, voids: true, confirmKey: `ic:${NAME}.confirm.cancel` },
  ]),
  rules: [ticketRules],
});
