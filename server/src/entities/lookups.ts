/**
 * What a lookup field accepts (issue 21 item 5), one rule for the lookup route and the save: a target record
 * is acceptable when it is active (the field's `activeOnly`, the target's `activeField`) and holds every value
 * of the field's `where`. The route offers only such records (`restrictToLookup`) and the save's checks
 * (checks.ts, documents.ts) refuse the others with the field's invalidKey, so what is offered is what is
 * accepted. A `whereFrom` condition takes its value from the record being edited (issue 21 item 8): the
 * route from the values the form sends (`Values`), the save from the record; without one nothing is accepted
 * (`whereFromIfSet`: without one any is, issue 71 item 2).
 *
 * Issue 40 item 7: a lookup browses and searches as the user types — `searchCondition` matches any part of the
 * code and the name (and the definition's other search fields), ignoring case and accents on both engines
 * (db/fold.ts); `lookupSearchColumns` names the columns searched.
 */
import type { DynamicSelect } from '../db/dynamic-db.ts';
import type { AnyEntity, LookupField, LookupTarget, ScalarField } from '@erp/shared/entities/define';
import { sql, type Expression, type SqlBool } from 'kysely';
import { FOLD_FUNCTION, foldText } from '../db/fold.ts';
import { readScalar, writeScalar } from './wire.ts';

type Engine = 'sqlite' | 'postgres';

type Scalar = string | number | boolean;

/**
 * A condition of a lookup on one column of its target: the field (for reading) and the values it accepts (one,
 * or several: `where: { Status: ['Entered', 'Committed'] }`); null: none (a blank `whereFrom` value).
 */
interface Condition {
  name: string;
  column: string;
  field: ScalarField;
  values: readonly Scalar[] | null;
}

/** Does a stored value (as read) meet the condition? */
const holds = (condition: Condition, stored: unknown) => condition.values !== null && condition.values.includes(readScalar(condition.field, stored) as Scalar);

/** The values of the record being edited that `whereFrom` reads (wire values), when known. */
export type LookupRecord = Readonly<Record<string, unknown>> | null | undefined;

const FLAG: ScalarField = { type: 'boolean' };

/** The stored field `name` of the lookup's target. */
function targetColumn(target: AnyEntity, name: string): { column: string; field: ScalarField } {
  const field = target.fields[name];
  // entities.test.ts holds every `where` to scalar stored fields of the target.
  if (!field || field.type === 'set' || field.type === 'children' || field.virtual) {
    throw new Error(`lookup to ${target.name}: where names ${name}, not a stored field`);
  }
  return { column: field.column, field };
}

/**
 * A fixed `where` condition. On a set stored as flag columns the value names an option the record must hold
 * (`{ FirmTypes: 'vendor' }`: the firm has its vendor account): that option's flag column must be true.
 */
function fixedCondition(target: AnyEntity, name: string, value: Scalar | readonly (string | number)[]): Condition {
  const field = target.fields[name];
  if (field?.type === 'set' && field.storage.kind === 'flags' && typeof value === 'string') {
    const column = field.storage.columns[value];
    if (!column) throw new Error(`lookup to ${target.name}: where ${name} names ${value}, not one of its options`);
    return { name, column, field: FLAG, values: [true] };
  }
  return { name, ...targetColumn(target, name), values: Array.isArray(value) ? value : [value as Scalar] };
}

/**
 * The `where` and `whereFrom` conditions of a lookup on its target (not the active flag, which has its own
 * message). A `whereFrom` value is read from `record` (read as the target field reads it); blank or absent: null.
 * A `whereFromIfSet` condition whose value is blank is left out (any is accepted); `all`: every condition, for the
 * columns the save reads.
 */
function whereConditions(target: AnyEntity, lookup: LookupTarget, record?: LookupRecord, all = false): Condition[] {
  const fixed = Object.entries(lookup.where ?? {}).map(([name, value]) => fixedCondition(target, name, value));
  const fromRecord = (sources: Readonly<Record<string, string>> | undefined) =>
    Object.entries(sources ?? {}).map(([name, source]) => {
      const { column, field } = targetColumn(target, name);
      const raw = record?.[source];
      const value = raw === null || raw === undefined || raw === '' ? null : readScalar(field, raw);
      return { name, column, field, values: value === null || typeof value === 'object' ? null : [value as Scalar] };
    });
  const ifSet = fromRecord(lookup.whereFromIfSet).filter((condition) => all || condition.values !== null);
  return [...fixed, ...fromRecord(lookup.whereFrom), ...ifSet];
}

/** The active flag's column a lookup checks, or null. */
export function activeColumnOf(target: AnyEntity, lookup: LookupTarget): string | null {
  return lookup.activeOnly && target.activeField ? target.fields[target.activeField]!.column : null;
}

/** The columns the save reads to check a lookup's `where` (beside the key and the active flag). */
export function whereColumns(target: AnyEntity, lookup: LookupTarget): string[] {
  return whereConditions(target, lookup, null, true).map((condition) => condition.column);
}

/** Does a target row (its columns as read) hold every value of the lookup's `where`? */
export function meetsWhere(target: AnyEntity, lookup: LookupTarget, row: Record<string, unknown>, record?: LookupRecord): boolean {
  return whereConditions(target, lookup, record).every((condition) => holds(condition, row[condition.column]));
}

/**
 * The message key refusing a value: none found, or found but failing a `where` condition — that condition's
 * `whereKeys` entry when it has one (issue 21 item 6: a control account "is posted through its sub-ledger");
 * else the field's invalidKey. Null when the row is acceptable (the active flag aside).
 */
export function refusalKey(target: AnyEntity, lookup: LookupTarget & Pick<LookupField, 'invalidKey' | 'whereKeys'>, row: Record<string, unknown> | undefined, record?: LookupRecord): string | null {
  const fallback = lookup.invalidKey ?? 'entities:validation.lookupInvalid';
  if (!row) return fallback;
  const failed = whereConditions(target, lookup, record).find((condition) => !holds(condition, row[condition.column]));
  if (!failed) return null;
  return lookup.whereKeys?.[failed.name] ?? fallback;
}

/** `select` (over the target's table) narrowed to the records the lookup accepts: active, its `where` and `whereFrom` (of `record`). */
export function restrictToLookup(select: DynamicSelect, target: AnyEntity, lookup: LookupTarget, engine: Engine, record?: LookupRecord): DynamicSelect {
  let narrowed = select;
  const active = activeColumnOf(target, lookup);
  if (active) narrowed = narrowed.where(`${target.table}.${active}`, '=', writeScalar({ type: 'boolean' }, true, engine));
  for (const condition of whereConditions(target, lookup, record)) {
    // A blank value of the record being edited accepts nothing (no customer yet: no invoice of it).
    if (condition.values === null) narrowed = narrowed.where(sql<boolean>`1 = 0`);
    else {
      const stored = condition.values.map((value) => writeScalar(condition.field, value, engine));
      narrowed = narrowed.where(`${target.table}.${condition.column}`, 'in', stored);
    }
  }
  return narrowed;
}

/**
 * The text columns a lookup's search reads: the value the field stores (the code), the display field (the
 * name), then the definition's `search` fields — those the caller may see, stored text only.
 */
export function lookupSearchColumns(target: AnyEntity, value: string, hidden: ReadonlySet<string>): string[] {
  const columns = new Set<string>();
  for (const name of [value, target.numberField, target.displayField, ...target.search]) {
    const field = target.fields[name];
    if (!field || hidden.has(name) || field.type === 'set' || field.type === 'children' || field.virtual) continue;
    if (field.type === 'text' || (field.type === 'lookup' && field.valueType !== 'integer')) columns.add(`${target.table}.${field.column}`);
  }
  return [...columns];
}

/** Escapes LIKE's wildcards (the pattern is written with `escape '\\'`). */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Some column of `columns` holds `text` (any part, ignoring case and accents). A column is compared as
 * stored with (I)LIKE, and folded only when it holds a non-ASCII character: folding every row cost 10× on
 * SQLite (db/fold.ts). Blank text: every row.
 */
export function searchCondition(columns: readonly string[], text: string, engine: Engine): Expression<SqlBool> {
  const folded = foldText(text.trim());
  if (folded === '' || columns.length === 0) return sql<SqlBool>`1 = 1`;
  const pattern = `%${likeEscaped(folded)}%`;
  const terms = columns.map((name) => {
    const column = sql.ref(name);
    return engine === 'postgres'
      ? sql<SqlBool>`(${column} ilike ${pattern} escape '\\' or (${column} ~ '[^\\x01-\\x7f]' and lower(regexp_replace(normalize(${column}, NFD), '[\\u0300-\\u036f]', '', 'g')) like ${pattern} escape '\\'))`
      : sql<SqlBool>`(${column} like ${pattern} escape '\\' or (${column} glob '*[^ -~]*' and ${sql.raw(FOLD_FUNCTION)}(${column}) like ${pattern} escape '\\'))`;
  });
  return sql<SqlBool>`(${sql.join(terms, sql` or `)})`;
}

/**
 * The order of a lookup's matches before the name (issue 40 item 7): the code typed exactly first, then codes
 * starting with it ("1" on a journal line: 1000, 1200 before names holding a 1), then the rest. Null: a blank
 * search (browsing by name only).
 */
export function searchRank(codeColumn: string, text: string, engine: Engine): Expression<number> | null {
  const typed = text.trim();
  if (typed === '') return null;
  const column = sql.ref(codeColumn);
  const prefix = `${likeEscaped(foldText(typed))}%`;
  const like = sql.raw(engine === 'postgres' ? 'ilike' : 'like');
  return sql<number>`case when ${column} in (${typed}, ${typed.toUpperCase()}) then 0 when ${column} ${like} ${prefix} escape '\\' then 1 else 2 end`;
}
