/**
 * Migration 0015_ap (issue 24): the Accounts Payable sub-ledger, beside the document tables the definitions
 * sync (ap_invoices, ap_payment_batches, ap_cheques).
 * - ap_items: one row per posted A/P document that changes what is owed to a vendor — invoice and debit note
 *   (+), credit note and payment (−) — SIGNED, in the home currency; `open_balance` and `status` (Open |
 *   Closed) are the only columns that change.
 * - ap_applications: append-only; a payment or credit note applied to an invoice, with the discount taken;
 *   `reversed_by` marks an application a cheque cancellation undid (its reversal is another row, negative).
 * - ap_matches: what a posted invoice line matched of a receipt line (quantity, GRNI at the PO price,
 *   variance, who accepted it) — the receipt line's invoiced quantity is their sum.
 * - ap_bank_sequences: per bank account, the next cheque number and the next EFT file creation number.
 * - ap_cheque_numbers: every cheque number used per bank (unique: §8 "Cheque number has been used.").
 * - ap_eft_files: every CPA 005 file written (creation number unique per bank, never reused) and its text.
 * Money as the decimal codec stores it (NUMERIC(15,2) on PostgreSQL, integer cents on SQLite).
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { MigrationDb } from '@erp/server/db/migration-db';

export const m0015_ap: Migration = {
  async up(db: MigrationDb) {
    const pg = db.getExecutor().adapter instanceof PostgresAdapter;
    const money = sql.raw(pg ? 'numeric(15, 2)' : 'integer');
    const quantity = sql.raw(pg ? 'numeric(15, 4)' : 'integer');
    const serial = (table: string, column: string) =>
      pg ? db.schema.createTable(table).addColumn(column, 'serial', (c) => c.primaryKey()) : db.schema.createTable(table).addColumn(column, 'integer', (c) => c.primaryKey().autoIncrement());
    await serial('ap_items', 'item_id')
      .ifNotExists()
      .addColumn('firm_id', 'text', (c) => c.notNull())
      .addColumn('item_type', 'text', (c) => c.notNull())
      .addColumn('document_no', 'text', (c) => c.notNull())
      .addColumn('vendor_doc_no', 'text')
      .addColumn('document_date', 'text', (c) => c.notNull())
      .addColumn('due_date', 'text', (c) => c.notNull())
      .addColumn('discount_date', 'text')
      .addColumn('discount_available', money, (c) => c.notNull().defaultTo(0))
      .addColumn('amount', money, (c) => c.notNull())
      .addColumn('open_balance', money, (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('origin_type', 'text', (c) => c.notNull())
      .addColumn('origin_id', 'text', (c) => c.notNull())
      .addColumn('journal_id', 'integer')
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('ix_ap_items_firm_date').ifNotExists().on('ap_items').columns(['firm_id', 'document_date']).execute();
    await db.schema.createIndex('ix_ap_items_status_due').ifNotExists().on('ap_items').columns(['status', 'due_date']).execute();
    await db.schema.createIndex('ix_ap_items_origin').ifNotExists().on('ap_items').columns(['origin_type', 'origin_id']).execute();

    await serial('ap_applications', 'application_id')
      .ifNotExists()
      .addColumn('from_item_id', 'integer', (c) => c.notNull())
      .addColumn('to_item_id', 'integer', (c) => c.notNull())
      .addColumn('application_date', 'text', (c) => c.notNull())
      .addColumn('amount', money, (c) => c.notNull())
      .addColumn('discount', money, (c) => c.notNull().defaultTo(0))
      .addColumn('origin_type', 'text', (c) => c.notNull())
      .addColumn('origin_id', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('ix_ap_applications_from').ifNotExists().on('ap_applications').column('from_item_id').execute();
    await db.schema.createIndex('ix_ap_applications_to').ifNotExists().on('ap_applications').column('to_item_id').execute();
    await db.schema.createIndex('ix_ap_applications_date').ifNotExists().on('ap_applications').column('application_date').execute();

    await serial('ap_matches', 'match_id')
      .ifNotExists()
      .addColumn('invoice_id', 'integer', (c) => c.notNull())
      .addColumn('invoice_line_id', 'integer', (c) => c.notNull())
      .addColumn('receipt_line_id', 'integer', (c) => c.notNull())
      .addColumn('po_line_id', 'integer')
      .addColumn('quantity', quantity, (c) => c.notNull())
      .addColumn('grni_amount', money, (c) => c.notNull())
      .addColumn('variance', money, (c) => c.notNull())
      .addColumn('accepted_by', 'text')
      .addColumn('created_on', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('ix_ap_matches_receipt_line').ifNotExists().on('ap_matches').column('receipt_line_id').execute();

    await db.schema
      .createTable('ap_bank_sequences')
      .ifNotExists()
      .addColumn('bank_account_id', 'text', (c) => c.primaryKey())
      .addColumn('next_cheque_no', 'integer', (c) => c.notNull())
      .addColumn('next_eft_file_no', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('ap_cheque_numbers')
      .ifNotExists()
      .addColumn('bank_account_id', 'text', (c) => c.notNull())
      .addColumn('cheque_no', 'integer', (c) => c.notNull())
      .addColumn('cheque_id', 'integer')
      .addPrimaryKeyConstraint('pk_ap_cheque_numbers', ['bank_account_id', 'cheque_no'])
      .execute();
    await serial('ap_eft_files', 'eft_file_id')
      .ifNotExists()
      .addColumn('bank_account_id', 'text', (c) => c.notNull())
      .addColumn('file_creation_no', 'integer', (c) => c.notNull())
      .addColumn('batch_id', 'integer', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .addColumn('total', money, (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addUniqueConstraint('uq_ap_eft_files_creation', ['bank_account_id', 'file_creation_no'])
      .execute();
  },
  async down(db: MigrationDb) {
    for (const table of ['ap_eft_files', 'ap_cheque_numbers', 'ap_bank_sequences', 'ap_matches', 'ap_applications', 'ap_items']) await db.schema.dropTable(table).ifExists().execute();
  },
};

/**
 * Migration 0015_ap_reports (issue 24 performance, 500,000 documents): the aged trial balance reads the open
 * items from one covering index (status, document date, firm, due date, open balance, id — as A/R's
 * ix_ar_items_open_aging) and the applications after its date from another (date, both items, amounts); a
 * payment's applications (its cheque's stub, its cancellation) are found by their origin.
 */
export const m0015_ap_reports: Migration = {
  async up(db: MigrationDb) {
    await db.schema.createIndex('ix_ap_items_open_aging').ifNotExists().on('ap_items').columns(['status', 'document_date', 'firm_id', 'due_date', 'open_balance', 'item_id']).execute();
    await db.schema.createIndex('ix_ap_applications_date_cover').ifNotExists().on('ap_applications').columns(['application_date', 'to_item_id', 'from_item_id', 'amount', 'discount']).execute();
    await db.schema.createIndex('ix_ap_applications_origin').ifNotExists().on('ap_applications').columns(['origin_type', 'origin_id']).execute();
  },
  async down(db: MigrationDb) {
    for (const index of ['ix_ap_items_open_aging', 'ix_ap_applications_date_cover', 'ix_ap_applications_origin']) await db.schema.dropIndex(index).ifExists().execute();
  },
};

/**
 * Migration 0015_ap_fx (issue 24, foreign-currency vendors): a foreign-currency item keeps its currency, its
 * signed amount and open balance in it and the rate it was booked at beside the home-currency figures (null for
 * home-currency items); an application between foreign items its payment and discount in that currency.
 */
export const m0015_ap_fx: Migration = {
  async up(db: MigrationDb) {
    const pg = db.getExecutor().adapter instanceof PostgresAdapter;
    const money = sql.raw(pg ? 'numeric(15, 2)' : 'integer');
    const rate = sql.raw(pg ? 'numeric(12, 6)' : 'integer');
    for (const [table, column, type] of [
      ['ap_items', 'currency', sql.raw('text')],
      ['ap_items', 'foreign_amount', money],
      ['ap_items', 'foreign_open_balance', money],
      ['ap_items', 'exchange_rate', rate],
      ['ap_applications', 'foreign_amount', money],
      ['ap_applications', 'foreign_discount', money],
    ] as const) {
      await db.schema.alterTable(table).addColumn(column, type).execute();
    }
  },
  async down(db: MigrationDb) {
    for (const [table, column] of [['ap_items', 'currency'], ['ap_items', 'foreign_amount'], ['ap_items', 'foreign_open_balance'], ['ap_items', 'exchange_rate'], ['ap_applications', 'foreign_amount'], ['ap_applications', 'foreign_discount']] as const) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  },
};
