/**
 * Waste Disposal (issue 27; SCREENS.md WP8 acceptance 1–4) on SQLite and PostgreSQL, through the API as the
 * screens call it: §5 "A name is required" on the masters, the one control row, certificate dates; a quote from
 * a template (lines copied and priced by the server, the Receivables party rules), Quoted → Accepted creating
 * the service orders, Lost, read-only once decided, its PDF; service orders Entered → Scheduled → Completed →
 * Invoiced / Cancelled with the working-day and certificate rules (§8.4); the scheduler on a fixed calendar — a
 * week with a statutory holiday, two crews at capacity; invoice processing into Receivables (Dr AR / Cr revenue
 * / Cr HST of the site's province, balanced) and its refusal in a closed A/R period; the completed services and
 * certificates-due reports; a batch of invoice processing refusing one order alone; the large-data generator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mul, neg } from '@erp/shared/decimal';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import type { TestServer } from '../../../server/test/helpers/app.ts';
import { apiAs, signedInServer } from '../../../server/test/helpers/api.ts';
import { pdfText } from '../../../server/test/helpers/pdf-text.ts';
import { insertServiceOrders } from '../server/seed-large.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let admin: string;
const YEAR = 2061;
const D = (md: string) => `${YEAR}-${md}`;

const { get, post, put, json, db, engine, created: createdAt, action, done, balancedEntries } = apiAs(() => server, () => admin);
const process = (name: string, step: 'preview' | 'run', body: unknown) => post(`/api/processes/${name}/${step}`, body);

const created = (entity: string, body: Json) => createdAt(`/api/data/${entity}`, body);

const order = (extra: Json = {}) => ({ OrderDate: D('06-20'), CustomerId: 'WC1', SiteId: 'WS1', ServiceId: 'T-BIN', Quantity: '2.0000', ...extra });

beforeAll(async () => {
  ({ server, tokens: { admin } } = await signedInServer('admin'));
  expect((await post('/api/data/accounting-period/fiscal-years', { FiscalYear: YEAR })).statusCode).toBe(201);
  await created('firm', { FirmId: 'WC1', Name: 'Waste Customer One', FirmTypes: ['bill-to'], ProvinceCode: 'ON' });
  await created('firm', { FirmId: 'WS1', Name: 'Plant Site', FirmTypes: ['ship-to'], BillToId: 'WC1', ProvinceCode: 'ON', Address: '1 Mill Rd', City: 'Hamilton' });
  await created('firm', { FirmId: 'WC2', Name: 'Waste Customer Two', FirmTypes: ['bill-to'], ProvinceCode: 'ON' });
  await created('holiday', { HolidayDate: D('07-01'), Description: 'Canada Day' });
  // A fixed calendar: two crews of two jobs a day, Monday to Friday.
  const control = json(await get('/api/data/wd-control/WD')).Data;
  const days = { Monday: true, Tuesday: true, Wednesday: true, Thursday: true, Friday: true, Saturday: false, Sunday: false };
  const updated = await put('/api/data/wd-control/WD', { Crews: 'A1, A2', JobsPerCrewPerDay: 2, RevenueAccount: '4400', ...days, Version: control.Version });
  expect(updated.statusCode, JSON.stringify(updated.json())).toBe(200);
  await created('wd-service', { ServiceId: 'T-BIN', Name: 'Bin pickup', Unit: 'Each', PriceBasis: 'PerUnit', UnitPrice: '100.0000', RevenueAccount: '4400' });
  await created('wd-service', { ServiceId: 'T-FLAT', Name: 'Assessment', Unit: 'Hour', PriceBasis: 'Flat', UnitPrice: '250.0000' });
  await created('waste-class', { ClassId: 'T-HAZ', Name: 'Solvents', HazardClass: '3', CertificateRequired: true });
  await created('waste-class', { ClassId: 'T-NON', Name: 'Paper' });
  await created('quotation-template', {
    TemplateId: 'T-QT',
    Name: 'Bins and assessment',
    Lines: [
      { ServiceId: 'T-BIN', WasteClassId: 'T-NON', Quantity: '3.0000' },
      { ServiceId: 'T-FLAT', Quantity: '2.0000', Description: 'Two-hour walk-through' },
    ],
  });
});

afterAll(() => server?.stop());

describe('masters (§5)', () => {
  it('requires a name on services, classes and templates, keeps one control row and checks certificate dates', async () => {
    for (const [entity, body] of [
      ['wd-service', { ServiceId: 'T-NONAME', Unit: 'Each', PriceBasis: 'PerUnit' }],
      ['waste-class', { ClassId: 'T-NONAME' }],
      ['quotation-template', { TemplateId: 'T-NONAME', Lines: [] }],
    ] as const) {
      const refused = await post(`/api/data/${entity}`, body);
      expect(refused.statusCode).toBe(400);
      expect(json(refused).Data.Errors.map((e: Json) => e.message)).toContain('A name is required.');
    }
    const second = await post('/api/data/wd-control', { ControlId: 'XX', RevenueAccount: '4400', Crews: 'A1', JobsPerCrewPerDay: 1, RenewalHorizonDays: 30 });
    expect(second.statusCode).toBe(400);
    const backwards = await post('/api/data/wd-certificate', { CertificateType: 'Eca', HolderType: 'customer', HolderId: 'WC1', Number: 'X', IssuedOn: D('05-01'), ExpiresOn: D('04-01') });
    expect(backwards.statusCode).toBe(400);
    expect(json(backwards).Data.Errors.map((e: Json) => e.message)).toContain('The expiry date cannot be before the issue date.');
  });
});

describe('quotes (WP8 acceptance 1)', () => {
  it('copies and prices the template, refuses a site of another customer, accepts into service orders and prints', async () => {
    const wrongSite = await post('/api/data/wd-quote', { QuoteDate: D('06-10'), TemplateId: 'T-QT', CustomerId: 'WC2', SiteId: 'WS1' });
    expect(wrongSite.statusCode).toBe(400);
    expect(json(wrongSite).Message).toBe('Ship To is invalid.');
    const notCustomer = await post('/api/data/wd-quote', { QuoteDate: D('06-10'), TemplateId: 'T-QT', CustomerId: 'WS1' });
    expect(notCustomer.statusCode).toBe(400);

    const quote = await created('wd-quote', { QuoteDate: D('06-10'), TemplateId: 'T-QT', CustomerId: 'WC1', SiteId: 'WS1', Notes: 'Gate code 4411' });
    expect(quote.Status).toBe('Quoted');
    expect(quote.QuoteNo).toMatch(/^WQ\d+$/);
    expect(quote.CustomerName).toBe('Waste Customer One');
    expect(quote.Lines.map((l: Json) => [l.ServiceId, l.Quantity, l.UnitPrice, l.Amount])).toEqual([
      ['T-BIN', '3.0000', '100.0000', '300.00'],
      // Flat: charged its price once, whatever the quantity.
      ['T-FLAT', '2.0000', '250.0000', '250.00'],
    ]);
    expect(quote.Total).toBe('550.00');

    const pdf = await post('/api/reports/wd-quote-print/pdf', { Parameters: { QuoteNo: quote.QuoteNo } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    for (const expected of [quote.QuoteNo, 'Waste Customer One', 'Plant Site', 'Two-hour walk-through', '550.00', 'Gate code 4411']) expect(text).toContain(expected);
    const none = await post('/api/reports/wd-quote-print/pdf', { Parameters: { QuoteNo: 'WQ-NONE' } });
    expect(json(none).Message).toBe('No PDF data.');

    const accepted = await done('wd-quote', quote, 'QuoteId', 'accept');
    expect(accepted.Status).toBe('Accepted');
    const numbers = String(accepted.OrderNos).split(', ');
    expect(numbers).toHaveLength(2);
    const listed = json(await get(`/api/data/wd-order?filter.CustomerId=WC1&SortFields=OrderId`)).List as Json[];
    const orders = (await Promise.all(listed.map(async (o) => json(await get(`/api/data/wd-order/${o.OrderId}`)).Data))).filter((o: Json) => o.QuoteNo === quote.QuoteNo);
    expect(orders.map((o: Json) => [o.OrderNo, o.Status, o.ServiceId, o.SiteId, o.Amount])).toEqual([
      [numbers[0], 'Entered', 'T-BIN', 'WS1', '300.00'],
      [numbers[1], 'Entered', 'T-FLAT', 'WS1', '250.00'],
    ]);
    // Decided: neither edited, accepted again nor lost.
    expect((await put(`/api/data/wd-quote/${quote.QuoteId}`, { Notes: 'x', Version: accepted.Version })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await action('wd-quote', quote.QuoteId, accepted.Version, 'lose')).statusCode).toBeGreaterThanOrEqual(400);

    const other = await created('wd-quote', { QuoteDate: D('06-11'), TemplateId: 'T-QT', CustomerId: 'WC2' });
    expect(other.SiteId).toBe('WC2');
    expect((await done('wd-quote', other, 'QuoteId', 'lose')).Status).toBe('Lost');
  });
});

describe('scheduling (WP8 acceptance 2)', () => {
  it('fills two crews to capacity, skips the statutory holiday and the weekend', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await created('wd-order', order({ CustomerId: 'WC2', SiteId: 'WC2', RequestedDate: D('06-30') }))).OrderId);
    const Parameters = { FromDate: D('06-29'), CustomerId: 'WC2' };
    const preview = await process('wd-scheduling', 'preview', { Parameters });
    expect(preview.statusCode, JSON.stringify(preview.json())).toBe(200);
    expect(json(preview).List.map((r: Json) => r.OrderId)).toEqual(ids);
    const run = await process('wd-scheduling', 'run', { Parameters, Items: ids });
    expect(json(run).List.map((r: Json) => r.ResultStatus)).toEqual([1, 1, 1, 1, 1]);
    const rows = await Promise.all(ids.map(async (id) => json(await get(`/api/data/wd-order/${id}`)).Data));
    // Thursday June 30: two jobs for each crew; Friday July 1 is Canada Day, then the weekend: Monday July 4.
    expect(rows.map((r) => [r.Status, r.ScheduledDate, r.CrewId, r.RouteSequence])).toEqual([
      ['Scheduled', D('06-30'), 'A1', 1],
      ['Scheduled', D('06-30'), 'A2', 1],
      ['Scheduled', D('06-30'), 'A1', 2],
      ['Scheduled', D('06-30'), 'A2', 2],
      ['Scheduled', D('07-04'), 'A1', 1],
    ]);
    // Serialize work load: crew A1's two jobs of June 30 in route order (site postal codes), then the work orders.
    await created('firm', { FirmId: 'WS-A', Name: 'East Yard', FirmTypes: ['ship-to'], BillToId: 'WC2', ProvinceCode: 'ON', PostalCode: 'L9A 1A1' });
    await created('firm', { FirmId: 'WS-B', Name: 'West Yard', FirmTypes: ['ship-to'], BillToId: 'WC2', ProvinceCode: 'ON', PostalCode: 'L1A 1A1' });
    for (const [id, site] of [[ids[0], 'WS-A'], [ids[2], 'WS-B']] as const) {
      const current = json(await get(`/api/data/wd-order/${id}`)).Data;
      expect((await put(`/api/data/wd-order/${id}`, { SiteId: site, Version: current.Version })).statusCode).toBe(200);
    }
    const serialize = { WorkDate: D('06-30') };
    const crews = json(await process('wd-serialize-work-load', 'preview', { Parameters: serialize })).List as Json[];
    expect(crews.map((c) => [c.CrewId, Number(c.Jobs)])).toEqual([['A1', 2], ['A2', 2]]);
    const serialized = json(await process('wd-serialize-work-load', 'run', { Parameters: serialize, Items: ['A1'] })).List[0];
    expect([serialized.ResultStatus, serialized.Message]).toEqual([1, '2 jobs in route order.']);
    const sequences = await Promise.all([ids[0], ids[2]].map(async (id) => json(await get(`/api/data/wd-order/${id}`)).Data.RouteSequence));
    expect(sequences).toEqual([2, 1]);
    const work = await post('/api/reports/wd-work-orders/run', { Parameters: { WorkDate: D('06-30'), CrewId: 'A1' } });
    expect((json(work).List as Json[]).map((r) => [r.RouteSequence, r.OrderNo])).toEqual([[1, rows[2].OrderNo], [2, rows[0].OrderNo]]);
    const workPdf = await post('/api/reports/wd-work-orders/pdf', { Parameters: { WorkDate: D('06-30') } });
    expect(workPdf.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(workPdf.rawPayload)).toContain('West Yard');
    // Run again: nothing is Entered any more.
    const again = await process('wd-scheduling', 'run', { Parameters, Items: ids.slice(0, 1) });
    expect(json(again).List[0].ResultStatus).not.toBe(1);
  });

  it('refuses scheduling by hand on a holiday, a weekend or without a crew', async () => {
    const entered = await created('wd-order', order());
    const holiday = await put(`/api/data/wd-order/${entered.OrderId}`, { ScheduledDate: D('07-01'), CrewId: 'A1', Version: entered.Version });
    expect(holiday.statusCode).toBe(200);
    const onHoliday = json(holiday).Data;
    const refused = await action('wd-order', onHoliday.OrderId, onHoliday.Version, 'schedule');
    expect(refused.statusCode).toBe(400);
    expect(json(refused).Message).toContain('is not a working day.');
    const weekend = json(await put(`/api/data/wd-order/${entered.OrderId}`, { ScheduledDate: D('07-02'), CrewId: null, Version: onHoliday.Version })).Data;
    const refusedAgain = await action('wd-order', weekend.OrderId, weekend.Version, 'schedule');
    expect(json(refusedAgain).Data.Errors.map((e: Json) => e.field).sort()).toEqual(['CrewId', 'ScheduledDate']);
    const monday = json(await put(`/api/data/wd-order/${entered.OrderId}`, { ScheduledDate: D('07-04'), CrewId: 'A2', Version: weekend.Version })).Data;
    const scheduled = await done('wd-order', monday, 'OrderId', 'schedule');
    expect(scheduled.Status).toBe('Scheduled');
    // Moved while Scheduled: still only to a working day.
    const moved = await put(`/api/data/wd-order/${entered.OrderId}`, { ScheduledDate: D('07-01'), Version: scheduled.Version });
    expect(moved.statusCode).toBe(400);
    const cancelled = await done('wd-order', scheduled, 'OrderId', 'cancel');
    expect(cancelled.Status).toBe('Cancelled');
    expect((await action('wd-order', cancelled.OrderId, cancelled.Version, 'complete')).statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('completion and invoicing (WP8 acceptance 3, §8.4)', () => {
  let hazardous: Json;

  it('refuses completing a class that needs a certificate without a valid one', async () => {
    const entered = await created('wd-order', order({ WasteClassId: 'T-HAZ', ManifestNo: 'm-77', ScheduledDate: D('06-28'), CrewId: 'A1' }));
    expect(entered.ManifestNo).toBe('M-77');
    const scheduled = await done('wd-order', entered, 'OrderId', 'schedule');
    // Expired on the day, and one for another class: neither counts.
    await created('wd-certificate', { CertificateType: 'GeneratorRegistration', HolderType: 'site', HolderId: 'WS1', WasteClassId: 'T-HAZ', Number: 'OLD', IssuedOn: D('01-01'), ExpiresOn: D('06-27') });
    await created('wd-certificate', { CertificateType: 'GeneratorRegistration', HolderType: 'site', HolderId: 'WS1', WasteClassId: 'T-NON', Number: 'PAPER', IssuedOn: D('01-01'), ExpiresOn: D('12-31') });
    const refused = await action('wd-order', scheduled.OrderId, scheduled.Version, 'complete');
    expect(refused.statusCode).toBe(400);
    expect(json(refused).Message).toContain('requires a valid certificate');
    await created('wd-certificate', { CertificateType: 'GeneratorRegistration', HolderType: 'site', HolderId: 'WS1', WasteClassId: 'T-HAZ', Number: 'ON-1', IssuedOn: D('06-01'), ExpiresOn: D('12-31') });
    hazardous = await done('wd-order', scheduled, 'OrderId', 'complete');
    expect([hazardous.Status, hazardous.CompletedDate]).toEqual(['Completed', D('06-28')]);
  });

  it('invoices completed orders into Receivables (Dr AR / Cr revenue / Cr HST), refused in a closed A/R period', async () => {
    const periods = json(await get(`/api/data/accounting-period?filter.FiscalYear=${YEAR}&SortFields=PeriodNo`)).List as Json[];
    const july = periods.find((p) => p.PeriodNo === 7)!;
    expect((await put(`/api/data/accounting-period/${july.PeriodId}`, { ClosedAr: true, Version: july.Version })).statusCode).toBe(200);
    const Parameters = { InvoiceDate: D('07-05'), CompletedTo: D('06-30'), CustomerId: 'WC1' };
    const preview = json(await process('wd-invoice-processing', 'preview', { Parameters })).List as Json[];
    expect(preview.map((r) => r.OrderId)).toEqual([hazardous.OrderId]);
    const closed = json(await process('wd-invoice-processing', 'run', { Parameters, Items: [hazardous.OrderId] })).List[0];
    expect(closed.ResultStatus).toBe(2);
    expect(closed.Message).toContain('Period is closed (A/R)');
    expect(json(await get(`/api/data/wd-order/${hazardous.OrderId}`)).Data.Status).toBe('Completed');

    const run = json(await process('wd-invoice-processing', 'run', { Parameters: { ...Parameters, InvoiceDate: D('06-30') }, Items: [hazardous.OrderId] })).List[0];
    expect(run.ResultStatus, run.Message).toBe(1);
    const invoiced = json(await get(`/api/data/wd-order/${hazardous.OrderId}`)).Data;
    expect(invoiced.Status).toBe('Invoiced');
    expect(run.Message).toBe(`Invoiced as ${invoiced.InvoiceNo}.`);
    const found = json(await get(`/api/data/ar-invoice?filter.DocumentNo=${invoiced.InvoiceNo}`)).List[0];
    const invoice = json(await get(`/api/data/ar-invoice/${found.InvoiceId}`)).Data;
    expect([invoice.Status, invoice.BillToId, invoice.ShipToId, invoice.SubTotal, invoice.Total]).toEqual(['Posted', 'WC1', 'WS1', '200.00', '226.00']);
    const byAccount = await balancedEntries(invoiced.InvoiceNo);
    expect(byAccount.get('4400')).toBe(neg('200.00'));
    expect([...byAccount.values()].filter((amount) => amount === '226.00')).toHaveLength(1);
    expect([...byAccount.values()].filter((amount) => amount === '-26.00')).toHaveLength(1);
    // Invoiced is final: no action leads out of it, and it is no longer offered.
    expect(json(await process('wd-invoice-processing', 'preview', { Parameters })).List).toEqual([]);
    expect((await action('wd-order', invoiced.OrderId, invoiced.Version, 'cancel')).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('publishes the invoice (OE-29 under Waste Disposal): portal notification and e-mail to the customer, once', async () => {
    await db().updateTable('firms').set({ email: 'billing@wc1.example' }).where('firm_id', '=', 'WC1').execute();
    await created('email-template', { TemplateId: 'WD-INV', Description: 'Waste invoice', Subject: 'Invoice {{InvoiceNo}} for {{OrderNo}}', Body: 'Dear {{CustomerName}}: {{Amount}}.' });
    const Parameters = { TemplateId: 'WD-INV', BillToId: 'WC1' };
    const queue = json(await process('so-invoice-publishing', 'preview', { Parameters })).List as Json[];
    const [item] = queue.filter((row) => String(row.ItemKey).startsWith('WD:'));
    expect(item).toMatchObject({ BillToId: 'WC1', Total: '226.00' });
    const run = json(await process('so-invoice-publishing', 'run', { Parameters, Items: [item!.ItemKey] })).List[0];
    expect(run.Message).toBe(`Invoice ${item!.InvoiceNo} published to WC1 and e-mailed to billing@wc1.example.`);
    const mail = json(await get(`/api/data/captured-mail?Search=${item!.InvoiceNo}`)).List as Json[];
    expect(mail.map((m) => [m.MailTo, m.Subject])).toEqual([['billing@wc1.example', `Invoice ${item!.InvoiceNo} for ${item!.OrderNo}`]]);
    const order = json(await get(`/api/data/wd-order/${String(item!.ItemKey).slice(3)}`)).Data;
    expect(order.PublishedOn).toEqual(expect.any(String));
    expect((json(await process('so-invoice-publishing', 'preview', { Parameters })).List as Json[]).filter((row) => row.ItemKey === item!.ItemKey)).toEqual([]);
    expect(json(await process('so-invoice-publishing', 'run', { Parameters, Items: [item!.ItemKey] })).List[0].ResultCode).toBe('not_eligible');
  });

  it('lists completed services in the report', async () => {
    const report = await post('/api/reports/wd-completed-services/run', { Parameters: { StartDate: D('06-01'), EndDate: D('06-30'), CustomerId: 'WC1' } });
    expect(report.statusCode, JSON.stringify(report.json())).toBe(200);
    const rows = json(report).List as Json[];
    expect(rows.map((r) => [r.OrderNo, r.Status, r.CompletedDate, r.Amount])).toEqual([[hazardous.OrderNo, 'Invoiced', D('06-28'), '200.00']]);
  });
});

describe('certificates due for renewal (WP8 acceptance 4)', () => {
  it('lists active certificates expiring within the horizon, earliest first', async () => {
    const cert = (Number: string, ExpiresOn: string, Status = 'Active') =>
      created('wd-certificate', { CertificateType: 'VehiclePermit', HolderType: 'vehicle', HolderId: 'TRUCK-R', Number, IssuedOn: D('01-01'), ExpiresOn, Status });
    await cert('R-LATE', D('10-20'));
    await cert('R-SOON', D('10-05'));
    await cert('R-FIRST', D('09-25'));
    await cert('R-REVOKED', D('09-26'), 'Revoked');
    await cert('R-BEYOND', D('11-15'));
    const report = await post('/api/reports/wd-certificates-due/run', { Parameters: { AsOf: D('09-20'), HorizonDays: 30 } });
    expect(report.statusCode, JSON.stringify(report.json())).toBe(200);
    const rows = (json(report).List as Json[]).filter((r) => r.HolderId === 'TRUCK-R');
    expect(rows.map((r) => [r.Number, r.ExpiresOn, r.DaysLeft])).toEqual([
      ['R-FIRST', D('09-25'), 5],
      ['R-SOON', D('10-05'), 15],
      ['R-LATE', D('10-20'), 30],
    ]);
  });
});

describe('batches and large data (issue 27 performance, item 7)', () => {
  it('invoices a batch, refusing alone the order of a customer no longer valid', async () => {
    await created('firm', { FirmId: 'WC3', Name: 'Waste Customer Three', FirmTypes: ['bill-to'], ProvinceCode: 'ON' });
    const completed = async (customer: string) => {
      const entered = await created('wd-order', order({ CustomerId: customer, SiteId: customer, WasteClassId: 'T-NON', ScheduledDate: D('08-01'), CrewId: 'A2' }));
      return done('wd-order', await done('wd-order', entered, 'OrderId', 'schedule'), 'OrderId', 'complete');
    };
    const good = await completed('WC2');
    const gone = await completed('WC3');
    const firm = json(await get('/api/data/firm/WC3')).Data;
    expect((await put('/api/data/firm/WC3', { IsActive: false, Version: firm.Version })).statusCode).toBe(200);
    const Parameters = { InvoiceDate: D('08-01'), CompletedTo: D('08-31') };
    const run = json(await process('wd-invoice-processing', 'run', { Parameters, Items: [good.OrderId, gone.OrderId] })).List as Json[];
    expect(run.map((r) => [r.ItemId, r.ResultStatus])).toEqual([[String(good.OrderId), 1], [String(gone.OrderId), 2]]);
    expect(run[1]!.Message).toBe('Bill To is invalid.');
    expect(json(await get(`/api/data/wd-order/${good.OrderId}`)).Data.Status).toBe('Invoiced');
    expect(json(await get(`/api/data/wd-order/${gone.OrderId}`)).Data.Status).toBe('Completed');
  });

  it('adds generated service orders in every state for seed:large, scheduled within the crews and working days', async () => {
    const summary = await insertServiceOrders(server.config.database, { orders: 40 });
    expect(summary.byStatus).toEqual({ Entered: 4, Scheduled: 6, Completed: 10, Invoiced: 18, Cancelled: 2 });
    const rows = (await db().selectFrom('wd_orders').selectAll().where('order_no', 'like', 'GWD%').execute()) as Json[];
    expect(rows).toHaveLength(40);
    for (const row of rows.filter((r) => r.status === 'Scheduled')) {
      expect(['A1', 'A2']).toContain(row.crew_id);
      expect(Number(row.route_sequence)).toBeLessThanOrEqual(2);
      expect([0, 6]).not.toContain(new Date(`${row.scheduled_date}T00:00:00Z`).getUTCDay());
    }
    for (const row of rows.filter((r) => r.service_id === 'T-BIN')) {
      expect(decimalFromDb(engine(), row.amount, 2)).toBe(mul(decimalFromDb(engine(), row.quantity, 4)!, '100.0000', 2));
    }
  });
});
