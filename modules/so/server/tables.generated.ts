// Generated from the entity definitions by `npm run gen:table-types` (server/src/entities/table-types.ts): do not edit.
// A definition changed without regenerating fails server/test/table-types.test.ts.

import type { Generated, Kysely, Selectable, Transaction } from 'kysely';
import type { DB, RecordTrail, StoredDecimal } from '@erp/server/db/schema';
import type { ShellTables } from '@erp/modules/shell/server/tables.generated';
import type { GlTables } from '@erp/modules/gl/server/tables.generated';
import type { ArTables } from '@erp/modules/ar/server/tables.generated';
import type { IcTables } from '@erp/modules/ic/server/tables.generated';
import type { PoTables } from '@erp/modules/po/server/tables.generated';
import type { ApTables } from '@erp/modules/ap/server/tables.generated';
import type { OeTables } from '@erp/modules/oe/server/tables.generated';

export type SalesOrdersTable = RecordTrail & {
  order_key: Generated<number>;
  order_no: string | null;
  order_type: 'Regular' | 'TA' | 'TE' | null;
  channel: 'Desk' | 'Portal' | null;
  status: 'Entered' | 'Committed' | 'Shipped' | 'Invoiced' | 'Cancelled' | null;
  order_date: string | null;
  bill_to_id: string | null;
  customer_name: string | null;
  ship_to_id: string | null;
  province_code: string | null;
  warehouse_id: string | null;
  route_id: string | null;
  delivery_date: string | null;
  customer_po: string | null;
  terms_code: string | null;
  sales_rep: string | null;
  notes: string | null;
  portal_order_key: number | null;
  ship_date: string | null;
  invoice_id: number | null;
  invoice_no: string | null;
  journal_id: number | null;
  published_on: string | null;
  sub_total: StoredDecimal | null;
  tax_total: StoredDecimal | null;
  total: StoredDecimal | null;
};

export type SoLinesTable = {
  line_id: Generated<number>;
  order_key: number;
  product_id: string | null;
  description: string | null;
  quantity: StoredDecimal | null;
  price: StoredDecimal | null;
  override_price: StoredDecimal | null;
  unit_price: StoredDecimal | null;
  amount: StoredDecimal | null;
  tax_codes: string | null;
  tax_amount: StoredDecimal | null;
  available: StoredDecimal | null;
  stock_note: string | null;
  quantity_shipped: StoredDecimal | null;
  unit_cost: StoredDecimal | null;
  price_source: string | null;
  line_notes: string | null;
};

export type SoLineLotsTable = {
  lot_id: Generated<number>;
  line_id: number;
  lot_no: string | null;
  quantity: StoredDecimal | null;
  heat_no: string | null;
};

export type SoCashInsTable = RecordTrail & {
  cash_in_id: Generated<number>;
  cash_in_no: string | null;
  status: 'Open' | 'Posted' | null;
  cash_in_date: string | null;
  route_id: string | null;
  driver: string | null;
  bank_account_id: string | null;
  notes: string | null;
  total_paid: StoredDecimal | null;
};

export type SoCashInLinesTable = {
  line_id: Generated<number>;
  cash_in_id: number;
  order_key: number | null;
  order_no: string | null;
  bill_to_id: string | null;
  invoice_no: string | null;
  order_total: StoredDecimal | null;
  amount_paid: StoredDecimal | null;
  payment_id: string | null;
  receipt_no: string | null;
};

export type SoReturnsTable = RecordTrail & {
  return_id: Generated<number>;
  return_no: string | null;
  status: 'Open' | 'Received' | 'Credited' | null;
  return_date: string | null;
  order_key: number | null;
  order_no: string | null;
  bill_to_id: string | null;
  warehouse_id: string | null;
  reason: string | null;
  total: StoredDecimal | null;
  journal_id: number | null;
  credit_note_id: number | null;
  credit_note_no: string | null;
};

export type SoReturnLinesTable = {
  line_id: Generated<number>;
  return_id: number;
  product_id: string | null;
  quantity: StoredDecimal | null;
  unit_price: StoredDecimal | null;
  unit_cost: StoredDecimal | null;
  amount: StoredDecimal | null;
};

export type SoReturnLotsTable = {
  lot_id: Generated<number>;
  line_id: number;
  lot_no: string | null;
  quantity: StoredDecimal | null;
};

export type SoCommissionRunsTable = RecordTrail & {
  run_id: Generated<number>;
  run_no: string | null;
  status: 'Calculated' | 'Posted' | null;
  start_date: string | null;
  end_date: string | null;
  sales_rep: string | null;
  notes: string | null;
  voucher_date: string | null;
  bank_account_id: string | null;
  total: StoredDecimal | null;
};

export type SoCommissionLinesTable = {
  line_id: Generated<number>;
  run_id: number;
  sales_rep: string | null;
  invoice_no: string | null;
  order_no: string | null;
  bill_to_id: string | null;
  order_line_id: number | null;
  base: StoredDecimal | null;
  percent: StoredDecimal | null;
  amount: StoredDecimal | null;
  voucher_no: string | null;
};

export type SoTables = {
  sales_orders: SalesOrdersTable;
  so_lines: SoLinesTable;
  so_line_lots: SoLineLotsTable;
  so_cash_ins: SoCashInsTable;
  so_cash_in_lines: SoCashInLinesTable;
  so_returns: SoReturnsTable;
  so_return_lines: SoReturnLinesTable;
  so_return_lots: SoReturnLotsTable;
  so_commission_runs: SoCommissionRunsTable;
  so_commission_lines: SoCommissionLinesTable;
};

/** What module so's queries may name: the core's tables, its own and those of the modules it requires. */
export type SoDatabase = DB & SoTables & ShellTables & GlTables & ArTables & IcTables & PoTables & ApTables & OeTables;

/**
 * Module so's typed view of the one database, transaction or seed connection the engine hands it: the same
 * object (every module's tables are in the one database; the type says which this module may name).
 */
export function soDb<D>(db: Transaction<D>): Transaction<SoDatabase>;
export function soDb<D>(db: Kysely<D>): Kysely<SoDatabase>;
export function soDb<D>(db: Kysely<D>): Kysely<SoDatabase> {
  return db as unknown as Kysely<SoDatabase>;
}

export type SalesOrderRow = Selectable<SalesOrdersTable>;

export type DriverCashInRow = Selectable<SoCashInsTable>;

export type ProductReturnRow = Selectable<SoReturnsTable>;

export type CommissionRunRow = Selectable<SoCommissionRunsTable>;
