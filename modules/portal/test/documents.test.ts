/**
 * The customer's documents in the portal (issue 69 item 2; modules/portal/server/documents.ts), on SQLite and
 * PostgreSQL: a portal customer lists the posted invoices and credit notes of their accounts, opens one with its
 * lines and its PDF (Receivables' own print), reads each account's statement and aging and its PDF; the invoice of
 * an order they placed is named by My Orders and the order's details. §6: a draft, another customer's invoice and
 * another customer's statement are answered like a missing record — to the demo `portal` user (B100, B200) and to
 * a second portal user whose securable is B300 only.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { call } from '../../../server/test/helpers/entities.ts';
import { pdfText } from '../../../server/test/helpers/pdf-text.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let admin: string;
let portal: string;
/** A portal user of B300 only (nobody else's account). */
let other: string;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let db: Kysely<any>;
const YEAR = 2041;

const post = (url: string, body: unknown, token = admin) =>
  server.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
const get = (url: string, token: string) => call(server.app, 'GET', url, token);

/** An invoice (posted unless `posted` is false) of `billTo`. */
async function invoiceFor(billTo: string, description: string, posted = true, date = `${YEAR}-03-15`): Promise<Json> {
  const created = await post('/api/data/ar-invoice', {
    InvoiceDate: date,
    BillToId: billTo,
    Description: description,
    Lines: [{ Description: 'Hot-rolled sheet 10 ga', AccountId: '4100', Quantity: '3', UnitPrice: '186.50' }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const draft = (created.json() as Json).Data;
  if (!posted) return draft;
  const done = await post(`/api/data/ar-invoice/${draft.InvoiceId}/actions/post`, { Version: draft.Version });
  expect(done.statusCode, done.body).toBe(200);
  return (done.json() as Json).Data;
}

let own: Json;
let second: Json;
let foreign: Json;
let draft: Json;

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  portal = (await signIn(server.app, 'portal', 'portal')).access_token;
  db = server.app.erp.database.db as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  // A second customer: the demo portal user's row and password, with B300's securable only.
  const row = (await db.selectFrom('users').selectAll().where('user_id', '=', 'portal').executeTakeFirstOrThrow()) as Json;
  await db.insertInto('users').values({ ...row, user_id: 'portal-b300', email: 'b300@prairie.example', default_ship_to_id: 'S301' }).execute();
  await db.insertInto('user_roles').values({ user_id: 'portal-b300', role_id: 'PORTAL' }).execute();
  const { securable_key: _key, ...securable } = (await db.selectFrom('user_securables').selectAll().where('user_id', '=', 'portal').executeTakeFirstOrThrow()) as Json;
  await db.insertInto('user_securables').values({ ...securable, user_id: 'portal-b300', identifier: 'B300,S301' }).execute();
  other = (await signIn(server.app, 'portal-b300', 'portal')).access_token;
  expect((await post('/api/data/accounting-period/fiscal-years', { FiscalYear: YEAR })).statusCode).toBe(201);
  own = await invoiceFor('B100', 'Portal documents B100');
  second = await invoiceFor('B200', 'Portal documents B200');
  foreign = await invoiceFor('B300', 'Portal documents B300');
  draft = await invoiceFor('B100', 'Portal documents draft', false);
});
afterAll(async () => server?.stop());

describe('the customer\'s invoices', () => {
  it('lists the posted invoices of the named account only, with their open balance', async () => {
    const list = (await get('/api/PortalInvoice/list?billToId=B100&pageSize=250', portal)).json() as Json;
    const numbers = (list.List as Json[]).map((invoice) => invoice.DocumentNo);
    expect(numbers).toContain(own.DocumentNo);
    expect(numbers).not.toContain(second.DocumentNo);
    expect(numbers).not.toContain(foreign.DocumentNo);
    expect(numbers).not.toContain(draft.DocumentNo ?? '∅');
    const mine = (list.List as Json[]).find((invoice) => invoice.DocumentNo === own.DocumentNo)!;
    expect(mine).toMatchObject({ InvoiceId: own.InvoiceId, DocumentType: 'Invoice', Status: 'Posted', InvoiceDate: `${YEAR}-03-15`, Total: own.Total, OpenBalance: own.Total });
    expect(((await get('/api/PortalInvoice/list?billToId=B200', portal)).json() as Json).List.map((invoice: Json) => invoice.DocumentNo)).toContain(second.DocumentNo);
    expect(((await get(`/api/PortalInvoice/list?billToId=B100&type=CreditNote`, portal)).json() as Json).List.every((invoice: Json) => invoice.DocumentType === 'CreditNote')).toBe(true);
  });

  it('opens an invoice of the caller\'s accounts with its lines, and its PDF is the A/R print', async () => {
    const detail = await get(`/api/PortalInvoice/detail/${own.InvoiceId}`, portal);
    expect(detail.statusCode, detail.body).toBe(200);
    const invoice = (detail.json() as Json).Data;
    expect(invoice).toMatchObject({ DocumentNo: own.DocumentNo, BillToId: 'B100', SubTotal: '559.50', Total: own.Total });
    expect(invoice.Lines).toEqual([expect.objectContaining({ LineNo: 1, Description: 'Hot-rolled sheet 10 ga', Quantity: '3.0000', UnitPrice: '186.5000', Amount: '559.50' })]);
    const pdf = await get(`/api/PortalInvoice/pdf/${own.InvoiceId}`, portal);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toContain(`${own.DocumentNo}.pdf`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(String(own.DocumentNo));
    expect(text).toContain('Hot-rolled sheet 10 ga');
  });

  it('answers another customer\'s invoice, a draft and a missing one like a missing record (§6), to either customer', async () => {
    const missing = await get('/api/PortalInvoice/detail/2147480000', portal);
    expect(missing.statusCode).toBe(404);
    for (const [token, invoice] of [
      [portal, foreign],
      [portal, draft],
      [other, own],
      [other, second],
    ] as const) {
      for (const url of [`/api/PortalInvoice/detail/${invoice.InvoiceId}`, `/api/PortalInvoice/pdf/${invoice.InvoiceId}`]) {
        const answer = await get(url, token);
        expect(answer.statusCode, url).toBe(404);
        expect(answer.json()).toEqual(missing.json());
      }
    }
    expect((await get('/api/PortalInvoice/list?billToId=B100', other)).statusCode).toBe(404);
    expect((await get('/api/PortalInvoice/list?billToId=B300', portal)).statusCode).toBe(404);
    // B300's own customer opens it.
    expect((await get(`/api/PortalInvoice/detail/${foreign.InvoiceId}`, other)).statusCode).toBe(200);
    // Staff without a portal application: refused like every portal call.
    const clerk = (await signIn(server.app, 'clerk', 'clerk')).access_token;
    expect((await get(`/api/PortalInvoice/detail/${own.InvoiceId}`, clerk)).statusCode).toBe(403);
  });

  it('answers 400, never 500, to malformed input', async () => {
    for (const url of ['/api/PortalInvoice/detail/abc', '/api/PortalInvoice/pdf/-1', '/api/PortalInvoice/list', '/api/PortalInvoice/list?billToId=B100&type=Other', '/api/PortalStatement', '/api/PortalStatement?billToId=B100&x=1']) {
      expect((await get(url, portal)).statusCode, url).toBe(400);
    }
  });
});

describe('the account\'s statement', () => {
  it('lists the open items with the aging of the account, and its PDF; another customer\'s is not found', async () => {
    // The statement is today's: an invoice of today is on it (its fiscal year made when the seed has none).
    const today = new Date().toISOString().slice(0, 10);
    const year = await post('/api/data/accounting-period/fiscal-years', { FiscalYear: Number(today.slice(0, 4)) });
    expect([201, 409, 422, 400]).toContain(year.statusCode);
    const current = await invoiceFor('B100', 'Portal statement B100', true, today);
    const answer = await get('/api/PortalStatement?billToId=B100', portal);
    expect(answer.statusCode, answer.body).toBe(200);
    const statement = (answer.json() as Json).Data;
    expect(statement.BillToId).toBe('B100');
    expect((statement.Items as Json[]).map((item) => item.DocumentNo)).toContain(current.DocumentNo);
    expect((statement.Items as Json[]).map((item) => item.DocumentNo)).not.toContain(own.DocumentNo);
    expect(Object.keys(statement.Aging).length).toBeGreaterThan(1);
    // The aging buckets add up to the balance (exact cents).
    const cents = (value: string) => Math.round(Number(value) * 100);
    expect(Object.values(statement.Aging as Record<string, string>).reduce((sum, value) => sum + cents(value), 0)).toBe(cents(statement.Balance));
    const pdf = await get('/api/PortalStatement/pdf?billToId=B100', portal);
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain(String(current.DocumentNo));
    expect((await get('/api/PortalStatement?billToId=B300', portal)).statusCode).toBe(404);
    expect((await get('/api/PortalStatement/pdf?billToId=B100', other)).statusCode).toBe(404);
  });
});

describe('the invoice of a portal order', () => {
  it('is named by My Orders and the order details once the order desk has invoiced the order', async () => {
    expect((await post('/api/PortalOrder/account-switch', { BillToId: 'B100' }, portal)).statusCode).toBe(200);
    const submitted = await server.app.inject({
      method: 'POST',
      url: '/api/PortalOrder/submit',
      headers: { authorization: `Bearer ${portal}`, 'content-type': 'application/json', 'idempotency-key': 'documents-order-0001' },
      payload: JSON.stringify({ BillToId: 'B100', ShipToId: 'S101', Lines: [{ ProductId: 'AL-6061-SH125', Quantity: 1 }] }),
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const order = (submitted.json() as Json).Data;
    expect((await get(`/api/PortalOrder/detail/${order.OrderKey}`, portal)).json().Data).toMatchObject({ InvoiceId: null, InvoiceNo: null });
    // The desk's invoice of the order (as invoicing links it: the sales order's invoice).
    await db.updateTable('sales_orders').set({ invoice_id: own.InvoiceId, invoice_no: own.DocumentNo }).where('portal_order_key', '=', order.OrderKey).execute();
    const details = (await get(`/api/PortalOrder/detail/${order.OrderKey}`, portal)).json().Data;
    expect(details).toMatchObject({ InvoiceId: own.InvoiceId, InvoiceNo: own.DocumentNo });
    const listed = ((await get('/api/PortalOrder/list?billToId=B100', portal)).json() as Json).List.find((row: Json) => row.OrderKey === order.OrderKey);
    expect(listed).toMatchObject({ InvoiceId: own.InvoiceId, InvoiceNo: own.DocumentNo });
    const invoice = ((await get(`/api/PortalInvoice/detail/${own.InvoiceId}`, portal)).json() as Json).Data;
    expect(invoice).toMatchObject({ OrderKey: order.OrderKey, OrderNo: order.OrderNo });
  });
});
