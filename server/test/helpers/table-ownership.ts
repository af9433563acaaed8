/**
 * Table ownership (issue 73 item 3): which module owns each table, which tables a module's code names, and the
 * names that cross a module border the manifests do not allow. Used by server/test/table-ownership.test.ts.
 *
 * - A table's owner is the module that declares it: an entity of its definitions (the entity's table, its child
 *   and line-child tables, its link sets' tables — also those of the fields it adds to another module's entity),
 *   or a `createTable('x')` / raw `create table x` in its code (a helper wrapping `createTable(name)` counts for
 *   the names it is called with). A table the server core (server/src) creates is the core's: every module may
 *   use it.
 * - A mention is a table name in a Kysely call (`selectFrom`, `insertInto`, `updateTable`, `deleteFrom`,
 *   `mergeInto`, the joins, `using`, `from`, `createTable`, `alterTable`, `dropTable`, a `createIndex(…).on('x')`,
 *   `references('x.column')`, `sql.table('x')`) or after `from` / `join` / `into` / `update` / `table` /
 *   `references` in a raw `sql` template or `sql.raw` text. Only literal names are seen: a table named by a
 *   variable is the entity engine's (it reads the table from the definition, whoever owns it).
 * - A module may name its own tables, the core's, and those of the modules it requires, directly or through
 *   them (module.json `requires`): reads too, since a read is a dependency as much as a write.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parseSync } from 'vite';
import { moduleManifests } from '@erp/modules/manifests';
import type { ServerModule } from '../../src/modules/index.ts';

/** How a mention uses its table. */
export type TableUse = 'read' | 'write' | 'schema';

export interface TableMention {
  table: string;
  use: TableUse;
  /** 1-based line in the file. */
  line: number;
}

/** What a file declares and names. */
export interface FileTables {
  /** Tables it creates (`createTable`, raw `create table`, a helper wrapping `createTable`). */
  creates: { table: string; line: number }[];
  /** Every table name it uses, creations included. */
  mentions: TableMention[];
}

const WRITES = new Set(['insertInto', 'replaceInto', 'updateTable', 'deleteFrom', 'mergeInto']);
const READS = new Set(['selectFrom', 'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin', 'crossJoin', 'innerJoinLateral', 'leftJoinLateral', 'using', 'from']);
const SCHEMA = new Set(['createTable', 'alterTable', 'dropTable']);
/** In raw SQL: the keyword before a table name, and what it does to it. */
const RAW_TABLE = /\b(delete\s+from|insert\s+into|from|join|into|update|table(?:\s+if\s+(?:not\s+)?exists)?|references)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/** An ESTree node as the parser gives it (only what is read here). */
interface Node {
  type: string;
  start: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** Every node under `node`, depth first. */
function* walk(node: unknown): Generator<Node> {
  if (Array.isArray(node)) {
    for (const item of node) yield* walk(item);
    return;
  }
  if (!isNode(node)) return;
  yield node;
  for (const [key, value] of Object.entries(node)) if (key !== 'type' && typeof value === 'object' && value !== null) yield* walk(value);
}

/** A string literal's value (a plain string or a template with no `${}`), else undefined. */
function literal(node: unknown): string | undefined {
  if (!isNode(node)) return undefined;
  if (node.type === 'Literal' && typeof node['value'] === 'string') return node['value'];
  if (node.type === 'TemplateLiteral' && (node['expressions'] as unknown[]).length === 0) return templateText(node);
  return undefined;
}

/** A template literal's text, its `${}` parts as a space. */
function templateText(node: Node): string {
  return (node['quasis'] as Node[]).map((quasi) => (quasi['value'] as { cooked: string | null; raw: string }).cooked ?? (quasi['value'] as { raw: string }).raw).join(' ');
}

/** The table of a Kysely name argument: `'portal_orders as o'` → portal_orders; `'gl.gl_entries'` is not a plain table. */
function tableOf(name: string): string | undefined {
  const table = /^\s*([A-Za-z_][A-Za-z0-9_]*)(?:\s+as\s+\w+)?\s*$/i.exec(name)?.[1];
  return table;
}

/** The method name of a call `x.name(…)`, else undefined. */
function methodOf(call: Node): string | undefined {
  const callee = call['callee'] as Node;
  if (callee.type !== 'MemberExpression' || callee['computed']) return undefined;
  const property = callee['property'] as Node;
  return property.type === 'Identifier' ? (property['name'] as string) : undefined;
}

/** Whether a call chain `….createIndex(…)….on('x')` started with `createIndex`. */
function onCreateIndex(call: Node): boolean {
  let node: Node | undefined = (call['callee'] as Node)['object'] as Node;
  while (node) {
    if (node.type === 'CallExpression') {
      if (methodOf(node) === 'createIndex') return true;
      node = node['callee'] as Node;
    } else if (node.type === 'MemberExpression') node = node['object'] as Node;
    else if (node.type === 'AwaitExpression' || node.type === 'ParenthesizedExpression') node = node['argument'] as Node;
    else return false;
  }
  return false;
}

/** The names of functions in the file whose first parameter is passed to `createTable` (`const serial = (table) => db.schema.createTable(table)…`). */
function createTableHelpers(program: Node): Set<string> {
  const helpers = new Set<string>();
  for (const node of walk(program)) {
    let name: string | undefined;
    let fn: Node | undefined;
    if (node.type === 'VariableDeclarator' && isNode(node['init']) && /FunctionExpression$/.test(node['init'].type) && (node['id'] as Node).type === 'Identifier') {
      name = (node['id'] as Node)['name'] as string;
      fn = node['init'];
    } else if (node.type === 'FunctionDeclaration' && isNode(node['id'])) {
      name = node['id']['name'] as string;
      fn = node;
    }
    const first = fn ? ((fn['params'] as Node[])[0] as Node | undefined) : undefined;
    if (!name || !fn || first?.type !== 'Identifier') continue;
    for (const inner of walk(fn['body'])) {
      if (inner.type !== 'CallExpression' || methodOf(inner) !== 'createTable') continue;
      const argument = (inner['arguments'] as Node[])[0];
      if (argument?.type === 'Identifier' && argument['name'] === first['name']) helpers.add(name);
    }
  }
  return helpers;
}

/** The tables a source file creates and names (see the module header). `file` only tells the parser the language. */
export function tablesOfSource(file: string, source: string): FileTables {
  const { program, errors } = parseSync(file, source, { sourceType: 'module' });
  if (errors.length) throw new Error(`${file}: ${errors[0]!.message}`);
  const lineStarts = [0];
  for (let at = source.indexOf('\n'); at >= 0; at = source.indexOf('\n', at + 1)) lineStarts.push(at + 1);
  const lineOf = (offset: number) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
  const result: FileTables = { creates: [], mentions: [] };
  /** The mentions with their offsets: a chain's outer call is met first, and they are given in the source's order. */
  const found: (TableMention & { at: number })[] = [];
  const mention = (table: string | undefined, use: TableUse, at: number) => {
    if (table) found.push({ table, use, line: lineOf(at), at });
  };
  const create = (table: string | undefined, at: number) => {
    if (table) result.creates.push({ table, line: lineOf(at) });
  };
  const rawSql = (text: string, at: number) => {
    for (const match of text.matchAll(RAW_TABLE)) {
      const keyword = match[1]!.toLowerCase().replace(/\s+/g, ' ');
      const table = match[2]!;
      const use: TableUse = /^(delete|insert|into|update)/.test(keyword) ? 'write' : keyword.startsWith('table') ? 'schema' : 'read';
      // The keyword's own line: a raw statement spans lines.
      const line = lineOf(at) + text.slice(0, match.index).split('\n').length - 1;
      found.push({ table, use, line, at: at + match.index });
      if (keyword.startsWith('table') && /create\s+$/i.test(text.slice(0, match.index))) result.creates.push({ table, line });
    }
  };
  const helpers = createTableHelpers(program as unknown as Node);

  for (const node of walk(program)) {
    if (node.type === 'TaggedTemplateExpression') {
      const tag = node['tag'] as Node;
      if (tag.type === 'Identifier' && tag['name'] === 'sql') rawSql(templateText(node['quasi'] as Node), (node['quasi'] as Node).start);
      continue;
    }
    if (node.type !== 'CallExpression') continue;
    const args = node['arguments'] as Node[];
    const callee = node['callee'] as Node;
    if (callee.type === 'Identifier' && helpers.has(callee['name'] as string)) {
      const table = tableOf(literal(args[0]) ?? '');
      create(table, (args[0] ?? node).start);
      mention(table, 'schema', (args[0] ?? node).start);
      continue;
    }
    const method = methodOf(node);
    if (!method) continue;
    const object = callee['object'] as Node;
    const onSql = object.type === 'Identifier' && object['name'] === 'sql';
    if (onSql && method === 'raw') {
      const text = literal(args[0]) ?? (args[0]?.type === 'TemplateLiteral' ? templateText(args[0]) : undefined);
      if (text !== undefined) rawSql(text, (args[0] ?? node).start);
      continue;
    }
    if (onSql && method === 'table') {
      mention(tableOf(literal(args[0]) ?? ''), 'read', (args[0] ?? node).start);
      continue;
    }
    if (method === 'references') {
      const target = literal(args[0]);
      if (target?.includes('.')) mention(tableOf(target.split('.')[0]!), 'read', (args[0] ?? node).start);
      continue;
    }
    if (method === 'on' && args.length === 1 && onCreateIndex(node)) {
      mention(tableOf(literal(args[0]) ?? ''), 'schema', (args[0] ?? node).start);
      continue;
    }
    const use: TableUse | undefined = WRITES.has(method) ? 'write' : READS.has(method) ? 'read' : SCHEMA.has(method) ? 'schema' : undefined;
    if (!use || args.length === 0) continue;
    const names = args[0]!.type === 'ArrayExpression' ? (args[0]!['elements'] as unknown[]).filter(isNode) : [args[0]!];
    for (const name of names) {
      const table = tableOf(literal(name) ?? '');
      mention(table, use, name.start);
      if (method === 'createTable') create(table, name.start);
    }
  }
  result.mentions = found.sort((a, b) => a.at - b.at).map(({ table, use, line }) => ({ table, use, line }));
  return result;
}

/** A module's name and the modules it requires (its manifest). */
export interface ModuleRequires {
  name: string;
  requires: readonly string[];
}

/** The owner of the server core's tables: every module may use them. */
export const CORE = 'core';

/** A file's mentions, with the module whose code it is. */
export interface ModuleFile {
  module: string;
  /** Path from the repository root. */
  file: string;
  mentions: readonly TableMention[];
}

export interface OwnershipViolation {
  module: string;
  table: string;
  owner: string;
  use: TableUse;
  file: string;
  line: number;
}

/** `so → portal_orders (portal) at modules/so/documents/sales-order/server/fulfilment.ts:120` */
export function describeViolation(violation: OwnershipViolation): string {
  return `${violation.module} → ${violation.table} (${violation.owner}) at ${violation.file}:${violation.line}`;
}

/** Every module and those it requires, directly or through them. */
export function requiredClosure(modules: readonly ModuleRequires[]): Map<string, Set<string>> {
  const direct = new Map(modules.map((module) => [module.name, module.requires]));
  const closure = new Map<string, Set<string>>();
  const of = (name: string): Set<string> => {
    const known = closure.get(name);
    if (known) return known;
    const all = new Set<string>();
    closure.set(name, all);
    for (const next of direct.get(name) ?? []) {
      all.add(next);
      for (const deeper of of(next)) all.add(deeper);
    }
    return all;
  };
  for (const module of modules) of(module.name);
  return closure;
}

/**
 * The mentions of tables owned by a module the mentioning module does not require. A name no module owns (a
 * common table expression, an alias) is not a violation; the same table and line named twice is reported once.
 */
export function ownershipViolations(modules: readonly ModuleRequires[], owners: ReadonlyMap<string, string>, files: readonly ModuleFile[]): OwnershipViolation[] {
  const required = requiredClosure(modules);
  const found = new Map<string, OwnershipViolation>();
  for (const { module, file, mentions } of files) {
    const allowed = required.get(module) ?? new Set<string>();
    for (const { table, use, line } of mentions) {
      const owner = owners.get(table);
      if (!owner || owner === module || owner === CORE || allowed.has(owner)) continue;
      const key = `${file}:${line}:${table}`;
      if (!found.has(key)) found.set(key, { module, table, owner, use, file, line });
    }
  }
  return [...found.values()];
}

/** The tables an entity definition declares: its own, its child and line-child tables, its link sets' tables. */
export function entityTables(entity: { table?: string; fields?: Readonly<Record<string, unknown>> }): string[] {
  const tables = entity.table ? [entity.table] : [];
  for (const field of Object.values(entity.fields ?? {}) as { type?: string; table?: string; storage?: { kind: string; table?: string }; lineChildren?: Record<string, { table: string }> }[]) {
    if (field.type === 'children' && field.table) {
      tables.push(field.table);
      for (const child of Object.values(field.lineChildren ?? {})) tables.push(child.table);
    }
    if (field.type === 'set' && field.storage?.kind === 'link' && field.storage.table) tables.push(field.storage.table);
  }
  return tables;
}

/** The repository's modules, the owner of each table, each module's files' mentions, and the tables claimed twice. */
export interface RepositoryTables {
  modules: ModuleRequires[];
  owners: Map<string, string>;
  files: ModuleFile[];
  /** A module declaring a table another module (or the core) declared first: a violation of its own. */
  claimedTwice: OwnershipViolation[];
}

/** Every `.ts` / `.tsx` file under `dir` except tests, as paths from `root`. */
function sourceFiles(root: string, dir: string): string[] {
  const at = join(root, dir);
  if (!existsSync(at)) return [];
  return readdirSync(at, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** The core and the shell module are the ground floor every module stands on: the shell's entities declare tables the core's first migrations create. */
const groundFloor = (owner: string) => owner === CORE || owner === 'shell';

/**
 * Reads the repository: each module's manifest, the sources of its `server/`, `definitions/` and `documents/` and of the core
 * (`server/src`), and its entity definitions (loaded, as the server registers them: an extension's tables are the
 * extending module's). A table's first claim owns it, in this order: the core's and the modules' creations (the
 * migrations), then the tables of the entity definitions — so an entity on another module's table is a claim too many.
 */
export async function repositoryTables(root: string, modules: readonly ServerModule[]): Promise<RepositoryTables> {
  const manifests = moduleManifests();
  const owners = new Map<string, string>();
  const claimedTwice: OwnershipViolation[] = [];
  const claim = (table: string, owner: string, file: string, line: number) => {
    const known = owners.get(table);
    if (known === undefined) owners.set(table, owner);
    else if (known !== owner && !(groundFloor(known) && groundFloor(owner))) claimedTwice.push({ module: owner, table, owner: known, use: 'schema', file, line });
  };
  for (const file of sourceFiles(root, 'server/src')) for (const { table, line } of tablesOfSource(file, readFileSync(join(root, file), 'utf8')).creates) claim(table, CORE, file, line);
  const files: ModuleFile[] = [];
  const sources = new Map<string, string>();
  for (const manifest of manifests) {
    // A rule-heavy document's definition and server code sit together in documents/<doc>/ (issue 73 item 5).
    for (const file of ['server', 'definitions', 'documents'].flatMap((folder) => sourceFiles(root, `modules/${manifest.name}/${folder}`))) {
      const source = readFileSync(join(root, file), 'utf8');
      sources.set(file, source);
      const { creates, mentions } = tablesOfSource(file, source);
      for (const { table, line } of creates) claim(table, manifest.name, file, line);
      files.push({ module: manifest.name, file, mentions });
    }
  }
  /** Where a module's definitions name `table` (the first line quoting it), for the message. */
  const declaredAt = (module: string, table: string): { file: string; line: number } => {
    for (const [file, source] of sources) {
      // Its definitions: definitions/, and a document folder's files outside its server/.
      const definition = file.startsWith(`modules/${module}/definitions/`) || (file.startsWith(`modules/${module}/documents/`) && !/^modules\/[^/]+\/documents\/[^/]+\/server\//.test(file));
      if (!definition) continue;
      const declared = source.search(new RegExp(`table:\\s*['"\`]${table}['"\`]`));
      const at = declared >= 0 ? declared : source.search(new RegExp(`['"\`]${table}['"\`]`));
      if (at >= 0) return { file, line: source.slice(0, at).split('\n').length };
    }
    return { file: `modules/${module}/definitions`, line: 0 };
  };
  const declare = (table: string, module: string) => {
    const { file, line } = declaredAt(module, table);
    claim(table, module, file, line);
  };
  // An extension's fields are put into the extended entity by the registry: its tables are the extender's.
  const extended = new Set<string>();
  for (const module of modules) {
    for (const extension of module.definitions.extends ?? []) {
      for (const table of entityTables({ fields: extension.fields })) {
        declare(table, module.definitions.name);
        extended.add(table);
      }
    }
  }
  for (const module of modules) {
    for (const entity of module.definitions.entities) for (const table of entityTables(entity)) if (!extended.has(table)) declare(table, module.definitions.name);
  }
  return { modules: manifests.map(({ name, requires }) => ({ name, requires })), owners, files, claimedTwice };
}
