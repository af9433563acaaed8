/**
 * Table types from the one source (issue 73 item 1): the entity definitions that schema sync turns into tables
 * (./schema-sync.ts) also give each module its Kysely table types, written to `modules/<m>/server/tables.generated.ts`
 * by `npm run gen:table-types` (./gen-table-types.ts) and checked by server/test/table-types.test.ts (a definition
 * changed without regenerating fails `npm test`).
 *
 * Contract of a generated file, module `so` for example:
 * - one type per table its entities declare (the entity's, child, line-child and link tables), a column per
 *   stored field with the type the data layer reads: text, dates and text lookups `string`; an enum the union of
 *   its options' stored values (`'Entered' | 'Committed'`); integers and integer lookups `number`; flags `Flag`;
 *   decimals `StoredDecimal` (db/schema.ts: NUMERIC strings on PostgreSQL, integer units on SQLite — read and written through db/decimal-codec.ts); every column but the key, flags and
 *   the record trail may be null (schema sync makes them nullable; validation enforces `required`);
 * - the columns its `extends` add to a lower module's entity, under that table's name: the owner's file does not
 *   have them, and an intersection of the two (`SoDatabase`) has the table whole;
 * - `SoTables` (its tables, & its hand-written `MigrationTables` — `server/migration-tables.ts`, tables only its
 *   migrations create — when it has that file), and `SoDatabase` = the core `DB` & its tables & those of every
 *   module it requires, directly or through them (the tables it may name, ARCHITECTURE.md "It owns its tables");
 * - `<Entity>Row` = `Selectable<…>` of each entity's own table, the record as a module border passes it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyEntity, FieldDefinition, ScalarField } from '@erp/shared/entities/define';
import { allEntities } from '@erp/shared/entities/index';
import { moduleDir, moduleManifests } from '@erp/modules/manifests';
import { loadServerModules, registerServerModules } from '../modules/index.ts';

/** PascalCase of a snake_case or kebab-case name (`so_order_lines` → `SoOrderLines`). */
export function pascal(name: string): string {
  return name
    .split(/[-_]/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

type Field = (FieldDefinition | ScalarField) & { column?: string };

/** The TypeScript type of a stored scalar field's column, as read. */
function columnType(field: Field): string {
  switch (field.type) {
    case 'integer':
      return 'number';
    case 'decimal':
      return 'StoredDecimal';
    case 'boolean':
      return 'Flag';
    case 'lookup':
      return field.valueType === 'integer' ? 'number' : 'string';
    case 'enum':
      // The stored values of its fixed options (an extension's added options included: registration adds them
      // in place before this runs), so a comparison with a misspelt or retired value fails to compile.
      return field.options.map((option) => `'${option.value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`).join(' | ');
    default:
      return 'string';
  }
}

/** Columns of a table as `name: type` lines, in definition order. */
type Columns = Map<string, string>;

function scalarColumns(fields: Readonly<Record<string, Field>>, skip: string | undefined, into: Columns): void {
  for (const [name, field] of Object.entries(fields)) {
    if (name === skip || field.virtual || field.type === 'children') continue;
    if (field.type === 'set') {
      if (field.storage.kind === 'flags') for (const column of Object.values(field.storage.columns)) into.set(column, 'Flag');
      continue;
    }
    const type = columnType(field);
    into.set(field.column ?? name, type === 'Flag' ? type : `${type} | null`);
  }
}

const TRAIL: readonly [string, string][] = [
  ['created_by', 'string'],
  ['created_on', 'string'],
  ['updated_by', 'string'],
  ['updated_on', 'string'],
  ['version', 'ColumnType<number, number | undefined, number>'],
];

/** The tables of one entity (its own first), with their columns; `only` limits the fields (an extension's). */
function entityTables(def: AnyEntity, only?: ReadonlySet<string>): Map<string, Columns> {
  const tables = new Map<string, Columns>();
  const keyField = def.fields[def.key]! as Field;
  const keyColumn = keyField.column ?? def.key;
  const keyType = keyField.type === 'integer' ? 'number' : 'string';
  const own: Columns = new Map();
  if (!only) {
    own.set(keyColumn, def.keyKind === 'auto' ? 'Generated<number>' : keyType);
  }
  const fields = Object.fromEntries(Object.entries(def.fields).filter(([name]) => !only || only.has(name))) as Record<string, Field>;
  scalarColumns(fields, def.key, own);
  if (!only) for (const [column, type] of TRAIL) own.set(column, type);
  tables.set(def.table, own);
  for (const field of Object.values(fields)) {
    if (field.type === 'children') {
      const lineKey = field.fields[field.key]!.column ?? field.key;
      const lines: Columns = new Map([
        [lineKey, 'Generated<number>'],
        [field.parentColumn, keyType],
      ]);
      scalarColumns(field.fields, field.key, lines);
      tables.set(field.table, lines);
      for (const sub of Object.values(field.lineChildren ?? {})) {
        const subKey = sub.fields[sub.key]!.column ?? sub.key;
        const rows: Columns = new Map([
          [subKey, 'Generated<number>'],
          [sub.parentColumn, 'number'],
        ]);
        scalarColumns(sub.fields, sub.key, rows);
        tables.set(sub.table, rows);
      }
    }
    if (field.type === 'set' && field.storage.kind === 'link') {
      const { table, parentColumn, valueColumn } = field.storage;
      tables.set(
        table,
        new Map([
          [parentColumn, keyType],
          [valueColumn, 'string'],
        ]),
      );
    }
  }
  return tables;
}

function interfaceText(name: string, columns: Columns): string {
  // A table with the whole §3 record trail says so once (db/schema.ts `RecordTrail`) instead of its five columns.
  const trail = TRAIL.every(([column, type]) => columns.get(column) === type);
  const lines = [...columns].filter(([column]) => !trail || !TRAIL.some(([name]) => name === column)).map(([column, type]) => `  ${column}: ${type};`);
  // Type aliases, not interfaces: Kysely's `Record<string, …>` constraints take an alias, not an interface.
  return `export type ${name} = ${trail ? 'RecordTrail & ' : ''}{\n${lines.join('\n')}\n};\n`;
}

const HEADER =
  '// Generated from the entity definitions by `npm run gen:table-types` (server/src/entities/table-types.ts): do not edit.\n' +
  '// A definition changed without regenerating fails server/test/table-types.test.ts.\n';

/** Every module's generated file: path relative to the repository root → its text. */
export async function tableTypeSources(): Promise<Map<string, string>> {
  const modules = await loadServerModules();
  // The owners' fields before the extensions are applied in place (registration does that).
  await registerServerModules();
  const extensionFields = new Map<string, Set<string>>();
  for (const module of modules) {
    for (const extension of module.definitions.extends ?? []) {
      const names = extensionFields.get(extension.entity) ?? new Set<string>();
      for (const name of Object.keys(extension.fields ?? {})) names.add(name);
      extensionFields.set(extension.entity, names);
    }
  }
  const byName = new Map(allEntities().map((entity) => [entity.name, entity]));
  const manifests = new Map(moduleManifests().map((manifest) => [manifest.name, manifest]));
  const required = (name: string, seen = new Set<string>()): Set<string> => {
    for (const next of manifests.get(name)?.requires ?? []) if (!seen.has(next)) required(next, seen.add(next));
    return seen;
  };
  const order = [...manifests.keys()];

  const sources = new Map<string, string>();
  for (const module of modules) {
    const name = module.definitions.name;
    const prefix = pascal(name);
    // A table two of its entities declare (a link table both sides name) is one interface with both's columns.
    const collected = new Map<string, { type: string; columns: Columns }>();
    const rows: string[] = [];
    const add = (tables: Map<string, Columns>, suffix: string) => {
      for (const [table, columns] of tables) {
        const known = collected.get(table);
        if (known) for (const [column, type] of columns) known.columns.set(column, type);
        else collected.set(table, { type: `${pascal(table)}${suffix}`, columns: new Map(columns) });
      }
    };
    for (const entity of module.definitions.entities) {
      // The fields other modules' extensions put on it are theirs (below), not in the owner's table type.
      const extended = extensionFields.get(entity.name) ?? new Set<string>();
      const fields = Object.fromEntries(Object.entries(entity.fields).filter(([field]) => !extended.has(field)));
      const tables = entityTables({ ...entity, fields } as AnyEntity);
      add(tables, 'Table');
      rows.push(`export type ${pascal(entity.name)}Row = Selectable<${pascal(entity.table)}Table>;\n`);
    }
    for (const extension of module.definitions.extends ?? []) {
      const fields = Object.keys(extension.fields ?? {});
      const entity = byName.get(extension.entity);
      if (!entity || fields.length === 0) continue;
      add(entityTables(entity, new Set(fields)), `${prefix}Columns`);
    }
    const lower = order.filter((other) => required(name).has(other));
    const hasMigrationTables = existsSync(join(moduleDir(name), 'server', 'migration-tables.ts'));
    const interfaces = [...collected.values()].map(({ type, columns }) => interfaceText(type, columns));
    const members = [...collected].map(([table, { type }]) => [table, type] as const);
    const body = [...interfaces, ...rows].join('');
    const kysely = ['ColumnType', 'Generated', 'Selectable'].filter((type) => body.includes(`${type}<`));
    kysely.splice(1, 0, 'Kysely');
    kysely.push('Transaction');
    const schema = ['DB', 'Flag', 'RecordTrail', 'StoredDecimal'].filter((type) => type === 'DB' || new RegExp(`\\b${type}\\b`).test(body));
    const imports = [
      `import type { ${kysely.sort().join(', ')} } from 'kysely';`,
      `import type { ${schema.join(', ')} } from '@erp/server/db/schema';`,
      ...lower.map((other) => `import type { ${pascal(other)}Tables } from '@erp/modules/${other}/server/tables.generated';`),
      ...(hasMigrationTables ? ["import type { MigrationTables } from './migration-tables.ts';"] : []),
    ];
    // Its tables: those of its entities, and those only its migrations create (what a module requiring it sees too).
    const own = members.length === 0 ? 'Record<never, never>' : `{\n${members.map(([table, type]) => `  ${table}: ${type};`).join('\n')}\n}`;
    const tablesType = `export type ${prefix}Tables = ${own}${hasMigrationTables ? ' & MigrationTables' : ''};\n`;
    const database = ['DB', `${prefix}Tables`, ...lower.map((other) => `${pascal(other)}Tables`)];
    const text = [
      HEADER,
      imports.join('\n') + '\n',
      ...interfaces,
      tablesType,
      `/** What module ${name}'s queries may name: the core's tables, its own and those of the modules it requires. */\nexport type ${prefix}Database = ${database.join(' & ')};\n`,
      `/**\n * Module ${name}'s typed view of the one database, transaction or seed connection the engine hands it: the same\n * object (every module's tables are in the one database; the type says which this module may name).\n */\n` +
        `export function ${name}Db<D>(db: Transaction<D>): Transaction<${prefix}Database>;\n` +
        `export function ${name}Db<D>(db: Kysely<D>): Kysely<${prefix}Database>;\n` +
        `export function ${name}Db<D>(db: Kysely<D>): Kysely<${prefix}Database> {\n  return db as unknown as Kysely<${prefix}Database>;\n}\n`,
      ...rows,
    ].join('\n');
    sources.set(`modules/${name}/server/tables.generated.ts`, text);
  }
  return sources;
}
