/**
 * Defaults on pick, declared once (issue 40 item 5). A definition's `defaults` names, per header lookup (or
 * 'new'), the fields that follow from it; the entity's `defaults` hook computes them. Both callers use
 * `defaultsFor`, so what the form shows on pick is what the save fills:
 * - POST /api/defaults/:entity { Field, Values } (routes.ts): the form picked `Field` (or opened a new record:
 *   'new') — answers `Data`, the declared fields the hook fills (none hidden from the caller);
 * - the save (save.ts `withDefaults`): before the field checks, a declared field the body leaves blank is filled
 *   when its trigger is set on a create or changed on an update ('new': on a create), so a client that sends only
 *   the vendor still saves the vendor's terms and a required ship-to; a line trigger ('Lines.ProductId') fills
 *   its own line's blank fields, on a new line or one whose trigger changed (the line's price). Read-only fields are the entity's own
 *   (its beforeWrite fills them, e.g. the vendor's name).
 * A header trigger naming a record the caller may not read (its entity's `canView`: §6 a customer not assigned to
 * them, issue 68 item 2) fills nothing: a pick reads nothing of it, and the save refuses it.
 */
import { dynamicDb, type DynamicSelect } from '../db/dynamic-db.ts';
import type { AnyEntity } from '@erp/shared/entities/define';
import type { EntityContext, WireRecord } from './hooks.ts';
import { registeredEntity } from './registry.ts';
import { keyColumn, loadRecord } from './wire.ts';


const blank = (value: unknown) => value === undefined || value === null || value === '';

/** Whether the caller may read the record the lookup field `field` names by `value` (its entity's `canView`). */
async function mayRead(ctx: EntityContext, field: string, value: unknown): Promise<boolean> {
  const spec = ctx.def.fields[field];
  if (spec?.type !== 'lookup') return true;
  const target = registeredEntity(spec.entity);
  if (!target?.hooks.canView) return true;
  const { def } = target;
  let key: unknown = value;
  if (spec.targetField && spec.targetField !== def.key) {
    const column = (def.fields[spec.targetField] as { column: string }).column;
    const row = await dynamicDb(ctx.db).selectFrom(def.table).select(keyColumn(def)).where(column, '=', value).executeTakeFirst();
    if (!row) return true;
    key = row[keyColumn(def)];
  }
  const keyField = def.fields[def.key]!;
  const id = keyField.type === 'integer' ? Number(key) : String(key);
  if (typeof id === 'number' && !Number.isSafeInteger(id)) return true;
  const found = await loadRecord(ctx.db, def, id);
  // A record that does not exist is the save's lookup check to refuse; the hook finds nothing of it.
  return !found || (await target.hooks.canView({ ...ctx, def, hooks: target.hooks }, found)) === null;
}

/** The triggers a definition declares defaults for. */
export function defaultTriggers(def: AnyEntity): string[] {
  return Object.keys(def.defaults);
}

/** A line trigger ('Lines.ProductId') as its collection and field; null for a header trigger or 'new'. */
export function lineTrigger(trigger: string): { collection: string; field: string } | null {
  const dot = trigger.indexOf('.');
  return dot < 0 ? null : { collection: trigger.slice(0, dot), field: trigger.slice(dot + 1) };
}

/**
 * The declared defaults of `trigger` for `record`, as the hook answers them (only declared, visible fields). A
 * line trigger reads `line` (the line being filled; `record` is the header) and answers fields of that line.
 */
export async function defaultsFor(ctx: EntityContext, trigger: string, record: Readonly<WireRecord>, line?: Readonly<WireRecord>): Promise<WireRecord> {
  const declared = ctx.def.defaults[trigger];
  if (!declared || !ctx.hooks.defaults) return {};
  const onLine = lineTrigger(trigger);
  if (onLine ? blank(line?.[onLine.field]) : trigger !== 'new' && blank(record[trigger])) return {};
  if (onLine && ctx.access.hidden.has(onLine.collection)) return {};
  if (!onLine && trigger !== 'new' && !(await mayRead(ctx, trigger, record[trigger]))) return {};
  const answered = await ctx.hooks.defaults(ctx, trigger, record, line ?? {});
  const values: WireRecord = {};
  for (const field of declared) {
    if (!onLine && ctx.access.hidden.has(field)) continue;
    values[field] = answered[field] ?? null;
  }
  return values;
}

/**
 * The lines of a save with their blank declared defaults filled: a line whose trigger is set and is new (no key)
 * or changed from the stored line's (a PO line sent without its price is saved at the vendor's last cost).
 */
async function linesWithDefaults(ctx: EntityContext, trigger: string, record: Readonly<WireRecord>, current: Readonly<WireRecord> | null): Promise<WireRecord[] | null> {
  const { collection, field } = lineTrigger(trigger)!;
  const lines = record[collection];
  const definition = ctx.def.fields[collection];
  if (!Array.isArray(lines) || definition?.type !== 'children' || ctx.access.readOnly.has(collection)) return null;
  const stored = new Map((Array.isArray(current?.[collection]) ? (current![collection] as WireRecord[]) : []).map((line) => [line[definition.key], line]));
  let touched = false;
  const filled: WireRecord[] = [];
  for (const raw of lines as unknown[]) {
    const line = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as WireRecord) : null;
    const before = line && !blank(line[definition.key]) ? stored.get(line[definition.key]) : undefined;
    if (!line || blank(line[field]) || (before && before[field] === line[field])) {
      filled.push(raw as WireRecord);
      continue;
    }
    const values = await defaultsFor(ctx, trigger, record, line);
    const next = { ...line };
    for (const [name, value] of Object.entries(values)) {
      if (definition.fields[name]?.readOnly || blank(value) || !blank(next[name])) continue;
      next[name] = value;
      touched = true;
    }
    filled.push(next);
  }
  return touched ? filled : null;
}

/**
 * The body of a save with the blank declared defaults filled: on a create for 'new' and every trigger the body
 * sets, on an update for a trigger it changes. Fields the caller may not change are left to the entity.
 */
export async function withDefaults(ctx: EntityContext, body: unknown, current: Readonly<WireRecord> | null): Promise<unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body) || !ctx.hooks.defaults) return body;
  const input = body as WireRecord;
  const filled: WireRecord = { ...input };
  for (const trigger of defaultTriggers(ctx.def)) {
    if (lineTrigger(trigger)) {
      const lines = await linesWithDefaults(ctx, trigger, { ...(current ?? {}), ...filled }, current);
      if (lines) filled[lineTrigger(trigger)!.collection] = lines;
      continue;
    }
    if (trigger === 'new' ? current !== null : !(trigger in input) || blank(input[trigger]) || (current !== null && current[trigger] === input[trigger])) continue;
    const record = { ...(current ?? {}), ...filled };
    const values = await defaultsFor(ctx, trigger, record);
    for (const [field, value] of Object.entries(values)) {
      const definition = ctx.def.fields[field]!;
      if (definition.readOnly || ctx.access.readOnly.has(field) || blank(value)) continue;
      if (blank(record[field])) filled[field] = value;
    }
  }
  return filled;
}

/**
 * The key of the only active row of `table` (the only bank: "the only choice is chosen"), or, with `first`, the
 * first active one by key (the company's receiving warehouse); null when there is none (or several, without `first`).
 */
export async function onlyActive(ctx: EntityContext, table: string, key: string, options: { first?: boolean; activeColumn?: string | null; narrow?: (select: DynamicSelect) => DynamicSelect } = {}): Promise<string | null> {
  const active = options.activeColumn === undefined ? 'is_active' : options.activeColumn;
  let select = dynamicDb(ctx.db).selectFrom(table).select(key);
  if (active) select = select.where(active, '=', 1);
  if (options.narrow) select = options.narrow(select);
  const rows = await select.orderBy(key).limit(options.first ? 1 : 2).execute();
  return rows.length === 1 || (options.first && rows.length > 0) ? String(rows[0]![key]) : null;
}

/** Today (UTC), the date a new payment or document takes. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}
