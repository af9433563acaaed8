/**
 * Issue 45 item 4: the source-deduction remittance (the PD7A's figures) — the CRA's remitting periods and due dates
 * by remitter type (their published examples), and the report on two pay runs in Ontario and Québec: per period, what goes to the CRA
 * and to Revenu Québec equals the paid cheques' deductions and employer shares, and reconciles to the payroll
 * journals' credits to the liability accounts; a pay not yet posted shows as a difference.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { add, sub, sum } from '@erp/shared/decimal';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { caller } from '../../../server/test/helpers/entities.ts';
import { remittingPeriods } from '../server/remitting.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('remitting periods and due dates (canada.ca, "How and when to pay (remit) source deductions – Due date")', () => {
  it('regular: calendar months, the 15th of the next month, a weekend moving to the Monday', () => {
    const periods = remittingPeriods(2026, 'Regular');
    expect(periods).toHaveLength(12);
    // January 2026: February 15 is a Sunday.
    expect(periods[0]).toEqual({ start: '2026-01-01', end: '2026-01-31', due: '2026-02-16' });
    expect(periods[11]).toEqual({ start: '2026-12-01', end: '2026-12-31', due: '2027-01-15' });
  });

  it('quarterly: four quarters, due April 15, July 15, October 15 and January 15', () => {
    expect(remittingPeriods(2025, 'Quarterly').map((period) => `${period.start}..${period.end} ${period.due}`)).toEqual([
      '2025-01-01..2025-03-31 2025-04-15',
      '2025-04-01..2025-06-30 2025-07-15',
      '2025-07-01..2025-09-30 2025-10-15',
      '2025-10-01..2025-12-31 2026-01-15',
    ]);
  });

  it('threshold 1: the 1st–15th due the 25th, the 16th–end due the 10th of the next month', () => {
    const periods = remittingPeriods(2026, 'Threshold1');
    expect(periods).toHaveLength(24);
    expect(periods[0]).toEqual({ start: '2026-01-01', end: '2026-01-15', due: '2026-01-26' }); // the 25th is a Sunday
    expect(periods[3]).toEqual({ start: '2026-02-16', end: '2026-02-28', due: '2026-03-10' });
  });

  it('threshold 2: four periods a month, due the third working day after (the CRA example: April 1–7, 2021 → April 12)', () => {
    const periods = remittingPeriods(2021, 'Threshold2');
    expect(periods).toHaveLength(48);
    expect(periods.find((period) => period.start === '2021-04-01')).toEqual({ start: '2021-04-01', end: '2021-04-07', due: '2021-04-12' });
    expect(periods.find((period) => period.start === '2021-07-15')).toEqual({ start: '2021-07-15', end: '2021-07-21', due: '2021-07-26' });
    expect(periods.find((period) => period.start === '2021-02-22')).toEqual({ start: '2021-02-22', end: '2021-02-28', due: '2021-03-03' });
  });
});

describe('the remittance report', () => {
  let server: TestServer;
  let admin: string;
  const year = 2026;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const db = () => server.app.erp.database.db as any;
  const money = (raw: unknown) => decimalFromDb(db(), raw, 2) ?? '0.00';

  beforeAll(async () => {
    server = await startServer();
    admin = (await signIn(server.app, 'admin', 'admin')).access_token;
    // Two pay runs, prepared, paid and posted through the screens' processes: Ontario and Québec employees.
    for (const [pay, firstCheque] of [['2026-03-13', 770001], ['2026-03-27', 770101]] as const) {
      for (const [employee, code, rate] of [['E1001', 'REG', '48.7500'], ['E1003', 'SAL', '36.2500']] as const) {
        const created = await caller(server.app, admin).post('/api/data/pr-transaction', { EmployeeId: employee, PayDate: pay, Lines: [{ CodeId: code, Hours: '80.0000', Rate: rate }] });
        expect(created.statusCode, created.body).toBe(201);
      }
      await run('pr-cheque-preparation', { PayDate: pay }, ['E1001', 'E1003']);
      await run('pr-payment-processing', { PayDate: pay, BankAccountId: 'OPERATING', FirstChequeNo: firstCheque }, null);
      await run('pr-journal-posting', { PayDateTo: pay }, [pay]);
    }
  });

  /** Runs a payroll process on the given items (null: all) and expects it done. */
  async function run(process: string, Parameters: Json, Items: unknown[] | null): Promise<void> {
    const response = await caller(server.app, admin).post(`/api/processes/${process}/run`, Items === null ? { Parameters, All: true } : { Parameters, Items });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as Json).ResultStatus, response.body).toBe(1);
  }
  afterAll(async () => {
    await server?.stop();
  });

  async function report(Parameters: Json, token = admin): Promise<{ status: number; rows: Json[] }> {
    const response = await caller(server.app, token).post('/api/reports/pr-remittance/run', { Parameters });
    return { status: response.statusCode, rows: (response.json() as Json).List as Json[] };
  }

  /** The paid and posted cheques of a period, as the remittance splits them (Québec's to Revenu Québec). */
  async function expected(start: string, end: string) {
    const cheques = (await db().selectFrom('pr_cheques').selectAll().where('pay_date', '>=', start).where('pay_date', '<=', end).where('status', 'in', ['Paid', 'Posted']).execute()) as Json[];
    const of = (rows: Json[], columns: string[]) => sum(rows.flatMap((row) => columns.map((column) => money(row[column]))), 2);
    const quebec = cheques.filter((row) => row.province === 'QC');
    const others = cheques.filter((row) => row.province !== 'QC');
    return {
      cheques,
      cra: add(of(others, ['cpp', 'cpp2', 'employer_cpp', 'provincial_tax']), of(cheques, ['federal_tax', 'ei', 'employer_ei'])),
      rq: of(quebec, ['qpp', 'qpp2', 'employer_cpp', 'qpip', 'employer_qpip', 'provincial_tax']),
      gross: of(cheques, ['gross']),
    };
  }

  it('per period, the CRA and Revenu Québec parts equal the paid cheques, and reconcile to the posted journals', async () => {
    const { status, rows } = await report({ Year: year, RemitterType: 'Regular' });
    expect(status).toBe(200);
    expect(rows.map((row) => row.PeriodStart)).toEqual(remittingPeriods(year, 'Regular').map((period) => period.start));
    let paidSomewhere = false;
    for (const row of rows) {
      const want = await expected(row.PeriodStart, row.PeriodEnd);
      expect(row.Gross, row.PeriodStart).toBe(want.gross);
      expect(row.CraTotal, row.PeriodStart).toBe(want.cra);
      expect(row.RqTotal, row.PeriodStart).toBe(want.rq);
      expect(row.Employees).toBe(new Set(want.cheques.map((cheque) => cheque.employee_id)).size);
      expect(row.Difference).toBe(sub(add(row.CraTotal, row.RqTotal), row.Posted));
      // Every pay is posted: the journals hold exactly what is remitted.
      if (want.cheques.every((cheque) => cheque.status === 'Posted')) expect(row.Difference, row.PeriodStart).toBe('0.00');
      if (want.cheques.length > 0) paidSomewhere = true;
    }
    expect(paidSomewhere).toBe(true);
    const march = rows.find((row) => row.PeriodStart === '2026-03-01')!;
    expect(march.Employees).toBe(2);
    expect(march.RqTotal).not.toBe('0.00');
  });

  it('a paid pay not yet posted shows as a difference of exactly its remitted amounts; posting it clears it', async () => {
    const PAY = `${year}-12-31`;
    const before = (await report({ Year: year, RemitterType: 'Regular' })).rows.find((row) => row.PeriodStart === `${year}-12-01`)!;
    const transaction = await caller(server.app, admin).post('/api/data/pr-transaction', { EmployeeId: 'E1001', PayDate: PAY, Lines: [{ CodeId: 'REG', Hours: '80.0000', Rate: '48.7500' }] });
    expect(transaction.statusCode, transaction.body).toBe(201);
    await run('pr-cheque-preparation', { PayDate: PAY }, ['E1001']);
    const cheque = (await db().selectFrom('pr_cheques').select('cheque_id').where('pay_date', '=', PAY).executeTakeFirst()) as Json;
    await run('pr-payment-processing', { PayDate: PAY, BankAccountId: 'OPERATING', FirstChequeNo: 880001 }, [cheque.cheque_id]);
    const paid = (await db().selectFrom('pr_cheques').selectAll().where('cheque_id', '=', cheque.cheque_id).executeTakeFirst()) as Json;
    expect(paid.status).toBe('Paid');
    const remitted = sum(['cpp', 'cpp2', 'employer_cpp', 'ei', 'employer_ei', 'federal_tax', 'provincial_tax'].map((column) => money(paid[column])), 2);
    const unposted = (await report({ Year: year, RemitterType: 'Regular' })).rows.find((row) => row.PeriodStart === `${year}-12-01`)!;
    expect(unposted.CraTotal).toBe(add(before.CraTotal, remitted));
    expect(unposted.Difference).toBe(add(before.Difference, remitted));
    await run('pr-journal-posting', { PayDateTo: PAY }, [PAY]);
    const posted = (await report({ Year: year, RemitterType: 'Regular' })).rows.find((row) => row.PeriodStart === `${year}-12-01`)!;
    expect(posted.Difference).toBe(before.Difference);
    expect(posted.Posted).toBe(add(before.Posted, remitted));
  });

  it('threshold 2 splits the year into 48 periods whose totals equal the monthly ones', async () => {
    const monthly = (await report({ Year: year, RemitterType: 'Regular' })).rows;
    const weekly = (await report({ Year: year, RemitterType: 'Threshold2' })).rows;
    expect(weekly).toHaveLength(48);
    const total = (rows: Json[], field: string) => sum(rows.map((row) => String(row[field])), 2);
    for (const field of ['Gross', 'CraTotal', 'RqTotal', 'Posted']) expect(total(weekly, field), field).toBe(total(monthly, field));
  });

  it('is the payroll role’s only, and refuses an unknown remitter type', async () => {
    const clerk = (await signIn(server.app, 'clerk', 'clerk')).access_token;
    expect((await report({ Year: year, RemitterType: 'Regular' }, clerk)).status).toBe(403);
    expect((await report({ Year: year, RemitterType: 'Weekly' })).status).toBe(400);
  });
});
