/**
 * Migration 0013_gl_document_numbers (issue 22 item 9), after the core's 0013_document_numbers: the document
 * numbers the ledger already holds (gl_entries.document_no) that a sequence issued — its prefix followed by
 * digits, e.g. the bank adjustments' BK000001, which have no document table of their own — are claimed in
 * `document_numbers`, so a counter moved back does not issue them again.
 */
import type { Migration } from 'kysely/migration';
import type { MigrationDb } from '@erp/server/db/migration-db';

const BATCH = 500;

export const m0013_gl_document_numbers: Migration = {
  async up(db: MigrationDb) {
    const counters = (await db.selectFrom('sequence_counters').select(['sequence_id', 'prefix']).where('prefix', 'is not', null).execute()) as { sequence_id: string; prefix: string }[];
    for (const { sequence_id: sequence, prefix } of counters) {
      const rows = (await db.selectFrom('gl_entries').select('document_no').distinct().where('document_no', 'like', `${prefix}%`).execute()) as { document_no: string }[];
      const issued = rows
        .map((row) => String(row.document_no))
        .filter((no) => /^\d+$/.test(no.slice(prefix.length)))
        .map((no) => ({ document_no: no, sequence_id: sequence, number: Number(no.slice(prefix.length)) }));
      for (let start = 0; start < issued.length; start += BATCH) {
        await db.insertInto('document_numbers').values(issued.slice(start, start + BATCH)).onConflict((c) => c.column('document_no').doNothing()).execute();
      }
    }
  },
};
