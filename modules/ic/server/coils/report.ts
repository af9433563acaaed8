/**
 * The coil inquiry's query (definition modules/ic/definitions/coils/coil-inquiry.ts) for the report engine:
 * coils joined to their product (description) and heat (mill), filtered by the optional parameters.
 * Decimals are read as stored (the engine decodes them); nothing is computed in SQL.
 */
import { coilInquiry } from '../../definitions/coils/index.ts';
import type { ReportContext, ServerReport } from '@erp/server/reports/engine';
import { sql } from 'kysely';
import { icDb } from '../tables.generated.ts';

export const coilInquiryReport: ServerReport = {
  def: coilInquiry,
  rows(ctx: ReportContext) {
    const { ProductId, HeatNo, CoilStatus, WarehouseId, ReceivedFrom, ReceivedTo } = ctx.params;
    let query = icDb(ctx.db)
      .selectFrom('coils as c')
      .leftJoin('products as p', 'p.product_id', 'c.product_id')
      .leftJoin('heat_numbers as h', 'h.heat_no', 'c.heat_no')
      .select([
        'c.product_id as ProductId',
        'p.description as ProductDescription',
        'c.coil_no as CoilNo',
        'c.heat_no as HeatNo',
        'h.mill as Mill',
        'c.manufacturer_coil_no as ManufacturerCoilNo',
        'c.coil_status as CoilStatus',
        'c.warehouse_id as WarehouseId',
        'c.storage_id as StorageId',
        'c.received_date as ReceivedDate',
        'c.gauge as Gauge',
        'c.width as Width',
        'c.coil_weight as CoilWeight',
        'c.cost_per_pound as CostPerPound',
      ]);
    if (typeof ProductId === 'string' && ProductId !== '') query = query.where('c.product_id', '=', ProductId);
    if (typeof HeatNo === 'string' && HeatNo !== '') query = query.where('c.heat_no', '=', HeatNo);
    if (typeof CoilStatus === 'string' && CoilStatus !== '') query = query.where(sql<boolean>`${sql.ref('c.coil_status')} = ${CoilStatus}`);
    if (typeof WarehouseId === 'string' && WarehouseId !== '') query = query.where('c.warehouse_id', '=', WarehouseId);
    if (typeof ReceivedFrom === 'string' && ReceivedFrom !== '') query = query.where('c.received_date', '>=', ReceivedFrom);
    if (typeof ReceivedTo === 'string' && ReceivedTo !== '') query = query.where('c.received_date', '<=', ReceivedTo);
    return query;
  },
};

export const IC_COIL_REPORTS: readonly ServerReport[] = [coilInquiryReport];
