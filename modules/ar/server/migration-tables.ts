/**
 * Receivables' tables that its migrations create, not its entity definitions (./migration.ts, ./m0013-ar-fx.ts):
 * the one hand-written place of their types, joined into `ArTables` by the generated ./tables.generated.ts. Add a
 * table here when typed code first names it.
 */
import type { ColumnType, Generated } from 'kysely';
import type { StoredDecimal } from '@erp/server/db/schema';

/** A decimal column with a default: optional when inserting. */
type DefaultedDecimal = ColumnType<string | number | bigint, string | number | bigint | undefined, string | number | bigint>;

export type MigrationTables = {
  /** The open items of the receivables sub-ledger: one per invoice, credit, receipt … (subledger.ts). */
  ar_items: {
    item_id: Generated<number>;
    firm_id: string;
    ship_to_id: string | null;
    item_type: string;
    document_no: string;
    document_date: string;
    due_date: string;
    discount_date: string | null;
    discount_available: DefaultedDecimal;
    currency: ColumnType<string, string | undefined, string>;
    amount: StoredDecimal;
    open_balance: StoredDecimal;
    status: string;
    description: string | null;
    origin_type: string;
    origin_id: string;
    journal_id: number | null;
    created_by: string;
    created_on: string;
    foreign_amount: StoredDecimal | null;
    foreign_open_balance: StoredDecimal | null;
    exchange_rate: StoredDecimal | null;
  };
  /** Append-only: one row per application of a credit to an invoice (subledger.ts, receipts/applications.ts). */
  ar_applications: {
    application_id: Generated<number>;
    from_item_id: number;
    to_item_id: number;
    application_date: string;
    amount: StoredDecimal;
    discount: DefaultedDecimal;
    origin_type: string;
    origin_id: string;
    created_by: string;
    created_on: string;
  };
};
