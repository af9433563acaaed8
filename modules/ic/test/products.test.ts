/**
 * Products and their masters (issue 15 items 1–2; definitions modules/ic/definitions/{masters,products},
 * rules modules/ic/server/products) through the generic data routes, on SQLite and PostgreSQL: one
 * test per §5 Product rule with the spec's texts (Product ID blank, BoM self-component, kit → non-kit with
 * BoM data, gauge/width/length within min and max, barcode confirmation asked then accepted, incomplete
 * profile, attachment without a file), class id and description required, prices with exact decimals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { recordMovements } from '../server/stock/ledger.ts';
import { call, FILES, multipart } from '../../../server/test/helpers/entities.ts';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  for (const [entity, body] of [
    ['product-class', { ClassId: 'TCLASS', Description: 'Test class' }],
    ['product', { ProductId: 'T-PART-1', Description: 'Test part one', ClassId: 'TCLASS', UnitOfMeasure: 'EA' }],
    ['product', { ProductId: 'T-PART-2', Description: 'Test part two', ClassId: 'TCLASS', UnitOfMeasure: 'EA' }],
  ] as const) {
    const created = await post(entity, body);
    expect(created.statusCode, JSON.stringify(created.json())).toBe(201);
  }
});

afterAll(async () => {
  await server?.stop();
});

const post = (entity: string, body: unknown) => call(server.app, 'POST', `/api/data/${entity}`, admin, body);
const put = (entity: string, id: string, body: unknown) => call(server.app, 'PUT', `/api/data/${entity}/${encodeURIComponent(id)}`, admin, body);
const get = (entity: string, id: string) => call(server.app, 'GET', `/api/data/${entity}/${encodeURIComponent(id)}`, admin);
type Issue = { field: string; key: string; message: string };
const errors = (response: { json(): unknown }): Issue[] =>
  ((response.json() as { Data?: { Errors?: Issue[] } }).Data?.Errors ?? []).map((error) => ({ field: error.field, key: error.key, message: error.message }));

describe('product-class', () => {
  it('needs a class id and a description (§5)', async () => {
    const noId = await post('product-class', { ClassId: '', Description: 'No id' });
    expect(noId.statusCode).toBe(400);
    expect(errors(noId)).toContainEqual({ field: 'ClassId', key: 'ic:rules.classRequired', message: 'Product class id and description are required.' });
    const noDescription = await post('product-class', { ClassId: 'NODESC', Description: '  ' });
    expect(noDescription.statusCode).toBe(400);
    expect(errors(noDescription)).toContainEqual({ field: 'Description', key: 'ic:rules.classRequired', message: 'Product class id and description are required.' });
  });
});

describe('product-class inventory account (issue 22 item 6)', () => {
  it('is an accounting setup right, and only an existing IC integration type', async () => {
    const clerk = (await signIn(server.app, 'clerk', 'clerk')).access_token;
    const asClerk = (method: 'POST' | 'PUT', url: string, body: unknown) => call(server.app, method, `/api/data/${url}`, clerk, body);
    // The desk keeps the class itself…
    const created = await asClerk('POST', 'product-class', { ClassId: 'TACCT', Description: 'Desk class' });
    expect(created.statusCode, created.body).toBe(201);
    const renamed = await asClerk('PUT', 'product-class/TACCT', { Description: 'Desk class, renamed', Version: created.json().Data.Version });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // …but not the account its stock posts to, on create or on change.
    const refusedCreate = await asClerk('POST', 'product-class', { ClassId: 'TACCT2', Description: 'Desk class', InventoryAccount: 'INVENTORY-STEEL' });
    expect(refusedCreate.statusCode).toBe(403);
    expect(refusedCreate.json().Message).toBe("Only accounting may set a product class's inventory account.");
    const refusedChange = await asClerk('PUT', 'product-class/TACCT', { InventoryAccount: 'INVENTORY-ELECTRICAL', Version: renamed.json().Data.Version });
    expect(refusedChange.statusCode).toBe(403);
    expect((await get('product-class', 'TACCT')).json().Data.InventoryAccount).toBeNull();
    // Accounting may, to an existing IC integration type only.
    const unknown = await put('product-class', 'TACCT', { InventoryAccount: 'INVENTORY-NOPE', Version: renamed.json().Data.Version });
    expect(unknown.statusCode).toBe(400);
    expect(errors(unknown)).toContainEqual({ field: 'InventoryAccount', key: 'ic:rules.inventoryAccountUnknown', message: 'INVENTORY-NOPE is not an inventory integration type of the G/L integration.' });
    const notIc = await put('product-class', 'TACCT', { InventoryAccount: 'RECEIVABLE', Version: renamed.json().Data.Version });
    expect(notIc.statusCode).toBe(400);
    const set = await put('product-class', 'TACCT', { InventoryAccount: 'INVENTORY-ELECTRICAL', Version: renamed.json().Data.Version });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().Data.InventoryAccount).toBe('INVENTORY-ELECTRICAL');
    // The GL integration rows themselves are the GL's setup: the clerk can neither change nor add one.
    const rows = (await call(server.app, 'GET', '/api/data/gl-integration?filter.SubLedger=IC', admin)).json().List as { IntegrationKey: number; Version: number }[];
    expect(rows.length).toBeGreaterThan(0);
    expect((await asClerk('PUT', `gl-integration/${rows[0]!.IntegrationKey}`, { AccountId: '1210', Version: rows[0]!.Version })).statusCode).toBe(403);
    expect((await asClerk('POST', 'gl-integration', { SubLedger: 'IC', TransactionType: 'INVENTORY-CLERK', Description: 'x', AccountId: '1210' })).statusCode).toBe(403);
  });
});

describe('product groups, types, grades and specifications', () => {
  it('need a name (groups, types) and save the other masters', async () => {
    for (const [entity, key] of [
      ['product-group', 'GroupId'],
      ['product-type', 'TypeId'],
    ] as const) {
      const refused = await post(entity, { [key]: 'TNONAME', Name: '' });
      expect(refused.statusCode).toBe(400);
      expect(errors(refused)).toContainEqual({ field: 'Name', key: 'ic:rules.nameRequired', message: 'A name is required.' });
      expect((await post(entity, { [key]: 'TNAMED', Name: 'Named' })).statusCode).toBe(201);
    }
    expect((await post('product-grade', { ProductGradeId: 'TPRIME', Description: 'Test prime' })).statusCode).toBe(201);
    const grade = await post('grade', { GradeId: 'T-A572-50', Description: 'ASTM A572 grade 50', MaterialType: 'Carbon', YieldMin: '345', TensileMin: '450' });
    expect(grade.json().Data).toMatchObject({ YieldMin: '345.0', TensileMin: '450.0' });
    expect((await post('product-specification', { SpecificationId: 'T-ASTM-A572', Description: 'High-strength low-alloy columbium-vanadium steel', Standard: 'ASTM A572' })).statusCode).toBe(201);
    // A product refers to them; an unknown grade is refused.
    const product = await post('product', { ProductId: 'T-MASTERS-1', Description: 'Plate', ClassId: 'TCLASS', UnitOfMeasure: 'EA', Category: 'TNAMED', TypeId: 'TNAMED', ProductGradeId: 'TPRIME', GradeId: 'T-A572-50', SpecificationId: 'T-ASTM-A572' });
    expect(product.statusCode, JSON.stringify(product.json())).toBe(201);
    const unknown = await post('product', { ProductId: 'T-MASTERS-2', Description: 'Plate', ClassId: 'TCLASS', UnitOfMeasure: 'EA', GradeId: 'NO-SUCH' });
    expect(unknown.statusCode).toBe(400);
    expect(errors(unknown)[0]?.field).toBe('GradeId');
  });
});

describe('product', () => {
  it('refuses a blank Product ID with the §5 text', async () => {
    const response = await post('product', { ProductId: '   ', Description: 'Blank', ClassId: 'TCLASS', UnitOfMeasure: 'EA' });
    expect(response.statusCode).toBe(400);
    expect(errors(response)).toContainEqual({ field: 'ProductId', key: 'ic:rules.productIdBlank', message: 'Product ID cannot be blank.' });
  });

  it('saves an assembly with its BoM and reads it back in order', async () => {
    const created = await post('product', {
      ProductId: 'T-ASSY-1',
      Description: 'Test assembly',
      ClassId: 'TCLASS',
      UnitOfMeasure: 'EA',
      KitType: 'Assembly',
      Components: [
        { ComponentId: 'T-PART-1', Factor: '1.0000', Quantity: '2.5000' },
        { ComponentId: 'T-PART-2', Factor: '1.0000', Quantity: '0.1250' },
      ],
    });
    expect(created.statusCode, JSON.stringify(created.json())).toBe(201);
    const read = await get('product', 'T-ASSY-1');
    expect(read.json().Data.Components).toMatchObject([
      { ComponentId: 'T-PART-1', Quantity: '2.5000' },
      { ComponentId: 'T-PART-2', Quantity: '0.1250' },
    ]);
  });
});

describe('product §5 rules', () => {
  it('refuses a BoM component equal to the product', async () => {
    const response = await post('product', {
      ProductId: 'T-SELF-1',
      Description: 'Self component',
      ClassId: 'TCLASS',
      UnitOfMeasure: 'EA',
      KitType: 'Kit',
      Components: [
        { ComponentId: 'T-PART-1', Factor: '1.0000', Quantity: '1.0000' },
        { ComponentId: 't-self-1', Factor: '1.0000', Quantity: '1.0000' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(errors(response)).toContainEqual({ field: 'Components[1].ComponentId', key: 'ic:rules.bomSelf', message: 'A BoM component cannot equal the product.' });
    expect((await get('product', 'T-SELF-1')).statusCode).toBe(404);
  });

  it('refuses the same component twice with the §8 text', async () => {
    const response = await post('product', {
      ProductId: 'T-TWICE-1',
      Description: 'Twice',
      ClassId: 'TCLASS',
      UnitOfMeasure: 'EA',
      KitType: 'Kit',
      Components: [
        { ComponentId: 'T-PART-1', Factor: '1', Quantity: '1' },
        { ComponentId: 'T-PART-2', Factor: '1', Quantity: '1' },
        { ComponentId: 't-part-1', Factor: '1', Quantity: '2' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(errors(response)).toEqual([{ field: 'Components[2].ComponentId', key: 'errors:business.productAlreadyAdded', message: 'Product already added.' }]);
  });

  it('refuses a component that contains the product further down its own BoM', async () => {
    // T-ASSY-1 contains T-PART-1; T-PART-1 becoming a kit of T-ASSY-1 would loop.
    const current = (await get('product', 'T-PART-1')).json().Data;
    const cycle = await put('product', 'T-PART-1', { KitType: 'Kit', Components: [{ ComponentId: 'T-ASSY-1', Factor: '1', Quantity: '1' }], Version: current.Version });
    expect(cycle.statusCode).toBe(400);
    expect(errors(cycle)).toContainEqual({
      field: 'Components[0].ComponentId',
      key: 'ic:rules.bomCycle',
      message: 'A BoM component cannot equal the product: T-ASSY-1 contains this product in its own bill of materials.',
    });
  });

  it('refuses to make a kit or assembly non-kit while BoM data exists, and allows it once the BoM is gone', async () => {
    const created = await post('product', {
      ProductId: 'T-KIT-1',
      Description: 'Kit with a BoM',
      ClassId: 'TCLASS',
      UnitOfMeasure: 'EA',
      KitType: 'Kit',
      Components: [{ ComponentId: 'T-PART-1', Factor: '1.0000', Quantity: '3.0000' }],
    });
    expect(created.statusCode, JSON.stringify(created.json())).toBe(201);
    const version = created.json().Data.Version as number;
    const refused = await put('product', 'T-KIT-1', { KitType: 'None', Version: version });
    expect(refused.statusCode).toBe(400);
    expect(errors(refused)).toContainEqual({
      field: 'KitType',
      key: 'ic:rules.kitWithBom',
      message: 'A kit or assembly cannot be changed to non-kit while BoM data exists.',
    });
    // The same text in the caller's language (fr-CA user) is checked by the locale files; here: nothing changed.
    expect((await get('product', 'T-KIT-1')).json().Data.KitType).toBe('Kit');
    const emptied = await put('product', 'T-KIT-1', { Components: [], Version: version });
    expect(emptied.statusCode, JSON.stringify(emptied.json())).toBe(200);
    const nonKit = await put('product', 'T-KIT-1', { KitType: 'None', Version: emptied.json().Data.Version });
    expect(nonKit.statusCode, JSON.stringify(nonKit.json())).toBe(200);
    expect(nonKit.json().Data.KitType).toBe('None');
  });

  it('keeps gauge, width and length within the product minimum and maximum', async () => {
    const base = { Description: 'Coil product', ClassId: 'TCLASS', UnitOfMeasure: 'KG', GaugeMin: '1.0000', GaugeMax: '2.0000', WidthMin: '900', WidthMax: '1250', LengthMin: '0', LengthMax: '6100' };
    const gauge = await post('product', { ...base, ProductId: 'T-DIM-1', Gauge: '2.0001', Width: '1000', Length: '3000' });
    expect(gauge.statusCode).toBe(400);
    expect(errors(gauge)).toContainEqual(
      expect.objectContaining({ field: 'Gauge', key: 'ic:rules.dimensionRange', message: "Entered gauge, width and length must be within the product's minimum and maximum." }),
    );
    const width = await post('product', { ...base, ProductId: 'T-DIM-1', Gauge: '1.5', Width: '899.9999', Length: '3000' });
    expect(errors(width).map((issue) => [issue.field, issue.key])).toEqual([['Width', 'ic:rules.dimensionRange']]);
    const length = await post('product', { ...base, ProductId: 'T-DIM-1', Gauge: '1.5', Width: '1000', Length: '6100.5' });
    expect(errors(length).map((issue) => [issue.field, issue.key])).toEqual([['Length', 'ic:rules.dimensionRange']]);
    const inverted = await post('product', { ...base, ProductId: 'T-DIM-1', GaugeMin: '3', GaugeMax: '2' });
    expect(errors(inverted)).toContainEqual(expect.objectContaining({ field: 'GaugeMax', key: 'ic:rules.minOverMax' }));
    const bounds = await post('product', { ...base, ProductId: 'T-DIM-1', Gauge: '1.0000', Width: '1250', Length: '0' });
    expect(bounds.statusCode, JSON.stringify(bounds.json())).toBe(201);
    expect(bounds.json().Data).toMatchObject({ Gauge: '1.0000', GaugeMax: '2.0000', Width: '1250.0000' });
    // An update is held to the same rule.
    const moved = await put('product', 'T-DIM-1', { GaugeMax: '0.9000', Version: bounds.json().Data.Version });
    expect(moved.statusCode).toBe(400);
    expect(errors(moved)).toContainEqual(expect.objectContaining({ field: 'GaugeMax', key: 'ic:rules.minOverMax' }));
  });

  it('asks for confirmation when the barcode already exists, then saves once confirmed', async () => {
    const first = await post('product', { ProductId: 'T-BC-1', Description: 'First barcode', ClassId: 'TCLASS', UnitOfMeasure: 'EA', Barcode: '0099887766' });
    expect(first.statusCode).toBe(201);
    const body = { ProductId: 'T-BC-2', Description: 'Second barcode', ClassId: 'TCLASS', UnitOfMeasure: 'EA', Barcode: '0099887766' };
    const asked = await post('product', body);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({
      ResultStatus: 3,
      ResultCode: 'confirm',
      Message: 'Barcode 0099887766 already exists on product T-BC-1. Save anyway?',
      Data: { Question: { Id: 'barcode-exists' } },
    });
    expect((await get('product', 'T-BC-2')).statusCode).toBe(404);
    const confirmed = await post('product', { ...body, Confirmations: ['barcode-exists'] });
    expect(confirmed.statusCode, JSON.stringify(confirmed.json())).toBe(201);
    expect(confirmed.json().Data.Barcode).toBe('0099887766');
    // A save that does not change the barcode asks nothing.
    const renamed = await put('product', 'T-BC-2', { Description: 'Second barcode, renamed', Version: confirmed.json().Data.Version });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().ResultStatus).toBe(1);
  });

  it('refuses an incomplete profile, saves a complete one', async () => {
    const base = { ProductId: 'T-PROF-1', Description: 'Angle', ClassId: 'TCLASS', UnitOfMeasure: 'EA' };
    const partial = await post('product', { ...base, ProfileShape: 'Angle', ProfileHeight: '50.8' });
    expect(partial.statusCode).toBe(400);
    const issues = errors(partial);
    expect(issues.map((issue) => issue.field).sort()).toEqual(['ProfileThickness', 'ProfileWidth']);
    expect(issues[0]).toMatchObject({ key: 'ic:rules.profileIncomplete', message: 'Incomplete profile fields block saving the profile: fill in every profile field or none.' });
    const complete = await post('product', { ...base, ProfileShape: 'Angle', ProfileHeight: '50.8', ProfileWidth: '50.8', ProfileThickness: '6.35' });
    expect(complete.statusCode, JSON.stringify(complete.json())).toBe(201);
    expect(complete.json().Data).toMatchObject({ ProfileShape: 'Angle', ProfileThickness: '6.3500' });
  });

  it('needs a file for a product attachment, and takes one', async () => {
    const url = '/api/data/product/T-PART-1/attachments';
    const empty = multipart('drawing.png', Buffer.alloc(0), 'image/png');
    const refused = await server.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${admin}`, 'content-type': empty.contentType }, payload: empty.payload });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ ResultCode: 'no_file', Message: 'No file was sent.' });
    const file = multipart('drawing.png', FILES.png, 'image/png');
    const saved = await server.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${admin}`, 'content-type': file.contentType }, payload: file.payload });
    expect(saved.statusCode, saved.body).toBe(201);
  });

  it('refuses to delete a product used in another BoM', async () => {
    const current = (await get('product', 'T-PART-2')).json().Data;
    const refused = await call(server.app, 'DELETE', `/api/data/product/T-PART-2?Version=${current.Version}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().Message).toBe('This product is used by the bill of materials of T-ASSY-1.');
  });

  it('answers the stock figures read-only (empty stock: zero on hand)', async () => {
    const data = (await get('product', 'T-PART-1')).json().Data;
    expect(data).toHaveProperty('QuantityOnHand');
    expect(data).toHaveProperty('LastReceiptDate', null);
    const ignored = await put('product', 'T-PART-1', { QuantityOnHand: '99.0000', Description: 'Test part one, renamed', Version: data.Version });
    expect([200, 400]).toContain(ignored.statusCode);
    expect((await get('product', 'T-PART-1')).json().Data.QuantityOnHand).not.toBe('99.0000');
  });
});

describe('stock figures from the stock ledger', () => {
  it('shows quantity on hand, average and last cost, last receipt and last sale of every warehouse', async () => {
    const year = await post('accounting-period/fiscal-years', { FiscalYear: 2044 });
    expect(year.statusCode, JSON.stringify(year.json())).toBe(201);
    expect((await post('product-class', { ClassId: 'TSTOCK', Description: 'Stocked test class', InventoryAccount: 'INVENTORY-STEEL' })).statusCode).toBe(201);
    expect((await post('product', { ProductId: 'T-STOCK-1', Description: 'Stocked part', ClassId: 'TSTOCK', UnitOfMeasure: 'EA' })).statusCode).toBe(201);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = server.app.erp.database.db as any;
    const move = (date: string, documentNo: string, warehouseId: string, quantity: string, unitCost?: string) =>
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      db.transaction().execute((trx: any) =>
        recordMovements(trx, { date, documentNo, origin: { type: 'test', id: documentNo }, userId: 'admin' }, [
          { productId: 'T-STOCK-1', warehouseId, quantity, ...(unitCost ? { unitCost } : {}), line: 1 },
        ]),
      );
    await move('2044-03-01', 'TS-1', 'WH-T1', '10', '2.5000');
    await move('2044-04-02', 'TS-2', 'WH-T2', '5', '4.0000');
    await move('2044-05-01', 'TS-3', 'WH-T1', '-3');
    const data = (await get('product', 'T-STOCK-1')).json().Data;
    // 25.00 + 20.00 − 7.50 = 37.50 for 12 on hand.
    expect(data).toMatchObject({
      QuantityOnHand: '12.0000',
      AverageCost: '3.1250',
      LastCost: '4.0000',
      LastReceiptDate: '2044-04-02',
      LastSaleDate: '2044-05-01',
      LastCountDate: null,
    });
    // The ledger is append-only: the product cannot be deleted.
    const refused = await call(server.app, 'DELETE', `/api/data/product/T-STOCK-1?Version=${data.Version}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().Message).toBe('A product with stock movements cannot be deleted; make it inactive instead.');
    const price = await post('product-price', { ProductId: 'T-STOCK-1', PriceTable: 'LIST', PriceType: 'Each', FromQuantity: '0', Price: '5.95', Currency: 'CAD' });
    expect(price.json().Data).toMatchObject({ Price: '5.9500', AverageCost: '3.1250', LastCost: '4.0000' });
  });
});

describe('who keeps products (§6)', () => {
  it('lets the order desk clerk keep products and the steel desk only read them', async () => {
    const clerk = (await signIn(server.app, 'clerk', 'clerk')).access_token;
    const steel = (await signIn(server.app, 'steel', 'steel')).access_token;
    const body = { ProductId: 'T-ROLE-1', Description: 'Clerk product', ClassId: 'TCLASS', UnitOfMeasure: 'EA' };
    expect((await call(server.app, 'POST', '/api/data/product', clerk, body)).statusCode).toBe(201);
    expect((await call(server.app, 'POST', '/api/data/product', steel, { ...body, ProductId: 'T-ROLE-2' })).statusCode).toBe(403);
    expect((await call(server.app, 'GET', '/api/data/product/T-ROLE-1', steel)).statusCode).toBe(200);
  });
});

describe('product-price', () => {
  it('saves prices with exact decimals and refuses overlapping quantity ranges', async () => {
    const first = await post('product-price', { ProductId: 'T-PART-1', PriceTable: 'TEST', PriceType: 'Each', FromQuantity: '0', ToQuantity: '99.9999', Price: '1234567.8912', Currency: 'CAD' });
    expect(first.statusCode, JSON.stringify(first.json())).toBe(201);
    const id = first.json().Data.PriceId as number;
    const read = (await get('product-price', String(id))).json().Data;
    expect(read).toMatchObject({ ProductId: 'T-PART-1', PriceTable: 'TEST', FromQuantity: '0.0000', ToQuantity: '99.9999', Price: '1234567.8912' });
    const second = await post('product-price', { ProductId: 'T-PART-1', PriceTable: 'TEST', PriceType: 'Each', FromQuantity: '100', Price: '0.0001', Currency: 'CAD' });
    expect(second.statusCode).toBe(201);
    expect(second.json().Data.Price).toBe('0.0001');
    const overlap = await post('product-price', { ProductId: 'T-PART-1', PriceTable: 'TEST', PriceType: 'Each', FromQuantity: '50', ToQuantity: '60', Price: '1.00', Currency: 'CAD' });
    expect(overlap.statusCode).toBe(400);
    expect(errors(overlap)[0]).toMatchObject({ key: 'ic:rules.rangeOverlap' });
    const inverted = await post('product-price', { ProductId: 'T-PART-1', PriceTable: 'OTHER', PriceType: 'Each', FromQuantity: '10', ToQuantity: '5', Price: '1.00', Currency: 'CAD' });
    expect(errors(inverted)[0]).toMatchObject({ field: 'ToQuantity', key: 'ic:rules.rangeOrder' });
    const list = await call(server.app, 'GET', '/api/data/product-price?filter.ProductId=T-PART-1&filter.PriceTable=TEST', admin);
    expect(list.json().List.map((row: { Price: string }) => row.Price)).toEqual(['1234567.8912', '0.0001']);
  });
});

describe('demo catalogue', () => {
  it('is seeded with classes, products, BoMs and LIST prices', async () => {
    const classes = await call(server.app, 'GET', '/api/data/product-class?PageSize=50', admin);
    expect(classes.json().List.map((row: { ClassId: string }) => row.ClassId)).toEqual(expect.arrayContaining(['SHEET', 'COIL', 'BAR', 'PIPE', 'WIRE', 'FITTINGS', 'ELECTRICAL']));
    const kit = (await get('product', 'KIT-PANEL-100A')).json().Data;
    expect(kit).toMatchObject({ KitType: 'Kit', ClassId: 'ELECTRICAL' });
    expect(kit.Components.map((line: { ComponentId: string; Quantity: string }) => [line.ComponentId, line.Quantity])).toEqual([
      ['EL-PANEL-100A-24', '1.0000'],
      ['EL-BKR-15A-1P', '10.0000'],
      ['EL-BKR-20A-1P', '5.0000'],
      ['EL-BKR-40A-2P', '1.0000'],
    ]);
    const products = await call(server.app, 'GET', '/api/data/product?PageSize=1&filter.ClassId=SHEET', admin);
    expect(products.statusCode).toBe(200);
    const prices = await call(server.app, 'GET', '/api/data/product-price?filter.ProductId=HRS-10GA-48X96&filter.PriceTable=LIST', admin);
    expect(prices.json().List).toEqual([expect.objectContaining({ PriceType: 'Each', Price: '107.6200', Currency: 'CAD' })]);
  });
});
