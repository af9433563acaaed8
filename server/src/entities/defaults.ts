/**
 * Defaults on pick, declared once (issue 40 item 5). A definition's `defaults` names, per header lookup (or
 * 'new'), the fields that follow from it; the entity's `defaults` hook computes them. Both callers use
 * `defaultsFor`, so what the form shows on pick is what the save fills:
 * - POST /api/defaults/:entity { Field, Values } (routes.ts): the form picked `Field` (or opened a new record:
 *   'new') — answers `Data`, the declared fields the hook fills (none hidden from the caller);
 * - the save (save.ts `withDefaults`): before the field checks, a declared field the body leaves blank is filled
 *   when its trigger is set on a create or changed on an update ('new': on a create), so a client that sends only
 *   the vendor still saves the vendor's terms and a required ship-to. Read-only fields are the entity's own
 *   (its beforeWrite fills them, e.g. the vendor's name).
 */
import type { AnyEntity } from '@erp/shared/entities/define';
import type { AnySelect, EntityContext } from './hooks.ts';

type Row = Record<string, unknown>;

const blank = (value: unknown) => value === undefined || value === null || value === '';

/** The triggers a definition declares defaults for. */
export function defaultTriggers(def: AnyEntity): string[] {
  return Object.keys(def.defaults);
}

/** The declared defaults of `trigger` for `record`, as the hook answers them (only declared, visible fields). */
export async function defaultsFor(ctx: EntityContext, trigger: string, record: Readonly<Row>): Promise<Row> {
  const declared = ctx.def.defaults[trigger];
  if (!declared || !ctx.hooks.defaults) return {};
  if (trigger !== 'new' && blank(record[trigger])) return {};
  const answered = await ctx.hooks.defaults(ctx, trigger, record);
  const values: Row = {};
  for (const field of declared) {
    if (ctx.access.hidden.has(field)) continue;
    values[field] = answered[field] ?? null;
  }
  return values;
}

/**
 * The body of a save with the blank declared defaults filled: on a create for 'new' and every trigger the body
 * sets, on an update for a trigger it changes. Fields the caller may not change are left to the entity.
 */
export async function withDefaults(ctx: EntityContext, body: unknown, current: Readonly<Row> | null): Promise<unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body) || !ctx.hooks.defaults) return body;
  const input = body as Row;
  const filled: Row = { ...input };
  for (const trigger of defaultTriggers(ctx.def)) {
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
export async function onlyActive(ctx: EntityContext, table: string, key: string, options: { first?: boolean; activeColumn?: string | null; narrow?: (select: AnySelect) => AnySelect } = {}): Promise<string | null> {
  const active = options.activeColumn === undefined ? 'is_active' : options.activeColumn;
  let select = ctx.any.selectFrom(table).select(key);
  if (active) select = select.where(active, '=', 1);
  if (options.narrow) select = options.narrow(select);
  const rows = (await select.orderBy(key).limit(options.first ? 1 : 2).execute()) as Row[];
  return rows.length === 1 || (options.first && rows.length > 0) ? String(rows[0]![key]) : null;
}

/** Today (UTC), the date a new payment or document takes. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}
