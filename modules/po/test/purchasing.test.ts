/**
 * Purchase orders and receipts (issue 23 items 1–3; SCREENS.md WP4 acceptance 1–3) on SQLite and PostgreSQL,
 * through the API as the screens call it: §5 Purchasing (vendor exists, is active, has its payable account; the
 * lookup offers only such vendors), exact totals and numbering, §4 PO states (delete only while Open, never
 * Cancelled; close; the received quantities are the server's), receipts (§5 receipt date, lot totals, coil
 * rules and §8 heat message, over-receipt tolerance, the order's lines only), posting (§4 Open → Posted,
 * read-only after; stock in at landed cost with the moving average, lots and coils; one balanced IC journal Dr
 * inventory / Cr GRNI / Cr accrued freight; the order Partially received then Received), a closed period, the
 * reports (open orders, purchase analysis range, order list, lot ↔ heat ↔ receipt), and the sum checks after
 * the sequence: inventory accounts = stock ledger value, GRNI = received-not-invoiced quantity × order price.
 */
import { add, mul, neg } from '@erp/shared/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import type { TestServer } from '../../../server/test/helpers/app.ts';
import { apiAs, signedInServer } from '../../../server/test/helpers/api.ts';
import { pdfText } from '../../../server/test/helpers/pdf-text.ts';
import { purchaseOrder } from '../definitions/purchase-order.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let admin: string;
const YEAR = 2041;
const D = (md: string) => `${YEAR}-${md}`;

const { get, post: postJson, put, del, json, db, engine, created, accountBalance } = apiAs(() => server, () => admin);

async function action(entity: string, record: Json, name: string): Promise<Json> {
  const response = await postJson(`/api/data/${entity}/${record[entity === 'po-receipt' ? 'ReceiptId' : 'PoId']}/actions/${name}`, { Version: record.Version });
  expect(response.statusCode, JSON.stringify(response.json())).toBe(200);
  return json(response).Data;
}

function order(lines: Json[], extra: Json = {}): Json {
  return { OrderDate: D('02-01'), VendorId: 'TV1', ShipToId: 'TOR-02', Lines: lines, ...extra };
}

async function balance(productId: string) {
  const row = await db().selectFrom('stock_balances').selectAll().where('product_id', '=', productId).where('warehouse_id', '=', 'TOR-02').executeTakeFirst();
  return { onHand: decimalFromDb(engine(), row?.on_hand ?? 0, 4), value: decimalFromDb(engine(), row?.value ?? 0, 2), averageCost: decimalFromDb(engine(), row?.average_cost ?? 0, 4) };
}

beforeAll(async () => {
  ({ server, tokens: { admin } } = await signedInServer('admin'));
  expect((await postJson('/api/data/accounting-period/fiscal-years', { FiscalYear: YEAR })).statusCode).toBe(201);
  await created('/api/data/firm', { FirmId: 'TV1', Name: 'Test Mill Inc.', FirmTypes: ['vendor'] });
  await created('/api/data/firm', { FirmId: 'TV2', Name: 'Closed Mill Ltd.', FirmTypes: ['vendor'], IsActive: false });
  await created('/api/data/firm', { FirmId: 'TB1', Name: 'A Customer Only', FirmTypes: ['bill-to'] });
  await created('/api/data/product-class', { ClassId: 'TPO', Description: 'Purchasing test class', InventoryAccount: 'INVENTORY-STEEL' });
  const product = { ClassId: 'TPO', KitType: 'None', TrackInventory: true };
  await created('/api/data/product', { ProductId: 'PO-BOLT', Description: 'Bolt', ...product });
  await created('/api/data/product', { ProductId: 'PO-WIRE', Description: 'Wire', TrackLot: true, ...product });
  await created('/api/data/product', { ProductId: 'PO-COIL', Description: 'Coil', TrackLot: true, MaterialType: 'Carbon', UnitOfMeasure: 'KG', WeightPerUnit: '1.0000', ...product });
  await created('/api/data/product', { ProductId: 'PO-SVC', Description: 'Service', ...product, TrackInventory: false });
  await created('/api/data/heat-number', { HeatNo: 'HT-1001', Mill: 'Test Mill' });
});

afterAll(() => server?.stop());

describe('purchase orders (§3, §4, §5 Purchasing)', () => {
  it('refuses a missing, inactive or non-vendor firm with its own text, and the lookup offers only active vendors', async () => {
    const line = [{ ProductId: 'PO-BOLT', QuantityOrdered: '1.0000', UnitPrice: '1.0000' }];
    for (const [vendor, message] of [
      ['NOPE', 'The vendor does not exist.'],
      ['TV2', 'The vendor is not active.'],
      ['TB1', 'The vendor TB1 has no payable account.'],
    ]) {
      const refused = await postJson('/api/data/purchase-order', order(line, { VendorId: vendor }));
      expect(refused.statusCode).toBe(400);
      expect(json(refused).Message).toBe(message);
    }
    const offered = json(await get('/api/lookup/firm?From=purchase-order&Field=VendorId&Search=T'));
    const values = offered.List.map((row: Json) => row.Value);
    expect(values).toContain('TV1');
    expect(values).not.toContain('TV2');
    expect(values).not.toContain('TB1');
  });

  it('checks lines (§8 "Product already added.", quantity > 0, tracked stock) and keeps exact totals and its number', async () => {
    const twice = await postJson('/api/data/purchase-order', order([{ ProductId: 'PO-BOLT', QuantityOrdered: '1.0000', UnitPrice: '1.0000' }, { ProductId: 'PO-BOLT', QuantityOrdered: '2.0000', UnitPrice: '1.0000' }]));
    expect(json(twice).Message).toBe('Product already added.');
    const zero = await postJson('/api/data/purchase-order', order([{ ProductId: 'PO-BOLT', QuantityOrdered: '0.0000', UnitPrice: '1.0000' }]));
    expect(json(zero).Message).toBe('The quantity must be greater than 0.');
    const service = await postJson('/api/data/purchase-order', order([{ ProductId: 'PO-SVC', QuantityOrdered: '1.0000', UnitPrice: '1.0000' }]));
    expect(json(service).Message).toBe('A product must exist and have tracked stock.');
    const noDate = await postJson('/api/data/purchase-order', { ...order([]), OrderDate: null });
    expect(noDate.statusCode).toBe(400);

    const po = await created(
      '/api/data/purchase-order',
      order(
        [
          { ProductId: 'PO-BOLT', QuantityOrdered: '3.0000', UnitPrice: '12.3456', QuantityReceived: '99.0000' },
          { ProductId: 'PO-WIRE', QuantityOrdered: '7.5000', UnitPrice: '2.1000' },
        ],
        { DiscountPercent: '2.50', Surcharge: '10.00', Shipping: '5.00' },
      ),
    );
    expect(po.PoNo).toMatch(/^PO\d+$/);
    expect([po.Status, po.VendorName]).toEqual(['Open', 'Test Mill Inc.']);
    expect(po.Lines.map((l: Json) => [l.Amount, l.QuantityReceived])).toEqual([
      ['37.04', '0.0000'],
      ['15.75', '0.0000'],
    ]);
    expect([po.SubTotal, po.DiscountAmount, po.Total]).toEqual(['52.79', '1.32', '66.47']);
    // A client cannot set what was received.
    const tampered = await put(`/api/data/purchase-order/${po.PoId}`, { Version: po.Version, Lines: po.Lines.map((l: Json) => ({ ...l, QuantityReceived: '3.0000' })) });
    expect(json(tampered).Data?.Lines?.[0]?.QuantityReceived ?? '0.0000').toBe('0.0000');
  });

  it('prints as a PDF a vendor accepts: letterhead, vendor, order details, lines, totals and terms (issue 23 item 1)', async () => {
    await created('/api/data/account-terms', { TermsCode: 'TN45', Description: 'Net 45 days', NetDays: 45 });
    const po = await created(
      '/api/data/purchase-order',
      order([{ ProductId: 'PO-WIRE', QuantityOrdered: '7.5000', UnitPrice: '2.1000', VendorItemNo: 'tm-w-75', Description: 'Wire, annealed' }, { ProductId: 'PO-BOLT', QuantityOrdered: '3.0000', UnitPrice: '12.3456' }], {
        DiscountPercent: '2.50',
        Surcharge: '10.00',
        Shipping: '5.00',
        TermsCode: 'TN45',
        ShipVia: 'Day & Ross',
        Notes: 'Mill certificates with every heat. Deliver weekdays 7:00–15:00.',
      }),
    );
    // The order form's Print runs this report with the order's number.
    expect(purchaseOrder.print).toEqual({ report: 'po-purchase-order-print', parameter: 'PoNo', field: 'PoNo' });
    const pdf = await postJson('/api/reports/po-purchase-order-print/pdf', { Parameters: { PoNo: po.PoNo } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    for (const part of [
      'Purchase Order',
      `Purchase order: ${po.PoNo}`,
      'Vendor',
      'Test Mill Inc.',
      'Terms: Net 45 days',
      'Ship via: Day & Ross',
      'Wire, annealed · TM-W-75',
      'Bolt',
      '15.75',
      '37.04',
      'Totals',
      '52.79',
      '1.32',
      '66.47',
      'Mill certificates with every heat.',
      'Page 1 of 1',
    ]) expect(text, part).toContain(part);
    // The lines in their order: line 1 is the wire.
    expect(text.indexOf('Wire, annealed')).toBeLessThan(text.indexOf('Bolt'));
    // Another order's number prints nothing: §8 "No PDF data."
    const none = await postJson('/api/reports/po-purchase-order-print/pdf', { Parameters: { PoNo: 'PO-NONE' } });
    expect([none.statusCode, json(none).Message]).toEqual([400, 'No PDF data.']);
  });

  it('deletes an Open order; a Cancelled order is kept (§4) and no longer editable', async () => {
    const line = [{ ProductId: 'PO-BOLT', QuantityOrdered: '1.0000', UnitPrice: '1.0000' }];
    const open = await created('/api/data/purchase-order', order(line));
    expect((await del(`/api/data/purchase-order/${open.PoId}?Version=${open.Version}`)).statusCode).toBe(200);
    const cancelled = await action('purchase-order', await created('/api/data/purchase-order', order(line)), 'cancel');
    expect(cancelled.Status).toBe('Cancelled');
    const refused = await del(`/api/data/purchase-order/${cancelled.PoId}?Version=${cancelled.Version}`);
    expect(refused.statusCode).toBe(409);
    expect((await put(`/api/data/purchase-order/${cancelled.PoId}`, { Version: cancelled.Version, ShipVia: 'x' })).statusCode).toBe(409);
    // A cancelled order takes no receipt.
    const receipt = await postJson('/api/data/po-receipt', { PoId: cancelled.PoId, ReceiptDate: D('02-10') });
    expect(receipt.statusCode).toBe(400);
    expect(json(receipt).Message).toBe('The purchase order cannot be received: it is not open or partially received.');
  });
});

describe('receipts (§4 Purchase receipt, §5 Coil and receipt) and their posting', () => {
  let po: Json;

  it('fills a new receipt with the lines to receive and refuses what §5 refuses', async () => {
    po = await created('/api/data/purchase-order', order([
      { ProductId: 'PO-BOLT', QuantityOrdered: '100.0000', UnitPrice: '1.2345' },
      { ProductId: 'PO-COIL', QuantityOrdered: '20000.0000', UnitPrice: '1.1000' },
      { ProductId: 'PO-WIRE', QuantityOrdered: '10.0000', UnitPrice: '3.0000' },
    ]));
    const noDate = await postJson('/api/data/po-receipt', { PoId: po.PoId });
    expect(json(noDate).Message).toBe('Receipt date is required.');
    const receipt = await created('/api/data/po-receipt', { PoId: po.PoId, ReceiptDate: D('02-15') });
    expect([receipt.PoNo, receipt.VendorId, receipt.WarehouseId, receipt.Status]).toEqual([po.PoNo, 'TV1', 'TOR-02', 'Open']);
    expect(receipt.Lines.map((l: Json) => [l.ProductId, l.QuantityReceived, l.UnitCost])).toEqual([
      ['PO-BOLT', '100.0000', '1.2345'],
      ['PO-COIL', '20000.0000', '1.1000'],
      ['PO-WIRE', '10.0000', '3.0000'],
    ]);
    // An Open order a receipt names is in use; the receipt may be deleted while Open.
    expect((await del(`/api/data/purchase-order/${po.PoId}?Version=${po.Version}`)).statusCode).toBe(409);
    expect((await del(`/api/data/po-receipt/${receipt.ReceiptId}?Version=${receipt.Version}`)).statusCode).toBe(200);

    const base = { PoId: po.PoId, ReceiptDate: D('02-15') };
    const coilLot = { LotNo: 'C-1', Quantity: '5.0000', HeatNo: 'HT-1001', ManufacturerCoilNo: 'M-1', CoilWeight: '5.0000' };
    const cases: [Json, string][] = [
      [{ ProductId: 'PO-WIRE', QuantityReceived: '4.0000', Lots: [{ LotNo: 'W-1', Quantity: '3.0000' }] }, 'Lot totals must match the quantity received.'],
      [{ ProductId: 'PO-COIL', QuantityReceived: '5.0000', Lots: [{ ...coilLot, HeatNo: 'HT-NONE' }] }, 'Heat number HT-NONE cannot be found.'],
      [{ ProductId: 'PO-COIL', QuantityReceived: '5.0000', Lots: [{ ...coilLot, HeatNo: null }] }, 'Manufacturer coil number and a valid heat number are required.'],
      [{ ProductId: 'PO-COIL', QuantityReceived: '5.0000', Lots: [{ ...coilLot, ManufacturerCoilNo: null }] }, 'Manufacturer coil number and a valid heat number are required.'],
      [{ ProductId: 'PO-COIL', QuantityReceived: '5.0000', Lots: [{ ...coilLot, CoilWeight: '0.5000' }] }, 'Coil weight must be at least 1.'],
      [{ ProductId: 'PO-COIL', QuantityReceived: '5.0000', Lots: [{ ...coilLot, Gauge: '-1.0000' }] }, 'Gauge or thickness must not be below 0.'],
      [{ ProductId: 'PO-COIL', QuantityReceived: '5.0000', Lots: [{ ...coilLot, InsideDiameter: '-1.0000' }] }, 'Inside and outside diameter must not be below 0.'],
      [{ ProductId: 'PO-BOLT', QuantityReceived: '1.0000', Lots: [{ LotNo: 'B-1', Quantity: '1.0000' }] }, 'Product PO-BOLT does not track lot numbers.'],
      [{ ProductId: 'PO-SVC', QuantityReceived: '1.0000' }, `Product PO-SVC is not on this purchase order.`],
      // 5 % tolerance (seeded configuration PO_OVER_RECEIPT_PERCENT): 105 of 100 is taken, 105.0001 is not.
      [{ ProductId: 'PO-BOLT', QuantityReceived: '105.0001' }, 'Receiving 105.0001 of PO-BOLT is more than ordered: 100.0000 ordered, 0.0000 already received, tolerance 5.00 %.'],
    ];
    for (const [line, message] of cases) {
      const refused = await postJson('/api/data/po-receipt', { ...base, Lines: [line] });
      expect(refused.statusCode, message).toBe(400);
      expect(json(refused).Message).toBe(message);
    }
  });

  it('posts a partial receipt: read-only after, stock in at landed cost, coils with their heat, one balanced journal', async () => {
    const lots = [
      { LotNo: 'C-101', Quantity: '6000.0000', HeatNo: 'HT-1001', ManufacturerCoilNo: 'MC-101', Gauge: '3.4200', Width: '1219.2000', CoilWeight: '6000.0000' },
      { LotNo: 'C-102', Quantity: '4000.0000', HeatNo: 'HT-1001', ManufacturerCoilNo: 'MC-102', CoilWeight: '4000.0000' },
    ];
    const receipt = await created('/api/data/po-receipt', {
      PoId: po.PoId,
      ReceiptDate: D('03-10'),
      PackingSlip: 'PS-1',
      Freight: '300.00',
      Lines: [
        { ProductId: 'PO-COIL', QuantityReceived: '10000.0000', Lots: lots },
        { ProductId: 'PO-WIRE', QuantityReceived: '4.0000', Lots: [] },
      ],
    });
    // A lot-tracked line without lots may be saved, not posted.
    const early = await postJson(`/api/data/po-receipt/${receipt.ReceiptId}/actions/post`, { Version: receipt.Version });
    expect(json(early).Message).toBe('Lot totals must match the quantity received.');
    const withLots = json(await put(`/api/data/po-receipt/${receipt.ReceiptId}`, { Version: receipt.Version, Lines: receipt.Lines.map((l: Json) => (l.ProductId === 'PO-WIRE' ? { ...l, Lots: [{ LotNo: 'W-7', Quantity: '4.0000' }] } : l)) })).Data;
    const posted = await action('po-receipt', withLots, 'post');
    expect(posted.Status).toBe('Posted');
    expect(posted.JournalId).toBeGreaterThan(0);
    expect((await put(`/api/data/po-receipt/${posted.ReceiptId}`, { Version: posted.Version, Carrier: 'x' })).statusCode).toBe(409);
    expect((await del(`/api/data/po-receipt/${posted.ReceiptId}?Version=${posted.Version}`)).statusCode).toBe(409);

    // Freight 300.00 by weight: the coil line weighs 10,000 kg, the wire line nothing → all on the coil.
    expect(await balance('PO-COIL')).toEqual({ onHand: '10000.0000', value: '11300.00', averageCost: '1.1300' });
    expect(await balance('PO-WIRE')).toEqual({ onHand: '4.0000', value: '12.00', averageCost: '3.0000' });
    const lotsOnHand = await db().selectFrom('stock_lot_balances').select(['lot_no', 'on_hand']).where('product_id', '=', 'PO-COIL').orderBy('lot_no').execute();
    expect(lotsOnHand.map((l: Json) => [l.lot_no, decimalFromDb(engine(), l.on_hand, 4)])).toEqual([
      ['C-101', '6000.0000'],
      ['C-102', '4000.0000'],
    ]);
    const coil = json(await get('/api/data/coil/C-101')).Data;
    expect([coil.HeatNo, coil.ManufacturerCoilNo, coil.CoilWeight, coil.CoilStatus, coil.WarehouseId, coil.ReceivedDate]).toEqual(['HT-1001', 'MC-101', '6000.0000', 'Available', 'TOR-02', D('03-10')]);

    const entries = await db().selectFrom('gl_entries').select(['account_id', 'amount', 'source']).where('document_no', '=', posted.ReceiptNo).execute();
    const byAccount = Object.fromEntries(entries.map((e: Json) => [e.account_id, decimalFromDb(engine(), e.amount, 2)]));
    expect(byAccount).toEqual({ '1200': '11312.00', '2110': '-11012.00', '2320': '-300.00' });
    expect(new Set(entries.map((e: Json) => e.source))).toEqual(new Set(['IC']));

    const after = json(await get(`/api/data/purchase-order/${po.PoId}`)).Data;
    expect(after.Status).toBe('PartiallyReceived');
    expect(after.Lines.map((l: Json) => l.QuantityReceived)).toEqual(['0.0000', '10000.0000', '4.0000']);
    // A received line keeps its product and cannot go below what was received.
    const below = await put(`/api/data/purchase-order/${po.PoId}`, { Version: after.Version, Lines: after.Lines.map((l: Json) => (l.ProductId === 'PO-COIL' ? { ...l, QuantityOrdered: '9999.0000' } : l)) });
    expect(json(below).Message).toBe('The quantity ordered cannot be below the 10000.0000 already received.');
  });

  it('refuses a posting in a closed period and a coil whose status forbids updates', async () => {
    await db().updateTable('fiscal_periods').set({ closed_gl: 1 }).where('fiscal_year', '=', YEAR).where('period_no', '=', 4).execute();
    const april = await created('/api/data/po-receipt', { PoId: po.PoId, ReceiptDate: D('04-10'), Lines: [{ ProductId: 'PO-BOLT', QuantityReceived: '1.0000' }] });
    const refused = await postJson(`/api/data/po-receipt/${april.ReceiptId}/actions/post`, { Version: april.Version });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).Message).toMatch(/^Period is closed \(G\/L\)/);
    expect((await del(`/api/data/po-receipt/${april.ReceiptId}?Version=${april.Version}`)).statusCode).toBe(200);
    await db().updateTable('fiscal_periods').set({ closed_gl: 0 }).where('fiscal_year', '=', YEAR).where('period_no', '=', 4).execute();

    await db().updateTable('coils').set({ coil_status: 'Shipped' }).where('coil_no', '=', 'C-102').execute();
    const again = await created('/api/data/po-receipt', { PoId: po.PoId, ReceiptDate: D('05-10'), Lines: [{ ProductId: 'PO-COIL', QuantityReceived: '1.0000', Lots: [{ LotNo: 'C-102', Quantity: '1.0000', HeatNo: 'HT-1001', ManufacturerCoilNo: 'MC-102', CoilWeight: '1.0000' }] }] });
    const locked = await postJson(`/api/data/po-receipt/${again.ReceiptId}/actions/post`, { Version: again.Version });
    expect(locked.statusCode).toBe(409);
    expect(json(locked).Message).toBe('Coil C-102 is Shipped and cannot be updated.');
    expect((await del(`/api/data/po-receipt/${again.ReceiptId}?Version=${again.Version}`)).statusCode).toBe(200);
  });

  it('receives the rest at a new price: moving average, Received, no further receipt, then Closed', async () => {
    const current = json(await get(`/api/data/purchase-order/${po.PoId}`)).Data;
    const repriced = json(await put(`/api/data/purchase-order/${po.PoId}`, { Version: current.Version, Lines: current.Lines.map((l: Json) => (l.ProductId === 'PO-COIL' ? { ...l, UnitPrice: '1.2000' } : l)) })).Data;
    expect(repriced.Status).toBe('PartiallyReceived');
    const rest = await created('/api/data/po-receipt', { PoId: po.PoId, ReceiptDate: D('06-01') });
    expect(rest.Lines.map((l: Json) => [l.ProductId, l.QuantityReceived])).toEqual([
      ['PO-BOLT', '100.0000'],
      ['PO-COIL', '10000.0000'],
      ['PO-WIRE', '6.0000'],
    ]);
    const lines = rest.Lines.map((l: Json) =>
      l.ProductId === 'PO-COIL'
        ? { ...l, Lots: [{ LotNo: 'C-201', Quantity: '10000.0000', HeatNo: 'HT-1001', ManufacturerCoilNo: 'MC-201', CoilWeight: '10000.0000' }] }
        : l.ProductId === 'PO-WIRE'
          ? { ...l, Lots: [{ LotNo: 'W-8', Quantity: '6.0000' }] }
          : l,
    );
    const posted = await action('po-receipt', json(await put(`/api/data/po-receipt/${rest.ReceiptId}`, { Version: rest.Version, Lines: lines })).Data, 'post');
    expect(posted.Status).toBe('Posted');
    // (11,300.00 + 12,000.00) ÷ 20,000 kg.
    expect(await balance('PO-COIL')).toEqual({ onHand: '20000.0000', value: '23300.00', averageCost: '1.1650' });
    const received = json(await get(`/api/data/purchase-order/${po.PoId}`)).Data;
    expect([received.Status, received.Receivable]).toEqual(['Received', false]);
    const more = await postJson('/api/data/po-receipt', { PoId: po.PoId, ReceiptDate: D('06-02') });
    expect(more.statusCode).toBe(400);
    expect((await action('purchase-order', received, 'close')).Status).toBe('Closed');
  });

  it('keeps the sums: inventory accounts = stock ledger value, GRNI = received-not-invoiced quantity × order price', async () => {
    const stock = await db().selectFrom('stock_balances').select('value').execute();
    const stockValue = stock.reduce((sum: string, row: Json) => add(sum, decimalFromDb(engine(), row.value, 2)!), '0.00');
    expect(add(await accountBalance('1200'), await accountBalance('1210'))).toBe(stockValue);
    // Received-not-invoiced: every posted receipt line's quantity × its order price (nothing is invoiced yet).
    const lines = await db()
      .selectFrom('po_receipt_lines as l')
      .innerJoin('po_receipts as r', 'r.receipt_id', 'l.receipt_id')
      .innerJoin('purchase_order_lines as o', 'o.line_id', 'l.po_line_id')
      .select(['l.quantity_received', 'o.quantity_invoiced', 'l.unit_cost'])
      .where('r.status', '=', 'Posted')
      .execute();
    const grni = lines.reduce((sum: string, l: Json) => add(sum, mul(decimalFromDb(engine(), l.quantity_received, 4)!, decimalFromDb(engine(), l.unit_cost, 4)!, 2)), '0.00');
    expect(await accountBalance('2110')).toBe(neg(grni));
    expect(await accountBalance('2320')).toBe('-300.00');
  });

  it('reports: open orders, purchase analysis (≤ 1 year), order list, lot ↔ heat ↔ receipt', async () => {
    const open = await created('/api/data/purchase-order', order([{ ProductId: 'PO-BOLT', QuantityOrdered: '8.0000', UnitPrice: '2.5000' }], { VendorId: 'TV1' }));
    const run = async (report: string, parameters: Json) => postJson(`/api/reports/${report}/run`, { Parameters: parameters, Page: 1 });
    const openOrders = json(await run('po-open-orders', { VendorId: 'TV1' }));
    const row = openOrders.List.find((r: Json) => r.PoNo === open.PoNo);
    expect([row.QuantityOutstanding, row.OutstandingValue, row.VendorName]).toEqual(['8.0000', '20.00', 'Test Mill Inc.']);
    expect(openOrders.List.some((r: Json) => r.PoNo === po.PoNo)).toBe(false);

    const tooLong = await run('po-purchase-analysis', { StartDate: `${YEAR}-01-01`, EndDate: `${YEAR + 1}-01-02` });
    expect(tooLong.statusCode).toBe(400);
    const analysis = json(await run('po-purchase-analysis', { StartDate: `${YEAR}-01-01`, EndDate: `${YEAR}-12-31`, VendorId: 'TV1' }));
    expect(analysis.List.filter((r: Json) => r.ProductId === 'PO-COIL').map((r: Json) => r.ExtendedCost)).toEqual(['11000.00', '12000.00']);

    const list = json(await run('po-purchase-order-list', { StartDate: `${YEAR}-01-01`, EndDate: `${YEAR}-12-31`, Status: 'Closed' }));
    expect(list.List.map((r: Json) => r.PoNo)).toEqual([po.PoNo]);

    const lots = json(await run('po-lot-tracking', { HeatNo: 'HT-1001' }));
    expect(lots.List.map((r: Json) => [r.LotNo, r.VoucherType, r.PoNo, r.Quantity])).toEqual([
      ['C-101', 'po-receipt', po.PoNo, '6000.0000'],
      ['C-102', 'po-receipt', po.PoNo, '4000.0000'],
      ['C-201', 'po-receipt', po.PoNo, '10000.0000'],
    ]);
    const unknown = await run('po-lot-tracking', { HeatNo: 'HT-NONE' });
    expect(unknown.statusCode).toBe(400);
  });
});
