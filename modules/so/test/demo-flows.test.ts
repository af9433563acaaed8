/**
 * The demo's own products go through both days on a fresh demo database, without set-up (issue 40 item 1): a
 * portal catalogue product (class PORTAL, seeded by modules/portal/server/seed.ts) is ordered from V100, received and
 * the receipt posted; then B100 orders it at TOR-01, the order is committed, shipped through the shipping queue
 * and invoiced through the invoicing queue — each step as the screens call it, with the demo's own integration
 * accounts (no row added by the test). Before the fix the shipment failed with "The G/L integration account
 * COGS for order entry is missing." (the PORTAL class named no inventory account, and OE had no COGS fallback).
 */
import { add } from '@erp/shared/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { call } from '../../../server/test/helpers/entities.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let admin: string;
const SO = '/api/data/sales-order';
const postJson = (url: string, body: unknown) => call(server.app, 'POST', url, admin, body);
const get = (url: string) => call(server.app, 'GET', url, admin);
const json = (response: { json(): unknown }) => response.json() as Json;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const db = () => server.app.erp.database.db as any;
const engine = () => server.app.erp.database.engine;
/** A date in the demo's open fiscal year 2026 (the demo ledger's calendar), whatever today is. */
const DATE = '2026-11-02';

async function ok(url: string, body: Json, status = 200): Promise<Json> {
  const response = await postJson(url, body);
  expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
  return json(response).Data;
}

async function processRun(name: string, parameters: Json, item: string): Promise<Json> {
  const run = json(await postJson(`/api/processes/${name}/run`, { Parameters: parameters, Items: [item] }));
  expect([run.ResultStatus, run.List?.[0]?.Message], JSON.stringify(run)).toEqual([1, run.List?.[0]?.Message]);
  expect(run.List[0].ResultStatus, run.List[0].Message).toBe(1);
  return run.List[0];
}

async function entriesOf(documentNo: string): Promise<Json[]> {
  return db().selectFrom('gl_entries').select(['account_id', 'amount']).where('document_no', '=', documentNo).execute();
}

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
});

afterAll(async () => {
  await server?.stop();
});

describe('the demo data completes purchase and order flows (issue 40 item 1)', () => {
  it('takes a portal catalogue product from V100 through receipt, then B100 at TOR-01 through commit, ship and invoice; the order lists its shipment and invoice', async () => {
    // A sheet in its steel class, and the fastener in the portal's own class (the OE COGS / SALES fallbacks).
    const products = ['AL-6061-SH125', 'FS-HXB-1213'];
    const classes = await db().selectFrom('products').select(['product_id', 'class_id']).where('product_id', 'in', products).orderBy('product_id').execute();
    expect(classes.map((row: Json) => [row.product_id, row.class_id])).toEqual([
      ['AL-6061-SH125', 'SHEET'],
      ['FS-HXB-1213', 'PORTAL'],
    ]);

    const po = await ok(
      '/api/data/purchase-order',
      { OrderDate: DATE, VendorId: 'V100', ShipToId: 'TOR-01', Lines: products.map((ProductId) => ({ ProductId, QuantityOrdered: '5.0000', UnitPrice: '120.0000' })) },
      201,
    );
    const receipt = await ok('/api/data/po-receipt', { PoId: po.PoId, ReceiptDate: DATE, Lines: products.map((ProductId) => ({ ProductId, QuantityReceived: '5.0000' })) }, 201);
    const posted = await ok(`/api/data/po-receipt/${receipt.ReceiptId}/actions/post`, { Version: receipt.Version });
    expect(posted.Status).toBe('Posted');

    const order = await ok(SO, { OrderDate: DATE, BillToId: 'B100', ShipToId: 'S101', WarehouseId: 'TOR-01', DeliveryDate: DATE, Lines: products.map((ProductId) => ({ ProductId, Quantity: '2.0000' })) }, 201);
    const committed = await ok(`${SO}/${order.OrderKey}/actions/commit`, { Version: order.Version, Confirmations: ['credit-limit'] });
    expect(committed.Status).toBe('Committed');

    // Without its cost-of-sales account the shipment is refused naming the account and the screen that fixes it.
    const cogsRows = await db().selectFrom('gl_integration').selectAll().where('sub_ledger', '=', 'OE').where('transaction_type', 'in', ['COGS-STEEL', 'COGS']).execute();
    await db().deleteFrom('gl_integration').where('sub_ledger', '=', 'OE').where('transaction_type', 'in', ['COGS-STEEL', 'COGS']).execute();
    const refused = json(await postJson('/api/processes/so-shipping-queue/run', { Parameters: { WarehouseId: 'TOR-01', ShipDate: DATE }, Items: [String(order.OrderKey)] }));
    expect(refused.List[0].Message).toMatch(/^The G\/L integration account COGS-STEEL for order entry is missing\. Set it up in General Ledger › Setup › GL Integration/);
    await db().insertInto('gl_integration').values(cogsRows).execute();

    await processRun('so-shipping-queue', { WarehouseId: 'TOR-01', ShipDate: DATE }, String(order.OrderKey));
    const shipped = json(await get(`${SO}/${order.OrderKey}`)).Data;
    expect(shipped.Status).toBe('Shipped');
    const cogs = await entriesOf(shipped.OrderNo);
    // Dr COGS of each family (5100: steel, and the fallback for the portal class) / Cr inventory (1200).
    expect(new Set(cogs.map((row: Json) => row.account_id))).toEqual(new Set(['5100', '1200']));
    expect(cogs.reduce((sum: string, row: Json) => add(sum, decimalFromDb(engine(), row.amount, 2)!), '0.00')).toBe('0.00');

    const invoiced = await processRun('so-invoice-queue', { BillToId: 'B100', InvoiceDate: DATE }, String(order.OrderKey));
    const after = json(await get(`${SO}/${order.OrderKey}`)).Data;
    expect(after.Status).toBe('Invoiced');
    const invoice = json(await get(`/api/data/ar-invoice/${invoiced.EntityId}`)).Data;
    expect([invoice.Status, invoice.BillToId, invoice.Total]).toEqual(['Posted', 'B100', after.Total]);

    // Issue 40 item 3: the order lists its shipment (numbered after it) and its invoice among its related documents.
    const related = json(await get(`${SO}/${order.OrderKey}/related`)).List as Json[];
    expect(related.find((group) => group.Entity === 'so-shipment')).toMatchObject({ Direction: 'down', LabelKey: 'so:sales-order.related.shipments', Items: [{ Number: `${shipped.OrderNo}-1`, State: 'Shipped' }] });
    expect(related.find((group) => group.Entity === 'ar-invoice')?.Items).toEqual([expect.objectContaining({ Number: invoice.DocumentNo })]);
  });
});
