/**
 * The G/L's tables that its migrations create, not its entity definitions (migrations/m0005-ledger.ts,
 * bank-reconciliation/migration.ts): the one hand-written place of their types, joined into `GlDatabase` by the
 * generated ./tables.generated.ts. Add a table here when typed code first names it.
 */
import type { ColumnType, Generated } from 'kysely';
import type { StoredDecimal } from '@erp/server/db/schema';

export type MigrationTables = {
  /** The posted ledger: one row per journal line, never updated (ledger/posting.ts). */
  gl_entries: {
    /** bigserial on PostgreSQL (read as a string by node-postgres), integer on SQLite. */
    entry_id: Generated<number | string>;
    journal_id: number;
    document_no: string;
    line_no: number;
    account_id: string;
    entry_date: string;
    fiscal_year: number;
    period_no: number;
    source: string;
    data_type: ColumnType<string, string | undefined, string>;
    amount: StoredDecimal;
    description: string | null;
    origin_type: string | null;
    origin_id: string | null;
    reversal_of: string | null;
    created_by: string;
    created_on: string;
  };
  bank_reconciliations: {
    reconciliation_id: Generated<number>;
    bank_account_id: string;
    gl_account_id: string;
    statement_date: string;
    statement_balance: StoredDecimal;
    opening_balance: StoredDecimal;
    cleared_total: StoredDecimal;
    book_balance: StoredDecimal;
    status: string;
    created_by: string;
    created_on: string;
    updated_by: string;
    updated_on: string;
    version: ColumnType<number, number | undefined, number>;
  };
  /** Actual debits and credits per account and period, added to by every posting (ledger/posting.ts). */
  gl_balances: {
    account_id: string;
    fiscal_year: number;
    period_no: number;
    debit: StoredDecimal;
    credit: StoredDecimal;
  };
  /** A fiscal year's year-end state (migrations/m0006-year-end.ts; no row: Open). */
  year_end_runs: {
    fiscal_year: number;
    state: 'Open' | 'Closed' | 'Locked';
    closing_document: string | null;
    reversal_document: string | null;
    net_income: StoredDecimal | null;
    updated_by: string;
    updated_on: string;
  };
  /** The entries a completed reconciliation cleared (bigint key: the entry's). */
  bank_reconciliation_marks: { entry_id: number | string; reconciliation_id: number };
};
