/**
 * A/P documents written by code rather than typed (issue 24 items 6 and 7), priced and posted by the same
 * rules as the purchase journal's (invoices.ts):
 *
 * - `createPostedDocument(trx, input, userId, now)`: writes an `ap-invoice` in wire form (vendor, dates, terms,
 *   ship-to state, bank, lines; Amount defaults to the lines plus their taxes; a receipt to match optional) and
 *   posts it — the demo data's documents.
 * - `createCommissionVoucher(trx, request)`: the A/P side of §3's sales-commission Call result (SCREENS.md
 *   OE-40 "post to payables", a later order-desk issue): one posted voucher to the sales rep's A/P firm — Dr the
 *   commission expense account the caller names, Cr A/P, no sales tax — answering the voucher's id and number.
 *   The caller's transaction holds it all, so the commission run and its vouchers stand or fall together.
 *   Refusals: a firm that is not an active vendor, an amount not above zero, a closed A/P period (§8).
 */
import { add, cmp, isZero, sub, type Decimal } from '@erp/shared/decimal';
import { BusinessError } from '@erp/server/entities/call-result';
import type { Transaction } from 'kysely';
import { nextNumber } from '@erp/server/entities/numbering';
import { insertDocument } from '@erp/modules/po/server/api';
import { assertPeriodOpen } from '@erp/modules/gl/server/api';
import { apInvoice } from '../definitions/ap-invoice.ts';
import { AP_INVOICE_SEQUENCE } from '../definitions/common.ts';
import { loadReceipt, postInvoice, priceInvoice, termFigures } from './invoices.ts';
import { apDb, type ApDatabase } from './tables.generated.ts';
import type { WireRecord } from '@erp/server/entities/hooks';

export async function createPostedDocument(trx: Transaction<ApDatabase>, input: WireRecord, userId: string, now: string, options: { taxes?: boolean } = {}): Promise<WireRecord> {
  await assertPeriodOpen(trx, String(input['TransactionDate']), 'ap', 'TransactionDate');
  const receipt = input['ReceiptId'] == null ? null : await loadReceipt(trx, Number(input['ReceiptId']));
  const record: WireRecord = { Currency: 'CAD', DocumentType: 'Invoice', Status: 'Posted', ...input, DocumentNo: await nextNumber(trx, AP_INVOICE_SEQUENCE, { prefix: 'AP', description: 'A/P documents' }) };
  const priced = await priceInvoice(trx, record, receipt, options);
  if (record['Amount'] === undefined || record['Amount'] === null) record['Amount'] = add(priced.subTotal, priced.taxTotal);
  // §5 "G/L distribution must sum to zero": a given amount is exactly the lines and their taxes.
  else if (!isZero(sub(String(record['Amount']), add(priced.subTotal, priced.taxTotal)))) {
    throw BusinessError.of(400, 'not_balanced', 'ap:ap-invoice.rules.distributionNotZero', { difference: sub(String(record['Amount']), add(priced.subTotal, priced.taxTotal)) }, 'Amount');
  }
  Object.assign(record, await termFigures(trx, String(record['TermsCode']), String(record['DocDate']), String(record['Amount']), String(record['DocumentType'])));
  const vendor = await trx.selectFrom('firms').select('name').where('firm_id', '=', String(record['VendorId'])).executeTakeFirst();
  const written = await insertDocument(trx, apInvoice, { ...record, VendorName: vendor?.name ?? null, SubTotal: priced.subTotal, TaxTotal: priced.taxTotal, Remaining: '0.00', Variance: priced.variance }, userId, now);
  // Matched lines post their matches by line id: priced again as written (same figures, with the ids).
  const final = receipt ? await priceInvoice(trx, written, receipt, options) : { ...priced, lines: priced.lines.map((line, index) => ({ ...line, row: (written['Lines'] as WireRecord[])[index]! })) };
  const { journalId } = await postInvoice(trx, written, final, userId, null);
  await trx.updateTable('ap_invoices').set({ journal_id: journalId }).where('invoice_id', '=', Number(written['InvoiceId'])).execute();
  return { ...written, JournalId: journalId };
}

export interface CommissionVoucher {
  /** The sales rep's A/P firm (a vendor). */
  vendorId: string;
  date: string;
  amount: Decimal;
  /** The commission expense account. */
  expenseAccount: string;
  /** The commission run's reference (the vendor's document number: once per vendor). */
  reference: string;
  description?: string;
  bankAccountId: string;
  termsCode?: string;
  userId: string;
}

/** Called by Sales Orders' commission run in its transaction (any schema): read and written through A/P's view. */
export async function createCommissionVoucher<D>(callerTrx: Transaction<D>, request: CommissionVoucher): Promise<{ invoiceId: number; documentNo: string; journalId: number }> {
  const trx = apDb(callerTrx);
  const firm = await trx.selectFrom('firms').select(['is_vendor', 'is_active', 'province_code', 'account_terms']).where('firm_id', '=', request.vendorId).executeTakeFirst();
  const yes = (value: unknown) => value === true || value === 1 || value === '1';
  if (!firm) throw BusinessError.of(400, 'validation_failed', 'ap:ap-invoice.rules.vendorMissing', {}, 'VendorId');
  if (!yes(firm.is_vendor)) throw BusinessError.of(400, 'validation_failed', 'ap:ap-invoice.rules.notVendor', { value: request.vendorId }, 'VendorId');
  if (!yes(firm.is_active)) throw BusinessError.of(400, 'validation_failed', 'ap:ap-invoice.rules.vendorInactive', {}, 'VendorId');
  if (cmp(request.amount, '0') <= 0) throw BusinessError.of(400, 'validation_failed', 'ap:rules.voucherPositive', {}, 'Amount');
  const written = await createPostedDocument(
    trx,
    {
      VendorId: request.vendorId,
      TransactionDate: request.date,
      DocDate: request.date,
      VendorDocNo: request.reference,
      TermsCode: request.termsCode ?? firm.account_terms ?? 'NET30',
      ShipToState: firm.province_code ?? 'ON',
      BankAccountId: request.bankAccountId,
      Description: request.description ?? 'Sales commission',
      Lines: [{ AccountId: request.expenseAccount, Description: request.description ?? 'Sales commission', Quantity: '1.0000', UnitPrice: request.amount }],
    },
    request.userId,
    new Date().toISOString(),
    { taxes: false },
  );
  return { invoiceId: Number(written['InvoiceId']), documentNo: String(written['DocumentNo']), journalId: Number(written['JournalId']) };
}
