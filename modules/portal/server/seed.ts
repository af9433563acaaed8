/**
 * Portal demo data (issue #4 item 6), written once on a database whose portal accounts are empty: its
 * products in the product master (issue 15 item 8: adopted into class PORTAL and a group per category when
 * the master lacks them) and their LIST prices (what a customer without a price table pays; the customers' own
 * price tables are the order desk's demo data, modules/oe/server/seed.ts); orders for S101, S102, S201 (and S301, which the demo
 * portal user must never see); unread notifications for B100 (so its badges show) and B300; B200 on hold.
 * The homepage text and the company logo are seeded with the administration data (modules/shell/server/seed.ts).
 * Firms that do not exist (a database whose firms were changed) are skipped.
 */
import { fromUnits } from '@erp/shared/decimal';
import { LIST_PRICE_TABLE } from '@erp/modules/ic/definitions/index';
import type { Kysely } from 'kysely';
import { decimalToDb } from '@erp/server/db/decimal-codec';
import type { SeedDb } from '@erp/server/db/migration-db';
import { schemaView } from '@erp/server/db/migration-db';
import { flag } from '@erp/server/db/schema';
import { groupIdOf, PORTAL_CLASS } from './m0009-products.ts';
import type { PortalDB } from './schema.ts';
import { writeOrder } from './service.ts';

/**
 * The portal's catalogue, each product in the master's demo class of its kind (issue 40 item 1: the class
 * names the inventory account, and so the COGS and sales accounts its shipment and invoice post to); a class
 * the master lacks becomes PORTAL, whose shipments post to the OE integration's COGS / SALES fallbacks.
 */
const PRODUCTS: [id: string, description: string, category: string, unit: string, cents: number, classId: string][] = [
  ['AL-6061-SH125', 'Aluminium sheet 6061-T6, 0.125 in, 48 x 96 in', 'Aluminium', 'EA', 18950, 'SHEET'],
  ['AL-6061-SH250', 'Aluminium sheet 6061-T6, 0.250 in, 48 x 96 in', 'Aluminium', 'EA', 36200, 'SHEET'],
  ['AL-5052-CO040', 'Aluminium coil 5052-H32, 0.040 in x 48 in', 'Aluminium', 'LB', 385, 'COIL'],
  ['ST-A36-PL375', 'Steel plate A36, 3/8 in, 96 x 240 in', 'Steel', 'EA', 142500, 'SHEET'],
  ['ST-A500-TB2X2', 'Steel tube A500, 2 x 2 x 3/16 in, 24 ft', 'Steel', 'EA', 9875, 'PIPE'],
  ['ST-HR-CO060', 'Hot-rolled steel coil, 0.060 in x 48 in', 'Steel', 'LB', 62, 'COIL'],
  ['SS-304-SH060', 'Stainless sheet 304 #4, 16 ga, 48 x 120 in', 'Stainless', 'EA', 41800, 'SHEET'],
  ['EL-THHN-12BK', 'THHN copper wire 12 AWG black, 500 ft', 'Electrical', 'RL', 11900, 'WIRE'],
  ['EL-EMT-075', 'EMT conduit 3/4 in, 10 ft', 'Electrical', 'EA', 1245, 'FITTINGS'],
  ['EL-BOX-4SQ', 'Steel box 4 in square, 2-1/8 in deep', 'Electrical', 'EA', 389, 'FITTINGS'],
  ['EL-BRK-20A1P', 'Circuit breaker 20 A, single pole', 'Electrical', 'EA', 1675, 'ELECTRICAL'],
  ['FS-HXB-1213', 'Hex bolt grade 5, 1/2-13 x 2 in, box of 50', 'Fasteners', 'BX', 4250, PORTAL_CLASS],
];

const ORDERS: { billToId: string; shipToId: string; status: string; daysAgo: number; notes: string; lines: [string, number][] }[] = [
  { billToId: 'B100', shipToId: 'S101', status: 'Shipped', daysAgo: 21, notes: 'Deliver to dock 3', lines: [['AL-6061-SH125', 10], ['ST-A500-TB2X2', 24]] },
  { billToId: 'B100', shipToId: 'S102', status: 'Processing', daysAgo: 6, notes: '', lines: [['ST-A36-PL375', 2], ['FS-HXB-1213', 4]] },
  { billToId: 'B100', shipToId: 'S101', status: 'Submitted', daysAgo: 1, notes: 'Call before delivery', lines: [['SS-304-SH060', 6]] },
  { billToId: 'B100', shipToId: 'S102', status: 'Invoiced', daysAgo: 40, notes: '', lines: [['AL-5052-CO040', 1200]] },
  { billToId: 'B200', shipToId: 'S201', status: 'Shipped', daysAgo: 14, notes: 'Chantier Carrefour', lines: [['EL-THHN-12BK', 8], ['EL-EMT-075', 120]] },
  { billToId: 'B200', shipToId: 'S201', status: 'Cancelled', daysAgo: 30, notes: '', lines: [['EL-BRK-20A1P', 40]] },
  { billToId: 'B300', shipToId: 'S301', status: 'Submitted', daysAgo: 2, notes: 'Prairie confidential order', lines: [['ST-HR-CO060', 5000]] },
];

const NOTIFICATIONS: { billToId: string; title: string; body: string; daysAgo: number; read: boolean }[] = [
  { billToId: 'B100', title: 'Order shipped', body: 'Your order for Hamilton (S101) has shipped.', daysAgo: 20, read: true },
  { billToId: 'B100', title: 'Price update', body: 'New aluminium prices take effect on the first of next month.', daysAgo: 3, read: false },
  { billToId: 'B100', title: 'Holiday hours', body: 'Our branches close at noon on the last business day of the year.', daysAgo: 2, read: false },
  { billToId: 'B100', title: 'Order received', body: 'We received your latest order and are preparing it.', daysAgo: 1, read: false },
  { billToId: 'B200', title: 'Account on hold', body: 'Your account is on hold. Please contact accounts receivable.', daysAgo: 5, read: true },
  { billToId: 'B300', title: 'Prairie private notice', body: 'Confidential to Prairie Steel Fabricators.', daysAgo: 1, read: false },
];

/** The master's rows the portal demo needs: its products (adopted when missing) and their prices. */
async function seedCatalogue(trx: SeedDb, now: string): Promise<void> {
  const t = { created_by: 'seed', created_on: now, updated_by: 'seed', updated_on: now, version: 1 };
  const ids = PRODUCTS.map(([id]) => id);
  const known = new Set(((await trx.selectFrom('products').select('product_id').where('product_id', 'in', ids).execute()) as { product_id: string }[]).map((r) => r.product_id));
  const missing = PRODUCTS.filter(([id]) => !known.has(id));
  if (missing.length > 0) {
    const classes = new Set(((await trx.selectFrom('product_classes').select('class_id').execute()) as { class_id: string }[]).map((r) => r.class_id));
    const classOf = (classId: string) => (classes.has(classId) ? classId : PORTAL_CLASS);
    if (!classes.has(PORTAL_CLASS) && missing.some(([, , , , , classId]) => classOf(classId) === PORTAL_CLASS)) {
      await trx.insertInto('product_classes').values({ class_id: PORTAL_CLASS, description: 'Portal catalogue', is_active: flag(true), ...t }).execute();
    }
    for (const category of new Set(missing.map(([, , category]) => category))) {
      const groupId = groupIdOf(category);
      if (!(await trx.selectFrom('product_groups').select('group_id').where('group_id', '=', groupId).executeTakeFirst())) {
        await trx.insertInto('product_groups').values({ group_id: groupId, name: category, is_active: flag(true), ...t }).execute();
      }
    }
    await trx
      .insertInto('products')
      .values(
        missing.map(([product_id, description, category, unit, , classId]) => ({
          product_id,
          description,
          class_id: classOf(classId),
          category: groupIdOf(category),
          unit_of_measure: unit,
          is_active: flag(true),
          ...t,
        })),
      )
      .execute();
  }
  // The list prices (issue 25: every other price comes from the order desk's price tables).
  for (const list of [{ table: LIST_PRICE_TABLE }]) {
    const priced = new Set(
      ((await trx.selectFrom('product_prices').select('product_id').where('price_table', '=', list.table).where('product_id', 'in', ids).execute()) as { product_id: string }[]).map(
        (r) => r.product_id,
      ),
    );
    const rows = PRODUCTS.filter(([id]) => !priced.has(id)).map(([product_id, , , , cents]) => ({
      product_id,
      price_table: list.table,
      price_type: 'Each',
      from_quantity: decimalToDb(trx, '0', 4),
      price: decimalToDb(trx, fromUnits(BigInt(cents), 2), 4),
      currency: 'CAD',
      ...t,
    }));
    if (rows.length > 0) await trx.insertInto('product_prices').values(rows).execute();
  }
}

/** The record trail of a row the seed writes at `on`. */
function trail(actor: string, on: string) {
  return { created_by: actor, created_on: on, updated_by: actor, updated_on: on };
}

export async function seedPortal(db: Kysely<PortalDB>): Promise<void> {
  const existing = await db.selectFrom('portal_accounts').select('bill_to_id').limit(1).execute();
  if (existing.length > 0) return;
  const firms = new Set((await db.selectFrom('firms').select('firm_id').execute()).map((row) => row.firm_id));
  const day = 24 * 60 * 60 * 1000;
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await seedCatalogue(schemaView<PortalDB>(trx), new Date(now).toISOString());
    for (const billToId of ['B100', 'B200', 'B300'].filter((id) => firms.has(id))) {
      const onHold = billToId === 'B200';
      await trx
        .insertInto('portal_accounts')
        .values({
          bill_to_id: billToId,
          on_hold: flag(onHold),
          hold_reason: onHold ? 'Account B200 is on hold (over credit limit): orders cannot be placed. Please contact accounts receivable.' : null,
          default_ship_to_id: null,
        })
        .execute();
    }
    const prices = new Map(PRODUCTS.map(([id, description, , unit, cents]) => [id, { description, unit, cents }]));
    for (const order of ORDERS) {
      if (!firms.has(order.billToId) || !firms.has(order.shipToId)) continue;
      const date = new Date(now - order.daysAgo * day);
      const delivery = new Date(date.getTime() + 5 * day).toISOString().slice(0, 10);
      await writeOrder(trx, {
        billToId: order.billToId,
        shipToId: order.shipToId,
        userId: 'portal',
        status: order.status,
        orderDate: date.toISOString(),
        deliveryDate: delivery,
        notes: order.notes,
        lines: order.lines.map(([id, quantity]) => {
          const product = prices.get(id)!;
          return { productId: id, description: product.description, unit: product.unit, quantity, priceCents: product.cents };
        }),
      });
    }
    for (const note of NOTIFICATIONS) {
      if (!firms.has(note.billToId)) continue;
      await trx
        .insertInto('portal_notifications')
        // The Order Entry entity on this table (portal-notification) gave it the record trail.
        .values({ ...trail('seed', new Date(now - note.daysAgo * day).toISOString()), bill_to_id: note.billToId, title: note.title, body: note.body, is_read: flag(note.read) })
        .execute();
    }
  });
}
