/**
 * Inventory's tables that its migrations create, not its entity definitions (stock/migration.ts): the one
 * hand-written place of their types, joined into `IcTables` by the generated ./tables.generated.ts. Add a table here
 * when typed code first names it.
 */
import type { ColumnType } from 'kysely';

/** A decimal column with a default of 0: optional when inserting. */
type DefaultedDecimal = ColumnType<string | number | bigint, string | number | bigint | undefined, string | number | bigint>;

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
};
