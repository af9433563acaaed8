/**
 * Payment runs on the server (`ap-payment-batch`, issue 24 item 2; definition
 * modules/ap/definitions/payment-batch.ts; DOMAIN-NOTES §4.2, §4.6, §7).
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
 */
import { add, cmp, isZero, neg, sub, type Decimal } from '@erp/shared/decimal';
import { assertPeriodOpen } from '@erp/modules/gl/server/ledger/periods';
import { BusinessError } from '@erp/server/entities/call-result';
import { decimalFromDb, decimalToDb, engineOf } from '@erp/server/db/decimal-codec';
import type { AnyTransaction, Change, EntityHooks } from '@erp/server/entities/hooks';
import { nextNumber } from '@erp/server/entities/numbering';
import { AP_BATCH_SEQUENCE } from '../definitions/common.ts';
import { writeEftFile, type EftPayment } from './eft.ts';
import { addApItem, apAccount, applyApItem, discountOn, discountTaken, INVOICE_ORIGIN, itemOfInvoice, postAp, type ApItem } from './subledger.ts';

type Row = Record<string, unknown>;

export const PAYMENT_TOUCHES = ['gl_entries', 'gl_balances', 'gl_journals', 'ap_items', 'ap_applications', 'ap_invoices', 'ap_cheques', 'ap_payment_batch_lines'];
/** The first cheque number of a bank that has never printed one. */
export const FIRST_CHEQUE_NO = 1001;

function set(change: Change, field: string, value: unknown): void {
  change.value[field] = value;
  change.next[field] = value;
  change.changed.add(field);
}

const linesOf = (record: Row): Row[] => (Array.isArray(record['Lines']) ? (record['Lines'] as Row[]) : []);

export async function bankOf(trx: AnyTransaction, bankId: string): Promise<Row> {
  const bank = (await trx.selectFrom('bank_accounts').selectAll().where('bank_account_id', '=', bankId).executeTakeFirst()) as Row | undefined;
  if (!bank) throw BusinessError.of(400, 'validation_failed', 'ap:ap-payment-batch.rules.bankMissing', {}, 'BankAccountId');
  // §8: the run pays documents of one currency (CAD in this release) from a bank of that currency.
  if (String(bank['currency_code']) !== 'CAD') throw BusinessError.of(400, 'validation_failed', 'ap:ap-invoice.rules.bankCurrency', {}, 'BankAccountId');
  return bank;
}

/** A payable document and its item, or the refusal naming the line. */
async function payable(trx: AnyTransaction, invoiceId: number, field: string, lock = false): Promise<{ invoice: Row; item: ApItem }> {
  const invoice = (await trx.selectFrom('ap_invoices').select(['invoice_id', 'document_no', 'vendor_doc_no', 'vendor_id', 'status', 'document_type']).where('invoice_id', '=', invoiceId).executeTakeFirst()) as Row | undefined;
  // An invoice on hold or in exception cannot be paid (SCREENS.md WP5 acceptance 2).
  if (invoice && (invoice['status'] === 'OnHold' || invoice['status'] === 'Exception')) throw BusinessError.of(409, 'on_hold', 'ap:ap-payment-batch.rules.onHold', { document: invoice['document_no'] }, field);
  const item = invoice ? await itemOfInvoice(trx, invoiceId, lock) : undefined;
  if (!invoice || !item || invoice['document_type'] === 'CreditNote') throw BusinessError.of(400, 'validation_failed', 'ap:ap-payment-batch.rules.notPayable', { document: invoice?.['document_no'] ?? invoiceId }, field);
  if (invoice['status'] !== 'Posted' || item.status !== 'Open') throw BusinessError.of(400, 'validation_failed', 'ap:ap-payment-batch.rules.notPayable', { document: invoice['document_no'] }, field);
  return { invoice, item };
}

/** Checks and completes the lines (module header); answers the totals. */
export async function checkLines(trx: AnyTransaction, lines: Row[], paymentDate: string, vendorId: string | null): Promise<{ total: Decimal; discounts: Decimal }> {
  const seen = new Set<number>();
  let total: Decimal = '0.00';
  let discounts: Decimal = '0.00';
  for (const [index, line] of lines.entries()) {
    const field = (name: string) => `Lines[${index}].${name}`;
    const invoiceId = Number(line['InvoiceId']);
    if (seen.has(invoiceId)) throw BusinessError.of(400, 'validation_failed', 'ap:ap-payment-batch.rules.invoiceTwice', {}, field('InvoiceId'));
    seen.add(invoiceId);
    const { invoice, item } = await payable(trx, invoiceId, field('InvoiceId'));
    if (vendorId && item.firmId !== vendorId) throw BusinessError.of(400, 'validation_failed', 'ap:ap-payment-batch.rules.otherVendor', { vendor: vendorId }, field('InvoiceId'));
    line['VendorId'] = item.firmId;
    line['DocumentNo'] = invoice['document_no'];
    line['VendorDocNo'] = invoice['vendor_doc_no'];
    line['DueDate'] = item.dueDate;
    line['Balance'] = item.openBalance;
    const discount = String(line['Discount'] ?? '0.00');
    line['Discount'] = discount;
    const room = sub(discountOn(item, paymentDate), await discountTaken(trx, item.itemId));
    if (cmp(discount, room) > 0) throw BusinessError.of(400, 'validation_failed', 'ap:ap-payment-batch.rules.discountExceeds', { available: cmp(room, '0') < 0 ? '0.00' : room }, field('Discount'));
    const payment = String(line['Payment'] ?? '0.00');
    // §5 "Payment plus discount cannot exceed the balance."
    if (cmp(add(payment, discount), item.openBalance) > 0) throw BusinessError.of(400, 'validation_failed', 'ap:ap-payment-batch.rules.paymentPlusDiscount', { balance: item.openBalance }, field('Payment'));
    if (isZero(payment) && isZero(discount)) throw BusinessError.of(400, 'validation_failed', 'ap:ap-payment-batch.rules.paymentPositive', {}, field('Payment'));
    total = add(total, payment);
    discounts = add(discounts, discount);
  }
  return { total, discounts };
}

/** The payments queue: what is due (module header), as new lines. */
export async function queue(trx: AnyTransaction, batch: Row): Promise<Row[]> {
  const engine = engineOf(trx);
  const payThrough = String(batch['PayThroughDate']);
  const paymentDate = String(batch['PaymentDate']);
  // Joined on the document number (unique per A/P document), portable across both engines.
  let query = trx
    .selectFrom('ap_items as i')
    .innerJoin('ap_invoices as d', 'd.document_no', 'i.document_no')
    .select(['i.item_id', 'i.firm_id', 'i.document_no', 'i.due_date', 'i.discount_date', 'i.discount_available', 'i.open_balance', 'd.invoice_id', 'd.vendor_doc_no'])
    .where('i.origin_type', '=', INVOICE_ORIGIN)
    .where('i.status', '=', 'Open')
    .where('i.item_type', 'in', ['Invoice', 'DebitNote'])
    .where('d.status', '=', 'Posted')
    .where((eb) => eb.or([eb('i.due_date', '<=', payThrough), eb.and([eb('i.discount_date', '>=', paymentDate), eb('i.discount_available', '>', 0 as never)])]))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('ap_payment_batch_lines as l')
            .innerJoin('ap_payment_batches as b', 'b.batch_id', 'l.batch_id')
            .select('l.line_id')
            .whereRef('l.invoice_id', '=', 'd.invoice_id')
            .where('b.status', 'in', ['Open', 'Approved'])
            .where('b.batch_id', '<>', Number(batch['BatchId'] ?? 0)),
        ),
      ),
    );
  if (typeof batch['VendorId'] === 'string' && batch['VendorId'] !== '') query = query.where('i.firm_id', '=', batch['VendorId']);
  const rows = (await query.orderBy('i.due_date').orderBy('i.item_id').limit(5000).execute()) as Row[];
  const lines = [] as Row[];
  for (const row of rows) {
    const item = { discountDate: row['discount_date'] == null ? null : String(row['discount_date']), discountAvailable: decimalFromDb(engine, row['discount_available'], 2) ?? '0.00' };
    const balance = decimalFromDb(engine, row['open_balance'], 2) ?? '0.00';
    let discount = sub(discountOn(item, paymentDate), await discountTaken(trx, Number(row['item_id'])));
    if (cmp(discount, '0') < 0) discount = '0.00';
    if (cmp(discount, balance) > 0) discount = balance;
    lines.push({ InvoiceId: Number(row['invoice_id']), VendorId: row['firm_id'], DocumentNo: row['document_no'], VendorDocNo: row['vendor_doc_no'], DueDate: row['due_date'], Balance: balance, Discount: discount, Payment: sub(balance, discount) });
  }
  // Discount-eligible first (DOMAIN-NOTES §4.1: skipping a 2/10 net 30 discount costs about 37 % a year).
  return [...lines.filter((line) => !isZero(String(line['Discount']))), ...lines.filter((line) => isZero(String(line['Discount'])))];
}

async function writeLines(trx: AnyTransaction, batchId: number, lines: readonly Row[]): Promise<void> {
  const engine = engineOf(trx);
  await trx.deleteFrom('ap_payment_batch_lines').where('batch_id', '=', batchId).execute();
  for (let start = 0; start < lines.length; start += 500) {
    await trx
      .insertInto('ap_payment_batch_lines')
      .values(
        lines.slice(start, start + 500).map((line) => ({
          batch_id: batchId,
          invoice_id: line['InvoiceId'],
          vendor_id: line['VendorId'],
          document_no: line['DocumentNo'],
          vendor_doc_no: line['VendorDocNo'],
          due_date: line['DueDate'],
          balance: decimalToDb(engine, String(line['Balance']), 2),
          discount: decimalToDb(engine, String(line['Discount']), 2),
          payment: decimalToDb(engine, String(line['Payment']), 2),
        })),
      )
      .execute();
  }
}

/** The bank's sequences row (created at the first run: cheque 1001, EFT file 1), locked. */
export async function sequences(trx: AnyTransaction, bankId: string): Promise<{ cheque: number; eft: number }> {
  let query = trx.selectFrom('ap_bank_sequences').select(['next_cheque_no', 'next_eft_file_no']).where('bank_account_id', '=', bankId);
  if (engineOf(trx) === 'postgres') query = query.forUpdate();
  let row = (await query.executeTakeFirst()) as Row | undefined;
  if (!row) {
    await trx.insertInto('ap_bank_sequences').values({ bank_account_id: bankId, next_cheque_no: FIRST_CHEQUE_NO, next_eft_file_no: 1 }).execute();
    row = { next_cheque_no: FIRST_CHEQUE_NO, next_eft_file_no: 1 };
  }
  return { cheque: Number(row['next_cheque_no']), eft: Number(row['next_eft_file_no']) };
}

/** The next cheque number a bank will print (what the cheque printing screen proposes). */
export async function nextChequeNo(trx: AnyTransaction, bankId: string): Promise<number> {
  const row = (await trx.selectFrom('ap_bank_sequences').select('next_cheque_no').where('bank_account_id', '=', bankId).executeTakeFirst()) as Row | undefined;
  return row ? Number(row['next_cheque_no']) : FIRST_CHEQUE_NO;
}

export interface VendorPayment {
  bank: Row;
  method: string;
  /** A cheque's number (checked unused on the bank: §8 "Cheque number has been used."), null for EFT. */
  chequeNo: number | null;
  eftFileNo: number | null;
  batchId: number | null;
  disbursementId: number | null;
  vendorId: string;
  /** Checked lines (InvoiceId, Payment, Discount) of this vendor. */
  lines: readonly Row[];
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
export async function payVendor(trx: AnyTransaction, payment: VendorPayment): Promise<EftPayment> {
  const { bank, vendorId, paymentDate, userId } = payment;
  const bankId = String(bank['bank_account_id']);
  const engine = engineOf(trx);
  const now = new Date().toISOString();
  const vendor = (await trx.selectFrom('firms').select(['name']).where('firm_id', '=', vendorId).executeTakeFirst()) as Row | undefined;
  const paid = payment.lines.reduce<Decimal>((sum, line) => add(sum, String(line['Payment'])), '0.00');
  const discount = payment.lines.reduce<Decimal>((sum, line) => add(sum, String(line['Discount'] ?? '0.00')), '0.00');
  const number = payment.chequeNo;
  if (number !== null) {
    const used = await trx.selectFrom('ap_cheque_numbers').select('cheque_no').where('bank_account_id', '=', bankId).where('cheque_no', '=', number).executeTakeFirst();
    // §8 "Cheque number has been used." — numbers are never reused, a cancelled cheque's included.
    if (used) throw BusinessError.of(409, 'cheque_number_used', 'ap:rules.chequeNumberUsed', { number }, payment.field);
  }
  const inserted = (await trx
    .insertInto('ap_cheques')
    .values({
      bank_account_id: bankId,
      cheque_no: number,
      payment_method: payment.method,
      status: 'Open',
      payment_date: paymentDate,
      vendor_id: vendorId,
      vendor_name: vendor?.['name'] ?? vendorId,
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
    .executeTakeFirstOrThrow()) as { cheque_id: number | string };
  const chequeId = Number(inserted.cheque_id);
  if (number !== null) await trx.insertInto('ap_cheque_numbers').values({ bank_account_id: bankId, cheque_no: number, cheque_id: chequeId }).execute();
  const documentNo = number !== null ? `CHQ${number}` : `EFT${payment.eftFileNo}-${chequeId}`;
  const postingLines = [
    { accountId: await apAccount(trx, 'PAYABLE'), amount: add(paid, discount), description: vendorId },
    { accountId: String(bank['gl_account_id']), amount: neg(paid) },
    ...(isZero(discount) ? [] : [{ accountId: await apAccount(trx, 'DISCOUNT-TAKEN'), amount: neg(discount) }]),
  ].filter((line) => !isZero(line.amount));
  const posted = await postAp(trx, { date: paymentDate, documentNo, description: `${vendorId} ${String(vendor?.['name'] ?? '')}`, origin: { type: 'ap-cheque', id: String(chequeId) }, lines: postingLines, reversalOf: null, userId });
  const itemId = await addApItem(trx, { firmId: vendorId, itemType: 'Payment', documentNo, documentDate: paymentDate, amount: neg(paid), origin: { type: 'ap-cheque', id: String(chequeId) }, journalId: posted.journalId, userId });
  for (const line of payment.lines) {
    const item = await itemOfInvoice(trx, Number(line['InvoiceId']), true);
    await applyApItem(trx, { fromItemId: itemId, toItemId: item!.itemId, date: paymentDate, amount: String(line['Payment']), discount: String(line['Discount'] ?? '0.00'), origin: { type: 'ap-cheque', id: String(chequeId) }, userId });
  }
  await trx.updateTable('ap_cheques').set({ journal_id: posted.journalId }).where('cheque_id', '=', chequeId).execute();
  return { chequeId, vendorId, vendorName: String(vendor?.['name'] ?? vendorId), amount: paid };
}

/** Pays an approved run (module header); answers the cheque numbers and the EFT file number. */
export async function payRun(trx: AnyTransaction, batch: Row, startingChequeNo: number | null, userId: string): Promise<{ first: number | null; last: number | null; eftFileNo: number | null }> {
  const paymentDate = String(batch['PaymentDate']);
  await assertPeriodOpen(trx, paymentDate, 'ap', 'PaymentDate');
  const bankId = String(batch['BankAccountId']);
  const bank = await bankOf(trx, bankId);
  const lines = linesOf(batch);
  if (lines.length === 0) throw BusinessError.of(400, 'no_lines', 'gl:rules.noLines', {}, 'Lines');
  await checkLines(trx, lines, paymentDate, (batch['VendorId'] as string | null) ?? null);
  const byVendor = new Map<string, Row[]>();
  for (const line of lines) byVendor.set(String(line['VendorId']), [...(byVendor.get(String(line['VendorId'])) ?? []), line]);
  const method = String(batch['PaymentMethod']);
  const seq = await sequences(trx, bankId);
  let chequeNo = startingChequeNo ?? seq.cheque;
  const first = method === 'Cheque' ? chequeNo : null;
  const eftPayments: EftPayment[] = [];
  const eftFileNo = method === 'EFT' ? seq.eft : null;
  for (const [vendorId, vendorLines] of [...byVendor].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const number = method === 'Cheque' ? chequeNo++ : null;
    eftPayments.push(await payVendor(trx, { bank, method, chequeNo: number, eftFileNo, batchId: Number(batch['BatchId']), disbursementId: null, vendorId, lines: vendorLines, paymentDate, userId, field: 'StartingChequeNo' }));
  }
  if (method === 'Cheque') {
    await trx.updateTable('ap_bank_sequences').set({ next_cheque_no: Math.max(seq.cheque, chequeNo) }).where('bank_account_id', '=', bankId).execute();
  } else {
    await writeEftFile(trx, { bank, fileCreationNo: eftFileNo!, batchId: Number(batch['BatchId']), date: paymentDate, payments: eftPayments });
    await trx.updateTable('ap_bank_sequences').set({ next_eft_file_no: eftFileNo! + 1 }).where('bank_account_id', '=', bankId).execute();
  }
  return { first, last: method === 'Cheque' ? chequeNo - 1 : null, eftFileNo };
}

export const apPaymentBatchHooks: EntityHooks = {
  async beforeWrite(_ctx, trx, change) {
    const next = change.next;
    if (change.mode === 'create') set(change, 'BatchNo', await nextNumber(trx, AP_BATCH_SEQUENCE, { prefix: 'PAY', description: 'A/P payment runs' }));
    if (change.mode === 'create' || change.changed.has('PaymentDate')) await assertPeriodOpen(trx, String(next['PaymentDate']), 'ap', 'PaymentDate');
    await bankOf(trx, String(next['BankAccountId']));
    const lines = linesOf(next);
    const { total, discounts } = await checkLines(trx, lines, String(next['PaymentDate']), (next['VendorId'] as string | null) ?? null);
    set(change, 'Lines', lines);
    if (next['Total'] !== total) set(change, 'Total', total);
    if (next['DiscountTotal'] !== discounts) set(change, 'DiscountTotal', discounts);
  },
  actions: {
    select: {
      async effect(_ctx, run) {
        const lines = await queue(run.trx, run.record);
        await writeLines(run.trx, Number(run.record['BatchId']), lines);
        const total = lines.reduce<Decimal>((sum, line) => add(sum, String(line['Payment'])), '0.00');
        const discounts = lines.reduce<Decimal>((sum, line) => add(sum, String(line['Discount'])), '0.00');
        return { set: { Total: total, DiscountTotal: discounts }, touched: ['ap_payment_batch_lines'], messageKey: 'ap:ap-payment-batch.result.selected', messageParams: { count: lines.length } };
      },
    },
    approve: {
      async guard(_ctx, run) {
        if (linesOf(run.record).length === 0) throw BusinessError.of(400, 'no_lines', 'gl:rules.noLines', {}, 'Lines');
        await checkLines(run.trx, linesOf(run.record), String(run.record['PaymentDate']), (run.record['VendorId'] as string | null) ?? null);
      },
    },
    print: {
      async effect(ctx, run) {
        const asked = run.body['StartingChequeNo'];
        if (asked !== undefined && asked !== null && (typeof asked !== 'number' || !Number.isInteger(asked) || asked < 1 || asked > 99999999)) {
          throw BusinessError.of(400, 'validation_failed', 'ap:ap-payment-batch.rules.chequeNoInvalid', {}, 'StartingChequeNo');
        }
        const result = await payRun(run.trx, run.record, typeof asked === 'number' ? asked : null, ctx.user.userId);
        return {
          set: { FirstChequeNo: result.first, LastChequeNo: result.last, EftFileNo: result.eftFileNo },
          touched: [...PAYMENT_TOUCHES, 'ap_eft_files', 'ap_bank_sequences'],
          messageKey: result.eftFileNo !== null ? 'ap:ap-payment-batch.result.eft' : 'ap:ap-payment-batch.result.printed',
          messageParams: { first: result.first, last: result.last, file: result.eftFileNo },
        };
      },
    },
  },
};
