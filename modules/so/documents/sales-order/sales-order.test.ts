/**
 * Sales orders to invoice (issue 26 items 1–3, 6; SCREENS.md WP7 acceptance checks 2–4, 6) on SQLite and
 * PostgreSQL, through the API as the screens call it: §5/§8 bill-to and ship-to ("Bill To is invalid.",
 * "Ship To is invalid."), "Product already added.", §6 assigned customers, prices from the pricing service with
 * the override right ("Not allowed to change the price.") and its audit, the ship-to province's taxes; the
 * states Entered → Committed (stock committed; account on hold refused; over the credit limit asked first) →
 * Shipped (lots with their heats, stock out at the moving average, Dr COGS / Cr inventory, lot tracking) →
 * Invoiced (the invoicing queue's order-invoice result, the AR invoice Dr AR / Cr sales / Cr taxes; refused in
 * a closed A/R period), Cancelled (commitment released); the reports; a portal order becomes a sales order.
 * Sum checks after the sequence: every journal balances, inventory GL = stock ledger value of the test products,
 * AR control = the test customer's open items.
 */
import { formatCalendarDate, formatDecimal } from '@erp/shared/format';
import { add } from '@erp/shared/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { signIn, startServer, type TestServer } from '../../../../server/test/helpers/app.ts';
import { call, FILES, upload } from '../../../../server/test/helpers/entities.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let admin: string;
let clerk: string;
const YEAR = 2043;
const D = (md: string) => `${YEAR}-${md}`;
const SO = '/api/data/sales-order';

const get = (url: string, token = admin) => call(server.app, 'GET', url, token);
const postJson = (url: string, body: unknown, token = admin) => call(server.app, 'POST', url, token, body);
const put = (url: string, body: unknown, token = admin) => call(server.app, 'PUT', url, token, body);
const json = (response: { json(): unknown }) => response.json() as Json;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const db = () => server.app.erp.database.db as any;
const engine = () => server.app.erp.database.engine;

async function submit(token: string, key: string, body: unknown) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key };
  return server.app.inject({ method: 'POST', url: '/api/PortalOrder/submit', headers, payload: JSON.stringify(body) });
}

async function created(url: string, body: Json, token = admin): Promise<Json> {
  const response = await postJson(url, body, token);
  expect(response.statusCode, JSON.stringify(response.json())).toBe(201);
  return json(response).Data;
}

async function act(record: Json, name: string, extra: Json = {}) {
  return postJson(`${SO}/${record.OrderKey}/actions/${name}`, { Version: record.Version, ...extra });
}

async function actOk(record: Json, name: string, extra: Json = {}): Promise<Json> {
  const response = await act(record, name, extra);
  expect(response.statusCode, JSON.stringify(response.json())).toBe(200);
  return json(response).Data;
}

function order(lines: Json[], extra: Json = {}): Json {
  return { OrderDate: D('03-01'), BillToId: 'SC1', ShipToId: 'SS1', WarehouseId: 'TOR-02', RouteId: null, DeliveryDate: D('03-05'), Lines: lines, ...extra };
}

async function stock(productId: string) {
  const row = await db().selectFrom('stock_balances').selectAll().where('product_id', '=', productId).where('warehouse_id', '=', 'TOR-02').executeTakeFirst();
  return { onHand: decimalFromDb(engine(), row?.on_hand ?? 0, 4), committed: decimalFromDb(engine(), row?.committed ?? 0, 4), value: decimalFromDb(engine(), row?.value ?? 0, 2) };
}

async function entriesOf(documentNo: string): Promise<Record<string, string>> {
  const rows = await db().selectFrom('gl_entries').select(['account_id', 'amount']).where('document_no', '=', documentNo).execute();
  const out: Record<string, string> = {};
  for (const row of rows) out[row.account_id] = add(out[row.account_id] ?? '0.00', decimalFromDb(engine(), row.amount, 2)!);
  return out;
}

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  clerk = (await signIn(server.app, 'clerk', 'clerk')).access_token;
  expect((await postJson('/api/data/accounting-period/fiscal-years', { FiscalYear: YEAR })).statusCode).toBe(201);
  await created('/api/data/firm', { FirmId: 'SV1', Name: 'Sales test mill', FirmTypes: ['vendor'] });
  await created('/api/data/firm', { FirmId: 'SC1', Name: 'Sales test customer', FirmTypes: ['bill-to'], ProvinceCode: 'ON', CreditLimit: '5000.00', SalesRep: 'SR01', CommissionPercent: '2.50' });
  await created('/api/data/firm', { FirmId: 'SS1', Name: 'Sales test site', FirmTypes: ['ship-to'], BillToId: 'SC1', ProvinceCode: 'ON' });
  await created('/api/data/firm', { FirmId: 'SS2', Name: 'Closed site', FirmTypes: ['ship-to'], BillToId: 'SC1', ProvinceCode: 'ON', IsActive: false });
  await created('/api/data/firm', { FirmId: 'SC2', Name: 'Other customer', FirmTypes: ['bill-to'], ProvinceCode: 'QC' });
  await created('/api/data/firm', { FirmId: 'SC3', Name: 'Closed customer', FirmTypes: ['bill-to'], ProvinceCode: 'ON', IsActive: false });
  await created('/api/data/product-class', { ClassId: 'TSO', Description: 'Sales test class', InventoryAccount: 'INVENTORY-STEEL' });
  const product = { ClassId: 'TSO', KitType: 'None', TrackInventory: true, UnitOfMeasure: 'EA' };
  await created('/api/data/product', { ProductId: 'SO-BOLT', Description: 'Sales bolt', ...product });
  await created('/api/data/product', { ProductId: 'SO-WIRE', Description: 'Sales wire', TrackLot: true, ...product });
  await created('/api/data/product-price', { ProductId: 'SO-WIRE', PriceTable: 'LIST', PriceType: 'Each', FromQuantity: '0.0000', Price: '20.0000', Currency: 'CAD' });
  await created('/api/data/price-table', {
    PriceTableId: 'T-SC1',
    Description: 'Sales test customer',
    CustomerId: 'SC1',
    Ranges: [
      { ProductId: 'SO-BOLT', PriceType: 'Each', FromQuantity: '1.0000', ToQuantity: '99.0000', Price: '10.0000' },
      { ProductId: 'SO-BOLT', PriceType: 'Each', FromQuantity: '100.0000', Price: '9.0000' },
    ],
  });
  await created('/api/data/heat-number', { HeatNo: 'SH-1', Mill: 'Sales test mill' });
  // Stock in through a posted purchase receipt: 200 bolts at 4.00, wire in three lots at 3.00 (SW-1 and SW-3 of heat SH-1).
  const po = await created('/api/data/purchase-order', {
    OrderDate: D('02-01'),
    VendorId: 'SV1',
    ShipToId: 'TOR-02',
    Lines: [
      { ProductId: 'SO-BOLT', QuantityOrdered: '200.0000', UnitPrice: '4.0000' },
      { ProductId: 'SO-WIRE', QuantityOrdered: '12.0000', UnitPrice: '3.0000' },
    ],
  });
  const receipt = await created('/api/data/po-receipt', {
    PoId: po.PoId,
    ReceiptDate: D('02-10'),
    Lines: [
      { ProductId: 'SO-BOLT', QuantityReceived: '200.0000', Lots: [] },
      { ProductId: 'SO-WIRE', QuantityReceived: '12.0000', Lots: [{ LotNo: 'SW-1', Quantity: '6.0000', HeatNo: 'SH-1' }, { LotNo: 'SW-2', Quantity: '4.0000' }, { LotNo: 'SW-3', Quantity: '2.0000', HeatNo: 'SH-1' }] },
    ],
  });
  const posted = await postJson(`/api/data/po-receipt/${receipt.ReceiptId}/actions/post`, { Version: receipt.Version });
  expect(posted.statusCode, posted.body).toBe(200);
});

afterAll(async () => {
  await server?.stop();
});

describe('sales order entry (§5, §6, §8; acceptance check 2)', () => {
  it('refuses an inactive or foreign ship-to and an inactive bill-to with the spec texts', async () => {
    for (const [extra, message] of [
      [{ ShipToId: 'SS2' }, 'Ship To is invalid.'],
      [{ ShipToId: 'SC2' }, 'Ship To is invalid.'],
      [{ BillToId: 'SC3', ShipToId: null }, 'Bill To is invalid.'],
      [{ BillToId: 'NOPE', ShipToId: null }, 'Bill To is invalid.'],
    ] as const) {
      const answer = await postJson(SO, order([{ ProductId: 'SO-BOLT', Quantity: '1.0000' }], extra));
      expect(answer.statusCode, answer.body).toBe(400);
      expect(json(answer).Message).toBe(message);
    }
  });

  it('refuses the same product twice and a quantity of 0', async () => {
    const twice = await postJson(SO, order([{ ProductId: 'SO-BOLT', Quantity: '1.0000' }, { ProductId: 'so-bolt', Quantity: '2.0000' }]));
    expect(twice.statusCode).toBe(400);
    expect(json(twice).Data.Errors.map((e: Json) => e.message)).toContain('Product already added.');
    const zero = await postJson(SO, order([{ ProductId: 'SO-BOLT', Quantity: '0.0000' }]));
    expect(zero.statusCode).toBe(400);
  });

  it('prices lines through the pricing service with the ship-to province taxes; overrides need the right and are audited', async () => {
    const entered = await created(SO, order([{ ProductId: 'SO-BOLT', Quantity: '150.0000', Price: '1.00', UnitPrice: '1.00' }, { ProductId: 'SO-WIRE', Quantity: '5.0000' }]));
    expect(entered.Status).toBe('Entered');
    expect(entered.Channel).toBe('Desk');
    expect(entered.OrderNo).toMatch(/^SO/);
    expect(entered.CustomerName).toBe('Sales test customer');
    expect(entered.ProvinceCode).toBe('ON');
    // 150 falls in the 100+ break at 9.00 (acceptance check 1's table); the client's price is ignored.
    const [bolt, wire] = entered.Lines;
    expect([bolt.Price, bolt.UnitPrice, bolt.PriceSource, bolt.Amount, bolt.Available]).toEqual(['9.0000', '9.0000', 'customer', '1350.00', '200.0000']);
    expect([wire.UnitPrice, wire.PriceSource, wire.Amount]).toEqual(['20.0000', 'default', '100.00']);
    // Ontario: HST 13 % per line.
    expect([bolt.TaxAmount, wire.TaxAmount, bolt.TaxCodes]).toEqual(['175.50', '13.00', 'HST 13%']);
    expect([entered.SubTotal, entered.TaxTotal, entered.Total]).toEqual(['1450.00', '188.50', '1638.50']);

    // The clerk has no override right.
    const refused = await put(`${SO}/${entered.OrderKey}`, { Version: entered.Version, Lines: entered.Lines.map((l: Json) => (l.ProductId === 'SO-BOLT' ? { ...l, OverridePrice: '8.5000' } : l)) }, clerk);
    expect(refused.statusCode).toBe(403);
    expect(json(refused).Message).toBe('Not allowed to change the price.');
    const overridden = json(await put(`${SO}/${entered.OrderKey}`, { Version: entered.Version, Lines: entered.Lines.map((l: Json) => (l.ProductId === 'SO-BOLT' ? { ...l, OverridePrice: '8.5000' } : l)) })).Data;
    expect(overridden.Lines[0].UnitPrice).toBe('8.5000');
    expect(overridden.Total).toBe(add(add('1275.00', '165.75'), '113.00'));
    const audit = await db().selectFrom('oe_price_overrides').selectAll().where('customer_id', '=', 'SC1').execute();
    expect(audit).toHaveLength(1);
    expect([audit[0].product_id, decimalFromDb(engine(), audit[0].old_price, 4), decimalFromDb(engine(), audit[0].new_price, 4), audit[0].overridden_by]).toEqual(['SO-BOLT', '9.0000', '8.5000', 'admin']);
    // Saving again without a change writes no second audit row; the clerk may edit other fields.
    const again = json(await put(`${SO}/${entered.OrderKey}`, { Version: overridden.Version, CustomerPo: 'PO-77', Lines: overridden.Lines }, clerk)).Data;
    expect(again.CustomerPo).toBe('PO-77');
    expect(await db().selectFrom('oe_price_overrides').selectAll().where('customer_id', '=', 'SC1').execute()).toHaveLength(1);
    await call(server.app, 'DELETE', `${SO}/${entered.OrderKey}?Version=${again.Version}`, admin);
  });

  it('previews a line as the user types: the price for the bill-to and quantity, the taxes, the availability (POST /api/so/line-preview)', async () => {
    const preview = (line: Json, header: Json = { BillToId: 'SC1', ShipToId: 'SS1', WarehouseId: 'TOR-02', OrderDate: D('03-01') }) => postJson('/api/so/line-preview', { Header: header, Line: line }, clerk);
    const priced = json(await preview({ ProductId: 'so-bolt', Quantity: '150.0000', LineId: null, Lots: [] })).Data;
    expect(priced).toMatchObject({ Description: 'Sales bolt', Price: '9.0000', PriceSource: 'customer', UnitPrice: '9.0000', Amount: '1350.00', TaxCodes: 'HST 13%', TaxAmount: '175.50' });
    expect(priced.Available).toMatch(/^\d+\.\d{4}$/);
    expect(json(await preview({ ProductId: 'SO-BOLT', Quantity: '50' })).Data.UnitPrice).toBe('10.0000');
    // No bill-to yet: what the product is and what is available.
    expect(Object.keys(json(await preview({ ProductId: 'SO-BOLT', Quantity: '1' }, { WarehouseId: 'TOR-02' })).Data).sort()).toEqual(['Available', 'Description', 'StockNote']);
    expect(json(await preview({ ProductId: 'NOPE', Quantity: '1' })).Data).toEqual({});
    const bad = await preview({ ProductId: 'SO-BOLT', Quantity: 'ten' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).Message).toBe('The quantity or price of the line is not a number.');
  });

  it('takes attachments of the §5 types up to 25 MB: a 26 MB file and a file of another type are refused', async () => {
    const entered = await created(SO, order([{ ProductId: 'SO-BOLT', Quantity: '1.0000' }]));
    const url = `${SO}/${entered.OrderKey}/attachments`;
    expect((await upload(server.app, url, clerk, 'drawing.pdf', FILES.pdf)).statusCode).toBe(201);
    const big = Buffer.alloc(26 * 1024 * 1024);
    FILES.pdf.copy(big);
    const tooBig = await upload(server.app, url, clerk, 'big.pdf', big);
    expect(tooBig.statusCode).toBe(413);
    const odd = await upload(server.app, url, clerk, 'run.exe', Buffer.from('MZ\x90\x00 not a document'));
    expect(odd.statusCode).toBe(400);
    expect(odd.json().Message).toBe('File format or type not supported.');
  });

  it('keeps a restricted user to the assigned customers (§6)', async () => {
    const clerkRow = json(await get('/api/data/user/clerk')).Data;
    const restricted = await put('/api/data/user/clerk', { RestrictedToAssignedCustomers: true, AssignedCustomers: ['SC2'], Version: clerkRow.Version });
    expect(restricted.statusCode, restricted.body).toBe(200);
    try {
      const answer = await postJson(SO, order([{ ProductId: 'SO-WIRE', Quantity: '1.0000' }]), clerk);
      expect(answer.statusCode).toBe(403);
      const preview = await postJson('/api/so/line-preview', { Header: { BillToId: 'SC1' }, Line: { ProductId: 'SO-WIRE', Quantity: '1' } }, clerk);
      expect(preview.statusCode).toBe(403);
    } finally {
      const back = json(await get('/api/data/user/clerk')).Data;
      await put('/api/data/user/clerk', { RestrictedToAssignedCustomers: false, AssignedCustomers: [], Version: back.Version });
    }
  });
});

describe('commit, ship, invoice (§2.3 item 5; acceptance checks 3 and 4)', () => {
  let record: Json;

  it('commits: the account on hold is refused, over the credit limit is asked first, the stock is committed', async () => {
    record = await created(SO, order([{ ProductId: 'SO-BOLT', Quantity: '150.0000' }, { ProductId: 'SO-WIRE', Quantity: '8.0000' }], { CustomerPo: 'PO-77' }));
    expect(record.Total).toBe(add('1525.50', '180.80'));
    await db().insertInto('portal_accounts').values({ bill_to_id: 'SC1', on_hold: engine() === 'postgres' ? true : 1, hold_reason: null, default_ship_to_id: null }).execute();
    const held = await act(record, 'commit');
    expect(held.statusCode).toBe(409);
    expect(json(held).Message).toBe('Account SC1 is on hold: the order cannot be committed.');
    await db().deleteFrom('portal_accounts').where('bill_to_id', '=', 'SC1').execute();

    await db().updateTable('firms').set({ credit_limit: engine() === 'postgres' ? '1000.00' : 100000 }).where('firm_id', '=', 'SC1').execute();
    const asked = json(await act(record, 'commit'));
    expect(asked.ResultCode).toBe('confirm');
    expect(asked.Data.Question.Id).toBe('credit-limit');
    const committed = await actOk(record, 'commit', { Confirmations: ['credit-limit'] });
    expect(committed.Status).toBe('Committed');
    expect((await stock('SO-BOLT')).committed).toBe('150.0000');
    expect((await stock('SO-WIRE')).committed).toBe('8.0000');
    record = committed;
    const sheet = json(await postJson('/api/reports/so-load-sheet/run', { Parameters: { WarehouseId: 'TOR-02' } }));
    expect(sheet.List.filter((r: Json) => r.OrderNo === committed.OrderNo).map((r: Json) => [r.ProductId, r.Quantity])).toEqual([
      ['SO-BOLT', '150.0000'],
      ['SO-WIRE', '8.0000'],
    ]);
    await db().updateTable('firms').set({ credit_limit: engine() === 'postgres' ? '500000.00' : 50000000 }).where('firm_id', '=', 'SC1').execute();
  });

  it('moves the commitment with the lines of a committed order, and cancelling releases it', async () => {
    const other = await created(SO, order([{ ProductId: 'SO-BOLT', Quantity: '10.0000' }]));
    const committed = await actOk(other, 'commit');
    expect((await stock('SO-BOLT')).committed).toBe('160.0000');
    const edited = json(await put(`${SO}/${other.OrderKey}`, { Version: committed.Version, Lines: committed.Lines.map((l: Json) => ({ ...l, Quantity: '20.0000' })) })).Data;
    expect(edited.Lines[0].UnitPrice).toBe('10.0000');
    expect((await stock('SO-BOLT')).committed).toBe('170.0000');
    const cancelled = await actOk(edited, 'cancel');
    expect(cancelled.Status).toBe('Cancelled');
    expect((await stock('SO-BOLT')).committed).toBe('150.0000');
    expect((await put(`${SO}/${other.OrderKey}`, { Version: cancelled.Version, Notes: 'x' })).statusCode).toBe(409);
  });

  it('ships through the shipping queue with lots: on hand falls, COGS posts at the moving average, the heat shows in lot tracking', async () => {
    const preview = json(await postJson('/api/processes/so-shipping-queue/preview', { Parameters: { WarehouseId: 'TOR-02' } }));
    expect(preview.List.map((r: Json) => r.OrderNo)).toContain(record.OrderNo);
    const run = json(await postJson('/api/processes/so-shipping-queue/run', { Parameters: { WarehouseId: 'TOR-02', ShipDate: D('03-04') }, Items: [String(record.OrderKey)] }));
    expect(run.ResultStatus, JSON.stringify(run)).toBe(1);
    const shipped = json(await get(`${SO}/${record.OrderKey}`)).Data;
    expect([shipped.Status, shipped.ShipDate]).toEqual(['Shipped', D('03-04')]);
    expect(await stock('SO-BOLT')).toEqual({ onHand: '50.0000', committed: '0.0000', value: '200.00' });
    expect(await stock('SO-WIRE')).toEqual({ onHand: '4.0000', committed: '0.0000', value: '12.00' });
    const wire = shipped.Lines.find((l: Json) => l.ProductId === 'SO-WIRE');
    expect(wire.Lots.map((l: Json) => [l.LotNo, l.Quantity, l.HeatNo])).toEqual([
      ['SW-1', '6.0000', 'SH-1'],
      ['SW-2', '2.0000', null],
    ]);
    expect([wire.QuantityShipped, wire.UnitCost]).toEqual(['8.0000', '3.0000']);
    // Dr COGS (OE COGS-STEEL → 5100) / Cr inventory (1200): 150 × 4.00 + 8 × 3.00.
    expect(await entriesOf(shipped.OrderNo)).toEqual({ '1200': '-624.00', '5100': '624.00' });
    const tracking = json(await postJson('/api/reports/po-lot-tracking/run', { Parameters: { HeatNo: 'SH-1' } }));
    expect(tracking.List.map((r: Json) => [r.VoucherType, r.VoucherNo, r.Quantity])).toContainEqual(['sales-order', shipped.OrderNo, '-6.0000']);
    record = shipped;
  });

  it('edits a lot shipped: the quantity moves to the right lot, the stock value unchanged, the heat follows (OE-33)', async () => {
    const before = await stock('SO-WIRE');
    const parameters = { OrderKey: String(record.OrderKey), ProductId: 'SO-WIRE', NewLotNo: 'sw-3' };
    const preview = json(await postJson('/api/processes/so-edit-lots-shipped/preview', { Parameters: parameters }));
    expect(preview.List.map((r: Json) => [r.LotNo, r.Quantity])).toEqual([
      ['SW-1', '6.0000'],
      ['SW-2', '2.0000'],
    ]);
    const [sw1, sw2] = preview.List;
    // SW-3 holds 2: the 6 of SW-1 cannot come from it (the stock ledger's refusal); nothing changes.
    const refused = json(await postJson('/api/processes/so-edit-lots-shipped/run', { Parameters: parameters, Items: [String(sw1.LotId)] }));
    expect(refused.List[0].ResultStatus).toBe(2);
    expect(refused.List[0].Message).toMatch(/more than/);
    const moved = json(await postJson('/api/processes/so-edit-lots-shipped/run', { Parameters: parameters, Items: [String(sw2.LotId)] }));
    expect(moved.ResultStatus, JSON.stringify(moved)).toBe(1);
    const lots = await db().selectFrom('stock_lot_balances').select(['lot_no', 'on_hand']).where('product_id', '=', 'SO-WIRE').orderBy('lot_no').execute();
    expect(lots.map((l: Json) => [l.lot_no, decimalFromDb(engine(), l.on_hand, 4)])).toEqual([
      ['SW-1', '0.0000'],
      ['SW-2', '4.0000'],
      ['SW-3', '0.0000'],
    ]);
    expect(await stock('SO-WIRE')).toEqual(before);
    const line = json(await get(`${SO}/${record.OrderKey}`)).Data.Lines.find((l: Json) => l.ProductId === 'SO-WIRE');
    expect(line.Lots.map((l: Json) => [l.LotNo, l.Quantity, l.HeatNo])).toEqual([
      ['SW-1', '6.0000', 'SH-1'],
      ['SW-3', '2.0000', 'SH-1'],
    ]);
    record = json(await get(`${SO}/${record.OrderKey}`)).Data;
  });

  it('refuses invoicing in a closed A/R period, then the invoicing queue answers the order-invoice result and posts the AR invoice', async () => {
    await db().updateTable('fiscal_periods').set({ closed_ar: 1 }).where('fiscal_year', '=', YEAR).where('period_no', '=', 3).execute();
    const closed = await act(record, 'invoice', { Date: D('03-06') });
    expect(closed.statusCode).toBe(400);
    expect(json(closed).Message).toMatch(/^Period is closed \(A\/R\)/);
    // The queue's batch (one call, each order in a savepoint): the refused order is rolled back alone — still
    // Shipped, same version — and answered with its reason; a stale version is answered as such.
    const batch = json(await postJson('/api/processes/so-invoice-queue/run', { Parameters: { BillToId: 'SC1', InvoiceDate: D('03-06') }, Items: [String(record.OrderKey)] }));
    expect([batch.List[0].ResultStatus, batch.List[0].Message]).toEqual([2, expect.stringMatching(/^Period is closed \(A\/R\)/)]);
    expect(json(await get(`${SO}/${record.OrderKey}`)).Data).toMatchObject({ Status: 'Shipped', Version: record.Version });
    const stale = json(await postJson(`${SO}/actions/invoice`, { Items: [{ Id: record.OrderKey, Version: record.Version + 7 }] }));
    expect([stale.List[0].ResultStatus, stale.List[0].ResultCode]).toEqual([2, 'version_conflict']);
    expect((await postJson(`${SO}/actions/invoice`, { Items: [] })).statusCode).toBe(400);
    await db().updateTable('fiscal_periods').set({ closed_ar: 0 }).where('fiscal_year', '=', YEAR).where('period_no', '=', 3).execute();

    const run = json(await postJson('/api/processes/so-invoice-queue/run', { Parameters: { BillToId: 'SC1', InvoiceDate: D('03-06') }, Items: [String(record.OrderKey)] }));
    expect(run.ResultStatus, JSON.stringify(run)).toBe(1);
    const [result] = run.List;
    const invoiced = json(await get(`${SO}/${record.OrderKey}`)).Data;
    expect(invoiced.Status).toBe('Invoiced');
    expect(result).toMatchObject({ ItemId: String(record.OrderKey), Label: record.OrderNo, EntityId: invoiced.InvoiceId });
    expect(result.Data).toEqual({ OrderKey: record.OrderKey, OrderNo: record.OrderNo, InvoiceId: invoiced.InvoiceId, InvoiceNo: invoiced.InvoiceNo });
    // Issue 40 item 3: the result links the invoice it made, on the invoice's screen.
    expect(result.Made).toEqual([expect.objectContaining({ Entity: 'ar-invoice', Id: String(invoiced.InvoiceId), Number: invoiced.InvoiceNo, Screen: '/novus-ar/ar-sales-order-entry' })]);
    const invoice = json(await get(`/api/data/ar-invoice/${invoiced.InvoiceId}`)).Data;
    // Issue 71 item 2: the invoice's Customer PO is the order's customer PO (PO-77), not the order's number.
    expect([invoice.Status, invoice.BillToId, invoice.Reference, invoice.Total, invoice.TaxTotal]).toEqual(['Posted', 'SC1', 'PO-77', record.Total, record.TaxTotal]);
    expect(invoice.Description).toContain(record.OrderNo);
    // Dr AR 1100 / Cr sales 4100 (OE SALES-STEEL) / Cr HST 2200.
    expect(await entriesOf(invoice.DocumentNo)).toEqual({ '1100': record.Total, '4100': `-${record.SubTotal}`, '2200': `-${record.TaxTotal}` });
    // A second run finds nothing to invoice.
    record = invoiced;
    const again = json(await postJson('/api/processes/so-invoice-queue/run', { Parameters: { BillToId: 'SC1' }, Items: [String(record.OrderKey)] }));
    expect(again.List[0].ResultCode).toBe('not_eligible');
  });

  it('driver cash-in: a total paid above the order total is refused; a valid one posts an AR receipt applied to the invoice (acceptance check 5)', async () => {
    const base = { CashInDate: D('03-07'), Driver: 'Sam', BankAccountId: 'OPERATING' };
    const over = await postJson('/api/data/driver-cash-in', { ...base, Lines: [{ OrderKey: record.OrderKey, AmountPaid: add(record.Total, '0.01') }] });
    expect(over.statusCode).toBe(400);
    expect(json(over).Message).toBe('The total paid cannot exceed the order total.');
    const missing = await postJson('/api/data/driver-cash-in', { ...base, Lines: [{ OrderKey: 999999, AmountPaid: '1.00' }] });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).Data.Errors.map((e: Json) => e.message)).toContain('Sales order does not exist.');

    await created('/api/data/form-of-payment', { PaymentId: 'T-CASH', Description: 'Test cash', Kind: 'Cash' });
    const cashIn = await created('/api/data/driver-cash-in', { ...base, Lines: [{ OrderKey: record.OrderKey, AmountPaid: '1000.00', PaymentId: 'T-CASH' }] });
    expect([cashIn.TotalPaid, cashIn.Lines[0].OrderNo, cashIn.Lines[0].InvoiceNo, cashIn.Lines[0].OrderTotal]).toEqual(['1000.00', record.OrderNo, record.InvoiceNo, record.Total]);
    const posted = await postJson(`/api/data/driver-cash-in/${cashIn.CashInId}/actions/post`, { Version: cashIn.Version });
    expect(posted.statusCode, posted.body).toBe(200);
    const after = json(await get(`/api/data/driver-cash-in/${cashIn.CashInId}`)).Data;
    expect(after.Status).toBe('Posted');
    const receiptNo = after.Lines[0].ReceiptNo;
    expect(receiptNo).toMatch(/^RC/);
    // Dr bank / Cr receivables, and the invoice's open balance falls by what was paid.
    const entries = await entriesOf(receiptNo);
    expect(entries['1100']).toBe('-1000.00');
    const item = await db().selectFrom('ar_items').select('open_balance').where('document_no', '=', record.InvoiceNo).executeTakeFirst();
    expect(decimalFromDb(engine(), item.open_balance, 2)).toBe(add(record.Total, '-1000.00'));
    const cdc = json(await postJson('/api/reports/so-cdc/run', { Parameters: { StartDate: D('03-01'), EndDate: D('03-31') } }));
    expect(cdc.List.map((r: Json) => [r.Kind, r.PaymentId, r.OrderNo, r.ReceiptNo, r.AmountPaid])).toEqual([['Cash', 'T-CASH', record.OrderNo, receiptNo, '1000.00']]);
    // A second cash-in may not take the order's total beyond it.
    const again = await postJson('/api/data/driver-cash-in', { ...base, Lines: [{ OrderKey: record.OrderKey, AmountPaid: '1000.00' }] });
    expect(json(again).Message).toBe('The total paid cannot exceed the order total.');
  });

  it('lists the orders in the reports', async () => {
    const parameters = { StartDate: D('01-01'), EndDate: D('12-31'), BillToId: 'SC1' };
    const summary = json(await postJson('/api/reports/so-order-summary/run', { Parameters: parameters }));
    expect(summary.List.find((r: Json) => r.OrderNo === record.OrderNo)).toMatchObject({ Status: 'Invoiced', InvoiceNo: expect.stringMatching(/^AR/) });
    const register = json(await postJson('/api/reports/so-sales-register/run', { Parameters: parameters }));
    expect(register.List.map((r: Json) => [r.OrderNo, r.Total])).toEqual([[record.OrderNo, record.Total]]);
    const analysis = json(await postJson('/api/reports/so-sales-analysis/run', { Parameters: parameters }));
    const bolt = analysis.List.find((r: Json) => r.ProductId === 'SO-BOLT');
    expect([bolt.Quantity, bolt.Sales, bolt.Cost, bolt.Margin]).toEqual(['150.0000', '1350.00', '600.00', '750.00']);
    const documents = json(await postJson('/api/reports/so-sales-documents/run', { Parameters: { ...parameters, Search: record.InvoiceNo.slice(2) } }));
    expect(documents.List.map((r: Json) => r.OrderNo)).toEqual([record.OrderNo]);
    const credit = json(await postJson('/api/reports/so-credit-sales/run', { Parameters: parameters }));
    expect(credit.List.map((r: Json) => [r.InvoiceNo, r.Total, r.OpenBalance])).toEqual([[record.InvoiceNo, record.Total, add(record.Total, '-1000.00')]]);
    const commission = json(await postJson('/api/reports/so-sales-commission/run', { Parameters: { StartDate: D('01-01'), EndDate: D('12-31'), SalesRep: 'SR01' } }));
    const ours = commission.List.filter((r: Json) => r.OrderNo === record.OrderNo);
    expect(ours.map((r: Json) => [r.Sales, r.CommissionPercent, r.Commission])).toEqual([
      ['1350.00', '2.50', '33.75'],
      ['160.00', '2.50', '4.00'],
    ]);
    // A commission run takes the same lines once: a second run of the period finds none left.
    const run = await created('/api/data/commission-run', { StartDate: D('03-01'), EndDate: D('03-31'), SalesRep: 'SR01' });
    expect(run.Lines.filter((l: Json) => l.OrderNo === record.OrderNo).map((l: Json) => [l.Base, l.Percent, l.Amount])).toEqual([
      ['1350.00', '2.50', '33.75'],
      ['160.00', '2.50', '4.00'],
    ]);
    const second = await created('/api/data/commission-run', { StartDate: D('03-01'), EndDate: D('03-31'), SalesRep: 'SR01' });
    expect(second.Lines.filter((l: Json) => l.OrderNo === record.OrderNo)).toEqual([]);
    const wrong = await postJson('/api/data/commission-run', { StartDate: D('03-31'), EndDate: D('03-01') });
    expect(json(wrong).Data.Errors.map((e: Json) => e.message)).toContain('The end date cannot be before the start date.');
    const classes = json(await postJson('/api/reports/so-product-class/run', { Parameters: parameters }));
    expect(classes.List.filter((r: Json) => r.ClassId === 'TSO').map((r: Json) => r.Sales)).toEqual(['1350.00', '160.00']);
    const printing = json(await postJson('/api/reports/so-invoice-printing/run', { Parameters: { ...parameters, PrintDate: D('03-31') } }));
    expect(printing.List.map((r: Json) => [r.InvoiceNo, r.OrderNo, r.Amount])).toEqual([
      [record.InvoiceNo, record.OrderNo, '1350.00'],
      [record.InvoiceNo, record.OrderNo, '160.00'],
    ]);
    const pdf = await postJson('/api/reports/so-invoice-printing/pdf', { Parameters: { ...parameters, PrintDate: D('03-31') } });
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    await created('/api/data/discount-table', { DiscountTableId: 'T-DISC', Description: 'Test discounts', Lines: [{ ProductId: 'SO-BOLT', Percent: '5.0000' }, { ClassId: 'TSO', Percent: '2.5000' }] });
    const discounts = json(await postJson('/api/reports/so-product-discount/run', { Parameters: { DiscountTableId: 'T-DISC' } }));
    // Blank products sort first on SQLite and last on PostgreSQL: compared in a fixed order.
    const discountRows = discounts.List.map((r: Json) => [r.ProductId ?? '', r.ClassId ?? '', r.Percent, r.Customers]).sort();
    expect(discountRows).toEqual([
      ['', 'TSO', '2.5000', 0],
      ['SO-BOLT', '', '5.0000', 0],
    ]);
    // Not yet sent: the EDI report lists the invoice; publishing sends it to the customer's portal and it leaves both lists.
    const edi = json(await postJson('/api/reports/so-edi-not-transmitted/run', { Parameters: { BillToId: 'SC1' } }));
    expect(edi.List.map((r: Json) => r.InvoiceNo)).toEqual([record.InvoiceNo]);
    await created('/api/data/email-template', { TemplateId: 'T-INV', Description: 'Invoice', Subject: 'Invoice {{InvoiceNo}}', Body: 'Dear {{CustomerName}}, order {{OrderNo}}: {{Amount}} due {{DueDate}}.' });
    await db().updateTable('firms').set({ email: 'payables@sc1.example' }).where('firm_id', '=', 'SC1').execute();
    const published = json(await postJson('/api/processes/so-invoice-publishing/run', { Parameters: { TemplateId: 'T-INV', BillToId: 'SC1' }, Items: [`SO:${record.OrderKey}`] }));
    expect(published.ResultStatus, JSON.stringify(published)).toBe(1);
    expect(published.List[0].Message).toBe(`Invoice ${record.InvoiceNo} published to SC1 and e-mailed to payables@sc1.example.`);
    const note = await db().selectFrom('portal_notifications').selectAll().where('bill_to_id', '=', 'SC1').executeTakeFirst();
    // Issue 71 item 2: the amount and the date as the customer's language writes them (en-CA here).
    const text = `Dear Sales test customer, order ${record.OrderNo}: ${formatDecimal(record.Total, 2, 'en-CA')} due ${formatCalendarDate(D('03-06'), 'en-CA')}.`;
    expect([note.title, note.body]).toEqual([`Invoice ${record.InvoiceNo}`, text]);
    // Its record trail (§3) is the publisher's, at the publication's time.
    expect([note.created_by, note.updated_by, note.updated_on]).toEqual(['admin', 'admin', note.created_on]);
    // The same words by e-mail, received by the embedded SMTP capture (no outside server in tests): the mailbox.
    const mailbox = json(await get(`/api/data/captured-mail?Search=${record.InvoiceNo}`)).List as Json[];
    expect(mailbox.map((m) => [m.MailTo, m.Subject])).toEqual([['payables@sc1.example', `Invoice ${record.InvoiceNo}`]]);
    expect((json(await get(`/api/data/captured-mail/${mailbox[0]!.MailKey}`)).Data as Json).BodyText.trim()).toBe(text);
    expect(json(await postJson('/api/reports/so-edi-not-transmitted/run', { Parameters: { BillToId: 'SC1' } })).List).toEqual([]);
    const status = json(await postJson('/api/reports/so-order-status/run', { Parameters: { ...parameters, Status: 'Invoiced' } }));
    expect(status.List.map((r: Json) => [r.ProductId, r.QuantityShipped])).toEqual([
      ['SO-BOLT', '150.0000'],
      ['SO-WIRE', '8.0000'],
    ]);
  });

  it('posts a commission run to payables: one voucher per rep to the rep\'s vendor, Dr commissions / Cr A/P (OE-40)', async () => {
    const runs = json(await get('/api/data/commission-run?filter.SalesRep=SR01')).List as Json[];
    const [empty, full] = await Promise.all(runs.slice(0, 2).map(async (r) => json(await get(`/api/data/commission-run/${r.RunId}`)).Data as Json));
    const post = (target: Json) => postJson(`/api/data/commission-run/${target.RunId}/actions/post`, { Version: target.Version });
    expect(json(await post(empty!)).Message).toBe('There are no commissions to post.');
    expect(json(await post(full!)).Message).toBe('Choose the bank the vouchers are paid from.');
    const withBank = json(await put(`/api/data/commission-run/${full!.RunId}`, { ...full, Lines: undefined, BankAccountId: 'OPERATING' })).Data as Json;
    expect(json(await post(withBank)).Message).toBe('Sales rep SR01 has no payables vendor: set it on the sales rep.');
    const rep = json(await get('/api/data/sales-rep/SR01')).Data as Json;
    const refusedVendor = await put('/api/data/sales-rep/SR01', { ...rep, VendorId: 'SC1' });
    expect(json(refusedVendor).Data.Errors.map((e: Json) => e.message)).toContain('The vendor must be an active firm with a vendor account.');
    expect((await put('/api/data/sales-rep/SR01', { ...rep, VendorId: 'SV1' })).statusCode).toBe(200);

    const posted = await post(withBank);
    expect(posted.statusCode, posted.body).toBe(200);
    const answer = json(posted);
    expect(answer.Message).toBe(`${full!.RunNo} posted to payables: 1 voucher.`);
    const [voucher] = answer.Data.ActionResult.Vouchers as Json[];
    expect([voucher!.SalesRep, voucher!.VendorId, voucher!.Amount]).toEqual(['SR01', 'SV1', full!.Total]);
    const invoice = json(await get(`/api/data/ap-invoice/${voucher!.InvoiceId}`)).Data as Json;
    expect([invoice.Status, invoice.VendorId, invoice.Amount, invoice.TransactionDate]).toEqual(['Posted', 'SV1', full!.Total, D('03-31')]);
    const entries = await entriesOf(voucher!.DocumentNo);
    expect(entries['6150']).toBe(full!.Total);
    expect(Object.values(entries).reduce((sum, amount) => add(sum, amount), '0.00')).toBe('0.00');
    const after = json(await get(`/api/data/commission-run/${full!.RunId}`)).Data as Json;
    expect(after.Status).toBe('Posted');
    expect(new Set((after.Lines as Json[]).map((l) => l.VoucherNo))).toEqual(new Set([voucher!.DocumentNo]));
    // Posted: no second voucher, no change.
    expect((await post(after)).statusCode).not.toBe(200);
  });

  it('product return: only what was shipped, received back at its cost (Dr inventory / Cr COGS), credited by an AR credit note applied to the invoice', async () => {
    const base = { ReturnDate: D('03-10'), OrderKey: record.OrderKey, Reason: 'Damaged' };
    const over = await postJson('/api/data/product-return', { ...base, Lines: [{ ProductId: 'SO-BOLT', Quantity: '151.0000' }] });
    expect(over.statusCode).toBe(400);
    expect(json(over).Message).toBe('Only 150.0000 were shipped; 0.0000 already returned.');
    const foreign = await postJson('/api/data/product-return', { ...base, Lines: [{ ProductId: 'PO-NONE', Quantity: '1.0000' }] });
    expect(foreign.statusCode).toBe(400);
    const made = await created('/api/data/product-return', { ...base, Lines: [{ ProductId: 'SO-BOLT', Quantity: '10.0000' }, { ProductId: 'SO-WIRE', Quantity: '2.0000', Lots: [] }] });
    expect([made.Status, made.OrderNo, made.Total, made.Lines[0].UnitPrice, made.Lines[0].UnitCost]).toEqual(['Open', record.OrderNo, '130.00', '9.0000', '4.0000']);
    // A lot-tracked line is received with its lots only.
    const noLots = await postJson(`/api/data/product-return/${made.ReturnId}/actions/receive`, { Version: made.Version });
    expect(noLots.statusCode).toBe(400);
    const withLots = json(await put(`/api/data/product-return/${made.ReturnId}`, { Version: made.Version, Lines: made.Lines.map((l: Json) => (l.ProductId === 'SO-WIRE' ? { ...l, Lots: [{ LotNo: 'SW-2', Quantity: '2.0000' }] } : l)) })).Data;
    const before = await stock('SO-BOLT');
    const received = await postJson(`/api/data/product-return/${made.ReturnId}/actions/receive`, { Version: withLots.Version });
    expect(received.statusCode, received.body).toBe(200);
    expect((await stock('SO-BOLT')).onHand).toBe(add(before.onHand!, '10.0000'));
    expect(await entriesOf(made.ReturnNo)).toEqual({ '1200': '46.00', '5100': '-46.00' });
    const lot = await db().selectFrom('stock_lot_balances').select('on_hand').where('product_id', '=', 'SO-WIRE').where('lot_no', '=', 'SW-2').executeTakeFirst();
    expect(decimalFromDb(engine(), lot.on_hand, 4)).toBe('6.0000');

    const credited = await postJson(`/api/data/product-return/${made.ReturnId}/actions/credit`, { Version: json(received).Data.Version });
    expect(credited.statusCode, credited.body).toBe(200);
    const done = json(credited).Data;
    expect(done.Status).toBe('Credited');
    const note = json(await get(`/api/data/ar-invoice/${done.CreditNoteId}`)).Data;
    expect([note.DocumentType, note.Total, note.Reference]).toEqual(['CreditNote', '146.90', made.ReturnNo]);
    expect(await entriesOf(note.DocumentNo)).toEqual({ '1100': '-146.90', '4100': '130.00', '2200': '16.90' });
    const item = await db().selectFrom('ar_items').select('open_balance').where('document_no', '=', record.InvoiceNo).executeTakeFirst();
    expect(decimalFromDb(engine(), item.open_balance, 2)).toBe(add(add(record.Total, '-1000.00'), '-146.90'));
  });

  it('sum checks: every journal balances, inventory GL = the test products’ stock value, AR control = the customer’s open items', async () => {
    const journals = await db().selectFrom('gl_entries').select(['journal_id', 'amount']).execute();
    const byJournal = new Map<number, string>();
    for (const row of journals) byJournal.set(row.journal_id, add(byJournal.get(row.journal_id) ?? '0.00', decimalFromDb(engine(), row.amount, 2)!));
    for (const total of byJournal.values()) expect(total).toBe('0.00');
    const values = await Promise.all(['SO-BOLT', 'SO-WIRE'].map(stock));
    const stockValue = values.reduce((sum, v) => add(sum, v.value!), '0.00');
    const ledger = await db().selectFrom('stock_ledger').select(['value', 'voucher_no']).where('product_id', 'in', ['SO-BOLT', 'SO-WIRE']).execute();
    expect(ledger.reduce((sum: string, r: Json) => add(sum, decimalFromDb(engine(), r.value, 2)!), '0.00')).toBe(stockValue);
    // The receipt, the shipment and the return moved only these products: their inventory postings equal the stock value.
    const vouchers = [...new Set(ledger.map((r: Json) => String(r.voucher_no)))];
    expect(vouchers).toHaveLength(3);
    const inventory = await db().selectFrom('gl_entries').select('amount').where('account_id', '=', '1200').where('document_no', 'in', vouchers).execute();
    expect(inventory.reduce((sum: string, r: Json) => add(sum, decimalFromDb(engine(), r.amount, 2)!), '0.00')).toBe(stockValue);
    const items = await db().selectFrom('ar_items').select(['open_balance']).where('firm_id', '=', 'SC1').execute();
    const open = items.reduce((sum: string, r: Json) => add(sum, decimalFromDb(engine(), r.open_balance, 2)!), '0.00');
    const receipts = await db().selectFrom('ar_items').select('document_no').where('firm_id', '=', 'SC1').execute();
    const control = await db().selectFrom('gl_entries').select('amount').where('account_id', '=', '1100').where('document_no', 'in', receipts.map((r: Json) => r.document_no)).execute();
    expect(control.reduce((sum: string, r: Json) => add(sum, decimalFromDb(engine(), r.amount, 2)!), '0.00')).toBe(open);
    expect(open).toBe(add(add(record.Total, '-1000.00'), '-146.90'));
  });
});

describe('portal orders become sales orders (acceptance check 6)', () => {
  it('an order submitted at /portal/order is an Entered sales order, channel Portal, in the order summary', async () => {
    const portal = (await signIn(server.app, 'portal', 'portal')).access_token;
    const billToId = 'B100';
    const productId = 'AL-6061-SH125';
    expect((await postJson('/api/PortalOrder/account-switch', { BillToId: billToId }, portal)).statusCode).toBe(200);
    const body = { BillToId: billToId, ShipToId: 'S101', Notes: 'Rush', Lines: [{ ProductId: productId, Quantity: 2 }] };
    // Issue 71 item 2: it ships from the warehouse the desk's new order for this customer would take.
    const usual = json(await postJson('/api/defaults/sales-order', { Field: 'BillToId', Values: { BillToId: billToId } })).Data.WarehouseId;
    expect(usual).toEqual(expect.any(String));
    const submitted = await submit(portal, 'so-test-portal-1', body);
    expect(submitted.statusCode, submitted.body).toBe(201);
    const portalOrder = json(submitted).Data;
    const rows = await db().selectFrom('sales_orders').selectAll().where('portal_order_key', '=', portalOrder.OrderKey).execute();
    expect(rows).toHaveLength(1);
    expect([rows[0].status, rows[0].channel, rows[0].bill_to_id, rows[0].customer_po, rows[0].warehouse_id]).toEqual(['Entered', 'Portal', billToId, portalOrder.OrderNo, usual]);
    const salesOrder = json(await get(`${SO}/${rows[0].order_key}`)).Data;
    expect(salesOrder.Lines.map((l: Json) => [l.ProductId, l.Quantity])).toEqual([[productId, '2.0000']]);
    expect(Number(salesOrder.SubTotal)).toBeCloseTo(portalOrder.Total, 2);
    const today = new Date().toISOString().slice(0, 10);
    const summary = json(await postJson('/api/reports/so-order-summary/run', { Parameters: { StartDate: today, EndDate: today, BillToId: billToId } }));
    expect(summary.List.map((r: Json) => [r.OrderNo, r.Channel])).toContainEqual([salesOrder.OrderNo, 'Portal']);
    // The same key again answers the same portal order and creates no second sales order.
    const replay = await submit(portal, 'so-test-portal-1', body);
    expect(replay.statusCode).toBe(200);
    expect(await db().selectFrom('sales_orders').selectAll().where('portal_order_key', '=', portalOrder.OrderKey).execute()).toHaveLength(1);

    // The portal order follows the sales order: committed, it is Processing; invoiced, Order Details names the invoice.
    await actOk(salesOrder, 'commit', { Confirmations: ['credit-limit'] });
    const detail = (key: number) => call(server.app, 'GET', `/api/PortalOrder/detail/${key}`, portal).then((r) => r.json().Data);
    expect([(await detail(portalOrder.OrderKey)).Status, (await detail(portalOrder.OrderKey)).InvoiceNo]).toEqual(['Processing', null]);
    await db().updateTable('sales_orders').set({ invoice_no: 'AR-TEST' }).where('order_key', '=', salesOrder.OrderKey).execute();
    expect((await detail(portalOrder.OrderKey)).InvoiceNo).toBe('AR-TEST');
    // Cancelled, it is Cancelled (the portal's follower of sales orders, issue 73 item 3).
    await actOk(json(await get(`${SO}/${salesOrder.OrderKey}`)).Data, 'cancel');
    expect((await detail(portalOrder.OrderKey)).Status).toBe('Cancelled');
  });
});

describe('a purchase order bought for a sales order (issue 23 item 1 "add from sales order")', () => {
  const proposals = async (key: string, header: Json = { VendorId: 'SV1', ShipToId: 'TOR-02' }) => postJson('/api/so/purchase-order-lines', { Header: header, Key: key });
  const take = (productId: string, quantity: string, price: string, description: string, selected = true) => ({
    Values: { ProductId: productId, Description: description, QuantityOrdered: quantity, UnitPrice: price },
    Selected: selected,
    ...(selected ? {} : { NoteKey: 'po:purchase-order.sources.alreadyOrdered' }),
  });

  it("proposes the order's products not yet bought for it, at the vendor's last price, its own lines aside", async () => {
    const so = await created(SO, order([{ ProductId: 'SO-BOLT', Quantity: '30.0000' }, { ProductId: 'SO-WIRE', Quantity: '5.0000' }]));
    const first = await proposals(so.OrderNo);
    expect(first.statusCode, first.body).toBe(200);
    expect(json(first).Data.Lines).toEqual([take('SO-BOLT', '30.0000', '4.0000', 'Sales bolt'), take('SO-WIRE', '5.0000', '3.0000', 'Sales wire')]);

    // The lookup offers the open order, and the purchase order remembers it.
    const offered = json(await get(`/api/lookup/sales-order?From=purchase-order&Field=SalesOrderNo&Search=${so.OrderNo}`));
    expect(offered.List.map((row: Json) => String(row.Value))).toContain(so.OrderNo);
    const po = await created('/api/data/purchase-order', { OrderDate: D('03-01'), VendorId: 'SV1', ShipToId: 'TOR-02', SalesOrderNo: so.OrderNo, Lines: [{ ProductId: 'SO-BOLT', QuantityOrdered: '20.0000', UnitPrice: '4.0000' }] });
    expect(json(await proposals(so.OrderNo)).Data.Lines).toEqual([take('SO-BOLT', '10.0000', '4.0000', 'Sales bolt'), take('SO-WIRE', '5.0000', '3.0000', 'Sales wire')]);
    // Asked from that purchase order itself, its own 20 are not "already bought".
    expect(json(await proposals(so.OrderNo, { PoId: po.PoId, VendorId: 'SV1', ShipToId: 'TOR-02' })).Data.Lines[0]).toEqual(take('SO-BOLT', '30.0000', '4.0000', 'Sales bolt'));

    // Fully bought: shown, not ticked, with the reason; a cancelled purchase order no longer counts.
    const second = await created('/api/data/purchase-order', { OrderDate: D('03-01'), VendorId: 'SV1', ShipToId: 'TOR-02', SalesOrderNo: so.OrderNo, Lines: [{ ProductId: 'SO-BOLT', QuantityOrdered: '10.0000', UnitPrice: '4.0000' }] });
    expect(json(await proposals(so.OrderNo)).Data.Lines[0]).toEqual(take('SO-BOLT', '30.0000', '4.0000', 'Sales bolt', false));
    const cancelled = await postJson(`/api/data/purchase-order/${second.PoId}/actions/cancel`, { Version: second.Version });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(json(await proposals(so.OrderNo)).Data.Lines[0]).toEqual(take('SO-BOLT', '10.0000', '4.0000', 'Sales bolt'));

    // Another vendor has no price of its own: the receiving warehouse's last cost.
    expect(json(await proposals(so.OrderNo, { VendorId: 'NOBODY', ShipToId: 'TOR-02' })).Data.Lines[1].Values.UnitPrice).toBe('3.0000');
  });

  it('refuses a sales order that does not exist or is closed, in the call and in the save (§8)', async () => {
    const missing = await proposals('SO-NONE');
    expect([missing.statusCode, json(missing).Message]).toEqual([404, 'Sales order does not exist.']);
    const so = await created(SO, order([{ ProductId: 'SO-BOLT', Quantity: '1.0000' }]));
    await actOk(so, 'cancel');
    const closed = await proposals(so.OrderNo);
    expect([closed.statusCode, json(closed).Message]).toEqual([400, 'The sales order is closed: only an entered or committed order can be bought for.']);
    const offered = json(await get(`/api/lookup/sales-order?From=purchase-order&Field=SalesOrderNo&Search=${so.OrderNo}`));
    expect(offered.List.map((row: Json) => String(row.Value))).not.toContain(so.OrderNo);
    const saved = await postJson('/api/data/purchase-order', { OrderDate: D('03-01'), VendorId: 'SV1', ShipToId: 'TOR-02', SalesOrderNo: so.OrderNo, Lines: [] });
    expect(saved.statusCode).toBe(400);
    expect(JSON.stringify(json(saved))).toContain('The sales order is closed');
    const malformed = await postJson('/api/so/purchase-order-lines', { Header: {}, Key: 12 });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('invoicing many orders in one queue run (issue 26 "Performance": Receivables writes the batch at once)', () => {
  /** A shipped order of the non-stocked test product for `billToId`. */
  async function shipped(billToId: string, quantity: string): Promise<Json> {
    const entered = await created(SO, order([{ ProductId: 'SO-SVC', Quantity: quantity }], { BillToId: billToId, ShipToId: billToId }));
    const committed = await actOk(entered, 'commit');
    return actOk(committed, 'ship', { Date: D('03-10') });
  }

  /** An order's AR invoice as written, without what differs between two copies (ids, number, reference, times). */
  async function written(orderKey: number): Promise<Json> {
    const salesOrder = json(await get(`${SO}/${orderKey}`)).Data;
    const invoice = json(await get(`/api/data/ar-invoice/${salesOrder.InvoiceId}`)).Data;
    const items = await db().selectFrom('ar_items').selectAll().where('document_no', '=', invoice.DocumentNo).execute();
    return {
      invoice: [invoice.Status, invoice.BillToId, invoice.ShipToId, invoice.InvoiceDate, invoice.DueDate, invoice.TermsCode, invoice.ProvinceCode, invoice.SubTotal, invoice.TaxTotal, invoice.Total],
      lines: invoice.Lines.map((l: Json) => [l.Description, l.AccountId, l.Quantity, l.UnitPrice, l.Amount, l.TaxCodes, l.TaxAmount]),
      entries: await entriesOf(invoice.DocumentNo),
      items: items.map((i: Json) => [i.firm_id, i.item_type, i.due_date, decimalFromDb(engine(), i.amount, 2), decimalFromDb(engine(), i.open_balance, 2), i.status]),
      salesOrder: [salesOrder.Status, salesOrder.Total],
    };
  }

  it('invoices the orders as one by one would; a refused order is answered and stays Shipped while the others are invoiced', async () => {
    for (const firm of [
      { FirmId: 'SB1', Name: 'Batch customer Ontario', FirmTypes: ['bill-to'], ProvinceCode: 'ON', AccountTerms: '2N30' },
      { FirmId: 'SB2', Name: 'Batch customer Quebec', FirmTypes: ['bill-to'], ProvinceCode: 'QC' },
      { FirmId: 'SB3', Name: 'Batch customer closing', FirmTypes: ['bill-to'], ProvinceCode: 'ON' },
    ]) {
      await created('/api/data/firm', firm);
    }
    await created('/api/data/product', { ProductId: 'SO-SVC', Description: 'Sales cutting service', ClassId: 'TSO', KitType: 'None', TrackInventory: false, UnitOfMeasure: 'EA' });
    await created('/api/data/product-price', { ProductId: 'SO-SVC', PriceTable: 'LIST', PriceType: 'Each', FromQuantity: '0.0000', Price: '12.3456', Currency: 'CAD' });
    const plan: [string, string][] = [
      ['SB1', '3.0000'],
      ['SB2', '7.0000'],
      ['SB1', '11.0000'],
    ];
    const alone: Json[] = [];
    for (const [billTo, quantity] of plan) alone.push(await shipped(billTo, quantity));
    const together: Json[] = [];
    for (const [billTo, quantity] of plan) together.push(await shipped(billTo, quantity));
    const refused = await shipped('SB3', '1.0000');
    await db().updateTable('firms').set({ is_active: engine() === 'postgres' ? false : 0 }).where('firm_id', '=', 'SB3').execute();

    // One by one: each order's own action.
    for (const record of alone) await actOk(record, 'invoice', { Date: D('03-12') });
    // One queue run: one batch of four, the refused order among them.
    const items = [together[0]!, refused, together[1]!, together[2]!].map((record) => String(record.OrderKey));
    const run = json(await postJson('/api/processes/so-invoice-queue/run', { Parameters: { InvoiceDate: D('03-12') }, Items: items }));
    expect(run.List.map((r: Json) => r.ResultStatus), JSON.stringify(run)).toEqual([1, 2, 1, 1]);
    expect(run.List[1]).toMatchObject({ Label: refused.OrderNo, Message: 'Bill To is invalid.' });
    expect(json(await get(`${SO}/${refused.OrderKey}`)).Data).toMatchObject({ Status: 'Shipped', Version: refused.Version, InvoiceId: null });

    const numbers = [0, 2, 3].map((index) => String(run.List[index].Data.InvoiceNo));
    // The batch path links the invoices it made too (issue 40 item 3).
    expect([0, 2, 3].map((index) => run.List[index].Made[0].Number)).toEqual(numbers);
    const values = numbers.map((no) => Number(no.slice(2)));
    expect(values).toEqual([values[0], values[0]! + 1, values[0]! + 2]);
    for (const [index, record] of together.entries()) {
      const batch = await written(record.OrderKey);
      expect(batch).toEqual(await written(alone[index]!.OrderKey));
      expect(batch.salesOrder[0]).toBe('Invoiced');
      // Dr AR = the order's total = the AR item (sub-ledger = control account), Cr sales and taxes.
      expect(batch.entries['1100']).toBe(record.Total);
      expect(batch.items[0][3]).toBe(record.Total);
    }
  });
});
