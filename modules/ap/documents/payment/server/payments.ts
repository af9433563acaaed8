/**
 * Payment runs on the server (`ap-payment-batch`, issue 24 item 2; definition
 * modules/ap/documents/payment/definition.ts; DOMAIN-NOTES §4.2, §4.6, §7).
 *
 * save (beforeWrite): the run's number (PAY…, sequence AP-PAYMENT-BATCH); the payment date's period open
 * for A/P; the bank in the documents' currency; each line names a Posted invoice or debit note with an open
 * balance (not on hold, not an exception), once; the server fills its vendor, numbers, due date and balance;
 * the discount at most what the terms allow on the payment date less what was taken (§5); §5 "Payment plus
 * discount cannot exceed the balance."; totals.
 * select (Open): the payments queue — the lines become every payable document due by the pay-through date or
 * with a discount still available on the payment date (discount-eligible first, then by due date), not in
 * another run still to pay, of the run's vendor when one is named.
 * approve (Open → Approved): at least one line, checked again. print (Approved → Printed): `payRun`.
 *
 * `payRun`: the lines grouped by vendor, one payment each: a cheque numbered from the bank's next cheque
 * number (or the action's StartingChequeNo; §8 "Cheque number has been used." for a number already used on
 * that bank — numbers are never reused, a cancelled cheque's included), or an EFT payment in one CPA 005 file
 * with the bank's next file creation number (eft.ts). Each payment posts Dr A/P (payments + discounts) /
 * Cr bank (payments) / Cr discounts taken (AP DISCOUNT-TAKEN), writes its payment item and applies it to the
 * invoices (subledger.ts), which become Paid when settled.
 *
 * Currencies (§8 "Not allowed to change bank due to different currency."): a bank pays only documents of its
 * currency (the queue offers no other; a line naming one is refused). Amounts are in that currency; a foreign
 * payment posts at the payment date's rate: Dr A/P what the documents were booked at (subledger.ts `relief`),
 * Cr bank and Cr discounts at the payment's rate, the difference to the realized exchange gain/loss account
 * (GL FX-GAIN-LOSS).
 */
import { onlyActive, today } from '@erp/server/entities/defaults';
import { add, cmp, isZero, mul, neg, sub, type Decimal } from '@erp/shared/decimal';
import { gainLossAccount, homeCurrency, rateOn } from '@erp/modules/ar/server/api';
import { assertPeriodOpen, integrationAccount } from '@erp/modules/gl/server/api';
import { BusinessError, messageIn } from '@erp/server/entities/call-result';
import { decimalFromDb, decimalToDb, engineOf } from '@erp/server/db/decimal-codec';
import type { Transaction } from 'kysely';
import type { EntityHooks, WireRecord } from '@erp/server/entities/hooks';
import { nextNumber } from '@erp/server/entities/numbering';
import { AP_BATCH_SEQUENCE } from '../../../definitions/common.ts';
import { writeEftFile, type EftBank, type EftPayment } from './eft.ts';
import { addApItem, apAccount, applyApItem, discountOn, INVOICE_ORIGIN, itemOf, itemOfInvoice, postAp, postApMany, relief, type ApItem } from '../../../server/subledger.ts';
import { setField } from '@erp/server/entities/hooks';
import { apDb, type ApDatabase, type ApInvoiceRow } from '../../../server/tables.generated.ts';

/** A run's or a disbursement's line in wire form (InvoiceId, Payment, Discount …; `checkLines` completes it). */
export type PaymentLine = Record<string, unknown>;
type ApTransaction = Transaction<ApDatabase>;

export const PAYMENT_TOUCHES = ['gl_entries', 'gl_balances', 'gl_journals', 'ap_items', 'ap_applications', 'ap_invoices', 'ap_cheques', 'ap_payment_batch_lines'];
/** The first cheque number of a bank that has never printed one. */
export const FIRST_CHEQUE_NO = 1001;

const linesOf = (record: WireRecord): PaymentLine[] => (Array.isArray(record['Lines']) ? (record['Lines'] as PaymentLine[]) : []);
const wireText = (value: unknown): string | null => (value == null ? null : String(value));

export async function bankOf(trx: ApTransaction, bankId: string) {
  const bank = await trx.selectFrom('bank_accounts').selectAll().where('bank_account_id', '=', bankId).executeTakeFirst();
  if (!bank) throw BusinessError.of(400, 'validation_failed', 'ap:ap-payment-batch.rules.bankMissing', {}, 'BankAccountId');
  // §8: a payment pays documents of the bank's currency only (checkLines).
  return bank;
}

/** The columns of a payable document `checkLines` reads. */
type PayableInvoice = Pick<ApInvoiceRow, 'invoice_id' | 'document_no' | 'vendor_doc_no' | 'vendor_id' | 'status' | 'document_type'>;

/** A payable document and its item, or the refusal naming the line. */
function payable(invoice: PayableInvoice | undefined, item: ApItem | undefined, invoiceId: number, field: string): { invoice: PayableInvoice; item: ApItem } {
  // An invoice on hold or in exception cannot be paid (SCREENS.md WP5 acceptance 2).
  if (invoice && (invoice.status === 'OnHold' || invoice.status === 'Exception')) throw BusinessError.of(409, 'on_hold', 'ap:ap-payment-batch.rules.onHold', { document: invoice.document_no }, field);
  if (!invoice || !item || invoice.document_type === 'CreditNote') throw BusinessError.of(400, 'validation_failed', 'ap:ap-payment-batch.rules.notPayable', { document: invoice?.document_no ?? invoiceId }, field);
  if (invoice.status !== 'Posted' || item.status !== 'Open') throw BusinessError.of(400, 'validation_failed', 'ap:ap-payment-batch.rules.notPayable', { document: invoice.document_no }, field);
  return { invoice, item };
}

const CHUNK = 500;
function chunks<T>(values: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < values.length; start += CHUNK) out.push(values.slice(start, start + CHUNK));
  return out;
}

/**
 * The documents, their items (locked on PostgreSQL when `lock`) and the discounts already taken on them, read in
 * a few queries whatever the number of lines (a run of thousands of invoices: issue 24 performance).
 */
async function payables(trx: ApTransaction, invoiceIds: readonly number[], lock: boolean) {
  const engine = engineOf(trx);
  const invoices = new Map<number, PayableInvoice>();
  const items = new Map<number, ApItem>();
  const taken = new Map<number, Decimal>();
  for (const ids of chunks([...new Set(invoiceIds)].filter((id) => Number.isSafeInteger(id)))) {
    const rows = await trx.selectFrom('ap_invoices').select(['invoice_id', 'document_no', 'vendor_doc_no', 'vendor_id', 'status', 'document_type']).where('invoice_id', 'in', ids).execute();
    for (const row of rows) invoices.set(row.invoice_id, row);
    let query = trx.selectFrom('ap_items').selectAll().where('origin_type', '=', INVOICE_ORIGIN).where('origin_id', 'in', ids.map(String));
    if (lock && engine === 'postgres') query = query.forUpdate();
    const itemRows = await query.execute();
    for (const row of itemRows) items.set(Number(row.origin_id), itemOf(engine, row));
    const itemIds = itemRows.map((row) => row.item_id);
    if (itemIds.length === 0) continue;
    const discounts = await trx
      .selectFrom('ap_applications')
      .select(['to_item_id', (eb) => eb.fn.sum('discount').as('taken')])
      .where('to_item_id', 'in', itemIds)
      .groupBy('to_item_id')
      .execute();
    for (const row of discounts) taken.set(row.to_item_id, decimalFromDb(engine, row.taken, 2) ?? '0.00');
  }
  return { invoices, items, taken };
}

/** Checks and completes the lines (module header); answers the totals and the lines' items. */
export async function checkLines(trx: ApTransaction, lines: PaymentLine[], paymentDate: string, vendorId: string | null, currency: string, lock = false): Promise<{ total: Decimal; discounts: Decimal; items: Map<number, ApItem> }> {
  const home = await homeCurrency(trx);
  const seen = new Set<number>();
  let total: Decimal = '0.00';
  let discounts: Decimal = '0.00';
  const found = await payables(trx, lines.map((line) => Number(line['InvoiceId'])), lock);
  for (const [index, line] of lines.entries()) {
    const field = (name: string) => `Lines[${index}].${name}`;
    const invoiceId = Number(line['InvoiceId']);
    if (seen.has(invoiceId)) throw BusinessError.of(400, 'validation_failed', 'ap:ap-payment-batch.rules.invoiceTwice', {}, field('InvoiceId'));
    seen.add(invoiceId);
    const { invoice, item } = payable(found.invoices.get(invoiceId), found.items.get(invoiceId), invoiceId, field('InvoiceId'));
    if (vendorId && item.firmId !== vendorId) throw BusinessError.of(400, 'validation_failed', 'ap:ap-payment-batch.rules.otherVendor', { vendor: vendorId }, field('InvoiceId'));
    // §8 "Not allowed to change bank due to different currency.": the bank pays documents of its currency.
    if ((item.currency ?? home) !== currency) throw BusinessError.of(400, 'validation_failed', 'ap:ap-invoice.rules.bankCurrency', {}, field('InvoiceId'));
    // Amounts in the document's currency: its balance in it.
    const owed = item.foreignOpenBalance ?? item.openBalance;
    line['VendorId'] = item.firmId;
    line['DocumentNo'] = invoice.document_no;
    line['VendorDocNo'] = invoice.vendor_doc_no;
    line['DueDate'] = item.dueDate;
    line['Balance'] = owed;
    const discount = String(line['Discount'] ?? '0.00');
    line['Discount'] = discount;
    const room = sub(discountOn(item, paymentDate), found.taken.get(item.itemId) ?? '0.00');
    if (cmp(discount, room) > 0) throw BusinessError.of(400, 'validation_failed', 'ap:ap-payment-batch.rules.discountExceeds', { available: cmp(room, '0') < 0 ? '0.00' : room }, field('Discount'));
    const payment = String(line['Payment'] ?? '0.00');
    // §5 "Payment plus discount cannot exceed the balance."
    if (cmp(add(payment, discount), owed) > 0) throw BusinessError.of(400, 'validation_failed', 'ap:ap-payment-batch.rules.paymentPlusDiscount', { balance: owed }, field('Payment'));
    if (isZero(payment) && isZero(discount)) throw BusinessError.of(400, 'validation_failed', 'ap:ap-payment-batch.rules.paymentPositive', {}, field('Payment'));
    total = add(total, payment);
    discounts = add(discounts, discount);
  }
  return { total, discounts, items: found.items };
}

/** The most documents one run offers. */
const QUEUE_LIMIT = 5000;

/** The payments queue: what is due (module header), as new lines. */
export async function queue(trx: ApTransaction, batch: WireRecord): Promise<PaymentLine[]> {
  const engine = engineOf(trx);
  const home = await homeCurrency(trx);
  const currency = (await bankOf(trx, String(batch['BankAccountId']))).currency_code ?? home;
  const payThrough = String(batch['PayThroughDate']);
  const paymentDate = String(batch['PaymentDate']);
  // Joined on the document number (unique per A/P document), portable across both engines.
  let query = trx
    .selectFrom('ap_items as i')
    .innerJoin('ap_invoices as d', 'd.document_no', 'i.document_no')
    .select(['i.item_id', 'i.firm_id', 'i.document_no', 'i.due_date', 'i.discount_date', 'i.discount_available', 'i.open_balance', 'i.foreign_open_balance', 'd.invoice_id', 'd.vendor_doc_no'])
    .where('i.origin_type', '=', INVOICE_ORIGIN)
    .where('i.status', '=', 'Open')
    .where('i.item_type', 'in', ['Invoice', 'DebitNote'])
    .where('d.status', '=', 'Posted')
    // §8: the documents of the bank's currency (a home-currency item has none of its own).
    .where((eb) => (currency === home ? eb.or([eb('i.currency', 'is', null), eb('i.currency', '=', currency)]) : eb('i.currency', '=', currency)))
    .where((eb) => eb.or([eb('i.due_date', '<=', payThrough), eb.and([eb('i.discount_date', '>=', paymentDate), eb('i.discount_available', '>', 0 as never)])]));
  const vendorId = batch['VendorId'];
  if (typeof vendorId === 'string' && vendorId !== '') query = query.where('i.firm_id', '=', vendorId);
  // Not the documents another run still to pay holds (the open runs' lines: few, read once by their run).
  const held = new Set(
    (
      await trx
        .selectFrom('ap_payment_batch_lines as l')
        .innerJoin('ap_payment_batches as b', 'b.batch_id', 'l.batch_id')
        .select('l.invoice_id')
        .where('b.status', 'in', ['Open', 'Approved'])
        .where('b.batch_id', '<>', Number(batch['BatchId'] ?? 0))
        .execute()
    ).map((row) => Number(row.invoice_id)),
  );
  const rows = (await query.orderBy('i.due_date').orderBy('i.item_id').limit(QUEUE_LIMIT + held.size).execute()).filter((row) => !held.has(row.invoice_id)).slice(0, QUEUE_LIMIT);
  // The discounts already taken, for the items with a discount still available (a few queries in all).
  const taken = new Map<number, Decimal>();
  const eligible = rows.filter((row) => row.discount_date != null && paymentDate <= row.discount_date).map((row) => row.item_id);
  for (const ids of chunks(eligible)) {
    const sums = await trx.selectFrom('ap_applications').select(['to_item_id', (eb) => eb.fn.sum('discount').as('taken')]).where('to_item_id', 'in', ids).groupBy('to_item_id').execute();
    for (const sum of sums) taken.set(sum.to_item_id, decimalFromDb(engine, sum.taken, 2) ?? '0.00');
  }
  const lines: PaymentLine[] = [];
  for (const row of rows) {
    const item = { discountDate: row.discount_date, discountAvailable: decimalFromDb(engine, row.discount_available, 2) ?? '0.00' };
    const balance = decimalFromDb(engine, row.foreign_open_balance, 2) ?? decimalFromDb(engine, row.open_balance, 2) ?? '0.00';
    let discount = sub(discountOn(item, paymentDate), taken.get(row.item_id) ?? '0.00');
    if (cmp(discount, '0') < 0) discount = '0.00';
    if (cmp(discount, balance) > 0) discount = balance;
    lines.push({ InvoiceId: row.invoice_id, VendorId: row.firm_id, DocumentNo: row.document_no, VendorDocNo: row.vendor_doc_no, DueDate: row.due_date, Balance: balance, Discount: discount, Payment: sub(balance, discount) });
  }
  // Discount-eligible first (DOMAIN-NOTES §4.1: skipping a 2/10 net 30 discount costs about 37 % a year).
  return [...lines.filter((line) => !isZero(String(line['Discount']))), ...lines.filter((line) => isZero(String(line['Discount'])))];
}

async function writeLines(trx: ApTransaction, batchId: number, lines: readonly PaymentLine[]): Promise<void> {
  const engine = engineOf(trx);
  await trx.deleteFrom('ap_payment_batch_lines').where('batch_id', '=', batchId).execute();
  for (let start = 0; start < lines.length; start += 500) {
    await trx
      .insertInto('ap_payment_batch_lines')
      .values(
        lines.slice(start, start + 500).map((line) => ({
          batch_id: batchId,
          // The lines as the queue or checkLines made them (wire form).
          invoice_id: Number(line['InvoiceId']),
          vendor_id: wireText(line['VendorId']),
          document_no: wireText(line['DocumentNo']),
          vendor_doc_no: wireText(line['VendorDocNo']),
          due_date: wireText(line['DueDate']),
          balance: decimalToDb(engine, String(line['Balance']), 2),
          discount: decimalToDb(engine, String(line['Discount']), 2),
          payment: decimalToDb(engine, String(line['Payment']), 2),
        })),
      )
      .execute();
  }
}

/** The bank's sequences row (created at the first run: cheque 1001, EFT file 1), locked. */
export async function sequences(trx: ApTransaction, bankId: string): Promise<{ cheque: number; eft: number }> {
  let query = trx.selectFrom('ap_bank_sequences').select(['next_cheque_no', 'next_eft_file_no']).where('bank_account_id', '=', bankId);
  if (engineOf(trx) === 'postgres') query = query.forUpdate();
  let row = await query.executeTakeFirst();
  if (!row) {
    await trx.insertInto('ap_bank_sequences').values({ bank_account_id: bankId, next_cheque_no: FIRST_CHEQUE_NO, next_eft_file_no: 1 }).execute();
    row = { next_cheque_no: FIRST_CHEQUE_NO, next_eft_file_no: 1 };
  }
  return { cheque: Number(row.next_cheque_no), eft: Number(row.next_eft_file_no) };
}

/** The next cheque number a bank will print (what the cheque printing screen proposes). */
export async function nextChequeNo(trx: ApTransaction, bankId: string): Promise<number> {
  const row = await trx.selectFrom('ap_bank_sequences').select('next_cheque_no').where('bank_account_id', '=', bankId).executeTakeFirst();
  return row ? Number(row.next_cheque_no) : FIRST_CHEQUE_NO;
}

/** The bank's currency, its rate into the home currency on the payment date (1 at home) and whether it is foreign. */
async function exchange(trx: ApTransaction, currency: string, date: string): Promise<{ currency: string; rate: Decimal; foreign: boolean }> {
  return { currency, rate: await rateOn(trx, currency, date, 'PaymentDate'), foreign: currency !== (await homeCurrency(trx)) };
}

/**
 * A payment's home figures from its lines' reliefs: A/P relieved, the bank's amount and the discounts at the
 * payment date's rate, the applications' home amounts, and the realized exchange gain (+) or loss (−) that
 * balances them (zero at home).
 */
function paymentFigures(reliefs: readonly ReturnType<typeof relief>[], paid: Decimal, rate: Decimal) {
  const relieved = reliefs.reduce<Decimal>((sum, r) => add(sum, r.relieved), '0.00');
  const discount = reliefs.reduce<Decimal>((sum, r) => add(sum, r.discount), '0.00');
  const applied = reliefs.reduce<Decimal>((sum, r) => add(sum, r.amount), '0.00');
  const bank = mul(paid, rate, 2);
  return { relieved, discount, applied, bank, gainLoss: sub(sub(relieved, bank), discount) };
}

/** Dr A/P (relieved) / Cr bank / Cr discounts taken / Cr gain or Dr loss on exchange (GL FX-GAIN-LOSS). */
function paymentLines(figures: ReturnType<typeof paymentFigures>, accounts: { payable: string; bank: string; discount: string | null; gainLoss: string | null }, vendorId: string) {
  return [
    { accountId: accounts.payable, amount: figures.relieved, description: vendorId },
    { accountId: accounts.bank, amount: neg(figures.bank) },
    ...(accounts.discount ? [{ accountId: accounts.discount, amount: neg(figures.discount) }] : []),
    ...(accounts.gainLoss ? [{ accountId: accounts.gainLoss, amount: neg(figures.gainLoss) }] : []),
  ].filter((line) => !isZero(line.amount));
}

export interface VendorPayment {
  bank: EftBank;
  method: 'Cheque' | 'EFT';
  /** A cheque's number (checked unused on the bank: §8 "Cheque number has been used."), null for EFT. */
  chequeNo: number | null;
  eftFileNo: number | null;
  batchId: number | null;
  disbursementId: number | null;
  vendorId: string;
  /** Checked lines (InvoiceId, Payment, Discount) of this vendor. */
  lines: readonly PaymentLine[];
  paymentDate: string;
  userId: string;
  /** The field a used cheque number is reported on. */
  field: string;
}

/**
 * One payment to one vendor (a run's cheque or EFT payment, or a cash disbursement): the `ap_cheques` row (its
 * number kept used for ever), the posting Dr A/P (payments + discounts) / Cr bank / Cr discounts taken, the
 * payment item and its applications to the invoices.
 */
export async function payVendor(trx: ApTransaction, payment: VendorPayment): Promise<EftPayment> {
  const { bank, vendorId, paymentDate, userId } = payment;
  const bankId = bank.bank_account_id;
  const engine = engineOf(trx);
  const now = new Date().toISOString();
  const vendor = await trx.selectFrom('firms').select(['name']).where('firm_id', '=', vendorId).executeTakeFirst();
  const paid = payment.lines.reduce<Decimal>((sum, line) => add(sum, String(line['Payment'])), '0.00');
  const discount = payment.lines.reduce<Decimal>((sum, line) => add(sum, String(line['Discount'] ?? '0.00')), '0.00');
  const fx = await exchange(trx, String(bank.currency_code), paymentDate);
  const reliefs: { line: PaymentLine; item: ApItem; relief: ReturnType<typeof relief> }[] = [];
  for (const line of payment.lines) {
    const item = (await itemOfInvoice(trx, Number(line['InvoiceId']), true))!;
    reliefs.push({ line, item, relief: relief(item, String(line['Payment']), String(line['Discount'] ?? '0.00'), fx.rate) });
  }
  const number = payment.chequeNo;
  if (number !== null) {
    const used = await trx.selectFrom('ap_cheque_numbers').select('cheque_no').where('bank_account_id', '=', bankId).where('cheque_no', '=', number).executeTakeFirst();
    // §8 "Cheque number has been used." — numbers are never reused, a cancelled cheque's included.
    if (used) throw BusinessError.of(409, 'cheque_number_used', 'ap:rules.chequeNumberUsed', { number }, payment.field);
  }
  const inserted = await trx
    .insertInto('ap_cheques')
    .values({
      bank_account_id: bankId,
      cheque_no: number,
      payment_method: payment.method,
      status: 'Open',
      payment_date: paymentDate,
      vendor_id: vendorId,
      vendor_name: vendor?.name ?? vendorId,
      amount: decimalToDb(engine, paid, 2),
      discount: decimalToDb(engine, discount, 2),
      batch_id: payment.batchId,
      eft_file_no: payment.eftFileNo,
      created_by: userId,
      created_on: now,
      updated_by: userId,
      updated_on: now,
      version: 1,
    })
    .returning('cheque_id')
    .executeTakeFirstOrThrow();
  const chequeId = inserted.cheque_id;
  if (number !== null) await trx.insertInto('ap_cheque_numbers').values({ bank_account_id: bankId, cheque_no: number, cheque_id: chequeId }).execute();
  const documentNo = number !== null ? `CHQ${number}` : `EFT${payment.eftFileNo}-${chequeId}`;
  const figures = paymentFigures(reliefs.map((r) => r.relief), paid, fx.rate);
  const postingLines = paymentLines(figures, { payable: await apAccount(trx, 'PAYABLE'), bank: String(bank.gl_account_id), discount: isZero(figures.discount) ? null : await apAccount(trx, 'DISCOUNT-TAKEN'), gainLoss: isZero(figures.gainLoss) ? null : await gainLossAccount(trx) }, vendorId);
  const posted = await postAp(trx, { date: paymentDate, documentNo, description: `${vendorId} ${vendor?.name ?? ''}`, origin: { type: 'ap-cheque', id: String(chequeId) }, lines: postingLines, reversalOf: null, userId });
  const itemId = await addApItem(trx, { firmId: vendorId, itemType: 'Payment', documentNo, documentDate: paymentDate, amount: neg(figures.applied), foreign: fx.foreign ? { currency: fx.currency, amount: neg(paid), rate: fx.rate } : null, origin: { type: 'ap-cheque', id: String(chequeId) }, journalId: posted.journalId, userId });
  for (const { item, relief: r } of reliefs) {
    await applyApItem(trx, { fromItemId: itemId, toItemId: item.itemId, date: paymentDate, amount: r.amount, discount: r.discount, foreign: r.foreign, origin: { type: 'ap-cheque', id: String(chequeId) }, userId });
  }
  await trx.updateTable('ap_cheques').set({ journal_id: posted.journalId }).where('cheque_id', '=', chequeId).execute();
  return { chequeId, vendorId, vendorName: vendor?.name ?? vendorId, amount: paid };
}

/**
 * Pays an approved run (module header); answers the cheque numbers and the EFT file number. Each vendor's
 * payment is what `payVendor` writes — its cheque, number, posting, payment item and applications — but written
 * for the whole run in a few multi-row statements (a run of 1,000 cheques ≤ 2 s: issue 24 performance).
 */
export async function payRun(trx: ApTransaction, batch: WireRecord, startingChequeNo: number | null, userId: string): Promise<{ first: number | null; last: number | null; eftFileNo: number | null }> {
  const engine = engineOf(trx);
  const paymentDate = String(batch['PaymentDate']);
  await assertPeriodOpen(trx, paymentDate, 'ap', 'PaymentDate');
  const bankId = String(batch['BankAccountId']);
  const bank = await bankOf(trx, bankId);
  const batchId = Number(batch['BatchId']);
  const lines = linesOf(batch);
  if (lines.length === 0) throw BusinessError.of(400, 'no_lines', 'entities:validation.noLines', {}, 'Lines');
  const fx = await exchange(trx, String(bank.currency_code), paymentDate);
  const { items } = await checkLines(trx, lines, paymentDate, (batch['VendorId'] as string | null) ?? null, fx.currency, true);
  const byVendor = new Map<string, PaymentLine[]>();
  for (const line of lines) byVendor.set(String(line['VendorId']), [...(byVendor.get(String(line['VendorId'])) ?? []), line]);
  const vendors = [...byVendor.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const method = batch['PaymentMethod'] === 'EFT' ? 'EFT' : 'Cheque';
  const seq = await sequences(trx, bankId);
  const firstNo = method === 'Cheque' ? (startingChequeNo ?? seq.cheque) : null;
  const eftFileNo = method === 'EFT' ? seq.eft : null;
  if (firstNo !== null) {
    const used = await trx
      .selectFrom('ap_cheque_numbers')
      .select('cheque_no')
      .where('bank_account_id', '=', bankId)
      .where('cheque_no', '>=', firstNo)
      .where('cheque_no', '<=', firstNo + vendors.length - 1)
      .orderBy('cheque_no')
      .limit(1)
      .executeTakeFirst();
    // §8 "Cheque number has been used." — numbers are never reused, a cancelled cheque's included.
    if (used) throw BusinessError.of(409, 'cheque_number_used', 'ap:rules.chequeNumberUsed', { number: used.cheque_no }, 'StartingChequeNo');
  }
  const names = new Map<string, string>();
  for (const ids of chunks(vendors)) {
    for (const row of await trx.selectFrom('firms').select(['firm_id', 'name']).where('firm_id', 'in', ids).execute()) names.set(row.firm_id, row.name ?? row.firm_id);
  }
  const now = new Date().toISOString();
  const sum = (rows: readonly PaymentLine[], field: string) => rows.reduce<Decimal>((total, line) => add(total, String(line[field] ?? '0.00')), '0.00');
  const payments = vendors.map((vendorId, index) => {
    const vendorLines = byVendor.get(vendorId)!.map((line) => {
      const item = items.get(Number(line['InvoiceId']))!;
      return { line, item, relief: relief(item, String(line['Payment']), String(line['Discount'] ?? '0.00'), fx.rate) };
    });
    const paid = sum(byVendor.get(vendorId)!, 'Payment');
    const figures = paymentFigures(vendorLines.map((l) => l.relief), paid, fx.rate);
    return { vendorId, name: names.get(vendorId) ?? vendorId, number: firstNo === null ? null : firstNo + index, lines: vendorLines, paid, discount: sum(byVendor.get(vendorId)!, 'Discount'), figures, chequeId: 0, documentNo: '' };
  });
  for (const part of chunks(payments)) {
    await trx
      .insertInto('ap_cheques')
      .values(
        part.map((payment) => ({
          bank_account_id: bankId,
          cheque_no: payment.number,
          payment_method: method,
          status: 'Open',
          payment_date: paymentDate,
          vendor_id: payment.vendorId,
          vendor_name: payment.name,
          amount: decimalToDb(engine, payment.paid, 2),
          discount: decimalToDb(engine, payment.discount, 2),
          batch_id: batchId,
          eft_file_no: eftFileNo,
          created_by: userId,
          created_on: now,
          updated_by: userId,
          updated_on: now,
          version: 1,
        })),
      )
      .execute();
  }
  // One payment per vendor per run: the run's cheques by vendor.
  const chequeOf = new Map((await trx.selectFrom('ap_cheques').select(['cheque_id', 'vendor_id']).where('batch_id', '=', batchId).execute()).map((row) => [String(row.vendor_id), row.cheque_id]));
  for (const payment of payments) {
    payment.chequeId = chequeOf.get(payment.vendorId)!;
    payment.documentNo = payment.number !== null ? `CHQ${payment.number}` : `EFT${eftFileNo}-${payment.chequeId}`;
  }
  if (firstNo !== null) {
    for (const part of chunks(payments)) await trx.insertInto('ap_cheque_numbers').values(part.flatMap((payment) => (payment.number === null ? [] : [{ bank_account_id: bankId, cheque_no: payment.number, cheque_id: payment.chequeId }]))).execute();
  }
  // Dr A/P (payments + discounts) / Cr bank (payments) / Cr discounts taken, one posting per payment.
  const payableAccount = await apAccount(trx, 'PAYABLE');
  const discountAccount = payments.some((payment) => !isZero(payment.figures.discount)) ? await apAccount(trx, 'DISCOUNT-TAKEN') : null;
  const gainLossAccountId = payments.some((payment) => !isZero(payment.figures.gainLoss)) ? await gainLossAccount(trx) : null;
  const posted = await postApMany(
    trx,
    payments.map((payment) => ({
      date: paymentDate,
      documentNo: payment.documentNo,
      description: `${payment.vendorId} ${payment.name}`,
      origin: { type: 'ap-cheque', id: String(payment.chequeId) },
      lines: paymentLines(
        payment.figures,
        { payable: payableAccount, bank: String(bank.gl_account_id), discount: isZero(payment.figures.discount) ? null : discountAccount, gainLoss: isZero(payment.figures.gainLoss) ? null : gainLossAccountId },
        payment.vendorId,
      ),
      reversalOf: null,
      userId,
    })),
  );
  // The payment items: each fully applied at once, so Closed with nothing open.
  for (const part of chunks(payments.map((payment, index) => ({ payment, journalId: posted[index]!.journalId })))) {
    await trx
      .insertInto('ap_items')
      .values(
        part.map(({ payment, journalId }) => ({
          firm_id: payment.vendorId,
          item_type: 'Payment',
          document_no: payment.documentNo,
          vendor_doc_no: null,
          document_date: paymentDate,
          due_date: paymentDate,
          discount_date: null,
          discount_available: decimalToDb(engine, '0.00', 2),
          amount: decimalToDb(engine, neg(payment.figures.applied), 2),
          open_balance: decimalToDb(engine, '0.00', 2),
          status: 'Closed',
          currency: fx.foreign ? fx.currency : null,
          foreign_amount: fx.foreign ? decimalToDb(engine, neg(payment.paid), 2) : null,
          foreign_open_balance: fx.foreign ? decimalToDb(engine, '0.00', 2) : null,
          exchange_rate: fx.foreign ? decimalToDb(engine, fx.rate, 6) : null,
          origin_type: 'ap-cheque',
          origin_id: String(payment.chequeId),
          journal_id: journalId,
          created_by: userId,
          created_on: now,
        })),
      )
      .execute();
  }
  const paymentItem = new Map<string, number>();
  for (const part of chunks(payments.map((payment) => String(payment.chequeId)))) {
    const rows = await trx.selectFrom('ap_items').select(['item_id', 'origin_id']).where('origin_type', '=', 'ap-cheque').where('item_type', '=', 'Payment').where('origin_id', 'in', part).execute();
    for (const row of rows) paymentItem.set(row.origin_id, row.item_id);
  }
  // The applications, then each invoice's item and document with its new balance (Paid when settled).
  const applications = payments.flatMap((payment) => payment.lines.map((line) => ({ payment, ...line })));
  for (const part of chunks(applications)) {
    await trx
      .insertInto('ap_applications')
      .values(
        part.map(({ payment, item, relief: r }) => ({
          from_item_id: paymentItem.get(String(payment.chequeId))!,
          to_item_id: item.itemId,
          application_date: paymentDate,
          amount: decimalToDb(engine, r.amount, 2),
          discount: decimalToDb(engine, r.discount, 2),
          foreign_amount: r.foreign ? decimalToDb(engine, r.foreign.amount, 2) : null,
          foreign_discount: r.foreign ? decimalToDb(engine, r.foreign.discount, 2) : null,
          origin_type: 'ap-cheque',
          origin_id: String(payment.chequeId),
          created_by: userId,
          created_on: now,
        })),
      )
      .execute();
  }
  // Grouped by the new balances (most settle to zero): one update of items and one of documents per group.
  const byBalance = new Map<string, { balance: Decimal; foreign: Decimal | null; itemIds: number[]; invoiceIds: number[] }>();
  for (const { item, relief: r } of applications) {
    const balance = sub(item.openBalance, add(r.amount, r.discount));
    const foreign = item.foreignOpenBalance !== null && r.foreign ? sub(item.foreignOpenBalance, add(r.foreign.amount, r.foreign.discount)) : null;
    const key = `${balance}|${foreign ?? ''}`;
    const group = byBalance.get(key) ?? { balance, foreign, itemIds: [], invoiceIds: [] };
    group.itemIds.push(item.itemId);
    group.invoiceIds.push(Number(item.originId));
    byBalance.set(key, group);
  }
  for (const { balance, foreign, itemIds, invoiceIds } of byBalance.values()) {
    // A document's balance is in its currency, which decides when it is settled.
    const owed = foreign ?? balance;
    const settled = isZero(owed);
    for (const ids of chunks(itemIds)) {
      await trx
        .updateTable('ap_items')
        .set({ open_balance: decimalToDb(engine, balance, 2), ...(foreign !== null ? { foreign_open_balance: decimalToDb(engine, foreign, 2) } : {}), status: settled ? 'Closed' : 'Open' })
        .where('item_id', 'in', ids)
        .execute();
    }
    for (const ids of chunks(invoiceIds)) {
      // Payable documents are Posted invoices and debit notes (checkLines): Paid once settled.
      await trx.updateTable('ap_invoices').set({ balance: decimalToDb(engine, owed, 2), ...(settled ? { status: 'Paid' as const } : {}) }).where('invoice_id', 'in', ids).execute();
    }
  }
  const byJournal = new Map<number, number[]>();
  payments.forEach((payment, index) => byJournal.set(posted[index]!.journalId, [...(byJournal.get(posted[index]!.journalId) ?? []), payment.chequeId]));
  for (const [journalId, chequeIds] of byJournal) {
    for (const ids of chunks(chequeIds)) await trx.updateTable('ap_cheques').set({ journal_id: journalId }).where('cheque_id', 'in', ids).execute();
  }
  if (firstNo !== null) {
    await trx.updateTable('ap_bank_sequences').set({ next_cheque_no: Math.max(seq.cheque, firstNo + payments.length) }).where('bank_account_id', '=', bankId).execute();
  } else {
    const eftPayments: EftPayment[] = payments.map((payment) => ({ chequeId: payment.chequeId, vendorId: payment.vendorId, vendorName: payment.name, amount: payment.paid }));
    await writeEftFile(trx, { bank, fileCreationNo: eftFileNo!, batchId, date: paymentDate, payments: eftPayments });
    await trx.updateTable('ap_bank_sequences').set({ next_eft_file_no: eftFileNo! + 1 }).where('bank_account_id', '=', bankId).execute();
  }
  return { first: firstNo, last: firstNo === null ? null : firstNo + payments.length - 1, eftFileNo };
}

export const apPaymentBatchHooks: EntityHooks = {
  // Issue 40 item 5: a new run takes the only bank account in the home currency (the only choice is chosen), else the
  // only one on the G/L account payments are made from (integration AP PAYMENT-BANK), else the last run's, and today's dates.
  async defaults(ctx) {
    const date = today();
    const db = apDb(ctx.db);
    const home = await homeCurrency(db);
    let bank = await onlyActive(ctx, 'bank_accounts', 'bank_account_id', { activeColumn: null, narrow: (select) => select.where('currency_code', '=', home) });
    // The ledger's integration read is per transaction: a short read transaction of its own.
    const paymentAccount = bank === null ? await db.transaction().execute((trx) => integrationAccount(trx, 'AP', 'PAYMENT-BANK')) : null;
    if (paymentAccount !== null) {
      bank = await onlyActive(ctx, 'bank_accounts', 'bank_account_id', { activeColumn: null, narrow: (select) => select.where('currency_code', '=', home).where('gl_account_id', '=', paymentAccount) });
    }
    // Several banks on that account (a payroll bank beside the operating one): the bank of the last run in the home currency.
    if (bank === null) {
      const last = await db
        .selectFrom('ap_payment_batches as b')
        .innerJoin('bank_accounts as a', 'a.bank_account_id', 'b.bank_account_id')
        .select('b.bank_account_id')
        .where('a.currency_code', '=', home)
        .orderBy('b.batch_id', 'desc')
        .limit(1)
        .executeTakeFirst();
      bank = last?.bank_account_id ?? null;
    }
    return { BankAccountId: bank, PaymentDate: date, PayThroughDate: date };
  },
  async beforeWrite(_ctx, engineTrx, change) {
    const trx = apDb(engineTrx);
    const next = change.next;
    if (change.mode === 'create') setField(change, 'BatchNo', await nextNumber(trx, AP_BATCH_SEQUENCE, { prefix: 'PAY', description: 'A/P payment runs' }));
    if (change.mode === 'create' || change.changed.has('PaymentDate')) await assertPeriodOpen(trx, String(next['PaymentDate']), 'ap', 'PaymentDate');
    const bank = await bankOf(trx, String(next['BankAccountId']));
    const lines = linesOf(next);
    const { total, discounts } = await checkLines(trx, lines, String(next['PaymentDate']), (next['VendorId'] as string | null) ?? null, String(bank.currency_code));
    setField(change, 'Lines', lines);
    if (next['Total'] !== total) setField(change, 'Total', total);
    if (next['DiscountTotal'] !== discounts) setField(change, 'DiscountTotal', discounts);
  },
  actions: {
    select: {
      async effect(_ctx, run) {
        const trx = apDb(run.trx);
        const lines = await queue(trx, run.record);
        await writeLines(trx, Number(run.record['BatchId']), lines);
        const total = lines.reduce<Decimal>((sum, line) => add(sum, String(line['Payment'])), '0.00');
        const discounts = lines.reduce<Decimal>((sum, line) => add(sum, String(line['Discount'])), '0.00');
        return { set: { Total: total, DiscountTotal: discounts }, touched: ['ap_payment_batch_lines'], messageKey: 'ap:ap-payment-batch.result.selected', messageParams: { count: lines.length } };
      },
    },
    approve: {
      async guard(_ctx, run) {
        if (linesOf(run.record).length === 0) throw BusinessError.of(400, 'no_lines', 'entities:validation.noLines', {}, 'Lines');
        const trx = apDb(run.trx);
        const bank = await bankOf(trx, String(run.record['BankAccountId']));
        await checkLines(trx, linesOf(run.record), String(run.record['PaymentDate']), (run.record['VendorId'] as string | null) ?? null, String(bank.currency_code));
      },
    },
    print: {
      async effect(ctx, run) {
        const asked = run.body['StartingChequeNo'];
        if (asked !== undefined && asked !== null && (typeof asked !== 'number' || !Number.isInteger(asked) || asked < 1 || asked > 99999999)) {
          throw BusinessError.of(400, 'validation_failed', 'ap:ap-payment-batch.rules.chequeNoInvalid', {}, 'StartingChequeNo');
        }
        const result = await payRun(apDb(run.trx), run.record, typeof asked === 'number' ? asked : null, ctx.user.userId);
        const eft = result.eftFileNo !== null;
        const params = { number: run.record['BatchNo'], first: result.first, last: result.last, file: result.eftFileNo };
        // Issue 40 item 4: Pay hands over the cheques' PDF (or the EFT file) at once (ActionResult.Download, routes.ts);
        // the answer says "posted", and "printed" only once the form has the file.
        return {
          set: { FirstChequeNo: result.first, LastChequeNo: result.last, EftFileNo: result.eftFileNo },
          touched: [...PAYMENT_TOUCHES, 'ap_eft_files', 'ap_bank_sequences'],
          messageKey: eft ? 'ap:ap-payment-batch.result.eft' : 'ap:ap-payment-batch.result.posted',
          messageParams: params,
          data: {
            Download: {
              Path: `ap/ap-payment-batch/${encodeURIComponent(String(run.record['BatchId']))}/${eft ? 'eft' : 'cheques'}`,
              Message: messageIn(ctx.user.row.language, eft ? 'ap:ap-payment-batch.result.eft' : 'ap:ap-payment-batch.result.printed', params),
            },
          },
        };
      },
    },
  },
};
