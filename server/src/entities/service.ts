/**
 * The generic data service behind /api/data/:entity (routes.ts): list, get, create, update, delete and
 * a record's audit log, for any entity of the registry. Answers are §3 shapes (CallResult, PagedList);
 * routes.ts only turns them into HTTP.
 *
 * Guarantees:
 * - every write runs in ONE transaction with its §3 audit rows (audit.ts): a failed write leaves no row
 *   and no audit row;
 * - optimistic concurrency: updates and deletes name the Version they read; the row is written with
 *   `WHERE key = ? AND version = ?`, so of concurrent saves of one version exactly one wins and the
 *   others are told the record changed (409 version_conflict) — nothing is overwritten;
 * - inputs are validated by the shared validateRecord (unknown fields refused) and database rules
 *   (lookups, uniqueness, the entity's hooks) before anything is written; database constraint errors
 *   that still happen (races) are answered 4xx, never 500.
 */
import type { AnyEntity, FieldDefinition, RuleIssue, ScalarField } from '@erp/shared/entities/define';
import { allEntities, entityByName } from '@erp/shared/entities/index';
import { defaultMessage } from '@erp/shared/entities/messages';
import { humanize, sameValue, validateRecord, type ValidationIssue } from '@erp/shared/entities/validate';
import type { CallResult } from '@erp/shared/types';
import { writeAudit, type AuditEntry } from './audit.ts';
import { answerOf, BusinessError, confirmationsOf, translatorIn } from './call-result.ts';
import { assignNumber, lineLookupIssues, stateRefusal, withComputed } from './documents.ts';
import type { AnyTransaction, Change, EntityContext, Refusal } from './hooks.ts';
import { message, translate } from './labels.ts';
import { countRows, filteredBase, pageRecords, tableChanged, type TotalSpec } from './paging.ts';
import { parseListQuery } from './query.ts';
import {
  columnsFor,
  fieldsOf,
  keyColumn,
  keyOf,
  loadRecord,
  parseId,
  readScalar,
  visibleRecord,
  writeScalar,
} from './wire.ts';

/** An HTTP answer: status, body, headers. */
export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

function callResult(status: CallResult['ResultStatus'], code: string, text: string | null, extra: Partial<CallResult> = {}): CallResult {
  return { ResultStatus: status, ResultCode: code, Message: text, EntityId: null, Exception: null, ...extra };
}

export function failureAnswer(status: number, code: string, text: string, data?: unknown): Answer {
  return { status, body: callResult(2, code, text, data === undefined ? {} : { Data: data }) };
}

export const forbidden = (): Answer => failureAnswer(403, 'forbidden', message('entities:result.forbidden'));
export const badRequest = (detail: string): Answer =>
  failureAnswer(400, 'bad_request', message('entities:result.badQuery', { detail }));
export const notFound = (): Answer => ({
  status: 404,
  body: callResult(5, 'not_found', message('entities:result.notFound')),
});

function invalid(errors: ValidationIssue[]): Answer {
  return failureAnswer(400, 'validation_failed', errors[0]?.message ?? message('entities:result.invalid'), { Errors: errors });
}

function conflict(current: number | null): Answer {
  return failureAnswer(409, 'version_conflict', message('entities:result.versionConflict'), { CurrentVersion: current });
}

function refusalAnswer(refusal: Refusal): Answer {
  return { status: refusal.status, body: refusal.body };
}

/** A rule's finding as a validation issue with its English message. */
export function issueOf(def: AnyEntity, issue: RuleIssue): ValidationIssue {
  const base = issue.field.replace(/\[.*$/, '');
  const field = (Object.hasOwn(def.fields, base) ? def.fields[base] : undefined) as (FieldDefinition & { labelKey: string }) | undefined;
  const label = field ? translate(field.labelKey, humanize(base)) : humanize(issue.field);
  const params = issue.params ?? {};
  return {
    field: issue.field,
    key: issue.key,
    params,
    message: translate(issue.key, issue.message ?? defaultMessage(issue.key), { label, ...params }),
  };
}

/** Thrown inside a transaction when the version check fails: rolls the transaction back. */
class VersionConflict extends Error {
  constructor(readonly current: number | null) {
    super('version conflict');
  }
}

/**
 * A database constraint error as a 4xx answer (a race the checks could not see), or null for anything
 * else. SQLite: SQLITE_CONSTRAINT_*; PostgreSQL: SQLSTATE classes 22 (data) and 23 (integrity).
 */
export function constraintAnswer(error: unknown): Answer | null {
  const code = String((error as { code?: unknown }).code ?? '');
  if (/^SQLITE_CONSTRAINT_(UNIQUE|PRIMARYKEY)$/.test(code) || code === '23505') {
    return invalid([{ field: '', key: 'entities:validation.duplicate', params: {}, message: message('entities:validation.duplicate', { label: 'The record' }) }]);
  }
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503') {
    return failureAnswer(409, 'in_use', message('entities:result.inUse'));
  }
  if (code.startsWith('SQLITE_CONSTRAINT') || code.startsWith('23') || code.startsWith('22') || code === 'SQLITE_TOOBIG') {
    return failureAnswer(400, 'bad_request', message('entities:result.invalid'));
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Reading

/** The visible list columns of a definition, less the caller's hidden fields. */
export function visibleColumns(def: AnyEntity, hidden: ReadonlySet<string>): string[] {
  return def.listColumns.filter((column) => column.visible && !hidden.has(column.field)).map((column) => column.field);
}

/** Fields a list row answers: the key, the chosen columns (default the visible ones), flag sets. */
export function listFields(def: AnyEntity, hidden: ReadonlySet<string>, columns: readonly string[] | null = null): string[] {
  const fields = new Set<string>([def.key, ...(columns ?? visibleColumns(def, hidden))]);
  for (const [name, field] of fieldsOf(def)) {
    if (field.type === 'set' && field.storage.kind === 'flags') fields.add(name);
  }
  return [...fields].filter((field) => !hidden.has(field));
}

export async function listRecords(ctx: EntityContext, params: Record<string, unknown>): Promise<Answer> {
  const { def, access } = ctx;
  const parsed = parseListQuery(def, params, access.hidden);
  if (!parsed.ok) return badRequest(parsed.message);
  const query = parsed.value;
  const base = await filteredBase(ctx, query);
  const fields = listFields(def, access.hidden, query.columns);
  const totals: TotalSpec[] = def.listColumns
    .filter((column) => column.total && fields.includes(column.field))
    .map((column) => {
      const field = def.fields[column.field]!;
      const spec: TotalSpec = { field: column.field, column: field.column, kind: column.total! };
      if (field.type === 'decimal') spec.scale = field.scale ?? 2;
      return spec;
    });
  const counted = await countRows(ctx, base, totals);
  const total = counted.count;
  const offset = (query.page - 1) * query.pageSize;
  const list = offset < total ? await pageRecords(ctx, base, query, fields, query.pageSize, offset, 'version') : [];
  const empty = list.length === 0;
  return {
    status: 200,
    body: {
      ...callResult(empty ? 6 : 1, empty ? 'no_records' : 'ok', empty ? message('entities:result.noRecords') : null),
      Page: query.page,
      PageSize: query.pageSize,
      TotalCount: total,
      SortFields: query.sortFields,
      SortDescending: query.sortDescending,
      List: list,
      // Column totals over every matching row (definition listColumns[].total), when asked for.
      ...(totals.length > 0 ? { Totals: counted.totals } : {}),
    },
  };
}

/** Most suggestions one lookup answer holds. */
export const LOOKUP_PAGE_SIZE = 20;

/**
 * GET /api/lookup/:entity (issue 16 item 5): the records of `ctx.def` matching `search`, each as the pair a
 * lookup of another entity's form shows — `Value` (the key, what the referring field stores) and `Label`
 * (the definition's displayField; '' when that is the key or hidden from the caller). The server's registry
 * holds every module's definitions, so a form can suggest records of an entity whose module the page has
 * not loaded (the firm form's AR terms and sales reps). Same rights, search and row filters as the list.
 */
export async function lookupRecords(ctx: EntityContext, search: string): Promise<Answer> {
  const { def, access } = ctx;
  const label = def.displayField !== def.key && !access.hidden.has(def.displayField) ? def.displayField : null;
  const listed = await listRecords(ctx, { PageSize: LOOKUP_PAGE_SIZE, Columns: [def.key, ...(label ? [label] : [])], Search: search });
  if (listed.status !== 200) return listed;
  const body = listed.body as CallResult;
  const rows = (body.List ?? []) as Record<string, unknown>[];
  const options = rows.map((row) => ({ Value: String(row[def.key]), Label: label && row[label] != null ? String(row[label]) : '' }));
  return { status: 200, body: { ...callResult(body.ResultStatus, body.ResultCode ?? 'ok', body.Message ?? null), List: options } };
}

/** Loads a record the caller may see: the record, or the answer to give instead. */
async function readable(ctx: EntityContext, rawId: string): Promise<{ id: string | number; record: Record<string, unknown> } | Answer> {
  const id = parseId(ctx.def, rawId);
  if (id === null) return badRequest(`${rawId.slice(0, 64)} is not a valid ${ctx.def.key}`);
  const record = await loadRecord(ctx.any, ctx.def, id);
  if (!record) return notFound();
  if (ctx.hooks.readVirtual) Object.assign(record, await ctx.hooks.readVirtual(ctx, record));
  if (ctx.hooks.canView) {
    const refusal = await ctx.hooks.canView(ctx, record);
    if (refusal) return refusalAnswer(refusal);
  }
  return { id, record };
}

function isAnswer(value: unknown): value is Answer {
  return typeof value === 'object' && value !== null && 'status' in value && 'body' in value;
}

export async function getRecord(ctx: EntityContext, rawId: string): Promise<Answer> {
  const found = await readable(ctx, rawId);
  if (isAnswer(found)) return found;
  return {
    status: 200,
    body: callResult(1, 'ok', null, { EntityId: found.id, Data: visibleRecord(ctx.def, found.record, ctx.access.hidden) }),
  };
}

/** Column → field name of an audit row, for the answer (and to hide hidden fields' rows). */
function auditFieldName(def: AnyEntity, table: string, column: string): string | null {
  for (const [name, field] of fieldsOf(def)) {
    if (table === def.table) {
      if (field.type === 'set' && field.storage.kind === 'flags' && Object.values(field.storage.columns).includes(column)) return name;
      if (field.type !== 'set' && field.type !== 'children' && !field.virtual && field.column === column) return name;
      if (field.virtual && field.column === column) return name;
    } else if (field.type === 'set' && field.storage.kind === 'link' && field.storage.table === table) {
      return name;
    } else if (field.type === 'children' && field.table === table) {
      const child = Object.entries(field.fields).find(([childName, childField]) => (childField.column ?? childName) === column);
      return child ? `${name}.${child[0]}` : name;
    }
  }
  return null;
}

/** §3 audit log of one record (its own rows and its child and link rows), newest first. */
export async function recordAudit(ctx: EntityContext, rawId: string, params: Record<string, unknown>): Promise<Answer> {
  const found = await readable(ctx, rawId);
  if (isAnswer(found)) return found;
  const { def } = ctx;
  const page = Number(Array.isArray(params['Page']) ? NaN : (params['Page'] ?? 1));
  const pageSize = Number(Array.isArray(params['PageSize']) ? NaN : (params['PageSize'] ?? 250));
  const unknown = Object.keys(params).find((key) => key !== 'Page' && key !== 'PageSize');
  if (unknown) return badRequest(`Unknown query parameter: ${unknown.slice(0, 80)}`);
  if (!Number.isInteger(page) || page < 1 || page > 2147483647 || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000) {
    return badRequest('Page must be 1 or more and PageSize 1 to 1000');
  }
  const id = String(found.id);
  const hiddenColumns = [...ctx.access.hidden].flatMap((name) => {
    const field = def.fields[name]!;
    if (field.type === 'set' && field.storage.kind === 'flags') return Object.values(field.storage.columns);
    return field.type === 'set' || field.type === 'children' ? [] : [field.column];
  });
  let base = ctx.db
    .selectFrom('audit_log')
    .where((eb) =>
      eb.or([
        eb.and([eb('root_table', '=', def.table), eb('root_id', '=', id)]),
        eb.and([eb('root_table', 'is', null), eb('table_name', '=', def.table), eb('id_value', '=', id)]),
      ]),
    );
  if (hiddenColumns.length > 0) {
    base = base.where((eb) => eb.not(eb.and([eb('table_name', '=', def.table), eb('column_name', 'in', hiddenColumns)])));
  }
  const counted = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const total = Number(counted.n);
  const rows = await base
    .selectAll()
    .orderBy('audit_key', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const list = rows.map((row) => ({
    AuditKey: row.audit_key,
    TableName: row.table_name,
    IdName: row.id_name,
    IdValue: row.id_value,
    ColumnName: row.column_name,
    FieldName: auditFieldName(def, row.table_name, row.column_name),
    Action: row.action,
    OldValue: row.old_value,
    NewValue: row.new_value,
    ActionBy: row.action_by,
    ActionOn: row.action_on,
  }));
  const empty = list.length === 0;
  return {
    status: 200,
    body: {
      ...callResult(empty ? 6 : 1, empty ? 'no_records' : 'ok', empty ? message('entities:result.noRecords') : null),
      Page: page,
      PageSize: pageSize,
      TotalCount: total,
      SortFields: ['AuditKey'],
      SortDescending: ['AuditKey'],
      List: list,
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Database rules shared by every entity

async function lookupIssues(ctx: EntityContext, change: Change): Promise<RuleIssue[]> {
  const issues: RuleIssue[] = [];
  for (const name of change.changed) {
    const field = ctx.def.fields[name]!;
    const value = change.value[name];
    if (field.type === 'lookup' && value !== null && value !== undefined) {
      const target = entityByName(field.entity);
      if (!target) continue;
      const column = field.targetField ? target.fields[field.targetField]!.column : keyColumn(target);
      const activeColumn = target.activeField ? target.fields[target.activeField]!.column : null;
      const row = (await ctx.any
        .selectFrom(target.table)
        .select(activeColumn ? [column, activeColumn] : [column])
        .where(column, '=', value)
        .executeTakeFirst()) as Record<string, unknown> | undefined;
      const self = target === ctx.def && change.mode === 'create' && value === change.value[ctx.def.key];
      if (!row && !self) {
        // The value rides along, for messages that name it (§8 "Heat number {0} cannot be found.").
        issues.push({ field: name, key: field.invalidKey ?? 'entities:validation.lookupInvalid', params: { value } });
      } else if (row && field.activeOnly && activeColumn && !readScalar({ type: 'boolean' }, row[activeColumn])) {
        issues.push({ field: name, key: field.inactiveKey ?? 'entities:validation.lookupInactive' });
      }
    }
    if (field.type === 'set' && field.entity && Array.isArray(value) && value.length > 0) {
      const target = entityByName(field.entity);
      if (!target) continue;
      const column = keyColumn(target);
      const rows = (await ctx.any.selectFrom(target.table).select(column).where(column, 'in', value).execute()) as Record<string, unknown>[];
      const known = new Set(rows.map((row) => String(row[column])));
      const missing = (value as string[]).find((item) => !known.has(item));
      if (missing !== undefined) issues.push({ field: name, key: 'entities:validation.lookupInvalid', params: { value: missing } });
    }
    if (field.type === 'children' && Array.isArray(value)) {
      // Child keys are checked like every other key (issue #11): a row may name only a child row this
      // record already has (never on a create, never another record's), and each at most once.
      const keys = new Set(((change.mode === 'update' ? (change.current?.[name] as Record<string, unknown>[] | undefined) : undefined) ?? []).map((row) => row[field.key]));
      const named = new Set<unknown>();
      (value as Record<string, unknown>[]).forEach((row, index) => {
        const key = row[field.key];
        if (key === null || key === undefined) return;
        if (!keys.has(key) || named.has(key)) {
          issues.push({ field: `${name}[${index}].${field.key}`, key: 'entities:validation.lookupInvalid' });
        }
        named.add(key);
      });
      // A line's own child rows (issue 12): a child key must be one of THIS line's stored child rows
      // (never on a new line, never another line's or record's), each at most once.
      const currentLines = new Map(
        ((change.mode === 'update' ? (change.current?.[name] as Record<string, unknown>[] | undefined) : undefined) ?? []).map((row) => [row[field.key], row]),
      );
      for (const [subName, sub] of Object.entries(field.lineChildren ?? {})) {
        (value as Record<string, unknown>[]).forEach((row, index) => {
          const line = row[field.key] === null || row[field.key] === undefined ? undefined : currentLines.get(row[field.key]);
          const own = new Set(((line?.[subName] as Record<string, unknown>[] | undefined) ?? []).map((subRow) => subRow[sub.key]));
          const seen = new Set<unknown>();
          ((row[subName] as Record<string, unknown>[] | undefined) ?? []).forEach((subRow, subIndex) => {
            const subKey = subRow[sub.key];
            if (subKey === null || subKey === undefined) return;
            if (!own.has(subKey) || seen.has(subKey)) {
              issues.push({ field: `${name}[${index}].${subName}[${subIndex}].${sub.key}`, key: 'entities:validation.lookupInvalid' });
            }
            seen.add(subKey);
          });
        });
      }
    }
  }
  return issues;
}

async function uniqueIssues(ctx: EntityContext, change: Change): Promise<RuleIssue[]> {
  const { def } = ctx;
  const issues: RuleIssue[] = [];
  const keyCol = keyColumn(def);
  if (change.mode === 'create' && def.keyKind === 'natural') {
    const exists = await ctx.any.selectFrom(def.table).select(keyCol).where(keyCol, '=', change.value[def.key]).executeTakeFirst();
    if (exists) issues.push({ field: def.key, key: 'entities:validation.duplicate' });
  }
  for (const group of def.uniques) {
    if (!group.some((field) => change.changed.has(field))) continue;
    let q = ctx.any.selectFrom(def.table).select(keyCol);
    for (const field of group) {
      const value = writeScalar(def.fields[field] as ScalarField, change.next[field], ctx.engine);
      const column = def.fields[field]!.column;
      q = value === null ? q.where(column, 'is', null) : q.where(column, '=', value);
    }
    if (change.id !== null) q = q.where(keyCol, '!=', change.id);
    if (await q.executeTakeFirst()) issues.push({ field: group[group.length - 1]!, key: 'entities:validation.duplicate' });
  }
  return issues;
}

/** Generic database checks, then the entity's own; answers the issues as validation errors. */
async function databaseIssues(ctx: EntityContext, change: Change): Promise<ValidationIssue[]> {
  const issues = [...(await lookupIssues(ctx, change)), ...(await uniqueIssues(ctx, change))];
  if (issues.length === 0 && ctx.hooks.validate) issues.push(...(await ctx.hooks.validate(ctx, change)));
  return issues.map((issue) => issueOf(ctx.def, issue));
}

// ---------------------------------------------------------------------------------------------------------
// Writing

function storedScalars(def: AnyEntity): [string, ScalarField & { column: string }][] {
  return fieldsOf(def).filter(
    (entry): entry is [string, ScalarField & { column: string }] =>
      entry[1].type !== 'set' && entry[1].type !== 'children' && !entry[1].virtual,
  );
}

/** Columns to write for the changed fields, with their audit entries. */
function columnChanges(ctx: EntityContext, change: Change, id: string | number): { set: Record<string, unknown>; audit: AuditEntry[] } {
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
async function writeCollections(trx: AnyTransaction, ctx: EntityContext, change: Change, id: string | number): Promise<AuditEntry[]> {
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
  trx: AnyTransaction,
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

function bodyObject(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** The answer to a create (201) or update (200): the record as it now reads, without the caller's hidden fields. */
async function writtenAnswer(
  ctx: EntityContext,
  def: AnyEntity,
  id: string | number,
  hidden: ReadonlySet<string>,
  result: 'created' | 'updated',
): Promise<Answer> {
  const record = await loadRecord(ctx.any, def, id);
  if (record && ctx.hooks.readVirtual) Object.assign(record, await ctx.hooks.readVirtual(ctx, record));
  return {
    status: result === 'created' ? 201 : 200,
    body: callResult(1, result, message(`entities:result.${result}`), {
      EntityId: id,
      Data: record ? visibleRecord(def, record, hidden) : null,
    }),
  };
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
async function inTransactionChecks(ctx: EntityContext, trx: AnyTransaction, change: Change): Promise<void> {
  const issues = await lineLookupIssues(trx, ctx.def, change.value);
  if (issues.length > 0) throw new BusinessError(400, 'validation_failed', issues);
  if (ctx.hooks.beforeWrite) await ctx.hooks.beforeWrite(ctx, trx, change, confirmationsOf(change.body));
}

export async function createRecord(ctx: EntityContext, body: unknown): Promise<Answer> {
  const { def, access, hooks } = ctx;
  const checked = validateRecord(def, body, 'create', {
    t: translatorIn(ctx.user.row.language),
    hidden: access.hidden,
    readOnly: access.readOnly,
    ignore: hooks.inputKeys ?? [],
  });
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
    id = await ctx.any.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      const keyCol = keyColumn(def);
      await inTransactionChecks(ctx, trx, change);
      const { set, audit } = columnChanges(ctx, change, change.id ?? 0);
      const row: Record<string, unknown> = {
        ...set,
        ...extra,
        created_by: userId,
        created_on: now,
        updated_by: userId,
        updated_on: now,
        version: 1,
      };
      if (def.keyKind === 'natural') row[keyCol] = change.id;
      await assignNumber(trx, def, row);
      const inserted = (await trx.insertInto(def.table).values(row).returning(keyCol).executeTakeFirstOrThrow()) as Record<string, unknown>;
      const newId = keyOf(def, inserted);
      const entries: AuditEntry[] = [
        { table: def.table, idName: keyCol, idValue: newId, column: keyCol, old: null, new: newId, action: 'insert' },
        ...audit.map((entry) => ({ ...entry, idValue: newId })),
      ];
      const saved = { ...change, id: newId };
      entries.push(...(await writeCollections(trx, ctx, saved, newId)));
      if (hooks.afterWrite) entries.push(...(await hooks.afterWrite(ctx, trx, saved)));
      await writeAudit(trx, entries, userId, now);
      return newId;
    });
  } catch (error) {
    tableChanged(def.table);
    const answer = answerOf(error, ctx.user.row.language) ?? constraintAnswer(error);
    if (answer) return answer;
    throw error;
  }
  tableChanged(def.table);
  return writtenAnswer(ctx, def, id, access.hidden, 'created');
}

/** The Version a write names: a positive integer, or null. */
function versionOf(raw: unknown): number | null {
  const value = typeof raw === 'string' && /^\d{1,10}$/.test(raw.trim()) ? Number(raw) : raw;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 2147483647 ? value : null;
}

function versionRequired(): Answer {
  return invalid([
    { field: 'Version', key: 'entities:validation.version', params: {}, message: message('entities:validation.version') },
  ]);
}

export async function updateRecord(ctx: EntityContext, rawId: string, body: unknown): Promise<Answer> {
  const { def, access, hooks } = ctx;
  const found = await readable(ctx, rawId);
  if (isAnswer(found)) return found;
  const { id, record: current } = found;
  // Issue 12: the state decides, whatever the client sends.
  const locked = stateRefusal(ctx, current, 'edit');
  if (locked) return locked;
  const input = bodyObject(body);
  const checked = validateRecord(def, body, 'update', {
    t: translatorIn(ctx.user.row.language),
    current,
    hidden: access.hidden,
    readOnly: access.readOnly,
    ignore: hooks.inputKeys ?? [],
  });
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
  const issues = await databaseIssues(ctx, change);
  if (issues.length > 0) return invalid(issues);
  if (hooks.confirm) {
    const warning = await hooks.confirm(ctx, change);
    if (warning) return refusalAnswer(warning);
  }
  const extra = hooks.prepare ? await hooks.prepare(ctx, change) : {};
  const userId = ctx.user.userId;
  try {
    await ctx.any.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      const keyCol = keyColumn(def);
      await inTransactionChecks(ctx, trx, change);
      const { set, audit } = columnChanges(ctx, change, id);
      const updated = await trx
        .updateTable(def.table)
        .set({ ...set, ...extra, updated_by: userId, updated_on: now, version: version + 1 })
        .where(keyCol, '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new VersionConflict(null);
      const entries = [...audit];
      const saved = { ...change, id };
      entries.push(...(await writeCollections(trx, ctx, saved, id)));
      if (hooks.afterWrite) entries.push(...(await hooks.afterWrite(ctx, trx, saved)));
      await writeAudit(trx, entries, userId, now);
    });
  } catch (error) {
    if (error instanceof VersionConflict) {
      const latest = await loadRecord(ctx.any, def, id);
      return conflict(latest ? (latest['Version'] as number) : null);
    }
    const answer = answerOf(error, ctx.user.row.language) ?? constraintAnswer(error);
    if (answer) return answer;
    throw error;
  }
  tableChanged(def.table);
  return writtenAnswer(ctx, def, id, access.hidden, 'updated');
}

/** Rows of other entities that refer to this record (lookups and link sets): in use, not deletable. */
async function referenced(ctx: EntityContext, id: string | number): Promise<boolean> {
  for (const other of allEntities()) {
    for (const [, field] of fieldsOf(other)) {
      if (field.type === 'lookup' && field.entity === ctx.def.name && !field.targetField) {
        const hit = await ctx.any
          .selectFrom(other.table)
          .select(field.column)
          .where(field.column, '=', id)
          .$if(other === ctx.def, (q) => q.where(keyColumn(other), '!=', id))
          .executeTakeFirst();
        if (hit) return true;
      }
      if (field.type === 'set' && field.entity === ctx.def.name && field.storage.kind === 'link') {
        const hit = await ctx.any.selectFrom(field.storage.table).select(field.storage.valueColumn).where(field.storage.valueColumn, '=', id).executeTakeFirst();
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
    await ctx.any.transaction().execute(async (trx) => {
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
      const deleted = await trx.deleteFrom(def.table).where(keyCol, '=', id).where('version', '=', version).executeTakeFirst();
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
      const latest = await loadRecord(ctx.any, def, id);
      return latest ? conflict(latest['Version'] as number) : notFound();
    }
    const answer = answerOf(error, ctx.user.row.language) ?? constraintAnswer(error);
    if (answer) return answer;
    throw error;
  }
  tableChanged(def.table);
  return { status: 200, body: callResult(1, 'deleted', message('entities:result.deleted'), { EntityId: id }) };
}
