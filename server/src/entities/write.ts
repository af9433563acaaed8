/**
 * What a save or delete writes besides its bookkeeping (save.ts, delete.ts), always inside the caller's
 * transaction and always with the §3 audit entries of every value that moves:
 *
 * - `columnChanges(ctx, change, id)`: the record's own columns for the changed fields (scalars and flag
 *   sets); a create audits only the values it sets.
 * - `writeCollections(trx, ctx, change, id)`: link sets (rows added and removed) and child collections
 *   (`writeRows`: rows without a key inserted, rows with a key updated, the others deleted; a line's own
 *   child rows, issue 12, the same way under the line's key). Their audit rows name the record as root.
 * - `storedScalars(def)`: the fields stored in the record's own columns.
 */
import type { AnyEntity, ScalarField } from '@erp/shared/entities/define';
import { sameValue } from '@erp/shared/entities/validate';
import type { AuditEntry } from './audit.ts';
import type { Transaction } from 'kysely';
import { dynamicDb, type DynamicTransaction } from '../db/dynamic-db.ts';
import type { Change, EntityContext } from './hooks.ts';
import { fieldsOf, keyColumn, writeScalar } from './wire.ts';

export function storedScalars(def: AnyEntity): [string, ScalarField & { column: string }][] {
  return fieldsOf(def).filter(
    (entry): entry is [string, ScalarField & { column: string }] =>
      entry[1].type !== 'set' && entry[1].type !== 'children' && !entry[1].virtual,
  );
}

/** Columns to write for the changed fields, with their audit entries. */
export function columnChanges(ctx: EntityContext, change: Change, id: string | number): { set: Record<string, unknown>; audit: AuditEntry[] } {
  const { def } = ctx;
  const set: Record<string, unknown> = {};
  const audit: AuditEntry[] = [];
  const action = change.mode === 'create' ? 'insert' : 'update';
  const base = { table: def.table, idName: keyColumn(def), idValue: id, action } as const;
  for (const [name, field] of storedScalars(def)) {
    if (!change.changed.has(name) || name === def.key) continue;
    const next = change.value[name] ?? null;
    set[field.column] = writeScalar(field, next, ctx.engine);
    const old = change.current ? change.current[name] : null;
    if (change.mode === 'create' && next === null) continue;
    audit.push({ ...base, column: field.column, old, new: next, mask: field.audit === 'mask' });
  }
  for (const [name, field] of fieldsOf(def)) {
    if (field.type !== 'set' || field.storage.kind !== 'flags' || !change.changed.has(name)) continue;
    const before = new Set((change.current?.[name] as string[] | undefined) ?? []);
    const after = new Set((change.value[name] as string[] | undefined) ?? []);
    for (const [option, column] of Object.entries(field.storage.columns)) {
      if (change.mode === 'update' && before.has(option) === after.has(option)) continue;
      set[column] = after.has(option) ? 1 : 0;
      if (change.mode === 'create' && !after.has(option)) continue;
      audit.push({ ...base, column, old: change.mode === 'create' ? null : before.has(option), new: after.has(option) });
    }
  }
  return { set, audit };
}

/** Link-set and child-collection changes (inserts, updates, deletes) with their audit entries. */
export async function writeCollections<D>(typed: Transaction<D>, ctx: EntityContext, change: Change, id: string | number): Promise<AuditEntry[]> {
  const trx = dynamicDb(typed);
  const { def } = ctx;
  const audit: AuditEntry[] = [];
  const root = { rootTable: def.table, rootId: id };
  for (const [name, field] of fieldsOf(def)) {
    if (!change.changed.has(name)) continue;
    if (field.type === 'set' && field.storage.kind === 'link') {
      const { table, parentColumn, valueColumn } = field.storage;
      const before = new Set((change.current?.[name] as string[] | undefined) ?? []);
      const after = new Set((change.value[name] as string[] | undefined) ?? []);
      const removed = [...before].filter((value) => !after.has(value));
      const added = [...after].filter((value) => !before.has(value));
      if (removed.length > 0) {
        await trx.deleteFrom(table).where(parentColumn, '=', id).where(valueColumn, 'in', removed).execute();
      }
      if (added.length > 0) {
        await trx.insertInto(table).values(added.map((value) => ({ [parentColumn]: id, [valueColumn]: value }))).execute();
      }
      for (const value of removed) audit.push({ table, idName: parentColumn, idValue: id, column: valueColumn, old: value, new: null, action: 'delete', ...root });
      for (const value of added) audit.push({ table, idName: parentColumn, idValue: id, column: valueColumn, old: null, new: value, action: 'insert', ...root });
    }
    if (field.type === 'children') {
      const before = (change.current?.[name] as Record<string, unknown>[] | undefined) ?? [];
      const after = (change.value[name] as Record<string, unknown>[] | undefined) ?? [];
      await writeRows(trx, ctx, field, id, before, after, audit, root);
    }
  }
  return audit;
}

/** A child collection or a line's own child rows (`lineChildren`): same table shape. */
type RowsSpec = {
  table: string;
  parentColumn: string;
  key: string;
  fields: Readonly<Record<string, ScalarField & { column?: string }>>;
  lineChildren?: Readonly<Record<string, RowsSpec>>;
};

/**
 * Writes the rows of one collection under `parentId` in `trx`: rows without a key are inserted, rows
 * with a key (checked before: one of this parent's own) are updated, the others deleted. A line's own
 * child rows (issue 12) are written the same way under the line's key, after the line; a deleted
 * line's child rows are deleted first (no reliance on the engine's cascade).
 */
async function writeRows(
  trx: DynamicTransaction,
  ctx: EntityContext,
  field: RowsSpec,
  id: string | number,
  beforeRows: Record<string, unknown>[],
  after: Record<string, unknown>[],
  audit: AuditEntry[],
  root: { rootTable: string; rootId: string | number },
): Promise<void> {
  const childKey = field.fields[field.key]!.column ?? field.key;
  const columnOf = (childName: string) => field.fields[childName]!.column ?? childName;
  const before = new Map(beforeRows.map((row) => [row[field.key], row]));
  const kept = new Set<unknown>();
  const subs = Object.entries(field.lineChildren ?? {});
  for (const row of after) {
    const key = row[field.key];
    const values: Record<string, unknown> = {};
    for (const [childName, childField] of Object.entries(field.fields)) {
      if (childName === field.key) continue;
      values[columnOf(childName)] = writeScalar(childField, row[childName], ctx.engine);
    }
    if (key === null || key === undefined) {
      const inserted = (await trx
        .insertInto(field.table)
        .values({ ...values, [field.parentColumn]: id })
        .returning(childKey)
        .executeTakeFirstOrThrow()) as Record<string, unknown>;
      const newKey = Number(inserted[childKey]);
      for (const [childName] of Object.entries(field.fields)) {
        if (childName === field.key || row[childName] === null || row[childName] === undefined) continue;
        audit.push({ table: field.table, idName: childKey, idValue: newKey, column: columnOf(childName), old: null, new: row[childName], action: 'insert', ...root });
      }
      for (const [subName, sub] of subs) {
        await writeRows(trx, ctx, sub, newKey, [], (row[subName] as Record<string, unknown>[] | undefined) ?? [], audit, root);
      }
      continue;
    }
    kept.add(key);
    const old = before.get(key)!;
    const set: Record<string, unknown> = {};
    for (const [childName, childField] of Object.entries(field.fields)) {
      if (childName === field.key || sameValue(old[childName], row[childName])) continue;
      set[columnOf(childName)] = writeScalar(childField, row[childName], ctx.engine);
      audit.push({ table: field.table, idName: childKey, idValue: Number(key), column: columnOf(childName), old: old[childName], new: row[childName], action: 'update', ...root });
    }
    if (Object.keys(set).length > 0) {
      await trx.updateTable(field.table).set(set).where(childKey, '=', key).where(field.parentColumn, '=', id).execute();
    }
    for (const [subName, sub] of subs) {
      const subBefore = (old[subName] as Record<string, unknown>[] | undefined) ?? [];
      await writeRows(trx, ctx, sub, key as number, subBefore, (row[subName] as Record<string, unknown>[] | undefined) ?? [], audit, root);
    }
  }
  for (const [key, old] of before) {
    if (kept.has(key)) continue;
    for (const [subName, sub] of subs) {
      await writeRows(trx, ctx, sub, key as number, (old[subName] as Record<string, unknown>[] | undefined) ?? [], [], audit, root);
    }
    await trx.deleteFrom(field.table).where(childKey, '=', key).where(field.parentColumn, '=', id).execute();
    for (const [childName] of Object.entries(field.fields)) {
      if (childName === field.key || old[childName] === null || old[childName] === undefined) continue;
      audit.push({ table: field.table, idName: childKey, idValue: Number(key), column: columnOf(childName), old: old[childName], new: null, action: 'delete', ...root });
    }
  }
}
