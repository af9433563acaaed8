/**
 * Purchase orders on the server (issue 23 item 1; spec §4 Purchase order, §5 Purchasing; definition
 * modules/po/definitions/purchase-order.ts). The generic document routes serve the order; these hooks add what
 * needs the database:
 * - beforeWrite (in the save's transaction, so its refusals speak the caller's language): each line's product
 *   tracks stock (§5 "A product must exist and have tracked stock."; existence and activity are the lookup's);
 *   the vendor's name is copied from the firm (VendorName, shown beside the code); the lines' received and
 *   invoiced quantities are the server's (kept from the stored line, 0 on a new line, whatever the client sends); a line something was received on keeps its product, cannot be
 *   removed and cannot be ordered below what was received;
 * - defaults (issue 40 item 5; the definition's `defaults`): the vendor's name and terms (its account terms; its
 *   payables defaults' over them, added by Payables' hook), the company's receiving warehouse (the first active) as ship-to and its branch as
 *   bill-to — what the form fills on pick and the save fills when blank (entities/defaults.ts); a line's price
 *   from the product picked: the vendor's last price for it, else its last receipt cost, else its list price (`lastCost`);
 * - actions (§4): `cancel` (Open → Cancelled) and `close` (Partially received / Received → Closed) end the
 *   order: no receipt may be made against it any more (Receivable false); both are refused while a receipt of
 *   the order is still Open;
 * - delete: only while Open (the definition's state machine: a Cancelled order is never deleted); an order a
 *   receipt names is in use (the generic check).
 */
import { cmp, isZero, round } from '@erp/shared/decimal';
import type { RuleIssue } from '@erp/shared/entities/define';
import { BusinessError } from '@erp/server/entities/call-result';
import type { ActionRun, EntityContext, EntityHooks, WireRecord } from '@erp/server/entities/hooks';
import { setField } from '@erp/server/entities/hooks';
import { onlyActive } from '@erp/server/entities/defaults';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { sql, type Kysely } from 'kysely';
import { LIST_PRICE_TABLE } from '@erp/modules/ic/definitions/index';
import { poDb, type PoDatabase } from './tables.generated.ts';

type PoDb = Kysely<PoDatabase>;

const ZERO = '0.0000';

function truthy(raw: unknown): boolean {
  return raw === true || raw === 1 || raw === '1' || raw === 't' || raw === 'true';
}

function linesOf(record: WireRecord | null | undefined): WireRecord[] {
  return record && Array.isArray(record['Lines']) ? (record['Lines'] as WireRecord[]) : [];
}

/** §5: every line's product tracks stock. */
async function productIssues(db: PoDb, record: WireRecord): Promise<RuleIssue[]> {
  const lines = linesOf(record);
  const ids = [...new Set(lines.map((line) => String(line['ProductId'] ?? '')).filter((id) => id !== ''))];
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('products').select(['product_id', 'track_inventory']).where('product_id', 'in', ids).execute();
  const tracked = new Set(rows.filter((row) => truthy(row.track_inventory)).map((row) => row.product_id));
  const issues: RuleIssue[] = [];
  lines.forEach((line, index) => {
    const product = String(line['ProductId'] ?? '');
    if (product !== '' && !tracked.has(product)) issues.push({ field: `Lines[${index}].ProductId`, key: 'po:purchase-order.rules.productNotStocked', params: { value: product } });
  });
  return issues;
}

/** Keeps the server's quantities on the lines being written and refuses edits that would undo a receipt. */
function keepQuantities(current: WireRecord | null, lines: WireRecord[]): void {
  const stored = new Map(linesOf(current).map((line) => [line['LineId'], line]));
  const issues: RuleIssue[] = [];
  const kept = new Set<unknown>();
  lines.forEach((line, index) => {
    const before = line['LineId'] === null || line['LineId'] === undefined ? undefined : stored.get(line['LineId']);
    const received = before ? String(before['QuantityReceived'] ?? ZERO) : ZERO;
    line['QuantityReceived'] = received;
    line['QuantityInvoiced'] = before ? String(before['QuantityInvoiced'] ?? ZERO) : ZERO;
    if (!before) return;
    kept.add(before['LineId']);
    if (isZero(received)) return;
    if (line['ProductId'] !== before['ProductId']) issues.push({ field: `Lines[${index}].ProductId`, key: 'po:purchase-order.rules.receivedLineProduct' });
    const ordered = line['QuantityOrdered'];
    if (typeof ordered === 'string' && cmp(ordered, received) < 0) {
      issues.push({ field: `Lines[${index}].QuantityOrdered`, key: 'po:purchase-order.rules.belowReceived', params: { received: round(received, 4) } });
    }
  });
  for (const [lineId, line] of stored) {
    if (!kept.has(lineId) && !isZero(String(line['QuantityReceived'] ?? ZERO))) {
      issues.push({ field: 'Lines', key: 'po:purchase-order.rules.receivedLineRemoved', params: { product: String(line['ProductId']) } });
    }
  }
  if (issues.length > 0) throw new BusinessError(400, 'validation_failed', issues.map((issue) => ({ field: issue.field, key: issue.key, params: issue.params ?? {} })));
}

/** Refuses ending an order while one of its receipts is still Open (its stock would never be received). */
async function assertNoOpenReceipt(trx: PoDb, poId: unknown): Promise<void> {
  const open = await trx.selectFrom('po_receipts').select('receipt_no').where('po_id', '=', Number(poId)).where('status', '=', 'Open').limit(1).executeTakeFirst();
  if (open) throw BusinessError.of(409, 'open_receipt', 'po:purchase-order.rules.openReceipt', { receipt: String(open.receipt_no) }, 'Status');
}

const END = {
  async guard(_ctx: EntityContext, run: Pick<ActionRun, 'trx' | 'record'>) {
    await assertNoOpenReceipt(poDb(run.trx), run.record['PoId']);
  },
  async effect() {
    return { set: { Receivable: false } };
  },
};

/**
 * The vendor's name and terms (its account terms; Payables, which requires Purchasing, puts its own vendor
 * defaults' terms over them with its `defaults` hook on the purchase order — modules/ap/server/purchase-orders.ts).
 */
async function vendorDefaults(db: PoDb, vendorId: string): Promise<WireRecord> {
  const firm = await db.selectFrom('firms').select(['name', 'account_terms']).where('firm_id', '=', vendorId).executeTakeFirst();
  if (!firm) return {};
  return { VendorName: String(firm.name), TermsCode: firm.account_terms ?? null };
}

/**
 * A line's price on pick and at save (issue 40 item 5, `defaults['Lines.ProductId']`): what the vendor was last
 * paid for the product (its latest order line), else the product's last receipt cost (the ship-to's first), else
 * its list price in the price tables.
 */
async function lastCost(db: PoDb, vendorId: unknown, productId: string, shipTo: unknown): Promise<string | null> {
  if (typeof vendorId === 'string' && vendorId !== '') {
    const ordered = await db
      .selectFrom('purchase_order_lines as l')
      .innerJoin('purchase_orders as o', 'o.po_id', 'l.po_id')
      .select('l.unit_price')
      .where('o.vendor_id', '=', vendorId)
      .where('l.product_id', '=', productId)
      .where('o.status', '<>', 'Cancelled')
      .orderBy('o.order_date', 'desc')
      .orderBy('o.po_id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (ordered) return decimalFromDb(db, ordered.unit_price, 4);
  }
  let received = db.selectFrom('stock_balances').select('last_cost').where('product_id', '=', productId).where('last_receipt_date', 'is not', null);
  if (typeof shipTo === 'string' && shipTo !== '') received = received.orderBy(sql`case when warehouse_id = ${shipTo} then 0 else 1 end`);
  const row = await received.orderBy('last_receipt_date', 'desc').limit(1).executeTakeFirst();
  const cost = row ? decimalFromDb(db, row.last_cost, 4) : null;
  if (cost !== null && !isZero(cost)) return cost;
  // Never bought nor received: the price tables' list price of one unit (the buyer corrects it to the quote).
  const listed = await db
    .selectFrom('product_prices')
    .select('price')
    .where('product_id', '=', productId)
    .where('price_table', '=', LIST_PRICE_TABLE)
    .where('price_type', '=', 'Each')
    .where('currency', '=', 'CAD')
    .orderBy('from_quantity')
    .limit(1)
    .executeTakeFirst();
  return listed ? decimalFromDb(db, listed.price, 4) : null;
}

export const purchaseOrderHooks: EntityHooks = {
  async defaults(ctx, trigger, record, line) {
    const db = poDb(ctx.db);
    if (trigger === 'Lines.ProductId') return { UnitPrice: await lastCost(db, record['VendorId'], String(line['ProductId']).toUpperCase(), record['ShipToId']) };
    const vendor = await vendorDefaults(db, String(record['VendorId']));
    // The company's receiving address: the ship-to already chosen, else the first active warehouse; bill-to its branch.
    const shipTo = typeof record['ShipToId'] === 'string' && record['ShipToId'] !== '' ? record['ShipToId'] : await onlyActive(ctx, 'warehouses', 'warehouse_id', { first: true });
    const branch = shipTo ? await db.selectFrom('warehouses').select('branch_id').where('warehouse_id', '=', shipTo).executeTakeFirst() : undefined;
    return { ...vendor, ShipToId: shipTo, BillToId: branch?.branch_id ?? null };
  },
  async beforeWrite(_ctx, engineTrx, change) {
    const trx = poDb(engineTrx);
    // In the transaction (not `validate`): a BusinessError answers in the caller's language.
    const issues = change.changed.has('Lines') ? await productIssues(trx, change.next) : [];
    if (issues.length > 0) throw new BusinessError(400, 'validation_failed', issues.map((issue) => ({ field: issue.field, key: issue.key, params: issue.params ?? {} })));
    // A new order may be received (a read-only field takes no default from the client).
    if (change.mode === 'create') setField(change, 'Receivable', true);
    // The vendor's name: the same defaults the form's pick shows (issue 40 item 5).
    if (change.changed.has('VendorId')) setField(change, 'VendorName', (await vendorDefaults(trx, String(change.next['VendorId'])))['VendorName'] ?? null);
    if (!Array.isArray(change.value['Lines'])) return;
    keepQuantities(change.current, change.value['Lines'] as WireRecord[]);
  },
  actions: { cancel: END, close: END },
};
