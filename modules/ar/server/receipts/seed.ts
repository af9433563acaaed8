/**
 * Demo cash receipts (issue 14 item 6, CONTRACT-14 "Demo data rule"): only with `config.demoLedger`, after
 * the demo invoices (h14a's part runs before this one), and only while no receipt exists — so a second start
 * changes nothing.
 *
 * Each customer pays by month: one receipt per customer and month (on a day of the following month that
 * depends on the customer) applies that month's invoices it pays. What gets paid depends on the invoice's age
 * as of today (capped at the last demo month's end, 2026-10-31: November and December 2026 stay empty for the users' own entries, like the GL and invoice demos) and a fixed hash of its item id: old invoices are
 * nearly all paid, recent ones mostly open, some paid half — so the aged trial balance shows a spread over
 * its buckets. A discount still allowed on the receipt's date is taken. Every ninth receipt carries an
 * unapplied remainder (the Unapplied Credits report has entries). Receipts whose date is still in the future
 * stay unwritten (those invoices stay open).
 *
 * Each receipt is written as a user's would be: a draft row with its lines, then `postReceipt` (receipt.ts),
 * the same posting as the `post` action (posting service, AR items, applications), in its own transaction; a
 * receipt the ledger refuses (e.g. a period a user closed) is skipped.
 */
import { add, cmp, isZero, mul, sub, type Decimal } from '@erp/shared/decimal';
import { CASH_RECEIPT_SEQUENCE } from '../../definitions/receipts/cash-receipt.ts';
import { BusinessError } from '@erp/server/entities/call-result';
import { nextNumber } from '@erp/server/entities/numbering';
import { decimalFromDb, decimalToDb, engineOf } from '@erp/server/db/decimal-codec';
import type { SeedConfig } from '@erp/server/modules/part';
import type { ApplicationLine } from './applications.ts';
import { postReceipt } from './receipt.ts';
import type { SeedDb } from '@erp/server/db/migration-db';

const ACTOR = 'seed';
const LAST_DEMO_DAY = '2026-10-31';
const BANK = 'OPERATING';

const DAY = 86_400_000;
const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY);

/** A fixed pseudo-random number 0 … 99 of an integer (Knuth's multiplicative hash). */
function hash(n: number): number {
  return Number((BigInt(n) * 2654435761n) % 4294967296n) % 100;
}

function firmHash(firmId: string): number {
  let h = 7;
  for (const ch of firmId) h = (h * 31 + ch.charCodeAt(0)) % 1000003;
  return h;
}

/** The receipt date of a month's invoices: a customer-specific day (8 … 27) of the following month. */
function receiptDate(invoiceDate: string, firmId: string): string {
  const year = Number(invoiceDate.slice(0, 4));
  const month = Number(invoiceDate.slice(5, 7));
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  const day = 8 + (firmHash(firmId) % 20);
  return `${next.year}-${String(next.month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The share of the invoice paid: 1 in full, 0.5 half, 0 none — by age and the item's hash. */
function share(age: number, itemId: number): '1' | '0.5' | '0' {
  const r = hash(itemId);
  const [full, half] = age > 120 ? [90, 95] : age > 90 ? [75, 85] : age > 60 ? [60, 72] : age > 30 ? [40, 52] : [12, 18];
  return r < full ? '1' : r < half ? '0.5' : '0';
}

interface Planned {
  firmId: string;
  date: string;
  lines: ApplicationLine[];
}

export async function seedReceipts(db: SeedDb, config: SeedConfig): Promise<void> {
  if (!config.demoLedger) return;
  if (await db.selectFrom('ar_cash_receipts').select('receipt_id').limit(1).executeTakeFirst()) return;
  const bank = await db.selectFrom('bank_accounts').select('currency_code').where('bank_account_id', '=', BANK).executeTakeFirst();
  if (!bank || bank.currency_code !== 'CAD') return;
  const engine = engineOf(db);
  const invoices = (await db
    .selectFrom('ar_items')
    .select(['item_id', 'firm_id', 'document_no', 'document_date', 'discount_date', 'discount_available', 'open_balance'])
    .where('item_type', '=', 'Invoice')
    .where('status', '=', 'Open')
    .where('currency', '=', 'CAD')
    .orderBy('document_date')
    .orderBy('item_id')
    .execute()) as Record<string, unknown>[];
  if (invoices.length === 0) return;

  const now = new Date().toISOString().slice(0, 10);
  const today = now < LAST_DEMO_DAY ? now : LAST_DEMO_DAY;
  const plans = new Map<string, Planned>();
  for (const row of invoices) {
    const firmId = String(row['firm_id']);
    const invoiceDate = String(row['document_date']);
    const date = receiptDate(invoiceDate, firmId);
    if (date > today) continue;
    const itemId = Number(row['item_id']);
    const part = share(dayNumber(today) - dayNumber(invoiceDate), itemId);
    if (part === '0') continue;
    const balance = decimalFromDb(engine, row['open_balance'], 2) ?? '0.00';
    if (cmp(balance, '0.00') <= 0) continue;
    const discountDate = row['discount_date'] == null ? null : String(row['discount_date']);
    const available = decimalFromDb(engine, row['discount_available'], 2) ?? '0.00';
    const discount = part === '1' && discountDate !== null && date <= discountDate && cmp(available, balance) < 0 ? available : '0.00';
    const payment = part === '1' ? sub(balance, discount) : mul(balance, '0.5', 2);
    const key = `${firmId}|${date}`;
    const plan = plans.get(key) ?? { firmId, date, lines: [] };
    plan.lines.push({ InvoiceNo: String(row['document_no']), Payment: payment, Discount: discount });
    plans.set(key, plan);
  }

  const ordered = [...plans.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.firmId < b.firmId ? -1 : 1));
  for (const [index, plan] of ordered.entries()) await writeDemoReceipt(db, plan, index % 9 === 4 ? '250.00' : '0.00');
}

/** A customer's payment of invoices (with an optional unapplied remainder), written and posted like a user's. */
export interface DemoReceipt {
  firmId: string;
  date: string;
  lines: ApplicationLine[];
}

/**
 * Writes one demo receipt as a user's would be (a draft row with its lines, then `postReceipt` in its own
 * transaction); one the ledger refuses (a period a user closed) is skipped. Other modules' demos collect their
 * own invoices with it (the trades builders pay their contract billings).
 */
export async function writeDemoReceipt(db: SeedDb, plan: DemoReceipt, unapplied: Decimal = '0.00'): Promise<void> {
  const engine = engineOf(db);
  const applied = plan.lines.reduce<Decimal>((total, line) => add(total, line.Payment), '0.00');
  const discounts = plan.lines.reduce<Decimal>((total, line) => add(total, line.Discount ?? '0.00'), '0.00');
  const amount = add(applied, unapplied);
  if (isZero(amount)) return;
  try {
    await db.transaction().execute(async (trx) => {
      const stamp = new Date().toISOString();
      const money = (value: Decimal) => decimalToDb(engine, value, 2);
      const documentNo = await nextNumber(trx, CASH_RECEIPT_SEQUENCE, { prefix: 'RC', description: 'cash-receipt' });
      const header = {
        document_no: documentNo,
        firm_id: plan.firmId,
        bank_account_id: BANK,
        receipt_date: plan.date,
        currency_code: 'CAD',
        amount: money(amount),
        reference: `EFT ${plan.date.replaceAll('-', '')}`,
        description: null,
        unapplied: money(unapplied),
        applied_total: money(applied),
        discount_total: money(discounts),
        remaining_to_apply: money('0.00'),
        status: 'Draft',
        created_by: ACTOR,
        created_on: stamp,
        updated_by: ACTOR,
        updated_on: stamp,
        version: 1,
      };
      const inserted = (await trx.insertInto('ar_cash_receipts').values(header).returning('receipt_id').executeTakeFirstOrThrow()) as { receipt_id: number | string };
      const receiptId = Number(inserted.receipt_id);
      await trx
        .insertInto('ar_cash_receipt_lines')
        .values(plan.lines.map((line) => ({ receipt_id: receiptId, invoice_no: line.InvoiceNo, payment: money(line.Payment), discount: money(line.Discount ?? '0.00') })))
        .execute();
      const record = {
        ReceiptId: receiptId,
        DocumentNo: documentNo,
        FirmId: plan.firmId,
        BankAccountId: BANK,
        ReceiptDate: plan.date,
        CurrencyCode: 'CAD',
        Amount: amount,
        Reference: header.reference,
        Unapplied: unapplied,
        Lines: plan.lines,
      };
      const result = await postReceipt(trx, record, ACTOR);
      await trx
        .updateTable('ar_cash_receipts')
        .set({ status: 'Posted', journal_id: result.journalId, ar_item_id: result.itemId, open_credit: money(unapplied) })
        .where('receipt_id', '=', receiptId)
        .execute();
    });
  } catch (error) {
    if (!(error instanceof BusinessError)) throw error;
  }
}
