/**
 * The count part of the large-data generator (issue 23 item 5; `npm run seed:large -- --ic`, after the IC stock of
 * ../seed-large.ts): CGY-01 frozen through the same freeze as the screen (cycle.ts — one line per generated
 * product with stock there, about 50,000), two lines in three counted — most as the book says, every 50th one
 * unit over — the rest left to count. Skipped when today is in no open period or a count already exists.
 */
import type { DatabaseConfig } from '@erp/server/config';
import { openDatabase } from '@erp/server/db/connection';
import { schemaView } from '@erp/server/db/migration-db';
import { BusinessError } from '@erp/server/entities/call-result';
import { engineOf } from '@erp/server/db/decimal-codec';
import { sql } from 'kysely';
import { freezeWarehouse } from './cycle.ts';
import { refreshLines } from './figures.ts';
import { icDb } from '../tables.generated.ts';

export const LARGE_COUNT_WAREHOUSE = 'CGY-01';

export interface CountSummary {
  warehouse: string;
  lines: number;
  seconds: number;
}

export async function insertIcCount(config: DatabaseConfig): Promise<CountSummary | null> {
  const started = performance.now();
  const database = await openDatabase(config);
  try {
    // Bulk rows by table name, as the demo seeds write them.
    const db = schemaView(database.db);
    if (await db.selectFrom('warehouse_counts').select('count_id').where('warehouse_id', '=', LARGE_COUNT_WAREHOUSE).limit(1).executeTakeFirst()) return null;
    const today = new Date().toISOString().slice(0, 10);
    const count = await db.transaction().execute(async (trx) => {
      const frozen = await freezeWarehouse(icDb(trx), { warehouseId: LARGE_COUNT_WAREHOUSE, countDate: today, userId: 'seed:large', confirmations: new Set() });
      // One unit = 10⁴ integer units on SQLite, 1 on PostgreSQL.
      const unit = engineOf(trx) === 'postgres' ? sql`1` : sql`10000`;
      await trx
        .updateTable('count_lines')
        .set({ counted_qty: sql`frozen_qty + case when line_id % 50 = 0 then ${unit} else 0 end` })
        .where('count_id', '=', frozen.countId)
        .where(sql`line_id % 3`, '<>', 0)
        .execute();
      await refreshLines(trx, 'count_id', [frozen.countId]);
      return frozen;
    });
    return { warehouse: LARGE_COUNT_WAREHOUSE, lines: count.lines, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    if (error instanceof BusinessError) return null;
    throw error;
  } finally {
    await database.close();
  }
}
