/** Exact integer reads on SQLite (issue 22 item 10): db/connection.ts (Kysely) and db/read.ts (the reader). */
/**
 * An integer column value as JavaScript can hold it exactly (issue 22 item 10): a number within ±2^53, else the
 * BigInt itself. SQLite keeps money as integer units, so a SUM of large amounts can pass 2^53 units, which a
 * plain read would round to the nearest double without a word; the decimal codec reads a BigInt exactly.
 */
export function exactInteger(value: unknown): unknown {
  if (typeof value !== 'bigint') return value;
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

/** A row (object or array) read with safe integers, its integers made `exactInteger`. */
export function exactRow<T>(row: T): T {
  if (Array.isArray(row)) return row.map(exactInteger) as T;
  if (row === null || typeof row !== 'object') return row;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row as Record<string, unknown>)) out[key] = exactInteger(value);
  return out as T;
}
