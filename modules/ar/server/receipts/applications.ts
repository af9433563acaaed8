/**
 * What cash receipts and credit applications share on the server (issue 14 item 3): their lines resolved
 * against the customer's open invoices, the §6 and firm checks, and the application of the lines to the AR
 * subledger (../subledger.ts). Every function runs inside the caller's transaction.
 *
 * - `resolveLines(trx, { firmId, currency, date, lines, defaultDiscounts })`: each line's invoice must be an
 *   open Invoice of `firmId` in `currency` (one query for all lines), named once; answers the lines with their
 *   read-only fields refreshed (ItemId, DueDate, Balance, DiscountAvailable — the terms' discount while `date`
 *   is on or before the discount date, else 0, less the discounts already taken); a discount above it is
 *   refused (issue 22 item 7: more is a write-off, not a discount); a blank discount takes min(available, balance − payment) when
 *   `defaultDiscounts`; §5 "Payment plus discount cannot exceed the balance." per line (field
 *   `Lines[i].Payment`). Refusals are BusinessErrors naming every bad line.
 * - `assertAssigned(ctx, trx, firmId)`: §6, a restricted user may only write documents of assigned customers.
 * - `assertBillTo(trx, firmId)`: the customer is an active bill-to firm (§5 / §8 "Bill To is invalid.").
 * - `checkHeader(ctx, trx, change, dateField)` and `postAction(dateField, post)`: how every A/R application
 *   document (cash receipt, credit application, write-off) opens its save and its post — §6, the bill-to when the
 *   firm changes, the A/R period of its date open (again at post, §4).
 * - `applyLines(trx, fromItemId, lines, …)`: one ar_applications row per line with something applied, in bulk,
 *   with the subledger's rules (see the function).
 */
import { add, cmp, isNegative, isZero, mul, neg, sub, type Decimal } from '@erp/shared/decimal';
import { sql, type Transaction } from 'kysely';
import { BusinessError, type BusinessIssue } from '@erp/server/entities/call-result';
import type { ActionHandler, ActionOutcome, ActionRun, Change, EntityContext } from '@erp/server/entities/hooks';
import { assertPeriodOpen } from '@erp/modules/gl/server/api';
import { canSeeFirm } from '@erp/modules/shell/server/api';
import { decimalFromDb, decimalToDb, engineOf } from '@erp/server/db/decimal-codec';
import { isTruthyFlag } from '@erp/server/entities/wire';
import { discountRoom, discountsTaken, lockInvoiceDocuments, markInvoicesPaid } from '../subledger.ts';
import { arDb, type ArDatabase } from '../tables.generated.ts';

type ArTransaction = Transaction<ArDatabase>;

export { discountOn } from '../subledger.ts';

export interface ApplicationLine {
  LineId?: number | null;
  InvoiceNo: string;
  ItemId?: number | null;
  DueDate?: string | null;
  Balance?: Decimal | null;
  DiscountAvailable?: Decimal | null;
  Payment: Decimal;
  Discount: Decimal | null;
}

export function linesOf(record: Record<string, unknown>): ApplicationLine[] {
  return Array.isArray(record['Lines']) ? (record['Lines'] as ApplicationLine[]) : [];
}

/** §6: a restricted user writes documents of assigned customers only. */
export async function assertAssigned(ctx: EntityContext, trx: ArTransaction, firmId: string): Promise<void> {
  // In the caller's transaction: on SQLite another connection would wait for it forever.
  if (!(await canSeeFirm<ArDatabase>(trx, ctx.user, firmId))) throw BusinessError.of(403, 'not_assigned', 'entities:firm.rules.notAssigned', {}, 'FirmId');
}

/** The customer must be an active bill-to firm (§5 "Bill-to and ship-to ids must be active", §8 "Bill To is invalid."). */
export async function assertBillTo(trx: ArTransaction, firmId: string): Promise<void> {
  const row = await trx.selectFrom('firms').select(['is_active', 'is_bill_to']).where('firm_id', '=', firmId).executeTakeFirst();
  if (!row || !isTruthyFlag(row.is_active) || !isTruthyFlag(row.is_bill_to)) {
    throw BusinessError.of(400, 'validation_failed', 'ar:receipts.rules.billToInvalid', {}, 'FirmId');
  }
}

/**
 * The opening of an A/R application document's save: §6, an active bill-to when the firm changes, the A/R period
 * of `dateField` open when the date changes (a field named for the document's own date). Answers the firm id.
 */
export async function checkHeader(ctx: EntityContext, trx: ArTransaction, change: Change, dateField?: string): Promise<string> {
  const firmId = String(change.next['FirmId']);
  await assertAssigned(ctx, trx, firmId);
  if (change.changed.has('FirmId')) await assertBillTo(trx, firmId);
  if (dateField && change.changed.has(dateField)) await assertPeriodOpen(trx, String(change.next[dateField]), 'ar', dateField);
  return firmId;
}

/** What an A/R document's post sees besides the run: its firm, date (A/R period open) and number. */
export interface PostHead {
  firmId: string;
  date: string;
  documentNo: string;
}

/** An A/R application document's post action: the §6 guard, the period of `dateField` checked again, then `post`. */
export function postAction(dateField: string, post: (ctx: EntityContext, run: ActionRun, head: PostHead) => Promise<ActionOutcome>): ActionHandler {
  return {
    async guard(ctx, run) {
      await assertAssigned(ctx, arDb(run.trx), String(run.record['FirmId']));
    },
    async effect(ctx, run) {
      const date = String(run.record[dateField]);
      await assertPeriodOpen(arDb(run.trx), date, 'ar', dateField);
      return post(ctx, run, { firmId: String(run.record['FirmId']), date, documentNo: String(run.record['DocumentNo']) });
    },
  };
}

interface OpenInvoice {
  itemId: number;
  documentNo: string;
  dueDate: string;
  discountDate: string | null;
  discountAvailable: Decimal;
  currency: string;
  openBalance: Decimal;
  status: string;
  itemType: string;
}

const MONEY_ZERO = '0.00';

function min(a: Decimal, b: Decimal): Decimal {
  return cmp(a, b) <= 0 ? a : b;
}

/** Items of `firmId` by document number (invoices and credits alike; the caller checks the type). */
async function itemsByNumber(trx: ArTransaction, firmId: string, numbers: readonly string[]): Promise<Map<string, OpenInvoice>> {
  const engine = engineOf(trx);
  const out = new Map<string, OpenInvoice>();
  const unique = [...new Set(numbers)];
  for (let start = 0; start < unique.length; start += 1000) {
    const rows = await trx
      .selectFrom('ar_items')
      .select(['item_id', 'document_no', 'due_date', 'discount_date', 'discount_available', 'currency', 'open_balance', 'foreign_open_balance', 'status', 'item_type'])
      .where('firm_id', '=', firmId)
      .where('document_no', 'in', unique.slice(start, start + 1000))
      .execute();
    for (const row of rows) {
      const item: OpenInvoice = {
        itemId: row.item_id,
        documentNo: row.document_no,
        dueDate: row.due_date,
        discountDate: row.discount_date,
        discountAvailable: decimalFromDb(engine, row.discount_available, 2) ?? MONEY_ZERO,
        currency: row.currency,
        // In the document's currency: a foreign invoice's own open balance (issue 22 item 8).
        openBalance: decimalFromDb(engine, row.foreign_open_balance ?? row.open_balance, 2) ?? MONEY_ZERO,
        status: row.status,
        itemType: row.item_type,
      };
      // An invoice wins over another item type with the same number.
      if (!out.has(item.documentNo) || item.itemType === 'Invoice') out.set(item.documentNo, item);
    }
  }
  return out;
}

export interface ResolveInput {
  firmId: string;
  currency: string;
  date: string;
  lines: readonly ApplicationLine[];
  defaultDiscounts: boolean;
}

export async function resolveLines(trx: ArTransaction, input: ResolveInput): Promise<ApplicationLine[]> {
  const items = await itemsByNumber(
    trx,
    input.firmId,
    input.lines.map((line) => String(line.InvoiceNo ?? '')),
  );
  const taken = await discountsTaken(trx, [...items.values()].map((item) => item.itemId));
  const issues: BusinessIssue[] = [];
  const seen = new Set<string>();
  const out = input.lines.map((line, index) => {
    const invoiceNo = String(line.InvoiceNo ?? '');
    const at = (field: string) => `Lines[${index}].${field}`;
    const item = items.get(invoiceNo);
    if (!item || item.itemType !== 'Invoice' || item.status !== 'Open') {
      issues.push({ field: at('InvoiceNo'), key: 'ar:receipts.rules.invoiceInvalid', params: { invoice: invoiceNo } });
      return line;
    }
    if (seen.has(invoiceNo)) {
      issues.push({ field: at('InvoiceNo'), key: 'ar:receipts.rules.invoiceTwice', params: { invoice: invoiceNo } });
      return line;
    }
    seen.add(invoiceNo);
    if (item.currency !== input.currency) {
      issues.push({ field: at('InvoiceNo'), key: 'ar:receipts.rules.invoiceCurrency', params: { invoice: invoiceNo, currency: item.currency, receipt: input.currency } });
      return line;
    }
    const available = discountRoom(item, input.date, taken.get(item.itemId) ?? MONEY_ZERO);
    const payment = line.Payment ?? MONEY_ZERO;
    let discount = line.Discount;
    if (discount === null || discount === undefined) {
      const room = sub(item.openBalance, payment);
      discount = input.defaultDiscounts && !isNegative(room) ? min(available, room) : MONEY_ZERO;
    }
    if (cmp(add(payment, discount), item.openBalance) > 0) {
      // §5 "Payment plus discount cannot exceed the balance."
      issues.push({ field: at('Payment'), key: 'ar:rules.paymentPlusDiscount', params: { balance: item.openBalance } });
    } else if (cmp(discount, available) > 0) {
      // §5 (issue 22 item 7): a discount only as far as the terms allow on the date; more is a write-off.
      issues.push({ field: at('Discount'), key: 'ar:rules.discountExceedsAvailable', params: { available } });
    }
    return {
      ...line,
      InvoiceNo: invoiceNo,
      ItemId: item.itemId,
      DueDate: item.dueDate,
      Balance: item.openBalance,
      DiscountAvailable: available,
      Payment: payment,
      Discount: discount,
    };
  });
  if (issues.length > 0) throw new BusinessError(400, 'validation_failed', issues);
  return out;
}

/**
 * Applies each line with a payment or a discount from the credit `fromItemId`, in bulk (a receipt may carry
 * hundreds of lines; issue 14 performance: 200 invoices ≤ 300 ms): the same rules and texts as the
 * subledger's `applyArItem` (../subledger.ts) — the credit is a receipt or credit note with an open credit; each
 * invoice an open Invoice of the credit's customer; §5 "Payment plus discount cannot exceed the balance." (lines
 * on the same invoice add up); the amounts cannot exceed the credit left — checked on the items locked (FOR
 * UPDATE on PostgreSQL, in id order like applyArItem) in this transaction, then one UPDATE of the open balances
 * and statuses and one INSERT of the ar_applications rows per 500 lines.
 */
/**
 * What an application did in the home currency (issue 22 item 8), for the caller's posting: `relieved` — how much
 * the invoices' home open balances went down (a foreign invoice at its own rate, its last cent when it closes),
 * `used` — how much the credit's home open balance went up (a foreign credit at its rate). For home-currency
 * items relieved = payments + discounts and used = payments; the difference between relieved − used and the
 * discounts (at the credit's rate) is the realized exchange gain (−) or loss (+).
 */
export interface AppliedFigures {
  relieved: Decimal;
  used: Decimal;
  /** The credit's booking rate (1 for a home-currency credit). */
  creditRate: Decimal;
}

interface LockedItem {
  firmId: string;
  itemType: string;
  status: string;
  /** In the item's currency (the foreign open balance of a foreign item). */
  openBalance: Decimal;
  /** In the home currency. */
  homeBalance: Decimal;
  rate: Decimal | null;
  discountDate: string | null;
  discountAvailable: Decimal;
}

/** The home-currency change of an item whose own balance moves from `before` to `after` (its last cent when it reaches 0). */
function homeChange(item: LockedItem, amount: Decimal, after: Decimal, homeAfter: Decimal): Decimal {
  if (item.rate === null) return amount;
  return isZero(after) ? neg(homeAfter) : mul(amount, item.rate, 2);
}

export async function applyLines(
  trx: ArTransaction,
  fromItemId: number,
  lines: readonly ApplicationLine[],
  context: { date: string; origin: { type: string; id: string }; userId: string },
): Promise<AppliedFigures> {
  const applied = lines
    .map((line, index) => ({ toItemId: Number(line.ItemId), amount: line.Payment ?? MONEY_ZERO, discount: line.Discount ?? MONEY_ZERO, field: `Lines[${index}].Payment` }))
    .filter((line) => !(isZero(line.amount) && isZero(line.discount)));
  const engine = engineOf(trx);
  const ids = [...new Set([fromItemId, ...applied.map((line) => line.toItemId)])].sort((a, b) => a - b);
  await lockInvoiceDocuments(trx, ids);
  const items = new Map<number, LockedItem>();
  for (let start = 0; start < ids.length; start += 1000) {
    let query = trx
      .selectFrom('ar_items')
      .select(['item_id', 'firm_id', 'item_type', 'status', 'open_balance', 'foreign_open_balance', 'exchange_rate', 'discount_date', 'discount_available'])
      .where('item_id', 'in', ids.slice(start, start + 1000))
      .orderBy('item_id');
    if (engine === 'postgres') query = query.forUpdate();
    for (const row of await query.execute()) {
      const home = decimalFromDb(engine, row.open_balance, 2) ?? MONEY_ZERO;
      items.set(row.item_id, {
        firmId: row.firm_id,
        itemType: row.item_type,
        status: row.status,
        openBalance: decimalFromDb(engine, row.foreign_open_balance, 2) ?? home,
        homeBalance: home,
        rate: decimalFromDb(engine, row.exchange_rate, 6),
        discountDate: row.discount_date,
        discountAvailable: decimalFromDb(engine, row.discount_available, 2) ?? MONEY_ZERO,
      });
    }
  }
  // Read after the lock: a parallel application's discount is counted.
  const taken = await discountsTaken(trx, applied.map((line) => line.toItemId));
  const credit = items.get(fromItemId);
  const creditRate = credit?.rate ?? '1.000000';
  if (applied.length === 0) return { relieved: MONEY_ZERO, used: MONEY_ZERO, creditRate };
  if (!credit || credit.itemType === 'Invoice' || cmp(credit.openBalance, MONEY_ZERO) > 0) {
    throw BusinessError.of(400, 'not_a_credit', 'ar:rules.notACredit', {}, applied[0]!.field);
  }
  let left = neg(credit.openBalance);
  const balances = new Map<number, Decimal>();
  const homes = new Map<number, Decimal>();
  let relieved = MONEY_ZERO;
  let used = MONEY_ZERO;
  const issues: BusinessIssue[] = [];
  for (const line of applied) {
    const invoice = items.get(line.toItemId);
    if (!invoice || invoice.itemType !== 'Invoice' || invoice.status !== 'Open' || invoice.firmId !== credit.firmId || (invoice.rate === null) !== (credit.rate === null)) {
      issues.push({ field: line.field, key: 'ar:rules.notOpenInvoice', params: {} });
      continue;
    }
    const balance = balances.get(line.toItemId) ?? invoice.openBalance;
    const room = discountRoom(invoice, context.date, taken.get(line.toItemId) ?? MONEY_ZERO);
    // §5 (issue 22 item 7): no more discount than the terms allow on the date.
    if (cmp(line.discount, room) > 0) {
      issues.push({ field: line.field.replace(/Payment$/, 'Discount'), key: 'ar:rules.discountExceedsAvailable', params: { available: room } });
      continue;
    }
    taken.set(line.toItemId, add(taken.get(line.toItemId) ?? MONEY_ZERO, line.discount));
    const total = add(line.amount, line.discount);
    // §5 "Payment plus discount cannot exceed the balance."
    if (cmp(total, balance) > 0) {
      issues.push({ field: line.field, key: 'ar:rules.paymentPlusDiscount', params: { balance } });
      continue;
    }
    if (cmp(line.amount, left) > 0) {
      issues.push({ field: line.field, key: 'ar:rules.exceedsCredit', params: { remaining: left } });
      continue;
    }
    const after = sub(balance, total);
    const homeBefore = homes.get(line.toItemId) ?? invoice.homeBalance;
    const relief = neg(homeChange(invoice, neg(total), after, homeBefore));
    balances.set(line.toItemId, after);
    homes.set(line.toItemId, sub(homeBefore, relief));
    relieved = add(relieved, relief);
    left = sub(left, line.amount);
    const creditHome = homes.get(fromItemId) ?? credit.homeBalance;
    const use = homeChange(credit, line.amount, left, creditHome);
    homes.set(fromItemId, add(creditHome, use));
    used = add(used, use);
  }
  if (issues.length > 0) throw new BusinessError(400, 'validation_failed', issues);
  balances.set(fromItemId, neg(left));

  const cast = (value: Decimal) => (engine === 'postgres' ? sql<string>`cast(${decimalToDb(engine, value, 2)} as numeric(15, 2))` : sql<string>`${decimalToDb(engine, value, 2)}`);
  const foreign = credit.rate !== null;
  const entries = [...balances];
  for (let start = 0; start < entries.length; start += 500) {
    const chunk = entries.slice(start, start + 500);
    // open_balance is the home balance; a foreign item's own balance is foreign_open_balance.
    const homeCase = sql.join(chunk.map(([id, value]) => sql`when ${id} then ${cast(foreign ? homes.get(id) ?? items.get(id)!.homeBalance : value)}`), sql` `);
    const statusCase = sql.join(chunk.map(([id, value]) => sql`when ${id} then ${isZero(value) ? 'Closed' : 'Open'}`), sql` `);
    const foreignCase = foreign ? { foreign_open_balance: sql<string>`case item_id ${sql.join(chunk.map(([id, value]) => sql`when ${id} then ${cast(value)}`), sql` `)} end` } : {};
    await trx
      .updateTable('ar_items')
      .set({ open_balance: sql<string>`case item_id ${homeCase} end`, status: sql<string>`case item_id ${statusCase} end`, ...foreignCase })
      .where('item_id', 'in', chunk.map(([id]) => id))
      .execute();
  }
  await markInvoicesPaid(trx, applied.map((line) => line.toItemId));
  const now = new Date().toISOString();
  for (let start = 0; start < applied.length; start += 500) {
    await trx
      .insertInto('ar_applications')
      .values(
        applied.slice(start, start + 500).map((line) => ({
          from_item_id: fromItemId,
          to_item_id: line.toItemId,
          application_date: context.date,
          amount: decimalToDb(engine, line.amount, 2),
          discount: decimalToDb(engine, line.discount, 2),
          origin_type: context.origin.type,
          origin_id: context.origin.id,
          created_by: context.userId,
          created_on: now,
        })),
      )
      .execute();
  }
  return { relieved, used, creditRate };
}

export function totalOf(lines: readonly ApplicationLine[], field: 'Payment' | 'Discount'): Decimal {
  let total = MONEY_ZERO;
  for (const line of lines) total = add(total, line[field] ?? MONEY_ZERO);
  return total;
}
