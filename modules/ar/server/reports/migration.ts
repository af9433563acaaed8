/**
 * Migration 0011_ar_reports (issue 14, AR reports): the index the "as of a date" reports need
 * (modules/ar/server/reports/index.ts `openItemsAsOf`): the applications dated after the as-of date are
 * read by their date, so the aged trial balance, statements, overdue accounts and unapplied credits of a
 * recent date read a few rows, not the whole application history; and the open items with every column the
 * aging reads, so the aged trial balance reads that index, not the items' rows.
 */
import type { Migration } from 'kysely/migration';
import type { MigrationDb } from '@erp/server/db/migration-db';

export const m0011_ar_reports: Migration = {
  async up(db: MigrationDb) {
    await db.schema.createIndex('ix_ar_applications_date').ifNotExists().on('ar_applications').column('application_date').execute();
    // The open items as of a date, read from the index alone (aging per customer by due or document date).
    await db.schema
      .createIndex('ix_ar_items_open_aging')
      .ifNotExists()
      .on('ar_items')
      .columns(['status', 'document_date', 'firm_id', 'due_date', 'open_balance', 'item_id'])
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropIndex('ix_ar_items_open_aging').ifExists().execute();
    await db.schema.dropIndex('ix_ar_applications_date').ifExists().execute();
  },
};

/**
 * Migration 0012_ar_customer_items_index (issue 14, "a customer's inquiry first page ≤ 50 ms"): a customer's
 * items by (firm, status, date, id), with the two sums the inquiry totals — in place of the (status, firm)
 * index of 0007_ar, which served only "this customer's open items" (receipts, credits) and still does, firm
 * first. The AR account inquiry (modules/ar/server/reports/index.ts) reads a customer's open items in
 * its order from it, and counts and sums a customer's items from it alone. The (status, firm) index goes:
 * with sample statistics (SQLite's sqlite_stat4) SQLite chose to skip-scan it for every "this customer's
 * items" query — both statuses, then a sort of all of them (~10,000 rows for the largest customer) — instead
 * of reading the (firm, date) index in order.
 */
export const m0012_ar_customer_items_index: Migration = {
  async up(db: MigrationDb) {
    await db.schema
      .createIndex('ix_ar_items_firm_status')
      .ifNotExists()
      .on('ar_items')
      .columns(['firm_id', 'status', 'document_date', 'item_id', 'amount', 'open_balance'])
      .execute();
    await db.schema.dropIndex('ix_ar_items_status_firm').ifExists().execute();
  },
  async down(db: MigrationDb) {
    await db.schema.createIndex('ix_ar_items_status_firm').ifNotExists().on('ar_items').columns(['status', 'firm_id']).execute();
    await db.schema.dropIndex('ix_ar_items_firm_status').ifExists().execute();
  },
};

/**
 * Migration 0049_ar_items_document_no (issue 44, every report ≤ 1 s): an A/R item found by its document number
 * and type — how other modules' reports reach an invoice's open balance from the invoice (the credit sales
 * register, modules/so/server/reports.ts). Without it SQLite built an automatic index over every item on each run
 * (1.2 s of the report's 1.4 s over 500,000 items) and PostgreSQL hashed them all. And the items by date with
 * their type, firm and amount: the sales journal counts and totals a date range from the index alone.
 */
export const m0049_ar_items_document_no: Migration = {
  async up(db: MigrationDb) {
    await db.schema.createIndex('ix_ar_items_document_no').ifNotExists().on('ar_items').columns(['document_no', 'item_type']).execute();
    await db.schema.createIndex('ix_ar_items_journal').ifNotExists().on('ar_items').columns(['document_date', 'item_type', 'firm_id', 'amount']).execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropIndex('ix_ar_items_journal').ifExists().execute();
    await db.schema.dropIndex('ix_ar_items_document_no').ifExists().execute();
  },
};
