/**
 * Payables' tables that its migrations create, not its entity definitions (./migration.ts: m0015_ap, m0015_ap_fx):
 * the one hand-written place of their types, joined into `ApTables` by the generated ./tables.generated.ts. Add a
 * table here when typed code first names it.
 */
import type { ColumnType, Generated } from 'kysely';
import type { StoredDecimal } from '@erp/server/db/schema';

/** A decimal column with a default: optional when inserting. */
type DefaultedDecimal = ColumnType<string | number | bigint, string | number | bigint | undefined, string | number | bigint>;

export type MigrationTables = {
  /** The open items of the payables sub-ledger: one per invoice, note, payment … (subledger.ts). */
  ap_items: {
    item_id: Generated<number>;
    firm_id: string;
    item_type: string;
    document_no: string;
    vendor_doc_no: string | null;
    document_date: string;
    due_date: string;
    discount_date: string | null;
    discount_available: DefaultedDecimal;
    amount: StoredDecimal;
    open_balance: StoredDecimal;
    status: string;
    origin_type: string;
    origin_id: string;
    journal_id: number | null;
    created_by: string;
    created_on: string;
    /** Foreign-currency items only (m0015_ap_fx). */
    currency: string | null;
    foreign_amount: StoredDecimal | null;
    foreign_open_balance: StoredDecimal | null;
    exchange_rate: StoredDecimal | null;
  };
  /** Append-only: one row per application of a payment or credit to an invoice. */
  ap_applications: {
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
    foreign_amount: StoredDecimal | null;
    foreign_discount: StoredDecimal | null;
  };
  /** Each receipt line an invoice line matched (invoices.ts postInvoice): quantity, GRNI amount and variance. */
  ap_matches: {
    match_id: Generated<number>;
    invoice_id: number;
    invoice_line_id: number;
    receipt_line_id: number;
    po_line_id: number | null;
    quantity: StoredDecimal;
    grni_amount: StoredDecimal;
    variance: StoredDecimal;
    accepted_by: string | null;
    created_on: string;
  };
  /** A cheque run's EFT file (payment batches, documents/payment/server/eft.ts). */
  ap_eft_files: {
    eft_file_id: Generated<number>;
    bank_account_id: string;
    file_creation_no: number;
    batch_id: number;
    created_on: string;
    total: StoredDecimal;
    content: string;
  };
  /** Each bank's next cheque and EFT file numbers. */
  ap_bank_sequences: {
    bank_account_id: string;
    next_cheque_no: number;
    next_eft_file_no: number;
  };
  /** Every cheque number used, per bank. */
  ap_cheque_numbers: {
    bank_account_id: string;
    cheque_no: number;
    cheque_id: number | null;
  };
};
