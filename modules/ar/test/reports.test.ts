/**
 * The Accounts Receivable reports (issue 14 items 4–5, SCREENS.md AR-06 … AR-13) on SQLite and PostgreSQL,
 * on a known set of AR documents written the way the AR documents write them: an ar_items row (and the
 * applications, modules/ar/server/subledger.ts) plus the balanced GL posting through the one posting
 * service (source AR, A/R period flag), dated the same day. Checked: aging buckets by date (30/31-day
 * edges, current, the last bucket), the aged trial balance as of a date equals the receivables control
 * account (1100) in the trial balance at that date — applications and items dated after it excluded — and
 * at a later date; unapplied credits, overdue accounts, the sales journal's range, the inquiry with its
 * applications, the statement PDF's text carrying the balance (one customer and the batch), AR journal
 * printing, customer and contact lists, and §6: a restricted user sees only assigned customers and any other
 * named in a report's or a process's parameters is answered exactly as the entity routes answer it.
 */
import { add, sub } from '@erp/shared/decimal';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '@erp/modules/gl/server/api';
import { applyArItem } from '../server/subledger.ts';
import { postArItem, RECEIVABLE } from './posted-item.ts';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { call } from '../../../server/test/helpers/entities.ts';
import { pdfText } from '../../../server/test/helpers/pdf-text.ts';
import { resolves } from '../../../server/test/helpers/module-exports.ts';
import { registerProcesses, type ServerProcess } from '@erp/server/processes/engine';
import { defineProcess } from '@erp/shared/processes/define';
import { routesOf } from '@erp/shared/reports/define';
import { AR_REPORTS } from '../definitions/reports/index.ts';

let server: TestServer;
let admin: string;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let db: Kysely<any>;

const AS_OF = '2026-10-31';
const NOT_ASSIGNED = 'Sorry, this Firm cannot be viewed. You are not assigned to this customer.';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const tx = <T>(work: (trx: any) => Promise<T>) => db.transaction().execute(work);
const origin = (id: string) => ({ type: 'ar-reports-test', id });

type ItemType = 'Invoice' | 'CreditNote' | 'Receipt';

/** An invoice (+) or credit (−) with its posting: Dr/Cr receivables against `other`. */
async function item(firmId: string, itemType: ItemType, documentNo: string, date: string, amount: string, dueDate?: string, discount?: { date: string; available: string }) {
  return tx((trx) => itemIn(trx, firmId, itemType, documentNo, date, amount, dueDate, discount));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function itemIn(trx: any, firmId: string, itemType: ItemType, documentNo: string, date: string, amount: string, dueDate?: string, discount?: { date: string; available: string }) {
  const other = itemType === 'Invoice' || itemType === 'CreditNote' ? '4100' : '1000';
  const item = { firmId, itemType, documentNo, documentDate: date, dueDate: dueDate ?? date, discountDate: discount?.date ?? null, discountAvailable: discount?.available ?? '0.00', amount, origin: origin(documentNo), userId: 'admin' };
  return postArItem(trx, item, other, documentNo);
}

/** An application of a credit to an invoice; the discount posts Dr discounts, Cr receivables on its date. */
async function apply(fromItemId: number, toItemId: number, date: string, amount: string, discount = '0.00') {
  return tx(async (trx) => {
    await applyArItem(trx, { fromItemId, toItemId, date, amount, discount, origin: origin(`${fromItemId}-${toItemId}`), userId: 'admin' });
    if (discount !== '0.00') {
      await post(trx, {
        source: 'AR',
        subLedger: 'ar',
        dataType: 'Actual',
        date,
        documentNo: `DISC-${toItemId}`,
        origin: origin(`disc-${toItemId}`),
        lines: [
          { accountId: '4900', amount: discount },
          { accountId: RECEIVABLE, amount: sub('0.00', discount) },
        ],
        userId: 'admin',
      });
    }
  });
}

/** A process whose parameter names a customer, to check the process routes' §6 refusal. */
const firmProcess: ServerProcess = {
  def: defineProcess({
    name: 'test-ar-firm-process',
    application: 'NOVUS-AR',
    routes: [{ application: 'RESTEEL-OE', path: '/test-ar-firm-process' }],
    titleKey: 'ar:reports.customerList.title',
    parameters: [{ name: 'CustomerId', type: 'lookup', entity: 'firm', labelKey: 'ar:reports.parameters.CustomerId', required: true, maxLength: 20 }],
    rules: [],
    columns: [{ field: 'FirmId', type: 'text', labelKey: 'ar:reports.columns.FirmId' }],
    itemKey: 'FirmId',
    itemLabel: 'FirmId',
    maxItems: 10,
  }),
  preview: (ctx) => ctx.db.selectFrom('firms').select('firm_id as FirmId').where('firm_id', '=', String(ctx.params['CustomerId'])),
  runItem: async () => ({ ResultStatus: 1, ResultCode: 'ok', Message: '' }),
};

const run = (report: string, parameters: Record<string, unknown>, token = admin, extra: Record<string, unknown> = {}) =>
  call(server.app, 'POST', `/api/reports/${report}/run`, token, { Parameters: parameters, ...extra });

/** The receivables control account's closing balance (debit +) in the trial balance ending `date`. */
async function controlBalance(date: string): Promise<string> {
  const body = (await run('gl-trial-balance', { StartDate: `${date.slice(0, 4)}-01-01`, EndDate: date })).json();
  const row = body.List.find((r: { AccountId: string }) => r.AccountId === RECEIVABLE);
  return row ? sub(row.Debit, row.Credit) : '0.00';
}

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db = server.app.erp.database.db as unknown as Kysely<any>;

  // B100 (as of 2026-10-31, 30-day periods by due date).
  const inv1 = await item('B100', 'Invoice', 'T-INV-1', '2026-06-01', '1000.00', '2026-07-01', { date: '2026-10-10', available: '10.00' }); // 122 days: period 5
  await item('B100', 'Invoice', 'T-INV-2', '2026-10-01', '500.00', '2026-10-31'); // due today: current
  const inv3 = await item('B100', 'Invoice', 'T-INV-3', '2026-09-15', '200.00', '2026-10-15'); // 16 days: period 1
  const rc1 = await item('B100', 'Receipt', 'T-RC-1', '2026-10-10', '-300.00');
  await apply(rc1, inv1, '2026-10-10', '300.00', '10.00');
  const rc2 = await item('B100', 'Receipt', 'T-RC-2', '2026-11-05', '-400.00');
  await apply(rc2, inv1, '2026-11-05', '400.00'); // after the as-of date
  await item('B100', 'Invoice', 'T-INV-4', '2026-11-02', '999.99', '2026-12-02'); // after the as-of date
  const rc3 = await item('B100', 'Receipt', 'T-RC-3', '2026-10-20', '-250.00'); // unapplied: period 1 (11 days)
  await apply(rc3, inv3, '2026-11-10', '100.00'); // after the as-of date
  // B200.
  const inv5 = await item('B200', 'Invoice', 'T-INV-5', '2026-01-15', '75.25', '2026-02-14'); // 259 days: period 8
  const cn1 = await item('B200', 'CreditNote', 'T-CN-1', '2026-10-05', '-25.25');
  await apply(cn1, inv5, '2026-10-05', '25.25');
  await item('B200', 'Invoice', 'T-INV-7', '2026-09-01', '10.00', '2026-10-01'); // exactly 30 days: period 1
  await item('B200', 'Invoice', 'T-INV-8', '2026-08-31', '20.00', '2026-09-30'); // 31 days: period 2
  // B300: only after the as-of date.
  await item('B300', 'Invoice', 'T-INV-6', '2026-12-01', '40.00', '2026-12-31');
});

afterAll(async () => {
  await server?.stop();
});

describe('aged trial balance (AR-07, §9 current + 8 periods)', () => {
  it('puts each open item in the bucket of its age as of the date, per customer', async () => {
    const body = (await run('ar-aged-trial-balance', { AsOfDate: AS_OF, AgeBy: 'due', PeriodDays: 30 })).json();
    expect(body.ResultStatus).toBe(1);
    const byFirm = Object.fromEntries(body.List.map((row: { FirmId: string }) => [row.FirmId, row]));
    expect(Object.keys(byFirm).sort()).toEqual(['B100', 'B200']);
    expect(byFirm.B100).toMatchObject({
      FirmName: 'Northshore Metals Ltd.',
      Current: '500.00',
      Period1: '-50.00',
      Period2: '0.00',
      Period5: '690.00',
      Period8: '0.00',
      Total: '1140.00',
    });
    expect(byFirm.B200).toMatchObject({ Current: '0.00', Period1: '10.00', Period2: '20.00', Period8: '50.00', Total: '80.00' });
    expect(body.Totals.Total).toBe('1220.00');
    expect(body.Totals.Period5).toBe('690.00');
  });

  it('ages by document date when asked, with the period length asked', async () => {
    const body = (await run('ar-aged-trial-balance', { AsOfDate: AS_OF, AgeBy: 'document', PeriodDays: 60, CustomerId: 'B100' })).json();
    // Document dates: INV-1 06-01 (152 days: period 3), INV-2 10-01 (30: period 1), INV-3 09-15 (46: period 1), RC-3 10-20 (11: period 1).
    expect(body.List).toHaveLength(1);
    expect(body.List[0]).toMatchObject({ Current: '0.00', Period1: '450.00', Period3: '690.00', Total: '1140.00' });
  });

  it('heads its buckets with their days, from the period length run with, in the .xlsx and the PDF (issue 71 item 2)', async () => {
    const parameters = { AsOfDate: AS_OF, AgeBy: 'document', PeriodDays: 60, CustomerId: 'B100' };
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await call(server.app, 'POST', '/api/reports/ar-aged-trial-balance/xlsx', admin, { Parameters: parameters })).rawPayload as unknown as ArrayBuffer);
    const headings = (workbook.worksheets[0]!.getRow(3).values as unknown[]).map(String);
    expect(headings).toEqual(expect.arrayContaining(['Current', '1–60 days', '61–120 days', '361–420 days', 'Over 420 days']));
    expect(headings.some((heading) => /Period/.test(heading))).toBe(false);
    const pdf = await call(server.app, 'POST', '/api/reports/ar-aged-trial-balance/pdf', admin, { Parameters: { ...parameters, PeriodDays: 30 } });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('31–60');
    expect(text).not.toContain('Period');
  });

  it('equals the receivables control account in the trial balance at the date, and at a later date', async () => {
    expect((await run('ar-aged-trial-balance', { AsOfDate: AS_OF, AgeBy: 'due', PeriodDays: 30 })).json().Totals.Total).toBe(await controlBalance(AS_OF));
    // 2026-12-31: everything, including the later receipts, applications and invoices.
    const later = (await run('ar-aged-trial-balance', { AsOfDate: '2026-12-31', AgeBy: 'due', PeriodDays: 30 })).json();
    expect(later.Totals.Total).toBe(await controlBalance('2026-12-31'));
    expect(later.Totals.Total).toBe(add('1220.00', add('999.99', add('-400.00', '40.00'))));
    // Before any document: nothing.
    expect((await run('ar-aged-trial-balance', { AsOfDate: '2025-12-31', AgeBy: 'due', PeriodDays: 30 })).json().ResultStatus).toBe(6);
  });

  it('gives every page, and pages past the end (the next page, read with the row before it, and one further), the count and totals of every customer (carried by the page, issue 44)', async () => {
    const parameters = { AsOfDate: AS_OF, AgeBy: 'due', PeriodDays: 30 };
    const pages = await Promise.all([1, 2, 3, 4].map(async (Page) => (await run('ar-aged-trial-balance', parameters, admin, { Page, PageSize: 1 })).json()));
    expect(pages.map((page) => page.List.map((row: { FirmId: string }) => row.FirmId))).toEqual([['B100'], ['B200'], [], []]);
    for (const page of pages) {
      expect(page.TotalCount).toBe(2);
      expect(page.Totals).toMatchObject({ Total: '1220.00', Period5: '690.00', Period8: '50.00' });
    }
  });

  it('refuses a period length out of range and an unknown customer', async () => {
    expect((await run('ar-aged-trial-balance', { AsOfDate: AS_OF, AgeBy: 'due', PeriodDays: 0 })).statusCode).toBe(400);
    const unknown = (await run('ar-aged-trial-balance', { AsOfDate: AS_OF, AgeBy: 'due', PeriodDays: 30, CustomerId: 'NOPE' })).json();
    expect(unknown.Message).toBe('Bill To is invalid.');
  });
});

describe('unapplied credits, overdue accounts, sales journal (AR-09 … AR-11)', () => {
  it('lists the receipts and credit notes with credit left as of a date', async () => {
    const asOf = (await run('ar-unapplied-credits', { AsOfDate: AS_OF })).json();
    expect(asOf.List.map((r: { DocumentNo: string; Unapplied: string }) => [r.DocumentNo, r.Unapplied])).toEqual([['T-RC-3', '250.00']]);
    const now = (await run('ar-unapplied-credits', { AsOfDate: '2026-12-31' })).json();
    expect(now.List.map((r: { DocumentNo: string; Unapplied: string }) => [r.DocumentNo, r.Unapplied])).toEqual([['T-RC-3', '150.00']]);
    expect(now.Totals.Unapplied).toBe('150.00');
  });

  it('lists the invoices overdue by at least the days asked, with their days', async () => {
    const one = (await run('ar-overdue-accounts', { AsOfDate: AS_OF, DaysOverdue: 1 })).json();
    const rows = one.List.map((r: { DocumentNo: string; DaysOverdue: number; OpenBalance: string }) => [r.DocumentNo, r.DaysOverdue, r.OpenBalance]);
    expect(rows).toEqual([
      ['T-INV-1', 122, '690.00'],
      ['T-INV-3', 16, '200.00'],
      ['T-INV-5', 259, '50.00'],
      ['T-INV-8', 31, '20.00'],
      ['T-INV-7', 30, '10.00'],
    ]);
    expect(one.Totals.OpenBalance).toBe('970.00');
    expect(one.Groups.map((g: { Key: string }) => g.Key)).toEqual(['B100', 'B200']);
    // Pages of two carry the count, the totals and their customers' subtotals over every row (issue 44).
    const pages = await Promise.all([1, 2, 3, 4].map(async (Page) => (await run('ar-overdue-accounts', { AsOfDate: AS_OF, DaysOverdue: 1 }, admin, { Page, PageSize: 2 })).json()));
    expect(pages.map((page) => page.List.length)).toEqual([2, 2, 1, 0]);
    for (const page of pages) expect([page.TotalCount, page.Totals.OpenBalance]).toEqual([5, '970.00']);
    const subtotals = pages.flatMap((page) => page.Groups.map((g: { Key: string; Starts: boolean; Ends: boolean; Subtotals: { OpenBalance: string } }) => [g.Key, g.Starts, g.Ends, g.Subtotals.OpenBalance]));
    expect(subtotals).toEqual([
      ['B100', true, true, '890.00'],
      ['B200', true, false, '80.00'],
      ['B200', false, true, '80.00'],
    ]);
    const month = (await run('ar-overdue-accounts', { AsOfDate: AS_OF, DaysOverdue: 31 })).json();
    expect(month.List.map((r: { DocumentNo: string }) => r.DocumentNo)).toEqual(['T-INV-1', 'T-INV-5', 'T-INV-8']);
  });

  it('registers the invoices and credit notes of the date range only (§9: up to one year)', async () => {
    const october = (await run('ar-sales-journal', { StartDate: '2026-10-01', EndDate: '2026-10-31' })).json();
    expect(october.List.map((r: { DocumentNo: string }) => r.DocumentNo)).toEqual(['T-INV-2', 'T-CN-1']);
    expect(october.Totals.Amount).toBe('474.75');
    const tooLong = (await run('ar-sales-journal', { StartDate: '2025-01-01', EndDate: '2026-10-31' })).json();
    expect(tooLong.Message).toBe('The start date cannot be more than one year from the end date.');
  });

  it('AR journal printing shows the AR postings', async () => {
    const body = (await run('ar-journal-printing', { StartDate: '2026-10-01', EndDate: '2026-10-31' })).json();
    const documents = new Set(body.List.map((r: { DocumentNo: string }) => r.DocumentNo));
    expect([...documents]).toEqual(expect.arrayContaining(['T-INV-2', 'T-RC-1', 'T-RC-3', 'T-CN-1']));
    expect(body.Totals.Debit).toBe(body.Totals.Credit);
  });
});

describe('account inquiry and statements (AR-06, AR-08)', () => {
  it('shows a customer’s open items with the applications under each item', async () => {
    const body = (await run('ar-account-inquiry', { CustomerId: 'B100', Show: 'open' })).json();
    const rows = body.List.map((r: { DocumentNo: string; ItemType: string; OpenBalance: string; Applied: string }) => [r.DocumentNo, r.ItemType, r.OpenBalance, r.Applied]);
    expect(rows).toEqual([
      ['T-INV-1', 'Invoice', '290.00', '0.00'],
      ['T-RC-1', 'Receipt', '0.00', '300.00'],
      ['T-RC-2', 'Receipt', '0.00', '400.00'],
      ['T-INV-3', 'Invoice', '100.00', '0.00'],
      ['T-RC-3', 'Receipt', '0.00', '100.00'],
      ['T-INV-2', 'Invoice', '500.00', '0.00'],
      ['T-RC-3', 'Receipt', '-150.00', '0.00'],
      ['T-INV-3', 'Invoice', '0.00', '100.00'],
      ['T-INV-4', 'Invoice', '999.99', '0.00'],
    ]);
    expect(body.List[1].Discount).toBe('10.00');
    expect(body.Totals.OpenBalance).toBe('1739.99');
    // The history over a range includes the closed receipts.
    const history = (await run('ar-account-inquiry', { CustomerId: 'B100', Show: 'all', StartDate: '2026-10-01', EndDate: '2026-10-31' })).json();
    expect(history.List.filter((r: { Seq: number }) => r.Seq === 0).map((r: { DocumentNo: string }) => r.DocumentNo)).toEqual([
      'T-INV-2',
      'T-RC-1',
      'T-RC-3',
    ]);
  });

  it('shows an invoice its credits paid in full as Paid, the credit as Closed, an open one as Open (issue 21 item 8)', async () => {
    const invoice = await item('B300', 'Invoice', 'T-INV-9', '2026-12-02', '60.00', '2027-01-01');
    const credit = await item('B300', 'CreditNote', 'T-CN-9', '2026-12-02', '-60.00');
    await apply(credit, invoice, '2026-12-02', '60.00');
    const body = (await run('ar-account-inquiry', { CustomerId: 'B300', Show: 'all', StartDate: '2026-12-01', EndDate: '2026-12-31' })).json();
    const statuses = body.List.filter((r: { Seq: number }) => r.Seq === 0).map((r: { DocumentNo: string; Status: string }) => [r.DocumentNo, r.Status]);
    expect(statuses).toEqual([
      ['T-INV-6', 'Open'],
      ['T-INV-9', 'Paid'],
      ['T-CN-9', 'Closed'],
    ]);
    // An application's row has no status of its own.
    expect(body.List.filter((r: { Seq: number }) => r.Seq !== 0).every((r: { Status: string | null }) => r.Status === null)).toBe(true);
    // The .xlsx (issue 21 items 4, 7): the labels of the enumerations, the dates real Excel dates in the short-date format.
    const workbook = new ExcelJS.Workbook();
    const parameters = { CustomerId: 'B300', Show: 'all', StartDate: '2026-12-01', EndDate: '2026-12-31' };
    await workbook.xlsx.load((await call(server.app, 'POST', '/api/reports/ar-account-inquiry/xlsx', admin, { Parameters: parameters })).rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headings = (sheet.getRow(3).values as unknown[]).map(String);
    let paid: import('exceljs').Row | undefined;
    let creditRow: import('exceljs').Row | undefined;
    sheet.eachRow((row) => {
      const documentNo = row.getCell(headings.indexOf('Document')).value;
      if (documentNo === 'T-INV-9' && !paid) paid = row;
      if (documentNo === 'T-CN-9' && !creditRow) creditRow = row;
    });
    expect(paid, headings.join('|')).toBeDefined();
    const dateCell = paid!.getCell(headings.indexOf('Date'));
    expect(dateCell.value).toEqual(new Date(Date.UTC(2026, 11, 2)));
    expect(dateCell.numFmt).toBe('mm-dd-yy');
    expect(paid!.getCell(headings.indexOf('Status')).value).toBe('Paid');
    expect(creditRow!.getCell(headings.indexOf('Type')).value).toBe('Credit note');
  });

  it('prints a customer’s statement whose text carries the balance, and the batch for every customer with a balance', async () => {
    const one = await call(server.app, 'POST', '/api/reports/ar-account-statement/pdf', admin, { Parameters: { StatementDate: AS_OF, CustomerId: 'B100' } });
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(one.rawPayload);
    expect(text).toContain('Northshore Metals Ltd.');
    expect(text).toContain('1,140.00');
    expect(text).toContain('T-INV-1');
    expect(text).not.toContain('T-INV-4');

    const batch = await call(server.app, 'POST', '/api/reports/ar-account-statement/pdf', admin, { Parameters: { StatementDate: AS_OF } });
    expect(batch.statusCode).toBe(200);
    const all = await pdfText(batch.rawPayload);
    // One customer per page: B100 then B200.
    const pages = all.split('\n');
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages[0]).toContain('1,140.00');
    expect(pages.find((page) => page.includes('Laurentian Electrical'))).toContain('80.00');
    expect(all).not.toContain('Prairie Steel');
    // The batch over a range of customers.
    const range = (await run('ar-account-statement', { StatementDate: AS_OF, CustomerFrom: 'B200', CustomerTo: 'B299' })).json();
    expect(new Set(range.List.map((r: { FirmId: string }) => r.FirmId))).toEqual(new Set(['B200']));
    // The grid's running balance ends at the customer's balance.
    const grid = (await run('ar-account-statement', { StatementDate: AS_OF, CustomerId: 'B200' })).json();
    expect(grid.List.at(-1).Balance).toBe('80.00');
    // The item's and the customer's words are joined for the page's rows (`joinLate`), after the sort and the figures.
    expect(grid.Groups[0].Heading.FirmName).toContain('Laurentian Electrical');
    for (const row of grid.List) {
      expect(row.DocumentNo).toMatch(/^T-/);
      expect(['Invoice', 'CreditNote', 'Receipt']).toContain(row.ItemType);
      expect(row.Amount).toMatch(/^-?\d+\.\d\d$/);
    }
    // A customer without open items as of the date: §8 "No PDF data."
    const none = await call(server.app, 'POST', '/api/reports/ar-account-statement/pdf', admin, { Parameters: { StatementDate: AS_OF, CustomerId: 'B300' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().Message).toBe('No PDF data.');
  });
});

describe('customer and contact lists (AR-12, AR-13)', () => {
  it('lists all, new and inactive customers', async () => {
    const all = (await run('ar-customer-list', {})).json();
    const ids = all.List.map((r: { FirmId: string }) => r.FirmId);
    expect(ids).toEqual(expect.arrayContaining(['B100', 'B200', 'B300']));
    expect(ids.some((id: string) => id.startsWith('S'))).toBe(false);
    const today = new Date().toISOString().slice(0, 10);
    expect((await run('ar-new-customer-list', { CreatedFrom: today })).json().TotalCount).toBe(all.TotalCount);
    expect((await run('ar-new-customer-list', { CreatedFrom: '2999-01-01' })).json().TotalCount).toBe(0);
    const inactive = (await run('ar-inactive-customer-list', {})).json();
    expect(inactive.List.every((r: { FirmId: string }) => !['B100', 'B200'].includes(r.FirmId))).toBe(true);
    // The legacy screen: the list chosen in the form; the fixed variants ignore what is sent.
    expect((await run('ar-customer-lists', { List: 'all' })).json().TotalCount).toBe(all.TotalCount);
    expect((await run('ar-customer-list', { List: 'inactive' })).json().TotalCount).toBe(all.TotalCount);
  });

  it('lists the customers’ contacts', async () => {
    await db
      .insertInto('firm_contacts')
      .values({ firm_id: 'B200', name: 'Zoé Tremblay', title: 'Comptable', phone: '514-555-0100', email: 'zoe@example.com', is_primary: server.database.engine === 'postgres' ? true : 1 })
      .execute();
    const body = (await run('ar-contact-list', { CustomerId: 'B200' })).json();
    expect(body.List.map((r: { ContactName: string; Title: string }) => [r.ContactName, r.Title])).toContainEqual(['Zoé Tremblay', 'Comptable']);
  });
});

describe('§6 users restricted to assigned customers', () => {
  it('see only their customers in every AR report; any other firm a report or process names is refused as the entity routes refuse it', async () => {
    const flag = server.database.engine === 'postgres' ? true : 1;
    await db.updateTable('users').set({ restricted_to_customers: flag }).where('user_id', 'in', ['steel', 'admin']).execute();
    await db.insertInto('user_customers').values([{ user_id: 'steel', firm_id: 'B200' }, { user_id: 'admin', firm_id: 'B200' }]).execute();
    try {
      const steel = (await signIn(server.app, 'steel', 'steel')).access_token;
      const aging = (await run('ar-aged-trial-balance', { AsOfDate: AS_OF, AgeBy: 'due', PeriodDays: 30 }, steel)).json();
      expect(aging.List.map((r: { FirmId: string }) => r.FirmId)).toEqual(['B200']);
      expect(aging.Totals.Total).toBe('80.00');

      // Another customer (or a range bound, or a firm that does not exist) answers exactly as the entity
      // routes answer that firm: 403 and the same CallResult, whatever the report or the download.
      const entityAnswer = await call(server.app, 'GET', '/api/data/firm/B100', admin);
      expect(entityAnswer.statusCode).toBe(403);
      expect(entityAnswer.json()).toEqual({ ResultStatus: 2, ResultCode: 'not_assigned', Message: NOT_ASSIGNED, EntityId: null, Exception: null });
      for (const [report, parameters, kind] of [
        ['ar-account-inquiry', { CustomerId: 'B100', Show: 'open' }, 'run'],
        ['ar-account-statement', { StatementDate: AS_OF, CustomerId: 'B100' }, 'run'],
        ['ar-account-statement', { StatementDate: AS_OF, CustomerFrom: 'B200', CustomerTo: 'B100' }, 'run'],
        ['ar-account-statement', { StatementDate: AS_OF, CustomerId: 'B100' }, 'pdf'],
        ['ar-overdue-accounts', { AsOfDate: AS_OF, DaysOverdue: 1, CustomerId: 'B100' }, 'xlsx'],
        ['ar-overdue-accounts', { AsOfDate: AS_OF, DaysOverdue: 1, CustomerId: 'NO-SUCH' }, 'run'],
      ] as const) {
        const refused = await call(server.app, 'POST', `/api/reports/${report}/${kind}`, steel, { Parameters: parameters });
        expect(refused.statusCode, `${report} ${kind}`).toBe(entityAnswer.statusCode);
        expect(refused.json(), `${report} ${kind}`).toEqual(entityAnswer.json());
      }
      const contacts = await run('ar-contact-list', { CustomerId: 'B100' });
      expect([contacts.statusCode, contacts.json()]).toEqual([entityAnswer.statusCode, entityAnswer.json()]);
      // A process that takes a firm goes through the same check (none of the modules' has one yet).
      registerProcesses([firmProcess]);
      const preview = await call(server.app, 'POST', `/api/processes/${firmProcess.def.name}/preview`, steel, { Parameters: { CustomerId: 'B100' } });
      expect([preview.statusCode, preview.json()]).toEqual([entityAnswer.statusCode, entityAnswer.json()]);
      const runs = await call(server.app, 'POST', `/api/processes/${firmProcess.def.name}/run`, steel, { Parameters: { CustomerId: 'B100' }, Items: ['B100'] });
      expect([runs.statusCode, runs.json()]).toEqual([entityAnswer.statusCode, entityAnswer.json()]);
      const own = await call(server.app, 'POST', `/api/processes/${firmProcess.def.name}/preview`, steel, { Parameters: { CustomerId: 'B200' } });
      expect(own.json().List).toEqual([{ FirmId: 'B200' }]);
      const batch = await pdfText((await call(server.app, 'POST', '/api/reports/ar-account-statement/pdf', steel, { Parameters: { StatementDate: AS_OF } })).rawPayload);
      expect(batch).toContain('Laurentian Electrical');
      expect(batch).not.toContain('Northshore');
      expect((await run('ar-account-inquiry', { CustomerId: 'B200', Show: 'open' }, steel)).statusCode).toBe(200);
      // Reports of applications the steel desk does not open: 403.
      expect((await run('ar-unapplied-credits', { AsOfDate: AS_OF }, steel)).statusCode).toBe(403);

      // A restricted user with the AR application: the lists leave the other customers out.
      const customers = (await run('ar-customer-list', {})).json();
      expect(customers.List.map((r: { FirmId: string }) => r.FirmId)).toEqual(['B200']);
      expect((await run('ar-sales-journal', { StartDate: '2026-01-01', EndDate: '2026-12-31' })).json().List.every((r: { FirmId: string }) => r.FirmId === 'B200')).toBe(true);
      // AR journal printing (issue 22 item 12): the grid, the PDF and the .xlsx hold B200's journals only.
      const year = { StartDate: '2026-01-01', EndDate: '2026-12-31' };
      const journals = (await run('ar-journal-printing', year)).json();
      expect(new Set(journals.List.map((r: { DocumentNo: string }) => r.DocumentNo))).toEqual(new Set(['T-INV-5', 'T-CN-1', 'T-INV-7', 'T-INV-8']));
      expect(journals.Totals.Debit).toBe(journals.Totals.Credit);
      const journalPdf = await pdfText((await call(server.app, 'POST', '/api/reports/ar-journal-printing/pdf', admin, { Parameters: year })).rawPayload);
      expect(journalPdf).toContain('T-INV-5');
      expect(journalPdf).not.toContain('T-INV-2');
      expect(journalPdf).not.toContain('T-RC-1');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await call(server.app, 'POST', '/api/reports/ar-journal-printing/xlsx', admin, { Parameters: year })).rawPayload as unknown as ArrayBuffer);
      const cells: string[] = [];
      workbook.worksheets[0]!.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value))));
      expect(cells).toContain('T-INV-5');
      expect(cells.filter((cell) => /^T-(INV-[1-4]|RC-)/.test(cell))).toEqual([]);
      expect((await run('ar-unapplied-credits', { AsOfDate: AS_OF })).json().TotalCount).toBe(0);
      expect((await run('ar-contact-list', {})).json().List.every((r: { FirmId: string }) => r.FirmId === 'B200')).toBe(true);
    } finally {
      await db.deleteFrom('user_customers').where('user_id', 'in', ['steel', 'admin']).execute();
      await db.updateTable('users').set({ restricted_to_customers: server.database.engine === 'postgres' ? false : 0 }).where('user_id', 'in', ['steel', 'admin']).execute();
    }
  });
});

describe('account inquiry paging (AR-06, §9 page size 250)', () => {
  type Row = { ItemId: number; Seq: number; DocumentNo: string; DocumentDate: string };
  const key = (r: Row) => [r.ItemId, r.Seq, r.DocumentNo, r.DocumentDate];
  const inquiry = (parameters: Record<string, unknown>, page: number, pageSize: number) =>
    run('ar-account-inquiry', parameters, admin, { Page: page, PageSize: pageSize }).then((response) => response.json());
  /** Every page of `pageSize` rows, concatenated (stops at the first empty page). */
  async function allPages(parameters: Record<string, unknown>, pageSize: number): Promise<Row[]> {
    const rows: Row[] = [];
    for (let page = 1; ; page++) {
      const body = await inquiry(parameters, page, pageSize);
      if (body.List.length === 0) return rows;
      rows.push(...body.List);
    }
  }

  it('pages a long history in the report order: the pages together are the whole history, sorted', async () => {
    // B300: 100 invoices of 100.00 in November 2026, four a day, written latest first (item ids and dates
    // disagree), paid in December by receipts of 150.00 applied greedily (two invoices each, some invoices
    // paid by two receipts). All dated after AS_OF and closed by 2026-12-31: the other tests' figures stay.
    await tx(async (trx) => {
      const invoices: { id: number; left: number }[] = [];
      for (let k = 0; k < 100; k++) {
        const day = String(25 - Math.floor(k / 4)).padStart(2, '0');
        invoices.push({ id: await itemIn(trx, 'B300', 'Invoice', `T-PG-I${k}`, `2026-11-${day}`, '100.00', '2026-12-25'), left: 100 });
      }
      let owed = 100 * 100;
      for (let r = 0; owed > 0; r++) {
        const paid = Math.min(150, owed);
        const date = `2026-12-${String(1 + (r % 20)).padStart(2, '0')}`;
        const receipt = await itemIn(trx, 'B300', 'Receipt', `T-PG-R${r}`, date, `-${paid}.00`);
        for (let rest = paid; rest > 0; ) {
          const invoice = invoices.find((i) => i.left > 0)!;
          const amount = Math.min(rest, invoice.left);
          await applyArItem(trx, { fromItemId: receipt, toItemId: invoice.id, date, amount: `${amount}.00`, discount: '0.00', origin: origin(`pg-${r}-${invoice.id}`), userId: 'admin' });
          invoice.left -= amount;
          rest -= amount;
        }
        owed -= paid;
      }
    });

    // The expected history straight from the subledger: items by (date, id), under each the applications
    // that touched it by id, showing the other side's document.
    const items = (await db.selectFrom('ar_items').select(['item_id', 'document_no', 'document_date', 'amount']).where('firm_id', '=', 'B300').execute()) as {
      item_id: number;
      document_no: string;
      document_date: string;
    }[];
    const documentOf = new Map(((await db.selectFrom('ar_items').select(['item_id', 'document_no']).execute()) as { item_id: number; document_no: string }[]).map((i) => [Number(i.item_id), i.document_no]));
    const applications = (await db.selectFrom('ar_applications').select(['application_id', 'from_item_id', 'to_item_id', 'application_date']).orderBy('application_id').execute()) as {
      application_id: number;
      from_item_id: number;
      to_item_id: number;
      application_date: string;
    }[];
    const expected = items
      .map((i) => ({ ...i, item_id: Number(i.item_id) }))
      .sort((a, b) => (a.document_date < b.document_date ? -1 : a.document_date > b.document_date ? 1 : a.item_id - b.item_id))
      .flatMap((i) => [
        [i.item_id, 0, i.document_no, i.document_date],
        ...applications
          .filter((a) => Number(a.to_item_id) === i.item_id || Number(a.from_item_id) === i.item_id)
          .map((a) => [i.item_id, Number(a.application_id), documentOf.get(Number(Number(a.to_item_id) === i.item_id ? a.from_item_id : a.to_item_id)), a.application_date]),
      ]);
    expect(expected.length).toBeGreaterThan(400);

    const history = { CustomerId: 'B300', Show: 'all' };
    const first = await inquiry(history, 1, 250);
    const second = await inquiry(history, 2, 250);
    expect(first.TotalCount).toBe(expected.length);
    expect(second.TotalCount).toBe(expected.length);
    expect(first.List).toHaveLength(250);
    expect([...first.List, ...second.List].map(key)).toEqual(expected);
    expect((await inquiry(history, 3, 250)).List).toEqual([]);
    // One customer across two pages: its heading on the first, its subtotals closing on the second.
    expect(first.Groups).toMatchObject([{ Key: 'B300', Starts: true, Ends: false }]);
    expect(second.Groups).toMatchObject([{ Key: 'B300', Starts: false, Ends: true }]);
    // Invoices 10,000.00 + T-INV-6 40.00, receipts −10,000.00; only T-INV-6 is open.
    expect(first.Totals).toEqual({ Amount: '40.00', OpenBalance: '40.00' });
    expect(second.Totals).toEqual(first.Totals);
    expect(first.Groups[0].Subtotals).toEqual(first.Totals);

    // Any page size and offset: the same rows in the same order.
    expect((await allPages(history, 37)).map(key)).toEqual(expected);
    // A date range of the history.
    const range = { ...history, StartDate: '2026-11-10', EndDate: '2026-11-20' };
    const inRange = new Set(items.filter((i) => i.document_date >= '2026-11-10' && i.document_date <= '2026-11-20').map((i) => Number(i.item_id)));
    const expectedRange = expected.filter(([itemId]) => inRange.has(itemId as number));
    expect((await inquiry(range, 1, 250)).TotalCount).toBe(expectedRange.length);
    expect((await allPages(range, 9)).map(key)).toEqual(expectedRange);
    // Open items, two rows a page.
    const open = { CustomerId: 'B100', Show: 'open' };
    expect((await allPages(open, 2)).map(key)).toEqual((await inquiry(open, 1, 250)).List.map(key));
    expect((await allPages({ CustomerId: 'B300', Show: 'open' }, 1)).map((r) => r.DocumentNo)).toEqual(['T-INV-6']);
  });
});

describe('screens', () => {
  it('every route of every AR report opens a screen its module exports (AR, OE, TE, steel, legacy)', async () => {
    const applications = new Map(
      ((await db.selectFrom('applications').select(['application', 'router_path']).execute()) as { application: string; router_path: string }[]).map((a) => [a.application, a.router_path]),
    );
    const routes = new Map(((await db.selectFrom('routes').select(['path', 'component']).execute()) as { path: string; component: string }[]).map((r) => [r.path, r.component]));
    const components: string[] = [];
    for (const def of AR_REPORTS) {
      // Its own routes and those the modules above give it (Order Entry, Trades, the legacy menu).
      for (const route of routesOf(def)) {
        const component = routes.get(`${applications.get(route.application)}${route.path}`);
        expect(component, `${def.name} ${route.application}${route.path}`).toBeDefined();
        components.push(component!);
      }
    }
    expect(components.filter((component) => !resolves(component))).toEqual([]);
    expect(components).toEqual(expect.arrayContaining(['@erp/steel#ArAccountInquiry', '@erp/steel#AccountStatement', '@erp/order-entry#ArAccountInquiry', '@erp/trades#ArAccountInquiry', '@erp/legacy#CustomerLists']));
  });
});

describe('open items as of a date', () => {
  it('an item settled after the date is open on the statement as of the date, and gone from a later one', async () => {
    const invoice = await item('B300', 'Invoice', 'T-INV-9', '2026-10-02', '60.00', '2026-11-01');
    const receipt = await item('B300', 'Receipt', 'T-RC-9', '2026-11-03', '-60.00');
    await apply(receipt, invoice, '2026-11-03', '60.00');
    const closed = await db.selectFrom('ar_items').select(['document_no', 'status']).where('item_id', 'in', [invoice, receipt]).orderBy('document_no').execute();
    expect(closed).toEqual([
      { document_no: 'T-INV-9', status: 'Closed' },
      { document_no: 'T-RC-9', status: 'Closed' },
    ]);
    const asOf = (await run('ar-account-statement', { StatementDate: AS_OF, CustomerId: 'B300' })).json();
    expect(asOf.List.map((r: { DocumentNo: string; OpenBalance: string }) => [r.DocumentNo, r.OpenBalance])).toEqual([['T-INV-9', '60.00']]);
    const later = (await run('ar-account-statement', { StatementDate: '2026-12-31', CustomerId: 'B300' })).json();
    expect(later.List.map((r: { DocumentNo: string; OpenBalance: string }) => [r.DocumentNo, r.OpenBalance])).toEqual([['T-INV-6', '40.00']]);
    // Every open item of the statement's batch adds up to the aged trial balance (the receivables at the date).
    for (const date of [AS_OF, '2026-12-31']) {
      const statement = (await run('ar-account-statement', { StatementDate: date })).json();
      const aged = (await run('ar-aged-trial-balance', { AsOfDate: date, AgeBy: 'due', PeriodDays: 30 })).json();
      expect(statement.Totals.OpenBalance, date).toBe(aged.Totals.Total);
    }
  });
});
