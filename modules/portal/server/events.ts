/**
 * Who hears of the portal's records (issue 42 item 2, events/hub.ts `EventAudience`): a portal order's or
 * notification's change reaches only the users whose §3 securables hold its bill-to account (portal/access.ts);
 * the browser knows them as `PortalOrder` and `PortalNotification` (the portal's order status and badges).
 */
import type { Kysely } from 'kysely';
import { registerEventAudience } from '@erp/server/events/hub';
import { portalScope } from './access.ts';
import type { PortalDB } from './schema.ts';

function ownAccounts(table: 'portal_orders' | 'portal_notifications', keyColumn: 'order_key' | 'notification_key', entity: string): void {
  registerEventAudience({
    table,
    keyColumn,
    entity,
    async visible(db, user, keys) {
      const numbers = keys.filter((key) => /^\d{1,10}$/.test(key)).map(Number);
      if (numbers.length === 0) return [];
      const accounts = [...(await portalScope(db as unknown as Kysely<PortalDB>, user.userId)).accounts.keys()];
      if (accounts.length === 0) return [];
      const rows = await (db as unknown as Kysely<PortalDB>)
        .selectFrom(table)
        .select(keyColumn)
        .where(keyColumn, 'in', numbers)
        .where('bill_to_id', 'in', accounts)
        .execute();
      return rows.map((row) => String((row as Record<string, unknown>)[keyColumn]));
    },
  });
}

ownAccounts('portal_orders', 'order_key', 'PortalOrder');
ownAccounts('portal_notifications', 'notification_key', 'PortalNotification');
