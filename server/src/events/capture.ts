/**
 * Record changes as they are committed (issue 42 item 2): the one place every write passes through is the
 * database driver, so the capture wraps Kysely's dialect — generic saves, deletes, document actions, process runs,
 * the modules' own posting code and the portal alike, without any of them taking part.
 *
 * Contract:
 * - `capturing(dialect, feed)` answers a dialect whose connections note every INSERT / UPDATE / DELETE they run
 *   (the operation node Kysely compiled: table, inserted values, `key = …` / `key in (…)` of the WHERE, returned
 *   keys; raw SQL by its first words) and hand them to `feed.committed(changes)` only when the transaction commits
 *   (a statement outside a transaction: once it succeeded). A rolled-back transaction hands nothing.
 * - What a table means is the feed's business (`feed.watched(table)`: the record key column and the root table an
 *   event names, child tables by their parent column); unwatched tables are ignored.
 * - A change names the root table, the record key (null: "some records", when the statement does not say which)
 *   and created / changed / deleted. Savepoints rolled back keep their changes noted: at worst a screen refreshes
 *   once too often, never too rarely.
 * - `by`: the caller whose request ran the write (`runAs`, an AsyncLocalStorage set by the API's request hook).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, OperationNode, QueryResult, TransactionSettings } from 'kysely';

export type ChangeKind = 'created' | 'changed' | 'deleted';

export interface CommittedChange {
  /** The root table of the record (a child row's change is its parent's). */
  table: string;
  /** The record's key as text; null when the statement does not name it. */
  key: string | null;
  kind: ChangeKind;
}

/** How a watched table maps to records: the column holding the record key, and whether it is a child table. */
export interface WatchedTable {
  root: string;
  keyColumn: string;
  child: boolean;
}

export interface ChangeFeed {
  watched(table: string): WatchedTable | undefined;
  committed(changes: CommittedChange[], by: string | null): void;
}

/** The caller of the request a write runs in (set by events/routes.ts for every API request). */
export const writer = new AsyncLocalStorage<{ userId: string | null }>();

/** More keys than this per table in one transaction are told as "some records" (null key). */
const MAX_KEYS = 500;

type Node = OperationNode & Record<string, unknown>;

function tableName(node: unknown): string | null {
  const n = node as Node | undefined;
  if (!n) return null;
  if (n.kind === 'TableNode') return ((n['table'] as Node)['identifier'] as { name: string }).name;
  if (n.kind === 'AliasNode') return tableName(n['node']);
  return null;
}

function columnName(node: unknown): string | null {
  const n = node as Node | undefined;
  if (n?.kind === 'ColumnNode') return (n['column'] as { name: string }).name;
  if (n?.kind === 'ReferenceNode') return columnName(n['column']);
  return null;
}

/** Values of `column = v` / `column in (…)` among the AND-ed conditions of a WHERE; null when none. */
function keysInWhere(node: unknown, column: string): unknown[] | null {
  const n = node as Node | undefined;
  if (!n) return null;
  if (n.kind === 'WhereNode') return keysInWhere(n['where'], column);
  if (n.kind === 'ParensNode') return keysInWhere(n['node'], column);
  if (n.kind === 'AndNode') return keysInWhere(n['left'], column) ?? keysInWhere(n['right'], column);
  if (n.kind !== 'BinaryOperationNode' || columnName(n['leftOperand']) !== column) return null;
  const operator = (n['operator'] as { operator?: string }).operator;
  const right = n['rightOperand'] as Node;
  if (operator === '=' && right.kind === 'ValueNode') return [right['value']];
  if (operator === 'in' && right.kind === 'PrimitiveValueListNode') return [...(right['values'] as unknown[])];
  if (operator === 'in' && right.kind === 'ValueListNode') {
    const values = (right['values'] as Node[]).map((value) => (value.kind === 'ValueNode' ? value['value'] : undefined));
    return values.includes(undefined) ? null : values;
  }
  return null;
}

/** The rows an INSERT writes, by column (only values written as such: not subqueries). */
function insertedRows(node: Node): Record<string, unknown>[] | null {
  const columns = (node['columns'] as Node[] | undefined)?.map((column) => columnName(column));
  const values = node['values'] as Node | undefined;
  if (!columns || values?.kind !== 'ValuesNode') return null;
  const rows: Record<string, unknown>[] = [];
  for (const item of values['values'] as Node[]) {
    const row: Record<string, unknown> = {};
    const cells = item.kind === 'PrimitiveValueListNode' ? (item['values'] as unknown[]) : (item['values'] as Node[]).map((cell) => (cell.kind === 'ValueNode' ? cell['value'] : undefined));
    columns.forEach((column, index) => {
      if (column) row[column] = cells[index];
    });
    rows.push(row);
  }
  return rows;
}

const RAW_WRITE = /^\s*(?:with\b[\s\S]*?\)\s*)?(insert\s+into|update|delete\s+from)\s+"?([A-Za-z_][A-Za-z0-9_]*)"?/i;

type Noted = Map<string, Map<string, ChangeKind>>;

const RANK: Record<ChangeKind, number> = { changed: 0, created: 1, deleted: 2 };

function note(noted: Noted, table: string, key: unknown, kind: ChangeKind): void {
  let keys = noted.get(table);
  if (!keys) noted.set(table, (keys = new Map()));
  if (keys.has('*')) return;
  const text = key === null || key === undefined ? '*' : String(key);
  if (text === '*' || keys.size >= MAX_KEYS) {
    keys.clear();
    keys.set('*', 'changed');
    return;
  }
  const before = keys.get(text);
  if (!before || RANK[kind] > RANK[before]) keys.set(text, kind);
}

/** What one successful statement changed, noted into `noted`. */
function noteStatement(feed: ChangeFeed, noted: Noted, query: CompiledQuery, result: QueryResult<unknown>): void {
  const node = query.query as Node;
  let table: string | null = null;
  if (node.kind === 'InsertQueryNode') table = tableName(node['into']);
  else if (node.kind === 'UpdateQueryNode') table = tableName(node['table']);
  else if (node.kind === 'DeleteQueryNode') table = tableName(((node['from'] as Node)['froms'] as Node[])[0]);
  else if (node.kind === 'RawNode') {
    const match = RAW_WRITE.exec(query.sql);
    if (!match) return;
    const watched = feed.watched(match[2]!);
    if (watched) note(noted, watched.root, null, 'changed');
    return;
  } else return;
  const watched = table ? feed.watched(table) : undefined;
  if (!watched) return;
  const affected = Number(result.numAffectedRows ?? (result.rows.length > 0 ? result.rows.length : 1));
  if (affected === 0 && node.kind !== 'InsertQueryNode') return;
  const { root, keyColumn, child } = watched;
  if (node.kind === 'InsertQueryNode') {
    const kind: ChangeKind = child || node['onConflict'] ? 'changed' : 'created';
    const rows = insertedRows(node);
    const returned = result.rows as Record<string, unknown>[];
    if (!rows) return note(noted, root, null, kind);
    rows.forEach((row, index) => {
      let key = row[keyColumn];
      if (key === undefined) key = returned[index]?.[keyColumn];
      if (key === undefined && rows.length === 1 && result.insertId !== undefined) key = result.insertId;
      note(noted, root, key ?? null, kind);
    });
    return;
  }
  const keys = keysInWhere(node['where'], keyColumn);
  const kind: ChangeKind = node.kind === 'DeleteQueryNode' && !child ? 'deleted' : 'changed';
  if (!keys) return note(noted, root, null, kind);
  for (const key of keys) note(noted, root, key, kind);
}

function flush(feed: ChangeFeed, noted: Noted, by: string | null): void {
  if (noted.size === 0) return;
  const changes: CommittedChange[] = [];
  for (const [table, keys] of noted) {
    for (const [key, kind] of keys) changes.push({ table, key: key === '*' ? null : key, kind });
  }
  noted.clear();
  try {
    feed.committed(changes, by);
  } catch (error) {
    // Telling screens is never worth failing a committed write.
    console.warn(`record events: ${(error as Error).message}`);
  }
}

/** One acquired connection: its transaction's notes. */
class CapturingConnection implements DatabaseConnection {
  readonly noted: Noted = new Map();
  inTransaction = false;
  by: string | null = null;
  constructor(
    readonly inner: DatabaseConnection,
    private readonly feed: ChangeFeed,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(query);
    const kind = (query.query as Node).kind;
    if (kind === 'SelectQueryNode') return result;
    this.by ??= writer.getStore()?.userId ?? null;
    noteStatement(this.feed, this.noted, query, result as QueryResult<unknown>);
    if (!this.inTransaction) {
      flush(this.feed, this.noted, this.by);
      this.by = null;
    }
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class CapturingDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly feed: ChangeFeed,
  ) {}
  init() {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new CapturingConnection(await this.inner.acquireConnection(), this.feed);
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const own = connection as CapturingConnection;
    await this.inner.beginTransaction(own.inner, settings);
    own.inTransaction = true;
    own.noted.clear();
    own.by = writer.getStore()?.userId ?? null;
  }
  async commitTransaction(connection: DatabaseConnection) {
    const own = connection as CapturingConnection;
    await this.inner.commitTransaction(own.inner);
    own.inTransaction = false;
    flush(this.feed, own.noted, own.by);
    own.by = null;
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    const own = connection as CapturingConnection;
    own.inTransaction = false;
    own.noted.clear();
    own.by = null;
    await this.inner.rollbackTransaction(own.inner);
  }
  async savepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['savepoint']>>[2]) {
    await this.inner.savepoint!((connection as CapturingConnection).inner, name, compile);
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['rollbackToSavepoint']>>[2]) {
    await this.inner.rollbackToSavepoint!((connection as CapturingConnection).inner, name, compile);
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['releaseSavepoint']>>[2]) {
    await this.inner.releaseSavepoint!((connection as CapturingConnection).inner, name, compile);
  }
  async releaseConnection(connection: DatabaseConnection) {
    const own = connection as CapturingConnection;
    own.noted.clear();
    await this.inner.releaseConnection(own.inner);
  }
  destroy() {
    return this.inner.destroy();
  }
}

/** The dialect with change capture (module header). */
export function capturing(dialect: Dialect, feed: ChangeFeed): Dialect {
  return {
    createDriver: () => new CapturingDriver(dialect.createDriver(), feed),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

/** A feed whose listener is set later (the event hub starts after the database is open and migrated). */
export function lateFeed(): ChangeFeed & { attach(feed: ChangeFeed | null): void } {
  let current: ChangeFeed | null = null;
  return {
    attach(feed) {
      current = feed;
    },
    watched: (table) => current?.watched(table),
    committed: (changes, by) => current?.committed(changes, by),
  };
}
