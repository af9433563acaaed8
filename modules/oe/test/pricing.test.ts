/**
 * The pricing service (issue 25 item 2; modules/oe/server/pricing/service.ts) through `POST /api/oe/pricing/prices`,
 * on SQLite and PostgreSQL: each step adds one source of a higher rank and asserts it now wins — so a change
 * in the order of precedence (SKU → ship-to table → bill-to table → jobber table → list) fails a step;
 * quantity breaks, expiry (rows, tables, SKUs), cwt / cost-plus / percent-off prices, the discount table and
 * tariffs, rounding half-up to the cent once; the override right (§8 "Not allowed to change the price.") and
 * the override audit; the portal's cart prices through the same service (SCREENS.md WP7 acceptance check 1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { call } from '../../../server/test/helpers/entities.ts';

let server: TestServer;
let admin: string;
let clerk: string;

const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

const post = (entity: string, body: unknown, token = admin) => call(server.app, 'POST', `/api/data/${entity}`, token, body);

async function created(entity: string, body: unknown) {
  const answer = await post(entity, body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().Data;
}

interface Line {
  Price: string | null;
  Source: string | null;
  PriceTableId: string | null;
  BreakFrom: string | null;
  Why: string;
  DiscountPercent: string | null;
  Surcharge: string | null;
}

async function price(productId: string, quantity: string, extra: Record<string, unknown> = {}): Promise<Line> {
  const answer = await call(server.app, 'POST', '/api/oe/pricing/prices', admin, { CustomerId: 'TC1', Lines: [{ ProductId: productId, Quantity: quantity }], ...extra });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().List[0];
}

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  clerk = (await signIn(server.app, 'clerk', 'clerk')).access_token;
  await created('product-class', { ClassId: 'TPC', Description: 'Pricing test class' });
  for (const [id, weight] of [['TP1', null], ['TP2', '12.3456'], ['TP3', null]] as const) {
    await created('product', { ProductId: id, Description: `Pricing test ${id}`, ClassId: 'TPC', UnitOfMeasure: 'EA', ...(weight ? { WeightPerUnit: weight } : {}) });
  }
  await created('product-price', { ProductId: 'TP1', PriceTable: 'LIST', PriceType: 'Each', FromQuantity: '0.0000', Price: '19.9900', Currency: 'CAD' });
  await created('product-price', { ProductId: 'TP2', PriceTable: 'LIST', PriceType: 'Cwt', FromQuantity: '0.0000', Price: '50.0000', Currency: 'CAD' });
  await created('firm', { FirmId: 'TJ1', Name: 'Test jobber', FirmTypes: ['bill-to'] });
  await created('firm', { FirmId: 'TC1', Name: 'Test customer', FirmTypes: ['bill-to'], JobberFirmId: 'TJ1' });
  await created('firm', { FirmId: 'TS1', Name: 'Test ship-to', FirmTypes: ['ship-to'], BillToId: 'TC1' });
});

afterAll(async () => {
  await server?.stop();
});

describe('the pricing service', () => {
  it('takes the list price, then the jobber, the bill-to, the ship-to and the SKU, each winning over the one before', async () => {
    // 4. List price (Each), and Cwt: 50.00 per 100 lb × 12.3456 lb = 6.1728 → 6.17.
    expect(await price('TP1', '150')).toMatchObject({ Price: '19.99', Source: 'default' });
    expect(await price('TP2', '1')).toMatchObject({ Price: '6.17', Source: 'default' });
    expect((await price('TP3', '1')).Price).toBeNull();

    // 3. The jobber's table wins over the list.
    await created('price-table', { PriceTableId: 'T-JOB', Description: 'Jobber', CustomerId: 'TJ1', Ranges: [{ ProductId: 'TP1', PriceType: 'Each', FromQuantity: '1.0000', Price: '18.5000' }] });
    expect(await price('TP1', '150')).toMatchObject({ Price: '18.50', Source: 'jobber', PriceTableId: 'T-JOB' });

    // 2. The customer's own table with breaks 1–99 at 10 and 100+ at 9 (acceptance check 1): 150 → 9, 99 → 10.
    await created('price-table', {
      PriceTableId: 'T-CUS',
      Description: 'Customer',
      CustomerId: 'TC1',
      Ranges: [
        { ProductId: 'TP1', PriceType: 'Each', FromQuantity: '1.0000', ToQuantity: '99.0000', Price: '10.0000' },
        { ProductId: 'TP1', PriceType: 'Each', FromQuantity: '100.0000', Price: '9.0000' },
        { ProductId: null, PriceType: 'Discount', FromQuantity: '0.0000', Price: '10.0000' },
      ],
    });
    const at150 = await price('TP1', '150');
    expect(at150).toMatchObject({ Price: '9.00', Source: 'customer', PriceTableId: 'T-CUS', BreakFrom: '100.0000' });
    expect(at150.Why).toBe('Customer price table T-CUS, break from 100.0000 · Per unit');
    expect(await price('TP1', '99')).toMatchObject({ Price: '10.00', BreakFrom: '1.0000' });
    // Between the product's breaks the product has no row: the table-wide row, 10 % off the list 19.99 = 17.991 → 17.99.
    expect(await price('TP1', '99.5')).toMatchObject({ Price: '17.99', Source: 'customer', BreakFrom: '0.0000' });
    // The table-wide row prices a product the table does not name: 10 % off the Cwt list price 6.1728 → 5.5555 → 5.56.
    expect(await price('TP2', '1')).toMatchObject({ Price: '5.56', Source: 'customer', PriceTableId: 'T-CUS' });

    // 1b. The ship-to's table wins over the bill-to's.
    await created('price-table', { PriceTableId: 'T-SHIP', Description: 'Ship-to', CustomerId: 'TS1', Ranges: [{ ProductId: 'TP1', PriceType: 'Each', FromQuantity: '1.0000', Price: '8.7500' }] });
    expect(await price('TP1', '150', { ShipToId: 'TS1' })).toMatchObject({ Price: '8.75', Source: 'customer', PriceTableId: 'T-SHIP' });
    expect(await price('TP1', '150')).toMatchObject({ Price: '9.00', PriceTableId: 'T-CUS' });

    // 1a. A customer SKU with a contract price wins over every table; an expired one does not.
    const sku = await created('customer-sku', { CustomerId: 'TC1', ProductId: 'TP1', CustomerSku: 'C-TP1', Price: '7.2500' });
    expect(await price('TP1', '150', { ShipToId: 'TS1' })).toMatchObject({ Price: '7.25', Source: 'sku', PriceTableId: null });
    const expired = await call(server.app, 'PUT', `/api/data/customer-sku/${sku.SkuId}`, admin, { Version: sku.Version, ExpiryDate: yesterday });
    expect(expired.statusCode, expired.body).toBe(200);
    expect(await price('TP1', '150', { ShipToId: 'TS1' })).toMatchObject({ Price: '8.75', Source: 'customer' });
  });

  it('drops expired rows and tables, falls through below the first break, and rounds once, half-up', async () => {
    // A table of customer TC2 whose first break is 100: 50 units fall through to the list price.
    await created('firm', { FirmId: 'TC2', Name: 'Test customer two', FirmTypes: ['bill-to'] });
    const table = await created('price-table', {
      PriceTableId: 'T-TWO',
      Description: 'Two',
      CustomerId: 'TC2',
      Ranges: [
        { ProductId: 'TP1', PriceType: 'Each', FromQuantity: '100.0000', Price: '12.0050' },
        { ProductId: 'TP1', PriceType: 'Each', FromQuantity: '10.0000', ToQuantity: '99.0000', Price: '13.0000', ExpiryDate: yesterday },
      ],
    });
    const two = (productId: string, quantity: string, extra: Record<string, unknown> = {}) => price(productId, quantity, { CustomerId: 'TC2', ...extra });
    expect(await two('TP1', '50')).toMatchObject({ Price: '19.99', Source: 'default' }); // the 10–99 row expired yesterday
    expect(await two('TP1', '100')).toMatchObject({ Price: '12.01', Source: 'customer' }); // 12.0050 → 12.01 (half-up)
    // Priced on the day before yesterday, the expired row still applied.
    const before = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    expect(await two('TP1', '50', { Date: before })).toMatchObject({ Price: '13.00' });
    // A table that has expired as a whole no longer prices.
    const expired = await call(server.app, 'PUT', '/api/data/price-table/T-TWO', admin, { Version: table.Version, ExpiryDate: yesterday });
    expect(expired.statusCode, expired.body).toBe(200);
    expect(await two('TP1', '100')).toMatchObject({ Price: '19.99', Source: 'default' });
  });

  it('takes the discount table off and adds the tariffs, then rounds', async () => {
    await created('discount-table', { DiscountTableId: 'T-DISC', Description: 'Test discounts', Lines: [{ ClassId: 'TPC', Percent: '2.5000' }, { ProductId: 'TP2', Percent: '50.0000' }] });
    await created('firm', { FirmId: 'TC3', Name: 'Test customer three', FirmTypes: ['bill-to'], DiscountTable: 'T-DISC' });
    // §3 Firm: the discount table is one of the order desk's; an unknown one is refused on the field.
    const unknown = await call(server.app, 'POST', '/api/data/firm', admin, { FirmId: 'TC4', Name: 'Test customer four', FirmTypes: ['bill-to'], DiscountTable: 'NO-SUCH' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().Data.Errors.map((e: { field: string }) => e.field)).toEqual(['DiscountTable']);
    const three = (productId: string) => price(productId, '1', { CustomerId: 'TC3' });
    // Class line: 19.99 × 0.975 = 19.49025 → 19.49.
    expect(await three('TP1')).toMatchObject({ Price: '19.49', DiscountPercent: '2.5000' });
    // Product line beats the class line: 6.1728 × 0.5 = 3.0864 → 3.09.
    expect(await three('TP2')).toMatchObject({ Price: '3.09', DiscountPercent: '50.0000' });
    await created('tariff', { TariffId: 'T-SUR', Description: 'Surcharge', ClassId: 'TPC', Kind: 'PerUnit', Rate: '0.0040' });
    await created('tariff', { TariffId: 'T-PCT', Description: 'Duty', ProductId: 'TP1', Kind: 'Percent', Rate: '10.0000' });
    await created('tariff', { TariffId: 'T-OLD', Description: 'Old duty', ProductId: 'TP1', Kind: 'Percent', Rate: '50.0000', ExpiryDate: yesterday });
    // 19.49025 + 0.004 + 1.949025 = 21.443275 → 21.44 (rounded once, not per step).
    const line = await three('TP1');
    expect(line).toMatchObject({ Price: '21.44', Surcharge: '1.9530' });
    expect(line.Why).toBe('List price, break from 0.0000 · Per unit · less 2.5000 % (discount table T-DISC) · plus 1.9530 per unit (T-PCT, T-SUR)');
  });

  it('prices cost plus from the stock ledger cost', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = server.app.erp.database.db as unknown as import('kysely').Kysely<any>;
    const { decimalToDb } = await import('../../../server/src/db/decimal-codec.ts');
    await db
      .insertInto('stock_balances')
      .values({ product_id: 'TP3', warehouse_id: 'TOR-01', on_hand: decimalToDb(db, '3.0000', 4), value: decimalToDb(db, '10.00', 2), average_cost: decimalToDb(db, '3.3333', 4), last_cost: decimalToDb(db, '4.0000', 4), updated_on: new Date().toISOString() })
      .execute();
    await created('firm', { FirmId: 'TC4', Name: 'Test customer four', FirmTypes: ['bill-to'] });
    await created('price-table', { PriceTableId: 'T-COST', Description: 'Cost plus', CustomerId: 'TC4', CostBasis: 'Average', Ranges: [{ ProductId: 'TP3', PriceType: 'CostPlus', FromQuantity: '1.0000', Price: '25.0000' }] });
    // 10.00 ÷ 3 = 3.3333 × 1.25 = 4.166625 → 4.17.
    expect(await price('TP3', '1', { CustomerId: 'TC4' })).toMatchObject({ Price: '4.17', Source: 'customer' });
  });

  it('refuses overlapping ranges (§5 shape rule, server side)', async () => {
    const answer = await post('price-table', {
      PriceTableId: 'T-BAD',
      Description: 'Overlap',
      Ranges: [
        { ProductId: 'TP1', PriceType: 'Each', FromQuantity: '1.0000', ToQuantity: '100.0000', Price: '1.0000' },
        { ProductId: 'TP1', PriceType: 'Each', FromQuantity: '100.0000', Price: '1.0000' },
      ],
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().Data.Errors[0]).toMatchObject({ field: 'Ranges[1].FromQuantity', key: 'oe:rules.rangeOverlap' });
  });

  it('records an allowed override and refuses one without the right', async () => {
    const body = { CustomerId: 'TC1', ProductId: 'TP1', Quantity: '150', NewPrice: '8.5000', Reason: 'Matched competitor' };
    const refused = await call(server.app, 'POST', '/api/oe/pricing/override', clerk, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Message).toBe('Not allowed to change the price.');
    const unknown = await call(server.app, 'POST', '/api/oe/pricing/override', admin, { ...body, ProductId: 'NO-SUCH' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().Message).toBe('Product NO-SUCH does not exist.');
    const allowed = await call(server.app, 'POST', '/api/oe/pricing/override', admin, body);
    expect(allowed.statusCode, allowed.body).toBe(200);
    // The old price is the service's at that moment: the 100+ break 9.00 plus the 10 % duty T-PCT added above.
    expect(allowed.json().Data).toMatchObject({ OldPrice: '9.90', NewPrice: '8.50', Source: 'customer', PriceTableId: 'T-CUS' });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = server.app.erp.database.db as unknown as import('kysely').Kysely<any>;
    const rows = await db.selectFrom('oe_price_overrides').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ customer_id: 'TC1', product_id: 'TP1', overridden_by: 'admin', reason: 'Matched competitor' });
  });
});
