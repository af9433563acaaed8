/**
 * Queries of the stock reports (definitions: modules/ic/definitions/stock/reports.ts; engine:
 * server/src/reports/engine.ts). Registered by modules/ic/server/reports/index.ts.
 *
 * - ic-stock-status: stock_balances ⋈ products, read in (product, warehouse) order — the balances' primary
 *   key, so the first page is an index range read; the optional warehouse filter uses the
 *   (warehouse_id, product_id) index and the class filter products' (class_id, product_id) index. Available
 *   = on hand − committed: both NUMERIC(15,4) / integer units of the same scale, so the difference is exact on
 *   both engines. The count comes from stock_balances alone (`aggregate`: no join; an index-only count).
 * - ic-product-cost: the same rows with the average and last cost and the last receipt date.
 * - ic-product-inquiry: the product's stock_ledger rows in the date range (index product_id, warehouse_id,
 *   entry_id), per warehouse; the opening per warehouse is the SUM of its quantities before the range.
 * A product or class that does not exist: the lookup message of the framework (`prepare`).
 */
import { productCost, productInquiry, stockStatus } from '../../definitions/stock/reports.ts';
import type { ReportParameterError } from '@erp/shared/reports/define';
import type { Decimal } from '@erp/shared/decimal';
import { sql } from 'kysely';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { readAll, readFirst } from '@erp/server/db/read';
import type { GroupFigures, ReportContext, ServerReport } from '@erp/server/reports/engine';
import { icDb } from '../tables.generated.ts';

/** The balances rows with the report's filters. */
function balanceRows(ctx: ReportContext) {
  let query = icDb(ctx.db).selectFrom('stock_balances as b').innerJoin('products as p', 'p.product_id', 'b.product_id');
  if (typeof ctx.params['WarehouseId'] === 'string') query = query.where('b.warehouse_id', '=', ctx.params['WarehouseId']);
  if (typeof ctx.params['ClassId'] === 'string') query = query.where('p.class_id', '=', ctx.params['ClassId']);
  if (typeof ctx.params['ProductId'] === 'string') query = query.where('b.product_id', '=', ctx.params['ProductId']);
  return query;
}

/** Lookups that name nothing: the warehouse (§8 "The warehouse does not exist."), the class, the product (each when given). */
async function checkLookups(ctx: ReportContext): Promise<ReportParameterError[]> {
  const db = icDb(ctx.db);
  const { WarehouseId: warehouse, ClassId: classId, ProductId: product } = ctx.params;
  const errors: ReportParameterError[] = [];
  if (typeof warehouse === 'string' && !(await readFirst(ctx.database, db.selectFrom('warehouses').select('warehouse_id').where('warehouse_id', '=', warehouse).limit(1)))) {
    errors.push({ field: 'WarehouseId', key: 'ic:reports.validation.warehouseMissing' });
  }
  if (typeof classId === 'string' && !(await readFirst(ctx.database, db.selectFrom('product_classes').select('class_id').where('class_id', '=', classId).limit(1)))) {
    errors.push({ field: 'ClassId', key: 'ic:reports.validation.classMissing' });
  }
  if (typeof product === 'string' && !(await readFirst(ctx.database, db.selectFrom('products').select('product_id').where('product_id', '=', product).limit(1)))) {
    errors.push({ field: 'ProductId', key: 'ic:reports.validation.productMissing' });
  }
  return errors;
}

/** Count and sums straight from stock_balances when no filter needs the products table. */
async function balanceAggregate(ctx: ReportContext, sums: Record<string, string>): Promise<GroupFigures[]> {
  const db = icDb(ctx.db);
  let query = db.selectFrom('stock_balances as b').select([sql<unknown>`count(*)`.as('n'), ...Object.entries(sums).map(([field, column]) => sql<unknown>`sum(${sql.ref(column)})`.as(field))]);
  if (typeof ctx.params['WarehouseId'] === 'string') query = query.where('b.warehouse_id', '=', ctx.params['WarehouseId']);
  if (typeof ctx.params['ProductId'] === 'string') query = query.where('b.product_id', '=', ctx.params['ProductId']);
  if (typeof ctx.params['ClassId'] === 'string') {
    query = query.where('b.product_id', 'in', db.selectFrom('products').select('product_id').where('class_id', '=', ctx.params['ClassId']));
  }
  const [row] = await readAll(ctx.database, query);
  const figures: Record<string, Decimal | number> = {};
  for (const field of Object.keys(sums)) figures[field] = decimalFromDb(ctx.db, row?.[field] ?? 0, field === 'Value' ? 2 : 4) ?? '0';
  return [{ key: '', count: Number(row?.['n'] ?? 0), sums: figures }];
}

/** The columns both balance reports start with: the product, its warehouse and the quantity on hand. */
const PRODUCT_BALANCE = ['b.product_id as ProductId', 'p.description as Description', 'b.warehouse_id as WarehouseId', 'p.unit_of_measure as UnitOfMeasure', 'b.on_hand as OnHand'] as const;

export const stockStatusServerReport: ServerReport = {
  def: stockStatus,
  prepare: checkLookups,
  rows: (ctx) =>
    balanceRows(ctx).select([
      ...PRODUCT_BALANCE,
      'b.committed as Committed',
      sql<unknown>`b.on_hand - b.committed`.as('Available'),
      'b.average_cost as AverageCost',
      'b.value as Value',
    ]),
  aggregate: (ctx) => balanceAggregate(ctx, {}),
};

export const productCostServerReport: ServerReport = {
  def: productCost,
  prepare: checkLookups,
  rows: (ctx) =>
    balanceRows(ctx).select([
      ...PRODUCT_BALANCE,
      'b.average_cost as AverageCost',
      'b.last_cost as LastCost',
      'b.value as Value',
      'b.last_receipt_date as LastReceiptDate',
    ]),
  aggregate: (ctx) => balanceAggregate(ctx, {}),
};

/** The product's movements (in the warehouse when given). */
function ledgerRows(ctx: ReportContext) {
  let query = icDb(ctx.db).selectFrom('stock_ledger as l').where('l.product_id', '=', String(ctx.params['ProductId']));
  if (typeof ctx.params['WarehouseId'] === 'string') query = query.where('l.warehouse_id', '=', ctx.params['WarehouseId']);
  return query;
}

export const productInquiryServerReport: ServerReport = {
  def: productInquiry,
  prepare: checkLookups,
  rows: (ctx) =>
    ledgerRows(ctx)
      .leftJoin('warehouses as w', 'w.warehouse_id', 'l.warehouse_id')
      .where('l.movement_date', '>=', String(ctx.params['StartDate']))
      .where('l.movement_date', '<=', String(ctx.params['EndDate']))
      .select([
        'l.warehouse_id as WarehouseId',
        'w.name as WarehouseName',
        'l.movement_date as MovementDate',
        'l.voucher_no as VoucherNo',
        'l.voucher_type as VoucherType',
        'l.lot_no as LotNo',
        'l.quantity as Quantity',
        'l.unit_cost as UnitCost',
        'l.value as Value',
        sql<null>`null`.as('Balance'),
        'l.entry_id as EntryId',
      ]),
  async openings(ctx, keys) {
    const result = new Map<string, Decimal>();
    if (keys.length === 0) return result;
    const rows = await readAll(
      ctx.database,
      ledgerRows(ctx)
        .where('l.warehouse_id', 'in', keys)
        .where('l.movement_date', '<', String(ctx.params['StartDate']))
        .select(['l.warehouse_id as k', sql<unknown>`sum(l.quantity)`.as('q')])
        .groupBy('l.warehouse_id'),
    );
    for (const row of rows) result.set(row.k, decimalFromDb(ctx.db, row.q, 4) ?? '0.0000');
    for (const key of keys) if (!result.has(key)) result.set(key, '0.0000');
    return result;
  },
};

export const IC_STOCK_SERVER_REPORTS: readonly ServerReport[] = [stockStatusServerReport, productCostServerReport, productInquiryServerReport];
