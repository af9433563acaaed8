/**
 * What Inventory Control's documents and processes need configured (issue 40 item 1; GL's setup-check/needs.ts):
 * each active product class's inventory account — the class's own integration key, else IC INVENTORY-<class>,
 * else IC INVENTORY, as the stock ledger looks it up (stock/ledger.ts inventoryAccounts) —, the adjustment
 * offset, and a warehouse.
 */
import type { Kysely } from 'kysely';
import { integrationResolved, integrationNeed, warehouseNeed, type Missing, type SetupNeed } from '@erp/modules/gl/server/api';
import { icDb } from './tables.generated.ts';

const STOCK_DOCUMENTS = ['inventory-ticket', 'warehouse-count', 'production-work-order', 'ic-count-post'];

/** The set-up check's connection, of any schema: the classes are read through Inventory's view. */
async function classAccountsMissing<D>(db: Kysely<D>): Promise<Missing[]> {
  const classes = await icDb(db).selectFrom('product_classes').select(['class_id', 'inventory_account']).where('is_active', '=', 1).orderBy('class_id').execute();
  const out: Missing[] = [];
  for (const row of classes) {
    const wanted = row.inventory_account ? row.inventory_account.toUpperCase() : `INVENTORY-${row.class_id.toUpperCase()}`;
    if (await integrationResolved(db, [['IC', wanted], ['IC', 'INVENTORY']])) continue;
    out.push({ key: 'ic:setupCheck.classAccount', params: { classId: row.class_id, subLedger: 'IC', type: wanted } });
  }
  return out;
}

export const setupNeeds: readonly SetupNeed[] = [
  { usedBy: [...STOCK_DOCUMENTS, 'po-receipt', 'sales-order'], check: { kind: 'find', find: classAccountsMissing }, fix: '/novus-ic/product-class' },
  integrationNeed(['inventory-ticket', 'ic-count-post'], ['IC', 'ADJUSTMENT']),
  warehouseNeed([...STOCK_DOCUMENTS, 'ic-count-freeze', 'ic-inventory-year-end']),
];

/** Processes that work on counts and stock already set up by the needs above. */
export const setupFree: readonly string[] = ['ic-count-upgrade'];
