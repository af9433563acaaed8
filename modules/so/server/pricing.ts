/**
 * Pricing and figures of a sales order (issue 26 item 1), used by the save (orders.ts), the portal's hand-off
 * (portal.ts) and the demo data, in the caller's transaction:
 * - the parties: Receivables' `checkParties` (§5/§8 "Bill To is invalid." / "Ship To is invalid.": an active
 *   bill-to; the ship-to active and the bill-to itself or one of its ship-tos), the customer's name, the
 *   ship-to's province (it decides the taxes), the bill-to's terms and sales rep;
 * - each line's price: THE pricing service (modules/oe/server/pricing/service.ts `priceLines`) for the bill-to,
 *   ship-to, quantity and order date — Price and PriceSource; a line the service cannot price needs an
 *   override. A price other than the service's (OverridePrice) is accepted only through the override path
 *   (`overridePrice`: the right, §8 "Not allowed to change the price.", written to the override audit) when it
 *   is new or changed; an override equal to the service's price is no override;
 * - each line's amount and taxes: Receivables' tax logic (modules/ar/documents/invoice/server/rules.ts `priceLines`,
 *   the rates in force on the order date in the ship-to's province) — the same figures the invoice will carry;
 * - availability: on hand less committed in the order's warehouse (stock_balances), and a note when it cannot fill
 *   the line naming the warehouses that can (`stockNotes`, issue 71 item 2).
 */
import { add, cmp, sub, type Decimal } from '@erp/shared/decimal';
import { checkParties, priceLines as taxLines } from '@erp/modules/ar/server/api';
import { overridePrice, priceLines } from '@erp/modules/oe/server/api';
import type { AuthenticatedUser } from '@erp/server/auth/plugin';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { BusinessError, messageIn } from '@erp/server/entities/call-result';
import { formatDecimal } from '@erp/shared/format';
import { flag } from '@erp/server/db/schema';
import type { Kysely, Transaction } from 'kysely';
import type { SoDatabase } from './tables.generated.ts';
import type { WireRecord } from '@erp/server/entities/hooks';

type SoView = Kysely<SoDatabase>;

const text = (value: unknown): string | null => (value === undefined || value === null || value === '' ? null : String(value));

export interface PricedOrder {
  header: WireRecord;
  lines: WireRecord[];
}

/** The lines of a record in wire form. */
export function linesOf(record: WireRecord | null | undefined): WireRecord[] {
  return record && Array.isArray(record['Lines']) ? (record['Lines'] as WireRecord[]) : [];
}

/** On hand less committed per product in a warehouse. */
export async function availability(trx: SoView, warehouseId: string, productIds: readonly string[]): Promise<Map<string, Decimal>> {
  const ids = [...new Set(productIds)];
  const out = new Map<string, Decimal>();
  if (ids.length === 0 || warehouseId === '') return out;
  const rows = await trx.selectFrom('stock_balances').select(['product_id', 'on_hand', 'committed']).where('warehouse_id', '=', warehouseId).where('product_id', 'in', ids).execute();
  for (const row of rows) out.set(row.product_id, sub(decimalFromDb(trx, row.on_hand, 4) ?? '0', decimalFromDb(trx, row.committed, 4) ?? '0'));
  return out;
}

/**
 * Issue 71 item 2 ("a default warehouse that has the goods, or a warning"): a line the order's warehouse cannot
 * fill — less free there than its quantity — gets a note naming what is free there and the active warehouses
 * that have enough (most free first, at most three); none when the warehouse has enough or the product keeps no
 * stock. In `language` (the line preview's user, the save's).
 */
export async function stockNotes(db: SoView, warehouseId: string, lines: readonly { productId: string; quantity: string }[], language: string | null): Promise<(string | null)[]> {
  const ids = [...new Set(lines.map((line) => line.productId).filter((id) => id !== ''))];
  if (ids.length === 0 || warehouseId === '') return lines.map(() => null);
  const tracked = new Set(
    (await db.selectFrom('products').select('product_id').where('product_id', 'in', ids).where('track_inventory', '=', flag(true)).where('is_service', '=', flag(false)).execute()).map((row) => row.product_id),
  );
  if (tracked.size === 0) return lines.map(() => null);
  const rows = await db
    .selectFrom('stock_balances as b')
    .innerJoin('warehouses as w', 'w.warehouse_id', 'b.warehouse_id')
    .select(['b.product_id', 'b.warehouse_id', 'b.on_hand', 'b.committed'])
    .where('b.product_id', 'in', [...tracked])
    .where('w.is_active', '=', flag(true))
    .execute();
  const free = new Map<string, { warehouse: string; free: Decimal }[]>();
  for (const row of rows) {
    const list = free.get(row.product_id) ?? [];
    list.push({ warehouse: row.warehouse_id, free: sub(decimalFromDb(db, row.on_hand, 4) ?? '0', decimalFromDb(db, row.committed, 4) ?? '0') });
    free.set(row.product_id, list);
  }
  return lines.map(({ productId, quantity }) => {
    if (!tracked.has(productId) || !/^-?\d+(\.\d+)?$/.test(quantity)) return null;
    const all = free.get(productId) ?? [];
    const here = all.find((one) => one.warehouse === warehouseId)?.free ?? '0.0000';
    if (cmp(here, quantity) >= 0) return null;
    const elsewhere = all.filter((one) => one.warehouse !== warehouseId && cmp(one.free, quantity) >= 0).sort((a, b) => cmp(b.free, a.free)).slice(0, 3);
    const shown = (value: Decimal) => formatDecimal(value, 4, language ?? undefined);
    const others = elsewhere.map((one) => messageIn(language, 'so:sales-order.stock.at', { warehouse: one.warehouse, quantity: shown(one.free) })).join(messageIn(language, 'so:sales-order.stock.separator'));
    return messageIn(language, elsewhere.length > 0 ? 'so:sales-order.stock.short' : 'so:sales-order.stock.shortEverywhere', { warehouse: warehouseId, quantity: shown(cmp(here, '0') > 0 ? here : '0'), others });
  });
}

/**
 * Prices `record` (wire form: header fields and Lines) as the order's save would; `stored` is the order as it
 * was (null for a new one: every override is new). `user` is who overrides (null: no override allowed — the
 * portal). Answers the server's header fields and lines (each line's own fields kept, the server's set).
 */
/**
 * What follows from the customer (issue 40 item 5), one function for the form's pick (the order's `defaults`
 * hook) and the save (`priceOrder`): its name, its account terms and sales rep, and its ship-to — itself when it
 * is a ship-to, else its first active ship-to.
 */
export async function customerDefaults(db: SoView, billToId: string): Promise<WireRecord> {
  const firm = await db.selectFrom('firms').select(['name', 'account_terms', 'sales_rep', 'is_ship_to']).where('firm_id', '=', billToId).executeTakeFirst();
  if (!firm) return {};
  const shipsHere = firm.is_ship_to === true || firm.is_ship_to === 1;
  const shipTo = shipsHere
    ? { firm_id: billToId }
    : await db.selectFrom('firms').select('firm_id').where('bill_to_id', '=', billToId).where('is_ship_to', '=', flag(true)).where('is_active', '=', flag(true)).orderBy('firm_id').executeTakeFirst();
  return { CustomerName: String(firm.name ?? ''), TermsCode: firm.account_terms ?? null, SalesRep: firm.sales_rep ?? null, ShipToId: shipTo ? String(shipTo.firm_id) : billToId };
}

export async function priceOrder(trx: Transaction<SoDatabase>, record: WireRecord, stored: WireRecord | null, user: AuthenticatedUser | null): Promise<PricedOrder> {
  const language = user?.row.language ?? null;
  const billToId = String(record['BillToId'] ?? '');
  const shipToId = text(record['ShipToId']) ?? billToId;
  const { billTo, shipTo } = await checkParties(trx, billToId, shipToId);
  const follows = await customerDefaults(trx, billToId);
  const province = String(shipTo['province_code'] ?? billTo['province_code'] ?? '');
  const date = String(record['OrderDate']);
  const lines = linesOf(record);
  const productIds = lines.map((line) => String(line['ProductId'] ?? '').toUpperCase());
  const descriptions = new Map<string, string>();
  if (productIds.length > 0) {
    const rows = await trx.selectFrom('products').select(['product_id', 'description']).where('product_id', 'in', [...new Set(productIds)]).execute();
    for (const row of rows) descriptions.set(row.product_id, String(row.description ?? ''));
  }
  const priced = await priceLines(trx, { customerId: billToId, shipToId, date, lines: lines.map((line, index) => ({ productId: productIds[index]!, quantity: String(line['Quantity'] ?? '0') })) });
  const before = new Map(linesOf(stored).map((line) => [Number(line['LineId']), line]));
  const available = await availability(trx, String(record['WarehouseId'] ?? ''), productIds);
  const notes = await stockNotes(trx, String(record['WarehouseId'] ?? ''), lines.map((line, index) => ({ productId: productIds[index]!, quantity: String(line['Quantity'] ?? '0') })), language);
  const out: WireRecord[] = [];
  for (const [index, line] of lines.entries()) {
    const service = priced[index]!;
    let override = text(line['OverridePrice']);
    if (override !== null && service.Price !== null && cmp(override, service.Price) === 0) override = null;
    const old = line['LineId'] == null ? undefined : before.get(Number(line['LineId']));
    const oldOverride = text(old?.['OverridePrice']);
    const quantity = String(line['Quantity'] ?? '0');
    if (override !== null && (oldOverride === null || cmp(oldOverride, override) !== 0 || String(old?.['ProductId']) !== productIds[index])) {
      // The override path: the right (403 "Not allowed to change the price.") and the audit row.
      await overridePrice(trx, user?.userId ?? '', user?.roles ?? [], {
        customerId: billToId,
        shipToId,
        productId: productIds[index]!,
        quantity,
        newPrice: override,
        date,
        reason: null,
        reference: text(record['OrderNo']),
      });
    }
    const unitPrice = override ?? service.Price;
    if (unitPrice === null) throw BusinessError.of(400, 'validation_failed', 'so:sales-order.rules.notPriced', { product: productIds[index] }, `Lines[${index}].ProductId`);
    out.push({
      ...line,
      ProductId: productIds[index],
      Description: (descriptions.get(productIds[index]!) ?? '').slice(0, 100),
      Price: service.Price,
      PriceSource: service.Source,
      OverridePrice: override,
      UnitPrice: unitPrice,
      Available: available.get(productIds[index]!) ?? '0.0000',
      StockNote: notes[index] ?? null,
      QuantityShipped: old ? String(old['QuantityShipped'] ?? '0.0000') : '0.0000',
      UnitCost: old ? (old['UnitCost'] ?? null) : null,
    });
  }
  const taxed = await taxLines(
    trx,
    out.map((line) => ({ Quantity: line['Quantity'], UnitPrice: line['UnitPrice'], Description: line['Description'], AccountId: '' })),
    province,
    date,
  );
  let subTotal: Decimal = '0.00';
  let taxTotal: Decimal = '0.00';
  taxed.forEach((tax, index) => {
    const line = out[index]!;
    line['Amount'] = tax.Amount;
    line['TaxAmount'] = tax.TaxAmount;
    line['TaxCodes'] = tax.TaxCodes;
    subTotal = add(subTotal, tax.Amount);
    taxTotal = add(taxTotal, tax.TaxAmount);
  });
  const header: WireRecord = {
    ShipToId: shipToId,
    CustomerName: follows['CustomerName'] ?? null,
    ProvinceCode: province,
    SubTotal: subTotal,
    TaxTotal: taxTotal,
    Total: add(subTotal, taxTotal),
  };
  // Blank terms and sales rep follow from the customer, as on the form's pick (customerDefaults).
  if (text(record['TermsCode']) === null && follows['TermsCode'] != null) header['TermsCode'] = follows['TermsCode'];
  if (text(record['SalesRep']) === null && follows['SalesRep'] != null) header['SalesRep'] = follows['SalesRep'];
  return { header, lines: out };
}
