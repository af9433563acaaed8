/**
 * Related documents (issue 40 item 4; Odoo's smart buttons, ERPNext's Connections): one mechanism for every
 * module. A definition declares the documents that refer to it (`related`: entity and the field — header or
 * `Lines.Field` — that holds its key, or its number with `by: 'number'`); this answers both directions of every
 * declaration for one record:
 * - down: the records of each declared entity that refer to it (a purchase order's receipts);
 * - up: the records the record itself refers to through another definition's declaration (a receipt's order).
 *
 * A module may add groups of records that are no entity of their own (`registerRelatedSource`: a sales order's
 * shipments, its stock ledger's movements out), answered after the declared ones.
 *
 * GET /api/data/:entity/:id/related → CallResult + `List: RelatedGroup[]`. Only entities the caller may read
 * are listed, with their own row filters (`scope`); each group holds at most RELATED_LIMIT documents, newest
 * first, each with its key, business number (`numberField`) and state, and the screen that opens it.
 */
import type { AnyEntity, RelationSpec } from '@erp/shared/entities/define';
import { allEntities } from '@erp/shared/entities/index';
import { dynamicDb, type DynamicSelect } from '../db/dynamic-db.ts';
import type { EntityContext } from '../entities/hooks.ts';

/** Most documents one group lists. */
export const RELATED_LIMIT = 50;

export interface RelatedItem {
  Id: string;
  Number: string;
  State: string | null;
}

export interface RelatedGroup {
  /** The related entity (its title is `<namespace>:<name>.title`, the definition's labelKey). */
  Entity: string;
  LabelKey: string;
  /** The screen that opens its records (definition `screen`), or null. */
  Screen: string | null;
  Direction: 'up' | 'down';
  Items: RelatedItem[];
}

/**
 * A module's own group for records of `entity` (issue 40 item 3: the shipments of a sales order): called with the
 * caller's read context of the record's entity; null or no items when there is none.
 */
export type RelatedSource = (ctx: EntityContext, record: Record<string, unknown>) => Promise<RelatedGroup | null>;

const sources = new Map<string, RelatedSource[]>();

export function registerRelatedSource(entity: string, source: RelatedSource): void {
  sources.set(entity, [...(sources.get(entity) ?? []), source]);
}

/** A read context for another entity as the same caller, or null when the caller may not read it. */
export type ReadContextOf = (name: string) => Promise<EntityContext | null>;

/** The field's column and, for `Lines.Field`, its line table and parent column. */
function holder(def: AnyEntity, path: string): { column: string; lines: { table: string; parentColumn: string } | null } {
  const [name, child] = path.split('.');
  const field = def.fields[name!];
  if (!field) throw new Error(`related: ${def.name} has no field ${path}`);
  if (child === undefined) {
    if (field.type === 'children' || field.type === 'set') throw new Error(`related: ${def.name}.${path} is not a scalar field`);
    return { column: field.column, lines: null };
  }
  if (field.type !== 'children' || !field.fields[child]) throw new Error(`related: ${def.name} has no line field ${path}`);
  const column = (field.fields[child] as { column?: string }).column ?? child;
  return { column, lines: { table: field.table, parentColumn: field.parentColumn } };
}

/** The value of `def`'s record that a relation's field holds: its key, or its number. */
const heldValue = (def: AnyEntity, record: Record<string, unknown>, spec: RelationSpec) => record[spec.by === 'number' ? def.numberField : def.key];

/** Up to RELATED_LIMIT records of `ctx.def` selected by `where`, as related items. */
async function itemsOf(ctx: EntityContext, where: (select: DynamicSelect) => DynamicSelect): Promise<RelatedItem[]> {
  const def = ctx.def;
  const keyColumn = def.fields[def.key]!.column;
  const numberColumn = (def.fields[def.numberField] as { column: string }).column;
  const stateColumn = def.states ? (def.fields[def.states.field] as { column: string }).column : null;
  let select: DynamicSelect = dynamicDb(ctx.db).selectFrom(def.table).select([`${def.table}.${keyColumn} as id`, `${def.table}.${numberColumn} as number`, ...(stateColumn ? [`${def.table}.${stateColumn} as state`] : [])]);
  if (ctx.hooks.scope) select = await ctx.hooks.scope(ctx, select);
  const rows = (await where(select).orderBy(`${def.table}.${keyColumn}`, 'desc').limit(RELATED_LIMIT).execute()) as { id: unknown; number: unknown; state?: unknown }[];
  return rows.map((row) => ({ Id: String(row.id), Number: row.number == null ? String(row.id) : String(row.number), State: row.state == null ? null : String(row.state) }));
}

export interface OfferedMake {
  Id: string;
  Entity: string;
  LabelKey: string;
  Screen: string | null;
  Create: boolean;
  /** The new record's values: this record's, and `$today` for the user's date. */
  Values: Record<string, unknown>;
  Hotkey: string | null;
}

/**
 * The documents the caller may make from `record` (definition `makes`): in one of the make's states, its `when`
 * field true, when the other entity has a screen and the caller may write it. The save of the made document checks everything again.
 */
export function offeredMakes(def: AnyEntity, record: Record<string, unknown>, mayWrite: (name: string) => AnyEntity | null): OfferedMake[] {
  const state = def.states ? String(record[def.states.field] ?? '') : null;
  return def.makes.flatMap((make) => {
    if (make.states && (state === null || !make.states.includes(state))) return [];
    if (make.when !== undefined && record[make.when] !== true) return [];
    const other = mayWrite(make.entity);
    if (!other?.screen) return [];
    const values = Object.fromEntries(Object.entries(make.values).map(([field, source]) => [field, source === '$today' ? '$today' : (record[source] ?? null)]));
    return [{ Id: make.id, Entity: other.name, LabelKey: make.labelKey, Screen: other.screen, Create: make.create ?? false, Values: values, Hotkey: make.hotkey ?? null }];
  });
}

/** The groups of documents related to `record` of `def`, as the caller may see them. */
export async function relatedDocuments(readContextOf: ReadContextOf, def: AnyEntity, record: Record<string, unknown>): Promise<RelatedGroup[]> {
  const groups: RelatedGroup[] = [];
  const group = (other: AnyEntity, direction: 'up' | 'down', items: RelatedItem[]) => {
    if (items.length > 0) groups.push({ Entity: other.name, LabelKey: other.labelKey, Screen: other.screen, Direction: direction, Items: items });
  };
  // Up: the documents this record refers to, through their declarations naming this entity.
  for (const other of allEntities()) {
    for (const spec of other.related.filter((candidate) => candidate.entity === def.name)) {
      const ctx = await readContextOf(other.name);
      if (!ctx) continue;
      const [name, child] = spec.field.split('.');
      const held = child === undefined ? [record[name!]] : ((record[name!] as Record<string, unknown>[] | null) ?? []).map((line) => line[child]);
      const values = [...new Set(held.filter((value) => value !== null && value !== undefined && value !== ''))];
      if (values.length === 0) continue;
      const column = (other.fields[spec.by === 'number' ? other.numberField : other.key] as { column: string }).column;
      group(other, 'up', await itemsOf(ctx, (select) => select.where(`${other.table}.${column}`, 'in', values)));
    }
  }
  // Down: the documents that refer to this record, by each declaration of its own.
  for (const spec of def.related) {
    const ctx = await readContextOf(spec.entity);
    if (!ctx) continue;
    const value = heldValue(def, record, spec);
    if (value === null || value === undefined || value === '') continue;
    const other = ctx.def;
    const { column, lines } = holder(other, spec.field);
    const keyColumn = other.fields[other.key]!.column;
    group(
      other,
      'down',
      await itemsOf(ctx, (select) =>
        lines
          ? select.where(`${other.table}.${keyColumn}`, 'in', dynamicDb(ctx.db).selectFrom(lines.table).select(`${lines.table}.${lines.parentColumn}`).where(`${lines.table}.${column}`, '=', value))
          : select.where(`${other.table}.${column}`, '=', value),
      ),
    );
  }
  // The modules' own groups (registerRelatedSource), read as the caller reads the record itself.
  const own = sources.get(def.name) ?? [];
  const ctx = own.length > 0 ? await readContextOf(def.name) : null;
  for (const source of ctx ? own : []) {
    const extra = await source(ctx!, record);
    if (extra && extra.Items.length > 0) groups.push(extra);
  }
  return groups;
}
