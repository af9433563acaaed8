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
import { decimalFromDb, decimalToDb, engineOf } from '@erp/server/db/decimal-codec';
import type { LedgerTransaction, PostingRequest, PostingResult } from '@erp/modules/gl/server/ledger/types';
import { post, postMany } from '@erp/modules/gl/server/ledger/posting';
import { requiredIntegrationAccount } from '@erp/modules/gl/server/ledger/integration';

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

export interface ApItem {
  itemId: number;
  firmId: string;
  itemType: ApItemType;
  documentNo: string;
  documentDate: string;
  dueDate: string;
  discountDate: string | null;
  discountAvailable: Decimal;
  amount: Decimal;
  openBalance: Decimal;
  status: 'Open' | 'Closed';
  originType: string;
  originId: string;
  /** Foreign-currency items only (else null): currency, open balance in it and booking rate. */
  currency: string | null;
  foreignOpenBalance: Decimal | null;
  exchangeRate: Decimal | null;
}

export async function addApItem(trx: LedgerTransaction, item: NewApItem): Promise<number> {
  const engine = engineOf(trx);
  const row = (await trx
    .insertInto('ap_items')
    .values({
      firm_id: item.firmId,
      item_type: item.itemType,
      document_no: item.documentNo,
      vendor_doc_no: item.vendorDocNo ?? null,
      document_date: item.documentDate,
      due_date: item.dueDate ?? item.documentDate,
      discount_date: item.discountDate ?? null,
      discount_available: decimalToDb(engine, item.discountAvailable ?? '0.00', 2),
      amount: decimalToDb(engine, item.amount, 2),
      open_balance: decimalToDb(engine, item.amount, 2),
      status: isZero(item.amount) && (!item.foreign || isZero(item.foreign.amount)) ? 'Closed' : 'Open',
      currency: item.foreign?.currency ?? null,
      foreign_amount: item.foreign ? decimalToDb(engine, item.foreign.amount, 2) : null,
      foreign_open_balance: item.foreign ? decimalToDb(engine, item.foreign.amount, 2) : null,
      exchange_rate: item.foreign ? decimalToDb(engine, item.foreign.rate, 6) : null,
      origin_type: item.origin.type,
      origin_id: item.origin.id,
      journal_id: item.journalId ?? null,
      created_by: item.userId,
      created_on: new Date().toISOString(),
    })
    .returning('item_id')
    .executeTakeFirstOrThrow()) as { item_id: number | string };
  return Number(row.item_id);
}

export function itemOf(engine: ReturnType<typeof engineOf>, row: Record<string, unknown>): ApItem {
  return {
    itemId: Number(row['item_id']),
    firmId: String(row['firm_id']),
    itemType: String(row['item_type']) as ApItemType,
    documentNo: String(row['document_no']),
    documentDate: String(row['document_date']),
    dueDate: String(row['due_date']),
    discountDate: row['discount_date'] == null ? null : String(row['discount_date']),
    discountAvailable: decimalFromDb(engine, row['discount_available'], 2) ?? '0.00',
    amount: decimalFromDb(engine, row['amount'], 2) ?? '0.00',
    openBalance: decimalFromDb(engine, row['open_balance'], 2) ?? '0.00',
    status: String(row['status']) as 'Open' | 'Closed',
    originType: String(row['origin_type']),
    originId: String(row['origin_id']),
    currency: row['currency'] == null ? null : String(row['currency']),
    foreignOpenBalance: decimalFromDb(engine, row['foreign_open_balance'], 2),
    exchangeRate: decimalFromDb(engine, row['exchange_rate'], 6),
  };
}

/** One item (locked for update on PostgreSQL), or undefined. */
export async function apItem(trx: LedgerTransaction, itemId: number, lock = false): Promise<ApItem | undefined> {
  const engine = engineOf(trx);
  let query = trx.selectFrom('ap_items').selectAll().where('item_id', '=', itemId);
  if (lock && engine === 'postgres') query = query.forUpdate();
  const row = (await query.executeTakeFirst()) as Record<string, unknown> | undefined;
  return row ? itemOf(engine, row) : undefined;
}

/** The item of an A/P document (invoice, credit or debit note), or undefined while it is not posted. */
export async function itemOfInvoice(trx: LedgerTransaction, invoiceId: number, lock = false): Promise<ApItem | undefined> {
  const row = (await trx.selectFrom('ap_items').select('item_id').where('origin_type', '=', INVOICE_ORIGIN).where('origin_id', '=', String(invoiceId)).executeTakeFirst()) as { item_id: number } | undefined;
  return row ? apItem(trx, Number(row.item_id), lock) : undefined;
}

/** The item's open balance (home) and, for a foreign item, in its currency — which decides Open/Closed. */
async function setOpenBalance(trx: LedgerTransaction, item: ApItem, balance: Decimal, foreign: Decimal | null): Promise<void> {
  const engine = engineOf(trx);
  const owed = foreign ?? balance;
  await trx
    .updateTable('ap_items')
    .set({ open_balance: decimalToDb(engine, balance, 2), ...(foreign !== null ? { foreign_open_balance: decimalToDb(engine, foreign, 2) } : {}), status: isZero(owed) ? 'Closed' : 'Open' })
    .where('item_id', '=', item.itemId)
    .execute();
  // The document shows its balance in its own currency.
  if (item.originType === INVOICE_ORIGIN) await syncInvoice(trx, Number(item.originId), owed);
}

/**
 * The document's Balance follows its item; an invoice paid in full is Paid, and Posted again when a cancelled
 * cheque reopens it (an invoice on hold keeps its hold).
 */
async function syncInvoice(trx: LedgerTransaction, invoiceId: number, balance: Decimal): Promise<void> {
  const engine = engineOf(trx);
  const row = (await trx.selectFrom('ap_invoices').select(['status', 'document_type']).where('invoice_id', '=', invoiceId).executeTakeFirst()) as { status: string; document_type: string } | undefined;
  if (!row) return;
  const shown = row.document_type === 'CreditNote' ? sub('0.00', balance) : balance;
  const status = isZero(balance) && row.status === 'Posted' ? 'Paid' : !isZero(balance) && row.status === 'Paid' ? 'Posted' : row.status;
  await trx.updateTable('ap_invoices').set({ balance: decimalToDb(engine, shown, 2), status }).where('invoice_id', '=', invoiceId).execute();
}

export interface ApApplication {
  fromItemId: number;
  toItemId: number;
  date: string;
  /** The part of the payment or credit applied (negative: given back by a cancellation). */
  amount: Decimal;
  discount: Decimal;
  /** Between foreign-currency items: the payment and discount in their currency (`amount`, `discount`: home). */
  foreign?: { amount: Decimal; discount: Decimal } | null;
  origin: { type: string; id: string };
  userId: string;
  field?: string;
}

export async function applyApItem(trx: LedgerTransaction, application: ApApplication): Promise<number> {
  const field = application.field ?? 'Payment';
  const [firstId, secondId] = application.fromItemId < application.toItemId ? [application.fromItemId, application.toItemId] : [application.toItemId, application.fromItemId];
  const first = await apItem(trx, firstId, true);
  const second = await apItem(trx, secondId, true);
  const credit = first?.itemId === application.fromItemId ? first : second;
  const invoice = first?.itemId === application.toItemId ? first : second;
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
  const engine = engineOf(trx);
  const row = (await trx
    .insertInto('ap_applications')
    .values({
      from_item_id: credit.itemId,
      to_item_id: invoice.itemId,
      application_date: application.date,
      amount: decimalToDb(engine, application.amount, 2),
      discount: decimalToDb(engine, application.discount, 2),
      foreign_amount: foreign ? decimalToDb(engine, foreign.amount, 2) : null,
      foreign_discount: foreign ? decimalToDb(engine, foreign.discount, 2) : null,
      origin_type: application.origin.type,
      origin_id: application.origin.id,
      created_by: application.userId,
      created_on: new Date().toISOString(),
    })
    .returning('application_id')
    .executeTakeFirstOrThrow()) as { application_id: number | string };
  return Number(row.application_id);
}

/** §5: the discount the terms allow on `date` — the invoice's, until its discount date. */
export function discountOn(item: { discountDate: string | null; discountAvailable: Decimal }, date: string): Decimal {
  return item.discountDate !== null && date <= item.discountDate ? item.discountAvailable : '0.00';
}

/** The discounts already taken on an item (net of cancelled cheques). */
export async function discountTaken(trx: LedgerTransaction, itemId: number): Promise<Decimal> {
  const rows = (await trx.selectFrom('ap_applications').select('discount').where('to_item_id', '=', itemId).execute()) as { discount: unknown }[];
  return rows.reduce<Decimal>((total, row) => add(total, decimalFromDb(engineOf(trx), row.discount, 2) ?? '0.00'), '0.00');
}

export function apAccount(trx: LedgerTransaction, transactionType: string): Promise<string> {
  return requiredIntegrationAccount(trx, 'AP', transactionType);
}

/** One A/P posting: source AP on the A/P period flag, actual data. */
export function postAp(trx: LedgerTransaction, request: Omit<PostingRequest, 'source' | 'subLedger' | 'dataType'>): Promise<PostingResult> {
  return post(trx, { ...request, source: 'AP', subLedger: 'ap', dataType: 'Actual', description: request.description?.slice(0, 100) ?? null });
}

/** Many A/P postings at once (a payment run's cheques), each as `postAp` makes it. */
export function postApMany(trx: LedgerTransaction, requests: readonly Omit<PostingRequest, 'source' | 'subLedger' | 'dataType'>[]): Promise<PostingResult[]> {
  return postMany(
    trx,
    requests.map((request) => ({ ...request, source: 'AP', subLedger: 'ap', dataType: 'Actual', description: request.description?.slice(0, 100) ?? null })),
  );
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
