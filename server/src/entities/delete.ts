/**
 * Deleting a record through the generic data service: `deleteRecord(ctx, rawId, rawVersion)` (DELETE
 * /api/data/:entity/:id?Version=n → 200 'deleted').
 *
 * Refused, before anything is written: a state that does not allow it (409 state_locked, issue 12), a
 * missing or stale Version (400 / 409 version_conflict), a record other rows still name through a lookup or
 * a link set (409 in_use), the entity's `beforeDelete` hook. Then ONE transaction: the hook's `onDelete`,
 * the child rows and links (write.ts, their own audit rows first), the record's attachments, the row at the
 * Version read (a concurrent delete or save wins: 409, or 404 when the record is gone), and the §3 audit
 * rows of every value that goes.
 */
import { dynamicDb } from '../db/dynamic-db.ts';
import { allEntities } from '@erp/shared/entities/index';
import {
  conflict,
  constraintAnswer,
  failureAnswer,
  isAnswer,
  notFound,
  refusalAnswer,
  versionOf,
  versionRequired,
  VersionConflict,
  type Answer,
} from './answers.ts';
import { writeAudit, type AuditEntry } from './audit.ts';
import { answerOf, callResult } from './call-result.ts';
import { stateRefusal } from './documents.ts';
import type { Change, EntityContext } from './hooks.ts';
import { message } from './labels.ts';
import { tableChanged } from './paging.ts';
import { readable } from './read.ts';
import { fieldsOf, keyColumn, loadRecord } from './wire.ts';
import { storedScalars, writeCollections } from './write.ts';

/** Rows of other entities that refer to this record (lookups and link sets): in use, not deletable. */
async function referenced(ctx: EntityContext, id: string | number): Promise<boolean> {
  for (const other of allEntities()) {
    for (const [, field] of fieldsOf(other)) {
      if (field.type === 'lookup' && field.entity === ctx.def.name && !field.targetField) {
        const hit = await dynamicDb(ctx.db)
          .selectFrom(other.table)
          .select(field.column)
          .where(field.column, '=', id)
          .$if(other === ctx.def, (q) => q.where(keyColumn(other), '!=', id))
          .executeTakeFirst();
        if (hit) return true;
      }
      if (field.type === 'set' && field.entity === ctx.def.name && field.storage.kind === 'link') {
        const hit = await dynamicDb(ctx.db).selectFrom(field.storage.table).select(field.storage.valueColumn).where(field.storage.valueColumn, '=', id).executeTakeFirst();
        if (hit) return true;
      }
    }
  }
  return false;
}

export async function deleteRecord(ctx: EntityContext, rawId: string, rawVersion: unknown): Promise<Answer> {
  const { def, hooks } = ctx;
  const found = await readable(ctx, rawId);
  if (isAnswer(found)) return found;
  const { id, record } = found;
  const locked = stateRefusal(ctx, record, 'delete');
  if (locked) return locked;
  const version = versionOf(Array.isArray(rawVersion) ? undefined : rawVersion);
  if (version === null) return versionRequired();
  if (version !== record['Version']) return conflict(record['Version'] as number);
  if (await referenced(ctx, id)) return failureAnswer(409, 'in_use', message('entities:result.inUse'));
  if (hooks.beforeDelete) {
    const refusal = await hooks.beforeDelete(ctx, record);
    if (refusal) return refusalAnswer(refusal);
  }
  const userId = ctx.user.userId;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      const keyCol = keyColumn(def);
      const entries: AuditEntry[] = hooks.onDelete ? await hooks.onDelete(ctx, trx, record) : [];
      // Child rows and links go with the record (their own audit rows first).
      const emptied: Change = {
        mode: 'update',
        id,
        value: {},
        changed: new Set(),
        current: record,
        next: record,
        body: {},
      };
      for (const [name, field] of fieldsOf(def)) {
        if ((field.type === 'set' && field.storage.kind === 'link') || field.type === 'children') {
          emptied.value[name] = [];
          emptied.changed.add(name);
        }
      }
      entries.push(...(await writeCollections(trx, ctx, emptied, id)));
      const attachments = await trx
        .selectFrom('attachments')
        .select(['attachment_key', 'file_name'])
        .where('entity', '=', def.name)
        .where('record_id', '=', String(id))
        .execute();
      if (attachments.length > 0) {
        await trx.deleteFrom('attachments').where('entity', '=', def.name).where('record_id', '=', String(id)).execute();
        for (const attachment of attachments) {
          entries.push({
            table: 'attachments',
            idName: 'attachment_key',
            idValue: attachment.attachment_key as number,
            column: 'file_name',
            old: attachment.file_name,
            new: null,
            action: 'delete',
            rootTable: def.table,
            rootId: id,
          });
        }
      }
      const deleted = await dynamicDb(trx).deleteFrom(def.table).where(keyCol, '=', id).where('version', '=', version).executeTakeFirst();
      if (Number(deleted.numDeletedRows) !== 1) throw new VersionConflict(null);
      for (const [name, field] of storedScalars(def)) {
        const old = record[name];
        if (old === null || old === undefined) continue;
        entries.push({ table: def.table, idName: keyCol, idValue: id, column: field.column, old, new: null, action: 'delete', mask: field.audit === 'mask' });
      }
      for (const [name, field] of fieldsOf(def)) {
        if (field.type !== 'set' || field.storage.kind !== 'flags') continue;
        for (const option of (record[name] as string[] | undefined) ?? []) {
          entries.push({ table: def.table, idName: keyCol, idValue: id, column: field.storage.columns[option]!, old: true, new: null, action: 'delete' });
        }
      }
      await writeAudit(trx, entries, userId, now);
    });
  } catch (error) {
    if (error instanceof VersionConflict) {
      const latest = await loadRecord(ctx.db, def, id);
      return latest ? conflict(latest['Version'] as number) : notFound();
    }
    const answer = answerOf(error, ctx.user.row.language) ?? constraintAnswer(error);
    if (answer) return answer;
    throw error;
  }
  tableChanged(def.table);
  return { status: 200, body: callResult(1, 'deleted', message('entities:result.deleted'), { EntityId: id }) };
}
