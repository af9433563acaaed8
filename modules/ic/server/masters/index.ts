/**
 * Product masters — server side, owned by h15a (issue 15): entity hooks (rules that need the database) and demo data of
 * this part. The module's index (../index.ts) runs every part.
 *
 * product-class (issue 22 item 6): the class's InventoryAccount decides which G/L account the stock ledger posts
 * its products' value to, so setting or changing it is an accounting setup right (IC_ACCOUNTING_ROLES: who keeps
 * the GL masters), not the inventory desk's, and it must name an existing IC integration type (gl_integration
 * SubLedger IC) — an unknown key would silently post to the fallback INVENTORY account.
 */
import { IC_ACCOUNTING_ROLES } from '../../definitions/masters/common.ts';
import { BusinessError } from '@erp/server/entities/call-result';
import type { EntityHooks } from '@erp/server/entities/hooks';
import type { ModulePart } from '@erp/server/modules/part';
import { icDb } from '../tables.generated.ts';

const productClassHooks: EntityHooks = {
  async beforeWrite(ctx, trx, change) {
    const account = change.next['InventoryAccount'];
    const moves = change.mode === 'create' ? account != null && account !== '' : change.changed.has('InventoryAccount');
    if (!moves) return;
    if (!ctx.user.roles.some((role) => IC_ACCOUNTING_ROLES.includes(role))) {
      throw BusinessError.of(403, 'forbidden', 'ic:rules.inventoryAccountRight', {}, 'InventoryAccount');
    }
    if (account == null || account === '') return;
    const row = await icDb(trx)
      .selectFrom('gl_integration')
      .select('transaction_type')
      .where('sub_ledger', '=', 'IC')
      .where('transaction_type', '=', String(account))
      .executeTakeFirst();
    if (!row) throw BusinessError.of(400, 'validation_failed', 'ic:rules.inventoryAccountUnknown', { account: String(account) }, 'InventoryAccount');
  },
};

export const IC_MASTER_PART: ModulePart = { hooks: { 'product-class': productClassHooks } };
