// Generated from the entity definitions by `npm run gen:table-types` (server/src/entities/table-types.ts): do not edit.
// A definition changed without regenerating fails server/test/table-types.test.ts.

import type { Generated, Kysely, Selectable, Transaction } from 'kysely';
import type { DB, Flag, RecordTrail, StoredDecimal } from '@erp/server/db/schema';
import type { ShellTables } from '@erp/modules/shell/server/tables.generated';
import type { GlTables } from '@erp/modules/gl/server/tables.generated';
import type { ArTables } from '@erp/modules/ar/server/tables.generated';
import type { IcTables } from '@erp/modules/ic/server/tables.generated';
import type { PoTables } from '@erp/modules/po/server/tables.generated';
import type { MigrationTables } from './migration-tables.ts';

export type ApInvoicesTable = RecordTrail & {
  invoice_id: Generated<number>;
  document_no: string | null;
  status: 'Draft' | 'Exception' | 'Posted' | 'OnHold' | 'Paid' | null;
  document_type: 'Invoice' | 'CreditNote' | 'DebitNote' | null;
  vendor_id: string | null;
  vendor_name: string | null;
  transaction_date: string | null;
  vendor_doc_no: string | null;
  doc_date: string | null;
  amount: StoredDecimal | null;
  terms_code: string | null;
  ship_to_state: string | null;
  bank_account_id: string | null;
  currency: string | null;
  exchange_rate: StoredDecimal | null;
  home_amount: StoredDecimal | null;
  receipt_id: number | null;
  reference: string | null;
  description: string | null;
  due_date: string | null;
  discount_date: string | null;
  discount_available: StoredDecimal | null;
  sub_total: StoredDecimal | null;
  tax_total: StoredDecimal | null;
  remaining: StoredDecimal | null;
  variance: StoredDecimal | null;
  balance: StoredDecimal | null;
  accepted_by: string | null;
  journal_id: number | null;
};

export type ApInvoiceLinesTable = {
  line_id: Generated<number>;
  invoice_id: number;
  receipt_line_id: number | null;
  product_id: string | null;
  description: string | null;
  account_id: string | null;
  quantity: StoredDecimal | null;
  unit_price: StoredDecimal | null;
  amount: StoredDecimal | null;
  po_price: StoredDecimal | null;
  variance: StoredDecimal | null;
  tax_group: string | null;
  tax_codes: string | null;
  tax_amount: StoredDecimal | null;
  job_id: string | null;
  job_amount: StoredDecimal | null;
};

export type ApPaymentBatchesTable = RecordTrail & {
  batch_id: Generated<number>;
  batch_no: string | null;
  status: 'Open' | 'Approved' | 'Printed' | null;
  bank_account_id: string | null;
  payment_method: 'Cheque' | 'EFT' | null;
  pay_through_date: string | null;
  payment_date: string | null;
  vendor_id: string | null;
  total: StoredDecimal | null;
  discount_total: StoredDecimal | null;
  first_cheque_no: number | null;
  last_cheque_no: number | null;
  eft_file_no: number | null;
};

export type ApPaymentBatchLinesTable = {
  line_id: Generated<number>;
  batch_id: number;
  invoice_id: number | null;
  vendor_id: string | null;
  document_no: string | null;
  vendor_doc_no: string | null;
  due_date: string | null;
  balance: StoredDecimal | null;
  discount: StoredDecimal | null;
  payment: StoredDecimal | null;
};

export type ApDisbursementsTable = RecordTrail & {
  disbursement_id: Generated<number>;
  document_no: string | null;
  status: 'Draft' | 'Posted' | null;
  vendor_id: string | null;
  bank_account_id: string | null;
  payment_date: string | null;
  amount: StoredDecimal | null;
  cheque_no: number | null;
  reference: string | null;
  applied: StoredDecimal | null;
  remaining_to_apply: StoredDecimal | null;
  cheque_id: number | null;
};

export type ApDisbursementLinesTable = {
  line_id: Generated<number>;
  disbursement_id: number;
  invoice_id: number | null;
  document_no: string | null;
  vendor_doc_no: string | null;
  due_date: string | null;
  balance: StoredDecimal | null;
  discount: StoredDecimal | null;
  payment: StoredDecimal | null;
};

export type ApChequesTable = RecordTrail & {
  cheque_id: Generated<number>;
  bank_account_id: string | null;
  cheque_no: number | null;
  payment_method: 'Cheque' | 'EFT' | null;
  status: 'Open' | 'Cleared' | 'Reconciled' | 'Cancelled' | null;
  payment_date: string | null;
  vendor_id: string | null;
  vendor_name: string | null;
  amount: StoredDecimal | null;
  discount: StoredDecimal | null;
  batch_id: number | null;
  eft_file_no: number | null;
  cancel_date: string | null;
  cancel_reason: string | null;
  journal_id: number | null;
  cancel_journal_id: number | null;
};

export type ApVendorBanksTable = RecordTrail & {
  vendor_id: string;
  institution: string | null;
  transit: string | null;
  account_no: string | null;
};

export type ApVendorDefaultsTable = RecordTrail & {
  vendor_id: string;
  currency: string | null;
  terms_code: string | null;
  ship_to_state: string | null;
  bank_account_id: string | null;
  account_id: string | null;
  tax_group: string | null;
};

export type ApCreditCardsTable = RecordTrail & {
  card_id: string;
  description: string | null;
  card_type: 'VISA' | 'MC' | 'AMEX' | null;
  last4: string | null;
  holder_name: string | null;
  issuer_vendor_id: string | null;
  is_active: Flag;
};

export type ApCardInvoicesTable = RecordTrail & {
  card_invoice_id: Generated<number>;
  document_no: string | null;
  status: 'Draft' | 'Posted' | null;
  card_id: string | null;
  transaction_date: string | null;
  merchant: string | null;
  reference: string | null;
  amount: StoredDecimal | null;
  ship_to_state: string | null;
  ap_invoice_id: number | null;
};

export type ApCardInvoiceLinesTable = {
  line_id: Generated<number>;
  card_invoice_id: number;
  account_id: string | null;
  description: string | null;
  amount: StoredDecimal | null;
  tax_group: string | null;
};

export type ApExpenseTemplatesTable = RecordTrail & {
  template_id: string;
  description: string | null;
  is_active: Flag;
};

export type ApExpenseTemplateColumnsTable = RecordTrail & {
  column_key: Generated<number>;
  template_id: string | null;
  column_no: number | null;
  heading: string | null;
  account_id: string | null;
  tax_group: string | null;
};

export type ApExpenseReportsTable = RecordTrail & {
  report_id: Generated<number>;
  document_no: string | null;
  status: 'Draft' | 'Posted' | null;
  employee_id: string | null;
  template_id: string | null;
  report_date: string | null;
  ship_to_state: string | null;
  description: string | null;
  total: StoredDecimal | null;
  ap_invoice_id: number | null;
};

export type ApExpenseReportLinesTable = {
  line_id: Generated<number>;
  report_id: number;
  expense_date: string | null;
  column_no: number | null;
  description: string | null;
  amount: StoredDecimal | null;
};

export type FiscalPeriodsApColumns = {
  closed_ap: Flag;
};

export type FirmsApColumns = {
  ap_firm_id: number | null;
};

export type ApTables = {
  ap_invoices: ApInvoicesTable;
  ap_invoice_lines: ApInvoiceLinesTable;
  ap_payment_batches: ApPaymentBatchesTable;
  ap_payment_batch_lines: ApPaymentBatchLinesTable;
  ap_disbursements: ApDisbursementsTable;
  ap_disbursement_lines: ApDisbursementLinesTable;
  ap_cheques: ApChequesTable;
  ap_vendor_banks: ApVendorBanksTable;
  ap_vendor_defaults: ApVendorDefaultsTable;
  ap_credit_cards: ApCreditCardsTable;
  ap_card_invoices: ApCardInvoicesTable;
  ap_card_invoice_lines: ApCardInvoiceLinesTable;
  ap_expense_templates: ApExpenseTemplatesTable;
  ap_expense_template_columns: ApExpenseTemplateColumnsTable;
  ap_expense_reports: ApExpenseReportsTable;
  ap_expense_report_lines: ApExpenseReportLinesTable;
  fiscal_periods: FiscalPeriodsApColumns;
  firms: FirmsApColumns;
} & MigrationTables;

/** What module ap's queries may name: the core's tables, its own and those of the modules it requires. */
export type ApDatabase = DB & ApTables & ShellTables & GlTables & ArTables & IcTables & PoTables;

/**
 * Module ap's typed view of the one database, transaction or seed connection the engine hands it: the same
 * object (every module's tables are in the one database; the type says which this module may name).
 */
export function apDb<D>(db: Transaction<D>): Transaction<ApDatabase>;
export function apDb<D>(db: Kysely<D>): Kysely<ApDatabase>;
export function apDb<D>(db: Kysely<D>): Kysely<ApDatabase> {
  return db as unknown as Kysely<ApDatabase>;
}

export type ApInvoiceRow = Selectable<ApInvoicesTable>;

export type ApPaymentBatchRow = Selectable<ApPaymentBatchesTable>;

export type ApDisbursementRow = Selectable<ApDisbursementsTable>;

export type ApChequeRow = Selectable<ApChequesTable>;

export type ApVendorBankRow = Selectable<ApVendorBanksTable>;

export type ApVendorDefaultRow = Selectable<ApVendorDefaultsTable>;

export type ApCreditCardRow = Selectable<ApCreditCardsTable>;

export type ApCardInvoiceRow = Selectable<ApCardInvoicesTable>;

export type ApExpenseTemplateRow = Selectable<ApExpenseTemplatesTable>;

export type ApExpenseTemplateColumnRow = Selectable<ApExpenseTemplateColumnsTable>;

export type ApExpenseReportRow = Selectable<ApExpenseReportsTable>;
