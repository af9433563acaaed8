// Generated from the entity definitions by `npm run gen:table-types` (server/src/entities/table-types.ts): do not edit.
// A definition changed without regenerating fails server/test/table-types.test.ts.

import type { Generated, Kysely, Selectable, Transaction } from 'kysely';
import type { DB, Flag, RecordTrail, StoredDecimal } from '@erp/server/db/schema';
import type { ShellTables } from '@erp/modules/shell/server/tables.generated';
import type { MigrationTables } from './migration-tables.ts';

export type GlAccountsTable = RecordTrail & {
  account_id: string;
  description: string | null;
  account_type: 'asset' | 'liability' | 'equity' | 'revenue' | 'expense' | null;
  currency_code: string | null;
  is_postable: Flag;
  is_control: Flag;
  is_active: Flag;
};

export type GlControlTable = RecordTrail & {
  control_id: string;
  segment_layout: string | null;
  retained_earnings_account: string | null;
  current_fiscal_year: number | null;
  home_currency: string | null;
};

export type GlIntegrationTable = RecordTrail & {
  integration_key: Generated<number>;
  sub_ledger: 'GL' | 'BK' | 'AR' | 'IC' | 'PO' | 'AP' | 'OE' | 'PR' | null;
  transaction_type: string | null;
  description: string | null;
  account_id: string | null;
};

export type FxRatesTable = RecordTrail & {
  rate_key: Generated<number>;
  from_currency: string | null;
  to_currency: string | null;
  effective_date: string | null;
  rate: StoredDecimal | null;
  fluctuation: StoredDecimal | null;
};

export type BankAccountsTable = RecordTrail & {
  bank_account_id: string;
  name: string | null;
  account_name: string | null;
  cpa_code: string | null;
  institution_transit: string | null;
  eft_originator_id: string | null;
  account_number: string | null;
  currency_code: string | null;
  gl_account_id: string | null;
  default_for_payroll: Flag;
  eft_status: 'Inactive' | 'Test' | 'Active' | null;
};

export type FiscalPeriodsTable = RecordTrail & {
  period_id: Generated<number>;
  fiscal_year: number | null;
  period_no: number | null;
  start_date: string | null;
  end_date: string | null;
  closed_gl: Flag;
};

export type GlJournalsTable = RecordTrail & {
  journal_id: Generated<number>;
  journal_date: string | null;
  source: 'GL' | 'BK' | 'YE' | 'FX' | 'AR' | 'IC' | 'AP' | 'PR' | null;
  data_type: 'Actual' | 'Budget' | null;
  status: 'Open' | 'Closed' | null;
  description: string | null;
};

export type GlJournalEntriesTable = RecordTrail & {
  entry_id: Generated<number>;
  document_no: string | null;
  status: 'Draft' | 'Posted' | 'Reversed' | null;
  journal_id: number | null;
  entry_date: string | null;
  description: string | null;
  reversal_of: string | null;
  reversed_by: string | null;
  total_debit: StoredDecimal | null;
  total_credit: StoredDecimal | null;
  balance: StoredDecimal | null;
};

export type GlJournalEntryLinesTable = {
  line_id: Generated<number>;
  entry_id: number;
  account_id: string | null;
  description: string | null;
  debit: StoredDecimal | null;
  credit: StoredDecimal | null;
  amount: StoredDecimal | null;
};

export type GlFsRowsTable = RecordTrail & {
  row_id: Generated<number>;
  format_id: string | null;
  sequence: number | null;
  description: string | null;
};

export type GlFsRowDetailsTable = RecordTrail & {
  detail_id: Generated<number>;
  row_id: number | null;
  from_account: string | null;
  to_account: string | null;
  total_of_sequence: number | null;
  reverse_sign: Flag;
};

export type GlFsColumnsTable = RecordTrail & {
  column_id: Generated<number>;
  format_id: string | null;
  column_no: number | null;
  description: string | null;
};

export type GlFsColumnDetailsTable = RecordTrail & {
  detail_id: Generated<number>;
  column_id: number | null;
  range: 'Period' | 'YearToDate' | 'Balance' | null;
  reverse_sign: Flag;
  divide_by: number | null;
  year_offset: number | null;
};

export type GlTables = {
  gl_accounts: GlAccountsTable;
  gl_control: GlControlTable;
  gl_integration: GlIntegrationTable;
  fx_rates: FxRatesTable;
  bank_accounts: BankAccountsTable;
  fiscal_periods: FiscalPeriodsTable;
  gl_journals: GlJournalsTable;
  gl_journal_entries: GlJournalEntriesTable;
  gl_journal_entry_lines: GlJournalEntryLinesTable;
  gl_fs_rows: GlFsRowsTable;
  gl_fs_row_details: GlFsRowDetailsTable;
  gl_fs_columns: GlFsColumnsTable;
  gl_fs_column_details: GlFsColumnDetailsTable;
} & MigrationTables;

/** What module gl's queries may name: the core's tables, its own and those of the modules it requires. */
export type GlDatabase = DB & GlTables & ShellTables;

/**
 * Module gl's typed view of the one database, transaction or seed connection the engine hands it: the same
 * object (every module's tables are in the one database; the type says which this module may name).
 */
export function glDb<D>(db: Transaction<D>): Transaction<GlDatabase>;
export function glDb<D>(db: Kysely<D>): Kysely<GlDatabase>;
export function glDb<D>(db: Kysely<D>): Kysely<GlDatabase> {
  return db as unknown as Kysely<GlDatabase>;
}

export type GlAccountRow = Selectable<GlAccountsTable>;

export type GlControlRow = Selectable<GlControlTable>;

export type GlIntegrationRow = Selectable<GlIntegrationTable>;

export type ForeignExchangeRow = Selectable<FxRatesTable>;

export type BankAccountRow = Selectable<BankAccountsTable>;

export type AccountingPeriodRow = Selectable<FiscalPeriodsTable>;

export type AccountingJournalRow = Selectable<GlJournalsTable>;

export type GlJournalEntryRow = Selectable<GlJournalEntriesTable>;

export type FinancialStatementRowRow = Selectable<GlFsRowsTable>;

export type FinancialStatementRowDetailRow = Selectable<GlFsRowDetailsTable>;

export type FinancialStatementColumnRow = Selectable<GlFsColumnsTable>;

export type FinancialStatementColumnDetailRow = Selectable<GlFsColumnDetailsTable>;
