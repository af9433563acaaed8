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
 * - Issue 72 item 3: `feed.beforeCommit(changes, by, run)`, when the feed has it, gets the same changes (every key,
 *   never "some records" for many; a document's new state when the table names its `stateColumn`) on the
 *   transaction's own connection just BEFORE COMMIT: what it writes through `run` commits with the change or not
 *   at all (the webhooks' outbox, server/src/webhooks/outbox.ts); when it throws, the transaction rolls back. A
 *   statement outside a transaction gets it right after the statement.
 * - Every statement the wrapper passes on (queries, streams, transaction controls) counts for the running request
 *   (db/query-count.ts, issue 74 item 1).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, OperationNode, QueryResult, TransactionSettings } from 'kysely';
import { countStatement } from '../db/query-count.ts';

export type ChangeKind = 'created' | 'changed' | 'deleted';

export interface CommittedChange {
  /** The root table of the record (a child row's change is its parent's). */
  table: string;
  /** The record's key as text; null when the statement does not name it. */
  key: string | null;
  kind: ChangeKind;
  /** The value the change wrote into the table's `stateColumn` (a document's new state), when it wrote one. */
  state?: string;
}

/** How a watched table maps to records: the column holding the record key, and whether it is a child table. */
export interface WatchedTable {
  root: string;
  keyColumn: string;
  child: boolean;
  /** A document's state column (its root table's): a change of it is told with the new state. */
  stateColumn?: string;
}

export interface ChangeFeed {
  watched(table: string): WatchedTable | undefined;
  committed(changes: CommittedChange[], by: string | null): void;
  /** Module header: work written with the change, before COMMIT, on the transaction's connection. */
  beforeCommit?(changes: CommittedChange[], by: string | null, run: (query: CompiledQuery) => Promise<QueryResult<unknown>>): Promise<void>;
}

/** The caller of the request a write runs in (set by events/routes.ts for every API request). */
export const writer = new AsyncLocalStorage<{ userId: string | null }>();

/** More keys than this per table in one transaction are told to `committed` as "some records" (null key). */
const MAX_KEYS = 500;
/** … and to `beforeCommit` beyond this many (a transaction writing more records than this is not expected). */
const MAX_NOTED = 200_000;

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

const RETURNING = /\breturning\b/i;
const RAW_WRITE = /^\s*(?:with\b[\s\S]*?\)\s*)?(insert\s+into|update|delete\s+from)\s+"?([A-Za-z_][A-Za-z0-9_]*)"?/i;

type Noted = Map<string, Map<string, ChangeKind>>;
/** New states by root table and key (`stateColumn` writes). */
type States = Map<string, Map<string, string>>;

const RANK: Record<ChangeKind, number> = { changed: 0, created: 1, deleted: 2 };

function note(noted: Noted, table: string, key: unknown, kind: ChangeKind): void {
  let keys = noted.get(table);
  if (!keys) noted.set(table, (keys = new Map()));
  if (keys.has('*')) return;
  const text = key === null || key === undefined ? '*' : String(key);
  if (text === '*' || keys.size >= MAX_NOTED) {
    keys.clear();
    keys.set('*', 'changed');
    return;
  }
  const before = keys.get(text);
  if (!before || RANK[kind] > RANK[before]) keys.set(text, kind);
}

/** What one successful statement changed, noted into `noted`. */
/** The value an UPDATE sets `column` to, when it sets it to a plain value. */
function updatedValue(node: Node, column: string): unknown {
  for (const update of (node['updates'] as Node[] | undefined) ?? []) {
    if (columnName(update['column']) !== column) continue;
    const value = update['value'] as Node;
    return value.kind === 'ValueNode' ? value['value'] : undefined;
  }
  return undefined;
}

/**
 * The rows a write changed: the driver's count, else — SQLite answers no count for a statement that returns rows —
 * its RETURNING rows; null when neither says (the write is then told).
 */
function changedRows(result: QueryResult<unknown>, returning: boolean): number | null {
  if (result.numAffectedRows !== undefined) return Number(result.numAffectedRows);
  return returning ? result.rows.length : null;
}

function noteStatement(feed: ChangeFeed, noted: Noted, query: CompiledQuery, result: QueryResult<unknown>, states: States): void {
  const node = query.query as Node;
  let table: string | null = null;
  if (node.kind === 'InsertQueryNode') table = tableName(node['into']);
  else if (node.kind === 'UpdateQueryNode') table = tableName(node['table']);
  else if (node.kind === 'DeleteQueryNode') table = tableName(((node['from'] as Node)['froms'] as Node[])[0]);
  else if (node.kind === 'RawNode') {
    const match = RAW_WRITE.exec(query.sql);
    if (!match) return;
    // A raw write that changed no row tells nothing (the webhook worker's claim finds nothing due every tick).
    if (changedRows(result, RETURNING.test(query.sql)) === 0) return;
    const watched = feed.watched(match[2]!);
    if (watched) note(noted, watched.root, null, 'changed');
    return;
  } else return;
  const watched = table ? feed.watched(table) : undefined;
  if (!watched) return;
  if (changedRows(result, node['returning'] !== undefined) === 0 && node.kind !== 'InsertQueryNode') return;
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
  const state = node.kind === 'UpdateQueryNode' && watched.stateColumn && !child ? updatedValue(node, watched.stateColumn) : undefined;
  if (typeof state === 'string') {
    let byKey = states.get(root);
    if (!byKey) states.set(root, (byKey = new Map()));
    for (const key of keys) byKey.set(String(key), state);
  }
}

/** The noted changes, every key (`beforeCommit`). */
function changesOf(noted: Noted, states: States): CommittedChange[] {
  const changes: CommittedChange[] = [];
  for (const [table, keys] of noted) {
    for (const [key, kind] of keys) {
      const state = key === '*' ? undefined : states.get(table)?.get(key);
      changes.push({ table, key: key === '*' ? null : key, kind, ...(state === undefined ? {} : { state }) });
    }
  }
  return changes;
}

function flush(feed: ChangeFeed, noted: Noted, by: string | null): void {
  if (noted.size === 0) return;
  const changes: CommittedChange[] = [];
  for (const [table, keys] of noted) {
    if (keys.size > MAX_KEYS) changes.push({ table, key: null, kind: 'changed' });
    else for (const [key, kind] of keys) changes.push({ table, key: key === '*' ? null : key, kind });
  }
  noted.clear();
  try {
    feed.committed(changes, by);
  } catch (error) {
    // Telling screens is never worth failing a committed write.
    console.warn(`record events: ${(error as Error).message}`);
  }
}

/** The feed's `beforeCommit` on the connection's own notes (nothing noted: not called). */
async function beforeCommit(feed: ChangeFeed, own: CapturingConnection, by: string | null): Promise<void> {
  if (!feed.beforeCommit || own.noted.size === 0) return;
  const changes = changesOf(own.noted, own.states);
  own.states.clear();
  await feed.beforeCommit(changes, by, (query) => own.inner.executeQuery(query));
}

/** One acquired connection: its transaction's notes. */
class CapturingConnection implements DatabaseConnection {
  readonly noted: Noted = new Map();
  readonly states: States = new Map();
  inTransaction = false;
  by: string | null = null;
  constructor(
    readonly inner: DatabaseConnection,
    private readonly feed: ChangeFeed,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    countStatement();
    const result = await this.inner.executeQuery<R>(query);
    const kind = (query.query as Node).kind;
    if (kind === 'SelectQueryNode') return result;
    this.by ??= writer.getStore()?.userId ?? null;
    noteStatement(this.feed, this.noted, query, result as QueryResult<unknown>, this.states);
    if (!this.inTransaction) {
      await beforeCommit(this.feed, this, this.by);
      flush(this.feed, this.noted, this.by);
      this.by = null;
    }
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    countStatement();
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
    countStatement();
    await this.inner.beginTransaction(own.inner, settings);
    own.inTransaction = true;
    own.noted.clear();
    own.states.clear();
    own.by = writer.getStore()?.userId ?? null;
  }
  async commitTransaction(connection: DatabaseConnection) {
    const own = connection as CapturingConnection;
    await beforeCommit(this.feed, own, own.by);
    countStatement();
    await this.inner.commitTransaction(own.inner);
    own.inTransaction = false;
    flush(this.feed, own.noted, own.by);
    own.by = null;
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    const own = connection as CapturingConnection;
    own.inTransaction = false;
    own.noted.clear();
    own.states.clear();
    own.by = null;
    countStatement();
    await this.inner.rollbackTransaction(own.inner);
  }
  async savepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['savepoint']>>[2]) {
    countStatement();
    await this.inner.savepoint!((connection as CapturingConnection).inner, name, compile);
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['rollbackToSavepoint']>>[2]) {
    countStatement();
    await this.inner.rollbackToSavepoint!((connection as CapturingConnection).inner, name, compile);
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['releaseSavepoint']>>[2]) {
    countStatement();
    await this.inner.releaseSavepoint!((connection as CapturingConnection).inner, name, compile);
  }
  async releaseConnection(connection: DatabaseConnection) {
    const own = connection as CapturingConnection;
    own.noted.clear();
    own.states.clear();
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

/**
 * A feed whose listener is set later (the event hub starts after the database is open and migrated); the outbox
 * (`attachOutbox`, issue 72 item 3) gets `beforeCommit` of the tables the listener watches.
 */
export function lateFeed(): ChangeFeed & { attach(feed: ChangeFeed | null): void; attachOutbox(outbox: ChangeFeed['beforeCommit'] | null): void } {
  let current: ChangeFeed | null = null;
  let outbox: ChangeFeed['beforeCommit'] | null = null;
  return {
    attach(feed) {
      current = feed;
    },
    attachOutbox(next) {
      outbox = next ?? null;
    },
    watched: (table) => current?.watched(table),
    committed: (changes, by) => current?.committed(changes, by),
    beforeCommit: async (changes, by, run) => {
      if (outbox) await outbox(changes, by, run);
    },
  };
}
