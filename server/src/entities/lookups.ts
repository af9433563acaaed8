/**
 * What a lookup field accepts (issue 21 item 5), one rule for the lookup route and the save: a target record
 * is acceptable when it is active (the field's `activeOnly`, the target's `activeField`) and holds every value
 * of the field's `where`. The route offers only such records (`restrictToLookup`) and the save's checks
 * (checks.ts, documents.ts) refuse the others with the field's invalidKey, so what is offered is what is
 * accepted.
 */
import type { AnyEntity, LookupField, LookupTarget, ScalarField } from '@erp/shared/entities/define';
import type { AnySelect } from './hooks.ts';
import { readScalar, writeScalar } from './wire.ts';

type Engine = 'sqlite' | 'postgres';

/** A condition of a lookup on one column of its target: the field (for reading) and the stored value. */
interface Condition {
  name: string;
  column: string;
  field: ScalarField;
  value: string | number | boolean;
}

/** The `where` conditions of a lookup on its target (not the active flag, which has its own message). */
function whereConditions(target: AnyEntity, lookup: LookupTarget): Condition[] {
  return Object.entries(lookup.where ?? {}).map(([name, value]) => {
    const field = target.fields[name];
    // entities.test.ts holds every `where` to scalar stored fields of the target.
    if (!field || field.type === 'set' || field.type === 'children' || field.virtual) {
      throw new Error(`lookup to ${target.name}: where names ${name}, not a stored field`);
    }
    return { name, column: field.column, field, value };
  });
}

/** The active flag's column a lookup checks, or null. */
export function activeColumnOf(target: AnyEntity, lookup: LookupTarget): string | null {
  return lookup.activeOnly && target.activeField ? target.fields[target.activeField]!.column : null;
}

/** The columns the save reads to check a lookup's `where` (beside the key and the active flag). */
export function whereColumns(target: AnyEntity, lookup: LookupTarget): string[] {
  return whereConditions(target, lookup).map((condition) => condition.column);
}

/** Does a target row (its columns as read) hold every value of the lookup's `where`? */
export function meetsWhere(target: AnyEntity, lookup: LookupTarget, row: Record<string, unknown>): boolean {
  return whereConditions(target, lookup).every((condition) => readScalar(condition.field, row[condition.column]) === condition.value);
}

/**
 * The message key refusing a value: none found, or found but failing a `where` condition — that condition's
 * `whereKeys` entry when it has one (issue 21 item 6: a control account "is posted through its sub-ledger");
 * else the field's invalidKey. Null when the row is acceptable (the active flag aside).
 */
export function refusalKey(target: AnyEntity, lookup: LookupTarget & Pick<LookupField, 'invalidKey' | 'whereKeys'>, row: Record<string, unknown> | undefined): string | null {
  const fallback = lookup.invalidKey ?? 'entities:validation.lookupInvalid';
  if (!row) return fallback;
  const failed = whereConditions(target, lookup).find((condition) => readScalar(condition.field, row[condition.column]) !== condition.value);
  if (!failed) return null;
  return lookup.whereKeys?.[failed.name] ?? fallback;
}

/** `select` (over the target's table) narrowed to the records the lookup accepts: active and its `where`. */
export function restrictToLookup(select: AnySelect, target: AnyEntity, lookup: LookupTarget, engine: Engine): AnySelect {
  let narrowed = select;
  const active = activeColumnOf(target, lookup);
  if (active) narrowed = narrowed.where(`${target.table}.${active}`, '=', writeScalar({ type: 'boolean' }, true, engine));
  for (const condition of whereConditions(target, lookup)) {
    narrowed = narrowed.where(`${target.table}.${condition.column}`, '=', writeScalar(condition.field, condition.value, engine));
  }
  return narrowed;
}
