/**
 * Driver cash-in on the server (issue 26 item 4; definition modules/so/definitions/driver-cash-in.ts):
 * - beforeWrite (in the save's transaction): each line's order exists and is Invoiced (§8 "Sales order does not
 *   exist."), is of a customer the user may see (§6), and takes the order's number, bill-to, invoice and total;
 *   §5 "The total paid cannot exceed the order total.": the line's amount with what the order's earlier posted
 *   cash-ins paid stays within the order's total; TotalPaid follows the lines;
 * - `post` (Open → Posted): the lines checked again as they stand now, then one AR cash receipt per bill-to,
 *   written and posted by Receivables' own code (`postReceipt`: the invoices' open balances, Dr bank / Cr
 *   receivables, the applications; the A/R period must be open) — the receipt's number on its lines.
 */
import { add, cmp, type Decimal } from '@erp/shared/decimal';
import { CASH_RECEIPT_SEQUENCE } from '@erp/modules/ar/definitions/index';
import { postReceipt } from '@erp/modules/ar/server/api';
import { decimalFromDb, decimalToDb } from '@erp/server/db/decimal-codec';
import { BusinessError } from '@erp/server/entities/call-result';
import type { EntityHooks, WireRecord } from '@erp/server/entities/hooks';
import type { Transaction } from 'kysely';
import { nextNumber } from '@erp/server/entities/numbering';
import { linesOf } from './pricing.ts';
import { setField } from '@erp/server/entities/hooks';
import { soDb, type SoDatabase } from './tables.generated.ts';

type SoTransaction = Transaction<SoDatabase>;

const refuse = (index: number, key: string, params: Record<string, unknown> = {}, field = 'OrderKey') => new BusinessError(400, 'validation_failed', [{ field: `Lines[${index}].${field}`, key, params }]);

/** The lines with their orders' figures (see the header); throws the §5/§8 refusals. */
async function checkedLines(trx: SoTransaction, cashInId: number | null, lines: readonly WireRecord[]): Promise<WireRecord[]> {
  const out: WireRecord[] = [];
  for (const [index, line] of lines.entries()) {
    const key = Number(line['OrderKey']);
    const order = await trx.selectFrom('sales_orders').select(['order_no', 'bill_to_id', 'invoice_no', 'total', 'status']).where('order_key', '=', key).executeTakeFirst();
    if (!order || order.status !== 'Invoiced') throw refuse(index, 'so:sales-order.rules.salesOrderMissing');
    // §6: each order's customer is the user's — the engine's check of the definition's `customer` Lines.OrderKey.
    const total = decimalFromDb(trx, order.total, 2) ?? '0.00';
    const earlier = await trx
      .selectFrom('so_cash_in_lines as l')
      .innerJoin('so_cash_ins as c', 'c.cash_in_id', 'l.cash_in_id')
      .select('l.amount_paid')
      .where('l.order_key', '=', key)
      .where('c.status', '=', 'Posted')
      .where('c.cash_in_id', '<>', cashInId ?? -1)
      .execute();
    let paid: Decimal = String(line['AmountPaid'] ?? '0.00');
    for (const row of earlier) paid = add(paid, decimalFromDb(trx, row.amount_paid, 2) ?? '0.00');
    // §5 "The total paid cannot exceed the order total."
    if (cmp(paid, total) > 0) throw refuse(index, 'so:driver-cash-in.rules.overPaid', { total }, 'AmountPaid');
    out.push({ ...line, OrderNo: order.order_no, BillToId: order.bill_to_id, InvoiceNo: order.invoice_no, OrderTotal: total });
  }
  return out;
}

/** One posted AR cash receipt per bill-to; answers the receipt number per bill-to. */
export async function postReceipts(trx: SoTransaction, record: WireRecord, lines: readonly WireRecord[], userId: string): Promise<Map<string, string>> {
  const byFirm = new Map<string, WireRecord[]>();
  for (const line of lines) byFirm.set(String(line['BillToId']), [...(byFirm.get(String(line['BillToId'])) ?? []), line]);
  const numbers = new Map<string, string>();
  const date = String(record['CashInDate']);
  const bank = String(record['BankAccountId']);
  const now = new Date().toISOString();
  const reference = `${String(record['CashInNo'])}${record['Driver'] ? ` ${String(record['Driver'])}` : ''}`.slice(0, 30);
  for (const [firmId, firmLines] of byFirm) {
    const amount = firmLines.reduce<Decimal>((sum, line) => add(sum, String(line['AmountPaid'])), '0.00');
    const money = (value: Decimal) => decimalToDb(trx, value, 2);
    const documentNo = await nextNumber(trx, CASH_RECEIPT_SEQUENCE, { prefix: 'RC', description: 'cash-receipt' });
    const inserted = await trx
      .insertInto('ar_cash_receipts')
      .values({
        document_no: documentNo,
        firm_id: firmId,
        bank_account_id: bank,
        receipt_date: date,
        currency_code: 'CAD',
        amount: money(amount),
        reference,
        description: null,
        unapplied: money('0.00'),
        applied_total: money(amount),
        discount_total: money('0.00'),
        remaining_to_apply: money('0.00'),
        status: 'Draft',
        created_by: userId,
        created_on: now,
        updated_by: userId,
        updated_on: now,
        version: 1,
      })
      .returning('receipt_id')
      .executeTakeFirstOrThrow();
    const receiptId = Number(inserted.receipt_id);
    const applications = firmLines.map((line) => ({ InvoiceNo: String(line['InvoiceNo']), Payment: String(line['AmountPaid']), Discount: '0.00' }));
    await trx
      .insertInto('ar_cash_receipt_lines')
      .values(applications.map((line) => ({ receipt_id: receiptId, invoice_no: line.InvoiceNo, payment: money(line.Payment), discount: money('0.00') })))
      .execute();
    const result = await postReceipt(
      trx,
      { ReceiptId: receiptId, DocumentNo: documentNo, FirmId: firmId, BankAccountId: bank, ReceiptDate: date, CurrencyCode: 'CAD', Amount: amount, Reference: reference, Unapplied: '0.00', Lines: applications },
      userId,
    );
    await trx.updateTable('ar_cash_receipts').set({ status: 'Posted', journal_id: result.journalId, ar_item_id: result.itemId, open_credit: money('0.00') }).where('receipt_id', '=', receiptId).execute();
    numbers.set(firmId, documentNo);
  }
  return numbers;
}

export const driverCashInHooks: EntityHooks = {
  async beforeWrite(ctx, engineTrx, change) {
    const trx = soDb(engineTrx);
    const lines = await checkedLines(trx, change.current ? Number(change.current['CashInId']) : null, linesOf(change.next));
    setField(change, 'Lines', lines);
    setField(change, 'TotalPaid', lines.reduce<Decimal>((sum, line) => add(sum, String(line['AmountPaid'] ?? '0.00')), '0.00'));
  },
  actions: {
    post: {
      async effect(ctx, run) {
        const trx = soDb(run.trx);
        const lines = await checkedLines(trx, Number(run.record['CashInId']), linesOf(run.record));
        if (lines.length === 0) throw BusinessError.of(400, 'no_lines', 'so:driver-cash-in.rules.needsLine', {}, 'Lines');
        const receipts = await postReceipts(trx, run.record, lines, ctx.user.userId);
        for (const line of lines) {
          await trx.updateTable('so_cash_in_lines').set({ receipt_no: receipts.get(String(line['BillToId'])) ?? null }).where('line_id', '=', Number(line['LineId'])).execute();
        }
        return {
          touched: ['ar_cash_receipts', 'ar_cash_receipt_lines', 'ar_items', 'ar_applications', 'gl_entries', 'gl_journals', 'gl_balances', 'so_cash_in_lines'],
          messageKey: 'so:driver-cash-in.result.posted',
          messageParams: { receipts: [...receipts.values()].join(', ') },
          data: { Receipts: [...receipts.values()] },
        };
      },
    },
  },
};
