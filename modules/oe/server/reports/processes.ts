/**
 * Price maintenance processes on the server (definitions: modules/oe/definitions/reports.ts). Each item runs in
 * its own transaction; a run re-reads the preview, so an item changed meanwhile is not processed twice. The price
 * adjustment is a bulk process: it may run on the whole selection, a thousand rows per transaction.
 *
 * - Price adjustments: the preview lists the Each / Cwt rows of the selection with their new price, computed
 *   exactly in SQL (PostgreSQL numeric; SQLite integer units, half-up); the run writes the new price computed
 *   again with exact decimals from the stored one, only if the stored price is still the previewed one, and
 *   refuses a price that would fall below zero.
 * - Renew price table: the table copied under a new id with the new dates, its per-unit and cwt prices changed
 *   by the percent (cost-plus and percent-off rows copied as they are); the old table ends the day before the
 *   new one starts. Refused when the new id exists or the dates are out of order.
 * - New products pricing: active products (of a class) the table has no row for get a cost-plus row at the
 *   markup, from quantity 1.
 */
import { cmp, type Decimal } from '@erp/shared/decimal';
import type { ReportParameterError } from '@erp/shared/reports/define';
import { sql, type Kysely } from 'kysely';
import { decimalFromDb, decimalToDb, engineOf } from '@erp/server/db/decimal-codec';
import { messageIn } from '@erp/server/entities/call-result';
import type { ServerProcess } from '@erp/server/processes/engine';
import { changedPrice, changedPriceSql, changeMethod, changeParameter, prepareChange } from '@erp/server/processes/price-change';
import { asFlag, flag } from '@erp/server/db/schema';
import { newProductsPricing, priceAdjustments, renewPriceTable } from '../../definitions/reports.ts';
import { oeDb, type OeDatabase } from '../tables.generated.ts';

const CODE = /^[A-Z0-9_.-]{1,20}$/;
const CHANGE_ERROR = 'oe:rules.changeNumber';

const isError = (value: unknown): value is ReportParameterError => typeof value === 'object' && value !== null && 'key' in value;

/** A table price (4 places) changed by a percent or an amount. */
const adjusted = (price: Decimal, method: string, change: Decimal): Decimal => changedPrice(price, method, change, 4);

const adjustmentsProcess: ServerProcess = {
  def: priceAdjustments,
  prepare: prepareChange(CHANGE_ERROR),
  preview(ctx) {
    // Exact in SQL, at the price's 4 places.
    const db = oeDb(ctx.db);
    const newPrice = changedPriceSql(db, 'r.price', changeMethod(ctx), ctx.state['change'] as Decimal, 4);
    let query = db
      .selectFrom('price_table_ranges as r')
      .leftJoin('products as p', 'p.product_id', 'r.product_id')
      .select([
        'r.range_id as RangeId',
        'r.price_table_id as PriceTableId',
        'r.product_id as ProductId',
        'r.price_type as PriceType',
        'r.from_quantity as FromQuantity',
        'r.to_quantity as ToQuantity',
        'r.price as Price',
        newPrice.as('NewPrice'),
        sql<string>`r.price_table_id || ' ' || coalesce(r.product_id, '*') || ' ' || r.price_type`.as('Item'),
      ])
      .where('r.price_type', 'in', ['Each', 'Cwt'])
      .orderBy('r.price_table_id')
      .orderBy('r.product_id')
      .orderBy('r.from_quantity');
    if (ctx.params['PriceTableId'] !== undefined) query = query.where('r.price_table_id', '=', String(ctx.params['PriceTableId']));
    if (ctx.params['ProductId'] !== undefined) query = query.where('r.product_id', '=', String(ctx.params['ProductId']));
    if (ctx.params['ClassId'] !== undefined) query = query.where('p.class_id', '=', String(ctx.params['ClassId']));
    return query;
  },
  async runItem(ctx, row) {
    const price = String(row['Price']);
    const next = adjusted(price, changeMethod(ctx), ctx.state['change'] as Decimal);
    const id = Number(row['RangeId']);
    if (cmp(next, '0') < 0) return { ResultStatus: 2, ResultCode: 'refused', Message: messageIn(ctx.locale, 'oe:price-adjustments.negative', { price, next }), EntityId: id };
    const done = await oeDb(ctx.db).transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('price_table_ranges')
        .set({ price: decimalToDb(trx, next, 4) })
        .where('range_id', '=', id)
        .where('price', '=', decimalToDb(trx, price, 4))
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      await touchTable(trx, String(row['PriceTableId']), ctx.user.userId);
      return true;
    });
    if (!done) return { ResultStatus: 2, ResultCode: 'changed', Message: messageIn(ctx.locale, 'oe:price-adjustments.changed'), EntityId: id };
    return { ResultStatus: 1, ResultCode: 'adjusted', Message: messageIn(ctx.locale, 'oe:price-adjustments.done', { price, next }), EntityId: id };
  },
  /**
   * The bulk path (a run over every row of the selection): the batch's new prices written by one statement in
   * one transaction — each row only if its stored price is still the previewed one (RETURNING says which) —
   * and each table touched once. The same outcomes as runItem, row by row.
   */
  async runBatch(ctx, rows) {
    const method = changeMethod(ctx);
    const change = ctx.state['change'] as Decimal;
    const planned = rows.map((row) => {
      const price = String(row['Price']);
      return { id: Number(row['RangeId']), table: String(row['PriceTableId']), price, next: adjusted(price, method, change) };
    });
    const writes = planned.filter((item) => cmp(item.next, '0') >= 0);
    const written = await oeDb(ctx.db).transaction().execute(async (trx) => {
      if (writes.length === 0) return new Set<number>();
      const price = engineOf(trx) === 'postgres' ? sql.raw('numeric') : sql.raw('integer');
      const values = sql.join(
        writes.map((item) => sql`(cast(${item.id} as integer), cast(${decimalToDb(trx, item.price, 4)} as ${price}), cast(${decimalToDb(trx, item.next, 4)} as ${price}))`),
      );
      // VALUES columns are column1… on both engines.
      const result = await sql<{ range_id: number }>`update price_table_ranges set price = v.column3 from (values ${values}) as v
        where price_table_ranges.range_id = v.column1 and price_table_ranges.price = v.column2 returning price_table_ranges.range_id`.execute(trx);
      const ids = new Set(result.rows.map((row) => Number(row.range_id)));
      await touchTables(trx, [...new Set(writes.filter((item) => ids.has(item.id)).map((item) => item.table))], ctx.user.userId);
      return ids;
    });
    return planned.map(({ id, price, next }) => {
      if (cmp(next, '0') < 0) return { ResultStatus: 2, ResultCode: 'refused', Message: messageIn(ctx.locale, 'oe:price-adjustments.negative', { price, next }), EntityId: id };
      if (!written.has(id)) return { ResultStatus: 2, ResultCode: 'changed', Message: messageIn(ctx.locale, 'oe:price-adjustments.changed'), EntityId: id };
      return { ResultStatus: 1, ResultCode: 'adjusted', Message: messageIn(ctx.locale, 'oe:price-adjustments.done', { price, next }), EntityId: id };
    });
  },
};

/** A price table's record trail after a process changed its rows (version, who, when). */
async function touchTable(trx: Kysely<OeDatabase>, id: string, userId: string): Promise<void> {
  await touchTables(trx, [id], userId);
}

/** The tables whose rows changed get a new version and trail, in one statement. */
async function touchTables(trx: Kysely<OeDatabase>, ids: readonly string[], userId: string): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('price_tables')
    .set({ version: sql<number>`version + 1`, updated_by: userId, updated_on: new Date().toISOString() })
    .where('price_table_id', 'in', ids)
    .execute();
}

const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

const renewProcess: ServerProcess = {
  def: renewPriceTable,
  async prepare(ctx) {
    const errors: ReportParameterError[] = [];
    const change = changeParameter(ctx, CHANGE_ERROR, { optional: true, min: '-100' });
    if (isError(change)) errors.push(change);
    else ctx.state['change'] = change;
    const id = String(ctx.params['NewPriceTableId'] ?? '').trim().toUpperCase();
    if (!CODE.test(id)) errors.push({ field: 'NewPriceTableId', key: 'oe:renew-price-table.badId' });
    else if (await oeDb(ctx.db).selectFrom('price_tables').select('price_table_id').where('price_table_id', '=', id).executeTakeFirst()) {
      errors.push({ field: 'NewPriceTableId', key: 'oe:renew-price-table.exists', params: { id } });
    }
    const effective = String(ctx.params['EffectiveDate']);
    const expiry = ctx.params['ExpiryDate'] === undefined ? null : String(ctx.params['ExpiryDate']);
    if (expiry !== null && expiry < effective) errors.push({ field: 'ExpiryDate', key: 'oe:rules.expiryBeforeEffective' });
    ctx.state['newId'] = id;
    return errors;
  },
  preview(ctx) {
    const db = oeDb(ctx.db);
    const counts = db.selectFrom('price_table_ranges').select(['price_table_id', sql<number>`count(*)`.as('n')]).groupBy('price_table_id');
    return db
      .selectFrom('price_tables as t')
      .leftJoin(counts.as('c'), 'c.price_table_id', 't.price_table_id')
      .select(['t.price_table_id as PriceTableId', 't.description as Description', 't.customer_id as CustomerId', 't.effective_date as EffectiveDate', 't.expiry_date as ExpiryDate', sql<number>`coalesce(c.n, 0)`.as('Rows')])
      .where('t.price_table_id', '=', String(ctx.params['PriceTableId']));
  },
  async runItem(ctx, row) {
    const from = String(row['PriceTableId']);
    const to = ctx.state['newId'] as string;
    const change = ctx.state['change'] as Decimal | null;
    const effective = String(ctx.params['EffectiveDate']);
    const expiry = ctx.params['ExpiryDate'] === undefined ? null : String(ctx.params['ExpiryDate']);
    const count = await oeDb(ctx.db).transaction().execute(async (trx) => {
      const header = await trx.selectFrom('price_tables').selectAll().where('price_table_id', '=', from).executeTakeFirstOrThrow();
      const now = new Date().toISOString();
      await trx
        .insertInto('price_tables')
        // A flag as read (PostgreSQL's boolean, SQLite's 0/1) is written back as 0/1, which both store alike.
        .values({ ...header, is_active: flag(asFlag(header.is_active)), price_table_id: to, effective_date: effective, expiry_date: expiry, review_date: null, created_by: ctx.user.userId, created_on: now, updated_by: ctx.user.userId, updated_on: now, version: 1 })
        .execute();
      const ranges = await trx.selectFrom('price_table_ranges').selectAll().where('price_table_id', '=', from).execute();
      for (const range of ranges) {
        const { range_id: _key, ...rest } = range;
        const stored = decimalFromDb(trx, range.price, 4) ?? '0';
        const price = change !== null && (range.price_type === 'Each' || range.price_type === 'Cwt') ? adjusted(stored, 'Percent', change) : stored;
        await trx.insertInto('price_table_ranges').values({ ...rest, price_table_id: to, price: decimalToDb(trx, price, 4) }).execute();
      }
      // The old table ends the day before the new one starts.
      const oldExpiry = header.expiry_date;
      if (oldExpiry === null || oldExpiry >= effective) {
        await trx.updateTable('price_tables').set({ expiry_date: dayBefore(effective) }).where('price_table_id', '=', from).execute();
        await touchTable(trx, from, ctx.user.userId);
      }
      return ranges.length;
    });
    return { ResultStatus: 1, ResultCode: 'renewed', Message: messageIn(ctx.locale, 'oe:renew-price-table.done', { from, to, count }), EntityId: to };
  },
};

const newProductsProcess: ServerProcess = {
  def: newProductsPricing,
  prepare: prepareChange(CHANGE_ERROR, { min: '0' }),
  preview(ctx) {
    const table = String(ctx.params['PriceTableId']);
    const db = oeDb(ctx.db);
    const stock = db.selectFrom('stock_balances').select(['product_id', sql<unknown>`max(average_cost)`.as('cost')]).groupBy('product_id');
    let query = db
      .selectFrom('products as p')
      .leftJoin(stock.as('b'), 'b.product_id', 'p.product_id')
      .select(['p.product_id as ProductId', 'p.description as Description', 'p.class_id as ClassId', 'b.cost as AverageCost'])
      .where('p.is_active', '=', 1)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('price_table_ranges as r').select(sql`1`.as('one')).whereRef('r.product_id', '=', 'p.product_id').where('r.price_table_id', '=', table))),
      )
      .orderBy('p.product_id');
    if (ctx.params['ClassId'] !== undefined) query = query.where('p.class_id', '=', String(ctx.params['ClassId']));
    return query;
  },
  async runItem(ctx, row) {
    const table = String(ctx.params['PriceTableId']);
    const productId = String(row['ProductId']);
    const markup = ctx.state['change'] as Decimal;
    await oeDb(ctx.db).transaction().execute(async (trx) => {
      await trx
        .insertInto('price_table_ranges')
        .values({ price_table_id: table, product_id: productId, price_type: 'CostPlus', from_quantity: decimalToDb(trx, '1', 4), to_quantity: null, price: decimalToDb(trx, markup, 4) })
        .execute();
      await touchTable(trx, table, ctx.user.userId);
    });
    return { ResultStatus: 1, ResultCode: 'priced', Message: messageIn(ctx.locale, 'oe:new-products-pricing.done', { product: productId, table, markup }), EntityId: productId };
  },
};

export const OE_SERVER_PROCESSES: readonly ServerProcess[] = [adjustmentsProcess, renewProcess, newProductsProcess];
