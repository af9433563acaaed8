/**
 * Crediting an invoice while a receipt applying to it posts (issue 22, found by the ledger property test
 * modules/gl/test/ledger-property-all.test.ts), on SQLite and PostgreSQL: the credit action posted first (the G/L
 * balances of the period locked) and then locked the invoice's AR item, while the receipt locks the item first and
 * then posts — a deadlock on PostgreSQL, answered 500. Now each pair ends with one of them done and the other
 * refused with a 4xx, and the subledger still equals the receivables control account.
 */
import { add, sub, type Decimal } from '@erp/shared/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import type { TestServer } from '../../../server/test/helpers/app.ts';
import { signedInServer } from '../../../server/test/helpers/api.ts';
import { call } from '../../../server/test/helpers/entities.ts';

let server: TestServer;
let admin: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const YEAR = 2097;
const PAIRS = 30;
const post = (url: string, body: unknown) => call(server.app, 'POST', url, admin, body);
const db = () => server.app.erp.database.db as any; // eslint-disable-line @typescript-eslint/no-explicit-any
const money = (raw: unknown): Decimal => decimalFromDb(server.app.erp.database.engine, raw ?? 0, 2) ?? '0.00';

beforeAll(async () => {
  ({ server, tokens: { admin } } = await signedInServer('admin'));
  expect((await post('/api/data/accounting-period/fiscal-years', { FiscalYear: YEAR })).statusCode).toBe(201);
});

afterAll(() => server?.stop());

describe('a credit and a receipt on the same invoice at once', () => {
  it('never deadlock: one is done, the other refused with a 4xx, the subledger = the control account', async () => {
    const pairs: { invoice: Json; receipt: Json }[] = [];
    for (let index = 0; index < PAIRS; index++) {
      const created = await post('/api/data/ar-invoice', { InvoiceDate: `${YEAR}-03-02`, BillToId: 'B100', Lines: [{ Description: 'Plate', AccountId: '4100', Quantity: '1', UnitPrice: `${100 + index}.00` }] });
      expect(created.statusCode, created.body).toBe(201);
      const posted = await post(`/api/data/ar-invoice/${created.json().Data.InvoiceId}/actions/post`, { Version: created.json().Data.Version });
      expect(posted.statusCode, posted.body).toBe(200);
      const invoice = posted.json().Data;
      const draft = await post('/api/data/cash-receipt', {
        FirmId: 'B100',
        BankAccountId: 'OPERATING',
        ReceiptDate: `${YEAR}-03-05`,
        Amount: invoice.Total,
        Lines: [{ InvoiceNo: invoice.DocumentNo, Payment: invoice.Total }],
      });
      expect(draft.statusCode, draft.body).toBe(201);
      pairs.push({ invoice, receipt: draft.json().Data });
    }
    const answers = await Promise.all(
      pairs.flatMap(({ invoice, receipt }) => [
        post(`/api/data/ar-invoice/${invoice.InvoiceId}/actions/credit`, { Version: invoice.Version, Date: `${YEAR}-03-05` }),
        post(`/api/data/cash-receipt/${receipt.ReceiptId}/actions/post`, { Version: receipt.Version }),
      ]),
    );
    expect(answers.filter((answer) => answer.statusCode >= 500).map((answer) => answer.body)).toEqual([]);
    // The credit always goes through (an invoice already paid leaves an unapplied credit); the receipt posts only
    // when it came first.
    for (let index = 0; index < answers.length; index += 2) expect(answers[index]!.statusCode, answers[index]!.body).toBe(200);

    const items = (await db().selectFrom('ar_items').select('open_balance').execute()) as Json[];
    const open = items.reduce((total: Decimal, row: Json) => add(total, money(row.open_balance)), '0.00');
    const receivable = (await db().selectFrom('gl_integration').select('account_id').where('sub_ledger', '=', 'AR').where('transaction_type', '=', 'RECEIVABLE').executeTakeFirstOrThrow()).account_id;
    const balances = (await db().selectFrom('gl_balances').select(['debit', 'credit']).where('account_id', '=', receivable).execute()) as Json[];
    const control = balances.reduce((total: Decimal, row: Json) => add(total, sub(money(row.debit), money(row.credit))), '0.00');
    expect(open).toBe(control);
  });
});
