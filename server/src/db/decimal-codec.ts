/**
 * The one codec of exact decimals between the wire (decimal strings, shared/src/decimal.ts) and the two
 * databases (CONTRACT-12 "Exact decimals"):
 * - PostgreSQL stores `NUMERIC(precision, scale)` and answers strings (`"1250.00"`); we write strings.
 * - SQLite stores an INTEGER of units of 10^-scale (`1250.00` at scale 2 → 125000), so SUM, sort and range
 *   filters stay exact; better-sqlite3 answers a number (exact below 2^53: precision ≤ 15 always is).
 * Every read of a decimal column (entity service, reports' SUMs) goes through `decimalFromDb`; every
 * write through `decimalToDb`. No arithmetic on decimals in SQL but SUM, comparison and negation.
 */
import { fromUnits, round, toUnits, type Decimal } from '@erp/shared/decimal';
import { PostgresAdapter, type QueryExecutor } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

/** Any Kysely instance or transaction, whatever its table types: only its engine is read. */
export interface Connection {
  getExecutor(): QueryExecutor;
}

/** The engine behind a Kysely instance (or transaction). */
export function engineOf(db: Connection | Engine): Engine {
  if (typeof db === 'string') return db;
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** A decimal string as its column value. */
export function decimalToDb(db: Connection | Engine, value: Decimal, scale: number): string | number | bigint {
  if (engineOf(db) === 'postgres') return round(value, scale);
  const units = toUnits(value, scale);
  return units >= BigInt(Number.MIN_SAFE_INTEGER) && units <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(units) : units;
}

/**
 * A column value (or a SUM of one) as a decimal string with exactly `scale` decimals; null stays null.
 * The raw type tells the storage apart (strings from PostgreSQL NUMERIC; integers from SQLite), so
 * generic readers without the connection at hand use `decimalFromRaw`.
 */
export function decimalFromRaw(raw: unknown, scale: number): Decimal | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'string') return round(raw, scale);
  if (typeof raw === 'bigint') return fromUnits(raw, scale);
  if (typeof raw === 'number') {
    // SQLite: units. A non-integer can only be a value written before migration 0005 (dollars as REAL).
    if (Number.isInteger(raw)) return fromUnits(raw, scale);
    return round(raw.toFixed(scale + 2), scale);
  }
  throw new TypeError(`not a stored decimal: ${typeof raw}`);
}

export function decimalFromDb(db: Connection | Engine, raw: unknown, scale: number): Decimal | null {
  if (raw === null || raw === undefined) return null;
  if (engineOf(db) === 'postgres') return round(String(raw), scale);
  return decimalFromRaw(typeof raw === 'string' ? BigInt(raw) : raw, scale);
}

/** The SQL column type of a decimal field on an engine. */
export function decimalColumnType(engine: Engine, precision: number, scale: number): string {
  return engine === 'postgres' ? `numeric(${precision}, ${scale})` : 'integer';
}
