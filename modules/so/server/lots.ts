/**
 * The lots a sales order line names (issue 71 item 2: a lot picker on the lines of lot-tracked products), one rule
 * for the picker and the save:
 * - `freeLots`: a product's lots in a warehouse with stock (stock_lot_balances), each with what is free of it — on
 *   hand less what the lines of other Committed orders name of it — and its heat (the coil's, else the receipt
 *   lot's), lowest number first;
 * - `checkOrderLots` (the save of an Entered or Committed order, and its commit): every lot a line names is a lot of
 *   the line's product in the order's warehouse (§5 "Lot … is not a lot of … in warehouse …") and the line takes no
 *   more of it than is free (§5 "Lot … has … left …"); each lot row gets its heat. Shipping moves the very lots
 *   (fulfilment.ts), so the invoice and lot number tracking show them.
 *
 *   GET /api/so/lots?Search=&Values={"ProductId","WarehouseId","Quantity","OrderKey"} → { List: [{ Value: lot,
 *   Label: free quantity, Detail: heat, Fill: { Quantity, HeatNo } }] } — the lot field's suggestions
 *   (definition `suggest`); Quantity is what the line still needs of it, capped at what is free. Right: reading
 *   sales orders.
 */
import { add, cmp, round, sub, type Decimal } from '@erp/shared/decimal';
import { formatDecimal } from '@erp/shared/format';
import { decimalFromDb, decimalToDb } from '@erp/server/db/decimal-codec';
import { BusinessError, messageIn } from '@erp/server/entities/call-result';
import type { Kysely } from 'kysely';
import { sendAnswer, type EntityRoutes } from '@erp/server/entities/special-routes';
import { apiSchema, callResult, object, RECORD, text } from '@erp/server/http/schemas';
import { linesOf } from './pricing.ts';
import { soDb, type SoDatabase } from './tables.generated.ts';
import type { WireRecord } from '@erp/server/entities/hooks';

export interface FreeLot {
  lotNo: string;
  onHand: Decimal;
  free: Decimal;
  heatNo: string | null;
}

const ZERO = '0.0000';

/** The product's lots in the warehouse (only `lotNos` when given; those starting with `search`), what is free of each. */
export async function freeLots(db: Kysely<SoDatabase>, productId: string, warehouseId: string, options: { exceptOrder?: number | null; lotNos?: readonly string[]; search?: string; limit?: number } = {}): Promise<FreeLot[]> {
  // `stock_lot_balances`: Inventory's migration table (modules/ic/server/migration-tables.ts), typed in SoDatabase.
  let query = db.selectFrom('stock_lot_balances').select(['lot_no', 'on_hand']).where('product_id', '=', productId).where('warehouse_id', '=', warehouseId).where('lot_no', '<>', '');
  if (options.lotNos) query = query.where('lot_no', 'in', options.lotNos.length > 0 ? [...options.lotNos] : ['']);
  else query = query.where('on_hand', '>', decimalToDb(db, '0', 4));
  // The lot numbers typed so far (a lot number is code-like: `_` and `/` are its own, never LIKE's wildcards).
  const rows = (await query.orderBy('lot_no').limit(2000).execute()).filter((row) => !options.search || row.lot_no.startsWith(options.search)).slice(0, options.limit ?? 2000);
  if (rows.length === 0) return [];
  const lotNos = rows.map((row) => row.lot_no);
  let named = db
    .selectFrom('so_line_lots as t')
    .innerJoin('so_lines as l', 'l.line_id', 't.line_id')
    .innerJoin('sales_orders as o', 'o.order_key', 'l.order_key')
    .select(['t.lot_no', 't.quantity'])
    .where('o.status', '=', 'Committed')
    .where('o.warehouse_id', '=', warehouseId)
    .where('l.product_id', '=', productId)
    .where('t.lot_no', 'in', lotNos);
  if (options.exceptOrder != null) named = named.where('o.order_key', '<>', options.exceptOrder);
  const taken = new Map<string, Decimal>();
  for (const row of await named.execute()) taken.set(String(row.lot_no), add(taken.get(String(row.lot_no)) ?? ZERO, decimalFromDb(db, row.quantity, 4) ?? ZERO));
  const heats = await heatsOf(db, lotNos);
  return rows.map((row) => {
    const lotNo = row.lot_no;
    const onHand = decimalFromDb(db, row.on_hand, 4) ?? ZERO;
    const left = sub(onHand, taken.get(lotNo) ?? ZERO);
    return { lotNo, onHand, free: cmp(left, ZERO) > 0 ? left : ZERO, heatNo: heats.get(lotNo) ?? null };
  });
}

/** The heat of each lot: the coil's, else the posted receipt lot's. */
export async function heatsOf(trx: Kysely<SoDatabase>, lotNos: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const ids = [...new Set(lotNos.filter((lot) => lot !== ''))];
  if (ids.length === 0) return out;
  const received = await trx.selectFrom('po_receipt_lots').select(['lot_no', 'heat_no']).where('lot_no', 'in', ids).where('heat_no', 'is not', null).execute();
  for (const row of received) out.set(String(row.lot_no), String(row.heat_no));
  const coils = await trx.selectFrom('coils').select(['coil_no', 'heat_no']).where('coil_no', 'in', ids).where('heat_no', 'is not', null).execute();
  for (const row of coils) out.set(String(row.coil_no), String(row.heat_no));
  return out;
}

/**
 * The warehouse's lots of a product with stock, oldest (lowest number) first, until `quantity` is covered (a
 * lot-tracked line shipped without lots: fulfilment.ts).
 */
export async function allocateLots(db: Kysely<SoDatabase>, productId: string, warehouseId: string, quantity: Decimal): Promise<{ lotNo: string; quantity: Decimal }[] | null> {
  const rows = await db
    .selectFrom('stock_lot_balances')
    .select(['lot_no', 'on_hand'])
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId)
    .where('lot_no', '<>', '')
    .where('on_hand', '>', decimalToDb(db, '0', 4))
    .orderBy('lot_no')
    .execute();
  const out: { lotNo: string; quantity: Decimal }[] = [];
  let left = quantity;
  for (const row of rows) {
    if (cmp(left, '0') <= 0) break;
    const onHand = decimalFromDb(db, row.on_hand, 4) ?? '0';
    const take = cmp(onHand, left) < 0 ? onHand : left;
    out.push({ lotNo: row.lot_no, quantity: round(take, 4) });
    left = sub(left, take);
  }
  return cmp(left, '0') > 0 ? null : out;
}

/**
 * §5 on the lots of an order's lines (wire form, the lines as the save will write them): answers the lines with
 * each lot row's heat. `language` writes the quantities of a refusal as the user reads them.
 */
export async function checkOrderLots(trx: Kysely<SoDatabase>, record: WireRecord, lines: readonly WireRecord[], language: string | null): Promise<WireRecord[]> {
  const warehouseId = String(record['WarehouseId'] ?? '');
  const orderKey = record['OrderKey'] == null ? null : Number(record['OrderKey']);
  const out: WireRecord[] = [];
  for (const [index, line] of lines.entries()) {
    const lots = Array.isArray(line['Lots']) ? (line['Lots'] as WireRecord[]) : [];
    if (lots.length === 0) {
      out.push(line);
      continue;
    }
    const productId = String(line['ProductId'] ?? '').toUpperCase();
    const wanted = new Map<string, { quantity: Decimal; first: number }>();
    lots.forEach((lot, at) => {
      const lotNo = String(lot['LotNo'] ?? '').toUpperCase();
      const before = wanted.get(lotNo);
      wanted.set(lotNo, { quantity: add(before?.quantity ?? ZERO, String(lot['Quantity'] ?? '0')), first: before?.first ?? at });
    });
    const found = new Map((await freeLots(trx, productId, warehouseId, { exceptOrder: orderKey, lotNos: [...wanted.keys()] })).map((lot) => [lot.lotNo, lot]));
    for (const [lotNo, { quantity, first }] of wanted) {
      const field = `Lines[${index}].Lots[${first}].LotNo`;
      const lot = found.get(lotNo);
      if (!lot) throw BusinessError.of(400, 'lot_invalid', 'so:sales-order.rules.lotNotHere', { lot: lotNo, product: productId, warehouse: warehouseId }, field);
      if (cmp(quantity, lot.free) > 0) {
        const params = { lot: lotNo, product: productId, free: formatDecimal(lot.free, 4, language ?? undefined), quantity: formatDecimal(quantity, 4, language ?? undefined) };
        throw BusinessError.of(409, 'lot_short', 'so:sales-order.rules.lotShort', params, field);
      }
    }
    out.push({ ...line, Lots: lots.map((lot) => ({ ...lot, HeatNo: found.get(String(lot['LotNo'] ?? '').toUpperCase())?.heatNo ?? null })) });
  }
  return out;
}

/** Whether an order (wire form) names any lot: the commit checks them again, the stock may have moved. */
export function namesLots(record: WireRecord): boolean {
  return linesOf(record).some((line) => Array.isArray(line['Lots']) && (line['Lots'] as unknown[]).length > 0);
}

const code = (value: unknown, max: number): string | null => (typeof value === 'string' && value.trim() !== '' && value.length <= max ? value.trim().toUpperCase() : null);
const QUANTITY = /^\d{1,11}(\.\d{1,4})?$/;

const LOTS_SCHEMA = apiSchema({
  summary: "A product's lots in the order's warehouse with what is free of each and its heat (the sales order line's lot picker)",
  tags: ['sales-order'],
  querystring: object({ Search: text(30), Values: text(2000) }),
  response: { 200: callResult(undefined, { List: { type: 'array', items: RECORD } }) },
});

export const lotRoutes: EntityRoutes = async (app, { contextOf }) => {
  app.get<{ Querystring: { Search?: string; Values?: string } }>(
    '/api/so/lots',
    {
      schema: LOTS_SCHEMA,
    },
    async (request, reply) => {
      const ctx = await contextOf(request, reply, 'sales-order', 'read');
      if (!ctx) return reply;
      const language = ctx.user.row.language;
      let values: WireRecord = {};
      try {
        const parsed: unknown = JSON.parse(request.query.Values ?? '{}');
        if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) values = parsed as WireRecord;
      } catch {
        return sendAnswer(reply, { status: 400, body: { ResultStatus: 2, ResultCode: 'validation_failed', Message: 'Values is not a JSON object', EntityId: null, Exception: null } });
      }
      const productId = code(values['ProductId'], 30);
      const warehouseId = code(values['WarehouseId'], 10);
      const list: WireRecord[] = [];
      if (productId && warehouseId) {
        const orderKey = Number(values['OrderKey']);
        const needed = typeof values['Quantity'] === 'string' && QUANTITY.test(values['Quantity'].trim()) ? values['Quantity'].trim() : null;
        const search = (request.query.Search ?? '').trim().toUpperCase();
        for (const lot of await freeLots(soDb(ctx.db), productId, warehouseId, { exceptOrder: Number.isSafeInteger(orderKey) ? orderKey : null, search, limit: 50 })) {
          if (cmp(lot.free, ZERO) <= 0) continue;
          const take = needed !== null && cmp(needed, lot.free) < 0 ? needed : lot.free;
          list.push({
            Value: lot.lotNo,
            Label: messageIn(language, 'so:sales-order.lots.free', { quantity: formatDecimal(lot.free, 4, language ?? undefined) }),
            Detail: lot.heatNo ? messageIn(language, 'so:sales-order.lots.heat', { heat: lot.heatNo }) : null,
            Fill: { Quantity: take, HeatNo: lot.heatNo },
          });
        }
      }
      return reply.header('cache-control', 'no-store').send({ ResultStatus: list.length > 0 ? 1 : 6, ResultCode: list.length > 0 ? 'ok' : 'no_records', Message: list.length > 0 ? null : messageIn(language, 'so:sales-order.lots.none', { product: productId ?? '', warehouse: warehouseId ?? '' }), EntityId: null, Exception: null, List: list });
    },
  );
};
