/**
 * Trades demo data (issue 28 item 6). Accounts first, each written only while missing (running it again
 * changes nothing): 1160 "Holdback receivable" (an asset, not a control account: the progress invoice's line
 * names it) and 4500 "Contract revenue", and the GL integration rows TE CONTRACT-REVENUE and TE
 * HOLDBACK-RECEIVABLE the billings post with.
 */
import { sql } from 'kysely';
import type { SeedConfig } from '@erp/server/modules/part';
import { seedTradesDemo } from './seed-demo.ts';
import type { SeedDb } from '@erp/server/db/migration-db';

const trail = (now: string) => ({ created_by: 'seed', created_on: now, updated_by: 'seed', updated_on: now, version: 1 });

const ACCOUNTS: [string, string, string][] = [
  ['1160', 'Holdback receivable', 'asset'],
  ['4500', 'Contract revenue — trades', 'revenue'],
];
const INTEGRATION: [string, string, string][] = [
  ['HOLDBACK-RECEIVABLE', 'Holdback retained on progress and contract billings', '1160'],
  ['CONTRACT-REVENUE', 'Contract, option and progress billings', '4500'],
];

export async function seedTrades(db: SeedDb, config: SeedConfig): Promise<void> {
  const now = new Date().toISOString();
  const hasChart = (await db.selectFrom('gl_accounts').select(sql`1`.as('one')).limit(1).execute()).length > 0;
  if (!hasChart) return;
  for (const [id, description, type] of ACCOUNTS) {
    if (await db.selectFrom('gl_accounts').select('account_id').where('account_id', '=', id).executeTakeFirst()) continue;
    await db.insertInto('gl_accounts').values({ account_id: id, description, account_type: type, currency_code: 'CAD', is_postable: 1, is_control: 0, is_active: 1, ...trail(now) }).execute();
  }
  for (const [type, description, account] of INTEGRATION) {
    if (await db.selectFrom('gl_integration').select('account_id').where('sub_ledger', '=', 'TE').where('transaction_type', '=', type).executeTakeFirst()) continue;
    await db.insertInto('gl_integration').values({ sub_ledger: 'TE', transaction_type: type, description, account_id: account, ...trail(now) }).execute();
  }
  await seedTradesDemo(db, config);
}
