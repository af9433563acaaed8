/**
 * Rows ↔ wire records. Tables are snake_case (definition `column`s); answers use the definition's field
 * names plus the §3 record trail (CreatedBy, CreatedOn, UpdatedBy, UpdatedOn, Version). Engine
 * differences are absorbed here: flags (0/1 vs true/false), exact decimals (db/decimal-codec.ts: NUMERIC
 * strings vs integer units), count (bigint as string on PostgreSQL).
 */
import type { AnyEntity, FieldDefinition, ScalarField } from '@erp/shared/entities/define';
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import { decimalFromRaw, decimalToDb, type Engine } from '../db/decimal-codec.ts';
import { dynamicDb, type DynamicDb } from '../db/dynamic-db.ts';
import { compiledOnce, PLACEHOLDER, withValues } from '../db/read.ts';

type Field = FieldDefinition & { column: string };

/** Which record-trail fields a record carries: all of them, none, or only Version (list rows). */
export type Trail = boolean | 'version';

const entriesCache = new WeakMap<AnyEntity, readonly [string, Field][]>();

/** The definition's fields as [name, field] pairs; built once per definition (every request reads them). */
export function fieldsOf(def: AnyEntity): readonly [string, Field][] {
  let entries = entriesCache.get(def);
  if (!entries) entriesCache.set(def, (entries = Object.entries(def.fields) as [string, Field][]));
  return entries;
}

/**
 * The definition's field called `name`, looked up as an OWN property only: a name that comes from a
 * request (`Columns=__proto__`, `constructor`, `toString`, `hasOwnProperty` …) must never find
 * something on Object.prototype (issue #11). Use this for every name that arrives from outside.
 */
export function ownField(def: AnyEntity, name: string): AnyEntity['fields'][string] | undefined {
  return Object.hasOwn(def.fields, name) ? def.fields[name] : undefined;
}

export function keyColumn(def: AnyEntity): string {
  return def.fields[def.key]!.column;
}

/** A column value as the wire type of its field. */
export function readScalar(field: ScalarField, raw: unknown): unknown {
  if (raw === null || raw === undefined) return null;
  switch (field.type) {
    case 'boolean':
      return raw === true || raw === 1 || raw === '1' || raw === 't';
    case 'integer':
      return Number(raw);
    case 'decimal':
      return decimalFromRaw(raw, field.scale ?? 2);
    case 'lookup':
      return field.valueType === 'integer' ? Number(raw) : String(raw);
    default:
      return String(raw);
  }
}

/** A wire value as it is written to its column (flags as 0/1: see db/schema.ts; decimals by the codec). */
export function writeScalar(field: ScalarField, value: unknown, engine: Engine): unknown {
  if (value === null || value === undefined) return null;
  if (field.type === 'boolean') return value === true ? 1 : 0;
  if (field.type === 'decimal') return decimalToDb(engine, String(value), field.scale ?? 2);
  return value;
}

export function isTruthyFlag(raw: unknown): boolean {
  return raw === true || raw === 1 || raw === '1' || raw === 't';
}

/** The record trail of a row. */
export function trailOf(row: Record<string, unknown>) {
  return {
    CreatedBy: String(row['created_by'] ?? ''),
    CreatedOn: String(row['created_on'] ?? ''),
    UpdatedBy: String(row['updated_by'] ?? ''),
    UpdatedOn: String(row['updated_on'] ?? ''),
    Version: Number(row['version'] ?? 1),
  };
}

/** The key of a row in its wire type. */
export function keyOf(def: AnyEntity, row: Record<string, unknown>): string | number {
  const raw = row[keyColumn(def)];
  return def.fields[def.key]!.type === 'integer' ? Number(raw) : String(raw);
}

/**
 * Columns to select for the given fields (their own columns; flag sets' flag columns), the key and the
 * trail.
 */
export function columnsFor(def: AnyEntity, fields: Iterable<string>, trail: Trail = true): string[] {
  const columns = new Set<string>([keyColumn(def)]);
  for (const name of fields) {
    const field = ownField(def, name) as Field | undefined;
    if (!field || field.virtual || field.type === 'children') continue;
    if (field.type === 'set') {
      if (field.storage.kind === 'flags') for (const column of Object.values(field.storage.columns)) columns.add(column);
      continue;
    }
    columns.add(field.column);
  }
  if (trail === 'version') columns.add('version');
  else if (trail) for (const column of ['created_by', 'created_on', 'updated_by', 'updated_on', 'version']) columns.add(column);
  return [...columns];
}

type Reader = (row: Record<string, unknown>, record: Record<string, unknown>) => void;

/** One field's reader: copies its column(s) from a row into a record, converted to the wire type. */
function readerOf(name: string, field: Field): Reader | null {
  if (field.writeOnly || field.virtual || field.type === 'children') return null;
  if (field.type === 'set') {
    if (field.storage.kind !== 'flags') return null;
    const options = Object.entries(field.storage.columns);
    return (row, record) => {
      const values: string[] = [];
      for (const [option, column] of options) if (isTruthyFlag(row[column])) values.push(option);
      record[name] = values;
    };
  }
  const column = field.column;
  switch (field.type) {
    case 'boolean':
      return (row, record) => {
        const raw = row[column];
        record[name] = raw === null || raw === undefined ? null : isTruthyFlag(raw);
      };
    case 'integer':
      return (row, record) => {
        const raw = row[column];
        record[name] = raw === null || raw === undefined ? null : Number(raw);
      };
    case 'decimal': {
      const scale = field.scale ?? 2;
      return (row, record) => {
        record[name] = decimalFromRaw(row[column], scale);
      };
    }
    default:
      return (row, record) => {
        record[name] = readScalar(field, row[column]);
      };
  }
}

const readers = new WeakMap<AnyEntity, Map<string, Reader[]>>();

/** The readers of a field list, built once per definition and list (lists answer thousands of rows). */
function readersFor(def: AnyEntity, fields: Iterable<string>): Reader[] {
  const names = [...fields];
  const key = names.join(',');
  let byList = readers.get(def);
  if (!byList) readers.set(def, (byList = new Map()));
  let list = byList.get(key);
  if (!list) {
    list = names.flatMap((name) => {
      const field = ownField(def, name) as Field | undefined;
      const reader = field ? readerOf(name, field) : null;
      return reader ? [reader] : [];
    });
    if (byList.size < 200) byList.set(key, list);
  }
  return list;
}

/** A converter of rows to wire records with the given fields, for many rows (lists, exports). */
export function recordReader(def: AnyEntity, fields: Iterable<string>, trail: Trail = true): (row: Record<string, unknown>) => Record<string, unknown> {
  const list = readersFor(def, fields);
  return (row) => {
    const record: Record<string, unknown> = {};
    for (const read of list) read(row, record);
    if (trail === 'version') record['Version'] = Number(row['version'] ?? 1);
    else if (trail) writeTrail(row, record);
    return record;
  };
}

/** A row as a wire record with the given fields (hidden and write-only fields left out by the caller). */
export function rowToRecord(def: AnyEntity, row: Record<string, unknown>, fields: Iterable<string>, trail = true): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const read of readersFor(def, fields)) read(row, record);
  if (trail) writeTrail(row, record);
  return record;
}

/** The record trail (who and when created and last changed, and the version) onto a wire record. */
function writeTrail(row: Record<string, unknown>, record: Record<string, unknown>): void {
  record['CreatedBy'] = String(row['created_by'] ?? '');
  record['CreatedOn'] = String(row['created_on'] ?? '');
  record['UpdatedBy'] = String(row['updated_by'] ?? '');
  record['UpdatedOn'] = String(row['updated_on'] ?? '');
  record['Version'] = Number(row['version'] ?? 1);
}

/** Every field name a full record answers (not write-only). */
export function readableFields(def: AnyEntity, hidden: ReadonlySet<string>): string[] {
  return fieldsOf(def)
    .filter(([name, field]) => !field.writeOnly && !hidden.has(name))
    .map(([name]) => name);
}

/**
 * Loads one full record: the row, link sets and child collections. `null` when absent. Hidden fields are
 * dropped by the caller (the full record is also what updates compare against).
 */
export async function loadRecord<D>(
  db: Kysely<D>,
  def: AnyEntity,
  id: string | number,
): Promise<Record<string, unknown> | null> {
  return (await loadRecords(db, def, [id])).get(String(id)) ?? null;
}

/** Records read per query of `loadRecords`. */
const LOAD_CHUNK = 1000;

/**
 * Many records at once (a batch action's items), each exactly as `loadRecord` reads it: one query for the rows,
 * one per set and per collection of child rows (and of lines' own child rows), per thousand records. Answers
 * the records found, by their key as a string.
 */
export async function loadRecords<D>(typed: Kysely<D>, def: AnyEntity, ids: readonly (string | number)[]): Promise<Map<string, Record<string, unknown>>> {
  const db = dynamicDb(typed);
  const out = new Map<string, Record<string, unknown>>();
  const unique = [...new Set(ids)];
  for (let start = 0; start < unique.length; start += LOAD_CHUNK) {
    for (const [key, record] of await loadChunk(db, def, unique.slice(start, start + LOAD_CHUNK))) out.set(key, record);
  }
  return out;
}

type Children = Extract<FieldDefinition, { type: 'children' }>;

/** Field types whose column's text (`::text`) reads as the driver's value does (readScalar); booleans normalized. */
const FOLDABLE = new Set(['text', 'integer', 'decimal', 'lookup', 'boolean']);
const foldCache = new WeakMap<AnyEntity, [string, Children][]>();

/**
 * Issue 74, "a record and its lines in one statement": on PostgreSQL the child collections without lines' own child
 * rows and whose fields all read alike as text come in the record's own row, as a JSON array of each line's column
 * texts in key order (exact: numbers travel as text, never as JSON numbers). The others keep their own statement.
 */
function foldedCollections(def: AnyEntity): [string, Children][] {
  let folded = foldCache.get(def);
  if (!folded) {
    folded = (fieldsOf(def).filter(([, field]) => field.type === 'children') as unknown as [string, Children][]).filter(
      ([, field]) => Object.keys(field.lineChildren ?? {}).length === 0 && Object.values(field.fields).every((child) => FOLDABLE.has(child.type)),
    );
    foldCache.set(def, folded);
  }
  return folded;
}

const FOLDED_PREFIX = '__lines_';

/** The correlated subquery of one folded collection (foldedCollections). */
function foldedLines(def: AnyEntity, name: string, field: Children): RawBuilder<unknown> {
  const childKey = field.fields[field.key]!.column ?? field.key;
  const columns = Object.entries(field.fields).map(([childName, child]) => sql`${sql.ref(`__c.${child.column ?? childName}`)}::text`);
  return sql`(select coalesce(json_agg(json_build_array(${sql.join(columns)}) order by ${sql.ref(`__c.${childKey}`)}), '[]'::json) from ${sql.table(field.table)} as __c where ${sql.ref(`__c.${field.parentColumn}`)} = ${sql.ref(`${def.table}.${keyColumn(def)}`)})`.as(
    `${FOLDED_PREFIX}${name}`,
  ) as unknown as RawBuilder<unknown>;
}

/** The lines of a folded collection from their column texts, as `loadChunk` reads them unfolded. */
function unfoldLines(field: Children, texts: unknown): Record<string, unknown>[] {
  const entries = Object.entries(field.fields);
  return (texts as (string | null)[][]).map((values) => {
    const line: Record<string, unknown> = {};
    entries.forEach(([childName, child], at) => {
      const raw = values[at];
      line[childName] = readScalar(child as ScalarField, child.type === 'boolean' && raw === 'true' ? true : raw);
    });
    return line;
  });
}

/** What reading a full record of a definition needs, worked out once per definition (issue 74: once, not per request). */
interface RecordPlan {
  all: string[];
  columns: string[];
  read: (row: Record<string, unknown>) => Record<string, unknown>;
}
const planCache = new WeakMap<AnyEntity, RecordPlan>();

function recordPlan(def: AnyEntity): RecordPlan {
  let plan = planCache.get(def);
  if (!plan) {
    const all = fieldsOf(def).map(([name]) => name);
    planCache.set(def, (plan = { all, columns: columnsFor(def, all), read: recordReader(def, all) }));
  }
  return plan;
}

/** The select of records by key (one PLACEHOLDER per key: db/read.ts compiledOnce), with the folded collections. */
function recordSelect(db: DynamicDb, def: AnyEntity, folded: readonly [string, Children][], ids: readonly unknown[]) {
  let query = db.selectFrom(def.table).select(recordPlan(def).columns);
  for (const [name, field] of folded) query = query.select(foldedLines(def, name, field) as never);
  return query.where(keyColumn(def), 'in', ids as never[]);
}

/**
 * Rows of `table` whose `column` names one of the records, grouped by that record's key. Module level, not a closure
 * of `loadChunk` (issue 74: the server runs through tsx, which names each closure it makes).
 */
function byParent(list: Record<string, unknown>[], column: string): Map<string, Record<string, unknown>[]> {
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of list) {
    const group = groups.get(String(row[column]));
    if (group) group.push(row);
    else groups.set(String(row[column]), [row]);
  }
  return groups;
}

async function loadChunk(db: DynamicDb, def: AnyEntity, ids: readonly (string | number)[]): Promise<Map<string, Record<string, unknown>>> {
  const plan = recordPlan(def);
  const keyCol = keyColumn(def);
  const adapter = db.getExecutor().adapter;
  const folded = adapter instanceof PostgresAdapter ? foldedCollections(def) : [];
  // One record (a record read, a save's starting point): the statement compiled once per definition and dialect.
  const rows = (
    ids.length === 1
      ? (await db.executeQuery(withValues(compiledOnce(def, adapter.constructor.name, 1, () => recordSelect(db, def, folded, [PLACEHOLDER])), ids))).rows
      : await recordSelect(db, def, folded, ids).execute()
  ) as Record<string, unknown>[];
  const records = new Map<string, Record<string, unknown>>();
  for (const row of rows) {
    const record = plan.read(row);
    for (const [name, field] of folded) record[name] = unfoldLines(field, row[`${FOLDED_PREFIX}${name}`]);
    records.set(String(row[keyCol]), record);
  }
  if (records.size === 0) return records;
  const found = rows.map((row) => row[keyCol]);
  for (const [name, field] of fieldsOf(def)) {
    if (field.type === 'set' && field.storage.kind === 'link') {
      const { table, parentColumn, valueColumn } = field.storage;
      const links = byParent((await db.selectFrom(table).select([parentColumn, valueColumn]).where(parentColumn, 'in', found).execute()) as Record<string, unknown>[], parentColumn);
      for (const [key, record] of records) record[name] = (links.get(key) ?? []).map((link) => String(link[valueColumn])).sort();
    }
    if (field.type === 'children' && !folded.some(([foldedName]) => foldedName === name)) {
      const childKey = field.fields[field.key]!.column ?? field.key;
      const childRows = (await db
        .selectFrom(field.table)
        .selectAll()
        .where(field.parentColumn, 'in', found)
        .orderBy(childKey)
        .execute()) as Record<string, unknown>[];
      // A line's own child rows (issue 12): nested under each line, read in one query per collection.
      const nested = new Map<string, Map<string, Record<string, unknown>[]>>();
      for (const [subName, sub] of Object.entries(field.lineChildren ?? {})) {
        const keys = childRows.map((child) => child[childKey]);
        const subKey = sub.fields[sub.key]!.column ?? sub.key;
        const subRows: Record<string, unknown>[] = [];
        for (let start = 0; start < keys.length; start += LOAD_CHUNK * 5) {
          const slice = keys.slice(start, start + LOAD_CHUNK * 5);
          subRows.push(...((await db.selectFrom(sub.table).selectAll().where(sub.parentColumn, 'in', slice).orderBy(subKey).execute()) as Record<string, unknown>[]));
        }
        nested.set(subName, byParent(subRows, sub.parentColumn));
      }
      const children = byParent(childRows, field.parentColumn);
      for (const [key, record] of records) {
        record[name] = (children.get(key) ?? []).map((child) => {
          const line: Record<string, unknown> = {};
          for (const [childName, childField] of Object.entries(field.fields)) line[childName] = readScalar(childField, child[childField.column ?? childName]);
          for (const [subName, sub] of Object.entries(field.lineChildren ?? {})) {
            line[subName] = (nested.get(subName)!.get(String(child[childKey])) ?? []).map((subRow) => {
              const out: Record<string, unknown> = {};
              for (const [subField, spec] of Object.entries(sub.fields)) out[subField] = readScalar(spec, subRow[spec.column ?? subField]);
              return out;
            });
          }
          return line;
        });
      }
    }
  }
  return records;
}

/** Removes hidden and write-only fields from a full record. */
export function visibleRecord(def: AnyEntity, record: Record<string, unknown>, hidden: ReadonlySet<string>): Record<string, unknown> {
  const writeOnly = writeOnlyOf(def);
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(record)) {
    if (writeOnly.has(name) || (hidden.has(name) && Object.hasOwn(def.fields, name))) continue;
    out[name] = record[name];
  }
  return out;
}

const writeOnlyCache = new WeakMap<AnyEntity, ReadonlySet<string>>();

function writeOnlyOf(def: AnyEntity): ReadonlySet<string> {
  let writeOnly = writeOnlyCache.get(def);
  if (!writeOnly) writeOnlyCache.set(def, (writeOnly = new Set(fieldsOf(def).filter(([, field]) => field.writeOnly).map(([name]) => name))));
  return writeOnly;
}

/**
 * `visibleRecord` for a record the caller owns and answers at once (a record read): the record itself when nothing
 * of it is to be left out — no hidden field and none write-only in the definition —, so the answer is written
 * without a copy of it (issue 74).
 */
export function visibleAnswer(def: AnyEntity, record: Record<string, unknown>, hidden: ReadonlySet<string>): Record<string, unknown> {
  return hidden.size === 0 && writeOnlyOf(def).size === 0 ? record : visibleRecord(def, record, hidden);
}

/** Parses a key from a URL segment, as the key field's type; null when it cannot be a key. */
export function parseId(def: AnyEntity, raw: string): string | number | null {
  const field = def.fields[def.key]!;
  if (field.type === 'integer') {
    if (!/^\d{1,10}$/.test(raw)) return null;
    const value = Number(raw);
    return value >= 1 && value <= 2147483647 ? value : null;
  }
  if (field.type !== 'text') return null;
  // eslint-disable-next-line no-control-regex
  if (raw.length === 0 || raw.length > (field.maxLength ?? 64) || /[\u0000-\u001F]/.test(raw)) return null;
  return field.uppercase ? raw.toUpperCase() : raw;
}

/**
 * A converter of raw rows (arrays, in the order of `columns`) to wire records with the given fields: the
 * fast path of SQLite list reads (the driver builds arrays faster than objects).
 */
export function arrayReader(
  def: AnyEntity,
  fields: readonly string[],
  columns: readonly string[],
  trail: Trail = true,
): (row: unknown[]) => Record<string, unknown> {
  const at = (column: string) => columns.indexOf(column);
  type ArrayReader = (row: unknown[], record: Record<string, unknown>) => void;
  const list: ArrayReader[] = [];
  for (const name of fields) {
    const field = ownField(def, name) as Field | undefined;
    if (!field || field.writeOnly || field.virtual || field.type === 'children') continue;
    if (field.type === 'set') {
      if (field.storage.kind !== 'flags') continue;
      const options = Object.entries(field.storage.columns).map(([option, column]) => [option, at(column)] as const);
      list.push((row, record) => {
        const values: string[] = [];
        for (const [option, index] of options) if (isTruthyFlag(row[index])) values.push(option);
        record[name] = values;
      });
      continue;
    }
    const index = at(field.column);
    if (index < 0) continue;
    if (field.type === 'boolean') {
      list.push((row, record) => {
        const raw = row[index];
        record[name] = raw === null || raw === undefined ? null : isTruthyFlag(raw);
      });
    } else if (field.type === 'decimal') {
      const scale = field.scale ?? 2;
      list.push((row, record) => {
        record[name] = decimalFromRaw(row[index], scale);
      });
    } else if (field.type === 'integer') {
      list.push((row, record) => {
        const raw = row[index];
        record[name] = raw === null || raw === undefined ? null : Number(raw);
      });
    } else {
      list.push((row, record) => {
        record[name] = readScalar(field, row[index]);
      });
    }
  }
  const trailAt = ['created_by', 'created_on', 'updated_by', 'updated_on', 'version'].map(at);
  return (row) => {
    const record: Record<string, unknown> = {};
    for (const read of list) read(row, record);
    if (trail === 'version') record['Version'] = Number(row[trailAt[4]!] ?? 1);
    else if (trail) {
      record['CreatedBy'] = String(row[trailAt[0]!] ?? '');
      record['CreatedOn'] = String(row[trailAt[1]!] ?? '');
      record['UpdatedBy'] = String(row[trailAt[2]!] ?? '');
      record['UpdatedOn'] = String(row[trailAt[3]!] ?? '');
      record['Version'] = Number(row[trailAt[4]!] ?? 1);
    }
    return record;
  };
}
