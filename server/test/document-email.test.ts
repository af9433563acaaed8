/**
 * E-mail a document (issue 40 item 4; server/src/mail/documents.ts), on SQLite and PostgreSQL, through real SMTP
 * (the embedded capture): a posted AR invoice asks first, naming the recipient; confirmed, the bill-to's primary
 * contact gets the OE-17 INVOICE template with the invoice's PDF attached, the mailbox keeps it and the invoice's
 * history shows it; the same Idempotency-Key twice sends one mail; a firm without an address, a draft, a user who
 * cannot read invoices and a user restricted to other customers (§6) are refused.
 */
import type { Kysely } from 'kysely';
import { formatDecimal } from '@erp/shared/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { call } from './helpers/entities.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let admin: string;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let db: Kysely<any>;
const YEAR = 2035;

const post = (url: string, body: unknown, token = admin, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });

/** A posted invoice for the firm (its draft when `posted` is false). */
async function invoiceFor(billTo: string, shipTo: string, posted = true): Promise<Json> {
  const created = await post('/api/data/ar-invoice', { InvoiceDate: `${YEAR}-03-15`, BillToId: billTo, ShipToId: shipTo, Lines: [{ Description: 'Hot-rolled sheet 10 ga', AccountId: '4100', Quantity: '3', UnitPrice: '186.50' }] });
  expect(created.statusCode, created.body).toBe(201);
  const draft = (created.json() as Json).Data;
  if (!posted) return draft;
  const done = await post(`/api/data/ar-invoice/${draft.InvoiceId}/actions/post`, { Version: draft.Version });
  expect(done.statusCode, done.body).toBe(200);
  return (done.json() as Json).Data;
}

const mails = async (subject: string) => (await db.selectFrom('captured_mails').selectAll().where('subject', '=', subject).execute()) as Json[];

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db = server.app.erp.database.db as unknown as Kysely<any>;
  expect((await post('/api/data/accounting-period/fiscal-years', { FiscalYear: YEAR })).statusCode).toBe(201);
});
afterAll(async () => server?.stop());

describe('e-mailing a document (issue 40 item 4)', () => {
  it('asks first, naming the recipient; then sends the template with the PDF, kept in the mailbox and the history — once per key', async () => {
    const invoice = await invoiceFor('B100', 'S101');
    const url = `/api/data/ar-invoice/${invoice.InvoiceId}/email`;
    const asked = (await post(url, {})).json() as Json;
    expect(asked.ResultStatus).toBe(3);
    expect(asked.Message).toBe(`E-mail ${invoice.DocumentNo} to priya.sandhu@northshore-metals.example?`);
    expect(await mails(`Invoice ${invoice.DocumentNo} from Novus Metals & Electrical Supply Inc.`)).toEqual([]);

    const key = { 'idempotency-key': `email-${invoice.DocumentNo}` };
    const first = await post(url, { Confirmations: [asked.Data.Question.Id] }, admin, key);
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as Json).Message).toBe(`${invoice.DocumentNo} e-mailed to priya.sandhu@northshore-metals.example.`);
    const again = await post(url, { Confirmations: [asked.Data.Question.Id] }, admin, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');

    const sent = await mails(`Invoice ${invoice.DocumentNo} from Novus Metals & Electrical Supply Inc.`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!['mail_to']).toBe('priya.sandhu@northshore-metals.example');
    expect(sent[0]!['body_text']).toContain(`Hello Priya Sandhu,\n\nPlease find attached invoice ${invoice.DocumentNo} dated Mar 15, ${YEAR} for ${formatDecimal(invoice.Total, 2, 'en-CA')}`);
    expect(sent[0]!['attachments']).toMatch(new RegExp(`^${invoice.DocumentNo}\\.pdf \\(\\d{4,} B\\)$`));
    // Issue 71: the customer's link to the portal's invoice page, the office's to the record, on PUBLIC_URL.
    const site = server.app.erp.config.publicUrl;
    expect(sent[0]!['body_text']).toContain(`View it online: ${site}/#/portal/invoice?record=${invoice.InvoiceId}\nFor our office: ${site}/#/novus-ar/ar-sales-order-entry?record=${invoice.InvoiceId}\n`);

    const audit = (await call(server.app, 'GET', `/api/data/ar-invoice/${invoice.InvoiceId}/audit`, admin)).json() as Json;
    const row = audit.List.find((entry: Json) => entry.Action === 'email');
    expect(row).toMatchObject({ ActionBy: 'admin', NewValue: `priya.sandhu@northshore-metals.example: Invoice ${invoice.DocumentNo} from Novus Metals & Electrical Supply Inc.` });
  });

  it('refuses clearly when the firm has no e-mail address, and a document not yet printable', async () => {
    const invoice = await invoiceFor('B300', 'B300');
    await db.updateTable('firms').set({ email: null }).where('firm_id', '=', 'B300').execute();
    await db.updateTable('firm_contacts').set({ email: null }).where('firm_id', '=', 'B300').execute();
    const refused = await post(`/api/data/ar-invoice/${invoice.InvoiceId}/email`, { Confirmations: ['email'] });
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as Json).Message).toBe(`B300 has no e-mail address: enter one on the firm or its contact to e-mail ${invoice.DocumentNo}.`);
    expect((refused.json() as Json).Data.Errors[0].field).toBe('BillToId');

    const draft = await invoiceFor('B100', 'S101', false);
    const early = await post(`/api/data/ar-invoice/${draft.InvoiceId}/email`, { Confirmations: ['email'] });
    expect(early.statusCode).toBe(409);
    expect((early.json() as Json).ResultCode).toBe('not_printable');
  });

  it('is refused to a user who cannot read the document, and to one restricted to other customers (§6)', async () => {
    const invoice = await invoiceFor('B100', 'S101');
    const url = `/api/data/ar-invoice/${invoice.InvoiceId}/email`;
    const clerk = (await signIn(server.app, 'clerk', 'clerk')).access_token;
    expect((await call(server.app, 'GET', `/api/data/ar-invoice/${invoice.InvoiceId}`, clerk)).statusCode).toBe(403);
    expect((await post(url, { Confirmations: ['email'] }, clerk)).statusCode).toBe(403);

    const flag = server.database.engine === 'postgres' ? true : 1;
    await db.updateTable('users').set({ restricted_to_customers: flag }).where('user_id', '=', 'admin').execute();
    await db.insertInto('user_customers').values({ user_id: 'admin', firm_id: 'B200' }).execute();
    try {
      const restricted = await post(url, { Confirmations: ['email'] });
      expect(restricted.statusCode).toBeGreaterThanOrEqual(403);
      expect(restricted.statusCode).toBeLessThanOrEqual(404);
    } finally {
      await db.updateTable('users').set({ restricted_to_customers: server.database.engine === 'postgres' ? false : 0 }).where('user_id', '=', 'admin').execute();
      await db.deleteFrom('user_customers').where('user_id', '=', 'admin').execute();
    }
    expect(await mails(`Invoice ${invoice.DocumentNo} from Novus Metals & Electrical Supply Inc.`)).toEqual([]);
  });
});
