/**
 * The generic list query (§5 Shell paging and sorting, §9 page size 250) — parsing and SQL.
 *
 * Parameters (query string of GET /api/data/:entity; the same names in the JSON body of the export):
 * - `Page` (≥ 1, default 1), `PageSize` (1–1000, default 250; the export takes up to 2147483647);
 * - `SortFields`: field names, a comma list or the parameter repeated; `SortDescending`: the subset of
 *   them sorted descending (§5). Only sortable list columns (and the key). Without SortFields the
 *   definition's default sort applies. The key is always the last tie-breaker, so pages never overlap;
 * - `Search`: text matched (contains, case-insensitive) against the definition's search fields;
 * - filters declared by the definition: `filter.<Field>=v` (eq, contains, startsWith; `in` takes a comma
 *   list), `filter.<Field>.from=v` / `filter.<Field>.to=v` (range, inclusive);
 * - `Columns`: the fields to answer (list) or write (export); default the visible list columns. A list
 *   row also carries the key, the sets stored as flag columns and Version.
 * Anything else — an unknown parameter, a field the caller may not see, a value of the wrong type —
 * is a 400 with a message naming it; a field the caller may not see gets the very answer of a field that does not
 * exist (in their language: entities:listQuery.*), and the list `Search` matches only the search fields they see.
 * Sort keys and filters are thus never accepted on a hidden field (issue 68 item 1), never silently ignored.
 */
import type { DynamicSelect } from '../db/dynamic-db.ts';
import type { AnyEntity, ScalarField } from '@erp/shared/entities/define';
import { INTEGER_MAX, INTEGER_MIN, isValidDate } from '@erp/shared/entities/validate';
import { parseDecimal } from '@erp/shared/decimal';
import { sql } from 'kysely';
import { keyColumn, ownField, writeScalar } from './wire.ts';

export const DEFAULT_PAGE_SIZE = 250;
export const MAX_LIST_PAGE_SIZE = 1000;
/** §9 Excel export fetch size. */
export const MAX_EXPORT_PAGE_SIZE = 2147483647;
const MAX_SORT_FIELDS = 10;
const MAX_FILTER_TEXT = 200;

export interface FilterTerm {
  field: string;
  op: 'eq' | 'contains' | 'startsWith' | 'in' | 'from' | 'to';
  values: unknown[];
}

export interface ListQuery {
  page: number;
  pageSize: number;
  sortFields: string[];
  sortDescending: string[];
  /** Sort fields as answered: what was asked, or the default sort. */
  search: string | null;
  filters: FilterTerm[];
  columns: string[] | null;
}

/**
 * A refusal: `message` in English; for a field the caller may not name, also `key` and `params` (entities:listQuery.*)
 * to answer it in their language (`listQueryRefusal`).
 */
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string; key?: string; params?: Record<string, string> };

function bad<T>(message: string): Parsed<T> {
  return { ok: false, message };
}

/**
 * §6 (issue 68 item 1): a field the caller may not see — hidden by form widgets security or `readRoles` — named as
 * a sort key, a filter or a column is refused exactly as a field that does not exist: the same 400 and words, so
 * the answer tells nothing of the field either.
 */
function unknownField<T>(kind: 'unknownSort' | 'unknownFilter' | 'unknownColumn', name: string): Parsed<T> {
  const shown = name.slice(0, kind === 'unknownFilter' ? 80 : 64);
  const params: Record<string, string> = kind === 'unknownFilter' ? { name: shown } : { field: shown };
  const english = kind === 'unknownSort' ? `Cannot sort by ${shown}` : kind === 'unknownFilter' ? `Unknown query parameter: ${shown}` : `Columns: unknown field ${shown}`;
  return { ok: false, message: english, key: `entities:listQuery.${kind}`, params };
}

/** One scalar parameter: a string (query) or a JSON scalar (body); repeated → error. */
function single(name: string, raw: unknown): Parsed<string | number | boolean> {
  if (Array.isArray(raw)) return bad(`${name} is given more than once`);
  if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean') return { ok: true, value: raw };
  return bad(`${name} must be a single value`);
}

function positiveInteger(name: string, raw: unknown, max: number): Parsed<number> {
  const value = single(name, raw);
  if (!value.ok) return value;
  // Exactly the digits (no spaces, signs, exponents): the same strictness as every schema-checked query.
  const text = String(value.value);
  if (!/^\d{1,10}$/.test(text)) return bad(`${name} must be a whole number from 1 to ${max}`);
  const number = Number(text);
  if (number < 1 || number > max) return bad(`${name} must be a whole number from 1 to ${max}`);
  return { ok: true, value: number };
}

/** A list of names: comma lists and/or repeated parameters, or a JSON array. */
function nameList(name: string, raw: unknown): Parsed<string[]> {
  const parts = Array.isArray(raw) ? raw : [raw];
  const names: string[] = [];
  for (const part of parts) {
    if (typeof part !== 'string') return bad(`${name} must be field names`);
    for (const item of part.split(',')) {
      const trimmed = item.trim();
      if (trimmed !== '') names.push(trimmed);
    }
  }
  if (names.length > MAX_SORT_FIELDS * 2) return bad(`${name} names too many fields`);
  return { ok: true, value: names };
}

/** Parses one filter value by the field's type. */
function filterValue(field: ScalarField | { type: 'set'; options?: readonly { value: string }[] }, name: string, raw: unknown): Parsed<unknown> {
  const text = typeof raw === 'string' ? raw.trim() : raw;
  switch (field.type) {
    case 'boolean':
      if (text === true || text === 'true' || text === '1' || text === 1) return { ok: true, value: true };
      if (text === false || text === 'false' || text === '0' || text === 0) return { ok: true, value: false };
      return bad(`${name} must be true or false`);
    case 'decimal': {
      // The same exact parse as a written value: a filter never rounds what the user typed.
      const parsed = parseDecimal(typeof text === 'string' ? text : null, { precision: field.precision ?? 15, scale: field.scale ?? 2 });
      if (!parsed.ok) return bad(`${name} must be a number with at most ${field.scale ?? 2} decimals`);
      return { ok: true, value: parsed.value };
    }
    case 'integer': {
      const number = typeof text === 'number' ? text : typeof text === 'string' && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
      if (!Number.isFinite(number) || (field.type === 'integer' && (!Number.isInteger(number) || number < INTEGER_MIN || number > INTEGER_MAX))) {
        return bad(`${name} must be a number`);
      }
      if (Math.abs(number) > 1e15) return bad(`${name} is out of range`);
      return { ok: true, value: number };
    }
    case 'date':
      if (typeof text !== 'string' || !isValidDate(text)) return bad(`${name} must be a date (YYYY-MM-DD)`);
      return { ok: true, value: text };
    case 'datetime': {
      if (typeof text !== 'string' || text.length > 40 || Number.isNaN(Date.parse(text))) return bad(`${name} must be a date and time`);
      return { ok: true, value: new Date(Date.parse(text)).toISOString() };
    }
    case 'lookup':
      if (field.valueType === 'integer') return filterValue({ type: 'integer' }, name, raw);
      break;
    default:
      break;
  }
  if (typeof text !== 'string' && typeof text !== 'number') return bad(`${name} must be text`);
  const value = String(text);
  // eslint-disable-next-line no-control-regex
  if (value.length > MAX_FILTER_TEXT || /[\u0000-\u001F]/.test(value)) return bad(`${name} is too long or has control characters`);
  if ((field.type === 'enum' || field.type === 'set') && field.options && !field.options.some((option) => option.value === value)) {
    return bad(`${name}: ${value.slice(0, 40)} is not one of the choices`);
  }
  const upper = (field.type === 'text' || field.type === 'lookup') && field.uppercase === true;
  return { ok: true, value: upper ? value.toUpperCase() : value };
}

/**
 * Parses list parameters (see the module header). `hidden` fields are unknown to the caller.
 * `forExport` allows the export page size and `Columns`.
 */
export function parseListQuery(
  def: AnyEntity,
  params: Record<string, unknown>,
  hidden: ReadonlySet<string>,
  forExport = false,
): Parsed<ListQuery> {
  const query: ListQuery = {
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    sortFields: [],
    sortDescending: [],
    search: null,
    filters: [],
    columns: null,
  };
  const filterSpecs = new Map(def.filters.filter((f) => !hidden.has(f.field)).map((f) => [f.field, f]));
  let descending: string[] = [];

  for (const [name, raw] of Object.entries(params)) {
    if (raw === undefined) continue;
    switch (name) {
      case 'Page': {
        const page = positiveInteger(name, raw, INTEGER_MAX);
        if (!page.ok) return page;
        query.page = page.value;
        continue;
      }
      case 'PageSize': {
        const size = positiveInteger(name, raw, forExport ? MAX_EXPORT_PAGE_SIZE : MAX_LIST_PAGE_SIZE);
        if (!size.ok) return size;
        query.pageSize = size.value;
        continue;
      }
      case 'SortFields': {
        const names = nameList(name, raw);
        if (!names.ok) return names;
        query.sortFields = names.value;
        continue;
      }
      case 'SortDescending': {
        const names = nameList(name, raw);
        if (!names.ok) return names;
        descending = names.value;
        continue;
      }
      case 'Search': {
        const value = single(name, raw);
        if (!value.ok) return value;
        const text = String(value.value).trim();
        // eslint-disable-next-line no-control-regex
        if (text.length > MAX_FILTER_TEXT || /[\u0000-\u001F]/.test(text)) return bad('Search is too long or has control characters');
        query.search = text === '' ? null : text;
        continue;
      }
      case 'Columns': {
        const names = nameList(name, raw);
        if (!names.ok) return names;
        for (const column of names.value) {
          const field = ownField(def, column);
          if (!field || hidden.has(column) || field.writeOnly || field.type === 'children' || (field.type === 'set' && field.storage.kind !== 'flags')) {
            return unknownField('unknownColumn', column);
          }
        }
        query.columns = [...new Set(names.value)];
        continue;
      }
      default:
        break;
    }
    const match = /^filter\.([A-Za-z0-9]+)(?:\.(from|to))?$/.exec(name);
    const spec = match ? filterSpecs.get(match[1]!) : undefined;
    if (!match || !spec) return unknownField('unknownFilter', name);
    const field = def.fields[spec.field]!;
    const bound = match[2] as 'from' | 'to' | undefined;
    if ((spec.op === 'range') !== (bound !== undefined)) {
      return bad(spec.op === 'range' ? `${name}: use filter.${spec.field}.from or .to` : `Unknown query parameter: ${name.slice(0, 80)}`);
    }
    const rawValues = spec.op === 'in' ? (Array.isArray(raw) ? raw : [raw]).flatMap((v) => (typeof v === 'string' ? v.split(',') : [v])) : [raw];
    if (spec.op !== 'in' && Array.isArray(raw)) return bad(`${name} is given more than once`);
    if (rawValues.length > 100) return bad(`${name} lists too many values`);
    const values: unknown[] = [];
    for (const item of rawValues) {
      const parsed = filterValue(field as ScalarField, name, item);
      if (!parsed.ok) return parsed;
      values.push(parsed.value);
    }
    if (values.length === 0) return bad(`${name} has no value`);
    const op: FilterTerm['op'] = bound ?? (spec.op === 'range' ? 'from' : spec.op);
    query.filters.push({ field: spec.field, op, values });
  }

  const sortable = new Set([def.key, ...def.listColumns.filter((c) => c.sortable).map((c) => c.field)]);
  const seen = new Set<string>();
  for (const field of query.sortFields) {
    if (!sortable.has(field) || hidden.has(field)) return unknownField('unknownSort', field);
    if (seen.has(field)) return bad(`SortFields names ${field} twice`);
    seen.add(field);
  }
  if (query.sortFields.length > MAX_SORT_FIELDS) return bad('SortFields names too many fields');
  for (const field of descending) {
    if (!seen.has(field)) return bad(`SortDescending names ${field.slice(0, 64)}, which is not in SortFields`);
  }
  if (query.sortFields.length === 0) {
    const defaults = def.defaultSort.filter((sort) => !hidden.has(sort.field));
    query.sortFields = defaults.map((sort) => sort.field);
    query.sortDescending = defaults.filter((sort) => sort.descending).map((sort) => sort.field);
  } else {
    query.sortDescending = [...new Set(descending)];
  }
  return { ok: true, value: query };
}

/** `%` and `_` are literal in what the user typed. */
function likePattern(text: string, mode: 'contains' | 'startsWith'): string {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return mode === 'contains' ? `%${escaped}%` : `${escaped}%`;
}

function likeTerm(column: string, text: string, mode: 'contains' | 'startsWith', engine: 'sqlite' | 'postgres') {
  // SQLite's LIKE ignores ASCII case; PostgreSQL needs ILIKE.
  return sql<boolean>`${sql.ref(column)} ${sql.raw(engine === 'postgres' ? 'ilike' : 'like')} ${likePattern(text, mode)} escape '\\'`;
}

/** Adds the filters and the search to a select on the entity's table. */
export function applyFilters(def: AnyEntity, select: DynamicSelect, query: ListQuery, engine: 'sqlite' | 'postgres', hidden: ReadonlySet<string>): DynamicSelect {
  let q = select;
  for (const filter of query.filters) {
    const field = def.fields[filter.field]!;
    if (field.type === 'set') {
      if (field.storage.kind !== 'flags') continue;
      const columns = filter.values.map((v) => field.storage.kind === 'flags' ? field.storage.columns[String(v)]! : '');
      q = q.where((eb) => eb.or(columns.map((column) => eb(column, '=', 1))));
      continue;
    }
    if (field.type === 'children') continue;
    const column = field.column;
    const first = writeScalar(field, filter.values[0], engine);
    switch (filter.op) {
      case 'eq':
        q = q.where(column, '=', first);
        break;
      case 'in':
        q = q.where(column, 'in', filter.values.map((v) => writeScalar(field, v, engine)));
        break;
      case 'from':
        q = q.where(column, '>=', first);
        break;
      case 'to':
        q = q.where(column, '<=', first);
        break;
      case 'contains':
      case 'startsWith':
        q = q.where(likeTerm(column, String(first), filter.op, engine));
        break;
    }
  }
  if (query.search !== null) {
    // §6: only the search fields the caller may read are matched (issue 68 item 1); when every one is hidden, the
    // text matches nothing — never every record, which would tell the text matched a hidden value no less.
    const columns = def.search.filter((field) => !hidden.has(field)).map((field) => def.fields[field]!.column);
    if (columns.length > 0) {
      const text = query.search;
      q = q.where((eb) => eb.or(columns.map((column) => likeTerm(column, text, 'contains', engine))));
    } else if (def.search.length > 0) {
      q = q.where(sql<boolean>`1 = 0`);
    }
  }
  return q;
}

/**
 * The column that identifies a row for paging: SQLite's rowid (every entity table is a rowid table; an
 * index on a sort column holds it, so the tie-breaker costs no table lookup), PostgreSQL's key.
 */
export function rowIdColumn(def: AnyEntity, engine: 'sqlite' | 'postgres'): string {
  return engine === 'sqlite' ? 'rowid' : keyColumn(def);
}

/**
 * Adds ORDER BY: the sort fields, then a unique tie-breaker (rowIdColumn) in the direction of the last
 * sort field, so pages never overlap and a descending sort still walks one index backwards.
 */
export function applySort(def: AnyEntity, select: DynamicSelect, query: ListQuery, engine: 'sqlite' | 'postgres'): DynamicSelect {
  let q = select;
  const descending = new Set(query.sortDescending);
  for (const field of query.sortFields) {
    q = q.orderBy(def.fields[field]!.column, descending.has(field) ? 'desc' : 'asc');
  }
  if (!query.sortFields.includes(def.key)) {
    const last = query.sortFields[query.sortFields.length - 1];
    q = q.orderBy(rowIdColumn(def, engine), last !== undefined && descending.has(last) ? 'desc' : 'asc');
  }
  return q;
}
