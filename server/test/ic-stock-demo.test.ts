/**
 * The demo stock (issue 15 item 9) with DEMO_LEDGER on: built by closed tickets in two warehouses; the
 * ledger agrees with the balances and lots, and stock status shows committed stock.
 */
import { add } from '@erp/shared/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalFromDb } from '../src/db/decimal-codec.ts';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { call } from './helpers/entities.ts';

let server: TestServer;
let admin: string;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  server = await startServer({ DEMO_LEDGER: '1' });
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
});

afterAll(async () => {
  await server?.stop();
});

describe('demo stock', () => {
  it('is built by closed tickets in two warehouses, and the ledger agrees with the balances', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = server.app.erp.database.db as any;
    const engine = server.app.erp.database.engine;
    const tickets = (await call(server.app, 'GET', '/api/data/inventory-ticket?PageSize=100', admin)).json() as Json;
    const statuses = new Set(tickets.List.map((t: Json) => t.Status));
    expect([...statuses].sort()).toEqual(['Closed', 'Committed', 'Pending']);
    const warehouses = await db.selectFrom('stock_balances').select('warehouse_id').distinct().execute();
    expect(warehouses.map((w: Json) => w.warehouse_id).sort()).toEqual(['MTL-01', 'TOR-01']);
    const ledger = await db.selectFrom('stock_ledger').select(['product_id', 'warehouse_id', 'quantity']).execute();
    const sums = new Map<string, string>();
    for (const row of ledger) sums.set(`${row.product_id}|${row.warehouse_id}`, add(sums.get(`${row.product_id}|${row.warehouse_id}`) ?? '0.0000', decimalFromDb(engine, row.quantity, 4)!));
    const balances = await db.selectFrom('stock_balances').selectAll().execute();
    for (const row of balances) expect(decimalFromDb(engine, row.on_hand, 4)).toBe(sums.get(`${row.product_id}|${row.warehouse_id}`) ?? '0.0000');
    const status = (await call(server.app, 'POST', '/api/reports/ic-stock-status/run', admin, { Parameters: { WarehouseId: 'TOR-01' } })).json() as Json;
    expect(status.TotalCount).toBeGreaterThan(20);
    expect(status.List.some((row: Json) => row.Committed === '2.0000' && row.Available !== row.OnHand)).toBe(true);
  });
});
