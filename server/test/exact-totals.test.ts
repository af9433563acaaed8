/**
 * Issue 39 item 4.2 on SQLite and PostgreSQL: every total is summed exactly in decimal. Ten amounts of
 * 9,999,999,999,999.99 and one of 0.01 total 99,999,999,999,999.91 — an odd number of cents above 2^53, which a
 * JavaScript number holds as …99.90625 and writes as …92 or …9. Checked where a user reads a total: an entity
 * list's totals row (the journal entries), and a report's totals and group subtotals in the grid, the PDF and the
 * .xlsx (the overdue accounts, grouped by customer). A spreadsheet number keeps 15 significant digits, so the
 * .xlsx carries such a figure as its exact text; the rows' own figures stay numbers.
 */
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addArItem } from '@erp/modules/ar/server/api';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { call } from './helpers/entities.ts';
import { pdfText } from './helpers/pdf-text.ts';

let server: TestServer;
let admin: string;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let db: Kysely<any>;

const LARGEST = '9999999999999.99';
const EXPECTED = '99999999999999.91';
const FIRM = 'TEXACT';
const MARK = 'exact-total';
const OVERDUE = { AsOfDate: '2026-11-30', DaysOverdue: 1, CustomerId: FIRM };

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db = server.app.erp.database.db as unknown as Kysely<any>;
  // Journal entries through the API (drafts: ten postings this large would pass the ledger balances' precision).
  const today = new Date().toISOString().slice(0, 10);
  for (const amount of [...Array<string>(10).fill(LARGEST), '0.01']) {
    const lines = [
      { AccountId: '1000', Debit: amount },
      { AccountId: '4100', Credit: amount },
    ];
    const created = await call(server.app, 'POST', '/api/data/gl-journal-entry', admin, { EntryDate: today, Description: `${MARK} ${amount}`, Lines: lines });
    expect(created.statusCode, created.body).toBe(201);
  }
  // A customer's invoices, all overdue at OVERDUE.AsOfDate.
  const firm = await call(server.app, 'POST', '/api/data/firm', admin, { FirmId: FIRM, Name: 'Exact totals', FirmTypes: ['bill-to'], ProvinceCode: 'ON' });
  expect(firm.statusCode, firm.body).toBe(201);
  await db.transaction().execute(async (trx) => {
    const item = (documentNo: string, amount: string) =>
      addArItem(trx, { firmId: FIRM, itemType: 'Invoice', documentNo, documentDate: '2026-10-01', dueDate: '2026-10-31', amount, origin: { type: 'test', id: documentNo }, userId: 'admin' });
    for (let index = 0; index < 10; index += 1) await item(`EXACT-${index}`, LARGEST);
    await item('EXACT-CENT', '0.01');
  });
});

afterAll(async () => {
  await server?.stop();
});

describe('totals summed exactly (issue 39 item 4.2)', () => {
  it('an entity list’s totals row', async () => {
    const answer = await call(server.app, 'GET', `/api/data/gl-journal-entry?Search=${MARK}&PageSize=5`, admin);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json() as { TotalCount: number; Totals: Record<string, string> };
    expect(body.TotalCount).toBe(11);
    expect(body.Totals).toEqual({ TotalDebit: EXPECTED, TotalCredit: EXPECTED });
  });

  it('a report’s totals and subtotals in the grid', async () => {
    const answer = await call(server.app, 'POST', '/api/reports/ar-overdue-accounts/run', admin, { Parameters: OVERDUE });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json() as { List: unknown[]; Groups: { Key: string; Subtotals: Record<string, string> }[]; Totals: Record<string, string> };
    expect(body.List).toHaveLength(11);
    expect(body.Totals).toEqual({ OpenBalance: EXPECTED });
    expect(body.Groups.map((group) => [group.Key, group.Subtotals])).toEqual([[FIRM, { OpenBalance: EXPECTED }]]);
  });

  it('a report’s totals and subtotals in the PDF', async () => {
    const answer = await call(server.app, 'POST', '/api/reports/ar-overdue-accounts/pdf', admin, { Parameters: OVERDUE });
    expect(answer.statusCode).toBe(200);
    const text = await pdfText(answer.rawPayload);
    // The open balance's subtotal and total.
    expect(text.split('99,999,999,999,999.91').length - 1).toBe(2);
    expect(text).not.toMatch(/99,999,999,999,999\.(9[02-9]|[0-8]\d)/);
  });

  it('a report’s totals and subtotals in the .xlsx: the exact text where a spreadsheet number cannot hold it', async () => {
    const answer = await call(server.app, 'POST', '/api/reports/ar-overdue-accounts/xlsx', admin, { Parameters: OVERDUE });
    expect(answer.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headings: string[] = [];
    sheet.getRow(3).eachCell((cell) => headings.push(String(cell.value)));
    const open = headings.indexOf('Open balance') + 1;
    expect(open, headings.join('|')).toBeGreaterThan(0);
    const figures: unknown[] = [];
    sheet.eachRow((row, index) => {
      if (index > 3) figures.push(row.getCell(open).value);
    });
    // The customer's heading, eleven rows (numbers: 15 significant digits at most), its subtotal and the totals.
    expect(figures).toEqual([null, ...Array<unknown>(10).fill(9999999999999.99), 0.01, EXPECTED, EXPECTED]);
  });
});
