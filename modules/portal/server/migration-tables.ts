/**
 * The portal's tables that its migrations create (./m0004-portal.ts, ./m0009-products.ts), not its entity
 * definitions: the one hand-written place of their types, joined into `PortalDatabase` by the generated
 * ./tables.generated.ts. Flags follow db/schema.ts: written 0/1, read with `asFlag`.
 */
import type { Generated } from 'kysely';
import type { Flag } from '@erp/server/db/schema';

export type MigrationTables = {
  /** Prices are the order desk's pricing service's (issue 25; migration 0014 dropped `price_table`). */
  portal_accounts: { bill_to_id: string; on_hold: Flag; hold_reason: string | null; default_ship_to_id: string | null };
  portal_selection: { user_id: string; bill_to_id: string; switched_on: string };
  portal_cart_lines: { cart_line_key: Generated<number>; user_id: string; bill_to_id: string; product_id: string; quantity: number; added_on: string };
  portal_orders: {
    order_key: Generated<number>;
    order_no: string | null;
    bill_to_id: string;
    ship_to_id: string;
    user_id: string;
    status: string;
    order_date: string;
    delivery_date: string | null;
    notes: string;
    total_cents: number;
  };
  portal_order_lines: { order_key: number; line_no: number; product_id: string; description: string; unit: string; quantity: number; price_cents: number };
  portal_idempotency: { user_id: string; idempotency_key: string; request_hash: string; order_key: number | null; created_on: string };
  portal_notifications: { notification_key: Generated<number>; bill_to_id: string; title: string; body: string; created_on: string; is_read: Flag };
};
