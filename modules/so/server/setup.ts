/**
 * What sales orders need configured (issue 40 item 1; GL's setup-check/needs.ts): for each active product class,
 * the cost of sales and the revenue account its family posts to — OE COGS-<family>, else OE COGS; OE
 * SALES-<family>, else OE SALES, else AR SALES (fulfilment.ts familyAccount; the family is the suffix of the
 * class's inventory key) —, the commission expense, and a warehouse to ship from.
 */
import { integrationResolved, FIX_INTEGRATION, integrationNeed, missingIntegration, warehouseNeed, type IntegrationKey, type Missing, type SetupNeed } from '@erp/modules/gl/server/api';
import type { Kysely } from 'kysely';
import { soDb } from './tables.generated.ts';

async function familyAccountsMissing<D>(connection: Kysely<D>): Promise<Missing[]> {
  const db = soDb(connection);
  const classes = await db.selectFrom('product_classes').select(['class_id', 'inventory_account']).where('is_active', '=', 1).orderBy('class_id').execute();
  const families = new Set(classes.map((row) => (String(row.inventory_account ?? '').toUpperCase().startsWith('INVENTORY-') ? String(row.inventory_account).toUpperCase().slice('INVENTORY-'.length) : '')));
  const out: Missing[] = [];
  for (const family of [...families].sort()) {
    for (const kind of ['COGS', 'SALES'] as const) {
      const keys: IntegrationKey[] = [...(family ? [['OE', `${kind}-${family}`] as const] : []), ['OE', kind], ...(kind === 'SALES' ? [['AR', 'SALES'] as const] : [])];
      if (await integrationResolved(db, keys)) continue;
      out.push(missingIntegration('OE', family ? `${kind}-${family}` : kind));
    }
  }
  return out;
}

export const setupNeeds: readonly SetupNeed[] = [
  { usedBy: ['sales-order', 'so-shipping-queue', 'so-invoice-queue', 'product-return'], check: { kind: 'find', find: familyAccountsMissing }, fix: FIX_INTEGRATION },
  integrationNeed(['commission-run'], ['OE', 'COMMISSION-EXPENSE']),
  warehouseNeed(['sales-order', 'so-shipping-queue']),
];

/** Processes that only change or send what the needs above already let through. */
export const setupFree: readonly string[] = ['so-edit-lots-shipped', 'so-invoice-publishing'];
