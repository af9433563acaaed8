/**
 * Financial statements (issue 13 item 4; SCREENS.md FS-04 … FS-08; spec §3 Financial format, §8 "No column
 * details found."), on the GL demo ledger (2025-01 … 2026-10): the format masters' rules (sequence unique per
 * format, an account range in order or the total of an earlier row), the demo income statement equal to the
 * trial balance's sums over the same ranges (period, year to date, prior year with year offset −1), reverse
 * sign, divide by 1000, row totals, the balance sheet balancing, the PDF text, and malformed calls.
 */
import { add, div, neg, sub, type Decimal } from '@erp/shared/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { call } from '../../../server/test/helpers/entities.ts';
import { pdfText } from '../../../server/test/helpers/pdf-text.ts';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  // The demo ledger's activity (2025-01 … 2026-10): the statements are checked on real figures.
  server = await startServer({ DEMO_LEDGER: '1' });
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
});

afterAll(async () => {
  await server?.stop();
});

const run = (parameters: Record<string, unknown>) => call(server.app, 'POST', '/api/reports/gl-financial-statement/run', admin, { Parameters: parameters });
const create = (entity: string, body: Record<string, unknown>) => call(server.app, 'POST', `/api/data/${entity}`, admin, body);

type Row = Record<string, string | number | null>;

/** Σ (debit − credit) of the trial balance's period columns over accounts from..to. */
async function trialBalanceNet(parameters: Record<string, unknown>, from: number, to: number): Promise<Decimal> {
  const response = await call(server.app, 'POST', '/api/reports/gl-trial-balance/run', admin, { Parameters: parameters, PageSize: 250 });
  expect(response.statusCode).toBe(200);
  let total = '0.00';
  for (const row of response.json().List as Row[]) {
    const account = Number(row['AccountId']);
    if (account >= from && account <= to) total = add(total, sub(String(row['PeriodDebit']), String(row['PeriodCredit'])));
  }
  return total;
}

async function statement(parameters: Record<string, unknown>): Promise<Row[]> {
  const response = await run(parameters);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().List as Row[];
}

describe('the demo income statement (§3 Financial format)', () => {
  it('equals the trial balance: revenue 4000–4999 reversed, expenses 5000–8999, net income a total of rows', async () => {
    const rows = await statement({ FormatId: 'INCOME', FiscalYear: 2026, PeriodNo: 6 });
    expect(rows.map((r) => r['Sequence'])).toEqual([10, 20, 30]);
    const [revenue, expenses, net] = rows as [Row, Row, Row];
    // Column 1 current period; 2 year to date; 3 the prior year to date (year offset −1).
    const period = { FiscalYear: 2026, PeriodNo: 6 };
    const ytd = { StartDate: '2026-01-01', EndDate: '2026-06-30' };
    const prior = { StartDate: '2025-01-01', EndDate: '2025-06-30' };
    const cases: [string, Record<string, unknown>][] = [['Amount1', period], ['Amount2', ytd], ['Amount3', prior]];
    for (const [column, parameters] of cases) {
      const tbRevenue = neg(await trialBalanceNet(parameters, 4000, 4999));
      const tbExpenses = await trialBalanceNet(parameters, 5000, 8999);
      expect(revenue[column], column).toBe(tbRevenue);
      expect(expenses[column], column).toBe(tbExpenses);
      expect(net[column], column).toBe(sub(tbRevenue, tbExpenses));
      // Reversed, revenue prints positive on the demo ledger (credits).
      expect(Number(revenue[column])).toBeGreaterThan(0);
    }
    expect(revenue['Amount4']).toBe('0.00');
  });

  it('divides by 1000 (the INCOME-K variant) after adding the undivided figures', async () => {
    const units = await statement({ FormatId: 'INCOME', FiscalYear: 2026, PeriodNo: 6 });
    const thousands = await statement({ FormatId: 'INCOME-K', FiscalYear: 2026, PeriodNo: 6 });
    for (let i = 0; i < units.length; i++) {
      for (const column of ['Amount1', 'Amount2', 'Amount3']) expect(thousands[i]![column]).toBe(div(String(units[i]![column]), '1000', 2));
    }
  });

  it('balances the demo balance sheet: assets = liabilities + equity + current earnings', async () => {
    const rows = await statement({ FormatId: 'BALANCE', FiscalYear: 2026, PeriodNo: 10 });
    const bySequence = new Map(rows.map((r) => [r['Sequence'], r]));
    for (const column of ['Amount1', 'Amount2']) {
      expect(bySequence.get(50)![column]).toBe(bySequence.get(10)![column]);
      expect(bySequence.get(50)![column]).toBe(add(add(String(bySequence.get(20)![column]), String(bySequence.get(30)![column])), String(bySequence.get(40)![column])));
    }
  });

  it('prints the statement as a PDF whose figures match the trial balance', async () => {
    const response = await call(server.app, 'POST', '/api/reports/gl-financial-statement/pdf', admin, { Parameters: { FormatId: 'INCOME', FiscalYear: 2026, PeriodNo: 6 } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Financial statement');
    expect(text).toContain('Net income');
    const revenue = neg(await trialBalanceNet({ FiscalYear: 2026, PeriodNo: 6 }, 4000, 4999));
    const formatted = Number(revenue).toLocaleString('en-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(text).toContain(formatted);
  });

  it('gives the .xlsx', async () => {
    const response = await call(server.app, 'POST', '/api/reports/gl-financial-statement/xlsx', admin, { Parameters: { FormatId: 'INCOME', FiscalYear: 2026, PeriodNo: 6 } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('format masters (FS-04 … FS-07) and a format of its own', () => {
  it('refuses a second row with the same sequence in a format, and a reversed or half range', async () => {
    const first = await create('financial-statement-row', { FormatId: 'TEST', Sequence: 10, Description: 'Cash' });
    expect(first.statusCode, first.body).toBeLessThan(300);
    const again = await create('financial-statement-row', { FormatId: 'TEST', Sequence: 10, Description: 'Cash again' });
    expect(again.statusCode).toBe(400);
    // Another format may use the same sequence.
    expect((await create('financial-statement-row', { FormatId: 'TEST2', Sequence: 10, Description: 'Cash' })).statusCode).toBeLessThan(300);
    const rowId = first.json().Data.RowId;
    const reversed = await create('financial-statement-row-detail', { RowId: rowId, FromAccount: '1999', ToAccount: '1000' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().Data.Errors[0]).toMatchObject({ field: 'ToAccount', key: 'gl:financial-statement-row-detail.rules.rangeOrder' });
    const half = await create('financial-statement-row-detail', { RowId: rowId, FromAccount: '1000' });
    expect(half.statusCode).toBe(400);
    const both = await create('financial-statement-row-detail', { RowId: rowId, FromAccount: '1000', ToAccount: '1999', TotalOfSequence: 5 });
    expect(both.json().Data.Errors[0]).toMatchObject({ key: 'gl:financial-statement-row-detail.rules.rangeOrTotal' });
    // A total of itself or of a later row would loop: refused.
    const self = await create('financial-statement-row-detail', { RowId: rowId, TotalOfSequence: 10 });
    expect(self.json().Data.Errors[0]).toMatchObject({ field: 'TotalOfSequence', key: 'gl:financial-statement-row-detail.rules.totalRow' });
    expect((await create('financial-statement-row-detail', { RowId: rowId, FromAccount: '1000', ToAccount: '1099' })).statusCode).toBeLessThan(300);
  });

  it('says "No column details found." (§8) for a format without column details, localized', async () => {
    const response = await run({ FormatId: 'TEST', FiscalYear: 2026, PeriodNo: 6 });
    expect(response.statusCode).toBe(400);
    expect(response.json().Data.Errors[0]).toMatchObject({ field: 'FormatId', key: 'gl:reports.financialStatement.noColumnDetails', message: 'No column details found.' });
    const column = await create('financial-statement-column', { FormatId: 'TEST', ColumnNo: 1, Description: 'Balance' });
    expect(column.statusCode, column.body).toBeLessThan(300);
    expect((await create('financial-statement-column', { FormatId: 'TEST', ColumnNo: 1, Description: 'Twice' })).statusCode).toBe(400);
    expect((await create('financial-statement-column', { FormatId: 'TEST', ColumnNo: 7, Description: 'Too far' })).statusCode).toBe(400);
    // Still none: a column without details.
    expect((await run({ FormatId: 'TEST', FiscalYear: 2026, PeriodNo: 6 })).statusCode).toBe(400);
    const detail = await create('financial-statement-column-detail', { ColumnId: column.json().Data.ColumnId, Range: 'Balance', ReverseSign: true, DivideBy: 1, YearOffset: 0 });
    expect(detail.statusCode, detail.body).toBeLessThan(300);
    const rows = await statement({ FormatId: 'TEST', FiscalYear: 2026, PeriodNo: 6 });
    const cash = await call(server.app, 'POST', '/api/reports/gl-trial-balance/run', admin, { Parameters: { FiscalYear: 2026, PeriodNo: 6 }, PageSize: 250 });
    let expected = '0.00';
    for (const row of cash.json().List as Row[]) {
      if (Number(row['AccountId']) >= 1000 && Number(row['AccountId']) <= 1099) expected = add(expected, sub(String(row['Debit']), String(row['Credit'])));
    }
    // The column reverses the sign.
    expect(rows).toEqual([expect.objectContaining({ Sequence: 10, Description: 'Cash', Amount1: neg(expected) })]);
  });

  it('refuses malformed calls with 4xx', async () => {
    expect((await run({ FiscalYear: 2026, PeriodNo: 6 })).statusCode).toBe(400);
    expect((await run({ FormatId: 'INCOME', FiscalYear: 'x', PeriodNo: 6 })).statusCode).toBe(400);
    expect((await run({ FormatId: 'INCOME', FiscalYear: 2026, PeriodNo: 14 })).statusCode).toBe(400);
    const missing = await run({ FormatId: 'INCOME', FiscalYear: 2040, PeriodNo: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().Data.Errors[0]).toMatchObject({ field: 'PeriodNo', key: 'gl:reports.validation.periodMissing' });
    expect((await call(server.app, 'POST', '/api/reports/gl-financial-statement/run', admin, { Parameters: 'x' })).statusCode).toBe(400);
    expect((await create('financial-statement-column-detail', { ColumnId: 999999, Range: 'Nope', DivideBy: 0, YearOffset: 3 })).statusCode).toBe(400);
  });
});
