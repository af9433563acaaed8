/**
 * Bank reconciliation (issue 13 item 1, spec §4 Bank reconciliation; modules/gl/server/bank-reconciliation)
 * on SQLite and PostgreSQL: adjustments posted balanced with source BK through the posting service and listed;
 * Complete refused while the difference is not zero; completion; the next reconciliation excludes cleared
 * items; Undo asks first, takes back the latest only (older refused) and restores the items; malformed → 4xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { call } from '../../../server/test/helpers/entities.ts';
import { decimalFromDb } from '@erp/server/db/decimal-codec';

let server: TestServer;
let admin: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const post = (url: string, body: unknown) => call(server.app, 'POST', url, admin, body);
const get = (url: string) => call(server.app, 'GET', url, admin);
const json = (response: { json(): unknown }) => response.json() as Json;

const YEAR = 2043;
const BANK = 'RECTEST';
const API = '/api/gl/bank-reconciliation';

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  for (const account of [
    { AccountId: '93100', Description: 'Reconciliation test bank', AccountType: 'asset' },
    { AccountId: '93400', Description: 'Reconciliation test interest', AccountType: 'revenue' },
    { AccountId: '93500', Description: 'Reconciliation test charges', AccountType: 'expense' },
  ]) {
    const created = await post('/api/data/gl-account', account);
    expect(created.statusCode, JSON.stringify(created.json())).toBe(201);
  }
  const year = await post('/api/data/accounting-period/fiscal-years', { FiscalYear: YEAR });
  expect(year.statusCode, JSON.stringify(year.json())).toBe(201);
  const bank = await post('/api/data/bank-account', { BankAccountId: BANK, Name: 'Reconciliation test', CurrencyCode: 'CAD', GlAccountId: '93100', EftStatus: 'Inactive' });
  expect(bank.statusCode, JSON.stringify(bank.json())).toBe(201);
});

afterAll(async () => {
  await server?.stop();
});

const adjust = (Kind: string, Date: string, Amount: string, AccountId: string) => post(`${API}/adjustments`, { BankAccountId: BANK, Date, Kind, Amount, AccountId });
const sheet = async (date: string) => {
  const answer = await get(`${API}/worksheet?BankAccountId=${BANK}&StatementDate=${date}`);
  expect(answer.statusCode, JSON.stringify(answer.json())).toBe(200);
  return json(answer).Data as Json;
};
const complete = (StatementDate: string, StatementBalance: string, Cleared: number[]) => post(`${API}/complete`, { BankAccountId: BANK, StatementDate, StatementBalance, Cleared });

describe('bank reconciliation', () => {
  const ids: Record<string, number> = {};
  const reconciliations: number[] = [];

  it('posts bank-side adjustments through the posting service, balanced, with source BK', async () => {
    for (const [name, kind, date, amount, account] of [
      ['interest', 'interest', `${YEAR}-01-10`, '100.00', '93400'],
      ['charge', 'charge', `${YEAR}-01-15`, '12.34', '93500'],
      ['returned', 'returned', `${YEAR}-02-05`, '50.00', '93400'],
    ] as const) {
      const answer = await adjust(kind, date, amount, account);
      expect(answer.statusCode, JSON.stringify(answer.json())).toBe(201);
      const { DocumentNo, EntryIds } = json(answer).Data as { DocumentNo: string; EntryIds: number[] };
      expect(EntryIds).toHaveLength(2);
      const rows = (await server.app.erp.database.db
        .selectFrom('gl_entries' as never)
        .selectAll()
        .where('document_no' as never, '=', DocumentNo as never)
        .execute()) as Json[];
      const amounts = rows.map((row) => decimalFromDb(server.app.erp.database.engine, row.amount, 2));
      expect(rows.every((row) => row.source === 'BK')).toBe(true);
      const bankLine = rows.find((row) => row.account_id === '93100')!;
      const expected = kind === 'interest' ? amount : `-${amount}`;
      expect(decimalFromDb(server.app.erp.database.engine, bankLine.amount, 2)).toBe(expected);
      expect(amounts.sort()).toEqual([amount, `-${amount}`].sort());
      ids[name] = Number(bankLine.entry_id);
    }
    const refused = await adjust('charge', `${YEAR}-01-15`, '0.00', '93500');
    expect(refused.statusCode).toBe(400);
    expect(json(refused).Message).toBe('Enter an amount greater than zero with at most 2 decimals.');
    const sameAccount = await adjust('charge', `${YEAR}-01-15`, '1.00', '93100');
    expect(sameAccount.statusCode).toBe(400);
    expect(json(sameAccount).Message).toBe("Choose an account other than the bank's G/L account.");
  });

  it('lists the uncleared items up to the statement date with exact balances', async () => {
    const data = await sheet(`${YEAR}-01-31`);
    expect(data.Items.map((item: Json) => [item.EntryId, item.Amount])).toEqual([
      [ids['interest'], '100.00'],
      [ids['charge'], '-12.34'],
    ]);
    expect(data).toMatchObject({ GlAccountId: '93100', OpeningBalance: '0.00', BookBalance: '87.66' });
  });

  it('refuses Complete while the difference is not zero, in the caller language', async () => {
    const refused = await complete(`${YEAR}-01-31`, '99.00', [ids['interest']!]);
    expect(refused.statusCode).toBe(400);
    expect(json(refused).Message).toBe('The difference (-1.00) must be zero to complete the reconciliation.');
    const foreign = await complete(`${YEAR}-01-31`, '50.00', [ids['returned']!]);
    expect(foreign.statusCode).toBe(400);
    expect(json(foreign).Message).toBe(`Entry ${ids['returned']} is not an uncleared item of this bank account.`);
    expect((await sheet(`${YEAR}-01-31`)).History).toEqual([]);
  });

  it('completes at zero difference; the next reconciliation excludes the cleared items', async () => {
    const done = await complete(`${YEAR}-01-31`, '100.00', [ids['interest']!]);
    expect(done.statusCode, JSON.stringify(done.json())).toBe(201);
    reconciliations.push(json(done).Data.ReconciliationId);
    // The reconciliation report prints as PDF through the reports framework.
    const pdf = await post('/api/reports/gl-bank-reconciliation/pdf', { Parameters: { ReconciliationId: reconciliations[0] } });
    expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const rows = await post('/api/reports/gl-bank-reconciliation/run', { Parameters: { ReconciliationId: reconciliations[0] }, Page: 1 });
    expect(rows.statusCode, rows.body.slice(0, 300)).toBe(200);
    expect(JSON.stringify(rows.json())).toContain('100.00');
    const missing = await post('/api/reports/gl-bank-reconciliation/pdf', { Parameters: { ReconciliationId: 999999 } });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).Message).toBe('This reconciliation does not exist or was undone.');
    const next = await sheet(`${YEAR}-02-28`);
    expect(next.OpeningBalance).toBe('100.00');
    expect(next.BookBalance).toBe('37.66');
    expect(next.Items.map((item: Json) => item.EntryId)).toEqual([ids['charge'], ids['returned']]);
    const before = await complete(`${YEAR}-01-20`, '100.00', []);
    expect(before.statusCode).toBe(400);
    const second = await complete(`${YEAR}-02-28`, '37.66', [ids['charge']!, ids['returned']!]);
    expect(second.statusCode, JSON.stringify(second.json())).toBe(201);
    reconciliations.push(json(second).Data.ReconciliationId);
    expect((await sheet(`${YEAR}-02-28`)).Items).toEqual([]);
  });

  it('undoes the latest reconciliation only, after confirmation, and restores its items', async () => {
    const [first, second] = reconciliations as [number, number];
    const older = await post(`${API}/${first}/undo`, { Confirmations: ['bank-reconciliation.undo'] });
    expect(older.statusCode).toBe(400);
    expect(json(older).Message).toBe('Only the latest reconciliation of a bank account can be undone.');
    const question = await post(`${API}/${second}/undo`, {});
    expect(question.statusCode).toBe(200);
    expect(json(question)).toMatchObject({ ResultStatus: 3, Data: { Question: { Id: 'bank-reconciliation.undo' } } });
    expect((await sheet(`${YEAR}-02-28`)).Items).toEqual([]);
    const undone = await post(`${API}/${second}/undo`, { Confirmations: ['bank-reconciliation.undo'] });
    expect(undone.statusCode, JSON.stringify(undone.json())).toBe(200);
    expect(json(undone).ResultStatus).toBe(1);
    const restored = await sheet(`${YEAR}-02-28`);
    expect(restored.Items.map((item: Json) => item.EntryId)).toEqual([ids['charge'], ids['returned']]);
    expect(restored.History.map((row: Json) => [row.ReconciliationId, row.Status])).toEqual([
      [second, 'Undone'],
      [first, 'Completed'],
    ]);
    const again = await post(`${API}/${second}/undo`, { Confirmations: ['bank-reconciliation.undo'] });
    expect(again.statusCode).toBe(400);
    // The first is the latest completed one now.
    const firstUndone = await post(`${API}/${first}/undo`, { Confirmations: ['bank-reconciliation.undo'] });
    expect(firstUndone.statusCode).toBe(200);
    expect((await sheet(`${YEAR}-02-28`)).Items).toHaveLength(3);
  });

  it('answers malformed input with a 4xx CallResult', async () => {
    for (const [url, body] of [
      [`${API}/complete`, { BankAccountId: BANK, StatementDate: `${YEAR}-01-31`, StatementBalance: '1.234', Cleared: [] }],
      [`${API}/complete`, { BankAccountId: BANK, StatementDate: `${YEAR}-01-31`, StatementBalance: '1.00', Cleared: ['x'] }],
      [`${API}/complete`, { BankAccountId: BANK, StatementDate: `${YEAR}-02-30`, StatementBalance: '1.00', Cleared: [] }],
      [`${API}/complete`, { BankAccountId: 'NOPE', StatementDate: `${YEAR}-01-31`, StatementBalance: '1.00', Cleared: [] }],
      [`${API}/complete`, { BankAccountId: BANK, StatementDate: `${YEAR}-01-31`, StatementBalance: 1, Cleared: [] }],
      [`${API}/adjustments`, { BankAccountId: BANK, Date: `${YEAR}-01-31`, Kind: 'bogus', Amount: '1.00', AccountId: '93500' }],
      [`${API}/adjustments`, { BankAccountId: BANK, Date: `${YEAR}-01-31`, Kind: 'charge', Amount: '1.00', AccountId: 'NOPE' }],
      [`${API}/abc/undo`, {}],
      [`${API}/999999/undo`, { Confirmations: ['bank-reconciliation.undo'] }],
    ] as const) {
      const answer = await post(url, body);
      expect(answer.statusCode, `${url} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
      expect(typeof json(answer).Message).toBe('string');
    }
    const unknown = await post(`${API}/complete`, { BankAccountId: 'NOPE', StatementDate: `${YEAR}-01-31`, StatementBalance: '1.00', Cleared: [] });
    expect(json(unknown).Message).toBe('Bank account NOPE does not exist.');
    const noPeriod = await post(`${API}/complete`, { BankAccountId: BANK, StatementDate: '2099-01-31', StatementBalance: '0.00', Cleared: [] });
    expect(noPeriod.statusCode).toBe(400);
    expect(json(noPeriod).Message).toBe('Accounting period does not exist.');
    const badQuery = await get(`${API}/worksheet?BankAccountId=${BANK}&StatementDate=tomorrow`);
    expect(badQuery.statusCode).toBe(400);
  });
});
