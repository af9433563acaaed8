/**
 * The price override path (issue 25 item 4; SCREENS.md WP7 acceptance check 1; DOMAIN-NOTES "Audit"): the one
 * way a price other than the pricing service's is accepted. A caller without the override right
 * (PRICE_OVERRIDE_ROLES) is refused with §8 "Not allowed to change the price." (403). An allowed override is
 * recorded in `oe_price_overrides` in the same transaction as whatever it prices: who, when, customer,
 * ship-to, product, quantity, the service's price (old) with its source and table, the new price, the product's
 * average cost at that moment (the safety price audit lists overrides below it), reason and reference.
 */
import { cmp, div, isDecimal, type Decimal } from '@erp/shared/decimal';
import { sql, type Kysely, type Transaction } from 'kysely';
import { decimalFromDb, decimalToDb } from '@erp/server/db/decimal-codec';
import { BusinessError } from '@erp/server/entities/call-result';
import { PRICE_OVERRIDE_ROLES } from '../../definitions/common.ts';
import { priceLines, type PricedLine } from './service.ts';
import { oeDb, type OeDatabase } from '../tables.generated.ts';

export const PRICE_CHANGE_REFUSED_KEY = 'oe:rules.priceChangeNotAllowed';

export interface OverrideRequest {
  customerId: string;
  shipToId: string | null;
  productId: string;
  quantity: Decimal;
  newPrice: Decimal;
  date: string;
  reason: string | null;
  reference: string | null;
}

export function mayOverridePrice(roles: readonly string[]): boolean {
  return roles.some((role) => PRICE_OVERRIDE_ROLES.includes(role));
}

/** The product's average cost over every warehouse (value ÷ on hand), null when nothing is on hand. */
async function averageCost(db: Kysely<OeDatabase>, productId: string): Promise<Decimal | null> {
  const row = await db
    .selectFrom('stock_balances')
    .select([sql<unknown>`sum(on_hand)`.as('q'), sql<unknown>`sum(value)`.as('v')])
    .where('product_id', '=', productId)
    .executeTakeFirst();
  const q = decimalFromDb(db, row?.q ?? null, 4);
  const v = decimalFromDb(db, row?.v ?? null, 2);
  return q !== null && v !== null && cmp(q, '0') > 0 ? div(v, q, 4) : null;
}

/**
 * Records an override by `userId` (whose roles are `roles`) inside `trx`; throws the §8 refusal when the
 * right is missing. Answers the override's id and the service's line (the old price and why).
 */
export async function overridePrice<D>(connection: Kysely<D> | Transaction<D>, userId: string, roles: readonly string[], request: OverrideRequest): Promise<{ overrideId: number; line: PricedLine }> {
  // The caller's transaction on any view (Sales Orders', the order desk's route): read and write through Order Entry's.
  const trx = oeDb(connection);
  if (!mayOverridePrice(roles)) throw BusinessError.of(403, 'price_change_not_allowed', PRICE_CHANGE_REFUSED_KEY, {}, 'NewPrice');
  if (!isDecimal(request.newPrice) || cmp(request.newPrice, '0') < 0) throw BusinessError.of(400, 'validation_failed', 'oe:rules.priceNotNegative', {}, 'NewPrice');
  if (!(await trx.selectFrom('firms').select('firm_id').where('firm_id', '=', request.customerId).executeTakeFirst())) {
    throw BusinessError.of(400, 'validation_failed', 'oe:rules.unknownCustomer', { id: request.customerId }, 'CustomerId');
  }
  if (!(await trx.selectFrom('products').select('product_id').where('product_id', '=', request.productId).executeTakeFirst())) {
    throw BusinessError.of(400, 'validation_failed', 'oe:rules.unknownProduct', { id: request.productId }, 'ProductId');
  }
  const [line] = await priceLines(trx, { customerId: request.customerId, shipToId: request.shipToId, date: request.date, lines: [{ productId: request.productId, quantity: request.quantity }] });
  const cost = await averageCost(trx, request.productId);
  const inserted = await trx
    .insertInto('oe_price_overrides')
    .values({
      customer_id: request.customerId,
      ship_to_id: request.shipToId,
      product_id: request.productId,
      quantity: decimalToDb(trx, request.quantity, 4),
      old_price: line?.Price === null || line?.Price === undefined ? null : decimalToDb(trx, line.Price, 4),
      new_price: decimalToDb(trx, request.newPrice, 4),
      cost: cost === null ? null : decimalToDb(trx, cost, 4),
      price_source: line?.Source ?? null,
      price_table_id: line?.PriceTableId ?? null,
      reason: request.reason,
      reference: request.reference,
      overridden_by: userId,
      overridden_on: new Date().toISOString(),
    })
    .returning('override_id')
    .executeTakeFirstOrThrow();
  return { overrideId: Number(inserted.override_id), line: line! };
}
