/**
 * Trades and contracting (issue 28; SCREENS.md WP9 9a acceptance 1–3) on SQLite and PostgreSQL, through the API
 * as the screens call it: masters (a site of a builder, a building, a model with options and contract prices, a
 * lot with two owners and options priced by the site, §8 "Builder, site or lot not found."); inspection requests
 * (§5 lot and date required, the highrise variant, Requested → Scheduled → Passed / Failed, lots ready for
 * inspection); progress billing to the cent (DOMAIN-NOTES §8.3) and its posting (Dr AR, Dr holdback receivable,
 * Cr revenue, Cr HST on the non-holdback part), contract and option billing, holdback release with tax.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { add } from '@erp/shared/decimal';
import type { TestServer } from '../../../server/test/helpers/app.ts';
import { apiAs, signedInServer } from '../../../server/test/helpers/api.ts';
import { call } from '../../../server/test/helpers/entities.ts';
import { progressFigures } from '../definitions/progress.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let admin: string;
const YEAR = 2062;
const D = (md: string) => `${YEAR}-${md}`;

const { get, post, put, json, db, engine, created: createdAt, action, done, accountBalance: balance, balancedEntries: postedByAccount } = apiAs(() => server, () => admin);

const created = (entity: string, body: Json) => createdAt(`/api/data/${entity}`, body);

const lot = async (id: string) => json(await get(`/api/data/te-lot/${id}`)).Data;


beforeAll(async () => {
  ({ server, tokens: { admin } } = await signedInServer('admin'));
  expect((await post('/api/data/accounting-period/fiscal-years', { FiscalYear: YEAR })).statusCode).toBe(201);
  await created('firm', { FirmId: 'TB1', Name: 'Maple Homes', FirmTypes: ['bill-to'], ProvinceCode: 'ON' });
  await created('firm', { FirmId: 'TB2', Name: 'Lakeview Builders', FirmTypes: ['bill-to'], ProvinceCode: 'ON' });
  await created('firm', { FirmId: 'TV1', Name: 'A Vendor', FirmTypes: ['vendor'], ProvinceCode: 'ON' });
  await created('job-site', { SiteId: 'MV', Name: 'Maple Valley', BuilderId: 'TB1', City: 'Barrie' });
  await created('job-site', { SiteId: 'LV', Name: 'Lakeview Towers', BuilderId: 'TB2', City: 'Toronto' });
  await created('site-building', { BuildingId: 'LV-A', SiteId: 'LV', Name: 'Tower A', Floors: 20 });
  await created('te-option', { OptionId: 'TDECK', Description: 'Rear deck', Price: '8000.00' });
  await created('te-option', { OptionId: 'TFIRE', Description: 'Gas fireplace', Price: '4500.00' });
  await created('te-option', { OptionId: 'TBSMT', Description: 'Finished basement', Price: '30000.00' });
  await created('inspector', { InspectorId: 'INS1', Name: 'Pat Inspector', Municipality: 'Barrie' });
});

afterAll(() => server?.stop());

describe('masters (WP9 acceptance 1, §8)', () => {
  it('refuses an unknown or non-customer builder, an unknown site, a building of another site', async () => {
    for (const builder of ['NOPE', 'TV1']) {
      const refused = await post('/api/data/job-site', { SiteId: 'X1', Name: 'X', BuilderId: builder });
      expect(refused.statusCode).toBe(400);
      expect(json(refused).Data.Errors.map((e: Json) => e.message)).toContain('Builder, site or lot not found.');
    }
    const noSite = await post('/api/data/te-lot', { LotId: 'X-1', SiteId: 'NOSITE' });
    expect(noSite.statusCode).toBe(400);
    expect(json(noSite).Data.Errors.map((e: Json) => e.message)).toContain('Builder, site or lot not found.');
    const wrongBuilding = await post('/api/data/te-lot', { LotId: 'X-2', SiteId: 'MV', BuildingId: 'LV-A' });
    expect(wrongBuilding.statusCode).toBe(400);
    expect(json(wrongBuilding).Message).toBe('Builder, site or lot not found.');
    const backwards = await post('/api/data/building-schedule', { BuildingId: 'LV-A', Floor: 3, Phase: 'Drywall', StartDate: D('05-10'), EndDate: D('05-01') });
    expect(backwards.statusCode).toBe(400);
    await created('building-schedule', { BuildingId: 'LV-A', Floor: 3, Phase: 'Drywall', StartDate: D('05-01'), EndDate: D('05-10') });
  });

  it('prices a lot from its model on the site plus its options (site price first)', async () => {
    const model = await created('te-model', { ModelId: 'TOAK', Description: 'The Oak', BuilderId: 'TB1', BasePrice: '400000.00', Options: [{ OptionId: 'TDECK' }, { OptionId: 'TFIRE', IsStandard: true }] });
    expect(model.Options.map((o: Json) => o.OptionId)).toEqual(['TDECK', 'TFIRE']);
    await created('model-contract-price', { ModelId: 'TOAK', SiteId: 'MV', ContractPrice: '450000.00' });
    await created('site-option', { SiteId: 'MV', OptionId: 'TDECK', Price: '9000.00' });
    const made = await created('te-lot', { LotId: 'MV-001', SiteId: 'MV', ModelId: 'TOAK', Owner1Name: 'Ann Buyer', Owner2Name: 'Bob Buyer', Stage: 'UnderConstruction' });
    expect([made.ModelPrice, made.OptionsTotal, made.ContractPrice]).toEqual(['450000.00', '0.00', '450000.00']);
    await created('lot-option', { LotId: 'MV-001', OptionId: 'TDECK' });
    const fire = await created('lot-option', { LotId: 'MV-001', OptionId: 'TFIRE', Quantity: 2 });
    expect([fire.Price, fire.Amount]).toEqual(['4500.00', '9000.00']);
    expect((await lot('MV-001')).ContractPrice).toBe('468000.00');
    // A model without a price on the site: its base price.
    expect((await created('te-lot', { LotId: 'MV-002', SiteId: 'MV', ModelId: 'TOAK' })).ContractPrice).toBe('450000.00');
    const other = await created('te-lot', { LotId: 'LV-0301', SiteId: 'LV', BuildingId: 'LV-A', Floor: 3, ModelId: 'TOAK' });
    expect(other.ContractPrice).toBe('400000.00');
    // Deleting an option takes it off the contract price.
    const del = await call(server.app, 'DELETE', `/api/data/lot-option/${fire.LotOptionId}?Version=${fire.Version}`, admin);
    expect(del.statusCode, del.body).toBeLessThan(300);
    expect((await lot('MV-001')).ContractPrice).toBe('459000.00');
    await created('lot-option', { LotId: 'MV-001', OptionId: 'TFIRE' });
    expect((await lot('MV-001')).ContractPrice).toBe('463500.00');
    // A model's contract price changed on the site: its unbilled lots follow.
    const price = json(await get('/api/data/model-contract-price?filter.ModelId=TOAK&filter.SiteId=MV')).List[0];
    expect((await put(`/api/data/model-contract-price/${price.PriceId}`, { ContractPrice: '460000.00', Version: price.Version })).statusCode).toBe(200);
    expect((await lot('MV-001')).ContractPrice).toBe('473500.00');
    expect((await lot('MV-002')).ContractPrice).toBe('460000.00');
  });
});

describe('copy model and change model prices (WP9 acceptance 1)', () => {
  const run = (name: string, Parameters: Json, Items?: unknown[]) => post(`/api/processes/${name}/${Items ? 'run' : 'preview'}`, Items ? { Parameters, Items } : { Parameters });

  it('copies a model with its options and contract prices', async () => {
    const taken = await run('te-copy-model', { FromModelId: 'TOAK', ToModelId: 'TOAK' });
    expect(taken.statusCode).toBe(400);
    expect(json(taken).Data.Errors[0].message).toBe('Model TOAK already exists.');
    const preview = json(await run('te-copy-model', { FromModelId: 'TOAK', ToModelId: 'TOAK-II', Description: 'The Oak II' })).List as Json[];
    expect(preview.map((r) => [r.ModelId, Number(r.Options), Number(r.Prices)])).toEqual([['TOAK', 2, 1]]);
    const result = json(await run('te-copy-model', { FromModelId: 'TOAK', ToModelId: 'TOAK-II', Description: 'The Oak II' }, ['TOAK'])).List[0];
    expect([result.ResultStatus, result.Message]).toEqual([1, 'Copied as TOAK-II: 2 options, 1 contract prices.']);
    const copy = json(await get('/api/data/te-model/TOAK-II')).Data;
    expect([copy.Description, copy.BasePrice, copy.Options.map((o: Json) => [o.OptionId, o.IsStandard])]).toEqual(['The Oak II', '400000.00', [['TDECK', false], ['TFIRE', true]]]);
    const prices = json(await get('/api/data/model-contract-price?filter.ModelId=TOAK-II')).List as Json[];
    expect(prices.map((p) => [p.SiteId, p.ContractPrice])).toEqual([['MV', '460000.00']]);
  });

  it('changes contract prices by percent or amount; unbilled lots follow, billed ones keep theirs', async () => {
    await created('te-model', { ModelId: 'TPINE', Description: 'The Pine', BuilderId: 'TB1', BasePrice: '300000.00' });
    await created('model-contract-price', { ModelId: 'TPINE', SiteId: 'MV', ContractPrice: '320000.00' });
    await created('te-lot', { LotId: 'MV-101', SiteId: 'MV', ModelId: 'TPINE' });
    await created('lot-option', { LotId: 'MV-101', OptionId: 'TBSMT', Price: '25000.00' });
    await created('te-lot', { LotId: 'MV-102', SiteId: 'MV', ModelId: 'TPINE' });
    // MV-102 has been billed already (as a contract billing would leave it).
    await db().updateTable('te_lots').set({ billed_amount: engine() === 'postgres' ? '1000.00' : 100000 }).where('lot_id', '=', 'MV-102').execute();
    const bad = await run('te-change-model-prices', { ModelId: 'TPINE', Method: 'Percent', Change: 'ten' });
    expect(json(bad).Data.Errors[0].field).toBe('Change');
    const Parameters = { ModelId: 'TPINE', SiteId: 'MV', Method: 'Percent', Change: '12.5' };
    const preview = json(await run('te-change-model-prices', Parameters)).List as Json[];
    expect(preview.map((r) => [r.ModelId, r.SiteId, r.ContractPrice, r.NewPrice, Number(r.Lots)])).toEqual([['TPINE', 'MV', '320000.00', '360000.00', 1]]);
    const done = json(await run('te-change-model-prices', Parameters, [preview[0]!.PriceId])).List[0];
    expect([done.ResultStatus, done.Message]).toEqual([1, '320000.00 → 360000.00; lots repriced: 1.']);
    expect([(await lot('MV-101')).ModelPrice, (await lot('MV-101')).ContractPrice]).toEqual(['360000.00', '385000.00']);
    expect((await lot('MV-102')).ContractPrice).toBe('320000.00');
    const down = json(await run('te-change-model-prices', { ModelId: 'TPINE', Method: 'Amount', Change: '-10000.005' }, [preview[0]!.PriceId])).List[0];
    expect(down.ResultStatus).toBe(1);
    expect((await lot('MV-101')).ContractPrice).toBe('374999.99');
    const negative = json(await run('te-change-model-prices', { ModelId: 'TPINE', Method: 'Amount', Change: '-999999' }, [preview[0]!.PriceId])).List[0];
    expect(negative.ResultStatus).toBe(2);
  });
});

describe('inspection requests (WP9 acceptance 2)', () => {
  it('requires a lot and a date and refuses an unknown or mismatched builder, site or lot', async () => {
    const empty = await post('/api/data/inspection-request', { InspectionType: 'Framing' });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).Data.Errors.map((e: Json) => e.message).sort()).toEqual(['A date is required.', 'A lot is required.']);
    for (const body of [
      { LotId: 'NO-LOT', RequestedDate: D('03-01') },
      { LotId: 'MV-001', SiteId: 'LV', RequestedDate: D('03-01') },
      { LotId: 'MV-001', BuilderId: 'TB2', RequestedDate: D('03-01') },
      { LotId: 'MV-001', BuilderId: 'NOBODY', RequestedDate: D('03-01') },
    ]) {
      const refused = await post('/api/data/inspection-request', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(refused).Message).toBe('Builder, site or lot not found.');
    }
    const highrise = await post('/api/data/inspection-request', { LotId: 'LV-0301', Highrise: true, RequestedDate: D('03-01') });
    expect(json(highrise).Data.Errors.map((e: Json) => e.field).sort()).toEqual(['BuildingId', 'Floor']);
    const tower = await created('inspection-request', { LotId: 'LV-0301', Highrise: true, BuildingId: 'LV-A', Floor: 3, RequestedDate: D('03-01') });
    expect([tower.SiteId, tower.BuilderId, tower.Status]).toEqual(['LV', 'TB2', 'Requested']);
  });

  it('goes Requested → Scheduled → Passed and takes the lot off Lots ready for inspection', async () => {
    for (const id of ['MV-001', 'MV-002']) {
      const current = await lot(id);
      expect((await put(`/api/data/te-lot/${id}`, { Stage: 'Ready', Version: current.Version })).statusCode).toBe(200);
    }
    const ready = async () => (json(await post('/api/reports/te-lots-ready/run', { Parameters: { SiteId: 'MV' } })).List as Json[]).map((r) => r.LotId);
    expect(await ready()).toEqual(['MV-001', 'MV-002']);
    const request = await created('inspection-request', { LotId: 'MV-001', InspectionType: 'Final', RequestedDate: D('03-02') });
    expect([request.RequestNo.startsWith('IR'), request.SiteId, request.BuilderId]).toEqual([true, 'MV', 'TB1']);
    const unscheduled = await action('inspection-request', request.RequestId, request.Version, 'schedule');
    expect(json(unscheduled).Data.Errors.map((e: Json) => e.field).sort()).toEqual(['InspectorId', 'ScheduledDate']);
    // Not passed before it is scheduled.
    expect((await action('inspection-request', request.RequestId, request.Version, 'pass')).statusCode).toBeGreaterThanOrEqual(400);
    const early = json(await put(`/api/data/inspection-request/${request.RequestId}`, { ScheduledDate: D('03-01'), InspectorId: 'INS1', Version: request.Version })).Data;
    expect(json(await action('inspection-request', early.RequestId, early.Version, 'schedule')).Data.Errors[0].field).toBe('ScheduledDate');
    const dated = json(await put(`/api/data/inspection-request/${request.RequestId}`, { ScheduledDate: D('03-05'), Version: early.Version })).Data;
    const scheduled = await done('inspection-request', dated, 'RequestId', 'schedule');
    expect(scheduled.Status).toBe('Scheduled');
    const passed = await done('inspection-request', scheduled, 'RequestId', 'pass');
    expect([passed.Status, passed.InspectedDate]).toEqual(['Passed', D('03-05')]);
    expect((await lot('MV-001')).Stage).toBe('Inspected');
    expect(await ready()).toEqual(['MV-002']);
    // A failed one leaves the lot ready.
    const second = await created('inspection-request', { LotId: 'MV-002', RequestedDate: D('03-02'), ScheduledDate: D('03-06'), InspectorId: 'INS1' });
    const failed = await done('inspection-request', await done('inspection-request', second, 'RequestId', 'schedule'), 'RequestId', 'fail');
    expect(failed.Status).toBe('Failed');
    expect(await ready()).toEqual(['MV-002']);
    // Decided: no longer edited.
    expect((await put(`/api/data/inspection-request/${passed.RequestId}`, { ResultNotes: 'x', Version: passed.Version })).statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('progress billing (WP9 acceptance 3, DOMAIN-NOTES §8.3)', () => {
  it('computes the figures to the cent', () => {
    const figures = progressFigures({
      contract: '100000.00',
      lines: [{ scheduledValue: '100000.00', percentComplete: '40.00' }],
      holdbackPercent: '10.00',
      previousBilled: '20000.00',
      previousHoldback: '0.00',
    });
    expect(figures).toEqual({
      lineEarned: ['40000.00'],
      earnedToDate: '40000.00',
      holdbackToDate: '4000.00',
      netEarned: '36000.00',
      currentDue: '16000.00',
      holdbackThisBilling: '4000.00',
      balanceToFinish: '64000.00',
    });
  });

  it('bills $16,000 plus HST on a $100,000 contract at 40% with $20,000 billed, and the holdback receivable holds $4,000', async () => {
    const mismatch = await post('/api/data/progress-billing', { SiteId: 'LV', BillingDate: D('04-30'), ContractAmount: '100000.00', Lines: [{ Description: 'Structure', ScheduledValue: '90000.00', PercentComplete: '40' }] });
    expect(mismatch.statusCode).toBe(400);
    const billing = await created('progress-billing', {
      SiteId: 'LV',
      BuildingId: 'LV-A',
      BillingDate: D('04-30'),
      ContractAmount: '100000.00',
      PreviousBilled: '20000.00',
      Lines: [
        { Description: 'Structure', ScheduledValue: '60000.00', PercentComplete: '50.00' },
        { Description: 'Mechanical', ScheduledValue: '40000.00', PercentComplete: '25.00' },
      ],
    });
    expect(billing.HoldbackPercent).toBe('10.00');
    expect(billing.BillToId).toBe('TB2');
    expect(billing.Lines.map((l: Json) => l.EarnedToDate)).toEqual(['30000.00', '10000.00']);
    // §8.2: payment due 28 days after the proper invoice is received, a notice of non-payment within 14.
    expect([billing.ProperInvoiceDate, billing.PaymentDueDate, billing.NonPaymentNoticeBy]).toEqual([D('04-30'), D('05-28'), D('05-14')]);
    expect([billing.EarnedToDate, billing.HoldbackToDate, billing.NetEarned, billing.PreviousBilled, billing.CurrentDue, billing.HoldbackThisBilling, billing.BalanceToFinish]).toEqual([
      '40000.00', '4000.00', '36000.00', '20000.00', '16000.00', '4000.00', '64000.00',
    ]);
    // Draft → Certified → Invoiced; not invoiced before it is certified.
    expect((await action('progress-billing', billing.BillingId, billing.Version, 'invoice')).statusCode).toBeGreaterThanOrEqual(400);
    const certified = await done('progress-billing', billing, 'BillingId', 'certify');
    expect(certified.Status).toBe('Certified');
    expect((await put(`/api/data/progress-billing/${billing.BillingId}`, { PeriodTo: D('04-30'), Version: certified.Version })).statusCode).toBeGreaterThanOrEqual(400);
    const before = await balance('1160');
    const invoiced = await done('progress-billing', certified, 'BillingId', 'invoice');
    expect([invoiced.Status, invoiced.TaxAmount, invoiced.TotalDue]).toEqual(['Invoiced', '2080.00', '18080.00']);
    const invoice = json(await get(`/api/data/ar-invoice?filter.DocumentNo=${invoiced.InvoiceNo}`)).List[0];
    expect([invoice.Status, invoice.BillToId, invoice.Total]).toEqual(['Posted', 'TB2', '18080.00']);
    const posted = await postedByAccount(invoiced.InvoiceNo);
    // Dr AR 18,080 · Dr holdback receivable 4,000 · Cr revenue 20,000 · Cr HST 2,080 (13% of 16,000 only).
    expect(posted.get('1100')).toBe('18080.00');
    expect(posted.get('1160')).toBe('4000.00');
    expect(posted.get('4500')).toBe('-20000.00');
    expect(posted.get('2200')).toBe('-2080.00');
    expect(add(await balance('1160'), `-${before}`)).toBe('4000.00');

    // The next billing of the contract takes its previous figures from this one.
    const next = await created('progress-billing', {
      SiteId: 'LV',
      BuildingId: 'LV-A',
      BillingDate: D('05-31'),
      ContractAmount: '100000.00',
      PreviousBilled: '999.00',
      Lines: [
        { Description: 'Structure', ScheduledValue: '60000.00', PercentComplete: '100' },
        { Description: 'Mechanical', ScheduledValue: '40000.00', PercentComplete: '50' },
      ],
    });
    expect([next.PreviousBilled, next.PreviousHoldback, next.EarnedToDate, next.CurrentDue, next.HoldbackThisBilling]).toEqual(['36000.00', '4000.00', '80000.00', '36000.00', '4000.00']);
    await done('progress-billing', await done('progress-billing', next, 'BillingId', 'certify'), 'BillingId', 'invoice');
  });

  it('releases the retained holdback with tax: Retained → Released → Invoiced', async () => {
    const none = await post('/api/data/holdback-billing', { SiteId: 'MV', BillingDate: D('08-31') });
    expect(json(none).Message).toBe('No holdback is retained for this contract.');
    const holdback = await created('holdback-billing', { SiteId: 'LV', BuildingId: 'LV-A', BillingDate: D('08-31') });
    expect([holdback.Status, holdback.Amount, holdback.BillToId]).toEqual(['Retained', '8000.00', 'TB2']);
    // DOMAIN-NOTES §8.1: the certificate's publication, then 60 days with no lien preserved, then the release date.
    const refusal = async (record: Json) => json(await action('holdback-billing', record.BillingId, record.Version, 'release')).Data.Errors[0];
    expect((await refusal(holdback)).field).toBe('PublishedOn');
    const update = async (record: Json, values: Json) => json(await put(`/api/data/holdback-billing/${record.BillingId}`, { ...values, Version: record.Version })).Data;
    const published = await update(holdback, { PublishedOn: D('06-01') });
    expect((await refusal(published)).field).toBe('ReleaseDate');
    // The 60th day after publication still belongs to the lien period.
    const early = await update(published, { ReleaseDate: D('07-31') });
    expect(await refusal(early)).toMatchObject({ field: 'ReleaseDate', message: 'The 60-day lien period runs until Jul 31, 2062: the holdback can be released after that date.' });
    const lien = await update(early, { ReleaseDate: D('08-01'), LienPreserved: true });
    expect(await refusal(lien)).toMatchObject({ field: 'LienPreserved', message: 'A lien is preserved against this contract: the holdback cannot be released.' });
    const dated = await update(lien, { LienPreserved: false });
    const released = await done('holdback-billing', dated, 'BillingId', 'release');
    expect(released.Status).toBe('Released');
    const before = await balance('1160');
    const invoiced = await done('holdback-billing', released, 'BillingId', 'invoice');
    expect([invoiced.Status, invoiced.Amount, invoiced.TaxAmount, invoiced.TotalDue]).toEqual(['Invoiced', '8000.00', '1040.00', '9040.00']);
    const posted = await postedByAccount(invoiced.InvoiceNo);
    expect([posted.get('1100'), posted.get('1160'), posted.get('2200')]).toEqual(['9040.00', '-8000.00', '-1040.00']);
    expect(add(await balance('1160'), `-${before}`)).toBe('-8000.00');
    // Claimed: nothing is left to release.
    expect((await post('/api/data/holdback-billing', { SiteId: 'LV', BuildingId: 'LV-A', BillingDate: D('09-01') })).statusCode).toBe(400);
  });
});

describe('contract and option billing', () => {
  it('bills a lot\'s options, then its contract price with holdback, and releases the residential holdback', async () => {
    const options = await created('option-billing', { LotId: 'MV-001', BillingDate: D('06-30') });
    expect(options.Lines.map((l: Json) => [l.OptionId, l.Amount])).toEqual([['TDECK', '9000.00'], ['TFIRE', '4500.00']]);
    expect([options.Amount, options.SiteId, options.BillToId]).toEqual(['13500.00', 'MV', 'TB1']);
    const billedOptions = await done('option-billing', options, 'BillingId', 'invoice');
    expect([billedOptions.Status, billedOptions.TaxAmount, billedOptions.TotalDue]).toEqual(['Invoiced', '1755.00', '15255.00']);
    expect((await lot('MV-001')).BilledAmount).toBe('13500.00');
    // A billed option is final, and the lot keeps its model.
    const deck = json(await get('/api/data/lot-option?filter.LotId=MV-001&filter.OptionId=TDECK')).List[0];
    expect(deck.BillingNo).toBe(billedOptions.BillingNo);
    expect((await put(`/api/data/lot-option/${deck.LotOptionId}`, { Quantity: 2, Version: deck.Version })).statusCode).toBe(409);
    const current = await lot('MV-001');
    expect(json(await put('/api/data/te-lot/MV-001', { ModelId: null, Version: current.Version })).Message).toContain('has been billed');

    const over = await post('/api/data/contract-billing', { LotId: 'MV-001', BillingDate: D('06-30'), Amount: '500000.00' });
    expect(over.statusCode).toBe(400);
    const contract = await created('contract-billing', { LotId: 'MV-001', BillingDate: D('06-30') });
    expect([contract.Amount, contract.HoldbackPercent, contract.Holdback, contract.NetAmount]).toEqual(['460000.00', '10.00', '46000.00', '414000.00']);
    const invoiced = await done('contract-billing', contract, 'BillingId', 'invoice');
    expect([invoiced.TaxAmount, invoiced.TotalDue]).toEqual(['53820.00', '467820.00']);
    const posted = await postedByAccount(invoiced.InvoiceNo);
    expect([posted.get('1100'), posted.get('1160'), posted.get('4500'), posted.get('2200')]).toEqual(['467820.00', '46000.00', '-460000.00', '-53820.00']);
    expect((await post('/api/data/contract-billing', { LotId: 'MV-001', BillingDate: D('07-01') })).statusCode).toBe(400);
    // Print: the AR invoice the billing made, its lines (the holdback retained and its receivable) and the amount due.
    const printed = json(await post('/api/reports/te-invoice-print/run', { Parameters: { InvoiceNo: invoiced.InvoiceNo } }));
    expect(printed.List.map((row: Json) => [row.LineDescription.endsWith('holdback receivable'), row.LineTotal])).toEqual([[false, '467820.00'], [false, '46000.00'], [true, '-46000.00']]);
    expect(printed.Totals.LineTotal).toBe(invoiced.TotalDue);

    const residential = await created('holdback-billing', { Kind: 'Residential', SiteId: 'MV', LotId: 'MV-001', BillingDate: D('09-30'), PublishedOn: D('07-01'), ReleaseDate: D('09-15') });
    expect(residential.Amount).toBe('46000.00');
    const done2 = await done('holdback-billing', await done('holdback-billing', residential, 'BillingId', 'release'), 'BillingId', 'invoice');
    expect([done2.Status, done2.TotalDue]).toEqual(['Invoiced', '51980.00']);
    expect(json(await get(`/api/data/contract-billing/${contract.BillingId}`)).Data.HoldbackBillingNo).toBe(done2.BillingNo);
  });
});

describe('reports (grid, .xlsx, PDF)', () => {
  const report = async (name: string, Parameters: Json) => {
    const response = await post(`/api/reports/${name}/run`, { Parameters });
    expect(response.statusCode, JSON.stringify(response.json())).toBe(200);
    return json(response).List as Json[];
  };

  it('lists lots, inspection requests, extra and contract billing, site attachments', async () => {
    const lots = await report('te-lot-listing', { SiteId: 'MV' });
    expect(lots.map((r) => r.LotId)).toEqual(['MV-001', 'MV-002', 'MV-101', 'MV-102']);
    expect(lots[0]).toMatchObject({ Owner1Name: 'Ann Buyer', Owner2Name: 'Bob Buyer', ContractPrice: '473500.00', BilledAmount: '473500.00' });
    expect((await report('te-lot-listing', { SiteId: 'MV', Stage: 'Inspected' })).map((r) => r.LotId)).toEqual(['MV-001']);
    const unknown = await post('/api/reports/te-lot-listing/run', { Parameters: { SiteId: 'NOPE' } });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(json(unknown))).toContain('Builder, site or lot not found.');

    const requests = await report('te-inspection-requests', { StartDate: D('01-01'), EndDate: D('12-31'), SiteId: 'MV' });
    expect(requests.map((r) => [r.LotId, r.Status])).toEqual([['MV-001', 'Passed'], ['MV-002', 'Failed']]);
    const extra = await report('te-extra-billing', { StartDate: D('01-01'), EndDate: D('12-31') });
    expect(extra.map((r) => [r.LotId, r.OptionId, r.Amount])).toEqual([['MV-001', 'TDECK', '9000.00'], ['MV-001', 'TFIRE', '4500.00']]);
    const contract = await report('te-contract-billing', { SiteId: 'MV' });
    expect(contract.find((r) => r.LotId === 'MV-001')).toMatchObject({ ContractPrice: '473500.00', BilledAmount: '473500.00', LeftToBill: '0.00', HoldbackRetained: '0.00', HoldbackReleased: '46000.00' });
    expect(contract.find((r) => r.LotId === 'MV-101')).toMatchObject({ LeftToBill: '374999.99' });
    expect(await report('te-site-attachments', { SiteId: 'MV' })).toEqual([]);

    const pdf = await post('/api/reports/te-lot-listing/pdf', { Parameters: { SiteId: 'MV' } });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const xlsx = await post('/api/reports/te-contract-billing/xlsx', { Parameters: { SiteId: 'MV' } });
    expect(xlsx.statusCode).toBe(200);
  });

  it('lists only TE orders in the TE sales register (the sales register with its order type fixed)', async () => {
    const invoice = json(await get('/api/data/ar-invoice?filter.BillToId=TB2&SortFields=InvoiceId')).List[0];
    const one = engine() === 'postgres' ? '1.00' : 100;
    const zero = engine() === 'postgres' ? '0.00' : 0;
    for (const [no, type] of [['TSO-TE', 'TE'], ['TSO-REG', 'Regular']]) {
      await db()
        .insertInto('sales_orders')
        .values({
          order_no: no, order_type: type, channel: 'Desk', status: 'Invoiced', order_date: invoice.InvoiceDate, bill_to_id: 'TB2', customer_name: 'Lakeview Builders', ship_to_id: 'TB2',
          province_code: 'ON', warehouse_id: null, delivery_date: invoice.InvoiceDate, sub_total: one, tax_total: zero, total: one, invoice_id: invoice.InvoiceId,
          created_by: 'test', created_on: '2062-01-01', updated_by: 'test', updated_on: '2062-01-01', version: 1,
        })
        .execute();
    }
    const Parameters = { StartDate: D('01-01'), EndDate: D('12-31'), BillToId: 'TB2', OrderType: 'Regular' };
    expect((await report('so-te-sales-register', Parameters)).map((r) => [r.OrderNo, r.OrderType])).toEqual([['TSO-TE', 'TE']]);
    expect((await report('so-sales-register', { StartDate: D('01-01'), EndDate: D('12-31'), BillToId: 'TB2' })).map((r) => r.OrderNo).sort()).toEqual(['TSO-REG', 'TSO-TE']);
  });
});

describe('bad input (never a 500)', () => {
  it('answers 400 for malformed or inconsistent requests', async () => {
    const cases: [string, string, Json][] = [
      ['POST', '/api/data/te-lot', { LotId: 'BAD-1', SiteId: 'MV', Floor: 'abc' }],
      ['POST', '/api/data/te-lot', { LotId: 'bad lot!', SiteId: 'MV' }],
      ['POST', '/api/data/progress-billing', { SiteId: 'LV', BillingDate: D('10-01'), ContractAmount: '100.00', Lines: [{ Description: 'x', ScheduledValue: '100.00', PercentComplete: '150' }] }],
      ['POST', '/api/data/progress-billing', { SiteId: 'LV', BillingDate: 'yesterday', ContractAmount: 'lots' }],
      ['POST', '/api/data/holdback-billing', { Kind: 'Residential', SiteId: 'MV', BillingDate: D('10-01') }],
      ['POST', '/api/data/holdback-billing', { Kind: 'Residential', SiteId: 'LV', LotId: 'MV-002', BillingDate: D('10-01') }],
      ['POST', '/api/data/contract-billing', { LotId: 'NO-SUCH', BillingDate: D('10-01') }],
      ['POST', '/api/data/option-billing', { LotId: 'MV-002', BillingDate: D('10-01'), Lines: [{ OptionId: 'TBSMT', Quantity: 1 }] }],
      ['POST', '/api/data/lot-option', { LotId: 'MV-002', OptionId: 'NOPE' }],
      ['POST', '/api/data/inspection-request', { LotId: 'MV-002', RequestedDate: '2062-02-30' }],
      ['POST', '/api/processes/te-change-model-prices/preview', { Parameters: { Method: 'Sideways', Change: '5' } }],
      ['POST', '/api/processes/te-copy-model/preview', { Parameters: { FromModelId: 'TOAK', ToModelId: 'bad code!' } }],
      ['POST', '/api/reports/te-inspection-requests/run', { Parameters: { StartDate: D('12-31'), EndDate: D('01-01') } }],
    ];
    for (const [method, url, body] of cases) {
      const response = await call(server.app, method as 'POST', url, admin, body);
      expect(response.statusCode, `${url} ${JSON.stringify(body)}: ${response.body}`).toBe(400);
    }
    // A model that does not exist selects nothing.
    expect(json(await post('/api/processes/te-change-model-prices/preview', { Parameters: { ModelId: 'NOPE', Method: 'Percent', Change: '5' } })).List).toEqual([]);
    const empty = await post('/api/data/option-billing', { LotId: 'MV-002', BillingDate: D('10-01') });
    expect(empty.statusCode).toBe(201);
    const billing = json(empty).Data;
    expect(json(await action('option-billing', billing.BillingId, billing.Version, 'invoice')).Message).toBe('There is nothing to bill: add a line.');
  });
});

