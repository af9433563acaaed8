/**
 * Edit lot numbers shipped (OE-33 `/edit-lot-numbers-shipped`; issue 26 item 2; definition
 * modules/so/definitions/reports.ts `editLotsShipped`): the lots a shipped (or invoiced) order's line left with are
 * corrected after the fact — the driver loaded another bundle than the one allocated.
 * - preview: the lots shipped on the order's lines (a product narrows them), each with its quantity and heat;
 * - run, per lot picked: its quantity moves to the parameter's NewLotNo through Inventory's stock ledger — the
 *   old lot back in and the new lot out of the order's warehouse, both at the moving average (the stock's value
 *   and the G/L do not change: the two movements net to zero per account, so nothing is posted); the new lot must
 *   hold the quantity (the stock ledger's own refusal otherwise); the line's lot row takes the new lot and its
 *   heat (the coil's, else the receipt lot's), so lot number tracking follows.
 */
import { neg } from '@erp/shared/decimal';
import { recordMovements } from '@erp/modules/ic/server/api';
import type { ReportParameterError } from '@erp/shared/reports/define';
import { answerOf, messageIn } from '@erp/server/entities/call-result';
import type { Kysely } from 'kysely';
import type { ProcessContext, ServerProcess } from '@erp/server/processes/engine';
import { assignedFirms, isRestricted } from '@erp/modules/shell/server/api';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { editLotsShipped } from '../definitions/reports.ts';
import { soDb, type SoDatabase } from './tables.generated.ts';

const LOT = /^[A-Z0-9/._-]{1,30}$/;

async function heatOf(trx: Kysely<SoDatabase>, lotNo: string): Promise<string | null> {
  const coil = await trx.selectFrom('coils').select('heat_no').where('coil_no', '=', lotNo).executeTakeFirst();
  if (coil?.heat_no) return String(coil.heat_no);
  const received = await trx.selectFrom('po_receipt_lots').select('heat_no').where('lot_no', '=', lotNo).where('heat_no', 'is not', null).executeTakeFirst();
  return received?.heat_no ? String(received.heat_no) : null;
}

export const editLotsProcess: ServerProcess = {
  def: editLotsShipped,
  async prepare(ctx: ProcessContext): Promise<ReportParameterError[]> {
    const lot = String(ctx.params['NewLotNo'] ?? '').trim().toUpperCase();
    if (!LOT.test(lot)) return [{ field: 'NewLotNo', key: 'so:reports.editLots.lotInvalid' }];
    ctx.state['lot'] = lot;
    ctx.state['assigned'] = isRestricted(ctx.user) ? await assignedFirms(ctx.db, ctx.user) : null;
    return [];
  },
  preview(ctx) {
    let query = soDb(ctx.db)
      .selectFrom('so_line_lots as t')
      .innerJoin('so_lines as l', 'l.line_id', 't.line_id')
      .innerJoin('sales_orders as o', 'o.order_key', 'l.order_key')
      .select(['t.lot_id as LotId', 'o.order_no as OrderNo', 'l.product_id as ProductId', 't.lot_no as LotNo', 't.heat_no as HeatNo', 't.quantity as Quantity'])
      .where('o.order_key', '=', Number(ctx.params['OrderKey']))
      .where('o.status', 'in', ['Shipped', 'Invoiced'])
      .where('t.lot_no', '<>', String(ctx.state['lot']))
      .orderBy('l.line_id')
      .orderBy('t.lot_id');
    const assigned = ctx.state['assigned'] as string[] | null | undefined;
    if (assigned) query = query.where('o.bill_to_id', 'in', assigned.length > 0 ? assigned : ['']);
    const product = ctx.params['ProductId'];
    if (typeof product === 'string' && product !== '') query = query.where('l.product_id', '=', product);
    return query;
  },
  async runItem(ctx, row) {
    const lotId = Number(row['LotId']);
    const newLot = String(ctx.state['lot']);
    try {
      await soDb(ctx.db).transaction().execute(async (trx) => {
        const found = await trx
          .selectFrom('so_line_lots as t')
          .innerJoin('so_lines as l', 'l.line_id', 't.line_id')
          .innerJoin('sales_orders as o', 'o.order_key', 'l.order_key')
          .select(['t.lot_no', 't.quantity', 'l.product_id', 'l.line_id', 'o.order_no', 'o.order_key', 'o.warehouse_id', 'o.ship_date'])
          .where('t.lot_id', '=', lotId)
          .executeTakeFirstOrThrow();
        const quantity = decimalFromDb(trx, found.quantity, 4) ?? '0';
        const productId = String(found.product_id);
        const warehouseId = String(found.warehouse_id);
        const orderNo = String(found.order_no);
        const date = new Date().toISOString().slice(0, 10);
        await recordMovements(
          trx,
          { date, documentNo: orderNo, origin: { type: 'sales-order', id: String(found.order_key) }, userId: ctx.user.userId, description: `${orderNo} ${String(found.lot_no)} → ${newLot}`, offsetAccount: 'ADJUSTMENT' },
          [
            { productId, warehouseId, lotNo: String(found.lot_no), quantity, line: found.line_id },
            { productId, warehouseId, lotNo: newLot, quantity: neg(quantity), line: found.line_id },
          ],
        );
        await trx.updateTable('so_line_lots').set({ lot_no: newLot, heat_no: await heatOf(trx, newLot) }).where('lot_id', '=', lotId).execute();
      });
    } catch (error) {
      const answer = answerOf(error, ctx.locale);
      if (!answer) throw error;
      return { ResultStatus: 2, ResultCode: String((answer.body as { ResultCode?: string }).ResultCode ?? 'refused'), Message: String((answer.body as { Message?: string }).Message ?? ''), EntityId: lotId };
    }
    return { ResultStatus: 1, ResultCode: 'moved', Message: messageIn(ctx.locale, 'so:reports.editLots.done', { from: row['LotNo'], to: newLot }), EntityId: lotId };
  },
};
