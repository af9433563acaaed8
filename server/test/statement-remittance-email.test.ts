/**
 * The AR customer statement and the AP remittance advice e-mailed (issue 40 item 4; server/src/mail/documents.ts),
 * on SQLite and PostgreSQL, through real SMTP (the embedded capture):
 * - the statement: POST /api/reports/ar-account-statement/email for one customer asks first naming the contact,
 *   then sends the STATEMENT template with the statement's PDF; the mailbox keeps it, the customer's history
 *   shows it, a repeated Idempotency-Key sends one mail; no customer, a user who may not run it and one
 *   restricted to other customers (§6) are refused;
 * - the remittance: POST /api/data/ap-cheque/:id/email sends the REMITTANCE template with the payment's
 *   remittance advice (the documents it paid); a cancelled payment is not e-mailed; a clerk is refused;
 * - the language: a firm of French sends the template's fr-CA translation (`Translates`), a firm without one
 *   the company's language, else the template itself.
 */
import type { Kysely } from 'kysely';
import { formatCalendarDate } from '@erp/shared/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { call } from './helpers/entities.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let admin: string;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let db: Kysely<any>;
const YEAR = 2036;
const STATEMENT_DATE = `${YEAR}-03-31`;
const COMPANY = 'Novus Metals & Electrical Supply Inc.';

const post = (url: string, body: unknown, token = admin, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });

const mails = async (subject: string) => (await db.selectFrom('captured_mails').selectAll().where('subject', '=', subject).execute()) as Json[];
const flag = (value: boolean) => (server.database.engine === 'postgres' ? value : value ? 1 : 0);

/** A posted invoice for B100 in March, so its statement has an open item. */
async function openInvoice(): Promise<Json> {
  const created = await post('/api/data/ar-invoice', { InvoiceDate: `${YEAR}-03-15`, BillToId: 'B100', ShipToId: 'S101', Lines: [{ Description: 'Hot-rolled sheet 10 ga', AccountId: '4100', Quantity: '2', UnitPrice: '150.00' }] });
  expect(created.statusCode, created.body).toBe(201);
  const draft = (created.json() as Json).Data;
  const done = await post(`/api/data/ar-invoice/${draft.InvoiceId}/actions/post`, { Version: draft.Version });
  expect(done.statusCode, done.body).toBe(200);
  return (done.json() as Json).Data;
}

/** A printed payment to Tallis Steel of one posted vendor invoice, the vendor given a contact address. */
async function standingPayment(documentNo: string): Promise<Json> {
  const created = async (url: string, body: unknown) => {
    const response = await post(url, body);
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as Json).Data;
  };
  const act = async (url: string, body: unknown) => {
    const response = await post(url, body);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as Json).Data;
  };
  const invoice = await created('/api/data/ap-invoice', { VendorId: 'TAV', TermsCode: 'NET30', ShipToState: 'ON', BankAccountId: 'OPERATING', TransactionDate: `${YEAR}-03-01`, DocDate: `${YEAR}-03-01`, VendorDocNo: documentNo, Amount: '56.50', Lines: [{ AccountId: '6300', Quantity: '1.0000', UnitPrice: '50.0000' }] });
  await act(`/api/data/ap-invoice/${invoice.InvoiceId}/actions/post`, { Version: invoice.Version });
  let run = await created('/api/data/ap-payment-batch', { BankAccountId: 'OPERATING', PaymentMethod: 'Cheque', PayThroughDate: `${YEAR}-04-30`, PaymentDate: `${YEAR}-03-05`, Lines: [{ InvoiceId: invoice.InvoiceId, Payment: '56.50' }] });
  run = await act(`/api/data/ap-payment-batch/${run.BatchId}/actions/approve`, { Version: run.Version });
  await act(`/api/data/ap-payment-batch/${run.BatchId}/actions/print`, { Version: run.Version });
  await db.updateTable('firms').set({ email: 'payables@tallis.example' }).where('firm_id', '=', 'TAV').execute();
  await db.updateTable('firm_contacts').set({ email: null }).where('firm_id', '=', 'TAV').execute();
  return (await db.selectFrom('ap_cheques').selectAll().where('batch_id', '=', Number(run.BatchId)).executeTakeFirstOrThrow()) as Json;
}

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db = server.app.erp.database.db as unknown as Kysely<any>;
  expect((await post('/api/data/accounting-period/fiscal-years', { FiscalYear: YEAR })).statusCode).toBe(201);
  await openInvoice();
  const vendor = await post('/api/data/firm', { FirmId: 'TAV', Name: 'Tallis Steel Inc.', FirmTypes: ['vendor'], ProvinceCode: 'ON', AccountTerms: '2N30' });
  expect(vendor.statusCode, vendor.body).toBe(201);
});
afterAll(async () => server?.stop());

describe('the customer statement e-mailed (issue 40 item 4)', () => {
  const url = '/api/reports/ar-account-statement/email';
  const parameters = { StatementDate: STATEMENT_DATE, CustomerId: 'B100' };
  const subject = `Statement of account from ${COMPANY}`;

  it('asks naming the contact, then sends the STATEMENT template with the PDF — one mail per key, in the mailbox and the customer history', async () => {
    const asked = (await post(url, { Parameters: parameters })).json() as Json;
    expect(asked.ResultStatus).toBe(3);
    expect(asked.Message).toBe('E-mail statement B100 of Mar 31, 2036 to priya.sandhu@northshore-metals.example?');
    expect(await mails(subject)).toEqual([]);

    const key = { 'idempotency-key': 'statement-B100-2036-03-31' };
    const first = await post(url, { Parameters: parameters, Confirmations: [asked.Data.Question.Id] }, admin, key);
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as Json).Message).toBe('statement B100 of Mar 31, 2036 e-mailed to priya.sandhu@northshore-metals.example.');
    const again = await post(url, { Parameters: parameters, Confirmations: [asked.Data.Question.Id] }, admin, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');

    const sent = await mails(subject);
    expect(sent).toHaveLength(1);
    expect(sent[0]!['mail_to']).toBe('priya.sandhu@northshore-metals.example');
    expect(sent[0]!['body_text']).toContain(`Hello Priya Sandhu,\n\nPlease find attached your statement of account as of ${formatCalendarDate(STATEMENT_DATE, 'en-CA')}.`);
    expect(sent[0]!['attachments']).toMatch(/^statement-B100-of-Mar-31-2036\.pdf \(\d{4,} B\)$/);

    const audit = (await call(server.app, 'GET', '/api/data/firm/B100/audit', admin)).json() as Json;
    expect(audit.List.find((entry: Json) => entry.Action === 'email')).toMatchObject({ ActionBy: 'admin', NewValue: `priya.sandhu@northshore-metals.example: ${subject}` });
  });

  it('needs the one customer; is refused to a user who may not run it and to one restricted to other customers (§6)', async () => {
    const batch = await post(url, { Parameters: { StatementDate: STATEMENT_DATE }, Confirmations: ['email'] });
    expect(batch.statusCode).toBe(400);
    expect((batch.json() as Json).Message).toBe('Choose the customer to e-mail the document to.');
    expect((batch.json() as Json).Data.Errors[0].field).toBe('CustomerId');
    expect((await post('/api/reports/ar-aged-trial-balance/email', { Parameters: parameters, Confirmations: ['email'] })).statusCode).toBe(404);

    const clerk = (await signIn(server.app, 'clerk', 'clerk')).access_token;
    expect((await post('/api/reports/ar-account-statement/run', { Parameters: parameters }, clerk)).statusCode).toBe(403);
    expect((await post(url, { Parameters: parameters, Confirmations: ['email'] }, clerk)).statusCode).toBe(403);

    await db.updateTable('users').set({ restricted_to_customers: flag(true) }).where('user_id', '=', 'admin').execute();
    await db.insertInto('user_customers').values({ user_id: 'admin', firm_id: 'B200' }).execute();
    try {
      const restricted = await post(url, { Parameters: { ...parameters, StatementDate: `${YEAR}-04-30` } });
      expect(restricted.statusCode).toBe(403);
      expect(JSON.stringify(restricted.json())).not.toContain('priya');
    } finally {
      await db.updateTable('users').set({ restricted_to_customers: flag(false) }).where('user_id', '=', 'admin').execute();
      await db.deleteFrom('user_customers').where('user_id', '=', 'admin').execute();
    }
  });
});

describe('the remittance advice e-mailed (issue 40 item 4)', () => {
  it('sends the REMITTANCE template to the vendor with the advice of the documents the payment paid', async () => {
    const cheque = await standingPayment('R-1');
    const url = `/api/data/ap-cheque/${cheque['cheque_id']}/email`;
    const to = 'payables@tallis.example';
    const asked = (await post(url, {})).json() as Json;
    expect(asked.Message).toBe(`E-mail ${cheque['cheque_no']} to ${to}?`);

    const key = { 'idempotency-key': `remittance-${cheque['cheque_id']}` };
    const first = await post(url, { Confirmations: ['email'] }, admin, key);
    expect(first.statusCode, first.body).toBe(200);
    expect((await post(url, { Confirmations: ['email'] }, admin, key)).headers['idempotent-replayed']).toBe('true');
    const subject = `Payment ${cheque['cheque_no']} from ${COMPANY}`;
    const sent = await mails(subject);
    expect(sent).toHaveLength(1);
    expect(sent[0]!['mail_to']).toBe(to);
    expect(sent[0]!['body_text']).toContain(`Please find attached the remittance advice of our payment ${cheque['cheque_no']} dated ${formatCalendarDate(String(cheque['payment_date']).slice(0, 10), 'en-CA')}`);
    expect(sent[0]!['attachments']).toMatch(new RegExp(`^${cheque['cheque_no']}\\.pdf \\(\\d{4,} B\\)$`));
    const audit = (await call(server.app, 'GET', `/api/data/ap-cheque/${cheque['cheque_id']}/audit`, admin)).json() as Json;
    expect(audit.List.find((entry: Json) => entry.Action === 'email')).toMatchObject({ ActionBy: 'admin', NewValue: `${to}: ${subject}` });

    // The advice lists what the payment paid: each document's number, its discount and the amount applied.
    const advice = (await post('/api/reports/ap-remittance-advice/run', { Parameters: { ChequeId: Number(cheque['cheque_id']) } })).json() as Json;
    expect(advice.TotalCount).toBeGreaterThan(0);
    expect(advice.Groups[0].Key).toBe(String(cheque['cheque_no']));
    expect(advice.Totals.Paid).toBe(String((await call(server.app, 'GET', `/api/data/ap-cheque/${cheque['cheque_id']}`, admin)).json().Data.Amount));

    // Its heading shows the run by its number, never its key (issue 40 item 3).
    const batchNo = String((await db.selectFrom('ap_payment_batches').select('batch_no').where('batch_id', '=', cheque['batch_id']).executeTakeFirstOrThrow())['batch_no']);
    const held = (await call(server.app, 'GET', `/api/lookup/ap-payment-batch?From=ap-cheque&Field=BatchId&Key=${cheque['batch_id']}`, admin)).json() as Json;
    expect(held.List).toEqual([expect.objectContaining({ Value: String(cheque['batch_id']), Number: batchNo })]);
  });

  it('is refused for a cancelled payment and to a user who cannot read payments', async () => {
    const cheque = await standingPayment('R-2');
    const cancelled = await post(`/api/ap/ap-cheque/${cheque['cheque_id']}/cancel`, { Version: cheque['version'], CancelDate: `${YEAR}-03-06`, CancelReason: 'Spoiled in the printer' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refused = await post(`/api/data/ap-cheque/${cheque['cheque_id']}/email`, { Confirmations: ['email'] });
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as Json).ResultCode).toBe('not_printable');
    const clerk = (await signIn(server.app, 'clerk', 'clerk')).access_token;
    expect((await post(`/api/data/ap-cheque/${cheque['cheque_id']}/email`, { Confirmations: ['email'] }, clerk)).statusCode).toBe(403);
  });
});

describe("e-mail templates' language (issue 40 item 4)", () => {
  it("sends the firm's language's translation, else the company's, else the template as named", async () => {
    const url = '/api/reports/ar-account-statement/email';
    const body = { Parameters: { StatementDate: `${YEAR}-05-31`, CustomerId: 'B100' }, Confirmations: ['email'] };
    await db.updateTable('firms').set({ language: 'fr-CA' }).where('firm_id', '=', 'B100').execute();
    expect((await post(url, body)).statusCode).toBe(200);
    const french = await mails(`Relevé de compte de ${COMPANY}`);
    expect(french).toHaveLength(1);
    expect(french[0]!['body_text']).toContain(`Vous trouverez ci-joint votre relevé de compte au ${formatCalendarDate(`${YEAR}-05-31`, 'fr-CA')}.`);

    await db.updateTable('firms').set({ language: null }).where('firm_id', '=', 'B100').execute();
    await db.updateTable('companies').set({ language: 'fr-CA' }).execute();
    try {
      expect((await post(url, { ...body, Parameters: { ...body.Parameters, StatementDate: `${YEAR}-06-30` } })).statusCode).toBe(200);
      expect(await mails(`Relevé de compte de ${COMPANY}`)).toHaveLength(2);
      // A language without a translation: the template as named.
      await db.updateTable('companies').set({ language: 'zh-CN' }).execute();
      const before = (await mails(`Statement of account from ${COMPANY}`)).length;
      expect((await post(url, { ...body, Parameters: { ...body.Parameters, StatementDate: `${YEAR}-07-31` } })).statusCode).toBe(200);
      expect(await mails(`Statement of account from ${COMPANY}`)).toHaveLength(before + 1);
    } finally {
      await db.updateTable('companies').set({ language: null }).execute();
    }

    // A translation names its language and another template.
    const self = await post('/api/data/email-template', { TemplateId: 'LOOP', Description: 'Loop', Subject: 'S', Body: 'B', Translates: 'LOOP', Language: 'fr-CA' });
    expect(self.statusCode).toBe(400);
    const blank = await post('/api/data/email-template', { TemplateId: 'STATEMENT-ZH', Description: '对账单', Subject: 'S', Body: 'B', Translates: 'STATEMENT' });
    expect(blank.statusCode).toBe(400);
    expect((blank.json() as Json).Message).toBe('Choose the language of the translation.');
  });
});
