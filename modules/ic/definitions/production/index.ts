/**
 * Production work orders and batches — owned by h15d (issue 15 item 6, SCREENS.md IC-11, §3 "Production work
 * order and batch", §4 "Work order actions", "Inventory ticket" (production ticket rules)).
 *
 * `production-work-order` (table `production_work_orders`, lines `production_work_order_components`), route
 * `/production-work-order` under Inventory Control (`@erp/inventory#ProductionWorkOrder`):
 * - header: number (sequence IC-WORK-ORDER, prefix WO), the product to make (§5: it must be an assembly, KitType
 *   'Assembly'), warehouse, quantity to produce, date required, produced to date and its value, remaining
 *   (= quantity to produce − produced to date, computed), the next batch (quantity and date), closing reason,
 *   closed date, notes;
 * - lines: the bill of materials copied from the product when the order is created (component; factor = the
 *   component's quantity per unit of the product, i.e. the product BoM's quantity × factor; quantity = factor ×
 *   quantity to produce; used to date) — the server keeps Quantity and
 *   UsedToDate, whatever the client sends;
 * - states Pending → Committed → Closed, Closed → Committed by Re-Open (§4). Edit and delete only while Pending
 *   or Committed; delete only while produced to date is 0 (§4);
 * - actions (modules/ic/server/production/): `commit`, `produce` (a batch: consumes factor × batch quantity of
 *   each component at moving average and receives the product at the consumed value — one IC posting),
 *   `close` (produces the batch quantity if one is entered; §4 a closing reason is required when the remaining
 *   quantity is not 0), `reopen` (while the closing date's period and stock year are open).
 * Strings: namespace `ic`, keys `production-work-order.*`.
 */
import { MONEY, QUANTITY } from '@erp/shared/entities/common';
import { defineEntity, type AnyEntity } from '@erp/shared/entities/define';
import { IC_ROLES } from '../masters/common.ts';

const NAME = 'production-work-order';
const lineLabel = (field: string) => `ic:${NAME}.fields.Components.fields.${field}`;

export const WORK_ORDER_SEQUENCE = 'IC-WORK-ORDER';
export const WORK_ORDER_STATES = ['Pending', 'Committed', 'Closed'] as const;

export const productionWorkOrder = defineEntity({
  name: NAME,
  namespace: 'ic',
  labelKey: `ic:${NAME}.title`,
  table: 'production_work_orders',
  key: 'WorkOrderId',
  keyKind: 'auto',
  application: 'NOVUS-IC',
  fields: {
    WorkOrderId: { type: 'integer' },
    WorkOrderNo: { type: 'text', maxLength: 30, readOnly: true },
    Status: {
      type: 'enum',
      readOnly: true,
      defaultValue: 'Pending',
      options: WORK_ORDER_STATES.map((value) => ({ value, labelKey: `ic:${NAME}.statuses.${value}` })),
    },
    ProductId: { type: 'lookup', entity: 'product', maxLength: 30, uppercase: true, required: true },
    WarehouseId: { type: 'lookup', entity: 'warehouse', maxLength: 10, uppercase: true, required: true, activeOnly: true },
    QuantityToProduce: { ...QUANTITY, required: true, min: '0.0001', minKey: `ic:${NAME}.rules.quantityPositive` },
    DateRequired: { type: 'date', required: true },
    ProducedToDate: { ...QUANTITY, readOnly: true, defaultValue: '0.0000' },
    Remaining: { ...QUANTITY, readOnly: true },
    ProducedValue: { ...MONEY, readOnly: true, defaultValue: '0.00' },
    BatchQuantity: { ...QUANTITY, min: '0', minKey: `ic:${NAME}.rules.quantityPositive` },
    BatchDate: { type: 'date' },
    ClosingReason: { type: 'text', maxLength: 100 },
    ClosedDate: { type: 'date', readOnly: true },
    Notes: { type: 'text', maxLength: 2000, format: 'multiline' },
    Components: {
      type: 'children',
      lines: true,
      labelKey: `ic:${NAME}.fields.Components.label`,
      table: 'production_work_order_components',
      parentColumn: 'work_order_id',
      key: 'LineId',
      maxItems: 500,
      fields: {
        LineId: { type: 'integer', labelKey: lineLabel('LineId') },
        ComponentId: { type: 'lookup', entity: 'product', maxLength: 30, uppercase: true, required: true, labelKey: lineLabel('ComponentId') },
        Factor: { type: 'decimal', precision: 14, scale: 4, required: true, min: '0.0001', minKey: `ic:${NAME}.rules.factorPositive`, labelKey: lineLabel('Factor') },
        Quantity: { ...QUANTITY, readOnly: true, labelKey: lineLabel('Quantity') },
        UsedToDate: { ...QUANTITY, readOnly: true, defaultValue: '0.0000', labelKey: lineLabel('UsedToDate') },
      },
    },
  },
  listColumns: [
    'WorkOrderNo',
    'ProductId',
    'WarehouseId',
    'Status',
    'DateRequired',
    { field: 'QuantityToProduce', total: 'sum' },
    { field: 'ProducedToDate', total: 'sum' },
    'Remaining',
    { field: 'ClosedDate', visible: false },
    { field: 'ClosingReason', visible: false },
  ],
  defaultSort: [{ field: 'WorkOrderId', descending: true }],
  filters: [
    { field: 'Status', op: 'in' },
    { field: 'ProductId', op: 'eq' },
    { field: 'WarehouseId', op: 'eq' },
    { field: 'DateRequired', op: 'range' },
    { field: 'WorkOrderNo', op: 'startsWith' },
  ],
  search: ['WorkOrderNo', 'ProductId'],
  indexes: [['Status', 'DateRequired']],
  roles: IC_ROLES,
  attachments: false,
  formLayout: {
    sections: [
      { rows: [['WorkOrderNo', 'Status'], ['ProductId', 'WarehouseId'], ['QuantityToProduce', 'DateRequired'], ['ProducedToDate', 'Remaining', 'ProducedValue']] },
      { titleKey: `ic:${NAME}.sections.batch`, rows: [['BatchQuantity', 'BatchDate']] },
      { titleKey: `ic:${NAME}.sections.closing`, rows: [['ClosingReason', 'ClosedDate'], ['Notes']] },
    ],
  },
  numbering: { sequence: WORK_ORDER_SEQUENCE, field: 'WorkOrderNo', prefix: 'WO' },
  computed: {
    Remaining: { op: 'sub', args: ['QuantityToProduce', 'ProducedToDate'] },
  },
  states: {
    field: 'Status',
    initial: 'Pending',
    // §4: edit and delete allowed only in Pending or Committed (delete also needs produced to date = 0).
    editable: ['Pending', 'Committed'],
    deletable: ['Pending', 'Committed'],
    transitions: [
      { action: 'commit', labelKey: `ic:${NAME}.actions.commit`, from: ['Pending'], to: 'Committed', irreversible: true, primary: true, hotkey: 'Alt+M' },
      { action: 'produce', labelKey: `ic:${NAME}.actions.produce`, from: ['Committed'], to: null, irreversible: true, confirmKey: `ic:${NAME}.confirm.produce`, hotkey: 'Alt+P' },
      { action: 'close', labelKey: `ic:${NAME}.actions.close`, from: ['Committed'], to: 'Closed', hotkey: 'Alt+L' },
      { action: 'reopen', labelKey: `ic:${NAME}.actions.reopen`, from: ['Closed'], to: 'Committed' },
    ],
  },
});

export const IC_PRODUCTION_ENTITIES: readonly AnyEntity[] = [productionWorkOrder as unknown as AnyEntity];
