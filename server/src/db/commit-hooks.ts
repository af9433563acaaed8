/**
 * Work done inside a request's own writing transactions, just before they commit (issue 43 item 2: an
 * Idempotency-Key is committed with the work it answers for, or not at all — exactly-once/idempotency.ts).
 *
 * Contract:
 * - `requestCommits.run(scope, fn)` scopes `fn` (a request) to `scope`; the dialect `withCommitHooks(dialect)`
 *   calls `scope.beforeCommit(run)` in every explicit transaction of that request that wrote something (an
 *   INSERT, UPDATE or DELETE ran in it), on the transaction's own connection, after the work and before
 *   COMMIT: what `beforeCommit` writes commits with the work or rolls back with it; when it throws, the
 *   transaction rolls back and the error goes to the caller.
 * - Statements outside an explicit transaction (autocommit) and transactions that only read call nothing;
 *   savepoints are part of their transaction. Outside a request (background jobs) nothing is called.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';

export interface CommitScope {
  beforeCommit(run: (query: CompiledQuery) => Promise<QueryResult<unknown>>): Promise<void>;
}

export const requestCommits = new AsyncLocalStorage<{ scope: CommitScope | null }>();

const WRITING_NODES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
const RAW_WRITE = /^\s*(?:with\b[\s\S]*?\)\s*)?(insert|update|delete|merge)\b/i;

function writes(query: CompiledQuery): boolean {
  const kind = (query.query as { kind?: string } | undefined)?.kind;
  if (kind && WRITING_NODES.has(kind)) return true;
  return kind === 'RawNode' && RAW_WRITE.test(query.sql);
}

class HookedConnection implements DatabaseConnection {
  inTransaction = false;
  wrote = false;
  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Outside a transaction nothing is noted: the inner promise as it is (issue 74: a read's hop less).
    if (!this.inTransaction) return this.inner.executeQuery<R>(query);
    return this.inner.executeQuery<R>(query).then((result) => {
      if (this.inTransaction && !this.wrote && writes(query)) this.wrote = true;
      return result;
    });
  }

  streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class HookedDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init() {
    return this.inner.init();
  }
  // Issue 74: every statement passes here; no async hop of its own where the inner driver's promise will do.
  acquireConnection(): Promise<DatabaseConnection> {
    return this.inner.acquireConnection().then((connection) => new HookedConnection(connection));
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const own = connection as HookedConnection;
    await this.inner.beginTransaction(own.inner, settings);
    own.inTransaction = true;
    own.wrote = false;
  }
  async commitTransaction(connection: DatabaseConnection) {
    const own = connection as HookedConnection;
    const scope = own.wrote ? requestCommits.getStore()?.scope : null;
    if (scope) await scope.beforeCommit((query) => own.inner.executeQuery(query));
    own.inTransaction = false;
    await this.inner.commitTransaction(own.inner);
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    const own = connection as HookedConnection;
    own.inTransaction = false;
    await this.inner.rollbackTransaction(own.inner);
  }
  async savepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['savepoint']>>[2]) {
    await this.inner.savepoint!((connection as HookedConnection).inner, name, compile);
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['rollbackToSavepoint']>>[2]) {
    await this.inner.rollbackToSavepoint!((connection as HookedConnection).inner, name, compile);
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['releaseSavepoint']>>[2]) {
    await this.inner.releaseSavepoint!((connection as HookedConnection).inner, name, compile);
  }
  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((connection as HookedConnection).inner);
  }
  destroy() {
    return this.inner.destroy();
  }
}

/** See the module header. */
export function withCommitHooks(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new HookedDriver(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
