/**
 * Demo data of the count cycle (issue 23 item 5; only with config.demoLedger, only while no warehouse has been
 * counted): MTL-01 mid-count — frozen today through the same code as the Count Freeze screen (cycle.ts), then
 * counts entered for about two thirds of its lines (most as the book says, a few short or over, so the
 * discrepancy report has something to show) and one posted tag. The rest is left to count: the products not
 * counted report lists them, the upgrade asks to set them to 0. MTL-01, not TOR-01: the other demo data
 * (production, purchasing) moves stock in Toronto, and a warehouse being counted takes no movements.
 * Skipped when today is not in an open period (the freeze would refuse it).
 */
import { add, cmp, sub } from '@erp/shared/decimal';
import { decimalFromDb, decimalToDb, engineOf } from '@erp/server/db/decimal-codec';
import type { SeedDb } from '@erp/server/db/migration-db';
import { BusinessError } from '@erp/server/entities/call-result';
import { freezeWarehouse } from './cycle.ts';
import { boolLit, refreshLines } from './figures.ts';
import { icDb } from '../tables.generated.ts';

const WAREHOUSE = 'MTL-01';
const ACTOR = 'seed';

export async function seedCount(seed: SeedDb): Promise<void> {
  // The cycle's own code (cycle.ts) on Inventory's view of the seed connection.
  const db = icDb(seed);
  if (await db.selectFrom('warehouse_counts').select('count_id').limit(1).executeTakeFirst()) return;
  const stocked = await db.selectFrom('stock_balances').select('product_id').where('warehouse_id', '=', WAREHOUSE).limit(1).executeTakeFirst();
  if (!stocked) return;
  const today = new Date().toISOString().slice(0, 10);
  try {
    await db.transaction().execute(async (trx) => {
      const count = await freezeWarehouse(trx, { warehouseId: WAREHOUSE, countDate: today, userId: ACTOR, confirmations: new Set() });
      const engine = engineOf(trx);
      const lines = await trx.selectFrom('count_lines').select(['line_id', 'product_id', 'lot_no', 'frozen_qty']).where('count_id', '=', count.countId).orderBy('product_id').orderBy('lot_no').execute();
      let tagged = false;
      for (const [index, line] of lines.entries()) {
        if (index % 3 === 2) continue; // left to count
        const frozen = decimalFromDb(trx, line.frozen_qty, 4) ?? '0.0000';
        // Every fifth counted line differs from the book: one short, one over.
        const counted = index % 5 === 0 ? (index % 10 === 0 ? add(frozen, '2.0000') : sub(frozen, cmp(frozen, '1.0000') >= 0 ? '1.0000' : '0.0000')) : frozen;
        if (!tagged && !line.lot_no) {
          tagged = true;
          await trx
            .insertInto('count_tags')
            .values({ tag_no: 'T-0001', warehouse_id: WAREHOUSE, product_id: line.product_id, lot_no: '', quantity: decimalToDb(engine, counted, 4), status: 'Posted', count_id: count.countId, is_open: boolLit(trx, true), created_by: ACTOR, created_on: new Date().toISOString(), updated_by: ACTOR, updated_on: new Date().toISOString(), version: 1 })
            .execute();
          await trx.updateTable('count_lines').set({ tag_qty: decimalToDb(engine, counted, 4) }).where('line_id', '=', line.line_id).execute();
          continue;
        }
        await trx.updateTable('count_lines').set({ counted_qty: decimalToDb(engine, counted, 4) }).where('line_id', '=', line.line_id).execute();
      }
      await refreshLines(trx, 'count_id', [count.countId]);
    });
  } catch (error) {
    // No open period today (or a closed stock year): no demo count.
    if (!(error instanceof BusinessError)) throw error;
  }
}
