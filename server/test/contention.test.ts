/**
 * Documents that compete for one thing (issue 39), on SQLite and PostgreSQL: the race suite races one record; here
 * several records each claim the same open amount and are posted at once. A check of the form "is it still open?"
 * must not pass in two parallel transactions (write skew): one receipt pays an invoice's open balance, the others
 * are refused, and the invoice is never paid below zero.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalFromDb, decimalToDb } from '../src/db/decimal-codec.ts';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { actOn, createRecord, type RaceApi } from './helpers/race.ts';
import { call } from './helpers/entities.ts';
import { postedInvoice } from '../../modules/ap/test/race-fixtures.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let api: RaceApi;
const PARALLEL = 5;
const DATE = '2026-11-16';

beforeAll(async () => {
  server = await startServer({ DEMO_LEDGER: '1' });
  const token = (await signIn(server.app, 'admin', 'admin')).access_token;
  const send = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
    const response = await call(server.app, method, url, token, body);
    return { status: response.statusCode, json: response.json() as Json };
  };
  api = { get: (url) => send('GET', url), post: (url, body) => send('POST', url, body), put: (url, body) => send('PUT', url, body), db: server.app.erp.database.db as never };
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('receipts paying one invoice', () => {
  it('pays its open balance once when several receipts for all of it are posted at once', async () => {
    const invoice = (await api.db
      .selectFrom('ar_items')
      .select(['firm_id', 'document_no', 'open_balance'])
      .where('item_type', '=', 'Invoice')
      .where('status', '=', 'Open')
      .where('currency', '=', 'CAD')
      .where('open_balance', '>=', decimalToDb(api.db, '100.00', 2))
      .orderBy('firm_id')
      .orderBy('document_no')
      .limit(1)
      .executeTakeFirstOrThrow()) as Json;
    const balance = decimalFromDb(api.db, invoice.open_balance, 2)!;
    const drafts: Json[] = [];
    for (let i = 0; i < PARALLEL; i++) {
      drafts.push(
        await createRecord(api, 'cash-receipt', {
          FirmId: invoice.firm_id,
          BankAccountId: 'OPERATING',
          ReceiptDate: DATE,
          Amount: balance,
          Reference: `CONTENTION-${i}`,
          Lines: [{ InvoiceNo: invoice.document_no, Payment: balance, Discount: '0.00' }],
        }),
      );
    }
    const posts = await Promise.all(drafts.map((draft) => actOn(api, 'cash-receipt', draft.ReceiptId, 'post').then(() => 200, (error: Error) => error.message)));
    expect(posts.filter((outcome) => outcome === 200), JSON.stringify(posts)).toHaveLength(1);
    const after = (await api.db.selectFrom('ar_items').select(['open_balance', 'status']).where('document_no', '=', invoice.document_no).executeTakeFirstOrThrow()) as Json;
    expect(decimalFromDb(api.db, after.open_balance, 2)).toBe('0.00');
  });
});

describe('payment runs paying one vendor invoice', () => {
  it('pays it once when several runs for all of it are approved and printed at once', async () => {
    const invoice = await postedInvoice(api, 'CONTENTION-AP');
    const runs: Json[] = [];
    for (let i = 0; i < PARALLEL; i++) {
      const body = { BankAccountId: 'OPERATING', PaymentMethod: 'Cheque', PayThroughDate: DATE, PaymentDate: DATE, Lines: [{ InvoiceId: invoice.InvoiceId, Payment: invoice.Balance }] };
      const created = await api.post('/api/data/ap-payment-batch', body);
      if (created.status === 201) runs.push(created.json.Data as Json);
    }
    // Approve and print every run that was accepted, all at once: at most one may pay the invoice.
    const outcome = (step: Promise<unknown>) => step.then(() => 'done', (error: Error) => error.message);
    const approved = await Promise.all(runs.map((run) => outcome(actOn(api, 'ap-payment-batch', run.BatchId, 'approve'))));
    const printed = await Promise.all(runs.filter((_, i) => approved[i] === 'done').map((run) => outcome(actOn(api, 'ap-payment-batch', run.BatchId, 'print'))));
    expect(printed.filter((result) => result === 'done'), JSON.stringify({ approved, printed })).toHaveLength(1);
    const after = (await api.get(`/api/data/ap-invoice/${invoice.InvoiceId}`)).json.Data as Json;
    expect(after.Balance).toBe('0.00');
  });
});
