/**
 * The one codec of exact decimals between the wire (decimal strings, shared/src/decimal.ts) and the two
 * databases (CONTRACT-12 "Exact decimals"):
 * - PostgreSQL stores `NUMERIC(precision, scale)` and answers strings (`"1250.00"`); we write strings.
 * - SQLite stores an INTEGER of units of 10^-scale (`1250.00` at scale 2 → 125000), so SUM, sort and range
 *   filters stay exact; SQLite answers a number (exact below 2^53: precision ≤ 15 always is).
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
  if (typeof raw === 'string') return canonicalAt(raw, scale) ? raw : round(raw, scale);
  if (typeof raw === 'bigint') return fromUnits(raw, scale);
  if (typeof raw === 'number') {
    // SQLite: units. A non-integer can only be a value written before migration 0005 (dollars as REAL).
    if (Number.isInteger(raw)) return fromUnits(raw, scale);
    return round(raw.toFixed(scale + 2), scale);
  }
  throw new TypeError(`not a stored decimal: ${typeof raw}`);
}

/**
 * Whether `text` is already what `round(text, scale)` answers — an optional minus, digits without a leading zero, a
 * point and exactly `scale` decimals (none and no point at scale 0), and not a negative zero — as PostgreSQL writes a
 * NUMERIC of that scale: then it is answered as it is, without parsing it (issue 74: list pages read many).
 */
export function canonicalAt(text: string, scale: number): boolean {
  const length = text.length;
  const point = scale === 0 ? length : length - scale - 1;
  if (scale > 0 && (point < 0 || text.charCodeAt(point) !== 46)) return false;
  const start = text.charCodeAt(0) === 45 ? 1 : 0;
  if (point - start < 1 || (point - start > 1 && text.charCodeAt(start) === 48)) return false;
  let nonZero = false;
  for (let i = start; i < length; i++) {
    if (i === point) continue;
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
    if (code !== 48) nonZero = true;
  }
  return start === 0 || nonZero;
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
