/**
 * Prices of waste-disposal services (issue 27 items 2–3). A typed price stays; otherwise a service tied to a
 * product is priced by the order desk's pricing service for the customer and site on the date (price tables,
 * customer SKUs, discounts: modules/oe/server/pricing/service.ts), and a service without one — or a product no
 * table prices — takes the service's own price. Amount: a flat-priced service is charged its price once, a
 * per-unit one quantity × price (half-up to the cent).
 */
import { mul, round, type Decimal } from '@erp/shared/decimal';
import { priceLines } from '@erp/modules/oe/server/api';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import type { Kysely } from 'kysely';
import type { WdDatabase } from './tables.generated.ts';

export interface ServiceFacts {
  name: string;
  unit: string;
  flat: boolean;
  price: Decimal;
  productId: string | null;
  revenueAccount: string | null;
}

export async function servicesOf(db: Kysely<WdDatabase>, ids: readonly string[]): Promise<Map<string, ServiceFacts>> {
  const wanted = [...new Set(ids.filter((id) => id !== ''))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('wd_services').selectAll().where('service_id', 'in', wanted).execute();
  return new Map(
    rows.map((row) => [
      row.service_id,
      {
        name: String(row.name),
        unit: String(row.unit),
        flat: row.price_basis === 'Flat',
        price: decimalFromDb(db, row.unit_price, 4) ?? '0.0000',
        productId: row.product_id ?? null,
        revenueAccount: row.revenue_account ?? null,
      },
    ]),
  );
}

export interface PriceInput {
  ServiceId: string;
  Quantity: Decimal;
  UnitPrice?: Decimal | null;
}

/** Unit price and amount of each line, in the lines' order. */
export async function priceServices(db: Kysely<WdDatabase>, customerId: string, siteId: string | null, date: string, lines: readonly PriceInput[]): Promise<{ UnitPrice: Decimal; Amount: Decimal }[]> {
  const services = await servicesOf(db, lines.map((line) => line.ServiceId));
  const needed = lines.filter((line) => (line.UnitPrice == null || line.UnitPrice === '') && services.get(line.ServiceId)?.productId);
  const priced =
    needed.length === 0
      ? []
      : await priceLines(db, { customerId, shipToId: siteId, date, lines: needed.map((line) => ({ productId: services.get(line.ServiceId)!.productId!, quantity: line.Quantity })) });
  let next = 0;
  return lines.map((line) => {
    const service = services.get(line.ServiceId);
    let price: Decimal;
    if (line.UnitPrice != null && line.UnitPrice !== '') price = line.UnitPrice;
    else if (service?.productId) price = priced[next++]?.Price ?? service.price;
    else price = service?.price ?? '0.0000';
    price = round(price, 4);
    return { UnitPrice: price, Amount: service?.flat ? round(price, 2) : mul(line.Quantity, price, 2) };
  });
}
