/**
 * The portal's parts in the order desk's work (issue 73 item 3: the portal's tables are written by the portal only),
 * registered once at load (./index.ts) in the registries of the modules it requires:
 * - a sales order's follower (modules/so/documents/sales-order/server/followers.ts): the portal order a sales order came from
 *   (`PortalOrderKey`) takes the order's stage as its status — Processing at commit, Shipped, Invoiced,
 *   Cancelled — and an account on hold (`portal_accounts.on_hold`) may not have an order committed;
 * - invoice publishing's outlet (modules/oe/server/publishing/sources.ts): a published invoice's notice is a
 *   portal notification (the portal's bell, `portal_notifications`), taken back when its e-mail is refused.
 */
import type { PublishingOutlet } from '@erp/modules/oe/server/api';
import type { SalesOrderFollower } from '@erp/modules/so/server/api';
import { asFlag } from '@erp/server/db/schema';
import { BusinessError } from '@erp/server/entities/call-result';
import { portalDb } from './tables.generated.ts';

export const portalOrderFollower: SalesOrderFollower = {
  tables: ['portal_orders'],
  async moved(engineTrx, records, stage) {
    const trx = portalDb(engineTrx);
    const keys = records.map((record) => record['PortalOrderKey']).filter((key) => key !== null && key !== undefined).map(Number);
    for (let start = 0; start < keys.length; start += 1000) {
      await trx.updateTable('portal_orders').set({ status: stage }).where('order_key', 'in', keys.slice(start, start + 1000)).execute();
    }
  },
  async commitRefusal(trx, record) {
    const billToId = String(record['BillToId']);
    const hold = await portalDb(trx).selectFrom('portal_accounts').select(['on_hold']).where('bill_to_id', '=', billToId).executeTakeFirst();
    return hold && asFlag(hold.on_hold) ? BusinessError.of(409, 'on_hold', 'so:sales-order.rules.onHold', { customer: billToId }, 'BillToId') : null;
  },
};

export const portalNotificationOutlet: PublishingOutlet = {
  async post(trx, notice) {
    // The Order Entry entity on this table (portal-notification) gave it the record trail (§3): the publisher's.
    const trail = { created_by: notice.by, created_on: notice.on, updated_by: notice.by, updated_on: notice.on };
    await portalDb(trx).insertInto('portal_notifications').values({ ...trail, bill_to_id: notice.billToId, title: notice.title.slice(0, 200), body: notice.body, is_read: 0 }).execute();
  },
  async withdraw(trx, notice) {
    await portalDb(trx).deleteFrom('portal_notifications').where('bill_to_id', '=', notice.billToId).where('created_on', '=', notice.on).execute();
  },
};
