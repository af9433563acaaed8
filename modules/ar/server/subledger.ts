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
import { add, cmp, isNegative, isZero, neg, parseDecimal, sub, type Decimal } from '@erp/shared/decimal';
import { BusinessError } from '@erp/server/entities/call-result';
import { decimalFromDb, decimalToDb, engineOf } from '@erp/server/db/decimal-codec';
import type { LedgerTransaction, PostingRequest, PostingResult } from '@erp/modules/gl/server/ledger/types';
import { post } from '@erp/modules/gl/server/ledger/posting';
import { requiredIntegrationAccount } from '@erp/modules/gl/server/ledger/integration';

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

export interface ArItem {
  itemId: number;
  firmId: string;
  shipToId: string | null;
  itemType: ArItemType;
  documentNo: string;
  documentDate: string;
  dueDate: string;
  discountDate: string | null;
  discountAvailable: Decimal;
  currency: string;
  amount: Decimal;
  openBalance: Decimal;
  /** Foreign-currency items only (else null): the open balance in `currency` and the booking rate. */
  foreignOpenBalance: Decimal | null;
  exchangeRate: Decimal | null;
  status: 'Open' | 'Closed';
}

export interface ArApplication {
  fromItemId: number;
  toItemId: number;
  /** YYYY-MM-DD. */
  date: string;
  /** > 0: the part of the credit applied. */
  amount: Decimal;
  /** ≥ 0: the discount allowed on the invoice. */
  discount: Decimal;
  origin: { type: string; id: string };
  userId: string;
  /** The form field a refusal names (e.g. `Applications[2].Amount`). */
  field?: string;
}

function money(value: Decimal, field: string, label: string): Decimal {
  const parsed = parseDecimal(value, { precision: 15, scale: 2 });
  if (!parsed.ok) throw BusinessError.of(400, 'validation_failed', parsed.key, { label, ...(parsed.params ?? {}) }, field);
  return parsed.value;
}

export async function addArItem(trx: LedgerTransaction, item: NewArItem): Promise<number> {
  return (await addArItems(trx, [item]))[0]!;
}

/** Items per INSERT: 21 columns × 1000, under both engines' limits of bound values. */
const ITEM_BATCH = 1000;

/** Many items at once (a batch of invoices), each exactly as `addArItem` writes it; answers their ids in order. */
export async function addArItems(trx: LedgerTransaction, items: readonly NewArItem[]): Promise<number[]> {
  const engine = engineOf(trx);
  const now = new Date().toISOString();
  const rows = items.map((item) => {
    const amount = money(item.amount, 'Amount', 'Amount');
    const discount = money(item.discountAvailable ?? '0.00', 'DiscountAvailable', 'Discount');
    if (isNegative(discount)) throw BusinessError.of(400, 'validation_failed', 'entities:validation.negative', { label: 'Discount' }, 'DiscountAvailable');
    return {
      firm_id: item.firmId,
      ship_to_id: item.shipToId ?? null,
      item_type: item.itemType,
      document_no: item.documentNo,
      document_date: item.documentDate,
      due_date: item.dueDate ?? item.documentDate,
      discount_date: item.discountDate ?? null,
      discount_available: decimalToDb(engine, discount, 2),
      currency: item.currency ?? 'CAD',
      amount: decimalToDb(engine, amount, 2),
      open_balance: decimalToDb(engine, amount, 2),
      foreign_amount: item.foreign ? decimalToDb(engine, money(item.foreign.amount, 'Amount', 'Amount'), 2) : null,
      foreign_open_balance: item.foreign ? decimalToDb(engine, item.foreign.amount, 2) : null,
      exchange_rate: item.foreign ? decimalToDb(engine, item.foreign.rate, 6) : null,
      status: isZero(amount) && (!item.foreign || isZero(item.foreign.amount)) ? 'Closed' : 'Open',
      description: item.description ?? null,
      origin_type: item.origin.type,
      origin_id: item.origin.id,
      journal_id: item.journalId ?? null,
      created_by: item.userId,
      created_on: now,
    };
  });
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += ITEM_BATCH) {
    const inserted = (await trx.insertInto('ar_items').values(rows.slice(start, start + ITEM_BATCH)).returning('item_id').execute()) as { item_id: number | string }[];
    for (const row of inserted) ids.push(Number(row.item_id));
  }
  return ids;
}

function itemOf(engine: ReturnType<typeof engineOf>, row: Record<string, unknown>): ArItem {
  return {
    itemId: Number(row['item_id']),
    firmId: String(row['firm_id']),
    shipToId: row['ship_to_id'] == null ? null : String(row['ship_to_id']),
    itemType: String(row['item_type']) as ArItemType,
    documentNo: String(row['document_no']),
    documentDate: String(row['document_date']),
    dueDate: String(row['due_date']),
    discountDate: row['discount_date'] == null ? null : String(row['discount_date']),
    discountAvailable: decimalFromDb(engine, row['discount_available'], 2) ?? '0.00',
    currency: String(row['currency']),
    amount: decimalFromDb(engine, row['amount'], 2) ?? '0.00',
    openBalance: decimalFromDb(engine, row['open_balance'], 2) ?? '0.00',
    foreignOpenBalance: decimalFromDb(engine, row['foreign_open_balance'], 2),
    exchangeRate: decimalFromDb(engine, row['exchange_rate'], 6),
    status: String(row['status']) as 'Open' | 'Closed',
  };
}

/** One item, locked for update on PostgreSQL; undefined when it does not exist. */
export async function arItem(trx: LedgerTransaction, itemId: number, lock = false): Promise<ArItem | undefined> {
  const engine = engineOf(trx);
  let query = trx.selectFrom('ar_items').selectAll().where('item_id', '=', itemId);
  if (lock && engine === 'postgres') query = query.forUpdate();
  const row = (await query.executeTakeFirst()) as Record<string, unknown> | undefined;
  return row ? itemOf(engine, row) : undefined;
}

async function setOpenBalance(trx: LedgerTransaction, itemId: number, balance: Decimal): Promise<void> {
  await trx
    .updateTable('ar_items')
    .set({ open_balance: decimalToDb(engineOf(trx), balance, 2), status: isZero(balance) ? 'Closed' : 'Open' })
    .where('item_id', '=', itemId)
    .execute();
}

/** The origin type of an A/R invoice document's item (the `ar-invoice` entity, modules/ar/definitions/invoices/). */
const INVOICE_ORIGIN = 'ar-invoice';

/**
 * The A/R invoice documents (`ar_invoices` ids, ascending) of the items `itemIds`, in chunks of 1,000 items;
 * `closedOnly`: only those whose item is now closed.
 */
async function* invoiceDocumentsOf(trx: LedgerTransaction, itemIds: readonly number[], closedOnly: boolean): AsyncGenerator<number[]> {
  const unique = [...new Set(itemIds)];
  for (let start = 0; start < unique.length; start += 1000) {
    let query = trx.selectFrom('ar_items').select('origin_id').where('item_id', 'in', unique.slice(start, start + 1000)).where('origin_type', '=', INVOICE_ORIGIN);
    if (closedOnly) query = query.where('item_type', '=', 'Invoice').where('status', '=', 'Closed');
    const rows = (await query.execute()) as { origin_id: unknown }[];
    const invoices = [...new Set(rows.map((row) => Number(row.origin_id)).filter((id) => Number.isSafeInteger(id)))].sort((a, b) => a - b);
    if (invoices.length > 0) yield invoices;
  }
}

/**
 * Issue 21 item 8: the A/R invoices whose items `itemIds` are now closed show as Paid (their document's Status,
 * seen in the invoice list and form); a Credited invoice keeps its state. Called after every application.
 */
export async function markInvoicesPaid(trx: LedgerTransaction, itemIds: readonly number[]): Promise<void> {
  for await (const invoices of invoiceDocumentsOf(trx, itemIds, true)) {
    await trx.updateTable('ar_invoices').set({ status: 'Paid' }).where('invoice_id', 'in', invoices).where('status', '=', 'Posted').execute();
  }
}

/**
 * Lock order on PostgreSQL (issue 22): an A/R invoice's document before its item, as the invoice's own actions
 * take them (the action locks its document, then the credit locks the item). An application that closes an
 * invoice marks its document Paid, so it takes the documents of the items it will touch first, in id order —
 * else a receipt and a credit on the same invoice could each hold what the other waits for.
 */
export async function lockInvoiceDocuments(trx: LedgerTransaction, itemIds: readonly number[]): Promise<void> {
  if (engineOf(trx) !== 'postgres') return;
  for await (const invoices of invoiceDocumentsOf(trx, itemIds, false)) {
    await trx.selectFrom('ar_invoices').select('invoice_id').where('invoice_id', 'in', invoices).orderBy('invoice_id').forUpdate().execute();
  }
}

export async function applyArItem(trx: LedgerTransaction, application: ArApplication): Promise<number> {
  const field = application.field ?? 'Amount';
  const amount = money(application.amount, field, 'Amount');
  const discount = money(application.discount, field, 'Discount');
  if (isNegative(discount)) throw BusinessError.of(400, 'validation_failed', 'entities:validation.negative', { label: 'Discount' }, field);
  if (isNegative(amount) || (isZero(amount) && isZero(discount))) {
    throw BusinessError.of(400, 'validation_failed', 'ar:rules.applyPositive', {}, field);
  }
  // Lock in id order: two applications touching the same pair cannot deadlock on PostgreSQL.
  const [firstId, secondId] = application.fromItemId < application.toItemId ? [application.fromItemId, application.toItemId] : [application.toItemId, application.fromItemId];
  const first = await arItem(trx, firstId, true);
  const second = await arItem(trx, secondId, true);
  const credit = first?.itemId === application.fromItemId ? first : second;
  const invoice = first?.itemId === application.toItemId ? first : second;
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
  await setOpenBalance(trx, invoice.itemId, sub(invoice.openBalance, applied));
  if (!isZero(amount)) await setOpenBalance(trx, credit.itemId, add(credit.openBalance, amount));
  await markInvoicesPaid(trx, [invoice.itemId]);
  const engine = engineOf(trx);
  const row = (await trx
    .insertInto('ar_applications')
    .values({
      from_item_id: credit.itemId,
      to_item_id: invoice.itemId,
      application_date: application.date,
      amount: decimalToDb(engine, amount, 2),
      discount: decimalToDb(engine, discount, 2),
      origin_type: application.origin.type,
      origin_id: application.origin.id,
      created_by: application.userId,
      created_on: new Date().toISOString(),
    })
    .returning('application_id')
    .executeTakeFirstOrThrow()) as { application_id: number | string };
  return Number(row.application_id);
}

/** §5: the discount the terms allow on `date` — the invoice's discount until its discount date, none after. */
export function discountOn(invoice: { discountDate: string | null; discountAvailable: Decimal }, date: string): Decimal {
  return invoice.discountDate !== null && date <= invoice.discountDate ? invoice.discountAvailable : '0.00';
}

/** The discounts already taken on each of `itemIds` (every application's discount), 0.00 for none. */
export async function discountsTaken(trx: LedgerTransaction, itemIds: readonly number[]): Promise<Map<number, Decimal>> {
  const engine = engineOf(trx);
  const taken = new Map<number, Decimal>();
  const unique = [...new Set(itemIds)];
  for (let start = 0; start < unique.length; start += 1000) {
    const rows = (await trx
      .selectFrom('ar_applications')
      .select(['to_item_id', 'discount'])
      .where('to_item_id', 'in', unique.slice(start, start + 1000))
      .execute()) as Record<string, unknown>[];
    for (const row of rows) {
      const id = Number(row['to_item_id']);
      taken.set(id, add(taken.get(id) ?? '0.00', decimalFromDb(engine, row['discount'], 2) ?? '0.00'));
    }
  }
  return taken;
}

/**
 * §5 (issue 22 item 7): what is left of the discount the terms allow on `date` once earlier applications took
 * theirs (never below 0). More than this is not a discount but a write-off.
 */
export function discountRoom(invoice: { discountDate: string | null; discountAvailable: Decimal }, date: string, taken: Decimal): Decimal {
  const left = sub(discountOn(invoice, date), taken);
  return isNegative(left) ? '0.00' : left;
}

export function arAccount(trx: LedgerTransaction, transactionType: string): Promise<string> {
  return requiredIntegrationAccount(trx, 'AR', transactionType);
}

/**
 * One A/R posting through the posting service: source AR on the A/R sub-ledger's period flag, actual data,
 * the description cut to the journal's 100 characters.
 */
export function postAr(trx: LedgerTransaction, request: Omit<PostingRequest, 'source' | 'subLedger' | 'dataType'>): Promise<PostingResult> {
  return post(trx, arPosting(request));
}

/** The posting request `postAr` sends (for `postMany` and `checkPosting`: many A/R documents at once). */
export function arPosting(request: Omit<PostingRequest, 'source' | 'subLedger' | 'dataType'>): PostingRequest {
  return { ...request, source: 'AR', subLedger: 'ar', dataType: 'Actual', description: request.description?.slice(0, 100) ?? null };
}
