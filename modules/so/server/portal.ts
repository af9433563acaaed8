/**
 * Portal orders become sales orders (issue 26 item 6; SCREENS.md 1.6 item 6, WP7 acceptance 6). The portal's
 * submit (modules/portal/server/service.ts `submitOrder`) calls `createPortalSalesOrder` in its own transaction,
 * once per order it creates (a replayed Idempotency-Key creates nothing), so the portal's API answers exactly as
 * before and the order desk finds an Entered sales order, channel Portal, linked by PortalOrderKey, in the order
 * summary and the sales-order list. The portal's Order Details shows the order's invoice once it is invoiced
 * (`portalInvoiceNo`), and the portal order's state follows the sales order's (fulfilment.ts). The order is priced by the same code as the desk's save (pricing.ts: the
 * parties, the pricing service, the ship-to province's taxes) with no override; it ships from the warehouse of
 * configuration SO_PORTAL_WAREHOUSE, else the customer's usual one, as on the order desk (usual-warehouse.ts). Its number is the sales-order sequence's.
 */
import { BusinessError } from '@erp/server/entities/call-result';
import { nextNumber } from '@erp/server/entities/numbering';
import type { Kysely, Transaction } from 'kysely';
import { insertDocument } from '@erp/modules/po/server/api';
import { SALES_ORDER_SEQUENCE } from '../definitions/common.ts';
import { salesOrder } from '../documents/sales-order/definition.ts';
import { priceOrder } from './pricing.ts';
import { usualWarehouse } from './usual-warehouse.ts';
import { soDb, type SoDatabase } from './tables.generated.ts';

export const PORTAL_WAREHOUSE_CONTROL = 'SO_PORTAL_WAREHOUSE';

export interface PortalOrderInput {
  portalOrderKey: number;
  portalOrderNo: string;
  billToId: string;
  shipToId: string;
  userId: string;
  /** YYYY-MM-DD. */
  orderDate: string;
  deliveryDate: string | null;
  notes: string;
  lines: readonly { ProductId: string; Quantity: number }[];
}

/** The warehouse a portal order ships from: configuration SO_PORTAL_WAREHOUSE, else the customer's usual one. */
async function portalWarehouse(trx: Transaction<SoDatabase>, billToId: string): Promise<string | null> {
  const configured = await trx.selectFrom('configurations').select('control_value').where('control_id', '=', PORTAL_WAREHOUSE_CONTROL).executeTakeFirst();
  if (configured?.control_value) return configured.control_value;
  return usualWarehouse(trx, billToId);
}

/**
 * Creates the Entered sales order of a portal order in `trx`; answers its key. The portal checked the account,
 * ship-to and products first; should the desk's rules still refuse the order (a firm made inactive as the
 * customer submits), the portal order stands and no sales order is made (null): the portal's API never fails
 * on the desk's account.
 */
export async function createPortalSalesOrder<D>(portalTrx: Transaction<D>, input: PortalOrderInput): Promise<number | null> {
  // The portal's transaction on its view: Sales Orders reads and writes through its own.
  const trx = soDb(portalTrx);
  const warehouseId = await portalWarehouse(trx, input.billToId);
  const record: Record<string, unknown> = {
    OrderType: 'Regular',
    Channel: 'Portal',
    Status: 'Entered',
    OrderDate: input.orderDate,
    BillToId: input.billToId,
    ShipToId: input.shipToId,
    WarehouseId: warehouseId,
    DeliveryDate: input.deliveryDate,
    CustomerPo: input.portalOrderNo,
    Notes: input.notes === '' ? null : input.notes.slice(0, 2000),
    PortalOrderKey: input.portalOrderKey,
    Lines: input.lines.map((line) => ({ ProductId: line.ProductId, Quantity: `${line.Quantity}.0000`, OverridePrice: null, Lots: [] })),
  };
  let priced;
  try {
    priced = await priceOrder(trx, record, null, null);
  } catch (error) {
    if (error instanceof BusinessError) return null;
    throw error;
  }
  const orderNo = await nextNumber(trx, SALES_ORDER_SEQUENCE, { prefix: 'SO', description: salesOrder.name });
  const written = await insertDocument(trx, salesOrder, { ...record, ...priced.header, OrderNo: orderNo, Lines: priced.lines }, input.userId, new Date().toISOString());
  return Number(written['OrderKey']);
}

/** The invoice of the sales order a portal order became (the portal's Order Details), null while not invoiced. */
export async function portalInvoiceNo(db: Kysely<SoDatabase>, portalOrderKey: number): Promise<string | null> {
  const row = await db.selectFrom('sales_orders').select('invoice_no').where('portal_order_key', '=', portalOrderKey).executeTakeFirst();
  return row?.invoice_no ?? null;
}
