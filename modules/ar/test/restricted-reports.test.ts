/**
 * §6 in every Accounts Receivable report (issue 39 item 4.1), on SQLite and PostgreSQL: a user restricted to
 * customer B100 runs each AR report (the grid, the PDF and the .xlsx) over the demo data, where the other
 * customers' invoices were made by sales-order invoicing, waste-disposal invoicing and trades billing (other
 * modules, through Receivables' invoice service), and sees nothing of another customer: no firm id, no name, no
 * document number. The restriction follows the AR document, whatever module made it and whatever journal its
 * posting shares with other customers' documents of the same day.
 */
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AR_SERVER_REPORTS } from '../server/reports/index.ts';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { call } from '../../../server/test/helpers/entities.ts';
import { pdfText } from '../../../server/test/helpers/pdf-text.ts';

let server: TestServer;
let admin: string;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let db: Kysely<any>;

const ASSIGNED = 'B100';
const dayFrom = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const TODAY = dayFrom(0);
/** The demo's documents lie in the last weeks; a range of under a year (§9) around them. */
const RANGE = { StartDate: dayFrom(-300), EndDate: dayFrom(60) };

/** What the restricted user must never read: the other customers' ids, names and AR document numbers. */
let foreign: string[] = [];
/** An invoice of the assigned customer and one of another, made by sales-order invoicing. */
let ownInvoice = '';
let foreignInvoice = '';

/** Each AR report's parameter sets: its customers' lists, its dates, each variant it has. */
function parameterSets(): Record<string, Record<string, unknown>[]> {
  return {
    'ar-journal-printing': [RANGE],
    'ar-account-inquiry': [
      { CustomerId: ASSIGNED, Show: 'open' },
      { CustomerId: ASSIGNED, Show: 'all', ...RANGE },
    ],
    'ar-aged-trial-balance': [
      { AsOfDate: TODAY, AgeBy: 'due', PeriodDays: 30 },
      { AsOfDate: TODAY, AgeBy: 'document', PeriodDays: 30 },
    ],
    'ar-account-statement': [{ StatementDate: TODAY }, { StatementDate: TODAY, CustomerId: ASSIGNED }],
    'ar-invoice-print': [{ InvoiceNo: ownInvoice }, { InvoiceNo: foreignInvoice }],
    'ar-overdue-accounts': [{ AsOfDate: dayFrom(120), DaysOverdue: 1 }],
    'ar-unapplied-credits': [{ AsOfDate: TODAY }],
    'ar-sales-journal': [RANGE],
    'ar-customer-list': [{}],
    'ar-new-customer-list': [{ CreatedFrom: '2000-01-01' }],
    'ar-inactive-customer-list': [{}],
    'ar-customer-lists': [{ List: 'all' }, { List: 'new', CreatedFrom: '2000-01-01' }, { List: 'inactive' }],
    'ar-contact-list': [{}],
  };
}

beforeAll(async () => {
  server = await startServer({ DEMO_LEDGER: '1' });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db = server.app.erp.database.db as unknown as Kysely<any>;
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  // Waste-disposal orders the demo left completed (a database first seeded without the demo ledger, as
  // PostgreSQL's test template is): invoiced now, by the invoice processing, for every customer.
  const invoicing = await call(server.app, 'POST', '/api/processes/wd-invoice-processing/run', admin, { Parameters: { InvoiceDate: TODAY, CompletedTo: TODAY }, All: true });
  expect(invoicing.statusCode, invoicing.body.slice(0, 300)).toBe(200);
  const flag = server.database.engine === 'postgres' ? true : 1;
  await db.updateTable('users').set({ restricted_to_customers: flag }).where('user_id', '=', 'admin').execute();
  await db.insertInto('user_customers').values({ user_id: 'admin', firm_id: ASSIGNED }).execute();
  // A contact of another customer, for the contact list.
  await db.insertInto('firm_contacts').values({ firm_id: 'B200', name: 'Zoé Tremblay', title: 'Comptable', phone: '514-555-0100', email: 'zoe@example.com', is_primary: flag }).execute();

  const firms = (await db.selectFrom('firms').select(['firm_id', 'name', 'bill_to_id']).execute()) as { firm_id: string; name: string; bill_to_id: string | null }[];
  const others = firms.filter((firm) => firm.firm_id !== ASSIGNED && firm.bill_to_id !== ASSIGNED);
  const documents = (await db.selectFrom('ar_items').select('document_no').where('firm_id', '<>', ASSIGNED).execute()) as { document_no: string }[];
  foreign = [...new Set([...others.flatMap((firm) => [firm.firm_id, firm.name]), ...documents.map((row) => row.document_no)])];
  const invoiced = (await db
    .selectFrom('sales_orders as o')
    .innerJoin('ar_invoices as i', 'i.invoice_id', 'o.invoice_id')
    .select(['i.document_no as no', 'i.bill_to_id as firm'])
    .execute()) as { no: string; firm: string }[];
  ownInvoice = invoiced.find((row) => row.firm === ASSIGNED)!.no;
  foreignInvoice = invoiced.find((row) => row.firm !== ASSIGNED)!.no;
}, 300_000);

afterAll(async () => {
  await server?.stop();
});

/** The foreign ids, names and numbers `text` carries, each as a whole word. */
function leaks(text: string): string[] {
  const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return foreign.filter((word) => new RegExp(`(?<![\\p{L}\\p{N}-])${escape(word)}(?![\\p{L}\\p{N}-])`, 'u').test(text));
}

describe('§6 in every AR report (issue 39 item 4.1)', () => {
  it('the demo holds other customers’ AR invoices made by sales-order, waste-disposal and trades invoicing', async () => {
    const foreignOf = async (numbers: readonly unknown[]) =>
      numbers.length === 0 ? [] : await db.selectFrom('ar_invoices').select('document_no').where('document_no', 'in', numbers).where('bill_to_id', '<>', ASSIGNED).execute();
    const so = await db.selectFrom('sales_orders as o').innerJoin('ar_invoices as i', 'i.invoice_id', 'o.invoice_id').select('i.document_no').where('i.bill_to_id', '<>', ASSIGNED).execute();
    const wd = (await db.selectFrom('wd_orders').select('invoice_no').where('invoice_no', 'is not', null).execute()).map((row) => row.invoice_no);
    const te = (await db.selectFrom('te_progress_billings').select('invoice_no').where('invoice_no', 'is not', null).execute()).map((row) => row.invoice_no);
    expect(so.length).toBeGreaterThan(0);
    expect((await foreignOf(wd)).length).toBeGreaterThan(0);
    expect((await foreignOf(te)).length).toBeGreaterThan(0);
    expect(foreign).toContain(foreignInvoice);
  });

  it('shows a restricted user only the assigned customer in the grid, the PDF and the .xlsx of every AR report', async () => {
    const sets = parameterSets();
    expect(Object.keys(sets).sort()).toEqual(AR_SERVER_REPORTS.map((report) => report.def.name).sort());
    let ownRows = 0;
    for (const [report, list] of Object.entries(sets)) {
      for (const parameters of list) {
        const label = `${report} ${JSON.stringify(parameters)}`;
        const grid = await call(server.app, 'POST', `/api/reports/${report}/run`, admin, { Parameters: parameters, PageSize: 1000 });
        expect(grid.statusCode, `${label}: ${grid.body.slice(0, 300)}`).toBe(200);
        const body = grid.json() as { List: Record<string, unknown>[] };
        ownRows += body.List.length;
        expect(leaks(grid.body), `${label} grid`).toEqual([]);

        const pdf = await call(server.app, 'POST', `/api/reports/${report}/pdf`, admin, { Parameters: parameters });
        expect(pdf.statusCode === 200 || (body.List.length === 0 && pdf.statusCode === 400), `${label} pdf ${pdf.statusCode}`).toBe(true);
        if (pdf.statusCode === 200) expect(leaks(await pdfText(pdf.rawPayload)), `${label} pdf`).toEqual([]);

        const xlsx = await call(server.app, 'POST', `/api/reports/${report}/xlsx`, admin, { Parameters: parameters });
        expect(xlsx.statusCode, `${label} xlsx`).toBe(200);
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
        const cells: string[] = [];
        // Row 2 repeats the parameters as the user typed them (a foreign invoice number asked for).
        workbook.worksheets[0]!.eachRow((row, index) => index !== 2 && row.eachCell((cell) => cells.push(String(cell.value))));
        expect(leaks(cells.join('\n')), `${label} xlsx`).toEqual([]);
      }
    }
    // The assigned customer's own documents are there (the check above is not of empty reports).
    expect(ownRows).toBeGreaterThan(0);
    const journals = (await call(server.app, 'POST', '/api/reports/ar-journal-printing/run', admin, { Parameters: RANGE, PageSize: 1000 })).json() as {
      List: { DocumentNo: string }[];
      Totals: { Debit: string; Credit: string };
    };
    expect(journals.List.map((row) => row.DocumentNo)).toContain(ownInvoice);
    expect(journals.Totals.Debit).toBe(journals.Totals.Credit);
  }, 120_000); // every AR report's grid, PDF and .xlsx: a failure budget sized for a loaded machine, not a timing
});
