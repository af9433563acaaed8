/**
 * The Accounts Payable sub-ledger (issue 24; the mirror of modules/ar/server/subledger.ts). Every A/P document
 * that changes what is owed to a vendor writes it here, in the transaction of its G/L posting:
 *
 * - `addApItem(trx, item)` → item_id: a posted invoice or debit note (+), credit note or payment (−), SIGNED,
 *   home currency; its open balance starts at the amount.
 * - `applyApItem(trx, application)`: applies `amount` of a payment or credit (−) plus `discount` to an open
 *   invoice (+) of the same vendor — §5 "Payment plus discount cannot exceed the balance." — locking both
 *   items (PostgreSQL) in id order; updates both open balances and the invoice document's Balance and state
 *   (Posted ⇄ Paid, `syncInvoice`). A negative application (a cancelled cheque) gives the amount back.
 * - `apAccount(trx, type)`: the GL integration account of A/P (PAYABLE, GST-HST-ITC, QST-ITR, PAYMENT-BANK,
 *   PRICE-VARIANCE, DISCOUNT-TAKEN); §8 "An account entered is not valid." when the row is missing.
 * - `postAp(trx, request)`: the posting service with source AP on the A/P period flag (§8 "Period is closed
 *   (A/P)").
 */
import { add, cmp, isNegative, isZero, mul, sub, type Decimal } from '@erp/shared/decimal';
import { BusinessError } from '@erp/server/entities/call-result';
import { decimalToDb, engineOf } from '@erp/server/db/decimal-codec';
import type { Transaction } from 'kysely';
import type { PostingResult } from '@erp/modules/gl/server/api';
import { defineSubLedger, itemRow, openItemOf, type NewApplication, type OpenItemCore, type SideRequest, type SubLedgerSide } from '@erp/modules/gl/server/api';

import { apDb } from './tables.generated.ts';

export { discountOn } from '@erp/modules/gl/server/api';

/** The A/P side of the sub-ledger engine: vendors' items, source AP on the A/P period flag. */
export const AP_SIDE: SubLedgerSide = { code: 'AP', periodFlag: 'ap', items: 'ap_items', applications: 'ap_applications' };
const AP = defineSubLedger(AP_SIDE);

/** Reversal: a cancelled cheque's payment given back (it closes the payment item again). */
export type ApItemType = 'Invoice' | 'DebitNote' | 'CreditNote' | 'Payment' | 'Reversal';

/** The origin type of an A/P document's item (the `ap-invoice` entity). */
export const INVOICE_ORIGIN = 'ap-invoice';

export interface NewApItem {
  firmId: string;
  itemType: ApItemType;
  documentNo: string;
  vendorDocNo?: string | null;
  documentDate: string;
  dueDate?: string | null;
  discountDate?: string | null;
  discountAvailable?: Decimal;
  /** SIGNED: + owed (invoice, debit note), − paid or credited. */
  amount: Decimal;
  /** A foreign-currency item: its currency, SIGNED amount in it and the rate it was booked at (`amount` is home). */
  foreign?: { currency: string; amount: Decimal; rate: Decimal } | null;
  origin: { type: string; id: string };
  journalId?: number | null;
  userId: string;
}

export interface ApItem extends OpenItemCore {
  itemType: ApItemType;
  originType: string;
  originId: string;
  /** Foreign-currency items only (else null). */
  currency: string | null;
}

// Each function takes any caller's transaction (A/P's documents, and hooks not yet on a typed view): A/P's tables
// are read through `apDb`, the items through the sub-ledger engine.
export async function addApItem<D>(trx: Transaction<D>, item: NewApItem): Promise<number> {
  const row = { ...itemRow(engineOf(trx), item, new Date().toISOString()), vendor_doc_no: item.vendorDocNo ?? null, currency: item.foreign?.currency ?? null };
  return (await AP.insertItems(trx, [row]))[0]!;
}

export function itemOf(engine: ReturnType<typeof engineOf>, row: Record<string, unknown>): ApItem {
  return {
    ...openItemOf(engine, row),
    itemType: String(row['item_type']) as ApItemType,
    originType: String(row['origin_type']),
    originId: String(row['origin_id']),
    currency: row['currency'] == null ? null : String(row['currency']),
  };
}

/** One item (locked for update on PostgreSQL), or undefined. */
export async function apItem<D>(trx: Transaction<D>, itemId: number, lock = false): Promise<ApItem | undefined> {
  const row = await AP.read(trx, itemId, lock);
  return row ? itemOf(engineOf(trx), row) : undefined;
}

/** The item of an A/P document (invoice, credit or debit note), or undefined while it is not posted. */
export async function itemOfInvoice<D>(trx: Transaction<D>, invoiceId: number, lock = false): Promise<ApItem | undefined> {
  const row = await apDb(trx).selectFrom('ap_items').select('item_id').where('origin_type', '=', INVOICE_ORIGIN).where('origin_id', '=', String(invoiceId)).executeTakeFirst();
  return row ? apItem(trx, row.item_id, lock) : undefined;
}

/** The item's open balance (home) and, for a foreign item, in its currency — which decides Open/Closed. */
async function setOpenBalance<D>(trx: Transaction<D>, item: ApItem, balance: Decimal, foreign: Decimal | null): Promise<void> {
  const owed = foreign ?? balance;
  await AP.setOpenBalance(trx, item.itemId, balance, foreign);
  // The document shows its balance in its own currency.
  if (item.originType === INVOICE_ORIGIN) await syncInvoice(trx, Number(item.originId), owed);
}

/**
 * The document's Balance follows its item; an invoice paid in full is Paid, and Posted again when a cancelled
 * cheque reopens it (an invoice on hold keeps its hold).
 */
async function syncInvoice<D>(trx: Transaction<D>, invoiceId: number, balance: Decimal): Promise<void> {
  const engine = engineOf(trx);
  const row = await apDb(trx).selectFrom('ap_invoices').select(['status', 'document_type']).where('invoice_id', '=', invoiceId).executeTakeFirst();
  if (!row) return;
  const shown = row.document_type === 'CreditNote' ? sub('0.00', balance) : balance;
  const status = isZero(balance) && row.status === 'Posted' ? 'Paid' : !isZero(balance) && row.status === 'Paid' ? 'Posted' : row.status;
  await apDb(trx).updateTable('ap_invoices').set({ balance: decimalToDb(engine, shown, 2), status }).where('invoice_id', '=', invoiceId).execute();
}

/**
 * `amount`: the part of the payment or credit applied (negative: given back by a cancellation); `foreign`: between
 * foreign-currency items, the payment and discount in their currency (`amount`, `discount`: home).
 */
export interface ApApplication extends NewApplication {
  field?: string;
}

export async function applyApItem<D>(trx: Transaction<D>, application: ApApplication): Promise<number> {
  const field = application.field ?? 'Payment';
  const engine = engineOf(trx);
  const pair = await AP.lockPair(trx, application.fromItemId, application.toItemId);
  const credit = pair.credit && itemOf(engine, pair.credit);
  const invoice = pair.invoice && itemOf(engine, pair.invoice);
  if (!credit || !invoice || invoice.firmId !== credit.firmId || (invoice.itemType !== 'Invoice' && invoice.itemType !== 'DebitNote' && invoice.itemType !== 'Reversal')) {
    throw BusinessError.of(400, 'not_open_invoice', 'ap:rules.notOpenInvoice', {}, field);
  }
  const applied = add(application.amount, application.discount);
  const foreign = application.foreign ?? null;
  const foreignApplied = foreign ? add(foreign.amount, foreign.discount) : null;
  if (!isNegative(foreignApplied ?? applied)) {
    // §5 "Payment plus discount cannot exceed the balance." (in the document's currency)
    const owed = invoice.foreignOpenBalance ?? invoice.openBalance;
    if (cmp(foreignApplied ?? applied, owed) > 0) throw BusinessError.of(400, 'exceeds_balance', 'ap:rules.paymentPlusDiscount', { balance: owed }, field);
  }
  await setOpenBalance(trx, invoice, sub(invoice.openBalance, applied), invoice.foreignOpenBalance !== null && foreignApplied !== null ? sub(invoice.foreignOpenBalance, foreignApplied) : null);
  await setOpenBalance(trx, credit, add(credit.openBalance, application.amount), credit.foreignOpenBalance !== null && foreign ? add(credit.foreignOpenBalance, foreign.amount) : null);
  return AP.insertApplication(trx, { ...application, fromItemId: credit.itemId, toItemId: invoice.itemId, foreign });
}

/** The discounts already taken on an item (net of cancelled cheques). */
export async function discountTaken<D>(trx: Transaction<D>, itemId: number): Promise<Decimal> {
  return (await AP.discountsTaken(trx, [itemId])).get(itemId) ?? '0.00';
}

export function apAccount<D>(trx: Transaction<D>, transactionType: string): Promise<string> {
  return AP.account(trx, transactionType);
}

/** One A/P posting: source AP on the A/P period flag, actual data. */
export function postAp<D>(trx: Transaction<D>, request: SideRequest): Promise<PostingResult> {
  return AP.post(trx, request);
}

/** Many A/P postings at once (a payment run's cheques), each as `postAp` makes it. */
export function postApMany<D>(trx: Transaction<D>, requests: readonly SideRequest[]): Promise<PostingResult[]> {
  return AP.postMany(trx, requests);
}

/**
 * What paying `payment` + `discount` (in the document's currency) of `item` means at `rate` (the payment date's):
 * the home amount relieved from the item (at its booking rate; all that is left when it settles it), the
 * application's home amount and discount, and the foreign figures for a foreign item. The difference between
 * what is relieved and what the bank pays plus the discount is the realized exchange gain or loss.
 */
export function relief(item: ApItem, payment: Decimal, discount: Decimal, rate: Decimal): { relieved: Decimal; amount: Decimal; discount: Decimal; foreign: { amount: Decimal; discount: Decimal } | null } {
  if (item.foreignOpenBalance === null) return { relieved: add(payment, discount), amount: payment, discount, foreign: null };
  const applied = add(payment, discount);
  const relieved = cmp(applied, item.foreignOpenBalance) === 0 ? item.openBalance : mul(applied, item.exchangeRate ?? '1', 2);
  const discountHome = mul(discount, rate, 2);
  return { relieved, amount: sub(relieved, discountHome), discount: discountHome, foreign: { amount: payment, discount } };
}
