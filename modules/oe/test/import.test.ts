/**
 * Price table import/export and product price import (issue 25 item 3; modules/oe/server/maintenance/), on
 * SQLite and PostgreSQL: the export round-trips through the import; every refusal (not an .xlsx, a missing
 * column, no rows, an unknown product, a bad price type, a bad number, a bad date, a high quantity below the
 * low one, overlapping rows, a discount over 100 %) names its row and column and imports nothing — the table
 * keeps its rows; a clean file previews without writing and imports all rows on Confirm; the rights.
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
