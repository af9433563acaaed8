/**
 * Server rules and postings of vendor invoices, credit notes and debit notes (`ap-invoice`, issue 24 item 1;
 * definition modules/ap/definitions/ap-invoice.ts; SCREENS.md WP5 acceptance 1, 2, 5; DOMAIN-NOTES §2, §4.5).
 *
 * save (beforeWrite, in the save's transaction):
 * - §8 "Period is closed (A/P)": the transaction date's period is open for A/P (and the G/L);
 * - the document number (AP…, sequence AP-INVOICE) on create; the vendor's name;
 * - §5: the vendor's document number is not already used for that vendor (any state);
 * - the vendor's defaults (ap-vendor-default, `vendorDefaults`) for a blank currency, terms code (else the
 *   firm's account terms), ship-to state and bank, a line's blank account and tax group; §5: terms code,
 *   ship-to state and bank are then required;
 * - §8 "Not allowed to change bank due to different currency.": the bank's currency is the document's;
 * - a foreign document: ExchangeRate (fx_rates into the home currency on the transaction date; none: refused)
 *   and HomeAmount;
 * - due date, discount date and discount available from the terms (baseline: the document date);
 * - a receipt to match (invoices only): posted, of the same vendor, not fully invoiced when named (issue 71 item 2:
 *   its lookup offers only such; postInvoice clears the receipt's Invoiceable once every line is matched, and a
 *   receipt named anew is refused by its matches, whatever the mark); a new invoice saved without lines takes
 *   every line of it not yet invoiced (quantity still open at the PO price); every receipt line named must
 *   be a line of that receipt, once;
 * - each line: Amount = quantity × unit price (cents, half-up), a free line needs its G/L account, a matched
 *   line's PO price and variance (amount − quantity × PO price), the taxes of the ship-to state on the
 *   document date (modules/ar/definitions/tax.ts; a line's tax group limits them); SubTotal, TaxTotal and
 *   Remaining = Amount − SubTotal − TaxTotal.
 * post (Draft → Posted or Exception): Remaining must be zero (§5 "G/L distribution must sum to zero"); each
 *   matched line is checked against the receipt line (DOMAIN-NOTES §4.5): quantity at most what is received
 *   and not yet invoiced, price variance within the tolerance — configuration AP_MATCH_TOLERANCE_PERCENT
 *   **or** AP_MATCH_TOLERANCE_AMOUNT (the spec's "within an allowed percentage or amount"). Outside it the
 *   invoice becomes Exception: nothing posted, not payable. Within: `postInvoice`.
 * accept (Exception → Posted): the variance accepted by the user (AcceptedBy), then `postInvoice`; a quantity
 *   above what was received is never accepted. reopen (Exception → Draft). hold / release (Posted ⇄ OnHold).
 *
 * `postInvoice`: one AP journal — Dr GRNI (PO integration RECEIPT-ACCRUAL) matched quantity × PO price,
 * Dr price variance (AP PRICE-VARIANCE), Dr each free line's account, Dr input tax credits (GST/HST → AP
 * GST-HST-ITC, QST → AP QST-ITR; a tax that gives no credit — PST, RST — is a cost of its line), Cr A/P
 * control (AP PAYABLE) the document's amount; a credit note the reverse. A foreign document posts each debit
 * at the rate of its transaction date and credits A/P with their sum; its item keeps the foreign amount. Then its A/P item (subledger.ts),
 * the matches (ap_matches) and the order lines' invoiced quantities.
 */
import { abs, add, cmp, div, isZero, mul, neg, round, sub, type Decimal } from '@erp/shared/decimal';
import { termsDates, taxesFor } from '@erp/modules/ar/definitions/index';
import { homeCurrency, rateOn, toHome, groupsOf, ratesOf } from '@erp/modules/ar/server/api';
import { assertPeriodOpen, requiredIntegrationAccount } from '@erp/modules/gl/server/api';
import { BusinessError } from '@erp/server/entities/call-result';
import { decimalFromDb, decimalToDb, engineOf } from '@erp/server/db/decimal-codec';
import type { Transaction } from 'kysely';
import type { EntityHooks, WireRecord } from '@erp/server/entities/hooks';
import { nextNumber } from '@erp/server/entities/numbering';
import { AP_INVOICE_SEQUENCE } from '../definitions/common.ts';
import { addApItem, apAccount, INVOICE_ORIGIN, postAp } from './subledger.ts';
import { setField } from '@erp/server/entities/hooks';
import { today } from '@erp/server/entities/defaults';
import { flag } from '@erp/server/db/schema';
import { apDb, type ApDatabase } from './tables.generated.ts';

type ApTransaction = Transaction<ApDatabase>;

export const TOLERANCE_PERCENT = 'AP_MATCH_TOLERANCE_PERCENT';
export const TOLERANCE_AMOUNT = 'AP_MATCH_TOLERANCE_AMOUNT';
/** Authorities whose tax is recoverable, and the A/P integration type of their credit. */
const CREDITS: Readonly<Record<string, string>> = { GST: 'GST-HST-ITC', HST: 'GST-HST-ITC', QST: 'QST-ITR' };

export const INVOICE_TOUCHES = ['gl_entries', 'gl_balances', 'gl_journals', 'ap_items', 'ap_matches', 'ap_invoice_lines', 'purchase_order_lines', 'purchase_orders', 'po_receipts'];

export function linesOf(record: WireRecord): WireRecord[] {
  return Array.isArray(record['Lines']) ? (record['Lines'] as WireRecord[]) : [];
}

const quantity = (trx: ApTransaction, raw: unknown) => decimalFromDb(engineOf(trx), raw ?? 0, 4) ?? '0.0000';

/** A receipt line as matching sees it: what was received at which PO price, and what is already invoiced. */
export interface ReceiptLine {
  lineId: number;
  productId: string;
  received: Decimal;
  poPrice: Decimal;
  poLineId: number | null;
  invoiced: Decimal;
}

export async function loadReceipt(trx: ApTransaction, receiptId: number): Promise<{ vendorId: string; status: string; receiptNo: string; lines: ReceiptLine[] } | null> {
  const head = await trx.selectFrom('po_receipts').select(['vendor_id', 'status', 'receipt_no']).where('receipt_id', '=', receiptId).executeTakeFirst();
  if (!head) return null;
  const rows = await trx
    .selectFrom('po_receipt_lines')
    .select(['line_id', 'product_id', 'quantity_received', 'unit_cost', 'po_line_id'])
    .where('receipt_id', '=', receiptId)
    .orderBy('line_id')
    .execute();
  const ids = rows.map((row) => row.line_id);
  const matched = ids.length > 0 ? await trx.selectFrom('ap_matches').select(['receipt_line_id', 'quantity']).where('receipt_line_id', 'in', ids).execute() : [];
  const invoiced = new Map<number, Decimal>();
  for (const row of matched) invoiced.set(row.receipt_line_id, add(invoiced.get(row.receipt_line_id) ?? '0.0000', quantity(trx, row.quantity)));
  return {
    vendorId: String(head.vendor_id),
    status: String(head.status),
    receiptNo: String(head.receipt_no ?? receiptId),
    lines: rows.map((row) => ({
      lineId: row.line_id,
      productId: String(row.product_id),
      received: quantity(trx, row.quantity_received),
      poPrice: decimalFromDb(engineOf(trx), row.unit_cost, 4) ?? '0.0000',
      poLineId: row.po_line_id,
      invoiced: invoiced.get(row.line_id) ?? '0.0000',
    })),
  };
}

export interface PricedLine {
  row: WireRecord;
  amount: Decimal;
  receiptLine: ReceiptLine | null;
  /** Matched lines: quantity × PO price (cents) and the amount above it. */
  grni: Decimal;
  variance: Decimal;
  taxes: { authorityId: string; amount: Decimal }[];
  taxAmount: Decimal;
}

/**
 * Amounts, matches and taxes of the document's lines (module header); lines are updated in place. `figures`: the
 * figures only, for a line being typed (`invoiceLinePreview`) — nothing is refused (a free line without its account,
 * a job above the line, a receipt line not of the receipt: priced as a free line); the save refuses them.
 */
export async function priceInvoice(trx: ApTransaction, record: WireRecord, receipt: Awaited<ReturnType<typeof loadReceipt>>, options: { taxes?: boolean; figures?: boolean } = {}): Promise<{ lines: PricedLine[]; subTotal: Decimal; taxTotal: Decimal; remaining: Decimal; variance: Decimal }> {
  const lines = linesOf(record);
  const province = String(record['ShipToState'] ?? '');
  const date = String(record['DocDate'] ?? record['TransactionDate']);
  const rates = await ratesOf(trx, province);
  const groups = await groupsOf(trx, [...new Set(lines.map((line) => line['TaxGroup']).filter((g): g is string => typeof g === 'string' && g !== ''))]);
  const byId = new Map((receipt?.lines ?? []).map((line) => [line.lineId, line]));
  const seen = new Set<number>();
  let subTotal: Decimal = '0.00';
  let taxTotal: Decimal = '0.00';
  let varianceTotal: Decimal = '0.00';
  const priced = lines.map((line, index) => {
    const field = (name: string) => `Lines[${index}].${name}`;
    const amount = mul(String(line['Quantity'] ?? '0'), String(line['UnitPrice'] ?? '0'), 2);
    const receiptLineId = line['ReceiptLineId'] == null ? null : Number(line['ReceiptLineId']);
    let receiptLine: ReceiptLine | null = null;
    if (receiptLineId !== null && !(options.figures && !byId.has(receiptLineId))) {
      receiptLine = byId.get(receiptLineId) ?? null;
      if (!receiptLine) throw BusinessError.of(400, 'validation_failed', 'ap:ap-invoice.rules.receiptLineInvalid', {}, field('ReceiptLineId'));
      if (seen.has(receiptLineId)) throw BusinessError.of(400, 'validation_failed', 'ap:ap-invoice.rules.receiptLineTwice', { product: receiptLine.productId }, field('ReceiptLineId'));
      seen.add(receiptLineId);
      line['ProductId'] = receiptLine.productId;
      line['PoPrice'] = receiptLine.poPrice;
      line['AccountId'] = null;
    } else {
      line['ProductId'] = null;
      line['PoPrice'] = null;
      if (!options.figures && (line['AccountId'] == null || line['AccountId'] === '')) throw BusinessError.of(400, 'validation_failed', 'ap:ap-invoice.rules.accountRequired', {}, field('AccountId'));
    }
    // §5: a job allocation is not above the expense.
    if (!options.figures && line['JobAmount'] != null && cmp(String(line['JobAmount']), amount) > 0) throw BusinessError.of(400, 'validation_failed', 'ap:ap-invoice.rules.jobAboveExpense', {}, field('JobAmount'));
    const grni = receiptLine ? mul(String(line['Quantity'] ?? '0'), receiptLine.poPrice, 2) : '0.00';
    const variance = receiptLine ? sub(amount, grni) : '0.00';
    const group = typeof line['TaxGroup'] === 'string' && line['TaxGroup'] !== '' ? line['TaxGroup'] : null;
    // `taxes: false` (a commission voucher): no sales tax on the document at all.
    const taxes = (options.taxes === false ? [] : taxesFor(rates, province, date, amount, group ? groups.get(group) ?? [] : null)).map((tax) => ({ authorityId: tax.authorityId, amount: tax.amount, rate: tax.ratePercent }));
    const taxAmount = taxes.reduce<Decimal>((total, tax) => add(total, tax.amount), '0.00');
    line['Amount'] = amount;
    line['Variance'] = receiptLine ? variance : null;
    line['TaxAmount'] = taxAmount;
    const codes = taxes.map((tax) => `${tax.authorityId} ${tax.rate.replace(/\.?0+$/, '')}%`).join(', ');
    line['TaxCodes'] = codes === '' ? null : codes;
    subTotal = add(subTotal, amount);
    taxTotal = add(taxTotal, taxAmount);
    varianceTotal = add(varianceTotal, variance);
    return { row: line, amount, receiptLine, grni, variance, taxes, taxAmount };
  });
  const remaining = sub(sub(String(record['Amount'] ?? '0.00'), subTotal), taxTotal);
  return { lines: priced, subTotal, taxTotal, remaining, variance: varianceTotal };
}

async function termsOf(trx: ApTransaction, code: string | null) {
  if (!code) return null;
  const row = await trx.selectFrom('ar_account_terms').select(['net_days', 'discount_days', 'discount_percent']).where('terms_code', '=', code).executeTakeFirst();
  if (!row) return null;
  return { NetDays: Number(row.net_days ?? 0), DiscountDays: Number(row.discount_days ?? 0), DiscountPercent: decimalFromDb(engineOf(trx), row.discount_percent, 2) ?? '0.00' };
}

/** Due date, discount date and discount available (of the amount, taxes included) from the terms. */
export async function termFigures(trx: ApTransaction, termsCode: string | null, docDate: string, amount: Decimal, documentType: string) {
  const terms = await termsOf(trx, termsCode);
  const dates = termsDates(terms, docDate);
  const discount = documentType !== 'CreditNote' && dates.discountDate && terms ? div(mul(amount, terms.DiscountPercent, 10), '100', 2) : '0.00';
  return { DueDate: dates.dueDate, DiscountDate: documentType === 'CreditNote' ? null : dates.discountDate, DiscountAvailable: discount };
}

async function configured(trx: ApTransaction, id: string, fallback: Decimal): Promise<Decimal> {
  const row = await trx.selectFrom('configurations').select('control_value').where('control_id', '=', id).executeTakeFirst();
  const text = String(row?.control_value ?? '').trim();
  return /^\d{1,9}(\.\d{1,2})?$/.test(text) ? round(text, 2) : fallback;
}

/** The match tolerance (percent of the PO value, amount), from the configuration. */
export async function tolerance(trx: ApTransaction): Promise<{ percent: Decimal; amount: Decimal }> {
  return { percent: await configured(trx, TOLERANCE_PERCENT, '0.00'), amount: await configured(trx, TOLERANCE_AMOUNT, '0.00') };
}

/** DOMAIN-NOTES §4.5: a variance is accepted when within the amount OR the percent of the PO value. */
export function withinTolerance(variance: Decimal, poValue: Decimal, limits: { percent: Decimal; amount: Decimal }): boolean {
  if (cmp(abs(variance), limits.amount) <= 0) return true;
  if (isZero(poValue)) return false;
  return cmp(mul(abs(variance), '100', 4), mul(abs(poValue), limits.percent, 4)) <= 0;
}

async function assertDocNoFree(trx: ApTransaction, vendorId: string, docNo: string, invoiceId: number | null): Promise<void> {
  let query = trx.selectFrom('ap_invoices').select('invoice_id').where('vendor_id', '=', vendorId).where('vendor_doc_no', '=', docNo);
  if (invoiceId !== null) query = query.where('invoice_id', '<>', invoiceId);
  if (await query.executeTakeFirst()) throw BusinessError.of(400, 'validation_failed', 'ap:ap-invoice.rules.docNoUsed', { docNo, vendor: vendorId }, 'VendorDocNo');
}

/** What a vendor's documents take when left blank (ap-vendor-default; the terms: else the firm's account terms). */
export async function vendorDefaults(trx: ApTransaction, vendorId: string): Promise<{ currency: string | null; termsCode: string | null; shipToState: string | null; bankAccountId: string | null; accountId: string | null; taxGroup: string | null }> {
  const row = await trx.selectFrom('ap_vendor_defaults').selectAll().where('vendor_id', '=', vendorId).executeTakeFirst();
  const firm = await trx.selectFrom('firms').select('account_terms').where('firm_id', '=', vendorId).executeTakeFirst();
  const text = (value: string | null | undefined) => (value != null && value !== '' ? value : null);
  return {
    currency: text(row?.currency),
    termsCode: text(row?.terms_code) ?? text(firm?.account_terms),
    shipToState: text(row?.ship_to_state),
    bankAccountId: text(row?.bank_account_id),
    accountId: text(row?.account_id),
    taxGroup: text(row?.tax_group),
  };
}

export async function assertBankCurrency(trx: ApTransaction, bankId: string, currency: string): Promise<void> {
  const bank = await trx.selectFrom('bank_accounts').select('currency_code').where('bank_account_id', '=', bankId).executeTakeFirst();
  // §8 "Not allowed to change bank due to different currency."
  if (bank && String(bank.currency_code) !== currency) throw BusinessError.of(400, 'validation_failed', 'ap:ap-invoice.rules.bankCurrency', {}, 'BankAccountId');
}

async function checkReceipt(trx: ApTransaction, record: WireRecord) {
  if (record['ReceiptId'] == null) {
    if (linesOf(record).some((line) => line['ReceiptLineId'] != null)) throw BusinessError.of(400, 'validation_failed', 'ap:ap-invoice.rules.receiptLineInvalid', {}, 'ReceiptId');
    return null;
  }
  if (record['DocumentType'] !== 'Invoice') throw BusinessError.of(400, 'validation_failed', 'ap:ap-invoice.rules.matchInvoiceOnly', {}, 'ReceiptId');
  const receipt = await loadReceipt(trx, Number(record['ReceiptId']));
  if (!receipt) throw BusinessError.of(400, 'validation_failed', 'ap:ap-invoice.rules.receiptMissing', {}, 'ReceiptId');
  if (receipt.status !== 'Posted') throw BusinessError.of(400, 'validation_failed', 'ap:ap-invoice.rules.receiptNotPosted', {}, 'ReceiptId');
  if (receipt.vendorId !== record['VendorId']) throw BusinessError.of(400, 'validation_failed', 'ap:ap-invoice.rules.receiptOtherVendor', { vendor: receipt.vendorId }, 'ReceiptId');
  return receipt;
}

/** The A/P document's G/L posting, item, matches and invoiced quantities (module header). */
export async function postInvoice(trx: ApTransaction, record: WireRecord, priced: Awaited<ReturnType<typeof priceInvoice>>, userId: string, acceptedBy: string | null): Promise<{ journalId: number; itemId: number }> {
  const type = String(record['DocumentType']);
  const sign = type === 'CreditNote' ? -1 : 1;
  const signed = (amount: Decimal) => (sign < 0 ? neg(amount) : amount);
  const debits = new Map<string, { amount: Decimal; entered: boolean }>();
  const debit = (account: string, amount: Decimal, entered = false) => {
    const known = debits.get(account);
    debits.set(account, { amount: add(known?.amount ?? '0.00', amount), entered: entered || (known?.entered ?? false) });
  };
  const grniAccount = priced.lines.some((line) => line.receiptLine) ? await poAccount(trx, 'RECEIPT-ACCRUAL') : null;
  const varianceAccount = priced.lines.some((line) => line.receiptLine && !isZero(line.variance)) || priced.lines.some((line) => line.receiptLine && line.taxes.some((t) => !CREDITS[t.authorityId])) ? await apAccount(trx, 'PRICE-VARIANCE') : null;
  for (const line of priced.lines) {
    const costAccount = line.receiptLine ? varianceAccount : String(line.row['AccountId']);
    if (line.receiptLine) {
      debit(grniAccount!, line.grni);
      if (!isZero(line.variance)) debit(varianceAccount!, line.variance);
    } else debit(costAccount!, line.amount, true);
    for (const tax of line.taxes) {
      const credit = CREDITS[tax.authorityId];
      if (credit) debit(await apAccount(trx, credit), tax.amount);
      else debit(costAccount!, tax.amount, !line.receiptLine);
    }
  }
  const payable = await apAccount(trx, 'PAYABLE');
  const total = String(record['Amount']);
  const documentNo = String(record['DocumentNo']);
  const vendorId = String(record['VendorId']);
  // A foreign document posts in the home currency at the rate of its transaction date: each debit converted,
  // A/P credited with their sum (so the journal balances to the cent); its item keeps the foreign amount.
  const currency = String(record['Currency'] ?? (await homeCurrency(trx)));
  const rate = await rateOn(trx, currency, String(record['TransactionDate']), 'Currency');
  const foreign = currency !== (await homeCurrency(trx));
  const debitLines = [...debits].map(([accountId, d]) => ({ accountId, amount: toHome(d.amount, rate), entered: d.entered })).filter((d) => !isZero(d.amount));
  const homeTotal = debitLines.reduce<Decimal>((sum, d) => add(sum, d.amount), '0.00');
  const lines = [
    ...debitLines.map((d) => ({ accountId: d.accountId, amount: signed(d.amount), ...(d.entered ? { enteredAccount: true } : {}) })),
    { accountId: payable, amount: signed(neg(homeTotal)), description: vendorId },
  ];
  const description = `${vendorId} ${String(record['VendorDocNo'])}`;
  const posted = await postAp(trx, { date: String(record['TransactionDate']), documentNo, description, origin: { type: INVOICE_ORIGIN, id: String(record['InvoiceId']) }, lines, reversalOf: null, userId });
  const itemId = await addApItem(trx, {
    firmId: vendorId,
    itemType: type as 'Invoice' | 'CreditNote' | 'DebitNote',
    documentNo,
    vendorDocNo: String(record['VendorDocNo']),
    documentDate: String(record['TransactionDate']),
    dueDate: sign > 0 ? ((record['DueDate'] as string | null) ?? String(record['TransactionDate'])) : String(record['TransactionDate']),
    discountDate: sign > 0 ? ((record['DiscountDate'] as string | null) ?? null) : null,
    discountAvailable: sign > 0 ? String(record['DiscountAvailable'] ?? '0.00') : '0.00',
    amount: signed(homeTotal),
    foreign: foreign ? { currency, amount: signed(total), rate } : null,
    origin: { type: INVOICE_ORIGIN, id: String(record['InvoiceId']) },
    journalId: posted.journalId,
    userId,
  });
  const engine = engineOf(trx);
  const now = new Date().toISOString();
  for (const line of priced.lines) {
    if (!line.receiptLine) continue;
    const matchedQuantity = round(String(line.row['Quantity']), 4);
    await trx
      .insertInto('ap_matches')
      .values({
        invoice_id: Number(record['InvoiceId']),
        invoice_line_id: Number(line.row['LineId']),
        receipt_line_id: line.receiptLine.lineId,
        po_line_id: line.receiptLine.poLineId,
        quantity: decimalToDb(engine, matchedQuantity, 4),
        grni_amount: decimalToDb(engine, line.grni, 2),
        variance: decimalToDb(engine, line.variance, 2),
        accepted_by: acceptedBy,
        created_on: now,
      })
      .execute();
    if (line.receiptLine.poLineId !== null) {
      const order = await trx.selectFrom('purchase_order_lines').select('quantity_invoiced').where('line_id', '=', line.receiptLine.poLineId).executeTakeFirst();
      if (order) {
        await trx
          .updateTable('purchase_order_lines')
          .set({ quantity_invoiced: decimalToDb(engine, add(quantity(trx, order.quantity_invoiced), matchedQuantity), 4) })
          .where('line_id', '=', line.receiptLine.poLineId)
          .execute();
      }
    }
  }
  // Issue 71 item 2: a receipt every line of which is now invoiced is offered no more (po-receipt Invoiceable).
  if (record['ReceiptId'] != null && priced.lines.some((line) => line.receiptLine)) {
    const receipt = await loadReceipt(trx, Number(record['ReceiptId']));
    if (receipt) {
      const invoiceable = receipt.lines.some((line) => cmp(line.received, line.invoiced) > 0);
      await trx.updateTable('po_receipts').set({ invoiceable: flag(invoiceable) }).where('receipt_id', '=', Number(record['ReceiptId'])).execute();
    }
  }
  await trx.updateTable('ap_invoices').set({ balance: decimalToDb(engine, total, 2) }).where('invoice_id', '=', Number(record['InvoiceId'])).execute();
  return { journalId: posted.journalId, itemId };
}

const poAccount = (trx: ApTransaction, type: string): Promise<string> => requiredIntegrationAccount(trx, 'PO', type);

/** The match findings of a priced document: the first line out of tolerance, or null. */
function matchProblem(priced: Awaited<ReturnType<typeof priceInvoice>>, limits: { percent: Decimal; amount: Decimal }): { kind: 'quantity' | 'price'; product: string } | null {
  for (const line of priced.lines) {
    if (!line.receiptLine) continue;
    const open = sub(line.receiptLine.received, line.receiptLine.invoiced);
    if (cmp(String(line.row['Quantity']), open) > 0) return { kind: 'quantity', product: line.receiptLine.productId };
  }
  for (const line of priced.lines) {
    if (line.receiptLine && !withinTolerance(line.variance, line.grni, limits)) return { kind: 'price', product: line.receiptLine.productId };
  }
  return null;
}

/** Prices the stored document again and checks it can post (§5 distribution, the receipt). */
async function readyToPost(trx: ApTransaction, record: WireRecord) {
  if (linesOf(record).length === 0) throw BusinessError.of(400, 'no_lines', 'entities:validation.noLines', {}, 'Lines');
  await assertPeriodOpen(trx, String(record['TransactionDate']), 'ap', 'TransactionDate');
  const receipt = await checkReceipt(trx, record);
  const priced = await priceInvoice(trx, record, receipt);
  // §5 "G/L distribution must sum to zero": the vendor's amount is exactly the lines and their taxes.
  if (!isZero(priced.remaining)) throw BusinessError.of(400, 'not_balanced', 'ap:ap-invoice.rules.distributionNotZero', { difference: priced.remaining }, 'Amount');
  return priced;
}

/**
 * The receipt's lines not yet invoiced, as the invoice's matched lines (quantity still open at the PO price).
 */
function openReceiptLines(receipt: NonNullable<Awaited<ReturnType<typeof loadReceipt>>>, taxGroup: string | null): WireRecord[] {
  return receipt.lines
    .map((line) => ({ line, open: sub(line.received, line.invoiced) }))
    .filter(({ open }) => cmp(open, '0') > 0)
    .map(({ line, open }) => ({ LineId: null, ReceiptLineId: line.lineId, ProductId: line.productId, Description: null, AccountId: null, Quantity: open, UnitPrice: line.poPrice, JobId: null, JobAmount: null, TaxGroup: taxGroup }));
}

const wireText = (value: unknown) => (typeof value === 'string' ? value.trim() : value == null ? '' : String(value));

/**
 * What the receipt an invoice names brings to it (issue 71 item 2), one function for the form and the save: the
 * receipt's vendor, its lines not yet invoiced (each at its open quantity and PO price, with the vendor's tax group)
 * priced as the save prices them — amount, PO price, taxes of the ship-to province (blank: the vendor's) on the
 * document date (blank: today) — and their totals. Null when the invoice cannot take the receipt, as the save
 * refuses it (not an invoice, no such receipt, not posted, another vendor's), and when nothing of it is left to
 * invoice. The form shows this before the save (defaults on pick of ReceiptId, also asked when a new invoice opens
 * from the receipt's Enter vendor invoice); the save takes the lines for an invoice that names the receipt
 * without lines.
 */
export async function receiptDefaults(trx: ApTransaction, record: Readonly<WireRecord>): Promise<{ vendorId: string; lines: WireRecord[]; subTotal: Decimal; taxTotal: Decimal } | null> {
  if ((wireText(record['DocumentType']) || 'Invoice') !== 'Invoice') return null;
  const receiptId = Number(wireText(record['ReceiptId']));
  if (!Number.isSafeInteger(receiptId) || receiptId <= 0) return null;
  const receipt = await loadReceipt(trx, receiptId);
  if (!receipt || receipt.status !== 'Posted') return null;
  const vendorId = wireText(record['VendorId']).toUpperCase();
  if (vendorId !== '' && vendorId !== receipt.vendorId) return null;
  const defaults = await vendorDefaults(trx, receipt.vendorId);
  const lines = openReceiptLines(receipt, defaults.taxGroup);
  if (lines.length === 0) return null;
  const shipTo = wireText(record['ShipToState']).toUpperCase() || defaults.shipToState || '';
  const date = wireText(record['DocDate']) || wireText(record['TransactionDate']) || today();
  const priced = await priceInvoice(trx, { ShipToState: shipTo, DocDate: date, Amount: '0.00', Lines: lines }, receipt);
  return { vendorId: receipt.vendorId, lines, subTotal: priced.subTotal, taxTotal: priced.taxTotal };
}

/**
 * One line's figures as the save would store them (issue 71 item 2: the taxes follow a line's quantity, price or
 * tax group as it is typed; the definition's `linePreview`, POST /api/ap/invoice-line-preview in routes.ts): the
 * blanks the save fills — the line's tax group and the ship-to province from the vendor's defaults, the document
 * date (blank: the transaction date, else today) — then `priceInvoice` on that one line (a receipt line matched). Answers the line's read-only figures: Amount, PoPrice, Variance, TaxCodes,
 * TaxAmount. Quantity and price are decimal wire values (checked by the caller); the header's receipt is not read
 * (a line of a receipt is priced against that receipt's line).
 */
export async function invoiceLinePreview(trx: ApTransaction, header: Readonly<WireRecord>, line: Readonly<WireRecord>): Promise<WireRecord> {
  const vendorId = wireText(header['VendorId']).toUpperCase();
  const defaults = vendorId === '' ? null : await vendorDefaults(trx, vendorId);
  const receiptLineId = Number(wireText(line['ReceiptLineId']));
  const matched = Number.isSafeInteger(receiptLineId) && receiptLineId > 0;
  // A matched line is priced against its own receipt (the header's, once saved: the save refuses any other).
  const owner = matched ? await trx.selectFrom('po_receipt_lines').select('receipt_id').where('line_id', '=', receiptLineId).executeTakeFirst() : undefined;
  const receipt = owner ? await loadReceipt(trx, owner.receipt_id) : null;
  const row: WireRecord = {
    Quantity: wireText(line['Quantity']) || '0',
    UnitPrice: wireText(line['UnitPrice']) || '0',
    TaxGroup: wireText(line['TaxGroup']).toUpperCase() || defaults?.taxGroup || null,
    ReceiptLineId: matched ? receiptLineId : null,
  };
  const record: WireRecord = {
    ShipToState: wireText(header['ShipToState']).toUpperCase() || defaults?.shipToState || '',
    DocDate: wireText(header['DocDate']) || wireText(header['TransactionDate']) || today(),
    Amount: '0.00',
    Lines: [row],
  };
  await priceInvoice(trx, record, receipt, { figures: true });
  return { Amount: row['Amount'], PoPrice: row['PoPrice'] ?? null, Variance: row['Variance'] ?? null, TaxCodes: row['TaxCodes'] ?? null, TaxAmount: row['TaxAmount'] };
}

export const apInvoiceHooks: EntityHooks = {
  /** Defaults on pick of the receipt (definition `defaults.ReceiptId`): `receiptDefaults`. */
  async defaults(ctx, trigger, record) {
    if (trigger !== 'ReceiptId') return {};
    // One short read transaction: the pricing's setup reads are per transaction.
    const found = await apDb(ctx.db).transaction().execute((trx) => receiptDefaults(trx, record));
    return found ? { VendorId: found.vendorId, Lines: found.lines, SubTotal: found.subTotal, TaxTotal: found.taxTotal } : {};
  },
  async beforeWrite(_ctx, engineTrx, change) {
    const trx = apDb(engineTrx);
    const next = change.next;
    if (change.mode === 'create' || change.changed.has('TransactionDate')) await assertPeriodOpen(trx, String(next['TransactionDate']), 'ap', 'TransactionDate');
    if (change.mode === 'create') setField(change, 'DocumentNo', await nextNumber(trx, AP_INVOICE_SEQUENCE, { prefix: 'AP', description: 'A/P documents' }));
    const vendorId = String(next['VendorId']);
    const vendor = await trx.selectFrom('firms').select('name').where('firm_id', '=', vendorId).executeTakeFirst();
    if (next['VendorName'] !== (vendor?.name ?? null)) setField(change, 'VendorName', vendor?.name ?? null);
    await assertDocNoFree(trx, vendorId, String(next['VendorDocNo']), change.mode === 'update' ? Number(change.id) : null);
    // The vendor's defaults for what is left blank, then §5: terms code, ship-to state and bank are required.
    const defaults = await vendorDefaults(trx, vendorId);
    const blank = (field: string) => next[field] == null || next[field] === '';
    for (const [field, value] of [['Currency', defaults.currency ?? (await homeCurrency(trx))], ['TermsCode', defaults.termsCode], ['ShipToState', defaults.shipToState], ['BankAccountId', defaults.bankAccountId]] as const) {
      if (blank(field) && value) setField(change, field, value);
    }
    for (const [field, rule] of [['TermsCode', 'termsRequired'], ['ShipToState', 'shipToStateRequired'], ['BankAccountId', 'bankRequired']] as const) {
      if (blank(field)) throw BusinessError.of(400, 'validation_failed', `ap:ap-invoice.rules.${rule}`, {}, field);
    }
    await assertBankCurrency(trx, String(next['BankAccountId']), String(next['Currency']));
    // A foreign document: the rate of its transaction date into the home currency (none: refused) and its amount at it.
    const rate = await rateOn(trx, String(next['Currency']), String(next['TransactionDate']), 'Currency');
    const home = toHome(String(next['Amount'] ?? '0.00'), rate);
    if (next['ExchangeRate'] !== rate) setField(change, 'ExchangeRate', rate);
    if (next['HomeAmount'] !== home) setField(change, 'HomeAmount', home);
    const receipt = await checkReceipt(trx, next);
    // Issue 71 item 2: a receipt named anew must still have something to invoice (what posted invoices matched).
    if (receipt && (change.mode === 'create' || change.changed.has('ReceiptId')) && !receipt.lines.some((line) => cmp(line.received, line.invoiced) > 0)) {
      throw BusinessError.of(400, 'validation_failed', 'ap:ap-invoice.rules.receiptInvoiced', {}, 'ReceiptId');
    }
    let lines: WireRecord[] = linesOf(next).map((line) => ({
      ...line,
      // A distribution line without a receipt and without an account, or without a tax group: the vendor's.
      ...(line['ReceiptLineId'] == null && (line['AccountId'] == null || line['AccountId'] === '') && defaults.accountId ? { AccountId: defaults.accountId } : {}),
      ...((line['TaxGroup'] == null || line['TaxGroup'] === '') && defaults.taxGroup ? { TaxGroup: defaults.taxGroup } : {}),
    }));
    // Saved without lines, the invoice takes the receipt's lines the form showed (receiptDefaults).
    if (receipt && lines.length === 0 && (change.mode === 'create' || change.changed.has('ReceiptId'))) {
      lines = (await receiptDefaults(trx, next))?.lines ?? [];
    }
    const priced = await priceInvoice(trx, { ...next, Lines: lines }, receipt);
    setField(change, 'Lines', lines);
    const figures = await termFigures(trx, (next['TermsCode'] as string | null) ?? null, String(next['DocDate']), String(next['Amount'] ?? '0.00'), String(next['DocumentType']));
    const values: WireRecord = { ...figures, SubTotal: priced.subTotal, TaxTotal: priced.taxTotal, Remaining: priced.remaining, Variance: priced.variance, Balance: null };
    for (const [field, value] of Object.entries(values)) if (next[field] !== value) setField(change, field, value);
  },
  actions: {
    post: {
      async effect(ctx, run) {
        const trx = apDb(run.trx);
        const priced = await readyToPost(trx, run.record);
        const problem = matchProblem(priced, await tolerance(trx));
        if (problem) {
          // Out of tolerance: an exception, not posted, not payable until accepted or corrected.
          return { set: { Status: 'Exception' }, messageKey: `ap:ap-invoice.result.exception.${problem.kind}`, messageParams: { product: problem.product } };
        }
        const { journalId } = await postInvoice(trx, run.record, priced, ctx.user.userId, null);
        return { set: { Status: 'Posted', JournalId: journalId }, touched: INVOICE_TOUCHES, messageKey: 'ap:ap-invoice.result.posted', messageParams: { document: run.record['DocumentNo'] } };
      },
    },
    accept: {
      async effect(ctx, run) {
        const trx = apDb(run.trx);
        const priced = await readyToPost(trx, run.record);
        const problem = matchProblem(priced, { percent: '0.00', amount: '999999999999.99' });
        // A quantity above what was received is never accepted: the receipt or the invoice must be corrected.
        if (problem) throw BusinessError.of(409, 'quantity_not_received', 'ap:ap-invoice.rules.quantityNotReceived', { product: problem.product }, 'Lines');
        const { journalId } = await postInvoice(trx, run.record, priced, ctx.user.userId, ctx.user.userId);
        return { set: { JournalId: journalId, AcceptedBy: ctx.user.userId }, touched: INVOICE_TOUCHES, messageKey: 'ap:ap-invoice.result.posted', messageParams: { document: run.record['DocumentNo'] } };
      },
    },
  },
};
