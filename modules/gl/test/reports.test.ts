/**
 * The report engine and the General Ledger reports (issue 12 "Reports as data", GL-10 … GL-13), on the known
 * ledger of helpers/ledger-fixture.ts: parameter rules (§5: start and end date required, at most one year;
 * fiscal year and period or dates), exact figures, group openings and closings, running balances across
 * pages, trial balance debits = credits and equal to the detailed ledger's closing balances, the .xlsx and
 * the PDF (text extracted and checked, Chinese headings included), "No PDF data." and malformed calls.
 */
import { add, cmp, sub } from '@erp/shared/decimal';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { call } from '../../../server/test/helpers/entities.ts';
import { pdfText } from '../../../server/test/helpers/pdf-text.ts';
import { insertLedgerFixture } from './ledger-fixture.ts';

let server: TestServer;
let admin: string;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let db: Kysely<any>;

const FIXTURE_RANGE = { AccountFrom: '99001000', AccountTo: '99005000' };

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db = server.app.erp.database.db as unknown as Kysely<any>;
  await insertLedgerFixture(db);
});

afterAll(async () => {
  await server?.stop();
});

const run = (report: string, body: unknown) => call(server.app, 'POST', `/api/reports/${report}/run`, admin, body);

/** A user whose one role opens only `application` (a copy of the clerk's role and of admin's user row; password admin). */
async function userOf(application: string): Promise<string> {
  const id = `only-${application.toLowerCase()}`;
  const role = await db.selectFrom('roles').selectAll().where('role_id', '=', 'CLERK').executeTakeFirstOrThrow();
  await db.insertInto('roles').values({ ...role, role_id: id.toUpperCase(), name: id }).execute();
  const access = await db.selectFrom('menu_access').selectAll().where('role_id', '=', 'CLERK').limit(1).executeTakeFirstOrThrow();
  const { access_key: _generated, ...accessRow } = access as Record<string, unknown>;
  await db.insertInto('menu_access').values({ ...accessRow, role_id: id.toUpperCase(), application, menu_id: null }).execute();
  const user = await db.selectFrom('users').selectAll().where('user_id', '=', 'admin').executeTakeFirstOrThrow();
  await db.insertInto('users').values({ ...user, user_id: id, display_name: id }).execute();
  await db.insertInto('user_roles').values({ user_id: id, role_id: id.toUpperCase() }).execute();
  return (await signIn(server.app, id, 'admin')).access_token;
}

describe('the account enquiry on the A/P and A/R menus (SCREENS.md GL-10; issue 41: those modules say so)', () => {
  it('runs for a user who opens only Payables or only Receivables, not for one who opens neither', async () => {
    const parameters = { Parameters: { AccountId: '99001000', StartDate: '2032-01-01', EndDate: '2032-12-31' } };
    for (const application of ['NOVUS-AP', 'NOVUS-AR']) {
      const token = await userOf(application);
      const response = await call(server.app, 'POST', '/api/reports/gl-account-enquiry/run', token, parameters);
      expect(response.statusCode, `${application}: ${response.body}`).toBe(200);
      const listed = (await call(server.app, 'GET', '/api/reports', token)).json() as { Report: string; Routes: { application: string; path: string }[] }[];
      expect(listed.find((entry) => entry.Report === 'gl-account-enquiry')?.Routes).toContainEqual({ application, path: '/account-enquiry' });
    }
    const other = await userOf('NOVUS-TE');
    expect((await call(server.app, 'POST', '/api/reports/gl-account-enquiry/run', other, parameters)).statusCode).toBe(403);
  });

  it('the trial balance runs for a user of the legacy NOVUS menus, which Sales Orders gives it', async () => {
    const token = await userOf('NOVUS');
    const response = await call(server.app, 'POST', '/api/reports/gl-trial-balance/run', token, { Parameters: { StartDate: '2032-01-01', EndDate: '2032-12-31' } });
    expect(response.statusCode, response.body).toBe(200);
    const processes = (await call(server.app, 'GET', '/api/processes', token)).json() as { Process: string; Routes: { application: string; path: string }[] }[];
    expect(processes.find((entry) => entry.Process === 'gl-year-end')?.Routes).toContainEqual({ application: 'NOVUS', path: '/year-end' });
  });
});

async function withLanguage<T>(language: string, action: () => Promise<T>): Promise<T> {
  await db.updateTable('users').set({ language }).where('user_id', '=', 'admin').execute();
  try {
    return await action();
  } finally {
    await db.updateTable('users').set({ language: 'en-CA' }).where('user_id', '=', 'admin').execute();
  }
}

describe('report parameters (§5)', () => {
  it('refuses a date range over one year with the §5 text, on the end date', async () => {
    const response = await run('gl-detailed-ledger', { Parameters: { StartDate: '2031-01-01', EndDate: '2032-01-02' } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.ResultCode).toBe('validation_failed');
    expect(body.Message).toBe('The start date cannot be more than one year from the end date.');
    expect(body.Data.Errors[0]).toMatchObject({ field: 'EndDate', key: 'reports:validation.rangeTooLong' });
    // Exactly one year is allowed.
    expect((await run('gl-detailed-ledger', { Parameters: { StartDate: '2031-01-01', EndDate: '2032-01-01' } })).statusCode).toBe(200);
  });

  it('requires the start and end dates', async () => {
    const body = (await run('gl-account-enquiry', { Parameters: { AccountId: '99001000', EndDate: '2032-01-31' } })).json();
    expect(body.Data.Errors).toEqual([expect.objectContaining({ field: 'StartDate', key: 'reports:validation.required', message: 'A value is required.' })]);
  });

  it('answers in the caller language', async () => {
    const body = await withLanguage('fr-CA', async () => (await run('gl-detailed-ledger', { Parameters: { StartDate: '2032-02-01', EndDate: '2032-01-01' } })).json());
    expect(body.Message).toBe('La date de fin ne peut pas précéder la date de début.');
  });

  it('trial balance: fiscal year and period, or start and end date (§5), fiscal year bounds', async () => {
    const none = (await run('gl-trial-balance', { Parameters: {} })).json();
    expect(none.Message).toBe('Fiscal year and period, or start and end date, are required.');
    const year = (await run('gl-trial-balance', { Parameters: { FiscalYear: 999, PeriodNo: 1 } })).json();
    expect(year.Message).toBe('Fiscal year must be greater than 1000 and less than 9999.');
    const missing = (await run('gl-trial-balance', { Parameters: { FiscalYear: 2040, PeriodNo: 1 } })).json();
    expect(missing.Message).toBe('Accounting period does not exist.');
  });

  it('refuses an account that does not exist (§8)', async () => {
    const body = (await run('gl-account-enquiry', { Parameters: { AccountId: 'NOPE', StartDate: '2032-01-01', EndDate: '2032-12-31' } })).json();
    expect(body.Message).toBe('An account entered is not valid.');
  });

  it('refuses malformed calls with 4xx CallResults', async () => {
    const cases: [string, unknown, number][] = [
      ['gl-detailed-ledger', { Parameters: { StartDate: '2032-02-30', EndDate: '2032-03-01' } }, 400],
      ['gl-detailed-ledger', { Parameters: { StartDate: '2032-01-01', EndDate: '2032-03-01' }, Page: 0 }, 400],
      ['gl-detailed-ledger', { Parameters: { StartDate: '2032-01-01', EndDate: '2032-03-01' }, PageSize: 5000 }, 400],
      ['gl-detailed-ledger', { Parameters: { StartDate: '2032-01-01', EndDate: '2032-03-01' }, Extra: 1 }, 400],
      ['gl-detailed-ledger', { Parameters: { StartDate: { $gt: '' }, EndDate: '2032-03-01' } }, 400],
      ['gl-detailed-ledger', { Parameters: { StartDate: '2032-01-01', EndDate: '2032-03-01', Nope: 'x' } }, 400],
      ['gl-detailed-ledger', { Parameters: 'x' }, 400],
      ['gl-detailed-ledger', {}, 400],
      ['no-such-report', { Parameters: {} }, 404],
      ['BAD_NAME', { Parameters: {} }, 400],
    ];
    for (const [report, body, status] of cases) {
      const response = await run(report, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json()).toMatchObject({ ResultStatus: expect.any(Number), Message: expect.any(String) });
    }
    const pdf = await call(server.app, 'POST', '/api/reports/gl-trial-balance/pdf', admin, { Parameters: {}, Page: 1 });
    expect(pdf.statusCode).toBe(400);
  });
});

describe('detailed ledger and account enquiry', () => {
  it('shows opening balance, entries with running balances, subtotals and closing balance per account', async () => {
    const body = (await run('gl-detailed-ledger', { Parameters: { StartDate: '2032-01-01', EndDate: '2032-03-31', ...FIXTURE_RANGE } })).json();
    expect(body.ResultStatus).toBe(1);
    expect(body.PageSize).toBe(250);
    const bank = body.Groups.find((g: { Key: string }) => g.Key === '99001000');
    expect(bank).toMatchObject({ Opening: '500.00', Closing: '1209.45', Starts: true, Ends: true });
    expect(bank.Subtotals).toMatchObject({ Debit: '1000.00', Credit: '290.55', Amount: '709.45' });
    const bankRows = body.List.filter((row: { AccountId: string }) => row.AccountId === '99001000');
    expect(bankRows.map((row: { Balance: string }) => row.Balance)).toEqual(['1500.00', '1249.45', '1209.45']);
    // Exact: 0.10 + 0.20 is 0.30, not 0.30000000000000004.
    const receivables = body.Groups.find((g: { Key: string }) => g.Key === '99001200');
    expect(receivables.Closing).toBe('113.30');
    expect(body.Totals.Debit).toBe(body.Totals.Credit);
    expect(body.Totals.Debit).toBe('1403.85');
  });

  it('carries the running balance across pages', async () => {
    const parameters = { StartDate: '2032-01-01', EndDate: '2032-03-31', AccountFrom: '99001000', AccountTo: '99001000' };
    const first = (await run('gl-detailed-ledger', { Parameters: parameters, PageSize: 2 })).json();
    const second = (await run('gl-detailed-ledger', { Parameters: parameters, PageSize: 2, Page: 2 })).json();
    expect(first.TotalCount).toBe(3);
    expect(first.Groups[0]).toMatchObject({ Starts: true, Ends: false, Closing: '1209.45' });
    expect(second.Groups[0]).toMatchObject({ Starts: false, Ends: true });
    expect(second.List.map((row: { Balance: string }) => row.Balance)).toEqual(['1209.45']);
    const past = (await run('gl-detailed-ledger', { Parameters: parameters, PageSize: 2, Page: 3 })).json();
    expect(past).toMatchObject({ ResultStatus: 1, TotalCount: 3, List: [] });
  });

  it('subtotals and totals equal the sums of the rows, for ranges cutting periods anywhere', async () => {
    for (const [start, end] of [
      ['2032-01-10', '2032-02-12'],
      ['2032-02-15', '2032-03-05'],
      ['2031-12-20', '2032-03-31'],
      ['2032-01-16', '2032-02-14'],
    ]) {
      const body = (await run('gl-detailed-ledger', { Parameters: { StartDate: start, EndDate: end, ...FIXTURE_RANGE } })).json();
      let debits = '0.00';
      let credits = '0.00';
      for (const group of body.Groups) {
        const rows = body.List.filter((row: { AccountId: string }) => row.AccountId === group.Key);
        const debit = rows.reduce((total: string, row: { Debit: string }) => add(total, row.Debit), '0.00');
        const credit = rows.reduce((total: string, row: { Credit: string }) => add(total, row.Credit), '0.00');
        expect(group.Subtotals, `${start}..${end} ${group.Key}`).toEqual({ Debit: debit, Credit: credit, Amount: sub(debit, credit) });
        expect(rows.at(-1).Balance).toBe(group.Closing);
        debits = add(debits, debit);
        credits = add(credits, credit);
      }
      expect(body.Totals).toEqual({ Debit: debits, Credit: credits, Amount: sub(debits, credits) });
      expect(body.TotalCount).toBe(body.List.length);
    }
  });

  it('account enquiry: one account, no records outside its activity', async () => {
    const body = (await run('gl-account-enquiry', { Parameters: { AccountId: '99005000', StartDate: '2032-01-01', EndDate: '2032-12-31' } })).json();
    expect(body.List.map((row: { Debit: string }) => row.Debit)).toEqual(['250.55', '40.00']);
    expect(body.Groups[0]).toMatchObject({ Opening: '0.00', Closing: '290.55' });
    const none = (await run('gl-account-enquiry', { Parameters: { AccountId: '99005000', StartDate: '2032-06-01', EndDate: '2032-06-30' } })).json();
    expect(none).toMatchObject({ ResultStatus: 6, ResultCode: 'no_records', Message: 'No records', TotalCount: 0 });
  });
});

describe('trial balance', () => {
  async function closings(endDate: string): Promise<Map<string, string>> {
    const body = (await run('gl-detailed-ledger', { Parameters: { StartDate: '2032-01-01', EndDate: endDate, ...FIXTURE_RANGE } })).json();
    return new Map(body.Groups.map((g: { Key: string; Closing: string }) => [g.Key, g.Closing]));
  }

  function net(row: { Debit: string; Credit: string }): string {
    return sub(row.Debit, row.Credit);
  }

  it('by period: debits = credits, and each account equals the detailed ledger closing balance', async () => {
    const body = (await run('gl-trial-balance', { Parameters: { FiscalYear: 2032, PeriodNo: 3 } })).json();
    expect(body.ResultStatus).toBe(1);
    expect(body.Totals.Debit).toBe(body.Totals.Credit);
    expect(body.Totals.PeriodDebit).toBe(body.Totals.PeriodCredit);
    const rows = new Map(body.List.map((row: { AccountId: string }) => [row.AccountId, row]));
    expect(rows.get('99001000')).toMatchObject({ Debit: '1209.45', Credit: '0.00', PeriodDebit: '0.00', PeriodCredit: '40.00' });
    expect(rows.get('99004000')).toMatchObject({ Debit: '0.00', Credit: '1100.30', PeriodCredit: '0.30' });
    const ledger = await closings('2032-03-31');
    for (const [account, closing] of ledger) expect(net(rows.get(account) as { Debit: string; Credit: string }), account).toBe(closing);
  });

  it('by date range inside periods: balances from whole periods plus the edge entries', async () => {
    const body = (await run('gl-trial-balance', { Parameters: { StartDate: '2032-01-20', EndDate: '2032-02-12' } })).json();
    expect(body.Totals.Debit).toBe(body.Totals.Credit);
    expect(body.Totals.PeriodDebit).toBe(body.Totals.PeriodCredit);
    const rows = new Map(body.List.map((row: { AccountId: string }) => [row.AccountId, row]));
    // Only the 2032-02-10 supplies fall in the range; the 2032-01-15 sale is before it.
    expect(rows.get('99005000')).toMatchObject({ PeriodDebit: '250.55', Debit: '250.55' });
    expect(rows.get('99001000')).toMatchObject({ PeriodDebit: '0.00', PeriodCredit: '250.55', Debit: '1249.45' });
    const ledger = await closings('2032-02-12');
    for (const [account, closing] of ledger) expect(net(rows.get(account) as { Debit: string; Credit: string }), account).toBe(closing);
    let sum = '0.00';
    for (const row of body.List) sum = add(sum, net(row));
    expect(cmp(sum, '0')).toBe(0);
  });
});

describe('journal printing', () => {
  it('prints only the variant source, grouped by journal with subtotals', async () => {
    const body = (await run('ar-journal-printing', { Parameters: { StartDate: '2032-01-01', EndDate: '2032-12-31', Source: 'GL' } })).json();
    expect(body.List.map((row: { DocumentNo: string }) => row.DocumentNo)).toEqual(['FX-0004', 'FX-0004', 'FX-0004']);
    expect(body.Groups).toHaveLength(1);
    expect(body.Groups[0].Subtotals).toEqual({ Debit: '113.00', Credit: '113.00' });
  });
});

describe('downloads (§7 file-download variant)', () => {
  it('streams the .xlsx with the report lines', async () => {
    const response = await call(server.app, 'POST', '/api/reports/gl-detailed-ledger/xlsx', admin, {
      Parameters: { StartDate: '2032-01-01', EndDate: '2032-03-31', AccountFrom: '99001000', AccountTo: '99001000' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="gl-detailed-ledger-\d{8}-\d{6}\.xlsx"$/);
    expect(response.headers['x-total-count']).toBe('3');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Detailed ledger']);
    expect(rows[2]).toEqual(['Date', 'Journal', 'Document', 'Source', 'Description', 'Debit', 'Credit', 'Balance']);
    expect(rows[3]![0]).toBe('99001000 — Bank — fixture');
    expect(rows[4]).toEqual(['Opening balance', undefined, undefined, undefined, undefined, undefined, undefined, 500]);
    // Issue 21 item 7: a real Excel date in the short-date format (Excel shows it in the reader's locale).
    expect(rows[5]).toEqual([new Date(Date.UTC(2032, 0, 15)), expect.any(String), 'FX-0002', 'G/L', 'Cash sale', 1000, 0, 1500]);
    expect(sheet.getRow(6).getCell(1).numFmt).toBe('mm-dd-yy');
    expect(rows.at(-1)).toEqual(['Report totals', undefined, undefined, undefined, undefined, 1000, 290.55]);
  });

  it('renders a real PDF with the figures, in Chinese for a zh-CN user', async () => {
    const response = await withLanguage('zh-CN', () =>
      call(server.app, 'POST', '/api/reports/gl-detailed-ledger/pdf', admin, { Parameters: { StartDate: '2032-01-01', EndDate: '2032-03-31', ...FIXTURE_RANGE } }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="gl-detailed-ledger-.*\.pdf"$/);
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('明细分类账');
    expect(text).toContain('期初余额');
    expect(text).toContain('借方');
    expect(text).toContain('销售收入 Revenue — fixture');
    expect(text).toContain('1,209.45');
    expect(text).toContain('1,403.85');
  });

  it('a trial balance PDF in Traditional Chinese', async () => {
    const response = await withLanguage('zh-TW', () =>
      call(server.app, 'POST', '/api/reports/gl-trial-balance/pdf', admin, { Parameters: { FiscalYear: 2032, PeriodNo: 3 } }),
    );
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('試算表');
    expect(text).toContain('貸方');
    expect(text).toContain('1,209.45');
  });

  it('answers "No PDF data." when there is nothing to print (§8)', async () => {
    const response = await call(server.app, 'POST', '/api/reports/gl-account-enquiry/pdf', admin, {
      Parameters: { AccountId: '99005000', StartDate: '2032-06-01', EndDate: '2032-06-30' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ResultStatus: 6, ResultCode: 'no_pdf_data', Message: 'No PDF data.' });
  });
});

describe('data types', () => {
  it('reports Actual entries only, also once a Budget journal exists (counts then filter the data type)', async () => {
    const before = (await run('gl-detailed-ledger', { Parameters: { StartDate: '2032-01-01', EndDate: '2032-03-31', AccountFrom: '99001000', AccountTo: '99001000' } })).json();
    const now = new Date().toISOString();
    const journal = await db
      .insertInto('gl_journals')
      .values({ journal_date: '2032-02-20', source: 'GL', data_type: 'Budget', status: 'Open', description: 'Budget', created_by: 'test', created_on: now, updated_by: 'test', updated_on: now, version: 1 })
      .returning('journal_id')
      .executeTakeFirstOrThrow();
    const { decimalToDb } = await import('@erp/server/db/decimal-codec');
    await db
      .insertInto('gl_entries')
      .values({
        journal_id: journal.journal_id,
        document_no: 'FX-BUDGET',
        line_no: 1,
        account_id: '99001000',
        entry_date: '2032-02-20',
        fiscal_year: 2032,
        period_no: 2,
        source: 'GL',
        data_type: 'Budget',
        amount: decimalToDb(db, '999.00', 2),
        description: 'Budget line',
        created_by: 'test',
        created_on: now,
      })
      .execute();
    const after = (await run('gl-detailed-ledger', { Parameters: { StartDate: '2032-01-01', EndDate: '2032-03-31', AccountFrom: '99001000', AccountTo: '99001000' } })).json();
    expect(after.TotalCount).toBe(before.TotalCount);
    expect(after.List).toEqual(before.List);
    expect(after.Groups).toEqual(before.Groups);
  });
});
