/**
 * Production work orders, the inventory year end and the BoM / work order / demand action reports (issue 15
 * items 6 and 7, SCREENS.md WP3 acceptance 5, IC-11, IC-15, IC-16, IC-18, IC-19) on SQLite and PostgreSQL,
 * through the API:
 * - a work order for a product that is not an assembly is refused (§5); the BoM is copied from the product;
 * - producing a batch consumes the components (on hand down) and receives the product (on hand up) at the
 *   consumed value, with one balanced IC journal entry; a Committed order allocates the components it still
 *   needs (stock_balances.committed), released by batches, close and delete, re-allocated by Re-Open and edits;
 * - §4: closing with remaining ≠ 0 and no reason is refused, with a reason accepted; a batch entered on close is
 *   produced first; a Closed order cannot be edited; Re-Open; deleting an order with produced to date > 0 is
 *   refused, a Pending one with nothing produced is deleted;
 * - year end: the snapshot equals the balances at the year's end, and a back-dated movement is then refused
 *   (§8 "Selected date is in a closed period."), as is re-opening an order closed in that year;
 * - the reports' rows;
 * - the invariants after the work orders: ledger sums per product × warehouse = balances, stock value = the
 *   inventory accounts' GL balance.
 * Stock comes in through the stock ledger's recordMovements (h15c); the test's years are its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { inventoryAccounts, recordMovements, type StockMovement } from '../server/stock/ledger.ts';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { call } from '../../../server/test/helpers/entities.ts';

let server: TestServer;
let admin: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => call(server.app, method, url, admin, body);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const db = () => server.app.erp.database.db as any;
const engine = () => server.app.erp.database.engine;

/** Years of this test: stock in YEAR, closed by the year end; later work in NEXT. */
const YEAR = 2023;
const NEXT = 2024;
const WH = 'TOR-01';

async function receive(date: string, documentNo: string, movements: StockMovement[]) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return db().transaction().execute((trx: any) => recordMovements(trx, { date, documentNo, origin: { type: 'test', id: documentNo }, userId: 'admin' }, movements));
}

async function committed(productId: string): Promise<string | null> {
  const row = await db().selectFrom('stock_balances').select('committed').where('product_id', '=', productId).where('warehouse_id', '=', WH).executeTakeFirst();
  return decimalFromDb(engine(), row?.committed ?? 0, 4);
}

async function onHand(productId: string): Promise<{ onHand: string | null; value: string | null }> {
  const row = await db().selectFrom('stock_balances').selectAll().where('product_id', '=', productId).where('warehouse_id', '=', WH).executeTakeFirst();
  return { onHand: decimalFromDb(engine(), row?.on_hand ?? 0, 4), value: decimalFromDb(engine(), row?.value ?? 0, 2) };
}

async function created(url: string, body: Json): Promise<Json> {
  const response = await api('POST', url, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().Data as Json;
}

async function action(order: Json, name: string): Promise<{ status: number; body: Json }> {
  const response = await api('POST', `/api/data/production-work-order/${order['WorkOrderId']}/actions/${name}`, { Version: order['Version'] });
  return { status: response.statusCode, body: response.json() as Json };
}

async function update(order: Json, changes: Json): Promise<Json> {
  const response = await api('PUT', `/api/data/production-work-order/${order['WorkOrderId']}`, { ...changes, Version: order['Version'] });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().Data as Json;
}

async function newOrder(quantity: string, extra: Json = {}): Promise<Json> {
  return created('/api/data/production-work-order', { ProductId: 'WO-BRACKET', WarehouseId: WH, QuantityToProduce: quantity, DateRequired: `${YEAR}-03-01`, ...extra });
}

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  for (const year of [YEAR, NEXT]) {
    const response = await api('POST', '/api/data/accounting-period/fiscal-years', { FiscalYear: year });
    expect(response.statusCode, response.body).toBe(201);
  }
  // Components are steel (INVENTORY-STEEL), the assembly electrical (INVENTORY-ELECTRICAL): the batch's IC entry
  // moves value from one inventory account to the other.
  for (const [ClassId, Description] of [['STEEL', 'Steel'], ['ELECTRICAL', 'Electrical']]) {
    const found = await api('GET', `/api/data/product-class/${ClassId}`);
    if (found.statusCode === 404) await created('/api/data/product-class', { ClassId, Description });
  }
  const product = (ProductId: string, ClassId: string, extra: Json = {}) => created('/api/data/product', { ProductId, Description: `${ProductId} test`, ClassId, UnitOfMeasure: 'EA', KitType: 'None', TrackInventory: true, ...extra });
  await product('WO-PLATE', 'STEEL', { MinLevel: '200.0000', MaxLevel: '300.0000' });
  await product('WO-BOLT', 'STEEL');
  await product('WO-PLAIN', 'STEEL');
  await product('WO-BRACKET', 'ELECTRICAL', {
    KitType: 'Assembly',
    Manufactured: true,
    Components: [
      { ComponentId: 'WO-PLATE', Factor: '1.0000', Quantity: '2.0000' },
      { ComponentId: 'WO-BOLT', Factor: '2.0000', Quantity: '2.0000' },
    ],
  });
  await receive(`${YEAR}-01-05`, 'WO-IN-1', [
    { productId: 'WO-PLATE', warehouseId: WH, quantity: '100', unitCost: '3.00', line: 1 },
    { productId: 'WO-BOLT', warehouseId: WH, quantity: '500', unitCost: '0.25', line: 2 },
  ]);
});

afterAll(async () => {
  await server?.stop();
});

describe('production work orders', () => {
  let order: Json;

  it('refuses a work order for a product that is not an assembly (§5)', async () => {
    const response = await api('POST', '/api/data/production-work-order', { ProductId: 'WO-PLAIN', WarehouseId: WH, QuantityToProduce: '5.0000', DateRequired: `${YEAR}-03-01` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ResultCode: 'validation_failed', Message: 'The product must be an assembly.' });
  });

  it('copies the bill of materials from the product (factor per unit, quantity for the order)', async () => {
    order = await newOrder('10.0000');
    expect(order).toMatchObject({ Status: 'Pending', ProducedToDate: '0.0000', Remaining: '10.0000' });
    expect(order['WorkOrderNo']).toMatch(/^WO/);
    expect((order['Components'] as Json[]).map((l) => [l['ComponentId'], l['Factor'], l['Quantity'], l['UsedToDate']])).toEqual([
      ['WO-PLATE', '2.0000', '20.0000', '0.0000'],
      ['WO-BOLT', '4.0000', '40.0000', '0.0000'],
    ]);
    // The server keeps Quantity and UsedToDate whatever the client sends.
    const lines = (order['Components'] as Json[]).map((l) => ({ ...l, UsedToDate: '99.0000', Quantity: '1.0000' }));
    order = await update(order, { QuantityToProduce: '8.0000', Components: lines });
    expect((order['Components'] as Json[]).map((l) => [l['Quantity'], l['UsedToDate']])).toEqual([
      ['16.0000', '0.0000'],
      ['32.0000', '0.0000'],
    ]);
    order = await update(order, { QuantityToProduce: '10.0000' });
    expect(order['Remaining']).toBe('10.0000');
  });

  it('produces a batch: components down, the assembly up at the consumed value, one balanced IC entry', async () => {
    order = (await action(order, 'commit')).body['Data'];
    expect(order['Status']).toBe('Committed');
    // Committed: the components still needed are allocated.
    expect([await committed('WO-PLATE'), await committed('WO-BOLT')]).toEqual(['20.0000', '40.0000']);
    const moved = await api('PUT', `/api/data/production-work-order/${order['WorkOrderId']}`, { ProductId: 'WO-PLAIN', Version: order['Version'] });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()['Message']).toBe('The product cannot be changed once the work order is committed.');
    const refused = await action(order, 'produce');
    expect(refused.status).toBe(409);
    expect(refused.body['Message']).toBe('Enter the batch quantity to produce.');
    order = await update(order, { BatchQuantity: '4.0000', BatchDate: `${YEAR}-02-01` });
    const produced = await action(order, 'produce');
    expect(produced.status, JSON.stringify(produced.body)).toBe(200);
    order = produced.body['Data'];
    expect(order).toMatchObject({ Status: 'Committed', ProducedToDate: '4.0000', Remaining: '6.0000', ProducedValue: '28.00', BatchQuantity: null });
    expect((order['Components'] as Json[]).map((l) => l['UsedToDate'])).toEqual(['8.0000', '16.0000']);
    // 8 plates at 3.00 and 16 bolts at 0.25 = 28.00.
    expect(await onHand('WO-PLATE')).toEqual({ onHand: '92.0000', value: '276.00' });
    expect(await onHand('WO-BOLT')).toEqual({ onHand: '484.0000', value: '121.00' });
    expect(await onHand('WO-BRACKET')).toEqual({ onHand: '4.0000', value: '28.00' });
    expect([await committed('WO-PLATE'), await committed('WO-BOLT')]).toEqual(['12.0000', '24.0000']);
    const documentNo = `${order['WorkOrderNo']}-1`;
    const ledger = await db().selectFrom('stock_ledger').select(['product_id', 'quantity', 'value', 'voucher_type']).where('voucher_no', '=', documentNo).orderBy('entry_id').execute();
    expect(ledger.map((r: Json) => [r.product_id, decimalFromDb(engine(), r.quantity, 4), decimalFromDb(engine(), r.value, 2), r.voucher_type])).toEqual([
      ['WO-PLATE', '-8.0000', '-24.00', 'production-work-order'],
      ['WO-BOLT', '-16.0000', '-4.00', 'production-work-order'],
      ['WO-BRACKET', '4.0000', '28.00', 'production-work-order'],
    ]);
    const entries = await db().selectFrom('gl_entries').select(['journal_id', 'account_id', 'amount', 'source']).where('document_no', '=', documentNo).execute();
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(new Set(entries.map((e: Json) => e.source))).toEqual(new Set(['IC']));
    expect(new Set(entries.map((e: Json) => e.journal_id)).size).toBe(1);
    const amounts = entries.map((e: Json) => Math.round(Number(decimalFromDb(engine(), e.amount, 2)) * 100));
    expect(amounts.reduce((a: number, b: number) => a + b, 0)).toBe(0);
    expect(amounts.filter((a: number) => a > 0).reduce((a: number, b: number) => a + b, 0)).toBe(2800);
  });

  it('refuses removing a component already used', async () => {
    const first = (order['Components'] as Json[])[0]!;
    const removed = await api('PUT', `/api/data/production-work-order/${order['WorkOrderId']}`, { Components: [first], Version: order['Version'] });
    expect(removed.statusCode).toBe(400);
    expect(removed.json()['Message']).toBe('Component WO-BOLT has been used and cannot be removed.');
  });

  it('refuses a batch larger than the remaining quantity', async () => {
    order = await update(order, { BatchQuantity: '7.0000', BatchDate: `${YEAR}-02-02` });
    const refused = await action(order, 'produce');
    expect(refused.status).toBe(409);
    expect(refused.body['Message']).toBe('The batch quantity cannot be more than the remaining quantity (6.0000).');
    order = await update(order, { BatchQuantity: null, BatchDate: null });
  });

  it('§4: closing with remaining ≠ 0 needs a reason; with one it closes; a Closed order cannot be edited', async () => {
    const refused = await action(order, 'close');
    expect(refused.status).toBe(409);
    expect(refused.body['Message']).toBe('A closing reason is required when the remaining quantity is not 0.');
    expect((await api('GET', `/api/data/production-work-order/${order['WorkOrderId']}`)).json().Data['Status']).toBe('Committed');
    order = await update(order, { ClosingReason: 'Customer reduced the order', BatchDate: `${YEAR}-02-03` });
    const closed = await action(order, 'close');
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    order = closed.body['Data'];
    expect(order).toMatchObject({ Status: 'Closed', Remaining: '6.0000', ClosedDate: `${YEAR}-02-03` });
    expect([await committed('WO-PLATE'), await committed('WO-BOLT')]).toEqual(['0.0000', '0.0000']);
    const edit = await api('PUT', `/api/data/production-work-order/${order['WorkOrderId']}`, { Notes: 'late note', Version: order['Version'] });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()['ResultCode']).toBe('state_locked');
    const remove = await api('DELETE', `/api/data/production-work-order/${order['WorkOrderId']}?Version=${order['Version']}`);
    expect(remove.statusCode).toBe(409);
  });

  it('Re-Open; deleting an order with produced to date > 0 is refused', async () => {
    const reopened = await action(order, 'reopen');
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    order = reopened.body['Data'];
    expect(order).toMatchObject({ Status: 'Committed', ClosedDate: null });
    expect([await committed('WO-PLATE'), await committed('WO-BOLT')]).toEqual(['12.0000', '24.0000']);
    const remove = await api('DELETE', `/api/data/production-work-order/${order['WorkOrderId']}?Version=${order['Version']}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json()['Message']).toBe('A work order can be deleted only if the quantity produced to date is 0.');
    order = (await action(order, 'close')).body['Data'];
    expect(order['Status']).toBe('Closed');
    expect(await committed('WO-PLATE')).toBe('0.0000');
  });

  it('closing with a batch entered produces it first; remaining 0 needs no reason', async () => {
    let second = await newOrder('2.0000');
    second = (await action(second, 'commit')).body['Data'];
    second = await update(second, { BatchQuantity: '2.0000', BatchDate: `${YEAR}-02-10` });
    const closed = await action(second, 'close');
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body['Data']).toMatchObject({ Status: 'Closed', ProducedToDate: '2.0000', Remaining: '0.0000', ProducedValue: '14.00', ClosingReason: null });
    expect(await onHand('WO-BRACKET')).toEqual({ onHand: '6.0000', value: '42.00' });
    expect((await onHand('WO-PLATE')).onHand).toBe('88.0000');
  });

  it('deletes a Pending order with nothing produced; a Committed one releases its allocation', async () => {
    const pending = await newOrder('1.0000', { DateRequired: `${YEAR}-04-01` });
    const remove = await api('DELETE', `/api/data/production-work-order/${pending['WorkOrderId']}?Version=${pending['Version']}`);
    expect(remove.statusCode, remove.body).toBe(200);
    let other = await newOrder('3.0000', { DateRequired: `${YEAR}-04-02` });
    other = (await action(other, 'commit')).body['Data'];
    expect(await committed('WO-PLATE')).toBe('6.0000');
    other = await update(other, { QuantityToProduce: '5.0000' });
    expect(await committed('WO-PLATE')).toBe('10.0000');
    const gone = await api('DELETE', `/api/data/production-work-order/${other['WorkOrderId']}?Version=${other['Version']}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await committed('WO-PLATE')).toBe('0.0000');
  });
});

describe('reports', () => {
  const run = async (report: string, Parameters: Json) => {
    const response = await api('POST', `/api/reports/${report}/run`, { Parameters });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Json;
  };

  it('bill of materials: the assembly with its components, factors and stock', async () => {
    const body = await run('ic-bill-of-materials', { ProductId: 'WO-BRACKET' });
    expect((body['List'] as Json[]).map((r) => [r['ProductId'], r['KitType'], r['ComponentId'], r['Factor'], r['OnHand']])).toEqual([
      ['WO-BRACKET', 'Assembly', 'WO-PLATE', '1.0000', '88.0000'],
      ['WO-BRACKET', 'Assembly', 'WO-BOLT', '2.0000', '476.0000'],
    ]);
  });

  it('production work orders by date required', async () => {
    const body = await run('ic-production-work-orders', { StartDate: `${YEAR}-01-01`, EndDate: `${YEAR}-12-31` });
    const rows = body['List'] as Json[];
    expect(rows.map((r) => [r['Status'], r['QuantityToProduce'], r['ProducedToDate'], r['Remaining'], r['ClosingReason']])).toEqual([
      ['Closed', '10.0000', '4.0000', '6.0000', 'Customer reduced the order'],
      ['Closed', '2.0000', '2.0000', '0.0000', null],
    ]);
    expect(body['Totals']).toMatchObject({ ProducedToDate: '6.0000', ProducedValue: '42.00' });
    const none = await run('ic-production-work-orders', { StartDate: `${NEXT}-01-01`, EndDate: `${NEXT}-12-31` });
    expect(none['List']).toEqual([]);
  });

  it('demand action: below the minimum level → order up to the maximum', async () => {
    const body = await run('ic-demand-action', { ReportBy: 'inventory', StartDate: `${YEAR}-01-01`, EndDate: `${YEAR}-12-31`, Show: 'actions' });
    const plate = (body['List'] as Json[]).find((r) => r['ProductId'] === 'WO-PLATE');
    expect(plate).toMatchObject({ OnHand: '88.0000', Available: '88.0000', MinLevel: '200.0000', MaxLevel: '300.0000', Demand: '200.0000', Suggested: '212.0000', Action: 'Order' });
    const consumption = await run('ic-demand-action', { ReportBy: 'consumption', StartDate: `${YEAR}-01-01`, EndDate: `${YEAR}-12-31`, Show: 'all' });
    const bolt = (consumption['List'] as Json[]).find((r) => r['ProductId'] === 'WO-BOLT');
    expect(bolt).toMatchObject({ Consumption: '24.0000', OnHand: '476.0000', Action: 'No action' });
  });
});

describe('inventory year end', () => {
  const process = (step: 'preview' | 'run', body: Json) => api('POST', `/api/processes/ic-inventory-year-end/${step}`, body);

  it('previews, closes the year with a snapshot equal to the balances, then refuses back-dated movements', async () => {
    const preview = await process('preview', { Parameters: { FiscalYear: YEAR } });
    expect(preview.statusCode, preview.body).toBe(200);
    const row = (preview.json().List as Json[])[0]!;
    expect(row).toMatchObject({ FiscalYear: YEAR, State: 'Open', YearEndDate: `${YEAR}-12-31` });
    const balances = await db().selectFrom('stock_balances').selectAll().where('warehouse_id', '=', WH).where('product_id', 'like', 'WO-%').orderBy('product_id').execute();

    const run = await process('run', { Parameters: { FiscalYear: YEAR }, Items: [YEAR] });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().List[0]).toMatchObject({ ResultStatus: 1, ResultCode: 'closed' });
    const snapshot = await db().selectFrom('stock_year_snapshots').selectAll().where('fiscal_year', '=', YEAR).where('product_id', 'like', 'WO-%').orderBy('product_id').execute();
    const figures = (rows: Json[]) => rows.map((r) => [r.product_id, r.warehouse_id, decimalFromDb(engine(), r.on_hand, 4), decimalFromDb(engine(), r.value, 2)]);
    expect(figures(snapshot)).toEqual(figures(balances));
    expect(figures(snapshot).length).toBe(3);

    // Closed: the preview says so, a second run is refused, back-dated stock movements are refused.
    expect((await process('preview', { Parameters: { FiscalYear: YEAR } })).json().List[0]).toMatchObject({ State: 'Closed' });
    const again = await process('run', { Parameters: { FiscalYear: YEAR }, Items: [YEAR] });
    expect(again.json().List[0]).toMatchObject({ ResultStatus: 2, Message: `Stock year ${YEAR} is already closed.` });
    let late = await newOrder('1.0000');
    late = (await action(late, 'commit')).body['Data'];
    late = await update(late, { BatchQuantity: '1.0000', BatchDate: `${YEAR}-12-15` });
    const refused = await action(late, 'produce');
    expect(refused.status).toBe(400);
    expect(refused.body['Message']).toBe('Selected date is in a closed period.');
    expect((await onHand('WO-BRACKET')).onHand).toBe('6.0000');
    // The next year is open.
    late = await update(late, { BatchDate: `${NEXT}-01-15` });
    expect((await action(late, 'produce')).status).toBe(200);
    expect((await onHand('WO-BRACKET')).onHand).toBe('7.0000');
  });

  it('is an accounting right: the order desk clerk can neither see, preview nor run it (issue 22 item 12)', async () => {
    const clerk = (await signIn(server.app, 'clerk', 'clerk')).access_token;
    const asClerk = (step: 'preview' | 'run') =>
      call(server.app, 'POST', `/api/processes/ic-inventory-year-end/${step}`, clerk, { Parameters: { FiscalYear: NEXT - 2 }, ...(step === 'run' ? { Items: [NEXT - 2] } : {}) });
    expect((await asClerk('preview')).statusCode).toBe(403);
    expect((await asClerk('run')).statusCode).toBe(403);
    const listed = (await call(server.app, 'GET', '/api/processes', clerk)).json() as Json[];
    expect(listed.map((p) => p['Process'])).not.toContain('ic-inventory-year-end');
    expect(await db().selectFrom('stock_closed_years').select('fiscal_year').where('fiscal_year', '=', NEXT - 2).executeTakeFirst()).toBeUndefined();
    const adminList = (await api('GET', '/api/processes')).json() as Json[];
    expect(adminList.map((p) => p['Process'])).toContain('ic-inventory-year-end');
  });

  it('refuses re-opening an order closed in a closed stock year, and a year not yet ended', async () => {
    const closed = await db().selectFrom('production_work_orders').select(['work_order_id', 'version']).where('closed_date', '=', `${YEAR}-02-03`).executeTakeFirst();
    const refused = await action({ WorkOrderId: closed.work_order_id, Version: closed.version }, 'reopen');
    expect(refused.status).toBe(400);
    expect(refused.body['Message']).toBe('Selected date is in a closed period.');
    const future = await process('run', { Parameters: { FiscalYear: 2999 }, Items: [2999] });
    expect(future.json().List[0]).toMatchObject({ ResultStatus: 2, Message: 'Stock year 2999 has not ended yet (year end Dec 31, 2999).' });
    const bad = await process('preview', { Parameters: { FiscalYear: 99 } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('invariants after the work orders', () => {
  it('ledger sums per product × warehouse equal the balances; stock value equals the inventory accounts', async () => {
    const sums = await db()
      .selectFrom('stock_ledger')
      .select(['product_id', 'warehouse_id', (eb: Json) => eb.fn.sum('quantity').as('q'), (eb: Json) => eb.fn.sum('value').as('v')])
      .groupBy(['product_id', 'warehouse_id'])
      .orderBy('product_id')
      .execute();
    const balances = await db().selectFrom('stock_balances').select(['product_id', 'warehouse_id', 'on_hand', 'value']).orderBy('product_id').execute();
    const text = (rows: Json[], q: string, v: string) => rows.map((r) => `${r.product_id}|${r.warehouse_id}|${decimalFromDb(engine(), r[q], 4)}|${decimalFromDb(engine(), r[v], 2)}`);
    expect(text(sums, 'q', 'v')).toEqual(text(balances, 'on_hand', 'value'));
    const products = balances.map((b: Json) => String(b.product_id));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const accounts = [...new Set((await db().transaction().execute((trx: any) => inventoryAccounts(trx, products))).values())];
    const gl = await db().selectFrom('gl_entries').select((eb: Json) => eb.fn.sum('amount').as('a')).where('account_id', 'in', accounts).executeTakeFirst();
    const stock = await db().selectFrom('stock_balances').select((eb: Json) => eb.fn.sum('value').as('v')).executeTakeFirst();
    expect(decimalFromDb(engine(), gl.a, 2)).toBe(decimalFromDb(engine(), stock.v, 2));
  });
});

describe('work order edits (issue 22 item 12)', () => {
  it('a Committed order moved to another warehouse takes its allocation along', async () => {
    const at = async (productId: string, warehouseId: string) => {
      const row = await db().selectFrom('stock_balances').select('committed').where('product_id', '=', productId).where('warehouse_id', '=', warehouseId).executeTakeFirst();
      return decimalFromDb(engine(), row?.committed ?? 0, 4);
    };
    let order = await newOrder('2.0000', { DateRequired: `${YEAR}-05-01` });
    order = (await action(order, 'commit')).body['Data'];
    expect(await at('WO-PLATE', WH)).toBe('4.0000');
    order = await update(order, { WarehouseId: 'MTL-01' });
    expect(await at('WO-PLATE', WH)).toBe('0.0000');
    expect(await at('WO-PLATE', 'MTL-01')).toBe('4.0000');
    expect(await at('WO-BOLT', 'MTL-01')).toBe('8.0000');
    // Moved back with a new quantity in one save; closing releases it where it is.
    order = await update(order, { WarehouseId: WH, QuantityToProduce: '1.0000' });
    expect(await at('WO-PLATE', 'MTL-01')).toBe('0.0000');
    expect(await at('WO-PLATE', WH)).toBe('2.0000');
    order = await update(order, { ClosingReason: 'Test' });
    expect((await action(order, 'close')).status).toBe(200);
    expect(await at('WO-PLATE', WH)).toBe('0.0000');
    expect(await at('WO-BOLT', 'MTL-01')).toBe('0.0000');
  });

  it('refuses component quantities beyond their column at save (issue 22 item 10)', async () => {
    const huge = await api('POST', '/api/data/production-work-order', { ProductId: 'WO-BRACKET', WarehouseId: WH, QuantityToProduce: '9999999999.9999', DateRequired: `${NEXT}-03-01` });
    expect(huge.statusCode, huge.body).toBe(400);
    expect(huge.json().Data.Errors[0]).toMatchObject({ field: 'Components[0].Quantity', key: 'entities:validation.decimalPrecision' });
  });

  it('the quantity to produce cannot go below the quantity produced to date', async () => {
    let order = await newOrder('3.0000', { DateRequired: `${NEXT}-02-01` });
    order = (await action(order, 'commit')).body['Data'];
    order = await update(order, { BatchQuantity: '2.0000', BatchDate: `${NEXT}-02-01` });
    const produced = await action(order, 'produce');
    expect(produced.status, JSON.stringify(produced.body)).toBe(200);
    order = produced.body['Data'];
    expect(order['ProducedToDate']).toBe('2.0000');
    const below = await api('PUT', `/api/data/production-work-order/${order['WorkOrderId']}`, { QuantityToProduce: '1.0000', Version: order['Version'] });
    expect(below.statusCode).toBe(400);
    expect(below.json().Data.Errors[0]).toMatchObject({ field: 'QuantityToProduce', message: 'The quantity to produce cannot be less than the quantity produced to date (2.0000).' });
    order = await update(order, { QuantityToProduce: '2.0000' });
    expect(order['Remaining']).toBe('0.0000');
    expect((await action(order, 'close')).status).toBe(200);
  });
});
