/**
 * Inventory's tables that its migrations create, not its entity definitions (stock/migration.ts): the one
 * hand-written place of their types, joined into `IcTables` by the generated ./tables.generated.ts. Add a table here
 * when typed code first names it.
 */
import type { ColumnType, Generated } from 'kysely';
import type { DefaultedDecimal, StoredDecimal } from '@erp/server/db/schema';

export type MigrationTables = {
  /** On hand, committed and value per product and warehouse, kept by the stock ledger (stock/ledger.ts). */
  stock_balances: {
    product_id: string;
    warehouse_id: string;
    on_hand: DefaultedDecimal;
    committed: DefaultedDecimal;
    value: DefaultedDecimal;
    average_cost: DefaultedDecimal;
    last_cost: DefaultedDecimal;
    last_receipt_date: string | null;
    last_issue_date: string | null;
    updated_on: string;
  };
  /** One row per stock movement, append-only (stock/ledger.ts). */
  stock_ledger: {
    entry_id: Generated<number>;
    product_id: string;
    warehouse_id: string;
    lot_no: ColumnType<string, string | undefined, string>;
    movement_date: string;
    quantity: StoredDecimal;
    unit_cost: StoredDecimal;
    value: StoredDecimal;
    qty_after: StoredDecimal;
    value_after: StoredDecimal;
    voucher_type: string;
    voucher_id: string;
    voucher_no: string;
    voucher_line: number;
    reversal_of: number | null;
    created_by: string;
    created_on: string;
  };
  /** On hand per product, warehouse and lot (stock/ledger.ts). */
  stock_lot_balances: {
    product_id: string;
    warehouse_id: string;
    lot_no: string;
    on_hand: DefaultedDecimal;
  };
  /** The stock years the inventory year end closed (reports/year-end.ts). */
  stock_closed_years: {
    fiscal_year: number;
    closed_by: string;
    closed_on: string;
  };
  /** The year end's snapshot per closed year, product and warehouse (reports/year-end.ts). */
  stock_year_snapshots: {
    fiscal_year: number;
    product_id: string;
    warehouse_id: string;
    on_hand: StoredDecimal;
    value: StoredDecimal;
    created_by: string;
    created_on: string;
  };
  /** One row per batch a production work order produced (production/production.ts). */
  production_batches: {
    batch_id: Generated<number>;
    work_order_id: number;
    batch_no: number;
    batch_date: string;
    quantity: StoredDecimal;
    value: StoredDecimal;
    document_no: string;
    created_by: string;
    created_on: string;
  };
};
