/**
 * The printed AR invoice (issue 21 item 10; `ar-invoice-print`, definitions/reports/invoice-print.ts): the
 * letterhead, the bill-to's address, number, dates, terms and reference, each line with its taxes, the totals and
 * the remittance stub for the amount due, "Page x of y" — in English and French; §6: a user restricted to other
 * customers gets nothing. Trades prints its billings' invoices with the same query (`te-invoice-print`).
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { call } from '../../../server/test/helpers/entities.ts';
import { pdfText } from '../../../server/test/helpers/pdf-text.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let admin: string;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let db: Kysely<any>;
let invoice: Json;

const YEAR = 2035;
const post = (url: string, body: unknown, token = admin) => call(server.app, 'POST', url, token, body);
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const print = (invoiceNo: string, token = admin) => post('/api/reports/ar-invoice-print/pdf', { Parameters: { InvoiceNo: invoiceNo } }, token);

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db = server.app.erp.database.db as unknown as Kysely<any>;
  expect((await post('/api/data/accounting-period/fiscal-years', { FiscalYear: YEAR })).statusCode).toBe(201);
  const created = await post('/api/data/ar-invoice', {
    InvoiceDate: `${YEAR}-03-15`,
    BillToId: 'B100',
    ShipToId: 'S101',
    Reference: 'PO-4410',
    Description: 'Delivered to the Hamilton yard',
    Lines: [
      { Description: 'Hot-rolled sheet 10 ga', AccountId: '4100', Quantity: '3', UnitPrice: '186.50' },
      { Description: 'Angle 3x3x1/4', AccountId: '4100', Quantity: '2', UnitPrice: '0.25' },
    ],
  });
  expect(created.statusCode, created.body).toBe(201);
  const draft = (created.json() as Json).Data;
  invoice = (await post(`/api/data/ar-invoice/${draft.InvoiceId}/actions/post`, { Version: draft.Version })).json() as Json;
  invoice = invoice.Data;
  expect(invoice.Status).toBe('Posted');
});
afterAll(async () => server?.stop());

describe('the printed AR invoice (issue 21 item 10)', () => {
  it('has the letterhead, the bill-to, the lines with their taxes, the totals and the remittance stub', async () => {
    const response = await print(invoice.DocumentNo.toLowerCase());
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toContain('application/pdf');
    const text = spaced(await pdfText(response.rawPayload));
    expect(text).toContain('Novus Metals & Electrical Supply Inc.');
    expect(text).toMatch(new RegExp(`Bill to\\s+Invoice no\\.: ${invoice.DocumentNo}\\s+Northshore Metals Ltd\\.\\s+Invoice date: Mar 15, ${YEAR}`));
    expect(text).toContain('1450 Burlington St E');
    expect(text).toMatch(/Hamilton ON L8H 3L3/);
    expect(text).toContain(`Due date: Apr 14, ${YEAR}`);
    expect(text).toContain('Reference: PO-4410');
    expect(text).toMatch(/Hot-rolled sheet 10 ga\s+3\.0000\s+186\.5000\s+559\.50\s+HST 13%\s+72\.74/);
    expect(text).toMatch(/Totals\s+Subtotal\s+Taxes\s+Total\s+560\.00\s+72\.81\s+632\.81/);
    expect(text).toContain('Delivered to the Hamilton yard');
    expect(text).toMatch(/Amount due\s+632\.81\s+Amount enclosed/);
    expect(text).toContain('Page 1 of 1');
  });

  it('is in the user’s language', async () => {
    await db.updateTable('users').set({ language: 'fr-CA' }).where('user_id', '=', 'admin').execute();
    try {
      const text = spaced(await pdfText((await print(invoice.DocumentNo)).rawPayload));
      expect(text).toContain(`N° de facture : ${invoice.DocumentNo}`);
      expect(text).toContain(`Date de facture : 15 mars ${YEAR}`);
      expect(text).toMatch(/Montant dû\s+632,81/);
      expect(text).not.toMatch(/Amount due|Bill to|Invoice date/);
    } finally {
      await db.updateTable('users').set({ language: 'en-CA' }).where('user_id', '=', 'admin').execute();
    }
  });

  it('prints nothing for an unknown number, and nothing of a customer the user is not assigned to (§6)', async () => {
    const grid = (invoiceNo: string) => post('/api/reports/ar-invoice-print/run', { Parameters: { InvoiceNo: invoiceNo } });
    expect((await grid('AR-NOPE')).json()).toMatchObject({ ResultCode: 'no_records', TotalCount: 0 });
    expect((await grid(invoice.DocumentNo)).json()).toMatchObject({ TotalCount: 2 });
    // Restricted to B200: B100's invoice is not theirs to print.
    await db.updateTable('users').set({ restricted_to_customers: server.database.engine === 'postgres' ? true : 1 }).where('user_id', '=', 'admin').execute();
    await db.insertInto('user_customers').values({ user_id: 'admin', firm_id: 'B200' }).execute();
    try {
      expect((await grid(invoice.DocumentNo)).json()).toMatchObject({ ResultCode: 'no_records', TotalCount: 0 });
    } finally {
      await db.updateTable('users').set({ restricted_to_customers: server.database.engine === 'postgres' ? false : 0 }).where('user_id', '=', 'admin').execute();
      await db.deleteFrom('user_customers').where('user_id', '=', 'admin').execute();
    }
  });
});
