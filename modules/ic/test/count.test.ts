/**
 * The physical count cycle (issue 23 item 4; §4 Warehouse count stage, §5, §8; SCREENS.md WP4 acceptance 4–6)
 * on SQLite and PostgreSQL, through the API as the screens call it: freeze (snapshot of book quantity and cost
 * per product and lot; re-freeze asks, then discards what was entered), stock movements blocked while counting,
 * count input (needs Frozen; only the count changes), found products (§8 "Product already added."), tags (§5 tag
 * number required; unique; posting adds to the line), the upgrade (unposted tags refuse it; uncounted lines are
 * asked about and set to 0), the post ((counted − frozen) × snapshot cost to the stock ledger and the G/L; §8
 * "not valid for posting"; "Count date is not in a valid accounting period."; the warehouse back to Clear), the
 * reports (not counted, discrepancy = what was posted), and the sum check: the inventory G/L account holds the
 * stock ledger's value after the cycle.
 */
import { add } from '@erp/shared/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { recordMovements, type StockMovement } from '../server/stock/ledger.ts';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { call } from '../../../server/test/helpers/entities.ts';

let server: TestServer;
let admin: string;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const YEAR = 2044;
const COUNT_DATE = `${YEAR}-03-15`;
const WH = 'CW-1';
const json = (response: { json(): unknown }) => response.json() as Json;
const post = (url: string, body: unknown) => call(server.app, 'POST', url, admin, body);
const put = (url: string, body: unknown) => call(server.app, 'PUT', url, admin, body);
const get = (url: string) => call(server.app, 'GET', url, admin);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const db = () => server.app.erp.database.db as any;
const engine = () => server.app.erp.database.engine;

async function move(documentNo: string, movements: StockMovement[]) {
  return db()
    .transaction()
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    .execute((trx: any) => recordMovements(trx, { date: `${YEAR}-03-01`, documentNo, origin: { type: 'test', id: documentNo }, userId: 'admin' }, movements));
}

/** Runs a count process on one warehouse; answers its one item result (and the whole answer). */
async function runStep(process: string, warehouse: string, parameters: Json = {}, confirmations?: string[]) {
  const response = await post(`/api/processes/${process}/run`, { Parameters: { WarehouseId: warehouse, ...parameters }, Items: [warehouse], ...(confirmations ? { Confirmations: confirmations } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return json(response).List[0] as Json;
}

async function lines(warehouse: string): Promise<Json[]> {
  return json(await get(`/api/data/count-line?filter.WarehouseId=${warehouse}&filter.IsOpen=true&SortFields=ProductId,LotNo`)).List ?? [];
}

const line = (all: Json[], product: string, lot = '') => all.find((l) => l.ProductId === product && (l.LotNo ?? '') === lot)!;
const stageOf = async (warehouse: string) => json(await get(`/api/data/warehouse/${warehouse}`)).Data.CountStage;

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  expect((await post('/api/data/accounting-period/fiscal-years', { FiscalYear: YEAR })).statusCode).toBe(201);
  expect((await post('/api/data/product-class', { ClassId: 'TCOUNT', Description: 'Count test class', InventoryAccount: 'INVENTORY-STEEL' })).statusCode).toBe(201);
  for (const [id, extra] of [
    ['CNT-A', {}],
    ['CNT-B', { TrackLot: true }],
    ['CNT-C', {}],
    ['CNT-SVC', { TrackInventory: false }],
  ] as const) {
    const created = await post('/api/data/product', { ProductId: id, Description: `Count ${id}`, ClassId: 'TCOUNT', KitType: 'None', TrackInventory: true, ...extra });
    expect(created.statusCode, created.body).toBe(201);
  }
  for (const id of [WH, 'CW-2']) expect((await post('/api/data/warehouse', { WarehouseId: id, Name: `Count ${id}`, BranchId: 'TOR' })).statusCode).toBe(201);
  await move('CNT-IN-1', [
    { productId: 'CNT-A', warehouseId: WH, quantity: '10.0000', unitCost: '2.5000', line: 1 },
    { productId: 'CNT-B', warehouseId: WH, lotNo: 'L1', quantity: '4.0000', unitCost: '3.3333', line: 2 },
    { productId: 'CNT-B', warehouseId: WH, lotNo: 'L2', quantity: '6.0000', unitCost: '3.3333', line: 3 },
  ]);
});

afterAll(async () => {
  await server?.stop();
});

describe('the warehouse count cycle', () => {
  it('freezes a Clear warehouse: the snapshot of book quantity and cost per product and lot, movements blocked', async () => {
    expect(await stageOf(WH)).toBe('Clear');
    // §8: a date outside every accounting period.
    const early = await runStep('ic-count-freeze', 'CW-2', { CountDate: '2099-01-15' });
    expect(early).toMatchObject({ ResultStatus: 2, Message: 'Count date is not in a valid accounting period.' });
    expect(await stageOf('CW-2')).toBe('Clear');

    const frozen = await runStep('ic-count-freeze', WH, { CountDate: COUNT_DATE });
    expect(frozen.ResultStatus, frozen.Message).toBe(1);
    expect(await stageOf(WH)).toBe('Frozen');
    const all = await lines(WH);
    expect(all.map((l) => [l.ProductId, l.LotNo ?? '', l.FrozenQty, l.UnitCost, l.IsCounted])).toEqual([
      ['CNT-A', '', '10.0000', '2.5000', false],
      ['CNT-B', 'L1', '4.0000', '3.3330', false],
      ['CNT-B', 'L2', '6.0000', '3.3330', false],
    ]);
    // The stage is the count cycle's: the warehouse form cannot set it.
    const edit = await put(`/api/data/warehouse/${WH}`, { CountStage: 'Clear', Version: json(await get(`/api/data/warehouse/${WH}`)).Data.Version });
    expect(edit.statusCode).toBe(400);
    // Blocked, not excluded: no stock moves in or out while the warehouse is counted.
    await expect(move('CNT-IN-2', [{ productId: 'CNT-A', warehouseId: WH, quantity: '1.0000', unitCost: '2.5000', line: 1 }])).rejects.toMatchObject({ code: 'warehouse_counting' });
  });

  it('takes counts while Frozen; re-freezing asks first, then discards them', async () => {
    const a = line(await lines(WH), 'CNT-A');
    const entered = await put(`/api/data/count-line/${a.LineId}`, { CountedQty: '8.0000', Version: a.Version });
    expect(entered.statusCode, entered.body).toBe(200);
    expect(json(entered).Data).toMatchObject({ TotalCounted: '8.0000', VarianceQty: '-2.0000', VarianceValue: '-5.00', IsCounted: true });
    // Only the count changes; never a negative count.
    const moved = await put(`/api/data/count-line/${a.LineId}`, { ProductId: 'CNT-C', Version: json(entered).Data.Version });
    expect(moved.statusCode).toBe(400);
    expect((await put(`/api/data/count-line/${a.LineId}`, { CountedQty: '-1.0000', Version: json(entered).Data.Version })).statusCode).toBe(400);

    const asked = await runStep('ic-count-freeze', WH, { CountDate: COUNT_DATE });
    expect(asked).toMatchObject({ ResultStatus: 3, ResultCode: 'confirm' });
    expect(asked.Question.Message).toContain('discards the counts entered on 1 lines');
    expect(line(await lines(WH), 'CNT-A').CountedQty).toBe('8.0000');
    const again = await runStep('ic-count-freeze', WH, { CountDate: COUNT_DATE }, [asked.Question.Id]);
    expect(again.ResultStatus, again.Message).toBe(1);
    const fresh = await lines(WH);
    expect(fresh).toHaveLength(3);
    expect(fresh.every((l) => l.IsCounted === false && l.CountedQty === null)).toBe(true);
    const counts = await db().selectFrom('warehouse_counts').select(['status']).where('warehouse_id', '=', WH).orderBy('count_id').execute();
    expect(counts.map((c: Json) => c.status)).toEqual(['Discarded', 'Frozen']);
  });

  it('adds found products once, takes tags (number required, unique) and refuses the upgrade until they are posted', async () => {
    const found = await post('/api/data/count-line', { WarehouseId: WH, ProductId: 'CNT-C', CountedQty: '3.0000' });
    expect(found.statusCode, found.body).toBe(201);
    expect(json(found).Data).toMatchObject({ IsFound: true, FrozenQty: '0.0000', VarianceQty: '3.0000', IsCounted: true });
    const twice = await post('/api/data/count-line', { WarehouseId: WH, ProductId: 'CNT-C' });
    expect(twice.statusCode).toBe(409);
    expect(json(twice).Message).toBe('Product already added.');
    const service = await post('/api/data/count-line', { WarehouseId: WH, ProductId: 'CNT-SVC' });
    expect(service.statusCode).toBe(400);
    expect(json(service).Message).toBe('A product must exist and have tracked stock.');
    const a = line(await lines(WH), 'CNT-A');
    expect((await put(`/api/data/count-line/${a.LineId}`, { CountedQty: '8.0000', Version: a.Version })).statusCode).toBe(200);

    const untagged = await post('/api/data/count-tag', { WarehouseId: WH, ProductId: 'CNT-B', LotNo: 'L1', Quantity: '5.0000' });
    expect(untagged.statusCode).toBe(400);
    expect(json(untagged).Message).toBe('A tag number is required.');
    const tag = await post('/api/data/count-tag', { TagNo: 't-1', WarehouseId: WH, ProductId: 'CNT-B', LotNo: 'L1', Quantity: '5.0000' });
    expect(tag.statusCode, tag.body).toBe(201);
    expect(json(tag).Data).toMatchObject({ TagNo: 'T-1', Status: 'Open' });
    expect((await post('/api/data/count-tag', { TagNo: 'T-1', WarehouseId: WH, ProductId: 'CNT-A', Quantity: '1.0000' })).statusCode).toBe(409);
    const stray = await post('/api/data/count-tag', { TagNo: 'T-2', WarehouseId: WH, ProductId: 'CNT-B', LotNo: 'L9', Quantity: '1.0000' });
    expect(stray.statusCode).toBe(201);

    // Tags must be posted first (§4).
    const refused = await runStep('ic-count-upgrade', WH);
    expect(refused).toMatchObject({ ResultStatus: 2, Message: '2 tags of warehouse CW-1 are not posted. Tags must be posted first.' });
    const posted = await post(`/api/data/count-tag/${json(tag).EntityId}/actions/post`, { Version: json(tag).Data.Version });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(line(await lines(WH), 'CNT-B', 'L1')).toMatchObject({ TagQty: '5.0000', TotalCounted: '5.0000', VarianceQty: '1.0000', VarianceValue: '3.33', IsCounted: true });
    // A tag for a lot the freeze does not hold is refused until it is added as found; deleting the tag instead.
    const strayPost = await post(`/api/data/count-tag/${json(stray).EntityId}/actions/post`, { Version: json(stray).Data.Version });
    expect(strayPost.statusCode).toBe(409);
    expect((await call(server.app, 'DELETE', `/api/data/count-tag/${json(stray).EntityId}?Version=${json(stray).Data.Version}`, admin)).statusCode).toBe(200);
  });

  it('lists the products not counted, upgrades to Counted after asking to set them to 0, then takes no more counts', async () => {
    const notCounted = json(await post('/api/reports/ic-count-not-counted/run', { Parameters: { WarehouseId: WH } }));
    // PC-02: the count sheets and tags as PDF (a blind count: no book quantity unless asked).
    const sheets = json(await post('/api/reports/ic-count-sheets/run', { Parameters: { WarehouseId: WH, Layout: 'tags', ShowBook: 'no' } }));
    expect(sheets.List.map((r: Json) => [r.ProductId, r.LotNo, r.BookQty, r.TagNo !== null])).toEqual([
      ['CNT-A', '', null, true],
      ['CNT-B', 'L1', null, true],
      ['CNT-B', 'L2', null, true],
      ['CNT-C', '', null, true],
    ]);
    const book = json(await post('/api/reports/ic-count-sheets/run', { Parameters: { WarehouseId: WH, Layout: 'sheets', ShowBook: 'yes' } }));
    expect(book.List.map((r: Json) => [r.BookQty, r.TagNo])).toEqual([['10.0000', null], ['4.0000', null], ['6.0000', null], ['0.0000', null]]);
    const pdf = await post('/api/reports/ic-count-sheets/pdf', { Parameters: { WarehouseId: WH, Layout: 'sheets', ShowBook: 'yes' } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(notCounted.List.map((r: Json) => [r.ProductId, r.LotNo, r.FrozenQty, r.FrozenValue])).toEqual([['CNT-B', 'L2', '6.0000', '20.00']]);
    // Posting before the upgrade: the count must be Counted.
    expect(await runStep('ic-count-post', WH)).toMatchObject({ ResultStatus: 2, Message: 'The count stage is Frozen but must be Counted.' });

    const asked = await runStep('ic-count-upgrade', WH);
    expect(asked).toMatchObject({ ResultStatus: 3, ResultCode: 'confirm', Message: '1 line of warehouse CW-1 is not counted. Set its counted quantity to 0 and upgrade?' });
    expect(await stageOf(WH)).toBe('Frozen');
    const done = await runStep('ic-count-upgrade', WH, {}, [asked.Question.Id]);
    expect(done.ResultStatus, done.Message).toBe(1);
    expect(await stageOf(WH)).toBe('Counted');
    const l2 = line(await lines(WH), 'CNT-B', 'L2');
    expect(l2).toMatchObject({ CountedQty: '0.0000', VarianceQty: '-6.0000', VarianceValue: '-20.00' });
    // §4 input needs Frozen; the upgrade needs Frozen too.
    const late = await put(`/api/data/count-line/${l2.LineId}`, { CountedQty: '6.0000', Version: l2.Version });
    expect(late.statusCode).toBe(409);
    expect(json(late).Message).toBe('The count stage is Counted but must be Frozen.');
    expect(await runStep('ic-count-upgrade', WH)).toMatchObject({ ResultStatus: 2, Message: 'The count stage is Counted but must be Frozen.' });
    expect(await runStep('ic-count-freeze', WH, { CountDate: COUNT_DATE })).toMatchObject({ ResultStatus: 2, Message: 'The count stage is Counted but must be Clear or Frozen.' });
  });

  it('posts (counted − frozen) × snapshot cost to the stock ledger and the G/L in an open period, and returns to Clear', async () => {
    // A closed G/L period refuses the count date (§8).
    const period = await db().selectFrom('fiscal_periods').select('period_id').where('start_date', '<=', COUNT_DATE).where('end_date', '>=', COUNT_DATE).executeTakeFirst();
    const flag = (closed: boolean) => db().updateTable('fiscal_periods').set({ closed_gl: engine() === 'postgres' ? closed : closed ? 1 : 0 }).where('period_id', '=', period.period_id).execute();
    await flag(true);
    expect(await runStep('ic-count-post', WH)).toMatchObject({ ResultStatus: 2, Message: 'Count date is not in a valid accounting period.' });
    await flag(false);

    const discrepancy = json(await post('/api/reports/ic-count-discrepancy/run', { Parameters: { WarehouseId: WH, Show: 'variances' } }));
    expect(discrepancy.List, JSON.stringify(discrepancy)).toBeDefined();
    const expected = discrepancy.List.map((r: Json) => [r.ProductId, r.LotNo, r.VarianceQty, r.VarianceValue]);
    expect(expected).toEqual([
      ['CNT-A', '', '-2.0000', '-5.00'],
      ['CNT-B', 'L1', '1.0000', '3.33'],
      ['CNT-B', 'L2', '-6.0000', '-20.00'],
      ['CNT-C', '', '3.0000', '0.00'],
    ]);
    // Posting is accounting's: the order desk clerk may count, not post.
    const clerk = (await signIn(server.app, 'clerk', 'clerk')).access_token;
    expect((await call(server.app, 'POST', '/api/processes/ic-count-post/run', clerk, { Parameters: { WarehouseId: WH }, Items: [WH] })).statusCode).toBe(403);
    const posted = await runStep('ic-count-post', WH);
    expect(posted.ResultStatus, posted.Message).toBe(1);
    expect(await stageOf(WH)).toBe('Clear');
    expect(await lines(WH)).toEqual([]);

    const ledger = await db().selectFrom('stock_ledger').select(['product_id', 'lot_no', 'quantity', 'value', 'movement_date']).where('voucher_type', '=', 'warehouse-count').orderBy('product_id').orderBy('lot_no').execute();
    expect(ledger.map((r: Json) => [r.product_id, r.lot_no, decimalFromDb(engine(), r.quantity, 4), decimalFromDb(engine(), r.value, 2), r.movement_date])).toEqual(
      expected.map(([p, l, q, v]: string[]) => [p, l, q, v, COUNT_DATE]),
    );
    // The discrepancy of the posted count shows what was posted.
    const countNo = (await db().selectFrom('warehouse_counts').select('count_no').where('status', '=', 'Posted').executeTakeFirst()).count_no;
    const after = json(await post('/api/reports/ic-count-discrepancy/run', { Parameters: { WarehouseId: WH, CountNo: countNo, Show: 'variances' } }));
    expect(after.List.map((r: Json) => [r.ProductId, r.LotNo, r.VarianceQty, r.VarianceValue])).toEqual(expected);

    // Sum check: the inventory account (INVENTORY-STEEL → 1200, only these tests move stock) holds the ledger's value.
    const gl = await db().selectFrom('gl_entries').select('amount').where('account_id', '=', '1200').where('data_type', '=', 'Actual').execute();
    const stock = await db().selectFrom('stock_balances').select('value').execute();
    const sum = (rows: Json[], column: string) => rows.reduce((total, row) => add(total, decimalFromDb(engine(), row[column], 2)!), '0.00');
    expect(sum(gl, 'amount')).toBe(sum(stock, 'value'));
    expect(sum(stock, 'value')).toBe('36.66');

    // §3 Product "last count".
    expect(json(await get('/api/data/product/CNT-A')).Data.LastCountDate).toBe(COUNT_DATE);
    // §8 nothing to post on a Clear warehouse; and stock moves again.
    expect(await runStep('ic-count-post', WH)).toMatchObject({ ResultStatus: 2, Message: 'The warehouse is not valid for posting (count stage not frozen, or posting tags not 1).' });
    await move('CNT-IN-3', [{ productId: 'CNT-A', warehouseId: WH, quantity: '1.0000', unitCost: '2.5000', line: 1 }]);
    // Entering counts on a Clear warehouse (the posted count's line) is refused with the stage.
    const old = (await db().selectFrom('count_lines').select(['line_id']).where('warehouse_id', '=', WH).where('product_id', '=', 'CNT-A').orderBy('line_id', 'desc').executeTakeFirst()).line_id;
    const record = json(await get(`/api/data/count-line/${old}`)).Data;
    const clear = await put(`/api/data/count-line/${old}`, { CountedQty: '1.0000', Version: record.Version });
    expect(json(clear).Message).toBe('The count stage is Clear but must be Frozen.');
  });
});
