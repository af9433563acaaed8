/**
 * A price changed by a percent or an amount, the step of the price processes of several modules (Order Entry's
 * price adjustments and table renewal, Trades' model prices): the `Change` parameter read exactly, the new price
 * in exact decimals for the run and in SQL for the preview, both rounded half-up at the price's places. Here, in
 * the process engine, because the modules using it do not require one another.
 */
import { sql, type RawBuilder } from 'kysely';
import { add, cmp, div, mul, round, type Decimal } from '@erp/shared/decimal';
import type { ReportParameterError } from '@erp/shared/reports/define';
import { decimalToDb, engineOf, type Connection } from '../db/decimal-codec.ts';
import type { ProcessContext } from './engine.ts';

const SIGNED = /^[+-]?\d{1,9}(\.\d{1,4})?$/;

/**
 * The `Change` parameter as an exact decimal at 4 places, or the parameter error `errorKey` (blank: null when
 * `optional`; below `min`: refused too).
 */
export function changeParameter(ctx: ProcessContext, errorKey: string, options: { optional?: boolean; min?: string } = {}): Decimal | ReportParameterError | null {
  const raw = ctx.params['Change'];
  if (raw === undefined || raw === null || String(raw).trim() === '') return options.optional ? null : { field: 'Change', key: errorKey };
  const text = String(raw).trim().replace(/^\+/, '');
  if (!SIGNED.test(text)) return { field: 'Change', key: errorKey };
  if (options.min !== undefined && cmp(text, options.min) < 0) return { field: 'Change', key: errorKey };
  return round(text, 4);
}

/** A process's `prepare`: the required `Change` (at least `min`) kept in `ctx.state.change`, or its error. */
export function prepareChange(errorKey: string, options: { min?: string } = {}) {
  return async (ctx: ProcessContext): Promise<ReportParameterError[]> => {
    const change = changeParameter(ctx, errorKey, options);
    if (change === null || typeof change !== 'string') return [change ?? { field: 'Change', key: errorKey }];
    ctx.state['change'] = change;
    return [];
  };
}

/** The `Method` parameter: `Percent` (the default) or `Amount`. */
export const changeMethod = (ctx: ProcessContext): string => String(ctx.params['Method'] ?? 'Percent');

/** `price` changed by a percent or an amount (the amount at the price's places first), exactly, half-up. */
export function changedPrice(price: Decimal, method: string, change: Decimal, places: number): Decimal {
  return method === 'Amount' ? round(add(price, round(change, places)), places) : mul(price, add('1', div(change, '100', 8)), places);
}

/**
 * The preview's new price of `column` (a stored price at `places`), the same as `changedPrice`: numeric on
 * PostgreSQL; on SQLite integer units, the percent applied on integers and rounded half-up.
 */
export function changedPriceSql(db: Connection, column: string, method: string, change: Decimal, places: number): RawBuilder<unknown> {
  const price = sql.ref(column);
  const amount = round(change, places);
  if (engineOf(db) === 'postgres') {
    return method === 'Amount' ? sql<unknown>`${price} + cast(${amount} as numeric)` : sql<unknown>`round(${price} * (100 + cast(${change} as numeric)) / 100, ${sql.lit(places)})`;
  }
  if (method === 'Amount') return sql<unknown>`${price} + cast(${decimalToDb(db, amount, places)} as integer)`;
  // A bound JS number is a REAL to SQLite: cast it. Units × (1 + change%) = units × (10⁶ + change at 4 places) / 10⁶.
  const product = sql`${price} * (1000000 + cast(${decimalToDb(db, change, 4)} as integer))`;
  return sql<unknown>`case when ${product} >= 0 then (${product} + 500000) / 1000000 else -((500000 - ${product}) / 1000000) end`;
}
