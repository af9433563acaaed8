/**
 * Price maintenance (issue 25 items 3–4) on SQLite and PostgreSQL. Price table import/export and product price
 * import (modules/oe/server/maintenance/): the export round-trips through the import; every refusal (not an .xlsx, a missing
 * column, no rows, an unknown product, a bad price type, a bad number, a bad date, a high quantity below the
 * low one, overlapping rows, a discount over 100 %) names its row and column and imports nothing — the table
 * keeps its rows; a clean file previews without writing and imports all rows on Confirm; the rights. The
 * processes (price adjustments, renew price table, new products pricing: preview → run → result per item) and
 * the reports (customer price list from the pricing service, price tables due, override and safety audits).
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { call, upload } from '../../../server/test/helpers/entities.ts';

let server: TestServer;
let admin: string;

const HEAD = ['ProductId', 'PriceType', 'FromQuantity', 'ToQuantity', 'Price', 'ExpiryDate'];

async function xlsx(rows: unknown[][], head: string[] = HEAD): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Prices');
  sheet.addRow(head);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function importFile(path: string, bytes: Buffer, confirm: boolean, token = admin) {
  return upload(server.app, `${path}?Confirm=${confirm}`, token, 'prices.xlsx', bytes, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
}

const rangesOf = async () => (await call(server.app, 'GET', '/api/data/price-table/T-IMP', admin)).json().Data.Ranges as { ProductId: string; FromQuantity: string; Price: string }[];

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  for (const [entity, body] of [
    ['product-class', { ClassId: 'TIC', Description: 'Import test class' }],
    ['product', { ProductId: 'TI1', Description: 'Import one', ClassId: 'TIC', UnitOfMeasure: 'EA' }],
    ['product', { ProductId: 'TI2', Description: 'Import two', ClassId: 'TIC', UnitOfMeasure: 'EA' }],
    ['price-table', { PriceTableId: 'T-IMP', Description: 'Import table', Ranges: [{ ProductId: 'TI1', PriceType: 'Each', FromQuantity: '1.0000', Price: '5.0000' }] }],
  ] as const) {
    const created = await call(server.app, 'POST', `/api/data/${entity}`, admin, body);
    expect(created.statusCode, created.body).toBe(201);
  }
});

afterAll(async () => {
  await server?.stop();
});

describe('price table import', () => {
  it('refuses every bad file or row, naming it, and imports nothing', async () => {
    const cases: [Buffer, { Row: number | null; Column: string | null; Message: string }][] = [
      [Buffer.from('ProductId,Price\nTI1,1\n'), { Row: null, Column: null, Message: 'The file is not an .xlsx workbook.' }],
      [await xlsx([['TI1', 'Each', 1, null, 2]], ['ProductId', 'PriceType', 'FromQuantity', 'ToQuantity']), { Row: 1, Column: 'Price', Message: 'Column Price is missing from the first row.' }],
      [await xlsx([]), { Row: null, Column: null, Message: 'The file has no price rows.' }],
      [await xlsx([['TI1', 'Each', 1, 99, 10], ['NOPE', 'Each', 1, null, 2]]), { Row: 3, Column: 'ProductId', Message: 'Row 3: product NOPE does not exist.' }],
      [await xlsx([['TI1', 'Gross', 1, null, 2]]), { Row: 2, Column: 'PriceType', Message: 'Row 2: price type "Gross" is not one of Each, Cwt, CostPlus, Discount.' }],
      [await xlsx([['TI1', 'Each', 1, null, '1.23456']]), { Row: 2, Column: 'Price', Message: 'Row 2: "1.23456" is not a number of at most 4 decimals, zero or more.' }],
      [await xlsx([['TI1', 'Each', -1, null, 2]]), { Row: 2, Column: 'FromQuantity', Message: 'Row 2: "-1" is not a number of at most 4 decimals, zero or more.' }],
      [await xlsx([['TI1', 'Each', 1, null, 2, '2026-02-30']]), { Row: 2, Column: 'ExpiryDate', Message: 'Row 2: "2026-02-30" is not a date (YYYY-MM-DD).' }],
      [await xlsx([['TI1', 'Each', 10, 5, 2]]), { Row: 2, Column: 'ToQuantity', Message: 'Row 2: the high range quantity is below the low range quantity.' }],
      [await xlsx([['TI1', 'Each', 1, 100, 10], ['TI1', 'Each', 100, null, 9]]), { Row: 3, Column: 'FromQuantity', Message: 'Row 3: this quantity range overlaps another row of the same product and price type.' }],
      [await xlsx([['TI2', 'Discount', 0, null, 101]]), { Row: 2, Column: 'Price', Message: 'Row 2: a discount percent cannot exceed 100.' }],
    ];
    for (const [bytes, error] of cases) {
      for (const confirm of [false, true]) {
        const answer = await importFile('/api/oe/price-table/T-IMP/import', bytes, confirm);
        expect(answer.statusCode, answer.body).toBe(400);
        const body = answer.json();
        expect(body.ResultCode).toBe('import_refused');
        expect(body.List).toEqual([error]);
        expect(body.Message).toContain('Nothing was imported');
      }
    }
    // Still the one row it had.
    expect(await rangesOf()).toMatchObject([{ ProductId: 'TI1', FromQuantity: '1.0000', Price: '5.0000' }]);
  });

  it('previews without writing, imports every row on Confirm, and round-trips through the export', async () => {
    const bytes = await xlsx([['TI1', 'Each', 1, 99, 10], ['ti1', 'each', 100, null, '9.0050'], ['TI2', 'Discount', 0, null, 5, '2099-12-31']]);
    const preview = await importFile('/api/oe/price-table/T-IMP/import', bytes, false);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ ResultCode: 'preview', Message: '3 rows are ready to import.' });
    expect(await rangesOf()).toHaveLength(1);
    const done = await importFile('/api/oe/price-table/T-IMP/import', bytes, true);
    expect(done.json()).toMatchObject({ ResultCode: 'imported', Message: '3 rows imported.' });
    expect((await rangesOf()).map((r) => [r.ProductId, r.FromQuantity, r.Price])).toEqual(
      expect.arrayContaining([['TI1', '1.0000', '10.0000'], ['TI1', '100.0000', '9.0050'], ['TI2', '0.0000', '5.0000']]),
    );
    const exported = await server.app.inject({ method: 'GET', url: '/api/oe/price-table/T-IMP/export', headers: { authorization: `Bearer ${admin}` } });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="price-table-T-IMP-/);
    const again = await importFile('/api/oe/price-table/T-IMP/import', exported.rawPayload, true);
    expect(again.json()).toMatchObject({ ResultCode: 'imported', Message: '3 rows imported.' });
  });

  it('imports list prices; a caller without the right to keep price tables is refused', async () => {
    const bytes = await xlsx([['TI2', 'Each', 0, null, '12.5000', '2020-01-01']], ['ProductId', 'PriceType', 'FromQuantity', 'ToQuantity', 'Price', 'EffectiveDate']);
    const done = await importFile('/api/oe/product-prices/import', bytes, true);
    expect(done.statusCode, done.body).toBe(200);
    const prices = (await call(server.app, 'GET', '/api/data/product-price?filter.ProductId=TI2', admin)).json().List;
    expect(prices).toMatchObject([{ ProductId: 'TI2', PriceTable: 'LIST', Price: '12.5000' }]);
    const portal = (await signIn(server.app, 'portal', 'portal')).access_token;
    expect((await importFile('/api/oe/price-table/T-IMP/import', bytes, true, portal)).statusCode).toBe(403);
  });
});

const process = (name: string, step: 'preview' | 'run', body: unknown) => call(server.app, 'POST', `/api/processes/${name}/${step}`, admin, body);
const report = (name: string, Parameters: unknown) => call(server.app, 'POST', `/api/reports/${name}/run`, admin, { Parameters });

describe('price maintenance processes', () => {
  it('adjusts prices by a percent exactly, refuses a negative result, renews a table and prices new products', async () => {
    const Parameters = { PriceTableId: 'T-IMP', Method: 'Percent', Change: '2.5' };
    const preview = await process('oe-price-adjustments', 'preview', { Parameters });
    expect(preview.statusCode, preview.body).toBe(200);
    // Each rows only (the Discount row is a percent, not a price): 10.0000 → 10.2500, 9.0050 → 9.2301 (9.230125).
    const rows = preview.json().List as { RangeId: number; Price: string; NewPrice: string }[];
    expect(rows.map((r) => [r.Price, r.NewPrice])).toEqual([['10.0000', '10.2500'], ['9.0050', '9.2301']]);
    const run = await process('oe-price-adjustments', 'run', { Parameters, Items: rows.map((r) => r.RangeId) });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().List.map((r: { ResultStatus: number; Message: string }) => [r.ResultStatus, r.Message])).toEqual([[1, 'Price 10.0000 → 10.2500.'], [1, 'Price 9.0050 → 9.2301.']]);
    const negative = await process('oe-price-adjustments', 'run', { Parameters: { PriceTableId: 'T-IMP', Method: 'Amount', Change: '-10' }, Items: rows.map((r) => r.RangeId) });
    expect(negative.json().List.map((r: { ResultStatus: number; Message: string }) => [r.ResultStatus, r.Message])).toEqual([
      [1, 'Price 10.2500 → 0.2500.'],
      [2, 'The new price -0.7699 would be below zero (now 9.2301).'],
    ]);
    const bad = await process('oe-price-adjustments', 'preview', { Parameters: { ...Parameters, Change: '2.5%' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message).toBe('Enter a number of at most 4 decimals, e.g. 5 or -2.5.');

    const renew = { PriceTableId: 'T-IMP', NewPriceTableId: 'T-IMP-2', EffectiveDate: '2099-01-01', Change: '10' };
    const previewed = await process('oe-renew-price-table', 'preview', { Parameters: renew });
    expect(previewed.json().List).toMatchObject([{ PriceTableId: 'T-IMP', Rows: 3 }]);
    const renewed = await process('oe-renew-price-table', 'run', { Parameters: renew, Items: ['T-IMP'] });
    expect(renewed.json().List[0]).toMatchObject({ ResultStatus: 1, Message: 'T-IMP renewed as T-IMP-2 (3 rows).' });
    const copy = (await call(server.app, 'GET', '/api/data/price-table/T-IMP-2', admin)).json().Data;
    expect(copy).toMatchObject({ EffectiveDate: '2099-01-01', ExpiryDate: null });
    expect(copy.Ranges.map((r: { Price: string }) => r.Price).sort()).toEqual(['0.2750', '10.1531', '5.0000']); // 0.2500 and 9.2301 + 10 %; the Discount row's percent stays
    expect((await call(server.app, 'GET', '/api/data/price-table/T-IMP', admin)).json().Data.ExpiryDate).toBe('2098-12-31');
    const again = await process('oe-renew-price-table', 'preview', { Parameters: renew });
    expect(again.statusCode).toBe(400);
    expect(again.json().Message).toBe('Price table T-IMP-2 already exists.');

    const created = await call(server.app, 'POST', '/api/data/product', admin, { ProductId: 'TI3', Description: 'Import three', ClassId: 'TIC', UnitOfMeasure: 'EA' });
    expect(created.statusCode).toBe(201);
    const fresh = { PriceTableId: 'T-IMP-2', ClassId: 'TIC', Change: '30' };
    expect((await process('oe-new-products-pricing', 'preview', { Parameters: fresh })).json().List.map((r: { ProductId: string }) => r.ProductId)).toEqual(['TI3']);
    const priced = await process('oe-new-products-pricing', 'run', { Parameters: fresh, Items: ['TI3'] });
    expect(priced.json().List[0]).toMatchObject({ ResultStatus: 1, Message: 'TI3 priced in T-IMP-2 at cost plus 30.0000 %.' });
    expect((await process('oe-new-products-pricing', 'preview', { Parameters: fresh })).json().ResultCode).toBe('no_records');
  });

  it('adjusts every row of the selection in one bulk run, each row answered; only a bulk process takes All', async () => {
    // 1,203 rows: more than a batch (1,000) and more than a preview shows at once in a smaller process.
    const ranges = Array.from({ length: 1203 }, (_, i) => ({ ProductId: 'TI1', PriceType: 'Each', FromQuantity: `${i * 10 + 1}.0000`, ToQuantity: `${i * 10 + 10}.0000`, Price: i === 7 ? '0.0100' : '2.0000' }));
    const table = await call(server.app, 'POST', '/api/data/price-table', admin, { PriceTableId: 'T-BULK', Description: 'Bulk', Ranges: ranges });
    expect(table.statusCode, table.body).toBe(201);
    const Parameters = { PriceTableId: 'T-BULK', Method: 'Amount', Change: '-0.5' };
    const run = await process('oe-price-adjustments', 'run', { Parameters, All: true });
    expect(run.statusCode, run.body).toBe(200);
    const list = run.json().List as { ResultStatus: number; Message: string; EntityId: number }[];
    expect(list).toHaveLength(1203);
    expect(run.json()).toMatchObject({ ResultStatus: 3, ResultCode: 'partial' });
    expect(run.json().Message).toMatch(/^Price adjustments — 1202 done: .+ and 1192 more\. 1 failed: .+ \(The new price -0\.4900 would be below zero \(now 0\.0100\)\)\.$/);
    // The row that would go below zero is refused alone; the others are written exactly.
    expect(list[7]).toMatchObject({ ResultStatus: 2, Message: 'The new price -0.4900 would be below zero (now 0.0100).' });
    expect(list[1202]).toMatchObject({ ResultStatus: 1, Message: 'Price 2.0000 → 1.5000.' });
    const stored = (await call(server.app, 'GET', '/api/data/price-table/T-BULK', admin)).json().Data.Ranges as { Price: string }[];
    expect(stored.filter((r) => r.Price === '1.5000')).toHaveLength(1202);
    expect(stored.filter((r) => r.Price === '0.0100')).toHaveLength(1);

    const both = await process('oe-price-adjustments', 'run', { Parameters, All: true, Items: [list[0]!.EntityId] });
    expect([both.statusCode, both.json().Message]).toEqual([400, 'Choose the items to run, or run on all of them.']);
    const neither = await process('oe-price-adjustments', 'run', { Parameters });
    expect(neither.statusCode).toBe(400);
    const notBulk = await process('oe-renew-price-table', 'run', { Parameters: { PriceTableId: 'T-BULK', NewPriceTableId: 'T-BULK-2', EffectiveDate: '2099-01-01' }, All: true });
    expect([notBulk.statusCode, notBulk.json().Message]).toEqual([400, 'This process runs only on the items chosen.']);
  });
});

describe('price reports', () => {
  it('lists a customer prices at each break, tables due for review, and every override in the audits', async () => {
    for (const [entity, body] of [
      ['firm', { FirmId: 'TRC', Name: 'Report customer', FirmTypes: ['bill-to'] }],
      ['price-table', { PriceTableId: 'T-REP', Description: 'Report table', CustomerId: 'TRC', ReviewDate: '2000-01-01', Ranges: [{ ProductId: 'TI1', PriceType: 'Each', FromQuantity: '1.0000', ToQuantity: '99.0000', Price: '10.0000' }, { ProductId: 'TI1', PriceType: 'Each', FromQuantity: '100.0000', Price: '9.0000' }] }],
    ] as const) {
      const answer = await call(server.app, 'POST', `/api/data/${entity}`, admin, body);
      expect(answer.statusCode, answer.body).toBe(201);
    }
    const list = await report('oe-customer-price-list', { CustomerId: 'TRC', PriceDate: new Date().toISOString().slice(0, 10), ClassId: 'TIC' });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().List.map((r: Record<string, string>) => [r['ProductId'], r['Quantity'], r['Price'], r['Source']])).toEqual([
      ['TI1', '1.0000', '10.00', 'customer'],
      ['TI1', '100.0000', '9.00', 'customer'],
      ['TI2', '1.0000', '12.50', 'default'],
    ]);
    const due = await report('oe-price-tables-due', { DueBy: '2001-01-01' });
    expect(due.json().List).toMatchObject([{ PriceTableId: 'T-REP', CustomerName: 'Report customer', Rows: 2 }]);

    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = server.app.erp.database.db as unknown as import('kysely').Kysely<any>;
    const { decimalToDb } = await import('../../../server/src/db/decimal-codec.ts');
    await db.insertInto('stock_balances').values({ product_id: 'TI1', warehouse_id: 'TOR-01', on_hand: decimalToDb(db, '10.0000', 4), value: decimalToDb(db, '85.00', 2), average_cost: decimalToDb(db, '8.5000', 4), last_cost: decimalToDb(db, '8.5000', 4), updated_on: new Date().toISOString() }).execute();
    for (const NewPrice of ['9.5000', '8.0000']) {
      const answer = await call(server.app, 'POST', '/api/oe/pricing/override', admin, { CustomerId: 'TRC', ProductId: 'TI1', Quantity: '5', NewPrice, Reason: 'Test' });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const today = new Date().toISOString().slice(0, 10);
    const audit = await report('oe-price-override-audit', { StartDate: today, EndDate: today, CustomerId: 'TRC' });
    expect(audit.json().List.map((r: Record<string, string>) => [r['OverriddenBy'], r['OldPrice'], r['NewPrice'], r['Difference']]).sort()).toEqual([
      ['admin', '10.0000', '8.0000', '-2.0000'],
      ['admin', '10.0000', '9.5000', '-0.5000'],
    ]);
    // The instant on the wire (ISO 8601, UTC); the grid, PDF and .xlsx show it in the user's zone (issue 40 item 9).
    for (const row of audit.json().List as Record<string, string>[]) expect(row['OverriddenOn']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const safety = await report('oe-safety-price-audit', { StartDate: today, EndDate: today, CustomerId: 'TRC' });
    expect(safety.json().List).toMatchObject([{ NewPrice: '8.0000', Cost: '8.5000', LossPerUnit: '0.5000' }]);
    const pdf = await call(server.app, 'POST', '/api/reports/oe-price-override-audit/pdf', admin, { Parameters: { StartDate: today, EndDate: today } });
    expect(pdf.statusCode).toBe(200);
  });
});

describe('order desk setup', () => {
  it('writes portal notifications the portal shows, previews email templates and refuses unknown placeholders and duplicate holidays', async () => {
    const note = await call(server.app, 'POST', '/api/data/portal-notification', admin, { BillToId: 'B100', Title: 'Desk notice', Body: 'Yard closed Friday.' });
    expect(note.statusCode, note.body).toBe(201);
    const portal = (await signIn(server.app, 'portal', 'portal')).access_token;
    const seen = (await call(server.app, 'GET', '/api/PortalNotification/list?billToId=B100&unreadOnly=true', portal)).json();
    expect(seen.List.map((n: { Title: string }) => n.Title)).toContain('Desk notice');

    const bad = await call(server.app, 'POST', '/api/data/email-template', admin, { TemplateId: 'T-BAD', Description: 'Bad', Subject: 'Hi', Body: 'Dear {{Custmer}}' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message).toBe('Unknown placeholder Custmer. Use one of: CustomerName, CustomerId, ContactName, OrderNo, InvoiceNo, PaymentNo, DocumentDate, DueDate, Amount, CompanyName.');
    const preview = await call(server.app, 'POST', '/api/oe/email-template/preview', admin, { Subject: 'Invoice {{InvoiceNo}}', Body: 'Dear {{CustomerName}}' });
    expect(preview.json().Data).toEqual({ Subject: 'Invoice INV-000456', Body: 'Dear Northshore Metals Ltd.' });
    // Issue 71 item 2: the preview writes dates and amounts in the reader's language, as the mail will.
    const dated = await call(server.app, 'POST', '/api/oe/email-template/preview', admin, { Subject: 'Invoice {{InvoiceNo}}', Body: 'Due {{DueDate}}: {{Amount}}' });
    expect(dated.json().Data.Body).toBe('Due Dec 24, 2026: 1,234.56');
    const nameless = await call(server.app, 'POST', '/api/data/delivery-route', admin, { RouteId: 'T-R', Description: ' ' });
    expect(nameless.json().Message).toBe('A name is required.');

    const holiday = { HolidayDate: '2031-07-02', Description: 'Test day' };
    expect((await call(server.app, 'POST', '/api/data/holiday', admin, holiday)).statusCode).toBe(201);
    const twice = await call(server.app, 'POST', '/api/data/holiday', admin, holiday);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().Data.Errors[0].field).toBe('HolidayDate');
  });
});
