/**
 * Server rules of cash receipts (`cash-receipt`, AR-04; definition modules/ar/definitions/receipts/cash-receipt.ts).
 *
 * Save (in the save's transaction):
 * - §6: a restricted user writes receipts of assigned customers only (lists and reads: the engine's rule of the definition's `customer` FirmId, server/src/entities/customers.ts);
 * - the customer is an active bill-to firm (§8 "Bill To is invalid.");
 * - the currency is the bank account's; changing a draft's bank to one in another currency is refused
 *   (§8 "Not allowed to change bank due to different currency.");
 * - the date needs an open A/R period (§8 "Period is closed (A/R)", from the ledger's period check);
 * - the lines are resolved against the customer's open invoices (applications.ts: open invoice of the
 *   customer in the receipt's currency, discount defaulted while the terms allow it, §5 "Payment plus
 *   discount cannot exceed the balance."), then the totals are computed again.
 * Actions:
 * - `auto-apply` (Draft): adds the customer's open invoices not yet on the receipt, oldest due first, each
 *   paid in full less the discount still available while the amount left to apply covers it, the last one
 *   partly (no discount), until nothing is left to apply. With `Invoices` (issue 21 item 8: those the user
 *   picked from GET /api/ar/cash-receipt/:id/open-invoices, routes.ts) it adds just those, each paid in full
 *   less the discount its terms allow on the receipt date, that discount taken.
 * - `post` (Draft → Posted): the lines again with the balances as they are now; §5 "Remaining To Apply must be
 *   zero."; the posting service (source AR, A/R period flag): Dr the bank account's G/L account (amount),
 *   Dr sales discounts (gl_integration AR DISCOUNT, the discounts taken), Cr receivables (AR RECEIVABLE, amount +
 *   discounts); the receipt becomes an AR item (amount −Amount) and each line an application (subledger.ts);
 *   what stays open on the receipt's item is its unapplied credit (= Unapplied).
 *   A receipt in a foreign currency (issue 22 item 8; ../fx.ts) posts all of these in the home currency at the
 *   rate of the receipt date (ExchangeRate, HomeAmount; no rate: refused at save), its AR item carries the
 *   foreign amount beside the home one, the invoices it pays are relieved at their own rates and the
 *   difference is posted to the realized exchange gain/loss account (GL integration GL FX-GAIN-LOSS).
 */
import { add, cmp, isZero, neg, sub, type Decimal } from '@erp/shared/decimal';
import { computeRecord } from '@erp/shared/entities/compute';
import { cashReceipt } from '../../definitions/receipts/cash-receipt.ts';
import { BusinessError } from '@erp/server/entities/call-result';
import type { Transaction } from 'kysely';
import type { Change, EntityContext, EntityHooks } from '@erp/server/entities/hooks';
import { decimalToDb, engineOf, decimalFromDb } from '@erp/server/db/decimal-codec';
import { addArItem, arAccount, discountRoom, discountsTaken, postAr } from '../subledger.ts';
import { gainLossAccount, homeCurrency, rateOn, toHome } from '../fx.ts';
import { applyLines, assertAssigned, checkHeader, linesOf, resolveLines, totalOf, type ApplicationLine } from './applications.ts';
import { setField } from '@erp/server/entities/hooks';
import { onlyActive, today } from '@erp/server/entities/defaults';
import { integrationAccount } from '@erp/modules/gl/server/api';
import { arDb, type ArDatabase } from '../tables.generated.ts';

type ArTransaction = Transaction<ArDatabase>;

const ZERO = '0.00';

interface Bank {
  currency: string;
  glAccountId: string;
}

async function bankOf(trx: ArTransaction, bankAccountId: string): Promise<Bank> {
  const row = await trx.selectFrom('bank_accounts').select(['currency_code', 'gl_account_id']).where('bank_account_id', '=', bankAccountId).executeTakeFirst();
  if (!row || !row.gl_account_id) throw BusinessError.of(400, 'validation_failed', 'ar:receipts.rules.bankInvalid', {}, 'BankAccountId');
  return { currency: row.currency_code ?? 'CAD', glAccountId: row.gl_account_id };
}

/** The computed totals of the save again (after the lines were resolved), set where they move. */
function recompute(change: Change): void {
  const computed = computeRecord(cashReceipt as never, change.next);
  for (const field of Object.keys(cashReceipt.computed)) {
    if (computed[field] !== change.next[field] || change.mode === 'create') setField(change, field, computed[field]);
  }
}

async function beforeWrite<D>(ctx: EntityContext, engineTrx: Transaction<D>, change: Change): Promise<void> {
  const trx = arDb(engineTrx);
  const next = change.next;
  const firmId = await checkHeader(ctx, trx, change, 'ReceiptDate');
  if (change.mode === 'create' || change.changed.has('BankAccountId')) {
    const bank = await bankOf(trx, String(next['BankAccountId']));
    // §8: the receipt's currency is fixed once saved; another bank must keep it.
    if (change.mode === 'update' && bank.currency !== change.current?.['CurrencyCode']) {
      throw BusinessError.of(400, 'bank_currency', 'ar:receipts.rules.bankCurrency', {}, 'BankAccountId');
    }
    if (next['CurrencyCode'] !== bank.currency) setField(change, 'CurrencyCode', bank.currency);
  }
  // Issue 22 item 8: the rate of the receipt date and the home amount, shown and refused at save when missing.
  if (['Amount', 'ReceiptDate', 'CurrencyCode', 'BankAccountId'].some((field) => change.changed.has(field)) || change.mode === 'create') {
    const rate = await rateOn(trx, String(next['CurrencyCode']), String(next['ReceiptDate']), 'ReceiptDate');
    setField(change, 'ExchangeRate', rate);
    setField(change, 'HomeAmount', toHome(String(next['Amount'] ?? ZERO), rate));
  }
  if (['Lines', 'FirmId', 'ReceiptDate', 'CurrencyCode'].some((field) => change.changed.has(field))) {
    const lines = await resolveLines(trx, {
      firmId,
      currency: String(next['CurrencyCode']),
      date: String(next['ReceiptDate']),
      lines: linesOf(next),
      defaultDiscounts: true,
    });
    setField(change, 'Lines', lines);
    recompute(change);
  }
}

/** Open invoices of `firmId` in `currency`, oldest due first, except `skip`. */
export async function openInvoices(trx: ArTransaction, firmId: string, currency: string, skip: ReadonlySet<string>, limit: number, only?: readonly string[]) {
  const engine = engineOf(trx);
  let q = trx.selectFrom('ar_items');
  // The invoices the user picked (issue 21 item 8), else every open one.
  if (only) q = q.where('document_no', 'in', only.length > 0 ? [...only] : ['']);
  const rows = await q
    .select(['item_id', 'document_no', 'document_date', 'due_date', 'discount_date', 'discount_available', 'open_balance', 'foreign_open_balance'])
    .where('firm_id', '=', firmId)
    .where('status', '=', 'Open')
    .where('item_type', '=', 'Invoice')
    .where('currency', '=', currency)
    .orderBy('due_date')
    .orderBy('item_id')
    .limit(limit + skip.size)
    .execute();
  return rows
    .map((row) => ({
      itemId: row.item_id,
      documentNo: row.document_no,
      documentDate: row.document_date,
      dueDate: row.due_date,
      discountDate: row.discount_date,
      discountAvailable: decimalFromDb(engine, row.discount_available, 2) ?? ZERO,
      openBalance: decimalFromDb(engine, row.foreign_open_balance ?? row.open_balance, 2) ?? ZERO,
    }))
    .filter((row) => !skip.has(row.documentNo) && cmp(row.openBalance, ZERO) > 0)
    .slice(0, limit);
}

/**
 * Posts a draft receipt (`record` in wire form, lines included) in `trx`: the checks and writes of the `post`
 * action (module header). Also used by the demo seed (seed.ts), so demo receipts are posted exactly like a user's.
 */
export async function postReceipt<D>(callerTrx: Transaction<D>, record: Record<string, unknown>, userId: string) {
  const trx = arDb(callerTrx);
  const date = String(record['ReceiptDate']);
  const firmId = String(record['FirmId']);
  const currency = String(record['CurrencyCode']);
  const documentNo = String(record['DocumentNo']);
  const amount = String(record['Amount'] ?? ZERO);
  const unapplied = String(record['Unapplied'] ?? ZERO);
  // The lines as the invoices stand now (another receipt may have paid one since the save).
  const lines = await resolveLines(trx, { firmId, currency, date, lines: linesOf(record), defaultDiscounts: false });
  const applied = totalOf(lines, 'Payment');
  const discounts = totalOf(lines, 'Discount');
  // §5 "Remaining To Apply must be zero."
  const remaining = sub(sub(amount, applied), unapplied);
  if (!isZero(remaining)) throw BusinessError.of(400, 'remaining_to_apply', 'ar:receipts.rules.remainingToApply', { remaining }, 'RemainingToApply');
  const bank = await bankOf(trx, String(record['BankAccountId']));
  if (bank.currency !== currency) throw BusinessError.of(400, 'bank_currency', 'ar:receipts.rules.bankCurrency', {}, 'BankAccountId');
  // Issue 22 item 8: the home-currency equivalent at the rate of the receipt date; the foreign amount rides beside it.
  const foreign = currency !== (await homeCurrency(trx));
  const rate = await rateOn(trx, currency, date, 'ReceiptDate');
  const home = toHome(amount, rate);
  const origin = { type: cashReceipt.name, id: String(record['ReceiptId']) };
  const description = (record['Reference'] as string | null) ?? (record['Description'] as string | null) ?? null;
  const itemId = await addArItem(trx, {
    firmId,
    itemType: 'Receipt',
    documentNo,
    documentDate: date,
    currency,
    amount: neg(home),
    foreign: foreign ? { amount: neg(amount), rate } : null,
    description,
    origin,
    journalId: null,
    userId,
  });
  const figures = await applyLines(trx, itemId, lines, { date, origin, userId });
  // Dr bank (home), Dr discounts (at the receipt's rate), Cr receivables: the receipt's item less what it
  // settled, plus the invoices relieved at their own rates; the rest is the realized exchange difference.
  const discountHome = toHome(discounts, rate);
  const realized = sub(sub(figures.relieved, figures.used), discountHome);
  const postingLines = [
    { accountId: bank.glAccountId, amount: home },
    { accountId: await arAccount(trx, 'DISCOUNT'), amount: discountHome },
    { accountId: await arAccount(trx, 'RECEIVABLE'), amount: sub(figures.used, add(home, figures.relieved)) },
    ...(isZero(realized) ? [] : [{ accountId: await gainLossAccount(trx), amount: realized }]),
  ].filter((line) => !isZero(line.amount));
  const posted = await postAr(trx, {
    date,
    documentNo,
        description: `${firmId}${description ? ` ${description}` : ''}`,
    origin,
    lines: postingLines,
    userId,
  });
  await trx.updateTable('ar_items').set({ journal_id: posted.journalId }).where('item_id', '=', itemId).execute();
  return { journalId: posted.journalId, itemId, applied, discounts, unapplied, rate, home };
}

/** The lines `added` written after the receipt's `current` ones, and the totals they make (the action's outcome). */
async function addLines(trx: ArTransaction, record: Record<string, unknown>, current: readonly ApplicationLine[], added: readonly ApplicationLine[]) {
  if (added.length > 0) {
    const engine = engineOf(trx);
    const money = (value: Decimal | null | undefined) => decimalToDb(engine, value ?? ZERO, 2);
    await trx
      .insertInto('ar_cash_receipt_lines')
      .values(
        added.map((line) => ({
          receipt_id: Number(record['ReceiptId']),
          invoice_no: line.InvoiceNo,
          item_id: line.ItemId,
          due_date: line.DueDate,
          balance: money(line.Balance),
          discount_available: money(line.DiscountAvailable),
          payment: money(line.Payment),
          discount: money(line.Discount),
        })),
      )
      .execute();
  }
  const totals = computeRecord(cashReceipt as never, { ...record, Lines: [...current, ...added] });
  return {
    set: { AppliedTotal: totals['AppliedTotal'], DiscountTotal: totals['DiscountTotal'], RemainingToApply: totals['RemainingToApply'] },
    touched: ['ar_cash_receipt_lines'],
    messageKey: 'ar:cash-receipt.result.autoApplied',
    messageParams: { count: added.length },
  };
}

/** The action body's `Invoices` (issue 21 item 8: the ones the user picked), null when absent; 400 when not a list of document numbers. */
function pickedInvoices(value: unknown): string[] | null {
  if (value === undefined) return null;
  if (!Array.isArray(value) || value.length > 2000 || value.some((item) => typeof item !== 'string' || item === '' || item.length > 30)) {
    throw BusinessError.of(400, 'validation_failed', 'ar:receipts.rules.pickedInvalid', {}, 'Invoices');
  }
  return [...new Set(value as string[])];
}

/**
 * The open invoices the user picked, added as lines (issue 21 item 8): each paid in full less the discount
 * its terms allow on the receipt date, that discount taken — not limited by the amount (Remaining To Apply
 * says what is left). One not open, of another customer or already on the receipt: §5 refusal, none added.
 */
async function applyPicked(trx: ArTransaction, record: Record<string, unknown>, current: readonly ApplicationLine[], date: string, picked: readonly string[]) {
  const skip = new Set(current.map((line) => String(line.InvoiceNo)));
  const invoices = await openInvoices(trx, String(record['FirmId']), String(record['CurrencyCode']), skip, 2000 - current.length, picked);
  const missing = picked.find((documentNo) => !invoices.some((invoice) => invoice.documentNo === documentNo));
  if (missing !== undefined) throw BusinessError.of(400, 'validation_failed', 'ar:receipts.rules.invoiceInvalid', { invoice: missing }, 'Invoices');
  const earlier = await discountsTaken(trx, invoices.map((invoice) => invoice.itemId));
  const added = invoices.map((invoice): ApplicationLine => {
    const room = discountRoom(invoice, date, earlier.get(invoice.itemId) ?? ZERO);
    const discount = cmp(room, invoice.openBalance) > 0 ? invoice.openBalance : room;
    return { InvoiceNo: invoice.documentNo, ItemId: invoice.itemId, DueDate: invoice.dueDate, Balance: invoice.openBalance, DiscountAvailable: room, Payment: sub(invoice.openBalance, discount), Discount: discount };
  });
  return addLines(trx, record, current, added);
}

/**
 * A new receipt's bank (issue 71 item 2, Cash Receipts' bank default): the bank this user deposited their last
 * receipt to, else the company's — the one bank on A/R's deposit account (GL integration AR RECEIPT-BANK), else
 * the one bank of the home currency; several and no history: none (the clerk picks). The date is today.
 */
async function newReceiptDefaults(ctx: EntityContext): Promise<Record<string, unknown>> {
  const db = arDb(ctx.db);
  const last = await db
    .selectFrom('ar_cash_receipts')
    .select('bank_account_id')
    .where('created_by', '=', ctx.user.userId)
    .orderBy('receipt_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  let bank: string | null = last?.bank_account_id ? last.bank_account_id : null;
  if (bank === null) {
    // The ledger's integration reads are per transaction: one short read transaction for both.
    const { home, deposit } = await db.transaction().execute(async (trx) => ({ home: await homeCurrency(trx), deposit: await integrationAccount(trx, 'AR', 'RECEIPT-BANK') }));
    if (deposit !== null) bank = await onlyActive(ctx, 'bank_accounts', 'bank_account_id', { activeColumn: null, narrow: (select) => select.where('currency_code', '=', home).where('gl_account_id', '=', deposit) });
    bank ??= await onlyActive(ctx, 'bank_accounts', 'bank_account_id', { activeColumn: null, narrow: (select) => select.where('currency_code', '=', home) });
  }
  return { BankAccountId: bank, ReceiptDate: today() };
}

export const cashReceiptHooks: EntityHooks = {
  async defaults(ctx, trigger) {
    return trigger === 'new' ? newReceiptDefaults(ctx) : {};
  },
  beforeWrite,
  actions: {
    'auto-apply': {
      async guard(ctx, run) {
        await assertAssigned(ctx, arDb(run.trx), String(run.record['FirmId']));
      },
      async effect(_ctx, run) {
        const { record } = run;
        const trx = arDb(run.trx);
        const current = linesOf(record);
        const date = String(record['ReceiptDate']);
        const picked = pickedInvoices(run.body['Invoices']);
        if (picked) return applyPicked(trx, record, current, date, picked);
        let left = sub(sub(String(record['Amount'] ?? ZERO), String(record['Unapplied'] ?? ZERO)), totalOf(current, 'Payment'));
        const added: ApplicationLine[] = [];
        if (cmp(left, ZERO) > 0) {
          const skip = new Set(current.map((line) => String(line.InvoiceNo)));
          const invoices = await openInvoices(trx, String(record['FirmId']), String(record['CurrencyCode']), skip, 2000 - current.length);
          const earlier = await discountsTaken(trx, invoices.map((invoice) => invoice.itemId));
          for (const invoice of invoices) {
            if (cmp(left, ZERO) <= 0) break;
            const discount = discountRoom(invoice, date, earlier.get(invoice.itemId) ?? ZERO);
            const full = sub(invoice.openBalance, cmp(discount, invoice.openBalance) > 0 ? invoice.openBalance : discount);
            const paysAll = cmp(left, full) >= 0;
            const payment = paysAll ? full : left;
            const taken = paysAll ? sub(invoice.openBalance, full) : ZERO;
            added.push({ InvoiceNo: invoice.documentNo, ItemId: invoice.itemId, DueDate: invoice.dueDate, Balance: invoice.openBalance, DiscountAvailable: discount, Payment: payment, Discount: taken });
            left = sub(left, payment);
          }
        }
        return addLines(trx, record, current, added);
      },
    },
    post: {
      async guard(ctx, run) {
        await assertAssigned(ctx, arDb(run.trx), String(run.record['FirmId']));
      },
      async effect(ctx, run) {
        const result = await postReceipt(run.trx, run.record, ctx.user.userId);
        return {
          set: { JournalId: result.journalId, ArItemId: result.itemId, OpenCredit: result.unapplied, AppliedTotal: result.applied, DiscountTotal: result.discounts, RemainingToApply: ZERO, ExchangeRate: result.rate, HomeAmount: result.home },
          touched: ['gl_entries', 'gl_balances', 'gl_journals', 'ar_items', 'ar_applications', 'ar_invoices'],
          messageKey: 'ar:cash-receipt.result.posted',
          messageParams: { document: run.record['DocumentNo'] },
        };
      },
    },
  },
};
