/**
 * Setup reads answered once per transaction: `perTransaction(trx, key, load)`. A queue's batch posts a thousand
 * documents in one transaction (batch actions, server/src/entities/documents.ts), and each posting reads the same
 * setup rows — GL integration accounts, control-account owners, tax rates, terms; on PostgreSQL each read is a
 * round trip. Only for tables no posting writes: the memo lives as long as the transaction object. Outside a
 * transaction (the pool itself) every call reads.
 */
const memos = new WeakMap<object, Map<string, Promise<unknown>>>();

export function perTransaction<T>(db: object, key: string, load: () => Promise<T>): Promise<T> {
  if ((db as { isTransaction?: boolean }).isTransaction !== true) return load();
  let memo = memos.get(db);
  if (!memo) memos.set(db, (memo = new Map()));
  let hit = memo.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = load();
    memo.set(key, hit);
    // A failed read is not remembered.
    hit.catch(() => memo.delete(key));
  }
  return hit;
}
