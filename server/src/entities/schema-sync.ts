/**
 * Tables from entity definitions (Frappe's "sync the DocType to the table"), the same on SQLite and
 * PostgreSQL.
 *
 * Contract: `syncEntityTables(db, definitions)` is additive and idempotent. For each definition it
 * creates the table when it is missing (key, one column per stored field, flag columns of flag sets, the
 * §3 record-trail columns), adds the columns a later version of the definition has and the table lacks,
 * creates the child tables of child collections and the link tables of link sets, an index per sortable
 * list column, per filter and per default-sort field, the definition's compound `indexes`, and a unique
 * index per `uniques` entry and one on the numbering field's column (issue 22: document numbers unique). It never
 * drops or changes a column: renames, type changes and data moves need a hand-written migration.
 *
 * Migration 0003 runs it (so a new database gets every entity table in a numbered migration), and
 * buildApp runs it again after the migrations, so a field added to a definition later gets its column on
 * the next start. Columns are nullable (the validation enforces `required`), except flags, which are
 * NOT NULL with their default.
 */
import type { AnyEntity, FieldDefinition, ScalarField } from '@erp/shared/entities/define';
import { PostgresAdapter, sql, type ColumnDataType } from 'kysely';
import { decimalColumnType, engineOf, type Connection, type Engine } from '../db/decimal-codec.ts';
import type { MigrationDb } from '../db/migration-db.ts';

export function isPostgres(db: Connection): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

interface ColumnSpec {
  name: string;
  type: ColumnDataType;
  /** Flags: NOT NULL with this default. */
  flagDefault?: boolean;
}

/**
 * The column type of a scalar field. Decimals: NUMERIC(precision, scale) on PostgreSQL, integer units of
 * 10^-scale on SQLite (db/decimal-codec.ts), so sums, sorts and range filters are exact on both.
 */
export function columnType(field: ScalarField, engine: Engine): ColumnDataType {
  switch (field.type) {
    case 'integer':
      return 'integer';
    case 'decimal':
      return decimalColumnType(engine, field.precision ?? 15, field.scale ?? 2) as ColumnDataType;
    case 'boolean':
      return 'boolean';
    case 'lookup':
      return field.valueType === 'integer' ? 'integer' : 'text';
    default:
      return 'text';
  }
}

function scalarColumn(field: ScalarField & { column?: string }, name: string, engine: Engine): ColumnSpec {
  const column = field.column ?? name;
  if (field.type === 'boolean') return { name: column, type: 'boolean', flagDefault: field.defaultValue === true };
  return { name: column, type: columnType(field, engine) };
}

/** The columns of an entity's own table (not the key, not the trail). */
export function entityColumns(def: AnyEntity, engine: Engine): ColumnSpec[] {
  const columns: ColumnSpec[] = [];
  for (const [name, field] of Object.entries(def.fields) as [string, FieldDefinition & { column: string }][]) {
    if (name === def.key || field.virtual) continue;
    if (field.type === 'children') continue;
    if (field.type === 'set') {
      if (field.storage.kind === 'flags') {
        for (const column of Object.values(field.storage.columns)) columns.push({ name: column, type: 'boolean', flagDefault: false });
      }
      continue;
    }
    columns.push(scalarColumn(field, name, engine));
  }
  return columns;
}

const TRAIL: ColumnSpec[] = [
  { name: 'created_by', type: 'text' },
  { name: 'created_on', type: 'text' },
  { name: 'updated_by', type: 'text' },
  { name: 'updated_on', type: 'text' },
  { name: 'version', type: 'integer' },
];

async function existingTables(db: MigrationDb): Promise<Map<string, Set<string>>> {
  const tables = await db.introspection.getTables();
  return new Map(tables.map((table) => [table.name, new Set(table.columns.map((column) => column.name))]));
}

function keyColumnType(def: AnyEntity): ColumnDataType {
  return def.fields[def.key]!.type === 'integer' ? 'integer' : 'text';
}

async function createEntityTable(db: MigrationDb, def: AnyEntity): Promise<void> {
  const keyColumn = def.fields[def.key]!.column;
  let builder = db.schema.createTable(def.table);
  if (def.keyKind === 'auto') {
    builder = isPostgres(db)
      ? builder.addColumn(keyColumn, 'serial', (c) => c.primaryKey())
      : builder.addColumn(keyColumn, 'integer', (c) => c.primaryKey().autoIncrement());
  } else {
    builder = builder.addColumn(keyColumn, keyColumnType(def), (c) => c.primaryKey());
  }
  for (const column of entityColumns(def, engineOf(db))) {
    builder = builder.addColumn(column.name, column.type, (c) =>
      column.flagDefault === undefined ? c : c.notNull().defaultTo(sql.raw(column.flagDefault ? 'true' : 'false')),
    );
  }
  builder = builder
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_on', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1));
  await builder.execute();
}

async function addMissingColumns(db: MigrationDb, def: AnyEntity, present: Set<string>): Promise<void> {
  for (const column of [...entityColumns(def, engineOf(db)), ...TRAIL]) {
    if (present.has(column.name)) continue;
    await db.schema
      .alterTable(def.table)
      .addColumn(column.name, column.type, (c) => {
        if (column.flagDefault !== undefined) return c.notNull().defaultTo(sql.raw(column.flagDefault ? 'true' : 'false'));
        if (column.name === 'version') return c.notNull().defaultTo(1);
        if (TRAIL.some((trail) => trail.name === column.name)) return c.notNull().defaultTo('');
        return c;
      })
      .execute();
  }
}

/** The shape shared by a child collection and a line's own child rows (`lineChildren`). */
interface RowsTable {
  table: string;
  parentColumn: string;
  key: string;
  fields: Readonly<Record<string, ScalarField & { column?: string }>>;
}

/**
 * Creates (or widens with new columns) the table of a child collection: an auto-increment key, the
 * parent's key (cascade on delete) and one column per field.
 */
async function ensureRowsTable(
  db: MigrationDb,
  rows: RowsTable,
  parentType: ColumnDataType,
  parentRef: string,
  tables: Map<string, Set<string>>,
): Promise<void> {
  const childKey = rows.fields[rows.key]!.column ?? rows.key;
  const columns = Object.entries(rows.fields)
    .filter(([name]) => name !== rows.key)
    .map(([name, child]) => scalarColumn(child, name, engineOf(db)));
  if (!tables.has(rows.table)) {
    let builder = db.schema.createTable(rows.table);
    builder = isPostgres(db)
      ? builder.addColumn(childKey, 'serial', (c) => c.primaryKey())
      : builder.addColumn(childKey, 'integer', (c) => c.primaryKey().autoIncrement());
    builder = builder.addColumn(rows.parentColumn, parentType, (c) => c.notNull().references(parentRef).onDelete('cascade'));
    for (const column of columns) {
      builder = builder.addColumn(column.name, column.type, (c) =>
        column.flagDefault === undefined ? c : c.notNull().defaultTo(sql.raw(column.flagDefault ? 'true' : 'false')),
      );
    }
    await builder.execute();
    await db.schema.createIndex(`ix_${rows.table}_${rows.parentColumn}`).ifNotExists().on(rows.table).column(rows.parentColumn).execute();
    tables.set(rows.table, new Set([childKey, rows.parentColumn, ...columns.map((c) => c.name)]));
  } else {
    const present = tables.get(rows.table)!;
    for (const column of columns) {
      if (present.has(column.name)) continue;
      await db.schema
        .alterTable(rows.table)
        .addColumn(column.name, column.type, (c) =>
          column.flagDefault === undefined ? c : c.notNull().defaultTo(sql.raw(column.flagDefault ? 'true' : 'false')),
        )
        .execute();
    }
  }
}

async function createChildTables(db: MigrationDb, def: AnyEntity, tables: Map<string, Set<string>>): Promise<void> {
  const parentKey = def.fields[def.key]!.column;
  for (const [, field] of Object.entries(def.fields)) {
    if (field.type === 'children') {
      await ensureRowsTable(db, field, keyColumnType(def), `${def.table}.${parentKey}`, tables);
      // A line's own child rows (issue 12): their parent is the line (integer key of the line table).
      const lineKey = field.fields[field.key]!.column ?? field.key;
      for (const sub of Object.values(field.lineChildren ?? {})) {
        await ensureRowsTable(db, sub, 'integer', `${field.table}.${lineKey}`, tables);
      }
    }
    if (field.type === 'set' && field.storage.kind === 'link' && !tables.has(field.storage.table)) {
      const { table, parentColumn, valueColumn } = field.storage;
      await db.schema
        .createTable(table)
        .addColumn(parentColumn, keyColumnType(def), (c) => c.notNull().references(`${def.table}.${parentKey}`).onDelete('cascade'))
        .addColumn(valueColumn, 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint(`${table}_pk`, [parentColumn, valueColumn])
        .execute();
      await db.schema.createIndex(`ix_${table}_${valueColumn}`).ifNotExists().on(table).column(valueColumn).execute();
      tables.set(table, new Set([parentColumn, valueColumn]));
    }
  }
}

/** Index names are `ix_<table>_<columns>` / `ux_<table>_<columns>`, cut to PostgreSQL's 63 characters. */
export function indexName(prefix: string, table: string, columns: string[]): string {
  return `${prefix}_${table}_${columns.join('_')}`.slice(0, 63);
}

/** Names of the indexes that exist (one query, so a start-up sync with nothing to do stays cheap). */
async function existingIndexes(db: MigrationDb): Promise<Set<string>> {
  const rows = isPostgres(db)
    ? await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(db)
    : await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(db);
  return new Set(rows.rows.map((row) => row.name));
}

async function createIndexes(db: MigrationDb, def: AnyEntity, indexes: Set<string>): Promise<void> {
  const keyColumn = def.fields[def.key]!.column;
  const indexed = new Set<string>();
  const fieldsToIndex = [
    ...def.listColumns.filter((column) => column.sortable).map((column) => column.field),
    ...def.filters.map((filter) => filter.field),
    ...def.defaultSort.map((sort) => sort.field),
  ];
  for (const name of fieldsToIndex) {
    const field = def.fields[name]!;
    if (field.type === 'set' || field.type === 'children' || field.virtual) continue;
    const column = field.column;
    if (column === keyColumn || indexed.has(column)) continue;
    // Long texts (HTML) are not worth an index; PostgreSQL refuses index rows over ~2.7 kB anyway.
    if (field.type === 'text' && (field.format === 'html' || field.format === 'base64' || field.format === 'multiline')) continue;
    indexed.add(column);
    const index = indexName('ix', def.table, [column]);
    if (indexes.has(index)) continue;
    await db.schema.createIndex(index).ifNotExists().on(def.table).column(column).execute();
    indexes.add(index);
  }
  for (const compound of def.indexes) {
    const columns = compound.map((field) => def.fields[field]!.column);
    const index = indexName('ix', def.table, columns);
    if (indexes.has(index)) continue;
    await db.schema.createIndex(index).ifNotExists().on(def.table).columns(columns).execute();
    indexes.add(index);
  }
  for (const unique of def.uniques) {
    const columns = unique.map((field) => def.fields[field]!.column);
    const index = indexName('ux', def.table, columns);
    if (indexes.has(index)) continue;
    await db.schema.createIndex(index).ifNotExists().unique().on(def.table).columns(columns).execute();
    indexes.add(index);
  }
  if (def.numbering) await uniqueNumbers(db, def, keyColumn, indexes);
}

/**
 * Issue 22: a document number is unique within its kind — a unique index on the numbering field's column.
 * A table that already holds a number twice keeps working without it (a warning names the number).
 */
async function uniqueNumbers(db: MigrationDb, def: AnyEntity, keyColumn: string, indexes: Set<string>): Promise<void> {
  const column = def.fields[def.numbering!.field]?.column;
  if (!column || column === keyColumn) return;
  const index = indexName('ux', def.table, [column]);
  if (indexes.has(index)) return;
  const twice = (await db
    .selectFrom(def.table)
    .select(sql.ref(column).as('no'))
    .where(sql.ref(column), 'is not', null)
    .groupBy(sql.ref(column))
    .having(sql`count(*)`, '>', 1)
    .limit(1)
    .executeTakeFirst()) as { no: unknown } | undefined;
  if (twice) {
    console.warn(`${def.table}.${column}: document number ${String(twice.no)} is stored twice; no unique index until that is resolved`);
    return;
  }
  await db.schema.createIndex(index).ifNotExists().unique().on(def.table).column(column).execute();
  indexes.add(index);
}

/** Creates or extends the tables of `definitions` (see the module header). */
export async function syncEntityTables(db: MigrationDb, definitions: readonly AnyEntity[]): Promise<void> {
  const tables = await existingTables(db);
  const indexes = await existingIndexes(db);
  for (const def of definitions) {
    const present = tables.get(def.table);
    if (!present) {
      await createEntityTable(db, def);
      tables.set(def.table, new Set());
    } else {
      await addMissingColumns(db, def, present);
    }
    await createChildTables(db, def, tables);
    await createIndexes(db, def, indexes);
  }
}
