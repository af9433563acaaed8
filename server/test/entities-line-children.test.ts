/**
 * A line's own child rows (issue 12 item 2: "lines' own child rows, e.g. lot quantities under a line"),
 * through the generic entity API with a TEST-ONLY definition registered here (no business entity):
 * stored in their own table and read back nested under each line (decimals as strings), the
 * definition's sum rule refused with its localized message, foreign / unknown child keys and unknown
 * fields refused with a 4xx, an update replaces the child rows, a delete removes them.
 */
import { ADMIN_ONLY } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';
import { registerModule } from '@erp/shared/entities/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { call } from './helpers/entities.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const testLotDocument = defineEntity({
  name: 'test-lot-document',
  table: 'test_lot_documents',
  key: 'DocId',
  keyKind: 'auto',
  application: 'SHELL',
  fields: {
    DocId: { type: 'integer', readOnly: true },
    Title: { type: 'text', required: true, maxLength: 40 },
    Lines: {
      type: 'children',
      lines: true,
      table: 'test_lot_document_lines',
      parentColumn: 'doc_id',
      key: 'LineId',
      fields: {
        LineId: { type: 'integer' },
        Item: { type: 'text', required: true, maxLength: 20 },
        Quantity: { type: 'decimal', precision: 12, scale: 3, required: true },
      },
      lineChildren: {
        Lots: {
          table: 'test_lot_document_lots',
          parentColumn: 'line_id',
          key: 'LotId',
          maxItems: 3,
          fields: {
            LotId: { type: 'integer' },
            LotNo: { type: 'text', required: true, maxLength: 20 },
            Quantity: { type: 'decimal', precision: 12, scale: 3, required: true },
            CountryCode: { type: 'lookup', entity: 'country', maxLength: 2 },
          },
          sumEquals: { childField: 'Quantity', lineField: 'Quantity' },
        },
      },
    },
  },
  listColumns: ['DocId', 'Title'],
  defaultSort: [{ field: 'DocId' }],
  filters: [],
  search: ['Title'],
  roles: ADMIN_ONLY,
  formLayout: { sections: [{ rows: [['Title'], ['Lines']] }] },
});

let server: TestServer;
let admin: string;
const URL = '/api/data/test-lot-document';

beforeAll(async () => {
  // Registered before the app is built: schema-sync creates the three tables like any definition's.
  registerModule({ name: 'test-line-children', namespace: 'entities', entities: [testLotDocument] });
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
});
afterAll(async () => server?.stop());

async function create(body: unknown) {
  return call(server.app, 'POST', URL, admin, body);
}

describe("a line's own child rows", () => {
  it('are stored and read back under their line, decimals as strings; updates replace them', async () => {
    const created = await create({
      Title: 'Lots',
      Lines: [
        { Item: 'WIRE', Quantity: '5.500', Lots: [{ LotNo: 'L1', Quantity: '2.250' }, { LotNo: 'L2', Quantity: '3.25', CountryCode: 'CA' }] },
        { Item: 'PIPE', Quantity: '1', Lots: [] },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as Json).Data?.DocId ?? (created.json() as Json).DocId;
    const read = (await call(server.app, 'GET', `${URL}/${id}`, admin)).json() as Json;
    const record = (read.Data ?? read) as Json;
    expect(record.Lines).toHaveLength(2);
    const [wire, pipe] = record.Lines as [Json, Json];
    expect(wire.Lots.map((lot: Json) => [lot.LotNo, lot.Quantity, lot.CountryCode])).toEqual([
      ['L1', '2.250', null],
      ['L2', '3.250', 'CA'],
    ]);
    expect(typeof wire.Lots[0].LotId).toBe('number');
    expect(pipe.Lots).toEqual([]);

    // Update: keep L2 (by its key, new quantity), drop L1, add L3; the other line gains a lot.
    const updated = await call(server.app, 'PUT', `${URL}/${id}`, admin, {
      Version: record.Version,
      Lines: [
        { LineId: wire.LineId, Item: 'WIRE', Quantity: '5.500', Lots: [{ LotId: wire.Lots[1].LotId, LotNo: 'L2', Quantity: '5' }, { LotNo: 'L3', Quantity: '0.5' }] },
        { LineId: pipe.LineId, Item: 'PIPE', Quantity: '1', Lots: [{ LotNo: 'P1', Quantity: '1.000' }] },
      ],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = ((await call(server.app, 'GET', `${URL}/${id}`, admin)).json() as Json);
    const lines = ((after.Data ?? after) as Json).Lines as Json[];
    expect(lines[0]!.Lots.map((lot: Json) => [lot.LotId, lot.LotNo, lot.Quantity])).toEqual([
      [wire.Lots[1].LotId, 'L2', '5.000'],
      [expect.any(Number), 'L3', '0.500'],
    ]);
    expect(lines[1]!.Lots.map((lot: Json) => lot.LotNo)).toEqual(['P1']);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const stored = await (server.app.erp.database.db as any).selectFrom('test_lot_document_lots').select('lot_id').execute();
    expect(stored).toHaveLength(3);

    // Deleting the record removes its lines' child rows too.
    const version = ((after.Data ?? after) as Json).Version;
    const deleted = await call(server.app, 'DELETE', `${URL}/${id}?Version=${version}`, admin);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    expect(await (server.app.erp.database.db as any).selectFrom('test_lot_document_lots').select('lot_id').execute()).toHaveLength(0);
  });

  it('refuses child quantities that do not add up to the line with the localized message', async () => {
    const body = { Title: 'Bad sum', Lines: [{ Item: 'WIRE', Quantity: '5', Lots: [{ LotNo: 'L1', Quantity: '2' }, { LotNo: 'L2', Quantity: '2.999' }] }] };
    const refused = await create(body);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('4.999');
    expect(refused.body).toContain('the rows add up to');
    // In the language the user works in (users.language).
    const db = server.app.erp.database.db;
    await db.updateTable('users').set({ language: 'fr-CA' }).where('user_id', '=', 'admin').execute();
    try {
      const french = await create(body);
      expect(french.statusCode).toBe(400);
      expect(french.body).toContain('les lignes totalisent 4.999');
    } finally {
      await db.updateTable('users').set({ language: 'en-CA' }).where('user_id', '=', 'admin').execute();
    }
  });

  it('refuses unknown child fields, bad child values, too many rows, foreign lookups and foreign child keys with a 4xx', async () => {
    const bad = [
      { Title: 'x', Lines: [{ Item: 'A', Quantity: '1', Lots: [{ LotNo: 'L', Quantity: '1', Sneaky: 1 }] }] },
      { Title: 'x', Lines: [{ Item: 'A', Quantity: '1', Lots: [{ LotNo: 'L', Quantity: 'abc' }] }] },
      { Title: 'x', Lines: [{ Item: 'A', Quantity: '1', Lots: [{ Quantity: '1' }] }] },
      { Title: 'x', Lines: [{ Item: 'A', Quantity: '1', Lots: 'many' }] },
      { Title: 'x', Lines: [{ Item: 'A', Quantity: '4', Lots: [1, 2, 3, 4].map((n) => ({ LotNo: `L${n}`, Quantity: '1' })) }] },
      { Title: 'x', Lines: [{ Item: 'A', Quantity: '1', Lots: [{ LotNo: 'L', Quantity: '1', CountryCode: 'ZZ' }] }] },
      // A child key on a create names no row of this line.
      { Title: 'x', Lines: [{ Item: 'A', Quantity: '1', Lots: [{ LotId: 1, LotNo: 'L', Quantity: '1' }] }] },
    ];
    for (const body of bad) {
      const refused = await create(body);
      expect(refused.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode, JSON.stringify(body)).toBeLessThan(500);
      expect(String((refused.json() as Json).Message ?? '')).not.toBe('');
    }
    // Another record's lot key (and another line's of the same record) are refused on an update.
    const one = (await create({ Title: 'One', Lines: [{ Item: 'A', Quantity: '1', Lots: [{ LotNo: 'A1', Quantity: '1' }] }] })).json() as Json;
    const two = (await create({
      Title: 'Two',
      Lines: [
        { Item: 'B', Quantity: '1', Lots: [{ LotNo: 'B1', Quantity: '1' }] },
        { Item: 'C', Quantity: '1', Lots: [{ LotNo: 'C1', Quantity: '1' }] },
      ],
    })).json() as Json;
    const oneRecord = ((await call(server.app, 'GET', `${URL}/${(one.Data ?? one).DocId}`, admin)).json() as Json);
    const twoRecord = ((await call(server.app, 'GET', `${URL}/${(two.Data ?? two).DocId}`, admin)).json() as Json);
    const foreignLot = ((oneRecord.Data ?? oneRecord) as Json).Lines[0].Lots[0].LotId;
    const twoData = (twoRecord.Data ?? twoRecord) as Json;
    const [b, c] = twoData.Lines as Json[];
    for (const lotId of [foreignLot, c!.Lots[0].LotId]) {
      const refused = await call(server.app, 'PUT', `${URL}/${twoData.DocId}`, admin, {
        Version: twoData.Version,
        Lines: [{ LineId: b!.LineId, Item: 'B', Quantity: '1', Lots: [{ LotId: lotId, LotNo: 'X', Quantity: '1' }] }, { LineId: c!.LineId, Item: 'C', Quantity: '1', Lots: [] }],
      });
      expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode, refused.body).toBeLessThan(500);
    }
    const unchanged = ((await call(server.app, 'GET', `${URL}/${twoData.DocId}`, admin)).json() as Json);
    expect(((unchanged.Data ?? unchanged) as Json).Lines.map((line: Json) => line.Lots.map((lot: Json) => lot.LotNo))).toEqual([['B1'], ['C1']]);
  });
});
