/**
 * The customer portal's API (modules/portal/server): §7 answer shapes, the authorization matrix (the demo
 * `portal` user asking for B300, S301 or their orders, cart lines and notifications — in path, query and
 * body — gets exactly the answer of a missing record, and lists never include them), staff routes refused
 * to the portal token, the account on hold, and Idempotency-Key submits (repeat, conflict, parallel).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellModule } from '@erp/modules/shell/definitions/index';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { call, type Method } from '../../../server/test/helpers/entities.ts';

let server: TestServer;
let portal: string;
let admin: string;

/** Keys of B300's seeded order and notification (portal must never reach them). */
let foreignOrderKey: number;
let foreignNotificationKey: number;
let foreignCartLineKey: number;

async function submit(token: string, key: string | null, body: unknown) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  if (key !== null) headers['idempotency-key'] = key;
  return server.app.inject({ method: 'POST', url: '/api/PortalOrder/submit', headers, payload: JSON.stringify(body) });
}

async function switchTo(billToId: string) {
  const response = await call(server.app, 'POST', '/api/PortalOrder/account-switch', portal, { BillToId: billToId });
  expect(response.statusCode).toBe(200);
  return response.json() as { ResultStatus: number; Message: string; DefaultShipToId: string | null };
}

beforeAll(async () => {
  server = await startServer();
  portal = (await signIn(server.app, 'portal', 'portal')).access_token;
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  const db = server.app.erp.database.db as unknown as import('kysely').Kysely<import('../server/schema.ts').PortalDB>;
  foreignOrderKey = Number((await db.selectFrom('portal_orders').select('order_key').where('bill_to_id', '=', 'B300').executeTakeFirstOrThrow()).order_key);
  foreignNotificationKey = Number(
    (await db.selectFrom('portal_notifications').select('notification_key').where('bill_to_id', '=', 'B300').executeTakeFirstOrThrow()).notification_key,
  );
  // Another user's cart line for B300 (the admin has no securables; written directly as a fixture).
  const line = await db
    .insertInto('portal_cart_lines')
    .values({ user_id: 'admin', bill_to_id: 'B300', product_id: 'ST-HR-CO060', quantity: 3, added_on: new Date().toISOString() })
    .returning('cart_line_key')
    .executeTakeFirstOrThrow();
  foreignCartLineKey = Number(line.cart_line_key);
});

afterAll(async () => {
  await server?.stop();
});

describe('§7 portal calls', () => {
  it('answers GetBadgeNumbers as [notifications, cart]', async () => {
    expect((await switchTo('B100')).ResultStatus).toBe(1);
    const response = await call(server.app, 'GET', '/api/PortalNotification/GetBadgeNumbers?billToId=B100', portal);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([3, 0]);
    await call(server.app, 'POST', '/api/PortalCart/add', portal, { BillToId: 'B100', Lines: [{ ProductId: 'EL-EMT-075', Quantity: 2 }] });
    expect((await call(server.app, 'GET', '/api/PortalNotification/GetBadgeNumbers?billToId=b100', portal)).json()).toEqual([3, 1]);
  });

  it('answers account-switch with exactly ResultStatus, Message, DefaultShipToId, and empties the cart', async () => {
    await switchTo('B100');
    await call(server.app, 'POST', '/api/PortalCart/add', portal, { BillToId: 'B100', Lines: [{ ProductId: 'EL-EMT-075', Quantity: 2 }] });
    const answer = await switchTo('B200');
    expect(Object.keys(answer).sort()).toEqual(['DefaultShipToId', 'Message', 'ResultStatus']);
    expect(answer).toMatchObject({ ResultStatus: 1, DefaultShipToId: 'S201' });
    expect((await call(server.app, 'GET', '/api/PortalNotification/GetBadgeNumbers?billToId=B100', portal)).json()).toEqual([3, 0]);
    expect((await switchTo('B100')).DefaultShipToId).toBe('S101');
  });

  it('answers GetDefaultCompany and the homepage text to the portal user', async () => {
    const company = (await call(server.app, 'GET', '/api/Company/GetDefaultCompany', portal)).json();
    expect(Object.keys(company).sort()).toEqual(['Logo', 'LogoFileType', 'Name']);
    const text = (await call(server.app, 'GET', '/api/Configuration/GetConfigurationByControlId?controlId=MOBILE_HOMEPAGE_TEXT', portal)).json();
    expect(typeof text.ControlValue).toBe('string');
  });

  it('lists the caller securables with only existing firms, and answers Paged lists', async () => {
    const securables = (await call(server.app, 'GET', '/api/PortalOrder/securables', portal)).json();
    expect(securables.Data.Securables).toEqual([{ Identifier: 'B100,S101,S102' }, { Identifier: 'B200,S201' }]);
    expect(securables.Data.SelectedBillToId).toBe('B100');
    expect(securables.Data.Firms.map((f: { FirmId: string }) => f.FirmId).sort()).toEqual(['B100', 'B200', 'S101', 'S102', 'S201']);
    const orders = (await call(server.app, 'GET', '/api/PortalOrder/list?billToId=B100', portal)).json();
    expect(Object.keys(orders).sort()).toEqual(['List', 'Page', 'PageSize', 'SortDescending', 'SortFields', 'TotalCount']);
    expect(orders.PageSize).toBe(250);
    expect(orders.TotalCount).toBe(4);
    expect(new Set(orders.List.map((o: { ShipToId: string }) => o.ShipToId))).toEqual(new Set(['S101', 'S102']));
    const sorted = (await call(server.app, 'GET', '/api/PortalOrder/list?billToId=B100&sortBy=Total&sortDesc=false&pageSize=2&page=2', portal)).json();
    expect(sorted.List).toHaveLength(2);
    expect(sorted.List[0].Total).toBeLessThanOrEqual(sorted.List[1].Total);
    const shipped = (await call(server.app, 'GET', '/api/PortalOrder/list?billToId=B100&status=Shipped', portal)).json();
    expect(shipped.List.every((o: { Status: string }) => o.Status === 'Shipped')).toBe(true);
    // The product master's catalogue (issue 15 item 8): B200's own price table (90 % of list) for its
    // products, LIST for the others.
    const products = (await call(server.app, 'GET', '/api/PortalProduct/search?billToId=B200&search=EMT conduit 3/4', portal)).json();
    expect(products.List).toEqual([{ ProductId: 'EL-EMT-075', Description: 'EMT conduit 3/4 in, 10 ft', Category: 'Electrical', Unit: 'EA', Price: 11.21, Available: expect.any(String) }]);
    const conduits = (await call(server.app, 'GET', '/api/PortalProduct/search?billToId=B200&search=conduit', portal)).json();
    expect(conduits.List.length).toBeGreaterThan(1);
    expect(conduits.List.map((row: { ProductId: string }) => row.ProductId)).toContain('EL-EMT-075');
    expect(conduits.List.every((row: { Price: number }) => row.Price > 0)).toBe(true);
  });
});

describe('authorization matrix', () => {
  const NOT_FOUND = { ResultStatus: 5, ResultCode: 'not_found', Message: 'Not Found', EntityId: null, Exception: null };

  it('answers every portal endpoint for B300, S301 and their records exactly like a missing record', async () => {
    await switchTo('B100');
    const attempts: [Method, string, unknown?][] = [];
    for (const foreign of ['B300', 'S301', 'B999', 'S101']) {
      attempts.push(
        ['GET', `/api/PortalNotification/GetBadgeNumbers?billToId=${foreign}`],
        ['GET', `/api/PortalOrder/account?billToId=${foreign}`],
        ['GET', `/api/PortalProduct/search?billToId=${foreign}`],
        ['POST', '/api/PortalProduct/resolve', { BillToId: foreign, Skus: ['ST-HR-CO060'] }],
        ['GET', `/api/PortalCart?billToId=${foreign}`],
        ['POST', '/api/PortalCart/add', { BillToId: foreign, Lines: [{ ProductId: 'ST-HR-CO060', Quantity: 1 }] }],
        ['PUT', `/api/PortalCart/lines/${foreignCartLineKey}`, { BillToId: foreign, Quantity: 9 }],
        ['DELETE', `/api/PortalCart/lines/${foreignCartLineKey}?billToId=${foreign}`],
        ['DELETE', `/api/PortalCart?billToId=${foreign}`],
        ['GET', `/api/PortalOrder/list?billToId=${foreign}`],
        ['GET', `/api/PortalNotification/list?billToId=${foreign}`],
        ['POST', '/api/PortalNotification/mark-read', { BillToId: foreign, NotificationKeys: [foreignNotificationKey] }],
        ['POST', '/api/PortalNotification/mark-all-read', { BillToId: foreign }],
      );
    }
    // Foreign records reached through an allowed bill-to.
    attempts.push(
      ['GET', `/api/PortalOrder/detail/${foreignOrderKey}`],
      ['GET', '/api/PortalOrder/detail/999999'],
      ['PUT', `/api/PortalCart/lines/${foreignCartLineKey}`, { BillToId: 'B100', Quantity: 9 }],
      ['DELETE', `/api/PortalCart/lines/${foreignCartLineKey}?billToId=B100`],
      ['POST', '/api/PortalNotification/mark-read', { BillToId: 'B100', NotificationKeys: [foreignNotificationKey] }],
      ['GET', '/api/PortalOrder/list?billToId=B100&shipToId=S301'],
      ['GET', '/api/PortalOrder/list?billToId=B100&shipToId=S201'],
    );
    for (const [method, url, payload] of attempts) {
      const response = await call(server.app, method, url, portal, payload);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(404);
      expect(response.json(), `${method} ${url}`).toEqual(NOT_FOUND);
    }
    // Submits naming a foreign bill-to or ship-to.
    for (const [billTo, shipTo] of [['B300', 'S301'], ['B100', 'S301'], ['B100', 'S201'], ['B999', 'S101']]) {
      const response = await submit(portal, `matrix-${billTo}-${shipTo}`, { BillToId: billTo, ShipToId: shipTo, Lines: [{ ProductId: 'AL-6061-SH125', Quantity: 1 }] });
      expect(response.statusCode, `${billTo}/${shipTo}`).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    // Account switch: the same refusal for a foreign and a missing firm.
    const before = (await call(server.app, 'GET', '/api/PortalOrder/securables', portal)).json().Data.SelectedBillToId;
    const foreign = await switchTo('B300');
    const missing = await switchTo('B999');
    expect(foreign).toEqual({ ResultStatus: 5, Message: expect.any(String), DefaultShipToId: null });
    expect(missing).toEqual(foreign);
    expect((await call(server.app, 'GET', '/api/PortalOrder/securables', portal)).json().Data.SelectedBillToId).toBe(before);
    // Nothing changed: B300's record is untouched and still unread.
    const db = server.app.erp.database.db as unknown as import('kysely').Kysely<import('../server/schema.ts').PortalDB>;
    const line = await db.selectFrom('portal_cart_lines').select('quantity').where('cart_line_key', '=', foreignCartLineKey).executeTakeFirst();
    expect(Number(line?.quantity)).toBe(3);
    const note = await db.selectFrom('portal_notifications').select('is_read').where('notification_key', '=', foreignNotificationKey).executeTakeFirstOrThrow();
    expect(note.is_read === 0 || note.is_read === false).toBe(true);
  });

  it('never lists foreign records, and answers nothing of B300 in any list', async () => {
    for (const billTo of ['B100', 'B200']) {
      const bodies = await Promise.all(
        [`/api/PortalOrder/list?billToId=${billTo}`, `/api/PortalNotification/list?billToId=${billTo}`, `/api/PortalProduct/search?billToId=${billTo}`].map(
          async (url) => (await call(server.app, 'GET', url, portal)).body,
        ),
      );
      for (const body of bodies) {
        expect(body).not.toContain('B300');
        expect(body).not.toContain('S301');
        expect(body).not.toContain('Prairie');
      }
    }
  });

  it('refuses staff endpoints to the portal token', async () => {
    const staff = [
      ...shellModule.entities.flatMap((def) => [`/api/data/${def.name}`, `/api/entities/${def.name}`, `/api/data/${def.name}/export`]),
      '/api/firm/lookup?FirmId=B',
    ];
    for (const url of staff) {
      if (url.endsWith('/export')) {
        const response = await call(server.app, 'POST', url, portal, {});
        expect(response.statusCode, url).toBe(403);
        continue;
      }
      const response = await call(server.app, 'GET', url, portal);
      expect(response.statusCode, url).toBe(403);
    }
    expect((await call(server.app, 'GET', '/api/entities', portal)).json()).toEqual([]);
    expect((await call(server.app, 'GET', '/api/shell/applications', portal)).json().map((a: { Application: string }) => a.Application)).toEqual(['PORTAL']);
    const menus = await call(server.app, 'GET', '/api/shell/menus?application=NOVUS-OE', portal);
    expect(menus.statusCode, 'menus of a staff application').toBe(403);
  });

  it('refuses portal endpoints to a user without the PORTAL application', async () => {
    const clerk = (await signIn(server.app, 'clerk', 'clerk')).access_token;
    const response = await call(server.app, 'GET', '/api/PortalNotification/GetBadgeNumbers?billToId=B100', clerk);
    expect(response.statusCode).toBe(403);
    expect((await call(server.app, 'GET', '/api/PortalOrder/list?billToId=B100', admin)).statusCode).toBe(404);
  });

  it('answers 400, never 500, to malformed input', async () => {
    const bad: [Method, string, unknown?][] = [
      ['GET', '/api/PortalNotification/GetBadgeNumbers'],
      ['GET', `/api/PortalNotification/GetBadgeNumbers?billToId=${'x'.repeat(200)}`],
      ['GET', '/api/PortalOrder/list?billToId=B100&pageSize=251'],
      ['GET', '/api/PortalOrder/list?billToId=B100&sortBy=password'],
      ['POST', '/api/PortalOrder/account-switch', { BillToId: { id: 'B100' } }],
      ['POST', '/api/PortalOrder/account-switch', { BillToId: 'B100', Extra: 1 }],
      ['POST', '/api/PortalCart/add', { BillToId: 'B100', Lines: [{ ProductId: 'EL-EMT-075', Quantity: -1 }] }],
      ['GET', '/api/PortalOrder/detail/abc'],
    ];
    for (const [method, url, payload] of bad) {
      const response = await call(server.app, method, url, portal, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json().ResultStatus).toBe(2);
    }
  });
});

describe('cart and orders', () => {
  it('refuses a cart write for another bill-to than the switched one', async () => {
    await switchTo('B100');
    const response = await call(server.app, 'POST', '/api/PortalCart/add', portal, { BillToId: 'B200', Lines: [{ ProductId: 'EL-EMT-075', Quantity: 1 }] });
    expect(response.statusCode).toBe(409);
    expect(response.json().ResultCode).toBe('account_changed');
    expect((await call(server.app, 'GET', '/api/PortalCart?billToId=B200', portal)).json().Data.Lines).toEqual([]);
  });

  it('refuses an order for an account on hold with a clear message', async () => {
    await switchTo('B200');
    const account = (await call(server.app, 'GET', '/api/PortalOrder/account?billToId=B200', portal)).json();
    expect(account.Data).toMatchObject({ BillToId: 'B200', OnHold: true });
    const response = await submit(portal, 'hold-0000001', { BillToId: 'B200', ShipToId: 'S201', Lines: [{ ProductId: 'EL-EMT-075', Quantity: 1 }] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ ResultStatus: 2, ResultCode: 'on_hold', Message: expect.stringContaining('on hold') });
  });

  it('creates one order per Idempotency-Key and refuses the key for another cart', async () => {
    await switchTo('B100');
    await call(server.app, 'POST', '/api/PortalCart/add', portal, { BillToId: 'B100', Lines: [{ ProductId: 'AL-6061-SH125', Quantity: 2 }] });
    const order = { BillToId: 'B100', ShipToId: 'S102', DeliveryDate: '2099-01-15', Notes: 'dock 2', Lines: [{ ProductId: 'AL-6061-SH125', Quantity: 2 }] };
    const before = (await call(server.app, 'GET', '/api/PortalOrder/list?billToId=B100', portal)).json().TotalCount;
    const first = await submit(portal, 'key-aaaaaaaa', order);
    expect(first.statusCode).toBe(201);
    const created = first.json();
    expect(created).toMatchObject({ ResultStatus: 1, EntityId: expect.stringMatching(/^WEB\d{6}$/), Data: { ShipToId: 'S102', Status: 'Submitted', Total: 360.06 } });
    expect((await call(server.app, 'GET', '/api/PortalCart?billToId=B100', portal)).json().Data.Lines).toEqual([]);
    const again = await submit(portal, 'key-aaaaaaaa', order);
    expect(again.statusCode).toBe(200);
    expect(again.json().EntityId).toBe(created.EntityId);
    const other = await submit(portal, 'key-aaaaaaaa', { ...order, Lines: [{ ProductId: 'AL-6061-SH125', Quantity: 3 }] });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ ResultStatus: 2, ResultCode: 'idempotency_conflict' });
    expect((await call(server.app, 'GET', '/api/PortalOrder/list?billToId=B100', portal)).json().TotalCount).toBe(before + 1);
    const detail = (await call(server.app, 'GET', `/api/PortalOrder/detail/${created.Data.OrderKey}`, portal)).json();
    expect(detail.Data.Lines).toEqual([{ LineNo: 1, ProductId: 'AL-6061-SH125', Description: expect.any(String), Unit: 'EA', Quantity: 2, Price: 180.03, Amount: 360.06 }]);
    expect((await submit(portal, null, order)).statusCode).toBe(400);
  });

  it('refuses a delivery date in the past and accepts today (issue 16 item 7)', async () => {
    await switchTo('B100');
    const lines = [{ ProductId: 'EL-BOX-4SQ', Quantity: 1 }];
    const yesterday = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const before = (await call(server.app, 'GET', '/api/PortalOrder/list?billToId=B100', portal)).json().TotalCount;
    const past = await submit(portal, 'past-date-0001', { BillToId: 'B100', ShipToId: 'S101', DeliveryDate: yesterday, Lines: lines });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ ResultStatus: 2, ResultCode: 'delivery_date_past', Message: expect.stringContaining('past') });
    expect((await call(server.app, 'GET', '/api/PortalOrder/list?billToId=B100', portal)).json().TotalCount).toBe(before);
    const today = new Date().toISOString().slice(0, 10);
    const accepted = await submit(portal, 'past-date-0002', { BillToId: 'B100', ShipToId: 'S101', DeliveryDate: today, Lines: lines });
    expect(accepted.statusCode).toBe(201);
  });

  it('calls a date past only when it is over in every time zone', async () => {
    const { isPastDate } = await import('../server/routes.ts');
    const now = new Date('2026-03-10T05:00:00Z'); // 2026-03-09 17:00 at UTC−12, 2026-03-10 in Toronto
    expect(isPastDate('2026-03-08', now)).toBe(true);
    expect(isPastDate('2026-03-09', now)).toBe(false);
    expect(isPastDate('2026-03-10', now)).toBe(false);
  });

  it('creates exactly one order for 20 parallel submits with one key', async () => {
    await switchTo('B100');
    const order = { BillToId: 'B100', ShipToId: 'S101', Lines: [{ ProductId: 'EL-BOX-4SQ', Quantity: 7 }] };
    const before = (await call(server.app, 'GET', '/api/PortalOrder/list?billToId=B100', portal)).json().TotalCount;
    const answers = await Promise.all(Array.from({ length: 20 }, () => submit(portal, 'parallel-key-1', order)));
    expect(answers.map((a) => a.statusCode).sort((a, b) => b - a)).toEqual([201, ...Array(19).fill(200)]);
    expect(new Set(answers.map((a) => a.json().EntityId)).size).toBe(1);
    expect((await call(server.app, 'GET', '/api/PortalOrder/list?billToId=B100', portal)).json().TotalCount).toBe(before + 1);
  });

  it('marks notifications read and the badge follows', async () => {
    const list = (await call(server.app, 'GET', '/api/PortalNotification/list?billToId=B100&unreadOnly=true', portal)).json();
    expect(list.TotalCount).toBe(3);
    const first = list.List[0].NotificationKey;
    const marked = (await call(server.app, 'POST', '/api/PortalNotification/mark-read', portal, { BillToId: 'B100', NotificationKeys: [first] })).json();
    expect(marked.Data.Unread).toBe(2);
    expect((await call(server.app, 'GET', '/api/PortalNotification/GetBadgeNumbers?billToId=B100', portal)).json()[0]).toBe(2);
    await call(server.app, 'POST', '/api/PortalNotification/mark-all-read', portal, { BillToId: 'B100' });
    expect((await call(server.app, 'GET', '/api/PortalNotification/GetBadgeNumbers?billToId=B100', portal)).json()[0]).toBe(0);
  });
});

describe('the portal orders from the product master (issue 15 item 8)', () => {
  it('shows a product added to the master with a LIST price in every customer catalogue, at the customer table price first', async () => {
    const classes = (await call(server.app, 'GET', '/api/data/product-class?PageSize=1', admin)).json();
    const created = await call(server.app, 'POST', '/api/data/product', admin, {
      ProductId: 'MASTER-BAR-1',
      Description: 'Master flat bar 1/4 x 2 in, 20 ft',
      ClassId: classes.List[0].ClassId,
      UnitOfMeasure: 'EA',
    });
    expect(created.statusCode, created.body).toBe(201);
    const search = () => call(server.app, 'GET', '/api/PortalProduct/search?billToId=B100&search=MASTER-BAR', portal);
    // Not priced yet: not in the catalogue.
    expect((await search()).json().List).toEqual([]);
    const list = await call(server.app, 'POST', '/api/data/product-price', admin, { ProductId: 'MASTER-BAR-1', PriceTable: 'LIST', PriceType: 'Each', FromQuantity: '0.0000', Price: '42.5000', Currency: 'CAD' });
    expect(list.statusCode, list.body).toBe(201);
    // B100's own price table (the order desk's, issue 25) takes 5 % off the list on every product: 40.375 → 40.38.
    expect((await search()).json().List).toEqual([
      { ProductId: 'MASTER-BAR-1', Description: 'Master flat bar 1/4 x 2 in, 20 ft', Category: expect.any(String), Unit: 'EA', Price: 40.38, Available: '0.0000' },
    ]);
    // Rows of the product in B100's table win over its table-wide row; a quantity break applies in the cart.
    const table = (await call(server.app, 'GET', '/api/data/price-table/B100', admin)).json().Data;
    const ranges = [
      ...table.Ranges,
      { ProductId: 'MASTER-BAR-1', PriceType: 'Each', FromQuantity: '0.0000', ToQuantity: '9.0000', Price: '40.0050' },
      { ProductId: 'MASTER-BAR-1', PriceType: 'Each', FromQuantity: '10.0000', Price: '38.0000' },
    ];
    const own = await call(server.app, 'PUT', '/api/data/price-table/B100', admin, { Version: table.Version, Ranges: ranges });
    expect(own.statusCode, own.body).toBe(200);
    expect((await search()).json().List[0].Price).toBe(40.01);
    await switchTo('B100');
    const cart = await call(server.app, 'POST', '/api/PortalCart/add', portal, { BillToId: 'B100', Lines: [{ ProductId: 'MASTER-BAR-1', Quantity: 12 }] });
    expect(cart.statusCode, cart.body).toBe(200);
    expect(cart.json().Data.Lines.find((line: { ProductId: string }) => line.ProductId === 'MASTER-BAR-1')).toMatchObject({ Price: 38, Quantity: 12, Amount: 456 });
    await call(server.app, 'DELETE', '/api/PortalCart?billToId=B100', portal);
    // Stock from the stock ledger's balances: on hand less committed, over every warehouse, exact.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const any = server.app.erp.database.db as unknown as import('kysely').Kysely<any>;
    const { decimalToDb } = await import('../../../server/src/db/decimal-codec.ts');
    const updatedOn = new Date().toISOString();
    await any
      .insertInto('stock_balances')
      .values([
        { product_id: 'MASTER-BAR-1', warehouse_id: 'TOR-01', on_hand: decimalToDb(any, '12.5000', 4), committed: decimalToDb(any, '2.0000', 4), updated_on: updatedOn },
        { product_id: 'MASTER-BAR-1', warehouse_id: 'MTL-01', on_hand: decimalToDb(any, '0.2500', 4), committed: decimalToDb(any, '0', 4), updated_on: updatedOn },
      ])
      .execute();
    expect((await search()).json().List[0].Available).toBe('10.7500');
    // A product blocked for sales leaves the catalogue.
    const read = (await call(server.app, 'GET', '/api/data/product/MASTER-BAR-1', admin)).json();
    await call(server.app, 'PUT', '/api/data/product/MASTER-BAR-1', admin, { Version: read.Data.Version, BlockSales: true });
    expect((await search()).json().List).toEqual([]);
  });

  it('migration 0009 moves a stand-in catalogue into the master: the customer keeps its products and prices, and an order from before still reads', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const any = server.app.erp.database.db as unknown as import('kysely').Kysely<any>;
    const { migrate } = await import('../../../server/src/db/migrations.ts');
    const { serverMigrations } = await import('../../../server/src/modules/index.ts');
    const { writeOrder } = await import('../server/service.ts');
    // The database as it was before 0009: the stand-in tables with a product the master does not have.
    await any.schema.createTable('portal_products').addColumn('product_id', 'text', (c) => c.primaryKey()).addColumn('description', 'text').addColumn('category', 'text').addColumn('unit', 'text').addColumn('is_active', 'boolean').execute();
    await any.schema.createTable('portal_prices').addColumn('bill_to_id', 'text').addColumn('product_id', 'text').addColumn('price_cents', 'integer').execute();
    await any.insertInto('portal_products').values({ product_id: 'LEGACY-PIPE-1', description: 'Legacy black pipe 1 in, 21 ft', category: 'Pipe and tube', unit: 'EA', is_active: 1 }).execute();
    await any.insertInto('portal_prices').values([{ bill_to_id: 'B100', product_id: 'LEGACY-PIPE-1', price_cents: 5795 }]).execute();
    const orderKey = await writeOrder(any, {
      billToId: 'B100',
      shipToId: 'S101',
      userId: 'portal',
      status: 'Shipped',
      orderDate: new Date().toISOString(),
      deliveryDate: null,
      notes: 'before 0009',
      lines: [{ productId: 'LEGACY-PIPE-1', description: 'Legacy black pipe 1 in, 21 ft', unit: 'EA', quantity: 3, priceCents: 5795 }],
    });
    // 0014 is two migrations since issue 73 item 3: Order Entry's override audit, then the portal's own tables.
    await any.deleteFrom('kysely_migration').where('name', 'in', ['0009_portal_products', '0014_oe_pricing', '0014_portal_price_tables']).execute();
    expect(await migrate(any, await serverMigrations())).toEqual(['0009_portal_products', '0014_oe_pricing', '0014_portal_price_tables']);

    const tables = (await any.introspection.getTables()).map((table) => table.name);
    expect(tables).not.toContain('portal_products');
    expect(tables).not.toContain('portal_prices');
    const product = (await call(server.app, 'GET', '/api/data/product/LEGACY-PIPE-1', admin)).json();
    expect(product.Data).toMatchObject({ ProductId: 'LEGACY-PIPE-1', ClassId: 'PORTAL', Category: 'PIPEANDTUB', UnitOfMeasure: 'EA' });
    const found = (await call(server.app, 'GET', '/api/PortalProduct/search?billToId=B100&search=LEGACY-PIPE', portal)).json();
    expect(found.List).toEqual([{ ProductId: 'LEGACY-PIPE-1', Description: 'Legacy black pipe 1 in, 21 ft', Category: 'Pipe and tube', Unit: 'EA', Price: 57.95, Available: '0.0000' }]);
    // Only B100 had it, and 0014 moved its stand-in price onto B100's price table: nobody else sees it.
    expect(await any.selectFrom('product_prices').select('price_table').where('product_id', '=', 'LEGACY-PIPE-1').execute()).toEqual([]);
    const moved = await any.selectFrom('price_table_ranges').select('price_table_id').where('product_id', '=', 'LEGACY-PIPE-1').execute();
    expect(moved.map((row: { price_table_id: string }) => row.price_table_id)).toEqual(['B100']);
    const order = await call(server.app, 'GET', `/api/PortalOrder/detail/${orderKey}`, portal);
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json().Data.Lines).toEqual([{ LineNo: 1, ProductId: 'LEGACY-PIPE-1', Description: 'Legacy black pipe 1 in, 21 ft', Unit: 'EA', Quantity: 3, Price: 57.95, Amount: 173.85 }]);
    // Carts still work after the rebuild.
    await switchTo('B100');
    const cart = await call(server.app, 'POST', '/api/PortalCart/add', portal, { BillToId: 'B100', Lines: [{ ProductId: 'LEGACY-PIPE-1', Quantity: 1 }] });
    expect(cart.json().Data.Lines.map((line: { ProductId: string }) => line.ProductId)).toContain('LEGACY-PIPE-1');
    await call(server.app, 'DELETE', '/api/PortalCart?billToId=B100', portal);
  });
});
