/**
 * Payroll's demo data (issue 29 item 7) with DEMO_LEDGER on: 30 employees in four provinces (one in Québec),
 * two unions, a WSIB group, and six months of bi-weekly pay runs before today, each prepared, paid and posted
 * through the same code as the screens — every run's journal balanced and equal to its cheques; the trades
 * labour: work codes, the demo models' labour budgets, jobs on Maple Valley lots with time cards of IBEW
 * electricians, approved (job cost, payroll input) and open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sum } from '@erp/shared/decimal';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { startServer, type TestServer } from '../../../server/test/helpers/app.ts';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const db = () => server.app.erp.database.db as any;
const money = (raw: unknown) => decimalFromDb(db(), raw, 2) ?? '0.00';

beforeAll(async () => {
  server = await startServer({ DEMO_LEDGER: '1' });
  // Six months of demo pay runs: over a minute when the whole payroll folder runs at once on a shared machine
  // (as t4-file.test.ts and rl1-file.test.ts allow).
}, 300_000);

afterAll(async () => {
  await server?.stop();
});

describe('payroll demo data', () => {
  it('has 30 employees in four provinces, one in Québec, two unions and a WSIB group', async () => {
    const employees = (await db().selectFrom('pr_employees').select(['tax_province', 'union_id']).execute()) as Row[];
    expect(employees).toHaveLength(30);
    expect(new Set(employees.map((row) => row.tax_province))).toEqual(new Set(['ON', 'QC', 'MB', 'SK']));
    expect(employees.filter((row) => row.tax_province === 'QC')).toHaveLength(1);
    expect(new Set(employees.map((row) => row.union_id).filter(Boolean))).toEqual(new Set(['IBEW353', 'UNIFOR']));
    expect((await db().selectFrom('pr_wsib_groups').selectAll().execute()).length).toBeGreaterThanOrEqual(1);
  });

  it('posts six months of bi-weekly pay runs, each journal balanced and equal to its cheques', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const runs = (await db().selectFrom('pr_cheques').select(['pay_date', 'journal_id']).where('status', '=', 'Posted').groupBy(['pay_date', 'journal_id']).orderBy('pay_date').execute()) as Row[];
    // The demo's fiscal years are 2025 and 2026: six months of Fridays before today within them.
    if (today <= '2026-12-31') expect(runs.length).toBeGreaterThanOrEqual(12);
    for (const run of runs) {
      const cheques = (await db().selectFrom('pr_cheques').selectAll().where('journal_id', '=', run.journal_id).execute()) as Row[];
      expect(cheques).toHaveLength(30);
      const entries = (await db().selectFrom('gl_entries').select(['account_id', 'amount']).where('journal_id', '=', run.journal_id).where('origin_type', '=', 'pr-pay-run').execute()) as Row[];
      expect(sum(entries.map((entry) => money(entry.amount)), 2)).toBe('0.00');
      const net = sum(cheques.map((row) => money(row.net)), 2);
      expect(sum(entries.filter((entry) => entry.account_id === '1000').map((entry) => money(entry.amount)), 2)).toBe(`-${net}`);
    }
  });

  it('puts time cards on the demo jobs, for demo employees, with work codes and a model labour budget', async () => {
    expect(((await db().selectFrom('pr_work_codes').selectAll().execute()) as Row[]).length).toBeGreaterThanOrEqual(6);
    const budgets = (await db().selectFrom('pr_labour_budgets').select('model_id').execute()) as Row[];
    expect(new Set(budgets.map((row) => row.model_id))).toEqual(new Set(['OAK', 'PINE', 'SUITE1', 'SUITE2']));
    const jobs = (await db().selectFrom('pr_work_orders').select(['work_order_no', 'lot_id']).execute()) as Row[];
    expect(jobs.map((row) => row.lot_id).sort()).toEqual(['MAPLE-001', 'MAPLE-002', 'MAPLE-003', 'MAPLE-004', 'MAPLE-005']);
    const cards = (await db().selectFrom('pr_time_cards').select(['employee_id', 'work_order_no', 'status']).execute()) as Row[];
    expect(new Set(cards.map((row) => row.work_order_no))).toEqual(new Set(jobs.map((row) => row.work_order_no)));
    expect(new Set(cards.map((row) => row.status))).toEqual(new Set(['Approved', 'Open']));
    expect(new Set(cards.map((row) => row.employee_id))).toEqual(new Set(['E1001', 'E1002', 'E1005', 'E1011']));
  });
});
