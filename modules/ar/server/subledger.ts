/**
 * The Accounts Receivable subledger core (issue 14, CONTRACT-14 "The AR subledger core"). Every AR document
 * that changes a customer's balance writes it here, inside the transaction of its GL posting:
 *
 * - `addArItem(trx, item)` → item_id: one ar_items row for a POSTED invoice, credit note or receipt. The
 *   amount is SIGNED (+ raises the receivable: invoice; − lowers it: credit note, receipt) and in the home
 *   currency; the open balance starts equal to the amount (status Open, or Closed when the amount is zero).
 *   A foreign-currency item (issue 22 item 8) also carries its foreign amount, open balance and booking rate.
 *   `addArItems(trx, items)`: many at once (one INSERT per thousand), ids in order.
 * - `applyArItem(trx, { fromItemId, toItemId, date, amount, discount, origin, userId, field? })` →
 *   application_id: applies `amount` of a credit (receipt or credit note) plus `discount` to an invoice. The
 *   invoice must be an open Invoice of the credit's firm; §5 "Payment plus discount cannot exceed the
 *   balance."; the amount cannot exceed what the credit has left. Updates both open balances and statuses;
 *   never posts to the GL (the caller posts the discount). The discount cannot exceed what the terms allow on
 *   the application's date less the discounts already taken (`discountRoom`; none after the discount date).
 * - `arAccount(trx, transactionType)`: the account of GL integration (SubLedger 'AR', TransactionType
 *   'RECEIVABLE' | 'SALES' | 'DISCOUNT' | 'FREIGHT' | 'GST-HST' …); §8 "An account entered is not valid."
 *   when the row is missing.
 * - `arItem(trx, itemId)` (added): one item as read by the rules above.
 * Failures throw BusinessError (entities/call-result.ts), rolling back the caller's transaction. On
 * PostgreSQL both items are locked (FOR UPDATE) before their balances are checked, so two parallel
 * applications cannot over-apply an invoice. Amounts are exact decimals (shared/src/decimal.ts) stored
 * through the decimal codec.
 */
import { add, cmp, isNegative, isZero, neg, sub, type Decimal } from '@erp/shared/decimal';
import { BusinessError } from '@erp/server/entities/call-result';
import { engineOf } from '@erp/server/db/decimal-codec';
import type { Transaction } from 'kysely';
import type { PostingRequest, PostingResult } from '@erp/modules/gl/server/api';
import { defineSubLedger, discountRoom, itemRow, money, openItemOf, type NewApplication, type OpenItemCore, type SideRequest, type SubLedgerSide } from '@erp/modules/gl/server/api';

import { arDb } from './tables.generated.ts';

export { discountOn, discountRoom } from '@erp/modules/gl/server/api';

/** The A/R side of the sub-ledger engine: customers' items, source AR on the A/R period flag. */
export const AR_SIDE: SubLedgerSide = { code: 'AR', periodFlag: 'ar', items: 'ar_items', applications: 'ar_applications' };
const AR = defineSubLedger(AR_SIDE);

/** WriteOff (issue 22 item 7): what accounting wrote off of an invoice, applied to it like a credit. */
export type ArItemType = 'Invoice' | 'CreditNote' | 'Receipt' | 'WriteOff';

export interface NewArItem {
  firmId: string;
  shipToId?: string | null;
  itemType: ArItemType;
  documentNo: string;
  /** Posting date YYYY-MM-DD. */
  documentDate: string;
  /** Invoices: from the terms; other items: the document date. */
  dueDate?: string | null;
  discountDate?: string | null;
  /** ≥ 0: the early-payment discount the terms allow. */
  discountAvailable?: Decimal;
  currency?: string;
  /** SIGNED: + invoice, − credit note or receipt; in the home currency. */
  amount: Decimal;
  /** A foreign-currency item (issue 22 item 8): its SIGNED amount in `currency` and the rate it was booked at. */
  foreign?: { amount: Decimal; rate: Decimal } | null;
  description?: string | null;
  origin: { type: string; id: string };
  journalId?: number | null;
  userId: string;
}

export interface ArItem extends OpenItemCore {
  shipToId: string | null;
  itemType: ArItemType;
  currency: string;
}

/** `amount` > 0: the part of the credit applied; `discount` ≥ 0: the discount allowed on the invoice. */
export interface ArApplication extends Omit<NewApplication, 'foreign'> {
  /** The form field a refusal names (e.g. `Applications[2].Amount`). */
  field?: string;
}

// Each function takes any module's transaction (other modules post A/R documents in theirs): A/R's tables are
// read through `arDb`, the items through the sub-ledger engine.
export async function addArItem<D>(trx: Transaction<D>, item: NewArItem): Promise<number> {
  return (await addArItems(trx, [item]))[0]!;
}

/** Many items at once (a batch of invoices), each exactly as `addArItem` writes it; answers their ids in order. */
export async function addArItems<D>(trx: Transaction<D>, items: readonly NewArItem[]): Promise<number[]> {
  const engine = engineOf(trx);
  const now = new Date().toISOString();
  return AR.insertItems(
    trx,
    items.map((item) => ({ ...itemRow(engine, item, now), ship_to_id: item.shipToId ?? null, currency: item.currency ?? 'CAD', description: item.description ?? null })),
  );
}

function itemOf(engine: ReturnType<typeof engineOf>, row: Record<string, unknown>): ArItem {
  return {
    ...openItemOf(engine, row),
    shipToId: row['ship_to_id'] == null ? null : String(row['ship_to_id']),
    itemType: String(row['item_type']) as ArItemType,
    currency: String(row['currency']),
  };
}

/** One item, locked for update on PostgreSQL; undefined when it does not exist. */
export async function arItem<D>(trx: Transaction<D>, itemId: number, lock = false): Promise<ArItem | undefined> {
  const row = await AR.read(trx, itemId, lock);
  return row ? itemOf(engineOf(trx), row) : undefined;
}

/** The origin type of an A/R invoice document's item (the `ar-invoice` entity, modules/ar/documents/invoice/definition.ts). */
const INVOICE_ORIGIN = 'ar-invoice';

/**
 * The A/R invoice documents (`ar_invoices` ids, ascending) of the items `itemIds`, in chunks of 1,000 items;
 * `closedOnly`: only those whose item is now closed.
 */
async function* invoiceDocumentsOf<D>(trx: Transaction<D>, itemIds: readonly number[], closedOnly: boolean): AsyncGenerator<number[]> {
  const unique = [...new Set(itemIds)];
  for (let start = 0; start < unique.length; start += 1000) {
    let query = arDb(trx).selectFrom('ar_items').select('origin_id').where('item_id', 'in', unique.slice(start, start + 1000)).where('origin_type', '=', INVOICE_ORIGIN);
    if (closedOnly) query = query.where('item_type', '=', 'Invoice').where('status', '=', 'Closed');
    const rows = await query.execute();
    const invoices = [...new Set(rows.map((row) => Number(row.origin_id)).filter((id) => Number.isSafeInteger(id)))].sort((a, b) => a - b);
    if (invoices.length > 0) yield invoices;
  }
}

/**
 * Issue 21 item 8: the A/R invoices whose items `itemIds` are now closed show as Paid (their document's Status,
 * seen in the invoice list and form); a Credited invoice keeps its state. Called after every application.
 */
export async function markInvoicesPaid<D>(trx: Transaction<D>, itemIds: readonly number[]): Promise<void> {
  for await (const invoices of invoiceDocumentsOf(trx, itemIds, true)) {
    await arDb(trx).updateTable('ar_invoices').set({ status: 'Paid' }).where('invoice_id', 'in', invoices).where('status', '=', 'Posted').execute();
  }
}

/**
 * Lock order on PostgreSQL (issue 22): an A/R invoice's document before its item, as the invoice's own actions
 * take them (the action locks its document, then the credit locks the item). An application that closes an
 * invoice marks its document Paid, so it takes the documents of the items it will touch first, in id order —
 * else a receipt and a credit on the same invoice could each hold what the other waits for.
 */
export async function lockInvoiceDocuments<D>(trx: Transaction<D>, itemIds: readonly number[]): Promise<void> {
  if (engineOf(trx) !== 'postgres') return;
  for await (const invoices of invoiceDocumentsOf(trx, itemIds, false)) {
    await arDb(trx).selectFrom('ar_invoices').select('invoice_id').where('invoice_id', 'in', invoices).orderBy('invoice_id').forUpdate().execute();
  }
}

export async function applyArItem<D>(trx: Transaction<D>, application: ArApplication): Promise<number> {
  const field = application.field ?? 'Amount';
  const amount = money(application.amount, field, 'Amount');
  const discount = money(application.discount, field, 'Discount');
  if (isNegative(discount)) throw BusinessError.of(400, 'validation_failed', 'entities:validation.negative', { label: 'Discount' }, field);
  if (isNegative(amount) || (isZero(amount) && isZero(discount))) {
    throw BusinessError.of(400, 'validation_failed', 'ar:rules.applyPositive', {}, field);
  }
  const engine = engineOf(trx);
  const pair = await AR.lockPair(trx, application.fromItemId, application.toItemId);
  const credit = pair.credit && itemOf(engine, pair.credit);
  const invoice = pair.invoice && itemOf(engine, pair.invoice);
  if (!credit || credit.itemType === 'Invoice' || !isNegative(credit.openBalance) && !isZero(credit.openBalance)) {
    throw BusinessError.of(400, 'not_a_credit', 'ar:rules.notACredit', {}, field);
  }
  if (!invoice || invoice.itemType !== 'Invoice' || invoice.status !== 'Open' || invoice.firmId !== credit.firmId) {
    throw BusinessError.of(400, 'not_open_invoice', 'ar:rules.notOpenInvoice', {}, field);
  }
  // Foreign items are applied by receipts and credit applications (receipts/applications.ts), which post the
  // realized exchange difference; this single application has no posting of its own.
  if (credit.foreignOpenBalance !== null || invoice.foreignOpenBalance !== null) {
    throw BusinessError.of(400, 'foreign_item', 'ar:rules.foreignApplication', {}, field);
  }
  // §5 (issue 22 item 7): no more discount than the terms allow on the application's date.
  const room = discountRoom(invoice, application.date, (await discountsTaken(trx, [invoice.itemId])).get(invoice.itemId) ?? '0.00');
  if (cmp(discount, room) > 0) {
    throw BusinessError.of(400, 'discount_exceeds_available', 'ar:rules.discountExceedsAvailable', { available: room }, field);
  }
  // §5 "Payment plus discount cannot exceed the balance."
  const applied = add(amount, discount);
  if (cmp(applied, invoice.openBalance) > 0) {
    throw BusinessError.of(400, 'exceeds_balance', 'ar:rules.paymentPlusDiscount', { balance: invoice.openBalance }, field);
  }
  const remaining = neg(credit.openBalance);
  if (cmp(amount, remaining) > 0) {
    throw BusinessError.of(400, 'exceeds_credit', 'ar:rules.exceedsCredit', { remaining }, field);
  }
  await AR.setOpenBalance(trx, invoice.itemId, sub(invoice.openBalance, applied));
  if (!isZero(amount)) await AR.setOpenBalance(trx, credit.itemId, add(credit.openBalance, amount));
  await markInvoicesPaid(trx, [invoice.itemId]);
  return AR.insertApplication(trx, { ...application, fromItemId: credit.itemId, toItemId: invoice.itemId, amount, discount });
}

/** The discounts already taken on each of `itemIds` (every application's discount), 0.00 for none. */
export function discountsTaken<D>(trx: Transaction<D>, itemIds: readonly number[]): Promise<Map<number, Decimal>> {
  return AR.discountsTaken(trx, itemIds);
}

export function arAccount<D>(trx: Transaction<D>, transactionType: string): Promise<string> {
  return AR.account(trx, transactionType);
}

/**
 * One A/R posting through the posting service: source AR on the A/R sub-ledger's period flag, actual data,
 * the description cut to the journal's 100 characters.
 */
export function postAr<D>(trx: Transaction<D>, request: SideRequest): Promise<PostingResult> {
  return AR.post(trx, request);
}

/** The posting request `postAr` sends (for `postMany` and `checkPosting`: many A/R documents at once). */
export function arPosting(request: SideRequest): PostingRequest {
  return AR.posting(request);
}
