/**
 * Payroll input bounds (issue 39 item 4), through the API on SQLite and PostgreSQL: a negative or oversized amount,
 * hours or rate is refused at save (400) with the field named in Data.Errors, in the caller's language — on a
 * transaction's lines, an employee, a union level, a WSIB group, the statutory tables, a time card, a labour budget and
 * a work order; negative hours only on an adjustment; the hourly-rate update never takes a rate out of its bounds; a
 * pay too large for one payment is refused by cheque preparation (never a failure inside payment processing); and a
 * pay at a line's bounds is prepared and paid (cheque and CPA-005 deposit) as before.
 * The definitions' own check (every typed decimal field has both bounds) is modules/pr/definitions/bounds.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translatorIn } from '@erp/server/entities/call-result';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { caller } from '../../../server/test/helpers/entities.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let admin: string;

const as = (token: string) => caller(server.app, token);
const json = (response: { json(): unknown }) => response.json() as Json;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const db = () => server.app.erp.database.db as any;

/** The refusal of a create: 400, and each error's field with its message key. */
async function refused(entity: string, body: Json): Promise<Map<string, string>> {
  const response = await as(admin).post(`/api/data/${entity}`, body);
  expect(response.statusCode, JSON.stringify(response.json())).toBe(400);
  return new Map((json(response).Data.Errors as Json[]).map((error) => [String(error.field), String(error.key)]));
}

/** Every field of `fields` is refused with `key` (the others may be refused too: required fields left out). */
async function expectRefused(entity: string, body: Json, fields: readonly string[], key: string): Promise<void> {
  const errors = await refused(entity, body);
  for (const field of fields) expect(errors.get(field), `${entity} ${field}`).toBe(key);
}

async function run(process: string, parameters: Json, items: unknown[]): Promise<Json> {
  const response = await as(admin).post(`/api/processes/${process}/run`, { Parameters: parameters, Items: items });
  expect(response.statusCode, JSON.stringify(response.json())).toBe(200);
  return json(response);
}

const MAX = 'entities:validation.max';
const MIN = 'entities:validation.min';
const line = (extra: Json) => ({ CodeId: 'REG', Hours: '80.0000', Rate: '25.0000', ...extra });
const transaction = (lines: Json[], extra: Json = {}) => ({ EmployeeId: 'E1006', PayDate: '2026-07-10', Lines: lines, ...extra });

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
});

afterAll(async () => {
  await server?.stop();
});

describe('a payroll transaction’s hours and rates', () => {
  it('refuses negative and oversized hours and rates on a line, naming the line’s field', async () => {
    await expectRefused('pr-transaction', transaction([line({ Hours: '745.0000' }), line({ Rate: '99999999999.9999' })]), ['Lines[0].Hours', 'Lines[1].Rate'], MAX);
    await expectRefused('pr-transaction', transaction([line({ Rate: '-0.0100' })]), ['Lines[0].Rate'], MIN);
    // Negative hours are an adjustment's only, and even there within a month's hours.
    await expectRefused('pr-transaction', transaction([line({}), line({ Hours: '-8.0000' })]), ['Lines[1].Hours'], 'pr:rules.negativeHours');
    await expectRefused('pr-transaction', transaction([line({ Hours: '-745.0000' })], { Kind: 'Adjustment' }), ['Lines[0].Hours'], MIN);
    const adjustment = await as(admin).post('/api/data/pr-transaction', transaction([line({ Hours: '-8.0000' })], { Kind: 'Adjustment' }));
    expect(adjustment.statusCode, JSON.stringify(adjustment.json())).toBe(201);
    expect(json(adjustment).Data.Gross).toBe('-200.00');
    // An adjustment's negative lines may not stay when it becomes a regular transaction.
    const saved = json(adjustment).Data;
    const changed = await as(admin).put(`/api/data/pr-transaction/${saved.TransactionId}`, { Kind: 'Regular', Version: saved.Version });
    expect(changed.statusCode).toBe(400);
    expect(json(changed).Data.Errors[0]).toMatchObject({ field: 'Lines[0].Hours', key: 'pr:rules.negativeHours' });
  });

  it('says so in the caller’s language', async () => {
    expect((await as(admin).post('/api/shell_init/locale', { locale: 'fr-CA' })).statusCode).toBe(200);
    try {
      const response = await as(admin).post('/api/data/pr-transaction', transaction([line({ Hours: '745.0000' }), line({ Hours: '-1.0000' })]));
      const errors = json(response).Data.Errors as Json[];
      const french = translatorIn('fr-CA');
      const label = french('pr:pr-transaction.fields.Lines.fields.Hours', '');
      expect(label).not.toBe('');
      expect(errors.find((error) => error.field === 'Lines[0].Hours')?.message).toBe(french(MAX, '', { label, max: '744' }));
      expect(errors.find((error) => error.field === 'Lines[0].Hours')?.message).not.toBe(translatorIn('en-CA')(MAX, '', { label: 'Hours', max: '744' }));
      const negative = await as(admin).post('/api/data/pr-transaction', transaction([line({ Hours: '-1.0000' })]));
      const rule = (json(negative).Data.Errors as Json[])[0]!;
      expect(rule.message).toBe(french('pr:rules.negativeHours', '', { label }));
      expect(rule.message).not.toBe(translatorIn('en-CA')('pr:rules.negativeHours', '', { label: 'Hours' }));
    } finally {
      await as(admin).post('/api/shell_init/locale', { locale: 'en-CA' });
    }
  });
});

describe('the masters’ and time’s amounts, hours and rates', () => {
  const employee = { EmployeeId: 'T901', FirstName: 'Test', LastName: 'Bounds', HireDate: '2026-01-05', TaxProvince: 'ON', ApplyWsib: false };
  const employeeFields = ['HourlyRate', 'SalaryPerPeriod', 'StandardHours', 'GrossLabourRate', 'FederalClaim', 'ProvincialClaim', 'AdditionalTax', 'PastService74', 'PastService75'];
  const levelFields = ['HourlyRate', 'DuesPerHour', 'EmployerHealthPerHour', 'EmployerPensionPerHour'];
  const level = { LevelId: 'T-LEVEL', UnionId: 'IBEW353', Name: 'Test level', EffectiveFrom: '2026-01-01' };
  const bracketFields = ['Threshold', 'Rate', 'Constant', 'Cap'];
  const bracket = { Jurisdiction: 'ON', EffectiveFrom: '2027-01-01', Kind: 'Tax' };
  const card = { EmployeeId: 'E1001', WorkOrderNo: 'JB-NONE', WorkCodeId: 'ROUGH', WorkDate: '2026-07-06' };

  it('refuses oversized values, each field named', async () => {
    const big = (fields: readonly string[], value: string) => Object.fromEntries(fields.map((field) => [field, value]));
    await expectRefused('pr-employee', { ...employee, ...big(employeeFields, '100000000.00') }, employeeFields, MAX);
    await expectRefused('pr-employee', { ...employee, HourlyRate: '10000.0000', GrossLabourRate: '10000.0000', StandardHours: '745.0000', VacationPercent: '100.000001' }, ['HourlyRate', 'GrossLabourRate', 'StandardHours', 'VacationPercent'], MAX);
    await expectRefused('pr-union-level', { ...level, ...big(levelFields, '10000.0000'), DuesPercent: '100.000001' }, [...levelFields, 'DuesPercent'], MAX);
    await expectRefused('pr-wsib-group', { GroupId: 'T1', Description: 'Test', RatePer100: '100.0001', MaxInsurableEarnings: '100000000.00' }, ['RatePer100', 'MaxInsurableEarnings'], MAX);
    await expectRefused('pr-statutory-rate', { Jurisdiction: 'CA', EffectiveFrom: '2027-01-01', Item: 'EI_RATE', Value: '100000000.000000' }, ['Value'], MAX);
    await expectRefused('pr-tax-bracket', { ...bracket, Threshold: '100000000.00', Rate: '1.000001', Constant: '100000000.00', Cap: '100000000.00' }, bracketFields, MAX);
    await expectRefused('time-card', { ...card, Hours: '24.0100', Rate: '10000.0000' }, ['Hours', 'Rate'], MAX);
    await expectRefused('labour-budget', { ModelId: 'OAK', WorkCodeId: 'ROUGH', Hours: '100000.0000', Rate: '10000.0000' }, ['Hours', 'Rate'], MAX);
    await expectRefused('work-order', { LotId: 'MAPLE-001', OrderDate: '2026-07-06', Lines: [{ WorkCodeId: 'ROUGH', BudgetHours: '100000.0000' }] }, ['Lines[0].BudgetHours'], MAX);
  });

  it('refuses negative values, each field named', async () => {
    const negative = (fields: readonly string[]) => Object.fromEntries(fields.map((field) => [field, '-1']));
    await expectRefused('pr-employee', { ...employee, ...negative(employeeFields) }, employeeFields, MIN);
    await expectRefused('pr-union-level', { ...level, ...negative([...levelFields, 'DuesPercent']) }, [...levelFields, 'DuesPercent'], MIN);
    await expectRefused('pr-wsib-group', { GroupId: 'T1', Description: 'Test', RatePer100: '-1', MaxInsurableEarnings: '-1' }, ['RatePer100', 'MaxInsurableEarnings'], MIN);
    await expectRefused('pr-statutory-rate', { Jurisdiction: 'CA', EffectiveFrom: '2027-01-01', Item: 'EI_RATE', Value: '-0.000001' }, ['Value'], MIN);
    await expectRefused('pr-tax-bracket', { ...bracket, ...negative(bracketFields) }, bracketFields, MIN);
    await expectRefused('time-card', { ...card, Hours: '8.0000', Rate: '-1.0000' }, ['Rate'], MIN);
    await expectRefused('labour-budget', { ModelId: 'OAK', WorkCodeId: 'ROUGH', Hours: '-1', Rate: '-1' }, ['Hours', 'Rate'], MIN);
    await expectRefused('work-order', { LotId: 'MAPLE-001', OrderDate: '2026-07-06', Lines: [{ WorkCodeId: 'ROUGH', BudgetHours: '-1' }] }, ['Lines[0].BudgetHours'], MIN);
  });
});

describe('the hourly-rate update keeps every rate within its bounds', () => {
  it('refuses an employee whose new rate would be out of bounds, and leaves the rate as it was', async () => {
    const rateOf = async () => json(await as(admin).get('/api/data/pr-employee/E1004')).Data.HourlyRate as string;
    const before = await rateOf();
    for (const parameters of [{ Percent: '100000' }, { Amount: '-100' }]) {
      const result = await run('pr-hourly-rate-update', { UnionLevelId: 'IBEW-FP', ...parameters }, ['E1004']);
      expect(result.List[0].ResultStatus, JSON.stringify(result)).toBe(2);
      expect(result.List[0].Message).toMatch(/^Hourly rate (can be at most 9999\.9999|must be at least 0)\.$/);
      expect(await rateOf()).toBe(before);
    }
  });
});

describe('pay runs at the bounds', () => {
  const payAll = (date: string, first: number) =>
    as(admin).post('/api/processes/pr-payment-processing/run', { Parameters: { PayDate: date, BankAccountId: 'OPERATING', FirstChequeNo: first }, All: true });

  it('prepares and pays a line at its bounds: the cheque and the deposit file', async () => {
    const date = '2026-07-24';
    for (const id of ['E1001', 'E1005']) {
      const created = await as(admin).post('/api/data/pr-transaction', { EmployeeId: id, PayDate: date, Lines: [line({ Hours: '744.0000', Rate: '99999.9999' })] });
      expect(created.statusCode, JSON.stringify(created.json())).toBe(201);
    }
    expect((await run('pr-cheque-preparation', { PayDate: date }, ['E1001', 'E1005'])).ResultStatus).toBe(1);
    const paid = await payAll(date, 7001);
    expect(json(paid).ResultStatus, JSON.stringify(paid.json())).toBe(1);
    const cheques = (await db().selectFrom('pr_cheques').select(['employee_id', 'status', 'cheque_no']).where('pay_date', '=', date).orderBy('employee_id').execute()) as Json[];
    expect(cheques.map((row) => [row.employee_id, row.status])).toEqual([['E1001', 'Paid'], ['E1005', 'Paid']]);
    const file = await as(admin).get(`/api/pr/deposit-file?PayDate=${date}`);
    expect(file.statusCode).toBe(200);
    expect(file.body.split('\r\n').filter((record) => record !== '')).toHaveLength(3); // A, one C (E1001), Z
  });

  it('refuses at cheque preparation a pay too large for one payment, so no cheque reaches payment processing', async () => {
    const date = '2026-08-07';
    const lines = Array.from({ length: 4 }, () => line({ Hours: '744.0000', Rate: '99999.9999' }));
    const created = await as(admin).post('/api/data/pr-transaction', { EmployeeId: 'E1001', PayDate: date, Lines: lines });
    expect(created.statusCode, JSON.stringify(created.json())).toBe(201);
    const result = await run('pr-cheque-preparation', { PayDate: date }, ['E1001']);
    expect(result.List[0]).toMatchObject({ ResultStatus: 2, ResultCode: 'pay_too_large' });
    expect(result.List[0].Message).toBe('The pay of E1001 is more than one payment can carry (99999999.99).');
    expect(await db().selectFrom('pr_cheques').select('cheque_id').where('pay_date', '=', date).execute()).toEqual([]);
  });
});
