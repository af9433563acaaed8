/**
 * Writes a document's rows as the generic save would (header, lines, each line's own child rows, exact decimals
 * through the codec, the record trail) and answers the record in wire form with its new keys — for the demo
 * data and the large-data generator, which post through the same code as the screens afterwards
 * (receipt-posting.ts). Computed fields are evaluated first (shared/src/entities/compute.ts). No audit rows:
 * seeded records are the system's own.
 */
import { computeRecord } from '@erp/shared/entities/compute';
import type { AnyEntity, ChildrenField, ScalarField } from '@erp/shared/entities/define';
import { engineOf } from '@erp/server/db/decimal-codec';
import { nextNumber } from '@erp/server/entities/numbering';
import { dynamicDb } from '@erp/server/db/dynamic-db';
import type { Transaction } from 'kysely';
import { keyColumn, writeScalar } from '@erp/server/entities/wire';
import type { WireRecord } from '@erp/server/entities/hooks';

/** A row's values by column (the definition's columns: a generic write). */
type ColumnValues = Record<string, unknown>;

function columns(fields: Readonly<Record<string, ScalarField & { column?: string }>>, skip: string, record: WireRecord, engine: 'sqlite' | 'postgres'): ColumnValues {
  const out: ColumnValues = {};
  for (const [name, field] of Object.entries(fields)) {
    if (name === skip || !(name in record)) continue;
    out[field.column ?? name] = writeScalar(field, record[name] ?? null, engine);
  }
  return out;
}

/** Any module's transaction: the tables and columns are the definition's (a generic write), so through the dynamic view. */
export async function insertDocument<D>(typed: Transaction<D>, def: AnyEntity, input: WireRecord, userId: string, now: string): Promise<WireRecord> {
  const trx = dynamicDb(typed);
  const engine = engineOf(trx);
  const record: WireRecord = { ...computeRecord(def, input) };
  if (def.numbering && !record[def.numbering.field]) {
    record[def.numbering.field] = await nextNumber(trx, def.numbering.sequence, { prefix: def.numbering.prefix ?? '', description: def.name });
  }
  const scalars: Record<string, ScalarField & { column: string }> = {};
  for (const [name, field] of Object.entries(def.fields)) if (field.type !== 'children' && field.type !== 'set' && !field.virtual) scalars[name] = field as ScalarField & { column: string };
  const key = keyColumn(def);
  const [head] = await trx
    .insertInto(def.table)
    .values({ ...columns(scalars, def.key, record, engine), created_by: userId, created_on: now, updated_by: userId, updated_on: now, version: 1 })
    .returning(key)
    .execute();
  record[def.key] = Number(head![key]);
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.type !== 'children') continue;
    const collection = field as ChildrenField & { fields: Record<string, ScalarField & { column: string }> };
    const lines = (record[name] as WireRecord[] | undefined) ?? [];
    const written: WireRecord[] = [];
    for (const line of lines) {
      const lineKey = collection.fields[collection.key]!.column;
      const [inserted] = await trx
        .insertInto(collection.table)
        .values({ ...columns(collection.fields, collection.key, line, engine), [collection.parentColumn]: record[def.key] })
        .returning(lineKey)
        .execute();
      const out: WireRecord = { ...line, [collection.key]: Number(inserted![lineKey]) };
      for (const [subName, sub] of Object.entries(collection.lineChildren ?? {})) {
        const rows = (line[subName] as WireRecord[] | undefined) ?? [];
        if (rows.length > 0) {
          await trx
            .insertInto(sub.table)
            .values(rows.map((row) => ({ ...columns(sub.fields as Record<string, ScalarField>, sub.key, row, engine), [sub.parentColumn]: out[collection.key] })))
            .execute();
        }
      }
      written.push(out);
    }
    record[name] = written;
  }
  return record;
}
