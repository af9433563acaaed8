/**
 * Product maintenance and prices — server side, owned by h15a (issue 15): the §5 Product rules that read
 * the database, the read-only stock figures from the stock ledger, and the demo catalogue (./seed.ts).
 *
 * product
 * - §5 "A kit or assembly cannot be changed to non-kit while BoM data exists.": a save that makes a Kit or
 *   Assembly 'None' is refused while the stored product has BoM lines (the shape rule in
 *   modules/ic/definitions/products/product.ts refuses BoM lines sent with 'None').
 * - a BoM component may not contain the product further down its own BoM (a cycle); the error names the line
 *   of the direct component through which the product comes back.
 * - §5 "An existing barcode triggers a confirm.": a barcode another product already carries stops the save
 *   with ResultStatus 3 (question id `barcode-exists`) until the caller sends `Confirmations: ['barcode-exists']`.
 * - a product used as a BoM component of another product, or with stock ledger movements, cannot be deleted
 *   (one with prices neither: the generic "in use" check of the price's lookup).
 * - readVirtual: QuantityOnHand, AverageCost, LastCost, LastSaleDate (last issue), LastReceiptDate from
 *   `stock_balances` (CONTRACT-15, summed over warehouses; average cost = value ÷ on hand), one query;
 *   LastCountDate is the count date of the product's last posted count (issue 23, count/stage.ts). A database without the stock ledger's
 *   tables answers them empty.
 * product-price
 * - quantity ranges of one product, price table, price type and currency may not overlap.
 * - readVirtual: the product's AverageCost and LastCost, as above.
 */
import { BARCODE_CONFIRM_KEY, BARCODE_QUESTION, KIT_WITH_BOM_KEY } from '../../definitions/products/product.ts';

const BOM_CYCLE_KEY = 'ic:rules.bomCycle';
import { add, cmp, div, isZero, round } from '@erp/shared/decimal';
import { BusinessError, ConfirmationNeeded, callResult, messageIn } from '@erp/server/entities/call-result';
import type { Kysely } from 'kysely';
import type { EntityHooks } from '@erp/server/entities/hooks';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import type { ModulePart } from '@erp/server/modules/part';
import { seedCatalogue } from './seed.ts';
import { lastCountDate } from '../count/stage.ts';
import { icDb, type IcDatabase, type ProductPriceRow } from '../tables.generated.ts';

/** Scales of `stock_balances` (CONTRACT-15, modules/ic/server/stock/ledger.ts): quantities 4, unit costs 4, value 2. */
const QTY_SCALE = 4;
const COST_SCALE = 4;
const MONEY_SCALE = 2;

export interface StockFigures {
  QuantityOnHand: string | null;
  AverageCost: string | null;
  LastCost: string | null;
  LastSaleDate: string | null;
  LastReceiptDate: string | null;
  LastCountDate: string | null;
}

const NO_STOCK: StockFigures = { QuantityOnHand: null, AverageCost: null, LastCost: null, LastSaleDate: null, LastReceiptDate: null, LastCountDate: null };

const missingTable = (error: unknown) => /no such table|does not exist/i.test(error instanceof Error ? error.message : String(error));

/** A product's stock figures over every warehouse (one query on stock_balances' primary key). */
export async function stockFigures(db: Kysely<IcDatabase>, productId: string): Promise<StockFigures> {
  const query = db
    .selectFrom('stock_balances')
    .select(['on_hand', 'value', 'average_cost', 'last_cost', 'last_receipt_date', 'last_issue_date'])
    .where('product_id', '=', productId);
  let rows: Awaited<ReturnType<typeof query.execute>>;
  try {
    rows = await query.execute();
  } catch (error) {
    if (missingTable(error)) return NO_STOCK;
    throw error;
  }
  if (rows.length === 0) return { ...NO_STOCK, QuantityOnHand: '0.0000' };
  let onHand = '0';
  let value = '0';
  let lastCost: string | null = null;
  let lastReceipt: string | null = null;
  let lastIssue: string | null = null;
  for (const row of rows) {
    onHand = add(onHand, decimalFromDb(db, row.on_hand, QTY_SCALE) ?? '0');
    value = add(value, decimalFromDb(db, row.value, MONEY_SCALE) ?? '0');
    const receipt = dateOf(row.last_receipt_date);
    // The last cost is the one of the warehouse that received last.
    if (receipt && (!lastReceipt || receipt > lastReceipt)) {
      lastReceipt = receipt;
      lastCost = decimalFromDb(db, row.last_cost, COST_SCALE);
    }
    const issue = dateOf(row.last_issue_date);
    if (issue && (!lastIssue || issue > lastIssue)) lastIssue = issue;
  }
  // §9 average: the value on hand over the quantity on hand, all warehouses; with nothing on hand, the
  // average of the warehouse that received last.
  const averageCost = !isZero(onHand)
    ? div(value, onHand, COST_SCALE)
    : decimalFromDb(db, rows.find((row) => dateOf(row.last_receipt_date) === lastReceipt)?.average_cost ?? null, COST_SCALE);
  return {
    QuantityOnHand: round(onHand, QTY_SCALE),
    AverageCost: averageCost,
    LastCost: lastCost,
    LastSaleDate: lastIssue,
    LastReceiptDate: lastReceipt,
    LastCountDate: await lastCountDate(db, productId),
  };
}

/** Has the product any stock ledger row? (false while the ledger's tables do not exist.) */
async function hasMovements(db: Kysely<IcDatabase>, productId: string): Promise<boolean> {
  try {
    return (await db.selectFrom('stock_ledger').select('entry_id').where('product_id', '=', productId).limit(1).executeTakeFirst()) !== undefined;
  } catch (error) {
    if (missingTable(error)) return false;
    throw error;
  }
}

function dateOf(raw: unknown): string | null {
  if (raw === null || raw === undefined || raw === '') return null;
  if (raw instanceof Date) return raw.toISOString().slice(0, 10);
  return String(raw).slice(0, 10);
}

const productHooks: EntityHooks = {
  inputKeys: ['Confirmations'],
  async beforeWrite(_ctx, engineTrx, change, confirmations) {
    const trx = icDb(engineTrx);
    const next = change.next;
    // §5 "A kit or assembly cannot be changed to non-kit while BoM data exists."
    if (change.mode === 'update' && change.changed.has('KitType') && next['KitType'] === 'None' && change.current?.['KitType'] !== 'None') {
      const line = await trx.selectFrom('product_components').select('line_id').where('product_id', '=', String(change.id)).limit(1).executeTakeFirst();
      if (line) throw BusinessError.of(400, 'validation_failed', KIT_WITH_BOM_KEY, {}, 'KitType');
    }
    // §5 "A BoM component cannot equal the product." — nor contain it further down its own BoM (a cycle
    // would make a work order consume what it produces). One query per BoM level.
    if (change.changed.has('Components') && change.id !== null) {
      const self = String(change.id);
      const lines = Array.isArray(next['Components']) ? (next['Components'] as Record<string, unknown>[]) : [];
      const seen = new Set<string>();
      let level = [...new Set(lines.map((line) => String(line['ComponentId'] ?? '').toUpperCase()).filter((id) => id !== '' && id !== self))];
      for (let depth = 0; level.length > 0 && depth < 20; depth += 1) {
        for (const id of level) seen.add(id);
        const rows = await trx.selectFrom('product_components').select(['product_id', 'component_id']).where('product_id', 'in', level).execute();
        const through = rows.find((row) => row.component_id === self);
        if (through) {
          const index = lines.findIndex((line) => String(line['ComponentId'] ?? '').toUpperCase() === through.product_id);
          throw BusinessError.of(400, 'validation_failed', BOM_CYCLE_KEY, { component: through.product_id }, index >= 0 ? `Components[${index}].ComponentId` : 'Components');
        }
        level = [...new Set(rows.flatMap((row) => (row.component_id === null ? [] : [row.component_id])))].filter((id) => !seen.has(id));
      }
    }
    // §5 "An existing barcode triggers a confirm."
    const barcode = typeof next['Barcode'] === 'string' ? next['Barcode'].trim() : '';
    if (barcode !== '' && change.changed.has('Barcode') && !confirmations.has(BARCODE_QUESTION)) {
      let query = trx.selectFrom('products').select('product_id').where('barcode', '=', barcode);
      if (change.id !== null) query = query.where('product_id', '!=', String(change.id));
      const twin = await query.limit(1).executeTakeFirst();
      if (twin) throw new ConfirmationNeeded(BARCODE_QUESTION, BARCODE_CONFIRM_KEY, { barcode, product: twin.product_id });
    }
  },
  async beforeDelete(ctx, record) {
    // The stock ledger is append-only: a product with movements stays (made inactive instead).
    const db = icDb(ctx.db);
    const moved = await hasMovements(db, String(record['ProductId']));
    if (moved) return { status: 409, body: callResult(2, 'in_use', messageIn(ctx.user.row.language, 'ic:rules.productHasStock')) };
    const parent = await db.selectFrom('product_components').select('product_id').where('component_id', '=', String(record['ProductId'])).limit(1).executeTakeFirst();
    if (!parent) return null;
    return { status: 409, body: callResult(2, 'in_use', messageIn(ctx.user.row.language, 'ic:rules.productInUse', { product: parent.product_id })) };
  },
  async readVirtual(ctx, record) {
    return { ...(await stockFigures(icDb(ctx.db), String(record['ProductId']))) };
  },
};

const priceHooks: EntityHooks = {
  async beforeWrite(_ctx, engineTrx, change) {
    const trx = icDb(engineTrx);
    const next = change.next;
    if (!['ProductId', 'PriceTable', 'PriceType', 'Currency', 'FromQuantity', 'ToQuantity'].some((field) => change.changed.has(field))) return;
    let query = trx
      .selectFrom('product_prices')
      .select(['price_id', 'from_quantity', 'to_quantity'])
      .where('product_id', '=', String(next['ProductId']))
      .where('price_table', '=', String(next['PriceTable']))
      // An option of the definition's: the engine validated it before this hook.
      .where('price_type', '=', next['PriceType'] as ProductPriceRow['price_type'])
      .where('currency', '=', String(next['Currency']));
    if (change.id !== null) query = query.where('price_id', '!=', Number(change.id));
    const from = String(next['FromQuantity'] ?? '0');
    const to = typeof next['ToQuantity'] === 'string' ? next['ToQuantity'] : null;
    for (const row of await query.execute()) {
      const otherFrom = decimalFromDb(trx, row.from_quantity, QTY_SCALE) ?? '0';
      const otherTo = decimalFromDb(trx, row.to_quantity, QTY_SCALE);
      // [from, to] and [otherFrom, otherTo] overlap unless one ends before the other starts.
      const before = to !== null && cmp(to, otherFrom) < 0;
      const after = otherTo !== null && cmp(otherTo, from) < 0;
      if (!before && !after) throw BusinessError.of(400, 'validation_failed', 'ic:rules.rangeOverlap', {}, 'FromQuantity');
    }
  },
  async readVirtual(ctx, record) {
    const figures = await stockFigures(icDb(ctx.db), String(record['ProductId']));
    return { AverageCost: figures.AverageCost, LastCost: figures.LastCost };
  },
};

export const IC_PRODUCT_PART: ModulePart = {
  hooks: { product: productHooks, 'product-price': priceHooks },
  async seed(db) {
    await seedCatalogue(db);
  },
};
