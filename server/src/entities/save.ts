/**
 * Saving a record through the generic data service: `createRecord(ctx, body)` (POST /api/data/:entity →
 * 201 'created') and `updateRecord(ctx, rawId, body)` (PUT /api/data/:entity/:id → 200 'updated', or 200
 * ResultStatus 3 'no_changes' when nothing moves). Both run ONE pipeline (`save`), in the order hooks.ts
 * documents:
 *
 *   field checks (shared validateRecord; unknown fields refused) → computed fields (documents) → generic
 *   database rules and `validate` (checks.ts; 400 validation_failed) → `confirm` (a warning stops the save)
 *   → `prepare` (slow work, extra columns) → one transaction: line lookups and `beforeWrite`, the row, sets
 *   and children (write.ts), `afterWrite`, the §3 audit rows → the record as it now reads.
 *
 * What differs is given to the pipeline: how the Change is made (a create starts from defaults and the
 * initial state; an update from the stored record, its state and Version — 409 version_conflict when
 * stale) and how the record's own row is written (`insertRow`: trail, version 1, document number; or
 * `updateRow`: `WHERE key = ? AND version = ?`, so of concurrent saves of one version exactly one wins).
 * Refusals thrown in the transaction (BusinessError, ConfirmationNeeded) and constraint errors are 4xx.
 */
import { retryingConcurrency } from '../db/retry.ts';
import { dynamicDb } from '../db/dynamic-db.ts';
import type { AnyEntity } from '@erp/shared/entities/define';
import { sameValue, validateRecord } from '@erp/shared/entities/validate';
import {
  bodyObject,
  conflict,
  constraintAnswer,
  invalid,
  isAnswer,
  refusalAnswer,
  versionOf,
  versionRequired,
  VersionConflict,
  type Answer,
} from './answers.ts';
import { writeAudit, type AuditEntry } from './audit.ts';
import { answerOf, BusinessError, callResult, confirmationsOf, translatorIn, messageIn } from './call-result.ts';
import { databaseIssues, storageRangeIssues } from './checks.ts';
import { assignNumber, lineLookupIssues, stateRefusal, withComputed } from './documents.ts';
import type { EntityTransaction, Change, EntityContext } from './hooks.ts';
import { message } from './labels.ts';
import { tableChanged } from './paging.ts';
import { readable } from './read.ts';
import { withDefaults } from './defaults.ts';
import { keyColumn, keyOf, loadRecord, visibleRecord } from './wire.ts';
import { columnChanges, writeCollections } from './write.ts';

/** Who writes and when: the trail of every row one save writes. */
interface Stamp {
  userId: string;
  now: string;
}

/**
 * Writes the record's own row in the save's transaction, given its changed columns (with the `prepare`
 * hook's) and their audit entries; answers the record's id and the entries to keep.
 */
type RowWriter = (trx: EntityTransaction, columns: Record<string, unknown>, audit: AuditEntry[], stamp: Stamp) => Promise<{ id: string | number; entries: AuditEntry[] }>;

/** Field checks of the body against the definition, in the caller's language; `current` on an update. */
function checkFields(ctx: EntityContext, body: unknown, current: Record<string, unknown> | null) {
  const { def, access, hooks } = ctx;
  return validateRecord(def, body, current ? 'update' : 'create', {
    t: translatorIn(ctx.user.row.language),
    ...(current ? { current } : {}),
    hidden: access.hidden,
    readOnly: access.readOnly,
    ignore: hooks.inputKeys ?? [],
  });
}

/** Documents' computed fields applied to a validated change (create: all; update: those that move). */
function applyComputed(def: AnyEntity, value: Record<string, unknown>, changed: Set<string>, current: Record<string, unknown> | null): void {
  if (Object.keys(def.computed).length === 0) return;
  const computed = withComputed(def, current ? { ...current, ...value } : value);
  for (const target of Object.keys(def.computed)) {
    const name = target.split('.')[0]!;
    if (target.includes('.') && !changed.has(name) && current) continue;
    if (current && sameValue(computed[name], current[name]) && !changed.has(name)) continue;
    value[name] = computed[name];
    changed.add(name);
  }
}

/** Rules of a document that read other tables, in the save's transaction: line lookups, then the entity's. */
async function inTransactionChecks(ctx: EntityContext, trx: EntityTransaction, change: Change): Promise<void> {
  const issues = await lineLookupIssues(trx, ctx.def, change.value, change.next);
  if (issues.length > 0) throw new BusinessError(400, 'validation_failed', issues);
  if (ctx.hooks.beforeWrite) await ctx.hooks.beforeWrite(ctx, trx, change, confirmationsOf(change.body));
  const overflow = storageRangeIssues(ctx.def, change, ctx.user.row.language);
  if (overflow.length > 0) throw new BusinessError(400, 'validation_failed', overflow);
}

/** The answer to a create (201) or update (200): the record as it now reads, without the caller's hidden fields. */
async function writtenAnswer(ctx: EntityContext, id: string | number, result: 'created' | 'updated'): Promise<Answer> {
  const { def } = ctx;
  const record = await loadRecord(ctx.db, def, id);
  if (record && ctx.hooks.readVirtual) Object.assign(record, await ctx.hooks.readVirtual(ctx, record));
  return {
    status: result === 'created' ? 201 : 200,
    // Issue 40 item 9: "Saved." in the caller's language (the screen's Accept-Language), as every other answer.
    body: callResult(1, result, messageIn(ctx.user.row.language, `entities:result.${result}`), {
      EntityId: id,
      Data: record ? visibleRecord(def, record, ctx.access.hidden) : null,
    }),
  };
}

/** The one save pipeline from the database rules on (module header); `writeRow` is the create / update difference. */
async function save(ctx: EntityContext, change: Change, writeRow: RowWriter): Promise<Answer> {
  const { def, hooks } = ctx;
  const issues = await databaseIssues(ctx, change);
  if (issues.length > 0) return invalid(issues);
  if (hooks.confirm) {
    const warning = await hooks.confirm(ctx, change);
    if (warning) return refusalAnswer(warning);
  }
  const extra = hooks.prepare ? await hooks.prepare(ctx, change) : {};
  const userId = ctx.user.userId;
  let id: string | number;
  try {
    id = await retryingConcurrency(() => ctx.db.transaction().execute(async (trx) => {
      const stamp = { userId, now: new Date().toISOString() };
      await inTransactionChecks(ctx, trx, change);
      // A create's audit entries are made before its id exists; insertRow names them.
      const { set, audit } = columnChanges(ctx, change, change.id ?? 0);
      const written = await writeRow(trx, { ...set, ...extra }, audit, stamp);
      const entries = written.entries;
      const saved = { ...change, id: written.id };
      entries.push(...(await writeCollections(trx, ctx, saved, written.id)));
      if (hooks.afterWrite) entries.push(...(await hooks.afterWrite(ctx, trx, saved)));
      await writeAudit(trx, entries, userId, stamp.now);
      return written.id;
    }));
  } catch (error) {
    // As before the two saves were one: a failed create drops the table's cached counts too.
    if (change.mode === 'create') tableChanged(def.table);
    if (error instanceof VersionConflict) {
      const latest = await loadRecord(ctx.db, def, change.id!);
      return conflict(latest ? (latest['Version'] as number) : null);
    }
    const answer = answerOf(error, ctx.user.row.language) ?? constraintAnswer(error);
    if (answer) return answer;
    throw error;
  }
  tableChanged(def.table);
  return writtenAnswer(ctx, id, change.mode === 'create' ? 'created' : 'updated');
}

/** A new row: the trail, version 1, the natural key or the generated one, the document number (issue 12). */
function insertRow(ctx: EntityContext, change: Change): RowWriter {
  return async (trx, columns, audit, { userId, now }) => {
    const { def } = ctx;
    const keyCol = keyColumn(def);
    const row: Record<string, unknown> = { ...columns, created_by: userId, created_on: now, updated_by: userId, updated_on: now, version: 1 };
    if (def.keyKind === 'natural') row[keyCol] = change.id;
    await assignNumber(trx, def, row);
    const inserted = (await dynamicDb(trx).insertInto(def.table).values(row).returning(keyCol).executeTakeFirstOrThrow()) as Record<string, unknown>;
    const id = keyOf(def, inserted);
    const entries: AuditEntry[] = [
      { table: def.table, idName: keyCol, idValue: id, column: keyCol, old: null, new: id, action: 'insert' },
      ...audit.map((entry) => ({ ...entry, idValue: id })),
    ];
    return { id, entries };
  };
}

/** The stored row, only at the Version read (else VersionConflict rolls the save back); version + 1. */
function updateRow(ctx: EntityContext, id: string | number, version: number): RowWriter {
  return async (trx, columns, audit, { userId, now }) => {
    const { def } = ctx;
    const updated = await dynamicDb(trx)
      .updateTable(def.table)
      .set({ ...columns, updated_by: userId, updated_on: now, version: version + 1 })
      .where(keyColumn(def), '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new VersionConflict(null);
    return { id, entries: [...audit] };
  };
}

export async function createRecord(ctx: EntityContext, received: unknown): Promise<Answer> {
  const { def, access } = ctx;
  // Issue 40 item 5: blank fields that follow from a picked field take the same defaults as the form's pick.
  const body = await withDefaults(ctx, received, null);
  const checked = checkFields(ctx, body, null);
  if (!checked.ok) return invalid(checked.errors);
  const value = checked.value;
  const changed = new Set(checked.changed);
  // Fields the caller may not see or change take their defaults (read-only fields too: a document's state).
  const locked = Object.entries(def.fields).filter(([, field]) => field.readOnly).map(([name]) => name);
  for (const name of [...access.hidden, ...access.readOnly, ...locked]) {
    const field = def.fields[name]!;
    if (field.defaultValue !== undefined && !(name in value)) {
      value[name] = field.defaultValue;
      changed.add(name);
    }
  }
  if (def.states) {
    // A new document starts in the initial state, whatever the client sends.
    value[def.states.field] = def.states.initial;
    changed.add(def.states.field);
  }
  applyComputed(def, value, changed, null);
  const change: Change = {
    mode: 'create',
    id: def.keyKind === 'natural' ? (value[def.key] as string | number) : null,
    value,
    changed,
    current: null,
    next: value,
    body: bodyObject(body),
  };
  return save(ctx, change, insertRow(ctx, change));
}

export async function updateRecord(ctx: EntityContext, rawId: string, received: unknown): Promise<Answer> {
  const { def, access } = ctx;
  const found = await readable(ctx, rawId);
  if (isAnswer(found)) return found;
  const { id, record: current } = found;
  // Issue 12: the state decides, whatever the client sends.
  const locked = stateRefusal(ctx, current, 'edit');
  if (locked) return locked;
  const body = await withDefaults(ctx, received, current);
  const input = bodyObject(body);
  const checked = checkFields(ctx, body, current);
  if (!checked.ok) return invalid(checked.errors);
  const version = versionOf(input['Version']);
  if (version === null) return versionRequired();
  const currentVersion = current['Version'] as number;
  if (version !== currentVersion) return conflict(currentVersion);
  if (checked.changed.length === 0) {
    return {
      status: 200,
      body: callResult(3, 'no_changes', message('entities:result.noChanges'), {
        EntityId: id,
        Data: visibleRecord(def, current, access.hidden),
      }),
    };
  }
  const changed = new Set(checked.changed);
  const value: Record<string, unknown> = {};
  for (const name of changed) value[name] = checked.value[name];
  applyComputed(def, value, changed, current);
  const change: Change = { mode: 'update', id, value, changed, current, next: { ...current, ...value }, body: input };
  return save(ctx, change, updateRow(ctx, id, version));
}
