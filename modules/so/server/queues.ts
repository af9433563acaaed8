/**
 * The shipping and invoicing queues (definitions: modules/so/definitions/reports.ts). The preview lists the
 * orders in the state the queue takes; each item runs the order's own action through the API (`ctx.call`: the
 * same rules, version check, transaction and audit as the screen's button), so a queue never copies a rule.
 * - shipping queue: Committed orders (warehouse, route, delivery date up to the one given) → `ship` with the
 *   run's ShipDate;
 * - invoicing queue: Shipped orders (a bill-to, or every bill-to of one jobber — the jobbers invoicing queue) →
 *   `invoice` with the run's InvoiceDate; each item answers the §3 order-invoice result: ItemId OrderKey,
 *   Label OrderNo, EntityId InvoiceId and Data { OrderKey, OrderNo, InvoiceId, InvoiceNo }.
 * Both keep to the caller's assigned customers (§6). Run on many orders (the engine's bulk path, `runBatch`), a
 * batch is one call of the action on all its orders (POST /api/data/sales-order/actions/:action: one
 * transaction, each order in a savepoint, each checked as alone) — invoicing 1,000 shipped orders is one call.
 */
import { assignedFirms, isRestricted } from '@erp/modules/shell/server/api';
import type { ItemOutcome, ProcessContext, ServerProcess } from '@erp/server/processes/engine';
import { arInvoice } from '@erp/modules/ar/definitions/index';
import { invoiceQueue, shippingQueue } from '../definitions/reports.ts';
import { editLotsProcess } from './lot-edit.ts';
import { invoicePublishingProcess } from './publishing.ts';
import { soDb } from './tables.generated.ts';
import type { WireRecord } from '@erp/server/entities/hooks';

const param = (ctx: ProcessContext, name: string): string | null => {
  const value = ctx.params[name];
  return typeof value === 'string' && value !== '' ? value : null;
};

async function prepareScope(ctx: ProcessContext): Promise<[]> {
  ctx.state['assigned'] = isRestricted(ctx.user) ? await assignedFirms(ctx.db, ctx.user) : null;
  return [];
}

/** §6: the bill-tos a restricted caller may see (none assigned: a list matching nothing), null when not restricted. */
function scope(ctx: ProcessContext): string[] | null {
  const assigned = ctx.state['assigned'] as string[] | null | undefined;
  if (!assigned) return null;
  return assigned.length > 0 ? assigned : [''];
}

/** The §3 order-invoice result of an invoiced order, and the invoice it made as the result's link (issue 40 item 3). */
function invoiced(row: WireRecord, data: WireRecord): Pick<ItemOutcome, 'Data' | 'Made'> {
  const invoiceNo = data['InvoiceNo'] ?? null;
  return {
    Data: { OrderKey: Number(row['OrderKey']), OrderNo: row['OrderNo'], InvoiceId: Number(data['InvoiceId']), InvoiceNo: invoiceNo },
    Made: [{ Entity: arInvoice.name, Id: Number(data['InvoiceId']), Number: String(invoiceNo ?? data['InvoiceId']) }],
  };
}

async function runAction(ctx: ProcessContext, row: WireRecord, action: string, body: WireRecord): Promise<ItemOutcome> {
  const answer = await ctx.call('POST', `data/sales-order/${encodeURIComponent(String(row['OrderKey']))}/actions/${action}`, { Version: row['Version'], ...body });
  const result = (answer.body ?? {}) as { ResultStatus?: number; ResultCode?: string; Message?: string; Data?: WireRecord };
  const ok = answer.status < 300;
  const data = result.Data ?? {};
  return {
    // A question (over the credit limit) is not answered by a batch: the item stays a warning.
    ResultStatus: ok ? (result.ResultStatus ?? 1) : 2,
    ResultCode: result.ResultCode ?? (ok ? 'done' : 'failed'),
    Message: result.Message ?? '',
    EntityId: ok && data['InvoiceId'] !== undefined ? Number(data['InvoiceId']) : String(row['OrderKey']),
    ...(ok && data['InvoiceId'] !== undefined ? invoiced(row, data) : {}),
  };
}

/** One batch: the action on every row in one call; one outcome per row, in order. */
async function runBatchAction(ctx: ProcessContext, rows: readonly WireRecord[], action: string, body: WireRecord): Promise<ItemOutcome[]> {
  const answer = await ctx.call('POST', `data/sales-order/actions/${action}`, { ...body, Items: rows.map((row) => ({ Id: Number(row['OrderKey']), Version: Number(row['Version']) })) });
  const list = ((answer.body as { List?: WireRecord[] } | null)?.List ?? []) as WireRecord[];
  return rows.map((row, index) => {
    const result = list[index];
    if (!result) return { ResultStatus: 2, ResultCode: 'failed', Message: String((answer.body as WireRecord | null)?.['Message'] ?? ''), EntityId: String(row['OrderKey']) };
    const data = (result['ActionResult'] ?? {}) as WireRecord;
    const made = result['ResultStatus'] === 1 && data['InvoiceId'] !== undefined;
    return {
      ResultStatus: Number(result['ResultStatus']),
      ResultCode: String(result['ResultCode'] ?? ''),
      Message: String(result['Message'] ?? ''),
      EntityId: made ? Number(data['InvoiceId']) : String(row['OrderKey']),
      ...(made ? invoiced(row, data) : {}),
    };
  });
}

const shippingProcess: ServerProcess = {
  def: shippingQueue,
  prepare: prepareScope,
  preview(ctx) {
    let query = soDb(ctx.db)
      .selectFrom('sales_orders as o')
      .select([
        'o.order_key as OrderKey',
        'o.order_no as OrderNo',
        'o.order_date as OrderDate',
        'o.delivery_date as DeliveryDate',
        'o.route_id as RouteId',
        'o.bill_to_id as BillToId',
        'o.customer_name as CustomerName',
        'o.warehouse_id as WarehouseId',
        'o.total as Total',
        'o.version as Version',
      ])
      .where('o.status', '=', 'Committed')
      .orderBy('o.delivery_date')
      .orderBy('o.order_key');
    const warehouse = param(ctx, 'WarehouseId');
    const route = param(ctx, 'RouteId');
    const delivery = param(ctx, 'DeliveryDate');
    if (warehouse) query = query.where('o.warehouse_id', '=', warehouse);
    if (route) query = query.where('o.route_id', '=', route);
    if (delivery) query = query.where('o.delivery_date', '<=', delivery);
    const assigned = scope(ctx);
    return assigned ? query.where('o.bill_to_id', 'in', assigned) : query;
  },
  runItem: (ctx, row) => runAction(ctx, row, 'ship', param(ctx, 'ShipDate') ? { Date: param(ctx, 'ShipDate') } : {}),
  runBatch: (ctx, rows) => runBatchAction(ctx, rows, 'ship', param(ctx, 'ShipDate') ? { Date: param(ctx, 'ShipDate') } : {}),
};

const invoiceProcess: ServerProcess = {
  def: invoiceQueue,
  prepare: prepareScope,
  preview(ctx) {
    let query = soDb(ctx.db)
      .selectFrom('sales_orders as o')
      .leftJoin('firms as f', 'f.firm_id', 'o.bill_to_id')
      .select([
        'o.order_key as OrderKey',
        'o.order_no as OrderNo',
        'o.ship_date as ShipDate',
        'o.bill_to_id as BillToId',
        'o.customer_name as CustomerName',
        'o.order_type as OrderType',
        'o.sub_total as SubTotal',
        'o.tax_total as TaxTotal',
        'o.total as Total',
        'o.version as Version',
      ])
      .where('o.status', '=', 'Shipped')
      .orderBy('o.ship_date')
      .orderBy('o.order_key');
    const customer = param(ctx, 'BillToId');
    const jobber = param(ctx, 'JobberFirmId');
    if (customer) query = query.where('o.bill_to_id', '=', customer);
    if (jobber) query = query.where('f.jobber_firm_id', '=', jobber);
    const assigned = scope(ctx);
    return assigned ? query.where('o.bill_to_id', 'in', assigned) : query;
  },
  runItem: (ctx, row) => runAction(ctx, row, 'invoice', param(ctx, 'InvoiceDate') ? { Date: param(ctx, 'InvoiceDate') } : {}),
  runBatch: (ctx, rows) => runBatchAction(ctx, rows, 'invoice', param(ctx, 'InvoiceDate') ? { Date: param(ctx, 'InvoiceDate') } : {}),
};

export const SO_SERVER_PROCESSES: readonly ServerProcess[] = [shippingProcess, invoiceProcess, editLotsProcess, invoicePublishingProcess];
