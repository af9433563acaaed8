/**
 * Committing, shipping and invoicing a sales order (issue 26 items 1–3; SCREENS.md WP7 "Cross-module
 * postings"), the effects of the order's `commit`, `ship`, `invoice` and `cancel` actions (orders.ts) — and so of
 * the shipping and invoicing queues, which run those actions — all in the caller's transaction:
 *
 * - commit: no follower refuses it (followers.ts: the portal refuses an account on hold); the
 *   order's total with the bill-to's open A/R and its other committed or shipped orders stays within the credit
 *   limit (above it the desk is asked first: §5 confirmation `credit-limit`); every stocked line's quantity is
 *   committed in the order's warehouse (Inventory's `adjustCommitted`).
 * - ship (date: the action's Date, else today): the commitment released; each stocked line issued through
 *   Inventory's stock ledger (`recordMovements`, at the moving average; `post: false`) — a lot-tracked line by
 *   its lots (the ones entered on the line, else the warehouse's lots oldest first; too few: refused), each lot
 *   with its heat (the coil's, else the receipt lot's) kept on the line, so lot number tracking shows the
 *   shipment against the heat; one IC journal through the posting service: Dr cost of goods sold (OE
 *   integration COGS-<inventory account's suffix>, else COGS), Cr each inventory account the value the stock
 *   ledger took. Lines keep QuantityShipped and UnitCost.
 * - invoice (date: the action's Date, else today): Receivables' `prepareInvoice` and `writeInvoices` (a queue's
 *   batch: each order prepared alone, all written at once — orders.ts `batch`) — the shipped
 *   quantities at the order's unit prices, revenue per line from the OE integration SALES-<suffix> (else AR
 *   SALES), the ship-to province's taxes, Dr AR / Cr sales / Cr taxes through the A/R posting (refused in a
 *   closed A/R period) — answers the invoice's id and number.
 * - cancel: a committed order's commitment released.
 * Each stage is told to the modules following sales orders (followers.ts: the portal keeps the state of the portal
 * order the sales order came from in step), in the same transaction.
 */
import { add, cmp, div, isZero, neg, round, type Decimal } from '@erp/shared/decimal';
import { prepareInvoice, pricingMemo, writeInvoices, type CreatedInvoice, type PreparedInvoice } from '@erp/modules/ar/server/api';
import { post, integrationAccount } from '@erp/modules/gl/server/api';
import { adjustCommitted, inventoryAccounts, recordMovements, type StockMovement } from '@erp/modules/ic/server/api';
import { decimalFromDb, decimalToDb } from '@erp/server/db/decimal-codec';
import { BusinessError, ConfirmationNeeded } from '@erp/server/entities/call-result';
import type { Transaction } from 'kysely';
import { linesOf } from '../../../server/pricing.ts';
import { allocateLots, heatsOf } from '../../../server/lots.ts';
import type { SoDatabase } from '../../../server/tables.generated.ts';
import { perTransaction } from '@erp/server/db/per-transaction';
import { commitRefusal, followerTables, ordersMoved } from './followers.ts';
import type { SalesOrderRecord } from '../definition.ts';
import type { WireRecord } from '@erp/server/entities/hooks';

type SoTransaction = Transaction<SoDatabase>;

export const CREDIT_LIMIT_CONFIRMATION = 'credit-limit';
/** The tables shipping writes, the followers' included (registered at load: asked when an order ships). */
export const shipTouches = (): string[] => ['stock_balances', 'stock_ledger', 'stock_lot_balances', 'gl_entries', 'gl_journals', 'gl_balances', 'so_lines', 'so_line_lots', ...followerTables()];
/** The tables invoicing writes, the followers' included. */
export const invoiceTouches = (): string[] => ['ar_invoices', 'ar_invoice_lines', 'ar_items', 'gl_entries', 'gl_journals', 'gl_balances', ...followerTables()];

function truthy(raw: unknown): boolean {
  return raw === true || raw === 1 || raw === '1' || raw === 't' || raw === 'true';
}

interface ProductFacts {
  trackInventory: boolean;
  trackLot: boolean;
  /** The suffix of the class's inventory account (INVENTORY-STEEL → STEEL), '' when none. */
  family: string;
}

export async function productFacts(trx: SoTransaction, ids: readonly string[]): Promise<Map<string, ProductFacts>> {
  const out = new Map<string, ProductFacts>();
  if (ids.length === 0) return out;
  const rows = await trx
    .selectFrom('products as p')
    .leftJoin('product_classes as c', 'c.class_id', 'p.class_id')
    .select(['p.product_id as product_id', 'p.track_inventory as track_inventory', 'p.track_lot as track_lot', 'p.is_service as is_service', 'c.inventory_account as inventory_account'])
    .where('p.product_id', 'in', [...new Set(ids)])
    .execute();
  for (const row of rows) {
    const account = String(row.inventory_account ?? '').toUpperCase();
    out.set(row.product_id, {
      trackInventory: truthy(row.track_inventory) && !truthy(row.is_service),
      trackLot: truthy(row.track_lot),
      family: account.startsWith('INVENTORY-') ? account.slice('INVENTORY-'.length) : '',
    });
  }
  return out;
}


/** The product family's OE account (`<kind>-<family>`), else the fallback row; missing → the §8-like refusal. */
export async function familyAccount(trx: SoTransaction, kind: 'COGS' | 'SALES', family: string, memo: Map<string, string>): Promise<string> {
  const memoKey = `${kind}\u0000${family}`;
  const known = memo.get(memoKey);
  if (known) return known;
  const account =
    (family ? await integrationAccount(trx, 'OE', `${kind}-${family}`) : null) ?? (await integrationAccount(trx, 'OE', kind)) ?? (kind === 'SALES' ? await integrationAccount(trx, 'AR', 'SALES') : null);
  if (!account) throw BusinessError.of(400, 'integration_missing', 'so:sales-order.rules.integrationMissing', { type: family ? `${kind}-${family}` : kind }, 'Status');
  memo.set(memoKey, account);
  return account;
}

/** Every stocked line's quantity, by product (one line per product: §8 "Product already added."). */
async function stockedQuantities(trx: SoTransaction, record: WireRecord): Promise<{ productId: string; quantity: Decimal }[]> {
  const lines = linesOf(record);
  const facts = await productFacts(trx, lines.map((line) => String(line['ProductId'])));
  return lines.filter((line) => facts.get(String(line['ProductId']))?.trackInventory).map((line) => ({ productId: String(line['ProductId']), quantity: String(line['Quantity']) }));
}

/** Adds (sign +1) or releases (−1) the order's commitment in its warehouse. */
export async function commitStock(trx: SoTransaction, record: WireRecord, sign: 1 | -1): Promise<void> {
  const warehouseId = String(record['WarehouseId']);
  for (const line of await stockedQuantities(trx, record)) await adjustCommitted(trx, line.productId, warehouseId, sign > 0 ? line.quantity : neg(line.quantity));
}

/** The bill-to's exposure: open A/R plus its committed and shipped (not yet invoiced) orders, this one excluded. */
async function exposure(trx: SoTransaction, billToId: string, orderKey: number): Promise<Decimal> {
  const items = await trx.selectFrom('ar_items').select('open_balance').where('firm_id', '=', billToId).where('status', '=', 'Open').execute();
  const orders = await trx
    .selectFrom('sales_orders')
    .select('total')
    .where('bill_to_id', '=', billToId)
    .where('status', 'in', ['Committed', 'Shipped'])
    .where('order_key', '<>', orderKey)
    .execute();
  let sum: Decimal = '0.00';
  for (const row of items) sum = add(sum, decimalFromDb(trx, row.open_balance, 2) ?? '0.00');
  for (const row of orders) sum = add(sum, decimalFromDb(trx, row.total, 2) ?? '0.00');
  return sum;
}

/** The commit's checks (see the header); throws the refusal or the question. */
export async function checkCredit(trx: SoTransaction, record: WireRecord, confirmations: ReadonlySet<string>): Promise<void> {
  const billToId = String(record['BillToId']);
  const refusal = await commitRefusal(trx, record);
  if (refusal) throw refusal;
  const firm = await trx.selectFrom('firms').select('credit_limit').where('firm_id', '=', billToId).executeTakeFirst();
  const limit = decimalFromDb(trx, firm?.credit_limit ?? null, 2);
  if (limit === null || isZero(limit)) return;
  const total = add(await exposure(trx, billToId, Number(record['OrderKey'])), String(record['Total'] ?? '0.00'));
  if (cmp(total, limit) > 0 && !confirmations.has(CREDIT_LIMIT_CONFIRMATION)) {
    throw new ConfirmationNeeded(CREDIT_LIMIT_CONFIRMATION, 'so:sales-order.confirm.creditLimit', { customer: billToId, limit, exposure: total });
  }
}

/** Ships an order (wire form, Committed) on `date`; answers the IC journal. */
export async function shipOrder(trx: SoTransaction, record: WireRecord, date: string, userId: string): Promise<{ journalId: number | null }> {
  const lines = linesOf(record);
  if (lines.length === 0) throw BusinessError.of(400, 'no_lines', 'so:sales-order.rules.needsLine', {}, 'Lines');
  const warehouseId = String(record['WarehouseId']);
  const orderNo = String(record['OrderNo'] ?? record['OrderKey']);
  const facts = await productFacts(trx, lines.map((line) => String(line['ProductId'])));
  await commitStock(trx, record, -1);
  const movements: StockMovement[] = [];
  const lotsByLine = new Map<number, { lotNo: string; quantity: Decimal }[]>();
  for (const [index, line] of lines.entries()) {
    const productId = String(line['ProductId']);
    const fact = facts.get(productId);
    if (!fact?.trackInventory) continue;
    const quantity = round(String(line['Quantity']), 4);
    const entered = (Array.isArray(line['Lots']) ? (line['Lots'] as WireRecord[]) : []).map((lot) => ({ lotNo: String(lot['LotNo']), quantity: round(String(lot['Quantity']), 4) }));
    let lots: { lotNo: string; quantity: Decimal }[] = entered;
    if (fact.trackLot && lots.length === 0) {
      const allocated = await allocateLots(trx, productId, warehouseId, quantity);
      if (!allocated) throw BusinessError.of(409, 'lots_short', 'so:sales-order.rules.lotsShort', { product: productId, warehouse: warehouseId }, `Lines[${index}].Lots`);
      lots = allocated;
    }
    lotsByLine.set(index, lots);
    const parts = lots.length > 0 ? lots : [{ lotNo: '', quantity }];
    for (const part of parts) movements.push({ productId, warehouseId, lotNo: part.lotNo, quantity: neg(part.quantity), line: index + 1 });
  }
  const origin = { type: 'sales-order', id: String(record['OrderKey']) };
  const description = `${orderNo} ${String(record['BillToId'])}`;
  const results = movements.length > 0 ? await recordMovements(trx, { date, documentNo: orderNo, origin, userId, description, post: false }, movements) : [];

  // One IC journal: Dr COGS per family, Cr inventory per account (the values the stock ledger took).
  const accounts = await inventoryAccounts(trx, movements.map((m) => m.productId));
  const memo = new Map<string, string>();
  const amounts = new Map<string, Decimal>();
  const costByLine = new Map<number, Decimal>();
  for (const [index, movement] of movements.entries()) {
    const value = results[index]!.value; // negative: stock out
    const inventory = accounts.get(movement.productId)!;
    const cogs = await familyAccount(trx, 'COGS', facts.get(movement.productId)!.family, memo);
    amounts.set(inventory, add(amounts.get(inventory) ?? '0.00', value));
    amounts.set(cogs, add(amounts.get(cogs) ?? '0.00', neg(value)));
    costByLine.set(movement.line - 1, add(costByLine.get(movement.line - 1) ?? '0.00', neg(value)));
  }
  const postingLines = [...amounts]
    .filter(([, amount]) => !isZero(amount))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([accountId, amount]) => ({ accountId, amount: round(amount, 2) }));
  let journalId: number | null = null;
  if (postingLines.length > 0) {
    journalId = (await post(trx, { source: 'IC', subLedger: 'gl', dataType: 'Actual', date, documentNo: orderNo, description, origin, lines: postingLines, reversalOf: null, userId })).journalId;
  }

  // The lines: shipped quantity, unit cost, and the lots shipped with their heats.
  const heats = await heatsOf(trx, [...lotsByLine.values()].flat().map((lot) => lot.lotNo));
  for (const [index, line] of lines.entries()) {
    const lineId = Number(line['LineId']);
    const quantity = round(String(line['Quantity']), 4);
    const cost = costByLine.get(index);
    await trx
      .updateTable('so_lines')
      .set({ quantity_shipped: decimalToDb(trx, quantity, 4), unit_cost: cost === undefined ? null : decimalToDb(trx, div(cost, quantity, 4), 4) })
      .where('line_id', '=', lineId)
      .execute();
    const lots = lotsByLine.get(index);
    if (!lots || lots.length === 0) continue;
    await trx.deleteFrom('so_line_lots').where('line_id', '=', lineId).execute();
    await trx
      .insertInto('so_line_lots')
      .values(lots.map((lot) => ({ line_id: lineId, lot_no: lot.lotNo, quantity: decimalToDb(trx, lot.quantity, 4), heat_no: heats.get(lot.lotNo) ?? null })))
      .execute();
  }
  await ordersMoved(trx, [record], 'Shipped');
  return { journalId };
}

/**
 * The AR invoice of a shipped order (wire form) on `date`, checked by Receivables (`prepareInvoice`: parties,
 * pricing, the A/R period and accounts) — nothing written yet. The pricing memo is the transaction's: a batch of
 * orders reads rates, terms and parties once.
 */
/**
 * What invoicing reads of an order, typed from its definition (`SalesOrderRecord`): the header fields the invoice
 * takes and the lines' product, quantities and price. The order's BillToId reaches Receivables as the invoice's
 * `billToId` (ARCHITECTURE.md "One field's trip").
 */
export type OrderToInvoice = Pick<SalesOrderRecord, 'OrderKey' | 'OrderNo' | 'BillToId' | 'ShipToId' | 'TermsCode' | 'CustomerPo'> & {
  Lines: readonly Pick<SalesOrderRecord['Lines'][number], 'ProductId' | 'Description' | 'Quantity' | 'QuantityShipped' | 'UnitPrice'>[];
};

export async function prepareOrderInvoice(trx: SoTransaction, record: OrderToInvoice, date: string, userId: string): Promise<PreparedInvoice> {
  const lines = record.Lines;
  if (lines.length === 0) throw BusinessError.of(400, 'no_lines', 'so:sales-order.rules.needsLine', {}, 'Lines');
  // The products' facts once per transaction (invoicing writes no product): a batch reads each product once.
  const facts = await perTransaction(trx, 'so:invoice-products', async () => new Map<string, ProductFacts>());
  const missing = [...new Set(lines.map((line) => String(line.ProductId)))].filter((id) => !facts.has(id));
  if (missing.length > 0) for (const [id, fact] of await productFacts(trx, missing)) facts.set(id, fact);
  const memo = new Map<string, string>();
  const invoiceLines = [];
  for (const line of lines) {
    const productId = String(line.ProductId);
    const shipped = line.QuantityShipped ?? '0';
    const quantity = isZero(shipped) ? (line.Quantity ?? '0') : shipped;
    invoiceLines.push({
      Description: `${productId} ${line.Description ?? ''}`.trim().slice(0, 100),
      AccountId: await familyAccount(trx, 'SALES', facts.get(productId)?.family ?? '', memo),
      Quantity: round(quantity, 4),
      UnitPrice: round(line.UnitPrice ?? '0', 4),
    });
  }
  const orderNo = String(record.OrderNo ?? record.OrderKey);
  const pricing = await perTransaction(trx, 'so:invoice-pricing', async () => pricingMemo());
  return prepareInvoice(
    trx,
    {
      date,
      billToId: record.BillToId,
      shipToId: record.ShipToId,
      termsCode: record.TermsCode,
      // The invoice's Reference is the customer's PO (its label, issue 71 item 2): the order's, blank when it has
      // none — never the order's own number, which the description and the related documents carry.
      reference: record.CustomerPo?.trim() ? record.CustomerPo.trim().slice(0, 30) : null,
      description: `${orderNo}${record.CustomerPo ? ` ${record.CustomerPo}` : ''}`.slice(0, 100),
      lines: invoiceLines,
    },
    userId,
    pricing,
  );
}

/**
 * Writes the prepared invoices of shipped orders at once through Receivables (`writeInvoices`: a number block,
 * multi-row inserts, one `postMany`); the followers hear the orders are Invoiced. Answers each invoice, in order.
 */
export async function writeOrderInvoices(trx: SoTransaction, orders: readonly { record: OrderToInvoice; invoice: PreparedInvoice }[], userId: string): Promise<CreatedInvoice[]> {
  const created = await writeInvoices(trx, orders.map((order) => order.invoice), userId);
  await ordersMoved(trx, orders.map(({ record }) => record), 'Invoiced');
  return created;
}

/** Invoices a shipped order (wire form) on `date` through Receivables; answers the AR invoice. */
export async function invoiceOrder(trx: SoTransaction, record: OrderToInvoice, date: string, userId: string): Promise<CreatedInvoice> {
  const invoice = await prepareOrderInvoice(trx, record, date, userId);
  return (await writeOrderInvoices(trx, [{ record, invoice }], userId))[0]!;
}

