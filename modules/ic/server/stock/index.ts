/**
 * Stock ledger and inventory tickets — server side, owned by h15c (issue 15): entity hooks (rules that need
 * the database) and demo data of this part. The module's index (../index.ts) runs every part.
 *
 * Seed: the IC rows of the GL integration demo (gl/seed.ts DEMO_INTEGRATION) that a database seeded before
 * them lacks are added (only when the integration table already has rows, so the GL seed still fills an
 * empty table whole, and only when the account exists); with config.demoLedger, the demo stock (./seed.ts).
 */
import type { Kysely } from 'kysely';
import { DEMO_INTEGRATION } from '@erp/modules/gl/server/seed';
import type { ModulePart } from '@erp/server/modules/part';
import { DEMO_PRODUCTS } from '../products/seed-data.ts';
import { seedStock } from './seed.ts';
import { inventoryTicketHooks } from './tickets.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Adds the missing IC integration rows of the demo (see the header). */
export async function ensureIcIntegration(db: AnyDb): Promise<void> {
  const rows = (await db.selectFrom('gl_integration').select(['sub_ledger', 'transaction_type']).execute()) as { sub_ledger: string; transaction_type: string }[];
  if (rows.length === 0) return;
  const present = new Set(rows.map((r) => `${r.sub_ledger}/${r.transaction_type}`));
  const now = new Date().toISOString();
  for (const [ledger, type, description, account] of DEMO_INTEGRATION) {
    if (ledger !== 'IC' || present.has(`IC/${type}`)) continue;
    const exists = await db.selectFrom('gl_accounts').select('account_id').where('account_id', '=', account).executeTakeFirst();
    if (!exists) continue;
    await db
      .insertInto('gl_integration')
      .values({ sub_ledger: ledger, transaction_type: type, description, account_id: account, created_by: 'seed', created_on: now, updated_by: 'seed', updated_on: now, version: 1 })
      .execute();
  }
}

export const IC_STOCK_PART: ModulePart = {
  hooks: { 'inventory-ticket': inventoryTicketHooks },
  async seed(db, config) {
    await ensureIcIntegration(db);
    // Demo stock built by closed tickets (./seed.ts), only with the demo ledger.
    if (config.demoLedger) await seedStock(db, new Map(DEMO_PRODUCTS.map((p) => [p.id, p.price])));
  },
};
