/**
 * Sales orders' own call (issue 26 item 1: "a line is product, quantity, Enter — the price and availability
 * appear as you type"), the sales order lines' `linePreview` (shared/src/entities/definition-types.ts):
 *
 *   POST /api/so/line-preview  { Header: { BillToId?, ShipToId?, WarehouseId?, OrderDate? }, Line: { ProductId,
 *        Quantity?, OverridePrice? } } (the document form's wire values; other keys are ignored)
 *        → CallResult Data { Description, Price, PriceSource, UnitPrice, Amount, TaxCodes, TaxAmount, Available,
 *        StockNote (the warehouse cannot fill the line: which can — issue 71 item 2) }
 *        Right: reading sales orders; a bill-to the user is not assigned to (§6) is refused (403). The figures are the save's own (the pricing service for the bill-to and
 *        ship-to at the order date, the ship-to province's taxes, on hand less committed in the warehouse); no
 *        bill-to yet: the description and availability only; nothing is written (an override is audited by the
 *        save). A product that does not exist answers empty figures, a malformed quantity 400.
 */
import { add, isDecimal, mul, round } from '@erp/shared/decimal';
import { priceLines as taxLines } from '@erp/modules/ar/server/api';
import { priceLines } from '@erp/modules/oe/server/api';
import { apiSchema, callResult, NO_QUERY, object, RECORD } from '@erp/server/http/schemas';
import type { Transaction } from 'kysely';
import { sendAnswer, type EntityRoutes } from '@erp/server/entities/special-routes';
import { callResult as resultOf, messageIn } from '@erp/server/entities/call-result';
import { canSeeFirm, notAssigned } from '@erp/modules/shell/server/api';
import { availability, stockNotes } from './pricing.ts';
import { purchaseLineRoutes } from './purchase-lines.ts';
import { lotRoutes } from './lots.ts';
import { soDb, type SoDatabase } from './tables.generated.ts';
import type { WireRecord } from '@erp/server/entities/hooks';

const PREVIEW_SCHEMA = apiSchema({
  summary: 'The figures of one sales order line as the save would compute them (price, taxes, availability)',
  tags: ['sales-order'],
  querystring: NO_QUERY,
  body: object({ Header: { type: 'object' }, Line: { type: 'object' } }, ['Header', 'Line']),
  response: { 200: callResult(RECORD) },
});

const code = (value: unknown, max: number): string | null => (typeof value === 'string' && value.trim() !== '' && value.length <= max ? value.trim().toUpperCase() : null);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const QUANTITY = /^-?\d{1,11}(\.\d{1,4})?$/;

export const soRoutes: EntityRoutes = async (app, deps) => {
  const { contextOf } = deps;
  await purchaseLineRoutes(app, deps);
  await lotRoutes(app, deps);
  app.post<{ Body: { Header: WireRecord; Line: WireRecord } }>('/api/so/line-preview', { schema: PREVIEW_SCHEMA }, async (request, reply) => {
    const ctx = await contextOf(request, reply, 'sales-order', 'read');
    if (!ctx) return reply;
    const { Header: header, Line: line } = request.body;
    const productId = code(line['ProductId'], 30);
    const rawQuantity = line['Quantity'] ?? '0';
    const override = line['OverridePrice'];
    if (typeof rawQuantity !== 'string' || !QUANTITY.test(rawQuantity) || (override != null && (typeof override !== 'string' || !isDecimal(override)))) {
      return sendAnswer(reply, { status: 400, body: resultOf(2, 'validation_failed', messageIn(ctx.user.row.language, 'so:sales-order.rules.previewInvalid')) });
    }
    if (!productId) return sendAnswer(reply, { status: 200, body: resultOf(1, 'ok', null, { Data: {} }) });
    const db = soDb(ctx.db);
    const quantity = round(rawQuantity, 4);
    const product = await db.selectFrom('products').select(['description']).where('product_id', '=', productId).executeTakeFirst();
    if (!product) return sendAnswer(reply, { status: 200, body: resultOf(1, 'ok', null, { Data: {} }) });
    const warehouseId = code(header['WarehouseId'], 10);
    const available = warehouseId ? ((await availability(db, warehouseId, [productId])).get(productId) ?? '0.0000') : null;
    const [note] = warehouseId ? await stockNotes(db, warehouseId, [{ productId, quantity }], ctx.user.row.language) : [null];
    const data: WireRecord = { Description: String(product.description ?? ''), Available: available, StockNote: note ?? null };
    const billToId = code(header['BillToId'], 20);
    const date = typeof header['OrderDate'] === 'string' && DATE.test(header['OrderDate']) ? header['OrderDate'] : new Date().toISOString().slice(0, 10);
    // §6: a restricted user sees the prices of the customers assigned to them only.
    if (billToId && !(await canSeeFirm(db, ctx.user, billToId))) return sendAnswer(reply, notAssigned());
    if (billToId) {
      const shipToId = code(header['ShipToId'], 20) ?? billToId;
      const [priced] = await priceLines(db, { customerId: billToId, shipToId, date, lines: [{ productId, quantity }] });
      // At the line fields' scales (4 places), as the saved line shows them.
      const servicePrice = priced?.Price == null ? null : round(priced.Price, 4);
      const unitPrice = typeof override === 'string' && override !== '' ? round(override, 4) : servicePrice;
      Object.assign(data, { Price: servicePrice, PriceSource: priced?.Source ?? null, UnitPrice: unitPrice });
      if (unitPrice !== null) {
        const firms = await db.selectFrom('firms').select(['firm_id', 'province_code']).where('firm_id', 'in', [billToId, shipToId]).execute();
        const province = String(firms.find((f) => f.firm_id === shipToId)?.province_code ?? firms.find((f) => f.firm_id === billToId)?.province_code ?? '');
        // Receivables' tax logic only reads here: the connection serves as its transaction.
        const [taxed] = await taxLines(db as Transaction<SoDatabase>, [{ Quantity: quantity, UnitPrice: unitPrice, Description: '', AccountId: '' }], province, date);
        Object.assign(data, { Amount: taxed?.Amount ?? mul(quantity, unitPrice, 2), TaxCodes: taxed?.TaxCodes ?? null, TaxAmount: taxed ? add(taxed.TaxAmount, '0.00') : null });
      }
    }
    return sendAnswer(reply, { status: 200, body: resultOf(1, 'ok', null, { Data: data }) });
  });
};
