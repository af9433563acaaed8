/**
 * Small pieces the Waste Disposal rules share: setting a server-owned field on a save, reading lines, writing
 * a record the server creates (a service order of an accepted quote, demo data) as the generic save would —
 * its columns from the definition, decimals through the codec, the record trail, its number from the
 * definition's sequence.
 */
import type { AnyEntity, ScalarField } from '@erp/shared/entities/define';
import { BusinessError } from '@erp/server/entities/call-result';
import type { Transaction } from 'kysely';
import { dynamicDb } from '@erp/server/db/dynamic-db';
import { nextNumber } from '@erp/server/entities/numbering';
import { engineOf } from '@erp/server/db/decimal-codec';
import { keyColumn, writeScalar } from '@erp/server/entities/wire';
import type { RuleIssue } from '@erp/shared/entities/define';
import type { WireRecord } from '@erp/server/entities/hooks';

/** A document's lines in wire form (each a record of its children). */
export function linesOf(record: WireRecord | null | undefined): WireRecord[] {
  return record && Array.isArray(record['Lines']) ? (record['Lines'] as WireRecord[]) : [];
}

export function refuse(issues: readonly RuleIssue[]): void {
  if (issues.length > 0) throw new BusinessError(400, 'validation_failed', issues.map((issue) => ({ field: issue.field, key: issue.key, params: issue.params ?? {} })));
}

/** Inserts a header-only record of `def` (no children) and answers it with its key and number. */
export async function insertRecord<D>(typed: Transaction<D>, def: AnyEntity, input: WireRecord, userId: string, now: string): Promise<WireRecord> {
  // The table and columns are the definition's (a generic write): the engine's dynamic view.
  const trx = dynamicDb(typed);
  const engine = engineOf(trx);
  const record: WireRecord = { ...input };
  if (def.numbering && !record[def.numbering.field]) {
    record[def.numbering.field] = await nextNumber(trx, def.numbering.sequence, { prefix: def.numbering.prefix ?? '', description: def.name });
  }
  // Its columns by the definition's names (the dynamic view's insert).
  const values: Record<string, unknown> = { created_by: userId, created_on: now, updated_by: userId, updated_on: now, version: 1 };
  for (const [name, field] of Object.entries(def.fields)) {
    if (name === def.key || field.type === 'children' || field.type === 'set' || !(name in record)) continue;
    const scalar = field as ScalarField & { column: string };
    values[scalar.column] = writeScalar(scalar, record[name] ?? null, engine);
  }
  const key = keyColumn(def);
  const [head] = await trx.insertInto(def.table).values(values).returning(key).execute();
  record[def.key] = Number(head![key]);
  return record;
}
