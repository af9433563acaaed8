/**
 * Parallel requests against one server (issue 22 items 1–3), on SQLite and PostgreSQL — the adversarial run's
 * races, each of which posted twice or answered 500 on PostgreSQL before the fix:
 * 1. twenty parallel first closes of a fiscal year post ONE closing entry (P&L of the year 0, retained earnings
 *    credited once);
 * 2. twenty parallel FX revaluations of one account post the difference once (the others find none left);
 * 3. twenty parallel completions of one bank reconciliation — or of two bank accounts on one G/L account
 *    clearing the same item: one 201, the others a 409 Call result;
 * 4. twenty parallel creations of two overlapping fiscal years: one created, no date in two periods.
 */
import { add } from '@erp/shared/decimal';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { call } from '../../../server/test/helpers/entities.ts';

let server: TestServer;
let admin: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const post = (url: string, body: unknown) => call(server.app, 'POST', url, admin, body);
const ledgerDb = () => server.app.erp.database.db as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const PARALLEL = 20;
const YE_YEAR = 2051;
const FX_YEAR = 2053;
const BANK_YEAR = 2055;
const BANK = 'RACEBANK';

async function postEntry(date: string, lines: Json[]): Promise<void> {
  const created = await post('/api/data/gl-journal-entry', { EntryDate: date, Description: 'Race test', Lines: lines });
  expect(created.statusCode, created.body).toBe(201);
  const entry = created.json().Data;
  const posted = await post(`/api/data/gl-journal-entry/${entry.EntryId}/actions/post`, { Version: entry.Version });
  expect(posted.statusCode, posted.body).toBe(200);
}

/** Σ amount of the account's Actual entries of a fiscal year (debit +), exact. */
async function yearSum(account: string, year: number): Promise<string> {
  const row = (await ledgerDb()
    .selectFrom('gl_entries')
    .select((eb) => eb.fn.sum('amount').as('total'))
    .where('account_id', '=', account)
    .where('fiscal_year', '=', year)
    .executeTakeFirst()) as { total: unknown };
  return decimalFromDb(server.app.erp.database.engine, row.total ?? 0, 2) ?? '0.00';
}

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  for (const account of [
    { AccountId: '72000', Description: 'Race bank (CAD)', AccountType: 'asset' },
    { AccountId: '72010', Description: 'Race bank (USD)', AccountType: 'asset', CurrencyCode: 'USD' },
    { AccountId: '74500', Description: 'Race revenue', AccountType: 'revenue' },
  ]) {
    const created = await post('/api/data/gl-account', account);
    expect(created.statusCode, created.body).toBe(201);
  }
  for (const year of [YE_YEAR, FX_YEAR, BANK_YEAR]) expect((await post('/api/data/accounting-period/fiscal-years', { FiscalYear: year })).statusCode).toBe(201);
});

afterAll(async () => {
  await server?.stop();
});

describe('parallel requests post once', () => {
  it('parallel first closes of a year post one closing entry', async () => {
    await postEntry(`${YE_YEAR}-03-10`, [{ AccountId: '72000', Debit: '900.00' }, { AccountId: '74500', Credit: '900.00' }]);
    await ledgerDb().updateTable('fiscal_periods').set({ closed_gl: 1 } as never).where('fiscal_year', '=', YE_YEAR).execute();
    const close = { Parameters: { FiscalYear: YE_YEAR, Action: 'close' }, Items: [YE_YEAR] };
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => post('/api/processes/gl-year-end/run', close)));
    // A run that finds the year closed is refused: at its preparation (400) or at its item (ResultStatus 2).
    for (const answer of answers) expect([200, 400], answer.body).toContain(answer.statusCode);
    const closed = answers.filter((answer) => answer.statusCode === 200 && answer.json().List[0].ResultStatus === 1);
    expect(closed).toHaveLength(1);
    const documents = await ledgerDb().selectFrom('gl_entries').select('document_no').distinct().where('source', '=', 'YE').where('fiscal_year', '=', YE_YEAR).execute();
    expect(documents.map((d: Json) => d['document_no'])).toEqual([`YE${YE_YEAR}`]);
    // The year's revenue is closed once: its sum over the year is 0, not +900 × n.
    expect(await yearSum('74500', YE_YEAR)).toBe('0.00');
  });

  it('parallel revaluations of one account post the difference once', async () => {
    for (const [date, rate] of [[`${FX_YEAR}-01-01`, '1.250000'], [`${FX_YEAR}-01-31`, '1.400000']] as const) {
      const created = await post('/api/data/foreign-exchange', { FromCurrency: 'USD', ToCurrency: 'CAD', EffectiveDate: date, Rate: rate, Fluctuation: '0.00' });
      expect(created.statusCode, created.body).toBe(201);
    }
    // USD 100.00 at 1.25 = CAD 125.00; at 1.40 it is CAD 140.00: a gain of 15.00, to post once.
    await postEntry(`${FX_YEAR}-01-10`, [{ AccountId: '72010', Debit: '125.00' }, { AccountId: '72000', Credit: '125.00' }]);
    const run = { Parameters: { RevaluationDate: `${FX_YEAR}-01-31` }, Items: ['72010'] };
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => post('/api/processes/gl-fx-revaluation/run', run)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const codes = answers.map((answer) => answer.json().List[0].ResultCode as string);
    expect(codes.filter((c) => c === 'posted')).toHaveLength(1);
    expect(codes.filter((c) => c === 'no_difference')).toHaveLength(PARALLEL - 1);
    const atEnd = (await ledgerDb()
      .selectFrom('gl_entries')
      .select((eb) => eb.fn.sum('amount').as('total'))
      .where('account_id', '=', '72010')
      .where('entry_date', '<=', `${FX_YEAR}-01-31`)
      .executeTakeFirst()) as { total: unknown };
    expect(decimalFromDb(server.app.erp.database.engine, atEnd.total, 2)).toBe('140.00');
  });

  it('parallel completions of one reconciliation: one 201, the others 409', async () => {
    const bank = await post('/api/data/bank-account', { BankAccountId: BANK, Name: 'Race bank', CurrencyCode: 'CAD', GlAccountId: '72000', EftStatus: 'Inactive' });
    expect(bank.statusCode, bank.body).toBe(201);
    const adjusted = await post('/api/gl/bank-reconciliation/adjustments', { BankAccountId: BANK, Date: `${BANK_YEAR}-02-03`, Kind: 'interest', Amount: '10.00', AccountId: '74500' });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    const sheet = await call(server.app, 'GET', `/api/gl/bank-reconciliation/worksheet?BankAccountId=${BANK}&StatementDate=${BANK_YEAR}-02-28`, admin);
    const item = (sheet.json().Data.Items as Json[]).find((i) => i['DocumentNo'] === adjusted.json().Data.DocumentNo)!;
    const body = { BankAccountId: BANK, StatementDate: `${BANK_YEAR}-02-28`, StatementBalance: item['Amount'], Cleared: [item['EntryId']] };
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => post('/api/gl/bank-reconciliation/complete', body)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, ...Array.from({ length: PARALLEL - 1 }, () => 409)]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json()).toMatchObject({ ResultStatus: 2, ResultCode: 'already_cleared', Message: `Entry ${item['EntryId']} was cleared by another reconciliation meanwhile: reload the worksheet.` });
    }
    const marks = await ledgerDb().selectFrom('bank_reconciliation_marks').select('reconciliation_id').where('entry_id', '=', item['EntryId']).execute();
    expect(marks).toHaveLength(1);
  });

  it('parallel completions of two bank accounts on one G/L account clearing one item: one 201, the others 409', async () => {
    const second = await post('/api/data/bank-account', { BankAccountId: `${BANK}2`, Name: 'Race bank 2', CurrencyCode: 'CAD', GlAccountId: '72000', EftStatus: 'Inactive' });
    expect(second.statusCode, second.body).toBe(201);
    const adjusted = await post('/api/gl/bank-reconciliation/adjustments', { BankAccountId: BANK, Date: `${BANK_YEAR}-03-03`, Kind: 'interest', Amount: '4.00', AccountId: '74500' });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    const date = `${BANK_YEAR}-03-31`;
    const sheet = await call(server.app, 'GET', `/api/gl/bank-reconciliation/worksheet?BankAccountId=${BANK}&StatementDate=${date}`, admin);
    const item = (sheet.json().Data.Items as Json[]).find((i) => i['DocumentNo'] === adjusted.json().Data.DocumentNo)!;
    const first = sheet.json().Data.OpeningBalance as string;
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        i % 2 === 0
          ? post('/api/gl/bank-reconciliation/complete', { BankAccountId: BANK, StatementDate: date, StatementBalance: add(first, '4.00'), Cleared: [item['EntryId']] })
          : post('/api/gl/bank-reconciliation/complete', { BankAccountId: `${BANK}2`, StatementDate: date, StatementBalance: '4.00', Cleared: [item['EntryId']] }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, ...Array.from({ length: PARALLEL - 1 }, () => 409)]);
  });

  it('parallel overlapping fiscal years: one is created, the others refused; no date in two periods', async () => {
    const bodies = [{ FiscalYear: 2057 }, { FiscalYear: 2058, StartDate: '2057-07-01' }];
    const answers = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => post('/api/data/accounting-period/fiscal-years', bodies[i % 2])));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, ...Array.from({ length: PARALLEL - 1 }, () => 400)]);
    const overlaps = await ledgerDb()
      .selectFrom('fiscal_periods as a')
      .innerJoin('fiscal_periods as b', (join) => join.onRef('a.start_date', '<=', 'b.end_date').onRef('b.start_date', '<=', 'a.end_date').onRef('a.fiscal_year', '<>', 'b.fiscal_year'))
      .select(['a.fiscal_year', 'a.period_no'])
      .execute();
    expect(overlaps).toEqual([]);
  });
});
