/**
 * The stock ledger service (issue 15 item 4, CONTRACT-15 "The stock ledger", SCREENS.md WP3 and part 4.2).
 * Every stock movement of every module goes through `recordMovements`, inside the caller's transaction.
 *
 * `recordMovements(trx, { date, documentNo, origin: { type, id }, userId, offsetAccount?, description?,
 * reversalOf? }, movements)` → per movement `{ entryId, unitCost, value, qtyAfter, valueAfter }`. In order:
 * 1. the date: `YYYY-MM-DD`, not in a closed stock year nor before one (stock_closed_years; the stock year is
 *    the fiscal year of the date's accounting period, else its calendar year) — §8 "Selected date is in a
 *    closed period.";
 * 2. the products exist (their class decides the inventory account);
 * 3. each movement in order, per product × warehouse (balances row locked FOR UPDATE on PostgreSQL; SQLite's
 *    write transaction already serializes writers), with exact decimals (shared/src/decimal.ts):
 *    - quantity ≠ 0, signed; receipt (> 0) at `unitCost` when given, else at the current average cost;
 *      value = round(quantity × unit cost, 2); the moving average becomes value after ÷ quantity after
 *      (§9 valuation average); the last cost becomes the receipt's unit cost (§9 last); last receipt date;
 *    - issue (< 0) at the moving average: value = −round(|quantity| × average, 2), or the whole remaining
 *      value when the issue empties the balance (no rounding residue is left behind); issuing more than on
 *      hand (or more than the lot holds) is refused: "Quantity {{quantity}} of {{product}} is more than the
 *      {{onHand}} on hand in warehouse {{warehouse}}." (the spec has no text for it); last issue date;
 * 4. appends the stock_ledger rows (append-only: nothing in the application updates or deletes them) and
 *    writes the balances and lot balances in the same transaction;
 * (issue 23) none of the warehouses may be in a physical count (Frozen or Counted) — the count's own posting
 *    (origin type `warehouse-count`) aside: count/stage.ts `assertNotCounting`;
 * 5. posts the movements' value to the General Ledger through the posting service (`post`, source IC,
 *    sub-ledger gl): per inventory account the sum of its movements' values, against the offset account for
 *    the opposite total. Nothing is posted when every account nets to zero. The period must be open
 *    (§8 texts of the posting service). `header.post: false` leaves this step to the caller (issue 23).
 *
 * Accounts (gl_integration, SubLedger 'IC'): a product's inventory account is the integration row its
 * product class names (product_classes.inventory_account, e.g. INVENTORY-STEEL), else the row
 * `INVENTORY-<ClassId>`, falling back to `INVENTORY` when that row does not exist. `offsetAccount` is an IC
 * integration transaction type (e.g. 'ADJUSTMENT', 'RECEIPT', 'ISSUE', or a work order's own) or, when no
 * such row exists, a G/L account id; the default is 'ADJUSTMENT'. A missing integration row refuses the
 * movement ("The G/L integration account {{type}} for inventory is missing.").
 *
 * Scales (decimal codec): quantities, qty_after, on hand, committed: 4; unit cost, average and last cost: 4;
 * value, value_after, balance value: 2.
 *
 * Also: `adjustCommitted(trx, productId, warehouseId, delta)` (a committed ticket allocates, a cancelled one
 * releases), `stockYearOf(trx, date)` and `assertStockYearOpen(trx, date, field)`.
 */
import { abs, add, cmp, div, isNegative, isZero, mul, neg, parseDecimal, round, sub, type Decimal } from '@erp/shared/decimal';
import { sql, type Insertable, type Transaction } from 'kysely';
import { BusinessError } from '@erp/server/entities/call-result';
import { decimalFromDb, decimalToDb, engineOf } from '@erp/server/db/decimal-codec';
import { post, findPeriod } from '@erp/modules/gl/server/api';
import { assertNotCounting, COUNT_ORIGIN } from '../count/stage.ts';
import { icDb, type IcDatabase } from '../tables.generated.ts';
import type { MigrationTables } from '../migration-tables.ts';

type IcTransaction = Transaction<IcDatabase>;

export const QTY_SCALE = 4;
export const COST_SCALE = 4;
export const MONEY_SCALE = 2;

export interface StockMovement {
  productId: string;
  warehouseId: string;
  /** '' or absent when the product is not lot-tracked. */
  lotNo?: string;
  /** Signed exact quantity: receipt +, issue −. */
  quantity: Decimal;
  /** Receipts only (issues take the moving average); absent → the current average cost. */
  unitCost?: Decimal | null;
  /** The document line number (stock_ledger.voucher_line). */
  line: number;
}

export interface MovementHeader {
  /** Movement date `YYYY-MM-DD`. */
  date: string;
  documentNo: string;
  /** The causing document: type = entity name, id = its key. */
  origin: { type: string; id: string };
  userId: string;
  /** IC integration transaction type or G/L account of the other side; default 'ADJUSTMENT'. */
  offsetAccount?: string;
  description?: string | null;
  /** The ledger entry a reversing movement set undoes (stock_ledger.reversal_of of every row). */
  reversalOf?: number | null;
  /**
   * false: step 5 is the caller's — it posts the movements' values (`MovementResult.value`, per account of
   * `inventoryAccounts`) in the same transaction with its own other side (a purchase receipt: GRNI and landed
   * cost in one journal, modules/po). Default true.
   */
  post?: boolean;
}

export interface MovementResult {
  entryId: number;
  unitCost: Decimal;
  value: Decimal;
  qtyAfter: Decimal;
  valueAfter: Decimal;
}

export interface StockBalance {
  productId: string;
  warehouseId: string;
  onHand: Decimal;
  committed: Decimal;
  value: Decimal;
  averageCost: Decimal;
  lastCost: Decimal;
}

const INSERT_BATCH = 500;

function key(productId: string, warehouseId: string): string {
  return `${productId}\u0000${warehouseId}`;
}

function dec(trx: IcTransaction, raw: unknown, scale: number): Decimal {
  return decimalFromDb(trx, raw, scale) ?? round('0', scale);
}

/** The stock year of a date: its accounting period's fiscal year, else the calendar year. */
export async function stockYearOf(trx: IcTransaction, date: string): Promise<number> {
  const period = await findPeriod(trx, date);
  return period ? period.fiscalYear : Number(date.slice(0, 4));
}

/** Refuses a date in a closed stock year or before one (§8 "Selected date is in a closed period."). Any module's transaction. */
export async function assertStockYearOpen<D>(engineTrx: Transaction<D>, date: string, field = 'MovementDate'): Promise<void> {
  const trx = icDb(engineTrx);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw BusinessError.of(400, 'date_invalid', 'ic:stockLedger.dateInvalid', {}, field);
  const year = await stockYearOf(trx, date);
  const closed = await trx.selectFrom('stock_closed_years').select('fiscal_year').where('fiscal_year', '>=', year).limit(1).executeTakeFirst();
  if (closed) throw BusinessError.of(400, 'stock_year_closed', 'ic:stockLedger.yearClosed', { year: Number(closed.fiscal_year) }, field);
}

/** The G/L account of an IC integration transaction type, or null. */
async function integrationAccount(trx: IcTransaction, type: string): Promise<string | null> {
  const row = await trx.selectFrom('gl_integration').select('account_id').where('sub_ledger', '=', 'IC').where('transaction_type', '=', type).executeTakeFirst();
  return row?.account_id ? String(row.account_id) : null;
}

/** Inventory account per product id (see the header). Any module's transaction. */
export async function inventoryAccounts<D>(engineTrx: Transaction<D>, productIds: readonly string[]): Promise<Map<string, string>> {
  const trx = icDb(engineTrx);
  const ids = [...new Set(productIds)];
  const products = await trx
    .selectFrom('products as p')
    .leftJoin('product_classes as c', 'c.class_id', 'p.class_id')
    .select(['p.product_id as product_id', 'p.class_id as class_id', 'c.inventory_account as inventory_account'])
    .where('p.product_id', 'in', ids.length > 0 ? ids : [''])
    .execute();
  const found = new Map(products.map((p) => [p.product_id, { classId: p.class_id ?? '', own: p.inventory_account ?? '' }]));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw BusinessError.of(400, 'product_missing', 'ic:stockLedger.productMissing', { product: missing }, 'ProductId');
  const rows = await trx.selectFrom('gl_integration').select(['transaction_type', 'account_id']).where('sub_ledger', '=', 'IC').execute();
  const byType = new Map(rows.flatMap((r) => (r.account_id ? [[String(r.transaction_type).toUpperCase(), r.account_id] as const] : [])));
  const result = new Map<string, string>();
  for (const [productId, { classId, own }] of found) {
    const wanted = own ? own.toUpperCase() : classId ? `INVENTORY-${classId.toUpperCase()}` : 'INVENTORY';
    const account = byType.get(wanted) ?? byType.get('INVENTORY');
    if (!account) throw BusinessError.of(400, 'integration_missing', 'ic:stockLedger.integrationMissing', { type: wanted }, 'ProductId');
    result.set(productId, account);
  }
  return result;
}

/** The offset account: an integration type's account, or an account the user typed (then `entered`, issue 22 item 6). */
async function offsetAccountOf(trx: IcTransaction, offset: string | undefined): Promise<{ accountId: string; entered: boolean }> {
  const type = offset ?? 'ADJUSTMENT';
  const account = await integrationAccount(trx, type);
  if (account) return { accountId: account, entered: false };
  const exists = await trx.selectFrom('gl_accounts').select('account_id').where('account_id', '=', type).executeTakeFirst();
  if (exists) return { accountId: type, entered: true };
  throw BusinessError.of(400, 'integration_missing', 'ic:stockLedger.integrationMissing', { type }, 'OffsetAccount');
}

interface WorkingBalance {
  onHand: Decimal;
  value: Decimal;
  averageCost: Decimal;
  lastCost: Decimal;
  lastReceipt: string | null;
  lastIssue: string | null;
  exists: boolean;
  touched: boolean;
}

/** Balance rows of the pairs, locked on PostgreSQL, as working copies (absent pairs start at zero). */
async function loadBalances(trx: IcTransaction, pairs: readonly [string, string][]): Promise<Map<string, WorkingBalance>> {
  const products = [...new Set(pairs.map(([p]) => p))];
  const warehouses = [...new Set(pairs.map(([, w]) => w))];
  // Missing rows first (zeros, ON CONFLICT DO NOTHING), so the read below locks a row for every pair: two
  // transactions receiving a new product × warehouse at once then queue on that row (PostgreSQL) instead of
  // both writing their own absolute figures.
  const engine = engineOf(trx);
  const now = new Date().toISOString();
  const zeros = [...pairs]
    .sort(([a, b], [c, d]) => (a === c ? (b < d ? -1 : b > d ? 1 : 0) : a < c ? -1 : 1))
    .map(([productId, warehouseId]) => ({
      product_id: productId,
      warehouse_id: warehouseId,
      on_hand: decimalToDb(engine, '0', QTY_SCALE),
      committed: decimalToDb(engine, '0', QTY_SCALE),
      value: decimalToDb(engine, '0', MONEY_SCALE),
      average_cost: decimalToDb(engine, '0', COST_SCALE),
      last_cost: decimalToDb(engine, '0', COST_SCALE),
      updated_on: now,
    }));
  for (let start = 0; start < zeros.length; start += INSERT_BATCH) {
    await trx.insertInto('stock_balances').values(zeros.slice(start, start + INSERT_BATCH)).onConflict((c) => c.columns(['product_id', 'warehouse_id']).doNothing()).execute();
  }
  let query = trx
    .selectFrom('stock_balances')
    .select(['product_id', 'warehouse_id', 'on_hand', 'value', 'average_cost', 'last_cost', 'last_receipt_date', 'last_issue_date'])
    .where('product_id', 'in', products)
    .where('warehouse_id', 'in', warehouses)
    .orderBy('product_id')
    .orderBy('warehouse_id');
  if (engineOf(trx) === 'postgres') query = query.forUpdate();
  const rows = await query.execute();
  const map = new Map<string, WorkingBalance>();
  for (const row of rows) {
    map.set(key(row.product_id, row.warehouse_id), {
      onHand: dec(trx, row.on_hand, QTY_SCALE),
      value: dec(trx, row.value, MONEY_SCALE),
      averageCost: dec(trx, row.average_cost, COST_SCALE),
      lastCost: dec(trx, row.last_cost, COST_SCALE),
      lastReceipt: row.last_receipt_date,
      lastIssue: row.last_issue_date,
      exists: true,
      touched: false,
    });
  }
  for (const [p, w] of pairs) {
    if (!map.has(key(p, w))) {
      map.set(key(p, w), { onHand: round('0', QTY_SCALE), value: round('0', MONEY_SCALE), averageCost: round('0', COST_SCALE), lastCost: round('0', COST_SCALE), lastReceipt: null, lastIssue: null, exists: false, touched: false });
    }
  }
  return map;
}

async function loadLots(trx: IcTransaction, triples: readonly [string, string, string][]): Promise<Map<string, Decimal>> {
  const map = new Map<string, Decimal>();
  if (triples.length === 0) return map;
  const engine = engineOf(trx);
  const zeros = [...triples].sort().map(([productId, warehouseId, lotNo]) => ({ product_id: productId, warehouse_id: warehouseId, lot_no: lotNo, on_hand: decimalToDb(engine, '0', QTY_SCALE) }));
  for (let start = 0; start < zeros.length; start += INSERT_BATCH) {
    await trx.insertInto('stock_lot_balances').values(zeros.slice(start, start + INSERT_BATCH)).onConflict((c) => c.columns(['product_id', 'warehouse_id', 'lot_no']).doNothing()).execute();
  }
  let query = trx
    .selectFrom('stock_lot_balances')
    .select(['product_id', 'warehouse_id', 'lot_no', 'on_hand'])
    .where('product_id', 'in', [...new Set(triples.map(([p]) => p))])
    .where('warehouse_id', 'in', [...new Set(triples.map(([, w]) => w))])
    .where('lot_no', 'in', [...new Set(triples.map(([, , l]) => l))])
    .orderBy('product_id')
    .orderBy('warehouse_id')
    .orderBy('lot_no');
  if (engineOf(trx) === 'postgres') query = query.forUpdate();
  for (const row of await query.execute()) {
    map.set(`${key(row.product_id, row.warehouse_id)}\u0000${row.lot_no}`, dec(trx, row.on_hand, QTY_SCALE));
  }
  return map;
}

function parseQuantity(value: unknown, index: number): Decimal {
  const parsed = parseDecimal(value, { precision: 15, scale: QTY_SCALE });
  if (!parsed.ok) throw new BusinessError(400, 'validation_failed', [{ field: `Movements[${index}].Quantity`, key: parsed.key, params: { label: 'Quantity', ...(parsed.params ?? {}) } }]);
  if (isZero(parsed.value)) throw BusinessError.of(400, 'quantity_zero', 'ic:stockLedger.quantityZero', {}, `Movements[${index}].Quantity`);
  return round(parsed.value, QTY_SCALE);
}

function parseCost(value: unknown, index: number): Decimal {
  const parsed = parseDecimal(value, { precision: 15, scale: COST_SCALE });
  if (!parsed.ok) throw new BusinessError(400, 'validation_failed', [{ field: `Movements[${index}].UnitCost`, key: parsed.key, params: { label: 'Cost', ...(parsed.params ?? {}) } }]);
  if (isNegative(parsed.value)) throw BusinessError.of(400, 'cost_negative', 'entities:validation.negative', { label: 'Cost' }, `Movements[${index}].UnitCost`);
  return round(parsed.value, COST_SCALE);
}

/**
 * Issue 22 item 10: a figure a movement writes (its value, the balance's quantity and value after it) must fit
 * its column (numeric(15, 4) quantities, numeric(15, 2) values) — refused as a 400 naming the movement, never a
 * RangeError or a numeric overflow at the write (a cost taken from the average is only known here).
 */
function assertFits(value: Decimal, scale: number, field: string, label: string): void {
  const parsed = parseDecimal(round(value, scale), { precision: 15, scale });
  if (!parsed.ok) throw new BusinessError(400, 'validation_failed', [{ field, key: parsed.key, params: { label, ...(parsed.params ?? {}) } }]);
}

/** Any module's transaction (see the header). */
export async function recordMovements<D>(engineTrx: Transaction<D>, header: MovementHeader, movements: readonly StockMovement[]): Promise<MovementResult[]> {
  const trx = icDb(engineTrx);
  if (movements.length === 0) return [];
  await assertStockYearOpen(trx, header.date);
  // Issue 23: no stock moves in or out of a warehouse being counted, but the count's own posting (count/stage.ts).
  if (header.origin.type !== COUNT_ORIGIN) await assertNotCounting(trx, movements.map((m) => m.warehouseId));
  const quantities = movements.map((m, index) => parseQuantity(m.quantity, index));
  const costs = movements.map((m, index) => (m.unitCost === undefined || m.unitCost === null || m.unitCost === '' ? null : parseCost(m.unitCost, index)));
  const accounts = await inventoryAccounts(trx, movements.map((m) => m.productId));

  const pairs = new Map<string, [string, string]>();
  const triples = new Map<string, [string, string, string]>();
  for (const m of movements) {
    pairs.set(key(m.productId, m.warehouseId), [m.productId, m.warehouseId]);
    if (m.lotNo) triples.set(`${key(m.productId, m.warehouseId)}\u0000${m.lotNo}`, [m.productId, m.warehouseId, m.lotNo]);
  }
  const balances = await loadBalances(trx, [...pairs.values()]);
  const lots = await loadLots(trx, [...triples.values()]);
  const lotsBefore = new Map(lots);

  const engine = engineOf(trx);
  const now = new Date().toISOString();
  const rows: Insertable<MigrationTables['stock_ledger']>[] = [];
  const results: Omit<MovementResult, 'entryId'>[] = [];
  const perAccount = new Map<string, Decimal>();

  movements.forEach((m, index) => {
    const quantity = quantities[index]!;
    const balance = balances.get(key(m.productId, m.warehouseId))!;
    const lotNo = m.lotNo ?? '';
    let unitCost: Decimal;
    let value: Decimal;
    if (!isNegative(quantity)) {
      unitCost = costs[index] ?? balance.averageCost;
      value = mul(quantity, unitCost, MONEY_SCALE);
      balance.onHand = add(balance.onHand, quantity);
      balance.value = add(balance.value, value);
      balance.averageCost = div(balance.value, balance.onHand, COST_SCALE);
      if (costs[index] !== null) balance.lastCost = unitCost;
      balance.lastReceipt = balance.lastReceipt && balance.lastReceipt > header.date ? balance.lastReceipt : header.date;
    } else {
      const out = abs(quantity);
      if (cmp(out, balance.onHand) > 0) {
        throw BusinessError.of(400, 'insufficient_stock', 'ic:stockLedger.insufficient', { quantity: out, product: m.productId, onHand: balance.onHand, warehouse: m.warehouseId }, `Movements[${index}].Quantity`);
      }
      unitCost = balance.averageCost;
      value = cmp(out, balance.onHand) === 0 ? neg(balance.value) : neg(mul(out, unitCost, MONEY_SCALE));
      balance.onHand = sub(balance.onHand, out);
      balance.value = add(balance.value, value);
      balance.lastIssue = balance.lastIssue && balance.lastIssue > header.date ? balance.lastIssue : header.date;
    }
    if (lotNo) {
      const lotKey = `${key(m.productId, m.warehouseId)}\u0000${lotNo}`;
      const lotOnHand = add(lots.get(lotKey) ?? round('0', QTY_SCALE), quantity);
      if (isNegative(lotOnHand)) {
        throw BusinessError.of(400, 'insufficient_lot', 'ic:stockLedger.insufficientLot', { quantity: abs(quantity), product: m.productId, lot: lotNo, onHand: lots.get(lotKey) ?? '0.0000' }, `Movements[${index}].LotNo`);
      }
      lots.set(lotKey, lotOnHand);
    }
    assertFits(value, MONEY_SCALE, `Movements[${index}].Quantity`, 'Value');
    assertFits(balance.value, MONEY_SCALE, `Movements[${index}].Quantity`, 'Value');
    assertFits(balance.onHand, QTY_SCALE, `Movements[${index}].Quantity`, 'Quantity');
    balance.touched = true;
    const account = accounts.get(m.productId)!;
    perAccount.set(account, add(perAccount.get(account) ?? '0.00', value));
    results.push({ unitCost, value, qtyAfter: balance.onHand, valueAfter: balance.value });
    rows.push({
      product_id: m.productId,
      warehouse_id: m.warehouseId,
      lot_no: lotNo,
      movement_date: header.date,
      quantity: decimalToDb(engine, quantity, QTY_SCALE),
      unit_cost: decimalToDb(engine, unitCost, COST_SCALE),
      value: decimalToDb(engine, value, MONEY_SCALE),
      qty_after: decimalToDb(engine, balance.onHand, QTY_SCALE),
      value_after: decimalToDb(engine, balance.value, MONEY_SCALE),
      voucher_type: header.origin.type,
      voucher_id: header.origin.id,
      voucher_no: header.documentNo,
      voucher_line: m.line,
      reversal_of: header.reversalOf ?? null,
      created_by: header.userId,
      created_on: now,
    });
  });

  const entryIds: number[] = [];
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const inserted = await trx.insertInto('stock_ledger').values(rows.slice(start, start + INSERT_BATCH)).returning('entry_id').execute();
    for (const row of inserted) entryIds.push(Number(row.entry_id));
  }

  // Balances: absolute figures computed above from the locked rows (one upsert per batch).
  const balanceRows = [...balances]
    .filter(([, b]) => b.touched)
    .map(([k, b]) => {
      const [productId, warehouseId] = k.split('\u0000') as [string, string];
      return {
        product_id: productId,
        warehouse_id: warehouseId,
        on_hand: decimalToDb(engine, b.onHand, QTY_SCALE),
        committed: decimalToDb(engine, '0', QTY_SCALE),
        value: decimalToDb(engine, b.value, MONEY_SCALE),
        average_cost: decimalToDb(engine, b.averageCost, COST_SCALE),
        last_cost: decimalToDb(engine, b.lastCost, COST_SCALE),
        last_receipt_date: b.lastReceipt,
        last_issue_date: b.lastIssue,
        updated_on: now,
      };
    });
  for (let start = 0; start < balanceRows.length; start += INSERT_BATCH) {
    await trx
      .insertInto('stock_balances')
      .values(balanceRows.slice(start, start + INSERT_BATCH))
      .onConflict((c) =>
        c.columns(['product_id', 'warehouse_id']).doUpdateSet({
          on_hand: sql`excluded.on_hand`,
          value: sql`excluded.value`,
          average_cost: sql`excluded.average_cost`,
          last_cost: sql`excluded.last_cost`,
          last_receipt_date: sql`excluded.last_receipt_date`,
          last_issue_date: sql`excluded.last_issue_date`,
          updated_on: sql`excluded.updated_on`,
        }),
      )
      .execute();
  }
  const lotRows = [...lots]
    .filter(([k, v]) => lotsBefore.get(k) !== v)
    .map(([k, v]) => {
      const [productId, warehouseId, lotNo] = k.split('\u0000') as [string, string, string];
      return { product_id: productId, warehouse_id: warehouseId, lot_no: lotNo, on_hand: decimalToDb(engine, v, QTY_SCALE) };
    });
  for (let start = 0; start < lotRows.length; start += INSERT_BATCH) {
    await trx
      .insertInto('stock_lot_balances')
      .values(lotRows.slice(start, start + INSERT_BATCH))
      .onConflict((c) => c.columns(['product_id', 'warehouse_id', 'lot_no']).doUpdateSet({ on_hand: sql`excluded.on_hand` }))
      .execute();
  }

  // The General Ledger: inventory accounts against the offset, sorted for a stable journal.
  const lines = [...perAccount].filter(([, amount]) => !isZero(amount)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (lines.length > 0 && header.post !== false) {
    const offset = await offsetAccountOf(trx, header.offsetAccount);
    let total = '0.00';
    const postingLines: { accountId: string; amount: string; enteredAccount?: boolean }[] = lines.map(([accountId, amount]) => {
      total = add(total, amount);
      return { accountId, amount: round(amount, MONEY_SCALE) };
    });
    if (!isZero(total)) postingLines.push({ accountId: offset.accountId, amount: round(neg(total), MONEY_SCALE), enteredAccount: offset.entered });
    if (postingLines.length > 1 || !isZero(total)) {
      await post(trx, {
        source: 'IC',
        subLedger: 'gl',
        dataType: 'Actual',
        date: header.date,
        documentNo: header.documentNo,
        description: header.description ?? null,
        origin: header.origin,
        lines: postingLines,
        reversalOf: null,
        userId: header.userId,
      });
    }
  }

  return results.map((r, index) => ({ entryId: entryIds[index]!, ...r }));
}

/**
 * Adds `delta` (signed, scale 4) to the committed quantity of a product × warehouse (a committed ticket
 * allocates +, a cancelled or closed one releases −); creates the balance row when missing. Never below 0.
 */
export async function adjustCommitted<D>(engineTrx: Transaction<D>, productId: string, warehouseId: string, delta: Decimal): Promise<void> {
  const trx = icDb(engineTrx);
  const engine = engineOf(trx);
  const now = new Date().toISOString();
  await trx
    .insertInto('stock_balances')
    .values({ product_id: productId, warehouse_id: warehouseId, on_hand: decimalToDb(engine, '0', QTY_SCALE), committed: decimalToDb(engine, isNegative(delta) ? '0' : delta, QTY_SCALE), value: decimalToDb(engine, '0', MONEY_SCALE), average_cost: decimalToDb(engine, '0', COST_SCALE), last_cost: decimalToDb(engine, '0', COST_SCALE), updated_on: now })
    .onConflict((c) =>
      c.columns(['product_id', 'warehouse_id']).doUpdateSet({
        committed: sql`case when stock_balances.committed + ${decimalToDb(engine, delta, QTY_SCALE)} < 0 then 0 else stock_balances.committed + ${decimalToDb(engine, delta, QTY_SCALE)} end`,
        updated_on: now,
      }),
    )
    .execute();
}

/** The balance of a product × warehouse (zeros when none). */
export async function balanceOf(trx: IcTransaction, productId: string, warehouseId: string): Promise<StockBalance> {
  const row = await trx.selectFrom('stock_balances').selectAll().where('product_id', '=', productId).where('warehouse_id', '=', warehouseId).executeTakeFirst();
  return {
    productId,
    warehouseId,
    onHand: dec(trx, row?.on_hand, QTY_SCALE),
    committed: dec(trx, row?.committed, QTY_SCALE),
    value: dec(trx, row?.value, MONEY_SCALE),
    averageCost: dec(trx, row?.average_cost, COST_SCALE),
    lastCost: dec(trx, row?.last_cost, COST_SCALE),
  };
}
