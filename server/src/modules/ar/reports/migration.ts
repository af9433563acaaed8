/**
 * Migration 0011_ar_reports (issue 14, AR reports): the index the "as of a date" reports need
 * (server/src/modules/ar/reports/index.ts `openItemsAsOf`): the applications dated after the as-of date are
 * read by their date, so the aged trial balance, statements, overdue accounts and unapplied credits of a
 * recent date read a few rows, not the whole application history; and the open items with every column the
 * aging reads, so the aged trial balance reads that index, not the items' rows.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export const m0011_ar_reports: Migration = {
  async up(db: AnyDb) {
    await db.schema.createIndex('ix_ar_applications_date').ifNotExists().on('ar_applications').column('application_date').execute();
    // The open items as of a date, read from the index alone (aging per customer by due or document date).
    await db.schema
      .createIndex('ix_ar_items_open_aging')
      .ifNotExists()
      .on('ar_items')
      .columns(['status', 'document_date', 'firm_id', 'due_date', 'open_balance', 'item_id'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('ix_ar_items_open_aging').ifExists().execute();
    await db.schema.dropIndex('ix_ar_applications_date').ifExists().execute();
  },
};
