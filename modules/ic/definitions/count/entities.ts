/**
 * The physical count cycle's records (issue 23 item 4; spec §3 Warehouse count, §4 Warehouse count stage, §5
 * "A product must exist and have tracked stock. For a count it must be frozen … A product already added is
 * rejected.", "A tag number is required."; SCREENS.md WP4 PC-01 … PC-10). Server rules: modules/ic/server/count/.
 *
 * - `warehouse-count` (`warehouse_counts`): one count cycle of one warehouse — CountNo (sequence `IC-COUNT`,
 *   prefix CNT), CountDate, Status (Frozen → Counted → Posted; Discarded when a re-freeze replaces it), the
 *   snapshot's figures. Written only by the cycle's processes (no write role): its Status mirrors
 *   `warehouses.count_stage` while the count is open.
 * - `count-line` (`count_lines`): the freeze's snapshot, one line per product × lot in the warehouse — book
 *   quantity and unit cost (moving average) at the freeze — and what was counted: CountedQty (entered by class
 *   or by product), TagQty (posted tags), TotalCounted, the variance (TotalCounted − FrozenQty) and its value at
 *   the snapshot cost (after posting, the value the stock ledger wrote). Created by the freeze, or by "add
 *   found products" (a product or lot the freeze did not hold: the only create through the API); only
 *   CountedQty changes afterwards, and only while the warehouse is Frozen.
 * - `count-tag` (`count_tags`): a count tag — TagNo (required, one per count), product, lot, quantity —
 *   Open → Posted: posting adds the quantity to the product's line (needs Frozen).
 * IsOpen marks lines and tags of the warehouse's open count; the screens preset that filter.
 */
import { QUANTITY, MONEY } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';
import { editedWhile } from '@erp/shared/entities/posted-document';
import { IC, IC_ROLES } from '../masters/common.ts';

export const COUNT_STATUSES = ['Frozen', 'Counted', 'Posted', 'Discarded'] as const;
export const COUNT_SEQUENCE = 'IC-COUNT';

const COST = { type: 'decimal', precision: 15, scale: 4 } as const;
const READ_ONLY = { readOnly: true } as const;
/** Keys and flags the lists filter on, not shown in the forms. */
const INTERNAL = { readOnly: true, widget: 'none', internal: true } as const;

/** Count lines and tags: kept by the stock desk (IC_ROLES), read by the same roles. */
const COUNT_ROLES = IC_ROLES;

export const warehouseCount = defineEntity({
  name: 'warehouse-count',
  namespace: IC,
  table: 'warehouse_counts',
  key: 'CountId',
  keyKind: 'auto',
  application: 'NOVUS-IC',
  fields: {
    CountId: { type: 'integer', ...READ_ONLY },
    CountNo: { type: 'text', maxLength: 20, ...READ_ONLY },
    WarehouseId: { type: 'lookup', entity: 'warehouse', maxLength: 10, uppercase: true, required: true },
    CountDate: { type: 'date', required: true },
    Status: { type: 'enum', required: true, defaultValue: 'Frozen', options: COUNT_STATUSES.map((value) => ({ value, labelKey: `ic:warehouse-count.options.${value}` })) },
    Products: { type: 'integer', ...READ_ONLY },
    FrozenValue: { ...MONEY, ...READ_ONLY },
    PostedValue: { ...MONEY, ...READ_ONLY },
    FrozenBy: { type: 'text', maxLength: 60, ...READ_ONLY },
    FrozenOn: { type: 'datetime', ...READ_ONLY },
    PostedOn: { type: 'datetime', ...READ_ONLY },
  },
  listColumns: ['CountNo', 'WarehouseId', 'CountDate', 'Status', 'Products', 'FrozenValue', 'PostedValue'],
  defaultSort: [{ field: 'CountId', descending: true }],
  filters: [{ field: 'WarehouseId', op: 'eq' }, { field: 'Status', op: 'in' }],
  roles: { read: COUNT_ROLES.read, write: [] },
  attachments: false,
  numbering: { sequence: COUNT_SEQUENCE, field: 'CountNo', prefix: 'CNT' },
});

/** The warehouse of a count record: only a Frozen one takes new lines and tags (the lookup offers those). */
const FROZEN_WAREHOUSE = {
  type: 'lookup',
  entity: 'warehouse',
  maxLength: 10,
  uppercase: true,
  required: true,
  where: { CountStage: 'Frozen' },
  whereKeys: { CountStage: 'ic:count.rules.warehouseNotFrozen' },
} as const;

/** §5: the product must exist and track stock (the lookup offers those only). */
const COUNTED_PRODUCT = {
  type: 'lookup',
  entity: 'product',
  maxLength: 30,
  uppercase: true,
  required: true,
  where: { TrackInventory: true },
  whereKeys: { TrackInventory: 'ic:count.rules.productNotTracked' },
} as const;

export const countLine = defineEntity({
  name: 'count-line',
  namespace: IC,
  table: 'count_lines',
  key: 'LineId',
  keyKind: 'auto',
  application: 'NOVUS-IC',
  fields: {
    LineId: { type: 'integer', ...INTERNAL },
    CountId: { type: 'integer', ...INTERNAL },
    WarehouseId: FROZEN_WAREHOUSE,
    ProductId: COUNTED_PRODUCT,
    LotNo: { type: 'text', maxLength: 30 },
    Description: { type: 'text', maxLength: 100, ...READ_ONLY },
    ClassId: { type: 'lookup', entity: 'product-class', maxLength: 10, uppercase: true, ...READ_ONLY },
    FrozenQty: { ...QUANTITY, ...READ_ONLY },
    UnitCost: { ...COST, ...READ_ONLY },
    CountedQty: { ...QUANTITY, min: '0.0000', minKey: 'ic:count.rules.quantityNegative' },
    TagQty: { ...QUANTITY, ...READ_ONLY },
    TotalCounted: { ...QUANTITY, ...READ_ONLY },
    VarianceQty: { ...QUANTITY, ...READ_ONLY },
    VarianceValue: { ...MONEY, ...READ_ONLY },
    IsCounted: { type: 'boolean', defaultValue: false, ...READ_ONLY },
    IsFound: { type: 'boolean', defaultValue: false, ...READ_ONLY },
    IsOpen: { type: 'boolean', defaultValue: true, ...INTERNAL },
  },
  listColumns: [
    'WarehouseId',
    'ProductId',
    { field: 'Description', width: 240 },
    'LotNo',
    'ClassId',
    'FrozenQty',
    // The entry view (PC-03 by class, PC-04 by product): counted quantities typed down the list.
    { field: 'CountedQty', edit: true },
    'TagQty',
    'TotalCounted',
    'VarianceQty',
    'UnitCost',
    { field: 'VarianceValue', total: 'sum' },
    'IsCounted',
    { field: 'IsFound', visible: false },
  ],
  defaultSort: [{ field: 'WarehouseId' }, { field: 'ProductId' }, { field: 'LotNo' }],
  filters: [
    { field: 'WarehouseId', op: 'eq' },
    { field: 'ClassId', op: 'eq' },
    { field: 'ProductId', op: 'startsWith' },
    { field: 'IsCounted', op: 'eq' },
    { field: 'IsFound', op: 'eq' },
    { field: 'IsOpen', op: 'eq' },
  ],
  search: ['ProductId', 'Description', 'LotNo'],
  indexes: [['CountId', 'ProductId'], ['WarehouseId', 'IsOpen', 'ProductId'], ['ClassId', 'ProductId']],
  roles: COUNT_ROLES,
  attachments: false,
  displayField: 'ProductId',
  formLayout: {
    sections: [
      // The count first: entering it is what the screens are opened for (the focus lands on it).
      { rows: [['CountedQty', 'ProductId', 'LotNo'], ['WarehouseId', 'Description', 'ClassId']] },
      { titleKey: 'ic:count-line.sections.figures', rows: [['FrozenQty', 'UnitCost'], ['TagQty', 'TotalCounted'], ['VarianceQty', 'VarianceValue'], ['IsCounted', 'IsFound', 'IsOpen', 'LineId', 'CountId']] },
    ],
  },
});

export const TAG_STATUSES = ['Open', 'Posted'] as const;

export const countTag = defineEntity({
  name: 'count-tag',
  namespace: IC,
  table: 'count_tags',
  key: 'TagId',
  keyKind: 'auto',
  numberField: 'TagNo',
  application: 'NOVUS-IC',
  fields: {
    TagId: { type: 'integer', ...INTERNAL },
    // §5 "A tag number is required."
    TagNo: { type: 'text', required: true, maxLength: 20, uppercase: true, requiredKey: 'ic:count.rules.tagRequired' },
    WarehouseId: FROZEN_WAREHOUSE,
    ProductId: COUNTED_PRODUCT,
    LotNo: { type: 'text', maxLength: 30 },
    Quantity: { ...QUANTITY, required: true, min: '0.0000', minKey: 'ic:count.rules.quantityNegative' },
    Status: { type: 'enum', required: true, defaultValue: 'Open', options: TAG_STATUSES.map((value) => ({ value, labelKey: `ic:count-tag.options.${value}` })) },
    CountId: { type: 'integer', ...INTERNAL },
    IsOpen: { type: 'boolean', defaultValue: true, ...INTERNAL },
  },
  listColumns: ['TagNo', 'WarehouseId', 'ProductId', 'LotNo', 'Quantity', 'Status'],
  defaultSort: [{ field: 'TagNo' }],
  filters: [
    { field: 'WarehouseId', op: 'eq' },
    { field: 'Status', op: 'in' },
    { field: 'ProductId', op: 'startsWith' },
    { field: 'IsOpen', op: 'eq' },
  ],
  search: ['TagNo', 'ProductId', 'LotNo'],
  indexes: [['CountId', 'TagNo'], ['CountId', 'ProductId'], ['WarehouseId', 'IsOpen', 'TagNo']],
  roles: COUNT_ROLES,
  attachments: false,
  displayField: 'TagNo',
  formLayout: { sections: [{ rows: [['TagNo', 'WarehouseId'], ['ProductId', 'LotNo'], ['Quantity', 'Status', 'TagId', 'CountId', 'IsOpen']] }] },
  states: editedWhile('Open', [{ action: 'post', labelKey: 'ic:count-tag.actions.post', from: ['Open'], to: 'Posted', irreversible: true, hotkey: 'Alt+P', primary: true }]),
});

export const IC_COUNT_ENTITIES = [warehouseCount, countLine, countTag] as const;
