/**
 * Trades labour on the payroll's employees (issue 29 item 6; SCREENS.md 9b acceptance 4–5, §5 Jobs) on SQLite and
 * PostgreSQL, through the API as the screens call it:
 * - §5 a work order line needs a work code; a duplicate work code needs an option; lot, date and service type
 *   are required; an unknown lot is §8 "Builder, site or lot not found.".
 * - A time card: work code required; Open → Approved, and no change or delete after approval; its rate is the
 *   employee's gross labour rate, hidden from a user without the payroll role (who cannot send one either).
 * - The job ledger: not deleted while time cards reference it; job costing counts approved hours × rate from the
 *   ledger's creation date on (earlier and open time excluded); the labour budget report, the time sheet and
 *   workday reports; generate work orders from lots and the model's labour budget.
 * - Approved time is payroll input: offered once to a payroll transaction of the employee, paid once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../server/test/helpers/app.ts';
import { json, signedInServer } from '../../../server/test/helpers/api.ts';
import { caller } from '../../../server/test/helpers/entities.ts';
import { withCheckDigit } from '../server/seed.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let admin: string;
let clerk: string;
const PAY = '2026-03-13';

const as = (token: string) => caller(server.app, token);

async function created(entity: string, body: Json, token = admin): Promise<Json> {
  const response = await as(token).post(`/api/data/${entity}`, body);
  expect(response.statusCode, JSON.stringify(response.json())).toBe(201);
  return json(response).Data;
}

/** The messages of a refused save. */
async function refused(entity: string, body: Json): Promise<string[]> {
  const response = await as(admin).post(`/api/data/${entity}`, body);
  expect(response.statusCode, JSON.stringify(response.json())).toBe(400);
  const answer = json(response);
  return [answer.Message, ...(answer.Data?.Errors ?? []).map((error: Json) => error.message)];
}

async function approve(card: Json): Promise<Json> {
  const response = await as(admin).post(`/api/data/time-card/${card.TimeCardId}/actions/approve`, { Version: card.Version });
  expect(response.statusCode, JSON.stringify(response.json())).toBe(200);
  return json(await as(admin).get(`/api/data/time-card/${card.TimeCardId}`)).Data;
}

async function report(name: string, Parameters: Json, token = admin): Promise<Json[]> {
  const response = await as(token).post(`/api/reports/${name}/run`, { Parameters });
  expect(response.statusCode, JSON.stringify(response.json())).toBe(200);
  return json(response).List as Json[];
}

const card = (extra: Json = {}) => ({ EmployeeId: 'T800', WorkOrderNo: '', WorkCodeId: 'TROUGH', WorkDate: '2026-02-10', Hours: '8.0000', ...extra });
let job: Json;

beforeAll(async () => {
  ({ server, tokens: { admin, clerk } } = await signedInServer('admin', 'clerk'));
  // §6: a role reads a module's data only where it opens its application; here the clerk also works the trades desk.
  expect((await as(admin).post('/api/data/menu-access', { RoleId: 'CLERK', Application: 'NOVUS-TE' })).statusCode).toBe(201);
  await created('firm', { FirmId: 'LB1', Name: 'Labour Homes', FirmTypes: ['bill-to'], ProvinceCode: 'ON' });
  await created('job-site', { SiteId: 'LBS', Name: 'Labour Site', BuilderId: 'LB1', City: 'Hamilton' });
  await created('te-option', { OptionId: 'LBDECK', Description: 'Deck lighting', Price: '900.00' });
  await created('te-option', { OptionId: 'LBEV', Description: 'EV charger', Price: '1500.00' });
  await created('te-model', { ModelId: 'LBM', Description: 'Labour model', BasePrice: '300000.00' });
  await created('te-lot', { LotId: 'LB-001', SiteId: 'LBS', ModelId: 'LBM' });
  await created('te-lot', { LotId: 'LB-002', SiteId: 'LBS', ModelId: 'LBM' });
  await created('work-code', { WorkCodeId: 'TROUGH', Description: 'Rough-in', PayCodeId: 'OT' });
  await created('work-code', { WorkCodeId: 'TFIN', Description: 'Finish' });
  await created('labour-budget', { ModelId: 'LBM', WorkCodeId: 'TROUGH', Hours: '20.0000', Rate: '45.0000' });
  await created('labour-budget', { ModelId: 'LBM', WorkCodeId: 'TFIN', Hours: '10.0000', Rate: '40.0000' });
  await created('pr-employee', {
    EmployeeId: 'T800',
    FirstName: 'Tess',
    LastName: 'Wire',
    HireDate: '2026-01-05',
    TaxProvince: 'ON',
    Sin: withCheckDigit('04645428'),
    HourlyRate: '40.0000',
    GrossLabourRate: '52.5000',
    ApplyWsib: false,
  });
  job = await created('work-order', { LotId: 'LB-001', OrderDate: '2026-02-01', ServiceType: 'Construction', Lines: [{ WorkCodeId: 'TROUGH', BudgetHours: '20.0000' }] });
});

afterAll(() => server?.stop());

describe('§5 work orders', () => {
  it('needs a work code on every line, and an option on each line of a duplicate work code', async () => {
    const order = { LotId: 'LB-002', OrderDate: '2026-02-01', ServiceType: 'Construction' };
    expect(await refused('work-order', { ...order, Lines: [{ OptionId: 'LBDECK' }] })).toContain('A work order line needs a work code.');
    expect(await refused('work-order', { ...order, Lines: [{ WorkCodeId: 'TFIN' }, { WorkCodeId: 'TFIN', OptionId: 'LBDECK' }] })).toContain('A duplicate work code needs an option.');
    expect(await refused('work-order', { ...order, Lines: [{ WorkCodeId: 'TFIN', OptionId: 'LBDECK' }, { WorkCodeId: 'TFIN', OptionId: 'LBDECK' }] })).toContain('A duplicate work code needs an option.');
    const saved = await created('work-order', { ...order, Kind: 'Service', ServiceType: 'Warranty', Lines: [{ WorkCodeId: 'TFIN', OptionId: 'LBDECK' }, { WorkCodeId: 'TFIN', OptionId: 'LBEV' }, { WorkCodeId: 'TROUGH' }] });
    expect([saved.WorkOrderNo.startsWith('JB'), saved.SiteId, saved.LedgerCreatedOn, saved.Status]).toEqual([true, 'LBS', '2026-02-01', 'Open']);
    // No transactions: the job and its ledger may go.
    expect((await as(admin).delete(`/api/data/work-order/${saved.WorkOrderId}?Version=${saved.Version}`)).statusCode).toBeLessThan(300);
  });

  it('needs a lot, a date and a service type; an unknown lot is not found', async () => {
    expect(await refused('work-order', { OrderDate: '2026-02-01', ServiceType: 'Construction', Lines: [] })).toContain('Lot, date and service type are required.');
    expect(await refused('work-order', { LotId: 'LB-002', ServiceType: 'Construction', Lines: [] })).toContain('Lot, date and service type are required.');
    expect(await refused('work-order', { LotId: 'LB-002', OrderDate: '2026-02-01', ServiceType: '', Lines: [] })).toContain('Lot, date and service type are required.');
    expect(await refused('work-order', { LotId: 'NOPE', OrderDate: '2026-02-01', ServiceType: 'Construction', Lines: [] })).toContain('Builder, site or lot not found.');
  });
});

describe('time cards, the job ledger and job costing', () => {
  let approved: Json;
  let early: Json;

  it('needs a work code; takes the rate from the employee, hidden from a user without the payroll role', async () => {
    expect(await refused('time-card', card({ WorkOrderNo: job.WorkOrderNo, WorkCodeId: '' }))).toContain('A work code is required.');
    // The clerk (trades desk) enters hours only: no rate sent, none shown.
    const byClerk = await created('time-card', card({ WorkOrderNo: job.WorkOrderNo }), clerk);
    expect(byClerk).not.toHaveProperty('Rate');
    expect(byClerk).not.toHaveProperty('Amount');
    expect(byClerk.LotId).toBe('LB-001');
    expect((await as(clerk).post('/api/data/time-card', card({ WorkOrderNo: job.WorkOrderNo, Rate: '1.0000' }))).statusCode).toBe(400);
    const list = json(await as(clerk).get('/api/data/time-card?PageSize=50')).List as Json[];
    for (const row of list) expect(row).not.toHaveProperty('Rate');
    expect((await as(clerk).get('/api/data/time-card?SortFields=Rate')).statusCode).toBe(400);
    expect((await as(clerk).post('/api/data/time-card/export', { Columns: ['TimeCardNo', 'Rate'] })).statusCode).toBe(400);
    const exported = await as(clerk).post('/api/data/time-card/export', {});
    expect(exported.statusCode).toBe(200);
    // Payroll sees the gross labour rate and hours × rate.
    const seen = json(await as(admin).get(`/api/data/time-card/${byClerk.TimeCardId}`)).Data;
    expect([seen.Rate, seen.Amount]).toEqual(['52.5000', '420.00']);
    approved = await approve(seen);
    expect(approved.Status).toBe('Approved');
  });

  it('changes nothing after approval', async () => {
    const put = await as(admin).put(`/api/data/time-card/${approved.TimeCardId}`, { Version: approved.Version, Hours: '9.0000' });
    expect(put.statusCode).toBeGreaterThanOrEqual(400);
    expect(put.statusCode).toBeLessThan(500);
    const del = await as(admin).delete(`/api/data/time-card/${approved.TimeCardId}?Version=${approved.Version}`);
    expect(del.statusCode).toBeGreaterThanOrEqual(400);
    expect(del.statusCode).toBeLessThan(500);
    expect(json(await as(admin).get(`/api/data/time-card/${approved.TimeCardId}`)).Data.Hours).toBe('8.0000');
  });

  it('refuses to delete a job ledger that transactions reference', async () => {
    const current = json(await as(admin).get(`/api/data/work-order/${job.WorkOrderId}`)).Data;
    const response = await as(admin).delete(`/api/data/work-order/${job.WorkOrderId}?Version=${current.Version}`);
    expect(response.statusCode).toBe(409);
    expect(json(response).Message).toBe('A job ledger cannot be deleted when transactions reference it.');
  });

  it('costs approved hours × rate from the ledger’s creation date on', async () => {
    // Before the ledger was created (2026-02-01): excluded even when approved. Open time: not cost yet.
    early = await approve(await created('time-card', card({ WorkOrderNo: job.WorkOrderNo, WorkDate: '2026-01-25', Hours: '4.0000' })));
    await created('time-card', card({ WorkOrderNo: job.WorkOrderNo, WorkDate: '2026-02-12', Hours: '3.0000' }));
    const second = await approve(await created('time-card', card({ WorkOrderNo: job.WorkOrderNo, WorkCodeId: 'TFIN', WorkDate: '2026-02-11', Hours: '2.5000', Rate: '60.0000' })));
    expect(second.Amount).toBe('150.00');
    const rows = await report('pr-job-costing', { StartDate: '2026-01-01', EndDate: '2026-12-31', WorkOrderNo: job.WorkOrderNo });
    expect(rows.map((row) => [row.TimeCardNo, row.Hours, row.Rate, row.Amount])).toEqual([
      [approved.TimeCardNo, '8.0000', '52.5000', '420.00'],
      [second.TimeCardNo, '2.5000', '60.0000', '150.00'],
    ]);
    expect(rows.map((row) => row.TimeCardNo)).not.toContain(early.TimeCardNo);
    // Order Entry's jobs costing is the same report; money made of wages is the payroll role's only.
    expect((await as(clerk).post('/api/reports/pr-job-costing/run', { Parameters: { StartDate: '2026-01-01', EndDate: '2026-12-31' } })).statusCode).toBe(403);
  });

  it('compares the model’s labour budget with the approved time', async () => {
    const rows = await report('pr-labour-budget-report', { WorkOrderNo: job.WorkOrderNo });
    const byCode = new Map(rows.map((row) => [row.WorkCodeId, row]));
    expect([byCode.get('TROUGH')?.BudgetHours, byCode.get('TROUGH')?.BudgetAmount, byCode.get('TROUGH')?.ActualHours, byCode.get('TROUGH')?.ActualAmount]).toEqual(['20.0000', '900.00', '8.0000', '420.00']);
    expect([byCode.get('TFIN')?.BudgetAmount, byCode.get('TFIN')?.ActualAmount, byCode.get('TFIN')?.AmountVariance]).toEqual(['400.00', '150.00', '250.00']);
  });

  it('lists the hours (no rates) in the time sheet and workday reports', async () => {
    const sheet = await report('pr-time-sheet', { StartDate: '2026-01-01', EndDate: '2026-12-31', EmployeeId: 'T800' });
    expect(sheet.map((row) => row.Hours).sort()).toEqual(['2.5000', '3.0000', '4.0000', '8.0000']);
    expect(sheet[0]).not.toHaveProperty('Rate');
    const days = await report('pr-employee-workday', { StartDate: '2026-02-10', EndDate: '2026-02-12', EmployeeId: 'T800' });
    expect(days.map((row) => [row.WorkDate, row.Jobs, row.Hours])).toEqual([
      ['2026-02-10', 1, '8.0000'],
      ['2026-02-11', 1, '2.5000'],
      ['2026-02-12', 1, '3.0000'],
    ]);
  });

  it('offers approved, unpaid time to payroll once', async () => {
    const offered = async () => json(await as(admin).post('/api/pr/time-card-lines', { Header: {}, Key: 'T800' })).Data.Lines as Json[];
    const lines = (await offered()).map((line) => line.Values);
    // Approved cards only (the open one is not input yet), each at its hours and rate, under its work code's pay code.
    expect(lines.map((line) => [line.TimeCardNo, line.CodeId, line.Hours, line.Rate])).toEqual([
      [early.TimeCardNo, 'OT', '4.0000', '52.5000'],
      [approved.TimeCardNo, 'OT', '8.0000', '52.5000'],
      [expect.stringMatching(/^TC/), 'REG', '2.5000', '60.0000'],
    ]);
    expect((await as(clerk).post('/api/pr/time-card-lines', { Header: {}, Key: 'T800' })).statusCode).toBe(403);
    const transaction = await created('pr-transaction', { EmployeeId: 'T800', PayDate: PAY, Lines: lines });
    expect(transaction.Gross).toBe('780.00');
    expect(await offered()).toEqual([]);
    expect(await refused('pr-transaction', { EmployeeId: 'T800', PayDate: PAY, Lines: [lines[0]] })).toContain(`Time card ${early.TimeCardNo} is already paid by payroll transaction ${transaction.TransactionNo}.`);
  });

  it('pays a time card once when ten saves add it at once (issue 39)', async () => {
    const card10 = await approve(await created('time-card', card({ WorkOrderNo: job.WorkOrderNo, WorkDate: '2026-02-13', Hours: '1.0000' })));
    const line = { CodeId: 'REG', Hours: '1.0000', Rate: card10.Rate, TimeCardNo: card10.TimeCardNo };
    const saves = await Promise.all(Array.from({ length: 10 }, () => as(admin).post('/api/data/pr-transaction', { EmployeeId: 'T800', PayDate: PAY, Lines: [line] })));
    expect(saves.map((save) => save.statusCode).sort()).toEqual([201, ...Array(9).fill(400)]);
  });
});

describe('generate work orders', () => {
  it('makes a work order for each lot of the site without one, lines from the model’s labour budget', async () => {
    const parameters = { SiteId: 'LBS', OrderDate: '2026-03-02', ServiceType: 'Construction' };
    const preview = json(await as(admin).post('/api/processes/pr-generate-work-orders/preview', { Parameters: parameters }));
    expect((preview.List as Json[]).map((row) => row.LotId)).toEqual(['LB-002']);
    const run = json(await as(admin).post('/api/processes/pr-generate-work-orders/run', { Parameters: parameters, Items: ['LB-002'] }));
    expect(JSON.stringify(run)).toContain('created for lot LB-002');
    const orders = json(await as(admin).get('/api/data/work-order?filter.LotId=LB-002')).List as Json[];
    expect(orders).toHaveLength(1);
    const order = json(await as(admin).get(`/api/data/work-order/${orders[0]!.WorkOrderId}`)).Data;
    expect([order.LedgerCreatedOn, order.BudgetHours, order.Lines.map((line: Json) => line.WorkCodeId)]).toEqual(['2026-03-02', '30.0000', ['TFIN', 'TROUGH']]);
    const unknown = await as(admin).post('/api/processes/pr-generate-work-orders/preview', { Parameters: { ...parameters, SiteId: 'NOPE' } });
    expect(unknown.statusCode).toBe(400);
  });
});
