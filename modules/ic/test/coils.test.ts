/**
 * Coils and heat numbers (issue 15 item 3; definitions modules/ic/definitions/coils, rules
 * modules/ic/server/coils) through the generic data routes, on SQLite and PostgreSQL:
 * - §5 Coil: coil weight 0 refused ("Coil weight must be at least 1."), negative gauge refused, negative
 *   inside or outside diameter refused, a missing manufacturer coil number refused, an unknown heat refused
 *   with §8 "Heat number X cannot be found." (the number in the text);
 * - §5 Product: gauge, width and length within the product's minimum and maximum;
 * - §4: a coil in a status that forbids updates (Scrapped, Allocated) is refused 409 whatever is sent, and the
 *   status moves only by its actions;
 * - heat numbers: the chemistry total is the exact sum of the elements (no float drift), an element given
 *   twice and a total over 100 % are refused, a unit must suit its property; a PDF mill test report is
 *   accepted as the heat's attachment and a file of another type refused;
 * - the coil inquiry report answers the coils with their heat's mill, and its PDF.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { call, FILES, upload } from '../../../server/test/helpers/entities.ts';

let server: TestServer;
let admin: string;

const post = (entity: string, body: unknown) => call(server.app, 'POST', `/api/data/${entity}`, admin, body);
const errors = (response: { json(): unknown }) =>
  ((response.json() as { Data?: { Errors?: { field: string; key: string; message: string }[] } }).Data?.Errors ?? []).map((error) => ({
    field: error.field,
    key: error.key,
    message: error.message,
  }));

const HEAT = {
  HeatNo: 'T15B-H1',
  Mill: 'Test mill, Hamilton',
  CertificateNo: 'CERT-1',
  Chemistry: [
    { Element: 'C', Percent: '0.1000' },
    { Element: 'Mn', Percent: '0.2000' },
    { Element: 'Si', Percent: '0.0001' },
    { Element: 'P', Percent: '0.7000' },
  ],
  Mechanicals: [
    { Property: 'Yield', Value: '250.000', Unit: 'MPa' },
    { Property: 'Yield', Value: '36259.000', Unit: 'psi' },
    { Property: 'Elongation', Value: '32.500', Unit: 'Percent' },
    { Property: 'Hardness', Value: '60.000', Unit: 'HRB' },
  ],
};

const COIL = {
  CoilNo: 'T15B-C1',
  ProductId: 'T15B-COIL',
  ManufacturerCoilNo: 'MFR-001',
  HeatNo: 'T15B-H1',
  Gauge: '0.0600',
  Width: '48.0000',
  InsideDiameter: '24.0000',
  OutsideDiameter: '60.0000',
  CoilWeight: '20000.0000',
  IngotPrice: '0.1000',
  FabricationPrice: '0.2000',
  FreightPrice: '0.0300',
  ExtraPrice: '0.0001',
};

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  // A product class and a coil product with dimension bounds (h15a's product master).
  const classes = await call(server.app, 'GET', '/api/data/product-class?PageSize=1', admin);
  let classId = classes.json().List?.[0]?.ClassId as string | undefined;
  if (!classId) {
    const created = await post('product-class', { ClassId: 'T15B', Description: 'Test coils' });
    expect(created.statusCode, JSON.stringify(created.json())).toBe(201);
    classId = 'T15B';
  }
  const product = await post('product', {
    ProductId: 'T15B-COIL',
    Description: 'Test hot-rolled coil',
    ClassId: classId,
    UnitOfMeasure: 'LB',
    GaugeMin: '0.0400',
    GaugeMax: '0.1000',
    WidthMin: '36.0000',
    WidthMax: '60.0000',
  });
  expect(product.statusCode, JSON.stringify(product.json())).toBe(201);
  const heat = await post('heat-number', HEAT);
  expect(heat.statusCode, JSON.stringify(heat.json())).toBe(201);
});

afterAll(async () => {
  await server?.stop();
});

describe('heat numbers: chemistry, mechanicals, MTR', () => {
  it('computes the chemistry total exactly (0.1 + 0.2 + 0.0001 + 0.7, no float drift), whatever the client sends', async () => {
    const read = (await call(server.app, 'GET', '/api/data/heat-number/T15B-H1', admin)).json();
    expect(read.Data.ChemistryTotal).toBe('1.0001');
    expect(read.Data.Chemistry.map((row: { Element: string }) => row.Element)).toEqual(['C', 'Mn', 'Si', 'P']);
    expect(read.Data.Mechanicals).toHaveLength(4);
    const updated = await call(server.app, 'PUT', '/api/data/heat-number/T15B-H1', admin, {
      Version: read.Data.Version,
      Chemistry: [...HEAT.Chemistry, { Element: 'Cr', Percent: '18.2999' }],
    });
    expect(updated.statusCode, JSON.stringify(updated.json())).toBe(200);
    expect(updated.json().Data.ChemistryTotal).toBe('19.3000');
  });

  it('refuses an element given twice, a total over 100 % and a unit that does not suit its property', async () => {
    const twice = await post('heat-number', { ...HEAT, HeatNo: 'T15B-H2', Chemistry: [...HEAT.Chemistry, { Element: 'C', Percent: '0.0100' }] });
    expect(twice.statusCode).toBe(400);
    expect(errors(twice)[0]).toMatchObject({ field: 'Chemistry[4].Element', key: 'ic:heat-number.rules.elementTwice' });
    const over = await post('heat-number', {
      ...HEAT,
      HeatNo: 'T15B-H3',
      Chemistry: [
        { Element: 'Fe', Percent: '99.9000' },
        { Element: 'C', Percent: '0.1001' },
      ],
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().Message).toBe('The chemical composition cannot total more than 100 %.');
    const unit = await post('heat-number', { ...HEAT, HeatNo: 'T15B-H4', Mechanicals: [{ Property: 'Tensile', Value: '400.000', Unit: 'HRB' }] });
    expect(unit.statusCode).toBe(400);
    expect(errors(unit)[0]).toMatchObject({ field: 'Mechanicals[0].Unit', key: 'ic:heat-number.rules.unitMismatch' });
    expect((await call(server.app, 'GET', '/api/data/heat-number/T15B-H3', admin)).statusCode).toBe(404);
  });

  it('accepts a PDF mill test report as the heat attachment and refuses a file that is not PDF, BMP, GIF, JPG or PNG', async () => {
    const url = '/api/data/heat-number/T15B-H1/attachments';
    const pdf = await upload(server.app, url, admin, 'MTR-T15B-H1.pdf', FILES.pdf);
    expect(pdf.statusCode, pdf.body).toBe(201);
    expect(pdf.json().Data).toMatchObject({ FileName: 'MTR-T15B-H1.pdf', ContentType: 'application/pdf' });
    const text = await upload(server.app, url, admin, 'notes.txt', Buffer.from('not a report'));
    expect(text.statusCode).toBe(400);
    expect(text.json().Message).toBe('File format or type not supported.');
    const list = (await call(server.app, 'GET', url, admin)).json();
    expect(list.List.map((file: { FileName: string }) => file.FileName)).toEqual(['MTR-T15B-H1.pdf']);
  });
});

describe('coils: §5 Coil and receipt', () => {
  it('refuses a coil weight of 0 with the §5 text', async () => {
    const response = await post('coil', { ...COIL, CoilNo: 'T15B-W0', CoilWeight: '0.0000' });
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe('Coil weight must be at least 1.');
    expect(errors(response)[0]).toMatchObject({ field: 'CoilWeight', key: 'ic:coil.rules.coilWeight' });
  });

  it('refuses a negative gauge, and a negative inside or outside diameter', async () => {
    const gauge = await post('coil', { ...COIL, CoilNo: 'T15B-G', Gauge: '-0.0100' });
    expect(gauge.statusCode).toBe(400);
    expect(gauge.json().Message).toBe('Gauge or thickness must not be below 0.');
    for (const field of ['InsideDiameter', 'OutsideDiameter']) {
      const diameter = await post('coil', { ...COIL, CoilNo: 'T15B-D', [field]: '-1.0000' });
      expect(diameter.statusCode, field).toBe(400);
      expect(errors(diameter)[0]).toMatchObject({ field, message: 'Inside and outside diameter must not be below 0.' });
    }
  });

  it('requires the manufacturer coil number and the heat number', async () => {
    const { ManufacturerCoilNo: _m, ...noManufacturer } = COIL;
    const missing = await post('coil', { ...noManufacturer, CoilNo: 'T15B-M' });
    expect(missing.statusCode).toBe(400);
    expect(errors(missing)[0]).toMatchObject({ field: 'ManufacturerCoilNo', message: 'Manufacturer coil number and a valid heat number are required.' });
    const blank = await post('coil', { ...COIL, CoilNo: 'T15B-M', ManufacturerCoilNo: '  ' });
    expect(blank.statusCode).toBe(400);
    const { HeatNo: _h, ...noHeat } = COIL;
    const heatless = await post('coil', { ...noHeat, CoilNo: 'T15B-M' });
    expect(errors(heatless)[0]).toMatchObject({ field: 'HeatNo', message: 'Manufacturer coil number and a valid heat number are required.' });
  });

  it('refuses an unknown heat with §8 "Heat number X cannot be found."', async () => {
    const response = await post('coil', { ...COIL, CoilNo: 'T15B-U', HeatNo: 'NO-SUCH-HEAT' });
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe('Heat number NO-SUCH-HEAT cannot be found.');
    expect(errors(response)[0]).toMatchObject({ field: 'HeatNo', key: 'ic:coil.rules.heatNotFound' });
  });

  it('refuses a product that does not exist, and dimensions outside the product minimum and maximum', async () => {
    const product = await post('coil', { ...COIL, CoilNo: 'T15B-P', ProductId: 'NO-SUCH-PRODUCT' });
    expect(product.statusCode).toBe(400);
    expect(errors(product)[0]).toMatchObject({ field: 'ProductId' });
    const gauge = await post('coil', { ...COIL, CoilNo: 'T15B-P', Gauge: '0.1200' });
    expect(gauge.statusCode).toBe(400);
    expect(gauge.json().Message).toBe("Entered gauge, width and length must be within the product's minimum and maximum.");
    expect(errors(gauge)[0]).toMatchObject({ field: 'Gauge' });
    const width = await post('coil', { ...COIL, CoilNo: 'T15B-P', Width: '30.0000' });
    expect(errors(width)[0]).toMatchObject({ field: 'Width', key: 'ic:coil.rules.dimensionRange' });
  });

  it('saves a valid coil: Available, cost per pound the exact sum of its parts', async () => {
    const created = await post('coil', COIL);
    expect(created.statusCode, JSON.stringify(created.json())).toBe(201);
    expect(created.json().Data).toMatchObject({ CoilNo: 'T15B-C1', CoilStatus: 'Available', CostPerPound: '0.3301', Measurement: 'Imperial', CoilWeight: '20000.0000' });
    // The status is not the client's to set.
    const sneaky = await call(server.app, 'PUT', '/api/data/coil/T15B-C1', admin, { Version: created.json().Data.Version, CoilStatus: 'Shipped' });
    expect([200, 400]).toContain(sneaky.statusCode);
    expect((await call(server.app, 'GET', '/api/data/coil/T15B-C1', admin)).json().Data.CoilStatus).toBe('Available');
  });
});

describe('coils: §4 statuses that forbid updates', () => {
  async function coilIn(no: string, action: string) {
    const created = await post('coil', { ...COIL, CoilNo: no, ManufacturerCoilNo: `MFR-${no}` });
    expect(created.statusCode, JSON.stringify(created.json())).toBe(201);
    const body = { Version: created.json().Data.Version };
    const acted = await call(server.app, 'POST', `/api/data/coil/${no}/actions/${action}`, admin, body);
    expect(acted.statusCode, JSON.stringify(acted.json())).toBe(200);
    return acted.json().Data as { Version: number; CoilStatus: string };
  }

  it('refuses to update or delete a scrapped coil', async () => {
    const scrapped = await coilIn('T15B-S1', 'scrap');
    expect(scrapped.CoilStatus).toBe('Scrapped');
    const update = await call(server.app, 'PUT', '/api/data/coil/T15B-S1', admin, { Version: scrapped.Version, StorageId: 'BAY-Z9' });
    expect(update.statusCode).toBe(409);
    expect(update.json()).toMatchObject({ ResultCode: 'state_locked' });
    const remove = await call(server.app, 'DELETE', `/api/data/coil/T15B-S1?Version=${scrapped.Version}`, admin);
    expect(remove.statusCode).toBe(409);
  });

  it('refuses to update an allocated coil until it is deallocated; an on-hold coil may be updated', async () => {
    const allocated = await coilIn('T15B-A1', 'allocate');
    const refused = await call(server.app, 'PUT', '/api/data/coil/T15B-A1', admin, { Version: allocated.Version, StorageId: 'BAY-Z1' });
    expect(refused.statusCode).toBe(409);
    const freed = await call(server.app, 'POST', '/api/data/coil/T15B-A1/actions/deallocate', admin, { Version: allocated.Version });
    expect(freed.json().Data.CoilStatus).toBe('Available');
    const changed = await call(server.app, 'PUT', '/api/data/coil/T15B-A1', admin, { Version: freed.json().Data.Version, StorageId: 'BAY-Z1' });
    expect(changed.statusCode, JSON.stringify(changed.json())).toBe(200);
    const held = await coilIn('T15B-H1', 'hold');
    expect(held.CoilStatus).toBe('OnHold');
    const onHold = await call(server.app, 'PUT', '/api/data/coil/T15B-H1', admin, { Version: held.Version, StorageId: 'BAY-Q1' });
    expect(onHold.statusCode, JSON.stringify(onHold.json())).toBe(200);
  });
});

describe('coil inquiry (IC-17)', () => {
  it('lists the coils with their heat and product, the weight totalled, and prints a PDF', async () => {
    const run = await call(server.app, 'POST', '/api/reports/ic-coil-inquiry/run', admin, { Parameters: { HeatNo: 'T15B-H1', CoilStatus: 'Available' } });
    expect(run.statusCode, run.body).toBe(200);
    const body = run.json();
    expect(body.List.length).toBeGreaterThan(0);
    expect(body.List[0]).toMatchObject({ ProductId: 'T15B-COIL', ProductDescription: 'Test hot-rolled coil', HeatNo: 'T15B-H1', Mill: 'Test mill, Hamilton', CoilStatus: 'Available' });
    expect(body.List.every((row: { CoilStatus: string }) => row.CoilStatus === 'Available')).toBe(true);
    expect(body.Totals.CoilWeight).toBe(`${20000 * body.List.length}.0000`);
    const pdf = await call(server.app, 'POST', '/api/reports/ic-coil-inquiry/pdf', admin, { Parameters: { HeatNo: 'T15B-H1' } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
