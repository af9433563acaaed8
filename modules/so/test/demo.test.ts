/**
 * The sales orders' demo data (issue 26 item 7) with DEMO_LEDGER on: orders of the demo customers in every
 * state, made by the screens' own code — committed stock for Committed orders, lots and a balanced COGS journal
 * for the shipped ones, a posted AR invoice for each Invoiced order — and the inventory accounts still hold
 * exactly the stock ledger's value.
 */
import { add } from '@erp/shared/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { insertSalesOrders } from '../server/seed-large.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let server: TestServer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const db = () => server.app.erp.database.db as any;
const engine = () => server.app.erp.database.engine;
const sum = (rows: Json[], column: string, scale = 2) => rows.reduce((total: string, row: Json) => add(total, decimalFromDb(engine(), row[column], scale)!), scale === 2 ? '0.00' : '0.0000');

beforeAll(async () => {
  server = await startServer({ DEMO_LEDGER: '1' });
});

afterAll(async () => {
  await server?.stop();
});

describe('sales order demo data', () => {
  it('has orders in every state, shipped with lots and invoiced through Receivables', async () => {
    const orders = await db().selectFrom('sales_orders').selectAll().execute();
    expect(new Set(orders.map((o: Json) => o.status))).toEqual(new Set(['Entered', 'Committed', 'Shipped', 'Invoiced', 'Cancelled']));
    for (const order of orders.filter((o: Json) => o.status === 'Invoiced')) {
      const invoice = await db().selectFrom('ar_invoices').selectAll().where('invoice_id', '=', order.invoice_id).executeTakeFirst();
      // The invoice's Reference is the order's customer PO (issue 71 item 2), never the order's own number.
      expect([invoice.status, invoice.reference, decimalFromDb(engine(), invoice.total, 2)]).toEqual(['Posted', order.customer_po || null, decimalFromDb(engine(), order.total, 2)]);
    }
    for (const order of orders.filter((o: Json) => o.status === 'Shipped' || o.status === 'Invoiced')) {
      const entries = await db().selectFrom('gl_entries').select('amount').where('document_no', '=', order.order_no).execute();
      expect(entries.length).toBeGreaterThan(0);
      expect(sum(entries, 'amount')).toBe('0.00');
    }
    const lots = await db().selectFrom('so_line_lots').selectAll().execute();
    expect(lots.length).toBeGreaterThan(0);
    // One driver cash-in posted as an AR receipt, one return credited by an AR credit note.
    const cashIns = await db().selectFrom('so_cash_in_lines').selectAll().execute();
    expect(cashIns).toHaveLength(1);
    expect(await db().selectFrom('ar_cash_receipts').select('status').where('document_no', '=', cashIns[0].receipt_no).executeTakeFirst()).toEqual({ status: 'Posted' });
    const returns = await db().selectFrom('so_returns').selectAll().execute();
    expect(returns.map((r: Json) => r.status)).toEqual(['Credited']);
    const note = await db().selectFrom('ar_invoices').select(['document_type', 'status']).where('invoice_id', '=', returns[0].credit_note_id).executeTakeFirst();
    expect(note).toEqual({ document_type: 'CreditNote', status: 'Posted' });
    const runs = await db().selectFrom('so_commission_runs').selectAll().execute();
    expect(runs.map((r: Json) => r.status)).toEqual(['Calculated']);
    expect(await db().selectFrom('so_commission_lines').selectAll().execute()).not.toHaveLength(0);
  });

  it('keeps the inventory accounts equal to the stock value', async () => {
    const stock = await db().selectFrom('stock_balances').select('value').execute();
    const inventory = await db().selectFrom('gl_entries').select('amount').where('account_id', 'in', ['1200', '1210']).execute();
    expect(sum(inventory, 'amount')).toBe(sum(stock, 'value'));
  });

  it('adds generated orders in every state for seed:large', async () => {
    const summary = await insertSalesOrders(server.config.database, { lines: 400 });
    expect([summary.orders, summary.lines]).toEqual([100, 400]);
    const rows = await db().selectFrom('sales_orders').select(['status', 'order_key']).where('order_no', 'like', 'GSO%').execute();
    expect(rows).toHaveLength(100);
    expect(new Set(rows.map((r: Json) => r.status))).toEqual(new Set(['Entered', 'Committed', 'Shipped', 'Invoiced', 'Cancelled']));
    const lines = await db().selectFrom('so_lines').select('order_key').where('order_key', 'in', rows.map((r: Json) => r.order_key)).execute();
    expect(lines).toHaveLength(400);
  });
});
