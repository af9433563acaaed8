/**
 * Migration 0013_document_numbers (issue 22 item 9: document numbers unique):
 * - `document_numbers`: every number a sequence has issued (primary key document_no), so a counter moved back
 *   never issues one again (entities/numbering.ts); filled here with the numbers already stored in the
 *   numbered documents' tables (every registered definition with `numbering`, when its table exists; numbers
 *   of the sequence's prefix followed by digits);
 * - distinct prefixes: the shell's placeholder sequences INVENTORY-TICKET (IT) and RECEIPT (RC) shared their
 *   prefix with Inventory Control's tickets and A/R's cash receipts, which issue real numbers: they become TK
 *   and PRC; an empty prefix becomes NULL (no prefix); then a unique index on sequence_counters.prefix.
 * The unique index on each numbered table's number column is schema sync's (entities/schema-sync.ts), so
 * tables created after this migration get it too.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { allEntities } from '@erp/shared/entities/index';
import type { MigrationDb } from './migration-db.ts';

/** Placeholder sequences whose prefix collided with a live one: sequence → [old prefix, new prefix]. */
const RENAMED: readonly [string, string, string][] = [
  ['INVENTORY-TICKET', 'IT', 'TK'],
  ['RECEIPT', 'RC', 'PRC'],
];

const BATCH = 500;

/** Issued numbers `<prefix><digits>` of the sequences' current prefixes, read from the numbered tables. */
async function backfill(db: MigrationDb): Promise<void> {
  const tables = new Set((await db.introspection.getTables()).map((table) => table.name));
  const counters = (await db.selectFrom('sequence_counters').select(['sequence_id', 'prefix']).execute()) as { sequence_id: string; prefix: string | null }[];
  const prefixOf = new Map(counters.map((c) => [c.sequence_id, c.prefix ?? '']));
  for (const def of allEntities()) {
    if (!def.numbering || !tables.has(def.table)) continue;
    const sequence = def.numbering.sequence;
    const prefix = prefixOf.get(sequence) ?? def.numbering.prefix ?? '';
    const column = def.fields[def.numbering.field]?.column;
    if (!column) continue;
    const rows = (await db.selectFrom(def.table).select(sql.ref(column).as('no')).distinct().where(sql.ref(column), 'is not', null).execute()) as { no: unknown }[];
    const issued = rows
      .map((row) => String(row.no))
      .filter((no) => no.startsWith(prefix) && /^\d+$/.test(no.slice(prefix.length)))
      .map((no) => ({ document_no: no, sequence_id: sequence, number: Number(no.slice(prefix.length)) }));
    for (let start = 0; start < issued.length; start += BATCH) {
      await db.insertInto('document_numbers').values(issued.slice(start, start + BATCH)).onConflict((c) => c.column('document_no').doNothing()).execute();
    }
  }
}

export const m0013_document_numbers: Migration = {
  async up(db: MigrationDb) {
    const pg = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('document_numbers')
      .ifNotExists()
      .addColumn('document_no', 'text', (c) => c.primaryKey())
      .addColumn('sequence_id', 'text', (c) => c.notNull())
      .addColumn('number', pg ? 'bigint' : 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('ix_document_numbers_sequence').ifNotExists().on('document_numbers').columns(['sequence_id', 'number']).execute();

    await db.updateTable('sequence_counters').set({ prefix: null }).where('prefix', '=', '').execute();
    for (const [sequence, from, to] of RENAMED) {
      await db.updateTable('sequence_counters').set({ prefix: to }).where('sequence_id', '=', sequence).where('prefix', '=', from).execute();
    }
    await backfill(db);
    await db.schema.createIndex('ux_sequence_counters_prefix').ifNotExists().unique().on('sequence_counters').column('prefix').execute();
  },
};
