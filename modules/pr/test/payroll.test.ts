/**
 * Payroll through the API as the screens call it (issue 29), on SQLite and PostgreSQL:
 * - §5 Payroll: Employee ID cannot be blank; SIN 9 digits and valid (Luhn), a temporary 9xx SIN needs its
 *   expiry; applying WSIB needs a WSIB group and a tax province; "Invalid email address".
 * - The payroll role: an employee's SIN, bank and wages never reach a user without it — not in the list, the
 *   record, a lookup, an export or the audit trail; pay cheques, payroll reports and processes refuse them.
 * - A pay run: transactions → cheque preparation (every deduction) → payment processing (cheque numbers, the
 *   CPA-005 deposit file) → the cheques' PDF → journal posting through the GL (Dr wages and employer costs, Cr
 *   each remittance and the bank; it balances and equals the run's totals) → journal printing; a posted cheque
 *   cancelled (reversed, out of the year to date); the T4 and RL-1 reports and slips, the ROE; the payroll flag
 *   of the period; year end. A bonus by the bonus method; the pension plan by age.
 * Demo masters (modules/pr/server/seed.ts) are there without the demo ledger: E1001 (Ontario, IBEW
 * journeyperson, direct deposit), E1003 (Québec, salaried), E1005 (Ontario apprentice, paid by cheque).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { add, neg, sum } from '@erp/shared/decimal';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import type { TestServer } from '../../../server/test/helpers/app.ts';
import { json, signedInServer } from '../../../server/test/helpers/api.ts';
import { caller } from '../../../server/test/helpers/entities.ts';
import { pdfText } from '../../../server/test/helpers/pdf-text.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let admin: string;
let clerk: string;
const PAY = '2026-03-13';

const as = (token: string) => caller(server.app, token);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const db = () => server.app.erp.database.db as any;
const money = (raw: unknown) => decimalFromDb(db(), raw, 2) ?? '0.00';

async function created(entity: string, body: Json): Promise<Json> {
  const response = await as(admin).post(`/api/data/${entity}`, body);
  expect(response.statusCode, JSON.stringify(response.json())).toBe(201);
  return json(response).Data;
}

async function run(process: string, parameters: Json, items: unknown[]): Promise<Json> {
  const response = await as(admin).post(`/api/processes/${process}/run`, { Parameters: parameters, Items: items });
  expect(response.statusCode, JSON.stringify(response.json())).toBe(200);
  return json(response);
}

const employee = (extra: Json = {}) => ({ EmployeeId: 'T900', FirstName: 'Test', LastName: 'Person', HireDate: '2026-01-05', TaxProvince: 'ON', Sin: '046454286', ...extra });

beforeAll(async () => {
  ({ server, tokens: { admin, clerk } } = await signedInServer('admin', 'clerk'));
  // §6: a role reads a module's data only where it opens its application; here the clerk also works employee maintenance without the payroll role.
  expect((await as(admin).post('/api/data/menu-access', { RoleId: 'CLERK', Application: 'NOVUS-PR' })).statusCode).toBe(201);
  // The GL seed lays out fiscal 2025 and 2026 (without the demo ledger's postings).
  expect(await db().selectFrom('fiscal_periods').select('period_id').where('fiscal_year', '=', 2026).executeTakeFirst()).toBeDefined();
});

afterAll(() => server?.stop());

describe('§5 employee rules', () => {
  const refusal = async (body: Json) => {
    const response = await as(admin).post('/api/data/pr-employee', body);
    expect(response.statusCode).toBe(400);
    return json(response).Data.Errors.map((error: Json) => error.message) as string[];
  };

  it('refuses a blank employee ID, an invalid SIN, a 9xx SIN without expiry, WSIB without a group, a bad e-mail', async () => {
    expect(await refusal(employee({ EmployeeId: '' }))).toContain('Employee ID cannot be blank.');
    expect(await refusal(employee({ Sin: '046454287' }))).toContain('SIN must be 9 digits and valid.');
    expect(await refusal(employee({ Sin: '04645428' }))).toContain('SIN must be 9 digits and valid.');
    expect(await refusal(employee({ Sin: '000000000' }))).toContain('SIN must be 9 digits and valid.');
    expect(await refusal(employee({ Sin: '999999998' }))).toContain('A temporary SIN (starting with 9) needs its expiry date.');
    expect(await refusal(employee({ ApplyWsib: true }))).toContain('Applying WSIB requires a WSIB group and a tax province.');
    expect(await refusal(employee({ Email: 'not-an-address' }))).toContain('Invalid email address');
    expect(await refusal(employee({ Sin: '', PastService74: '120.00' }))).toContain('Box 74 and Box 75 amounts need a valid SIN.');
    expect(await refusal(employee({ PaymentMethod: 'Deposit' }))).toContain('Direct deposit needs the bank institution, transit and account.');
    expect(await refusal(employee({ UnionId: 'UNIFOR', UnionLevelId: 'IBEW-JP', ApplyWsib: false }))).toContain('The union level must belong to the employee’s union.');
    const saved = await created('pr-employee', employee({ Sin: '999999998', SinExpiry: '2027-01-31', ApplyWsib: true, WsibGroupId: 'G831', Email: 'test.person@novus.example' }));
    expect(saved.Sin).toBe('999999998');
  });
});

describe('the payroll role (§6): SIN, bank and wages never reach anyone else', () => {
  const SECRET = ['Sin', 'SinExpiry', 'HourlyRate', 'SalaryPerPeriod', 'GrossLabourRate', 'FederalClaim', 'ProvincialClaim', 'BankInstitution', 'BankTransit', 'BankAccount', 'HealthCardNo'];

  it('hides them from a clerk in the list, the record, a lookup and the export; shows them to payroll', async () => {
    const list = json(await as(clerk).get('/api/data/pr-employee?PageSize=5'));
    expect(list.List.length).toBeGreaterThan(0);
    for (const row of list.List) for (const field of SECRET) expect(row, field).not.toHaveProperty(field);
    const record = json(await as(clerk).get('/api/data/pr-employee/E1001')).Data;
    expect(record.LastName).toBe('Okafor');
    for (const field of SECRET) expect(record, field).not.toHaveProperty(field);
    const meta = json(await as(clerk).get('/api/entities/pr-employee'));
    expect(meta.Hidden).toEqual(expect.arrayContaining(SECRET));
    expect(meta.CanWrite).toBe(false);
    // Asking for a hidden column is refused as an unknown one: by filter, sort or export.
    expect((await as(clerk).get('/api/data/pr-employee?Columns=Sin')).statusCode).toBe(400);
    expect((await as(clerk).get('/api/data/pr-employee?SortFields=HourlyRate')).statusCode).toBe(400);
    expect((await as(clerk).post('/api/data/pr-employee/export', { Columns: ['EmployeeId', 'Sin'] })).statusCode).toBe(400);
    const exported = await as(clerk).post('/api/data/pr-employee/export', {});
    expect(exported.statusCode).toBe(200);
    const sin = String(json(await as(admin).get('/api/data/pr-employee/E1001')).Data.Sin);
    expect(sin).toMatch(/^\d{9}$/);
    expect(exported.rawPayload.includes(Buffer.from(sin))).toBe(false);
    const lookup = json(await as(clerk).get('/api/lookup/pr-employee?Search=Okafor'));
    expect(JSON.stringify(lookup)).not.toContain(sin);
    const full = json(await as(admin).get('/api/data/pr-employee/E1001')).Data;
    for (const field of ['Sin', 'HourlyRate', 'BankAccount']) expect(full, field).toHaveProperty(field);
  });

  it('keeps SIN and wage changes out of a clerk’s audit trail, and masks the SIN in everyone’s', async () => {
    const current = json(await as(admin).get('/api/data/pr-employee/E1002')).Data;
    const updated = await as(admin).put('/api/data/pr-employee/E1002', { Sin: '130692544', HourlyRate: '49.0000', Occupation: 'Electrician', Version: current.Version });
    expect(updated.statusCode, JSON.stringify(updated.json())).toBe(200);
    const clerkAudit = json(await as(clerk).get('/api/data/pr-employee/E1002/audit')).List as Json[];
    expect(clerkAudit.map((row) => row.FieldName)).toContain('Occupation');
    expect(clerkAudit.map((row) => row.FieldName)).not.toContain('Sin');
    expect(clerkAudit.map((row) => row.FieldName)).not.toContain('HourlyRate');
    const adminAudit = json(await as(admin).get('/api/data/pr-employee/E1002/audit')).List as Json[];
    const sinRow = adminAudit.find((row) => row.FieldName === 'Sin');
    expect(sinRow).toBeDefined();
    expect(JSON.stringify(sinRow)).not.toContain('130692544');
  });

  it('refuses pay cheques, transactions, payroll reports and processes to a clerk', async () => {
    expect((await as(clerk).get('/api/data/pr-cheque')).statusCode).toBe(403);
    expect((await as(clerk).get('/api/data/pr-transaction')).statusCode).toBe(403);
    expect((await as(clerk).post('/api/reports/pr-t4/run', { Parameters: { Year: 2026 } })).statusCode).toBe(403);
    expect((await as(clerk).post('/api/processes/pr-cheque-preparation/preview', { Parameters: { PayDate: PAY } })).statusCode).toBe(403);
    expect((await as(clerk).get(`/api/pr/cheques?PayDate=${PAY}`)).statusCode).toBe(403);
    const reports = json(await as(clerk).get('/api/reports')) as unknown as Json[];
    expect(reports.some((report) => String(report.Report).startsWith('pr-'))).toBe(false);
  });
});

describe('hourly-rate update (DOMAIN-NOTES §1.8)', () => {
  it('raises the rates of a union level by a percentage, each change on the employee’s audit trail', async () => {
    const bad = await as(admin).post('/api/processes/pr-hourly-rate-update/preview', { Parameters: { UnionLevelId: 'IBEW-FP', Percent: 'abc' } });
    expect(bad.statusCode).toBe(400);
    expect((await as(admin).post('/api/processes/pr-hourly-rate-update/preview', { Parameters: { UnionLevelId: 'IBEW-FP' } })).statusCode).toBe(400);
    const preview = json(await as(admin).post('/api/processes/pr-hourly-rate-update/preview', { Parameters: { UnionLevelId: 'IBEW-FP', Percent: '3' } }));
    expect(preview.List.map((row: Json) => row.EmployeeId)).toEqual(['E1004']);
    const result = await run('pr-hourly-rate-update', { UnionLevelId: 'IBEW-FP', Percent: '3' }, ['E1004']);
    expect(result.List[0].Message).toBe('Rate 53.6300 → 55.24.');
    expect(json(await as(admin).get('/api/data/pr-employee/E1004')).Data.HourlyRate).toBe('55.2400');
    const audit = json(await as(admin).get('/api/data/pr-employee/E1004/audit')).List as Json[];
    expect(audit.find((row) => row.FieldName === 'HourlyRate')).toMatchObject({ OldValue: '53.6300', NewValue: '55.2400' });
  });
});

describe('cheque preparation in batches (one transaction per batch)', () => {
  it('answers an employee its rules refuse alone, unchanged, and prepares the others', async () => {
    const date = '2026-04-24';
    await created('pr-transaction', { EmployeeId: 'E1006', PayDate: date, Lines: [{ CodeId: 'REG', Hours: '80.0000', Rate: '25.0000' }] });
    // A deduction larger than the pay: the net would be negative (§8), so this employee is refused.
    await created('pr-transaction', { EmployeeId: 'E1007', PayDate: date, Lines: [{ CodeId: 'REG', Hours: '10.0000', Rate: '25.0000' }, { CodeId: 'PARK', Hours: '1.0000', Rate: '5000.0000' }] });
    const result = await run('pr-cheque-preparation', { PayDate: date }, ['E1006', 'E1007']);
    expect(result.ResultStatus).toBe(3);
    const byId = new Map<string, Json>(result.List.map((item: Json) => [item.ItemId, item]));
    expect(byId.get('E1006')!.ResultStatus).toBe(1);
    expect(byId.get('E1007')!.ResultStatus).toBe(2);
    expect(byId.get('E1007')!.ResultCode).toBe('negative_net');
    const cheques = (await db().selectFrom('pr_cheques').select(['employee_id', 'cheque_id']).where('pay_date', '=', date).execute()) as Json[];
    expect(cheques.map((row) => row.employee_id)).toEqual(['E1006']);
    const transactions = (await db().selectFrom('pr_transactions').select(['employee_id', 'status', 'cheque_id']).where('pay_date', '=', date).orderBy('employee_id').execute()) as Json[];
    expect(transactions.map((row) => [row.employee_id, row.status, row.cheque_id === null ? null : Number(row.cheque_id)])).toEqual([
      ['E1006', 'Prepared', Number(cheques[0]!.cheque_id)],
      ['E1007', 'Entered', null],
    ]);
    // Cancelled again, so the year end below finds every pay of the year posted.
    const cheque = json(await as(admin).get(`/api/data/pr-cheque/${Number(cheques[0]!.cheque_id)}`)).Data;
    expect((await as(admin).post(`/api/data/pr-cheque/${cheque.ChequeId}/actions/cancel`, { Version: cheque.Version })).statusCode).toBe(200);
  });
});


describe('a bonus (a non-periodic code) is taxed by T4127’s bonus method', () => {
  it('annualizes only the periodic pay, taxes the bonus at its margin, and carries its income to the next bonus', async () => {
    const inputsOf = async (date: string) => {
      const row = (await db().selectFrom('pr_cheques').selectAll().where('employee_id', '=', 'E1007').where('pay_date', '=', date).executeTakeFirst()) as Json;
      return { row, inputs: JSON.parse(String(row.inputs)) as Json };
    };
    const bonusPay = async (date: string) => {
      await created('pr-transaction', { EmployeeId: 'E1007', PayDate: date, Lines: [{ CodeId: 'SAL', Hours: '80.0000', Rate: '25.0000' }, { CodeId: 'BONUS', Hours: '1.0000', Rate: '5000.0000' }] });
      expect((await run('pr-cheque-preparation', { PayDate: date }, ['E1007'])).ResultStatus).toBe(1);
      return inputsOf(date);
    };
    const first = await bonusPay('2026-05-08');
    expect(money(first.row.gross)).toBe('7000.00');
    // A is the periodic pay's (26 × (2,000 − F5A), about 52,000), not 26 × 7,000 = 182,000.
    expect(Number(first.inputs.annual.a)).toBeGreaterThan(51000);
    expect(Number(first.inputs.annual.a)).toBeLessThan(52000);
    // The bonus adds B − F5B to the year's income; its tax is the year's tax with it less without it.
    const bonus = first.inputs.annual.nonPeriodic;
    expect(money(first.row.non_periodic)).toBe(bonus.income);
    expect(Number(bonus.income)).toBeGreaterThan(4950);
    expect(Number(bonus.income)).toBeLessThan(5000);
    const perPay = (annual: string) => (Math.round((Number(annual) / 26) * 100) / 100).toFixed(2);
    expect(money(first.row.federal_tax)).toBe(add(perPay(first.inputs.annual.t1), bonus.federal));
    expect(money(first.row.provincial_tax)).toBe(add(perPay(first.inputs.annual.t2), bonus.provincial));
    // The next bonus of the year starts from the income the first added (B1).
    const second = await bonusPay('2026-05-22');
    expect(second.inputs.ytd.nonPeriodic).toBe(bonus.income);
    expect(Number(second.inputs.annual.nonPeriodic.federal)).toBeGreaterThanOrEqual(Number(bonus.federal));
    // Cancelled again, so the year end below finds every pay of the year posted.
    for (const { row } of [first, second]) {
      const cheque = json(await as(admin).get(`/api/data/pr-cheque/${Number(row.cheque_id)}`)).Data;
      expect(cheque.NonPeriodic).toBe(money(row.non_periodic));
      expect((await as(admin).post(`/api/data/pr-cheque/${cheque.ChequeId}/actions/cancel`, { Version: cheque.Version })).statusCode).toBe(200);
    }
  });
});

describe('the pension plan by age (T4001: CPP from the month after 18 through the month of 70)', () => {
  it('deducts no CPP from the pay after the month an employee turned 70, and did in that month', async () => {
    const record = json(await as(admin).get('/api/data/pr-employee/E1006')).Data;
    expect((await as(admin).put('/api/data/pr-employee/E1006', { ...record, BirthDate: '1956-05-10' })).statusCode).toBe(200);
    const payOn = async (date: string) => {
      await created('pr-transaction', { EmployeeId: 'E1006', PayDate: date, Lines: [{ CodeId: 'REG', Hours: '80.0000', Rate: '25.0000' }] });
      expect((await run('pr-cheque-preparation', { PayDate: date }, ['E1006'])).ResultStatus).toBe(1);
      return (await db().selectFrom('pr_cheques').selectAll().where('employee_id', '=', 'E1006').where('pay_date', '=', date).executeTakeFirst()) as Json;
    };
    const may = await payOn('2026-05-29');
    expect(money(may.cpp)).toBe('110.99'); // 0.0595 × (2,000 − 134.61)
    const june = await payOn('2026-06-12');
    expect([money(june.cpp), money(june.cpp2), money(june.employer_cpp)]).toEqual(['0.00', '0.00', '0.00']);
    expect(Number(money(june.ei))).toBeGreaterThan(0);
    for (const row of [may, june]) {
      const cheque = json(await as(admin).get(`/api/data/pr-cheque/${Number(row.cheque_id)}`)).Data;
      expect((await as(admin).post(`/api/data/pr-cheque/${cheque.ChequeId}/actions/cancel`, { Version: cheque.Version })).statusCode).toBe(200);
    }
    const back = json(await as(admin).get('/api/data/pr-employee/E1006')).Data;
    expect((await as(admin).put('/api/data/pr-employee/E1006', { ...back, BirthDate: record.BirthDate })).statusCode).toBe(200);
  });
});

describe('a pay run', () => {
  let journalId = 0;
  const ids = ['E1001', 'E1003', 'E1005'];

  it('prepares each employee’s pay with every deduction', async () => {
    const lines = (rate: string) => [{ CodeId: 'REG', Hours: '80.0000', Rate: rate }];
    await created('pr-transaction', { EmployeeId: 'E1001', PayDate: PAY, Lines: [...lines('48.7500'), { CodeId: 'OT', Hours: '4.0000', Rate: '73.1250' }] });
    await created('pr-transaction', { EmployeeId: 'E1003', PayDate: PAY, Lines: [{ CodeId: 'SAL', Hours: '80.0000', Rate: '36.2500' }] });
    await created('pr-transaction', { EmployeeId: 'E1005', PayDate: PAY, Lines: lines('22.5000') });
    const preview = json(await as(admin).post('/api/processes/pr-cheque-preparation/preview', { Parameters: { PayDate: PAY } }));
    expect(preview.List.map((row: Json) => row.EmployeeId)).toEqual(ids);
    const result = await run('pr-cheque-preparation', { PayDate: PAY }, ids);
    expect(result.ResultStatus, JSON.stringify(result)).toBe(1);
    const cheques = (await db().selectFrom('pr_cheques').selectAll().where('pay_date', '=', PAY).orderBy('employee_id').execute()) as Json[];
    expect(cheques.map((row) => row.employee_id)).toEqual(ids);
    const [on, qc, apprentice] = cheques;
    // E1001: 80 × 48.75 + 4 × 73.125 = 4,192.50 gross; IBEW dues 84 h × 1.35 = 113.40; WSIB G704 2.30 per $100.
    expect(money(on!.gross)).toBe('4192.50');
    expect(money(on!.union_dues)).toBe('113.40');
    expect(money(on!.cpp)).toBe('241.44'); // 0.0595 × (4,192.50 − 134.61) = 241.4445
    expect(money(on!.ei)).toBe('68.34'); // 4,192.50 × 1.63 %
    expect(money(on!.employer_ei)).toBe('95.68'); // 68.34 × 1.4 = 95.676
    expect(money(on!.employer_wsib)).toBe('96.43'); // 4,192.50 × 2.30 / 100 = 96.4275
    expect(money(on!.employer_union)).toBe('726.60'); // 84 h × (3.40 + 5.25)
    // E1003 in Québec: QPP, Québec EI and QPIP; no CPP.
    expect(money(qc!.gross)).toBe('2900.00');
    expect(money(qc!.qpp)).toBe('174.22'); // 0.063 × (2,900 − 134.61) = 174.219570
    expect(money(qc!.cpp)).toBe('0.00');
    expect(money(qc!.ei)).toBe('37.70');
    expect(money(qc!.qpip)).toBe('12.47'); // 2,900 × 0.430 % (QPIP 2026, TP-1015.F (2026-01) p. 7) = 12.47
    for (const cheque of cheques) {
      const deductions = ['cpp', 'cpp2', 'qpp', 'qpp2', 'ei', 'qpip', 'federal_tax', 'provincial_tax', 'union_dues', 'other_deductions', 'rpp'].map((column) => money(cheque[column]));
      expect(add(money(cheque.net), sum(deductions, 2))).toBe(money(cheque.gross));
      expect(Number(money(cheque.federal_tax))).toBeGreaterThan(0);
    }
    expect(apprentice!.payment_method).toBe('Cheque');
    // Prepared transactions can no longer be changed.
    const transaction = json(await as(admin).get('/api/data/pr-transaction?filter.EmployeeId=E1001')).List[0];
    expect(transaction.Status).toBe('Prepared');
  });

  it('pays them: a cheque number for the cheque, one CPA-005 file for the deposits; the cheques as PDF', async () => {
    const preview = json(await as(admin).post('/api/processes/pr-payment-processing/preview', { Parameters: { PayDate: PAY, BankAccountId: 'OPERATING', FirstChequeNo: 5001 } }));
    expect(preview.List).toHaveLength(3);
    expect(preview.List[0]).toHaveProperty('FederalTax');
    const result = await as(admin).post('/api/processes/pr-payment-processing/run', { Parameters: { PayDate: PAY, BankAccountId: 'OPERATING', FirstChequeNo: 5001 }, All: true });
    expect(json(result).ResultStatus, JSON.stringify(result.json())).toBe(1);
    const paid = (await db().selectFrom('pr_cheques').selectAll().where('pay_date', '=', PAY).orderBy('employee_id').execute()) as Json[];
    expect(paid.map((row) => row.status)).toEqual(['Paid', 'Paid', 'Paid']);
    expect(paid.find((row) => row.employee_id === 'E1005')?.cheque_no).toBe(5001);
    const file = await as(admin).get(`/api/pr/deposit-file?PayDate=${PAY}`);
    expect(file.statusCode).toBe(200);
    const records = file.body.split('\r\n').filter((line) => line !== '');
    expect(records[0]!.startsWith('A000000001NOVUS00001')).toBe(true);
    expect(records).toHaveLength(4); // A, two C (E1001, E1003), Z
    expect(records[1]!.slice(24, 27)).toBe('200'); // payroll deposit
    const net = money(paid.find((row) => row.employee_id === 'E1001')!.net).replace('.', '');
    expect(records[1]!.slice(27, 37)).toBe(net.padStart(10, '0'));
    const pdf = await as(admin).get(`/api/pr/cheques?PayDate=${PAY}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Emily Tran');
    expect(text).toContain('No. 5001');
    expect(text).toContain('Year to date');
    // A cheque number already used is refused (§8 "Cheque number has been used.").
    await created('pr-transaction', { EmployeeId: 'E1005', PayDate: '2026-03-27', Lines: [{ CodeId: 'REG', Hours: '10.0000', Rate: '22.5000' }] });
    await run('pr-cheque-preparation', { PayDate: '2026-03-27' }, ['E1005']);
    const used = await run('pr-payment-processing', { PayDate: '2026-03-27', BankAccountId: 'OPERATING', FirstChequeNo: 5001 }, [
      (await db().selectFrom('pr_cheques').select('cheque_id').where('pay_date', '=', '2026-03-27').executeTakeFirst()).cheque_id,
    ]);
    expect(used.List[0].Message).toBe('Cheque number has been used.');
  });

  it('posts one balanced journal equal to the run’s totals (Dr wages and employer costs, Cr remittances and bank)', async () => {
    const result = await run('pr-journal-posting', { PayDateTo: PAY }, [PAY]);
    expect(result.ResultStatus, JSON.stringify(result)).toBe(1);
    journalId = Number(result.List[0].EntityId);
    const entries = (await db().selectFrom('gl_entries').selectAll().where('journal_id', '=', journalId).execute()) as Json[];
    const byAccount = new Map<string, string>();
    for (const entry of entries) byAccount.set(entry.account_id, add(byAccount.get(entry.account_id) ?? '0.00', money(entry.amount)));
    expect(sum(entries.map((entry) => money(entry.amount)), 2)).toBe('0.00');
    const cheques = (await db().selectFrom('pr_cheques').selectAll().where('pay_date', '=', PAY).execute()) as Json[];
    const total = (column: string) => sum(cheques.map((row) => money(row[column])), 2);
    expect(cheques.every((row) => row.status === 'Posted' && row.journal_id === journalId)).toBe(true);
    expect(byAccount.get('6100')).toBe(total('gross'));
    expect(byAccount.get('1000')).toBe(neg(total('net')));
    expect(byAccount.get('6110')).toBe(sum([total('employer_cpp'), total('employer_ei'), total('employer_qpip')], 2));
    expect(byAccount.get('2351')).toBe(neg(sum([total('cpp'), total('cpp2'), total('qpp'), total('qpp2'), total('employer_cpp')], 2)));
    expect(byAccount.get('2352')).toBe(neg(add(total('ei'), total('employer_ei'))));
    expect(byAccount.get('2353')).toBe(neg(add(total('federal_tax'), total('provincial_tax'))));
    expect(byAccount.get('2356')).toBe(neg(total('employer_wsib')));
    const debits = sum(entries.map((entry) => money(entry.amount)).filter((amount) => !amount.startsWith('-')), 2);
    expect(debits).toBe(sum(['gross', 'employer_cpp', 'employer_ei', 'employer_qpip', 'employer_wsib', 'employer_union'].map(total), 2));
    const journal = json(await as(admin).post('/api/reports/pr-journal/run', { Parameters: { StartDate: PAY, EndDate: PAY } }));
    expect(journal.Totals.Debit).toBe(debits);
    expect(journal.Totals.Credit).toBe(debits);
  });

  it('refuses a posting in a period closed for payroll', async () => {
    await db().updateTable('fiscal_periods').set({ closed_pr: 1 }).where('fiscal_year', '=', 2026).where('period_no', '=', 3).execute();
    const cheque = (await db().selectFrom('pr_cheques').select('cheque_id').where('pay_date', '=', '2026-03-27').executeTakeFirst()).cheque_id;
    await run('pr-payment-processing', { PayDate: '2026-03-27', BankAccountId: 'OPERATING', FirstChequeNo: 5101 }, [cheque]);
    const refused = await run('pr-journal-posting', { PayDateTo: '2026-03-27' }, ['2026-03-27']);
    expect(refused.List[0].ResultStatus).toBe(2);
    expect(refused.List[0].Message).toMatch(/closed/i);
    await db().updateTable('fiscal_periods').set({ closed_pr: 0 }).where('fiscal_year', '=', 2026).execute();
    expect((await run('pr-journal-posting', { PayDateTo: '2026-03-27' }, ['2026-03-27'])).ResultStatus).toBe(1);
  });

  it('reports the year to date, T4 and RL-1 boxes and slips, the ROE', async () => {
    const t4 = json(await as(admin).post('/api/reports/pr-t4/run', { Parameters: { Year: 2026 } }));
    const row = (t4.List as Json[]).find((item) => item.EmployeeId === 'E1001')!;
    const cheque = (await db().selectFrom('pr_cheques').selectAll().where('employee_id', '=', 'E1001').executeTakeFirst()) as Json;
    expect(row.Box14).toBe(money(cheque.gross));
    expect(row.Box16).toBe(money(cheque.cpp));
    expect(row.Box18).toBe(money(cheque.ei));
    expect(row.Box22).toBe(add(money(cheque.federal_tax), money(cheque.provincial_tax)));
    expect(row.Box24).toBe(money(cheque.insurable));
    expect(row.Box26).toBe(money(cheque.pensionable));
    expect(row.Box44).toBe('113.40');
    const quebec = (t4.List as Json[]).find((item) => item.EmployeeId === 'E1003')!;
    expect(quebec.Box17).not.toBe('0.00');
    expect(quebec.Box55).not.toBe('0.00');
    // The slip's boxes: those with an amount, and 14, 22, 24, 26 always (DOMAIN-NOTES §1.7); no QPP box in Ontario.
    const lines = json(await as(admin).post('/api/reports/pr-t4-slips/run', { Parameters: { Year: 2026, EmployeeId: 'E1001' } })).List as Json[];
    expect(lines.map((line) => line.Box)).toEqual(['14', '16', '18', '22', '24', '26', '44']);
    const slips = await as(admin).post('/api/reports/pr-t4-slips/pdf', { Parameters: { Year: 2026, EmployeeId: 'E1001' } });
    expect(slips.statusCode).toBe(200);
    const text = await pdfText(slips.rawPayload);
    expect(text).toContain('Aisha Okafor');
    expect(text).toContain('Employment income');
    // The RL-1 (DOMAIN-NOTES §1.10): Québec pays only — E1003's QPP, EI, Québec income tax (box E, which the T4's
    // box 22 leaves out) and QPIP; no Ontario employee.
    const rl1 = json(await as(admin).post('/api/reports/pr-rl1/run', { Parameters: { Year: 2026 } })).List as Json[];
    expect(rl1.map((item) => item.EmployeeId)).toEqual(['E1003']);
    const qc = (await db().selectFrom('pr_cheques').selectAll().where('employee_id', '=', 'E1003').where('status', '<>', 'Cancelled').executeTakeFirst()) as Json;
    expect([rl1[0]!.BoxA, rl1[0]!.BoxBA, rl1[0]!.BoxC, rl1[0]!.BoxE, rl1[0]!.BoxG, rl1[0]!.BoxH, rl1[0]!.BoxI]).toEqual(
      ['gross', 'qpp', 'ei', 'provincial_tax', 'pensionable', 'qpip', 'insurable'].map((column) => money(qc[column])),
    );
    expect(quebec.Box22).toBe(money(qc.federal_tax));
    // Its slip: A, B.A, C, E, G, H, I (boxes with an amount, and A, E, G, I always), the Québec tax in the summary.
    const rl1Lines = json(await as(admin).post('/api/reports/pr-rl1-slips/run', { Parameters: { Year: 2026, EmployeeId: 'E1003' } })).List as Json[];
    expect(rl1Lines.map((line) => line.Box)).toEqual(['A', 'B.A', 'C', 'E', 'G', 'H', 'I']);
    const rl1Pdf = await as(admin).post('/api/reports/pr-rl1-slips/pdf', { Parameters: { Year: 2026, EmployeeId: 'E1003' } });
    expect(rl1Pdf.statusCode).toBe(200);
    expect(await pdfText(rl1Pdf.rawPayload)).toContain('Québec income tax withheld');
    const ytd = json(await as(admin).post('/api/reports/pr-year-to-date/run', { Parameters: { Year: 2026 } }));
    expect((ytd.List as Json[]).find((item) => item.EmployeeId === 'E1001')?.Gross).toBe('4192.50');
    const roe = json(await as(admin).post('/api/reports/pr-roe/run', { Parameters: { EmployeeId: 'E1005', LastDay: '2026-03-31', ReasonCode: 'A00' } }));
    expect((roe.List as Json[]).map((item) => item.PayPeriod)).toEqual([1, 2]);
    expect(roe.Totals.InsurableHours).toBe('90.0000');
  });

  it('cancels a posted cheque: reversed in the G/L, out of the year to date, its transactions open again', async () => {
    const cheque = json(await as(admin).get('/api/data/pr-cheque?filter.EmployeeId=E1005&filter.PayDate.from=2026-03-13&filter.PayDate.to=2026-03-13')).List[0];
    const before = json(await as(admin).post('/api/reports/pr-year-to-date/run', { Parameters: { Year: 2026 } }));
    const cancelled = await as(admin).post(`/api/data/pr-cheque/${cheque.ChequeId}/actions/cancel`, { Version: cheque.Version });
    expect(cancelled.statusCode, JSON.stringify(cancelled.json())).toBe(200);
    const reversal = Number(json(cancelled).Data.ActionResult.ReversalJournalId);
    const entries = (await db().selectFrom('gl_entries').selectAll().where('journal_id', '=', reversal).where('origin_type', '=', 'pr-cheque').execute()) as Json[];
    expect(entries.length).toBeGreaterThan(0);
    expect(sum(entries.map((entry) => money(entry.amount)), 2)).toBe('0.00');
    const bank = entries.filter((entry) => entry.account_id === '1000').map((entry) => money(entry.amount));
    expect(sum(bank, 2)).toBe(money((await db().selectFrom('pr_cheques').select('net').where('cheque_id', '=', cheque.ChequeId).executeTakeFirst()).net));
    const after = json(await as(admin).post('/api/reports/pr-year-to-date/run', { Parameters: { Year: 2026 } }));
    const grossOf = (report: Json) => (report.List as Json[]).find((item) => item.EmployeeId === 'E1005')?.Gross;
    expect(grossOf(after)).not.toBe(grossOf(before));
    const transactions = json(await as(admin).get('/api/data/pr-transaction?filter.EmployeeId=E1005&filter.PayDate.from=2026-03-13&filter.PayDate.to=2026-03-13')).List as Json[];
    expect(transactions[0]!.Status).toBe('Entered');
    expect((await as(admin).post(`/api/data/pr-cheque/${cheque.ChequeId}/actions/cancel`, { Version: json(cancelled).Data.Version })).statusCode).toBe(409);
    // Cheques are made by cheque preparation only.
    expect((await as(admin).post('/api/data/pr-cheque', { EmployeeId: 'E1001' })).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('year end: refused while a pay of the year is not posted; then no pay can be dated in the closed year', async () => {
    await run('pr-cheque-preparation', { PayDate: PAY }, ['E1005']);
    const refused = await run('pr-year-end', { Year: 2026 }, [2026]);
    expect(refused.List[0].Message).toBe('The payroll year 2026 still has cheques not posted.');
    const cheque = json(await as(admin).get('/api/data/pr-cheque?filter.Status=Prepared')).List[0];
    expect((await as(admin).post(`/api/data/pr-cheque/${cheque.ChequeId}/actions/cancel`, { Version: cheque.Version })).statusCode).toBe(200);
    expect((await run('pr-year-end', { Year: 2026 }, [2026])).ResultStatus).toBe(1);
    const late = await as(admin).post('/api/data/pr-transaction', { EmployeeId: 'E1001', PayDate: '2026-12-18', Lines: [{ CodeId: 'REG', Hours: '1.0000', Rate: '10.0000' }] });
    expect(late.statusCode).toBe(409);
    expect(json(late).Message).toBe('The payroll year 2026 is closed.');
  });
});
