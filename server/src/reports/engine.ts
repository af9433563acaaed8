/**
 * The report engine (issue 12 "Reports as data"): runs a report definition (`@erp/shared/reports/define`)
 * against the query its module registered, the same way for the paged grid, the .xlsx and the PDF.
 *
 * A module registers a `ServerReport`: its definition plus `rows(ctx)`, a Kysely select (joins, filters and
 * aggregates in SQL) whose output columns are named like the definition's columns and hold stored values
 * (decimals as the database keeps them: NUMERIC on PostgreSQL, scaled integers on SQLite). The engine wraps
 * it as a subquery (`r`) and adds, in SQL:
 * - the order (`defaultSort` + the query's own unique tie-breaker, the last sort field) and the page (§9: 250);
 *   a module may give a cheaper query for the page (`window`: each part of a union read in order from an
 *   index with a LIMIT), which the engine sorts and pages the same way;
 * - COUNT and the totals (SUM of each `total` column over every row, not only the page's);
 * - the subtotals of the groups on the page (SUM … GROUP BY the group field);
 * - for a running balance: the SUM of the column over the page's first group before the page.
 * Every decimal read goes through the codec (`decimalFromDb`); openings, closings and running balances
 * are added exactly in TypeScript (`@erp/shared/decimal`), never in SQL and never with JS numbers.
 *
 * `streamRows()` reads every row in batches (for the files) and keeps only one batch in memory.
 */
import { add, sub, type Decimal } from '@erp/shared/decimal';
import type { ReportColumn, ReportDefinition, ReportParameterError, ReportParameterValues, ReportRecords } from '@erp/shared/reports/define';
import { sql, type AliasedSelectQueryBuilder, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { AuthenticatedUser } from '../auth/user.ts';
import type { Database } from '../db/connection.ts';
import { decimalFromDb, type Connection } from '../db/decimal-codec.ts';
import { dynamicDb, dynamicSelect, type AnySchemaSelect, type DynamicSelect } from '../db/dynamic-db.ts';
import type { DB } from '../db/schema.ts';
import { readAll } from '../db/read.ts';
import type { ReportGroupSummary, ReportRow } from '@erp/shared/reports/wire';
import { isRestricted, restrictRows } from '../entities/customers.ts';

/**
 * What a report's (or a process's) query is: a select on any schema's view (db/dynamic-db.ts) — a module builds
 * it on its typed view `<m>Db(ctx.db)` — which the engine reads once through `dynamicSelect` and then wraps,
 * sorts, pages and counts on the dynamic view.
 */
export type { AnySchemaSelect, DynamicSelect };

/**
 * The narrow rows a report's `joinLate` joins its late columns to: the page's rows as the subquery `r`, their
 * columns unknown — `<m>Db(ctx.db).selectFrom(rows).innerJoin('ar_items as i', 'i.item_id', 'r.ItemId')…`.
 */
export type LateRows = AliasedSelectQueryBuilder<Record<string, unknown>, 'r'>;

/**
 * `rows` narrowed by `condition` (its own tables' columns named with `sql.ref`): a report built on another's rows
 * (Receivables' view of the ledger's journal report) keeps only some of them.
 */
export function narrowedRows(rows: AnySchemaSelect, condition: Expression<SqlBool>): AnySchemaSelect {
  return dynamicSelect(rows).where(condition);
}

/** The rows `joinLate` receives: `rows` as the subquery `r`. */
export function lateRows(rows: AnySchemaSelect): LateRows {
  return dynamicSelect(rows).as('r');
}

export interface ReportContext {
  database: Pick<Database, 'db' | 'engine' | 'reader'>;
  /** The core's typed view of the database the report reads; a module reads its own tables through `<m>Db(ctx.db)`. */
  db: Kysely<DB>;
  params: ReportParameterValues;
  user: AuthenticatedUser;
  /** What `prepare` found for `rows` (e.g. the fiscal periods a date range falls in). */
  state: Record<string, unknown>;
}

export interface ServerReport {
  def: ReportDefinition;
  /**
   * Runs once per call, after the parameters passed their rules: checks that need the database (e.g. a
   * looked-up account exists; [] when all is well) and reads what `rows` needs into `ctx.state`.
   */
  prepare?(ctx: ReportContext): Promise<ReportParameterError[]>;
  /** The rows, one output column per definition column (stored values). */
  rows(ctx: ReportContext): AnySchemaSelect;
  /**
   * A cheaper query for a page: it must hold the first `count` rows of `rows(ctx)` in the definition's
   * order (and may hold others); the engine sorts and pages it exactly as it would `rows`. For reports whose
   * first pages can be read in order from indexes (each part LIMITed) instead of sorting every row.
   */
  window?(ctx: ReportContext, count: number): AnySchemaSelect;
  /** Opening balance per group key (groups with `opening`), as exact decimals. */
  openings?(ctx: ReportContext, keys: readonly string[]): Promise<Map<string, Decimal>>;
  /**
   * Row count and `total` column sums per group (key '' when ungrouped), when the module can answer them
   * cheaper than a scan of every row (the ledger: from the period balances); else the engine scans.
   */
  aggregate?(ctx: ReportContext): Promise<GroupFigures[]>;
  /**
   * A report whose rows cost one expensive pass (the aged trial balances: every movement grouped per firm): the
   * page carries the count, the totals and its groups' subtotals (`count(*) over ()`, `sum(…) over (…)`: window
   * functions over every row, before the LIMIT), so that pass is paid once, not once for the figures and again for
   * the page. A page past the end has no row to carry them: the figures are then read as without it (`aggregate`
   * or a scan).
   */
  figuresWithPage?: boolean;
  /**
   * Columns read for the rows shown only: `rows` then answers the narrow rows — every field the sort, the group,
   * the totals and the filters need — and this selects, from them (alias `r`, `selectAll('r')` kept), the rest of
   * the definition's columns by key (names, addresses, document numbers). The engine applies it after a page's
   * LIMIT, so the sorts and the window functions over every row carry narrow rows and the joins touch only the
   * page's rows (the A/R statement over 500,000 items: the customers' names and addresses joined for 250 rows, not
   * 80,000). The module selects from `rows` on its typed view and joins its own tables (`LateRows`).
   */
  joinLate?(ctx: ReportContext, rows: LateRows): AnySchemaSelect;
}

export interface GroupFigures {
  key: string;
  count: number;
  sums: Record<string, Decimal | number>;
}

const registry = new Map<string, ServerReport>();

/**
 * Adds reports to the registry (idempotent: tests build many apps in one process). §6 (issue 68 item 2): a report
 * whose definition declares the entity its rows are records of (`records`) reads, for a user restricted to assigned
 * customers, only the rows of records they may see — its rows narrowed, its cheaper `window` and `aggregate` left
 * aside for them (they would count the others), so the grid, its totals, the PDF and the .xlsx agree.
 */
export function registerReports(reports: readonly ServerReport[]): void {
  for (const report of reports) registry.set(report.def.name, withRecordRights(report));
}

function withRecordRights(report: ServerReport): ServerReport {
  const records = report.def.records;
  if (!records) return report;
  const restricted = (ctx: ReportContext) => isRestricted(ctx.user);
  const rows = (ctx: ReportContext) => restrictedRows(ctx, records, report.rows(ctx));
  const out: ServerReport = { ...report, rows };
  if (report.window) out.window = (ctx, count) => (restricted(ctx) ? rows(ctx) : report.window!(ctx, count));
  if (report.aggregate) out.aggregate = async (ctx) => (restricted(ctx) ? scanFigures(ctx, out) : report.aggregate!(ctx));
  return out;
}

/**
 * `rows` narrowed, for a user restricted to assigned customers, to the rows of records of `records.entity` they may
 * see (entities/customers.ts `restrictRows`); unrestricted: `rows`. A process's preview goes through it too.
 */
export function restrictedRows(ctx: Pick<ReportContext, 'db' | 'user'>, records: ReportRecords, rows: AnySchemaSelect): AnySchemaSelect {
  return restrictRows(ctx.db, ctx.user, records, dynamicSelect(rows));
}

export function registeredReport(name: string): ServerReport | undefined {
  return registry.get(name);
}

export function registeredReports(): ServerReport[] {
  return [...registry.values()];
}

export type { ReportGroupSummary, ReportRow };

/**
 * The query narrowed by the report's optional parameters: each one given (a non-empty text) must equal its column —
 * `whereGiven(ctx, query, { SiteId: 'r.site_id', Status: 'r.status' })`; one left blank selects everything.
 */
export function whereGiven<D, T extends keyof D, O>(ctx: ReportContext, query: SelectQueryBuilder<D, T, O>, columns: Readonly<Record<string, string>>): SelectQueryBuilder<D, T, O> {
  let narrowed = query;
  for (const [name, column] of Object.entries(columns)) {
    const value = ctx.params[name];
    if (typeof value === 'string' && value !== '') narrowed = narrowed.where(sql<SqlBool>`${sql.ref(column)} = ${value}`);
  }
  return narrowed;
}

export interface ReportPage {
  TotalCount: number;
  List: ReportRow[];
  Groups: ReportGroupSummary[];
  Totals: Record<string, Decimal | number>;
}

function zero(scale: number): Decimal {
  return scale > 0 ? `0.${'0'.repeat(scale)}` : '0';
}

/** Columns masked for one call (field-rights.ts: a field hidden from the caller): null, not shown, no total. */
const maskedColumns = new WeakSet<ReportColumn>();

/**
 * A copy of `def` whose columns `fields` — and the running balances over one of them — are masked: they answer
 * null, are hidden in the files and have no totals (§6 form widgets security, issue 68 item 1).
 */
export function maskReportColumns(def: ReportDefinition, fields: ReadonlySet<string>): ReportDefinition {
  const columns = def.columns.map((column) => {
    if (!fields.has(column.field) && !(column.running && fields.has(column.running.of))) return column;
    const copy: ReportColumn = { ...column, hidden: true };
    maskedColumns.add(copy);
    return copy;
  });
  return { ...def, columns };
}

/** A stored value as the wire carries it (decimals exact strings at their scale). */
function decodeValue(db: Connection, column: ReportColumn, raw: unknown): string | number | null {
  if (maskedColumns.has(column)) return null;
  if (raw === null || raw === undefined) return column.type === 'decimal' ? zero(column.scale ?? 2) : null;
  switch (column.type) {
    case 'decimal':
      return decimalFromDb(db, raw, column.scale ?? 2);
    case 'integer':
      return Number(raw);
    case 'date':
      return raw instanceof Date ? raw.toISOString().slice(0, 10) : String(raw).slice(0, 10);
    case 'datetime': {
      // One form on both engines (PostgreSQL answers a Date, SQLite the stored text): ISO 8601 in UTC.
      const time = raw instanceof Date ? raw.getTime() : Date.parse(String(raw));
      return Number.isNaN(time) ? String(raw) : new Date(time).toISOString();
    }
    default:
      return String(raw);
  }
}

export function decodeRow(db: Connection, def: Pick<ReportDefinition, 'columns'>, raw: Record<string, unknown>): ReportRow {
  const row: ReportRow = {};
  for (const column of def.columns) row[column.field] = decodeValue(db, column, raw[column.field]);
  return row;
}

function ordered(def: ReportDefinition, query: DynamicSelect): DynamicSelect {
  let result = query;
  for (const sort of def.defaultSort) result = result.orderBy(`r.${sort.field}`, sort.descending ? 'desc' : 'asc');
  return result;
}

/** A report's (or a process's) query as the subquery `r` on the dynamic view, its every column still to select. */
export function wrappedRows(ctx: Pick<ReportContext, 'db'>, rows: AnySchemaSelect): DynamicSelect {
  return dynamicDb(ctx.db).selectFrom(dynamicSelect(rows).as('r'));
}

function wrapped(ctx: ReportContext, report: ServerReport): DynamicSelect {
  return wrappedRows(ctx, report.rows(ctx));
}

/** The rows of `page` (ordered and limited) with the report's late columns joined (`joinLate`), in the same order. */
function withLateColumns(ctx: ReportContext, report: ServerReport, page: DynamicSelect): DynamicSelect {
  return report.joinLate ? ordered(report.def, dynamicSelect(report.joinLate(ctx, lateRows(page)))) : page;
}

const totalColumns = (def: ReportDefinition) => def.columns.filter((c) => c.total && !maskedColumns.has(c));
const runningColumns = (def: ReportDefinition) => def.columns.filter((c) => c.running && !maskedColumns.has(c));

/** SUM aliases are positional (t0, t1 …): column names may not be valid SQL identifiers everywhere. */
function sums(def: ReportDefinition) {
  return totalColumns(def).map((column, i) => sql<unknown>`sum(${sql.ref(`r.${column.field}`)})`.as(`t${i}`));
}

function decodeSums(db: Connection, def: ReportDefinition, raw: Record<string, unknown> | undefined): Record<string, Decimal | number> {
  const out: Record<string, Decimal | number> = {};
  totalColumns(def).forEach((column, i) => {
    const value = raw?.[`t${i}`];
    out[column.field] =
      column.type === 'decimal' ? (decimalFromDb(db, value ?? 0, column.scale ?? 2) ?? zero(column.scale ?? 2)) : Number(value ?? 0);
  });
  return out;
}

/** How many rows the report has. */
export async function countRows(ctx: ReportContext, report: ServerReport): Promise<number> {
  return countOf(ctx, report.rows(ctx));
}

// Queries of any schema read as they are (a process's preview: processes/routes.ts, run.ts) -------------------

/** How many rows `rows` answers. */
export async function countOf(ctx: Pick<ReportContext, 'database' | 'db'>, rows: AnySchemaSelect): Promise<number> {
  const row = (await readAll(ctx.database, wrappedRows(ctx, rows).select(sql<unknown>`count(*)`.as('n'))))[0];
  return Number(row?.['n'] ?? 0);
}

/** The first `limit` rows of `rows` in its order, as stored (to decode with `decodeRow`). */
export async function readFirstRows(ctx: Pick<ReportContext, 'database'>, rows: AnySchemaSelect, limit: number): Promise<Record<string, unknown>[]> {
  return readAll(ctx.database, dynamicSelect(rows).limit(limit));
}

/** The rows of `rows` whose output column `field` is one of `keys`, as stored. */
export async function readRowsIn(ctx: Pick<ReportContext, 'database' | 'db'>, rows: AnySchemaSelect, field: string, keys: readonly (string | number)[]): Promise<Record<string, unknown>[]> {
  return readAll(ctx.database, wrappedRows(ctx, rows).selectAll('r').where(`r.${field}`, 'in', keys));
}

/** Counts and sums by group (one grouped scan), or over everything when the report has no groups. */
async function aggregates(ctx: ReportContext, report: ServerReport) {
  const { def } = report;
  const group = def.group;
  const base = wrapped(ctx, report);
  const query = group
    ? base.select([sql.ref(`r.${group.field}`).as('k'), sql<unknown>`count(*)`.as('n'), ...sums(def)]).groupBy(`r.${group.field}`)
    : base.select([sql<unknown>`count(*)`.as('n'), ...sums(def)]);
  return (await readAll(ctx.database, query)) as Record<string, unknown>[];
}

/** The figures of every group by a scan of the rows (what `runPage` reads for a report without `aggregate`). */
async function scanFigures(ctx: ReportContext, report: ServerReport): Promise<GroupFigures[]> {
  const group = report.def.group;
  return (await aggregates(ctx, report)).map((raw) => ({ key: group ? String(raw['k']) : '', count: Number(raw['n'] ?? 0), sums: decodeSums(ctx.db, report.def, raw) }));
}

/**
 * One page of the report (Page from 1), with the counts, totals and group summaries the grid shows. A
 * grouped report is aggregated in one grouped scan (its groups are accounts or journals: hundreds, not
 * millions): the total count and the totals are the exact sums of the groups' figures.
 */
export async function runPage(ctx: ReportContext, report: ServerReport, page: number, pageSize: number): Promise<ReportPage> {
  const { def } = report;
  const db = ctx.db;
  const readFigures = async (): Promise<GroupFigures[]> => (report.aggregate ? report.aggregate(ctx) : scanFigures(ctx, report));
  const offset = (page - 1) * pageSize;
  // One row either side of the page tells whether its first and last groups start and end on it.
  const from = Math.max(0, offset - 1);
  const count = pageSize + (offset > 0 ? 2 : 1);
  if (report.figuresWithPage) {
    const carried = await pageWithFigures(ctx, report, from, count);
    if (carried) return finishPage(ctx, report, offset, pageSize, carried.figures, carried.window);
  }
  const readWindow = async () =>
    (await readAll(
      ctx.database,
      withLateColumns(
        ctx,
        report,
        ordered(def, (report.window ? wrappedRows(ctx, report.window(ctx, from + count)) : wrapped(ctx, report)).selectAll('r'))
          .limit(count)
          .offset(from),
      ),
    )) as Record<string, unknown>[];
  // A report with a window reads its page while its figures are counted (on PostgreSQL two connections at
  // once; SQLite reads one after the other); the others only once the count says the page has rows.
  const early = report.window ? readWindow() : undefined;
  // Handled here should the count fail first; awaited (and so reported) below otherwise.
  early?.catch(() => undefined);
  return finishPage(ctx, report, offset, pageSize, summed(db, def, await readFigures()), early ?? readWindow);
}

/** The count, the totals and the group subtotals a page shows. */
interface PageFigures {
  total: number;
  totals: Record<string, Decimal | number>;
  subtotals: Map<string, Record<string, Decimal | number>>;
}

/** Every group's figures summed exactly into the report's count and totals. */
function summed(db: Connection, def: ReportDefinition, figuresByGroup: GroupFigures[]): PageFigures {
  const subtotals = new Map<string, Record<string, Decimal | number>>();
  let total = 0;
  const totals = decodeSums(db, def, undefined);
  for (const { key, count: rows, sums: figures } of figuresByGroup) {
    total += rows;
    if (def.group) subtotals.set(key, figures);
    for (const column of totalColumns(def)) {
      totals[column.field] =
        column.type === 'decimal' ? add(String(totals[column.field]), String(figures[column.field])) : Number(totals[column.field]) + Number(figures[column.field]);
    }
  }
  return { total, totals, subtotals };
}

/**
 * The page's rows and the figures of every row in one statement (`figuresWithPage`): the count and totals over
 * every row, and for a grouped report each row's group subtotals (`over (partition by` the group field`)`) — the
 * page's groups are all a page shows. Null when the page is past the end (no row carries the figures).
 */
async function pageWithFigures(ctx: ReportContext, report: ServerReport, from: number, count: number): Promise<{ figures: PageFigures; window: Record<string, unknown>[] } | null> {
  const { def } = report;
  const group = def.group;
  const partition = group ? sql`partition by ${sql.ref(`r.${group.field}`)}` : sql``;
  const over = [
    sql<unknown>`count(*) over ()`.as('__n'),
    ...totalColumns(def).map((column, i) => sql<unknown>`sum(${sql.ref(`r.${column.field}`)}) over ()`.as(`__t${i}`)),
    ...(group ? totalColumns(def).map((column, i) => sql<unknown>`sum(${sql.ref(`r.${column.field}`)}) over (${partition})`.as(`__g${i}`)) : []),
  ];
  const page = ordered(def, wrapped(ctx, report).selectAll('r').select(over)).limit(count).offset(from);
  const window = (await readAll(ctx.database, withLateColumns(ctx, report, page))) as Record<string, unknown>[];
  const first = window[0];
  if (!first) return null;
  const sumsOf = (raw: Record<string, unknown>, prefix: string) => decodeSums(ctx.db, def, Object.fromEntries(totalColumns(def).map((_, i) => [`t${i}`, raw[`${prefix}${i}`]])));
  const subtotals = new Map<string, Record<string, Decimal | number>>();
  if (group) for (const raw of window) if (!subtotals.has(String(raw[group.field]))) subtotals.set(String(raw[group.field]), sumsOf(raw, '__g'));
  return { figures: { total: Number(first['__n'] ?? 0), totals: sumsOf(first, '__t'), subtotals }, window };
}

/** The page from its figures and its window (read, or to be read once the figures say the page has rows). */
async function finishPage(
  ctx: ReportContext,
  report: ServerReport,
  offset: number,
  pageSize: number,
  { total, totals, subtotals }: PageFigures,
  windowRows: Record<string, unknown>[] | Promise<Record<string, unknown>[]> | (() => Promise<Record<string, unknown>[]>),
): Promise<ReportPage> {
  const { def } = report;
  const db = ctx.db;
  const group = def.group;
  if (offset >= total) return { TotalCount: total, List: [], Groups: [], Totals: totals };
  const window = await (typeof windowRows === 'function' ? windowRows() : windowRows);
  const before = offset > 0 ? window[0] : undefined;
  const pageRaw = window.slice(offset > 0 ? 1 : 0, (offset > 0 ? 1 : 0) + pageSize);
  const after = window[(offset > 0 ? 1 : 0) + pageSize];
  const list = pageRaw.map((raw) => decodeRow(db, def, raw));

  const groups: ReportGroupSummary[] = [];
  if (group && list.length > 0) {
    const keyOf = (raw: Record<string, unknown> | undefined) => (raw === undefined ? undefined : String(raw[group.field]));
    const keys = [...new Set(pageRaw.map((raw) => String(raw[group.field])))];
    const openings = group.opening && report.openings ? await report.openings(ctx, keys) : new Map<string, Decimal>();
    for (const key of keys) {
      const first = list.find((row) => String(row[group.field]) === key)!;
      const summary: ReportGroupSummary = {
        Key: key,
        Heading: Object.fromEntries(group.headingFields.map((f) => [f, first[f] ?? null])),
        Starts: key !== keyOf(before) || key !== keyOf(pageRaw[0]),
        Ends: key !== keyOf(after) || key !== keyOf(pageRaw[pageRaw.length - 1]),
        Subtotals: subtotals.get(key) ?? decodeSums(db, def, undefined),
      };
      if (group.opening) {
        const opening = openings.get(key) ?? zero(2);
        summary.Opening = opening;
        const running = runningColumns(def)[0];
        const change = running ? summary.Subtotals[running.running!.of] : undefined;
        summary.Closing = typeof change === 'string' ? add(opening, change) : opening;
      }
      groups.push(summary);
    }
    await fillRunning(ctx, report, offset, list, groups);
  }
  return { TotalCount: total, List: list, Groups: groups, Totals: totals };
}

/**
 * Running balances of the page's rows: the group's opening, plus the sum of the group's rows before the
 * page (only the page's first group can have any: rows come sorted by the group first), plus the rows so far.
 */
async function fillRunning(ctx: ReportContext, report: ServerReport, offset: number, list: ReportRow[], groups: ReportGroupSummary[]) {
  const { def } = report;
  const group = def.group!;
  for (const column of runningColumns(def)) {
    const of = column.running!.of;
    const scale = def.columns.find((c) => c.field === of)?.scale ?? 2;
    const balances = new Map<string, Decimal>(groups.map((g) => [g.Key, g.Opening ?? zero(scale)]));
    const first = groups[0];
    if (first && !first.Starts && offset > 0) {
      const earlier = (await readAll(
        ctx.database,
        dynamicDb(ctx.db)
          .selectFrom(ordered(def, wrapped(ctx, report).selectAll('r')).limit(offset).as('p'))
          .select(sql<unknown>`sum(${sql.ref(`p.${of}`)})`.as('s'))
          .where(`p.${group.field}`, '=', first.Key),
      )) as Record<string, unknown>[];
      const sum = decimalFromDb(ctx.db, earlier[0]?.['s'] ?? 0, scale) ?? zero(scale);
      balances.set(first.Key, add(balances.get(first.Key)!, sum));
    }
    for (const row of list) {
      const key = String(row[group.field]);
      const next = add(balances.get(key) ?? zero(scale), String(row[of] ?? zero(scale)));
      balances.set(key, next);
      row[column.field] = next;
    }
  }
}

/** Events of a whole report in order, for the files: rows, and each group's start and end. */
export type ReportEvent =
  | { kind: 'groupStart'; key: string; heading: ReportRow; opening?: Decimal }
  | { kind: 'row'; row: ReportRow }
  | { kind: 'groupEnd'; key: string; subtotals: Record<string, Decimal | number>; opening?: Decimal; closing?: Decimal };

export const STREAM_BATCH = 5000;

/**
 * Every row of the report, batch by batch (keeps one batch in memory), with group starts and ends; group
 * subtotals and running balances are added exactly as the rows pass. Returns the totals at the end.
 */
export async function* streamReport(ctx: ReportContext, report: ServerReport): AsyncGenerator<ReportEvent, Record<string, Decimal | number>> {
  const { def } = report;
  const group = def.group;
  const totalsCols = totalColumns(def);
  const running = runningColumns(def);
  const addTo = (into: Record<string, Decimal | number>, row: ReportRow) => {
    for (const column of totalsCols) {
      const value = row[column.field];
      into[column.field] =
        column.type === 'decimal' ? add(String(into[column.field]), String(value ?? '0')) : Number(into[column.field]) + Number(value ?? 0);
    }
  };
  const empty = () => Object.fromEntries(totalsCols.map((c) => [c.field, c.type === 'decimal' ? zero(c.scale ?? 2) : 0]));
  const totals: Record<string, Decimal | number> = empty();
  let current: { key: string; subtotals: Record<string, Decimal | number>; opening?: Decimal; balance: Decimal } | null = null;
  const close = (): ReportEvent | null => {
    if (!current) return null;
    const closing = current.opening !== undefined ? current.balance : undefined;
    return { kind: 'groupEnd', key: current.key, subtotals: current.subtotals, opening: current.opening, closing };
  };
  for (let offset = 0; ; offset += STREAM_BATCH) {
    const batch = (await readAll(ctx.database, withLateColumns(ctx, report, ordered(def, wrapped(ctx, report).selectAll('r')).limit(STREAM_BATCH).offset(offset)))) as Record<
      string,
      unknown
    >[];
    const rows = batch.map((raw) => decodeRow(ctx.db, def, raw));
    // Openings of the groups that start in this batch, in one call.
    const openings =
      group?.opening && report.openings
        ? await report.openings(ctx, [...new Set(rows.map((row) => String(row[group.field])))].filter((k) => k !== current?.key))
        : new Map<string, Decimal>();
    for (const row of rows) {
      const key = group ? String(row[group.field]) : '';
      if (!current || current.key !== key) {
        const end = close();
        if (end) yield end;
        const opening: Decimal | undefined = group?.opening ? (openings.get(key) ?? zero(2)) : undefined;
        current = { key, subtotals: empty(), opening, balance: opening ?? zero(2) };
        if (group) yield { kind: 'groupStart', key, heading: Object.fromEntries(group.headingFields.map((f) => [f, row[f] ?? null])), opening };
      }
      for (const column of running) {
        current.balance = add(current.balance, String(row[column.running!.of] ?? '0'));
        row[column.field] = current.balance;
      }
      addTo(current.subtotals, row);
      addTo(totals, row);
      yield { kind: 'row', row };
    }
    if (batch.length < STREAM_BATCH) break;
  }
  const end = group ? close() : null;
  if (end) yield end;
  return totals;
}

/** `a - b` for decimals, exported for report modules that net debits and credits. */
export const minus = sub;
