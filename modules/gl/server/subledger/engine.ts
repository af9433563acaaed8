/**
 * The sub-ledger engine (issue 41): one implementation of the open items of a side of the business — what
 * customers owe (A/R) or what is owed to vendors (A/P) — that a module declares with `defineSubLedger(side)`.
 * The ledger knows no module: a side names its tables, its integration code and its period flag.
 *
 * A side's tables share one shape (migrations of the modules that declare them): `<items>` (item_id, firm_id,
 * item_type, document_no, document_date, due_date, discount_date, discount_available, amount, open_balance,
 * foreign_amount, foreign_open_balance, exchange_rate, status Open | Closed, origin_type, origin_id,
 * journal_id, created_by, created_on, plus the side's own columns) and `<applications>` (application_id,
 * from_item_id → the credit, to_item_id → the invoice, application_date, amount, discount, origin, created_*;
 * optionally foreign_amount / foreign_discount): `SubLedgerItemColumns`, `SubLedgerApplicationColumns`, which a side's
 * module joins with its own columns in its `migration-tables.ts`.
 *
 * What a declared side offers, all inside the caller's transaction (the one of its G/L posting):
 * - `insertItems(trx, rows)` → ids in order: one INSERT per thousand items; the open balance starts at the
 *   amount (SIGNED, home currency), Closed when it and any foreign amount are zero. `itemRow` builds the common
 *   columns (amounts checked as money, §5: the discount is never negative); the side adds its own.
 * - `read(trx, itemId, lock)`: the row, locked FOR UPDATE on PostgreSQL; `lockPair(trx, credit, invoice)`: both,
 *   locked in id order so that two applications on the same pair never deadlock.
 * - `setOpenBalance(trx, itemId, home, foreign)`: the open balance cache; Open/Closed follows what is owed in
 *   the item's own currency.
 * - `insertApplication(trx, application)` → application_id.
 * - `discountsTaken(trx, itemIds)`; `discountOn` / `discountRoom` (§5: the terms' discount until the discount
 *   date, less what earlier applications took).
 * - `account(trx, type)` (the side's G/L integration account, §8 when missing); `posting`, `post`, `postMany`:
 *   the posting service with the side's source and period flag, actual data.
 * The rules on what may be applied to what stay with each side (their messages are the module's own).
 */
import { add, isNegative, isZero, parseDecimal, sub, type Decimal } from '@erp/shared/decimal';
import { BusinessError } from '@erp/server/entities/call-result';
import { decimalFromDb, decimalToDb, engineOf } from '@erp/server/db/decimal-codec';
import { dynamicDb } from '@erp/server/db/dynamic-db';
import type { DefaultedDecimal, StoredDecimal } from '@erp/server/db/schema';
import type { Generated, Transaction } from 'kysely';
import type { PostingRequest, PostingResult } from '../ledger/types.ts';
import { post, postMany } from '../ledger/posting.ts';
import { requiredIntegrationAccount } from '../ledger/integration.ts';

export interface SubLedgerSide {
  /** The integration accounts' sub-ledger and the postings' journal source (e.g. 'AR'). */
  code: string;
  /** The accounting period's flag its postings respect (posting service `subLedger`, e.g. 'ar'). */
  periodFlag: string;
  items: string;
  applications: string;
}

/** The columns every side's item has, as the module's item type names them. */
export interface OpenItemCore {
  itemId: number;
  firmId: string;
  documentNo: string;
  documentDate: string;
  dueDate: string;
  discountDate: string | null;
  discountAvailable: Decimal;
  amount: Decimal;
  openBalance: Decimal;
  /** Foreign-currency items only (else null): the open balance in the item's currency and its booking rate. */
  foreignOpenBalance: Decimal | null;
  exchangeRate: Decimal | null;
  status: 'Open' | 'Closed';
}

/** What every new item carries; `foreign`: a foreign-currency item's SIGNED amount in its currency and rate. */
export interface NewItemCore {
  firmId: string;
  itemType: string;
  documentNo: string;
  documentDate: string;
  dueDate?: string | null;
  discountDate?: string | null;
  discountAvailable?: Decimal;
  /** SIGNED, home currency. */
  amount: Decimal;
  foreign?: { amount: Decimal; rate: Decimal } | null;
  origin: { type: string; id: string };
  journalId?: number | null;
  userId: string;
}

export interface NewApplication {
  fromItemId: number;
  toItemId: number;
  /** YYYY-MM-DD. */
  date: string;
  amount: Decimal;
  discount: Decimal;
  /** Between foreign-currency items (sides whose applications have the columns): the figures in their currency. */
  foreign?: { amount: Decimal; discount: Decimal } | null;
  origin: { type: string; id: string };
  userId: string;
}

export type SideRequest = Omit<PostingRequest, 'source' | 'subLedger' | 'dataType'>;

type Engine = ReturnType<typeof engineOf>;

/** Items per INSERT: about 20 columns × 1000, under both engines' limits of bound values. */
const ITEM_BATCH = 1000;

/** A money amount (15, 2), or §5 refused on `field`. */
export function money(value: Decimal, field: string, label: string): Decimal {
  const parsed = parseDecimal(value, { precision: 15, scale: 2 });
  if (!parsed.ok) throw BusinessError.of(400, 'validation_failed', parsed.key, { label, ...(parsed.params ?? {}) }, field);
  return parsed.value;
}

/** §5: the discount the terms allow on `date` — the item's discount until its discount date, none after. */
export function discountOn(item: { discountDate: string | null; discountAvailable: Decimal }, date: string): Decimal {
  return item.discountDate !== null && date <= item.discountDate ? item.discountAvailable : '0.00';
}

/**
 * §5 (issue 22 item 7): what is left of the discount the terms allow on `date` once earlier applications took
 * theirs (never below 0). More than this is not a discount but a write-off.
 */
export function discountRoom(item: { discountDate: string | null; discountAvailable: Decimal }, date: string, taken: Decimal): Decimal {
  const left = sub(discountOn(item, date), taken);
  return isNegative(left) ? '0.00' : left;
}

/** The common part of an item row read back (the side maps its own columns beside it). */
export function openItemOf(engine: Engine, row: Record<string, unknown>): OpenItemCore {
  return {
    itemId: Number(row['item_id']),
    firmId: String(row['firm_id']),
    documentNo: String(row['document_no']),
    documentDate: String(row['document_date']),
    dueDate: String(row['due_date']),
    discountDate: row['discount_date'] == null ? null : String(row['discount_date']),
    discountAvailable: decimalFromDb(engine, row['discount_available'], 2) ?? '0.00',
    amount: decimalFromDb(engine, row['amount'], 2) ?? '0.00',
    openBalance: decimalFromDb(engine, row['open_balance'], 2) ?? '0.00',
    foreignOpenBalance: decimalFromDb(engine, row['foreign_open_balance'], 2),
    exchangeRate: decimalFromDb(engine, row['exchange_rate'], 6),
    status: String(row['status']) as 'Open' | 'Closed',
  };
}

/** The common columns of a new item's row (amounts checked as money; the open balance starts at the amount). */
export function itemRow(engine: Engine, item: NewItemCore, now: string): Record<string, unknown> {
  const amount = money(item.amount, 'Amount', 'Amount');
  const discount = money(item.discountAvailable ?? '0.00', 'DiscountAvailable', 'Discount');
  if (isNegative(discount)) throw BusinessError.of(400, 'validation_failed', 'entities:validation.negative', { label: 'Discount' }, 'DiscountAvailable');
  const foreign = item.foreign ? money(item.foreign.amount, 'Amount', 'Amount') : null;
  return {
    firm_id: item.firmId,
    item_type: item.itemType,
    document_no: item.documentNo,
    document_date: item.documentDate,
    due_date: item.dueDate ?? item.documentDate,
    discount_date: item.discountDate ?? null,
    discount_available: decimalToDb(engine, discount, 2),
    amount: decimalToDb(engine, amount, 2),
    open_balance: decimalToDb(engine, amount, 2),
    foreign_amount: foreign === null ? null : decimalToDb(engine, foreign, 2),
    foreign_open_balance: foreign === null ? null : decimalToDb(engine, foreign, 2),
    exchange_rate: item.foreign ? decimalToDb(engine, item.foreign.rate, 6) : null,
    status: isZero(amount) && (foreign === null || isZero(foreign)) ? 'Closed' : 'Open',
    origin_type: item.origin.type,
    origin_id: item.origin.id,
    journal_id: item.journalId ?? null,
    created_by: item.userId,
    created_on: now,
  };
}

/**
 * A declared side takes its module's transaction (any schema: its typed view) and writes the item and application
 * tables the side names at run time, which no table type of the G/L's can describe: the dynamic view, values
 * `unknown` until read through the decimal codec or narrowed (db/dynamic-db.ts).
 */
export function defineSubLedger(side: SubLedgerSide) {
  const posting = (request: SideRequest): PostingRequest => ({
    ...request,
    source: side.code as PostingRequest['source'],
    subLedger: side.periodFlag as PostingRequest['subLedger'],
    dataType: 'Actual',
    description: request.description?.slice(0, 100) ?? null,
  });

  async function read<D>(trx: Transaction<D>, itemId: number, lock = false): Promise<Record<string, unknown> | undefined> {
    let query = dynamicDb(trx).selectFrom(side.items).selectAll().where('item_id', '=', itemId);
    if (lock && engineOf(trx) === 'postgres') query = query.forUpdate();
    return query.executeTakeFirst();
  }

  return {
    side,
    posting,
    post: <D>(trx: Transaction<D>, request: SideRequest): Promise<PostingResult> => post(trx, posting(request)),
    postMany: <D>(trx: Transaction<D>, requests: readonly SideRequest[]): Promise<PostingResult[]> => postMany(trx, requests.map(posting)),
    account: <D>(trx: Transaction<D>, transactionType: string): Promise<string> => requiredIntegrationAccount(trx, side.code, transactionType),
    read,

    /** The credit's and the invoice's rows, locked in id order (PostgreSQL). */
    async lockPair<D>(trx: Transaction<D>, creditId: number, invoiceId: number) {
      const [firstId, secondId] = creditId < invoiceId ? [creditId, invoiceId] : [invoiceId, creditId];
      const first = await read(trx, firstId, true);
      const second = await read(trx, secondId, true);
      const pick = (id: number) => [first, second].find((row) => row !== undefined && Number(row['item_id']) === id);
      return { credit: pick(creditId), invoice: pick(invoiceId) };
    },

    async insertItems<D>(trx: Transaction<D>, rows: readonly Record<string, unknown>[]): Promise<number[]> {
      const ids: number[] = [];
      for (let start = 0; start < rows.length; start += ITEM_BATCH) {
        const inserted = await dynamicDb(trx).insertInto(side.items).values(rows.slice(start, start + ITEM_BATCH)).returning('item_id').execute();
        for (const row of inserted) ids.push(Number(row['item_id']));
      }
      return ids;
    },

    /** The open balance cache; Open/Closed follows what is owed in the item's own currency (`foreign` when given). */
    async setOpenBalance<D>(trx: Transaction<D>, itemId: number, balance: Decimal, foreign: Decimal | null = null): Promise<void> {
      const engine = engineOf(trx);
      await dynamicDb(trx)
        .updateTable(side.items)
        .set({
          open_balance: decimalToDb(engine, balance, 2),
          ...(foreign !== null ? { foreign_open_balance: decimalToDb(engine, foreign, 2) } : {}),
          status: isZero(foreign ?? balance) ? 'Closed' : 'Open',
        })
        .where('item_id', '=', itemId)
        .execute();
    },

    async insertApplication<D>(trx: Transaction<D>, application: NewApplication): Promise<number> {
      const engine = engineOf(trx);
      const { foreign } = application;
      const row = await dynamicDb(trx)
        .insertInto(side.applications)
        .values({
          from_item_id: application.fromItemId,
          to_item_id: application.toItemId,
          application_date: application.date,
          amount: decimalToDb(engine, application.amount, 2),
          discount: decimalToDb(engine, application.discount, 2),
          ...(foreign === undefined ? {} : { foreign_amount: foreign ? decimalToDb(engine, foreign.amount, 2) : null, foreign_discount: foreign ? decimalToDb(engine, foreign.discount, 2) : null }),
          origin_type: application.origin.type,
          origin_id: application.origin.id,
          created_by: application.userId,
          created_on: new Date().toISOString(),
        })
        .returning('application_id')
        .executeTakeFirstOrThrow();
      return Number(row['application_id']);
    },

    /** The discounts already taken on each of `itemIds` (every application's discount), 0.00 for none. */
    async discountsTaken<D>(trx: Transaction<D>, itemIds: readonly number[]): Promise<Map<number, Decimal>> {
      const engine = engineOf(trx);
      const taken = new Map<number, Decimal>();
      const unique = [...new Set(itemIds)];
      for (let start = 0; start < unique.length; start += 1000) {
        const rows = await dynamicDb(trx).selectFrom(side.applications).select(['to_item_id', 'discount']).where('to_item_id', 'in', unique.slice(start, start + 1000)).execute();
        for (const row of rows) {
          const id = Number(row['to_item_id']);
          taken.set(id, add(taken.get(id) ?? '0.00', decimalFromDb(engine, row['discount'], 2) ?? '0.00'));
        }
      }
      return taken;
    },
  };
}

export type SubLedger = ReturnType<typeof defineSubLedger>;

/** The columns every side's `<items>` table has (module header); a side adds its own. */
export type SubLedgerItemColumns = {
  item_id: Generated<number>;
  firm_id: string;
  item_type: string;
  document_no: string;
  document_date: string;
  due_date: string;
  discount_date: string | null;
  discount_available: DefaultedDecimal;
  amount: StoredDecimal;
  open_balance: StoredDecimal;
  status: string;
  origin_type: string;
  origin_id: string;
  journal_id: number | null;
  created_by: string;
  created_on: string;
  foreign_amount: StoredDecimal | null;
  foreign_open_balance: StoredDecimal | null;
  exchange_rate: StoredDecimal | null;
};

/** The columns every side's `<applications>` table has (module header; append-only). */
export type SubLedgerApplicationColumns = {
  application_id: Generated<number>;
  from_item_id: number;
  to_item_id: number;
  application_date: string;
  amount: StoredDecimal;
  discount: DefaultedDecimal;
  origin_type: string;
  origin_id: string;
  created_by: string;
  created_on: string;
};
