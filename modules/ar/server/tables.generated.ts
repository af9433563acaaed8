// Generated from the entity definitions by `npm run gen:table-types` (server/src/entities/table-types.ts): do not edit.
// A definition changed without regenerating fails server/test/table-types.test.ts.

import type { Generated, Kysely, Selectable, Transaction } from 'kysely';
import type { DB, Flag, RecordTrail, StoredDecimal } from '@erp/server/db/schema';
import type { ShellTables } from '@erp/modules/shell/server/tables.generated';
import type { GlTables } from '@erp/modules/gl/server/tables.generated';
import type { MigrationTables } from './migration-tables.ts';

export type ArAccountTermsTable = RecordTrail & {
  terms_code: string;
  description: string | null;
  net_days: number | null;
  discount_percent: StoredDecimal | null;
  discount_days: number | null;
  is_active: Flag;
};

export type SalesRepsTable = RecordTrail & {
  sales_rep_id: string;
  name: string | null;
  commission_percent: StoredDecimal | null;
  vendor_id: string | null;
  email: string | null;
  phone: string | null;
  is_active: Flag;
};

export type SalesTaxAuthoritiesTable = RecordTrail & {
  authority_id: string;
  name: string | null;
  registration_no: string | null;
  is_active: Flag;
};

export type SalesTaxRatesTable = RecordTrail & {
  rate_key: Generated<number>;
  authority_id: string | null;
  province_code: string | null;
  effective_date: string | null;
  rate_percent: StoredDecimal | null;
  account_id: string | null;
  description: string | null;
};

export type SalesTaxGroupsTable = RecordTrail & {
  group_id: string;
  description: string | null;
  is_active: Flag;
};

export type SalesTaxGroupAuthoritiesTable = {
  group_id: string;
  authority_id: string;
};

export type ArInvoicesTable = RecordTrail & {
  invoice_id: Generated<number>;
  document_no: string | null;
  status: 'Draft' | 'Posted' | 'Paid' | 'Credited' | null;
  journal_id: number | null;
  document_type: 'Invoice' | 'CreditNote' | null;
  invoice_date: string | null;
  bill_to_id: string | null;
  ship_to_id: string | null;
  terms_code: string | null;
  sales_rep: string | null;
  currency: 'CAD' | null;
  reference: string | null;
  description: string | null;
  province_code: string | null;
  due_date: string | null;
  discount_date: string | null;
  discount_available: StoredDecimal | null;
  credit_of: string | null;
  credited_by: string | null;
  sub_total: StoredDecimal | null;
  tax_total: StoredDecimal | null;
  total: StoredDecimal | null;
};

export type ArInvoiceLinesTable = {
  line_id: Generated<number>;
  invoice_id: number;
  description: string | null;
  account_id: string | null;
  quantity: StoredDecimal | null;
  unit_price: StoredDecimal | null;
  tax_group: string | null;
  amount: StoredDecimal | null;
  tax_codes: string | null;
  tax_amount: StoredDecimal | null;
};

export type ArItemsTable = RecordTrail & {
  document_no: string;
  firm_id: string | null;
  item_type: string | null;
  document_date: string | null;
  due_date: string | null;
  currency: string | null;
  open_balance: StoredDecimal | null;
  discount_available: StoredDecimal | null;
  discount_date: string | null;
  status: string | null;
};

export type ArCashReceiptsTable = RecordTrail & {
  receipt_id: Generated<number>;
  document_no: string | null;
  status: 'Draft' | 'Posted' | null;
  journal_id: number | null;
  firm_id: string | null;
  bank_account_id: string | null;
  receipt_date: string | null;
  currency_code: string | null;
  amount: StoredDecimal | null;
  exchange_rate: StoredDecimal | null;
  home_amount: StoredDecimal | null;
  reference: string | null;
  description: string | null;
  unapplied: StoredDecimal | null;
  applied_total: StoredDecimal | null;
  discount_total: StoredDecimal | null;
  remaining_to_apply: StoredDecimal | null;
  open_credit: StoredDecimal | null;
  ar_item_id: number | null;
};

export type ArCashReceiptLinesTable = {
  line_id: Generated<number>;
  receipt_id: number;
  invoice_no: string | null;
  item_id: number | null;
  due_date: string | null;
  balance: StoredDecimal | null;
  discount_available: StoredDecimal | null;
  payment: StoredDecimal | null;
  discount: StoredDecimal | null;
};

export type ArCreditApplicationsTable = RecordTrail & {
  application_id: Generated<number>;
  document_no: string | null;
  status: 'Draft' | 'Posted' | null;
  journal_id: number | null;
  firm_id: string | null;
  application_date: string | null;
  credit_no: string | null;
  credit_item_id: number | null;
  currency_code: string | null;
  credit_available: StoredDecimal | null;
  description: string | null;
  applied_total: StoredDecimal | null;
  discount_total: StoredDecimal | null;
};

export type ArCreditApplicationLinesTable = {
  line_id: Generated<number>;
  application_id: number;
  invoice_no: string | null;
  item_id: number | null;
  due_date: string | null;
  balance: StoredDecimal | null;
  discount_available: StoredDecimal | null;
  payment: StoredDecimal | null;
  discount: StoredDecimal | null;
};

export type ArWriteOffsTable = RecordTrail & {
  write_off_id: Generated<number>;
  document_no: string | null;
  status: 'Draft' | 'Posted' | null;
  journal_id: number | null;
  firm_id: string | null;
  write_off_date: string | null;
  invoice_no: string | null;
  item_id: number | null;
  currency_code: string | null;
  balance: StoredDecimal | null;
  amount: StoredDecimal | null;
  reason: string | null;
};

export type FiscalPeriodsArColumns = {
  closed_ar: Flag;
};

export type FirmsArColumns = {
  account_terms: string | null;
  credit_limit: StoredDecimal | null;
  sales_rep: string | null;
  commission_percent: StoredDecimal | null;
  is_sales_manager: Flag;
  card_holder_name: string | null;
  card_type: 'VISA' | 'MC' | 'AMEX' | null;
  card_last4: string | null;
  card_expiry: string | null;
};

export type ArTables = {
  ar_account_terms: ArAccountTermsTable;
  sales_reps: SalesRepsTable;
  sales_tax_authorities: SalesTaxAuthoritiesTable;
  sales_tax_rates: SalesTaxRatesTable;
  sales_tax_groups: SalesTaxGroupsTable;
  sales_tax_group_authorities: SalesTaxGroupAuthoritiesTable;
  ar_invoices: ArInvoicesTable;
  ar_invoice_lines: ArInvoiceLinesTable;
  ar_items: ArItemsTable;
  ar_cash_receipts: ArCashReceiptsTable;
  ar_cash_receipt_lines: ArCashReceiptLinesTable;
  ar_credit_applications: ArCreditApplicationsTable;
  ar_credit_application_lines: ArCreditApplicationLinesTable;
  ar_write_offs: ArWriteOffsTable;
  fiscal_periods: FiscalPeriodsArColumns;
  firms: FirmsArColumns;
} & MigrationTables;

/** What module ar's queries may name: the core's tables, its own and those of the modules it requires. */
export type ArDatabase = DB & ArTables & ShellTables & GlTables;

/**
 * Module ar's typed view of the one database, transaction or seed connection the engine hands it: the same
 * object (every module's tables are in the one database; the type says which this module may name).
 */
export function arDb<D>(db: Transaction<D>): Transaction<ArDatabase>;
export function arDb<D>(db: Kysely<D>): Kysely<ArDatabase>;
export function arDb<D>(db: Kysely<D>): Kysely<ArDatabase> {
  return db as unknown as Kysely<ArDatabase>;
}

export type AccountTermsRow = Selectable<ArAccountTermsTable>;

export type SalesRepRow = Selectable<SalesRepsTable>;

export type SalesTaxAuthorityRow = Selectable<SalesTaxAuthoritiesTable>;

export type SalesTaxRateRow = Selectable<SalesTaxRatesTable>;

export type SalesTaxGroupRow = Selectable<SalesTaxGroupsTable>;

export type ArInvoiceRow = Selectable<ArInvoicesTable>;

export type ArOpenItemRow = Selectable<ArItemsTable>;

export type CashReceiptRow = Selectable<ArCashReceiptsTable>;

export type ArCreditApplicationRow = Selectable<ArCreditApplicationsTable>;

export type ArWriteOffRow = Selectable<ArWriteOffsTable>;
