/**
 * The demo stock (issue 15 item 9) with DEMO_LEDGER on: built by closed tickets in two warehouses; the
 * ledger agrees with the balances and lots, and stock status shows committed stock; the General Ledger's
 * inventory accounts hold exactly the stock's value (issue 15: only stock movements post to them, the GL demo
 * posts none).
 */
import { add, sub } from '@erp/shared/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { call } from '../../../server/test/helpers/entities.ts';

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

  it('posts to each inventory account exactly the stock value of the products whose class maps to it', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = server.app.erp.database.db as any;
    const engine = server.app.erp.database.engine;
    // The product → account rule of ledger.ts: the class's integration row, else INVENTORY-<class>, else INVENTORY.
    const integration = new Map<string, string>(
      ((await db.selectFrom('gl_integration').select(['transaction_type', 'account_id']).where('sub_ledger', '=', 'IC').execute()) as Json[]).map((r) => [String(r.transaction_type).toUpperCase(), String(r.account_id)]),
    );
    const products = (await db.selectFrom('products as p').leftJoin('product_classes as c', 'c.class_id', 'p.class_id').select(['p.product_id', 'p.class_id', 'c.inventory_account']).execute()) as Json[];
    const accountOf = new Map<string, string>();
    for (const p of products) {
      const wanted = p.inventory_account ? String(p.inventory_account).toUpperCase() : p.class_id ? `INVENTORY-${String(p.class_id).toUpperCase()}` : 'INVENTORY';
      accountOf.set(String(p.product_id), integration.get(wanted) ?? integration.get('INVENTORY')!);
    }
    const stock = new Map<string, string>();
    for (const row of (await db.selectFrom('stock_balances').select(['product_id', 'value']).execute()) as Json[]) {
      const account = accountOf.get(String(row.product_id))!;
      stock.set(account, add(stock.get(account) ?? '0.00', decimalFromDb(engine, row.value, 2)!));
    }
    const ledger = new Map<string, string>();
    const accounts = [...new Set(accountOf.values())].sort();
    for (const row of (await db.selectFrom('gl_balances').select(['account_id', 'debit', 'credit']).where('account_id', 'in', accounts).execute()) as Json[]) {
      const net = sub(decimalFromDb(engine, row.debit, 2)!, decimalFromDb(engine, row.credit, 2)!);
      ledger.set(String(row.account_id), add(ledger.get(String(row.account_id)) ?? '0.00', net));
    }
    expect(accounts).toEqual(['1200', '1210']);
    for (const account of accounts) {
      expect(stock.get(account), account).not.toBe('0.00');
      expect(ledger.get(account) ?? '0.00', account).toBe(stock.get(account) ?? '0.00');
    }
    // Only the stock ledger (source IC) writes to them.
    const sources = (await db.selectFrom('gl_entries').select('source').distinct().where('account_id', 'in', accounts).execute()) as Json[];
    expect(sources.map((r) => r.source)).toEqual(['IC']);
  });

  it('has MTL-01 mid-count (issue 23 item 5): Frozen, some lines counted, some not, a posted tag', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = server.app.erp.database.db as any;
    const warehouse = (await call(server.app, 'GET', '/api/data/warehouse/MTL-01', admin)).json() as Json;
    expect(warehouse.Data.CountStage).toBe('Frozen');
    const lines = (await call(server.app, 'GET', '/api/data/count-line?filter.WarehouseId=MTL-01&filter.IsOpen=true&PageSize=1000', admin)).json() as Json;
    const counted = lines.List.filter((l: Json) => l.IsCounted).length;
    expect(counted).toBeGreaterThan(0);
    expect(counted).toBeLessThan(lines.List.length);
    expect(lines.List.some((l: Json) => l.VarianceQty !== null && l.VarianceQty !== '0.0000')).toBe(true);
    expect((await db.selectFrom('count_tags').select('status').execute()).map((t: Json) => t.status)).toEqual(['Posted']);
  });

  it('changes nothing at the next start (every module’s demo data again)', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = server.app.erp.database.db as any;
    const counts = async () =>
      Promise.all(['gl_entries', 'gl_integration', 'stock_ledger', 'inventory_tickets', 'ar_invoices', 'count_lines'].map(async (table) => Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirst()).n)));
    const before = await counts();
    const { seedServerModules } = await import('@erp/server/modules/index');
    await seedServerModules(db, { demoLedger: true });
    expect(await counts()).toEqual(before);
  });
});

describe('demo receivables (issue 22: the AR demo after the discount, currency and overflow rules)', () => {
  it('the open AR items equal the receivables control account, and the demo receipts took no discount beyond the terms', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = server.app.erp.database.db as any;
    const engine = server.app.erp.database.engine;
    const items = await db.selectFrom('ar_items').select(['open_balance']).execute();
    expect(items.length).toBeGreaterThan(10);
    const open = items.reduce((total: string, row: Json) => add(total, decimalFromDb(engine, row.open_balance, 2)!), '0.00');
    const control = (await db.selectFrom('gl_integration').select('account_id').where('sub_ledger', '=', 'AR').where('transaction_type', '=', 'RECEIVABLE').executeTakeFirst()).account_id;
    const entries = await db.selectFrom('gl_entries').select('amount').where('account_id', '=', control).execute();
    expect(open).toBe(entries.reduce((total: string, row: Json) => add(total, decimalFromDb(engine, row.amount, 2)!), '0.00'));
    // Every discount taken is within what the invoice's terms allowed on the application's date.
    const applications = await db
      .selectFrom('ar_applications as a')
      .innerJoin('ar_items as i', 'i.item_id', 'a.to_item_id')
      .select(['a.discount', 'a.application_date', 'i.discount_date', 'i.discount_available'])
      .execute();
    for (const row of applications) {
      const discount = decimalFromDb(engine, row.discount, 2)!;
      if (discount === '0.00') continue;
      expect(row.discount_date !== null && row.application_date <= row.discount_date).toBe(true);
      expect(sub(decimalFromDb(engine, row.discount_available, 2)!, discount).startsWith('-')).toBe(false);
    }
  });
});
