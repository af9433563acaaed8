/**
 * §6 form widgets security on report columns (issue 68 item 1: a field the caller may not see never decides what
 * they find — nor shows in a report's grid, PDF or .xlsx, nor orders its rows, nor shows in a process preview).
 *
 * A report's query names its own output columns; which entity field each one shows is read from the query itself:
 * `withFieldRights(ctx, report)` walks the operation tree of `rows(ctx)` (and of `joinLate`'s late columns) — tables
 * and their aliases in FROM and JOINs, subqueries, unions, `t.column as Field` selections — to the stored column each
 * output column copies, finds the definitions stored in that table (a line table: its document's collection) and
 * masks the output columns whose field is hidden from the caller in any of them (the rules read now: no cache). A
 * computed column (an expression, a sum, a raw `sql` fragment, a scalar subquery) is traced to every stored column
 * it reads, and masked when any of them is hidden. Masked columns (engine.ts `maskReportColumns`) answer null,
 * are not shown in the files, have no totals, and a running balance over one is masked too; the module's own
 * figures (`aggregate`) are then left out so no sum of a masked column comes from them. A masked column leaves the
 * sort (`defaultSort`): the rows follow the definition's other keys (and the module's cheaper `window`, which holds
 * the first rows in the definition's order only, is not used) — the order of the rows would tell the hidden values.
 * The group field stays the first key when masked (the groups are the report's shape; their values are masked).
 *
 * Contract: `withFieldRights(ctx, report)` → the report unchanged when nothing is masked for the caller, else a
 * copy with a masked definition. `hiddenColumns(ctx, query, columns)` → the output columns of any query (a process
 * preview's, processes/routes.ts) showing a field hidden from the caller.
 */
import type { OperationNode } from 'kysely';
import type { AnyEntity } from '@erp/shared/entities/define';
import { allEntities } from '@erp/shared/entities/index';
import { readAll } from '../db/read.ts';
import { cachedRulesOf } from '../auth/access-cache.ts';
import { accessFromRules, type FieldRule } from '../entities/access.ts';
import { lateRows, maskReportColumns, type AnySchemaSelect, type ReportContext, type ServerReport } from './engine.ts';

/** A stored column an output column copies. */
interface Source {
  table: string;
  column: string;
}

type Sources = Map<string, Source[]>;

// Kysely's operation nodes, as far as they are read here.
type Node = OperationNode & Record<string, unknown>;

const nameOf = (node: unknown): string | null => {
  const n = node as Node | undefined;
  if (!n) return null;
  if (n.kind === 'IdentifierNode') return String(n['name']);
  if (n.kind === 'TableNode') return nameOf((n['table'] as Node)['identifier']);
  if (n.kind === 'ColumnNode') return nameOf(n['column']);
  return null;
};

function merge(into: Sources, from: Sources): void {
  for (const [name, sources] of from) into.set(name, [...(into.get(name) ?? []), ...sources]);
}

/** Each output column of a select (or union) → the stored columns it copies. */
function trace(node: Node): Sources {
  const out: Sources = new Map();
  if (node.kind !== 'SelectQueryNode') return out;
  // FROM and JOINs: alias → a table, or a subquery's own outputs.
  const tables = new Map<string, string | Sources>();
  const scan = (item: Node) => {
    if (item.kind === 'AliasNode') {
      const inner = item['node'] as Node;
      const alias = nameOf(item['alias']);
      if (!alias) return;
      if (inner.kind === 'TableNode') tables.set(alias, nameOf(inner)!);
      else if (inner.kind === 'SelectQueryNode') tables.set(alias, trace(inner));
    } else if (item.kind === 'TableNode') {
      const table = nameOf(item)!;
      tables.set(table, table);
    }
  };
  for (const item of ((node['from'] as Node | undefined)?.['froms'] as Node[] | undefined) ?? []) scan(item);
  for (const join of (node['joins'] as Node[] | undefined) ?? []) scan(join['table'] as Node);
  const resolve = (table: string | null, column: string): Source[] => {
    const found = table ? tables.get(table) : tables.size === 1 ? [...tables.values()][0] : undefined;
    if (found === undefined) return [];
    return typeof found === 'string' ? [{ table: found, column }] : (found.get(column) ?? []);
  };
  for (const selection of (node['selections'] as Node[] | undefined) ?? []) {
    const item = selection['selection'] as Node;
    if (item.kind === 'SelectAllNode') {
      for (const found of tables.values()) if (typeof found !== 'string') merge(out, found);
      continue;
    }
    const aliased = item.kind === 'AliasNode';
    const reference = (aliased ? item['node'] : item) as Node;
    if (reference.kind !== 'ReferenceNode') {
      // A computed column: every stored column the expression reads (a nested select by its own outputs).
      const name = aliased ? nameOf(item['alias']) : null;
      if (name) merge(out, new Map([[name, readsOf(reference, resolve)]]));
      continue;
    }
    const columnNode = reference['column'] as Node;
    const table = reference['table'] ? nameOf(reference['table']) : null;
    if (columnNode.kind === 'SelectAllNode') {
      const found = table ? tables.get(table) : undefined;
      if (found !== undefined && typeof found !== 'string') merge(out, found);
      continue;
    }
    const column = nameOf(columnNode);
    if (!column) continue;
    const name = aliased ? nameOf(item['alias']) : column;
    if (name) merge(out, new Map([[name, resolve(table, column)]]));
  }
  for (const operation of (node['setOperations'] as Node[] | undefined) ?? []) merge(out, trace(operation['expression'] as Node));
  return out;
}

/** Every stored column an expression reads: its references (resolved in the enclosing select), and nested selects' outputs. */
function readsOf(node: unknown, resolve: (table: string | null, column: string) => Source[]): Source[] {
  const found: Source[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const n = value as Node;
    if (n.kind === 'SelectQueryNode') {
      for (const sources of trace(n).values()) found.push(...sources);
      return;
    }
    if (n.kind === 'ReferenceNode') {
      const column = nameOf(n['column']);
      if (column) found.push(...resolve(n['table'] ? nameOf(n['table']) : null, column));
      return;
    }
    for (const child of Object.values(n)) walk(child);
  };
  walk(node);
  return found;
}

/** Stored table → the definitions (and their field) a column of it belongs to: own columns, and lines' tables. */
function fieldsByColumn(): Map<string, { def: AnyEntity; field: (column: string) => string | null }[]> {
  const byTable = new Map<string, { def: AnyEntity; field: (column: string) => string | null }[]>();
  const add = (table: string, def: AnyEntity, field: (column: string) => string | null) => byTable.set(table, [...(byTable.get(table) ?? []), { def, field }]);
  for (const def of allEntities()) {
    const own = new Map<string, string>();
    for (const [name, field] of Object.entries(def.fields)) {
      if (field.type === 'children') add(field.table, def, () => name);
      else if (field.type !== 'set' && 'column' in field && field.column) own.set(field.column, name);
    }
    add(def.table, def, (column) => own.get(column) ?? null);
  }
  return byTable;
}

/**
 * The output columns of `query` (and of `late`, columns joined to its rows) among `columns` that show a field hidden
 * from the caller, by the rules in force now (module header).
 */
export async function hiddenColumns(ctx: Pick<ReportContext, 'database' | 'user'>, query: AnySchemaSelect, columns: readonly { field: string }[], late?: AnySchemaSelect): Promise<Set<string>> {
  const sources = trace(query.toOperationNode() as Node);
  if (late) merge(sources, trace(late.toOperationNode() as Node));
  const byTable = fieldsByColumn();
  // Each column's candidate (definition, field) pairs; then the caller's rules of those definitions in one read.
  const wanted: { column: string; def: AnyEntity; field: string }[] = [];
  for (const column of columns) {
    for (const source of sources.get(column.field) ?? []) {
      for (const { def, field } of byTable.get(source.table) ?? []) {
        const name = field(source.column);
        if (name) wanted.push({ column: column.field, def, field: name });
      }
    }
  }
  const defs = new Map(wanted.map(({ def }) => [def.name, def]));
  const rules =
    defs.size === 0 || ctx.user.roles.length === 0
      ? []
      : await cachedRulesOf(ctx.database.db, [...defs.keys()], ctx.user.roles, async (missing) =>
          (await readAll(
            ctx.database,
            ctx.database.db.selectFrom('form_widget_security').select(['entity', 'role_id', 'field_name', 'access']).where('entity', 'in', missing).where('role_id', 'in', ctx.user.roles),
          )) as (FieldRule & { entity: string })[],
        );
  const hidden = new Map([...defs].map(([name, def]) => [name, accessFromRules(def, ctx.user, rules.filter((rule) => rule.entity === name)).hidden]));
  return new Set(wanted.filter(({ def, field }) => hidden.get(def.name)!.has(field)).map(({ column }) => column));
}

export async function withFieldRights(ctx: ReportContext, report: ServerReport): Promise<ServerReport> {
  const late = report.joinLate ? report.joinLate(ctx, lateRows(report.rows(ctx))) : undefined;
  const masked = await hiddenColumns(ctx, report.rows(ctx), report.def.columns, late);
  if (masked.size === 0) return report;
  const { aggregate: _aggregate, window, ...rest } = report;
  const group = report.def.group?.field;
  const defaultSort = report.def.defaultSort.filter((sort) => sort.field === group || !masked.has(sort.field));
  const sorted = defaultSort.length === report.def.defaultSort.length;
  return { ...rest, ...(sorted && window ? { window } : {}), def: { ...maskReportColumns(report.def, masked), defaultSort } };
}
