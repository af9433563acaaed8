/**
 * Payables' tables that its migrations create, not its entity definitions (./migration.ts: m0015_ap, m0015_ap_fx):
 * the one hand-written place of their types, joined into `ApTables` by the generated ./tables.generated.ts. Add a
 * table here when typed code first names it.
 */
import type { Generated } from 'kysely';
import type { StoredDecimal } from '@erp/server/db/schema';
import type { SubLedgerApplicationColumns, SubLedgerItemColumns } from '@erp/modules/gl/server/api';

export type MigrationTables = {
  /** The open items of the payables sub-ledger: one per invoice, note, payment … (subledger.ts). */
  ap_items: SubLedgerItemColumns & {
    vendor_doc_no: string | null;
    /** Foreign-currency items only (m0015_ap_fx). */
    currency: string | null;
  };
  /** Append-only: one row per application of a payment or credit to an invoice. */
  ap_applications: SubLedgerApplicationColumns & {
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
