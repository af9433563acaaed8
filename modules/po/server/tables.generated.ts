// Generated from the entity definitions by `npm run gen:table-types` (server/src/entities/table-types.ts): do not edit.
// A definition changed without regenerating fails server/test/table-types.test.ts.

import type { Generated, Kysely, Selectable, Transaction } from 'kysely';
import type { DB, Flag, RecordTrail, StoredDecimal } from '@erp/server/db/schema';
import type { ShellTables } from '@erp/modules/shell/server/tables.generated';
import type { GlTables } from '@erp/modules/gl/server/tables.generated';
import type { ArTables } from '@erp/modules/ar/server/tables.generated';
import type { IcTables } from '@erp/modules/ic/server/tables.generated';

export type PurchaseOrdersTable = RecordTrail & {
  po_id: Generated<number>;
  po_no: string | null;
  order_date: string | null;
  status: 'Open' | 'PartiallyReceived' | 'Received' | 'Closed' | 'Cancelled' | null;
  receivable: Flag;
  vendor_id: string | null;
  vendor_name: string | null;
  bill_to_id: string | null;
  ship_to_id: string | null;
  ship_date: string | null;
  eta: string | null;
  container: string | null;
  terms_code: string | null;
  ship_via: string | null;
  sales_order_no: string | null;
  notes: string | null;
  sub_total: StoredDecimal | null;
  discount_percent: StoredDecimal | null;
  discount_amount: StoredDecimal | null;
  surcharge: StoredDecimal | null;
  shipping: StoredDecimal | null;
  total: StoredDecimal | null;
};

export type PurchaseOrderLinesTable = {
  line_id: Generated<number>;
  po_id: number;
  product_id: string | null;
  quantity_ordered: StoredDecimal | null;
  unit_price: StoredDecimal | null;
  amount: StoredDecimal | null;
  quantity_received: StoredDecimal | null;
  quantity_invoiced: StoredDecimal | null;
  vendor_item_no: string | null;
  description: string | null;
  required_date: string | null;
  line_notes: string | null;
};

export type PoReceiptsTable = RecordTrail & {
  receipt_id: Generated<number>;
  receipt_no: string | null;
  status: 'Open' | 'Posted' | null;
  po_id: number | null;
  po_no: string | null;
  vendor_id: string | null;
  warehouse_id: string | null;
  receipt_date: string | null;
  packing_slip: string | null;
  waybill: string | null;
  carrier: string | null;
  skids: number | null;
  boxes: number | null;
  inspected: Flag;
  freight: StoredDecimal | null;
  notes: string | null;
  journal_id: number | null;
  total_quantity: StoredDecimal | null;
  total_cost: StoredDecimal | null;
  invoiceable: Flag;
};

export type PoReceiptLinesTable = {
  line_id: Generated<number>;
  receipt_id: number;
  product_id: string | null;
  quantity_received: StoredDecimal | null;
  unit_cost: StoredDecimal | null;
  extended_cost: StoredDecimal | null;
  po_line_id: number | null;
};

export type PoReceiptLotsTable = {
  lot_id: Generated<number>;
  line_id: number;
  lot_no: string | null;
  quantity: StoredDecimal | null;
  heat_no: string | null;
  manufacturer_coil_no: string | null;
  gauge: StoredDecimal | null;
  width: StoredDecimal | null;
  length: StoredDecimal | null;
  inside_diameter: StoredDecimal | null;
  outside_diameter: StoredDecimal | null;
  coil_weight: StoredDecimal | null;
};

export type PoTables = {
  purchase_orders: PurchaseOrdersTable;
  purchase_order_lines: PurchaseOrderLinesTable;
  po_receipts: PoReceiptsTable;
  po_receipt_lines: PoReceiptLinesTable;
  po_receipt_lots: PoReceiptLotsTable;
};

/** What module po's queries may name: the core's tables, its own and those of the modules it requires. */
export type PoDatabase = DB & PoTables & ShellTables & GlTables & ArTables & IcTables;

/**
 * Module po's typed view of the one database, transaction or seed connection the engine hands it: the same
 * object (every module's tables are in the one database; the type says which this module may name).
 */
export function poDb<D>(db: Transaction<D>): Transaction<PoDatabase>;
export function poDb<D>(db: Kysely<D>): Kysely<PoDatabase>;
export function poDb<D>(db: Kysely<D>): Kysely<PoDatabase> {
  return db as unknown as Kysely<PoDatabase>;
}

export type PurchaseOrderRow = Selectable<PurchaseOrdersTable>;

export type PoReceiptRow = Selectable<PoReceiptsTable>;
