/**
 * Issue 42 item 4, "a record as it was", read from the §3 audit trail (audit.ts) of one record — its own rows
 * and the rows of its lines, link sets and attachments (`root_table` / `root_id`):
 *
 * - `recordHistory(ctx, rawId, params, names)` (GET /api/data/:entity/:id/history?Page=&PageSize=): the
 *   record's changes, newest first, ONE entry per save or action (the rows one transaction wrote share their
 *   `action_on` and `action_by`), paged on the server by entries (PageSize 1–100, default 20). Each entry:
 *   `{ On, By, ByName, Created, Changes }`, a change being
 *     `{ Kind: 'field', Field, Old, New, OldName?, NewName?, Masked?, Withheld? }` — a field of the record
 *     (`Withheld`: masked because that version was not the caller's to open, not because the trail keeps no value),
 *     `{ Kind: 'set', Field, Added, Removed }` — options of a set field (flag columns or link rows),
 *     `{ Kind: 'line', Field, Line, LineKey, Action, Changes: [{ Field, Old, New, OldName?, NewName? }] }` — a
 *       line added, changed or removed; `Line` is its position (1-based, in key order = the grid's order) in the
 *       document as it stood right after the change (before it, for a removed line),
 *     `{ Kind: 'attachment', Action, Name }`, `{ Kind: 'email', To }`,
 *     `{ Kind: 'other', Table, Column, Old, New }` — a row of the record's table no field names (a module's own
 *       column). Rows of other tables a module writes under the record stay in the raw audit log (`shownTables`).
 *   Values are typed as the record carries them (booleans, numbers, decimal strings, dates) so the browser
 *   formats them like the form; `OldName` / `NewName` are the looked-up record's display name ("where cheap":
 *   one query per target entity and page, with the target's own row rights and hidden fields).
 * - `recordAsOf(ctx, rawId, params, zone, names)` (GET /api/data/:entity/:id/as-of?Date=YYYY-MM-DD): the record's
 *   fields as they stood at the END of that day in the caller's time zone (`X-Time-Zone`, as reports; UTC
 *   without): the current record with every later audit row undone, newest first — a field takes its old
 *   value, an added line goes, a removed line comes back, a set gets its options back. `Data`: the record
 *   (its hidden fields left out, no trail), `Changed` (fields that differ from today), `Lines`
 *   (per collection: `Added` — lines added since, absent then —, `Removed` — lines removed since, shown —,
 *   `Changed` — line key → fields), `Unknown` (fields whose old value the trail masks: passwords, the SIN),
 *   `Names` (field path → value → display name), `LastChange` ({ On, By, ByName } or null). A record created
 *   after that day answers ResultStatus 4 `not_yet_created` with the localized message and no Data.
 *
 * Rights are the record's read (routes.ts `contextOf(…, 'read')` then `readable`: 403 / 404 / §6 refusals as
 * a read). The caller's hidden fields — §6 form widgets security and `readRoles` (the payroll role's pay
 * fields) — never show: their columns, link tables and line tables are left out in SQL, so no entry of theirs
 * is counted or answered, and the as-of record drops them like every read (`visibleRecord`). Masked audit
 * values (`audit: 'mask'`) stay masked (`Masked` / `Unknown`). Bad input is a 400 in the caller's language.
 *
 * Limits: virtual fields (a hook's, no column) are not reconstructed and are left out of the as-of record; a
 * line's own child rows (`lineChildren`) are undone when changed or added, but a removed one cannot be put back
 * under its line (the trail does not keep the parent key) — it is left out.
 */
import type { AnyEntity, ChildrenField, FieldDefinition, ScalarField } from '@erp/shared/entities/define';
import { toFixedScale, isDecimal } from '@erp/shared/decimal';
import { sameValue } from '@erp/shared/entities/validate';
import { wallClock } from '@erp/shared/format';
import { sql, type Selectable } from 'kysely';
import type { AuditLogTable } from '../db/schema.ts';
import { dynamicDb, type DynamicSelect } from '../db/dynamic-db.ts';
import { badRequest, failureAnswer, isAnswer, refusalAnswer, type Answer } from './answers.ts';
import { callResult, messageIn } from './call-result.ts';
import type { EntityContext } from './hooks.ts';
import { pagedAnswer, readable } from './read.ts';
import { fieldsOf, keyColumn, visibleRecord } from './wire.ts';

/** The context of another entity for the caller (its rights and row filters), or null when they may not read it. */
export type ContextOfEntity = (name: string) => Promise<EntityContext | null>;

type AuditRow = Selectable<AuditLogTable>;

/** What an audit row is about, for this definition. */
type Target =
  | { kind: 'created' }
  | { kind: 'field'; name: string; field: ScalarField }
  | { kind: 'flag'; name: string; option: string }
  | { kind: 'link'; name: string }
  | { kind: 'line'; name: string; child: string | null }
  | { kind: 'subline'; name: string; sub: string; child: string | null }
  | { kind: 'attachment' }
  | { kind: 'email' }
  | { kind: 'other' };

type Children = ChildrenField & { table: string };

const MASK = '***';
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ZONE = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/** Maps audit rows (table, column, action) to what they are about; built once per definition. */
function targetsOf(def: AnyEntity): (row: Pick<AuditRow, 'table_name' | 'column_name' | 'action'>) => Target {
  const own = new Map<string, Target>();
  const tables = new Map<string, Target | ((column: string) => Target)>();
  for (const [name, field] of fieldsOf(def)) {
    if (field.type === 'set') {
      if (field.storage.kind === 'flags') for (const [option, column] of Object.entries(field.storage.columns)) own.set(column, { kind: 'flag', name, option });
      else tables.set(field.storage.table, { kind: 'link', name });
    } else if (field.type === 'children') {
      const children = field as Children;
      const columnOf = (fields: Readonly<Record<string, ScalarField & { column?: string }>>, column: string) =>
        Object.entries(fields).find(([childName, child]) => (child.column ?? childName) === column)?.[0] ?? null;
      tables.set(children.table, (column) => ({ kind: 'line', name, child: columnOf(children.fields, column) }));
      for (const [sub, spec] of Object.entries(children.lineChildren ?? {})) {
        tables.set(spec.table, (column) => ({ kind: 'subline', name, sub, child: columnOf(spec.fields, column) }));
      }
    } else if (name !== def.key && field.column) {
      own.set(field.column, { kind: 'field', name, field: field as ScalarField });
    }
  }
  const key = keyColumn(def);
  return (row) => {
    if (row.action === 'email') return { kind: 'email' };
    if (row.table_name === def.table) {
      if (row.column_name === key) return row.action === 'insert' ? { kind: 'created' } : { kind: 'other' };
      return own.get(row.column_name) ?? { kind: 'other' };
    }
    if (row.table_name === 'attachments') return { kind: 'attachment' };
    const table = tables.get(row.table_name);
    if (!table) return { kind: 'other' };
    return typeof table === 'function' ? table(row.column_name) : table;
  };
}

/** An audit text (audit.ts `auditText`) back as the wire value of its field. */
export function auditValue(field: ScalarField | undefined, text: string | null): unknown {
  if (text === null || field === undefined) return text;
  switch (field.type) {
    case 'boolean':
      return text === 'true' || text === '1';
    case 'integer': {
      const value = Number(text);
      return Number.isFinite(value) ? value : text;
    }
    case 'decimal':
      return isDecimal(text) ? toFixedScale(text, field.scale ?? 2) : text;
    case 'lookup':
      return field.valueType === 'integer' && /^-?\d+$/.test(text) ? Number(text) : text;
    default:
      return text;
  }
}

/**
 * The audit rows of one record as a query (its own rows, and its lines', links' and attachments' through
 * root_table / root_id), less the rows of the caller's hidden fields: own columns, flag columns, link tables,
 * line tables and their lines' own tables.
 */
export function recordRows(ctx: EntityContext, id: string) {
  const { def } = ctx;
  const hiddenColumns: string[] = [];
  const hiddenTables: string[] = [];
  for (const name of ctx.access.hidden) {
    const field = def.fields[name];
    if (!field) continue;
    if (field.type === 'set') {
      if (field.storage.kind === 'flags') hiddenColumns.push(...Object.values(field.storage.columns));
      else hiddenTables.push(field.storage.table);
    } else if (field.type === 'children') {
      hiddenTables.push(field.table, ...Object.values(field.lineChildren ?? {}).map((sub) => sub.table));
    } else if (field.column) {
      hiddenColumns.push(field.column);
    }
  }
  let base = allRows(ctx, id);
  if (hiddenColumns.length > 0) base = base.where((eb) => eb.not(eb.and([eb('table_name', '=', def.table), eb('column_name', 'in', hiddenColumns)])));
  if (hiddenTables.length > 0) base = base.where('table_name', 'not in', hiddenTables);
  return base;
}

/** A save's key: the rows one transaction wrote share their `action_on` and `action_by`. */
const saveKey = (row: Pick<AuditRow, 'action_on' | 'action_by'>) => `${row.action_on}\u0000${row.action_by}`;

/** Whether the caller may see the record as it stood right after a save, and right before it. */
export interface SaveSight {
  after: boolean;
  before: boolean;
}

/**
 * §6 row rights over time (issue 68 item 3, "history shows what the user may see now"): the entity's `canView`
 * run on the record as it stood after and before each save of `rows` — the record rebuilt from `current` by
 * undoing every row from the newest on, hidden fields' too (`rows`: ALL the record's rows from the oldest save
 * asked about on, newest first). A version the caller could not open (an order while it was another customer's)
 * then shows none of its values. Null when the entity has no `canView` hook (nothing to check); by save key.
 */
export async function saveSights(ctx: EntityContext, current: Record<string, unknown>, rows: readonly AuditRow[]): Promise<Map<string, SaveSight> | null> {
  const canView = ctx.hooks.canView;
  if (!canView) return null;
  const { def } = ctx;
  const target = targetsOf(def);
  const state: Record<string, unknown> = structuredClone(current);
  const sights = new Map<string, SaveSight>();
  let seen = (await canView(ctx, state)) === null;
  for (let at = 0; at < rows.length; ) {
    const key = saveKey(rows[at]!);
    const after = seen;
    let created = false;
    for (; at < rows.length && saveKey(rows[at]!) === key; at++) {
      const about = target(rows[at]!);
      if (about.kind === 'created') created = true;
      undo(def, state, rows[at]!, about, new Set());
    }
    // Before a record's creation there is nothing to see (its old values are all blank).
    seen = created ? true : (await canView(ctx, state)) === null;
    sights.set(key, { after, before: seen });
  }
  return sights;
}

/** Blanks what a change says of a version the caller may not see (`Masked`, as an audit mask; `Withheld`: by rights). */
function maskChange(change: HistoryChange, sight: SaveSight): void {
  if (sight.after && sight.before) return;
  switch (change.Kind) {
    case 'line':
      for (const inner of change['Changes'] as HistoryChange[]) maskChange(inner, sight);
      return;
    case 'set':
      if (!sight.after) change['Added'] = [];
      if (!sight.before) change['Removed'] = [];
      break;
    case 'attachment':
      change['Name'] = null;
      break;
    case 'email':
      if (!sight.after) change['To'] = null;
      break;
    default:
      if (!sight.after) change['New'] = null;
      if (!sight.before) change['Old'] = null;
      delete change['OldName'];
      delete change['NewName'];
  }
  change['Masked'] = true;
  // Kept, but not for this caller: the screen says so rather than "not kept".
  change['Withheld'] = true;
}

/** Every audit row of the record (none left out), as a query. */
function allRows(ctx: EntityContext, id: string) {
  const { def } = ctx;
  return ctx.db.selectFrom('audit_log').where((eb) =>
    eb.or([
      eb.and([eb('root_table', '=', def.table), eb('root_id', '=', id)]),
      eb.and([eb('root_table', 'is', null), eb('table_name', '=', def.table), eb('id_value', '=', id)]),
    ]),
  );
}

/**
 * The tables History shows rows of: the record's own, its sets' link tables, its lines' (and their own rows'),
 * attachments. A module's rows about other tables under the record (a firm's `firm_accounts`, which follow its
 * types) say again what a field's change already says, in column names: they stay in the raw audit log.
 */
function shownTables(def: AnyEntity): string[] {
  const tables = new Set([def.table, 'attachments']);
  for (const [, field] of fieldsOf(def)) {
    if (field.type === 'set' && field.storage.kind === 'link') tables.add(field.storage.table);
    if (field.type === 'children') {
      tables.add(field.table);
      for (const sub of Object.values(field.lineChildren ?? {})) tables.add(sub.table);
    }
  }
  return [...tables];
}

/** A query parameter as one string (repeated parameters and objects are refused by the caller). */
function single(params: Record<string, unknown>, name: string): string | undefined | null {
  const value = params[name];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : null;
}

function unknownParameter(params: Record<string, unknown>, known: readonly string[]): Answer | null {
  const unknown = Object.keys(params).find((key) => !known.includes(key));
  return unknown ? badRequest(`Unknown query parameter: ${unknown.slice(0, 80)}`) : null;
}

/** Display names of the users who made the changes (the id when the user is gone). */
async function userNames(ctx: EntityContext, ids: Iterable<string>): Promise<Map<string, string>> {
  const list = [...new Set(ids)];
  if (list.length === 0) return new Map();
  const rows = await ctx.db.selectFrom('users').select(['user_id', 'display_name']).where('user_id', 'in', list).execute();
  return new Map(rows.map((row) => [row.user_id, row.display_name ?? row.user_id]));
}

/** Lookup values to name: by field path (`CustomerId`, `Lines.ProductId`), the field and its values. */
type Wanted = Map<string, { field: ScalarField; values: Set<unknown> }>;

function want(wanted: Wanted, path: string, field: ScalarField | undefined, ...values: unknown[]): void {
  if (!field || field.type !== 'lookup') return;
  let entry = wanted.get(path);
  if (!entry) wanted.set(path, (entry = { field, values: new Set() }));
  for (const value of values) if (value !== null && value !== undefined && value !== '') entry.values.add(value);
}

/**
 * The display names of looked-up records (path → value → name): one query per field path, at most 1,000
 * values each, through the target's own row rights (`scope`) and only when the caller sees its displayField.
 */
async function lookupNames(contextOf: ContextOfEntity, wanted: Wanted): Promise<Record<string, Record<string, string>>> {
  const out: Record<string, Record<string, string>> = {};
  for (const [path, { field, values }] of wanted) {
    if (field.type !== 'lookup' || values.size === 0) continue;
    const target = await contextOf(field.entity);
    if (!target) continue;
    const { def } = target;
    const valueName = field.targetField ?? def.key;
    const valueField = def.fields[valueName];
    const display = def.fields[def.displayField];
    if (!valueField || !display || def.displayField === valueName || target.access.hidden.has(def.displayField) || target.access.hidden.has(valueName)) continue;
    if (valueField.type === 'set' || valueField.type === 'children' || valueField.virtual || display.type === 'set' || display.type === 'children' || display.virtual) continue;
    const list = [...values].slice(0, 1000);
    let select: DynamicSelect = dynamicDb(target.db)
      .selectFrom(def.table)
      .select([`${def.table}.${valueField.column} as v`, `${def.table}.${display.column} as n`])
      .where(`${def.table}.${valueField.column}`, 'in', list);
    if (target.hooks.scope) select = await target.hooks.scope(target, select);
    const rows = (await select.execute()) as { v: unknown; n: unknown }[];
    const names: Record<string, string> = {};
    for (const row of rows) if (row.n !== null && row.n !== undefined && row.n !== '') names[String(row.v)] = String(row.n);
    if (Object.keys(names).length > 0) out[path] = names;
  }
  return out;
}

/** One change of a history entry (module header). */
type HistoryChange = Record<string, unknown> & { Kind: string };

/** Key order of a collection's lines: the grid's order (wire.ts reads them by key). */
const byKey = (a: number, b: number) => a - b;

/**
 * GET …/history: the record's changes, one entry per save, newest first, paged by entries (module header).
 */
export async function recordHistory(ctx: EntityContext, rawId: string, params: Record<string, unknown>, contextOf: ContextOfEntity): Promise<Answer> {
  const found = await readable(ctx, rawId);
  if (isAnswer(found)) return found;
  const refused = unknownParameter(params, ['Page', 'PageSize']);
  if (refused) return refused;
  const pageText = single(params, 'Page');
  const sizeText = single(params, 'PageSize');
  const page = pageText === undefined ? 1 : pageText === null ? NaN : Number(pageText);
  const pageSize = sizeText === undefined ? 20 : sizeText === null ? NaN : Number(sizeText);
  if (!Number.isInteger(page) || page < 1 || page > 2147483647 || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) {
    return failureAnswer(400, 'bad_request', messageIn(ctx.user.row.language, 'entities:history.badPage'));
  }
  const { def } = ctx;
  const id = String(found.id);
  const base = recordRows(ctx, id).where('table_name', 'in', shownTables(def));
  const counted = await ctx.db
    .selectFrom(base.select(['action_on', 'action_by']).groupBy(['action_on', 'action_by']).as('changes'))
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const total = Number(counted.n);
  const groups = await base
    .select(['action_on', 'action_by', (eb) => eb.fn.max('audit_key').as('last'), (eb) => eb.fn.min('audit_key').as('first')])
    .groupBy(['action_on', 'action_by'])
    .orderBy(sql`max(audit_key)`, 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const list: unknown[] = [];
  if (groups.length > 0) {
    const oldest = Math.min(...groups.map((group) => Number(group.first)));
    // Every row from the page's oldest on: the newer ones walk the lines back to the page's positions.
    const rows = (await base.selectAll().where('audit_key', '>=', oldest).orderBy('audit_key', 'desc').execute()) as AuditRow[];
    const onPage = new Set(groups.map(saveKey));
    const target = targetsOf(def);
    // The lines of each collection as they stand now; walked back entry by entry.
    const lines = new Map<string, number[]>();
    for (const [name, field] of fieldsOf(def)) {
      if (field.type !== 'children') continue;
      lines.set(name, ((found.record[name] as Record<string, unknown>[] | undefined) ?? []).map((line) => Number(line[field.key])).sort(byKey));
    }
    const entries: { key: string; rows: AuditRow[] }[] = [];
    for (const row of rows) {
      const key = saveKey(row);
      const last = entries[entries.length - 1];
      if (last && last.key === key) last.rows.push(row);
      else entries.push({ key, rows: [row] });
    }
    const wanted: Wanted = new Map();
    const built: { key: string; entry: Record<string, unknown>; changes: HistoryChange[] }[] = [];
    for (const entry of entries) {
      // Positions right after this change; then the change is undone for the older entries.
      const after = new Map([...lines].map(([name, keys]) => [name, [...keys]]));
      for (const row of entry.rows) {
        const about = target(row);
        if (about.kind !== 'line') continue;
        const keys = lines.get(about.name)!;
        const lineKey = Number(row.id_value);
        if (row.action === 'insert') {
          const at = keys.indexOf(lineKey);
          if (at >= 0) keys.splice(at, 1);
        } else if (row.action === 'delete' && !keys.includes(lineKey)) {
          keys.push(lineKey);
          keys.sort(byKey);
        }
      }
      if (!onPage.has(entry.key)) continue;
      const changes = describe(def, entry.rows, target, after, lines, wanted);
      const first = entry.rows[0]!;
      built.push({
        key: entry.key,
        entry: {
          On: first.action_on,
          By: first.action_by,
          Created: entry.rows.some((row) => target(row).kind === 'created'),
        },
        changes,
      });
    }
    // §6 over time: the saves' versions the caller may not open show none of their values (saveSights).
    const sights = ctx.hooks.canView
      ? await saveSights(ctx, found.record, (await allRows(ctx, id).selectAll().where('audit_key', '>=', oldest).orderBy('audit_key', 'desc').execute()) as AuditRow[])
      : null;
    const names = await lookupNames(contextOf, wanted);
    const users = await userNames(ctx, built.map(({ entry }) => String(entry['By'])));
    for (const { key, entry, changes } of built) {
      const sight = sights?.get(key);
      for (const change of changes) {
        nameChange(change, names);
        if (sight) maskChange(change, sight);
      }
      list.push({ ...entry, ByName: users.get(String(entry['By'])) ?? entry['By'], Changes: changes });
    }
  }
  const empty = list.length === 0;
  return {
    status: 200,
    body: {
      ...callResult(empty ? 6 : 1, empty ? 'no_records' : 'ok', empty ? messageIn(ctx.user.row.language, 'entities:history.none') : null),
      Page: page,
      PageSize: pageSize,
      TotalCount: total,
      List: list,
    },
  };
}

/** Adds the looked-up names to a change (and to a line's own changes). */
function nameChange(change: HistoryChange, names: Record<string, Record<string, string>>, prefix = ''): void {
  if (change.Kind === 'line') {
    for (const inner of change['Changes'] as HistoryChange[]) nameChange(inner, names, `${String(change['Field'])}.`);
    return;
  }
  const byValue = names[`${prefix}${String(change['Field'])}`];
  if (!byValue) return;
  const oldName = change['Old'] === null || change['Old'] === undefined ? undefined : byValue[String(change['Old'])];
  const newName = change['New'] === null || change['New'] === undefined ? undefined : byValue[String(change['New'])];
  if (oldName !== undefined) change['OldName'] = oldName;
  if (newName !== undefined) change['NewName'] = newName;
}

/** The changes of one entry (one save), in the definition's field order, lines by position. */
function describe(
  def: AnyEntity,
  rows: readonly AuditRow[],
  target: ReturnType<typeof targetsOf>,
  after: Map<string, number[]>,
  before: Map<string, number[]>,
  wanted: Wanted,
): HistoryChange[] {
  const fields: HistoryChange[] = [];
  const sets = new Map<string, { Added: unknown[]; Removed: unknown[] }>();
  const lineChanges = new Map<string, HistoryChange & { Changes: HistoryChange[] }>();
  const rest: HistoryChange[] = [];
  // Oldest row first: the save's own order (a line's fields in the definition's order).
  for (const row of [...rows].reverse()) {
    const about = target(row);
    const masked = row.old_value === MASK || row.new_value === MASK;
    switch (about.kind) {
      case 'created':
        break;
      case 'field': {
        const change: HistoryChange = { Kind: 'field', Field: about.name, Old: masked ? null : auditValue(about.field, row.old_value), New: masked ? null : auditValue(about.field, row.new_value) };
        if (masked) change['Masked'] = true;
        else want(wanted, about.name, about.field, change['Old'], change['New']);
        fields.push(change);
        break;
      }
      case 'flag':
      case 'link': {
        const set = sets.get(about.name) ?? { Added: [], Removed: [] };
        sets.set(about.name, set);
        if (about.kind === 'flag') (row.new_value === 'true' ? set.Added : set.Removed).push(about.option);
        else if (row.action === 'insert') set.Added.push(row.new_value);
        else set.Removed.push(row.old_value);
        break;
      }
      case 'line': {
        const lineKey = Number(row.id_value);
        const id = `${about.name}\u0000${lineKey}`;
        let line = lineChanges.get(id);
        if (!line) {
          const keys = (row.action === 'delete' ? before : after).get(about.name) ?? [];
          const at = keys.indexOf(lineKey);
          line = { Kind: 'line', Field: about.name, Line: at >= 0 ? at + 1 : null, LineKey: lineKey, Action: row.action, Changes: [] };
          lineChanges.set(id, line);
        }
        const children = def.fields[about.name] as Children;
        const child = about.child ? children.fields[about.child] : undefined;
        if (about.child === children.key) break;
        const change: HistoryChange = { Kind: 'field', Field: about.child ?? row.column_name, Old: masked ? null : auditValue(child, row.old_value), New: masked ? null : auditValue(child, row.new_value) };
        if (masked) change['Masked'] = true;
        else if (about.child) want(wanted, `${about.name}.${about.child}`, child, change['Old'], change['New']);
        line.Changes.push(change);
        break;
      }
      case 'subline':
        rest.push({ Kind: 'other', Table: row.table_name, Column: row.column_name, Field: `${about.name}.${about.sub}${about.child ? `.${about.child}` : ''}`, Old: masked ? null : row.old_value, New: masked ? null : row.new_value });
        break;
      case 'attachment':
        rest.push({ Kind: 'attachment', Action: row.action, Name: row.new_value ?? row.old_value });
        break;
      case 'email':
        rest.push({ Kind: 'email', To: row.new_value });
        break;
      default:
        rest.push({ Kind: 'other', Table: row.table_name, Column: row.column_name, Old: masked ? null : row.old_value, New: masked ? null : row.new_value, ...(masked ? { Masked: true } : {}) });
    }
  }
  const order = new Map(Object.keys(def.fields).map((name, index) => [name, index]));
  const rank = (change: HistoryChange) => order.get(String(change['Field'])) ?? Number.MAX_SAFE_INTEGER;
  const setChanges: HistoryChange[] = [...sets].map(([name, set]) => ({ Kind: 'set', Field: name, ...set }));
  const lineList = [...lineChanges.values()].sort((a, b) => rank(a) - rank(b) || (Number(a['Line'] ?? 0) - Number(b['Line'] ?? 0)) || Number(a['LineKey']) - Number(b['LineKey']));
  return [...[...fields, ...setChanges].sort((a, b) => rank(a) - rank(b)), ...lineList, ...rest];
}

/** The UTC instant the day after `date` starts in `zone` (ISO, as audit rows write `action_on`). */
export function endOfDay(date: string, zone: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // Midnight of the next day on the zone's wall clock, found by correcting a guess by the zone's offset.
  const wanted = Date.UTC(year, month - 1, day + 1);
  let guess = wanted;
  for (let i = 0; i < 3; i++) {
    const wall = wallClock(new Date(guess), zone)!.getTime();
    if (wall === wanted) break;
    guess += wanted - wall;
  }
  return new Date(guess).toISOString();
}

/** A calendar date `YYYY-MM-DD` that exists, or null. */
function calendarDate(text: string | null | undefined): string | null {
  const match = text ? DATE.exec(text) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return text!;
}

/** A time zone the runtime knows, or null. */
export function knownZone(zone: unknown): string | null {
  if (zone === undefined) return 'UTC';
  if (typeof zone !== 'string' || !ZONE.test(zone)) return null;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

type Line = Record<string, unknown>;

/** Undoes one audit row on `state` (a full record, lines by key); marks masked fields unknown. */
function undo(def: AnyEntity, state: Record<string, unknown>, row: AuditRow, about: Target, unknown: Set<string>): void {
  const masked = row.old_value === MASK;
  switch (about.kind) {
    case 'field':
      if (masked) unknown.add(about.name);
      state[about.name] = masked ? null : auditValue(about.field, row.old_value);
      break;
    case 'flag': {
      const values = new Set((state[about.name] as string[] | undefined) ?? []);
      if (row.old_value === 'true') values.add(about.option);
      else values.delete(about.option);
      const options = Object.keys((def.fields[about.name] as { storage: { columns: Record<string, string> } }).storage.columns);
      state[about.name] = options.filter((option) => values.has(option));
      break;
    }
    case 'link': {
      const values = new Set((state[about.name] as string[] | undefined) ?? []);
      if (row.action === 'insert' && row.new_value !== null) values.delete(row.new_value);
      if (row.action === 'delete' && row.old_value !== null) values.add(row.old_value);
      state[about.name] = [...values].sort();
      break;
    }
    case 'line': {
      const field = def.fields[about.name] as Children;
      const lines = (state[about.name] as Line[] | undefined) ?? [];
      const lineKey = Number(row.id_value);
      const at = lines.findIndex((line) => line[field.key] === lineKey);
      if (row.action === 'insert') {
        if (at >= 0) lines.splice(at, 1);
      } else {
        let line = at >= 0 ? lines[at] : undefined;
        if (!line) {
          // A line removed since: it comes back, its fields from the removal's rows.
          line = Object.fromEntries(Object.keys(field.fields).map((name) => [name, null]));
          line[field.key] = lineKey;
          for (const sub of Object.keys(field.lineChildren ?? {})) line[sub] = [];
          lines.push(line);
          lines.sort((a, b) => Number(a[field.key]) - Number(b[field.key]));
        }
        if (about.child && about.child !== field.key) {
          if (masked) unknown.add(about.name);
          line[about.child] = masked ? null : auditValue(field.fields[about.child], row.old_value);
        }
      }
      state[about.name] = lines;
      break;
    }
    case 'subline': {
      const field = def.fields[about.name] as Children;
      const spec = field.lineChildren![about.sub]!;
      const subKey = Number(row.id_value);
      for (const line of (state[about.name] as Line[] | undefined) ?? []) {
        const subs = (line[about.sub] as Line[] | undefined) ?? [];
        const at = subs.findIndex((sub) => sub[spec.key] === subKey);
        if (at < 0) continue;
        if (row.action === 'insert') subs.splice(at, 1);
        else if (about.child && about.child !== spec.key) subs[at]![about.child] = masked ? null : auditValue(spec.fields[about.child], row.old_value);
      }
      break;
    }
    default:
      break;
  }
}

/** Lines of a collection by key. */
function linesByKey(field: Children, lines: unknown): Map<number, Line> {
  return new Map(((lines as Line[] | undefined) ?? []).map((line) => [Number(line[field.key]), line]));
}

/** GET …/as-of?Date=: the record at the end of that day (module header). */
export async function recordAsOf(ctx: EntityContext, rawId: string, params: Record<string, unknown>, zoneHeader: unknown, contextOf: ContextOfEntity): Promise<Answer> {
  const found = await readable(ctx, rawId);
  if (isAnswer(found)) return found;
  const language = ctx.user.row.language;
  const refused = unknownParameter(params, ['Date']);
  if (refused) return refused;
  const date = calendarDate(single(params, 'Date'));
  if (date === null) return failureAnswer(400, 'bad_date', messageIn(language, 'entities:history.badDate'));
  const zone = knownZone(zoneHeader);
  if (zone === null) return failureAnswer(400, 'bad_time_zone', messageIn(language, 'entities:history.badZone'));
  const { def } = ctx;
  const id = String(found.id);
  const cutoff = endOfDay(date, zone);
  // Every later row, hidden fields' too: a line's position or a set does not depend on who looks; the
  // answer drops the hidden fields like any read.
  const all = allRows(ctx, id);
  const later = (await all.selectAll().where('action_on', '>=', cutoff).orderBy('audit_key', 'desc').execute()) as AuditRow[];
  const target = targetsOf(def);
  const createdOn = String(found.record['CreatedOn'] ?? '');
  if (later.some((row) => target(row).kind === 'created') || (createdOn !== '' && createdOn >= cutoff)) {
    return { status: 200, body: callResult(4, 'not_yet_created', messageIn(language, 'entities:history.notYetCreated', { date })) };
  }
  const current = found.record;
  const state: Record<string, unknown> = structuredClone(current);
  const unknown = new Set<string>();
  for (const row of later) undo(def, state, row, target(row), unknown);
  // §6 over time (issue 68 item 3): the record as it stood then is read like the record now — a version the caller
  // may not open (an order while it was another customer's) is refused as the record would be.
  if (ctx.hooks.canView) {
    const refusal = await ctx.hooks.canView(ctx, state);
    if (refusal) return refusalAnswer(refusal);
  }

  const hidden = ctx.access.hidden;
  const shown = (name: string, field: FieldDefinition) => !hidden.has(name) && !field.writeOnly && !field.virtual && !field.internal;
  const record: Record<string, unknown> = {};
  const changed: string[] = [];
  const lines: Record<string, { Added: number[]; Removed: number[]; Changed: Record<string, string[]> }> = {};
  const wanted: Wanted = new Map();
  for (const [name, field] of fieldsOf(def)) {
    if (!shown(name, field) && name !== def.key) continue;
    record[name] = state[name] ?? (field.type === 'set' || field.type === 'children' ? [] : null);
    if (field.type === 'children') {
      const children = field as Children;
      const then = linesByKey(children, state[name]);
      const now = linesByKey(children, current[name]);
      const report = { Added: [...now.keys()].filter((key) => !then.has(key)), Removed: [...then.keys()].filter((key) => !now.has(key)), Changed: {} as Record<string, string[]> };
      for (const [key, line] of then) {
        const today = now.get(key);
        for (const [childName, child] of Object.entries(children.fields)) want(wanted, `${name}.${childName}`, child, line[childName]);
        if (!today) continue;
        const moved = Object.keys(children.fields).filter((childName) => !sameValue(line[childName], today[childName]));
        if (moved.length > 0) report.Changed[String(key)] = moved;
      }
      if (report.Added.length > 0 || report.Removed.length > 0 || Object.keys(report.Changed).length > 0) {
        lines[name] = report;
        changed.push(name);
      }
      continue;
    }
    if (field.type !== 'set') want(wanted, name, field, record[name]);
    if (!sameValue(record[name], current[name] ?? (field.type === 'set' ? [] : null))) changed.push(name);
  }
  const before = await all.select(['action_on', 'action_by']).where('action_on', '<', cutoff).orderBy('audit_key', 'desc').limit(1).executeTakeFirst();
  const lastChange = before ? { On: before.action_on, By: before.action_by } : createdOn ? { On: createdOn, By: String(current['CreatedBy'] ?? '') } : null;
  const users = await userNames(ctx, lastChange ? [lastChange.By] : []);
  return {
    status: 200,
    body: {
      ...callResult(1, 'ok', null, { EntityId: found.id, Data: visibleRecord(def, record, hidden) }),
      Date: date,
      Until: cutoff,
      Changed: changed,
      Lines: lines,
      Unknown: [...unknown].filter((name) => !hidden.has(name)),
      Names: await lookupNames(contextOf, wanted),
      LastChange: lastChange ? { ...lastChange, ByName: users.get(lastChange.By) ?? lastChange.By } : null,
    },
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
  // The caller's hidden fields' rows are left out — own and flag columns, link, line and sub-line tables (recordRows).
  const base = recordRows(ctx, id);
  const counted = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const total = Number(counted.n);
  const rows = await base
    .selectAll()
    .orderBy('audit_key', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  // §6 over time (issue 68 item 3): values of a version the caller may not open are masked (saveSights).
  const oldest = rows.reduce((low, row) => Math.min(low, Number(row.audit_key)), Number.POSITIVE_INFINITY);
  const sights =
    ctx.hooks.canView && rows.length > 0
      ? await saveSights(ctx, found.record, (await allRows(ctx, id).selectAll().where('audit_key', '>=', oldest).orderBy('audit_key', 'desc').execute()) as AuditRow[])
      : null;
  const list = rows.map((row) => {
    const sight = sights?.get(saveKey(row));
    return {
      AuditKey: row.audit_key,
      TableName: row.table_name,
      IdName: row.id_name,
      IdValue: row.id_value,
      ColumnName: row.column_name,
      FieldName: auditFieldName(def, row.table_name, row.column_name),
      Action: row.action,
      OldValue: sight && !sight.before ? MASK : row.old_value,
      NewValue: sight && !sight.after ? MASK : row.new_value,
      ActionBy: row.action_by,
      ActionOn: row.action_on,
    };
  });
  return pagedAnswer({ Page: page, PageSize: pageSize, TotalCount: total, SortFields: ['AuditKey'], SortDescending: ['AuditKey'] }, list);
}
